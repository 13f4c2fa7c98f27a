//! TDGS Mass Combat's events: every change to a [`State`], and [`apply`],
//! the one function that makes it. Play checks a line and emits these; the
//! timeline is their fold, and pictures and the report read what happened
//! from the same events (a roll's die and total, a path's squares).

use senlac_board::Cell;

use super::state::{Link, OtherHp, Owed, Rout, State, Status};
use super::tables::{Order, Trigger};
use crate::reuse::Path;
use crate::tdgs::state::{AttackKind, Triggers};

/// What a d20 decided, kept for the picture and the report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Roll {
    pub die: i32,
    /// The die plus every modifier: what is compared with 11.
    pub total: i32,
    pub success: bool,
}

/// Which check a unit or commander rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckKind {
    Morale(Triggers),
    Cornered,
    /// A commander's rally of `unit`.
    Rally {
        unit: usize,
    },
}

/// One change to the state.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The setup puts `entity` on the map, its footprint anchored at `anchor`.
    Deployed { entity: usize, anchor: Cell },
    /// Round `n` begins: per-round flags clear, no activation is open.
    RoundStarted(u32),
    /// A turn line names `side`: its entities' labels follow.
    SideTurn { side: usize },
    /// `entity`'s activation opens (TURN-8): its charge modifiers end and a
    /// pending order takes effect.
    ActivationOpened { entity: usize },
    /// The open activation ends (at the next label or turn line).
    ActivationClosed,
    /// The open activation spent its Action or its Step (ACTIONS-1).
    Spent { action: bool, step: bool },
    /// A line of the open activation was refused: it meant to act, so what
    /// the unit's order obliged is not asked of it too (one mistake, one
    /// error).
    Refused,
    /// The log's order among entities tied on REF and LUK grew by one.
    TieOrdered { entity: usize },
    /// `entity` ended its activation with `delay` (TURN-9).
    Delayed { entity: usize },
    /// `entity` went from anchor `from` along `path` (the anchor cells
    /// entered, the last its new anchor).
    Moved {
        entity: usize,
        from: Cell,
        path: Path,
    },
    /// An attack was rolled: `damage` taken on a hit.
    Attacked {
        attacker: usize,
        target: usize,
        kind: AttackKind,
        roll: Roll,
        damage: i32,
    },
    /// `entity`'s hit points are now `hp`.
    Hp { entity: usize, hp: i32 },
    /// `entity`'s HP while a wrong `hp=` claim disputes them, and the
    /// account not followed (TDGS-R54): a refused line's claim taken as
    /// written, the HP worked out the other; damage lowering both; or a
    /// later claim settling the dispute (`other` none).
    HpClaimed {
        entity: usize,
        hp: i32,
        other: Option<OtherHp>,
    },
    /// `entity`'s status is now `status` (a removal included).
    Status { entity: usize, status: Status },
    /// A check was rolled (morale, cornered, rally).
    Checked {
        entity: usize,
        kind: CheckKind,
        roll: Roll,
    },
    /// `unit` broke (MORALE-4): routed, with what routed it.
    Routed { unit: usize, rout: Rout },
    /// `unit` is no longer routed: rallied (no activation left this round)
    /// or in last stand; either way under Attack.
    Recovered { unit: usize, rallied: bool },
    /// A rally was tried on `unit` this round (RALLY-4).
    RallyTried { unit: usize },
    /// `unit`'s last stand began (`true`) or ended for good (`false`).
    LastStand { unit: usize, on: bool },
    /// `unit`'s order: in force now, or pending until its next activation.
    Ordered {
        unit: usize,
        order: Order,
        pending: bool,
    },
    /// `unit`'s charge modifiers begin (ORDERS-7).
    Charging { unit: usize },
    /// `unit` is now under `link`, or uncontrolled.
    Commanded { unit: usize, link: Option<Link> },
    /// Once-per-battle triggers `unit` has spent (TRIGGERS-1, -2, -5).
    TriggersSpent { unit: usize, triggers: Triggers },
    /// `unit` has had its check for the loss of `commander`.
    CommanderLossChecked { unit: usize, commander: usize },
    /// `unit` has met the Terrifying `entity`.
    TerrorMet { unit: usize, entity: usize },
    /// `unit` spent its Unbreakable reroll (TDGS-R44).
    RerollUsed { unit: usize },
    /// Something is now owed.
    Owe(Owed),
    /// The owed item at this index was written (or declined).
    Paid(usize),
}

