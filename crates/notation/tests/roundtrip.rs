//! Round-trip properties of the parser and the canonical formatter.
//!
//! 1. Trees: a strategy builds battle trees structurally (tags, setup
//!    directives, turns, phases, actions with reactions, outcomes and glyphs,
//!    nested variations, both kinds of comments and blank lines) with atoms of
//!    every kind. Each tree is canonical: it has the blank lines `senlac fmt`
//!    always writes. It is rendered to valid but non-canonical text (random
//!    blanks, CRLF, several actions on a line, phases on the turn line,
//!    comments inside items, strings glued to their neighbours...) and parsed:
//!    the parse must be error-free and have exactly the generated shape, and
//!    formatting must keep that shape and be idempotent.
//! 2. Arbitrary input (strings, bytes through [`decode`], and a soup of
//!    notation fragments): the parser never panics, every span lies on char
//!    boundaries inside the input, and an error-free parse formats to text that
//!    parses without errors to the same items (up to the blank lines the
//!    formatter adds) and formats to itself.
//! 3. The tree a parser builds from its own list of atoms is the tree a
//!    visitor gets by copying each item's atoms, as trees were built before.

use proptest::prelude::*;
use senlac_notation::parse::bom_len;
use senlac_notation::seeded::Rng;
use senlac_notation::syntax::ShapeItem;
use senlac_notation::{
    Archive, Atom, AtomKind, Counts, Item, ItemKind, ItemRef, Parser, Span, SyntaxError, Visitor,
    decode, format, parse, split,
};

// ---------------------------------------------------------------------------
// The generated tree
// ---------------------------------------------------------------------------

/// One atom: its kind and its exact text.
#[derive(Clone, Debug, PartialEq, Eq)]
struct A {
    kind: AtomKind,
    text: String,
}

fn a(kind: AtomKind, text: impl Into<String>) -> A {
    A {
        kind,
        text: text.into(),
    }
}

/// One item of a generated battle.
#[derive(Clone, Debug)]
enum Node {
    Tag {
        name: String,
        value: String,
    },
    Directive(Vec<A>),
    Turn {
        number: String,
        side: String,
    },
    Phase(String),
    Action(Vec<A>),
    Open,
    Close,
    /// `text` is the comment with its delimiters (`{...}` or `; ...`).
    Comment {
        text: String,
        trailing: bool,
    },
    Blank,
}

impl Node {
    fn is_line_comment(&self) -> bool {
        matches!(self, Node::Comment { text, .. } if text.starts_with(';'))
    }

    /// The atoms the parser must report for this item.
    fn atoms(&self) -> Vec<A> {
        match self {
            Node::Tag { name, value } => {
                vec![a(AtomKind::Word, name), a(AtomKind::Str, value)]
            }
            Node::Directive(atoms) | Node::Action(atoms) => atoms.clone(),
            Node::Turn { number, side } => {
                vec![a(AtomKind::TurnNumber, number), a(AtomKind::Word, side)]
            }
            Node::Phase(label) => vec![a(AtomKind::PhaseLabel, label)],
            Node::Open | Node::Close | Node::Comment { .. } | Node::Blank => Vec::new(),
        }
    }

    fn kind(&self) -> ItemKind {
        match self {
            Node::Tag { .. } => ItemKind::Tag,
            Node::Directive(_) => ItemKind::Directive,
            Node::Turn { .. } => ItemKind::Turn,
            Node::Phase(_) => ItemKind::Phase,
            Node::Action(_) => ItemKind::Action,
            Node::Open => ItemKind::VariationOpen,
            Node::Close => ItemKind::VariationClose,
            Node::Comment { .. } => ItemKind::Comment,
            Node::Blank => ItemKind::BlankLine,
        }
    }
}

type Battle = Vec<Node>;

/// An owned [`ShapeItem`]: kind, trailing, comment text, (kind, text) atoms.
type Shape = (ItemKind, bool, String, Vec<(AtomKind, String)>);

/// The shape `Battle::shape()` must report for a generated battle.
fn expected_shape(battle: &Battle) -> Vec<Shape> {
    battle
        .iter()
        .map(|node| {
            let (trailing, text) = match node {
                Node::Comment { text, trailing } => (*trailing, text.clone()),
                _ => (false, String::new()),
            };
            let atoms = node.atoms().into_iter().map(|a| (a.kind, a.text)).collect();
            (node.kind(), trailing, text, atoms)
        })
        .collect()
}

/// A parsed shape in the same owned form as [`expected_shape`].
fn owned_shape(shape: &[ShapeItem<'_>]) -> Vec<Shape> {
    shape
        .iter()
        .map(|item| {
            let atoms = item
                .atoms
                .iter()
                .map(|(kind, text)| (*kind, text.to_string()))
                .collect();
            (item.kind, item.trailing, item.text.to_string(), atoms)
        })
        .collect()
}

fn shapes<'s>(archive: &Archive<'s>) -> Vec<Vec<ShapeItem<'s>>> {
    archive.battles.iter().map(|b| b.shape()).collect()
}

// ---------------------------------------------------------------------------
// Atom strategies: one per atom kind of docs/notation.md
// ---------------------------------------------------------------------------

