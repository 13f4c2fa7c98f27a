//! Byte spans into the parsed text.

/// A half-open byte range `start..end` into the text given to the parser.
///
/// Offsets are `u32` to keep atoms small; [`crate::parse()`] refuses a single input
/// of 4 GiB or more, and huge archives are parsed battle by battle instead.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    /// A span from byte offsets; callers guarantee they fit in `u32`.
    pub fn new(start: usize, end: usize) -> Self {
        debug_assert!(start <= end);
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }

    pub fn len(self) -> usize {
        (self.end - self.start) as usize
    }

    pub fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The smallest span covering both.
    pub fn cover(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// The span moved `by` bytes later.
    pub fn shifted(self, by: u32) -> Span {
        Span {
            start: self.start + by,
            end: self.end + by,
        }
    }
}

/// The one place spans become miette's spans.
impl From<Span> for miette::SourceSpan {
    fn from(span: Span) -> Self {
        miette::SourceSpan::new((span.start as usize).into(), span.len())
    }
}
