//! One shape for every finding a battle gives, whichever layer found it:
//! the notation's syntax errors and the rules' violations, as the printers
//! (the CLI's reports, the language server's diagnostics) take them.

use std::borrow::Cow;

use senlac_notation::{Battle, Fix, Span, SyntaxError};

use crate::code::Severity;
use crate::system::Game;
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

/// The document a rule citation names: `docs/rules/mass-combat.md` of
/// `docs/rules/mass-combat.md MC-R7 (every unit takes a movement action)`.
pub fn cited_document(rule: &str) -> Option<&str> {
    rule.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '(' | ')'))
        .find(|word| word.starts_with("docs/") && word.ends_with(".md"))
}

/// Where a document of the repository (`docs/notation.md`) is published:
/// the address a printer links a finding's rule to.
pub fn published(path: &str) -> String {
    format!("{}/blob/main/{path}", env!("CARGO_PKG_REPOSITORY"))
}

/// A battle's findings as every printer reads them, in text order: the
/// syntax errors the caller has (`syntax`), what lowering finds, then, on
/// sound syntax and when `replay` is given, the rules' violations of the
/// game it plays (or the one that stops it); with that game.
pub fn of_battle(
    battle: &Battle<'_>,
    syntax: impl IntoIterator<Item = Finding>,
    replay: Option<impl FnOnce() -> Result<Box<dyn Game>, Violation>>,
) -> (Vec<Finding>, Option<Box<dyn Game>>) {
    let mut findings: Vec<Finding> = syntax.into_iter().collect();
    findings.extend(
        senlac_notation::lower::check(battle)
            .iter()
            .map(Finding::from),
    );
    let mut game = None;
    if let Some(replay) = replay.filter(|_| findings.is_empty()) {
        match replay() {
            Ok(played) => {
                findings.extend(played.violations().iter().map(Finding::from));
                game = Some(played);
            }
            Err(violation) => findings.push(Finding::from(&violation)),
        }
    }
    findings.sort_by_key(|f| f.span.start);
    (findings, game)
}
