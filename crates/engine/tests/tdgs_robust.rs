//! The TDGS engine never panics, whatever a syntactically valid log says:
//! random setups and movetext from TDGS's own vocabulary, and mutations of
//! the Harrow Ford sample and of generated battles (lines deleted,
//! duplicated, swapped, numbers bumped, words replaced). Every replay
//! returns, its findings point into the text, and every printer's view of
//! its timeline can be drawn. (robust.rs does the same for Mass Combat.)
//! The check and the mutations are robust_common's, shared with
//! hastings_1066_robust.rs.

mod robust_common;

use proptest::prelude::*;
use proptest::sample::{Index, select};
use robust_common::{Mutation, cases, mutate, replays};
use senlac_engine::system;

const SAMPLE: &str = include_str!("../../../samples/harrow-ford.sbn");
const RULES: &str = "tdgs/mass-combat";

/// Each side's entities: a commander first, then its units.
const IDS: [[&str; 4]; 2] = [["Y", "A", "B", "C"], ["G", "R1", "R2", "R3"]];
const SIDES: [&str; 2] = ["Crown", "Raiders"];

/// Every identifier movetext may name: real ones, a stranger, a qualified
/// one and a group.
const NAMES: &[&str] = &[
    "Y",
    "A",
    "B",
    "C",
    "G",
    "R1",
    "R2",
    "R3",
    "Nobody",
    "Crown.A",
    "Raiders.R1",
    "Crown.R1",
    "A+B",
];

const VERBS: &[&str] = &[
    "step",
    "move",
    "attack",
    "shoot",
    "cast",
    "charge",
    "order",
    "claim",
    "release",
    "rally",
    "delay",
    "flee",
    "retreat",
    "morale",
    "cornered",
    "free-attack",
    "hazard",
    "opportunity",
    "dance",
];

const REACTIONS: &[&str] = &["opportunity", "morale", "attack", "hazard", "cornered"];

/// Words an action's arguments may hold besides names, cells and numbers.
const WORDS: &[&str] = &[
    "arcane",
    "divine",
    "attack",
    "hold",
    "take-cover",
    "charge",
    "retreat",
    "sit",
    "direct",
    "extended",
    "half",
    "quarter",
    "commander-lost",
    "cascade",
    "surrounded",
    "terror",
    "half+quarter",
    "commander-lost+cascade",
    "half+half",
    "d6:3",
    "2d20:3+4",
    "d20:21",
    "d20:0",
    "6in",
    "45deg",
    "mod=x",
    "damage=x",
    "position=two",
];

const TERRAIN: &[&str] = &[
    "open",
    "difficult",
    "very-difficult",
    "blocking",
    "obscuring",
    "hazardous",
    "cover-partial",
    "cover-half",
    "cover-full",
    "swamp",
];

const SIZES: &[&str] = &[
    "size=1x1",
    "size=2x2",
    "size=2x2",
    "size=2x2",
    "size=2x2",
    "size=2x2",
    "size=3x3",
    "size=3x3",
    "size=2x1",
    "size=1x5",
    "size=0x0",
    "size=99x99",
    "size=100x1",
    "size=3",
];

/// Keys an entity line may add; some wrong on purpose.
const EXTRAS: &[&str] = &[
    "weapon=melee",
    "weapon=reach",
    "weapon=thrown",
    "weapon=ranged",
    "weapon=long",
    "weapon=laser",
    "order=attack",
    "order=hold",
    "order=take-cover",
    "order=charge",
    "order=retreat",
    "order=sit",
    "traits=terrifying",
    "traits=unbreakable+hold-the-line",
    "traits=disciplined-fire+fearless",
    "hp=1",
    "hp=50",
    "hp=0",
    "hp=99999",
    "men=10",
    "men=0",
    "echelon=squad",
    "echelon=regiment",
    "echelon=horde",
    "level=3",
    "kind=hero",
    "kind=unit",
    "kind=dragon",
    "role=commander",
    "role=king",
];

const COMMANDS: &[&str] = &[
    "direct=A",
    "direct=R1",
    "direct=Y",
    "direct=Nobody",
    "direct=A+B",
    "extended=B+C",
    "extended=R2+R3",
    "extended=A",
    "extended=R1+R1",
];

const STATS: [&str; 9] = [
    "str", "dex", "ref", "con", "mov", "int", "wis", "cha", "luk",
];

