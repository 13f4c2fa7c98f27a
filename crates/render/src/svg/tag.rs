//! SVG elements as a small tree, and their writing: attributes in the order
//! they were set, every value and every text escaped, numbers rounded to a
//! tenth, path data built from points.
//!
//! The `svg` crate did this first; at 661 µs a Hastings frame (it allocates
//! and escapes each attribute several times over) it fell short of the speed
//! asked of frames, so this tree keeps its builder shape and writes straight
//! into one string. Names and fixed values are `&'static str`; only numbers
//! and texts from a scene allocate.

use std::borrow::Cow;
use std::fmt;

use senlac_board::kurbo::Point;

use super::text::push_escaped;
use crate::layout::push_px;

/// An attribute value: fixed, or built for this frame.
pub(crate) type Value = Cow<'static, str>;

/// An attribute's value as kept until written: numbers are kept as numbers
/// (most attributes are, and formatting them late saves an allocation each).
enum Attribute {
    /// Escaped when written.
    Text(Value),
    /// Rounded to a tenth when written.
    Number(f64),
    /// `translate(x y)`.
    Translate(Point),
    /// Path data this crate built: digits, signs and commands only.
    Data(String),
}

enum Child {
    Tag(Tag),
    /// Text from a scene, escaped when written.
    Text(String),
    /// Markup this crate wrote itself, written as it is.
    Raw(Value),
}

/// An element cut into pieces: [`Tag::split`].
pub(crate) struct Split {
    pub(crate) head: String,
    pub(crate) defs: String,
    pub(crate) pieces: Vec<String>,
    pub(crate) board: usize,
}

/// An element being built.
pub(crate) struct Tag {
    name: &'static str,
    attributes: Vec<(&'static str, Attribute)>,
    children: Vec<Child>,
    /// Whether [`Tag::split`] may cut its children apart (see [`Tag::loose`]).
    loose: bool,
}

impl Tag {
    pub(crate) fn new(name: &'static str) -> Tag {
        Tag {
            name,
            // Most elements get a few attributes: grow once, not three times.
            attributes: Vec::with_capacity(4),
            children: Vec::new(),
            loose: false,
        }
    }

    /// Marks a group whose children draw alone as they draw in it (it has
    /// no opacity, filter, clip or mask, only attributes its children
    /// inherit), and change apart (a map's cell labels): [`Tag::split`]
    /// makes each child a piece of its own, in a copy of the group.
    pub(crate) fn loose(mut self) -> Tag {
        self.loose = true;
        self
    }

    /// Sets an attribute (again, if it was set: the last value wins); the
    /// value is escaped when written.
    pub(crate) fn set(self, name: &'static str, value: impl Into<Value>) -> Tag {
        self.put(name, Attribute::Text(value.into()))
    }

    fn put(mut self, name: &'static str, value: Attribute) -> Tag {
        match self.attributes.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = value,
            None => self.attributes.push((name, value)),
        }
        self
    }

    /// Sets an attribute to a number rounded to a tenth.
    pub(crate) fn num(self, name: &'static str, value: f64) -> Tag {
        self.put(name, Attribute::Number(value))
    }

    /// Sets `x` and `y`.
    pub(crate) fn at(self, p: Point) -> Tag {
        self.num("x", p.x).num("y", p.y)
    }

    /// Sets `transform` to move the origin to `p`.
    pub(crate) fn translate(self, p: Point) -> Tag {
        self.put("transform", Attribute::Translate(p))
    }

    /// Adds a child element.
    pub(crate) fn add(mut self, child: Tag) -> Tag {
        self.push(child);
        self
    }

    /// Adds a child element in place.
    pub(crate) fn push(&mut self, child: Tag) {
        self.children.push(Child::Tag(child));
    }

    /// Adds text from a scene; it is escaped when written.
    pub(crate) fn text(mut self, s: &str) -> Tag {
        self.children.push(Child::Text(s.to_owned()));
        self
    }

    /// Adds markup this crate wrote itself (fixed shapes, digits), as it is.
    pub(crate) fn raw(mut self, markup: impl Into<Value>) -> Tag {
        self.push_raw(markup);
        self
    }

