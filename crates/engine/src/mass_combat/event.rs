//! Mass Combat's typed events: every change play makes to the state.
//!
//! Play checks a step and emits events through the fold; [`apply`] is the one
//! place the state changes, so the timeline keeps, beside every state, the
//! events that led to it: the material of diffs, reports, the arrows of a
//! rendered frame, and of rebuilding any state from the setup.

use senlac_notation::Span;
use serde::{Deserialize, Serialize};

use super::state::{Attack, Cause, Owed, State, Status};
use super::tables::{Phase, Verb};
use senlac_notation::value::Cell;

/// A change to the battle. Units are indices into the roster.
///
/// The first nine are what the report and the pictures read; the rest are
/// the bookkeeping of turns, phases, reactions and combat. Fields the compact
/// JSON form does not need are skipped there; [`Wire`] is the export.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// The setup puts a unit on the field, at a hex labelled CCRR as a number.
    Deployed {
        unit: usize,
        hex: u16,
    },
    /// Command points paid.
    Spent {
        unit: usize,
        command_points: u8,
    },
    Damaged {
        unit: usize,
        damage: u8,
    },
    /// Moved from one hex to another (labels CCRR as numbers), through `path`.
    Moved {
        unit: usize,
        from: u16,
        to: u16,
        charge: bool,
        path: Path,
    },
    Volley {
        archer: usize,
        target: usize,
    },
    /// An attack is declared (at `span`); a charge on the same defender is
    /// spent on it, and the attacker's other charges lapse.
    AttackDeclared {
        attacker: usize,
        defender: usize,
        #[serde(skip)]
        span: Span,
    },
    Supported {
        supporter: usize,
        defender: usize,
        attack: bool,
    },
    Resolved {
        attacker: usize,
        defender: usize,
        attack: u32,
        defense: u32,
        loser: usize,
    },
    Routed {
        unit: usize,
        #[serde(skip)]
        cause: Cause,
    },
    Slaughtered {
        unit: usize,
        by: usize,
    },
    /// `side` begins its part of turn `turn`.
    SideTurnBegun {
        turn: u32,
        side: usize,
    },
    PhaseBegun {
        #[serde(skip)]
        phase: Phase,
    },
    /// The unit acted in the current phase.
    Acted {
        unit: usize,
    },
    /// The unit took its movement action this side-turn.
    MovementTaken {
        unit: usize,
    },
    /// An action forces a reaction.
    ReactionOwed {
        #[serde(skip)]
        owed: Owed,
    },
    /// `unit` answers a reaction it owes with `verb`; a rout answers all of them.
    Answered {
        unit: usize,
        #[serde(skip)]
        verb: Verb,
    },
    /// Play moved on: the reactions still owed will never be answered.
    ReactionsLapsed,
    /// The unit answered an attack with `defend` (or a feint that failed).
    Defending {
        unit: usize,
    },
    /// The defender feinted: the attack is negated.
    AttackNegated {
        attacker: usize,
        defender: usize,
    },
    /// The attack's resolve line was read: it is resolved, or ignored.
    AttackSettled {
        attacker: usize,
        defender: usize,
    },
    /// Cavalry ended a charge next to its target and must attack it.
    ChargeCommitted {
        cavalry: usize,
        target: usize,
        #[serde(skip)]
        span: Span,
    },
    /// An attack is being resolved; `charge` if it followed a charge.
    CombatBegun {
        attacker: usize,
        defender: usize,
        charge: bool,
    },
    /// The defender routed from a lost attack; its attacker may slaughter it.
    SlaughterPending {
        unit: usize,
    },
    /// The unit left the field, pursuing the survivors it slaughtered (or let escape).
    Pursuing {
        unit: usize,
    },
    /// The side-turn ended: its attacks, charges, supports and combat are over.
    CombatCleared,
}

