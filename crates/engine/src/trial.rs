//! Trying a line: what a system's generator and its listing of legal actions
//! ask the engine, "would this line be accepted here, and what would it do?"
//!
//! A line is split into words and each word classified into an atom as the
//! parser would (no comments, no quoted text: a line written by code), then
//! played as a step on a copy of the state through the production [`Fold`]
//! and [`Ruleset::play`]. Nothing here knows a rule: a line is legal when the
//! system's own checks find nothing.

use senlac_notation::atom::classify;
use senlac_notation::lower::{Action, Step};
use senlac_notation::{Atom, Span};

use crate::doubt::Doubt;
use crate::fold::Fold;
use crate::system::{Candidate, LegalAction, Opening, Ruleset};
use crate::violation::Violation;

/// A step played on a copy of a state: the copy, the events, the findings.
pub struct Trial<R: Ruleset> {
    pub state: R::State,
    pub events: Vec<R::Event>,
    pub violations: Vec<Violation>,
}

impl<R: Ruleset> Trial<R> {
    /// Whether the engine found nothing to report.
    pub fn accepted(&self) -> bool {
        self.violations.is_empty()
    }
}

/// A line's atoms, as the parser would give them: one a word.
pub fn atoms(line: &str) -> Vec<Atom<'_>> {
    line.split_whitespace()
        .map(|word| Atom {
            kind: classify(word),
            text: word,
            span: Span::default(),
        })
        .collect()
}

/// Plays `step` on `state` itself, its events applied and dropped: a
/// generator's own line of play. What the engine found is returned.
pub fn play<R: Ruleset>(
    rules: &R,
    state: &mut R::State,
    doubt: &mut Doubt,
    step: &Step<'_, '_>,
) -> Vec<Violation> {
    let mut out = Vec::new();
    rules.play(
        &mut Fold::new(state, &mut Vec::new(), doubt),
        step,
        &mut out,
    );
    out
}

/// Plays `step` on a copy of `state`, as the checker would with `doubt`.
pub fn step<R: Ruleset>(
    rules: &R,
    state: &R::State,
    doubt: &Doubt,
    step: &Step<'_, '_>,
) -> Trial<R> {
    let mut trial = Trial {
        state: state.clone(),
        events: Vec::new(),
        violations: Vec::new(),
    };
    let mut doubt = doubt.clone();
    rules.play(
        &mut Fold::new(&mut trial.state, &mut trial.events, &mut doubt),
        step,
        &mut trial.violations,
    );
    trial
}

/// Plays an action line on a copy of `state`; `None` when it is no action
/// (fewer than an actor and a verb).
pub fn line<R: Ruleset>(
    rules: &R,
    state: &R::State,
    doubt: &Doubt,
    line: &str,
) -> Option<Trial<R>> {
    let atoms = atoms(line);
    if atoms.len() < 2 {
        return None;
    }
    let action = Step::Action(Action {
        span: Span::default(),
        atoms: &atoms,
    });
    Some(step(rules, state, doubt, &action))
}

/// The step an opening writes.
fn opening_step<'a>(opening: &'a Opening) -> Step<'a, 'a> {
    match opening {
        Opening::Turn { number, side } => Step::Turn {
            number: *number,
            side,
            span: Span::default(),
        },
        Opening::Phase(name) => Step::Phase {
            name,
            span: Span::default(),
        },
    }
}

/// The actions the engine accepts next at `state`: each of the system's
/// [`Ruleset::candidates`] played, after its openings, on a copy of the
/// state, and kept only when nothing is found; `None` when the system does
/// not list its actions. A line proposed once per roll is listed once per
/// claimed outcome, with the rolls that bring it.
pub fn legal<R: Ruleset>(rules: &R, state: &R::State, doubt: &Doubt) -> Option<Vec<LegalAction>> {
    let candidates = rules.candidates(state)?;
    // Candidates share their openings in runs: each run's state is played
    // once, and nothing of a run whose openings the engine refuses is tried.
    let mut opens: Option<Vec<Opening>> = None;
    let mut opened = None;
    let mut listed: Vec<LegalAction> = Vec::new();
    for candidate in candidates {
        if opens.as_ref() != Some(&candidate.opens) {
            opened = open(rules, state, doubt, &candidate.opens);
            opens = Some(candidate.opens.clone());
        }
        let Some((at, doubt)) = &opened else {
            continue;
        };
        if !line(rules, at, doubt, &candidate.line).is_some_and(|t| t.accepted()) {
            continue;
        }
        merge(&mut listed, candidate);
    }
    Some(listed)
}

