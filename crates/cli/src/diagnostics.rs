//! Printing diagnostics: miette's graphical report, one short line each,
//! JSON, or GitHub workflow commands; and placing them in their file as
//! [`PlacedFinding`]s for the formats written once for the whole run (SARIF and
//! JUnit, `crate::sarif` and `crate::junit`).
//!
//! Spans are byte offsets into the text a battle was parsed from; [`Located`]
//! adds where that text starts in its file, so line numbers are the file's.

use std::fmt;

use crate::problem::Problem;
use crate::safe_text;
use miette::{Diagnostic, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

/// How diagnostics are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// miette's report with source snippets.
    Human,
    /// `file:line:col: severity[code]: message`, one per line.
    Short,
    /// One JSON object per line.
    Json,
    /// SARIF 2.1.0: one document, one run, each code a rule.
    Sarif,
    /// GitHub Actions workflow commands (`::error file=…,line=…::…`), which
    /// annotate the lines of a pull request.
    Github,
    /// JUnit XML: a test suite per file, a test case per battle.
    Junit,
}

impl Format {
    /// Whether the format is one document for the whole run, written once
    /// every file is checked, from [`PlacedFinding`]s.
    pub fn is_document(self) -> bool {
        matches!(self, Format::Sarif | Format::Junit)
    }
}

/// A 1-based line and column (in characters, Unicode scalar values).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    pub line: usize,
    pub column: usize,
}

/// A diagnostic placed in its file: what the whole-run formats write.
#[derive(Clone, Debug)]
pub struct PlacedFinding {
    pub code: std::borrow::Cow<'static, str>,
    pub severity: senlac_engine::Severity,
    pub message: String,
    pub help: Option<String>,
    /// The rule or ruling it cites, when the rules found it.
    pub rule: Option<&'static str>,
    pub start: LineCol,
    pub end: LineCol,
    /// Its fix: title, replacement, and the span replaced.
    pub fix: Option<(String, String, LineCol, LineCol)>,
}

/// A piece of a file: its text, and where it starts (byte and line).
#[derive(Clone, Copy)]
pub struct Located<'a> {
    pub name: &'a str,
    pub text: &'a str,
    pub offset: usize,
    pub line: usize,
}

