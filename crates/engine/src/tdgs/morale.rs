//! TDGS Mass Combat's morale as pure functions over the [`State`]: which
//! checks a line makes owed (TRIGGERS-1..7), the cascade a break starts and
//! the order of the pending set (CASCADE-1..3), and where a routed unit
//! runs, whether it can, and whether a `flee` path does (ROUT-2..4,
//! CORNERED-2). Play calls them after every line (spec 1.2, RESOLVE-OWED)
//! and turns their answers into events; nothing here changes a state.

use arrayvec::ArrayVec;
use senlac_board::footprint::{self, CostGrid, Footprint, PathError};
use senlac_board::square::{self, Adjacency};
use senlac_board::{Cell, Extent};
use senlac_notation::Span;
use smallvec::SmallVec;

use super::state::{Edge, EntityState, MoraleCheck, State, Status, Triggers};
use super::tables::Trigger;

// ---------------------------------------------------------------- movement

/// The cost for `mover` to enter a square (POSITION-4, TDGS-R9): its
/// ground's step cost; `None` for blocking terrain, off the map, or a
/// square of an enemy on the board. Friends' squares may be crossed (where
/// a path may end is [`may_stop`]'s question).
pub fn movement_cost(state: &State, mover: usize) -> impl Fn(Cell) -> Option<u32> + '_ {
    // Asked once per square of the map by a search: gather the enemies once.
    let enemies: SmallVec<[Footprint; 16]> = (0..state.entities.len())
        .filter(|&other| state.enemies(mover, other) && state.on_board(other))
        .filter_map(|other| state.footprint(other))
        .collect();
    move |cell| {
        let cost = state.roster.ground_at(cell)?.step_cost()?;
        (!enemies.iter().any(|f| f.contains(cell))).then_some(cost)
    }
}

/// [`movement_cost`] for a search, which reads every square of the map:
/// each square's ground cost taken straight from the roster, and the
/// enemies' squares blocked once, instead of a call per square testing it
/// against each enemy. [`movement_cost`] stays for the few squares of one
/// step or path.
pub fn movement_cost_map(state: &State, mover: usize) -> CostGrid {
    let roster = &state.roster;
    let mut grid =
        CostGrid::from_squares(roster.extent(), roster.ground.iter().map(|g| g.step_cost()));
    for other in 0..state.entities.len() {
        if !(state.enemies(mover, other) && state.on_board(other)) {
            continue;
        }
        for cell in state
            .footprint(other)
            .into_iter()
            .flat_map(Footprint::cells)
        {
            grid.block(cell);
        }
    }
    grid
}

/// `mover`'s footprint at `anchor`, whether or not it is deployed.
fn footprint_at(state: &State, mover: usize, anchor: Cell) -> Option<Footprint> {
    let info = state.info(mover)?;
    Some(Footprint::new(anchor, info.width, info.height))
}

/// Whether `mover` may end a move with its anchor at `anchor` (POSITION-4):
/// its whole footprint on the map, overlapping no other entity on the
/// board.
pub fn may_stop(state: &State, mover: usize, anchor: Cell) -> bool {
    footprint_at(state, mover, anchor).is_some_and(|at| stands_free(state, mover, at))
}

fn stands_free(state: &State, mover: usize, at: Footprint) -> bool {
    at.fits(state.roster.extent())
        && (0..state.entities.len())
            .filter(|&other| other != mover && state.on_board(other))
            .filter_map(|other| state.footprint(other))
            .all(|other| !other.overlaps(at))
}

/// The enemy of `unit` on the board nearest to it (POSITION-2), the lowest
/// roster index among equals; `None` when it is not deployed or has no
/// enemy on the board.
pub fn nearest_enemy(state: &State, unit: usize) -> Option<usize> {
    (0..state.entities.len())
        .filter(|&other| state.enemies(unit, other) && state.on_board(other))
        .filter_map(|other| Some((state.distance(unit, other)?, other)))
        .min()
        .map(|(_, other)| other)
}

/// A stat that moves as a count of MOV: negative stats count as 0.
fn mov_of(state: &State, unit: usize) -> u32 {
    state
        .info(unit)
        .map_or(0, |i| u32::try_from(i.stats.mov).unwrap_or(0))
}

// ---------------------------------------------------------------- triggers

