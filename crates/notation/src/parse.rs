//! The parser: a streaming pass over the text that reports items to a [`Visitor`].
//!
//! It never fails and never panics. Errors go to the visitor and parsing goes on
//! at the next action, line or battle. Nothing here recurses, so variations
//! nested 100,000 deep cost a counter, not a stack. The only allocations are a
//! few buffers reused for the whole run, not one per token.

use std::ops::ControlFlow;

use crate::atom::{Atom, AtomKind, GLYPHS, class, classify, classify_scanned, scan_atom};
use crate::error::{Code, SyntaxError};
use crate::fix::Fix;
use crate::span::Span;
use crate::syntax::{Archive, Battle, Item, ItemKind};

/// The tags every battle must have, in the order docs/notation.md lists them.
pub const REQUIRED_TAGS: [&str; 6] = ["Battle", "Site", "Date", "Rules", "Sides", "Result"];

/// One item as the parser sees it, borrowed for the length of the call.
#[derive(Clone, Copy, Debug)]
pub struct ItemRef<'a, 's> {
    pub kind: ItemKind,
    pub span: Span,
    pub trailing: bool,
    pub atoms: &'a [Atom<'s>],
    /// Where `atoms` start among the battle's atoms: a tree's
    /// [`Item::atoms`] range begins here.
    pub first_atom: u32,
}

/// Receives a battle as it is read, in the spirit of pgn-reader's visitor.
///
/// Returning `ControlFlow::Break` from [`Visitor::item`] skips the rest of the
/// battle: no more items or errors reach the visitor until [`Visitor::end_battle`].
pub trait Visitor<'s> {
    fn begin_battle(&mut self, _start: u32) {}
    fn item(&mut self, item: ItemRef<'_, 's>) -> ControlFlow<()>;
    fn error(&mut self, error: SyntaxError);
    fn end_battle(&mut self, _span: Span) {}
}

/// How a battle ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// At a `[` that starts the next battle.
    Boundary,
    /// At the end of the text: with a stream, more bytes may still continue it.
    End,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Section {
    Tags,
    Setup,
    Movetext,
}

/// Parses a text battle by battle. Reuse one parser's buffers across battles.
pub struct Parser<'s> {
    src: &'s str,
    pos: usize,
    atoms: Vec<Atom<'s>>,
    pending: Vec<(Span, bool)>,
    held: Held<'s>,
}

impl<'s> Parser<'s> {
    /// A parser at the start of `src`. A UTF-8 byte order mark at the very
    /// start is skipped: it is no part of the first battle.
    pub fn new(src: &'s str) -> Self {
        Parser {
            src,
            pos: bom_len(src),
            atoms: Vec::with_capacity(64),
            pending: Vec::new(),
            held: Held::default(),
        }
    }

    /// Byte offset of the next battle.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Goes on at `pos`, the start of a battle (as [`crate::split`] finds
    /// them); the parser's buffers are kept.
    pub fn seek(&mut self, pos: usize) {
        self.pos = pos.min(self.src.len());
    }

    /// Parses the next battle into `battle`'s tree, reusing its buffers: a
    /// worker that parses many battles allocates for the largest, not for
    /// each. `None` when only blanks are left.
    pub fn next_tree(&mut self, battle: &mut Battle<'s>) -> Option<Stop> {
        let mut builder = TreeBuilder {
            items: std::mem::take(&mut battle.items),
            errors: std::mem::take(&mut battle.errors),
            span: Span::default(),
        };
        builder.items.clear();
        builder.errors.clear();
        // The parser gathers a battle's atoms in order, so its list is the
        // tree's: it is lent the battle's vector rather than copied into it.
        let own = std::mem::replace(&mut self.atoms, std::mem::take(&mut battle.atoms));
        let stop = self.next_battle(&mut builder);
        let atoms = std::mem::replace(&mut self.atoms, own);
        *battle = into_battle(self.src, builder, atoms);
        stop
    }

    /// Parses the next battle into `visitor`; `None` when only blanks are left.
    pub fn next_battle<V: Visitor<'s>>(&mut self, visitor: &mut V) -> Option<Stop> {
        let bytes = self.src.as_bytes();
        let rest = &bytes[self.pos..];
        if rest.iter().all(u8::is_ascii_whitespace) {
            self.pos = bytes.len();
            return None;
        }
        self.atoms.clear();
        self.pending.clear();
        self.held.clear();
        let mut run = Run {
            src: self.src,
            bytes,
            pos: self.pos,
            start: self.pos,
            visitor,
            muted: false,
            section: Section::Tags,
            atoms: &mut self.atoms,
            first: 0,
            pending: &mut self.pending,
            held: &mut self.held,
            holding: false,
            open: None,
            line_has_content: false,
            blank_pending: false,
            emitted: false,
            expecting_side: false,
            depth: 0,
            outer_paren: Span::default(),
            tags_seen: [false; REQUIRED_TAGS.len()],
            tags_span: None,
            sides: "",
        };
        let stop = run.battle();
        self.pos = run.pos;
        Some(stop)
    }
}

/// The state of one battle's parse.
struct Run<'r, 's, V> {
    src: &'s str,
    bytes: &'s [u8],
    pos: usize,
    start: usize,
    visitor: &'r mut V,
    muted: bool,
    section: Section,
    /// The battle's atoms so far, in order.
    atoms: &'r mut Vec<Atom<'s>>,
    /// Where the item being built starts in `atoms`.
    first: usize,
    /// Comments met inside an unfinished item: (span, trailing).
    pending: &'r mut Vec<(Span, bool)>,
    /// What was read since a syntax error, held back in case a stray `}`
    /// shows it to be a comment whose `{` is missing (see [`Held`]).
    held: &'r mut Held<'s>,
    /// Whether `held` is holding: items and errors go to it, not the visitor.
    holding: bool,
    /// The item being built, and where it started.
    open: Option<(ItemKind, usize)>,
    line_has_content: bool,
    blank_pending: bool,
    emitted: bool,
    expecting_side: bool,
    depth: u32,
    outer_paren: Span,
    tags_seen: [bool; REQUIRED_TAGS.len()],
    tags_span: Option<Span>,
    /// The value of the battle's `Sides` tag, quotes included, if read yet.
    sides: &'s str,
}

