//! Personalities in play (PER): who is with a unit and what each adds —
//! the Knight Errant's +1 in melee (PER.KE), the Bow Marshal's BW of range
//! (PER.BM), the Constable's rally after moving (PER.CO), the Banner's
//! rally despite a marker (PER.BA), the Brabanter's reroll (PER.BR), the
//! priest's rally (PER.PR) — and `P join U` at the start of the move phase
//! (PER.0).

use senlac_notation::value::unit_refs;

use super::event::Event;
use super::play::Act;
use super::state::State;
use super::tables::{PERSONALITY_TRANSFER, TOL};
use super::{Fold, codes, contact, rules};
use crate::violation::Violation;

/// The personalities with a unit now.
pub fn with(state: &State, unit: usize) -> impl Iterator<Item = usize> + '_ {
    (0..state.roster.units.len()).filter(move |&p| state.hosts[p] == Some(unit))
}

/// Whether a personality of this kind is with the unit.
pub fn has(state: &State, unit: usize, kind: &str) -> bool {
    with(state, unit).any(|p| state.roster.units[p].kind.as_deref() == Some(kind))
}

/// Whether a Banner is with the unit (PER.BA).
pub fn banner(state: &State, unit: usize) -> bool {
    with(state, unit).any(|p| state.roster.units[p].banner)
}

/// The side's priest still with one of its units: (priest, host).
pub fn priest_of(state: &State, side: usize) -> Option<(usize, usize)> {
    (0..state.roster.units.len()).find_map(|p| {
        let info = &state.roster.units[p];
        (info.side == side && info.kind.as_deref() == Some("priest"))
            .then(|| state.hosts[p].map(|h| (p, h)))
            .flatten()
    })
}

/// `P join U` (PER.0): before any movement of the phase, from a unit not
/// in melee, to a friend within 6"; a banner never moves (PER.BA).
pub fn join(fold: &mut Fold<'_>, act: &Act<'_, '_, '_>, out: &mut Vec<Violation>) {
    let p = act.unit;
    let side = fold.roster.units[p].side;
    let Some(target_atom) = act.action.args().first() else {
        fault(
            fold,
            act,
            "a join names the unit joined: `P join U`".into(),
            out,
        );
        return;
    };
    let Some(host) = unit_refs(target_atom)
        .next()
        .and_then(|r| fold.roster.unit(side, r.id))
        .filter(|&u| !fold.roster.units[u].personality)
    else {
        out.push(
            Violation::of(
                &codes::UNKNOWN_UNIT,
                target_atom.span,
                format!(
                    "no unit `{}` of the {} to join",
                    target_atom.text, fold.roster.sides[side]
                ),
                rules::JOIN,
            )
            .label("unknown unit"),
        );
        return;
    };
    let why = if fold.roster.units[p].banner {
        Some("a personality with a banner stays with one unit all battle".to_string())
    } else if let Some(mover) = (0..fold.roster.units.len())
        .find(|&u| fold.roster.units[u].side == side && fold.units[u].this_turn.moved)
    {
        Some(format!(
            "{} has moved this phase: joins come before any movement",
            fold.name(mover)
        ))
    } else if let Some(old) = fold.hosts[p] {
        if contact::enemies_in_contact(fold, old).is_empty() {
            let gap = match (fold.bases[old], fold.bases[host]) {
                (Some(a), Some(b)) => a.distance(&b),
                _ => f64::INFINITY,
            };
            (gap > PERSONALITY_TRANSFER + TOL).then(|| {
                format!(
                    "{} is {gap:.2}\" from {}: a personality moves at most 6\"",
                    fold.name(old),
                    fold.name(host)
                )
            })
        } else {
            Some(format!(
                "{} is in melee, and its personality stays",
                fold.name(old)
            ))
        }
    } else {
        Some(format!("{} has left the field", fold.name(p)))
    };
    if let Some(why) = why {
        fault(fold, act, why, out);
        return;
    }
    fold.emit(Event::Joined {
        personality: p,
        host: Some(host),
    });
}

fn fault(fold: &Fold<'_>, act: &Act<'_, '_, '_>, why: String, out: &mut Vec<Violation>) {
    out.push(
        Violation::of(
            &codes::PERSONALITY_TRANSFER,
            act.action.span,
            format!("{} cannot join: {why}", fold.name(act.unit)),
            rules::JOIN,
        )
        .label("no join"),
    );
}