/// The one way a TDGS state changes.
pub fn apply(state: &mut State, event: &Event) {
    match event {
        Event::Deployed { entity, anchor } => {
            if let Some(e) = state.entities.get_mut(*entity) {
                e.anchor = Some(*anchor);
            }
        }
        Event::RoundStarted(n) => {
            state.round = *n;
            state.activation = None;
            state.last_opened = None;
            for entity in &mut state.entities {
                entity.round = Default::default();
            }
        }
        Event::SideTurn { side } => {
            state.turn_side = Some(*side);
            state.activation = None;
        }
        Event::ActivationOpened { entity } => {
            state.last_opened = Some(*entity);
            state.activation = Some(super::state::Activation {
                entity: *entity,
                action_used: false,
                step_used: false,
                // Only a unit's duties ask it (ORDERS-4); heroes take no orders.
                start_gap: if state.is_unit(*entity) {
                    state.nearest_enemy_gap(*entity)
                } else {
                    None
                },
                refused: false,
            });
            if let Some(e) = state.entities.get_mut(*entity) {
                e.round.activated = true;
                // A delayed entity's second opening is its last (TURN-9).
                e.round.delayed = false;
                e.charging = false;
                if let Some(order) = e.pending_order.take() {
                    e.order = Some(order);
                }
            }
        }
        Event::ActivationClosed => state.activation = None,
        Event::Spent { action, step } => {
            if let Some(open) = &mut state.activation {
                open.action_used |= action;
                open.step_used |= step;
            }
        }
        Event::Refused => {
            if let Some(open) = &mut state.activation {
                open.refused = true;
            }
        }
        Event::TieOrdered { entity } => {
            if !state.tie_order.contains(entity) {
                state.tie_order.push(*entity);
            }
        }
        Event::Delayed { entity } => {
            if let Some(e) = state.entities.get_mut(*entity) {
                e.round.delayed = true;
            }
            state.activation = None;
        }
        Event::Moved { entity, path, .. } => {
            if let (Some(e), Some(&to)) = (state.entities.get_mut(*entity), path.last()) {
                e.anchor = Some(to);
            }
        }
        Event::Attacked {
            attacker, target, ..
        } => {
            if !state.fought.contains(&(*attacker, *target)) {
                state.fought.push((*attacker, *target));
            }
        }
        Event::Checked { .. } => {}
        Event::Hp { entity, hp } => {
            if let Some(e) = state.entities.get_mut(*entity) {
                e.hp = *hp;
            }
        }
        Event::HpClaimed { entity, hp, other } => {
            if let Some(e) = state.entities.get_mut(*entity) {
                e.hp = *hp;
                e.hp_other = *other;
            }
        }
        Event::Status { entity, status } => {
            if let Some(e) = state.entities.get_mut(*entity) {
                e.status = *status;
                if status.removed() {
                    e.rout = None;
                    e.last_stand = false;
                    e.charging = false;
                }
            }
        }
        Event::Routed { unit, rout } => {
            if let Some(e) = state.entities.get_mut(*unit) {
                e.status = Status::Routed;
                e.rout = Some(*rout);
                e.order = None;
                e.pending_order = None;
                e.charging = false;
                e.last_stand = false;
            }
        }
        Event::Recovered { unit, rallied } => {
            if let Some(e) = state.entities.get_mut(*unit) {
                e.status = Status::Active;
                e.order = Some(Order::Attack);
                e.pending_order = None;
                if *rallied {
                    e.rout = None;
                    e.round.rallied = true;
                }
            }
        }
        Event::RallyTried { unit } => {
            if let Some(e) = state.entities.get_mut(*unit) {
                e.round.rally_attempted = true;
            }
        }
        Event::LastStand { unit, on } => {
            if let Some(e) = state.entities.get_mut(*unit) {
                e.last_stand = *on;
                if !on {
                    e.rout = None;
                }
            }
        }
        Event::Ordered {
            unit,
            order,
            pending,
        } => {
            if let Some(e) = state.entities.get_mut(*unit) {
                if *pending {
                    e.pending_order = Some(*order);
                } else {
                    e.order = Some(*order);
                    e.pending_order = None;
                }
            }
        }
        Event::Charging { unit } => {
            if let Some(e) = state.entities.get_mut(*unit) {
                e.charging = true;
            }
        }
        Event::Commanded { unit, link } => {
            if let Some(e) = state.entities.get_mut(*unit) {
                e.commander = *link;
            }
        }
        Event::TriggersSpent { unit, triggers } => {
            if let Some(e) = state.entities.get_mut(*unit) {
                e.spent = e.spent.union(*triggers);
            }
        }
        Event::CommanderLossChecked { unit, commander } => {
            state.commander_losses_checked.push((*unit, *commander));
        }
        Event::TerrorMet { unit, entity } => state.terrors_met.push((*unit, *entity)),
        Event::Owe(owed) => state.owed.push(*owed),
        Event::RerollUsed { unit } => state.rerolls_used.push(*unit),
        Event::Paid(index) => {
            if *index < state.owed.len() {
                state.owed.remove(*index);
            }
        }
    }
}

/// The once-per-battle triggers among `triggers` (TRIGGERS-1, -2, -5).
pub fn once_per_battle(triggers: Triggers) -> Triggers {
    [Trigger::Half, Trigger::Quarter, Trigger::Surrounded]
        .into_iter()
        .filter(|&t| triggers.contains(t))
        .fold(Triggers::NONE, Triggers::with)
}
