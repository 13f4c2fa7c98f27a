//! Reading an archive battle by battle, in memory bounded by the largest battle.
//!
//! The file is read in chunks. Each chunk, cut at its last newline, is decoded and
//! parsed; every battle that ended at a boundary is handed on, and the one cut
//! off by the chunk's end is parsed again once more bytes arrive.

use std::io::Read;
use std::ops::ControlFlow;

use senlac_notation::{Battle, Stop, SyntaxError, battles, decode_from};

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
        let source = battle.source;
        let start = (battle.span.start as usize).min(source.len());
        let end = (battle.span.end as usize).clamp(start, source.len());
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

/// Calls `each` with the battles of `reader`, a chunk at a time (so the caller
/// can check a chunk's battles in parallel), each with the UTF-8 errors inside
/// it, and where the chunk's text starts; `each` may stop the reading. Returns
/// the number of bytes read.
pub fn for_each_chunk<R: Read>(
    mut reader: R,
    mut each: impl FnMut(&[(Battle<'_>, Vec<SyntaxError>)], Origin) -> ControlFlow<()>,
) -> std::io::Result<usize> {
    let mut buf: Vec<u8> = Vec::with_capacity(CHUNK);
    let mut origin = Origin { offset: 0, line: 0 };
    let mut eof = false;
    let mut want = CHUNK;
    loop {
        while !eof && buf.len() < want {
            let len = buf.len();
            buf.resize(want, 0);
            let n = reader.read(&mut buf[len..])?;
            buf.truncate(len + n);
            eof = n == 0;
        }
        let cut = if eof {
            buf.len()
        } else {
            buf.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1)
        };
        let (text, utf8_errors) = decode_from(&buf[..cut], origin.offset);
        let mut parsed = battles(&text);
        let mut chunk = Vec::new();
        let consumed = loop {
            let start = parsed.position();
            let Some((battle, stop)) = parsed.next() else {
                break cut;
            };
            if stop == Stop::End && !eof {
                break start;
            }
            let span = battle.span;
            let first = utf8_errors.partition_point(|e| e.span.start < span.start);
            let last = utf8_errors.partition_point(|e| e.span.start < span.end);
            let inside = utf8_errors[first..last.max(first)].to_vec();
            chunk.push((battle, inside));
        };
        let flow = each(&chunk, origin);
        drop(chunk);
        if eof || flow.is_break() {
            return Ok(origin.offset + buf.len());
        }
        origin.line += buf[..consumed].iter().filter(|&&b| b == b'\n').count();
        origin.offset += consumed;
        buf.drain(..consumed);
        // A battle longer than what is buffered: read more before trying again.
        want = if consumed == 0 {
            buf.len().max(CHUNK) * 2
        } else {
            CHUNK.max(buf.len())
        };
    }
}