impl Located<'_> {
    /// 1-based line and column (in characters) of a byte offset into `text`.
    /// `lines` holds the offsets of the text's newlines ([`newlines`]). For
    /// many offsets in order, [`Positions`] counts each character once.
    pub fn line_col(&self, lines: &[usize], at: usize) -> (usize, usize) {
        Positions::new(self, lines).at(at)
    }

    /// Whether a graphical report can show this error's line: miette draws
    /// the whole line, and cannot draw a label far along a huge one.
    fn drawable(&self, lines: &[usize], error: &Problem) -> bool {
        const LONGEST_LINE: usize = 1000;
        let at = (error.span.start as usize).min(self.text.len());
        let line = lines.partition_point(|&newline| newline < at);
        let start = if line == 0 { 0 } else { lines[line - 1] + 1 };
        let end = lines.get(line).copied().unwrap_or(self.text.len());
        end - start <= LONGEST_LINE && error.span.len() <= LONGEST_LINE
    }

    pub fn print(&self, errors: &[Problem], format: Format, battle: usize, out: &mut String) {
        let errors = self.on_last_line(errors);
        let errors = &errors[..];
        // On a terminal, text from the log must not drive it: messages show
        // control characters escaped, and the source excerpt a stand-in of the
        // same length, so spans still fit.
        if format != Format::Json
            && (self.text.chars().any(safe_text::is_unsafe)
                || errors.iter().any(Problem::has_unsafe_text))
        {
            let text = safe_text::same_length(self.text);
            let safe: Vec<Problem> = errors.iter().map(Problem::terminal_safe).collect();
            let located = Located {
                text: &text,
                ..*self
            };
            return located.print_safe(&safe, format, battle, out);
        }
        self.print_safe(errors, format, battle, out);
    }

    /// The problems, with a span past the last line of text (a diagnostic at
    /// the end of a file that ends with a newline) moved to the end of the
    /// last line, so it points at a line the file has.
    fn on_last_line<'p>(&self, errors: &'p [Problem]) -> std::borrow::Cow<'p, [Problem]> {
        let last = self.text.trim_end_matches(['\n', '\r', ' ', '\t']).len() as u32;
        let past = |e: &Problem| e.span.start > last;
        if !errors.iter().any(past) {
            return std::borrow::Cow::Borrowed(errors);
        }
        std::borrow::Cow::Owned(
            errors
                .iter()
                .map(|e| {
                    let mut e = e.clone();
                    if past(&e) {
                        e.span = senlac_notation::Span {
                            start: last,
                            end: last,
                        };
                    }
                    e
                })
                .collect(),
        )
    }

    fn print_safe(&self, errors: &[Problem], format: Format, battle: usize, out: &mut String) {
        let lines = if errors.is_empty() {
            Vec::new()
        } else {
            newlines(self.text)
        };
        let mut positions = Positions::new(self, &lines);
        // Ends come in order too, mostly: a cursor of their own.
        let mut ends = Positions::new(self, &lines);
        match format {
            Format::Human if errors.iter().any(|e| self.drawable(&lines, e)) => {
                // miette cannot draw a label far along a huge line; such
                // errors are printed as short lines instead.
                let (drawn, plain): (Vec<Problem>, Vec<Problem>) = errors
                    .iter()
                    .cloned()
                    .partition(|e| self.drawable(&lines, e));
                let shown = &drawn[..drawn.len().min(MAX_RENDERED)];
                let warnings = errors
                    .iter()
                    .filter(|e| e.severity != senlac_engine::Severity::Error)
                    .count();
                let report = FileReport {
                    source: self,
                    battle,
                    errors: errors.len() - warnings,
                    warnings,
                    shown,
                };
                let handler = miette::GraphicalReportHandler::new();
                let handler = if crate::color_wanted() {
                    handler
                } else {
                    handler.with_theme(miette::GraphicalTheme::unicode_nocolor())
                };
                let _ = handler.render_report(out, &report);
                out.push('\n');
                if shown.len() < drawn.len() {
                    out.push_str(&format!(
                        "... and {} more errors in {}: `senlac lint --format short` lists them all\n",
                        drawn.len() - shown.len(),
                        self.name
                    ));
                }
                self.print(&plain, Format::Short, battle, out);
            }
            Format::Human => self.print(errors, Format::Short, battle, out),
            Format::Short => {
                for error in errors {
                    let (line, col) = positions.at(error.span.start as usize);
                    out.push_str(&format!(
                        "{}:{line}:{col}: {}[{}]: {}\n",
                        self.name,
                        error.severity.word(),
                        error.code,
                        error.message
                    ));
                }
            }
            Format::Github => {
                let name = safe_text::terminal(self.name);
                for error in errors {
                    let (line, col) = positions.at(error.span.start as usize);
                    let (end_line, end_col) = ends.at(error.span.end as usize);
                    let command = match error.severity {
                        senlac_engine::Severity::Error => "error",
                        senlac_engine::Severity::Warning => "warning",
                        senlac_engine::Severity::Advice => "notice",
                    };
                    let mut text = error.message.clone();
                    if let Some(help) = &error.help {
                        text.push_str("\nhelp: ");
                        text.push_str(help);
                    }
                    out.push_str(&format!(
                        "::{command} file={},line={line},col={col},endLine={end_line},endColumn={end_col},title={}::{}\n",
                        github_property(&name),
                        github_property(&error.code),
                        github_data(&text),
                    ));
                }
            }
            Format::Sarif | Format::Junit => {
                // Written once for the whole run, from `findings`.
            }
            Format::Json => {
                for error in errors {
                    let (line, column) = positions.at(error.span.start as usize);
                    let (end_line, end_column) = ends.at(error.span.end as usize);
                    let mut labels = vec![self.label_json(
                        &error.label,
                        error.span,
                        (line, column),
                        (end_line, end_column),
                    )];
                    if let Some((span, label)) = &error.related {
                        // Related places may lie behind: counted apart from the cursors.
                        labels.push(self.label_json(
                            label,
                            *span,
                            self.line_col(&lines, span.start as usize),
                            self.line_col(&lines, span.end as usize),
                        ));
                    }
                    let value = serde_json::json!({
                        "file": self.name,
                        "battle": battle,
                        "code": &*error.code,
                        "severity": error.severity.word(),
                        "message": error.message,
                        "labels": labels,
                        "help": error.help,
                        "fix": error.fix.as_ref().map(|fix| self.fix_json(&lines, fix)),
                    });
                    out.push_str(&value.to_string());
                    out.push('\n');
                }
            }
        }
    }
}

