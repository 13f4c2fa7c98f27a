//! Poses as the notation writes them (FO-R1: inches from the near edge,
//! facings counter-clockwise from +x), and the claims a movement action
//! makes after `=>` (FO-R43): a pose `K@18x15.5in^90deg`, a side struck
//! `F contact=front`, a marked front `K marked=left`, a distance
//! `dist=4.67in`. Each wrong claim is one finding; the state follows the
//! engine's numbers.

use senlac_board::table::{self, ATOL, Aspect, Base, TOL};
use senlac_notation::atom::AtomKind;
use senlac_notation::value::{self, Location, Placement};
use senlac_notation::{Atom, Fix};

use super::state::State;
use super::{Fold, codes, rules};
use crate::violation::Violation;

/// A board pose in the notation's frame: (x, y, facing).
pub fn notation(base: &Base, depth: f64) -> (f64, f64, f64) {
    (
        base.centre.x,
        depth - base.centre.y,
        table::normalise(90.0 - base.facing),
    )
}

/// A length as a log writes it: to a hundredth, trailing zeros dropped.
pub fn inches(v: f64) -> String {
    let s = format!("{:.2}", (v * 100.0).round() / 100.0 + 0.0);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// `K@18x15.5in^90deg`.
pub fn placement(id: &str, base: &Base, depth: f64) -> String {
    let (x, y, theta) = notation(base, depth);
    let theta = if (theta - 360.0).abs() < 0.005 {
        0.0
    } else {
        theta
    };
    format!("{id}@{}x{}in^{}deg", inches(x), inches(y), inches(theta))
}

/// The aspect word of a claim (`front`, `left`…).
pub fn word(aspect: Aspect) -> &'static str {
    match aspect {
        Aspect::Front => "front",
        Aspect::Right => "right",
        Aspect::Rear => "rear",
        Aspect::Left => "left",
    }
}

fn aspect(text: &str) -> Option<Aspect> {
    Aspect::ALL.into_iter().find(|&a| word(a) == text)
}

/// What a movement action came to, for its claims.
#[derive(Clone, Copy, Debug, Default)]
pub struct Outcome {
    /// The straight move's length.
    pub dist: Option<f64>,
    /// The target and its (logical) side struck or touched.
    pub contact: Option<(usize, Aspect)>,
}

/// A unit named in a claim: the other side first, then the actor's (FO-R43).
fn claimed_unit(state: &State, actor: usize, id: &str) -> Option<usize> {
    let r = value::UnitRef::parse(id);
    if let Some(side) = r.side {
        let side = state.roster.sides.iter().position(|s| s == side)?;
        return state.roster.unit(side, r.id);
    }
    let mine = state.roster.units[actor].side;
    (0..state.roster.sides.len())
        .filter(|&s| s != mine)
        .chain([mine])
        .find_map(|s| state.roster.unit(s, r.id))
}

