//! The events of a Feudal battle and the one function that applies them:
//! every change to [`State`] is one of these, so a replay, the export and
//! a picture all read the same story.

use senlac_board::table::{Aspect, Base};

use super::state::{Acted, Activation, Ended, Owed, Phase, PlayerTurn, Removed, State};

/// Why a unit took hits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// A shot of this unit (1.2).
    Shot { by: usize },
    /// A melee attack of this unit (3.2).
    Melee { by: usize },
    /// An impetuous charge that fell short (IC.1).
    Impetuous,
}

/// How a unit came to stand where it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motion {
    /// A move or turn of its activation (2.1–2.4, 2.9).
    Move,
    /// A charge into contact with `target` on its `side` (2.8C).
    Charge { target: usize, side: Aspect },
    /// A retreat (2.5).
    Retreat,
    /// Turned to face an attacker (2.6).
    Face { attacker: usize },
    /// Moved by another's action: conformed to a charger, or pushed to
    /// keep contact when its enemy faced it (2.6, 2.8C.f).
    Conform,
    /// Its marked front realigned (2.8C.f.mark, FO-R25).
    Realign,
}

/// One change to a Feudal battle.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The setup puts a unit on the table.
    Deployed { unit: usize, base: Base },
    /// `N. SIDE`: a player turn begins (closing the one before).
    TurnBegan { turn: u32, player: PlayerTurn },
    /// A phase begins; the phases before it are closed.
    PhaseBegan { phase: Phase },
    /// The initiative roll-off of a turn decided (IN.1–IN.3).
    Initiative { winner: usize },
    /// A unit's base goes from `from` to `to`, through `path` (the poses
    /// between: after a start turn, after the straight line), in one
    /// action.
    Moved {
        unit: usize,
        from: Base,
        path: Vec<Base>,
        to: Base,
        motion: Motion,
    },
    /// A flank serves as a unit's front (2.6, 2.8C.f), or none again.
    FrontMarked { unit: usize, front: Option<Aspect> },
    /// A unit shot (1.1–1.4): one more shot, in this phase.
    Shot { unit: usize, target: usize },
    /// A unit ran out of missiles (1.4, MS.1).
    OutOfMissiles { unit: usize },
    /// A unit attacked in melee (3.1).
    Attacked { unit: usize, target: usize },
    /// A unit took hits; `hits` is its total after them.
    Hit {
        unit: usize,
        took: u8,
        hits: u8,
        cause: Cause,
    },
    /// A unit passed its tired threshold (TU).
    Tired { unit: usize },
    /// The attacked marker placed on (`true`) or taken off a unit (1.3,
    /// 3.3, 4.2).
    Marker { unit: usize, on: bool },
    /// A unit rallied: its hits fall from `from` to `to` (4.1).
    Rallied { unit: usize, from: u8, to: u8 },
    /// A unit is removed (1.5, 3.4, IC.1); its side owes a morale roll.
    Removed { unit: usize },
    /// A personality moves to a unit, or leaves the field (`None`).
    Joined {
        personality: usize,
        host: Option<usize>,
    },
    /// A side's priest or Strategos used (PER.PR, PER.ST).
    PersonalityUsed { side: usize, strategos: bool },
    /// A force-morale roll written: the roll owed is paid; `routed` when it
    /// failed (FM.1).
    Morale { side: usize, routed: bool },
    // play
    /// A roll falls due: the initiative roll-off of a turn (IN.2, FO-R32).
    Owes { owed: Owed },
}

