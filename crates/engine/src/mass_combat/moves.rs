//! What may be written next: Mass Combat's proposals for
//! [`crate::Ruleset::candidates`]. Each unit's verbs come from the catalog
//! (the phases and classes play enforces), its targets from the state, its
//! destinations from a flood over the map; whether a line is legal is left
//! to play itself ([`crate::trial::legal`]), so nothing here repeats a rule.
//!
//! The listing covers every line that could come next: answers owed first,
//! then the current phase, the later phases of the side's turn (after their
//! labels) and the next side's turn (after its turn line). A reaction is a
//! line of its own, as a log may write it (`VI endure`); written after `>`
//! on the line that forced it, it reads the same. A move is listed once per
//! hex it may end on, by a shortest open path: any other path to that hex
//! within the limit is as legal. A resolve line claims its two totals,
//! which the rules fix: combat has no dice.

use senlac_board::{Extent, flood, hex};
use senlac_notation::Span;
use senlac_notation::lower::Step;
use senlac_notation::value::{Cell, UnitRef};

use super::MassCombat;
use super::catalog::{self, Act, When, Who};
use super::combat::totals;
use super::play::{next_turn, resolve_reactor, unmoved};
use super::state::State;
use super::tables::{
    ADVANCE_HEXES, CHARGE_HEXES, Cost, DISENGAGE_HEXES, MANEUVER_HEXES, Phase, Verb, cost,
};
use crate::doubt::Doubt;
use crate::system::{Candidate, Opening};

/// Every line that could be legal next at `state`, owed answers first.
pub fn candidates(state: &State) -> Vec<Candidate> {
    let mut out = Vec::new();
    if state.roster.sides.len() != 2 {
        return out;
    }
    owed(state, &mut out);
    let Some(side) = state.acting else {
        // Before the first turn: the side the setup names opens, or either.
        let sides: Vec<usize> = match state.roster.first_turn {
            Some(first) => vec![first],
            None => vec![0, 1],
        };
        for named in sides {
            next_side_turn(state, named, &mut out);
        }
        return out;
    };
    if let Some(phase) = state.phase {
        // While an answer is owed, only a rout may come before it.
        section(state, &[], phase, side, !state.owed.is_empty(), &mut out);
    }
    if !state.owed.is_empty() {
        return out;
    }
    for &later in later_phases(state, side) {
        let opens = [Opening::Phase(later.word().to_string())];
        section(state, &opens, later, side, false, &mut out);
    }
    next_side_turn(state, state.roster.enemy_of(side), &mut out);
    out
}

/// The phases the side in turn may open next. Leaving the movement phase
/// waits for every unit's movement action: the turn's end would report
/// each one missing (MC-R7), so no later line could stand.
fn later_phases(state: &State, side: usize) -> &'static [Phase] {
    match state.phase {
        None => &[Phase::Volley, Phase::Movement],
        Some(Phase::Volley) => &[Phase::Movement],
        Some(Phase::Movement) if unmoved(state, side).next().is_some() => &[],
        Some(Phase::Movement) => &[
            Phase::CombatDeclarations,
            Phase::DefenseDeclarations,
            Phase::ResolveCombat,
        ],
        Some(Phase::CombatDeclarations) => &[Phase::DefenseDeclarations, Phase::ResolveCombat],
        Some(Phase::DefenseDeclarations) => &[Phase::ResolveCombat],
        Some(Phase::ResolveCombat) => &[],
    }
}

/// The next side's turn, if the engine lets the current one end: its
/// volleys and its movement, each after the turn line and the label.
fn next_side_turn(state: &State, named: usize, out: &mut Vec<Candidate>) {
    let (side, number) = next_turn(state, named);
    let turn = Opening::Turn {
        number,
        side: state.roster.sides[side].to_string(),
    };
    let rules = MassCombat {
        edition: state.roster.edition,
    };
    let Opening::Turn { side: name, .. } = &turn else {
        return;
    };
    let step = Step::Turn {
        number,
        side: name,
        span: Span::default(),
    };
    // The turn line is tried once: one that the engine refuses (units
    // unmoved, attacks unresolved) would refuse every line after it.
    if !crate::trial::step(&rules, state, &Doubt::default(), &step).accepted() {
        return;
    }
    for phase in [Phase::Volley, Phase::Movement] {
        let opens = [turn.clone(), Opening::Phase(phase.word().to_string())];
        section(state, &opens, phase, side, false, out);
    }
}

