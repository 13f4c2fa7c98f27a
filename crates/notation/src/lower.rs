//! Lowering: from the syntax tree to generic setup directives, movetext steps and
//! annotations. Still no rules: a verb is a word, a class is a word, and a setup
//! keyword the notation does not know is passed on as [`Directive::Other`] for
//! the rule system to read or reject. Views borrow the tree's atoms, so lowering
//! allocates nothing per action.

use std::borrow::Cow;

use crate::atom::{Atom, AtomKind};
use crate::error::{Code, SyntaxError};
use crate::span::Span;
use crate::syntax::{Battle, Item, ItemKind, unquote};
use crate::value::{self, Location, Point};

pub use senlac_board::Parity;

/// The battlefield's geometry, as a `map` line gives it: the board's own type.
pub use senlac_board::scene::Board as Map;

/// A setup line, lowered.
#[derive(Clone, Debug, PartialEq)]
pub enum Directive<'b, 's> {
    Map(Map),
    /// Terrain of a kind (`forest`), or of a kind with a value (`elevation=275`:
    /// kind `elevation`, value `275`), over an area.
    Terrain {
        kind: &'s str,
        value: Option<Atom<'s>>,
        area: Area<'b, 's>,
    },
    Hexside {
        kind: &'s str,
        sides: &'b [Atom<'s>],
    },
    Army {
        side: &'s str,
        name: Cow<'s, str>,
        leader: Option<Cow<'s, str>>,
        pairs: &'b [Atom<'s>],
    },
    /// A unit of the army declared last.
    Unit {
        id: &'s str,
        name: Cow<'s, str>,
        class: &'s str,
        /// The bare word after the class, if any; the ruleset says what it means.
        grade: Option<&'s str>,
        pairs: &'b [Atom<'s>],
    },
    Roll {
        side: &'s str,
        what: &'s str,
        value: Atom<'s>,
    },
    Bonus {
        side: &'s str,
        points: &'b [Atom<'s>],
    },
    Deploy {
        side: &'s str,
        placements: &'b [Atom<'s>],
    },
    First {
        side: &'s str,
        what: &'s str,
    },
    Option {
        name: &'s str,
        value: Option<Atom<'s>>,
    },
    /// A line whose keyword the notation does not know: the rule system reads it
    /// or reports it with its own code. The keyword is the first atom of the
    /// item, so it spans the item's first `keyword.len()` bytes.
    Other {
        keyword: &'s str,
        args: &'b [Atom<'s>],
    },
}

/// Where a piece of terrain lies.
#[derive(Clone, Debug, PartialEq)]
pub enum Area<'b, 's> {
    /// Cells and cell ranges of a grid (`0101-0210` is the rectangle between).
    Cells(&'b [Atom<'s>]),
    /// `polygon P P P...`: the closed area inside three or more points.
    Polygon(Vec<Point>),
    /// `circle P radius=R`.
    Circle { centre: Point, radius: f64 },
    /// `line P P... width=W`: a road, river or hedge of that width.
    Line { points: Vec<Point>, width: f64 },
}

/// The words that name a terrain shape on a table.
pub const SHAPES: [&str; 3] = ["polygon", "circle", "line"];

/// The directive keywords the notation reads, as docs/notation.md lists them.
/// Any other keyword lowers to [`Directive::Other`].
pub const DIRECTIVES: [&str; 10] = [
    "map", "terrain", "hexside", "army", "unit", "roll", "bonus", "deploy", "first", "option",
];

