//! Random legal Feudal battles (`senlac gen --rules feudal/ohw`): two
//! armies deployed along opposite edges of a 36" table, a hill between
//! them, and turns in which every line is proposed and kept only if the
//! engine's own play accepts it ([`crate::trial`]). Positions are never
//! computed here: a move is a distance and a turn toward the nearest enemy,
//! and the engine says whether it is legal.

use senlac_board::table::{self, Base};
use senlac_notation::lower::Step;
use senlac_notation::seeded::Rng;
use senlac_notation::{BattleText, Span};

use super::FeudalOhw;
use super::state::{Owed, State};
use super::tables::{Class, Missile};
use crate::doubt::Doubt;
use crate::system::Ruleset;
use crate::trial;

/// The table, square, in inches.
const TABLE: f64 = 36.0;
/// The most turns a generated battle lasts (the scenario's 15, less: a
/// corpus of many battles should still be quick to check).
const TURNS: u32 = 12;
const SIDES: [&str; 2] = ["Angevins", "Welsh"];
/// Each side's classes to draw from.
const ARMIES: [[Class; 4]; 2] = [
    [
        Class::Knights,
        Class::Serjeants,
        Class::Bowmen,
        Class::Freemen,
    ],
    [
        Class::Brigans,
        Class::Freemen,
        Class::Bowmen,
        Class::Serjeants,
    ],
];

/// Hands `battles` random legal battles to `each`, the same for a seed.
pub fn generate_each(battles: u32, seed: u64, each: &mut dyn FnMut(&str)) {
    let mut rng = Rng::new(seed);
    for number in 1..=battles {
        each(&battle(number, &mut rng));
    }
}

/// One battle: its setup, then its turns, line by line as the engine takes them.
fn battle(number: u32, rng: &mut Rng) -> String {
    let mut setup = Vec::new();
    setup.push(format!("map table {TABLE}x{TABLE}in"));
    setup.push("option dice d6".to_string());
    setup.push("option base 5x2.5in".to_string());
    setup.push("option force-morale".to_string());
    let hill = (rng.range(12, 24) as f64, rng.range(14, 22) as f64);
    setup.push(format!(
        "terrain hill circle {}x{}in radius={}in",
        hill.0,
        hill.1,
        rng.range(3, 5)
    ));
    for (side, name) in SIDES.iter().enumerate() {
        setup.push(format!(
            "army {name} \"{name} {number}\" leader \"Captain\""
        ));
        let count = rng.between(3, 5);
        let mut placements = Vec::new();
        for i in 0..count {
            let class = *rng.pick(&ARMIES[side]);
            let id = format!("{}{}", &name[..1], i + 1);
            setup.push(format!(
                "  unit {id} \"{} {}\" {} average",
                name,
                i + 1,
                class.word()
            ));
            // A base's width and a gap between: 6.5" apart from 3.5".
            let x = 3.5 + 6.5 * i as f64;
            let (y, facing) = if side == 0 {
                (4.0, 90)
            } else {
                (TABLE - 4.0, 270)
            };
            placements.push(format!("{id}@{x}x{y}in^{facing}deg"));
        }
        setup.push(format!("deploy {name} {}", placements.join(" ")));
    }
    setup.push(format!("first {} turn", SIDES[0]));

    let mut text = BattleText::new();
    header(&mut text, number, "*");
    for line in &setup {
        text.setup(line);
    }
    let parsed = senlac_notation::parse(text.as_str());
    let Some(start) = parsed.battles.first() else {
        return text.finish();
    };
    let rules = FeudalOhw;
    let mut state = rules
        .setup(start, &mut Vec::new())
        .fold(<FeudalOhw as Ruleset>::apply);
    let mut doubt = Doubt::default();
    let mut movetext = Movetext::default();
    'turns: for turn in 1..=TURNS {
        for (side, name) in SIDES.iter().enumerate() {
            if state.ended.is_some() {
                break 'turns;
            }
            let step = Step::Turn {
                number: turn,
                side: name,
                span: Span::default(),
            };
            trial::play(&rules, &mut state, &mut doubt, &step);
            movetext.lines.push(Line::Turn(turn, name));
            player_turn(&rules, &mut state, &mut doubt, side, rng, &mut movetext);
        }
    }
    let result = match state.ended {
        Some(ended) => SIDES[1 - ended.routed.min(1)],
        None => "*",
    };
    let mut text = BattleText::new();
    header(&mut text, number, result);
    for line in &setup {
        text.setup(line);
    }
    text.blank();
    for line in &movetext.lines {
        match line {
            Line::Turn(turn, side) => {
                text.turn(*turn, side);
            }
            Line::Phase(phase) => {
                text.phase(phase);
            }
            Line::Action(action) => {
                text.action(action);
            }
        }
    }
    text.blank();
    text.finish()
}

