//! The Assault Periods and the end of the battle (3.0, 3.1, 3.3, 12.1):
//! where a period ends (its eighth Battle Turn, or its extension's last),
//! the extension the Normans must take when they have earned it, the
//! Norman victories that end the battle at once (every road hex on Senlac
//! Hill, every housecarl), the Saxons' at the end of Period 2, the
//! `win` line's claim, and nothing played after the end.

use senlac_notation::Span;
use senlac_notation::lower::Action;

use super::Fold;
use super::codes;
use super::event::Event;
use super::record::{encircled, on_the_hill, points_lost};
use super::rules;
use super::state::{Decision, Extension, Standing, State, Verdict};
use super::tables::{Class, Side};
use crate::violation::Violation;

/// Battle Turns in an Assault Period before any extension (3.0).
pub const TURNS: u32 = 8;

/// The extension the position earns at the end of a period's eighth turn
/// (3.3.1), the largest first: the Normans may choose any that holds.
pub fn earned(state: &State) -> Vec<Extension> {
    let (on, all) = on_the_hill(state);
    let mut earned = Vec::new();
    if 4 * on > 3 * all {
        earned.push(Extension::ThreeQuarters);
    }
    if 2 * on > all {
        earned.push(Extension::Half);
    }
    if encircled(state) {
        earned.push(Extension::Encircled);
    }
    earned
}

/// Whether the period ends with the Battle Turn being played: its eighth
/// without an extension, its extension's last, or the first after the
/// eighth whose record finds the encirclement broken (3.3.1).
pub fn ends_now(state: &State) -> bool {
    let turn = state.turn_in_period();
    match state.extension {
        None => turn >= TURNS,
        Some(extension) => match extension.turns() {
            Some(more) => turn >= TURNS + more,
            None => !encircled(state),
        },
    }
}

/// The Saxons' victory when Period 2 ends with the turn being played, its
/// Saxon phase is reached, and the Normans have not won (12.1.3).
pub fn time_verdict(state: &State) -> Option<Verdict> {
    let last_phase = state.phasing == Some(Side::Saxons);
    (state.verdict.is_none() && state.period >= 2 && last_phase && ends_now(state)).then_some(
        Verdict {
            winner: Some(Side::Saxons),
            strategic: true,
            decision: Decision::Time,
            turn: state.turn,
        },
    )
}

/// A Battle Turn opens (`N. Normans`): the turn before it ended. An
/// extension earned and not taken is reported; where that turn ended the
/// period, Period 2 opens, or the game is over (3.1).
pub fn turn_opens(fold: &mut Fold<'_>, number: u32, span: Span, out: &mut Vec<Violation>) {
    if fold.phasing.is_none() || fold.verdict.is_some() {
        return;
    }
    let eighth = fold.turn_in_period() == TURNS && fold.extension.is_none();
    if eighth && let Some(&first) = earned(fold).first() {
        // Played as the log goes on: extended (one mistake, one error).
        fold.emit(Event::Extended(first));
        let (on, all) = on_the_hill(fold);
        out.push(
            Violation::of(
                &codes::EXTENSION_MISSING,
                span,
                format!(
                    "Battle Turn {} was the eighth of Period {}, and {}: the Normans extend the period",
                    fold.turn,
                    fold.period,
                    match first {
                        Extension::Encircled => {
                            "every Saxon unit in good order is encircled".to_string()
                        }
                        _ => format!("{on} of the {all} Norman combat units stand on Senlac Hill"),
                    }
                ),
                rules::EXTENSION,
            )
            .help(format!(
                "write `Normans extend {}` in the `record:` of turn {}",
                first.word(),
                fold.turn
            )),
        );
    }
    if !ends_now(fold) {
        return;
    }
    if fold.period >= 2 {
        fold.emit(Event::Decided(Verdict {
            winner: Some(Side::Saxons),
            strategic: true,
            decision: Decision::Time,
            turn: fold.turn,
        }));
        played_on(fold, span, out);
    } else {
        super::reform::settled(fold, span, out);
        fold.emit(Event::PeriodStarted {
            period: fold.period + 1,
            turn: number,
        });
    }
}