/// Lowers one directive item.
pub fn directive<'b, 's>(
    item: &Item,
    atoms: &'b [Atom<'s>],
) -> Result<Directive<'b, 's>, SyntaxError> {
    let keyword = atoms[0];
    let args = &atoms[1..];
    let kinds = |wanted: &[AtomKind]| {
        args.len() >= wanted.len() && args.iter().zip(wanted).all(|(a, k)| a.kind == *k)
    };
    let rest_all = |from: usize, kind: AtomKind| {
        args.len() > from && args[from..].iter().all(|a| a.kind == kind)
    };
    use AtomKind::*;
    let lowered = match keyword.text {
        "map" => map(args),
        "terrain" => return terrain(item, args),
        "hexside" if kinds(&[Word]) && rest_all(1, Hexside) => Some(Directive::Hexside {
            kind: args[0].text,
            sides: &args[1..],
        }),
        "army" if kinds(&[Word, Str]) => {
            let (leader, from) = match args.get(2..4) {
                Some([key, name]) if key.text == "leader" && name.kind == Str => {
                    (Some(unquote(name.text)), 4)
                }
                _ => (None, 2),
            };
            (args[from..].iter().all(|a| a.kind == Pair)).then(|| Directive::Army {
                side: args[0].text,
                name: unquote(args[1].text),
                leader,
                pairs: &args[from..],
            })
        }
        "unit" if kinds(&[Word, Str, Word]) => {
            // The grade is a bare word after the class; pairs are never words,
            // so whatever follows the class is either a grade or the pairs.
            let (grade, from) = match args.get(3) {
                Some(grade) if grade.kind == Word => (Some(grade.text), 4),
                _ => (None, 3),
            };
            (args[from..].iter().all(|a| a.kind == Pair)).then(|| Directive::Unit {
                id: args[0].text,
                name: unquote(args[1].text),
                class: args[2].text,
                grade,
                pairs: &args[from..],
            })
        }
        "roll"
            if args.len() == 3 && kinds(&[Word, Word]) && matches!(args[2].kind, Number | Dice) =>
        {
            Some(Directive::Roll {
                side: args[0].text,
                what: args[1].text,
                value: args[2],
            })
        }
        "bonus" if kinds(&[Word]) && rest_all(1, Pair) => Some(Directive::Bonus {
            side: args[0].text,
            points: &args[1..],
        }),
        "deploy" if kinds(&[Word]) && rest_all(1, Placement) => Some(Directive::Deploy {
            side: args[0].text,
            placements: &args[1..],
        }),
        "first" if args.len() == 2 && kinds(&[Word, Word]) => Some(Directive::First {
            side: args[0].text,
            what: args[1].text,
        }),
        "option" if kinds(&[Word]) && args.len() <= 2 => Some(Directive::Option {
            name: args[0].text,
            value: args.get(1).copied(),
        }),
        text if !DIRECTIVES.contains(&text) => Some(Directive::Other {
            keyword: text,
            args,
        }),
        _ => None,
    };
    lowered.ok_or_else(|| malformed(item.span, keyword.text))
}

/// A line with a known keyword but not its shape.
fn malformed(span: Span, keyword: &str) -> SyntaxError {
    SyntaxError::new(
        Code::MalformedDirective,
        span,
        format!("malformed `{keyword}` line"),
        "not the shape this keyword takes",
    )
    .with_help(format!("write it as `{}`", usage(keyword)))
}

/// `terrain KIND[=VALUE] CELLS...` on a grid, or `terrain KIND[=VALUE] SHAPE ...`
/// on a table. A bad point, radius or width is reported at its own atom.
fn terrain<'b, 's>(item: &Item, args: &'b [Atom<'s>]) -> Result<Directive<'b, 's>, SyntaxError> {
    let Some((first, rest)) = args.split_first() else {
        return Err(malformed(item.span, "terrain"));
    };
    let (kind, value) = match first.kind {
        AtomKind::Word => (first.text, None),
        AtomKind::Pair => match value::pair(first) {
            Some((kind, value)) => (kind, Some(value)),
            None => return Err(malformed(item.span, "terrain")),
        },
        _ => return Err(malformed(item.span, "terrain")),
    };
    let area = match rest.split_first() {
        Some((shape, shape_args))
            if shape.kind == AtomKind::Word && SHAPES.contains(&shape.text) =>
        {
            table_area(item, shape.text, shape_args)?
        }
        _ if !rest.is_empty()
            && rest
                .iter()
                .all(|a| matches!(a.kind, AtomKind::Cell | AtomKind::CellChain)) =>
        {
            Area::Cells(rest)
        }
        _ => return Err(malformed(item.span, "terrain")),
    };
    Ok(Directive::Terrain { kind, value, area })
}

