//! The Hastings: 1066 engine never panics, whatever a syntactically valid
//! log says: random setups and movetext from the ruleset's own vocabulary
//! (its verbs, claims, unit ids, hexes, orders and segment labels), and
//! mutations of the sample (samples/hastings-1066-st.sbn) and of generated
//! battles (lines deleted, duplicated, swapped, moved, numbers bumped or
//! set to the ends of their range, words replaced, hexes shifted). Every replay returns, its findings point
//! into the text on char boundaries, and every printer's view of its
//! timeline can be drawn. (tdgs_robust.rs does the same for TDGS, robust.rs
//! for Mass Combat.) The check and the line mutations are robust_common's,
//! shared with tdgs_robust.rs; the hex shift and the extremes are Hastings's
//! own.

use std::collections::HashMap;
use std::sync::OnceLock;

mod robust_common;

use proptest::prelude::*;
use proptest::sample::{Index, select};
use robust_common::{Mutation, Own, cases, digit_runs, mutate, replays};
use senlac_board::hex::{Direction, neighbour};
use senlac_board::{Cell, Parity};
use senlac_engine::{Config, check, system};
use senlac_notation::parse;

const SAMPLE: &str = include_str!("../../../samples/hastings-1066-st.sbn");
const RULES: &str = "hastings-1066/st";

// -------------------------------------------------------------- vocabulary

/// Each army's pieces, as their lines are mostly written (after `unit`):
/// Normans, then Saxons. A leader is known by his name's first word (the
/// commander, the great leaders, the Saxon leaders' hexes and rally
/// ranges).
const ROSTER: [&[&str]; 2] = [
    &[
        "WIL \"William\" leader nation=norman command=5 rally=2",
        "ODO \"Odo of Bayeux\" leader nation=norman command=3 rally=1",
        "ALN \"Alan the Red\" leader nation=breton command=3 rally=1",
        "WG \"William's Guard\" guard A melee=6 defense=5 nation=norman",
        "NK1 \"Norman knights\" knights C melee=5 defense=4 nation=norman",
        "NF1 \"Norman foot\" foot C melee=4 defense=4 wall=5 nation=norman",
        "NB1 \"Norman bowmen\" bowmen D melee=2 defense=2 missile=bow nation=norman",
        "BK1 \"Breton knights\" knights C melee=5 defense=4 nation=breton",
        "BF1 \"Breton foot\" foot D melee=4 defense=3 wall=4 nation=breton",
        "BB1 \"Breton bowmen\" bowmen D melee=2 defense=2 missile=bow nation=breton",
        "FK1 \"Franco-Flemish knights\" knights C melee=5 defense=4 nation=flemish",
        "FF1 \"Franco-Flemish foot\" foot C melee=4 defense=3 wall=4 nation=flemish",
    ],
    &[
        "HAR \"Harold Godwinson\" leader wing=center command=4 rally=1",
        "LEO \"Leofwine\" leader wing=left command=3 rally=0",
        "GYR \"Gyrth\" leader wing=right command=3 rally=1",
        "HC1 \"Housecarls\" housecarls A melee=7 defense=5 wall=8 wing=center",
        "HC2 \"Housecarls\" housecarls A melee=7 defense=5 wall=8 wing=center",
        "SB1 \"Saxon bowmen\" bowmen D melee=1 defense=2 missile=bow wing=center",
        "T1 \"Thegns\" thegns C melee=4 defense=4 wall=6 wing=left",
        "F1 \"Fyrd spearmen\" fyrd D melee=3 defense=3 wall=4 missile=javelin wing=left",
        "F2 \"Fyrd\" fyrd D melee=3 defense=3 wall=4 wing=right",
        "GF1 \"Great fyrd\" fyrd E melee=2 defense=2 wall=3 arrives=1",
        "GF2 \"Great fyrd\" fyrd E melee=2 defense=2 wall=3 arrives=2",
    ],
];

/// A roster line's id, name, class and the rest (grade, factors, part).
fn piece(line: &'static str) -> (&'static str, &'static str, &'static str, &'static str) {
    let (id, rest) = line.split_once(" \"").expect("an id, then a name");
    let (name, rest) = rest.split_once("\" ").expect("a name, then a class");
    let (class, rest) = rest.split_once(' ').expect("a class, then the rest");
    (id, name, class, rest)
}

const SIDES: [&str; 2] = ["Normans", "Saxons"];

/// The leaders among each side's pieces.
const LEADERS: [&[&str]; 2] = [&["WIL", "ODO", "ALN"], &["HAR", "LEO", "GYR"]];

/// Names movetext may write that are no one piece of one side: a stranger,
/// qualified ids (one wrongly), groups, a side, a wing, a section.
const ODD_NAMES: &[&str] = &[
    "Nobody",
    "WGé",
    "Normans.WG",
    "Saxons.HC1",
    "Saxons.WG",
    "HC1+HC2",
    "NB1+BB1",
    "NK1+HC1",
    "WG+WG",
    "Normans",
    "left",
    "norman-foot",
];

/// Who may order a wing or a section (and some who may not).
const ORDER_GIVERS: &[&str] = &[
    "norman",
    "breton",
    "flemish",
    "left",
    "center",
    "right",
    "norman",
    "breton",
    "left",
    "center",
    "right",
    "norman-foot",
    "breton-knights",
    "Normans",
    "HC1",
    "saxon",
];

const ARMIES: &[&str] = &["Normans", "Saxons", "Normans", "Saxons", "Green", "Nörmans"];

const STRATEGIES: &[&str] = &[
    "defensive",
    "cautious",
    "moderate",
    "aggressive",
    "reckless",
];

const ORDERS: &[&str] = &[
    "shield-wall",
    "fire-in-place",
    "advance-to-combat",
    "attack-pursue",
    "hold",
    "advance",
    "charge",
    "retreat",
];

const SECTIONS: &[&str] = &[
    "norman-foot",
    "norman-knights",
    "breton-foot",
    "breton-knights",
    "flemish-foot",
    "flemish-knights",
    "saxon-foot",
];

const WINGS: &[&str] = &["left", "center", "right", "middle"];

const UNIT_STATUSES: &[&str] = &[
    "ok",
    "disrupted",
    "routed",
    "reduced",
    "eliminated",
    "rallied",
    "still",
];

const LEADER_RESULTS: &[&str] = &[
    "unharmed",
    "wounded-1",
    "wounded-2",
    "shaken",
    "killed",
    "captured",
];

const ODDS: &[&str] = &[
    "1x4", "1x3", "1x2", "1x1.5", "1x1", "1.5x1", "2x1", "3x1", "4x1", "5x1", "6x1", "0x0",
];