/// The one way play changes a [`State`].
pub fn apply(state: &mut State, event: &Event) {
    match *event {
        Event::Deployed { unit, hex } => {
            let u = &mut state.units[unit];
            u.hex = Some(Cell::from_number(hex));
            u.status = Status::Active;
            state.occupy(unit);
        }
        Event::Spent {
            unit,
            command_points,
        } => {
            let u = &mut state.units[unit];
            u.command_points = u.command_points.saturating_sub(command_points);
        }
        Event::Damaged { unit, damage } => {
            let u = &mut state.units[unit];
            u.damage = u.damage.saturating_add(damage);
        }
        Event::Moved { unit, to, .. } => {
            state.vacate(unit);
            state.units[unit].hex = Some(Cell::from_number(to));
            state.occupy(unit);
        }
        Event::Volley { .. } | Event::Resolved { .. } => {}
        Event::AttackDeclared {
            attacker,
            defender,
            span,
        } => {
            let charge = state
                .charges
                .iter()
                .any(|&(cavalry, target, _)| cavalry == attacker && target == defender);
            state.charges.retain(|&(cavalry, _, _)| cavalry != attacker);
            state.attacks.push(Attack {
                attacker,
                defender,
                span,
                resolved: false,
                negated: false,
                charge,
            });
        }
        Event::Supported {
            supporter,
            defender,
            attack,
        } => {
            let supports = if attack {
                &mut state.attack_supports
            } else {
                &mut state.defense_supports
            };
            supports.push((supporter, defender));
        }
        Event::Routed { unit, cause } => {
            state.vacate(unit);
            state.units[unit].status = Status::Routed;
            state.units[unit].cause = Some(cause);
        }
        Event::Slaughtered { unit, by } => {
            state.vacate(unit);
            state.units[unit].status = Status::Slaughtered;
            state.units[unit].slaughter = Some(by as u16);
            state.units[by].slaughter = Some(unit as u16);
            state.slaughter = None;
        }
        Event::SideTurnBegun { turn, side } => {
            state.first_side.get_or_insert(side);
            state.acting = Some(side);
            state.turn = turn;
            state.phase = None;
            state.side_turns += 1;
            state.moved.iter_mut().for_each(|m| *m = false);
            state.units.iter_mut().for_each(|u| u.acted = false);
        }
        Event::PhaseBegun { phase } => {
            state.phase = Some(phase);
            state.units.iter_mut().for_each(|u| u.acted = false);
        }
        Event::Acted { unit } => state.units[unit].acted = true,
        Event::MovementTaken { unit } => state.moved[unit] = true,
        Event::ReactionOwed { owed } => state.owed.push(owed),
        Event::Answered { unit, verb } => {
            if verb == Verb::Rout {
                state.owed.retain(|o| !o.by(unit));
            } else if let Some(index) = state
                .owed
                .iter()
                .position(|o| o.by(unit) && o.choices.contains(&verb))
            {
                state.owed.remove(index);
            }
        }
        Event::ReactionsLapsed => state.owed.clear(),
        Event::Defending { unit } => state.defending.push(unit),
        Event::AttackNegated { attacker, defender } => {
            if let Some(attack) = state
                .attacks
                .iter_mut()
                .rev()
                .find(|a| a.attacker == attacker && a.defender == defender && !a.resolved)
            {
                attack.negated = true;
            }
        }
        Event::AttackSettled { attacker, defender } => {
            if let Some(attack) = state
                .attacks
                .iter_mut()
                .find(|a| a.attacker == attacker && a.defender == defender && !a.resolved)
            {
                attack.resolved = true;
            }
        }
        Event::ChargeCommitted {
            cavalry,
            target,
            span,
        } => state.charges.push((cavalry, target, span)),
        Event::CombatBegun {
            attacker,
            defender,
            charge,
        } => state.combat = Some((attacker, defender, charge)),
        Event::SlaughterPending { unit } => state.slaughter = Some(unit),
        Event::Pursuing { unit } => {
            state.vacate(unit);
            state.units[unit].status = Status::Pursuing;
        }
        Event::CombatCleared => {
            state.attacks.clear();
            state.charges.clear();
            state.attack_supports.clear();
            state.defense_supports.clear();
            state.defending.clear();
            state.combat = None;
            state.slaughter = None;
        }
    }
}

/// A cell as its CCRR number, for compact serialised events.
pub fn label(cell: senlac_notation::value::Cell) -> u16 {
    u16::from(cell.column) * 100 + u16::from(cell.row)
}

/// The hexes a move passed through, start and end included, without allocating:
/// the longest move (a charge) enters six hexes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Path {
    cells: [u16; 7],
    len: u8,
}