/// What [`triggers_after`] found: the checks owed, the triggers spent
/// without a check, and the once-per-battle sets that grow. Play records
/// every spent trigger (`EntityState::spent` for half, quarter and
/// surrounded) whether a check came of it or not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fired {
    /// One per unit, its triggers merged (MORALE-7), in roster order.
    pub checks: SmallVec<[MoraleCheck; 2]>,
    /// Routed units' triggers: spent, no check (TRIGGERS-7, ROUT-8).
    pub spent_silently: SmallVec<[(usize, Triggers); 2]>,
    /// `(unit, commander)` to add to `State::commander_losses_checked`.
    pub commander_losses: SmallVec<[(usize, usize); 2]>,
    /// `(unit, terrifying entity)` to add to `State::terrors_met`.
    pub terrors: SmallVec<[(usize, usize); 2]>,
}

/// One trigger that fired, with its threat and threat entity (TDGS-R33).
#[derive(Clone, Copy)]
struct Shock {
    trigger: Trigger,
    threat: i32,
    threat_entity: Option<usize>,
}

/// The entities `entity` engaged with in the line, in the order given.
fn engaged_with(engaged: &[(usize, usize)], entity: usize) -> impl Iterator<Item = usize> + '_ {
    engaged.iter().filter_map(move |&(a, b)| {
        if a == entity && b != entity {
            Some(b)
        } else if b == entity && a != entity {
            Some(a)
        } else {
            None
        }
    })
}

/// The morale triggers that fire when a line is done (TRIGGERS-1..7,
/// spec 1.2 RESOLVE-OWED step 3), from the entities before it and the
/// state after it.
///
/// `engaged` lists the pairs of entities that engaged each other in the
/// line (one attacked the other, opportunity and free attacks included, or
/// cast on it: TDGS-R23), in either order. For every unit on the board in
/// `after` (heroes never check, TDGS-R22; a destroyed unit is off the
/// board):
/// - half and quarter (TRIGGERS-1, -2): reached and not yet spent; both at
///   once give one check at 14 (TDGS-R19, W19);
/// - surrounded (TRIGGERS-5, POSITION-7): non-routed enemies touch three
///   sides, not yet spent;
/// - commander lost (TRIGGERS-3, COMMAND-7): its commander (its link before
///   the line, which the loss may cut) was not lost before and is after,
///   once per lost commander;
/// - terror (TRIGGERS-6): engaged with a Terrifying enemy for the first
///   time, threat its CHA, once per Terrifying entity.
///
/// Several triggers merge at the highest threat (MORALE-7); the threat
/// entity (TDGS-R33) is the one of the highest trigger: the attacker for
/// HP, the commander's killer for commander lost, the Terrifying entity,
/// else the nearest enemy. A routed unit's triggers are spent silently.
///
/// Only what the line changed is weighed (`Weighed::since`); the
/// triggers it could not have made true were weighed after an earlier line.
pub fn triggers_after(
    before: &[EntityState],
    after: &State,
    engaged: &[(usize, usize)],
    cause: Span,
) -> Fired {
    weigh(before, after, engaged, cause, Weighed::since(before, after))
}

/// [`triggers_after`] weighing every unit's every trigger, as if nothing
/// had been weighed before: what play asserts it agrees with in debug builds.
pub fn triggers_after_weighing_all(
    before: &[EntityState],
    after: &State,
    engaged: &[(usize, usize)],
    cause: Span,
) -> Fired {
    weigh(before, after, engaged, cause, Weighed::ALL)
}

/// Which units' triggers a line could have made true.
///
/// Half and quarter depend on the unit's HP and on its being on the board;
/// surrounded on the unit's footprint and on the enemies that pin it, all
/// within a square of it. Each is spent the first time a settle finds it
/// true, SETUP-15 spends what is true at deployment, and only the lines of
/// the movetext change an HP, an anchor or a status, each followed by a
/// settle. So a trigger whose inputs a line left alone was false after the
/// line before, and is still. Commander lost and terror are of the line
/// already: a commander lost in it, an enemy engaged in it.
#[derive(Clone, Copy, Debug)]
struct Weighed {
    /// Bit `e`: entity `e`'s HP, anchor or status changed.
    changed: u64,
    /// Bit `e`: something was placed within a square of entity `e`, where
    /// it stood before the line or stands after it.
    near_placed: u64,
    /// Every trigger of every unit: more than 64 entities, a commander
    /// lost, or [`triggers_after_weighing_all`].
    everything: bool,
}

