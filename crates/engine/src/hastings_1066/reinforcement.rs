//! Hastings: 1066's reinforcements in the movement segment (11.4.1,
//! 4.3.8.2, HS-R37): `UNIT enter PATH facing=F [=> UNIT WING]`, the Great
//! Fyrd coming on at 0116 in their turn, the second of two with a movement
//! point already spent; the wing each joins once it comes within a
//! leader's command radius or next to an enemy; and the one that never
//! came.

use senlac_board::{Cell, hex};
use senlac_notation::Span;
use senlac_notation::lower::Action;

use super::Fold;
use super::codes;
use super::event::Event;
use super::ground::{self, ENTRY_HEX, Mover};
use super::movement::{self, OrderOf, Pay, Written, cite};
use super::state::{Part, PhaseFlags, Standing, State, Wing};
use super::tables::{self, Order, Side};
use crate::violation::Violation;

/// `enter` (11.4.1, HS-R37): a Saxon reinforcement comes on at 0116, or
/// past a friend there, or at the nearest free hex of the north edge when
/// 0116 is blocked; paying for the first hex, the second of a turn with 1
/// MP spent.
pub(super) fn enter(
    fold: &mut Fold<'_>,
    piece: usize,
    action: &Action<'_, '_>,
    written: &Written<'_>,
    out: &mut Vec<Violation>,
) {
    let Some(mover) = Mover::of(fold, piece) else {
        return;
    };
    let name = fold.named(piece);
    let Some(info) = fold.info(piece) else {
        return;
    };
    let actor = action.actor().span;
    let (Some(arrives), Side::Saxons) = (info.arrives, info.side) else {
        out.push(Violation::of(
            &codes::REINFORCEMENT_ENTRY,
            actor,
            format!(
                "{name} is no reinforcement: only the Great Fyrd declared with `arrives=T` enter"
            ),
            cite::ENTRY,
        ));
        return;
    };
    if fold.pieces[piece].phase.moved {
        out.push(Violation::of(
            &codes::MOVED_TWICE,
            action.verb().span,
            format!("{name} has already entered in this movement segment"),
            cite::ONCE,
        ));
        return;
    }
    if fold.pieces[piece].at.is_some() || fold.pieces[piece].standing == Standing::Eliminated {
        out.push(Violation::of(
            &codes::REINFORCEMENT_ENTRY,
            actor,
            format!("{name} has already entered: a unit on the map moves with `move`"),
            cite::ENTRY,
        ));
        return;
    }
    if fold.turn < arrives {
        out.push(Violation::of(
            &codes::REINFORCEMENT_EARLY,
            action.verb().span,
            format!("{name} arrives in turn {arrives}, not turn {}", fold.turn),
            cite::ENTRY,
        ));
        return;
    }
    let Some(path) = movement::path_from(fold, piece, None, written, action, out) else {
        return;
    };
    let span = written.path.map_or(action.span, |p| p.span);
    let first = path[0];
    let allowed = entry_hexes(fold, mover);
    if !allowed.contains(&first) {
        let hexes: Vec<String> = allowed.iter().map(Cell::to_string).collect();
        out.push(Violation::of(
            &codes::REINFORCEMENT_ENTRY,
            span,
            format!(
                "{name} enters at {first}; reinforcements enter at {}",
                if hexes.is_empty() {
                    "0116, or the nearest free hex of the north edge".to_string()
                } else {
                    hexes.join(" or ")
                }
            ),
            cite::ENTRY,
        ));
        return;
    }
    let second = fold.pieces.iter().any(|p| p.phase.entered);
    let (movement, _) =
        movement::allowance_of(mover, OrderOf::Known(Order::AdvanceToCombat), false);
    let spent = if second {
        tables::SECOND_ARRIVAL_SPENT
    } else {
        0
    };
    let who = if second {
        format!(
            "a reinforcement in Advance to Combat has {}, and the second to enter in a turn has spent {spent} before entering",
            movement.points
        )
    } else {
        format!(
            "a reinforcement in Advance to Combat has {}",
            movement.points
        )
    };
    let pay = Pay::Points {
        allowance: movement.points,
        spent,
    };
    let walked = movement::walk(fold, mover, None, &path, written, pay, out);
    if !walked.broken {
        movement::whole(fold, mover, &path, written, pay, &walked, &who, out);
    }
    let end = *path.last().unwrap_or(&first);
    if written.facing.is_none() {
        out.push(movement::missing_facing(fold, piece, action.span, end));
    }
    movement::check_status(fold, piece, written.status, walked.result, out);
    assign(
        fold,
        piece,
        end,
        written.wing,
        written.wing.map_or(action.span, |(_, s)| s),
        out,
    );
    fold.emit(Event::Moved {
        piece,
        from: None,
        path,
        facing: written.facing.and_then(|(v, _)| v),
    });
    fold.emit(Event::Acted {
        piece,
        flags: PhaseFlags {
            moved: true,
            entered: true,
            ..PhaseFlags::default()
        },
    });
}

