//! Reading an archive battle by battle, in memory bounded by the largest battle.
//!
//! The file is read in chunks. Each chunk, cut at its last newline, is decoded
//! and cut into battles by [`senlac_notation::split`], which finds where they
//! start without parsing them; the battle cut off by the chunk's end waits for
//! more bytes. The battles of a chunk can then be parsed and checked in
//! parallel ([`Chunk::parse`]), each worker reusing one tree, while the next
//! chunk is read and cut. Two chunks are held at a time.

use std::io::Read;
use std::ops::ControlFlow;

use senlac_notation::parse::bom_len;
use senlac_notation::{Battle, Parser, Span, SyntaxError, decode_from, split};

/// How much is read at a time.
const CHUNK: usize = 1 << 20;

/// Where a battle's text sits in its file.
#[derive(Clone, Copy, Debug)]
pub struct Origin {
    /// Byte offset of the text's start in the file.
    pub offset: usize,
    /// Lines before the text's start.
    pub line: usize,
}

/// A battle's own text, and where it stands in its file.
pub struct Placed<'s> {
    pub text: &'s str,
    /// Where `text` starts in the chunk it was parsed from.
    pub start: usize,
    /// Where `text` starts in the file.
    pub origin: Origin,
}

/// The whole battles of one chunk of a file.
pub struct Chunk<'t> {
    /// The chunk's text, decoded.
    pub text: &'t str,
    /// Where each battle starts in `text`, in order.
    pub starts: &'t [usize],
    /// The chunk's UTF-8 errors, in order, with spans into `text`.
    utf8_errors: &'t [SyntaxError],
    /// Where `text` starts in the file.
    pub origin: Origin,
}

impl<'t> Chunk<'t> {
    /// Parses battle `index` into `tree` with `parser` (both over `text`), and
    /// returns the UTF-8 errors inside it.
    pub fn parse(
        &self,
        index: usize,
        parser: &mut Parser<'t>,
        tree: &mut Battle<'t>,
    ) -> &'t [SyntaxError] {
        parser.seek(self.starts[index]);
        parser.next_tree(tree);
        self.utf8_in(tree.span)
    }

    /// The UTF-8 errors inside `span`.
    pub fn utf8_in(&self, span: Span) -> &'t [SyntaxError] {
        let errors = self.utf8_errors;
        let first = errors.partition_point(|e| e.span.start < span.start);
        let last = errors.partition_point(|e| e.span.start < span.end);
        &errors[first..last.max(first)]
    }
}

/// Places the battles of one chunk in their file, taken in order: the
/// newlines before each are counted once for the whole chunk, not once per
/// battle from the chunk's start.
pub struct Placer {
    chunk: Origin,
    counted_to: usize,
    line: usize,
}

impl Placer {
    pub fn new(chunk: Origin) -> Placer {
        Placer {
            chunk,
            counted_to: 0,
            line: chunk.line,
        }
    }

    pub fn place<'s>(&mut self, battle: &Battle<'s>) -> Placed<'s> {
        self.place_span(battle.source, battle.span)
    }

    /// Places the battle at `span` of `source`, the chunk's text.
    pub fn place_span<'s>(&mut self, source: &'s str, span: Span) -> Placed<'s> {
        let start = (span.start as usize).min(source.len());
        let end = (span.end as usize).clamp(start, source.len());
        let from = self.counted_to.min(start);
        self.line += memchr::memchr_iter(b'\n', &source.as_bytes()[from..start]).count();
        self.counted_to = start;
        Placed {
            text: &source[start..end],
            start,
            origin: Origin {
                offset: self.chunk.offset + start,
                line: self.line,
            },
        }
    }
}