const EXTENSIONS: &[&str] = &["half", "three-quarters", "encircled", "sideways"];

const VICTORIES: &[&str] = &["strategic", "tactical", "draw", "total"];

/// Every verb play reads, and two it does not (one nearly a verb).
const VERBS: &[&str] = &[
    "strategy", "reroll", "join", "rally", "withdraw", "fire", "move", "charge", "face", "enter",
    "react", "melee", "extend", "reform", "place", "wings", "tally", "win", "morale", "rout",
    "displace", "pursue", "casualty", "escape", "dance", "ralley", "möve",
];

/// Lines owed wherever what caused them stands.
const OWED: &[&str] = &["morale", "rout", "displace", "pursue", "casualty", "escape"];

/// The segments, in their order, and labels that are none.
const SEGMENTS: [&str; 8] = [
    "orders",
    "rally",
    "fire",
    "movement",
    "reaction",
    "defensive-fire",
    "melee",
    "record",
];
const ODD_LABELS: &[&str] = &["lunch", "melle", "mêlée", "moves", "fire"];

/// The verbs each segment reads, by the segment's index in [`SEGMENTS`].
const SEGMENT_VERBS: [&[&str]; 8] = [
    &["strategy", "strategy", "strategy", "reroll", "join"],
    &["rally", "rally", "withdraw"],
    &["fire"],
    &["move", "move", "charge", "face", "enter"],
    &["react"],
    &["fire"],
    &["melee"],
    &["tally", "extend", "reform", "place", "wings", "win"],
];

/// Words a line's arguments may hold besides names, hexes and numbers.
const WORDS: &[&str] = &[
    "high",
    "low",
    "half",
    "yes",
    "d6:3",
    "2d6:3+4",
    "2d6:0+7",
    "d6:9",
    "3d6:1+2+3",
    "d20:4",
    "6in",
    "45deg",
    "facing=x",
    "facing=6",
    "turns=2",
    "housecarls=hold",
    "optional=charge",
    "effect=1",
    "diff=+6",
    "odds=2x1",
    "points=3",
    "victory=tactical",
    "WG@1316^5",
    "HC1@0713^2",
];

/// Setup lines that may turn up anywhere in the setup, some wrong.
const ODD_SETUP: &[&str] = &[
    "map hex 1x1 parity even",
    "map square 16x22",
    "map table 72x48in",
    "first Normans turn",
    "roll Normans leadership d20:5",
    "option nonsense",
    "option partial",
    "option housecarl-restraint",
    "army Green \"Green\"",
    "army Normans \"Again\" leader \"William\"",
    "  unit WG \"Again\" guard A melee=6 defense=5 nation=norman",
    "  unit HAR \"Harold twice\" leader wing=center command=4 rally=1",
    "  unit XX \"Loose\" dragons Z melee=99",
    "  unit GF9 \"Reserve fyrd\" fyrd E melee=2 defense=2 wall=3 reserve=yes",
    "  unit HC9 \"Worn housecarls\" housecarls A melee=7 defense=5 wall=8 wing=center reduced=yes",
    "  unit LX \"Loose leader\" leader command=2",
    "deploy Green XX@0505^2",
    "deploy Normans WG@0000^5 NK1@9999^5",
    "deploy Saxons HC1@0713 GF1@0116^2",
    "deploy Saxons HAR@0514^3",
    "terrain woods 0101-1622",
    "terrain elevation=xyz 0505",
    "terrain lava 0505",
    "hexside ridge 0713/0915",
    "hexside stream 0713/0713",
];

/// Unit lines' classes and grades when not as printed.
const CLASSES: &[&str] = &[
    "foot",
    "bowmen",
    "knights",
    "guard",
    "housecarls",
    "thegns",
    "fyrd",
    "slingers",
    "leader",
    "dragons",
];
const GRADES: &[&str] = &["A", "B", "C", "D", "E", "Z", "melee=3"];

/// Factors and ratings at the ends of what a setup reads, each in place of
/// the piece's own.
const HUGE: &[&str] = &[
    "melee=2147483647",
    "defense=2147483647",
    "wall=2147483647",
    "melee=2147483646",
    "defense=0",
    "command=4294967295",
    "command=2147483647",
    "rally=4294967295",
    "arrives=4294967295",
];

/// Keys a unit line may add; some wrong on purpose.
const EXTRAS: &[&str] = &[
    "arrives=1",
    "arrives=0",
    "arrives=99",
    "reserve=yes",
    "reserve=no",
    "reduced=yes",
    "missile=sling",
    "missile=bow",
    "missile=rock",
    "wall=0",
    "wall=99",
    "melee=0",
    "defense=4294967296",
    "nation=saxon",
    "nation=breton",
    "wing=left",
    "wing=middle",
    "command=9",
    "rally=-1",
    "bogus=1",
];

const TERRAIN: &[&str] = &[
    "elevation=250",
    "elevation=275",
    "elevation=225",
    "elevation=175",
    "elevation=0",
    "elevation=99999",
    "elevation=-5",
    "elevation=2147483647",
    "elevation=-2147483648",
    "woods",
    "marsh",
    "road",
    "senlac-hill",
    "slope",
    "lava",
];

const HEXSIDES: &[&str] = &["ridge", "stream", "ridge", "stream", "slope", "wall"];

// -------------------------------------------------------------- hexes

fn label(cell: Cell) -> String {
    format!("{:02}{:02}", cell.column, cell.row)
}

/// One step from `cell`: 0-5 a neighbour (if it has a label), 6 the same
/// hex, 7 two columns over.
fn step(cell: Cell, way: u8) -> Cell {
    match way {
        0..=5 => neighbour(cell, Direction::ALL[usize::from(way)], Parity::Even).unwrap_or(cell),
        6 => cell,
        _ => Cell {
            column: (cell.column + 2).min(99),
            row: cell.row,
        },
    }
}

/// A hex mostly on the field both armies stand in; now and then one off
/// the map or with no label.
fn hex() -> impl Strategy<Value = String> {
    prop_oneof![
        14 => (4u8..14, 6u8..17).prop_map(|(c, r)| format!("{c:02}{r:02}")),
        2 => (1u8..17, 1u8..23).prop_map(|(c, r)| format!("{c:02}{r:02}")),
        1 => select(vec!["0000", "9999", "1723", "0116", "1419", "0100"]).prop_map(str::to_string),
    ]
}

