//! Random legal TDGS battles, the same for the same seed: a benchmark
//! corpus, a fuzzing seed and a demo.
//!
//! Two small armies of squads under a commander each close and fight on a
//! square map. Every line is proposed as text and kept only if the engine
//! accepts it on a copy of the state, so generated battles stay legal by
//! construction, whatever the checks become; owed morale checks are written
//! as soon as they are owed, weakest first.

use senlac_board::footprint::{self, Footprint};
use senlac_notation::lower::Step;
use senlac_notation::seeded::Rng;
use senlac_notation::{BattleText, Span, parse};

use super::Tdgs;
use super::duty::{self, Duty};
use super::morale;
use super::moves::{activation_order, due_morale, flee_paths, owed_free_attack, strikes};
use super::play::cells;
use super::setup::setup;
use super::state::{State, Status};
use crate::doubt::Doubt;

const SIDES: [(&str, &str); 4] = [
    ("Crown", "Raiders"),
    ("Wardens", "Reavers"),
    ("League", "Horde"),
    ("Guard", "Outlaws"),
];
const COLUMNS: u8 = 14;
const ROWS: u8 = 12;
const ROUNDS: u32 = 6;

/// Hands `battles` random legal battles to `each`, one at a time (with the
/// blank line that separates it from the one before).
pub fn generate_each(battles: u32, seed: u64, each: &mut dyn FnMut(&str)) {
    let mut rng = Rng::new(seed);
    for index in 0..battles {
        let mut text = battle(index, &mut rng);
        if index > 0 {
            text.insert(0, '\n');
        }
        each(&text);
    }
}

/// One stat line in a squad's range (spec 3.2's scale: squads 10 to 30).
fn stats(rng: &mut Rng, commander: bool) -> String {
    let mut stat = |lo: u64, hi: u64| rng.range(lo, hi);
    let cha = if commander { stat(20, 30) } else { stat(6, 14) };
    format!(
        "str={} dex={} ref={} con={} mov={} int={} wis={} cha={cha} luk=0",
        stat(12, 24),
        stat(10, 20),
        stat(11, 21),
        stat(8, 18),
        stat(5, 7),
        stat(6, 12),
        stat(7, 13),
    )
}

fn battle(index: u32, rng: &mut Rng) -> String {
    let (first, second) = *rng.pick(&SIDES);
    let mut text = BattleText::new();
    text.tag("Battle", format_args!("Skirmish {}", index + 1))
        .tag("Site", "Generated")
        .tag("Date", "2026-01-01")
        .tag("Rules", "tdgs/mass-combat")
        .tag("Sides", format_args!("{first} {second}"))
        .tag("Result", "*")
        .blank()
        .setup(format_args!("map square {COLUMNS}x{ROWS}"));
    // A few difficult squares in the middle rows.
    for _ in 0..rng.between(1, 4) {
        let column = rng.range(2, u64::from(COLUMNS) - 1);
        let row = rng.range(5, 8);
        text.setup(format_args!("terrain difficult {column:02}{row:02}"));
    }
    let squads = rng.between(2, 4);
    let mut deploy = [String::new(), String::new()];
    for (side, name) in [first, second].into_iter().enumerate() {
        let edge = if side == 0 { "s" } else { "n" };
        let prefix = if side == 0 { "A" } else { "B" };
        text.setup(format_args!("army {name} \"The {name}\" edge={edge}"));
        let units: Vec<String> = (1..=squads).map(|n| format!("{prefix}{n}")).collect();
        let extended: Vec<&str> = units.iter().skip(1).map(String::as_str).collect();
        let commander_stats = stats(rng, true);
        let mut line = format!(
            "unit {prefix}C \"Captain of the {name}\" human captain kind=hero role=commander {commander_stats} direct={}",
            units[0]
        );
        if !extended.is_empty() {
            line.push_str(&format!(
                " extended={}",
                extended[..extended.len().min(2)].join("+")
            ));
        }
        text.setup(format_args!("  {line}"));
        for unit in &units {
            text.setup(format_args!(
                "  unit {unit} \"Squad {unit}\" infantry-squad regular size=2x2 {}",
                stats(rng, false)
            ));
        }
        let row = if side == 0 { ROWS - 2 } else { 2 };
        let mut placed = vec![format!(
            "{prefix}C@{:02}{:02}",
            COLUMNS / 2,
            if side == 0 { ROWS } else { 1 }
        )];
        for (i, unit) in units.iter().enumerate() {
            placed.push(format!("{unit}@{:02}{row:02}", 2 + 3 * i));
        }
        deploy[side] = format!("deploy {name} {}", placed.join(" "));
    }
    for line in &deploy {
        text.setup(line);
    }
    text.blank();

    let setup_text = text.as_str().to_string();
    let archive = parse(&setup_text);
    let Some(parsed) = archive.battles.first() else {
        return text.finish();
    };
    let mut out = Vec::new();
    let mut scratch = setup(parsed, &mut out).fold(super::event::apply);
    for round in 1..=ROUNDS {
        let order = activation_order(&scratch);
        if order.is_empty() {
            break;
        }
        let mut last_side = None;
        for entity in order {
            let can_act = matches!(
                scratch.entities[entity].status,
                Status::Active | Status::Routed
            );
            if !scratch.on_board(entity) || !can_act || scratch.entities[entity].round.rallied {
                continue;
            }
            let Some(side) = scratch.info(entity).map(|i| i.side) else {
                continue;
            };
            if last_side != Some(side) {
                let name = scratch.roster.sides[side].clone();
                step(
                    &mut scratch,
                    &Step::Turn {
                        number: round,
                        side: &name,
                        span: Span::default(),
                    },
                );
                text.turn(round, &name);
                last_side = Some(side);
            }
            let id = scratch
                .info(entity)
                .map(|i| i.id.clone())
                .unwrap_or_default();
            step(
                &mut scratch,
                &Step::Phase {
                    name: &id,
                    span: Span::default(),
                },
            );
            text.phase(&id);
            activate(&mut scratch, entity, &id, rng, &mut text);
        }
        if round < ROUNDS {
            text.blank();
        }
    }
    text.finish()
}

