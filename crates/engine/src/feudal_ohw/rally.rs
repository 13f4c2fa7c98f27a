//! Rallies (4.1, 4.2 and their options: DR, 6H.4, PER.CO, PER.BA, PER.PR):
//! `U rally [ROLL] [priest=ROLL]` checked against the unit's turn, the
//! rally phase's end that applies the rallies not written (FO-R30) and
//! takes the phasing side's attacked markers off (4.2).

use senlac_notation::value::value_of;
use senlac_notation::{AtomKind, Span};

use super::claims::{self, Told};
use super::event::Event;
use super::hits::{Rallier, RallyBy, Rolled, rally as rallied};
use super::options::Opt;
use super::play::Act;
use super::state::State;
use super::tables::RALLY_FLOOR;
use super::{Fold, codes, personality, rules};
use crate::violation::Violation;

/// What a unit did and carries, for its rally.
fn rallier(state: &State, unit: usize) -> Rallier {
    let u = &state.units[unit];
    Rallier {
        hits: u.hits,
        shot: u.this_turn.shot.is_some(),
        moved: u.this_turn.moved,
        meleed: u.this_turn.meleed,
        marker: u.attacked,
        constable: personality::has(state, unit, "constable"),
        banner: personality::banner(state, unit),
    }
}

/// Whether the battle's rallies roll (DR, 6H.4).
fn rolls(state: &State) -> bool {
    let options = &state.roster.options;
    options.has(Opt::SixHit) || options.has(Opt::DiceRally)
}

/// `U rally [ROLL] [priest=ROLL]`.
pub fn rally(fold: &mut Fold<'_>, act: &Act<'_, '_, '_>, out: &mut Vec<Violation>) {
    let unit = act.unit;
    let action = act.action;
    let verb = action.verb().span;
    let side = fold.roster.units[unit].side;
    if fold.units[unit].this_turn.rallied {
        out.push(
            Violation::of(
                &codes::CANNOT_RALLY,
                verb,
                format!("{} has rallied this turn", fold.name(unit)),
                rules::RALLY,
            )
            .label("a second rally"),
        );
        return;
    }
    let args = action.args();
    let read = |atom: Option<&senlac_notation::Atom<'_>>| atom.and_then(|a| Rolled::read(a.text));
    let roll = read(args.iter().find(|a| a.kind == AtomKind::Dice));
    let priest_roll = args
        .iter()
        .find_map(|a| value_of(a, "priest").map(|v| (*a, v)));
    let options = &fold.roster.options;
    let dx = options.die_for(fold.roster.units[unit].trained);
    let face = |rolled: Option<Rolled>, die: super::hits::Die, out: &mut Vec<Violation>| {
        let rolled = rolled?;
        match die.check(&rolled, 1) {
            Ok(faces) => Some(faces[0]),
            Err(fault) => {
                out.push(fault.at(verb));
                None
            }
        }
    };
    let mut priest = None;
    let by = if let Some((p, roll_atom)) = priest_roll {
        let Some((who, host)) = personality::priest_of(fold, side) else {
            out.push(
                Violation::of(
                    &codes::PRIEST_USED,
                    p.span,
                    format!(
                        "the {} have no priest left: he inspires one rally, once",
                        fold.roster.sides[side]
                    ),
                    rules::PRIEST,
                )
                .label("no priest"),
            );
            return;
        };
        if host != unit {
            out.push(
                Violation::of(
                    &codes::PRIEST_USED,
                    p.span,
                    format!(
                        "{} is with {}, not {}",
                        fold.name(who),
                        fold.name(host),
                        fold.name(unit)
                    ),
                    rules::PRIEST,
                )
                .label("the priest is elsewhere"),
            );
            return;
        }
        priest = Some(who);
        let Some(f) = face(Rolled::read(roll_atom.text), options.die, out) else {
            return;
        };
        RallyBy::Priest(f)
    } else if rolls(fold) {
        let six = options.has(Opt::SixHit);
        let die = if six { dx } else { super::hits::Die::D6 };
        let Some(f) = face(roll, die, out) else {
            out.push(
                Violation::of(
                    &codes::MISSING_RALLY_ROLL,
                    verb,
                    format!(
                        "{} rolls for its rally: write `{}:N`",
                        fold.name(unit),
                        die.word()
                    ),
                    rules::RALLY_ROLLS,
                )
                .label("no roll"),
            );
            return;
        };
        if six {
            RallyBy::SixHit(f)
        } else {
            RallyBy::Dice(f)
        }
    } else {
        RallyBy::Rule
    };
    let result = match rallied(rallier(fold, unit), by) {
        Ok(result) => result,
        Err(fault) => {
            out.push(fault.at(verb));
            return;
        }
    };
    fold.emit(Event::Rallied {
        unit,
        from: result.before,
        to: result.after,
    });
    if let Some(p) = priest {
        fold.emit(Event::PersonalityUsed {
            side,
            strategos: false,
        });
        fold.emit(Event::Joined {
            personality: p,
            host: None,
        });
    }
    if below_floor(fold, action, unit, result.after, out) {
        return;
    }
    let told = Told {
        took: Vec::new(),
        why: vec![(
            unit,
            format!("{} rallies: {}", fold.name(unit), result.explanation()),
        )],
        ..Told::default()
    };
    claims::check(fold, action, side, &told, out);
}