/// A hexside's two hexes: mostly neighbours.
fn hexside() -> impl Strategy<Value = String> {
    (4u8..14, 6u8..17, 0u8..8).prop_map(|(column, row, way)| {
        let a = Cell { column, row };
        format!("{}/{}", label(a), label(step(a, way)))
    })
}

/// A number as a claim or a setup line writes one.
fn number() -> impl Strategy<Value = i64> {
    prop_oneof![
        12 => 0i64..10,
        1 => Just(-3),
        1 => Just(99_999),
        1 => Just(i64::from(u32::MAX) + 1),
        1 => Just(i64::MAX),
    ]
}

fn die() -> impl Strategy<Value = String> {
    prop_oneof![
        12 => (1u8..7).prop_map(|n| format!("d6:{n}")),
        1 => select(vec!["d6:0", "d6:7", "d6:99", "d20:4"]).prop_map(str::to_string),
    ]
}

fn two_dice() -> impl Strategy<Value = String> {
    prop_oneof![
        12 => (1u8..7, 1u8..7).prop_map(|(a, b)| format!("2d6:{a}+{b}")),
        1 => select(vec!["2d6:0+0", "2d6:7+9", "2d6:6", "d6:4"]).prop_map(str::to_string),
    ]
}

fn facing() -> impl Strategy<Value = String> {
    prop_oneof![
        12 => (1u8..7).prop_map(|f| format!("facing={f}")),
        1 => select(vec!["facing=0", "facing=7", "facing=99", "facing=n"]).prop_map(str::to_string),
    ]
}

// -------------------------------------------------------------- setup

/// The setup: its lines, and where each piece was deployed.
#[derive(Clone, Debug)]
struct Setup {
    lines: Vec<String>,
    homes: HashMap<&'static str, Cell>,
}

/// One piece's line under its army, perhaps written wrong.
fn piece_line(side: usize, slot: usize) -> impl Strategy<Value = String> {
    let (id, name, class, rest) = piece(ROSTER[side][slot]);
    (
        prop::option::weighted(0.02, select(CLASSES.to_vec())),
        prop::option::weighted(0.02, select(GRADES.to_vec())),
        prop::collection::vec(select(EXTRAS.to_vec()), 1..3),
        prop::bool::weighted(0.95),
        prop::option::weighted(0.03, select(HUGE.to_vec())),
    )
        .prop_map(
            move |(odd_class, odd_grade, extras, extras_dropped, huge)| {
                let class = odd_class.unwrap_or(class);
                let mut rest = rest.to_string();
                if let Some(huge) = huge {
                    // In place of the key's own value, else added.
                    let key = &huge[..=huge.find('=').unwrap_or(0)];
                    let mut words: Vec<&str> = rest.split(' ').collect();
                    match words.iter().position(|w| w.starts_with(key)) {
                        Some(at) => words[at] = huge,
                        None => words.push(huge),
                    }
                    rest = words.join(" ");
                }
                if let Some(grade) = odd_grade
                    && class != "leader"
                {
                    // The grade is the first word after a combat unit's class.
                    rest = match rest.split_once(' ') {
                        Some((_, tail)) => format!("{grade} {tail}"),
                        None => grade.to_string(),
                    };
                }
                let mut line = format!("  unit {id} \"{name}\" {class} {rest}");
                if !extras_dropped {
                    for extra in extras {
                        line.push(' ');
                        line.push_str(extra);
                    }
                }
                line
            },
        )
}

