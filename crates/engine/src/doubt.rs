//! Doubt: what the checker stops trusting after an error, so that one
//! mistake gives one error, as in rustc, where an expression that failed to
//! type-check takes an error type that quietly agrees with everything.
//!
//! A system names the subjects of each check (the units an action names,
//! a name it could not resolve). When a check finds an error, its subjects
//! are doubted: their state may differ from what the writer meant, so later
//! findings about them would only echo the first. Later findings that name a
//! doubted subject are dropped, and the finding that doubted it says how
//! many it hid. A doubted unit still plays: only its findings are hidden.
//! docs/rules/README.md ("One mistake, one error") states the rule.

use std::collections::{BTreeMap, HashMap};

use senlac_notation::lower::Action;
use senlac_notation::value::{self, UnitRef};

use crate::code::Severity;
use crate::violation::Violation;

/// A thing a check is about.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Subject {
    /// A unit, by the system's own index.
    Unit(usize),
    /// A name that resolved to nothing (an unknown unit or side), as written.
    Name(String),
    /// The order of play in the current turn (its phases): forgiven when
    /// the next turn begins.
    Turn,
    /// A unit's figures (HP, strength) the log left unknown, as a hit
    /// written without its damage does: the next claim of them settles
    /// them, and is forgiven.
    Figures(usize),
}

impl Subject {
    /// What an action is about: the units each id it names resolves to
    /// (its actor's, its arguments' and its outcome's; words and groups
    /// split at `+`), and, as written, each id that looks like one (a
    /// capital first) but names no unit and is no side (`is_side`).
    pub fn named_by<Units: IntoIterator<Item = usize>>(
        action: &Action<'_, '_>,
        resolve: impl Fn(&UnitRef<'_>) -> Units,
        is_side: impl Fn(&str) -> bool,
    ) -> Vec<Subject> {
        let mut subjects = Vec::new();
        let named = std::iter::once(action.actor())
            .chain(action.args().iter().copied())
            .chain(action.outcome().into_iter().flatten().copied());
        for atom in named.filter(|atom| atom.kind.is_actor()) {
            for text in value::split_ascii(atom.text, b'+') {
                let reference = UnitRef::parse(text);
                let before = subjects.len();
                subjects.extend(resolve(&reference).into_iter().map(Subject::Unit));
                let looks_like_id = reference.id.starts_with(|c: char| c.is_ascii_uppercase());
                if subjects.len() == before && looks_like_id && !is_side(reference.id) {
                    subjects.push(Subject::Name(text.to_string()));
                }
            }
        }
        subjects
    }
}

/// The subjects doubted so far in one line of play, and what each hid.
#[derive(Clone, Debug, Default)]
pub struct Doubt {
    /// Each doubted subject, and the finding (an index into the replay's
    /// findings) that doubted it.
    doubted: HashMap<Subject, usize>,
    /// For each doubting finding, how many later findings it hid.
    hidden: BTreeMap<usize, usize>,
}

impl Doubt {
    pub fn doubts(&self, subject: &Subject) -> bool {
        self.doubted.contains_key(subject)
    }

    /// The finding that doubted the first of `subjects` doubted, if any.
    pub fn doubted_by(&self, subjects: &[Subject]) -> Option<usize> {
        subjects.iter().find_map(|s| self.doubted.get(s).copied())
    }

    /// Doubts `subject` from the start, because of finding `by` (setup's).
    pub fn suspect(&mut self, subject: Subject, by: usize) {
        self.doubted.entry(subject).or_insert(by);
    }

    /// Trusts `subject` again (a new turn restores the order of play).
    pub fn forgive(&mut self, subject: &Subject) {
        self.doubted.remove(subject);
    }

    /// Weighs the findings a check added to `out` since `before`, about
    /// `subjects`: if a subject is already doubted they are dropped; if not
    /// and one of them is an error, every subject is doubted from now on.
    pub fn weigh(&mut self, subjects: &[Subject], out: &mut Vec<Violation>, before: usize) {
        if out.len() <= before {
            return;
        }
        if let Some(by) = subjects.iter().find_map(|s| self.doubted.get(s).copied()) {
            let dropped = out.len() - before;
            out.truncate(before);
            *self.hidden.entry(by).or_default() += dropped;
            return;
        }
        let Some(first_error) = out[before..]
            .iter()
            .position(|v| v.severity == Severity::Error)
        else {
            return;
        };
        for subject in subjects {
            self.doubted.insert(subject.clone(), before + first_error);
        }
    }