/// What the parser holds back after a syntax error that prose would make
/// (an invalid token, a paren in the setup, an action without a verb): the
/// items and errors read since, and the state to return to. A stray `}`
/// that ends such a stretch shows the stretch to be a comment whose `{` is
/// missing: the stretch becomes one comment and one
/// `notation::unopened-comment`, so one lost `{` gives one error. A blank
/// line, a `{`, a tag or the battle's end shows it is not, and what was held
/// goes to the visitor as it was read. Nothing is held on a clean text.
#[derive(Debug, Default)]
struct Held<'s> {
    /// Where the stretch starts: the first byte of the item the error was in.
    start: usize,
    /// Whether a line's content came before `start` (a trailing comment).
    trailing: bool,
    /// How many of the battle's atoms come before `start` (`Run::first`
    /// then), and the parse's state as it was there.
    atoms: usize,
    section: Option<Section>,
    depth: u32,
    outer_paren: Span,
    tags_seen: [bool; REQUIRED_TAGS.len()],
    tags_span: Option<Span>,
    sides: &'s str,
    /// The items read since, as `Run::emit` was asked: kind, span, trailing
    /// and atom range.
    items: Vec<(ItemKind, Span, bool, (usize, usize))>,
    errors: Vec<SyntaxError>,
    /// Lines of the stretch with an error and without one, and whether
    /// the current line has one.
    erring_lines: u32,
    clean_lines: u32,
    line_errs: bool,
}

impl Held<'_> {
    fn clear(&mut self) {
        self.items.clear();
        self.errors.clear();
    }
}

impl<'s, V: Visitor<'s>> Run<'_, 's, V> {
    fn battle(&mut self) -> Stop {
        self.visitor.begin_battle(self.start as u32);
        let stop = loop {
            let Some(&byte) = self.bytes.get(self.pos) else {
                break Stop::End;
            };
            match byte {
                b' ' | b'\t' | b'\r' => {
                    self.pos += 1;
                    while matches!(self.bytes.get(self.pos), Some(b' ' | b'\t' | b'\r')) {
                        self.pos += 1;
                    }
                }
                b'\n' => self.newline(),
                b'{' => self.brace_comment(),
                b';' => self.line_comment(),
                b'}' => self.stray(Code::StrayCloseBrace),
                b'[' if self.section == Section::Tags => self.tag(),
                b'[' => break Stop::Boundary,
                b'(' | b')' => self.paren(byte),
                b',' => {
                    self.end_item();
                    self.pos += 1;
                }
                b'"' => self.string(),
                b']' => self.stray(Code::InvalidToken),
                _ => self.atoms(),
            }
        };
        self.finish();
        let end = if stop == Stop::Boundary {
            self.pos
        } else {
            self.bytes.len()
        };
        self.visitor.end_battle(Span::new(self.start, end));
        stop
    }

    /// A `}` that closes no comment, or a `]` outside a tag: reported and
    /// stepped over.
    #[cold]
    #[inline(never)]
    fn stray(&mut self, code: Code) {
        if code == Code::StrayCloseBrace && self.holding && self.unopened_comment() {
            return;
        }
        let span = Span::new(self.pos, self.pos + 1);
        let error = if code == Code::StrayCloseBrace {
            SyntaxError::new(
                code,
                span,
                "`}` closes no comment",
                "no `{` opened a comment before this",
            )
            .with_help("remove it, or open the comment with `{`")
        } else {
            SyntaxError::new(
                code,
                span,
                "`]` outside a tag",
                "nothing opened with `[` here",
            )
        };
        self.error(error);
        self.pos += 1;
        self.line_has_content = true;
    }

    fn finish(&mut self) {
        self.end_item();
        self.leave_tags();
        if self.depth > 0 {
            let depth = self.depth;
            self.error(
                SyntaxError::new(
                    Code::UnclosedVariation,
                    self.outer_paren,
                    format!(
                        "{depth} variation{} still open at the end of the battle",
                        if depth == 1 { " is" } else { "s are" }
                    ),
                    "this variation is never closed",
                )
                .with_help("close each variation with `)`"),
            );
        }
        self.release();
    }

    fn error(&mut self, error: SyntaxError) {
        if self.muted {
            return;
        }
        if !self.holding && prose_error(&error) {
            self.hold(error.span.start as usize);
        }
        if self.holding {
            self.held.line_errs = true;
            self.held.errors.push(error);
        } else {
            self.visitor.error(error);
        }
    }

    /// Starts holding back what is read (see [`Held`]), from the item being
    /// built, or from `at` when none is.
    #[cold]
    #[inline(never)]
    fn hold(&mut self, at: usize) {
        let start = match self.open {
            Some((_, start)) => start,
            None => self
                .atoms
                .get(self.first)
                .map_or(at, |a| a.span.start as usize),
        }
        .min(at);
        let line = self.bytes[..start]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(self.start, |i| i + 1);
        let held = &mut *self.held;
        held.clear();
        held.start = start;
        held.trailing = self.bytes[line..start]
            .iter()
            .any(|b| !b.is_ascii_whitespace());
        held.atoms = self.first;
        held.section = Some(self.section);
        held.depth = self.depth;
        held.outer_paren = self.outer_paren;
        held.tags_seen = self.tags_seen;
        held.tags_span = self.tags_span;
        held.sides = self.sides;
        held.erring_lines = 0;
        held.clean_lines = 0;
        held.line_errs = false;
        self.holding = true;
    }

    /// Gives what was held to the visitor as it was read.
    #[inline]
    fn release(&mut self) {
        if self.holding {
            self.release_held();
        }
    }

    #[cold]
    #[inline(never)]
    fn release_held(&mut self) {
        self.holding = false;
        let mut items = std::mem::take(&mut self.held.items);
        let mut errors = std::mem::take(&mut self.held.errors);
        for (kind, span, trailing, range) in items.drain(..) {
            self.emit(kind, span, trailing, range);
        }
        for error in errors.drain(..) {
            if !self.muted {
                self.visitor.error(error);
            }
        }
        self.held.items = items;
        self.held.errors = errors;
    }

    /// A stray `}` at `self.pos` while holding: when most lines of the
    /// stretch failed to parse, its own line too, the stretch is a comment
    /// whose `{` is missing. It becomes that comment, with one error; `false` when the
    /// stretch is not so certainly a comment.
    #[cold]
    #[inline(never)]
    fn unopened_comment(&mut self) -> bool {
        let held = &*self.held;
        // The `}`'s own line failed too, or holds nothing before it: a
        // clean line that ends in `}` is a line with a stray `}`.
        let line = self.bytes[..self.pos]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1)
            .max(held.start);
        let bare = self.bytes[line..self.pos]
            .iter()
            .all(u8::is_ascii_whitespace);
        let erring = held.erring_lines + u32::from(held.line_errs);
        if !(held.line_errs || bare) || erring <= held.clean_lines {
            return false;
        }
        let (start, trailing) = (held.start, held.trailing);
        let end = self.pos + 1;
        self.atoms.truncate(held.atoms);
        self.first = held.atoms;
        self.open = None;
        self.pending.clear();
        self.expecting_side = false;
        // Out of the tags is for good: `split` found the battle's starts
        // so, and the tags' check ran (what it found is kept).
        self.section = match held.section {
            Some(Section::Tags) | None => Section::Setup,
            Some(section) => section,
        };