impl Located<'_> {
    /// The problems placed in the file, for the whole-run formats.
    pub fn findings(&self, errors: &[Problem]) -> Vec<PlacedFinding> {
        let errors = self.on_last_line(errors);
        let lines = if errors.is_empty() {
            Vec::new()
        } else {
            newlines(self.text)
        };
        let mut positions = Positions::new(self, &lines);
        let mut ends = Positions::new(self, &lines);
        let at = |(line, column): (usize, usize)| LineCol { line, column };
        errors
            .iter()
            .map(|error| PlacedFinding {
                code: error.code.clone(),
                severity: error.severity,
                message: error.message.clone(),
                help: error.help.clone(),
                rule: error.rule,
                start: at(positions.at(error.span.start as usize)),
                end: at(ends.at(error.span.end as usize)),
                fix: error.fix.as_ref().map(|fix| {
                    (
                        fix.title.to_string(),
                        fix.replacement.to_string(),
                        at(self.line_col(&lines, fix.span.start as usize)),
                        at(self.line_col(&lines, fix.span.end as usize)),
                    )
                }),
            })
            .collect()
    }

    /// A fix as JSON: its title, the replacement, and the span it replaces
    /// as file offsets and as lines and columns.
    fn fix_json(&self, lines: &[usize], fix: &senlac_notation::Fix) -> serde_json::Value {
        let mut value = self.label_json(
            "",
            fix.span,
            self.line_col(lines, fix.span.start as usize),
            self.line_col(lines, fix.span.end as usize),
        );
        if let Some(object) = value.as_object_mut() {
            object.remove("label");
            object.insert("title".into(), fix.title.as_ref().into());
            object.insert("replacement".into(), fix.replacement.as_ref().into());
        }
        value
    }

    /// A labelled span as JSON: file offsets, and lines and columns.
    fn label_json(
        &self,
        label: &str,
        span: senlac_notation::Span,
        (line, column): (usize, usize),
        (end_line, end_column): (usize, usize),
    ) -> serde_json::Value {
        serde_json::json!({
            "label": label,
            "start": self.offset + span.start as usize,
            "end": self.offset + span.end as usize,
            "line": line,
            "column": column,
            "end_line": end_line,
            "end_column": end_column,
        })
    }
}

/// Prints `notation::empty-archive` for a file with no battle, quoting at
/// most its first few kilobytes.
pub fn no_battle(name: &str, path: &std::path::Path, format: Format, out: &mut String) {
    no_battle_in(name, &file_head(path), format, out);
}

/// The first few kilobytes of a file, decoded, quoted by `notation::empty-archive`.
pub fn file_head(path: &std::path::Path) -> String {
    use std::io::Read;
    let mut head = Vec::new();
    if let Ok(file) = std::fs::File::open(path) {
        let _ = file.take(4096).read_to_end(&mut head);
    }
    senlac_notation::decode(&head).0.into_owned()
}

/// `notation::empty-archive`, at the start of a file.
pub fn no_battle_problem() -> Problem {
    let empty = senlac_notation::SyntaxError::new(
        senlac_notation::Code::EmptyArchive,
        senlac_notation::Span::default(),
        "no battle in this file",
        "expected tags such as [Battle \"...\"]",
    )
    .with_help("a battle starts with its tags; see docs/notation.md");
    Problem::from(&empty)
}