impl Weighed {
    const ALL: Weighed = Weighed {
        changed: 0,
        near_placed: 0,
        everything: true,
    };

    fn since(before: &[EntityState], after: &State) -> Weighed {
        let entities = &after.entities;
        if entities.len() > 64 || before.len() != entities.len() {
            return Weighed::ALL;
        }
        let mut weighed = Weighed {
            changed: 0,
            near_placed: 0,
            everything: false,
        };
        let mut placed: ArrayVec<footprint::Rect, 8> = ArrayVec::new();
        for (entity, (was, now)) in before.iter().zip(entities).enumerate() {
            let moved = was.anchor != now.anchor;
            if !moved && was.status == now.status {
                // A disputed HP (TDGS-R54) is weighed at every line: its
                // check may have been passed over, and be owed now.
                let hp_changed =
                    was.hp != now.hp || was.hp_other.is_some() || now.hp_other.is_some();
                weighed.changed |= u64::from(hp_changed) << entity;
                continue;
            }
            weighed.changed |= 1 << entity;
            if !was.status.lost() && now.status.lost() {
                return Weighed::ALL;
            }
            let bounds = |anchor: Option<Cell>| {
                let info = after.info(entity)?;
                Some(Footprint::new(anchor?, info.width, info.height).rect())
            };
            let old = if moved { bounds(was.anchor) } else { None };
            // Grown by a square: a footprint within one of it meets it.
            for rect in [old, bounds(now.anchor)].into_iter().flatten() {
                if placed.try_push(rect.grown(1)).is_err() {
                    return Weighed::ALL;
                }
            }
        }
        if !placed.is_empty() {
            for unit in 0..entities.len() {
                let near = after.footprint(unit).is_some_and(|at| {
                    let bounds = at.rect();
                    placed.iter().any(|&rect| rect.meets(bounds))
                });
                weighed.near_placed |= u64::from(near) << unit;
            }
        }
        weighed
    }

    /// Bit `u`: unit `u` has a trigger to weigh, its HP or surroundings
    /// having changed or an enemy having engaged it in the line. Meaningful
    /// only when not [`Weighed::everything`], and so for at most 64
    /// entities.
    fn to_weigh(self, engaged: &[(usize, usize)]) -> u64 {
        let bit = |entity: usize| 1u64.checked_shl(entity as u32).unwrap_or(0);
        engaged
            .iter()
            .filter(|(a, b)| a != b)
            .fold(self.changed | self.near_placed, |mask, &(a, b)| {
                mask | bit(a) | bit(b)
            })
    }

    /// Whether `unit`'s half and quarter triggers need weighing.
    fn hp_of(self, unit: usize) -> bool {
        self.everything || self.changed & (1 << unit) != 0
    }

    /// Whether `unit` is surrounded may have changed.
    fn surround_of(self, unit: usize) -> bool {
        self.everything || self.near_placed & (1 << unit) != 0
    }
}