/// Calls `each` with the chunks of `reader` in order, each cut into its whole
/// battles; `each` may stop the reading. Returns the number of bytes read.
///
/// The next chunk is read, decoded and cut into battles on one thread while
/// `each` checks this one on the others, so only the first chunk's read
/// waits alone.
pub fn for_each_text_chunk<R: Read + Send>(
    mut reader: R,
    mut each: impl FnMut(&Chunk<'_>) -> ControlFlow<()> + Send,
) -> std::io::Result<usize> {
    let mut origin = Origin { offset: 0, line: 0 };
    let mut current = ReadChunk::next(&mut reader, Vec::with_capacity(CHUNK), CHUNK, origin)?;
    let mut spare: Vec<u8> = Vec::new();
    loop {
        let chunk = Chunk {
            text: &current.text,
            starts: &current.starts,
            utf8_errors: &current.utf8_errors,
            origin,
        };
        let read = origin.offset + current.len();
        if current.eof {
            // The last chunk: whether `each` stops changes nothing more.
            let _ = each(&chunk);
            return Ok(read);
        }
        let consumed = current.consumed;
        let after = Origin {
            offset: origin.offset + consumed,
            line: origin.line + memchr::memchr_iter(b'\n', &current.raw()[..consumed]).count(),
        };
        let left = current.len() - consumed;
        // A battle longer than what is buffered: read more before trying again.
        let want = if consumed == 0 {
            left.max(CHUNK) * 2
        } else {
            CHUNK.max(left)
        };
        let mut buf = std::mem::take(&mut spare);
        let (flow, next) = rayon::join(
            || each(&chunk),
            || {
                buf.clear();
                buf.extend_from_slice(&current.raw()[consumed..]);
                buf.extend_from_slice(&current.tail);
                ReadChunk::next(&mut reader, buf, want, after)
            },
        );
        if flow.is_break() {
            return Ok(read);
        }
        spare = std::mem::replace(&mut current, next?).into_buffer();
        origin = after;
    }
}

/// One chunk as read: its text up to its last newline, decoded and cut
/// into battles, and the bytes read past that newline.
struct ReadChunk {
    text: String,
    /// The bytes as read, when `text` is not them (invalid UTF-8 replaced):
    /// what is carried to the next chunk is read from these.
    raw: Option<Vec<u8>>,
    /// Bytes read past the last newline: the start of a line.
    tail: Vec<u8>,
    starts: Vec<usize>,
    utf8_errors: Vec<SyntaxError>,
    /// Where the battle that may go on past the chunk starts: the next
    /// chunk holds the text from here again.
    consumed: usize,
    eof: bool,
}

impl ReadChunk {
    /// Reads on into `buf` (holding what the last chunk carried over) until
    /// it holds `want` bytes or the reader ends, and cuts the result.
    fn next(
        reader: &mut impl Read,
        mut buf: Vec<u8>,
        want: usize,
        origin: Origin,
    ) -> std::io::Result<ReadChunk> {
        // Read into the buffer's spare room: nothing is zero-filled first.
        let mut eof = false;
        while !eof && buf.len() < want {
            let asked = (want - buf.len()) as u64;
            let got = reader.by_ref().take(asked).read_to_end(&mut buf)?;
            eof = (got as u64) < asked;
        }
        let cut = if eof {
            buf.len()
        } else {
            memchr::memrchr(b'\n', &buf).map_or(0, |i| i + 1)
        };
        let tail = buf.split_off(cut);
        let (text, raw, utf8_errors) = match String::from_utf8(buf) {
            Ok(text) => (text, None, Vec::new()),
            Err(e) => {
                let raw = e.into_bytes();
                let (text, errors) = decode_from(&raw, origin.offset);
                (text.into_owned(), Some(raw), errors)
            }
        };
        let first = if origin.offset == 0 {
            bom_len(&text)
        } else {
            0
        };
        let mut starts: Vec<usize> = split::starts(&text, first).collect();
        // The last battle may go on past the cut, unless the file ends there.
        let consumed = if eof {
            cut
        } else {
            starts.pop().unwrap_or(cut)
        };
        Ok(ReadChunk {
            text,
            raw,
            tail,
            starts,
            utf8_errors,
            consumed,
            eof,
        })
    }

    /// The chunk's bytes as read, up to its last newline.
    fn raw(&self) -> &[u8] {
        self.raw.as_deref().unwrap_or(self.text.as_bytes())
    }

    /// How many bytes were read into it.
    fn len(&self) -> usize {
        self.raw().len() + self.tail.len()
    }

    /// Its text's buffer, for the chunk after next.
    fn into_buffer(self) -> Vec<u8> {
        self.text.into_bytes()
    }
}

/// Calls `each` with the battles of `reader`, parsed, a chunk at a time, each
/// with the UTF-8 errors inside it, and where the chunk's text starts; `each`
/// may stop the reading. Returns the number of bytes read.
pub fn for_each_chunk<R: Read + Send>(
    reader: R,
    mut each: impl FnMut(&[(Battle<'_>, Vec<SyntaxError>)], Origin) -> ControlFlow<()> + Send,
) -> std::io::Result<usize> {
    for_each_text_chunk(reader, |chunk| {
        let mut parser = Parser::new(chunk.text);
        let battles: Vec<(Battle<'_>, Vec<SyntaxError>)> = (0..chunk.starts.len())
            .map(|index| {
                let mut tree = Battle::empty(chunk.text);
                let utf8 = chunk.parse(index, &mut parser, &mut tree).to_vec();
                (tree, utf8)
            })
            .collect();
        each(&battles, chunk.origin)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that hands out at most `step` bytes a call, as a pipe does.
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            let n = self.step.min(out.len()).min(self.bytes.len());
            out[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    #[test]
    fn chunks_hold_the_battles_a_whole_parse_finds() {
        let header = "[Battle \"b\"]\n[Site \"s\"]\n[Date \"d\"]\n[Rules \"r\"]\n[Sides \"A B\"]\n[Result \"A\"]\n";
        let mut text = String::new();
        for i in 0..400 {
            text.push_str(header);
            text.push_str("1. A\n  I hold { a [bracket] in a comment }\n");
            // One battle longer than two chunks.
            let turns = if i == 150 { 120_000 } else { 40 };
            for turn in 1..turns {
                text.push_str(&format!("{turn}. B\n  II hold ; [not a tag]\n"));
            }
            text.push('\n');
        }
        assert!(text.len() > 3 * CHUNK);
        let whole = senlac_notation::parse(&text);
        let expected: Vec<(usize, usize, usize)> = whole
            .battles
            .iter()
            .map(|b| {
                let start = b.span.start as usize;
                (
                    start,
                    b.span.end as usize,
                    text[..start].matches('\n').count(),
                )
            })
            .collect();
        for step in [7_001, 1 << 20] {
            let mut found = Vec::new();
            let read = for_each_chunk(
                Trickle {
                    bytes: text.as_bytes(),
                    step,
                },
                |battles, origin| {
                    let mut placer = Placer::new(origin);
                    for (battle, utf8) in battles {
                        assert!(utf8.is_empty());
                        let placed = placer.place(battle);
                        found.push((
                            placed.origin.offset,
                            placed.origin.offset + placed.text.len(),
                            placed.origin.line,
                        ));
                    }
                    ControlFlow::Continue(())
                },
            )
            .unwrap();
            assert_eq!(read, text.len());
            assert_eq!(found, expected, "reading {step} bytes at a time");
        }
    }
}