/// The area after a shape word: its points, then the radius or width that a
/// circle or a line ends with.
fn table_area<'b, 's>(
    item: &Item,
    shape: &str,
    args: &[Atom<'s>],
) -> Result<Area<'b, 's>, SyntaxError> {
    let (points, measure) = match (shape, args.split_last()) {
        ("polygon", _) => (args, None),
        (_, Some((last, points))) => (points, Some(last)),
        (_, None) => return Err(malformed(item.span, "terrain")),
    };
    let points = points
        .iter()
        .map(|atom| {
            value::point(atom).ok_or_else(|| {
                SyntaxError::new(
                    Code::MalformedDirective,
                    atom.span,
                    format!("`{}` is not a point on the table", atom.text),
                    "not a point",
                )
                .with_help("write a point as XxYin, inches from the left and near edges: `12x6in`")
            })
        })
        .collect::<Result<Vec<Point>, SyntaxError>>()?;
    let wrong_count = |wanted: &str| {
        SyntaxError::new(
            Code::MalformedDirective,
            item.span,
            format!(
                "a {shape} takes {wanted}, and this one has {}",
                points.len()
            ),
            "wrong number of points",
        )
        .with_help(format!("write it as `{}`", usage("terrain")))
    };
    match (shape, measure) {
        ("circle", Some(radius)) => {
            let radius = length(radius, "radius")?;
            match points[..] {
                [centre] => Ok(Area::Circle { centre, radius }),
                _ => Err(wrong_count("exactly 1 point, its centre")),
            }
        }
        ("line", Some(width)) => {
            let width = length(width, "width")?;
            if points.len() < 2 {
                return Err(wrong_count("at least 2 points"));
            }
            Ok(Area::Line { points, width })
        }
        _ if points.len() < 3 => Err(wrong_count("at least 3 points")),
        _ => Ok(Area::Polygon(points)),
    }
}

/// `radius=4in` or `width=2in`: a positive distance under its key.
fn length(atom: &Atom<'_>, key: &str) -> Result<f64, SyntaxError> {
    let found = value::pair(atom)
        .filter(|(k, v)| *k == key && v.kind == AtomKind::Distance)
        .and_then(|(_, v)| value::number(&v))
        .filter(|n| *n > 0.0 && n.is_finite());
    found.ok_or_else(|| {
        SyntaxError::new(
            Code::MalformedDirective,
            atom.span,
            format!("`{}` is not a {key}", atom.text),
            format!("expected {key}=DISTANCE"),
        )
        .with_help(format!(
            "end the shape with its {key} in inches, greater than 0: `{key}=2in`"
        ))
    })
}

fn map<'b, 's>(args: &'b [Atom<'s>]) -> Option<Directive<'b, 's>> {
    let grid = |size: &Atom<'_>| {
        let (w, h) = value::size(size)?;
        let fits = |v: f64| (1.0..=99.0).contains(&v) && v.fract() == 0.0;
        (fits(w) && fits(h) && !size.text.ends_with("in")).then_some((w as u8, h as u8))
    };
    let map = match args {
        [kind, size, key, parity] if kind.text == "hex" && key.text == "parity" => {
            let (columns, rows) = grid(size)?;
            let parity = match parity.text {
                "odd" => Parity::Odd,
                "even" => Parity::Even,
                _ => return None,
            };
            Map::Hex {
                columns,
                rows,
                parity,
            }
        }
        [kind, size] if kind.text == "square" => {
            let (columns, rows) = grid(size)?;
            Map::Square { columns, rows }
        }
        [kind, size] if kind.text == "table" && size.text.ends_with("in") => {
            let (width, depth) = value::size(size)?;
            Map::Table { width, depth }
        }
        _ => return None,
    };
    Some(Directive::Map(map))
}

