//! Random legal Mass Combat battles, the same for the same seed: a benchmark
//! corpus, a fuzzing seed and a demo.
//!
//! Every action is proposed as text and kept only if the engine accepts it on
//! a copy of the state, so whatever the rules become, generated battles stay
//! legal by construction.

use senlac_notation::lower::Step;
use senlac_notation::seeded::Rng;
use senlac_notation::value::Cell;
use senlac_notation::{BattleText, Span, parse};

use super::MassCombat;
use super::combat::totals;
use super::setup::setup;
use super::state::{State, Status};
use super::tables::{Class, Edition, Grade, SuperClass, base_command_points, max_command_points};
use crate::doubt::Doubt;
use crate::trial;
use senlac_board::hex;

const SIDES: [(&str, &str); 6] = [
    ("Saxons", "Normans"),
    ("Romans", "Gauls"),
    ("Franks", "Moors"),
    ("Scots", "English"),
    ("Greeks", "Persians"),
    ("Danes", "Wends"),
];
const NUMERALS: [&str; 12] = [
    "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII",
];
const COLUMNS: u8 = 12;
const ROWS: u8 = 12;

/// Hands `battles` random legal battles to `each`, one at a time (with the
/// blank line that separates it from the one before), so a corpus of any
/// size is written in the memory of one battle.
pub fn generate_each(edition: Edition, battles: u32, seed: u64, each: &mut dyn FnMut(&str)) {
    let mut rng = Rng::new(seed);
    let mut text = String::new();
    for index in 0..battles {
        text.clear();
        if index > 0 {
            text.push('\n');
        }
        battle(edition, index, &mut rng, &mut text);
        each(&text);
    }
}

fn battle(edition: Edition, index: u32, rng: &mut Rng, out: &mut String) {
    let (first, second) = *rng.pick(&SIDES);
    let edition_word = match edition {
        Edition::A => "a",
        Edition::B => "b",
    };
    let mut text = BattleText::new();
    text.tag("Battle", format_args!("Generated battle {}", index + 1))
        .tag("Site", format_args!("Field {}", rng.range(1, 999)))
        .tag(
            "Date",
            format_args!(
                "{:04}-{:02}-{:02}",
                rng.range(800, 1500),
                rng.range(1, 12),
                rng.range(1, 28)
            ),
        )
        .tag("Rules", format_args!("mass-combat/{edition_word}"))
        .tag("Sides", format_args!("{first} {second}"))
        .tag("Result", "*")
        .tag("Generator", "senlac gen")
        .blank()
        .setup(format_args!("map hex {COLUMNS}x{ROWS} parity odd"))
        .setup("terrain forest 0101-0112");
    let mut rolled = None;
    for (side, name) in [first, second].iter().enumerate() {
        rolled = Some(army(side, name, rolled, rng, &mut text));
    }
    text.setup(format_args!("first {first} turn")).blank();
    let setup_text = text.as_str().to_string();
    let archive = parse(&setup_text);
    let mut violations = Vec::new();
    let mut state = setup(edition, &archive.battles[0], &mut violations).fold(super::event::apply);
    debug_assert!(violations.is_empty(), "{violations:?}\n{setup_text}");
    let turns = rng.range(6, 24) as u32;
    'turns: for turn in 1..=turns {
        for side in 0..2 {
            if state.active_of(0).next().is_none() || state.active_of(1).next().is_none() {
                break 'turns;
            }
            side_turn(&mut state, turn, side, rng, &mut text);
        }
    }
    out.push_str(text.as_str());
}