fn weigh(
    before: &[EntityState],
    after: &State,
    engaged: &[(usize, usize)],
    cause: Span,
    weighed: Weighed,
) -> Fired {
    let mut fired = Fired::default();
    // Every unit's surrounded test asks about the same entities.
    let mut pinning: SmallVec<[Pin; 32]> = SmallVec::new();
    if weighed.everything || weighed.near_placed != 0 {
        pinning.extend(pinning_in(after));
    }
    let to_weigh = weighed.to_weigh(engaged);
    for (unit, now) in after.entities.iter().enumerate() {
        let passed_over = !weighed.everything && to_weigh & (1 << unit) == 0;
        if passed_over || !after.is_unit(unit) || !after.on_board(unit) {
            continue;
        }
        let (hp_weighed, surround_weighed) = (weighed.hp_of(unit), weighed.surround_of(unit));
        let mut shocks: SmallVec<[Shock; 4]> = SmallVec::new();
        // Looked up once, and only when a trigger fires: most lines fire none.
        let mut nearest_found = None;
        let mut nearest = || *nearest_found.get_or_insert_with(|| nearest_enemy(after, unit));

        let max = after.info(unit).map_or(0, |i| i.max_hp);
        // While a wrong claim disputes the HP, by either account: play
        // owes the check only if the log's next line follows the account
        // that reaches it (TDGS-R54).
        let other = now.hp_other.map(|o| o.hp);
        let reached = |trigger: Trigger| {
            trigger.hp_reached(now.hp, max) || other.is_some_and(|hp| trigger.hp_reached(hp, max))
        };
        for (trigger, reached) in [
            (Trigger::Half, reached(Trigger::Half)),
            (Trigger::Quarter, reached(Trigger::Quarter)),
        ] {
            if hp_weighed && reached && !now.spent.contains(trigger) {
                // The attacker, for HP triggers: an enemy it engaged in the line.
                let attacker = engaged_with(engaged, unit)
                    .find(|&other| after.enemies(unit, other))
                    .or_else(&mut nearest);
                shocks.push(Shock {
                    trigger,
                    threat: trigger.threat(0),
                    threat_entity: attacker,
                });
            }
        }

        if surround_weighed
            && !now.spent.contains(Trigger::Surrounded)
            && surrounded_among(after, unit, &pinning)
        {
            shocks.push(Shock {
                trigger: Trigger::Surrounded,
                threat: Trigger::Surrounded.threat(0),
                threat_entity: nearest(),
            });
        }

        let link = before.get(unit).and_then(|e| e.commander).or(now.commander);
        if let Some(commander) = link.map(|l| l.commander) {
            let was_lost = before.get(commander).is_some_and(|c| c.status.lost());
            let is_lost = after
                .entities
                .get(commander)
                .is_some_and(|c| c.status.lost());
            // The list of checks made grows through the battle: asked last.
            let checked = || after.commander_losses_checked.contains(&(unit, commander));
            if is_lost && !was_lost && !checked() {
                let killer = engaged_with(engaged, commander)
                    .find(|&other| after.enemies(commander, other))
                    .or_else(&mut nearest);
                shocks.push(Shock {
                    trigger: Trigger::CommanderLost,
                    threat: Trigger::CommanderLost.threat(0),
                    threat_entity: killer,
                });
                fired.commander_losses.push((unit, commander));
            }
        }

        for other in engaged_with(engaged, unit) {
            let Some(info) = after.info(other) else {
                continue;
            };
            let met = after.terrors_met.contains(&(unit, other))
                || fired.terrors.contains(&(unit, other));
            if info.known_traits.terrifying && after.enemies(unit, other) && !met {
                shocks.push(Shock {
                    trigger: Trigger::Terror,
                    threat: Trigger::Terror.threat(info.stats.cha),
                    threat_entity: Some(other),
                });
                fired.terrors.push((unit, other));
            }
        }

        let triggers = shocks
            .iter()
            .fold(Triggers::NONE, |set, s| set.with(s.trigger));
        // The first of the highest: table order breaks ties.
        let Some(worst) = shocks
            .iter()
            .copied()
            .reduce(|a, b| if b.threat > a.threat { b } else { a })
        else {
            continue;
        };
        if now.status == Status::Routed {
            fired.spent_silently.push((unit, triggers));
        } else {
            fired.checks.push(MoraleCheck {
                unit,
                triggers,
                threat: worst.threat,
                threat_entity: worst.threat_entity,
                cause,
            });
        }
    }
    fired
}

/// Whether non-routed enemies on the board touch at least three of
/// `unit`'s four sides (POSITION-7, TDGS-R17).
pub fn is_surrounded(state: &State, unit: usize) -> bool {
    let Some(target) = state.footprint(unit) else {
        return false;
    };
    let enemies = (0..state.entities.len())
        .filter(|&other| {
            state.enemies(unit, other)
                && state.on_board(other)
                && state
                    .entities
                    .get(other)
                    .is_some_and(|e| e.status != Status::Routed)
        })
        .filter_map(|other| state.footprint(other))
        // Only a footprint within a square of the target can hold a square
        // of the ring around it: the others touch no side.
        .filter(|&other| footprint::gap(target, other) <= 1);
    footprint::surrounded(target, enemies)
}

/// The entities that pin a unit they touch (POSITION-7): on the board and
/// not routed, with their side and footprint.
fn pinning_in(state: &State) -> impl Iterator<Item = Pin> + '_ {
    (0..state.entities.len())
        .filter(|&e| state.on_board(e) && state.entities[e].status != Status::Routed)
        .filter_map(|e| Some(Pin::new(state.info(e)?.side, state.footprint(e)?)))
}