impl Path {
    /// Adds a hex; a path longer than seven keeps its first seven.
    pub fn push(&mut self, cell: u16) {
        if usize::from(self.len) < self.cells.len() {
            self.cells[usize::from(self.len)] = cell;
            self.len += 1;
        }
    }

    pub fn cells(&self) -> &[u16] {
        &self.cells[..usize::from(self.len)]
    }
}

impl Serialize for Path {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.cells())
    }
}

/// An event as exported: versioned by its field names, separate from
/// [`Event`] so the engine's types can change without changing the format.
/// Units are `SIDE ID` (`"Saxons VI"`), cells CCRR labels (`"0514"`), verbs,
/// phases and causes their words; `span` is the byte range `[start, end]` of
/// the action in the log, which the state keeps for later diagnostics.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Wire {
    Deployed {
        unit: String,
        at: String,
    },
    Spent {
        unit: String,
        command_points: u8,
    },
    Damaged {
        unit: String,
        damage: u8,
    },
    Moved {
        unit: String,
        from: String,
        to: String,
        charge: bool,
        path: Vec<String>,
    },
    Volley {
        archer: String,
        target: String,
    },
    AttackDeclared {
        attacker: String,
        defender: String,
        span: [u32; 2],
    },
    Supported {
        supporter: String,
        defender: String,
        attack: bool,
    },
    Resolved {
        attacker: String,
        defender: String,
        attack: u32,
        defense: u32,
        loser: String,
    },
    Routed {
        unit: String,
        cause: String,
    },
    Slaughtered {
        unit: String,
        by: String,
    },
    SideTurnBegun {
        turn: u32,
        side: String,
    },
    PhaseBegun {
        phase: String,
    },
    Acted {
        unit: String,
    },
    MovementTaken {
        unit: String,
    },
    ReactionOwed {
        /// Any one of them may answer.
        units: Vec<String>,
        choices: Vec<String>,
        span: [u32; 2],
        /// For a pursuit: the hex the disengaging unit left.
        vacated: Option<String>,
    },
    Answered {
        unit: String,
        verb: String,
    },
    ReactionsLapsed,
    Defending {
        unit: String,
    },
    AttackNegated {
        attacker: String,
        defender: String,
    },
    AttackSettled {
        attacker: String,
        defender: String,
    },
    ChargeCommitted {
        cavalry: String,
        target: String,
        span: [u32; 2],
    },
    CombatBegun {
        attacker: String,
        defender: String,
        charge: bool,
    },
    SlaughterPending {
        unit: String,
    },
    Pursuing {
        unit: String,
    },
    CombatCleared,
}

fn span_of(span: Span) -> [u32; 2] {
    [span.start, span.end]
}

fn cell_text(label: u16) -> String {
    Cell::from_number(label).to_string()
}