/// How each directive is written, for help texts.
pub fn usage(keyword: &str) -> &'static str {
    match keyword {
        "map" => "map hex 10x10 parity odd | map square 20x20 | map table 72x48in",
        "terrain" => {
            "terrain KIND[=VALUE] CELLS... | terrain KIND polygon P P P... | terrain KIND circle P radius=R | terrain KIND line P P... width=W, e.g. terrain forest 0101-0210, terrain wood polygon 10x10in 20x10in 20x20in"
        }
        "hexside" => "hexside KIND SIDES..., e.g. hexside crest 0404/0405",
        "army" => "army SIDE \"Name\" [leader \"Name\"] [key=value...]",
        "unit" => "unit ID \"Name\" CLASS [GRADE] [key=value...], after its army",
        "roll" => "roll SIDE WHAT VALUE, e.g. roll Saxons leadership 18",
        "bonus" => "bonus SIDE ID=POINTS..., e.g. bonus Saxons IV=3 V=2",
        "deploy" => "deploy SIDE ID@CELL..., e.g. deploy Saxons IX@0604",
        "first" => "first SIDE WHAT, e.g. first Saxons deploy",
        _ => "option NAME [VALUE]",
    }
}

/// One step of the movetext.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Step<'b, 's> {
    Turn {
        number: u32,
        side: &'s str,
        span: Span,
    },
    Phase {
        name: &'s str,
        span: Span,
    },
    Action(Action<'b, 's>),
    VariationStart(Span),
    VariationEnd(Span),
    /// An annotation found in a comment.
    Annotation(Annotation<'s>),
}

/// An action: `actor verb args... [> reactor verb args...]... [=> outcome...] [glyph]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Action<'b, 's> {
    pub span: Span,
    pub atoms: &'b [Atom<'s>],
}

/// A reaction inside an action.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reaction<'b, 's> {
    pub reactor: Atom<'s>,
    pub verb: Atom<'s>,
    pub args: &'b [Atom<'s>],
}

fn is_break(kind: AtomKind) -> bool {
    matches!(
        kind,
        AtomKind::Reaction | AtomKind::Outcome | AtomKind::Glyph
    )
}

impl<'b, 's> Action<'b, 's> {
    pub fn actor(&self) -> Atom<'s> {
        self.atoms[0]
    }

    pub fn actors(&self) -> impl Iterator<Item = value::UnitRef<'s>> + 's {
        value::unit_refs(&self.atoms[0])
    }

    pub fn verb(&self) -> Atom<'s> {
        self.atoms[1]
    }

    /// The arguments of the main action.
    pub fn args(&self) -> &'b [Atom<'s>] {
        let rest = &self.atoms[2..];
        let end = rest
            .iter()
            .position(|a| is_break(a.kind))
            .unwrap_or(rest.len());
        &rest[..end]
    }

    pub fn reactions(&self) -> impl Iterator<Item = Reaction<'b, 's>> + 'b {
        let atoms = self.atoms;
        let outcome = atoms
            .iter()
            .position(|a| a.kind == AtomKind::Outcome)
            .unwrap_or(atoms.len());
        let head = &atoms[..outcome];
        head.iter()
            .enumerate()
            .filter(|(_, a)| a.kind == AtomKind::Reaction)
            .filter_map(move |(i, _)| {
                let tail = head.get(i + 3..).unwrap_or(&[]);
                let end = tail
                    .iter()
                    .position(|a| is_break(a.kind))
                    .unwrap_or(tail.len());
                Some(Reaction {
                    reactor: *head.get(i + 1)?,
                    verb: *head.get(i + 2)?,
                    args: &tail[..end],
                })
            })
    }

    /// The first argument that is a cell or a chain of cells: the path a
    /// move, rout or withdrawal writes (`0820-0920-1020`).
    pub fn path(&self) -> Option<&'b Atom<'s>> {
        self.args()
            .iter()
            .find(|a| matches!(a.kind, AtomKind::Cell | AtomKind::CellChain))
    }

    /// The claimed outcome, the atoms after `=>`.
    pub fn outcome(&self) -> Option<&'b [Atom<'s>]> {
        let at = self
            .atoms
            .iter()
            .position(|a| a.kind == AtomKind::Outcome)?;
        let rest = &self.atoms[at + 1..];
        Some(match rest.last() {
            Some(last) if last.kind == AtomKind::Glyph => &rest[..rest.len() - 1],
            _ => rest,
        })
    }

    pub fn glyph(&self) -> Option<&'s str> {
        self.atoms
            .last()
            .filter(|a| a.kind == AtomKind::Glyph)
            .map(|a| a.text)
    }
}