/// An entity that pins, with its footprint's bounds worked out once: every
/// unit's surrounded test measures its distance to each.
#[derive(Clone, Copy)]
struct Pin {
    side: usize,
    footprint: Footprint,
    bounds: footprint::Rect,
}

impl Pin {
    fn new(side: usize, footprint: Footprint) -> Pin {
        Pin {
            side,
            footprint,
            bounds: footprint.rect(),
        }
    }
}

/// [`is_surrounded`], with the entities that pin gathered by [`pinning_in`].
fn surrounded_among(state: &State, unit: usize, pinning: &[Pin]) -> bool {
    let (Some(target), Some(side)) = (state.footprint(unit), state.info(unit).map(|i| i.side))
    else {
        return false;
    };
    let bounds = target.rect();
    let within_one = bounds.grown(1);
    let near = pinning
        .iter()
        .filter(move |pin| pin.side != side && within_one.meets(pin.bounds));
    // A footprint beside the target touches one side at most (touching two
    // would take a square of the target); one overlapping it may touch all
    // four. Fewer than three sides within reach: not surrounded.
    let reach: u32 = near
        .clone()
        .map(|pin| if bounds.meets(pin.bounds) { 4 } else { 1 })
        .sum();
    reach >= 3 && footprint::surrounded(target, near.map(|pin| pin.footprint))
}

// ----------------------------------------------------------------- cascade

/// The checks a break owes (CASCADE-1, TRIGGERS-4): every friendly unit
/// adjacent to `broken` (corners count, POSITION-3), on the board and not
/// routed, at threat 10, its threat entity its nearest enemy (TDGS-R33).
/// In roster order; add them with [`merge`].
pub fn cascade(state: &State, broken: usize, cause: Span) -> SmallVec<[MoraleCheck; 4]> {
    let Some(at) = state.footprint(broken) else {
        return SmallVec::new();
    };
    let Some(side) = state.info(broken).map(|i| i.side) else {
        return SmallVec::new();
    };
    (0..state.entities.len())
        .filter(|&unit| {
            unit != broken
                && state.is_unit(unit)
                && state.on_board(unit)
                && state.info(unit).is_some_and(|i| i.side == side)
                && state
                    .entities
                    .get(unit)
                    .is_some_and(|e| e.status != Status::Routed)
                && state
                    .footprint(unit)
                    .is_some_and(|f| footprint::adjacent(at, f))
        })
        .map(|unit| MoraleCheck {
            unit,
            triggers: Triggers::NONE.with(Trigger::Cascade),
            threat: Trigger::Cascade.threat(0),
            threat_entity: nearest_enemy(state, unit),
            cause,
        })
        .collect()
}

/// Adds `new` to the pending set (MORALE-7, CASCADE-3): a unit already
/// pending gets no second check; its triggers join, the threat is the
/// higher, and so is the threat entity's trigger (the earlier on a tie).
pub fn merge(pending: &mut Vec<MoraleCheck>, new: MoraleCheck) {
    match pending.iter_mut().find(|c| c.unit == new.unit) {
        Some(check) => {
            check.triggers = check.triggers.union(new.triggers);
            if new.threat > check.threat {
                check.threat = new.threat;
                check.threat_entity = new.threat_entity;
            }
        }
        None => pending.push(new),
    }
}

fn con_of(state: &State, unit: usize) -> i32 {
    state.info(unit).map_or(i32::MAX, |i| i.stats.con)
}

/// The pending check to write next (CASCADE-2, TDGS-R21): the lowest CON,
/// the first given among equals (any of them is accepted, see
/// [`may_check_now`]). `None` when nothing is pending.
pub fn next_due(state: &State, pending: &[MoraleCheck]) -> Option<usize> {
    pending
        .iter()
        .enumerate()
        .min_by_key(|&(place, c)| (con_of(state, c.unit), place))
        .map(|(_, c)| c.unit)
}

/// Whether `unit` may roll its pending check now (CASCADE-2): no pending
/// unit has a lower CON; equal CON in any order (TDGS-R21). `Err` names
/// the lowest-CON unit waiting. Whether `unit` owes a check at all is the
/// caller's question.
pub fn may_check_now(state: &State, pending: &[MoraleCheck], unit: usize) -> Result<(), usize> {
    let con = con_of(state, unit);
    match next_due(state, pending) {
        Some(lower) if con_of(state, lower) < con => Err(lower),
        _ => Ok(()),
    }
}

// -------------------------------------------------------------------- rout