/// An event as exported; only `state`'s roster is read.
pub fn wire(state: &State, event: &Event) -> Wire {
    let unit = |unit: usize| state.name(unit);
    match *event {
        Event::Deployed { unit: u, hex } => Wire::Deployed {
            unit: unit(u),
            at: cell_text(hex),
        },
        Event::Spent {
            unit: u,
            command_points,
        } => Wire::Spent {
            unit: unit(u),
            command_points,
        },
        Event::Damaged { unit: u, damage } => Wire::Damaged {
            unit: unit(u),
            damage,
        },
        Event::Moved {
            unit: u,
            from,
            to,
            charge,
            path,
        } => Wire::Moved {
            unit: unit(u),
            from: cell_text(from),
            to: cell_text(to),
            charge,
            path: path.cells().iter().map(|&c| cell_text(c)).collect(),
        },
        Event::Volley { archer, target } => Wire::Volley {
            archer: unit(archer),
            target: unit(target),
        },
        Event::AttackDeclared {
            attacker,
            defender,
            span,
        } => Wire::AttackDeclared {
            attacker: unit(attacker),
            defender: unit(defender),
            span: span_of(span),
        },
        Event::Supported {
            supporter,
            defender,
            attack,
        } => Wire::Supported {
            supporter: unit(supporter),
            defender: unit(defender),
            attack,
        },
        Event::Resolved {
            attacker,
            defender,
            attack,
            defense,
            loser,
        } => Wire::Resolved {
            attacker: unit(attacker),
            defender: unit(defender),
            attack,
            defense,
            loser: unit(loser),
        },
        Event::Routed { unit: u, cause } => Wire::Routed {
            unit: unit(u),
            cause: cause.word().to_string(),
        },
        Event::Slaughtered { unit: u, by } => Wire::Slaughtered {
            unit: unit(u),
            by: unit(by),
        },
        Event::SideTurnBegun { turn, side } => Wire::SideTurnBegun {
            turn,
            side: state.roster.sides[side].to_string(),
        },
        Event::PhaseBegun { phase } => Wire::PhaseBegun {
            phase: phase.word().to_string(),
        },
        Event::Acted { unit: u } => Wire::Acted { unit: unit(u) },
        Event::MovementTaken { unit: u } => Wire::MovementTaken { unit: unit(u) },
        Event::ReactionOwed { owed } => Wire::ReactionOwed {
            units: owed.units.iter().flatten().map(|&u| unit(u)).collect(),
            choices: owed.choices.iter().map(|v| v.word().to_string()).collect(),
            span: span_of(owed.span),
            vacated: owed.vacated.map(|c| c.to_string()),
        },
        Event::Answered { unit: u, verb } => Wire::Answered {
            unit: unit(u),
            verb: verb.word().to_string(),
        },
        Event::ReactionsLapsed => Wire::ReactionsLapsed,
        Event::Defending { unit: u } => Wire::Defending { unit: unit(u) },
        Event::AttackNegated { attacker, defender } => Wire::AttackNegated {
            attacker: unit(attacker),
            defender: unit(defender),
        },
        Event::AttackSettled { attacker, defender } => Wire::AttackSettled {
            attacker: unit(attacker),
            defender: unit(defender),
        },
        Event::ChargeCommitted {
            cavalry,
            target,
            span,
        } => Wire::ChargeCommitted {
            cavalry: unit(cavalry),
            target: unit(target),
            span: span_of(span),
        },
        Event::CombatBegun {
            attacker,
            defender,
            charge,
        } => Wire::CombatBegun {
            attacker: unit(attacker),
            defender: unit(defender),
            charge,
        },
        Event::SlaughterPending { unit: u } => Wire::SlaughterPending { unit: unit(u) },
        Event::Pursuing { unit: u } => Wire::Pursuing { unit: unit(u) },
        Event::CombatCleared => Wire::CombatCleared,
    }
}