    /// Adds markup this crate wrote itself, in place.
    pub(crate) fn push_raw(&mut self, markup: impl Into<Value>) {
        self.children.push(Child::Raw(markup.into()));
    }

    /// Each child element written on its own, in order (texts and raw markup
    /// are skipped: a drawing layer holds elements only).
    pub(crate) fn children_markup(&self) -> impl Iterator<Item = String> + '_ {
        self.children.iter().filter_map(|child| match child {
            Child::Tag(tag) => {
                let mut out = String::new();
                tag.write(&mut out, false);
                Some(out)
            }
            Child::Text(_) | Child::Raw(_) => None,
        })
    }

    /// The element cut for drawing piece by piece: its start tag, its raw
    /// markup (the shared definitions), each child element that draws
    /// written on its own, in order (texts, titles and descriptions are left
    /// out: they draw nothing), a [`Tag::loose`] group's children each in a
    /// copy of it; and how many of the pieces come from the first `board`
    /// elements before any loose group. A piece drawn between the start tag
    /// with the definitions and `</name>` draws as it does in the element.
    pub(crate) fn split(&self, board: usize) -> Split {
        let mut split = Split {
            head: String::new(),
            defs: String::new(),
            pieces: Vec::with_capacity(self.children.len()),
            board: 0,
        };
        self.write_start(&mut split.head);
        split.head.push('>');
        let mut elements = 0;
        let mut on_board = true;
        for child in &self.children {
            match child {
                Child::Tag(tag) => {
                    elements += 1;
                    on_board &= elements <= board && !tag.loose;
                    if matches!(tag.name, "title" | "desc") {
                        continue;
                    }
                    if tag.loose {
                        let mut start = String::new();
                        tag.write_start(&mut start);
                        start.push('>');
                        let end = format!("</{}>", tag.name);
                        for part in &tag.children {
                            let mut out = start.clone();
                            match part {
                                Child::Tag(t) => t.write(&mut out, false),
                                Child::Text(text) => push_escaped(&mut out, text),
                                Child::Raw(markup) => out.push_str(markup),
                            }
                            out.push_str(&end);
                            split.pieces.push(out);
                        }
                    } else {
                        let mut out = String::new();
                        tag.write(&mut out, false);
                        split.pieces.push(out);
                    }
                    if on_board {
                        split.board = split.pieces.len();
                    }
                }
                Child::Raw(markup) => split.defs.push_str(markup),
                Child::Text(_) => {}
            }
        }
        split
    }

    /// How many child elements the element has.
    pub(crate) fn elements(&self) -> usize {
        self.children
            .iter()
            .filter(|c| matches!(c, Child::Tag(_)))
            .count()
    }

    /// Writes the element; `lines` puts each child on a line of its own.
    pub(crate) fn write(&self, out: &mut String, lines: bool) {
        self.write_start(out);
        if self.children.is_empty() {
            out.push_str("/>");
            return;
        }
        out.push('>');
        for child in &self.children {
            if lines {
                out.push('\n');
            }
            match child {
                Child::Tag(tag) => tag.write(out, false),
                Child::Text(text) => push_escaped(out, text),
                Child::Raw(markup) => out.push_str(markup),
            }
        }
        if lines {
            out.push('\n');
        }
        out.push_str("</");
        out.push_str(self.name);
        out.push('>');
    }

    /// `<name` and the attributes, unclosed.
    fn write_start(&self, out: &mut String) {
        out.push('<');
        out.push_str(self.name);
        for (name, value) in &self.attributes {
            out.push(' ');
            out.push_str(name);
            out.push_str("=\"");
            match value {
                Attribute::Text(text) => push_escaped(out, text),
                Attribute::Number(n) => push_px(out, *n),
                Attribute::Translate(p) => {
                    out.push_str("translate(");
                    push_px(out, p.x);
                    out.push(' ');
                    push_px(out, p.y);
                    out.push(')');
                }
                Attribute::Data(data) => out.push_str(data),
            }
            out.push('"');
        }
    }
}

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write(&mut out, false);
        f.write_str(&out)
    }
}