/// Where a routed unit runs (ROUT-2, TDGS-R33).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Its army's friendly edge.
    Edge(Edge),
    /// The nearest friendly commander neither lost nor routed.
    Commander(usize),
    /// Away from this entity: its rout's threat entity.
    Away(usize),
    /// Nothing to run to or from.
    None,
}

/// A routed unit's goal (ROUT-2, TDGS-R33), by existence, not by reach:
/// its army's edge if it has one; else the nearest friendly commander on
/// the board, neither lost nor routed (the lowest roster index among
/// equals); else away from its rout's threat entity, or from its nearest
/// enemy when that entity is no longer on the board.
pub fn goal(state: &State, unit: usize) -> Goal {
    let Some(info) = state.info(unit) else {
        return Goal::None;
    };
    if let Some(edge) = state.roster.edges.get(info.side).copied().flatten() {
        return Goal::Edge(edge);
    }
    let commander = (0..state.entities.len())
        .filter(|&other| {
            other != unit
                && state
                    .info(other)
                    .is_some_and(|o| o.commander && o.side == info.side)
                && state.on_board(other)
                && state
                    .entities
                    .get(other)
                    .is_some_and(|e| e.status == Status::Active)
        })
        .filter_map(|other| Some((state.distance(unit, other)?, other)))
        .min();
    if let Some((_, commander)) = commander {
        return Goal::Commander(commander);
    }
    let threat = state
        .entities
        .get(unit)
        .and_then(|e| e.rout)
        .and_then(|r| r.threat_entity)
        .filter(|&t| state.on_board(t))
        .or_else(|| nearest_enemy(state, unit));
    threat.map_or(Goal::None, Goal::Away)
}

/// The cheapest cost from every anchor of `unit`'s footprint to its edge or
/// commander goal (ROUT-3), with [`movement_cost`]; `None` for the other
/// goals. With `from`, only as far as the anchors that cost no more than
/// `from` ([`footprint::distances_from`]): all a flight from there asks.
fn goal_costs(
    state: &State,
    unit: usize,
    goal: Goal,
    from: Option<Cell>,
) -> Option<footprint::CostMap> {
    let info = state.info(unit)?;
    let extent = state.roster.extent();
    let cost = movement_cost_map(state, unit);
    // Each goal is asked only of the footprints covering a square of its
    // area: the edge, or the ring round the commander.
    let search = |goal: &dyn Fn(Footprint) -> bool, area| match from {
        Some(from) => {
            footprint::distances_from(info.width, info.height, extent, cost, goal, area, from)
        }
        None => footprint::distances_to(info.width, info.height, extent, cost, goal, area),
    };
    match goal {
        Goal::Edge(edge) => Some(search(
            &|at| edge.reached(at, extent) && stands_free(state, unit, at),
            edge.squares(extent),
        )),
        Goal::Commander(commander) => {
            let near = state.footprint(commander)?;
            Some(search(
                &|at| footprint::adjacent(at, near) && stands_free(state, unit, at),
                near.rect().grown(1),
            ))
        }
        Goal::Away(_) | Goal::None => None,
    }
}

/// Whether a footprint is at its goal: on the edge, or next to the
/// commander (CORNERED-2's "safe").
fn at_goal(state: &State, at: Footprint, goal: Goal, extent: Extent) -> bool {
    match goal {
        Goal::Edge(edge) => edge.reached(at, extent),
        Goal::Commander(commander) => state
            .footprint(commander)
            .is_some_and(|near| footprint::adjacent(at, near)),
        Goal::Away(_) | Goal::None => false,
    }
}

/// The cheapest legal step from `at` away from `threat` (ROUT-4): one more
/// square of distance, enterable, ending where the unit may stand, for at
/// most `budget`.
fn cheapest_away_step(
    state: &State,
    unit: usize,
    at: Footprint,
    threat: Footprint,
    budget: u32,
) -> Option<u32> {
    let cost = movement_cost(state, unit);
    footprint::away_steps(at, threat)
        .filter(|&next| stands_free(state, unit, at.moved_to(next)))
        .filter_map(|next| footprint::step_cost(at, next, &cost).ok())
        .filter(|&step| step <= budget)
        .min()
}