fn header(text: &mut BattleText, number: u32, result: &str) {
    text.tag("Battle", format_args!("Border skirmish {number}"))
        .tag("Site", "The March")
        .tag("Date", "2026")
        .tag("Rules", "feudal/ohw")
        .tag("Sides", SIDES.join(" "))
        .tag("Result", result)
        .blank();
}

/// The movetext as it is written: turn lines, phase labels and actions.
#[derive(Default)]
struct Movetext {
    lines: Vec<Line>,
}

enum Line {
    Turn(u32, &'static str),
    Phase(&'static str),
    Action(String),
}

/// Plays one player turn: shooting, movement, melee, each phase's label
/// written and each line kept only when the engine accepts it, with any
/// morale roll owed written at once.
fn player_turn(
    rules: &FeudalOhw,
    state: &mut State,
    doubt: &mut Doubt,
    side: usize,
    rng: &mut Rng,
    movetext: &mut Movetext,
) {
    owed(rules, state, doubt, rng, movetext);
    for phase in ["shoot", "move", "melee"] {
        if state.ended.is_some() {
            return;
        }
        let step = Step::Phase {
            name: phase,
            span: Span::default(),
        };
        if !trial::play(rules, state, doubt, &step).is_empty() {
            return;
        }
        movetext.lines.push(Line::Phase(phase));
        owed(rules, state, doubt, rng, movetext);
        let units: Vec<usize> = (0..state.roster.units.len())
            .filter(|&u| state.roster.units[u].side == side)
            .collect();
        for unit in units {
            if state.ended.is_some() {
                return;
            }
            if !state.on_table(unit) {
                continue;
            }
            for line in proposals(state, unit, phase, rng) {
                if keep(rules, state, doubt, &line) {
                    movetext.lines.push(Line::Action(line));
                    owed(rules, state, doubt, rng, movetext);
                    break;
                }
            }
        }
    }
}

/// Plays `line` if the engine accepts it.
fn keep(rules: &FeudalOhw, state: &mut State, doubt: &Doubt, line: &str) -> bool {
    match trial::line(rules, state, doubt, line) {
        Some(tried) if tried.accepted() => {
            *state = tried.state;
            true
        }
        _ => false,
    }
}

/// Writes the morale rolls the state owes, each as the next line.
fn owed(
    rules: &FeudalOhw,
    state: &mut State,
    doubt: &Doubt,
    rng: &mut Rng,
    movetext: &mut Movetext,
) {
    while let Some(&Owed::Morale { side }) = state.owed.first() {
        let line = format!("{} morale d6:{}", SIDES[side.min(1)], rng.range(1, 6));
        if !keep(rules, state, doubt, &line) {
            return;
        }
        movetext.lines.push(Line::Action(line));
    }
}

/// The lines a unit might write in a phase, most wanted first: the engine
/// keeps the first it accepts.
fn proposals(state: &State, unit: usize, phase: &str, rng: &mut Rng) -> Vec<String> {
    let roster = &state.roster;
    let me = &roster.units[unit];
    let Some(base) = state.bases[unit] else {
        return Vec::new();
    };
    let mut enemies: Vec<(f64, usize, Base)> = (0..roster.units.len())
        .filter(|&u| roster.units[u].side != me.side && state.on_table(u))
        .filter_map(|u| Some((base.distance(&state.bases[u]?), u, state.bases[u]?)))
        .collect();
    enemies.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut out = Vec::new();
    match phase {
        "shoot" | "melee" => {
            let verb = if phase == "shoot" { "shoot" } else { "melee" };
            // Javelins are thrown in the move phase (2.8S): not proposed here.
            let bows = me.class.and_then(|c| c.info().missile) == Some(Missile::Bows);
            if phase == "shoot" && !bows {
                return out;
            }
            for &(_, enemy, _) in enemies.iter().take(3) {
                out.push(format!(
                    "{} {verb} {} d6:{}",
                    me.id,
                    roster.units[enemy].id,
                    rng.range(1, 6)
                ));
            }
        }
        _ => {
            for &(_, enemy, _) in enemies.iter().take(2) {
                out.push(format!("{} charge {}", me.id, roster.units[enemy].id));
                out.push(format!("{} charge {} fast", me.id, roster.units[enemy].id));
            }
            let Some(&(_, _, target)) = enemies.first() else {
                return out;
            };
            let Some(class) = me.class else {
                return out;
            };
            let allowance = class.allowance(roster.options.base, false, false);
            // The turn toward the enemy, in the notation's sense
            // (counter-clockwise positive), to the nearest 5°.
            let bearing = table::bearing(base.centre, target.centre);
            let clockwise = (bearing - base.facing + 540.0).rem_euclid(360.0) - 180.0;
            let turn = -(clockwise / 5.0).round() * 5.0;
            for fraction in [1.0, 0.5, 0.25] {
                let distance = (allowance * fraction * 4.0).floor() / 4.0;
                if turn.abs() >= 5.0 {
                    out.push(format!("{} move {turn}deg {distance}in", me.id));
                }
                out.push(format!("{} move {distance}in", me.id));
            }
        }
    }
    out
}
