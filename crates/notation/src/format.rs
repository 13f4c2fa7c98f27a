//! The canonical formatter: one layout for every battle, every comment kept.
//!
//! The rules are in docs/notation.md, "Canonical formatting". The formatter
//! works on error-free trees; a caller with syntax errors reports them instead.

use crate::atom::AtomKind;
use crate::syntax::{Archive, Battle, ItemKind};

/// Deepest indentation, so a variation nested 100,000 deep stays linear in size.
pub const MAX_INDENT: usize = 64;

/// The canonical text of an archive. A byte order mark at the start is kept,
/// and so are the text's line endings ([`LineEnding::of`]).
pub fn format(archive: &Archive<'_>) -> String {
    let source = archive.source;
    let ending = LineEnding::of(source.as_bytes()).unwrap_or(LineEnding::Lf);
    let mut out = String::with_capacity(source.len() + source.len() / 8);
    out.push_str(&source[..crate::parse::bom_len(source)]);
    for (i, battle) in archive.battles.iter().enumerate() {
        if i > 0 {
            out.push_str(ending.as_str());
        }
        format_battle_with(battle, ending, &mut out);
    }
    out
}

/// How a text ends its lines. The formatter ends the lines it writes as the
/// text's first line ends; line breaks inside a brace comment stay as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineEnding {
    Lf,
    CrLf,
}