/// Whether the routed `unit` has an escape route (CORNERED-2, TDGS-R35):
/// for an edge or commander goal, a legal route to it exists at any cost
/// (friends crossed, enemies and blocking terrain not, ending where it may
/// stand), and a unit already next to its goal commander is safe; for the
/// away goal, one legal step within its MOV raises the distance to the
/// threat entity. No goal, or not deployed: none.
pub fn escape_route(state: &State, unit: usize) -> bool {
    let Some(at) = state.footprint(unit) else {
        return false;
    };
    escape_route_to(state, unit, at, goal(state, unit))
}

/// [`escape_route`] from `at`, towards `goal`.
fn escape_route_to(state: &State, unit: usize, at: Footprint, goal: Goal) -> bool {
    let extent = state.roster.extent();
    match goal {
        Goal::Edge(edge) => {
            footprint::route_exists(at, extent, movement_cost_map(state, unit), |to| {
                edge.reached(to, extent) && stands_free(state, unit, to)
            })
        }
        Goal::Commander(commander) => {
            let Some(near) = state.footprint(commander) else {
                return false;
            };
            footprint::adjacent(at, near)
                || footprint::route_exists(at, extent, movement_cost_map(state, unit), |to| {
                    footprint::adjacent(to, near) && stands_free(state, unit, to)
                })
        }
        Goal::Away(threat) => state.footprint(threat).is_some_and(|threat| {
            cheapest_away_step(state, unit, at, threat, mov_of(state, unit)).is_some()
        }),
        Goal::None => false,
    }
}

/// A legal flight (ROUT-3, -4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flight {
    pub goal: Goal,
    /// The anchor it ends on.
    pub end: Cell,
    /// MOV spent.
    pub cost: u32,
    /// A footprint square on the friendly edge: removed as fled (ROUT-7,
    /// TDGS-R34).
    pub fled: bool,
    /// Ended next to its goal commander.
    pub safe: bool,
}

/// Why a `flee` path is not a legal flight. Indexes are positions in the
/// path as given (its first cell may repeat the current anchor).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FleeError {
    /// The unit is not on the board.
    NotDeployed,
    /// No escape route: it owes the cornered check instead (CORNERED-1).
    NoEscapeRoute,
    /// A step is not one square, leaves the grid or enters blocking terrain
    /// or an enemy's square (POSITION-4).
    Path(PathError),
    /// The path costs more than MOV (ACTIONS-3).
    TooLong { index: usize, cost: u32, mov: u32 },
    /// The path ends overlapping another entity (POSITION-4).
    EndsOnEntity { anchor: Cell },
    /// Toward an edge or commander, this step does not lower the cost
    /// still to pay by exactly its own cost (ROUT-3). `None`: the goal is
    /// out of reach from there.
    NotTowardSafety {
        index: usize,
        remaining_before: Option<u32>,
        remaining_after: Option<u32>,
        step: u32,
    },
    /// Away from the threat, this step does not raise the distance by 1
    /// (ROUT-4).
    NotAway {
        index: usize,
        distance_before: u32,
        distance_after: u32,
    },
    /// It stopped short of its goal with MOV left for the next step
    /// (ROUT-3, -4, TDGS-R32). `remaining`: the cost still to the goal
    /// (`None` for the away goal).
    TooShort {
        mov_left: u32,
        next_step: u32,
        remaining: Option<u32>,
    },
}

