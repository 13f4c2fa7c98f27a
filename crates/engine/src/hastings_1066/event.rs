//! Hastings: 1066's events: every change to a [`State`], and [`apply`], the
//! one function that makes it. Play checks a line and emits these; the
//! timeline is their fold.

use senlac_board::Cell;
use senlac_board::facing::Vertex;
use senlac_notation::Span;

use super::state::{
    Extension, Formation, Held, Owed, Part, PhaseFlags, Placed, Segment, Standing, State, Verdict,
    Wing,
};
use super::tables::{Column, FireResult, LeaderResult, MoraleResult, Outcome, Side};
use crate::reuse::Path;

/// The pieces of one side of a melee: a few, held inline.
pub type Pieces = smallvec::SmallVec<[usize; 4]>;

/// Which table a [`Event::Rolled`] read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    Morale,
    Rally,
    Casualty,
}

impl Check {
    pub const ALL: [Check; 3] = [Check::Morale, Check::Rally, Check::Casualty];

    pub const fn word(self) -> &'static str {
        match self {
            Check::Morale => "morale",
            Check::Rally => "rally",
            Check::Casualty => "casualty",
        }
    }

    pub fn parse(word: &str) -> Option<Check> {
        Check::ALL.into_iter().find(|c| c.word() == word)
    }

    /// The result its table reads as `text`, as [`Event::Rolled`] keeps it:
    /// a Morale Table symbol, a rally's outcome, a Leader Casualty word.
    pub fn result(self, text: &str) -> Option<&'static str> {
        let found = |results: &[&'static str]| results.iter().copied().find(|r| *r == text);
        match self {
            Check::Morale => found(&MoraleResult::ALL.map(MoraleResult::symbol)),
            Check::Rally => found(&[super::rally::RALLIED, super::rally::STILL_DISRUPTED]),
            Check::Casualty => found(&LeaderResult::ALL.map(LeaderResult::word)),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The setup puts a piece on the map, facing `facing` (none for a
    /// leader).
    Deployed {
        piece: usize,
        at: Cell,
        facing: Option<Vertex>,
    },
    /// A side's player phase of Battle Turn `turn` opens (`N. SIDE`).
    PhaseStarted { turn: u32, side: Side },
    /// A segment opens (its label).
    SegmentStarted(Segment),
    /// A formation takes an order for this turn (and the next, `turns: 2`).
    OrderHeld { formation: Formation, held: Held },
    /// A piece went from `from` (none for a reinforcement entering the
    /// map) along `path` (the hexes entered; the last is where it stands)
    /// and faces `facing` (none for a leader).
    Moved {
        piece: usize,
        from: Option<Cell>,
        path: Path,
        facing: Option<Vertex>,
    },
    /// A piece turned in place (6.1.1).
    Faced { piece: usize, facing: Vertex },
    /// A piece did something once-a-phase.
    Acted { piece: usize, flags: PhaseFlags },
    /// A unit's standing changed (9.2).
    Standing { piece: usize, standing: Standing },
    /// A unit lost a step (9.2.4): flipped, or eliminated when already
    /// reduced.
    Stepped { piece: usize },
    /// A consequence is owed.
    Owe(Owed),
    /// The owed consequence at this index was written.
    Paid(usize),
    /// A rout waits on the displacements it needs, or no longer does
    /// (9.3.3, HS-R20): the chain as written so far.
    Displacing(Option<super::state::Chain>),
    /// The mutual zones of control that bind attacks in the melee segment
    /// now opening (8.1.2, HS-R9).
    Bound(Vec<(usize, usize)>),
    /// A leader's standing changed (10.4, HS-R31).
    LeaderStanding {
        piece: usize,
        standing: super::state::LeaderStanding,
    },
    /// A leader wounded (footnote 1): his radii one less for good.
    Wounded { piece: usize },
    /// A shaken leader recovers after Battle Turn `turn` (HS-R33).
    ShakenUntil { piece: usize, turn: u32 },
    // orders
    /// A Battle Turn opens (`N. Normans`): every order held counts a turn
    /// down and ends at 0 (4.2.6); the orders left run on (HS-R30), and the
    /// Order Phase's strategies are cleared.
    OrdersAged,
    /// William has fallen, and this Order Phase puts his Guard in the
    /// Norman knights section (4.3.8.1, HS-R46).
    GuardJoined,
    /// A wing's or nationality's strategy line was written (4.2.1).
    StrategyWritten { part: Part, span: Span },
    /// A formation rerolled its order (3.3.2, HS-R54).
    Rerolled(Formation),
    /// A Saxon unit joined a wing (4.1.2).
    Joined { piece: usize, wing: Wing },
    /// A wing's housecarls take their chosen order instead of its Attack &
    /// Pursue (4.3.8.3).
    HousecarlsHeld { wing: Wing, held: Held },
    /// An `effect=N` claim moves a wing's or nationality's rating (HS-R51).
    Effect { part: Part, effect: i32 },
    // fire
    /// A fire line was carried out (7.1): each of `firers` has fired and
    /// `target` was fired at in this segment, and the missile supply count
    /// of each of `supplied` rose by one (7.4.2, HS-R36). `fire` against
    /// `defence` read on column `odds` (none below 1-4) with `die` gave
    /// `result`, for printers.
    Fired {
        firers: Pieces,
        target: usize,
        supplied: Pieces,
        fire: i32,
        defence: i32,
        odds: Option<Column>,
        die: Option<u8>,
        result: FireResult,
    },
    // melee
    /// A melee was resolved (8.3): `attack` against `defence`, with `die`
    /// (none at −7 or worse, 8.3.2), gave `outcome`. A record for printers:
    /// the results' effects are their own events.
    Fought {
        attackers: Pieces,
        defenders: Pieces,
        attack: i32,
        defence: i32,
        die: Option<u8>,
        outcome: Outcome,
    },
    /// A roll on a unit's or leader's table (a morale check, a rally, a
    /// leader casualty) and what it read, for printers.
    Rolled {
        piece: usize,
        check: Check,
        die: u8,
        result: &'static str,
    },
    // movement
    /// A Saxon reinforcement joined a wing (4.3.8.2).
    Assigned {
        piece: usize,
        wing: super::state::Wing,
    },
    // periods and victory
    /// The Normans took an extension of the period (3.3.1).
    Extended(Extension),
    /// Assault Period `period` opens with Battle Turn `turn` (3.1): two-turn
    /// orders, wounds and shakes of the last one end (HS-R31, HS-R33), the
    /// Strategy Effects ratings return to 0 (4.4.8), and each missile
    /// group's unused fire segments carry over (7.4.3).
    PeriodStarted { period: u32, turn: u32 },
    /// The battle is decided (12.1).
    Decided(Verdict),
    /// Play written after the verdict was reported.
    PlayedOn,
    // the reform
    /// The units eliminated at the end of Period 1 (11.5.2, 11.5.3), each
    /// with whether it was for want of a trace.
    ReformLosses(Vec<(usize, bool)>),
    /// A side reformed (11.5): its pieces still in the battle leave the map
    /// to be placed, the routed and disrupted rallied (11.5.2), with the
    /// Saxons' last twelve fyrd (11.4.2).
    Reformed { side: Side },
}

/// Notes how `piece` stands before an event changes its hex, standing or
/// facing (`State::replaced`).
fn note_placed(state: &mut State, piece: usize) {
    if let Some(p) = state.pieces.get(piece) {
        state.replaced.push((piece, Placed::of(p)));
        if let Some(info) = state.roster.pieces.get(piece) {
            state.zones.forget(info.side);
        }
    }
}

/// Applies `event` to `state`: the only way a state changes.
pub fn apply(state: &mut State, event: &Event) {
    match event {
        Event::Deployed { piece, at, facing } => {
            state.place(*piece, Some(*at));
            if let Some(p) = state.pieces.get_mut(*piece) {
                p.facing = *facing;
            }
            if let Some(info) = state.roster.pieces.get(*piece) {
                state.zones.forget(info.side);
            }
        }
        Event::PhaseStarted { turn, side } => {
            state.turn = *turn;
            state.phasing = Some(*side);
            state.segment = None;
            state.replaced.clear();
            for piece in &mut state.pieces {
                piece.phase = PhaseFlags::default();
                // A shaken leader recovers when his turns are out (HS-R33).
                if piece.leader == super::state::LeaderStanding::Shaken
                    && *turn > piece.shaken_until
                {
                    piece.leader = super::state::LeaderStanding::Effective;
                }
            }
        }
        Event::SegmentStarted(segment) => state.segment = Some(*segment),
        Event::OrderHeld { formation, held } => {
            state.orders.retain(|(f, _)| f != formation);
            state.orders.push((*formation, *held));
        }
        Event::Moved {
            piece,
            path,
            facing,
            ..
        } => {
            if !path.is_empty() {
                note_placed(state, *piece);
            }
            if let Some(&to) = path.last() {
                state.place(*piece, Some(to));
                if let Some(p) = state.pieces.get_mut(*piece) {
                    p.awaiting = false;
                    if facing.is_some() {
                        p.facing = *facing;
                    }
                }
            }
            // A combat unit takes every road hex it enters or passes (HS-R43).
            if let Some(info) = state.roster.pieces.get(*piece)
                && !info.is_leader()
            {
                let side = info.side;
                for (cell, holder) in &mut state.road {
                    if path.contains(cell) {
                        *holder = side;
                    }
                }
            }
        }
        Event::Faced { piece, facing } => {
            note_placed(state, *piece);
            if let Some(p) = state.pieces.get_mut(*piece) {
                p.facing = Some(*facing);
            }
        }
        Event::Acted { piece, flags } => {
            if let Some(p) = state.pieces.get_mut(*piece) {
                let f = &mut p.phase;
                f.rallied |= flags.rallied;
                f.fired |= flags.fired;
                f.moved |= flags.moved;
                f.reacted |= flags.reacted;
                f.fought |= flags.fought;
                f.attacked |= flags.attacked;
                // movement
                f.entered |= flags.entered;
                f.charged |= flags.charged;
                f.charged_downhill |= flags.charged_downhill;
            }
        }
        Event::Standing { piece, standing } => {
            note_placed(state, *piece);
            if let Some(p) = state.pieces.get_mut(*piece) {
                p.standing = *standing;
                if *standing == Standing::Eliminated {
                    p.fell_at = p.at.or(p.fell_at);
                    state.place(*piece, None);
                }
            }
        }
        Event::Stepped { piece } => {
            note_placed(state, *piece);
            if let Some(p) = state.pieces.get_mut(*piece) {
                if p.reduced {
                    p.standing = Standing::Eliminated;
                    p.fell_at = p.at.or(p.fell_at);
                    state.place(*piece, None);
                } else {
                    p.reduced = true;
                }
            }
        }
        Event::Bound(pairs) => state.bound.clone_from(pairs),
        Event::Displacing(chain) => state.displacing.clone_from(chain),
        Event::Wounded { piece } => {
            if let Some(p) = state.pieces.get_mut(*piece) {
                p.wounded_once = true;
            }
        }
        Event::ShakenUntil { piece, turn } => {
            if let Some(p) = state.pieces.get_mut(*piece) {
                p.shaken_until = *turn;
            }
        }
        Event::LeaderStanding { piece, standing } => {
            if let Some(p) = state.pieces.get_mut(*piece) {
                p.leader = *standing;
                if matches!(
                    standing,
                    super::state::LeaderStanding::Killed | super::state::LeaderStanding::Captured
                ) {
                    let was = Placed::of(p);
                    state.place(*piece, None);
                    // A leader casts no zone of control: the zones stand.
                    state.replaced.push((*piece, was));
                    // A fallen leader owes nothing more: no escape, no
                    // second roll (10.4, HS-R34).
                    state.owed.retain(|o| match o {
                        Owed::Escape { leader, .. } | Owed::Casualty { leader, .. } => {
                            leader != piece
                        }
                        _ => true,
                    });
                }
            }
        }
        Event::Owe(owed) => state.owed.push(*owed),
        Event::Paid(index) => {
            if *index < state.owed.len() {
                state.owed.remove(*index);
            }
        }
        // orders
        Event::OrdersAged => {
            for held in state
                .orders
                .iter_mut()
                .map(|(_, h)| h)
                .chain(state.housecarls.iter_mut().map(|(_, h)| h))
            {
                held.turns = held.turns.saturating_sub(1);
            }
            state.orders.retain(|(_, h)| h.turns > 0);
            state.housecarls.retain(|(_, h)| h.turns > 0);
            state.carried = state.orders.iter().map(|&(f, _)| f).collect();
            state.strategies.clear();
            state.rerolled.clear();
        }
        Event::GuardJoined => state.guard_joined = true,
        Event::StrategyWritten { part, span } => state.strategies.push((*part, *span)),
        Event::Rerolled(formation) => state.rerolled.push(*formation),
        Event::Joined { piece, wing } => {
            state.joined.retain(|(p, _)| p != piece);
            state.joined.push((*piece, *wing));
        }
        Event::HousecarlsHeld { wing, held } => {
            state.housecarls.retain(|(w, _)| w != wing);
            state.housecarls.push((*wing, *held));
        }
        Event::Effect { part, effect } => match state.effects.iter_mut().find(|(p, _)| p == part) {
            Some((_, rating)) => *rating += effect,
            None => state.effects.push((*part, *effect)),
        },
        // fire
        Event::Fired {
            firers,
            target,
            supplied,
            ..
        } => {
            for &firer in firers {
                if let Some(p) = state.pieces.get_mut(firer) {
                    p.phase.fired = true;
                }
            }
            if let Some(p) = state.pieces.get_mut(*target) {
                p.phase.fired_at = true;
            }
            for &unit in supplied {
                if let Some(p) = state.pieces.get_mut(unit) {
                    p.supply_used += 1;
                    p.phase.supply_counted = true;
                }
            }
        }
        Event::Fought { .. } | Event::Rolled { .. } => {}
        // periods and victory
        Event::Extended(extension) => state.extension = Some(*extension),
        Event::PeriodStarted { period, turn } => {
            let first = super::tables::Period::First;
            for (info, piece) in state.roster.pieces.iter().zip(&mut state.pieces) {
                if let Some(group) = super::fire::supply_group(info) {
                    let allowed = super::tables::fire_segments(group, first, 0);
                    piece.supply_carried = allowed.saturating_sub(piece.supply_used);
                }
                piece.supply_used = 0;
                if matches!(
                    piece.leader,
                    super::state::LeaderStanding::Wounded | super::state::LeaderStanding::Shaken
                ) {
                    piece.leader = super::state::LeaderStanding::Effective;
                }
            }
            for piece in &mut state.pieces {
                piece.awaiting = false;
            }
            state.reforms.clear();
            state.reform_losses.clear();
            state.period = *period;
            state.period_start = *turn;
            state.extension = None;
            state.orders.clear();
            state.housecarls.clear();
            state.carried.clear();
            state.effects.clear();
        }
        // The battle ends at once: nothing more is owed (3.1).
        Event::Decided(verdict) => {
            state.verdict = Some(*verdict);
            state.owed.clear();
        }
        Event::PlayedOn => state.played_on = true,
        Event::ReformLosses(losses) => state.reform_losses.clone_from(losses),
        Event::Reformed { side } => {
            state.reforms.push(*side);
            state.zones.forget(*side);
            for index in 0..state.pieces.len() {
                let piece = &state.pieces[index];
                let gone = piece.standing == Standing::Eliminated
                    || matches!(
                        piece.leader,
                        super::state::LeaderStanding::Killed
                            | super::state::LeaderStanding::Captured
                    );
                if state.info(index).is_some_and(|i| i.side == *side) && !gone {
                    state.replaced.push((index, Placed::of(piece)));
                    state.place(index, None);
                    let piece = &mut state.pieces[index];
                    piece.awaiting = true;
                    piece.standing = Standing::Good;
                }
            }
        }
        // movement
        Event::Assigned { piece, wing } => {
            if let Some(p) = state.pieces.get_mut(*piece) {
                p.assigned = Some(*wing);
            }
        }
    }
}
