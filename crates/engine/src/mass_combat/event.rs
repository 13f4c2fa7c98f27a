//! Mass Combat's typed events: every change play makes to the state.
//!
//! Play checks a step and emits events through the fold; [`apply`] is the one
//! place the state changes, so the timeline keeps, beside every state, the
//! events that led to it: the material of diffs, reports, the arrows of a
//! rendered frame, and of rebuilding any state from the setup.

use senlac_notation::Span;
use serde::Serialize;

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
        Event::Moved { unit, to, .. } => state.units[unit].hex = Some(Cell::from_number(to)),
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
            state.units[unit].status = Status::Routed;
            state.units[unit].cause = Some(cause);
        }
        Event::Slaughtered { unit, by } => {
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
        Event::Pursuing { unit } => state.units[unit].status = Status::Pursuing,
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

/// TEMPORARY wire form until the wire types are written.
pub type Wire = serde_json::Value;

/// TEMPORARY: an event as exported.
pub fn wire(_state: &super::State, event: &Event) -> Wire {
    serde_json::to_value(event).unwrap_or_default()
}

/// TEMPORARY: not read back yet.
pub fn unwire(_state: &super::State, _wire: &Wire) -> Option<Event> {
    None
}