/// An annotation command inside a `{}` comment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AnnotationKind<'s> {
    /// `[%fig NAME "caption"]`: an illustration belongs here.
    Figure { name: &'s str, caption: &'s str },
    /// `[%arrow 0506 0608]` on a grid, `[%arrow 12x6in 18x10in]` on a table.
    Arrow { from: Location, to: Location },
    /// `[%mark 0506]` on a grid, `[%mark 12x6in]` on a table.
    Mark { at: Location },
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Annotation<'s> {
    pub kind: AnnotationKind<'s>,
    pub span: Span,
}

impl Annotation<'_> {
    /// A figure's caption, unescaped.
    pub fn caption(&self) -> Option<Cow<'_, str>> {
        match self.kind {
            AnnotationKind::Figure { caption, .. } => Some(unquote(caption)),
            _ => None,
        }
    }
}

/// Whether a figure name is safe as a file name: `[A-Za-z0-9_-]`, 1 to 64 long.
pub fn is_figure_name(name: &str) -> bool {
    (1..=64).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-'))
        && !name.starts_with('-')
        && !is_device_name(name)
}

/// Whether a file name is a device on Windows whatever its extension (`CON`,
/// `nul.svg`, `COM1`…): such a name never names a file there.
pub fn is_device_name(name: &str) -> bool {
    let stem = name.split('.').next().unwrap_or(name).to_ascii_uppercase();
    matches!(stem.as_str(), "CON" | "PRN" | "AUX" | "NUL")
        || (stem.len() == 4
            && (stem.starts_with("COM") || stem.starts_with("LPT"))
            && stem.as_bytes()[3].is_ascii_digit())
}

/// The annotations in a comment, each checked; `span` is the comment's.
pub fn annotations(text: &str, span: Span) -> Annotations<'_> {
    Annotations {
        text,
        span,
        from: 0,
    }
}

/// The annotations of one comment, in order: see [`annotations`].
#[derive(Clone)]
pub struct Annotations<'s> {
    text: &'s str,
    span: Span,
    from: usize,
}

impl<'s> Iterator for Annotations<'s> {
    type Item = Result<Annotation<'s>, SyntaxError>;

    fn next(&mut self) -> Option<Self::Item> {
        let text = self.text;
        let start = self.from + text[self.from..].find("[%")?;
        let end = text[start..]
            .find(']')
            .map_or(text.len(), |o| start + o + 1);
        self.from = end;
        let at = Span::new(
            self.span.start as usize + start,
            self.span.start as usize + end,
        );
        Some(annotation(&text[start..end], at))
    }
}