/// An exported event read back against `state`'s roster; `None` if it names
/// a unit, side, cell or word the roster or the rules do not know.
pub fn unwire(state: &State, wire: &Wire) -> Option<Event> {
    let roster = &state.roster;
    // `SIDE ID`, matched without allocating.
    let unit = |text: &str| {
        roster.units.iter().position(|u| {
            text.strip_prefix(roster.sides[u.side].as_str())
                .and_then(|rest| rest.strip_prefix(' '))
                == Some(u.id.as_str())
        })
    };
    let cell = |text: &str| Cell::parse(text);
    let span = |[start, end]: [u32; 2]| Span { start, end };
    Some(match wire {
        Wire::Deployed { unit: u, at } => Event::Deployed {
            unit: unit(u)?,
            hex: cell(at)?.number(),
        },
        Wire::Spent {
            unit: u,
            command_points,
        } => Event::Spent {
            unit: unit(u)?,
            command_points: *command_points,
        },
        Wire::Damaged { unit: u, damage } => Event::Damaged {
            unit: unit(u)?,
            damage: *damage,
        },
        Wire::Moved {
            unit: u,
            from,
            to,
            charge,
            path,
        } => {
            let mut route = Path::default();
            for text in path {
                route.push(cell(text)?.number());
            }
            Event::Moved {
                unit: unit(u)?,
                from: cell(from)?.number(),
                to: cell(to)?.number(),
                charge: *charge,
                path: route,
            }
        }
        Wire::Volley { archer, target } => Event::Volley {
            archer: unit(archer)?,
            target: unit(target)?,
        },
        Wire::AttackDeclared {
            attacker,
            defender,
            span: at,
        } => Event::AttackDeclared {
            attacker: unit(attacker)?,
            defender: unit(defender)?,
            span: span(*at),
        },
        Wire::Supported {
            supporter,
            defender,
            attack,
        } => Event::Supported {
            supporter: unit(supporter)?,
            defender: unit(defender)?,
            attack: *attack,
        },
        Wire::Resolved {
            attacker,
            defender,
            attack,
            defense,
            loser,
        } => Event::Resolved {
            attacker: unit(attacker)?,
            defender: unit(defender)?,
            attack: *attack,
            defense: *defense,
            loser: unit(loser)?,
        },
        Wire::Routed { unit: u, cause } => Event::Routed {
            unit: unit(u)?,
            cause: Cause::parse(cause)?,
        },
        Wire::Slaughtered { unit: u, by } => Event::Slaughtered {
            unit: unit(u)?,
            by: unit(by)?,
        },
        Wire::SideTurnBegun { turn, side } => Event::SideTurnBegun {
            turn: *turn,
            side: roster.side_index(side)?,
        },
        Wire::PhaseBegun { phase } => Event::PhaseBegun {
            phase: Phase::parse(phase)?,
        },
        Wire::Acted { unit: u } => Event::Acted { unit: unit(u)? },
        Wire::MovementTaken { unit: u } => Event::MovementTaken { unit: unit(u)? },
        Wire::ReactionOwed {
            units,
            choices,
            span: at,
            vacated,
        } => {
            let mut slots = [None; 4];
            if units.len() > slots.len() {
                return None;
            }
            for (slot, text) in slots.iter_mut().zip(units) {
                *slot = Some(unit(text)?);
            }
            let verbs: Vec<Verb> = choices
                .iter()
                .map(|word| Verb::parse(word))
                .collect::<Option<_>>()?;
            Event::ReactionOwed {
                owed: Owed {
                    units: slots,
                    choices: forced_choices(&verbs)?,
                    span: span(*at),
                    vacated: match vacated {
                        Some(text) => Some(cell(text)?),
                        None => None,
                    },
                },
            }
        }
        Wire::Answered { unit: u, verb } => Event::Answered {
            unit: unit(u)?,
            verb: Verb::parse(verb)?,
        },
        Wire::ReactionsLapsed => Event::ReactionsLapsed,
        Wire::Defending { unit: u } => Event::Defending { unit: unit(u)? },
        Wire::AttackNegated { attacker, defender } => Event::AttackNegated {
            attacker: unit(attacker)?,
            defender: unit(defender)?,
        },
        Wire::AttackSettled { attacker, defender } => Event::AttackSettled {
            attacker: unit(attacker)?,
            defender: unit(defender)?,
        },
        Wire::ChargeCommitted {
            cavalry,
            target,
            span: at,
        } => Event::ChargeCommitted {
            cavalry: unit(cavalry)?,
            target: unit(target)?,
            span: span(*at),
        },
        Wire::CombatBegun {
            attacker,
            defender,
            charge,
        } => Event::CombatBegun {
            attacker: unit(attacker)?,
            defender: unit(defender)?,
            charge: *charge,
        },
        Wire::SlaughterPending { unit: u } => Event::SlaughterPending { unit: unit(u)? },
        Wire::Pursuing { unit: u } => Event::Pursuing { unit: unit(u)? },
        Wire::CombatCleared => Event::CombatCleared,
    })
}