/// Path data built from points: `M x,y L x,y … Z`.
#[derive(Default)]
pub(crate) struct PathData(String);

impl PathData {
    pub(crate) fn new() -> PathData {
        PathData(String::with_capacity(64))
    }

    fn point(&mut self, command: char, p: Point) -> &mut PathData {
        self.0.push(command);
        self.pair(p)
    }

    /// `x,y`, without a command.
    pub(crate) fn pair(&mut self, p: Point) -> &mut PathData {
        push_px(&mut self.0, p.x);
        self.0.push(',');
        push_px(&mut self.0, p.y);
        self
    }

    pub(crate) fn move_to(&mut self, p: Point) -> &mut PathData {
        self.point('M', p)
    }

    pub(crate) fn line_to(&mut self, p: Point) -> &mut PathData {
        self.point('L', p)
    }

    /// A quadratic curve through control point `c` to `p`.
    pub(crate) fn quad_to(&mut self, c: Point, p: Point) -> &mut PathData {
        self.point('Q', c);
        self.0.push(' ');
        self.pair(p)
    }

    /// A circular arc of radius `r` to `p`, clockwise on screen.
    pub(crate) fn arc_to(&mut self, r: f64, large: bool, p: Point) -> &mut PathData {
        self.0.push('A');
        self.pair(Point::new(r, r));
        self.0.push_str(if large { " 0 1 1 " } else { " 0 0 1 " });
        self.pair(p)
    }

    /// An open line through `points`.
    pub(crate) fn polyline(&mut self, points: &[Point]) -> &mut PathData {
        for (i, &p) in points.iter().enumerate() {
            if i == 0 {
                self.move_to(p);
            } else {
                self.line_to(p);
            }
        }
        self
    }

    /// A closed shape through `points`.
    pub(crate) fn polygon(&mut self, points: &[Point]) -> &mut PathData {
        if !points.is_empty() {
            self.polyline(points).close();
        }
        self
    }

    /// Appends commands written elsewhere in this crate (relative steps).
    pub(crate) fn commands(&mut self, commands: &str) -> &mut PathData {
        self.0.push_str(commands);
        self
    }

    pub(crate) fn close(&mut self) -> &mut PathData {
        self.0.push('Z');
        self
    }

    /// The data as written.
    pub(crate) fn into_string(self) -> String {
        self.0
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// A `<path>` drawing this data.
    pub(crate) fn path(&self) -> Tag {
        Tag::new("path").put("d", Attribute::Data(self.0.clone()))
    }

    /// A `<path>` drawing this data, which it takes.
    pub(crate) fn into_path(self) -> Tag {
        Tag::new("path").put("d", Attribute::Data(self.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attributes_keep_their_order_and_values_are_escaped() {
        let tag = Tag::new("text")
            .set("y", "2")
            .set("x", "1")
            .set("data-name", String::from("\"Bob\" & <Al>"))
            .set("y", "3")
            .text("Fish & <Chips> 'n' \"peas\"");
        assert_eq!(
            tag.to_string(),
            "<text y=\"3\" x=\"1\" data-name=\"&quot;Bob&quot; &amp; &lt;Al&gt;\">\
             Fish &amp; &lt;Chips&gt; &apos;n&apos; &quot;peas&quot;</text>"
        );
        assert_eq!(Tag::new("g").to_string(), "<g/>");
        let raw = Tag::new("g").raw("<b/>").add(Tag::new("i"));
        let mut lines = String::new();
        raw.write(&mut lines, true);
        assert_eq!(lines, "<g>\n<b/>\n<i/>\n</g>");
    }

    #[test]
    fn path_data_rounds_to_tenths() {
        let mut d = PathData::new();
        d.move_to(Point::new(1.04, -2.0))
            .line_to(Point::new(3.25, 4.0))
            .quad_to(Point::new(0.0, 0.0), Point::new(1.0, 1.0))
            .arc_to(5.0, true, Point::new(2.0, 2.0))
            .close();
        assert_eq!(d.0, "M1,-2L3.3,4Q0,0 1,1A5,5 0 1 1 2,2Z");
    }
}
