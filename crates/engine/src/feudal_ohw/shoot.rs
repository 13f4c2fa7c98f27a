//! Shooting (1.1–1.5, 2.8S): `U shoot T ROLL [reroll=ROLL] [> T save
//! ROLL [reroll=ROLL]]`. Who shoots and when, the target, the front arc,
//! line of sight and range on the table, the missile limit, and the hits
//! by `hits.rs`'s [`Strike`]; the target gets an attacked marker (1.3),
//! and is removed at the end of the phase (1.5, in play).

use senlac_board::table::{Aspect, NoSight, SightFor, line_of_sight};
use senlac_notation::lower::Action;
use senlac_notation::value::{unit_refs, value_of};
use senlac_notation::{Atom, AtomKind};

use super::claims::{self, Told};
use super::event::{Cause, Event};
use super::hits::{Attack, Die, Extra, Rolled, Strike};
use super::options::Opt;
use super::play::{Act, inflict};
use super::state::{Activation, Phase, State};
use super::tables::TOL;
use super::{Fold, codes, contact, personality, rules};
use crate::code::CodeInfo;
use crate::violation::Violation;

/// A unit that carries no missiles tries to shoot (1.1).
pub fn cannot_shoot(
    fold: &Fold<'_>,
    unit: usize,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) {
    let class = fold.roster.units[unit].class.map_or("unit", |c| c.word());
    out.push(
        Violation::of(
            &codes::CANNOT_SHOOT,
            action.verb().span,
            format!("{} are {class}, who carry no missiles: only bowmen, brigans and the alternative types with missiles shoot", fold.name(unit)),
            rules::SHOOTING,
        )
        .label("no missiles"),
    );
}

/// The enemy (or, reported, the friend) a shot or an attack names.
pub fn target(
    fold: &Fold<'_>,
    unit: usize,
    atom: Option<&Atom<'_>>,
    verb_span: senlac_notation::Span,
    out: &mut Vec<Violation>,
) -> Option<usize> {
    let side = fold.roster.units[unit].side;
    let Some(atom) = atom else {
        out.push(
            Violation::of(
                &codes::UNKNOWN_UNIT,
                verb_span,
                "the action names no target: `U shoot T ROLL`, `U melee T ROLL`",
                rules::SHOOTING,
            )
            .label("no target"),
        );
        return None;
    };
    let r = unit_refs(atom).next()?;
    let named = r
        .side
        .and_then(|s| fold.roster.sides.iter().position(|n| n == s));
    let found = (0..fold.roster.sides.len())
        .filter(|&s| s != side && named.is_none_or(|n| n == s))
        .chain(std::iter::once(side).filter(|&s| named.is_none_or(|n| n == s)))
        .find_map(|s| fold.roster.unit(s, r.id))
        .filter(|&u| !fold.roster.units[u].personality);
    let Some(found) = found else {
        out.push(
            Violation::of(
                &codes::UNKNOWN_UNIT,
                atom.span,
                format!("no unit `{}` to target", atom.text),
                rules::SHOOTING,
            )
            .label("unknown unit"),
        );
        return None;
    };
    if fold.roster.units[found].side == side {
        out.push(
            Violation::of(
                &codes::FRIENDLY_TARGET,
                atom.span,
                format!(
                    "{} is a friend of {}: attacks are at enemies",
                    fold.name(found),
                    fold.name(unit)
                ),
                rules::SHOOTING,
            )
            .label("a friend"),
        );
        return None;
    }
    if !fold.on_table(found) {
        out.push(
            Violation::of(
                &codes::UNIT_REMOVED,
                atom.span,
                format!("{} has been removed", fold.name(found)),
                rules::REMOVED,
            )
            .label("removed"),
        );
        return None;
    }
    Some(found)
}