/// After each line: a Norman victory ends the battle at once (12.1.1,
/// 12.1.2).
pub fn decide(fold: &mut Fold<'_>) {
    if fold.verdict.is_some() {
        return;
    }
    let road = !fold.road.is_empty() && fold.road.iter().all(|&(_, side)| side == Side::Normans);
    let mut housecarls = (0..fold.pieces.len())
        .filter(|&p| {
            fold.info(p)
                .is_some_and(|i| i.class == Some(Class::Housecarls))
        })
        .peekable();
    let no_housecarls = housecarls.peek().is_some()
        && housecarls.all(|h| fold.pieces[h].standing == Standing::Eliminated);
    if !road && !no_housecarls {
        return;
    }
    // Asked after every line: the losses are counted only for a verdict.
    let lost = |side| points_lost(fold, side);
    let more_norman_losses = lost(Side::Normans) > lost(Side::Saxons);
    let verdict = if road {
        Verdict {
            winner: Some(Side::Normans),
            strategic: !more_norman_losses,
            decision: Decision::Road,
            turn: fold.turn,
        }
    } else if no_housecarls {
        Verdict {
            winner: (!more_norman_losses).then_some(Side::Normans),
            strategic: true,
            decision: Decision::Housecarls,
            turn: fold.turn,
        }
    } else {
        return;
    };
    fold.emit(Event::Decided(verdict));
}

/// What may still be written once the battle is decided: the Turn Record
/// Phase's `win` and `tally` lines.
pub fn allowed_after(action: &Action<'_, '_>) -> bool {
    matches!(action.verb().text, "win" | "tally")
}

/// Play written after the battle ended: reported once, at the first line.
pub fn played_on(fold: &mut Fold<'_>, span: Span, out: &mut Vec<Violation>) {
    let Some(verdict) = fold.verdict else { return };
    if fold.played_on {
        return;
    }
    fold.emit(Event::PlayedOn);
    let (code, message) = match verdict.decision {
        Decision::Time => (
            &codes::GAME_OVER,
            format!(
                "the battle ended with Battle Turn {}, the last of Period 2: the Saxons hold Senlac Hill and win (12.1.3)",
                verdict.turn
            ),
        ),
        decision => (
            &codes::VICTORY_MISSED,
            format!(
                "the battle ended in Battle Turn {}: {} (12.1); nothing is played after it but `win` and `tally` in `record:`",
                verdict.turn,
                why(decision)
            ),
        ),
    };
    out.push(Violation::of(code, span, message, rules::PERIODS));
}

fn why(decision: Decision) -> &'static str {
    match decision {
        Decision::Road => "the Normans hold every road hex on Senlac Hill",
        Decision::Housecarls => "every housecarl unit is eliminated",
        Decision::Time => "Period 2 is over",
    }
}

/// `SIDE win => victory=strategic|tactical|draw` (12.1, HS-R45): the
/// battle is decided, as claimed.
pub fn win(state: &State, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    let actor = action.actor();
    let claim = action.outcome().and_then(|o| {
        o.iter()
            .find_map(|a| senlac_notation::value::pair(a).filter(|(k, _)| *k == "victory"))
    });
    let verdict = state.verdict.or_else(|| time_verdict(state));
    let Some(verdict) = verdict else {
        out.push(Violation::of(
            &codes::VICTORY_CLAIM_MISMATCH,
            action.span,
            "no side has won: the Normans hold some road hex on Senlac Hill short and some housecarl stands, and Period 2 is not over",
            rules::ROAD_VICTORY,
        ));
        return;
    };
    let level = claim.map(|(_, level)| level);
    let holds = match verdict.winner {
        None => level.is_some_and(|l| l.text == "draw"),
        Some(side) => actor.text == side.word() && level.is_none_or(|l| l.text == verdict.level()),
    };
    let lost = format!(
        "the Normans have lost {} casualty points, the Saxons {}",
        points_lost(state, Side::Normans),
        points_lost(state, Side::Saxons)
    );
    if !holds {
        let span = match (verdict.winner, level) {
            (Some(side), Some(level)) if actor.text == side.word() => level.span,
            _ => action.span,
        };
        out.push(
            Violation::of(
                &codes::VICTORY_CLAIM_MISMATCH,
                span,
                format!(
                    "{} ({lost}): {}",
                    why(verdict.decision),
                    match verdict.winner {
                        None => "a draw".to_string(),
                        Some(side) => format!("the {} win, {}", side.word(), verdict.level()),
                    }
                ),
                match verdict.decision {
                    Decision::Road => rules::ROAD_VICTORY,
                    Decision::Housecarls => rules::HOUSECARL_VICTORY,
                    Decision::Time => rules::SAXON_VICTORY,
                },
            )
            .help(match verdict.winner {
                Some(side) => format!("write `{} win => victory={}`", side.word(), verdict.level()),
                None => "write `Normans win => victory=draw`".to_string(),
            }),
        );
    }
}
