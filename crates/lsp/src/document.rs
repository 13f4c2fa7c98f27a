//! The document store: an open file's text, its UTF-16 position index, and
//! the battles it holds, each with its analysis kept across edits.
//!
//! An edit changes the text between an unchanged prefix and an unchanged
//! suffix. The archive is cut into battles again ([`senlac_notation::split`],
//! no parsing); a battle wholly inside the prefix or the suffix keeps its
//! analysis (its spans count from its own start, so a shift costs nothing),
//! and the battle the edit touches keeps its replay to resume from the
//! edit ([`senlac_engine::Game::resume`]).

use line_index::{LineCol, LineIndex, TextSize, WideEncoding, WideLineCol};
use lsp_types::{Position, Range, TextDocumentContentChangeEvent};
use senlac_engine::Game;

use crate::analysis::{Analysis, Keep};

/// One battle of a document: where it stands, and what is known of it.
pub struct Slot {
    /// Its byte range in the document.
    pub start: usize,
    pub end: usize,
    /// Its check, once done; `None` while it waits for one.
    pub analysis: Option<Analysis>,
    /// The replay of its text before the last edit, and the offset (into
    /// the battle) before which its text is unchanged: what the check
    /// resumes from.
    pub previous: Option<(Box<dyn Game>, u32)>,
    /// An edit touched it: its replay is kept resumable. The others keep
    /// their findings only, until a request asks about them: a timeline
    /// and resume points for every battle of a 10 MB archive took a
    /// gigabyte.
    pub edited: bool,
}

impl Slot {
    fn fresh(start: usize, end: usize) -> Slot {
        Slot {
            start,
            end,
            analysis: None,
            previous: None,
            edited: false,
        }
    }
}

/// An open document.
pub struct Document {
    pub text: String,
    pub version: i32,
    pub lines: LineIndex,
    pub battles: Vec<Slot>,
    /// The battle the last edit touched: checked first.
    pub focus: usize,
    /// Where the last edit ended: the cursor, most likely, where the legal
    /// lines are worked out once the checks are done, before completion
    /// asks for them.
    pub warm: Option<usize>,
}

impl Document {
    pub fn new(text: String, version: i32) -> Document {
        let lines = LineIndex::new(&text);
        let battles = cut(&text)
            .into_iter()
            .map(|(s, e)| Slot::fresh(s, e))
            .collect();
        Document {
            text,
            version,
            lines,
            battles,
            focus: 0,
            warm: None,
        }
    }

    /// The battle that holds byte `offset` (the last one for the end).
    pub fn battle_at(&self, offset: usize) -> Option<usize> {
        if self.battles.is_empty() {
            return None;
        }
        let after = self.battles.partition_point(|b| b.start <= offset);
        Some(after.saturating_sub(1))
    }

    /// The text of battle `index`.
    pub fn battle_text(&self, index: usize) -> &str {
        let slot = &self.battles[index];
        &self.text[slot.start..slot.end]
    }

    /// The byte offset of an LSP position (UTF-16 columns), clamped to its
    /// line and to the text.
    pub fn offset(&self, position: Position) -> usize {
        let len = self.text.len();
        let Some(line) = self.lines.line(position.line) else {
            return len;
        };
        let start: usize = line.start().into();
        let end: usize = line.end().into();
        // The line's range includes its newline; a column past the text
        // stops before it.
        let content_end = self.text[start..end]
            .strip_suffix('\n')
            .map_or(end, |l| start + l.trim_end_matches('\r').len());
        let wide = WideLineCol {
            line: position.line,
            col: position.character,
        };
        let at = self
            .lines
            .to_utf8(WideEncoding::Utf16, wide)
            .and_then(|lc| self.lines.offset(lc))
            .map_or(content_end, usize::from);
        let mut at = at.min(content_end).min(len);
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
        at
    }