/// The step-a extras of a unit's own rolls: its role and advantages, the
/// Knight Errant in melee, Tired (TU).
pub fn extras(state: &State, unit: usize, attack: Attack) -> Vec<Extra> {
    let info = &state.roster.units[unit];
    let mut extras = Vec::new();
    let own = match attack {
        Attack::Shoot => info.shoot_extra,
        Attack::Melee => info.melee_extra,
    };
    if own != 0 {
        extras.push(Extra {
            what: "role or advantage",
            value: own,
        });
    }
    if attack == Attack::Melee && personality::has(state, unit, "knight-errant") {
        extras.push(Extra::KNIGHT_ERRANT);
    }
    if state.units[unit].tired {
        extras.push(Extra::TIRED);
    }
    extras
}

/// The roll of a hit, checked for its die and count: (faces, the roll's
/// atom). `reroll=` only for a Brabanter's unit, whose reroll stands
/// (PER.BR, FO-R45).
pub fn hit_roll(
    fold: &Fold<'_>,
    unit: usize,
    action: &Action<'_, '_>,
    count: usize,
    out: &mut Vec<Violation>,
) -> Option<Vec<u8>> {
    let die: Die = fold.roster.options.die_for(fold.roster.units[unit].trained);
    let args = action.args();
    let Some(roll) = args.iter().find(|a| a.kind == AtomKind::Dice) else {
        out.push(
            Violation::of(
                &codes::MISSING_ROLL,
                action.verb().span,
                format!(
                    "{} rolls for its hits: write the roll, `{}:N`",
                    fold.name(unit),
                    die.word()
                ),
                rules::DICE,
            )
            .label("no roll"),
        );
        return None;
    };
    let reroll = args
        .iter()
        .find_map(|a| value_of(a, "reroll").map(|v| (a, v)));
    let written = match reroll {
        Some((_, again)) if personality::has(fold, unit, "brabanter") => again,
        Some((pair, _)) => {
            out.push(
                Violation::of(
                    &codes::REROLL_NOT_ALLOWED,
                    pair.span,
                    format!("{} has no Brabanter: its hit roll stands", fold.name(unit)),
                    rules::REROLL,
                )
                .label("no reroll"),
            );
            *roll
        }
        None => *roll,
    };
    let Some(rolled) = Rolled::read(written.text) else {
        return fail(
            out,
            &codes::WRONG_DIE,
            &written,
            format!("`{}` is no roll", written.text),
        );
    };
    match die.check(&rolled, count) {
        Ok(faces) => Some(faces.to_vec()),
        Err(fault) => {
            out.push(fault.at(written.span));
            None
        }
    }
}

fn fail<T>(
    out: &mut Vec<Violation>,
    code: &'static CodeInfo,
    atom: &Atom<'_>,
    message: String,
) -> Option<T> {
    out.push(Violation::of(code, atom.span, message, rules::DICE));
    None
}