/// A word: a letter or `_`, then letters, digits, `_ - ' .` (non-ASCII too).
fn word_text() -> impl Strategy<Value = String> + Clone {
    prop_oneof![
        6 => "[a-zA-Z_ÞéΩ][a-zA-Z0-9_'.\\-Þéß٣]{0,7}",
        2 => prop::sample::select(vec![
            "hold", "charge", "volley", "endure", "light-infantry", "IX", "VI", "Saxons",
            "Normans", "Saxons.VI", "Normans.III", "Þegn", "d6", "x", "in", "deg", "_", "a.",
            "o'clock",
        ])
        .prop_map(String::from),
    ]
}

fn word() -> impl Strategy<Value = A> + Clone {
    word_text().prop_map(|t| a(AtomKind::Word, t))
}

fn group() -> impl Strategy<Value = A> + Clone {
    prop::collection::vec(word_text(), 2..5).prop_map(|ws| a(AtomKind::Group, ws.join("+")))
}

fn actor() -> impl Strategy<Value = A> + Clone {
    prop_oneof![3 => word(), 1 => group()]
}

fn cell_text() -> impl Strategy<Value = String> + Clone {
    "[0-9]{4}"
}

/// `[sign] digits [. digits]`, never a bare four-digit cell.
fn number_text() -> impl Strategy<Value = String> + Clone {
    "[+-]?[0-9]{1,6}(\\.[0-9]{1,3})?".prop_map(|t| {
        if t.len() == 4 && t.bytes().all(|b| b.is_ascii_digit()) {
            t + "0"
        } else {
            t
        }
    })
}

fn size_text() -> impl Strategy<Value = String> + Clone {
    (
        "[+-]?[0-9]{1,3}(\\.[0-9]{1,2})?",
        "[+-]?[0-9]{1,3}(\\.[0-9]{1,2})?",
        any::<bool>(),
    )
        .prop_map(|(w, h, inches)| format!("{w}x{h}{}", if inches { "in" } else { "" }))
}

fn placement_text() -> impl Strategy<Value = String> + Clone {
    let target = prop_oneof![cell_text(), size_text()];
    let facing = prop_oneof![
        Just(String::new()),
        number_text().prop_map(|n| format!("^{n}")),
        number_text().prop_map(|n| format!("^{n}deg")),
        word_text().prop_map(|w| format!("^{w}")),
    ];
    (word_text(), target, facing).prop_map(|(id, at, facing)| format!("{id}@{at}{facing}"))
}

/// The escaped text of a string atom, quotes included.
fn string_text() -> impl Strategy<Value = String> + Clone {
    let piece = prop_oneof![
        8 => "[ -!#-\\[\\]-~]",
        1 => Just("\\\"".to_string()),
        1 => Just("\\\\".to_string()),
        1 => prop::sample::select(vec!["é", "Þ", "中", "—", "\t"]).prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..12).prop_map(|pieces| format!("\"{}\"", pieces.concat()))
}

/// Any atom an action may take as an argument.
fn arg() -> impl Strategy<Value = A> + Clone {
    use AtomKind::*;
    let chain = prop::collection::vec(cell_text(), 2..5).prop_map(|cs| a(CellChain, cs.join("-")));
    let dice = (
        prop::option::of("[1-9][0-9]?"),
        "[0-9]{1,2}",
        prop::collection::vec("[0-9]{1,2}", 1..4),
    )
        .prop_map(|(count, sides, results)| {
            a(
                Dice,
                format!(
                    "{}d{sides}:{}",
                    count.unwrap_or_default(),
                    results.join("+")
                ),
            )
        });
    let pair_value = prop_oneof![
        word_text(),
        number_text(),
        cell_text(),
        size_text(),
        placement_text(),
        number_text().prop_map(|n| n + "in"),
        Just("d6:4".to_string()),
        Just("I+II".to_string()),
        Just("0101-0102".to_string()),
        Just("0101/0102".to_string()),
    ];
    prop_oneof![
        2 => cell_text().prop_map(|c| a(Cell, c)),
        1 => chain,
        1 => (cell_text(), cell_text()).prop_map(|(x, y)| a(Hexside, format!("{x}/{y}"))),
        1 => dice,
        2 => number_text().prop_map(|n| a(Number, n)),
        1 => number_text().prop_map(|n| a(Distance, n + "in")),
        1 => number_text().prop_map(|n| a(Angle, n + "deg")),
        1 => size_text().prop_map(|s| a(Size, s)),
        1 => placement_text().prop_map(|p| a(Placement, p)),
        1 => (word_text(), pair_value).prop_map(|(k, v)| a(Pair, format!("{k}={v}"))),
        1 => group(),
        4 => word(),
        1 => string_text().prop_map(|s| a(Str, s)),
    ]
}

fn glyph() -> impl Strategy<Value = A> + Clone {
    prop::sample::select(vec!["!", "?", "!!", "??", "!?", "?!"]).prop_map(|g| a(AtomKind::Glyph, g))
}

fn phase_label() -> impl Strategy<Value = String> + Clone {
    prop_oneof![
        3 => prop::sample::select(vec!["volley:", "movement:", "melee:", "rally:", "d6:"])
            .prop_map(String::from),
        1 => word_text().prop_map(|w| w + ":"),
    ]
}

// ---------------------------------------------------------------------------
// Item strategies
// ---------------------------------------------------------------------------