/// Where a reinforcement may come on (HS-R37): 0116; with a friendly unit
/// there, 0116 (passing through) or the nearest unoccupied hex of the north
/// edge; with an enemy there, that hex only.
fn entry_hexes(state: &State, mover: Mover) -> Vec<Cell> {
    let roster = &state.roster;
    if !roster.extent.contains(ENTRY_HEX) {
        return Vec::new();
    }
    let enemy = ground::enemy_in(state, mover.side, ENTRY_HEX).is_some();
    let friend = ground::friend_in(state, mover, ENTRY_HEX).is_some();
    if !enemy && !friend {
        return vec![ENTRY_HEX];
    }
    let parity = roster.parity;
    let free: Vec<(u32, Cell)> = (1..=roster.extent.rows)
        .map(|row| Cell { column: 1, row })
        .filter(|&c| state.unit_at(c).is_none() && ground::enemy_in(state, mover.side, c).is_none())
        .map(|c| (hex::distance(c, ENTRY_HEX, parity), c))
        .collect();
    let nearest = free.iter().map(|&(d, _)| d).min();
    let mut hexes: Vec<Cell> = free
        .into_iter()
        .filter(|&(d, _)| Some(d) == nearest)
        .map(|(_, c)| c)
        .collect();
    if !enemy {
        hexes.insert(0, ENTRY_HEX);
    }
    hexes
}

/// 4.3.8.2, HS-R37: a reinforcement not yet in a wing joins the wing of the
/// nearest living leader once it ends a move within a leader's command
/// radius or next to an enemy; on a tie the log names the wing.
pub(super) fn assign(
    fold: &mut Fold<'_>,
    piece: usize,
    end: Cell,
    claimed: Option<(Wing, Span)>,
    span: Span,
    out: &mut Vec<Violation>,
) {
    let Some(info) = fold.info(piece) else {
        return;
    };
    let unassigned =
        info.side == Side::Saxons && info.arrives.is_some() && fold.part_of(piece).is_none();
    let name = fold.named(piece);
    if !unassigned {
        if let Some((wing, span)) = claimed {
            out.push(Violation::of(
                &codes::REINFORCEMENT_WING,
                span,
                format!(
                    "{name} joins no wing here: only a Saxon reinforcement not yet in one is assigned (claimed {})",
                    wing.word()
                ),
                cite::WING,
            ));
        }
        return;
    }
    let parity = fold.roster.parity;
    let leaders: Vec<(u32, Wing)> = (0..fold.pieces.len())
        .filter_map(|l| {
            let li = fold.info(l)?;
            let Some(Part::Wing(wing)) = li.part else {
                return None;
            };
            ground::command_radius(fold, l)?;
            let d = hex::distance(end, fold.pieces[l].at?, parity);
            (li.side == Side::Saxons).then_some((d, wing))
        })
        .collect();
    let in_radius = (0..fold.pieces.len()).any(|l| {
        fold.info(l)
            .is_some_and(|li| li.side == Side::Saxons && li.is_leader())
            && ground::command_radius(fold, l).is_some_and(|r| {
                fold.pieces[l]
                    .at
                    .is_some_and(|at| hex::distance(end, at, parity) <= r)
            })
    });
    let triggered = in_radius || ground::next_to_enemy(fold, Side::Saxons, end);
    let nearest = leaders.iter().map(|&(d, _)| d).min();
    let mut wings: Vec<Wing> = leaders
        .iter()
        .filter(|&&(d, _)| Some(d) == nearest)
        .map(|&(_, w)| w)
        .collect();
    wings.dedup();
    if !triggered || wings.is_empty() {
        if let Some((wing, span)) = claimed {
            out.push(Violation::of(
                &codes::REINFORCEMENT_WING,
                span,
                format!(
                    "{name} ends in {end}, within no leader's command radius and next to no enemy: it stays in Advance to Combat and joins no wing yet (claimed {})",
                    wing.word()
                ),
                cite::WING,
            ));
        }
        return;
    }
    let wing = match claimed {
        Some((wing, _)) if wings.contains(&wing) => wing,
        Some((wing, span)) => {
            let names: Vec<&str> = wings.iter().map(|w| w.word()).collect();
            out.push(Violation::of(
                &codes::REINFORCEMENT_WING,
                span,
                format!(
                    "{name} joins the wing of the nearest leader: {}, not {}",
                    names.join(" or "),
                    wing.word()
                ),
                cite::WING,
            ));
            wings[0]
        }
        None if wings.len() > 1 => {
            let names: Vec<&str> = wings.iter().map(|w| w.word()).collect();
            out.push(
                Violation::of(
                    &codes::REINFORCEMENT_WING,
                    span,
                    format!(
                        "{name} is as near to the leaders of the {} wings: name the one it joins",
                        names.join(" and ")
                    ),
                    cite::WING,
                )
                .help(format!("end the line with `=> {} {}`", info.id, names[0])),
            );
            wings[0]
        }
        None => wings[0],
    };
    fold.emit(Event::Assigned { piece, wing });
}

/// Whether a reinforcement could not come on at all: 0116 held by the
/// enemy and no free hex on the north edge (HS-R37: it comes next turn).
pub(super) fn entry_blocked(state: &State, piece: usize) -> bool {
    Mover::of(state, piece).is_none_or(|m| entry_hexes(state, m).is_empty())
}