    /// Notes on each finding that hid others how many it hid. `hidden` is
    /// the count kept across variations (see [`Doubt::merge_hidden`]).
    pub fn annotate(&self, out: &mut [Violation]) {
        for (&index, &count) in &self.hidden {
            let Some(finding) = out.get_mut(index) else {
                continue;
            };
            let note = format!(
                "{count} later finding{} about the same unit{} not reported: {} may follow from this one; fix this and check again",
                if count == 1 { "" } else { "s" },
                if count == 1 { " was" } else { "s were" },
                if count == 1 { "it" } else { "they" },
            );
            finding.help = Some(match finding.help.take() {
                Some(help) => format!("{help}\nnote: {note}").into_boxed_str(),
                None => format!("note: {note}").into_boxed_str(),
            });
        }
    }

    /// Reports a finding said again word for word (the same message and
    /// severity: an unknown unit named at each of its lines, by setup and
    /// by play) once, at its first place in the text, noting how many times
    /// it recurs. Run once, after the replay.
    pub fn once_each(out: &mut Vec<Violation>) {
        use std::collections::HashMap;
        // For each message, the finding that stands first in the text.
        let mut first: HashMap<(Severity, &str), usize> = HashMap::new();
        for (index, finding) in out.iter().enumerate() {
            first
                .entry((finding.severity, finding.message.as_str()))
                .and_modify(|kept| {
                    if finding.span.start < out[*kept].span.start {
                        *kept = index;
                    }
                })
                .or_insert(index);
        }
        if first.len() == out.len() {
            return;
        }
        let mut again: BTreeMap<usize, usize> = BTreeMap::new();
        let keep: Vec<bool> = out
            .iter()
            .enumerate()
            .map(|(index, finding)| {
                let kept = first[&(finding.severity, finding.message.as_str())];
                if kept != index {
                    *again.entry(kept).or_default() += 1;
                }
                kept == index
            })
            .collect();
        for (&index, &count) in &again {
            let finding = &mut out[index];
            let note = format!(
                "note: the same is found {count} more time{}; fix it here and check again",
                if count == 1 { "" } else { "s" }
            );
            finding.help = Some(match finding.help.take() {
                Some(help) => format!("{help}\n{note}").into_boxed_str(),
                None => note.into_boxed_str(),
            });
        }
        let mut flags = keep.into_iter();
        out.retain(|_| flags.next().unwrap_or(true));
    }

    /// Takes the hidden counts of a line of play that ended (a variation)
    /// into this one, keeping this line's doubts.
    pub fn merge_hidden(&mut self, ended: &Doubt) {
        for (&index, &count) in &ended.hidden {
            *self.hidden.entry(index).or_default() += count;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::CodeInfo;
    use senlac_notation::Span;

    const ERROR: CodeInfo = CodeInfo::error("test::error", "an error");

    fn finding(message: &str) -> Violation {
        Violation::of(&ERROR, Span::new(0, 1), message, "")
    }

    #[test]
    fn a_finding_said_again_is_reported_once_at_its_first_place() {
        let at = |start: usize| {
            Violation::of(
                &ERROR,
                Span::new(start, start + 1),
                "Saxons has no unit IX",
                "",
            )
        };
        let mut out = vec![at(40), at(10), finding("other"), at(90)];
        Doubt::once_each(&mut out);
        assert_eq!(out.len(), 2);
        assert_eq!(out[0].span.start, 10);
        assert!(
            out[0]
                .help
                .as_deref()
                .is_some_and(|h| h.contains("found 2 more times"))
        );
    }

    #[test]
    fn an_error_doubts_its_subjects_and_hides_what_follows() {
        let mut doubt = Doubt::default();
        let mut out = vec![finding("VI moves too far")];
        doubt.weigh(&[Subject::Unit(6)], &mut out, 0);
        assert!(doubt.doubts(&Subject::Unit(6)));
        out.push(finding("VI is not next to VIII"));
        doubt.weigh(&[Subject::Unit(6), Subject::Unit(8)], &mut out, 1);
        assert_eq!(out.len(), 1);
        // Another unit is still checked.
        out.push(finding("III is not next to V"));
        doubt.weigh(&[Subject::Unit(3)], &mut out, 1);
        assert_eq!(out.len(), 2);
        doubt.annotate(&mut out);
        assert!(
            out[0]
                .help
                .as_deref()
                .is_some_and(|h| h.contains("1 later finding about the same unit was not reported"))
        );
        assert!(out[1].help.is_none());
    }
}
