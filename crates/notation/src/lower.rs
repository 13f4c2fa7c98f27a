//! Lowering: from the syntax tree to generic setup and actions.

use crate::error::SyntaxError;
use crate::syntax::Battle;

/// The lowering's own checks on a battle (directives and annotations).
pub fn check(_battle: &Battle<'_>) -> Vec<SyntaxError> {
    Vec::new()
}
