//! The claims after `=>` (LOG-2): `hit`, `miss`, `total=`, an entity's
//! `hp=N` and status, checked against what the line did; a claim that
//! settles a disputed HP (TDGS-R54).

use senlac_notation::lower::Action;
use senlac_notation::value;
use senlac_notation::{AtomKind, Span};

use crate::doubt::Subject;
use crate::tdgs::codes;
use crate::tdgs::event::Event;
use crate::tdgs::rules;
use crate::tdgs::state::Status;
use crate::violation::Violation;

use super::combat::settle_hp;
use super::named;
use crate::tdgs::Fold;

/// The claims after `=>` (LOG-2): `hit`, `miss`, an entity then `hp=N`
/// and/or a status, as things stand after the line.
pub(super) fn claims(
    fold: &mut Fold<'_>,
    actor: usize,
    action: &Action<'_, '_>,
    hit: Option<bool>,
    out: &mut Vec<Violation>,
) {
    let Some(claimed) = action.outcome() else {
        return;
    };
    let mut subject: Option<usize> = None;
    for atom in claimed {
        match (atom.kind, atom.text) {
            (AtomKind::Word, "hit" | "miss" | "pass" | "fail") => {
                let said = matches!(atom.text, "hit" | "pass");
                if let Some(actual) = hit
                    && actual != said
                {
                    let word = match (atom.text, actual) {
                        ("hit" | "miss", true) => "hits",
                        ("hit" | "miss", false) => "misses",
                        (_, true) => "passes",
                        (_, false) => "fails",
                    };
                    out.push(mismatch(
                        atom.span,
                        format!("the roll {word}, not {}", atom.text),
                    ));
                }
            }
            (AtomKind::Pair, _) => {
                let Some((key, v)) = value::pair(atom) else {
                    continue;
                };
                // The line's own roll: d20 + the stats' difference +
                // modifiers (LOG-2).
                if key == "total" && subject.is_none() {
                    let total = hit.and_then(|_| rolled_total(fold, actor));
                    match total {
                        Some(total) if value::integer(&v) != Some(i64::from(total)) => {
                            out.push(
                                mismatch(atom.span, format!("the roll's total is {total}"))
                                    .help(format!("write `total={total}`")),
                            );
                        }
                        Some(_) => {}
                        None => out.push(Violation::of(
                            &codes::UNKNOWN_CLAIM,
                            atom.span,
                            "`total=` is claimed of a line that rolls",
                            rules::CLAIMS,
                        )),
                    }
                    continue;
                }
                let Some(entity) = subject else {
                    out.push(Violation::of(
                        &codes::UNKNOWN_CLAIM,
                        atom.span,
                        "name the entity before its `hp=`: `=> R1 hp=59`",
                        rules::CLAIMS,
                    ));
                    continue;
                };
                if key == "hp" {
                    let e = fold.entities[entity];
                    let (actual, other) = (e.hp, e.hp_other);
                    let claims = |hp: i32| value::integer(&v) == Some(i64::from(hp));
                    // While a wrong claim disputes the HP, the next claim may
                    // follow either account; the replay then follows it
                    // (TDGS-R54).
                    if let Some(other) = other
                        && (claims(actual) || claims(other.hp))
                    {
                        settle_hp(fold, entity, if claims(actual) { actual } else { other.hp });
                        continue;
                    }
                    // After a hit written without its damage, the claim
                    // says what it did: any HP below those before it.
                    if fold.doubt().doubts(&Subject::Figures(entity)) {
                        fold.doubt().forgive(&Subject::Figures(entity));
                        if let Some(hp) = value::integer(&v)
                            .and_then(|n| i32::try_from(n).ok())
                            .filter(|hp| (0..actual).contains(hp))
                        {
                            settle_hp(fold, entity, hp);
                            continue;
                        }
                    }
                    if !claims(actual) {
                        let max = fold.info(entity).map_or(0, |i| i.max_hp);
                        let name = fold.name(entity);
                        let (message, help) = match other {
                            None => (
                                format!(
                                    "{name} has {actual} HP of {max} after this line; the log says hp={}",
                                    v.text
                                ),
                                format!("write `hp={actual}`"),
                            ),
                            Some(_) => {
                                let (claimed, worked_out) = (e.hp_claimed(), e.hp_worked_out());
                                (
                                    format!(
                                        "{name} has {claimed} HP of {max} after this line as its last claim left it, {worked_out} by the damage written; the log says hp={}",
                                        v.text
                                    ),
                                    format!("write `hp={claimed}` or `hp={worked_out}`"),
                                )
                            }
                        };
                        out.push(
                            Violation::of(&codes::WRONG_HP, atom.span, message, rules::HP_CLAIMS)
                                .help(help),
                        );
                    }
                } else {
                    out.push(Violation::of(
                        &codes::UNKNOWN_CLAIM,
                        atom.span,
                        format!("`{key}=` is not a claim TDGS checks: claims say hp=N or a status"),
                        rules::CLAIMS,
                    ));
                }
            }
            (AtomKind::Word, word) => {
                if let Some(status) = Status::parse(word) {
                    let Some(entity) = subject else { continue };
                    let e = fold.entities[entity];
                    // A removal claimed while the HP are disputed follows
                    // the account at 0 (TDGS-R54).
                    if status != e.status
                        && matches!(status, Status::Destroyed | Status::Dead)
                        && e.hp_other.is_some_and(|o| o.hp == 0)
                    {
                        settle_hp(fold, entity, 0);
                    }
                    let actual = fold.entities[entity].status;
                    if actual != status {
                        out.push(mismatch(
                            atom.span,
                            format!(
                                "{} is {} after this line, not {word}",
                                fold.name(entity),
                                actual.word()
                            ),
                        ));
                    }
                } else if let Some(target) = attacked_as_written(fold, actor, action, word) {
                    // The claim names the target as the line wrote it, even
                    // misnamed (its slip reported once, at the target).
                    subject = Some(target);
                } else {
                    let prefer = fold
                        .info(fold.activation.map_or(0, |a| a.entity))
                        .map(|i| i.side);
                    subject = named(
                        fold,
                        word,
                        prefer.and_then(|s| (0..fold.roster.sides.len()).find(|&o| o != s)),
                        atom.span,
                        out,
                    )
                    .or_else(|| named(fold, word, prefer, atom.span, &mut Vec::new()));
                }
            }
            _ => out.push(Violation::of(
                &codes::UNKNOWN_CLAIM,
                atom.span,
                format!("`{}` is not a claim TDGS reads", atom.text),
                rules::CLAIMS,
            )),
        }
    }
}

/// The entity this line attacked, when the claim's `word` is its target
/// as the line wrote it.
fn attacked_as_written(
    fold: &Fold<'_>,
    actor: usize,
    action: &Action<'_, '_>,
    word: &str,
) -> Option<usize> {
    if action.args().first()?.text != word {
        return None;
    }
    fold.events().iter().rev().find_map(|e| match e {
        Event::Attacked {
            attacker, target, ..
        } if *attacker == actor => Some(*target),
        _ => None,
    })
}

/// The total of the last roll `roller` made (the line's, when it rolled).
fn rolled_total(fold: &Fold<'_>, roller: usize) -> Option<i32> {
    fold.events().iter().rev().find_map(|e| match e {
        Event::Attacked { attacker, roll, .. } if *attacker == roller => Some(roll.total),
        Event::Checked { entity, roll, .. } if *entity == roller => Some(roll.total),
        _ => None,
    })
}

fn mismatch(span: Span, message: String) -> Violation {
    Violation::of(&codes::CLAIM_MISMATCH, span, message, rules::CLAIMS)
}