/// Plays a turn line or a label as written (the generator writes only
/// ones the engine takes).
fn step(scratch: &mut State, step: &Step<'_, '_>) {
    crate::trial::play(&Tdgs, scratch, &mut Doubt::default(), step);
}

/// Tries a line on the production fold ([`crate::trial::line`]); keeps it,
/// in the state and the log, if the engine accepts it.
fn attempt(scratch: &mut State, line: &str, text: &mut BattleText) -> bool {
    match crate::trial::line(&Tdgs, scratch, &Doubt::default(), line) {
        Some(trial) if trial.accepted() => {
            *scratch = trial.state;
            text.action(line);
            true
        }
        _ => false,
    }
}

/// A roll with damage if it hits, else without.
fn strike(scratch: &mut State, head: &str, rng: &mut Rng, text: &mut BattleText) -> bool {
    let die = rng.range(1, 20);
    let damage = rng.range(4, 16);
    strikes(head, die, damage)
        .iter()
        .any(|line| attempt(scratch, line, text))
}

/// Writes what is owed, weakest first: morale checks and free attacks.
fn settle(scratch: &mut State, rng: &mut Rng, text: &mut BattleText) {
    for _ in 0..64 {
        if let Some((_, head)) = due_morale(scratch) {
            let line = format!("{head} d20:{}", rng.range(1, 20));
            if !attempt(scratch, &line, text) {
                return;
            }
            continue;
        }
        let Some((_, head)) = owed_free_attack(scratch) else {
            return;
        };
        if !strike(scratch, &head, rng, text) {
            return;
        }
    }
}