    /// The LSP position (UTF-16 columns) of byte `offset`.
    pub fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let size = TextSize::try_from(offset).unwrap_or_default();
        let lc = self
            .lines
            .try_line_col(size)
            .unwrap_or(LineCol { line: 0, col: 0 });
        let wide = self
            .lines
            .to_wide(WideEncoding::Utf16, lc)
            .unwrap_or(WideLineCol {
                line: lc.line,
                col: lc.col,
            });
        Position::new(wide.line, wide.col)
    }

    /// The LSP range of a byte range.
    pub fn range(&self, start: usize, end: usize) -> Range {
        Range::new(self.position(start), self.position(end))
    }

    /// Applies `changes` (in order, as LSP sends them), keeping what the
    /// edit leaves standing.
    pub fn change(&mut self, changes: Vec<TextDocumentContentChangeEvent>, version: i32) {
        let old_len = self.text.len();
        // The text before `prefix` and the last `suffix` bytes are unchanged.
        let mut prefix = old_len;
        let mut suffix = old_len;
        for change in changes {
            match change.range {
                Some(range) => {
                    let (a, b) = (self.offset(range.start), self.offset(range.end));
                    let (a, b) = (a.min(b), a.max(b));
                    let len = self.text.len();
                    prefix = prefix.min(a);
                    suffix = suffix.min(len - b);
                    self.text.replace_range(a..b, &change.text);
                    self.warm = Some(a + change.text.len());
                }
                None => {
                    prefix = 0;
                    suffix = 0;
                    self.text = change.text;
                    self.warm = None;
                }
            }
            self.lines = LineIndex::new(&self.text);
        }
        self.version = version;
        let new_len = self.text.len();
        // Never count a byte as both prefix and suffix.
        let suffix = suffix
            .min(new_len - prefix.min(new_len))
            .min(old_len - prefix.min(old_len));
        self.reslot(old_len, prefix, suffix);
    }

    fn reslot(&mut self, old_len: usize, prefix: usize, suffix: usize) {
        let new_len = self.text.len();
        let mut old: Vec<Option<Slot>> = std::mem::take(&mut self.battles)
            .into_iter()
            .map(Some)
            .collect();
        let starts: Vec<usize> = old.iter().flatten().map(|s| s.start).collect();
        let take = |old: &mut Vec<Option<Slot>>, start: usize, end: usize| -> Option<Slot> {
            let i = starts.binary_search(&start).ok()?;
            let slot = old[i].take()?;
            if slot.end == end {
                Some(slot)
            } else {
                old[i] = Some(slot);
                None
            }
        };
        let mut battles = Vec::new();
        let mut focus = None;
        for (start, end) in cut(&self.text) {
            let kept = if end <= prefix {
                take(&mut old, start, end)
            } else if start >= new_len - suffix {
                let back = start + old_len - new_len;
                take(&mut old, back, back + (end - start)).map(|mut slot| {
                    slot.start = start;
                    slot.end = end;
                    slot
                })
            } else {
                None
            };
            let slot = match kept {
                Some(slot) => slot,
                None => {
                    focus.get_or_insert(battles.len());
                    let mut slot = Slot::fresh(start, end);
                    slot.edited = true;
                    // The battle the edit starts in resumes from the edit.
                    if start < prefix
                        && let Ok(i) = starts.binary_search(&start)
                        && let Some(previous) = old[i].take()
                        && let Some(game) = previous
                            .analysis
                            .filter(|a| a.keep == Keep::Resumable)
                            .and_then(|a| a.game)
                    {
                        let edit = u32::try_from(prefix.min(end) - start).unwrap_or(0);
                        slot.previous = Some((game, edit));
                    }
                    slot
                }
            };
            battles.push(slot);
        }
        self.battles = battles;
        self.focus = focus.unwrap_or(0);
    }

    /// The next battle waiting for its check: the focus first, then in
    /// order.
    pub fn next_unchecked(&self) -> Option<usize> {
        let waits = |i: usize| self.battles.get(i).is_some_and(|b| b.analysis.is_none());
        if waits(self.focus) {
            return Some(self.focus);
        }
        (0..self.battles.len()).find(|&i| waits(i))
    }

    /// Works out the legal lines at the end of the last edit, once.
    pub fn warm_up(&mut self) {
        let Some(offset) = self.warm.take() else {
            return;
        };
        let Some(index) = self.battle_at(offset) else {
            return;
        };
        self.ensure_keeping(index, Keep::Timeline);
        let slot = &self.battles[index];
        if let (Some(analysis), Ok(local)) = (&slot.analysis, u32::try_from(offset - slot.start)) {
            analysis.legal_at(local);
        }
    }

    /// Checks battle `index` now if it waits for it.
    pub fn ensure(&mut self, index: usize) {
        self.ensure_keeping(index, Keep::Findings);
    }

    /// Checks battle `index` now, keeping at least what `keep` says (a
    /// request needs the timeline of the battle it asks about).
    pub fn ensure_keeping(&mut self, index: usize, keep: Keep) {
        let Some(slot) = self.battles.get_mut(index) else {
            return;
        };
        let keep = if slot.edited { Keep::Resumable } else { keep };
        if slot.analysis.as_ref().is_some_and(|a| a.keep >= keep) {
            return;
        }
        let previous = slot.previous.take();
        let analysis = Analysis::of(&self.text[slot.start..slot.end], previous, keep);
        slot.analysis = Some(analysis);
    }
}

