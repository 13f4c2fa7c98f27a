//! Claimed outcomes: what a log says came of an action (`=> ...`), checked
//! against what the engine derived (ruling MC-R18).
//!
//! `=> VI routed` claims a unit's status; `=> VI cp=3 damage=1` its command
//! points and damage; `=> attack=6 defense=4` (on a resolve line) the totals,
//! checked in `combat.rs`.

use senlac_notation::lower::Action;
use senlac_notation::value::{self, UnitRef};
use senlac_notation::{Atom, AtomKind};

use super::codes;
use super::lookup::resolve;
use super::rules;
use super::state::{State, Status};
use crate::violation::Violation;

const STATUSES: [Status; 4] = [
    Status::Active,
    Status::Routed,
    Status::Slaughtered,
    Status::Pursuing,
];

pub fn check(state: &State, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    let Some(claims) = action.outcome() else {
        return;
    };
    let mut subject: Option<usize> = None;
    for atom in claims {
        match atom.kind {
            AtomKind::Word => {
                if let Some(status) = STATUSES.iter().find(|s| s.word() == atom.text) {
                    match subject {
                        Some(unit) => compare(
                            state,
                            unit,
                            atom,
                            status.word(),
                            state.units[unit].status.word(),
                            out,
                        ),
                        None => out.push(unknown(
                            atom,
                            "name the unit before its status, e.g. `=> VI routed`",
                        )),
                    }
                } else {
                    subject = find(state, atom.text);
                    if subject.is_none() {
                        out.push(unknown(
                            atom,
                            "a claim names a unit of either side, e.g. `=> VI routed`",
                        ));
                    }
                }
            }
            AtomKind::Pair => {
                let Some((key, claimed)) = value::pair(atom) else {
                    continue;
                };
                let actual = match (key, subject) {
                    // Totals are checked on the resolve line itself.
                    ("attack" | "defense", _) if action.verb().text == "resolve" => continue,
                    ("cp", Some(unit)) => state.units[unit].command_points,
                    ("damage", Some(unit)) => state.units[unit].damage,
                    _ => {
                        out.push(unknown(atom, "claim `cp=N` or `damage=N` after a unit, or `attack=N defense=M` on a resolve line"));
                        continue;
                    }
                };
                let unit = subject.unwrap_or_default();
                if value::integer(&claimed) != Some(i64::from(actual)) {
                    compare(state, unit, atom, claimed.text, &actual.to_string(), out);
                }
            }
            _ => out.push(unknown(
                atom,
                "see docs/rules/mass-combat.md MC-R18 for what a claim may say",
            )),
        }
    }
}

/// The unit a claim names: qualified, else the other side's (outcomes are
/// mostly about the units acted on), else the acting side's.
fn find(state: &State, text: &str) -> Option<usize> {
    let unit = UnitRef::parse(text);
    let acting = state.acting?;
    resolve(state, unit, state.roster.enemy_of(acting)).or_else(|| resolve(state, unit, acting))
}

fn compare(
    state: &State,
    unit: usize,
    atom: &Atom<'_>,
    claimed: &str,
    actual: &str,
    out: &mut Vec<Violation>,
) {
    if claimed == actual {
        return;
    }
    out.push(
        Violation::of(
            &codes::WRONG_OUTCOME,
            atom.span,
            format!(
                "the log claims {} for {}, but the rules give {actual}",
                atom.text,
                state.name(unit)
            ),
            rules::CLAIMS,
        )
        .label(format!("actually {actual}")),
    );
}

fn unknown(atom: &Atom<'_>, help: &str) -> Violation {
    Violation::of(
        &codes::UNKNOWN_CLAIM,
        atom.span,
        format!("cannot check the claim `{}`", atom.text),
        rules::CLAIMS,
    )
    .help(help.to_string())
}