/// A directive: a keyword, then any atoms but a turn number. A setup line knows
/// no grammar, so reactions, outcomes, phase labels and glyphs are plain atoms
/// here, glyphs even side by side (see `directive_adjacent_glyphs_merge`).
fn directive() -> impl Strategy<Value = Node> + Clone {
    let keyword = prop_oneof![
        4 => prop::sample::select(vec![
            "map", "terrain", "hexside", "army", "unit", "roll", "bonus", "deploy", "first",
            "option",
        ])
        .prop_map(String::from),
        1 => word_text(),
    ];
    let atom = prop_oneof![
        12 => arg(),
        1 => Just(a(AtomKind::Reaction, ">")),
        1 => Just(a(AtomKind::Outcome, "=>")),
        1 => glyph(),
        1 => phase_label().prop_map(|p| a(AtomKind::PhaseLabel, p)),
    ];
    (keyword, prop::collection::vec(atom, 0..7)).prop_map(|(keyword, args)| {
        let mut atoms = vec![a(AtomKind::Word, keyword)];
        atoms.extend(args);
        Node::Directive(atoms)
    })
}

/// `actor verb args [> reactor verb args]... [=> outcome...] [glyph]`.
fn action() -> impl Strategy<Value = Node> + Clone {
    let reaction = (actor(), word(), prop::collection::vec(arg(), 0..3));
    (
        actor(),
        word(),
        prop::collection::vec(arg(), 0..4),
        prop::collection::vec(reaction, 0..3),
        prop::option::weighted(0.3, prop::collection::vec(arg(), 0..3)),
        prop::option::weighted(0.25, glyph()),
    )
        .prop_map(|(actor, verb, args, reactions, outcome, glyph)| {
            let mut atoms = vec![actor, verb];
            atoms.extend(args);
            for (reactor, verb, args) in reactions {
                atoms.push(a(AtomKind::Reaction, ">"));
                atoms.push(reactor);
                atoms.push(verb);
                atoms.extend(args);
            }
            if let Some(outcome) = outcome {
                atoms.push(a(AtomKind::Outcome, "=>"));
                atoms.extend(outcome);
            }
            atoms.extend(glyph);
            Node::Action(atoms)
        })
}

fn turn() -> impl Strategy<Value = Node> + Clone {
    ("[1-9][0-9]{0,2}", word_text()).prop_map(|(n, side)| Node::Turn {
        number: n + ".",
        side,
    })
}

/// A comment's text: `{...}` without `}` (may span lines), or `; ...` to the
/// end of the line (without trailing blanks, which the parser trims).
fn comment_text() -> impl Strategy<Value = String> + Clone {
    let brace_char = prop_oneof![
        8 => "[ -z|~]",
        1 => prop::sample::select(vec!["\n", "{", ";", "é", "Þ", "\t", "[%fig a \"b\"]"])
            .prop_map(String::from),
    ];
    let line_char = prop_oneof![
        8 => "[ -~]",
        1 => prop::sample::select(vec!["é", "中", "\t"]).prop_map(String::from),
    ];
    prop_oneof![
        3 => prop::collection::vec(brace_char, 0..16).prop_map(|cs| format!("{{{}}}", cs.concat())),
        2 => prop::collection::vec(line_char, 0..16).prop_map(|cs| {
            format!(";{}", cs.concat()).trim_end_matches([' ', '\t']).to_string()
        }),
    ]
}

fn comment() -> impl Strategy<Value = Node> + Clone {
    (comment_text(), prop::bool::weighted(0.5))
        .prop_map(|(text, trailing)| Node::Comment { text, trailing })
}

fn own_line_comment() -> impl Strategy<Value = Node> + Clone {
    comment_text().prop_map(|text| Node::Comment {
        text,
        trailing: false,
    })
}

fn setup_item() -> impl Strategy<Value = Node> + Clone {
    prop_oneof![
        4 => directive(),
        2 => comment(),
        1 => Just(Node::Blank),
    ]
}

fn movetext_item() -> impl Strategy<Value = Node> + Clone {
    prop_oneof![
        2 => turn(),
        2 => phase_label().prop_map(Node::Phase),
        6 => action(),
        2 => Just(Node::Open),
        2 => Just(Node::Close),
        3 => comment(),
        1 => Just(Node::Blank),
    ]
}

/// The raw material of one battle, assembled by [`assemble`].
#[derive(Clone, Debug)]
struct RawBattle {
    extra_tags: Vec<(String, String)>,
    /// Trailing comments after each tag (six required ones, then the extra ones).
    tag_comments: Vec<Vec<String>>,
    setup: Vec<Node>,
    lead: Vec<Node>,
    /// The first turn and what follows it.
    movetext: Option<(Node, Vec<Node>)>,
}

fn raw_battle() -> impl Strategy<Value = RawBattle> {
    let tag_comments = prop::collection::vec(
        prop::option::weighted(0.15, prop::collection::vec(comment_text(), 1..3))
            .prop_map(Option::unwrap_or_default),
        9,
    );
    (
        prop::collection::vec((word_text(), string_text()), 0..3),
        tag_comments,
        prop::collection::vec(setup_item(), 0..8),
        prop::collection::vec(own_line_comment(), 0..3),
        prop::option::weighted(
            0.85,
            (turn(), prop::collection::vec(movetext_item(), 0..24)),
        ),
    )
        .prop_map(
            |(extra_tags, tag_comments, setup, lead, movetext)| RawBattle {
                extra_tags,
                tag_comments,
                setup,
                lead,
                movetext,
            },
        )
}

const REQUIRED_TAGS: [&str; 6] = ["Battle", "Site", "Date", "Rules", "Sides", "Result"];