/// One activation: a routed unit flees or makes its cornered check; a unit
/// next to an enemy attacks it; otherwise it closes on the nearest enemy.
fn activate(scratch: &mut State, entity: usize, id: &str, rng: &mut Rng, text: &mut BattleText) {
    if scratch.entities[entity].status == Status::Routed {
        if !flee(scratch, entity, id, text) {
            let die = rng.range(1, 20);
            let _ = attempt(
                scratch,
                &format!("{id} cornered d20:{die} => {id} surrendered"),
                text,
            ) || attempt(scratch, &format!("{id} cornered d20:{die}"), text);
        }
        settle(scratch, rng, text);
        // A last stand fights on in the same activation (CORNERED-4).
        if !scratch.on_board(entity) || scratch.entities[entity].status == Status::Routed {
            return;
        }
    }
    let near: Vec<usize> = (0..scratch.entities.len())
        .filter(|&e| scratch.enemies(entity, e) && scratch.on_board(e))
        .filter(|&e| scratch.distance(entity, e) == scratch.nearest_enemy_gap(entity))
        .collect();
    let adjacent = scratch.nearest_enemy_gap(entity) == Some(1);
    if !adjacent {
        close_in(scratch, entity, id, text);
        settle(scratch, rng, text);
    }
    if let Some(&target) = near.first()
        && scratch.distance(entity, target) == Some(1)
    {
        let target_id = scratch
            .info(target)
            .map(|i| i.id.clone())
            .unwrap_or_default();
        strike(scratch, &format!("{id} attack {target_id}"), rng, text);
        settle(scratch, rng, text);
    } else if let Some(target) = (0..scratch.entities.len())
        .filter(|&e| scratch.enemies(entity, e) && scratch.on_board(e))
        .find(|&e| scratch.distance(entity, e) == Some(1))
    {
        let target_id = scratch
            .info(target)
            .map(|i| i.id.clone())
            .unwrap_or_default();
        strike(scratch, &format!("{id} attack {target_id}"), rng, text);
        settle(scratch, rng, text);
    }
}

/// The anchors `entity` enters along a cheapest route to a footprint where
/// `goal` holds, as far as its MOV lasts.
fn route_within_mov(
    state: &State,
    entity: usize,
    goal: impl Fn(Footprint) -> bool,
) -> Vec<senlac_board::Cell> {
    let (Some(from), Some(info)) = (state.footprint(entity), state.info(entity)) else {
        return Vec::new();
    };
    let cost = morale::movement_cost_map(state, entity);
    let map = footprint::distances_to(
        info.width,
        info.height,
        state.roster.extent(),
        &cost,
        goal,
        footprint::Rect::ANYWHERE,
    );
    let Some(route) = map.route(from.anchor) else {
        return Vec::new();
    };
    let mov = u32::try_from(info.stats.mov).unwrap_or(0);
    let mut spent = 0;
    let mut here = from;
    let mut path = Vec::new();
    for &next in &route {
        let Ok(step) = footprint::step_cost(here, next, |c| cost.cost(c)) else {
            break;
        };
        if spent + step > mov {
            break;
        }
        spent += step;
        here = here.moved_to(next);
        path.push(next);
    }
    path
}

/// Moves toward the nearest enemy along a cheapest route, as far as MOV
/// allows, stopping where it may stand.
fn close_in(scratch: &mut State, entity: usize, id: &str, text: &mut BattleText) {
    let Some(aim) = (0..scratch.entities.len())
        .filter(|&e| scratch.enemies(entity, e) && scratch.on_board(e))
        .min_by_key(|&e| scratch.distance(entity, e))
        .and_then(|e| scratch.footprint(e))
    else {
        return;
    };
    let state: &State = scratch;
    let mut path = route_within_mov(state, entity, |f| {
        footprint::adjacent(f, aim) && morale::may_stop(state, entity, f.anchor)
    });
    while let Some(&last) = path.last() {
        if morale::may_stop(scratch, entity, last) {
            break;
        }
        path.pop();
    }
    if !path.is_empty() && attempt(scratch, &format!("{id} move {}", cells(&path)), text) {
        return;
    }
    // The way to the nearest enemy is shut: a unit under Attack still closes
    // on one where it can (ORDERS-4).
    let start_gap = scratch.activation.and_then(|a| a.start_gap);
    if let Some(Duty::Advance { path, .. }) = duty::unmet(scratch, entity, start_gap) {
        let _ = attempt(scratch, &format!("{id} move {}", cells(&path)), text);
    }
}

/// A routed unit's flight: along cheapest routes to its edge, as far as
/// MOV lasts, to the farthest square it may stand on (ROUT-3); shorter
/// ones are tried after, in case the engine wants another.
fn flee(scratch: &mut State, entity: usize, id: &str, text: &mut BattleText) -> bool {
    for path in flee_paths(scratch, entity) {
        if attempt(scratch, &format!("{id} flee {}", cells(&path)), text) {
            return true;
        }
    }
    false
}
