//! The rolls a side makes rather than a unit: force morale after each
//! removal (FM.1–FM.5, FO-R28), the initiative roll-off that opens each
//! turn from the second (IN.2–IN.6, FO-R32), and the Triple-Zed roll-off
//! (0.00, FO-R40), which changes nothing.

use senlac_notation::lower::Action;
use senlac_notation::{Atom, AtomKind, Fix};

use super::claims::{self, Told};
use super::event::Event;
use super::hits::{Initiative, Morale, Rolled};
use super::options::Opt;
use super::state::{Owed, Phase, State};
use super::{Fold, codes, rules};
use crate::violation::Violation;

/// The faces of the first roll among `atoms`, checked against the die.
fn faces(
    state: &State,
    atoms: &[Atom<'_>],
    count: usize,
    at: senlac_notation::Span,
    what: &str,
    out: &mut Vec<Violation>,
) -> Option<Vec<u8>> {
    let die = state.roster.options.die;
    let Some(atom) = atoms.iter().find(|a| a.kind == AtomKind::Dice) else {
        out.push(
            Violation::of(
                &codes::MISSING_ROLL,
                at,
                format!("{what} is a roll: write it, `{}:N`", die.word()),
                rules::DICE,
            )
            .label("no roll"),
        );
        return None;
    };
    let Some(rolled) = Rolled::read(atom.text) else {
        out.push(Violation::of(
            &codes::WRONG_DIE,
            atom.span,
            format!("`{}` is no roll", atom.text),
            rules::DICE,
        ));
        return None;
    };
    match die.check(&rolled, count) {
        Ok(faces) => Some(faces.to_vec()),
        Err(fault) => {
            out.push(fault.at(atom.span));
            None
        }
    }
}

/// `SIDE morale ROLL`: owed by a removal (FM.1, FO-R28).
pub fn morale(fold: &mut Fold<'_>, side: usize, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    let name = fold.roster.sides[side].clone();
    if !fold.owed.contains(&Owed::Morale { side }) {
        out.push(
            Violation::of(
                &codes::UNOWED_MORALE_ROLL,
                action.span,
                format!("the {name} owe no force-morale roll here: one is rolled right after each unit they lose"),
                rules::MORALE,
            )
            .label("no roll owed"),
        );
        return;
    }
    let options = &fold.roster.options;
    let two = options.has(Opt::ForceMoraleTwoDice);
    let other = 1 - side.min(1);
    let army = (fold.roster.units.iter())
        .filter(|u| u.side == side && !u.personality)
        .count();
    let check = Morale {
        losses: fold.lost[side],
        small_army: (3..=4).contains(&army),
        odds: options.has(Opt::ForceMoraleOdds) && fold.lost[other] > fold.lost[side],
        personality: options.has(Opt::ForceMoralePersonality)
            && (0..fold.roster.units.len()).any(|p| {
                fold.roster.units[p].side == side
                    && fold.roster.units[p].personality
                    && fold.hosts[p].is_some()
            }),
        bonus: 0,
    };
    let roll = faces(
        fold,
        action.args(),
        1 + usize::from(two),
        action.verb().span,
        "force morale",
        out,
    )
    .and_then(|f| match check.roll(&f, two) {
        Ok(result) => Some(result),
        Err(fault) => {
            out.push(fault.at(action.span));
            None
        }
    });
    // A roll not read is taken as held: the log played on.
    let routed = roll.is_some_and(|r| !r.holds);
    fold.emit(Event::Morale { side, routed });
    claims::check(fold, action, side, &Told::default(), out);
}

/// `A initiative ROLL [strategos] > B initiative ROLL [strategos] => W`
/// (IN.2–IN.6, FO-R32): the holder adds its bonus and wins ties.
pub fn initiative(
    fold: &mut Fold<'_>,
    side: usize,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) {
    if !fold
        .owed
        .iter()
        .any(|o| matches!(o, Owed::Initiative { .. }))
    {
        out.push(
            Violation::of(
                &codes::PHASE_ORDER,
                action.span,
                "no initiative roll-off is owed here: it opens the first player turn of each turn from the second, with option initiative",
                rules::INITIATIVE,
            )
            .label("no roll-off owed"),
        );
        return;
    }
    if fold.phase.is_none() {
        fold.emit(Event::PhaseBegan {
            phase: Phase::Initiative,
        });
    }
    let Some(player) = fold.player else {
        return;
    };
    let Some(reply) = action.reactions().find(|r| r.verb.text == "initiative") else {
        let other = &fold.roster.sides[1 - side.min(1)];
        out.push(
            Violation::of(
                &codes::MISSING_INITIATIVE_ROLL,
                action.span,
                format!("a roll-off is one roll for each side: `> {other} initiative ROLL`"),
                rules::MISSING_INITIATIVE,
            )
            .label("the other side's roll is missing"),
        );
        fold.emit(Event::Initiative {
            winner: player.side,
        });
        return;
    };
    let other = fold
        .roster
        .sides
        .iter()
        .position(|s| s == reply.reactor.text);
    let (Some(first), Some(second)) = (
        faces(
            fold,
            action.args(),
            1,
            action.verb().span,
            "an initiative roll",
            out,
        ),
        faces(
            fold,
            reply.args,
            1,
            reply.verb.span,
            "an initiative roll",
            out,
        ),
    ) else {
        fold.emit(Event::Initiative {
            winner: player.side,
        });
        return;
    };
    let Some(other) = other.filter(|&o| o != side) else {
        out.push(
            Violation::of(
                &codes::WRONG_SIDE,
                reply.reactor.span,
                "the roll-off's second roll is the other side's",
                rules::INITIATIVE,
            )
            .label("not the other side"),
        );
        fold.emit(Event::Initiative {
            winner: player.side,
        });
        return;
    };
    let holder = fold.initiative.or(fold.roster.first).unwrap_or(0);
    let challenger = if holder == side { other } else { side };
    let (holder_roll, challenger_roll) = if holder == side {
        (first[0], second[0])
    } else {
        (second[0], first[0])
    };
    let strategos_atom = |s: usize| {
        let args = if s == side { action.args() } else { reply.args };
        args.iter().find(|a| a.text == "strategos").copied()
    };
    if let Some(atom) = strategos_atom(holder) {
        strategos_fault(
            fold,
            &atom,
            "the side holding initiative does not need its Strategos",
            out,
        );
    }
    let mut strategos = false;
    if let Some(atom) = strategos_atom(challenger) {
        let has = (0..fold.roster.units.len()).any(|p| {
            fold.roster.units[p].side == challenger
                && fold.roster.units[p].kind.as_deref() == Some("strategos")
                && fold.hosts[p].is_some()
        });
        if fold.strategos_used[challenger] || !has {
            strategos_fault(
                fold,
                &atom,
                "the Strategos gives his +3 once, and only while on the field",
                out,
            );
        } else {
            strategos = true;
        }
    }
    let options = &fold.roster.options;
    let rolloff = Initiative {
        bonus: options.initiative_bonus,
        losses: options
            .has(Opt::InitiativeLosses)
            .then(|| (fold.lost[holder], fold.lost[challenger])),
        strategos,
    }
    .roll(holder_roll, challenger_roll);
    let winner = if rolloff.keeps { holder } else { challenger };
    fold.emit(Event::Initiative { winner });
    if strategos {
        fold.emit(Event::PersonalityUsed {
            side: challenger,
            strategos: true,
        });
    }
    if winner != player.side {
        out.push(
            Violation::of(
                &codes::TURN_ORDER,
                action.span,
                format!(
                    "{}: the {} play first in turn {}, and the turn line names the {}",
                    rolloff.explanation(),
                    fold.roster.sides[winner],
                    fold.turn,
                    fold.roster.sides[player.side]
                ),
                rules::TURN_ORDER,
            )
            .label(format!("the {} win", fold.roster.sides[winner])),
        );
    }
    let told = Told {
        winner: Some(winner),
        verdict: format!(
            "{} ({} holding)",
            rolloff.explanation(),
            fold.roster.sides[holder]
        ),
        ..Told::default()
    };
    claims::check(fold, action, side, &told, out);
}

fn strategos_fault(fold: &Fold<'_>, atom: &Atom<'_>, why: &str, out: &mut Vec<Violation>) {
    let _ = fold;
    out.push(
        Violation::of(
            &codes::STRATEGOS_USED,
            atom.span,
            why.to_string(),
            rules::STRATEGOS,
        )
        .label("no Strategos bonus"),
    );
}

/// `A zed "Q" ROLL > B zed ROLL => W` (0.00, FO-R40): recorded and checked
/// for consistency; it changes nothing.
pub fn zed(fold: &mut Fold<'_>, side: usize, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    let Some(reply) = action.reactions().find(|r| r.verb.text == "zed") else {
        out.push(
            Violation::of(
                &codes::ZED_WINNER,
                action.span,
                "a Triple-Zed roll-off is one roll for each side: `> SIDE zed ROLL => WINNER`",
                rules::ZED,
            )
            .label("one roll"),
        );
        return;
    };
    let other = fold
        .roster
        .sides
        .iter()
        .position(|s| s == reply.reactor.text);
    let (Some(a), Some(b), Some(other)) = (
        faces(
            fold,
            action.args(),
            1,
            action.verb().span,
            "a zed roll",
            out,
        ),
        faces(fold, reply.args, 1, reply.verb.span, "a zed roll", out),
        other,
    ) else {
        return;
    };
    let (a, b) = (a[0], b[0]);
    if a == b {
        out.push(
            Violation::of(
                &codes::ZED_WINNER,
                reply.args.first().map_or(action.span, |x| x.span),
                format!(
                    "{a} and {b} tie: a tie is rolled again, and only the last rolls are written"
                ),
                rules::ZED,
            )
            .label("a tie"),
        );
        return;
    }
    let winner = if a > b { side } else { other };
    let name = fold.roster.sides[winner].clone();
    let claimed = action
        .outcome()
        .into_iter()
        .flatten()
        .find(|x| fold.roster.sides.iter().any(|s| s == x.text));
    if let Some(claim) = claimed.filter(|c| c.text != name) {
        out.push(
            Violation::of(
                &codes::ZED_WINNER,
                claim.span,
                format!(
                    "{a} against {b}: the {name} win the roll-off, not the {}",
                    claim.text
                ),
                rules::ZED,
            )
            .label(format!("{name} win"))
            .fix(Fix::new(
                claim.span,
                name.clone(),
                format!("write `{name}`"),
            )),
        );
    }
}