/// Builds a canonical battle: the required tags first, a blank line after the
/// tag section, a blank line between setup and the own-line comments leading
/// into the first turn, variations balanced, no blank line first, last or
/// doubled, and trailing comments only after something on their line.
fn assemble(raw: RawBattle, last: bool) -> Battle {
    let RawBattle {
        extra_tags,
        tag_comments,
        mut setup,
        lead,
        movetext,
    } = raw;
    let mut nodes = Vec::new();
    let tags = REQUIRED_TAGS
        .iter()
        .enumerate()
        .map(|(i, name)| (name.to_string(), format!("\"{name} {i}\"")))
        .chain(extra_tags);
    for ((name, value), comments) in tags.zip(tag_comments) {
        nodes.push(Node::Tag { name, value });
        for text in comments {
            nodes.push(Node::Comment {
                text,
                trailing: true,
            });
        }
    }
    // A battle with nothing but tags and comments would take the next battle's
    // tags as its own: only the last battle may be like that.
    if !last && movetext.is_none() {
        setup.insert(
            0,
            Node::Directive(vec![
                a(AtomKind::Word, "map"),
                a(AtomKind::Word, "hex"),
                a(AtomKind::Size, "12x10"),
            ]),
        );
    }
    if !setup.is_empty() || movetext.is_some() {
        nodes.push(Node::Blank);
    }
    let has_setup = !setup.is_empty();
    nodes.extend(setup);
    if let Some((first, rest)) = movetext {
        if has_setup {
            nodes.push(Node::Blank);
        }
        nodes.extend(lead);
        nodes.push(first);
        let mut depth = 0usize;
        for node in rest {
            match node {
                Node::Open => depth += 1,
                Node::Close if depth == 0 => continue,
                Node::Close => depth -= 1,
                _ => {}
            }
            nodes.push(node);
        }
        nodes.extend(std::iter::repeat_n(Node::Close, depth));
    }
    let mut out: Battle = Vec::with_capacity(nodes.len());
    for node in nodes {
        match &node {
            Node::Blank if matches!(out.last(), None | Some(Node::Blank)) => continue,
            Node::Comment { trailing: true, .. } => {
                let fits = out
                    .last()
                    .is_some_and(|l| !matches!(l, Node::Blank) && !l.is_line_comment());
                if !fits {
                    continue;
                }
            }
            _ => {}
        }
        out.push(node);
    }
    while matches!(out.last(), Some(Node::Blank)) {
        out.pop();
    }
    out
}

fn archive_tree() -> impl Strategy<Value = Vec<Battle>> {
    prop::collection::vec(raw_battle(), 1..4).prop_map(|raws| {
        let n = raws.len();
        raws.into_iter()
            .enumerate()
            .map(|(i, raw)| assemble(raw, i + 1 == n))
            .collect()
    })
}

// ---------------------------------------------------------------------------
// Non-canonical rendering
// ---------------------------------------------------------------------------

// The renderer's randomness is senlac_notation::seeded::Rng, seeded by
// proptest, so a failing case replays exactly.

/// Bytes after which, or before which, no blank is needed between two tokens.
fn is_delimiter(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\r' | '\n' | ',' | '{' | '}' | ';' | '(' | ')' | '"' | '[' | ']'
    )
}

struct Renderer {
    rng: Rng,
    out: String,
    /// Something (an item or a comment) is on the current line.
    line_has_content: bool,
    /// A `;` comment ends the current line.
    after_line_comment: bool,
    /// The action or directive still open on this line (comments do not close it).
    open: bool,
    crlf: bool,
}

impl Renderer {
    /// Blanks: at least `min` of them, sometimes several, sometimes tabs.
    fn blanks(&mut self, min: usize) {
        let choices: &[&str] = match min {
            0 => &["", "", "", " ", "\t", "  "],
            _ => &[" ", " ", " ", "  ", "\t", " \t ", "   ", "\r "],
        };
        let pick = choices[self.rng.below(choices.len())];
        self.out.push_str(pick);
    }

    fn newline(&mut self) {
        if self.crlf && self.rng.chance(70) {
            self.out.push('\r');
        }
        self.out.push('\n');
        self.line_has_content = false;
        self.after_line_comment = false;
        self.open = false;
    }

    /// Ends the current line if something is on it.
    fn end_line(&mut self) {
        if self.line_has_content {
            if self.rng.chance(20) {
                self.blanks(1);
            }
            self.newline();
        }
    }

    /// Starts a new line with random indentation.
    fn fresh_line(&mut self) {
        self.end_line();
        self.blanks(0);
    }

    /// Blanks between the text so far and `next` on the same line.
    fn join(&mut self, next: &str) {
        let last = self.out.chars().next_back();
        let first = next.chars().next();
        let glued_ok = last.is_none_or(is_delimiter) || first.is_none_or(is_delimiter);
        if glued_ok && self.rng.chance(40) {
            return;
        }
        self.blanks(1);
    }

    fn write(&mut self, text: &str) {
        self.out.push_str(text);
        self.line_has_content = true;
    }

    /// Writes atoms, with the given comments between them: (gap, text) where
    /// gap `g` is between atom `g - 1` and atom `g`.
    fn atoms(&mut self, atoms: &[A], inside: &[(usize, String)]) {
        for (i, atom) in atoms.iter().enumerate() {
            if i > 0 {
                let prev = &atoms[i - 1];
                let mut separated = false;
                for (_, text) in inside.iter().filter(|(gap, _)| *gap == i) {
                    self.join(text);
                    self.write(text);
                    separated = true;
                }
                // A glyph glued to a glyph would read back as one glyph.
                let glue = !separated
                    && ((atom.kind == AtomKind::Glyph
                        && prev.kind != AtomKind::Glyph
                        && self.rng.chance(60))
                        || ((atom.kind == AtomKind::Str || prev.kind == AtomKind::Str)
                            && self.rng.chance(40)));
                if !glue {
                    if separated {
                        self.join(&atom.text);
                    } else {
                        self.blanks(1);
                    }
                }
            }
            self.write(&atom.text);
        }
    }

