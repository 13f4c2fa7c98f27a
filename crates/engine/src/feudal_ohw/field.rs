//! What stands on the table for a unit that moves (2.7, 0.10b, 0.10d; spec
//! 4.5, 4.8): the obstacles it may not pass through (other units, ground
//! its class may not enter, the board edge), each with what it is so a
//! finding can name it; the units in contact with it (4.4); and the
//! logical frame of a unit whose flank serves as its front (FO-R25).

use senlac_board::table::{self, Aspect, Base, Contact, Convex};

use super::contact::{self, band_width, fought_across};
use super::options::Opt;
use super::state::State;
use super::tables::{Class, Entry};

/// What an obstacle is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocker {
    /// A unit, by index.
    Unit(usize),
    /// A convex part of a terrain piece, by the piece's index.
    Terrain(usize),
    /// The board edge.
    Edge,
}

/// The obstacles of one action: shapes and what each is, in step.
#[derive(Debug, Default)]
pub struct Obstacles {
    pub shapes: Vec<Convex>,
    pub what: Vec<Blocker>,
    /// Friendly brigans a brigans-class mover may pass through (2.7).
    pub pass: Vec<Convex>,
    pub pass_what: Vec<usize>,
}

impl Obstacles {
    /// What the obstacle at `index` of [`Obstacles::shapes`] (then of
    /// [`Obstacles::pass`]) is.
    pub fn blocker(&self, index: usize) -> Blocker {
        match self.what.get(index) {
            Some(&b) => b,
            None => Blocker::Unit(self.pass_what[index - self.what.len()]),
        }
    }
}

/// Whether a class is one of the brigans (2.7, 2.8C.c).
pub fn brigans(class: Class) -> bool {
    matches!(
        class,
        Class::Brigans | Class::BowBrigans | Class::MountedBrigans
    )
}

/// Whether a unit may stand in woods: its class, or freemen and bowmen
/// with `adv=woods` (AD.5).
fn enters_woods(state: &State, unit: usize, class: Class) -> bool {
    let info = &state.roster.units[unit];
    class.info().woods
        || (info.adv.as_deref() == Some("woods")
            && state.roster.options.has(Opt::Advantages)
            && matches!(class, Class::Freemen | Class::Bowmen))
}

/// Whether terrain piece `piece` bars `unit` (0.10b, 0.10d), a road move
/// lifting woods, marsh and rivers (FO-R17). Rivers are judged by
/// [`wet`], since their fords lift them where they lie.
pub fn bars(state: &State, unit: usize, class: Class, piece: usize, road: bool) -> bool {
    let terrain = &state.roster.terrain[piece];
    match terrain.kind.entry {
        Entry::Open => false,
        Entry::Woods => !road && !enters_woods(state, unit, class),
        Entry::Marsh => !road && !class.info().marsh,
        Entry::Impassable => terrain.kind.word != "river",
    }
}

/// The obstacles for `unit` moving: every other unit on the table except
/// those in `except` (friendly brigans kept apart for a brigans mover),
/// the terrain its class may not enter, and the board edge.
pub fn obstacles(state: &State, unit: usize, road: bool, except: &[usize]) -> Obstacles {
    let mut out = Obstacles::default();
    let Some(class) = state.roster.units[unit].class else {
        return out;
    };
    let side = state.roster.units[unit].side;
    for (other, base) in state.bases.iter().enumerate() {
        let Some(base) = base else { continue };
        if other == unit || except.contains(&other) {
            continue;
        }
        let theirs = &state.roster.units[other];
        let passable = brigans(class) && theirs.side == side && theirs.class.is_some_and(brigans);
        if passable {
            out.pass.push(base.footprint());
            out.pass_what.push(other);
        } else {
            out.shapes.push(base.footprint());
            out.what.push(Blocker::Unit(other));
        }
    }
    for (i, terrain) in state.roster.terrain.iter().enumerate() {
        if bars(state, unit, class, i, road) {
            for part in terrain.piece.parts() {
                out.shapes.push(part.clone());
                out.what.push(Blocker::Terrain(i));
            }
        }
    }
    let (width, depth) = state.roster.table;
    for edge in table::edges(width, depth) {
        out.shapes.push(edge);
        out.what.push(Blocker::Edge);
    }
    out
}

/// The river a shape stands in outside every ford and bridge, by more
/// than 0.01" × BD of area (FO-R55), unless a road move lifts it: the
/// piece's index and the wet area.
pub fn wet(state: &State, shape: &Convex, road: bool) -> Option<(usize, f64)> {
    if road {
        return None;
    }
    let limit = table::TOL * state.roster.options.base.depth;
    let roster = &state.roster;
    for (i, river) in roster.terrain.iter().enumerate() {
        if river.kind.word != "river" {
            continue;
        }
        let area: f64 = river
            .piece
            .parts()
            .iter()
            .map(|part| {
                let wet = shape.clip(part);
                if wet.area() <= 0.0 {
                    return 0.0;
                }
                let dry: f64 = (roster.terrain.iter())
                    .filter(|t| t.kind.word == "ford")
                    .map(|t| t.piece.area_of(&wet))
                    .sum();
                (wet.area() - dry).max(0.0)
            })
            .sum();
        if area > limit {
            return Some((i, area));
        }
    }
    None
}

/// The physical side of `unit` that its logical side `side` is.
pub fn physical_side(state: &State, unit: usize, side: Aspect) -> Aspect {
    let turn = match state.units[unit].marked_front {
        Some(mark) => mark.turn_from_front(),
        None => 0.0,
    };
    Aspect::ALL
        .into_iter()
        .find(|a| table::turn_between(a.turn_from_front(), side.turn_from_front() + turn) < 1.0)
        .unwrap_or(side)
}

/// The enemies in contact with `unit` (4.4, FO-R21), with the contact in
/// both units' logical frames (`mine` is `unit`'s side).
pub fn contacts(state: &State, unit: usize) -> Vec<(usize, Contact)> {
    (0..state.bases.len())
        .filter_map(|other| contact_with(state, unit, other).map(|c| (other, c)))
        .collect()
}

/// The first enemy in contact with `unit`, found without a list.
pub fn first_contact(state: &State, unit: usize) -> Option<(usize, Contact)> {
    (0..state.bases.len()).find_map(|other| contact_with(state, unit, other).map(|c| (other, c)))
}

/// The contact of `unit` with `other`, an enemy on the table, if any.
fn contact_with(state: &State, unit: usize, other: usize) -> Option<Contact> {
    let side = state.roster.units[unit].side;
    if other == unit || state.roster.units[other].side == side || !state.on_table(other) {
        return None;
    }
    contact::contact(state, unit, other)
}

/// The linear piece a base's `side` lines, that units fight across, with
/// its width: a charge at that side meets its far edge (spec 4.11.2).
pub fn lined(state: &State, base: &Base, side: Aspect) -> Option<(usize, f64)> {
    let bd = state.roster.options.base.depth;
    state.roster.terrain.iter().enumerate().find_map(|(i, t)| {
        if !fought_across(&t.word) || !t.piece.lined_by(base, side, bd) {
            return None;
        }
        Some((i, band_width(&t.piece)?))
    })
}

/// The enemy units of `unit`'s side on the table.
pub fn enemies(state: &State, unit: usize) -> impl Iterator<Item = usize> + '_ {
    let side = state.roster.units[unit].side;
    (0..state.bases.len())
        .filter(move |&o| state.roster.units[o].side != side && state.bases[o].is_some())
}