/// Setup lines that may turn up anywhere in the setup.
const ODD_SETUP: &[&str] = &[
    "map square 1x1",
    "map square 99x99",
    "map hex 10x10 parity odd",
    "map table 72x48in",
    "first Crown turn",
    "roll Crown leadership d20:5",
    "bonus Crown A=2",
    "hexside crest 0404/0405",
    "option dice d6",
    "army Green \"Green\"",
    "army Crown \"Again\" edge=w",
    "  unit A \"Again\" squad regular str=20 dex=20 ref=20 con=20 mov=6 int=10 wis=10 cha=10 luk=0",
    "  unit Z \"Loose\" infantry-squad regular",
    "deploy Green Z@0505",
    "deploy Crown A@0000 B@9999",
    "terrain hazardous 0101-1412",
    "terrain blocking 0505",
];

fn cell() -> impl Strategy<Value = String> {
    prop_oneof![
        12 => (1u8..15, 1u8..13).prop_map(|(c, r)| format!("{c:02}{r:02}")),
        1 => select(vec!["0000", "9999", "2016", "0100"]).prop_map(str::to_string),
    ]
}

/// A path from a cell: each step to a neighbour (or nowhere, or the same).
fn path() -> impl Strategy<Value = String> {
    (
        1u8..15,
        1u8..15,
        prop::collection::vec((-1i8..=1, -1i8..=1), 1..8),
    )
        .prop_map(|(mut column, mut row, steps)| {
            let mut cells = vec![format!("{column:02}{row:02}")];
            for (dc, dr) in steps {
                column = column.saturating_add_signed(dc);
                row = row.saturating_add_signed(dr);
                cells.push(format!("{column:02}{row:02}"));
            }
            cells.join("-")
        })
}

fn stat_value() -> impl Strategy<Value = i64> {
    prop_oneof![
        200 => 5i64..31,
        1 => Just(0),
        1 => Just(-5),
        1 => Just(100),
        1 => Just(999),
        1 => Just(i64::from(i32::MAX)),
        1 => Just(i64::MAX),
    ]
}

fn number() -> impl Strategy<Value = i64> {
    prop_oneof![
        8 => 0i64..70,
        1 => Just(-3),
        1 => Just(99_999),
        1 => Just(i64::from(i32::MAX)),
        1 => Just(i64::MAX),
    ]
}

/// One entity's line, under its army.
fn entity(side: usize, slot: usize) -> impl Strategy<Value = String> {
    let id = IDS[side][slot];
    let commander = slot == 0;
    (
        prop::bool::weighted(if commander { 0.9 } else { 0.1 }),
        select(SIZES.to_vec()),
        prop::collection::vec(prop::option::weighted(0.99, stat_value()), 9),
        prop::collection::vec(select(EXTRAS.to_vec()), 0..2),
        prop::collection::vec(select(COMMANDS.to_vec()), 0..3),
    )
        .prop_map(move |(hero, size, stats, extras, commands)| {
            let mut line = format!("  unit {id} \"{id}\" squad regular");
            if hero {
                line.push_str(" kind=hero role=commander");
            } else {
                line.push(' ');
                line.push_str(size);
            }
            for (key, value) in STATS.iter().zip(stats) {
                if let Some(mut value) = value {
                    if *key == "luk" && (5..31).contains(&value) {
                        // Luck lies in -10..=10; mostly near 0.
                        value = value % 5 - 2;
                    }
                    line.push_str(&format!(" {key}={value}"));
                }
            }
            for extra in extras {
                line.push(' ');
                line.push_str(extra);
            }
            if hero {
                for command in commands {
                    line.push(' ');
                    line.push_str(command);
                }
            }
            line
        })
}

/// One side's army line, entities and deployment.
fn army(side: usize) -> impl Strategy<Value = (String, String)> {
    let name = SIDES[side];
    (
        select(vec!["n", "s", "e", "w", "x", ""]),
        prop::collection::vec(prop::bool::weighted(0.9), 4),
        (
            entity(side, 0),
            entity(side, 1),
            entity(side, 2),
            entity(side, 3),
        ),
        prop::collection::vec(
            prop_oneof![
                6 => (2u8..13, 0u8..5).prop_map(move |(column, row)| {
                    let row = if side == 0 { 7 + row } else { 2 + row };
                    format!("{column:02}{row:02}")
                }),
                1 => cell(),
            ],
            4,
        ),
    )
        .prop_map(move |(edge, present, entities, cells)| {
            let entities = [entities.0, entities.1, entities.2, entities.3];
            let edge = if edge.is_empty() {
                String::new()
            } else {
                format!(" edge={edge}")
            };
            let mut lines = vec![format!("army {name} \"{name}\" leader \"L\"{edge}")];
            let mut deploy = format!("deploy {name}");
            for slot in (0..4).filter(|&slot| present[slot]) {
                lines.push(entities[slot].clone());
                deploy.push_str(&format!(" {}@{}", IDS[side][slot], cells[slot]));
            }
            (lines.join("\n"), deploy)
        })
}