    /// Places the next item: on a new line, or on this one when it may be.
    fn place(&mut self, may_share_line: bool, first_text: &str) {
        if self.line_has_content
            && may_share_line
            && !self.after_line_comment
            && self.rng.chance(45)
        {
            self.join(first_text);
        } else {
            self.fresh_line();
        }
    }

    fn battle(&mut self, battle: &Battle) {
        let mut skip = vec![false; battle.len()];
        for (k, node) in battle.iter().enumerate() {
            if skip[k] {
                continue;
            }
            match node {
                Node::Blank => {
                    self.end_line();
                    for _ in 0..1 + self.rng.below(3) {
                        self.blanks(0);
                        self.newline();
                    }
                }
                Node::Comment {
                    text,
                    trailing: false,
                } => {
                    self.fresh_line();
                    self.write(text);
                    self.after_line_comment = text.starts_with(';');
                }
                Node::Comment {
                    text,
                    trailing: true,
                } => {
                    self.join(text);
                    self.write(text);
                    self.after_line_comment = text.starts_with(';');
                }
                Node::Tag { name, value } => {
                    self.place(true, "[");
                    let mut tag = String::from("[");
                    let tag_blanks = |rng: &mut Rng, min: usize| {
                        let choices: [&str; 4] = ["", " ", "\t", "  "];
                        let pick = choices[min + rng.below(choices.len() - min)];
                        pick.to_string()
                    };
                    tag += &tag_blanks(&mut self.rng, 0);
                    tag += name;
                    tag += &tag_blanks(&mut self.rng, 1);
                    tag += value;
                    tag += &tag_blanks(&mut self.rng, 0);
                    tag += "]";
                    self.write(&tag);
                }
                Node::Turn { number, .. } => {
                    self.place(true, number);
                    let atoms = node.atoms();
                    let inside = self.comments_inside(battle, k, atoms.len(), &mut skip);
                    self.atoms(&atoms, &inside);
                    self.open = false;
                }
                Node::Phase(label) => {
                    self.place(true, label);
                    self.write(label);
                    self.open = false;
                }
                Node::Open | Node::Close => {
                    let paren = if matches!(node, Node::Open) { "(" } else { ")" };
                    self.place(true, paren);
                    self.write(paren);
                    self.open = false;
                }
                Node::Directive(atoms) => {
                    // A directive ends at its newline: it shares a line only
                    // with own-line comments before it.
                    self.place(!self.open, &atoms[0].text);
                    let inside = self.comments_inside(battle, k, atoms.len(), &mut skip);
                    self.atoms(atoms, &inside);
                    self.open = true;
                }
                Node::Action(atoms) => {
                    if self.open
                        && self.line_has_content
                        && !self.after_line_comment
                        && self.rng.chance(50)
                    {
                        // Several actions on one line: `I hold, II hold`.
                        self.blanks(0);
                        self.write(",");
                        self.open = false;
                        self.join(&atoms[0].text);
                    } else if self.open {
                        self.fresh_line();
                    } else {
                        self.place(true, &atoms[0].text);
                    }
                    let inside = self.comments_inside(battle, k, atoms.len(), &mut skip);
                    self.atoms(atoms, &inside);
                    self.open = true;
                }
            }
        }
    }

    /// Moves some of the brace comments trailing item `k` inside it (the parser
    /// reports them after the item, still trailing): `IX {comment} charge VI`.
    fn comments_inside(
        &mut self,
        battle: &Battle,
        k: usize,
        atom_count: usize,
        skip: &mut [bool],
    ) -> Vec<(usize, String)> {
        let mut inside = Vec::new();
        if atom_count < 2 || !self.rng.chance(30) {
            return inside;
        }
        let mut gap = 1;
        for (j, node) in battle.iter().enumerate().skip(k + 1) {
            match node {
                Node::Comment {
                    text,
                    trailing: true,
                } if text.starts_with('{') && self.rng.chance(70) => {
                    gap += self.rng.below(atom_count - gap);
                    inside.push((gap, text.clone()));
                    skip[j] = true;
                }
                _ => break,
            }
        }
        inside
    }
}

/// Valid text for the tree, laid out anything but canonically.
fn render(tree: &[Battle], seed: u64) -> String {
    let mut r = Renderer {
        rng: Rng::new(seed),
        out: String::new(),
        line_has_content: false,
        after_line_comment: false,
        open: false,
        crlf: false,
    };
    r.crlf = r.rng.chance(20);
    if r.rng.chance(20) {
        r.blanks(0);
        r.newline();
    }
    for (i, battle) in tree.iter().enumerate() {
        if i > 0 {
            if r.after_line_comment || r.rng.chance(85) {
                r.end_line();
                for _ in 0..r.rng.below(3) {
                    r.blanks(0);
                    r.newline();
                }
            } else {
                // The next battle's `[` may even follow on the same line.
                r.blanks(0);
            }
        }
        r.battle(battle);
    }
    match r.rng.below(3) {
        0 => {}
        1 => r.newline(),
        _ => {
            r.newline();
            r.blanks(0);
            r.newline();
        }
    }
    r.out
}

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