/// Writes an army; returns its leadership roll, which differs from `other`'s
/// (tied leaders roll again, MC-R2).
fn army(side: usize, name: &str, other: Option<u32>, rng: &mut Rng, text: &mut BattleText) -> u32 {
    let count = rng.range(4, 10) as usize;
    text.setup(format_args!(
        "army {name} \"The {name}\" leader \"Leader {}\"",
        rng.range(1, 99)
    ));
    let mut units = Vec::new();
    for numeral in NUMERALS.iter().take(count) {
        let class = *rng.pick(&Class::ALL);
        let grade = *rng.pick(&Grade::ALL);
        text.setup(format_args!(
            "unit {numeral} \"{} {numeral}\" {} {} size={}",
            class.name(),
            class.word(),
            grade.letter(),
            rng.range(5, 20) * 100
        ));
        units.push((numeral, grade));
    }
    // Share out a leadership roll without passing any maximum.
    let mut bonus = vec![0u8; count];
    let wanted = rng.range(3, 20) as u32;
    let mut given = 0;
    for _ in 0..wanted * 4 {
        if given == wanted {
            break;
        }
        let i = rng.below(count);
        if base_command_points(units[i].1) + bonus[i] < max_command_points(units[i].1) {
            bonus[i] += 1;
            given += 1;
        }
    }
    if other == Some(given) {
        let room = (0..count)
            .find(|&i| base_command_points(units[i].1) + bonus[i] < max_command_points(units[i].1));
        match room {
            Some(i) => {
                bonus[i] += 1;
                given += 1;
            }
            None => {
                if let Some(i) = (0..count).find(|&i| bonus[i] > 0) {
                    bonus[i] -= 1;
                    given -= 1;
                }
            }
        }
    }
    text.setup(format_args!("roll {name} leadership {given}"));
    if given > 0 {
        let points: Vec<String> = units
            .iter()
            .zip(&bonus)
            .filter(|(_, b)| **b > 0)
            .map(|((id, _), b)| format!("{id}={b}"))
            .collect();
        text.setup(format_args!("bonus {name} {}", points.join(" ")));
    }
    let row = if side == 0 { 3 } else { ROWS - 2 };
    let placements: Vec<String> = units
        .iter()
        .enumerate()
        .map(|(i, (id, _))| {
            format!(
                "{id}@{}",
                Cell {
                    column: 2 + i as u8,
                    row
                }
            )
        })
        .collect();
    text.setup(format_args!("deploy {name} {}", placements.join(" ")));
    given
}

/// Plays a step on the generator's state; its events are not kept.
fn play_step(state: &mut State, step: &Step<'_, '_>) {
    let rules = MassCombat {
        edition: state.roster.edition,
    };
    trial::play(&rules, state, &mut Doubt::default(), step);
}

/// Tries an action written as text; keeps it (in the state and the log) if the
/// engine accepts it.
fn attempt(state: &mut State, line: &str, text: &mut BattleText) -> bool {
    let rules = MassCombat {
        edition: state.roster.edition,
    };
    match trial::line(&rules, state, &Doubt::default(), line) {
        Some(trial) if trial.accepted() => {
            *state = trial.state;
            text.action(line);
            true
        }
        _ => false,
    }
}

fn phase(state: &mut State, name: &str, text: &mut BattleText) {
    play_step(
        state,
        &Step::Phase {
            name,
            span: Span::default(),
        },
    );
    text.phase(name);
}

/// Answers what the state owes: morale checks, slaughters, escapes.
fn settle(state: &mut State, rng: &mut Rng, text: &mut BattleText) {
    while let Some(owed) = state.owed.first().copied() {
        let Some(unit) = owed.units.iter().flatten().next().copied() else {
            break;
        };
        let id = state.info(unit).id.clone();
        let side = state.roster.sides[state.info(unit).side].clone();
        let answered = owed
            .choices
            .iter()
            .filter(|_| rng.chance(90))
            .any(|verb| attempt(state, &format!("{side}.{id} {}", verb.word()), text))
            || attempt(state, &format!("{side}.{id} rout"), text);
        if !answered {
            state.owed.remove(0);
        }
    }
}