        self.depth = held.depth;
        self.outer_paren = held.outer_paren;
        self.tags_seen = held.tags_seen;
        self.tags_span = held.tags_span;
        self.sides = held.sides;
        self.holding = false;
        let missing = self
            .held
            .errors
            .iter()
            .position(|e| e.code == Code::MissingTag);
        let missing = missing.map(|at| self.held.errors.swap_remove(at));
        self.held.clear();
        if let Some(error) = missing {
            self.visitor.error(error);
        }
        let lines = self.bytes[start..end]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        let span = Span::new(start, end);
        self.emit(ItemKind::Comment, span, trailing, self.no_atoms());
        self.error(
            SyntaxError::new(
                Code::UnopenedComment,
                span,
                if lines == 1 {
                    "this text reads as a comment whose `{` is missing".to_string()
                } else {
                    format!("these {lines} lines read as a comment whose `{{` is missing")
                },
                "a `}` closes this, but no `{` opens it",
            )
            .with_help("open the comment with `{`"),
        );
        self.pos = end;
        self.line_has_content = true;
        true
    }

    /// Emits an item whose atoms are `atoms[range.0..range.1]`; an item
    /// without atoms passes [`Run::no_atoms`].
    #[inline]
    fn emit(&mut self, kind: ItemKind, span: Span, trailing: bool, range: (usize, usize)) {
        if self.muted {
            return;
        }
        if self.holding {
            self.held.items.push((kind, span, trailing, range));
            return;
        }
        if self.blank_pending {
            self.blank_pending = false;
            if self.emitted {
                let item = ItemRef {
                    kind: ItemKind::BlankLine,
                    span: Span::new(span.start as usize, span.start as usize),
                    trailing: false,
                    atoms: &[],
                    first_atom: range.0 as u32,
                };
                if self.visitor.item(item).is_break() {
                    self.muted = true;
                    return;
                }
            }
        }
        self.emitted = true;
        let item = ItemRef {
            kind,
            span,
            trailing,
            atoms: &self.atoms[range.0..range.1],
            first_atom: range.0 as u32,
        };
        if self.visitor.item(item).is_break() {
            self.muted = true;
        }
    }

    /// The empty range where the next atom will go.
    fn no_atoms(&self) -> (usize, usize) {
        (self.atoms.len(), self.atoms.len())
    }

    fn newline(&mut self) {
        self.end_item();
        if self.holding {
            self.count_held_line();
        }
        if !self.line_has_content {
            self.blank_pending = true;
        }
        self.line_has_content = false;
        self.pos += 1;
    }

    /// A line ends while holding: counted as erring or clean; a blank line
    /// ends the stretch.
    #[cold]
    #[inline(never)]
    fn count_held_line(&mut self) {
        if !self.line_has_content {
            return self.release();
        }
        if std::mem::take(&mut self.held.line_errs) {
            self.held.erring_lines += 1;
        } else {
            self.held.clean_lines += 1;
        }
    }

    /// A comment: emitted now, or after the item it interrupts.
    fn comment(&mut self, span: Span) {
        let trailing = self.line_has_content;
        self.line_has_content = true;
        if self.open.is_some() {
            self.pending.push((span, trailing));
        } else {
            self.emit(ItemKind::Comment, span, trailing, self.no_atoms());
        }
    }

    /// A `{ ... }` comment. One never closed ends before the next line that
    /// starts with a tag pair, so it cannot swallow the battles after it.
    fn brace_comment(&mut self) {
        self.release();
        let start = self.pos;
        match brace_comment_close(self.src, start) {
            Ok(close) => {
                self.pos = close + 1;
                self.comment(Span::new(start, self.pos));
            }
            Err(stop) => {
                self.pos = stop;
                let mut end = stop;
                if stop < self.bytes.len() {
                    while end > start + 1 && matches!(self.bytes[end - 1], b' ' | b'\t' | b'\r') {
                        end -= 1;
                    }
                }
                self.error(
                    SyntaxError::new(
                        Code::UnclosedComment,
                        Span::new(start, start + 1),
                        "comment is never closed",
                        "this `{` has no matching `}`",
                    )
                    .with_help("close the comment with `}`"),
                );
                self.comment(Span::new(start, end));
            }
        }
    }

    fn line_comment(&mut self) {
        let start = self.pos;
        self.pos =
            memchr::memchr(b'\n', &self.bytes[start..]).map_or(self.bytes.len(), |o| start + o);
        let mut end = self.pos;
        while end > start + 1 && matches!(self.bytes[end - 1], b' ' | b'\t' | b'\r') {
            end -= 1;
        }
        self.comment(Span::new(start, end));
    }

    /// `[Name "value"]`, all on one line.
    fn tag(&mut self) {
        let start = self.pos;
        self.line_has_content = true;
        match scan_tag(self.src, start) {
            Ok((name, value, end)) => {
                self.pos = end;
                let span = Span::new(start, end);
                if let Some(i) = REQUIRED_TAGS.iter().position(|t| *t == name.text) {
                    self.tags_seen[i] = true;
                }
                if name.text == "Sides" {
                    self.sides = value.text;
                }
                self.tags_span = Some(self.tags_span.map_or(span, |s| s.cover(span)));
                self.release();
                let first = self.atoms.len();
                self.atoms.push(name);
                self.atoms.push(value);
                self.emit(ItemKind::Tag, span, false, (first, first + 2));
                self.first = self.atoms.len();
            }
            Err(end) => {
                self.pos = end;
                if self.unquoted_tag(start, end) {
                    return;
                }
                self.error(
                    SyntaxError::new(
                        Code::MalformedTag,
                        Span::new(start, end),
                        "malformed tag pair",
                        "expected `[Name \"value\"]`",
                    )
                    .with_help(
                        "write a tag as [Name \"value\"], on one line, with the value quoted",
                    ),
                );
            }
        }
    }

    /// `[Battle Hastings]`: a tag whose value lost its quotes. Reported with
    /// the fix, and counted as the tag it names, so no missing-tag follows.
    fn unquoted_tag(&mut self, start: usize, end: usize) -> bool {
        let line = &self.src[start..end];
        let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) else {
            return false;
        };
        let inner_start = start + 1;
        let name_len = inner.find([' ', '\t']).unwrap_or(inner.len());
        let name = &inner[..name_len];
        let value = inner[name_len..].trim_matches([' ', '\t']);
        if classify(name) != AtomKind::Word
            || value.is_empty()
            || value.contains(['"', '[', ']', '{', '}', ';'])
        {
            return false;
        }
        let value_start = inner_start
            + name_len
            + (inner[name_len..].len() - inner[name_len..].trim_start_matches([' ', '\t']).len());
        let value_span = Span::new(value_start, value_start + value.len());
        let quoted = format!("\"{}\"", value.replace('\\', "\\\\"));
        if let Some(i) = REQUIRED_TAGS.iter().position(|t| *t == name) {
            self.tags_seen[i] = true;
        }
        if name == "Sides" {
            self.sides = value;
        }
        let span = Span::new(start, end);
        self.tags_span = Some(self.tags_span.map_or(span, |s| s.cover(span)));
        self.error(
            SyntaxError::new(
                Code::MalformedTag,
                value_span,
                format!("the value of tag `{name}` is not quoted"),
                "expected a quoted value here",
            )
            .with_help(format!("quote the value: `[{name} {quoted}]`"))
            .with_fix(Fix::new(value_span, quoted, "quote the tag's value")),
        );
        true
    }

    /// Leaves the tag section, checking the required roster once.
    #[inline]
    fn leave_tags(&mut self) {
        if self.section == Section::Tags {
            self.check_roster();
        }
    }

    #[cold]
    fn check_roster(&mut self) {
        self.section = Section::Setup;
        let missing: Vec<&str> = REQUIRED_TAGS
            .iter()
            .zip(self.tags_seen)
            .filter(|(_, seen)| !seen)
            .map(|(name, _)| *name)
            .collect();
        if missing.is_empty() {
            return;
        }
        let span = self.tags_span.unwrap_or_else(|| {
            let mut start = self.start;
            while start < self.bytes.len() && self.bytes[start].is_ascii_whitespace() {
                start += 1;
            }
            Span::new(start, start)
        });
        let list = missing.join(", ");
        let example = missing
            .iter()
            .map(|name| format!("[{name} \"...\"]"))
            .collect::<Vec<_>>()
            .join(" ");
        self.error(
            SyntaxError::new(
                Code::MissingTag,
                span,
                format!(
                    "battle is missing the required tag{} {list}",
                    if missing.len() == 1 { "" } else { "s" }
                ),
                "the tag section is here",
            )
            .with_help(format!("add {example} before the setup")),
        );
    }

    fn string(&mut self) {
        let start = self.pos;
        match scan_string(self.bytes, start) {
            Ok(end) => {
                self.pos = end;
                self.push_atom(AtomKind::Str, start, end);
            }
            Err(end) => {
                self.pos = end;
                self.error(
                    SyntaxError::new(
                        Code::UnclosedString,
                        Span::new(start, end),
                        "string is never closed",
                        "this string runs to the end of the line",
                    )
                    .with_help("close the string with `\"` on the same line; write a quote inside it as \\\""),
                );
                self.push_atom(AtomKind::Invalid, start, end);
            }
        }
    }

    /// Atoms one blank apart, as most are: each after the first is read
    /// here, not by two rounds of [`Run::battle`]'s dispatch (the blank,
    /// then the atom). Measured in docs/speed.md.
    fn atoms(&mut self) {
        loop {
            self.atom();
            match self.bytes.get(self.pos..self.pos + 2) {
                Some(&[b' ', next]) if class::TABLE[usize::from(next)] & class::DELIMITER == 0 => {
                    self.pos += 1;
                }
                _ => return,
            }
        }
    }

    #[inline]
    fn atom(&mut self) {
        let start = self.pos;
        let (end, mask) = scan_atom(self.bytes, start);
        self.pos = end;
        if mask & class::MARK == 0 {
            // Sliced once: the slice checks its ends are char boundaries.
            let text = &self.src[start..end];
            let kind = classify_scanned(text, mask);
            return self.classified(kind, start, text);
        }
        let text = &self.src[start..end];
        let marks = text
            .bytes()
            .rev()
            .take_while(|b| matches!(b, b'!' | b'?'))
            .count();
        let split = end - marks.min(2);
        if marks > 0 && marks <= 2 && split > start && GLYPHS.contains(&&self.src[split..end]) {
            let word = &self.src[start..split];
            self.classified(classify(word), start, word);
            self.push_atom(AtomKind::Glyph, split, end);
        } else {
            self.classified(classify(text), start, text);
        }
    }

    #[inline]
    fn classified(&mut self, kind: AtomKind, start: usize, text: &'s str) {
        if kind == AtomKind::Invalid {
            self.invalid(start, start + text.len());
        } else {
            self.push_text(kind, start, text);
        }
    }

    /// A run that is no atom: reported, unless it is atoms run together.
    #[cold]
    #[inline(never)]
    fn invalid(&mut self, start: usize, end: usize) {
        if self.glued(start, end) {
            return;
        }
        let text = &self.src[start..end];
        let shown: String = text.chars().take(32).collect();
        let ellipsis = if shown.len() < text.len() { "…" } else { "" };
        self.error(
            SyntaxError::new(
                Code::InvalidToken,
                Span::new(start, end),
                format!("`{}{ellipsis}` is not a valid token", shown.escape_debug()),
                "not a word, number, cell, dice roll or other atom",
            )
            .with_help("see docs/notation.md, \"Atoms\", for the shapes an atom can take"),
        );
        self.push_atom(AtomKind::Invalid, start, end);
    }

    /// An invalid run that is atoms written without their blanks: `II>II`,
    /// `VI=>VI`, `1.Saxons`. Reported with the certain fix, and read as the
    /// atoms it was meant to be, so one slip gives one error.
    #[cold]
    fn glued(&mut self, start: usize, end: usize) -> bool {
        let text = &self.src[start..end];
        let Some(pieces) = split_glued(text) else {
            return false;
        };
        let fixed = pieces
            .iter()
            .map(|&(from, to, _)| &text[from..to])
            .collect::<Vec<_>>()
            .join(" ");
        let turn = pieces[0].2 == AtomKind::TurnNumber;
        let (message, label, title) = if turn {
            (
                format!("`{text}` needs a space after the turn number"),
                "the turn number and the side run together",
                "put a space after the turn number's `.`",
            )
        } else {
            let arrow = if text.contains("=>") { "=>" } else { ">" };
            (
                format!("`{text}` needs spaces around `{arrow}`"),
                "these atoms run together",
                if arrow == ">" {
                    "put spaces around `>`"
                } else {
                    "put spaces around `=>`"
                },
            )
        };
        self.error(
            SyntaxError::new(Code::InvalidToken, Span::new(start, end), message, label)
                .with_help(format!("{title}: `{fixed}`"))
                .with_fix(Fix::new(Span::new(start, end), fixed, title)),
        );
        for (from, to, kind) in pieces {
            self.push_atom(kind, start + from, start + to);
        }
        true
    }

    #[inline]
    fn push_atom(&mut self, kind: AtomKind, start: usize, end: usize) {
        self.push_text(kind, start, &self.src[start..end]);
    }

    /// [`Run::push_atom`] for an atom already sliced: `text` starts at `start`.
    #[inline]
    fn push_text(&mut self, kind: AtomKind, start: usize, text: &'s str) {
        self.line_has_content = true;
        let atom = Atom {
            kind,
            text,
            span: Span::new(start, start + text.len()),
        };
        // Most atoms continue the item being built, and most of the rest
        // start an action.
        if !self.expecting_side && !matches!(kind, AtomKind::TurnNumber | AtomKind::PhaseLabel) {
            if self.open.is_none() {
                if self.section != Section::Movetext {
                    return self.push_atom_slow(atom);
                }
                self.open = Some((ItemKind::Action, start));
            }
            self.atoms.push(atom);
            return;
        }
        self.push_atom_slow(atom);
    }

    /// An atom that opens a turn, a phase or a setup line, or names a
    /// turn's side: kept out of line, so that [`Run::push_atom`] stays small
    /// enough to inline in the scanning loop.
    #[inline(never)]
    fn push_atom_slow(&mut self, atom: Atom<'s>) {
        let (kind, start) = (atom.kind, atom.span.start as usize);
        self.leave_tags();
        if kind == AtomKind::TurnNumber {
            self.end_item();
            self.check_turn_number(atom);
            self.section = Section::Movetext;
            self.atoms.push(atom);
            self.open = Some((ItemKind::Turn, start));
            self.expecting_side = true;
            return;
        }
        if self.expecting_side {
            self.expecting_side = false;
            if kind == AtomKind::Word {
                self.atoms.push(atom);
                self.close_item();
                return;
            }
            self.missing_side();
        }
        if kind == AtomKind::PhaseLabel && self.section != Section::Movetext && self.open.is_none()
        {
            self.missing_first_turn(atom);
        }
        match (self.section, kind) {
            (Section::Movetext, AtomKind::PhaseLabel) => {
                self.close_item();
                self.atoms.push(atom);
                self.open = Some((ItemKind::Phase, start));
                self.close_item();
            }
            (section, _) => {
                if self.open.is_none() {
                    let item = if section == Section::Movetext {
                        ItemKind::Action
                    } else {
                        ItemKind::Directive
                    };
                    self.open = Some((item, start));
                }
                self.atoms.push(atom);
            }
        }
    }

    /// A turn number must fit the clock: at most [`MAX_TURN`].
    fn check_turn_number(&mut self, atom: Atom<'s>) {
        if atom.text.trim_end_matches('.').parse::<u32>().is_err() {
            self.turn_out_of_range(atom);
        }
    }

    #[cold]
    #[inline(never)]
    fn turn_out_of_range(&mut self, atom: Atom<'s>) {
        let digits = atom.text.trim_end_matches('.');
        let shown: String = digits.chars().take(32).collect();
        let ellipsis = if shown.len() < digits.len() {
            "…"
        } else {
            ""
        };
        self.error(
            SyntaxError::new(
                Code::TurnOutOfRange,
                atom.span,
                format!(
                    "turn {shown}{ellipsis} is out of range: turns are numbered 1 to {MAX_TURN}"
                ),
                format!("larger than {MAX_TURN}"),
            )
            .with_help(format!(
                "number the turns from 1; the largest turn number is {MAX_TURN}"
            )),
        );
    }

    /// A phase label opening a line before any turn: the first turn line
    /// is lost. One error, and the movetext is read from here, so its
    /// labels and actions are not each a setup line gone wrong.
    #[cold]
    #[inline(never)]
    fn missing_first_turn(&mut self, label: Atom<'s>) {
        self.end_item();
        let sides = self.sides.trim_matches('"');
        let help = match sides.split_ascii_whitespace().next() {
            Some(side) => format!(
                "write the turn line above it: its number and the side that plays, e.g. `1. {side}`"
            ),
            None => {
                "write the turn line above it: its number and the side that plays, e.g. `1. Saxons`"
                    .to_string()
            }
        };
        self.error(
            SyntaxError::new(
                Code::MissingFirstTurn,
                label.span,
                format!(
                    "`{}` stands before any turn line: the first turn line is missing",
                    label.text
                ),
                "no turn line above this",
            )
            .with_help(help),
        );
        self.section = Section::Movetext;
    }

    #[cold]
    #[inline(never)]
    fn missing_side(&mut self) {
        self.expecting_side = false;
        let turn = self
            .atoms
            .get(self.first)
            .map_or(Span::new(self.pos, self.pos), |a| a.span);
        self.error(
            SyntaxError::new(
                Code::MissingSide,
                turn,
                "turn number without the side that acts",
                "expected a side after this turn number",
            )
            .with_help("name the side on the same line, e.g. `1. Saxons`"),
        );
    }

    fn paren(&mut self, byte: u8) {
        let span = Span::new(self.pos, self.pos + 1);
        self.pos += 1;
        self.line_has_content = true;
        self.leave_tags();
        self.end_item();
        if self.section != Section::Movetext {
            self.error(
                SyntaxError::new(
                    Code::UnexpectedToken,
                    span,
                    "variation before the first turn",
                    "variations belong in the movetext",
                )
                .with_help("start the movetext with a turn, e.g. `1. Saxons`"),
            );
            return;
        }
        if byte == b'(' {
            if self.depth == 0 {
                self.outer_paren = span;
            }
            self.depth += 1;
            self.emit(ItemKind::VariationOpen, span, false, self.no_atoms());
        } else if self.depth == 0 {
            self.error(
                SyntaxError::new(
                    Code::UnmatchedParen,
                    span,
                    "`)` closes no variation",
                    "no `(` opened a variation before this",
                )
                .with_help("remove it, or open the variation with `(`"),
            );
        } else {
            self.depth -= 1;
            self.emit(ItemKind::VariationClose, span, false, self.no_atoms());
        }
    }

    /// Ends the item being built, reporting a turn number left without a side.
    fn end_item(&mut self) {
        if self.expecting_side {
            self.missing_side();
        }
        self.close_item();
    }

    /// Ends the item being built, checks its shape and emits it. Asked at
    /// every newline, most of which end nothing more: the test is inlined,
    /// the work is not.
    #[inline]
    fn close_item(&mut self) {
        if let Some(open) = self.open.take() {
            self.close_open_item(open);
        }
    }

    #[inline(never)]
    fn close_open_item(&mut self, (kind, start): (ItemKind, usize)) {
        let (first, len) = (self.first, self.atoms.len());
        let end = self.atoms[first..]
            .last()
            .map_or(start, |a| a.span.end as usize);
        let span = Span::new(start, end);
        let kind = match kind {
            ItemKind::Action | ItemKind::Directive
                if len - first == 2
                    && self.atoms[first].kind == AtomKind::Number
                    && self.turn_without_dot() =>
            {
                ItemKind::Turn
            }
            ItemKind::Action => {
                self.check_action();
                kind
            }
            ItemKind::Directive => {
                self.check_directive();
                kind
            }
            _ => kind,
        };
        self.emit(kind, span, false, (first, len));
        self.first = len;
        for i in 0..self.pending.len() {
            let (span, trailing) = self.pending[i];
            self.emit(ItemKind::Comment, span, trailing, self.no_atoms());
        }
        self.pending.clear();
    }

    /// `2 Saxons`: a turn whose number lost its dot (the word after it one
    /// of the sides). Reported with the fix,
    /// and read as the turn it is, so the movetext after it is movetext.
    fn turn_without_dot(&mut self) -> bool {
        let [number, side] = self.atoms[self.first..] else {
            return false;
        };
        // Only a side the Sides tag names: `2 hold` is no turn.
        let is_turn = number.kind == AtomKind::Number
            && number.text.bytes().all(|b| b.is_ascii_digit())
            && side.kind == AtomKind::Word
            && self
                .sides
                .trim_matches('"')
                .split_ascii_whitespace()
                .any(|name| name == side.text);
        if !is_turn {
            return false;
        }
        let end = number.span.end as usize;
        self.error(
            SyntaxError::new(
                Code::MissingTurnDot,
                number.span,
                format!(
                    "`{} {}` looks like a turn, but its number has no `.`",
                    number.text, side.text
                ),
                "expected `.` after this turn number",
            )
            .with_help(format!(
                "write the turn as `{}. {}`",
                number.text, side.text
            ))
            .with_fix(Fix::new(
                Span::new(end, end),
                ".",
                "insert `.` after the turn number",
            )),
        );
        self.section = Section::Movetext;
        true
    }

    fn check_directive(&mut self) {
        let first = self.atoms[self.first];
        if first.kind != AtomKind::Word && first.kind != AtomKind::Invalid {
            self.error(
                SyntaxError::new(
                    Code::UnexpectedToken,
                    first.span,
                    format!("a setup line cannot start with {}", first.kind.describe()),
                    "expected a keyword such as map, army or deploy",
                )
                .with_help("start the line with its keyword, or start the movetext with a turn number such as `1. Saxons`"),
            );
        }
    }

    fn check_action(&mut self) {
        // The shape is judged without building anything; a message only
        // for a flawed action.
        if let Some((flaw, at)) = action_flaw(&self.atoms[self.first..]) {
            self.report_action_flaw(flaw, self.first + at);
        }
    }

    #[cold]
    #[inline(never)]
    fn report_action_flaw(&mut self, flaw: ActionFlaw, at: usize) {
        let atom = self.atoms[at];
        let first = self.atoms[self.first];
        let error = match flaw {
            ActionFlaw::NoActor => SyntaxError::new(
                Code::UnexpectedToken,
                atom.span,
                format!("an action cannot start with {}", atom.kind.describe()),
                "expected the unit that acts",
            )
            .with_help("write an action as `UNIT VERB ARGS...`, e.g. `IX charge VI`"),
            ActionFlaw::NoVerb => SyntaxError::new(
                Code::MissingVerb,
                atom.span,
                format!("action by `{}` has no verb", first.text),
                "expected a verb here",
            )
            .with_help(format!(
                "say what `{}` does, e.g. `{} hold`",
                first.text, first.text
            )),
            ActionFlaw::ReactionAfterOutcome => SyntaxError::new(
                Code::UnexpectedToken,
                atom.span,
                "reaction after the claimed outcome",
                "reactions come before `=>`",
            ),
            ActionFlaw::EmptyReaction => SyntaxError::new(
                Code::EmptyReaction,
                atom.span,
                "reaction without a unit and a verb",
                "expected `> UNIT VERB` here",
            )
            .with_help("name the unit that reacts and what it does, e.g. `> VI endure`"),
            ActionFlaw::SecondOutcome => SyntaxError::new(
                Code::UnexpectedToken,
                atom.span,
                "a second `=>` in one action",
                "an action claims one outcome",
            ),
            ActionFlaw::GlyphInMiddle => SyntaxError::new(
                Code::UnexpectedToken,
                atom.span,
                "glyph in the middle of an action",
                "a glyph ends its action",
            )
            .with_help("put the glyph at the end of the action"),
        };
        self.error(error);
    }
}

