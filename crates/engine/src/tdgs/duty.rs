//! What a unit was obliged to do in an activation that took no Action
//! (ORDERS-4, -7, -8, ROUT-1, CORNERED-1, TURN-7): asked when an activation
//! closes, and for each activation a round leaves out.

use senlac_board::Cell;
use senlac_board::footprint::{self, Footprint};

use super::morale::{escape_route, is_surrounded, may_stop, movement_cost_map};
use super::play::{cover_of, in_sight};
use super::state::{State, Status};
use super::tables::{self, Order, Weapon};

/// An obligation left unmet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Duty {
    /// Routed with an escape route: its activation is its flight (ROUT-1).
    Flee,
    /// Routed with none: the cornered check (CORNERED-1).
    Cornered,
    /// Under Attack or Charge with a nearest enemy in reach (ORDERS-4, -7).
    Engage { enemy: usize },
    /// Under Attack with a nearest enemy in its weapon's range and sight.
    Shoot { enemy: usize },
    /// Under Attack or Charge, out of reach: a move along `path` (the
    /// anchors entered, within MOV) ends `gap` from a nearest enemy,
    /// against `from_gap` now.
    Advance {
        path: Vec<Cell>,
        gap: u32,
        from_gap: u32,
    },
    /// Under Retreat, not surrounded: a move along `path` ends farther from
    /// every nearest enemy (ORDERS-8).
    Retreat { path: Vec<Cell> },
}

/// The duty `unit` left unmet in an activation that took no Action, after
/// opening `start_gap` from a nearest enemy (`None` for an activation left
/// out, judged where the unit stands). A unit out of reach that got nearer
/// by its Step owes nothing more; heroes take no orders and never rout.
pub fn unmet(state: &State, unit: usize, start_gap: Option<u32>) -> Option<Duty> {
    if !state.is_unit(unit) || !state.on_board(unit) {
        return None;
    }
    let entity = state.entities.get(unit)?;
    if entity.status == Status::Routed {
        return Some(if escape_route(state, unit) {
            Duty::Flee
        } else {
            Duty::Cornered
        });
    }
    if entity.status != Status::Active {
        return None;
    }
    let gap = state.nearest_enemy_gap(unit)?;
    match entity.order {
        // An enemy within reach is attacked; out of reach, the unit closes
        // in: a Step nearer meets that, else a move nearer is owed.
        Some(Order::Attack | Order::Charge) => {
            attack_within_reach(state, unit, gap).or_else(|| {
                if start_gap.is_some_and(|before| gap < before) {
                    None
                } else {
                    advance(state, unit, gap)
                }
            })
        }
        // A surrounded unit's Retreat is suspended: it fights as under
        // Attack, without moving (ORDERS-8).
        Some(Order::Retreat) if is_surrounded(state, unit) => attack_within_reach(state, unit, gap),
        Some(Order::Retreat) => retreat(state, unit, gap),
        _ => None,
    }
}

/// A nearest enemy `unit` can attack from where it stands: in melee reach
/// (Near for a reach weapon), or in its missile weapon's range, in sight
/// and not all in full cover.
fn attack_within_reach(state: &State, unit: usize, gap: u32) -> Option<Duty> {
    let weapon = state.info(unit)?.weapon;
    let reach = if weapon == Weapon::Reach { 4 } else { 1 };
    let nearest = (0..state.entities.len())
        .filter(|&e| state.enemies(unit, e) && state.on_board(e))
        .filter(|&e| state.distance(unit, e) == Some(gap));
    let missile = matches!(weapon, Weapon::Thrown | Weapon::Ranged | Weapon::Long);
    nearest
        .filter_map(|enemy| {
            if gap <= reach {
                Some(Duty::Engage { enemy })
            } else if missile
                && tables::shot_penalty(weapon, gap).is_some()
                && in_sight(state, unit, enemy)
                && cover_of(state, unit, enemy).is_some()
            {
                Some(Duty::Shoot { enemy })
            } else {
                None
            }
        })
        .next()
}

/// Every anchor `unit` can reach with a move and stop at, with the
/// footprint it would have there, cheapest first (then by cell), and the
/// map of routes to them.
fn stops(state: &State, unit: usize) -> (Vec<(Cell, Footprint)>, Option<footprint::CostMap>) {
    let (Some(from), Some(info)) = (state.footprint(unit), state.info(unit)) else {
        return (Vec::new(), None);
    };
    let mov = u32::try_from(info.stats.mov).unwrap_or(0);
    let map = footprint::reachable(
        from,
        state.roster.extent(),
        mov,
        movement_cost_map(state, unit),
    );
    let mut reached: Vec<(u32, Cell)> = map
        .reached()
        .filter(|&(anchor, _)| anchor != from.anchor && may_stop(state, unit, anchor))
        .map(|(anchor, cost)| (cost, anchor))
        .collect();
    reached.sort_unstable();
    let stops = reached
        .into_iter()
        .map(|(_, anchor)| (anchor, from.moved_to(anchor)))
        .collect();
    (stops, Some(map))
}

/// The enemies of `unit` on the board, by footprint.
fn enemy_footprints(state: &State, unit: usize) -> Vec<Footprint> {
    (0..state.entities.len())
        .filter(|&e| state.enemies(unit, e) && state.on_board(e))
        .filter_map(|e| state.footprint(e))
        .collect()
}

/// The move that ends nearest an enemy (the cheapest such), if nearer
/// than `gap`.
fn advance(state: &State, unit: usize, gap: u32) -> Option<Duty> {
    let enemies = enemy_footprints(state, unit);
    let (stops, map) = stops(state, unit);
    let (nearer, to) = stops
        .into_iter()
        .filter_map(|(anchor, at)| {
            let nearest = enemies.iter().map(|&e| footprint::gap(at, e)).min()?;
            (nearest < gap).then_some((nearest, anchor))
        })
        .min_by_key(|&(nearest, _)| nearest)?;
    Some(Duty::Advance {
        path: map?.route(to)?,
        gap: nearer,
        from_gap: gap,
    })
}

/// A square a retreat reaches farther from every nearest enemy.
fn retreat(state: &State, unit: usize, gap: u32) -> Option<Duty> {
    let from = state.footprint(unit)?;
    let nearest: Vec<Footprint> = enemy_footprints(state, unit)
        .into_iter()
        .filter(|&e| footprint::gap(from, e) == gap)
        .collect();
    let (stops, map) = stops(state, unit);
    let (to, _) = stops
        .into_iter()
        .find(|&(_, at)| nearest.iter().all(|&e| footprint::gap(at, e) > gap))?;
    Some(Duty::Retreat {
        path: map?.route(to)?,
    })
}
