//! Violations: rule breaches found while replaying a battle, as diagnostics.

use std::fmt;

use senlac_notation::{Fix, Span};

use crate::code::{CodeInfo, Severity};

/// One broken rule, or one wrong claim, at the action that did it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// Stable code, `system::what`, e.g. `mass-combat::insufficient-command-points`.
    pub code: &'static str,
    pub severity: Severity,
    /// The offending action (or atom within it).
    pub span: Span,
    /// Names the units and the numbers involved.
    pub message: String,
    /// What the label at `span` says (boxed: a violation stays small enough
    /// to be an `Err`).
    pub label: Box<str>,
    /// The rule broken: a section of the rule document, or a ruling in docs/rules/.
    pub rule: &'static str,
    pub help: Option<Box<str>>,
    /// A certain edit that fixes it, when there is one (`senlac lint --fix`).
    pub fix: Option<Box<Fix>>,
    /// A second place the finding points back at, with its own label: the
    /// first `map` line, when a second one is reported.
    pub related: Option<Box<Related>>,
}

/// A second labelled span of a violation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Related {
    pub span: Span,
    pub label: String,
}

impl Violation {
    /// A finding of a registered code, with its severity: every violation
    /// names one, so its code and severity come from the system's registry.
    pub fn of(
        code: &'static CodeInfo,
        span: Span,
        message: impl Into<String>,
        rule: &'static str,
    ) -> Self {
        Violation {
            code: code.code,
            severity: code.severity,
            span,
            message: message.into(),
            label: "here".into(),
            rule,
            help: None,
            fix: None,
            related: None,
        }
    }

    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into().into_boxed_str();
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into().into_boxed_str());
        self
    }

    pub fn fix(mut self, fix: Fix) -> Self {
        self.fix = Some(Box::new(fix));
        self
    }

    /// Points back at a second place, with its own label.
    pub fn related(mut self, span: Span, label: impl Into<String>) -> Self {
        self.related = Some(Box::new(Related {
            span,
            label: label.into(),
        }));
        self
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Violation {}

impl miette::Diagnostic for Violation {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Advice => miette::Severity::Advice,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        let help = match &self.help {
            Some(help) => format!("{help}\nrule: {}", self.rule),
            None => format!("rule: {}", self.rule),
        };
        Some(Box::new(help))
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        let related = self
            .related
            .as_deref()
            .map(|r| miette::LabeledSpan::new_with_span(Some(r.label.clone()), r.span));
        Some(Box::new(
            std::iter::once(miette::LabeledSpan::new_with_span(
                Some(self.label.to_string()),
                self.span,
            ))
            .chain(related),
        ))
    }
}
