//! Syntax diagnostics: a stable code, a span, a message and help.

use std::borrow::Cow;
use std::fmt;

use crate::fix::Fix;
use crate::span::Span;

/// Every syntax error the notation can report. The codes are stable: scripts and
/// editors match on them, and docs/notation.md lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    InvalidUtf8,
    EmptyArchive,
    InputTooLarge,
    UnclosedComment,
    StrayCloseBrace,
    UnopenedComment,
    UnclosedString,
    InvalidToken,
    MalformedTag,
    MissingTag,
    MissingSide,
    MissingVerb,
    EmptyReaction,
    UnexpectedToken,
    UnmatchedParen,
    UnclosedVariation,
    MalformedDirective,
    MalformedAnnotation,
    InvalidFigureName,
    TurnOutOfRange,
    MissingTurnDot,
    MissingFirstTurn,
}

impl Code {
    /// All codes, for docs checks.
    pub const ALL: [Code; 22] = [
        Code::InvalidUtf8,
        Code::EmptyArchive,
        Code::InputTooLarge,
        Code::UnclosedComment,
        Code::StrayCloseBrace,
        Code::UnopenedComment,
        Code::UnclosedString,
        Code::InvalidToken,
        Code::MalformedTag,
        Code::MissingTag,
        Code::MissingSide,
        Code::MissingVerb,
        Code::EmptyReaction,
        Code::UnexpectedToken,
        Code::UnmatchedParen,
        Code::UnclosedVariation,
        Code::MalformedDirective,
        Code::MalformedAnnotation,
        Code::InvalidFigureName,
        Code::TurnOutOfRange,
        Code::MissingTurnDot,
        Code::MissingFirstTurn,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Code::InvalidUtf8 => "notation::invalid-utf8",
            Code::EmptyArchive => "notation::empty-archive",
            Code::InputTooLarge => "notation::input-too-large",
            Code::UnclosedComment => "notation::unclosed-comment",
            Code::StrayCloseBrace => "notation::stray-close-brace",
            Code::UnopenedComment => "notation::unopened-comment",
            Code::UnclosedString => "notation::unclosed-string",
            Code::InvalidToken => "notation::invalid-token",
            Code::MalformedTag => "notation::malformed-tag",
            Code::MissingTag => "notation::missing-tag",
            Code::MissingSide => "notation::missing-side",
            Code::MissingVerb => "notation::missing-verb",
            Code::EmptyReaction => "notation::empty-reaction",
            Code::UnexpectedToken => "notation::unexpected-token",
            Code::UnmatchedParen => "notation::unmatched-paren",
            Code::UnclosedVariation => "notation::unclosed-variation",
            Code::MalformedDirective => "notation::malformed-directive",
            Code::MalformedAnnotation => "notation::malformed-annotation",
            Code::InvalidFigureName => "notation::invalid-figure-name",
            Code::TurnOutOfRange => "notation::turn-out-of-range",
            Code::MissingTurnDot => "notation::missing-turn-dot",
            Code::MissingFirstTurn => "notation::missing-first-turn",
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One syntax error. Allocates only when an error is found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub code: Code,
    /// The offending bytes.
    pub span: Span,
    pub message: Cow<'static, str>,
    /// Text of the label on the span.
    pub label: Cow<'static, str>,
    pub help: Option<Cow<'static, str>>,
    /// A certain edit that fixes it, when there is one.
    pub fix: Option<Box<Fix>>,
}

impl SyntaxError {
    pub fn new(
        code: Code,
        span: Span,
        message: impl Into<Cow<'static, str>>,
        label: impl Into<Cow<'static, str>>,
    ) -> Self {
        SyntaxError {
            code,
            span,
            message: message.into(),
            label: label.into(),
            help: None,
            fix: None,
        }
    }

    pub fn with_help(mut self, help: impl Into<Cow<'static, str>>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn with_fix(mut self, fix: Fix) -> Self {
        self.fix = Some(Box::new(fix));
        self
    }

    /// The same error, `by` bytes later (for battles parsed out of a larger stream).
    pub fn shifted(mut self, by: u32) -> Self {
        self.span = self.span.shifted(by);
        self.fix = self.fix.map(|fix| Box::new(fix.shifted(by)));
        self
    }
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SyntaxError {}

impl miette::Diagnostic for SyntaxError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_deref()
            .map(|help| Box::new(help) as Box<dyn fmt::Display>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(
            miette::LabeledSpan::new_with_span(Some(self.label.to_string()), self.span),
        )))
    }
}