/// The catalog's set of choices a forced reaction offers, as the state keeps
/// it: every reaction play demands is one the catalog lists.
fn forced_choices(verbs: &[Verb]) -> Option<&'static [Verb]> {
    super::catalog::CATALOG
        .iter()
        .flat_map(|entry| entry.forces)
        .map(|forced| forced.choices)
        .find(|choices| *choices == verbs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mass_combat::setup::setup;
    use crate::mass_combat::tables::Edition;

    fn hastings() -> State {
        let text = include_str!("../../../../samples/hastings.sbn");
        let archive = senlac_notation::parse(text);
        setup(Edition::A, &archive.battles[0], &mut Vec::new()).fold(apply)
    }

    /// The variant's name; exhaustive, so a new variant must be added here
    /// and then to [`one_of_each`].
    fn variant(event: &Event) -> &'static str {
        match event {
            Event::Deployed { .. } => "deployed",
            Event::Spent { .. } => "spent",
            Event::Damaged { .. } => "damaged",
            Event::Moved { .. } => "moved",
            Event::Volley { .. } => "volley",
            Event::AttackDeclared { .. } => "attack-declared",
            Event::Supported { .. } => "supported",
            Event::Resolved { .. } => "resolved",
            Event::Routed { .. } => "routed",
            Event::Slaughtered { .. } => "slaughtered",
            Event::SideTurnBegun { .. } => "side-turn-begun",
            Event::PhaseBegun { .. } => "phase-begun",
            Event::Acted { .. } => "acted",
            Event::MovementTaken { .. } => "movement-taken",
            Event::ReactionOwed { .. } => "reaction-owed",
            Event::Answered { .. } => "answered",
            Event::ReactionsLapsed => "reactions-lapsed",
            Event::Defending { .. } => "defending",
            Event::AttackNegated { .. } => "attack-negated",
            Event::AttackSettled { .. } => "attack-settled",
            Event::ChargeCommitted { .. } => "charge-committed",
            Event::CombatBegun { .. } => "combat-begun",
            Event::SlaughterPending { .. } => "slaughter-pending",
            Event::Pursuing { .. } => "pursuing",
            Event::CombatCleared => "combat-cleared",
        }
    }

    fn one_of_each() -> Vec<Event> {
        let span = Span { start: 12, end: 40 };
        let mut path = Path::default();
        for cell in [505, 506, 507] {
            path.push(cell);
        }
        vec![
            Event::Deployed { unit: 2, hex: 604 },
            Event::Spent {
                unit: 3,
                command_points: 2,
            },
            Event::Damaged { unit: 4, damage: 1 },
            Event::Moved {
                unit: 10,
                from: 505,
                to: 507,
                charge: true,
                path,
            },
            Event::Volley {
                archer: 9,
                target: 5,
            },
            Event::AttackDeclared {
                attacker: 12,
                defender: 6,
                span,
            },
            Event::Supported {
                supporter: 13,
                defender: 6,
                attack: true,
            },
            Event::Resolved {
                attacker: 12,
                defender: 6,
                attack: 7,
                defense: 5,
                loser: 6,
            },
            Event::Routed {
                unit: 6,
                cause: Cause::Combat,
            },
            Event::Slaughtered { unit: 6, by: 12 },
            Event::SideTurnBegun { turn: 2, side: 1 },
            Event::PhaseBegun {
                phase: Phase::DefenseDeclarations,
            },
            Event::Acted { unit: 0 },
            Event::MovementTaken { unit: 15 },
            Event::ReactionOwed {
                owed: Owed {
                    units: [Some(2), Some(7), None, None],
                    choices: &[Verb::Pursue, Verb::AllowDisengagement],
                    span,
                    vacated: Some(Cell::from_number(1203)),
                },
            },
            Event::Answered {
                unit: 2,
                verb: Verb::Pursue,
            },
            Event::ReactionsLapsed,
            Event::Defending { unit: 8 },
            Event::AttackNegated {
                attacker: 11,
                defender: 1,
            },
            Event::AttackSettled {
                attacker: 11,
                defender: 1,
            },
            Event::ChargeCommitted {
                cavalry: 14,
                target: 7,
                span,
            },
            Event::CombatBegun {
                attacker: 14,
                defender: 7,
                charge: true,
            },
            Event::SlaughterPending { unit: 7 },
            Event::Pursuing { unit: 14 },
            Event::CombatCleared,
        ]
    }

    #[test]
    fn every_event_round_trips_through_json() {
        crate::wire_check::round_trips(&hastings(), one_of_each(), 25, variant, wire, unwire);
    }

    #[test]
    fn units_and_cells_are_named() {
        let state = hastings();
        let moved = wire(&state, &one_of_each()[3]);
        let json = serde_json::to_value(&moved).unwrap();
        assert_eq!(json["unit"], "Normans II");
        assert_eq!(json["path"], serde_json::json!(["0505", "0506", "0507"]));
        let unknown = Wire::Acted {
            unit: "Saxons XX".to_string(),
        };
        assert_eq!(unwire(&state, &unknown), None);
    }
}