/// An error prose gives when read as notation (a comment whose `{` was
/// lost): these start holding what follows, in case a `}` closes it.
fn prose_error(error: &SyntaxError) -> bool {
    error.fix.is_none()
        && matches!(
            error.code,
            Code::InvalidToken
                | Code::UnexpectedToken
                | Code::MissingVerb
                | Code::EmptyReaction
                | Code::UnmatchedParen
                | Code::UnclosedString
                | Code::MissingSide
        )
}

/// What is wrong with an action's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ActionFlaw {
    /// It starts with something other than a unit.
    NoActor,
    /// The unit is not followed by a verb.
    NoVerb,
    ReactionAfterOutcome,
    /// `>` without a unit and a verb after it.
    EmptyReaction,
    SecondOutcome,
    GlyphInMiddle,
}

/// The first flaw in an action's shape (`actor verb`, then reactions, one
/// outcome and a final glyph), with the index of the atom it is reported on.
/// An action that starts with an invalid atom has no flaw here: that atom is
/// reported already.
fn action_flaw(atoms: &[Atom<'_>]) -> Option<(ActionFlaw, usize)> {
    let first = atoms.first()?;
    if !first.kind.is_actor() {
        return (first.kind != AtomKind::Invalid).then_some((ActionFlaw::NoActor, 0));
    }
    match atoms.get(1) {
        Some(verb) if matches!(verb.kind, AtomKind::Word | AtomKind::Invalid) => {}
        Some(_) => return Some((ActionFlaw::NoVerb, 1)),
        None => return Some((ActionFlaw::NoVerb, 0)),
    }
    let mut outcome = false;
    for (i, atom) in atoms.iter().enumerate().skip(2) {
        match atom.kind {
            AtomKind::Reaction if outcome => return Some((ActionFlaw::ReactionAfterOutcome, i)),
            AtomKind::Reaction => {
                let reactor = atoms.get(i + 1).is_some_and(|a| a.kind.is_actor());
                let verb = atoms.get(i + 2).is_some_and(|a| a.kind == AtomKind::Word);
                if !(reactor && verb) {
                    return Some((ActionFlaw::EmptyReaction, i));
                }
            }
            AtomKind::Outcome if outcome => return Some((ActionFlaw::SecondOutcome, i)),
            AtomKind::Outcome => outcome = true,
            AtomKind::Glyph if i + 1 != atoms.len() => {
                return Some((ActionFlaw::GlyphInMiddle, i));
            }
            _ => {}
        }
    }
    None
}

/// The largest turn number: turns are counted in a `u32`.
pub const MAX_TURN: u32 = u32::MAX;

/// How `text`, an invalid run, splits into the atoms it was meant to be when
/// only blanks are missing: around `>` and `=>` (`II>II`), or after a turn
/// number's dot (`1.Saxons`). Each piece: its byte range in `text` and kind.
fn split_glued(text: &str) -> Option<Vec<(usize, usize, AtomKind)>> {
    let mut pieces = Vec::new();
    if let Some(dot) = text.find('.')
        && dot > 0
        && text[..dot].bytes().all(|b| b.is_ascii_digit())
        && classify(&text[dot + 1..]) == AtomKind::Word
    {
        pieces.push((0, dot + 1, AtomKind::TurnNumber));
        pieces.push((dot + 1, text.len(), AtomKind::Word));
        return Some(pieces);
    }
    let mut at = 0;
    while at < text.len() {
        let arrow = text[at..].find('>').map(|i| at + i);
        let Some(arrow) = arrow else {
            pieces.push((at, text.len(), classify(&text[at..])));
            break;
        };
        let (arrow_start, kind) = if arrow > at && text.as_bytes()[arrow - 1] == b'=' {
            (arrow - 1, AtomKind::Outcome)
        } else {
            (arrow, AtomKind::Reaction)
        };
        if arrow_start > at {
            pieces.push((at, arrow_start, classify(&text[at..arrow_start])));
        }
        pieces.push((arrow_start, arrow + 1, kind));
        at = arrow + 1;
    }
    let arrows = pieces
        .iter()
        .filter(|p| matches!(p.2, AtomKind::Reaction | AtomKind::Outcome))
        .count();
    let sound = arrows > 0
        && pieces.len() > 1
        && pieces.iter().all(|p| p.2 != AtomKind::Invalid)
        && pieces.windows(2).all(|w| {
            !(w[0].2 == w[1].2 && matches!(w[0].2, AtomKind::Reaction | AtomKind::Outcome))
        });
    sound.then_some(pieces)
}

/// How many bytes of `src` are a byte order mark at its start: 3 or 0.
pub fn bom_len(src: &str) -> usize {
    if src.starts_with('\u{feff}') { 3 } else { 0 }
}

/// Where the `{` comment at `start` closes: `Ok` at its `}`; `Err` where one
/// never closed stops, before the next line that starts with a tag pair, so
/// it cannot swallow the battles after it.
pub(crate) fn brace_comment_close(src: &str, start: usize) -> Result<usize, usize> {
    let bytes = src.as_bytes();
    let mut from = start + 1;
    loop {
        match memchr::memchr2(b'}', b'\n', &bytes[from..]) {
            Some(offset) if bytes[from + offset] == b'}' => return Ok(from + offset),
            Some(offset) => {
                let newline = from + offset;
                if tag_line_at(src, newline + 1) {
                    return Err(newline);
                }
                from = newline + 1;
            }
            None => return Err(bytes.len()),
        }
    }
}

/// Whether the line starting at `at` starts (after blanks) with a tag pair.
/// Costs at most one pass over that line.
pub(crate) fn tag_line_at(src: &str, at: usize) -> bool {
    let bytes = src.as_bytes();
    let mut i = at;
    while matches!(bytes.get(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    bytes.get(i) == Some(&b'[') && scan_tag(src, i).is_ok()
}

/// Where the line that holds `from` ends: its newline, or the text's end.
pub(crate) fn line_end(bytes: &[u8], from: usize) -> usize {
    memchr::memchr(b'\n', &bytes[from..]).map_or(bytes.len(), |o| from + o)
}

/// The tag at `start`: its name, value and end; or where to resume.
///
/// Nothing here crosses a newline (a string's scan stops at one), so the
/// line's end is sought only for a malformed tag, to resume after it.
pub(crate) fn scan_tag(src: &str, start: usize) -> Result<(Atom<'_>, Atom<'_>, usize), usize> {
    let bytes = src.as_bytes();
    // Where to resume after a malformed tag: only sought when one is.
    let give_up = || {
        let line_end = line_end(bytes, start);
        memchr::memchr(b']', &bytes[start..line_end]).map_or(line_end, |o| start + o + 1)
    };
    let skip_blanks = |mut i: usize| {
        while matches!(bytes.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        i
    };
    let name_start = skip_blanks(start + 1);
    // Found as an atom is, its classes OR-ed: a plain word is told from
    // them without the recognisers.
    let (name_end, mask) = scan_atom(bytes, name_start);
    let name_text = &src[name_start..name_end];
    if name_text.is_empty() || classify_scanned(name_text, mask) != AtomKind::Word {
        return Err(give_up());
    }
    let value_start = skip_blanks(name_end);
    if value_start == name_end || bytes.get(value_start) != Some(&b'"') {
        return Err(give_up());
    }
    // An open string's scan ends at its line's end, where a tag resumes.
    let value_end = scan_string(bytes, value_start)?;
    let close = skip_blanks(value_end);
    if bytes.get(close) != Some(&b']') {
        return Err(give_up());
    }
    let name = Atom {
        kind: AtomKind::Word,
        text: name_text,
        span: Span::new(name_start, name_end),
    };
    let value = Atom {
        kind: AtomKind::Str,
        text: &src[value_start..value_end],
        span: Span::new(value_start, value_end),
    };
    Ok((name, value, close + 1))
}

/// The end of the string starting at `start` (a `"`), or the end of its line
/// (its newline, or the text's end) when it is never closed there.
///
/// A byte loop, not `memchr`: strings are names of a few words, shorter than
/// a vector search's setup, and one pass finds both the close and the line's
/// end. Measured in docs/speed.md.
pub(crate) fn scan_string(bytes: &[u8], start: usize) -> Result<usize, usize> {
    let mut i = start + 1;
    while let Some(&byte) = bytes.get(i) {
        match byte {
            b'"' => return Ok(i + 1),
            b'\n' => return Err(i),
            // An escape takes the next byte, unless that ends the line.
            b'\\' if bytes.get(i + 1) != Some(&b'\n') => i += 2,
            _ => i += 1,
        }
    }
    Err(bytes.len())
}

/// A visitor that builds nothing and counts what it is shown: the parser's
/// own cost, as pgn-reader's benchmarks measure theirs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub battles: usize,
    pub items: usize,
    pub atoms: usize,
    pub errors: usize,
}

impl Counts {
    /// The battles, items, atoms and errors of `src`, read with a
    /// [`Parser`] and no tree.
    pub fn of(src: &str) -> Counts {
        let mut parser = Parser::new(src);
        let mut counts = Counts::default();
        while parser.next_battle(&mut counts).is_some() {}
        counts
    }
}

impl<'s> Visitor<'s> for Counts {
    fn begin_battle(&mut self, _start: u32) {
        self.battles += 1;
    }

    fn item(&mut self, item: ItemRef<'_, 's>) -> ControlFlow<()> {
        self.items += 1;
        self.atoms += item.atoms.len();
        ControlFlow::Continue(())
    }

    fn error(&mut self, _error: SyntaxError) {
        self.errors += 1;
    }
}

/// Builds the tree of each battle: its items and errors (its atoms are the
/// parser's own list).
struct TreeBuilder {
    items: Vec<Item>,
    errors: Vec<SyntaxError>,
    span: Span,
}

impl<'s> Visitor<'s> for TreeBuilder {
    fn item(&mut self, item: ItemRef<'_, 's>) -> ControlFlow<()> {
        self.items.push(Item {
            kind: item.kind,
            span: item.span,
            atoms: item.first_atom..item.first_atom + item.atoms.len() as u32,
            trailing: item.trailing,
        });
        ControlFlow::Continue(())
    }

    fn error(&mut self, error: SyntaxError) {
        self.errors.push(error);
    }

    fn end_battle(&mut self, span: Span) {
        self.span = span;
    }
}

/// The battles of a text, each as a tree with how it ended.
pub struct Battles<'s> {
    parser: Parser<'s>,
}

impl<'s> Iterator for Battles<'s> {
    type Item = (Battle<'s>, Stop);

    fn next(&mut self) -> Option<Self::Item> {
        let mut battle = Battle::empty(self.parser.src);
        let stop = self.parser.next_tree(&mut battle)?;
        Some((battle, stop))
    }
}

impl<'s> Battles<'s> {
    /// Byte offset where the next battle starts.
    pub fn position(&self) -> usize {
        self.parser.position()
    }
}

/// Iterates over the battles of `src`, one tree at a time.
pub fn battles(src: &str) -> Battles<'_> {
    Battles {
        parser: Parser::new(src),
    }
}

fn into_battle<'s>(src: &'s str, builder: TreeBuilder, atoms: Vec<Atom<'s>>) -> Battle<'s> {
    Battle {
        source: src,
        span: builder.span,
        items: builder.items,
        atoms,
        errors: builder.errors,
    }
}

/// Parses a whole archive. Never fails: errors are in the result.
pub fn parse(src: &str) -> Archive<'_> {
    let mut archive = Archive {
        source: src,
        battles: Vec::new(),
        errors: Vec::new(),
    };
    if src.len() >= u32::MAX as usize {
        archive.errors.push(
            SyntaxError::new(
                Code::InputTooLarge,
                Span::default(),
                format!("{} bytes is too large to parse in one piece", src.len()),
                "here",
            )
            .with_help("split the archive, or read it battle by battle as `senlac lint` does"),
        );
        return archive;
    }
    archive
        .battles
        .extend(battles(src).map(|(battle, _)| battle));
    if archive.battles.is_empty() {
        archive.errors.push(
            SyntaxError::new(
                Code::EmptyArchive,
                Span::new(0, src.len()),
                "no battle in this file",
                "expected tags such as [Battle \"...\"]",
            )
            .with_help("a battle starts with its tags; see docs/notation.md"),
        );
    }
    archive
}

/// Turns bytes into text the parser can read: invalid UTF-8 becomes one
/// `\u{1A}` per bad byte, so every span still points at the original bytes.
pub fn decode(bytes: &[u8]) -> (std::borrow::Cow<'_, str>, Vec<SyntaxError>) {
    decode_from(bytes, 0)
}

/// [`decode`] for bytes that start `base` bytes into their file: spans are
/// offsets into `bytes`, as the parser's are, and messages quote the file's
/// offsets, as a reader counts them.
pub fn decode_from(bytes: &[u8], base: usize) -> (std::borrow::Cow<'_, str>, Vec<SyntaxError>) {
    let mut errors = Vec::new();
    let mut rest = match std::str::from_utf8(bytes) {
        Ok(text) => return (std::borrow::Cow::Borrowed(text), errors),
        Err(_) => bytes,
    };
    let mut out = String::with_capacity(bytes.len());
    let mut offset = 0;
    while !rest.is_empty() {
        match std::str::from_utf8(rest) {
            Ok(text) => {
                out.push_str(text);
                break;
            }
            Err(e) => {
                let good = e.valid_up_to();
                let bad = e.error_len().unwrap_or(rest.len() - good);
                out.push_str(std::str::from_utf8(&rest[..good]).unwrap_or_default());
                out.extend(std::iter::repeat_n('\u{1A}', bad));
                let at = offset + good;
                match errors.last_mut() {
                    // One error for a run of bad bytes, not one per byte.
                    Some(last) if last.span.end as usize == at => {
                        last.span.end = (at + bad) as u32;
                        last.message = format!(
                            "invalid UTF-8 at bytes {}..{} of the file",
                            base + last.span.start as usize,
                            base + at + bad
                        )
                        .into();
                    }
                    _ => errors.push(
                        SyntaxError::new(
                            Code::InvalidUtf8,
                            Span::new(at, at + bad),
                            format!("invalid UTF-8 at byte {} of the file", base + at),
                            "these bytes are not UTF-8 text",
                        )
                        .with_help("save the file as UTF-8"),
                    ),
                }
                rest = &rest[good + bad..];
                offset += good + bad;
            }
        }
    }
    (std::borrow::Cow::Owned(out), errors)
}