/// One army: its line, its pieces (most of them), and its deployment.
fn army(side: usize) -> impl Strategy<Value = (Vec<String>, Vec<(&'static str, String)>)> {
    let roster: Vec<_> = ROSTER[side].iter().map(|line| piece(line)).collect();
    let name = SIDES[side];
    let lines: Vec<_> = (0..roster.len())
        .map(|slot| piece_line(side, slot))
        .collect();
    (
        prop_oneof![6 => Just("William"), 1 => Just("Nobody")],
        prop::collection::vec(prop::bool::weighted(0.9), roster.len()),
        lines,
        prop::collection::vec(
            (
                // Normans to the east, Saxons to the west (and now and then
                // anywhere).
                prop_oneof![
                    8 => (0u8..4, 7u8..15).prop_map(move |(c, r)| {
                        let column = if side == 0 { 9 + c } else { 5 + c };
                        format!("{column:02}{r:02}")
                    }),
                    1 => hex(),
                ],
                prop_oneof![
                    8 => Just(if side == 0 { 5u8 } else { 2 }),
                    3 => 1u8..7,
                    1 => Just(0u8),
                    1 => Just(9u8),
                ],
                prop::bool::weighted(0.95),
                any::<Index>(),
            ),
            roster.len(),
        ),
    )
        .prop_map(move |(leader, present, lines, places)| {
            let leader = if leader == "Nobody" {
                leader
            } else {
                ["William", "Harold"][side]
            };
            let mut out = vec![format!("army {name} \"{name}\" leader \"{leader}\"")];
            let mut deployed: Vec<(&'static str, String)> = Vec::new();
            let units: Vec<usize> = (0..roster.len())
                .filter(|&s| present[s] && roster[s].2 != "leader")
                .collect();
            for slot in (0..roster.len()).filter(|&slot| present[slot]) {
                out.push(lines[slot].clone());
            }
            // Units first, so a leader finds the unit he stacks with placed.
            let leaders = (0..roster.len()).filter(|&s| present[s] && roster[s].2 == "leader");
            for slot in units.iter().copied().chain(leaders) {
                let (id, _, class, _) = roster[slot];
                let (cell, face, faced, with) = &places[slot];
                if class == "leader" {
                    // A leader mostly stands with one of his side's units.
                    let unit = (!units.is_empty() && *faced)
                        .then(|| units[with.index(units.len())])
                        .and_then(|u| deployed.iter().find(|(placed, _)| *placed == roster[u].0));
                    let at = unit.map_or(cell.clone(), |(_, at)| at[..4].to_string());
                    deployed.push((id, at));
                } else if *faced {
                    deployed.push((id, format!("{cell}^{face}")));
                } else {
                    deployed.push((id, cell.clone()));
                }
            }
            (out, deployed)
        })
}

fn setup() -> impl Strategy<Value = Setup> {
    (
        select(vec![
            "map hex 16x22 parity even",
            "map hex 16x22 parity even",
            "map hex 16x22 parity even",
            "map hex 16x22 parity even",
            "map hex 12x16 parity even",
            "map hex 16x22 parity odd",
            "map hex 3x3 parity even",
        ]),
        prop::collection::vec(
            (
                select(TERRAIN.to_vec()),
                hex(),
                prop::option::of(hex()),
                prop::option::weighted(0.3, hex()),
            ),
            0..6,
        ),
        prop::collection::vec(
            (
                select(HEXSIDES.to_vec()),
                prop::collection::vec(hexside(), 1..4),
            ),
            0..3,
        ),
        (
            prop::bool::weighted(0.9),
            prop::bool::weighted(0.8),
            prop::bool::weighted(0.2),
            prop::bool::weighted(0.2),
        ),
        army(0),
        army(1),
        prop::collection::vec((select(ODD_SETUP.to_vec()), any::<Index>()), 0..3),
    )
        .prop_map(|(map, terrain, hexsides, options, normans, saxons, odd)| {
            let mut lines = vec![map.to_string()];
            for (kind, from, to, more) in terrain {
                let mut line = format!("terrain {kind} {from}");
                if let Some(to) = to {
                    line.push_str(&format!("-{to}"));
                }
                if let Some(more) = more {
                    line.push_str(&format!(" {more}"));
                }
                lines.push(line);
            }
            for (kind, sides) in hexsides {
                lines.push(format!("hexside {kind} {}", sides.join(" ")));
            }
            let (partial, variable, restraint, supply) = options;
            for (on, option) in [
                (partial, "partial"),
                (variable, "variable-deployment"),
                (restraint, "housecarl-restraint"),
                (supply, "missile-supply-per-unit"),
            ] {
                if on {
                    lines.push(format!("option {option}"));
                }
            }
            lines.push(String::new());
            lines.extend(normans.0);
            lines.extend(saxons.0);
            lines.push(String::new());
            let mut homes = HashMap::new();
            for (side, deployed) in [normans.1, saxons.1].into_iter().enumerate() {
                // A few placements a line, as the sample writes them.
                for chunk in deployed.chunks(5) {
                    let places: Vec<String> =
                        chunk.iter().map(|(id, at)| format!("{id}@{at}")).collect();
                    lines.push(format!("deploy {} {}", SIDES[side], places.join(" ")));
                    for (id, at) in chunk {
                        if let Some(cell) = Cell::parse(&at[..4]) {
                            homes.insert(*id, cell);
                        }
                    }
                }
            }
            for (line, at) in odd {
                let at = at.index(lines.len() + 1);
                lines.insert(at, line.to_string());
            }
            Setup { lines, homes }
        })
}

// -------------------------------------------------------------- movetext

/// One atom of a line, some resolved only when the line is written: who
/// acts, against whom, from where.
#[derive(Clone, Debug)]
enum Tok {
    Text(String),
    /// The actor's id (its first piece's).
    Actor,
    /// A piece of the other side (or, now and then, anyone).
    Enemy(Index),
    /// Two pieces of the other side, as a group.
    Enemies(Index, Index),
    /// A piece of the actor's side.
    Friend(Index),
    /// A path from where the actor stands (or from `from`), step by step.
    Path(Option<String>, Vec<u8>),
}

use Tok::{Actor, Enemies, Enemy, Friend, Path};

fn text(s: impl Into<String>) -> Tok {
    Tok::Text(s.into())
}

fn words(list: &'static [&'static str]) -> impl Strategy<Value = Tok> + Clone {
    select(list.to_vec()).prop_map(text)
}

fn path(steps: std::ops::Range<usize>) -> impl Strategy<Value = Tok> {
    (
        prop::option::weighted(0.1, hex()),
        prop::collection::vec(
            prop_oneof![20 => 0u8..6, 1 => Just(6u8), 1 => Just(7u8)],
            steps,
        ),
    )
        .prop_map(|(from, steps)| Path(from, steps))
}

/// An argument of no verb in particular.
fn any_arg() -> BoxedStrategy<Tok> {
    prop_oneof![
        3 => any::<Index>().prop_map(Enemy),
        2 => any::<Index>().prop_map(Friend),
        2 => select(ODD_NAMES.to_vec()).prop_map(text),
        3 => hex().prop_map(text),
        2 => path(1..5),
        2 => die().prop_map(text),
        1 => two_dice().prop_map(text),
        1 => facing().prop_map(text),
        1 => number().prop_map(|n| text(n.to_string())),
        3 => words(WORDS),
        1 => words(ORDERS),
        1 => words(UNIT_STATUSES),
    ]
    .boxed()
}

/// What a claim may say of a subject.
fn status() -> impl Strategy<Value = Vec<Tok>> {
    (
        prop_oneof![
            3 => Just(Actor),
            2 => any::<Index>().prop_map(Enemy),
            1 => Just(text("")),
        ],
        words(UNIT_STATUSES),
    )
        .prop_map(|(who, what)| match who {
            Tok::Text(_) => vec![what],
            who => vec![who, what],
        })
}

/// A line's arguments and claim, by its verb.
type Shape = (Vec<Tok>, Option<Vec<Tok>>);

fn flatten(parts: Vec<Option<Tok>>) -> Vec<Tok> {
    parts.into_iter().flatten().collect()
}

fn shape(verb: &'static str) -> BoxedStrategy<Shape> {
    let maybe = |p: f64, s: BoxedStrategy<Tok>| prop::option::weighted(p, s);
    match verb {
        "strategy" | "reroll" => (
            maybe(
                if verb == "strategy" { 0.9 } else { 0.05 },
                words(STRATEGIES).boxed(),
            ),
            maybe(0.1, order_pair().boxed()),
            maybe(0.9, two_dice().prop_map(text).boxed()),
            prop::option::weighted(
                0.9,
                prop::collection::vec(
                    (
                        maybe(0.6, words(SECTIONS).boxed()),
                        words(ORDERS),
                        maybe(
                            0.2,
                            (1i64..4).prop_map(|n| text(format!("turns={n}"))).boxed(),
                        ),
                        maybe(
                            0.1,
                            words(ORDERS)
                                .prop_map(|o| match o {
                                    Tok::Text(o) => text(format!("optional={o}")),
                                    o => o,
                                })
                                .boxed(),
                        ),
                        maybe(
                            0.1,
                            (-2i64..3).prop_map(|n| text(format!("effect={n}"))).boxed(),
                        ),
                    ),
                    1..3,
                ),
            ),
        )
            .prop_map(|(strategy, housecarls, dice, claim)| {
                let claim = claim.map(|groups| {
                    groups
                        .into_iter()
                        .flat_map(|(a, b, c, d, e)| flatten(vec![a, Some(b), c, d, e]))
                        .collect()
                });
                (flatten(vec![strategy, housecarls, dice]), claim)
            })
            .boxed(),
        "join" => words(WINGS).prop_map(|w| (vec![w], None)).boxed(),
        "rally" => (
            maybe(0.6, die().prop_map(text).boxed()),
            prop::option::weighted(0.8, status()),
        )
            .prop_map(|(die, claim)| (flatten(vec![die]), claim))
            .boxed(),
        "withdraw" | "rout" | "displace" | "pursue" => {
            (path(1..5), maybe(0.9, facing().prop_map(text).boxed()))
                .prop_map(|(path, facing)| (flatten(vec![Some(path), facing]), None))
                .boxed()
        }
        "fire" => (
            prop_oneof![
                4 => any::<Index>().prop_map(Enemy),
                1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Enemies(a, b)),
            ],
            maybe(0.2, Just(text("high")).boxed()),
            maybe(0.95, die().prop_map(text).boxed()),
            prop::option::weighted(
                0.5,
                (
                    maybe(
                        0.8,
                        number().prop_map(|n| text(format!("fire={n}"))).boxed(),
                    ),
                    maybe(
                        0.8,
                        number().prop_map(|n| text(format!("defense={n}"))).boxed(),
                    ),
                    maybe(
                        0.8,
                        select(ODDS.to_vec())
                            .prop_map(|o| text(format!("odds={o}")))
                            .boxed(),
                    ),
                    prop::option::weighted(0.5, status()),
                ),
            ),
        )
            .prop_map(|(target, high, die, claim)| {
                let claim = claim.map(|(fire, defense, odds, status)| {
                    let mut claim = flatten(vec![fire, defense, odds]);
                    claim.extend(status.into_iter().flatten());
                    claim
                });
                (flatten(vec![Some(target), high, die]), claim)
            })
            .boxed(),
        "move" | "charge" => (
            path(1..6),
            maybe(0.8, facing().prop_map(text).boxed()),
            maybe(0.1, die().prop_map(text).boxed()),
        )
            .prop_map(|(path, facing, die)| (flatten(vec![Some(path), facing, die]), None))
            .boxed(),
        "face" => prop_oneof![8 => 1u8..7, 1 => Just(0u8), 1 => Just(8u8)]
            .prop_map(|f| (vec![text(f.to_string())], None))
            .boxed(),
        "enter" => (
            prop::collection::vec(0u8..6, 0..4),
            prop::bool::weighted(0.8),
            maybe(0.9, facing().prop_map(text).boxed()),
            prop::option::weighted(0.3, words(WINGS)),
        )
            .prop_map(|(steps, entry, facing, wing)| {
                let from = entry.then(|| "0116".to_string());
                let claim = wing.map(|w| vec![Actor, w]);
                (flatten(vec![Some(Path(from, steps)), facing]), claim)
            })
            .boxed(),
        "react" => (
            path(1..3),
            maybe(0.9, facing().prop_map(text).boxed()),
            maybe(0.2, die().prop_map(text).boxed()),
            maybe(0.9, die().prop_map(text).boxed()),
            prop::option::weighted(0.7, status()),
        )
            .prop_map(|(path, facing, check, die, claim)| {
                (flatten(vec![Some(path), facing, check, die]), claim)
            })
            .boxed(),
        "melee" => (
            prop_oneof![
                4 => any::<Index>().prop_map(Enemy),
                1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Enemies(a, b)),
            ],
            maybe(0.8, die().prop_map(text).boxed()),
            prop::option::weighted(
                0.6,
                (
                    maybe(
                        0.8,
                        prop_oneof![8 => -8i64..10, 1 => Just(-99), 1 => Just(i64::MAX)]
                            .prop_map(|n| text(format!("diff={n:+}")))
                            .boxed(),
                    ),
                    prop::option::weighted(0.5, status()),
                    prop::option::weighted(0.3, status()),
                ),
            ),
        )
            .prop_map(|(target, die, claim)| {
                let claim = claim.map(|(diff, a, b)| {
                    let mut claim = flatten(vec![diff]);
                    claim.extend(a.into_iter().flatten());
                    claim.extend(b.into_iter().flatten());
                    claim
                });
                (flatten(vec![Some(target), die]), claim)
            })
            .boxed(),
        "morale" => (die(), prop::option::weighted(0.9, status()))
            .prop_map(|(die, claim)| (vec![text(die)], claim))
            .boxed(),
        "casualty" => (
            two_dice(),
            maybe(0.2, die().prop_map(text).boxed()),
            prop::option::weighted(0.9, words(LEADER_RESULTS)),
        )
            .prop_map(|(dice, die, result)| {
                (
                    flatten(vec![Some(text(dice)), die]),
                    result.map(|r| vec![Actor, r]),
                )
            })
            .boxed(),
        "escape" => prop_oneof![
            3 => path(1..6).prop_map(|p| (vec![p], None)),
            1 => Just((vec![], Some(vec![Actor, text("captured")]))),
        ]
        .boxed(),
        "extend" => words(EXTENSIONS).prop_map(|w| (vec![w], None)).boxed(),
        "reform" => prop::option::weighted(
            0.4,
            prop::collection::vec(
                (
                    any::<Index>(),
                    select(vec!["eliminated", "eliminated", "ok", "rallied"]),
                ),
                1..3,
            ),
        )
        .prop_map(|claim| {
            let claim = claim.map(|pairs| {
                pairs
                    .into_iter()
                    .flat_map(|(who, what)| [Friend(who), text(what)])
                    .collect()
            });
            (vec![], claim)
        })
        .boxed(),
        "place" => prop::collection::vec(
            (
                select(vec!["GF1", "GF2", "HC1", "WG", "Nobody"]),
                hex(),
                prop_oneof![3 => (1u8..7).prop_map(Some), 1 => Just(None)],
            ),
            1..3,
        )
        .prop_map(|places| {
            let args = places
                .into_iter()
                .map(|(id, at, face)| match face {
                    Some(face) => text(format!("{id}@{at}^{face}")),
                    None => text(format!("{id}@{at}")),
                })
                .collect();
            (args, None)
        })
        .boxed(),
        "wings" => (0i64..5)
            .prop_map(|n| (vec![text(n.to_string())], None))
            .boxed(),
        "tally" => prop::option::weighted(0.9, number())
            .prop_map(|n| (vec![], n.map(|n| vec![text(format!("points={n}"))])))
            .boxed(),
        "win" => prop::option::weighted(0.9, words(VICTORIES))
            .prop_map(|v| {
                let claim = v.map(|v| match v {
                    Tok::Text(v) => vec![text(format!("victory={v}"))],
                    v => vec![v],
                });
                (vec![], claim)
            })
            .boxed(),
        _ => (
            prop::collection::vec(any_arg(), 0..4),
            prop::option::weighted(0.3, status()),
        )
            .boxed(),
    }
}