/// Each battle's byte range; the whole text is covered from the first
/// battle's start (blanks before it belong to it).
fn cut(text: &str) -> Vec<(usize, usize)> {
    let starts: Vec<usize> = senlac_notation::split::starts(text, 0).collect();
    let ends = starts.iter().skip(1).copied().chain([text.len()]);
    starts.iter().copied().zip(ends).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(doc: &mut Document, range: Range, text: &str) {
        doc.change(
            vec![TextDocumentContentChangeEvent {
                range: Some(range),
                range_length: None,
                text: text.to_string(),
            }],
            doc.version + 1,
        );
    }

    #[test]
    fn utf16_columns_count_surrogate_pairs_and_accents() {
        let doc = Document::new("ab\né𝄞x\n".to_string(), 1);
        // é is one UTF-16 unit and two bytes; 𝄞 two units and four bytes.
        assert_eq!(doc.position(3), Position::new(1, 0));
        assert_eq!(doc.position(5), Position::new(1, 1));
        assert_eq!(doc.position(9), Position::new(1, 3));
        assert_eq!(doc.offset(Position::new(1, 3)), 9);
        assert_eq!(doc.offset(Position::new(1, 1)), 5);
        // Past the line: its end, before the newline.
        assert_eq!(doc.offset(Position::new(1, 40)), 10);
        assert_eq!(doc.offset(Position::new(9, 0)), doc.text.len());
    }

    #[test]
    fn an_edit_keeps_the_battles_it_does_not_touch_and_resumes_the_one_it_does() {
        let one = "[Battle \"A\"]\n\nx\n\n";
        let two = "[Battle \"B\"]\n\ny\n\n";
        let three = "[Battle \"C\"]\n\nz\n";
        let mut doc = Document::new(format!("{one}{two}{three}"), 1);
        assert_eq!(doc.battles.len(), 3);
        for i in 0..3 {
            doc.ensure(i);
        }
        // Replace `y` (line 7) with `yy`.
        change(
            &mut doc,
            Range::new(Position::new(6, 0), Position::new(6, 1)),
            "yy",
        );
        assert_eq!(doc.text, format!("{one}[Battle \"B\"]\n\nyy\n\n{three}"));
        assert!(doc.battles[0].analysis.is_some());
        assert!(doc.battles[1].analysis.is_none());
        assert!(doc.battles[2].analysis.is_some());
        assert_eq!(doc.battles[2].start, one.len() + two.len() + 1);
        assert_eq!(doc.focus, 1);
        assert_eq!(doc.next_unchecked(), Some(1));
    }
}