/// Checks the claims after `=>` that movement owns; others (hits, status
/// words) are left to their own checks.
pub fn check(
    fold: &Fold<'_>,
    actor: usize,
    claims: Option<&[Atom<'_>]>,
    outcome: Outcome,
    out: &mut Vec<Violation>,
) {
    let Some(claims) = claims else { return };
    let depth = fold.roster.table.1;
    let mut subject = actor;
    for atom in claims {
        match atom.kind {
            AtomKind::Word => {
                if let Some(u) = claimed_unit(fold, actor, atom.text) {
                    subject = u;
                }
            }
            AtomKind::Placement => pose(fold, actor, atom, depth, out),
            AtomKind::Pair => {
                let Some((key, v)) = value::pair(atom) else {
                    continue;
                };
                match key {
                    "dist" => {
                        let (Some(claimed), Some(dist)) = (value::number(&v), outcome.dist) else {
                            continue;
                        };
                        if (claimed - dist).abs() > TOL {
                            out.push(
                                Violation::of(
                                    &codes::WRONG_POSITION,
                                    atom.span,
                                    format!(
                                        "the straight move is {}\", not {}\"",
                                        inches(dist),
                                        inches(claimed)
                                    ),
                                    rules::POSITION,
                                )
                                .label(format!("{}\"", inches(dist)))
                                .fix(Fix::new(
                                    v.span,
                                    format!("{}in", inches(dist)),
                                    "write the engine's distance",
                                )),
                            );
                        }
                    }
                    "contact" => contact(fold, actor, subject, v, outcome, out),
                    "marked" => {
                        let claimed = if v.text == "none" {
                            None
                        } else {
                            aspect(v.text)
                        };
                        let mark = fold.units[subject].marked_front;
                        if claimed != mark {
                            let is = mark.map_or("none", word);
                            out.push(
                                Violation::of(
                                    &codes::WRONG_OUTCOME,
                                    atom.span,
                                    format!(
                                        "{}'s marked front is {is}, not {}",
                                        fold.name(subject),
                                        v.text
                                    ),
                                    rules::MOVE_OUTCOME,
                                )
                                .label(is.to_string())
                                .fix(Fix::new(
                                    v.span,
                                    is,
                                    "write the engine's mark",
                                )),
                            );
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
}

/// `F contact=front`: the side of F (logical) the actor touches.
fn contact(
    fold: &Fold<'_>,
    actor: usize,
    subject: usize,
    v: Atom<'_>,
    outcome: Outcome,
    out: &mut Vec<Violation>,
) {
    let bd = fold.roster.options.base.depth;
    let found = match outcome.contact {
        Some((target, side)) if target == subject => Some(side),
        _ => match (
            super::contact::logical(fold, actor),
            super::contact::logical(fold, subject),
        ) {
            (Some(a), Some(s)) => a.contact(&s, bd).map(|c| c.theirs),
            _ => None,
        },
    };
    let claimed = aspect(v.text);
    if found == claimed && claimed.is_some() {
        return;
    }
    let is = found.map_or("none", word);
    let mut finding = Violation::of(
        &codes::WRONG_OUTCOME,
        v.span,
        match found {
            Some(side) => format!(
                "{} touches {}'s {} side, not its {}",
                fold.name(actor),
                fold.name(subject),
                word(side),
                v.text
            ),
            None => format!(
                "{} is not in contact with {}",
                fold.name(actor),
                fold.name(subject)
            ),
        },
        rules::MOVE_OUTCOME,
    )
    .label(is.to_string());
    if let Some(side) = found {
        finding = finding.fix(Fix::new(v.span, word(side), "write the side struck"));
    }
    out.push(finding);
}

/// `K@18x15.5in^90deg`: the unit's pose now, within TOL and ATOL.
fn pose(fold: &Fold<'_>, actor: usize, atom: &Atom<'_>, depth: f64, out: &mut Vec<Violation>) {
    let Some(p) = Placement::parse(atom) else {
        return;
    };
    let Some(unit) = claimed_unit(fold, actor, p.unit) else {
        return;
    };
    let Some(base) = fold.bases[unit] else { return };
    let Location::Point(at) = p.at else { return };
    let (x, y, theta) = notation(&base, depth);
    let facing = p
        .facing
        .and_then(|f| f.strip_suffix("deg").unwrap_or(f).parse::<f64>().ok());
    let off = (at.x - x).hypot(at.y - y);
    let turned = facing.map_or(0.0, |f| table::turn_between(f, theta));
    if off <= TOL && turned <= ATOL {
        return;
    }
    let is = placement(p.unit, &base, depth);
    out.push(
        Violation::of(
            &codes::WRONG_POSITION,
            atom.span,
            format!(
                "{} ends at {}, not {}: {}\" and {}° off",
                fold.name(unit),
                &is[p.unit.len() + 1..],
                &atom.text[p.unit.len() + 1..],
                inches(off),
                inches(turned)
            ),
            rules::POSITION,
        )
        .label(format!("the engine's pose is {is}"))
        .fix(Fix::new(atom.span, is, "write the engine's pose")),
    );
}
