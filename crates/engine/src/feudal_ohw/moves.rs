//! The actions open at a Feudal state (`senlac moves`): for each unit of
//! the side in turn, the kinds of action open to it with their limits in
//! words ("may move up to 5in (BW), turning once at the start"), each
//! proposed as a line the engine then plays ([`crate::trial::legal`]), so
//! a listed action is one the same checks accept.

use senlac_board::table::Base;

use super::state::{Owed, Phase, State};
use super::tables::Turns;
use crate::system::{Candidate, Opening};

/// The phases a player turn writes actions in, in order.
const PLAY: [Phase; 4] = [Phase::Shoot, Phase::Move, Phase::Melee, Phase::Rally];

/// Every line that could be legal next, owed answers first.
pub fn candidates(state: &State) -> Vec<Candidate> {
    let mut out = Vec::new();
    if state.ended.is_some() {
        return out;
    }
    let die = state.roster.options.die;
    let (low, high) = die.faces();
    for owed in &state.owed {
        if let Owed::Morale { side } = *owed {
            let name = &state.roster.sides[side];
            for face in low..=high {
                let roll = format!("{}:{face}", die.word());
                out.push(Candidate {
                    line: format!("{name} morale {roll}"),
                    side: name.clone(),
                    owed: true,
                    roll: Some(roll),
                    ..Candidate::default()
                });
            }
        }
    }
    if !out.is_empty() {
        return out;
    }
    if let Some(player) = state.player {
        let now = state.phase.unwrap_or(Phase::Shoot);
        for phase in PLAY.into_iter().filter(|&p| p >= now) {
            let opens = if Some(phase) == state.phase {
                Vec::new()
            } else {
                vec![Opening::Phase(phase.label().to_string())]
            };
            phase_lines(state, player.side, phase, &opens, &mut out);
        }
    }
    // The next player turn.
    let (turn, side) = match state.player {
        None => (1, state.roster.first.unwrap_or(0)),
        Some(p) if !p.second => (state.turn, 1 - p.side.min(1)),
        Some(p) => (state.turn.saturating_add(1), 1 - p.side.min(1)),
    };
    if let Some(name) = state.roster.sides.get(side) {
        for phase in [Phase::Shoot, Phase::Move] {
            let opens = vec![
                Opening::Turn {
                    number: turn,
                    side: name.clone(),
                },
                Opening::Phase(phase.label().to_string()),
            ];
            phase_lines(state, side, phase, &opens, &mut out);
        }
    }
    out
}

/// The lines `side`'s units might write in `phase`, after `opens`.
fn phase_lines(
    state: &State,
    side: usize,
    phase: Phase,
    opens: &[Opening],
    out: &mut Vec<Candidate>,
) {
    let roster = &state.roster;
    let (low, high) = roster.options.die.faces();
    let die = roster.options.die.word();
    for (unit, info) in roster.units.iter().enumerate() {
        let Some(base) = state.bases[unit].filter(|_| info.side == side) else {
            continue;
        };
        if state.units[unit].removed.is_some() {
            continue;
        }
        let Some(class) = info.class else {
            continue;
        };
        let candidate = |line: String, limits: Option<String>, roll: Option<String>| Candidate {
            opens: opens.to_vec(),
            line,
            side: roster.sides[side].clone(),
            units: vec![info.id.clone()],
            limits,
            roll,
            ..Candidate::default()
        };
        let enemies = enemies(state, side, &base);
        match phase {
            Phase::Shoot | Phase::Melee => {
                let verb = if phase == Phase::Shoot {
                    "shoot"
                } else {
                    "melee"
                };
                if phase == Phase::Shoot && class.info().missile.is_none() {
                    continue;
                }
                for &(distance, enemy) in &enemies {
                    let target = &roster.units[enemy].id;
                    let limits = (phase == Phase::Shoot)
                        .then(|| format!("may shoot at {target} ({distance:.1}in away)"));
                    for face in low..=high {
                        out.push(candidate(
                            format!("{} {verb} {target} {die}:{face}", info.id),
                            limits.clone(),
                            Some(format!("{die}:{face}")),
                        ));
                    }
                }
            }
            Phase::Move => {
                let size = roster.options.base;
                let normal = class.allowance(size, false, false);
                let fast = class.allowance(size, true, false);
                let turns = match class.info().turns {
                    Turns::Start => "turning once at the start",
                    Turns::StartOrEnd => "turning once, at the start or the end",
                    Turns::StartAndEnd => "turning at the start and at the end",
                };
                let limits = format!("may move up to {normal}in ({fast}in fast), {turns}");
                for fraction in [1.0, 0.5] {
                    let distance = (normal * fraction * 4.0).floor() / 4.0;
                    out.push(candidate(
                        format!("{} move {distance}in", info.id),
                        Some(limits.clone()),
                        None,
                    ));
                }
                for &(distance, enemy) in &enemies {
                    let target = &roster.units[enemy].id;
                    let limits = format!("may charge {target} ({distance:.1}in away)");
                    for fast in ["", " fast"] {
                        out.push(candidate(
                            format!("{} charge {target}{fast}", info.id),
                            Some(limits.clone()),
                            None,
                        ));
                    }
                }
            }
            Phase::Rally | Phase::Initiative | Phase::Pursuit => {}
        }
    }
}

/// The enemies of `side` on the table, nearest first, with their distance
/// from `base`.
fn enemies(state: &State, side: usize, base: &Base) -> Vec<(f64, usize)> {
    let mut found: Vec<(f64, usize)> = (state.roster.units.iter().enumerate())
        .filter(|&(u, info)| info.side != side && state.on_table(u))
        .filter_map(|(u, _)| Some((base.distance(&state.bases[u]?), u)))
        .collect();
    found.sort_by(|a, b| a.0.total_cmp(&b.0));
    found
}
