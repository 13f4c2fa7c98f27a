//! One shape for every diagnostic the CLI prints: syntax errors from the
//! notation and rule violations from the engine.

use std::fmt;
use std::ops::{Deref, DerefMut};

use senlac_engine::{Finding, Severity, Violation};

use crate::safe_text;
use senlac_notation::{Fix, Span, SyntaxError};

/// A [`Finding`] as the CLI prints it: its words cut to [`LONGEST_TEXT`],
/// the fix's title and the rule cited at the end of its help.
#[derive(Clone, Debug)]
pub struct Problem(Finding);

impl Deref for Problem {
    type Target = Finding;

    fn deref(&self) -> &Finding {
        &self.0
    }
}

impl DerefMut for Problem {
    fn deref_mut(&mut self) -> &mut Finding {
        &mut self.0
    }
}

impl From<&SyntaxError> for Problem {
    fn from(error: &SyntaxError) -> Self {
        Problem::presented(Finding::from(error))
    }
}

impl From<&Violation> for Problem {
    fn from(violation: &Violation) -> Self {
        Problem::presented(Finding::from(violation))
    }
}

impl From<Finding> for Problem {
    fn from(finding: Finding) -> Self {
        Problem::presented(finding)
    }
}

impl Problem {
    fn presented(finding: Finding) -> Problem {
        let help = finding.help.as_deref().map(bounded);
        let help = match finding.rule {
            Some(rule) => Some(match help {
                Some(help) => format!("{help}\nrule: {rule}"),
                None => format!("rule: {rule}"),
            }),
            None => help,
        };
        Problem(Finding {
            message: bounded(&finding.message),
            label: bounded(&finding.label),
            help: with_fix_title(help, finding.fix.as_ref()),
            related: (finding.related.as_ref()).map(|(span, label)| (*span, bounded(label))),
            ..finding
        })
    }
}

/// A battle's syntax problems: its invalid UTF-8, then its parse errors but
/// for an invalid token that only holds bytes already reported as not
/// UTF-8 (one mistake, one error).
pub fn syntax(utf8: &[SyntaxError], errors: &[SyntaxError]) -> Vec<Problem> {
    syntax_errors(utf8, errors).map(Problem::from).collect()
}

/// The errors [`syntax`] reports, as the parser gave them.
pub fn syntax_errors<'e>(
    utf8: &'e [SyntaxError],
    errors: &'e [SyntaxError],
) -> impl Iterator<Item = &'e SyntaxError> {
    let caused_by_utf8 = |error: &SyntaxError| {
        error.code == senlac_notation::Code::InvalidToken
            && utf8
                .iter()
                .any(|bad| bad.span.start >= error.span.start && bad.span.end <= error.span.end)
    };
    utf8.iter()
        .chain(errors.iter().filter(move |e| !caused_by_utf8(e)))
}

/// The help, with the fix's title as its last line: `fix: insert `.` after
/// the turn number`, so a reader knows `senlac lint --fix` would do it.
fn with_fix_title(help: Option<String>, fix: Option<&Fix>) -> Option<String> {
    let Some(fix) = fix else {
        return help;
    };
    let title = format!("fix: {} (senlac lint --fix)", bounded(&fix.title));
    Some(match help {
        Some(help) => format!("{help}\n{title}"),
        None => title,
    })
}

/// The longest message, label or help printed, in characters: a diagnostic
/// quoting a 50 MB atom must not be a 50 MB line.
const LONGEST_TEXT: usize = 400;

/// `text`, or its first [`LONGEST_TEXT`] characters and how much was left out.
fn bounded(text: &str) -> String {
    match text.char_indices().nth(LONGEST_TEXT) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}… ({} more bytes)", &text[..cut], text.len() - cut),
    }
}

impl Problem {
    /// The same problem with its span counted from `start`, for a battle
    /// printed from its own text ([`crate::stream::Placed`]).
    pub fn counted_from(mut self, start: usize) -> Problem {
        let start = u32::try_from(start).unwrap_or(u32::MAX);
        let back = |span: Span| Span {
            start: span.start.saturating_sub(start),
            end: span.end.saturating_sub(start),
        };
        self.span = back(self.span);
        if let Some(fix) = &mut self.fix {
            fix.span = back(fix.span);
        }
        self
    }

    /// Whether its words carry characters a terminal must not get raw.
    pub fn has_unsafe_text(&self) -> bool {
        let unsafe_in = |s: &str| s.chars().any(safe_text::is_unsafe);
        unsafe_in(&self.message)
            || unsafe_in(&self.label)
            || self.help.as_deref().is_some_and(unsafe_in)
    }

    /// The same problem with its words escaped for a terminal.
    pub fn terminal_safe(&self) -> Problem {
        Problem(Finding {
            message: safe_text::terminal(&self.message).into_owned(),
            label: safe_text::terminal(&self.label).into_owned(),
            help: self
                .help
                .as_deref()
                .map(|h| safe_text::terminal(h).into_owned()),
            related: self
                .related
                .as_ref()
                .map(|(span, label)| (*span, safe_text::terminal(label).into_owned())),
            ..self.0.clone()
        })
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Problem {}

impl miette::Diagnostic for Problem {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(&*self.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Advice => miette::Severity::Advice,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_deref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        let related = self
            .related
            .as_ref()
            .map(|(span, label)| miette::LabeledSpan::new_with_span(Some(label.clone()), *span));
        Some(Box::new(
            std::iter::once(miette::LabeledSpan::new_with_span(
                Some(self.label.clone()),
                self.span,
            ))
            .chain(related),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_texts_are_cut_with_a_note() {
        assert_eq!(bounded("short"), "short");
        let long = "é".repeat(1000);
        let cut = bounded(&long);
        assert!(cut.starts_with(&"é".repeat(LONGEST_TEXT)));
        assert!(cut.ends_with(&format!("… ({} more bytes)", 2 * (1000 - LONGEST_TEXT))));
        assert_eq!(bounded(&"x".repeat(LONGEST_TEXT)), "x".repeat(LONGEST_TEXT));
    }
}