/// `housecarls=ORDER`, as a strategy line may add.
fn order_pair() -> impl Strategy<Value = Tok> {
    select(ORDERS.to_vec()).prop_map(|o| text(format!("housecarls={o}")))
}

/// One line: who writes it (by index into the list its verb draws from),
/// its verb, arguments and claim, and now and then noise, a comment or a
/// figure.
#[derive(Clone, Debug)]
struct Line {
    /// Whether the actor is of the other side than the segment's.
    other: bool,
    /// Whether the actor is an odd name.
    odd: bool,
    who: Index,
    verb: &'static str,
    args: Vec<Tok>,
    claim: Option<Vec<Tok>>,
    noise: Vec<Tok>,
    figure: bool,
    comment: bool,
}

fn line(verbs: &'static [&'static str]) -> BoxedStrategy<Line> {
    let verb = prop_oneof![
        12 => select(verbs.to_vec()),
        3 => select(OWED.to_vec()),
        2 => select(VERBS.to_vec()),
    ];
    verb.prop_flat_map(|verb| {
        (
            prop::bool::weighted(0.1),
            prop::bool::weighted(0.05),
            any::<Index>(),
            shape(verb),
            prop_oneof![
                8 => Just(vec![]),
                1 => prop::collection::vec(any_arg(), 1..3),
            ],
            prop::bool::weighted(0.04),
            prop::bool::weighted(0.1),
        )
            .prop_map(
                move |(other, odd, who, (args, claim), noise, figure, comment)| Line {
                    other,
                    odd,
                    who,
                    verb,
                    args,
                    claim,
                    noise,
                    figure,
                    comment,
                },
            )
    })
    .boxed()
}