/// The state after `opens`, if the engine accepts them all: where a
/// system's proposals after a turn line or a label are made.
pub fn open<R: Ruleset>(
    rules: &R,
    state: &R::State,
    doubt: &Doubt,
    opens: &[Opening],
) -> Option<(R::State, Doubt)> {
    let mut state = state.clone();
    let mut doubt = doubt.clone();
    for opening in opens {
        if !play(rules, &mut state, &mut doubt, &opening_step(opening)).is_empty() {
            return None;
        }
    }
    Some((state, doubt))
}

/// Whether two lines are the same but for their rolls: two rolls of one
/// action claiming the same outcome read the same. Compared word by word,
/// so a listing's many rolled lines cost no allocation each.
fn same_but_rolls(a: &str, a_roll: &str, b: &str, b_roll: &str) -> bool {
    let a = a.split_whitespace().filter(|word| *word != a_roll);
    let b = b.split_whitespace().filter(|word| *word != b_roll);
    a.eq(b)
}

/// Lists an accepted candidate, or adds its roll to the listed line that
/// differs from it only by the roll.
fn merge(listed: &mut Vec<LegalAction>, candidate: Candidate) {
    let opens: Vec<String> = candidate.opens.iter().map(Opening::to_string).collect();
    if let Some(roll) = &candidate.roll {
        // A line's rolls are proposed together: its entry is near the end.
        // Most listed lines stand after other openings: told apart first.
        let found = listed.iter_mut().rev().find(|l| {
            l.opens == opens
                && l.rolls
                    .first()
                    .is_some_and(|first| same_but_rolls(&l.line, first, &candidate.line, roll))
        });
        if let Some(found) = found {
            found.rolls.push(roll.clone());
            return;
        }
    }
    listed.push(LegalAction {
        opens,
        line: candidate.line,
        side: candidate.side,
        units: candidate.units,
        owed: candidate.owed,
        cost: candidate.cost,
        limits: candidate.limits,
        rolls: candidate.roll.into_iter().collect(),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rolled(line: &str, roll: &str) -> Candidate {
        Candidate {
            line: line.to_string(),
            roll: Some(roll.to_string()),
            ..Candidate::default()
        }
    }

    #[test]
    fn rolls_claiming_the_same_are_one_line() {
        let mut listed = Vec::new();
        for candidate in [
            rolled("I morale d6:1 => I shaken", "d6:1"),
            rolled("I morale d6:2 => I shaken", "d6:2"),
            rolled("I morale d6:3 => I steady", "d6:3"),
            rolled("I morale d6:4 => I steady", "d6:4"),
        ] {
            merge(&mut listed, candidate);
        }
        let lines: Vec<(&str, Vec<&str>)> = listed
            .iter()
            .map(|l| {
                (
                    l.line.as_str(),
                    l.rolls.iter().map(String::as_str).collect(),
                )
            })
            .collect();
        assert_eq!(
            lines,
            [
                ("I morale d6:1 => I shaken", vec!["d6:1", "d6:2"]),
                ("I morale d6:3 => I steady", vec!["d6:3", "d6:4"]),
            ]
        );
    }

    #[test]
    fn a_line_without_a_roll_is_listed_as_it_is() {
        let mut listed = Vec::new();
        merge(
            &mut listed,
            Candidate {
                line: "I move 0102".to_string(),
                ..Candidate::default()
            },
        );
        merge(
            &mut listed,
            Candidate {
                line: "I move 0201".to_string(),
                ..Candidate::default()
            },
        );
        assert_eq!(listed.len(), 2);
        assert!(listed.iter().all(|l| l.rolls.is_empty()));
    }
}