fn setup() -> impl Strategy<Value = String> {
    (
        select(vec![
            "map square 14x12",
            "map square 14x12",
            "map square 14x12",
            "map square 20x16",
            "map square 20x16",
            "map square 5x5",
        ]),
        prop::collection::vec(
            (select(TERRAIN.to_vec()), cell(), prop::option::of(cell())),
            0..4,
        ),
        army(0),
        army(1),
        prop::collection::vec((select(ODD_SETUP.to_vec()), any::<Index>()), 0..3),
    )
        .prop_map(|(map, terrain, crown, raiders, odd)| {
            let mut lines = vec![map.to_string()];
            for (kind, from, to) in terrain {
                lines.push(match to {
                    Some(to) => format!("terrain {kind} {from}-{to}"),
                    None => format!("terrain {kind} {from}"),
                });
            }
            lines.push(crown.0);
            lines.push(raiders.0);
            lines.push(crown.1);
            lines.push(raiders.1);
            for (line, at) in odd {
                let at = at.index(lines.len() + 1);
                lines.insert(at, line.to_string());
            }
            lines.join("\n")
        })
}

fn argument() -> BoxedStrategy<String> {
    prop_oneof![
        4 => select(NAMES.to_vec()).prop_map(str::to_string),
        3 => cell(),
        3 => path(),
        4 => (0u32..22).prop_map(|n| format!("d20:{n}")),
        1 => (0u32..22).prop_map(|n| format!("reroll=d20:{n}")),
        1 => (0u32..6).prop_map(|n| format!("crit=d4:{n}")),
        3 => number().prop_map(|n| format!("damage={n}")),
        1 => select(vec![0i64, 2, 4, 6, 8, -1]).prop_map(|n| format!("position={n}")),
        1 => (-12i64..13).prop_map(|n| format!("mod={n}")),
        1 => Just(format!("mod={}", i64::MAX)),
        3 => select(WORDS.to_vec()).prop_map(str::to_string),
    ]
    .boxed()
}

fn claim() -> impl Strategy<Value = String> {
    prop_oneof![
        select(vec!["miss", "pass", "fail", "hit", "routed"]).prop_map(str::to_string),
        (select(NAMES.to_vec()), number()).prop_map(|(id, n)| format!("{id} hp={n}")),
        (select(NAMES.to_vec()), number()).prop_map(|(id, n)| format!("{id} hp={n} routed")),
        (
            select(NAMES.to_vec()),
            select(vec![
                "destroyed",
                "dead",
                "fled",
                "surrendered",
                "routed",
                "unconscious",
                "incapacitated",
                "active",
                "hp=x",
            ])
        )
            .prop_map(|(id, status)| format!("{id} {status}")),
    ]
}

/// One action, without its actor: verb, arguments, reactions, a claim, a
/// figure.
fn action() -> impl Strategy<Value = String> {
    (
        select(VERBS.to_vec()),
        prop::collection::vec(argument(), 0..5),
        prop::collection::vec(
            (
                select(NAMES.to_vec()),
                select(REACTIONS.to_vec()),
                prop::collection::vec(argument(), 0..3),
            ),
            0..2,
        ),
        prop::option::weighted(0.4, claim()),
        prop::option::weighted(0.05, 0u8..3),
    )
        .prop_map(|(verb, args, reactions, claim, figure)| {
            let mut line = verb.to_string();
            for arg in args {
                line.push(' ');
                line.push_str(&arg);
            }
            for (who, how, args) in reactions {
                line.push_str(&format!(" > {who} {how}"));
                for arg in args {
                    line.push(' ');
                    line.push_str(&arg);
                }
            }
            if let Some(claim) = claim {
                line.push_str(" => ");
                line.push_str(&claim);
            }
            if let Some(figure) = figure {
                line.push_str(&format!(" {{ [%fig f{figure} \"F\"] }}"));
            }
            line
        })
}

/// An action line, or a variation of a few: mostly by the open entity.
fn action_line() -> impl Strategy<Value = Vec<(Option<&'static str>, String)>> {
    let one = || {
        (
            prop::option::weighted(0.25, select(NAMES.to_vec())),
            action(),
        )
    };
    prop_oneof![
        8 => one().prop_map(|line| vec![line]),
        1 => prop::collection::vec(one(), 1..3),
    ]
}