/// One player phase: its turn line, its segments' labels and lines.
#[derive(Clone, Debug)]
struct Phase {
    turn: TurnLine,
    segments: Vec<(&'static str, Vec<Line>)>,
}

/// How a phase's turn line is written.
#[derive(Clone, Debug)]
enum TurnLine {
    /// As the sequence expects it.
    Expected,
    /// Left out.
    Missing,
    /// Any number, any army; the sequence goes on as before.
    Odd(u64, &'static str),
    /// The sequence jumps to Battle Turn N (the end of a period, or of the
    /// numbers), and goes on from there.
    Jump(u64),
}

fn segment() -> impl Strategy<Value = (&'static str, Vec<Line>)> {
    prop_oneof![
        20 => (0..SEGMENTS.len()).prop_flat_map(|s| {
            (Just(SEGMENTS[s]), prop::collection::vec(line(SEGMENT_VERBS[s]), 0..5))
        }),
        1 => (select(ODD_LABELS.to_vec()), prop::collection::vec(line(VERBS), 0..3)),
    ]
}

fn phase() -> impl Strategy<Value = Phase> {
    (
        prop_oneof![
            40 => Just(TurnLine::Expected),
            1 => Just(TurnLine::Missing),
            1 => (0u64..5, select(ARMIES.to_vec())).prop_map(|(n, army)| TurnLine::Odd(n, army)),
            2 => select(vec![
                0,
                7,
                8,
                9,
                16,
                17,
                24,
                u64::from(u32::MAX) - 1,
                u64::from(u32::MAX),
            ])
            .prop_map(TurnLine::Jump),
        ],
        prop::collection::vec(segment(), 0..6),
        prop::bool::weighted(0.9),
    )
        .prop_map(|(turn, mut segments, ordered)| {
            if ordered {
                // The segments in their order, as a log mostly writes them.
                segments.sort_by_key(|(label, _)| {
                    SEGMENTS.iter().position(|s| s == label).unwrap_or(0)
                });
            }
            Phase { turn, segments }
        })
}

/// Writes `phases` after `setup`: each name resolved for the side whose
/// segment it is, each path from where its actor stands (and the actor
/// moved to its end).
fn movetext(setup: &Setup, phases: &[Phase]) -> String {
    let mut homes = setup.homes.clone();
    let mut figures = 0;
    let mut text = String::new();
    let mut number = 1u64;
    for (index, phase) in phases.iter().enumerate() {
        let side = index % 2;
        if index > 0 && side == 0 {
            number += 1;
        }
        match phase.turn {
            TurnLine::Expected => text.push_str(&format!("{number}. {}\n", SIDES[side])),
            TurnLine::Missing => {}
            TurnLine::Odd(number, army) => text.push_str(&format!("{number}. {army}\n")),
            TurnLine::Jump(to) => {
                number = to;
                text.push_str(&format!("{number}. {}\n", SIDES[side]));
            }
        }
        for (label, lines) in &phase.segments {
            text.push_str(&format!("  {label}:\n"));
            // The non-phasing side reacts and fires back.
            let acting = if matches!(*label, "reaction" | "defensive-fire") {
                1 - side
            } else {
                side
            };
            for line in lines {
                text.push_str("    ");
                text.push_str(&written(line, acting, &mut homes, &mut figures));
                text.push('\n');
            }
        }
    }
    text
}

fn ids(side: usize) -> Vec<&'static str> {
    ROSTER[side].iter().map(|line| piece(line).0).collect()
}

/// One line as written (its figure, if any, named after those before it).
fn written(
    line: &Line,
    acting: usize,
    homes: &mut HashMap<&'static str, Cell>,
    figures: &mut u32,
) -> String {
    let side = if line.other { 1 - acting } else { acting };
    let actor: &str = if line.odd {
        ODD_NAMES[line.who.index(ODD_NAMES.len())]
    } else {
        match line.verb {
            "strategy" | "reroll" => ORDER_GIVERS[line.who.index(ORDER_GIVERS.len())],
            "extend" | "reform" | "place" | "wings" | "tally" | "win" => {
                ARMIES[line.who.index(ARMIES.len())]
            }
            "casualty" | "escape" => {
                let leaders = LEADERS[side];
                leaders[line.who.index(leaders.len())]
            }
            "join" if line.who.index(3) == 0 => "F1+T1",
            _ => {
                let ids = ids(side);
                ids[line.who.index(ids.len())]
            }
        }
    };
    let first = actor.split('+').next().unwrap_or(actor);
    let enemies = ids(1 - side);
    let friends = ids(side);
    let mut out = format!("{actor} {}", line.verb);
    let mut atom = |tok: &Tok, out: &mut String| {
        let word = match tok {
            Tok::Text(word) => word.clone(),
            Actor => first.to_string(),
            Enemy(i) => enemies[i.index(enemies.len())].to_string(),
            Enemies(a, b) => format!(
                "{}+{}",
                enemies[a.index(enemies.len())],
                enemies[b.index(enemies.len())]
            ),
            Friend(i) => friends[i.index(friends.len())].to_string(),
            Path(from, steps) => {
                let start = match from {
                    Some(from) => Cell::parse(from),
                    None => homes.get(first).copied(),
                };
                let mut cell = start.unwrap_or(Cell { column: 8, row: 10 });
                let mut cells = vec![label(cell)];
                for &way in steps {
                    cell = step(cell, way);
                    cells.push(label(cell));
                }
                if let Some(home) = homes.get_mut(first) {
                    *home = cell;
                }
                cells.join("-")
            }
        };
        if !word.is_empty() {
            out.push(' ');
            out.push_str(&word);
        }
    };
    for tok in line.args.iter().chain(&line.noise) {
        atom(tok, &mut out);
    }
    if let Some(claim) = &line.claim {
        out.push_str(" =>");
        for tok in claim {
            atom(tok, &mut out);
        }
    }
    if line.figure {
        *figures += 1;
        out.push_str(&format!(" {{ [%fig f{figures} \"Figure {figures}\"] }}"));
    }
    if line.comment {
        out.push_str(" ; Æthelric's note: ½ a hex (5.7.1)");
    }
    out
}

fn battle() -> impl Strategy<Value = String> {
    (
        select(vec![
            "Normans Saxons",
            "Normans Saxons",
            "Normans Saxons",
            "Normans Saxons",
            "Saxons Normans",
            "Normans",
            "Normans Saxons Green",
        ]),
        select(vec!["*", "Normans", "Saxons", "draw"]),
        setup(),
        prop::collection::vec(phase(), 0..9),
    )
        .prop_map(|(sides, result, setup, phases)| {
            format!(
                "[Battle \"B\"] [Site \"Senlac\"] [Date \"1066-10-14\"] [Rules \"{RULES}\"] [Sides \"{sides}\"] [Result \"{result}\"]\n\n{}\n\n{}",
                setup.lines.join("\n"),
                movetext(&setup, &phases)
            )
        })
}

// -------------------------------------------------------------- mutations

/// Hastings's own changes to a line (besides robust_common's).
#[derive(Clone, Debug)]
enum Change {
    /// Moves one of the line's hexes a step (0-5 a neighbour, 6 two
    /// columns over, 7 off the map).
    Shift(Index, u8),
    /// Sets the number of one of the line's `key=N` pairs to one at the
    /// end of a range.
    Extreme(Index, &'static str),
}

impl Own for Change {
    fn apply(&self, line: &str) -> String {
        match self {
            Change::Shift(at, way) => shift(line, *at, *way),
            Change::Extreme(at, value) => extreme(line, *at, value),
        }
    }
}

/// Numbers at the ends of what a log may mean.
const EXTREMES: &[&str] = &["0", "1", "99", "100", "2147483647", "4294967295", "-1"];

fn mutation() -> impl Strategy<Value = Mutation<Change>> {
    let mut words: Vec<&'static str> = ROSTER
        .iter()
        .flat_map(|side| side.iter().map(|line| piece(line).0))
        .collect();
    for list in [
        ODD_NAMES,
        VERBS,
        WORDS,
        STRATEGIES,
        ORDERS,
        SECTIONS,
        WINGS,
        UNIT_STATUSES,
        LEADER_RESULTS,
        EXTENSIONS,
        CLASSES,
        EXTRAS,
        HUGE,
        TERRAIN,
        HEXSIDES,
    ] {
        words.extend_from_slice(list);
    }
    words.extend_from_slice(&SIDES);
    words.extend_from_slice(&["Æthelric", "=>", "0116", "1419"]);
    prop_oneof![
        2 => any::<Index>().prop_map(Mutation::Delete),
        1 => any::<Index>().prop_map(Mutation::Duplicate),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::Swap(a, b)),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::Move(a, b)),
        2 => (
            any::<Index>(),
            any::<Index>(),
            prop_oneof![
                -3i64..=3,
                Just(-100),
                Just(100),
                Just(10_000),
                Just(i64::from(i32::MAX) - 6),
                Just(i64::from(u32::MAX) - 1),
                Just(i64::from(u32::MAX)),
            ],
        )
            .prop_map(|(line, at, by)| Mutation::Bump(line, at, by)),
        2 => (any::<Index>(), any::<Index>(), select(words))
            .prop_map(|(line, at, word)| Mutation::Word(line, at, word)),
        2 => (any::<Index>(), any::<Index>(), 0u8..8)
            .prop_map(|(line, at, way)| Mutation::Own(line, Change::Shift(at, way))),
        2 => (any::<Index>(), any::<Index>(), select(EXTREMES.to_vec()))
            .prop_map(|(line, at, value)| Mutation::Own(line, Change::Extreme(at, value))),
    ]
}