fn describe_errors(archive: &Archive<'_>) -> String {
    archive
        .all_errors()
        .map(|e| {
            let text = archive
                .source
                .get(e.span.range())
                .unwrap_or("<out of range>");
            format!("{} {:?} {:?}: {}", e.code, e.span, text, e.message)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every span of the archive (errors, items, atoms) is inside the text and on
/// char boundaries, and every atom's text is the text its span covers.
fn check_spans(archive: &Archive<'_>) -> Result<(), TestCaseError> {
    let text = archive.source;
    let ok = |span: senlac_notation::Span| {
        span.start <= span.end
            && (span.end as usize) <= text.len()
            && text.is_char_boundary(span.start as usize)
            && text.is_char_boundary(span.end as usize)
    };
    for error in archive.all_errors() {
        prop_assert!(ok(error.span), "error span out of bounds: {error:?}");
        if let Some(fix) = &error.fix {
            prop_assert!(ok(fix.span), "fix span out of bounds: {error:?}");
        }
    }
    for battle in &archive.battles {
        prop_assert!(ok(battle.span), "battle span {:?}", battle.span);
        for (item, atoms) in battle.iter() {
            prop_assert!(ok(item.span), "item span out of bounds: {item:?}");
            for atom in atoms {
                prop_assert!(ok(atom.span), "atom span out of bounds: {atom:?}");
                prop_assert_eq!(&text[atom.span.range()], atom.text);
            }
        }
    }
    Ok(())
}

/// `Battle::head` holds every tag and setup line: none follows the
/// movetext's first item.
fn check_head(archive: &Archive<'_>) -> Result<(), TestCaseError> {
    for battle in &archive.battles {
        let head = battle.head().count();
        for item in &battle.items[head..] {
            prop_assert!(
                !matches!(item.kind, ItemKind::Tag | ItemKind::Directive),
                "{:?} after the movetext began, in {:?}",
                item,
                battle.text(battle.span)
            );
        }
    }
    Ok(())
}

/// The shapes without blank lines: what formatting keeps for any tree (it
/// adds the blank lines of the canonical layout).
fn shapes_without_blanks<'s>(archive: &Archive<'s>) -> Vec<Vec<ShapeItem<'s>>> {
    archive
        .battles
        .iter()
        .map(|b| {
            b.shape()
                .into_iter()
                .filter(|item| item.kind != ItemKind::BlankLine)
                .collect()
        })
        .collect()
}

fn blank_lines(archive: &Archive<'_>) -> Vec<usize> {
    archive
        .battles
        .iter()
        .map(|b| {
            b.items
                .iter()
                .filter(|item| item.kind == ItemKind::BlankLine)
                .count()
        })
        .collect()
}

/// The battles `split` cuts are those the parser finds, and each, parsed on
/// its own from its start into a reused tree, is the same tree with the same
/// errors: what `senlac lint` relies on to parse battles on every core.
fn check_split(text: &str, archive: &Archive<'_>) -> Result<(), TestCaseError> {
    let starts: Vec<usize> = split::starts(text, bom_len(text)).collect();
    let found: Vec<usize> = archive
        .battles
        .iter()
        .map(|b| b.span.start as usize)
        .collect();
    prop_assert_eq!(&starts, &found, "battle starts in {:?}", text);
    let mut parser = Parser::new(text);
    let mut tree = senlac_notation::Battle::empty(text);
    for (start, whole) in starts.iter().zip(&archive.battles) {
        parser.seek(*start);
        prop_assert!(parser.next_tree(&mut tree).is_some());
        prop_assert_eq!(tree.span, whole.span);
        prop_assert_eq!(&tree.items, &whole.items);
        prop_assert_eq!(&tree.atoms, &whole.atoms);
        prop_assert_eq!(&tree.errors, &whole.errors);
    }
    Ok(())
}

/// A tree built the plain way: each item's atoms copied as it arrives.
#[derive(Default)]
struct CopiedTree<'s> {
    items: Vec<Item>,
    atoms: Vec<Atom<'s>>,
    errors: Vec<SyntaxError>,
    span: Span,
}

impl<'s> Visitor<'s> for CopiedTree<'s> {
    fn item(&mut self, item: ItemRef<'_, 's>) -> std::ops::ControlFlow<()> {
        let first = self.atoms.len() as u32;
        self.atoms.extend_from_slice(item.atoms);
        self.items.push(Item {
            kind: item.kind,
            span: item.span,
            atoms: first..self.atoms.len() as u32,
            trailing: item.trailing,
        });
        std::ops::ControlFlow::Continue(())
    }

    fn error(&mut self, error: SyntaxError) {
        self.errors.push(error);
    }

    fn end_battle(&mut self, span: Span) {
        self.span = span;
    }
}

/// Each battle's tree (the parser's atoms lent to it) is the copied one, and
/// its items' atoms tile its list of atoms: none is left out or shared.
fn check_lent_atoms(text: &str, archive: &Archive<'_>) -> Result<(), TestCaseError> {
    let mut parser = Parser::new(text);
    for whole in &archive.battles {
        let mut copied = CopiedTree::default();
        prop_assert!(parser.next_battle(&mut copied).is_some());
        prop_assert_eq!(copied.span, whole.span);
        prop_assert_eq!(&copied.items, &whole.items);
        prop_assert_eq!(&copied.atoms, &whole.atoms);
        prop_assert_eq!(&copied.errors, &whole.errors);
        let mut next = 0;
        for item in &whole.items {
            prop_assert_eq!(item.atoms.start, next, "{:?} in {:?}", item, text);
            next = item.atoms.end;
        }
        prop_assert_eq!(next as usize, whole.atoms.len());
    }
    // A visitor that only counts sees what the trees hold.
    let items = archive.battles.iter().map(|b| b.items.len()).sum();
    let atoms = archive.battles.iter().map(|b| b.atoms.len()).sum();
    let errors = archive.battles.iter().map(|b| b.errors.len()).sum();
    let counted = Counts::of(text);
    prop_assert_eq!(
        (
            counted.battles,
            counted.items,
            counted.atoms,
            counted.errors
        ),
        (archive.battles.len(), items, atoms, errors)
    );
    Ok(())
}

