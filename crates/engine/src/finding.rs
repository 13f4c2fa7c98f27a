//! One shape for every finding a battle gives, whichever layer found it:
//! the notation's syntax errors and the rules' violations, as the printers
//! (the CLI's reports, the language server's diagnostics) take them.

use std::borrow::Cow;

use senlac_notation::{Fix, Span, SyntaxError};

use crate::code::Severity;
use crate::violation::Violation;

/// A syntax error or a rule's violation, as written.
#[derive(Clone, Debug)]
pub struct Finding {
    pub code: Cow<'static, str>,
    pub severity: Severity,
    pub span: Span,
    pub message: String,
    pub label: String,
    pub help: Option<String>,
    /// A certain edit that fixes it; its span counts from the same place
    /// as `span`.
    pub fix: Option<Fix>,
    /// A second place the finding points back at, and its label.
    pub related: Option<(Span, String)>,
    /// The rule or ruling it cites (`docs/rules/mass-combat.md MC-R7 …`);
    /// none for the notation's own errors.
    pub rule: Option<&'static str>,
}

impl From<&SyntaxError> for Finding {
    fn from(error: &SyntaxError) -> Self {
        Finding {
            code: Cow::Borrowed(error.code.as_str()),
            severity: Severity::Error,
            span: error.span,
            message: error.message.to_string(),
            label: error.label.to_string(),
            help: error.help.as_deref().map(str::to_string),
            fix: error.fix.as_deref().cloned(),
            related: None,
            rule: None,
        }
    }
}

impl From<&Violation> for Finding {
    fn from(violation: &Violation) -> Self {
        Finding {
            code: Cow::Borrowed(violation.code),
            severity: violation.severity,
            span: violation.span,
            message: violation.message.clone(),
            label: violation.label.to_string(),
            help: violation.help.as_deref().map(str::to_string),
            fix: violation.fix.as_deref().cloned(),
            related: violation
                .related
                .as_deref()
                .map(|r| (r.span, r.label.clone())),
            rule: Some(violation.rule),
        }
    }
}