/// Checks a routed unit's `flee` path (ROUT-2..4, TDGS-R32): each step
/// keeps to a cheapest legal route to its edge or commander, or raises the
/// distance from its threat entity by 1; total within MOV; it goes on
/// until it reaches the goal or cannot pay for the next step; it ends where
/// it may stand. Reaching the edge (TDGS-R34) ends the flight: a step after
/// it is not toward safety.
pub fn check_flight(state: &State, unit: usize, path: &[Cell]) -> Result<Flight, FleeError> {
    let start = state.footprint(unit).ok_or(FleeError::NotDeployed)?;
    let goal = goal(state, unit);
    let costs = goal_costs(state, unit, goal, Some(start.anchor));
    // An edge or commander goal's cost map already says whether a route
    // exists (the start is reached from the goals exactly when the goals
    // are reached from the start): no second search.
    let reaches_goal = || {
        costs
            .as_ref()
            .is_some_and(|c| c.get(start.anchor).is_some())
    };
    let escapes = match goal {
        Goal::Edge(_) => reaches_goal(),
        Goal::Commander(commander) => state
            .footprint(commander)
            .is_some_and(|near| footprint::adjacent(start, near) || reaches_goal()),
        Goal::Away(_) | Goal::None => escape_route_to(state, unit, start, goal),
    };
    if !escapes {
        return Err(FleeError::NoEscapeRoute);
    }
    let extent = state.roster.extent();
    let mov = mov_of(state, unit);
    let threat = match goal {
        Goal::Away(threat) => state.footprint(threat),
        _ => None,
    };
    let cost = movement_cost(state, unit);

    let skip = usize::from(path.first() == Some(&start.anchor));
    let mut at = start;
    let mut total = 0u32;
    for (index, &next) in path.iter().enumerate().skip(skip) {
        let step = footprint::step_cost(at, next, &cost)
            .map_err(|reason| FleeError::Path(PathError { index, reason }))?;
        total = total.saturating_add(step);
        if total > mov {
            return Err(FleeError::TooLong {
                index,
                cost: total,
                mov,
            });
        }
        if let Some(costs) = &costs {
            if !costs.descends(at.anchor, next, step) {
                // The map stops short of costs above the start's: the
                // message's numbers come from the whole one.
                let whole = goal_costs(state, unit, goal, None);
                let remaining = |anchor| whole.as_ref().and_then(|c| c.get(anchor));
                return Err(FleeError::NotTowardSafety {
                    index,
                    remaining_before: remaining(at.anchor),
                    remaining_after: remaining(next),
                    step,
                });
            }
        } else if let Some(threat) = threat {
            let before = footprint::gap(at, threat);
            let after = footprint::gap(at.moved_to(next), threat);
            if after != before + 1 {
                return Err(FleeError::NotAway {
                    index,
                    distance_before: before,
                    distance_after: after,
                });
            }
        }
        at = at.moved_to(next);
    }

    if !stands_free(state, unit, at) {
        return Err(FleeError::EndsOnEntity { anchor: at.anchor });
    }
    let mov_left = mov - total;
    let reached = at_goal(state, at, goal, extent);
    if !reached {
        let next_step = match (&costs, threat) {
            // Friends may be crossed but not stood on: a flight may stop short
            // when every square further along, within MOV, is taken (TDGS-R32).
            (Some(costs), _) => cheapest_descent(costs, at, &cost)
                .filter(|_| stands_further(state, unit, costs, at, mov_left, &cost)),
            (None, Some(threat)) => cheapest_away_step(state, unit, at, threat, mov_left),
            (None, None) => None,
        };
        if let Some(next_step) = next_step.filter(|&s| s <= mov_left) {
            return Err(FleeError::TooShort {
                mov_left,
                next_step,
                remaining: costs.as_ref().and_then(|c| c.get(at.anchor)),
            });
        }
    }
    Ok(Flight {
        goal,
        end: at.anchor,
        cost: total,
        fled: matches!(goal, Goal::Edge(edge) if edge.reached(at, extent)),
        safe: matches!(goal, Goal::Commander(_)) && reached,
    })
}

/// Whether, going on from `at` along a cheapest route within `mov_left`,
/// the unit reaches a place where it may stand.
fn stands_further(
    state: &State,
    unit: usize,
    costs: &footprint::CostMap,
    at: Footprint,
    mov_left: u32,
    cost: impl Fn(Cell) -> Option<u32>,
) -> bool {
    let mut frontier = vec![(at, mov_left)];
    let mut seen = vec![at.anchor];
    while let Some((here, left)) = frontier.pop() {
        for next in square::neighbours(here.anchor, Adjacency::Diagonal) {
            let Ok(step) = footprint::step_cost(here, next, &cost) else {
                continue;
            };
            if step > left || !costs.descends(here.anchor, next, step) || seen.contains(&next) {
                continue;
            }
            let there = here.moved_to(next);
            if stands_free(state, unit, there) {
                return true;
            }
            seen.push(next);
            frontier.push((there, left - step));
        }
    }
    false
}

/// The cheapest step from `at` that keeps to a cheapest route (ROUT-3).
fn cheapest_descent(
    costs: &footprint::CostMap,
    at: Footprint,
    cost: impl Fn(Cell) -> Option<u32>,
) -> Option<u32> {
    square::neighbours(at.anchor, Adjacency::Diagonal)
        .filter_map(|next| {
            let step = footprint::step_cost(at, next, &cost).ok()?;
            costs.descends(at.anchor, next, step).then_some(step)
        })
        .min()
}