fn annotation<'s>(text: &'s str, span: Span) -> Result<Annotation<'s>, SyntaxError> {
    let malformed = |help: &'static str| {
        SyntaxError::new(
            Code::MalformedAnnotation,
            span,
            format!(
                "malformed annotation `{}`",
                text.chars().take(40).collect::<String>()
            ),
            "cannot read this annotation",
        )
        .with_help(help)
    };
    let Some(body) = text.strip_prefix("[%").and_then(|t| t.strip_suffix(']')) else {
        return Err(malformed("close the annotation with `]`"));
    };
    let (command, rest) = body.split_once(' ').unwrap_or((body, ""));
    let rest = rest.trim();
    let kind = match command {
        "fig" => {
            let (name, caption) = rest.split_once(' ').unwrap_or((rest, ""));
            let caption = caption.trim();
            let quoted = caption.len() >= 2 && caption.starts_with('"') && caption.ends_with('"');
            if !quoted {
                return Err(malformed("write a figure as [%fig NAME \"caption\"]"));
            }
            if !is_figure_name(name) {
                let offset = span.start as usize + text.find(name).unwrap_or(0);
                return Err(SyntaxError::new(
                    Code::InvalidFigureName,
                    if name.is_empty() {
                        span
                    } else {
                        Span::new(offset, offset + name.len())
                    },
                    format!(
                        "`{}` cannot name a figure",
                        name.chars().take(40).collect::<String>()
                    ),
                    "not a safe file name",
                )
                .with_help(
                    "a figure name becomes a file name: use 1 to 64 letters, digits, `_` or `-`",
                ));
            }
            AnnotationKind::Figure { name, caption }
        }
        "arrow" => {
            const HELP: &str = "write an arrow as [%arrow 0506 0608] between cells, or [%arrow 12x6in 18x10in] between points";
            let mut ends = rest.split_whitespace().map(Location::parse);
            match (ends.next(), ends.next(), ends.next()) {
                // Both ends on the same kind of battlefield: a cell and a point
                // cannot be on one map.
                (
                    Some(Some(from @ Location::Cell(_))),
                    Some(Some(to @ Location::Cell(_))),
                    None,
                )
                | (
                    Some(Some(from @ Location::Point(_))),
                    Some(Some(to @ Location::Point(_))),
                    None,
                ) => AnnotationKind::Arrow { from, to },
                _ => return Err(malformed(HELP)),
            }
        }
        "mark" => match Location::parse(rest) {
            Some(at) => AnnotationKind::Mark { at },
            None => {
                return Err(malformed(
                    "write a mark as [%mark 0506] on a cell, or [%mark 12x6in] on a point",
                ));
            }
        },
        _ => return Err(malformed("the annotations are %fig, %arrow and %mark")),
    };
    Ok(Annotation { kind, span })
}

/// The movetext steps of a battle, annotations included, in source order.
/// Items with errors lower as far as they can; [`check`] reports what is wrong.
/// A clone reads on from where the original stands: a replay looks ahead
/// with one.
pub fn steps<'b, 's>(battle: &'b Battle<'s>) -> impl Iterator<Item = Step<'b, 's>> + Clone + 'b {
    steps_from(battle, 0)
}

/// The steps of the items that start at or after byte `offset`: where a
/// replay resumed from there reads on, without lowering what comes before.
pub fn steps_from<'b, 's>(
    battle: &'b Battle<'s>,
    offset: u32,
) -> impl Iterator<Item = Step<'b, 's>> + Clone + 'b {
    // A plain loop rather than `flat_map`: the replay asks for a step per
    // action, and a flattened chain of options cost about 200 instructions
    // each.
    let mut items = battle.iter_from(offset);
    let mut notes = None;
    std::iter::from_fn(move || {
        loop {
            if let Some(found) = notes.as_mut().and_then(|n: &mut Annotations<'s>| {
                n.by_ref().find_map(|note| note.ok().map(Step::Annotation))
            }) {
                return Some(found);
            }
            notes = None;
            let (item, atoms) = items.next()?;
            let step = match item.kind {
                ItemKind::Action if atoms.len() >= 2 => Step::Action(Action {
                    span: item.span,
                    atoms,
                }),
                ItemKind::Turn if atoms.len() == 2 => Step::Turn {
                    number: atoms[0].text.trim_end_matches('.').parse().unwrap_or(0),
                    side: atoms[1].text,
                    span: item.span,
                },
                ItemKind::Phase => Step::Phase {
                    name: atoms[0].text.trim_end_matches(':'),
                    span: item.span,
                },
                ItemKind::VariationOpen => Step::VariationStart(item.span),
                ItemKind::VariationClose => Step::VariationEnd(item.span),
                ItemKind::Comment => {
                    notes = Some(annotations(battle.text(item.span), item.span));
                    continue;
                }
                _ => continue,
            };
            return Some(step);
        }
    })
}