/// The one way a state changes.
pub fn apply(state: &mut State, event: &Event) {
    match *event {
        Event::Deployed { unit, base } => state.bases[unit] = Some(base),
        Event::TurnBegan { turn, player } => {
            for unit in &mut state.units {
                unit.this_turn = Acted::default();
            }
            if turn != state.turn {
                state.owed.retain(|o| !matches!(o, Owed::Initiative { .. }));
            }
            state.turn = turn;
            state.player = Some(player);
            state.phase = None;
        }
        Event::PhaseBegan { phase } => {
            state.phase = Some(phase);
            for unit in &mut state.units {
                if unit.this_turn.activation == Activation::Open {
                    unit.this_turn.activation = Activation::Closed;
                }
            }
        }
        Event::Initiative { winner } => {
            state.initiative = Some(winner);
            state.owed.retain(|o| !matches!(o, Owed::Initiative { .. }));
        }
        Event::Moved {
            unit,
            from,
            ref path,
            to,
            motion,
        } => {
            state.bases[unit] = Some(to);
            note_slots(&mut state.units[unit].this_turn, &from, path, &to, motion);
            let own = matches!(
                motion,
                Motion::Move | Motion::Charge { .. } | Motion::Retreat | Motion::Face { .. }
            );
            if own {
                let acted = &mut state.units[unit].this_turn;
                acted.moved = true;
                acted.activation = Activation::Open;
                // Opening one activation closes any other still open.
                for (i, other) in state.units.iter_mut().enumerate() {
                    if i != unit && other.this_turn.activation == Activation::Open {
                        other.this_turn.activation = Activation::Closed;
                    }
                }
            }
            if let Motion::Charge { target, .. } = motion {
                state.units[unit].this_turn.charged = true;
                let side = state.player.map_or(0, |p| p.side);
                state.units[target].charged_in = Some((state.turn, side));
            }
        }
        Event::FrontMarked { unit, front } => state.units[unit].marked_front = front,
        Event::Shot { unit, .. } => {
            let u = &mut state.units[unit];
            u.shots = u.shots.saturating_add(1);
            u.this_turn.shot = state.phase;
            // A phase-2 shot is part of its unit's activation (2.8S, FO-R26).
            if state.phase == Some(Phase::Move) {
                let acted = &mut state.units[unit].this_turn;
                acted.shot_after_moving = acted.moved;
                acted.activation = Activation::Open;
                for (i, other) in state.units.iter_mut().enumerate() {
                    if i != unit && other.this_turn.activation == Activation::Open {
                        other.this_turn.activation = Activation::Closed;
                    }
                }
            }
        }
        Event::OutOfMissiles { unit } => state.units[unit].out_of_missiles = true,
        Event::Attacked { unit, .. } => state.units[unit].this_turn.meleed = true,
        Event::Hit { unit, hits, .. } => state.units[unit].hits = hits,
        Event::Tired { unit } => state.units[unit].tired = true,
        Event::Marker { unit, on } => state.units[unit].attacked = on,
        Event::Rallied { unit, to, .. } => {
            state.units[unit].hits = to;
            state.units[unit].this_turn.rallied = true;
        }
        Event::Removed { unit } => {
            let side = state.roster.units[unit].side;
            state.units[unit].removed = Some(Removed {
                turn: state.turn,
                side: state.player.map_or(side, |p| p.side),
                phase: state.phase,
            });
            state.units[unit].last_base = state.bases[unit];
            state.bases[unit] = None;
            if let Some(lost) = state.lost.get_mut(side) {
                *lost = lost.saturating_add(1);
            }
            // Its personalities leave the field with it (PER).
            for host in &mut state.hosts {
                if *host == Some(unit) {
                    *host = None;
                }
            }
            if state.roster.options.has(super::options::Opt::ForceMorale) {
                state.owed.push(Owed::Morale { side });
            }
        }
        Event::Joined { personality, host } => state.hosts[personality] = host,
        Event::PersonalityUsed { side, strategos } => {
            let used = if strategos {
                &mut state.strategos_used
            } else {
                &mut state.priest_used
            };
            if let Some(used) = used.get_mut(side) {
                *used = true;
            }
        }
        Event::Owes { owed } => state.owed.push(owed),
        Event::Morale { side, routed } => {
            if let Some(i) = (state.owed.iter()).position(|o| *o == Owed::Morale { side }) {
                state.owed.remove(i);
            }
            if routed && state.ended.is_none() {
                state.ended = Some(Ended {
                    routed: side,
                    turn: state.turn,
                });
            }
        }
    }
}

/// Which of an activation's slots a move filled (2.4, FO-R13): a move's
/// path is the pose after its start turn, then after its straight line;
/// a pure turn is the start turn until the unit has moved straight.
fn note_slots(acted: &mut Acted, from: &Base, path: &[Base], to: &Base, motion: Motion) {
    match motion {
        Motion::Move => {
            let moved = from.centre.distance(to.centre) > 1e-9;
            if moved {
                let turned = path.first().unwrap_or(from);
                let line = path.last().unwrap_or(to);
                acted.start_turned |= turned.facing != from.facing;
                acted.end_turned |= to.facing != line.facing;
                acted.straight = true;
            } else if to.facing != from.facing {
                if acted.straight {
                    acted.end_turned = true;
                } else {
                    acted.start_turned = true;
                }
            }
        }
        Motion::Charge { .. } | Motion::Retreat | Motion::Face { .. } => acted.finished = true,
        Motion::Conform | Motion::Realign => {}
    }
}