/// A claim that takes a unit below its rally floor (4.1c, FO-R50).
fn below_floor(
    fold: &Fold<'_>,
    action: &senlac_notation::lower::Action<'_, '_>,
    unit: usize,
    after: u8,
    out: &mut Vec<Violation>,
) -> bool {
    let floor = RALLY_FLOOR[usize::from(fold.roster.options.has(Opt::SixHit))];
    let Some(claim) = action
        .outcome()
        .into_iter()
        .flatten()
        .find_map(|a| value_of(a, "hits").map(|v| (a, v)))
    else {
        return false;
    };
    let claimed = claim.1.text.parse::<u8>().ok();
    if after != floor || claimed.is_none_or(|c| c >= floor) {
        return false;
    }
    out.push(
        Violation::of(
            &codes::RALLY_BELOW_FLOOR,
            claim.0.span,
            format!(
                "{} had {floor} hits or more, and a unit never rallies below {floor}: it has {after}, not {}",
                fold.name(unit),
                claim.1.text
            ),
            rules::RALLY_FLOOR,
        )
        .label(format!("hits={after}"))
        .fix(senlac_notation::Fix::new(
            claim.0.span,
            format!("hits={after}"),
            format!("write `hits={after}`"),
        )),
    );
    true
}

/// The rally phase's end: the rallies not written applied (FO-R30), or,
/// when they roll, reported; the phasing side's markers off (4.2).
pub fn close(fold: &mut Fold<'_>, at: Span, out: &mut Vec<Violation>) {
    let Some(player) = fold.player else {
        return;
    };
    for unit in 0..fold.roster.units.len() {
        let u = &fold.units[unit];
        if fold.roster.units[unit].side != player.side
            || !fold.on_table(unit)
            || u.this_turn.rallied
            || u.hits == 0
        {
            continue;
        }
        let who = rallier(fold, unit);
        if rolls(fold) {
            let six = fold.roster.options.has(Opt::SixHit);
            let by = if six {
                RallyBy::SixHit(6)
            } else {
                RallyBy::Dice(6)
            };
            if rallied(who, by).is_ok_and(|r| r.after < r.before) {
                out.push(
                    Violation::of(
                        &codes::MISSING_RALLY_ROLL,
                        at,
                        format!(
                            "{} may rally, and its rally rolls: write `{} rally d6:N` in the rally phase",
                            fold.name(unit),
                            fold.roster.units[unit].id
                        ),
                        rules::RALLY_ROLLS,
                    )
                    .label(format!("{}'s rally roll is missing before this", fold.roster.units[unit].id)),
                );
            }
            continue;
        }
        if let Ok(r) = rallied(who, RallyBy::Rule)
            && r.after != r.before
        {
            fold.emit(Event::Rallied {
                unit,
                from: r.before,
                to: r.after,
            });
        }
    }
    for unit in 0..fold.roster.units.len() {
        if fold.roster.units[unit].side == player.side && fold.units[unit].attacked {
            fold.emit(Event::Marker { unit, on: false });
        }
    }
}