/// Prints `notation::empty-archive` for a text with no battle, quoting `head`,
/// the start of it.
pub fn no_battle_in(name: &str, head: &str, format: Format, out: &mut String) {
    Located {
        name,
        text: head,
        offset: 0,
        line: 0,
    }
    .print(&[no_battle_problem()], format, 0, out);
}

/// A workflow command's message: `%`, CR and LF escaped as GitHub's
/// toolkit escapes them (`escapeData`), so a message stays one command.
pub fn github_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A workflow command's property value (`file=`, `title=`): as
/// [`github_data`], and `:` and `,` too, which end a property.
pub fn github_property(text: &str) -> String {
    github_data(text).replace(':', "%3A").replace(',', "%2C")
}

/// Graphical reports stop after this many errors per battle: past it, a
/// report helps nobody and costs time on hostile input.
const MAX_RENDERED: usize = 50;

/// Offsets of every newline in `text`.
pub fn newlines(text: &str) -> Vec<usize> {
    memchr::memchr_iter(b'\n', text.as_bytes()).collect()
}

/// Line and column of offsets into a [`Located`] text. Asked in increasing
/// order, as diagnostics are sorted, it counts each character of a line once,
/// so ten thousand errors on one long line cost one pass over it.
pub struct Positions<'l, 'a> {
    located: &'l Located<'a>,
    lines: &'l [usize],
    /// The last offset asked, its line index and its 0-based column.
    last: Option<(usize, usize, usize)>,
}

impl<'l, 'a> Positions<'l, 'a> {
    pub fn new(located: &'l Located<'a>, lines: &'l [usize]) -> Self {
        Positions {
            located,
            lines,
            last: None,
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn at(&mut self, at: usize) -> (usize, usize) {
        let text = self.located.text;
        let at = at.min(text.len());
        let line = self.lines.partition_point(|&newline| newline < at);
        let line_start = if line == 0 {
            0
        } else {
            self.lines[line - 1] + 1
        };
        let (from, column) = match self.last {
            Some((last, last_line, column)) if last_line == line && last <= at => (last, column),
            _ => (line_start, 0),
        };
        let column = column + text.get(from..at).map_or(at - from, |s| s.chars().count());
        self.last = Some((at, line, column));
        (self.located.line + line + 1, column + 1)
    }
}

impl SourceCode for Located<'_> {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, miette::MietteError> {
        let inner = self
            .text
            .read_span(span, context_lines_before, context_lines_after)?;
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.to_string(),
            inner.data(),
            *inner.span(),
            inner.line() + self.line,
            inner.column(),
            inner.line_count(),
        )))
    }
}

/// All of a battle's findings in one report, through `related`.
struct FileReport<'a> {
    source: &'a Located<'a>,
    battle: usize,
    errors: usize,
    /// Warnings and advice.
    warnings: usize,
    shown: &'a [Problem],
}

impl fmt::Debug for FileReport<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FileReport")
            .field("errors", &self.errors)
            .field("warnings", &self.warnings)
            .finish()
    }
}

impl fmt::Display for FileReport<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let counted = |n: usize, what: &str| match n {
            1 => format!("1 {what}"),
            n => format!("{n} {what}s"),
        };
        let found = match (self.errors, self.warnings) {
            (errors, 0) => counted(errors, "error"),
            (0, warnings) => counted(warnings, "warning"),
            (errors, warnings) => {
                format!(
                    "{} and {}",
                    counted(errors, "error"),
                    counted(warnings, "warning")
                )
            }
        };
        match self.battle {
            0 => write!(f, "{found} in {}", self.source.name),
            n => write!(f, "{found} in battle {n} of {}", self.source.name),
        }
    }
}

impl std::error::Error for FileReport<'_> {}

impl Diagnostic for FileReport<'_> {
    fn severity(&self) -> Option<miette::Severity> {
        Some(if self.errors > 0 {
            miette::Severity::Error
        } else {
            miette::Severity::Warning
        })
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(self.source)
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        Some(Box::new(self.shown.iter().map(|e| e as &dyn Diagnostic)))
    }
}