/// Moves the `at`th hex (a run of four digits) of `line` one step `way`.
fn shift(line: &str, at: Index, way: u8) -> String {
    let runs: Vec<_> = digit_runs(line)
        .into_iter()
        .filter(|run| run.len() == 4)
        .collect();
    if runs.is_empty() {
        return line.to_string();
    }
    let run = runs[at.index(runs.len())].clone();
    let Some(cell) = Cell::parse(&line[run.clone()]) else {
        return line.to_string();
    };
    let moved = match way {
        7 => "2399".to_string(),
        way => label(step(cell, way)),
    };
    format!("{}{moved}{}", &line[..run.start], &line[run.end..])
}

/// Sets the value of the `at`th `key=N` pair of `line` to `value`.
fn extreme(line: &str, at: Index, value: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    let pairs: Vec<usize> = (0..words.len())
        .filter(|&i| {
            words[i]
                .split_once('=')
                .is_some_and(|(k, v)| !k.is_empty() && v.parse::<i64>().is_ok())
        })
        .collect();
    if pairs.is_empty() {
        return line.to_string();
    }
    let i = pairs[at.index(pairs.len())];
    let mut words: Vec<String> = words.into_iter().map(str::to_string).collect();
    let key = words[i].split_once('=').map_or("", |(k, _)| k).to_string();
    words[i] = format!("{key}={value}");
    words.join(" ")
}

// -------------------------------------------------------------- the check
// (robust_common's `replays`)

/// A few generated battles, made once: generating one replays every line
/// it proposes, too slow to do per case.
fn generated() -> &'static [String] {
    static BATTLES: OnceLock<Vec<String>> = OnceLock::new();
    BATTLES.get_or_init(|| {
        let mut battles = Vec::new();
        system(RULES)
            .expect("Hastings: 1066 is registered")
            .generate(2, 1066, &mut |battle| {
                battles.push(battle.trim_start().to_string());
            });
        battles
    })
}

