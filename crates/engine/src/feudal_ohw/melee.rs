//! Melee (3.1–3.4): `U melee T ROLL [reroll=ROLL]`, by a phasing unit on
//! one enemy touching its front, doubled on a flank or rear, halved by
//! armour and cover (`hits.rs`'s [`Strike`]), removal at once (3.4);
//! and the melee phase's end: every phasing unit in frontal contact must
//! have attacked (FO-R22), and every unit in contact is marked (3.3,
//! FO-R29).

use senlac_board::table::Aspect;
use senlac_notation::{AtomKind, Span};

use super::claims::{self, Told};
use super::event::{Cause, Event};
use super::hits::{Attack, Strike};
use super::options::Opt;
use super::play::{Act, inflict};
use super::shoot::{extras, hit_roll, resolve, target};
use super::{Fold, codes, contact, rules};
use crate::violation::Violation;

/// `U melee T ROLL`.
pub fn melee(fold: &mut Fold<'_>, act: &Act<'_, '_, '_>, out: &mut Vec<Violation>) {
    let unit = act.unit;
    let action = act.action;
    let verb = action.verb().span;
    let Some(class) = fold.roster.units[unit].class else {
        return;
    };
    let Some(foe) = target(
        fold,
        unit,
        action.args().iter().find(|a| a.kind == AtomKind::Word),
        verb,
        out,
    ) else {
        return;
    };
    if fold.units[unit].this_turn.meleed {
        out.push(
            Violation::of(
                &codes::ALREADY_ACTED,
                verb,
                format!(
                    "{} has attacked in this melee phase: one attack a unit",
                    fold.name(unit)
                ),
                rules::MELEE,
            )
            .label("a second attack"),
        );
        return;
    }
    let Some(touch) = contact::contact(fold, unit, foe).filter(|c| c.mine == Aspect::Front) else {
        out.push(
            Violation::of(
                &codes::NOT_IN_FRONTAL_CONTACT,
                verb,
                format!(
                    "{} does not touch the front of {}: a unit strikes only an enemy in contact with its front",
                    fold.name(foe),
                    fold.name(unit)
                ),
                rules::MELEE,
            )
            .label("not in frontal contact"),
        );
        return;
    };
    let count = if fold.roster.options.has(Opt::SixHit) {
        action
            .args()
            .iter()
            .find(|a| a.kind == AtomKind::Dice)
            .and_then(|a| super::hits::Rolled::read(a.text))
            .map_or(1, |r| r.faces.len())
    } else {
        1
    };
    let Some(faces) = hit_roll(fold, unit, action, count, out) else {
        return;
    };
    let side = touch.theirs;
    let charged = fold.units[foe].charged_in == fold.player.map(|p| (fold.turn, p.side));
    let extras = extras(fold, unit, Attack::Melee);
    let strike = Strike {
        attack: Attack::Melee,
        attacker: class,
        target: fold.roster.units[foe].class.unwrap_or(class),
        extras: &extras,
        cover: contact::cover(fold, unit, foe, side, true, charged).is_some(),
        exposed: side != Aspect::Front,
    };
    let (hits, why) = resolve(fold, &strike, &faces, action, foe, out);
    fold.emit(Event::Attacked { unit, target: foe });
    for marked in [unit, foe] {
        if !fold.units[marked].attacked {
            fold.emit(Event::Marker {
                unit: marked,
                on: true,
            });
        }
    }
    inflict(fold, foe, hits, Cause::Melee { by: unit }, true);
    let told = Told {
        took: vec![(foe, hits)],
        why: vec![(foe, why)],
        ..Told::default()
    };
    claims::check(fold, action, fold.roster.units[unit].side, &told, out);
}

/// The melee phase's end (spec 1.3): compulsory attacks checked, markers
/// placed on every unit in contact.
pub fn close(fold: &mut Fold<'_>, at: Span, out: &mut Vec<Violation>) {
    let Some(player) = fold.player else {
        return;
    };
    for unit in 0..fold.roster.units.len() {
        if fold.roster.units[unit].side != player.side
            || !fold.on_table(unit)
            || fold.units[unit].this_turn.meleed
        {
            continue;
        }
        if let Some(&foe) = contact::frontal(fold, unit).first() {
            out.push(
                Violation::of(
                    &codes::MISSING_MELEE,
                    at,
                    format!(
                        "{} is in frontal contact with {} and did not attack: melee is compulsory",
                        fold.name(unit),
                        fold.name(foe)
                    ),
                    rules::COMPULSORY,
                )
                .label(format!("{} owed an attack before this", fold.name(unit))),
            );
        }
    }
    for unit in 0..fold.roster.units.len() {
        if !fold.units[unit].attacked && !contact::enemies_in_contact(fold, unit).is_empty() {
            fold.emit(Event::Marker { unit, on: true });
        }
    }
}