/// `U shoot T ROLL`.
pub fn shoot(fold: &mut Fold<'_>, act: &Act<'_, '_, '_>, out: &mut Vec<Violation>) {
    let unit = act.unit;
    let action = act.action;
    let Some(class) = fold.roster.units[unit].class else {
        return;
    };
    let verb = action.verb().span;
    let Some(target) = target(
        fold,
        unit,
        action.args().iter().find(|a| a.kind == AtomKind::Word),
        verb,
        out,
    ) else {
        return;
    };
    let legal = legal(fold, unit, target, verb, out);
    let (shooter, aim) = (contact::logical(fold, unit), contact::logical(fold, target));
    let (Some(shooter), Some(aim)) = (shooter, aim) else {
        return;
    };
    let side = legal.unwrap_or_else(|| aim.arc_of(shooter.front_centre()).unwrap_or(Aspect::Front));
    let Some(faces) = faces(fold, unit, target, action, out) else {
        return;
    };
    let extras = extras(fold, unit, Attack::Shoot);
    let target_class = fold.roster.units[target].class.unwrap_or(class);
    let charged = fold.units[target].charged_in == fold.player.map(|p| (fold.turn, p.side));
    let strike = Strike {
        attack: Attack::Shoot,
        attacker: class,
        target: target_class,
        extras: &extras,
        cover: contact::cover(fold, unit, target, side, false, charged).is_some(),
        exposed: side == Aspect::Rear,
    };
    let (hits, why) = resolve(fold, &strike, &faces, action, target, out);
    fold.emit(Event::Shot { unit, target });
    inflict(fold, target, hits, Cause::Shot { by: unit }, false);
    if !fold.units[target].attacked {
        fold.emit(Event::Marker {
            unit: target,
            on: true,
        });
    }
    let info = &fold.roster.units[unit];
    let natural_five = fold.roster.options.has(Opt::MissilesNatural5)
        && (faces.first() == Some(&5)
            || (info.dis.as_deref() == Some("runs-out-5-6") && faces.first() == Some(&6)));
    let limit = fold.shot_limit(unit);
    if !fold.units[unit].out_of_missiles
        && (natural_five || limit.is_some_and(|l| fold.units[unit].shots >= l))
    {
        fold.emit(Event::OutOfMissiles { unit });
    }
    let told = Told {
        took: vec![(target, hits)],
        why: vec![(target, why)],
        ..Told::default()
    };
    claims::check(fold, action, fold.roster.units[unit].side, &told, out);
}

/// The shot's own rules, each reported: the side of the target it strikes
/// when legal.
fn legal(
    fold: &Fold<'_>,
    unit: usize,
    target: usize,
    verb: senlac_notation::Span,
    out: &mut Vec<Violation>,
) -> Option<Aspect> {
    let u = &fold.units[unit];
    let mut fault = |code: &'static CodeInfo, message: String, rule: &'static str, label: &str| {
        out.push(Violation::of(code, verb, message, rule).label(label.to_string()));
        None
    };
    if u.this_turn.shot.is_some() {
        return fault(
            &codes::ALREADY_ACTED,
            format!(
                "{} has shot this player turn: a unit shoots once a turn",
                fold.name(unit)
            ),
            rules::ONE_SHOT,
            "a second shot",
        );
    }
    if u.out_of_missiles {
        return fault(
            &codes::OUT_OF_MISSILES,
            format!(
                "{} is out of missiles after {} shots",
                fold.name(unit),
                u.shots
            ),
            rules::MISSILES,
            "out of missiles",
        );
    }
    if let Some(&(enemy, _)) = contact::enemies_in_contact(fold, unit).first() {
        return fault(
            &codes::SHOOTER_IN_MELEE,
            format!(
                "{} is in contact with {}: a unit in melee does not shoot",
                fold.name(unit),
                fold.name(enemy)
            ),
            rules::SHOOTER_IN_MELEE,
            "in melee",
        );
    }
    if fold.phase == Some(Phase::Move) && u.this_turn.activation == Activation::Closed {
        return fault(
            &codes::ALREADY_ACTED,
            format!(
                "{} moved earlier in this phase and another unit has acted since: its shot was part of that activation",
                fold.name(unit)
            ),
            rules::SHOT_MID_MOVE,
            "a second activation",
        );
    }
    let (shooter, aim) = (
        contact::logical(fold, unit)?,
        contact::logical(fold, target)?,
    );
    if !shooter.arc_meets(Aspect::Front, &aim.footprint()) {
        return fault(
            &codes::NOT_IN_FRONT_ARC,
            format!(
                "{} is not in the front arc of {}",
                fold.name(target),
                fold.name(unit)
            ),
            rules::SIGHT,
            "not in the front arc",
        );
    }
    let (units, friends) = contact::others(fold, unit, target);
    let screens = contact::screens(fold);
    let around = contact::surroundings(fold, &units, &friends, &screens);
    let sight = match line_of_sight(&shooter, &aim, &around, SightFor::ShotOrCharge) {
        Ok(sight) => sight,
        Err(NoSight::ProtectedFlank) => {
            let flank = match aim.arc_of(shooter.front_centre()) {
                Some(Aspect::Left) => "left",
                _ => "right",
            };
            return fault(
                &codes::PROTECTED_FLANK,
                format!(
                    "{} stands in the {flank} flank arc of {}, and that flank is protected: it cannot be shot",
                    fold.name(unit),
                    fold.name(target)
                ),
                rules::PROTECTED,
                "a protected flank",
            );
        }
        Err(_) => {
            return fault(
                &codes::NO_LINE_OF_SIGHT,
                format!(
                    "{} has no line of sight to a BD of {}'s side",
                    fold.name(unit),
                    fold.name(target)
                ),
                rules::SIGHT,
                "no line of sight",
            );
        }
    };
    let class = fold.roster.units[unit].class?;
    let options = &fold.roster.options;
    let marshal = personality::has(fold, unit, "bow-marshal");
    let range = class.range(options.base, marshal, options.has(Opt::DicedMovement))?;
    if sight.range > range + TOL {
        let how = if options.has(Opt::DicedMovement) {
            "with diced movement".to_string()
        } else {
            let widths =
                class.info().missile.map_or(0.0, |m| m.widths()) + f64::from(u8::from(marshal));
            let marshal = if marshal { " with its Bow Marshal" } else { "" };
            format!("{widths} BW{marshal}")
        };
        return fault(
            &codes::OUT_OF_RANGE,
            format!(
                "range {:.2}\" is beyond {}'s {:.1}\" ({how})",
                sight.range,
                class.word(),
                range
            ),
            rules::RANGE,
            "out of range",
        );
    }
    Some(sight.side)
}