#[test]
fn the_sample_and_generated_battles_replay() {
    replays(SAMPLE, RULES).unwrap();
    for battle in generated() {
        replays(battle, RULES).unwrap();
    }
}

// Each case replays its log twice and draws every state: a generated
// battle's case takes about a tenth of a second in debug, a random log's a
// fiftieth. `PROPTEST_CASES` runs more of each.

proptest! {
    #![proptest_config(cases(128))]

    #[test]
    fn random_logs_never_panic(text in battle()) {
        replays(&text, RULES)?;
    }
}

proptest! {
    #![proptest_config(cases(24))]

    #[test]
    fn the_sample_mutated_never_panics(
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        replays(&mutate(SAMPLE, &mutations), RULES)?;
    }
}

proptest! {
    #![proptest_config(cases(16))]

    #[test]
    fn generated_battles_mutated_never_panic(
        battle in any::<Index>(),
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        let battles = generated();
        replays(&mutate(&battles[battle.index(battles.len())], &mutations), RULES)?;
    }
}

// -------------------------------------------------------------- regressions

/// Every finding of the one battle in `text`, as its code and the text
/// under its span.
fn findings(text: &str) -> Vec<(&'static str, &str)> {
    let archive = parse(text);
    assert!(archive.all_errors().next().is_none());
    let game = check(&archive.battles[0], Config::default()).expect("the rules are known");
    game.violations()
        .iter()
        .map(|v| (v.code, &text[v.span.range()]))
        .collect()
}

/// The sample's setup, then `movetext`.
fn after_the_sample_setup(movetext: &str) -> String {
    let (setup, _) = SAMPLE
        .split_once("\n1. Normans\n")
        .expect("the sample's turns");
    format!("{setup}\n{movetext}")
}

/// Turn numbers at the end of the u32 range: the turn after the last
/// expected, and the turn within the period, were an overflow (proptest's
/// shrunk case).
#[test]
fn the_last_turn_numbers_are_no_overflow() {
    let text = "[Battle \"B\"] [Site \"Senlac\"] [Date \"1066-10-14\"] [Rules \"hastings-1066/st\"] [Sides \"Normans Saxons\"] [Result \"*\"]\n\nmap hex 16x22 parity even\n\narmy Normans \"Normans\" leader \"William\"\narmy Saxons \"Saxons\" leader \"Harold\"\n\n\n1. Normans\n1. Saxons\n2. Normans\n2. Saxons\n3. Normans\n4294967294. Saxons\n4294967295. Normans\n4294967295. Saxons\n";
    replays(text, RULES).unwrap();
    assert_eq!(
        findings(text),
        [
            // The shrunk setup declares no elevations and no leaders.
            (
                "hastings-1066::missing-elevation",
                "map hex 16x22 parity even"
            ),
            (
                "hastings-1066::commander-missing",
                "army Normans \"Normans\" leader \"William\""
            ),
            (
                "hastings-1066::commander-missing",
                "army Saxons \"Saxons\" leader \"Harold\""
            ),
            ("hastings-1066::turn-out-of-sequence", "4294967294. Saxons"),
            // Played as written: Period 1 ended with that turn.
            ("hastings-1066::reform-missing", "4294967295. Normans"),
        ]
    );
    // No turn comes after the last: any is out of sequence.
    let text = format!("{text}1. Normans\n");
    replays(&text, RULES).unwrap();
    assert_eq!(
        findings(&text)[5..],
        [("hastings-1066::turn-out-of-sequence", "1. Normans")]
    );
}

/// A leader shaken in the last turn a log can number: shaken until the
/// turn after it was an overflow.
#[test]
fn a_leader_shaken_in_the_last_turn_is_no_overflow() {
    let (_, turn) = SAMPLE
        .split_once("\n1. Normans\n")
        .expect("the sample's turns");
    let (turn, _) = turn.split_once("\n2. Normans\n").expect("its second turn");
    let turn = turn.replace("1. Saxons", "4294967295. Saxons");
    let text = after_the_sample_setup(&format!("4294967295. Normans\n{turn}\n"));
    assert!(text.contains("GYR casualty 2d6:6+3 => GYR shaken"));
    replays(&text, RULES).unwrap();
    assert_eq!(
        findings(&text),
        [("hastings-1066::turn-out-of-sequence", "4294967295. Normans")]
    );
}

/// An extension claimed in Period 2 when it began in the last turn a log
/// can number: the period's eighth turn, named in the finding, was an
/// overflow.
#[test]
fn an_extension_in_a_period_begun_in_the_last_turn_is_no_overflow() {
    let text = after_the_sample_setup(
        "8. Normans\n8. Saxons\n4294967295. Normans\n4294967295. Saxons\n  record:\n    Normans extend half\n",
    );
    replays(&text, RULES).unwrap();
    assert_eq!(
        findings(&text),
        [
            ("hastings-1066::turn-out-of-sequence", "8. Normans"),
            ("hastings-1066::turn-out-of-sequence", "4294967295. Normans"),
            ("hastings-1066::reform-missing", "4294967295. Normans"),
            ("hastings-1066::extension-not-earned", "Normans extend half"),
        ]
    );
}

/// A factor past any counter's: `melee=2147483647` on a knight of the
/// sample made the melee total an overflow (proptest's shrunk case, BK1's;
/// BK2 charges, and its charge bonus overflowed first; so did such a
/// defence or shield wall). It reads as a factor that does not read, like
/// `melee=five`: one bad-factor, and the same findings after it.
#[test]
fn a_factor_past_any_counters_is_no_overflow() {
    for knight in ["BK1", "BK2"] {
        let written = format!("unit {knight} \"Breton knights\" knights C melee=5");
        assert!(SAMPLE.contains(&written));
        let as_given = |melee: &str| SAMPLE.replace(&written, &written.replace("melee=5", melee));
        let huge = as_given("melee=2147483647");
        replays(&huge, RULES).unwrap();
        let found = findings(&huge);
        assert_eq!(found[0], ("hastings-1066::bad-factor", "melee=2147483647"));
        assert_eq!(found[1..], findings(&as_given("melee=five"))[1..]);
        // 99 is the most a line may give.
        let most = as_given("melee=99");
        replays(&most, RULES).unwrap();
        assert!(
            findings(&most)
                .iter()
                .all(|(code, _)| *code != "hastings-1066::bad-factor")
        );
    }
}