/// The answers owed: each owing unit, each choice, and a rout in place of
/// any of them.
fn owed(state: &State, out: &mut Vec<Candidate>) {
    let phase = state.phase.unwrap_or(Phase::Volley);
    let own = match (state.acting, catalog::acting_side(phase)) {
        (Some(acting), catalog::Side::InTurn) => acting,
        (Some(acting), catalog::Side::OffTurn) => state.roster.enemy_of(acting),
        (None, _) => 0,
    };
    for owed in &state.owed {
        let routs = (!owed.choices.contains(&Verb::Rout)).then_some(Verb::Rout);
        for unit in owed.units.iter().flatten().copied() {
            for verb in owed.choices.iter().copied().chain(routs) {
                let reference = reactor(state, unit, verb, own);
                let lines: Vec<String> = if verb == Verb::Feint {
                    neighbours(state, unit)
                        .map(|to| format!("{reference} feint {to}"))
                        .collect()
                } else {
                    vec![format!("{reference} {}", verb.word())]
                };
                for line in lines {
                    if out.iter().any(|c| c.line == line) {
                        continue;
                    }
                    let price = cost(state.roster.edition, verb, phase);
                    out.push(candidate(state, &[], line, unit, true, price));
                }
            }
        }
    }
}

/// The acting units' lines in `phase` (the side in turn's, the other side's
/// in defense declarations), after `opens`; only their routs when
/// `routs_only`.
fn section(
    state: &State,
    opens: &[Opening],
    phase: Phase,
    side: usize,
    routs_only: bool,
    out: &mut Vec<Candidate>,
) {
    let acting = match catalog::acting_side(phase) {
        catalog::Side::InTurn => side,
        catalog::Side::OffTurn => state.roster.enemy_of(side),
    };
    let enemy = state.roster.enemy_of(acting);
    let enemies: Vec<usize> = state.active_of(enemy).collect();
    for unit in state.active_of(acting) {
        let id = state.info(unit).id.as_str();
        let mut lines: Vec<(String, Verb)> = Vec::new();
        if !routs_only {
            for verb in verbs(state, unit, phase) {
                lines.extend(
                    lines_of(state, unit, verb, &enemies)
                        .into_iter()
                        .map(|l| (l, verb)),
                );
            }
        }
        let rout = reactor(state, unit, Verb::Rout, acting);
        lines.push((format!("{rout} rout"), Verb::Rout));
        for (line, verb) in lines {
            let price = cost(state.roster.edition, verb, phase);
            out.push(candidate(state, opens, line, unit, false, price));
        }
        if routs_only || phase != Phase::ResolveCombat {
            continue;
        }
        for attack in state.attacks.iter().filter(|a| a.attacker == unit) {
            if attack.resolved || attack.negated {
                continue;
            }
            let (a, d) = totals(state, attack);
            let line = format!(
                "{id} resolve {} => attack={a} defense={d}",
                state.info(attack.defender).id
            );
            // Resolving pays nothing: the loser's answer does (MC-R9).
            out.push(candidate(state, opens, line, unit, false, Cost::FREE));
        }
    }
}

/// The actions the catalog lets `unit` take in `phase`.
fn verbs(state: &State, unit: usize, phase: Phase) -> impl Iterator<Item = Verb> + '_ {
    let class = state.info(unit).class;
    catalog::CATALOG.iter().filter_map(move |entry| {
        let Act::Verb(verb) = entry.act else {
            return None;
        };
        let by = matches!(entry.who, Who::Classes(classes) if classes.contains(&class));
        let when = matches!(entry.when, When::In(phases) if phases.contains(&phase));
        (by && when && !verb.is_reaction()).then_some(verb)
    })
}