/// Any input: no panic, sound spans; without errors, formatting keeps every
/// item but blank lines, adds at most the two separators a battle has, and is
/// idempotent.
fn check_any(text: &str) -> Result<(), TestCaseError> {
    let archive = parse(text);
    check_spans(&archive)?;
    check_head(&archive)?;
    check_split(text, &archive)?;
    check_lent_atoms(text, &archive)?;
    if archive.has_errors() {
        return Ok(());
    }
    let once = format(&archive);
    let reparsed = parse(&once);
    prop_assert!(
        !reparsed.has_errors(),
        "formatted text has errors:\n{}\n--- input\n{text:?}\n--- formatted\n{once:?}",
        describe_errors(&reparsed)
    );
    check_spans(&reparsed)?;
    check_head(&reparsed)?;
    prop_assert_eq!(
        shapes_without_blanks(&reparsed),
        shapes_without_blanks(&archive),
        "formatting changed the items of {:?}\n--- formatted\n{:?}",
        text,
        once
    );
    for (before, after) in blank_lines(&archive)
        .into_iter()
        .zip(blank_lines(&reparsed))
    {
        prop_assert!(
            before <= after && after <= before + 2,
            "blank lines {before} -> {after} in {text:?}"
        );
    }
    let twice = format(&reparsed);
    prop_assert_eq!(&twice, &once, "format is not idempotent on {:?}", text);
    Ok(())
}

// ---------------------------------------------------------------------------
// Arbitrary input strategies
// ---------------------------------------------------------------------------

const HEADER: &str =
    "[Battle \"b\"]\n[Site \"s\"]\n[Date \"d\"]\n[Rules \"r\"]\n[Sides \"x y\"]\n[Result \"x\"]\n";

/// Text made of notation fragments: more likely than random text to parse
/// cleanly and reach the formatter.
fn soup() -> impl Strategy<Value = String> {
    let fragment = prop_oneof![
        4 => prop::sample::select(vec![
            " ", " ", "\t", "\n", "\n", "\n", "\r\n", ",", "(", ")", "{", "}", ";", "\"", "\\",
            "[", "]", "!", "?", "!!", "?!", ">", "=>", "=", "@", "^", "+", "-", "/", ":", ".",
            "1.", "12.", "Saxons", "map", "unit", "hold", "charge", "VI", "I+II", "volley:",
            "0101", "0101-0102", "0101/0102", "d6:4", "2d6:3+5", "18", "-2.5", "6in", "45deg",
            "12x10", "IX@0604^2", "size=1000", "Saxons.VI", "\"s\"", "\"a\\\"b\"", "{c}",
            "; c", "{\n}", "é", "\u{1A}", "[%fig a \"b\"]", "x", "d", "in", "deg", HEADER,
            "\n\n", "  unit", "=>!", "x!", "\n1. Saxons\n", " volley: ", "I hold", ", ",
            "\n  ", "[Event \"e\"]", "\r",
        ])
        .prop_map(String::from),
        1 => "[ -~]{1,3}",
    ];
    (
        prop::bool::weighted(0.8),
        prop::collection::vec(fragment, 0..40),
    )
        .prop_map(|(header, fragments)| {
            let mut text = if header {
                format!("{HEADER}\n")
            } else {
                String::new()
            };
            text.push_str(&fragments.concat());
            text
        })
}

/// 256 cases per property (PROPTEST_CASES overrides it, for longer hunts).
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(256);
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    /// A generated tree, rendered non-canonically, parses to exactly that tree;
    /// formatting keeps it and is idempotent.
    #[test]
    fn generated_trees_survive_parse_and_format(tree in archive_tree(), seed in any::<u64>()) {
        let text = render(&tree, seed);
        let archive = parse(&text);
        prop_assert!(
            !archive.has_errors(),
            "errors:\n{}\n--- text\n{}",
            describe_errors(&archive),
            text
        );
        check_spans(&archive)?;
        check_head(&archive)?;
        check_split(&text, &archive)?;
        check_lent_atoms(&text, &archive)?;
        prop_assert_eq!(archive.battles.len(), tree.len(), "battles in\n{}", text);
        for (battle, expected) in archive.battles.iter().zip(&tree) {
            prop_assert_eq!(
                owned_shape(&battle.shape()),
                expected_shape(expected),
                "parsed shape differs from the generated tree; text:\n{}",
                text
            );
        }

        let once = format(&archive);
        let reparsed = parse(&once);
        prop_assert!(
            !reparsed.has_errors(),
            "formatted text has errors:\n{}\n--- formatted\n{}",
            describe_errors(&reparsed),
            once
        );
        prop_assert_eq!(
            shapes(&reparsed),
            shapes(&archive),
            "parse(format(tree)) differs from the tree; text:\n{}\n--- formatted\n{}",
            text,
            once
        );
        prop_assert_eq!(format(&reparsed), once, "format is not idempotent on\n{}", text);
    }

    #[test]
    fn arbitrary_strings_never_panic(text in ".*") {
        check_any(&text)?;
    }

    #[test]
    fn arbitrary_multiline_strings_never_panic(text in "(?s).{0,200}") {
        check_any(&text)?;
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
        let (text, errors) = decode(&bytes);
        prop_assert_eq!(text.len(), bytes.len());
        for error in &errors {
            prop_assert!(error.span.start < error.span.end);
            prop_assert!((error.span.end as usize) <= bytes.len());
            prop_assert!(text.is_char_boundary(error.span.start as usize));
            prop_assert!(text.is_char_boundary(error.span.end as usize));
        }
        check_any(&text)?;
    }

    #[test]
    fn notation_soup_never_panics(text in soup()) {
        check_any(&text)?;
    }
}