/// One activation: perhaps a turn line (the round advancing or not), the
/// label, its lines; mostly of one side's entity under that side's turn.
#[derive(Clone, Debug)]
struct Activation {
    turn: Option<(bool, &'static str)>,
    entity: &'static str,
    lines: Vec<Vec<(Option<&'static str>, String)>>,
}

fn activation() -> impl Strategy<Value = Activation> {
    (
        0..2usize,
        0..4usize,
        prop::option::weighted(0.5, prop::bool::weighted(0.2)),
        prop::option::weighted(0.05, select(vec!["Green", "Crown", "Raiders"])),
        prop::option::weighted(0.05, select(NAMES.to_vec())),
        prop::collection::vec(action_line(), 0..4),
    )
        .prop_map(
            |(side, slot, turn, odd_side, odd_entity, lines)| Activation {
                turn: turn.map(|advance| (advance, odd_side.unwrap_or(SIDES[side]))),
                entity: odd_entity.unwrap_or(IDS[side][slot]),
                lines,
            },
        )
}

fn movetext(activations: &[Activation]) -> String {
    let mut round = 1;
    let mut text = String::from("1. Crown\n");
    for activation in activations {
        if let Some((advance, side)) = activation.turn {
            round += u32::from(advance);
            text.push_str(&format!("{round}. {side}\n"));
        }
        text.push_str(&format!("  {}:\n", activation.entity));
        for line in &activation.lines {
            let variation = line.len() > 1;
            if variation {
                text.push_str("    (\n");
            }
            for (actor, action) in line {
                let actor = actor.unwrap_or(activation.entity);
                text.push_str(&format!("    {actor} {action}\n"));
            }
            if variation {
                text.push_str("    )\n");
            }
        }
    }
    text
}

fn battle() -> impl Strategy<Value = String> {
    (
        select(vec![
            "Crown Raiders",
            "Crown Raiders",
            "Raiders Crown",
            "Crown",
            "Crown Raiders Green",
            "",
        ]),
        select(vec!["*", "Crown", "Raiders", "draw", "Nobody"]),
        setup(),
        prop::collection::vec(activation(), 0..16),
    )
        .prop_map(|(sides, result, setup, activations)| {
            format!(
                "[Battle \"B\"] [Site \"S\"] [Date \"2026-01-01\"] [Rules \"{RULES}\"] [Sides \"{sides}\"] [Result \"{result}\"]\n\n{setup}\n\n{}",
                movetext(&activations)
            )
        })
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let words: Vec<&'static str> = NAMES
        .iter()
        .chain(VERBS)
        .chain(WORDS)
        .chain(TERRAIN)
        .chain(EXTRAS)
        .copied()
        .collect();
    prop_oneof![
        2 => any::<Index>().prop_map(Mutation::Delete),
        1 => any::<Index>().prop_map(Mutation::Duplicate),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::Swap(a, b)),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::Move(a, b)),
        3 => (
            any::<Index>(),
            any::<Index>(),
            prop_oneof![
                -3i64..=3,
                Just(-100),
                Just(100),
                Just(10_000),
                Just(i64::from(i32::MAX)),
            ],
        )
            .prop_map(|(line, at, by)| Mutation::Bump(line, at, by)),
        2 => (any::<Index>(), any::<Index>(), select(words))
            .prop_map(|(line, at, word)| Mutation::Word(line, at, word)),
    ]
}

/// One generated battle, by seed.
fn generated(seed: u64) -> String {
    let mut text = String::new();
    system(RULES)
        .expect("TDGS is registered")
        .generate(1, seed, &mut |battle| text.push_str(battle));
    text
}

#[test]
fn the_sample_and_generated_battles_replay() {
    replays(SAMPLE, RULES).unwrap();
    replays(&generated(1), RULES).unwrap();
}

proptest! {
    #![proptest_config(cases(256))]

    #[test]
    fn random_logs_never_panic(text in battle()) {
        replays(&text, RULES)?;
    }

    #[test]
    fn the_sample_mutated_never_panics(
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        replays(&mutate(SAMPLE, &mutations), RULES)?;
    }
}

proptest! {
    #![proptest_config(cases(64))]

    #[test]
    fn generated_battles_mutated_never_panic(
        seed in 0u64..1000,
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        replays(&mutate(&generated(seed), &mutations), RULES)?;
    }
}
