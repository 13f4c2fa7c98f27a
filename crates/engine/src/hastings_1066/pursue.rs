//! Pursuit (9.4; HS-R21): `UNIT pursue PATH facing=F`, owed by an
//! undisrupted victor in Charge or Attack & Pursue order once the unit it
//! routed has retreated. Each step brings it nearer the routed unit; it
//! stops on the first hex next to it, or on entering an enemy zone of
//! control it was not in when the pursuit began. No movement points.

use senlac_board::facing::Vertex;
use senlac_board::{Cell, hex};
use senlac_notation::lower::Action;
use senlac_notation::value;

use super::Fold;
use super::codes;
use super::event::Event;
use super::melee::controls_cell;
use super::rules;
use super::state::{Owed, State};
use crate::reuse::Path;
use crate::violation::Violation;

/// The enemies of `piece` that control `cell`, and whether one stands in
/// it.
fn enemy_at(state: &State, piece: usize, cell: Cell) -> (Vec<usize>, bool) {
    let side = state.info(piece).map(|i| i.side);
    let enemies =
        (0..state.pieces.len()).filter(|&o| state.info(o).is_some_and(|i| Some(i.side) != side));
    let mut controlling = Vec::new();
    let mut occupied = false;
    for enemy in enemies {
        occupied |= state.pieces[enemy].at == Some(cell);
        if controls_cell(state, enemy, cell) {
            controlling.push(enemy);
        }
    }
    (controlling, occupied)
}

/// `UNIT pursue PATH facing=F`.
pub fn line(fold: &mut Fold<'_>, piece: usize, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    let Some((index, target)) = fold.owed.iter().enumerate().find_map(|(i, o)| match o {
        Owed::Pursue {
            piece: p, target, ..
        } if *p == piece => Some((i, *target)),
        _ => None,
    }) else {
        out.push(Violation::of(
            &codes::PURSUIT_NOT_ALLOWED,
            action.span,
            format!(
                "{} owes no pursuit: only a unit in Charge or Attack & Pursue order that routed an enemy in melee pursues it (9.4.1, 9.4.3)",
                fold.name(piece)
            ),
            rules::PURSUIT,
        ));
        return;
    };
    fold.emit(Event::Paid(index));
    let Some(atom) = action.path() else {
        out.push(Violation::of(
            &codes::PURSUIT_PATH,
            action.span,
            "a pursuit lists its hexes from where the unit stands: `F2 pursue 0721-0820 facing=2`",
            rules::PURSUIT_PATH,
        ));
        return;
    };
    let cells: Vec<Cell> = value::cells(atom).collect();
    let (Some(start), Some(goal)) = (fold.pieces[piece].at, fold.pieces[target].at) else {
        return;
    };
    let parity = fold.roster.parity;
    if cells.first() != Some(&start) {
        out.push(Violation::of(
            &codes::PATH_START,
            atom.span,
            format!(
                "{} stands in {start}: the pursuit starts there",
                fold.name(piece)
            ),
            rules::PURSUIT_PATH,
        ));
        return;
    }
    let state: &State = fold;
    // The zones it starts in do not stop it (9.4.5).
    let started_in = enemy_at(state, piece, start).0;
    // Each step nearer the routed unit, into no enemy hex; stop next to it
    // or on entering a new enemy zone of control (9.4.4, 9.4.5).
    let mut here = start;
    let mut stopped = hex::adjacent(here, goal, parity);
    for (i, &next) in cells[1..].iter().enumerate() {
        let nearer = hex::distance(next, goal, parity) < hex::distance(here, goal, parity);
        let (controlling, occupied) = enemy_at(state, piece, next);
        let zoc = controlling.iter().any(|e| !started_in.contains(e));
        if stopped || !hex::adjacent(here, next, parity) || !nearer || occupied {
            out.push(Violation::of(
                &codes::PURSUIT_PATH,
                atom.span,
                format!(
                    "step {} to {next}: a pursuit goes hex by hex nearer {} (in {goal}), into no enemy hex, and stops next to it or in a new enemy zone of control",
                    i + 1,
                    state.name(target)
                ),
                rules::PURSUIT_PATH,
            ));
            return;
        }
        here = next;
        stopped = hex::adjacent(here, goal, parity) || zoc;
    }
    // It goes on while it can (9.4.4: "must move after").
    let could_go_on = !stopped
        && hex::neighbours(here, parity).any(|n| {
            state.roster.extent.contains(n)
                && hex::distance(n, goal, parity) < hex::distance(here, goal, parity)
                && !enemy_at(state, piece, n).1
        });
    if could_go_on {
        out.push(Violation::of(
            &codes::PURSUIT_PATH,
            atom.span,
            format!(
                "the pursuit stops in {here}, neither next to {} nor in a new enemy zone of control: it goes on after it",
                state.name(target)
            ),
            rules::PURSUIT_PATH,
        ));
        return;
    }
    let facing = action.args().iter().find_map(|a| {
        let (k, v) = value::pair(a)?;
        (k == "facing").then(|| Vertex::parse(v.text))?
    });
    fold.emit(Event::Moved {
        piece,
        from: cells.first().copied(),
        path: Path::from_slice(&cells[1..]),
        facing,
    });
}