fn side_turn(state: &mut State, turn: u32, side: usize, rng: &mut Rng, text: &mut BattleText) {
    let name = state.roster.sides[side].clone();
    play_step(
        state,
        &Step::Turn {
            number: turn,
            side: &name,
            span: Span::default(),
        },
    );
    text.turn(turn, &name);
    let enemy = state.roster.enemy_of(side);
    // Volleys.
    let archers: Vec<usize> = state
        .active_of(side)
        .filter(|&u| state.info(u).class.super_class() == SuperClass::Archers)
        .collect();
    let mut opened = false;
    for unit in archers {
        let Some(from) = state.units[unit].hex else {
            continue;
        };
        let targets: Vec<usize> = state
            .active_of(enemy)
            .filter(|&t| {
                state.units[t]
                    .hex
                    .is_some_and(|h| state.roster.distance(from, h) <= 4)
            })
            .collect();
        if targets.is_empty() || !rng.chance(70) {
            continue;
        }
        if !opened {
            phase(state, "volley", text);
            opened = true;
        }
        let target = *rng.pick(&targets);
        let (id, target_id) = (state.info(unit).id.clone(), state.info(target).id.clone());
        let answer = if state.units[target].command_points > 0 && rng.chance(60) {
            "endure"
        } else {
            "damage"
        };
        if attempt(
            state,
            &format!("{id} volley {target_id} > {target_id} {answer}"),
            text,
        ) {
            settle(state, rng, text);
        }
    }
    // Movement: every unit acts.
    phase(state, "movement", text);
    let movers: Vec<usize> = state.active_of(side).collect();
    for unit in movers {
        if state.units[unit].status != Status::Active {
            continue;
        }
        let id = state.info(unit).id.clone();
        let mut candidates = Vec::new();
        if let Some(path) = advance_path(state, unit, rng) {
            candidates.push(format!("{id} advance {path}"));
        }
        candidates.extend(
            ["engage", "wait", "hold"]
                .iter()
                .map(|v| format!("{id} {v}")),
        );
        if !candidates.iter().any(|line| attempt(state, line, text)) {
            attempt(state, &format!("{id} rout"), text);
        }
        settle(state, rng, text);
    }
    // Attacks by units next to an enemy.
    let mut declared = false;
    let fighters: Vec<usize> = state
        .active_of(side)
        .filter(|&u| state.info(u).class.super_class() != SuperClass::Archers)
        .collect();
    for unit in fighters {
        let targets: Vec<usize> = state.adjacent_enemies(unit).collect();
        if targets.is_empty() || !rng.chance(75) {
            continue;
        }
        if !declared {
            phase(state, "combat", text);
            declared = true;
        }
        let target = *rng.pick(&targets);
        let (id, target_id) = (state.info(unit).id.clone(), state.info(target).id.clone());
        attempt(
            state,
            &format!("{id} attack {target_id} > {target_id} defend"),
            text,
        );
    }
    if declared && !state.attacks.is_empty() {
        phase(state, "resolve", text);
        for attack in state.attacks.clone() {
            if state.units[attack.defender].status != Status::Active
                || state.units[attack.attacker].status != Status::Active
            {
                continue;
            }
            let (a, d) = totals(state, &attack);
            let loser = if a > d {
                attack.defender
            } else {
                attack.attacker
            };
            let ids = |u: usize| state.info(u).id.clone();
            let (attacker, defender, loser_id) =
                (ids(attack.attacker), ids(attack.defender), ids(loser));
            let head = format!("{attacker} resolve {defender} > {loser_id}");
            let _ = attempt(
                state,
                &format!("{head} lose => attack={a} defense={d}"),
                text,
            ) || attempt(
                state,
                &format!("{head} rout => attack={a} defense={d}"),
                text,
            );
            settle(state, rng, text);
        }
    }
}

/// A path of 1 to 3 hexes towards the nearest enemy, through free hexes.
fn advance_path(state: &State, unit: usize, rng: &mut Rng) -> Option<String> {
    let start = state.units[unit].hex?;
    let side = state.info(unit).side;
    let steps = rng.range(1, 3);
    let mut at = start;
    let mut path = Vec::new();
    for _ in 0..steps {
        let here = state.nearest_enemy(side, at)?;
        if here <= 1 {
            break;
        }
        let next = hex::neighbours(at, state.roster.parity)
            .filter(|&c| {
                state.roster.on_map(c)
                    && !state.roster.impassable.contains(&c)
                    && state.unit_at(c).is_none()
                    && !path.contains(&c)
            })
            .min_by_key(|&c| state.nearest_enemy(side, c).unwrap_or(u32::MAX))?;
        path.push(next);
        at = next;
    }
    (!path.is_empty()).then(|| {
        path.iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join("-")
    })
}