/// The dice of a shot: one Dx, or the attack dice under six-hit.
fn faces(
    fold: &Fold<'_>,
    unit: usize,
    _target: usize,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) -> Option<Vec<u8>> {
    let count = if fold.roster.options.has(Opt::SixHit) {
        let args = action.args();
        args.iter()
            .find(|a| a.kind == AtomKind::Dice)
            .and_then(|a| Rolled::read(a.text))
            .map_or(1, |r| r.faces.len())
    } else {
        1
    };
    hit_roll(fold, unit, action, count, out)
}

/// The hits of a roll by the battle's arithmetic (1.2 or 3.2; six-hit or
/// savings rolls by option), with their explanation.
pub fn resolve(
    fold: &Fold<'_>,
    strike: &Strike<'_>,
    faces: &[u8],
    action: &Action<'_, '_>,
    target: usize,
    out: &mut Vec<Violation>,
) -> (u16, String) {
    let options = &fold.roster.options;
    if options.has(Opt::SixHit) {
        return match strike.six_hit(faces) {
            Ok(r) => (r.hits, r.explanation()),
            Err(fault) => {
                out.push(fault.at(action.verb().span));
                (0, String::new())
            }
        };
    }
    let natural = faces.first().copied().unwrap_or(0);
    if options.has(Opt::SavingsRolls) {
        let reaction = action.reactions().find(|r| {
            r.verb.text == "save"
                && unit_refs(&r.reactor)
                    .next()
                    .is_some_and(|u| u.id == fold.roster.units[target].id)
        });
        let saves = reaction.and_then(|r| {
            r.args
                .iter()
                .find(|a| a.kind == AtomKind::Dice)
                .and_then(|a| Rolled::read(a.text))
        });
        let reroll = reaction.and_then(|r| {
            r.args
                .iter()
                .find_map(|a| value_of(a, "reroll"))
                .and_then(|a| Rolled::read(a.text))
        });
        return match strike.saved(natural, saves.as_ref(), reroll.as_ref()) {
            Ok(r) => (r.hits, r.explanation()),
            Err(fault) => {
                out.push(fault.at(action.span));
                (strike.hits(natural).hits, String::new())
            }
        };
    }
    let r = strike.hits(natural);
    (r.hits, r.explanation())
}
