//! What play asks the table about units that fight: a unit's logical frame
//! (its marked front, FO-R25), contact between two units (FO-R21, across
//! linear terrain too), who is in melee, the surroundings of a line of
//! sight (0.11), and the terrain cover a target has (FO-R10, FO-R11).

use senlac_board::table::{Aspect, Base, Contact, Piece, Screen, Surroundings};

use super::state::State;
use super::tables::{Cover, TOL};

/// A unit's base in its logical frame: its marked flank as its front.
pub fn logical(state: &State, unit: usize) -> Option<Base> {
    let base = state.bases[unit]?;
    Some(match state.units[unit].marked_front {
        Some(side) => base.with_front(side),
        None => base,
    })
}

/// The contact between two units' logical bases, edge to edge along a BD,
/// or across a wall, ditch or ford that both line (FO-R21): the one
/// definition play, movement and charges use.
pub fn contact(state: &State, a: usize, b: usize) -> Option<Contact> {
    let (mine, theirs) = (logical(state, a)?, logical(state, b)?);
    let bd = state.roster.options.base.depth;
    if let Some(contact) = mine.contact(&theirs, bd) {
        return Some(contact);
    }
    state
        .roster
        .terrain
        .iter()
        .filter(|t| fought_across(&t.word))
        .find_map(|t| {
            let width = band_width(&t.piece)?;
            mine.contact_across(&theirs, bd, width).filter(|c| {
                t.piece.lined_by(&mine, c.mine, bd) && t.piece.lined_by(&theirs, c.theirs, bd)
            })
        })
}

/// The width of a band piece (a wall, a ditch, a ford laid as a line):
/// the short side of its first rectangle.
pub fn band_width(piece: &Piece) -> Option<f64> {
    let part = piece.parts().iter().find(|p| p.points().len() == 4)?;
    part.edges().map(|e| e.length()).reduce(f64::min)
}

/// Whether a piece is one units fight across (0.10, FO-R21).
pub fn fought_across(word: &str) -> bool {
    matches!(word, "wall" | "ditch" | "ford")
}

/// The enemies on the table a unit is in contact with, each with the
/// contact.
pub fn enemies_in_contact(state: &State, unit: usize) -> Vec<(usize, Contact)> {
    let side = state.roster.units[unit].side;
    if !state.on_table(unit) {
        return Vec::new();
    }
    (0..state.roster.units.len())
        .filter(|&e| state.roster.units[e].side != side && state.on_table(e))
        .filter_map(|e| contact(state, unit, e).map(|c| (e, c)))
        .collect()
}

/// The enemies touching a unit's front (3.1).
pub fn frontal(state: &State, unit: usize) -> Vec<usize> {
    enemies_in_contact(state, unit)
        .into_iter()
        .filter(|(_, c)| c.mine == Aspect::Front)
        .map(|(e, _)| e)
        .collect()
}

/// The sight-blocking area pieces (0.11e).
pub fn screens(state: &State) -> Vec<Screen<'_>> {
    state
        .roster
        .terrain
        .iter()
        .filter(|t| t.kind.area && t.kind.blocks_sight)
        .map(|t| Screen {
            piece: &t.piece,
            hill: t.kind.word == "hill",
        })
        .collect()
}

/// The bases a sight line from `attacker` to `target` may meet: every other
/// unit on the table, and the target's friends.
pub fn others(state: &State, attacker: usize, target: usize) -> (Vec<Base>, Vec<Base>) {
    let side = state.roster.units[target].side;
    let mut all = Vec::new();
    let mut friends = Vec::new();
    for u in 0..state.roster.units.len() {
        if u == attacker || u == target {
            continue;
        }
        let Some(base) = logical(state, u) else {
            continue;
        };
        all.push(base);
        if state.roster.units[u].side == side {
            friends.push(base);
        }
    }
    (all, friends)
}

/// The surroundings of a sight line, from what [`others`] and [`screens`]
/// give.
pub fn surroundings<'a>(
    state: &State,
    units: &'a [Base],
    friends: &'a [Base],
    screens: &'a [Screen<'a>],
) -> Surroundings<'a> {
    Surroundings {
        units,
        target_friends: friends,
        screens,
        bd: state.roster.options.base.depth,
    }
}

/// Whether the target has terrain cover against this attacker (1.2b, 3.2b,
/// FO-R10): terrain counts once (FO-R11). `side` is the target's side the
/// attack comes at; `charged` whether it was charged this player turn.
pub fn cover(
    state: &State,
    attacker: usize,
    target: usize,
    side: Aspect,
    melee: bool,
    charged: bool,
) -> Option<&'static str> {
    let (ab, tb) = (logical(state, attacker)?, logical(state, target)?);
    let bd = state.roster.options.base.depth;
    let eye = ab.front_centre();
    state.roster.terrain.iter().find_map(|t| {
        let kind = t.kind;
        // Whether this kind covers at all here (the rules' question), then
        // whether the target stands to it so (the geometry's).
        if !kind.covers(melee, charged) {
            return None;
        }
        let rule = if melee {
            kind.melee_cover
        } else {
            kind.shooting_cover
        };
        let holds = match rule {
            Cover::None => false,
            Cover::Within | Cover::WithinWhenCharged => t.piece.holds(&tb),
            Cover::Uphill => t.piece.holds(&tb) && !t.piece.holds(&ab),
            Cover::Lining => {
                t.piece.lined_by(&tb, side, bd) && {
                    // It intervenes: the line from the attacker's front centre
                    // to the side's midpoint crosses it (spec 4.5).
                    let mid = tb.edge(side).midpoint();
                    let line = senlac_board::table::Segment::new(eye, mid);
                    t.piece.chord(line) > TOL
                }
            }
            Cover::Crossing => {
                t.piece.overlaps(&ab.footprint())
                    && (state.roster.terrain.iter())
                        .any(|r| r.kind.word == "river" && r.piece.lined_by(&tb, side, bd))
            }
        };
        holds.then_some(kind.word)
    })
}
