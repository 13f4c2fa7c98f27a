//! The Turn Record Phase (3.2, 3.3, 12.2; HS-R27, HS-R28, HS-R44):
//! `SIDE tally => points=N`, the casualty points a side has lost, and
//! `Normans extend half|three-quarters|encircled`, an extension of the
//! Assault Period claimed by a condition that holds.

use senlac_board::flood;
use senlac_notation::lower::Action;
use senlac_notation::value;

use super::Fold;
use super::codes;
use super::event::Event;
use super::melee::controls;
use super::rules;
use super::setup::first_word;
use super::state::{Extension, LeaderStanding, Piece, PieceInfo, PieceState, Standing, State};
use super::tables::{self, Side};
use crate::violation::Violation;

/// The casualty points `side` has lost (12.2, HS-R44): eliminated units by
/// their morale letter, killed or captured leaders by name.
pub fn points_lost(state: &State, side: Side) -> u32 {
    state
        .roster
        .pieces
        .iter()
        .zip(&state.pieces)
        .filter(|(info, _)| info.side == side)
        .map(|(info, piece)| points_of(info, piece))
        .sum()
}

/// The casualty points one piece has cost its side: its morale letter's
/// once eliminated, a leader's by name once killed or captured (12.2).
pub fn points_of(info: &PieceInfo, piece: &PieceState) -> u32 {
    match info.piece {
        Piece::Unit(f) if piece.standing == Standing::Eliminated => tables::unit_points(f.grade),
        Piece::Leader(_)
            if matches!(
                piece.leader,
                LeaderStanding::Killed | LeaderStanding::Captured
            ) =>
        {
            tables::leader_points(first_word(&info.name))
        }
        _ => 0,
    }
}

/// `SIDE tally => points=N`.
pub fn tally(state: &State, side: Side, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    let lost = points_lost(state, side);
    let Some(outcome) = action.outcome() else {
        return;
    };
    for atom in outcome {
        let Some(("points", v)) = value::pair(atom) else {
            continue;
        };
        if value::integer(&v) != Some(i64::from(lost)) {
            out.push(
                Violation::of(
                    &codes::CASUALTY_POINTS_MISMATCH,
                    atom.span,
                    format!(
                        "the {} have lost {lost} casualty points (A 15, B 7, C 3, D 2, E 1 a unit; William 50, Harold 25, Odo 10, other leaders 5); the log says points={}",
                        side.word(),
                        v.text
                    ),
                    rules::CASUALTY_POINTS,
                )
                .help(format!("write `points={lost}`")),
            );
        }
    }
}

/// The share of Norman combat units on the map standing on Senlac Hill
/// (HS-R28): (on the hill, on the map).
pub fn on_the_hill(state: &State) -> (usize, usize) {
    let normans = state
        .roster
        .pieces
        .iter()
        .zip(&state.pieces)
        .filter(|(info, piece)| {
            info.side == Side::Normans && !info.is_leader() && piece.at.is_some()
        });
    let on = normans
        .clone()
        .filter(|(_, piece)| {
            piece
                .at
                .and_then(|c| state.roster.ground_at(c))
                .is_some_and(|g| g.senlac_hill)
        })
        .count();
    (on, normans.count())
}

/// HS-R27: every undisrupted, unrouted Saxon unit is encircled when the
/// ground its hexes reach, through hexes with no Norman unit and in no
/// Norman zone of control, holds nothing but Saxon combat units.
pub fn encircled(state: &State) -> bool {
    let saxons: Vec<usize> = (0..state.pieces.len())
        .filter(|&p| {
            state
                .info(p)
                .is_some_and(|i| i.side == Side::Saxons && !i.is_leader())
                && state.pieces[p].standing == Standing::Good
                && state.pieces[p].at.is_some()
        })
        .collect();
    if saxons.is_empty() {
        return false;
    }
    let norman_units: Vec<usize> = (0..state.pieces.len())
        .filter(|&p| {
            state
                .info(p)
                .is_some_and(|i| i.side == Side::Normans && !i.is_leader())
        })
        .collect();
    let controlled: Vec<senlac_board::Cell> = norman_units
        .iter()
        .flat_map(|&n| controls(state, n))
        .collect();
    let held = |c: senlac_board::Cell| norman_units.iter().any(|&n| state.pieces[n].at == Some(c));
    let region = flood::region(
        saxons.iter().filter_map(|&p| state.pieces[p].at),
        state.roster.extent,
        state.roster.parity,
        |c| !held(c) && !controlled.contains(&c),
    );
    region.iter().all(|&c| {
        state
            .unit_at(c)
            .is_some_and(|u| state.info(u).is_some_and(|i| i.side == Side::Saxons))
    })
}

/// `Normans extend half|three-quarters|encircled` (3.3.1, HS-R26): at the
/// end of a period's eighth turn, once, naming a condition that holds.
pub fn extend(fold: &mut Fold<'_>, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    let Some(word) = action.args().first() else {
        out.push(Violation::of(
            &codes::EXTENSION_NOT_EARNED,
            action.span,
            "an extension names its condition: `half`, `three-quarters` or `encircled`",
            rules::EXTENSION,
        ));
        return;
    };
    if let Some(taken) = fold.extension {
        out.push(Violation::of(
            &codes::EXTENSION_CONFLICT,
            action.span,
            format!(
                "the Normans extended Period {} already (`{}`): one condition a period, their choice",
                fold.period,
                taken.word()
            ),
            rules::EXTENSION,
        ));
        return;
    }
    let eighth = fold.turn_in_period() == super::period::TURNS;
    if !eighth {
        out.push(Violation::of(
            &codes::EXTENSION_NOT_EARNED,
            action.span,
            format!(
                "Battle Turn {} is turn {} of Period {}: a period is extended at the end of its eighth turn, {}",
                fold.turn,
                fold.turn_in_period(),
                fold.period,
                fold.period_start.saturating_add(super::period::TURNS - 1)
            ),
            rules::EXTENSION,
        ));
        return;
    }
    let (on, all) = on_the_hill(fold);
    let extension = Extension::parse(word.text);
    let holds = match extension {
        Some(Extension::Half) => 2 * on > all,
        Some(Extension::ThreeQuarters) => 4 * on > 3 * all,
        Some(Extension::Encircled) => encircled(fold),
        None => false,
    };
    if !holds {
        out.push(Violation::of(
            &codes::EXTENSION_NOT_EARNED,
            word.span,
            match word.text {
                "half" | "three-quarters" => format!(
                    "{on} of the {all} Norman combat units on the map stand on Senlac Hill: not more than {}",
                    if word.text == "half" { "half" } else { "three quarters" }
                ),
                "encircled" => "some Saxon unit in good order can still reach ground no Norman holds or controls".to_string(),
                other => format!("`{other}` is no condition of 3.3.1: half, three-quarters or encircled"),
            },
            rules::EXTENSION,
        ));
        return;
    }
    if let Some(extension) = extension {
        fold.emit(Event::Extended(extension));
    }
}