// ---------------------------------------------------------------------------
// Fixed cases
// ---------------------------------------------------------------------------

#[test]
fn hastings_sample_formats_to_itself() {
    let text = include_str!("../../../samples/hastings.sbn");
    let archive = parse(text);
    assert!(!archive.has_errors(), "{}", describe_errors(&archive));
    let once = format(&archive);
    let reparsed = parse(&once);
    assert_eq!(shapes(&reparsed), shapes(&archive));
    assert_eq!(format(&reparsed), once);
}

/// The split keeps the next `;` it found across battles: a `;` far ahead,
/// one inside a string or a `{ }` comment (passed over, then looked for
/// again), a `[` after a `;` on its line, and a string left open at its
/// line's end (with an escape just before the newline) each cut the
/// archive where the parser does.
#[test]
fn battles_are_cut_where_the_parser_cuts_them_around_semicolons_and_strings() {
    let battles = [
        "1. x\n  A hold \"a; [b\"\n",
        "1. x\n  A hold { c; [d }\n  B hold\n",
        "1. x\n  A hold ; e [f\n",
        "1. x\n  A hold \"open [g\\\n  B hold \"h\\\"[i\"\n",
        "1. x\n  A hold\n",
    ];
    let text: String = battles.iter().map(|b| format!("{HEADER}\n{b}\n")).collect();
    let archive = parse(&text);
    assert_eq!(
        archive.battles.len(),
        battles.len(),
        "{}",
        describe_errors(&archive)
    );
    check_split(&text, &archive).unwrap();
}

/// A comment written under an action explains it and keeps the action's
/// depth, even before a phase label or a turn; one written at the depth of
/// what follows goes with that.
#[test]
fn a_comment_under_an_action_keeps_its_depth() {
    const HEADER_LINES: &str = "[Battle \"b\"]\n[Site \"s\"]\n[Date \"d\"]\n[Rules \"r\"]\n[Sides \"x y\"]\n[Result \"x\"]\n\n";
    let movetext = "1. x\n  fire:\n    A fire B\n    { why A fired,\n      on two lines }\n  melee:\n    ; under the label\n2. y\n  ; before the phase\n  melee:\n    B melee A\n";
    let text = format!("{HEADER_LINES}{movetext}");
    let archive = parse(&text);
    assert!(!archive.has_errors(), "{}", describe_errors(&archive));
    assert_eq!(format(&archive), text);
    // Written too shallow, a comment goes with what follows.
    let shallow = text.replace("    ; under the label", "; under the label");
    let formatted = format(&parse(&shallow));
    assert!(
        formatted.contains("\n; under the label\n2. y"),
        "{formatted}"
    );
}

/// Regression: on a setup line (where the parser allows glyphs anywhere) two
/// glyphs in a row were both glued to the atom before them, so `map x ! ?`
/// read back as `map x!?` and `map !! !` as the invalid `map!!!`.
#[test]
fn directive_adjacent_glyphs_merge() {
    const HEADER_LINES: &str = "[Battle \"b\"]\n[Site \"s\"]\n[Date \"d\"]\n[Rules \"r\"]\n[Sides \"x y\"]\n[Result \"x\"]\n\n";
    for line in ["map x ! ?", "map !! !"] {
        let text = format!("{HEADER_LINES}{line}\n");
        let archive = parse(&text);
        assert!(!archive.has_errors(), "{}", describe_errors(&archive));
        let once = format(&archive);
        let reparsed = parse(&once);
        assert!(
            !reparsed.has_errors(),
            "{line:?} formats to text with errors:\n{}\n{once}",
            describe_errors(&reparsed)
        );
        assert_eq!(
            shapes(&reparsed),
            shapes(&archive),
            "{line:?} formats as\n{once}"
        );
    }
}

/// Regression: a `,` right after a turn number ended the turn without an
/// error and lost the side that followed. It is now `notation::missing-side`
/// on the turn number.
#[test]
fn comma_after_turn_number_is_a_missing_side() {
    const HEADER_LINES: &str = "[Battle \"b\"]\n[Site \"s\"]\n[Date \"d\"]\n[Rules \"r\"]\n[Sides \"x y\"]\n[Result \"x\"]\n\n";
    for body in ["1.,S\n", "1., Saxons\nI hold\n"] {
        let text = format!("{HEADER_LINES}{body}");
        let archive = parse(&text);
        let errors: Vec<_> = archive.all_errors().collect();
        assert!(!errors.is_empty(), "{body:?} parses without error");
        assert_eq!(errors[0].code, senlac_notation::Code::MissingSide);
        assert_eq!(&text[errors[0].span.range()], "1.");
    }
}