impl LineEnding {
    /// The ending of the text's first line, after a byte order mark and any
    /// blank lines (which the formatter drops); `None` when `start`, the
    /// start of a text, has no line break there yet. A text with no line
    /// break at all is written with [`LineEnding::Lf`].
    ///
    /// Whatever a text mixes, formatting is idempotent: the first line break
    /// the formatter writes, or the comment's it keeps, is the text's first.
    pub fn of(start: &[u8]) -> Option<LineEnding> {
        let bom = if start.starts_with(b"\xef\xbb\xbf") {
            3
        } else {
            0
        };
        let first = start[bom..].iter().position(|b| !b.is_ascii_whitespace())? + bom;
        let newline = memchr::memchr(b'\n', &start[first..])? + first;
        Some(if start[newline - 1] == b'\r' {
            LineEnding::CrLf
        } else {
            LineEnding::Lf
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            LineEnding::Lf => "\n",
            LineEnding::CrLf => "\r\n",
        }
    }
}

/// Appends the canonical text of one battle to `out`, with `\n` line ends.
pub fn format_battle(battle: &Battle<'_>, out: &mut String) {
    format_battle_with(battle, LineEnding::Lf, out);
}

/// Appends the canonical text of one battle to `out`, ending its lines with `ending`.
pub fn format_battle_with(battle: &Battle<'_>, ending: LineEnding, out: &mut String) {
    let newline = ending.as_str();
    let indents = indents(battle);
    let separators = separators(battle);
    let mut line_open = false;
    for (i, (item, atoms)) in battle.iter().enumerate() {
        if separators.contains(&Some(i)) {
            end_line(out, &mut line_open, newline);
            out.push_str(newline);
        }
        if item.kind == ItemKind::Comment && item.trailing && line_open {
            out.push(' ');
            out.push_str(battle.text(item.span));
            continue;
        }
        end_line(out, &mut line_open, newline);
        if item.kind == ItemKind::BlankLine {
            out.push_str(newline);
            continue;
        }
        out.extend(std::iter::repeat_n(' ', indents[i] as usize));
        line_open = true;
        match item.kind {
            ItemKind::Comment => out.push_str(battle.text(item.span)),
            ItemKind::Tag => {
                out.push('[');
                out.push_str(atoms[0].text);
                out.push(' ');
                out.push_str(atoms[1].text);
                out.push(']');
            }
            ItemKind::Turn if atoms.len() == 2 => {
                out.push_str(atoms[0].text);
                out.push(' ');
                out.push_str(atoms[1].text);
            }
            ItemKind::VariationOpen => out.push('('),
            ItemKind::VariationClose => out.push(')'),
            _ => {
                for (j, atom) in atoms.iter().enumerate() {
                    // A glyph is glued to the atom before it, unless that is a
                    // glyph too (`!!` then `!` must not read back as `!!!`).
                    let glued = atom.kind == AtomKind::Glyph
                        && j > 0
                        && atoms[j - 1].kind != AtomKind::Glyph;
                    if j > 0 && !glued {
                        out.push(' ');
                    }
                    out.push_str(atom.text);
                }
            }
        }
    }
    end_line(out, &mut line_open, newline);
}

fn end_line(out: &mut String, line_open: &mut bool, newline: &str) {
    if *line_open {
        out.push_str(newline);
        *line_open = false;
    }
}

/// Each item's indentation; an own-line comment takes the indentation of what follows.
fn indents(battle: &Battle<'_>) -> Vec<u16> {
    let mut indents = vec![0u16; battle.items.len()];
    let mut depth = 0usize;
    let mut phase_seen = false;
    for (i, (item, atoms)) in battle.iter().enumerate() {
        let base = (2 * depth).min(MAX_INDENT);
        let action = base + if phase_seen { 4 } else { 2 };
        indents[i] = match item.kind {
            ItemKind::Directive if atoms.first().is_some_and(|a| a.text == "unit") => 2,
            ItemKind::Turn => {
                phase_seen = false;
                base
            }
            ItemKind::Phase => {
                phase_seen = true;
                base + 2
            }
            ItemKind::Action => action,
            ItemKind::VariationOpen => {
                depth += 1;
                action
            }
            ItemKind::VariationClose => {
                depth = depth.saturating_sub(1);
                (2 * depth).min(MAX_INDENT) + if phase_seen { 4 } else { 2 }
            }
            _ => 0,
        } as u16;
    }
    let mut next = 0u16;
    for (i, item) in battle.items.iter().enumerate().rev() {
        match item.kind {
            ItemKind::Comment | ItemKind::BlankLine => indents[i] = next,
            _ => next = indents[i],
        }
    }
    // A comment written under an action (or a phase's label), at least as
    // deep as an action and deeper than what follows, belongs to what is
    // above it: it keeps an action's depth.
    let mut above: Option<u16> = None;
    for (i, item) in battle.items.iter().enumerate() {
        match item.kind {
            ItemKind::Action => above = Some(indents[i]),
            ItemKind::Phase => above = Some(indents[i] + 2),
            ItemKind::Comment if item.trailing => {}
            ItemKind::Comment => {
                let column = column(battle.source, item.span.start as usize);
                if let Some(action) = above
                    && column >= usize::from(action)
                    && column > usize::from(indents[i])
                {
                    indents[i] = action;
                }
            }
            _ => above = None,
        }
    }
    indents
}

/// How many bytes precede `offset` on its line.
fn column(source: &str, offset: usize) -> usize {
    let line = source.get(..offset).unwrap_or("");
    line.len() - line.rfind('\n').map_or(0, |at| at + 1)
}

/// Where the formatter puts the blank lines it always writes: after the tags, and
/// before the movetext (with the comments that lead into it).
fn separators(battle: &Battle<'_>) -> [Option<usize>; 2] {
    let items = &battle.items;
    let own_line = |i: usize| !(items[i].kind == ItemKind::Comment && items[i].trailing);
    let after_tags = items
        .iter()
        .position(|i| i.kind == ItemKind::Tag)
        .and_then(|first_tag| {
            (first_tag..items.len()).find(|&i| items[i].kind != ItemKind::Tag && own_line(i))
        });
    let before_moves = items
        .iter()
        .position(|i| i.kind == ItemKind::Turn)
        .map(|turn| {
            let mut j = turn;
            while j > 0 && items[j - 1].kind == ItemKind::Comment && own_line(j - 1) {
                j -= 1;
            }
            j
        });
    let wanted = |at: Option<usize>| {
        at.filter(|&i| {
            i > 0
                && items[i].kind != ItemKind::BlankLine
                && items[i - 1].kind != ItemKind::BlankLine
        })
    };
    let first = wanted(after_tags);
    let second = wanted(before_moves).filter(|&i| Some(i) != first);
    [first, second]
}