/// The directives of a battle that lower cleanly, with their items.
pub fn directives<'b, 's>(
    battle: &'b Battle<'s>,
) -> impl Iterator<Item = (&'b Item, Directive<'b, 's>)> + 'b {
    battle
        .head()
        .filter(|(item, _)| item.kind == ItemKind::Directive)
        .filter_map(|(item, atoms)| directive(item, atoms).ok().map(|d| (item, d)))
}

/// A setup line whose keyword is a slip for one the notation reads
/// (`amry`, did you mean `army`?), or is missing, the line reading like one
/// of its keyword's (`VI "Housecurl" heavy-infantry C` is a unit line
/// without `unit`). Other unknown keywords are a rule system's to judge.
/// Asked only of a keyword the notation does not know ([`Directive::Other`]).
fn unknown_keyword(atoms: &[Atom<'_>], army_seen: bool) -> Option<SyntaxError> {
    use AtomKind::*;
    let keyword = atoms[0];
    if let Some(meant) = crate::did_you_mean(keyword.text, DIRECTIVES) {
        return Some(
            SyntaxError::new(
                Code::MalformedDirective,
                keyword.span,
                format!("`{}` is not a setup keyword", keyword.text),
                "unknown keyword",
            )
            .with_help(format!("did you mean `{meant}`?")),
        );
    }
    let kinds: Vec<AtomKind> = atoms.iter().map(|a| a.kind).collect();
    let third = atoms.get(2).map(|a| (a.kind, a.text));
    let missing = match kinds.as_slice() {
        [Word, Size, ..] if matches!(keyword.text, "hex" | "square" | "table") => "map",
        [Word, rest @ ..] if !rest.is_empty() && rest.iter().all(|k| *k == Placement) => "deploy",
        [Word, Word, Number] if atoms[1].text == "leadership" => "roll",
        [Word, Word] if matches!(atoms[1].text, "deploy" | "turn") => "first",
        [Word, rest @ ..] if !rest.is_empty() && rest.iter().all(|k| *k == Pair) => "bonus",
        [Word, Str, ..] => match third {
            None | Some((Pair, _)) | Some((Word, "leader"))
                if !army_seen || third.is_some_and(|t| t.1 == "leader") =>
            {
                "army"
            }
            Some((Word, _)) => "unit",
            _ => return None,
        },
        _ => return None,
    };
    let at = Span::new(keyword.span.start as usize, keyword.span.start as usize);
    Some(
        SyntaxError::new(
            Code::MalformedDirective,
            keyword.span,
            format!("this line reads like a `{missing}` line without its keyword"),
            format!("`{missing}` missing before this"),
        )
        .with_help(format!("start the line with `{missing} `"))
        .with_fix(crate::Fix::new(
            at,
            format!("{missing} "),
            format!("insert `{missing}`"),
        )),
    )
}

/// Every lowering error of a battle: directives, `unit` lines without an army,
/// and annotations.
pub fn check(battle: &Battle<'_>) -> Vec<SyntaxError> {
    let mut errors = Vec::new();
    let mut army_seen = false;
    // The error at the first unit line before any army, and how many.
    let mut orphans: Option<(usize, usize)> = None;
    // Only a directive's atoms are read: the movetext's are not sliced.
    for item in &battle.items {
        match item.kind {
            ItemKind::Directive => {
                let atoms = battle.atoms_of(item);
                if atoms[0].kind != AtomKind::Word {
                    continue;
                }
                let lowered = directive(item, atoms);
                // Only a keyword the notation does not know can be a slip
                // for one it does: a known keyword is not searched for.
                if let Ok(Directive::Other { .. }) = lowered
                    && let Some(error) = unknown_keyword(atoms, army_seen)
                {
                    errors.push(error);
                    // A line that may have been the army's: its units are not blamed for it.
                    army_seen = true;
                    continue;
                }
                match lowered {
                    Ok(Directive::Army { .. }) => army_seen = true,
                    // The units before any army: their `army` line is
                    // missing, said once, at the first of them.
                    Ok(Directive::Unit { .. }) if !army_seen => match &mut orphans {
                        Some((_, count)) => *count += 1,
                        None => {
                            orphans = Some((errors.len(), 1));
                            errors.push(SyntaxError::new(
                                Code::MalformedDirective,
                                item.span,
                                format!("unit `{}` belongs to no army", atoms[1].text),
                                "no `army` line before this unit",
                            ));
                        }
                    },
                    Ok(_) => {}
                    Err(error) => {
                        if atoms[0].text == "army" {
                            army_seen = true;
                        }
                        // A token the parser reported is the line's one
                        // error: its shape is not blamed for it as well.
                        if !atoms.iter().any(|a| a.kind == AtomKind::Invalid) {
                            errors.push(error);
                        }
                    }
                }
            }
            ItemKind::Comment => {
                errors
                    .extend(annotations(battle.text(item.span), item.span).filter_map(Result::err));
            }
            _ => {}
        }
    }
    if let Some((at, count)) = orphans {
        let error = &mut errors[at];
        if count > 1 {
            error.message = format!(
                "the `army` line is missing: {count} unit lines from here belong to no army"
            )
            .into();
        }
        error.help = Some(
            "put an `army SIDE \"Name\"` line before its units; what the missing army line leaves without an army is said here once"
                .into(),
        );
    }
    errors
}

#[cfg(test)]
mod keyword_tests {
    use super::*;
    use crate::parse;

    fn findings(setup: &str) -> Vec<(String, String, Option<String>)> {
        let text = format!("[Battle \"T\"]\n\n{setup}");
        let archive = parse(&text);
        check(&archive.battles[0])
            .into_iter()
            .map(|e| {
                (
                    e.message.to_string(),
                    text[e.span.range()].to_string(),
                    e.fix.map(|f| f.replacement.to_string()),
                )
            })
            .collect()
    }

    #[test]
    fn a_misspelt_keyword_is_one_finding_and_its_units_are_not_blamed() {
        let found = findings(
            "amry Red \"Red\"\n  unit I \"Foot\" heavy-infantry B\n  unit II \"Foot\" heavy-infantry B\n",
        );
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, "`amry` is not a setup keyword");
        assert_eq!(found[0].1, "amry");
    }

    #[test]
    fn units_before_any_army_are_one_finding_that_counts_them() {
        let found = findings(
            "  unit I \"Foot\" heavy-infantry B\n  unit II \"Foot\" heavy-infantry B\n  unit III \"Foot\" heavy-infantry B\narmy Blue \"Blue\"\n",
        );
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(
            found[0].0,
            "the `army` line is missing: 3 unit lines from here belong to no army"
        );
        assert_eq!(found[0].1, "unit I \"Foot\" heavy-infantry B");
    }

    #[test]
    fn a_missing_keyword_is_told_by_the_line_and_fixed() {
        let unit = findings("army Red \"Red\"\n  I \"Foot\" heavy-infantry B\n");
        assert_eq!(
            unit,
            vec![(
                "this line reads like a `unit` line without its keyword".to_string(),
                "I".to_string(),
                Some("unit ".to_string())
            )]
        );
        let map = findings("hex 10x10 parity odd\n");
        assert_eq!(map[0].2.as_deref(), Some("map "));
        let deploy = findings("army Red \"Red\"\n  unit I \"Foot\" heavy-infantry B\nRed I@0101\n");
        assert_eq!(deploy[0].2.as_deref(), Some("deploy "));
        let army = findings("Red \"Red\" leader \"Rex\"\n  unit I \"Foot\" heavy-infantry B\n");
        assert_eq!(army.len(), 1, "{army:?}");
        assert_eq!(army[0].2.as_deref(), Some("army "));
        // A keyword the notation does not read, and no near miss, is a rule system's.
        assert_eq!(findings("commander Red \"Rex\"\n"), vec![]);
    }
}