/// The lines of `unit` taking `verb`: one per target, per destination, or
/// one.
fn lines_of(state: &State, unit: usize, verb: Verb, enemies: &[usize]) -> Vec<String> {
    let id = state.info(unit).id.as_str();
    let word = verb.word();
    let name = |u: usize| state.info(u).id.as_str();
    let aimed = |targets: &mut dyn Iterator<Item = usize>| -> Vec<String> {
        targets
            .map(|t| format!("{id} {word} {}", name(t)))
            .collect()
    };
    match verb {
        Verb::Volley => aimed(&mut enemies.iter().copied()),
        Verb::Attack => aimed(&mut state.adjacent_enemies(unit)),
        Verb::SupportAttack | Verb::SupportDefense => {
            let mut defenders: Vec<usize> = state.attacks.iter().map(|a| a.defender).collect();
            defenders.sort_unstable();
            defenders.dedup();
            aimed(&mut defenders.into_iter())
        }
        Verb::Advance | Verb::Maneuver | Verb::Disengage => {
            let limit = match verb {
                Verb::Advance => ADVANCE_HEXES,
                Verb::Maneuver => MANEUVER_HEXES,
                _ => DISENGAGE_HEXES,
            };
            let paths = Paths::from(state, unit);
            paths
                .ends(u32::from(limit))
                .into_iter()
                .map(|to| format!("{id} {word} {}", paths.to(to)))
                .collect()
        }
        Verb::Charge => {
            let paths = Paths::from(state, unit);
            let ends = paths.ends(u32::from(CHARGE_HEXES));
            let mut lines = Vec::new();
            for &target in enemies {
                let Some(at) = state.units[target].hex else {
                    continue;
                };
                for &to in ends.iter().filter(|&&to| state.roster.adjacent(to, at)) {
                    lines.push(format!("{id} {word} {} {}", name(target), paths.to(to)));
                }
            }
            lines
        }
        _ => vec![format!("{id} {word}")],
    }
}

/// Steps from a unit's hex to every hex it could move through: on the
/// map, passable and free (MC-R12).
struct Paths<'s> {
    state: &'s State,
    steps: Option<flood::Distances>,
}

impl<'s> Paths<'s> {
    fn from(state: &'s State, unit: usize) -> Self {
        let start = state.units[unit].hex;
        let roster = &state.roster;
        let extent = Extent {
            columns: roster.columns,
            rows: roster.rows,
        };
        let steps = start.map(|start| {
            flood::distances([start], extent, roster.parity, |cell| {
                !roster.impassable.contains(&cell) && state.unit_at(cell).is_none()
            })
        });
        Paths { state, steps }
    }

    /// The hexes a move of 1 to `limit` hexes may end on, in label order.
    fn ends(&self, limit: u32) -> Vec<Cell> {
        self.steps.as_ref().map_or_else(Vec::new, |steps| {
            steps
                .reached()
                .filter(|&(_, n)| (1..=limit).contains(&n))
                .map(|(cell, _)| cell)
                .collect()
        })
    }

    /// A shortest path to `to`, as written: the hexes entered, joined by `-`.
    fn to(&self, to: Cell) -> String {
        let parity = self.state.roster.parity;
        let mut path = vec![to];
        if let Some(steps) = &self.steps {
            let mut at = to;
            while let Some(n) = steps.get(at).filter(|&n| n > 1) {
                let Some(back) = hex::neighbours(at, parity).find(|&c| steps.get(c) == Some(n - 1))
                else {
                    break;
                };
                path.push(back);
                at = back;
            }
        }
        path.iter()
            .rev()
            .map(Cell::to_string)
            .collect::<Vec<_>>()
            .join("-")
    }
}

/// The hexes next to a unit, on the map.
fn neighbours(state: &State, unit: usize) -> impl Iterator<Item = Cell> + '_ {
    let roster = &state.roster;
    state.units[unit]
        .hex
        .into_iter()
        .flat_map(move |at| hex::neighbours(at, roster.parity))
        .filter(move |&c| roster.on_map(c))
}

/// How a reaction line names `unit` where `own` is the acting side: its id
/// when play would read the bare id as that unit (MC-R11), else `Side.ID`.
fn reactor(state: &State, unit: usize, verb: Verb, own: usize) -> String {
    let info = state.info(unit);
    let bare = UnitRef {
        side: None,
        id: &info.id,
    };
    if resolve_reactor(state, bare, own, Some(verb)) == Some(unit) {
        info.id.to_string()
    } else {
        format!("{}.{}", state.roster.sides[info.side], info.id)
    }
}

fn candidate(
    state: &State,
    opens: &[Opening],
    line: String,
    unit: usize,
    owed: bool,
    price: Cost,
) -> Candidate {
    let info = state.info(unit);
    Candidate {
        opens: opens.to_vec(),
        line,
        side: state.roster.sides[info.side].to_string(),
        units: vec![info.id.to_string()],
        owed,
        cost: Some(price.to_string()),
        limits: None,
        roll: None,
    }
}
