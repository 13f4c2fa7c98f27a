//! Playing Mass Combat's movetext: turns, phases, actions and reactions.

use senlac_notation::lower::{Action, Step};
use senlac_notation::value::{self, Cell, UnitRef};
use senlac_notation::{Atom, AtomKind, Fix, Span};

use super::Fold;
use super::catalog::{self, Act, When};
use super::codes;
use super::event::{Event, Path, label};
use super::lookup::{active, resolve, subjects, target};
use super::pay::{pay, rout};
use super::rules;
use super::state::{Cause, Owed, State, Status};
use super::tables::{
    ADVANCE_HEXES, CHARGE_HEXES, Class, DISENGAGE_HEXES, MANEUVER_HEXES, Phase, SuperClass,
    VOLLEY_RANGE, Verb, cost,
};
use crate::code::CodeInfo;
use crate::doubt::Subject;
use crate::violation::Violation;

pub fn play(fold: &mut Fold<'_>, step: &Step<'_, '_>, out: &mut Vec<Violation>) {
    match *step {
        Step::Turn { number, side, span } => begin_side_turn(fold, number, side, span, out),
        Step::Phase { name, span } => begin_phase(fold, name, span, out),
        Step::Action(action) => act(fold, &action, out),
        _ => {}
    }
}

/// What a side-turn leaves unfinished: reactions still owed, units that never moved.
pub fn end_side_turn(fold: &mut Fold<'_>, at: Span, out: &mut Vec<Violation>) {
    flush_owed(fold, out);
    super::combat::end_of_turn(fold, out);
    let Some(side) = fold.acting else { return };
    // The units already in doubt echo an earlier finding; the rest are one
    // finding, since one lost group line leaves them all unmoved.
    let mut missing: Vec<usize> = unmoved(fold, side).collect();
    missing.retain(|&u| !fold.doubt().doubts(&Subject::Unit(u)));
    let Some(&first) = missing.first() else {
        return;
    };
    let ids: Vec<&str> = missing.iter().map(|&u| fold.info(u).id.as_str()).collect();
    let who = match missing.len() {
        1 => fold.name(first),
        n => format!("{} {} ({n} units)", fold.roster.sides[side], ids.join(", ")),
    };
    let group = ids.join("+");
    let before = out.len();
    out.push(
        Violation::of(
            &codes::MISSING_ACTION,
            at,
            format!("{who} took no movement action in turn {}", fold.turn),
            rules::MOVE_ALL,
        )
        .label("the turn ends here")
        .help(format!(
            "every unit acts in the movement phase: `{group} hold` (1 command point{}) when no enemy is adjacent, `engage` when one is",
            if missing.len() == 1 { "" } else { " each" }
        )),
    );
    let subjects: Vec<Subject> = missing.iter().map(|&u| Subject::Unit(u)).collect();
    fold.doubt().weigh(&subjects, out, before);
}

/// The active units of `side` that have taken no movement action this
/// side-turn: each is `missing-action` when the turn ends (MC-R7).
pub fn unmoved(state: &State, side: usize) -> impl Iterator<Item = usize> + '_ {
    state.active_of(side).filter(|&u| !state.moved[u])
}

/// The side whose turn comes next, and its number, when the turn line
/// names `named` (the side that opens the battle, when no `first` line
/// says which).
pub fn next_turn(state: &State, named: usize) -> (usize, u32) {
    match state.acting {
        None => (state.roster.first_turn.unwrap_or(named), 1),
        Some(previous) => {
            let next = state.roster.enemy_of(previous);
            let opener = state
                .roster
                .first_turn
                .unwrap_or(state.first_side.unwrap_or(named));
            (
                next,
                if next == opener {
                    state.turn.saturating_add(1)
                } else {
                    state.turn
                },
            )
        }
    }
}

fn begin_side_turn(
    fold: &mut Fold<'_>,
    number: u32,
    side_name: &str,
    span: Span,
    out: &mut Vec<Violation>,
) {
    // The turn line just read, written again before anything happened in
    // it: one finding, and the turn goes on (its units are not found idle).
    let same = fold.roster.side_index(side_name) == fold.acting && fold.turn == number;
    let nothing_yet = fold.phase.is_none() && fold.units.iter().all(|u| !u.acted);
    if same && nothing_yet && fold.acting.is_some() {
        out.push(
            Violation::of(
                &codes::TURN_ORDER,
                span,
                format!("`{number}. {side_name}` is written twice: the turn line above opens this turn already"),
                rules::TURN_ORDER,
            )
            .help("delete one of the two turn lines"),
        );
        return;
    }
    end_side_turn(fold, span, out);
    fold.doubt().forgive(&Subject::Turn);
    let side = match fold.roster.side_index(side_name) {
        Some(side) => side,
        None => {
            out.push(super::setup::unknown_side(
                side_name,
                span,
                &fold.roster.sides,
            ));
            // A slip of the pen: play the turn as the side it nearly names.
            let sides = fold.roster.sides.iter().map(smol_str::SmolStr::as_str);
            let Some(side) = senlac_notation::did_you_mean(side_name, sides)
                .and_then(|name| fold.roster.side_index(name))
            else {
                return;
            };
            side
        }
    };
    let side_name = fold.roster.sides[side].as_str();
    let (expected_side, expected_turn) = next_turn(fold, side);
    if side != expected_side {
        out.push(
            Violation::of(
                &codes::TURN_ORDER,
                span,
                format!(
                    "{side_name} acts out of turn: it is {}'s turn",
                    fold.roster.sides[expected_side]
                ),
                rules::TURN_ORDER,
            )
            .help("the sides alternate, starting with the side named by `first SIDE turn`"),
        );
    } else if number != expected_turn {
        out.push(
            Violation::of(
                &codes::TURN_NUMBER,
                span,
                format!("this is turn {expected_turn}, not turn {number}"),
                rules::TURN_ORDER,
            )
            .help(format!("number it `{expected_turn}. {side_name}`")),
        );
    }
    fold.emit(Event::SideTurnBegun { turn: number, side });
}

fn begin_phase(fold: &mut Fold<'_>, name: &str, span: Span, out: &mut Vec<Violation>) {
    flush_owed(fold, out);
    let Some(phase) = Phase::ALL.iter().copied().find(|p| p.word() == name) else {
        let near = senlac_notation::did_you_mean(name, Phase::ALL.iter().map(|p| p.word()));
        let help = match near {
            Some(word) => format!(
                "did you mean `{word}:`? The phases are volley, movement, combat, defense and resolve, in that order"
            ),
            None => "the phases are volley, movement, combat, defense and resolve, in that order"
                .to_string(),
        };
        out.push(
            Violation::of(
                &codes::UNKNOWN_PHASE,
                span,
                format!("`{name}` is not a Mass Combat phase"),
                rules::PHASES,
            )
            .help(help),
        );
        // A misspelt label starts the phase it nearly names; one that names
        // none leaves the phase to the actions that follow (act_unchecked).
        match near.and_then(|word| Phase::ALL.iter().copied().find(|p| p.word() == word)) {
            Some(phase) => fold.emit(Event::PhaseBegun { phase }),
            None => fold.doubt().weigh(&[Subject::Turn], out, out.len() - 1),
        }
        return;
    };
    if let (Some(current), Some(acting)) = (fold.phase, fold.acting)
        && ((phase as u8) < (current as u8)
            || (phase, current) == (Phase::Movement, Phase::Movement))
        && unmoved(fold, acting).next().is_none()
    {
        return turn_line_missing(fold, (current, phase), acting, span, out);
    }
    if fold
        .phase
        .is_some_and(|current| current as u8 >= phase as u8)
    {
        let before = out.len();
        out.push(Violation::of(
            &codes::PHASE_ORDER,
            span,
            format!(
                "`{name}:` cannot follow `{}:`: the phases go volley, movement, combat, defense, resolve, once each",
                fold.phase.map_or("", |p| p.word())
            ),
            rules::PHASES,
        ));
        fold.doubt().weigh(&[Subject::Turn], out, before);
    }
    fold.emit(Event::PhaseBegun { phase });
}

/// A phase label that goes back in a side's turn whose every unit has
/// moved (or a second `movement:` after they all did) begins the other
/// side's turn, whose turn line is missing (the
/// sides alternate strictly): one finding, and play goes on as if the line
/// stood above the label, so the other side's actions are read as its own.
#[cold]
fn turn_line_missing(
    fold: &mut Fold<'_>,
    (current, phase): (Phase, Phase),
    acting: usize,
    span: Span,
    out: &mut Vec<Violation>,
) {
    let (side, turn) = next_turn(fold, acting);
    let line = format!("{turn}. {}", fold.roster.sides[side]);
    out.push(
        Violation::of(
            &codes::TURN_ORDER,
            span,
            format!(
                "`{}:` cannot follow `{}:` in {}'s turn: {}'s turn begins here, and its turn line `{line}` is missing",
                phase.word(),
                current.word(),
                fold.roster.sides[acting],
                fold.roster.sides[side],
            ),
            rules::TURN_ORDER,
        )
        .label("a new side-turn's phase")
        .help(format!("write `{line}` above this line")),
    );
    end_side_turn(fold, span, out);
    fold.doubt().forgive(&Subject::Turn);
    fold.emit(Event::SideTurnBegun { turn, side });
    fold.emit(Event::PhaseBegun { phase });
}

/// Reactions still owed when play moves on are missing.
pub fn flush_owed(fold: &mut Fold<'_>, out: &mut Vec<Violation>) {
    if fold.owed.is_empty() {
        return;
    }
    let lapsed = fold.owed.clone();
    fold.emit(Event::ReactionsLapsed);
    for owed in lapsed {
        // A unit that has left the field (routed, slaughtered, pursuing,
        // MC-R14) can answer nothing, so it owes nothing.
        let Some(unit) = owed
            .units
            .iter()
            .flatten()
            .copied()
            .find(|&u| fold.units[u].status == Status::Active)
        else {
            continue;
        };
        let choices: Vec<&str> = owed.choices.iter().map(|v| v.word()).collect();
        let before = out.len();
        // A reaction with one choice (besides a rout, which the log would
        // say) is certain: the fix writes it after the action's reactions.
        let fix = (owed.choices.len() == 1).then(|| {
            let at = Span {
                start: owed.span.end,
                end: owed.span.end,
            };
            let reaction = format!(" > {} {}", fold.info(unit).id, choices[0]);
            Fix::new(
                at,
                reaction.clone(),
                format!("add `{}`", reaction.trim_start()),
            )
        });
        out.push(
            Violation::of(
                &codes::MISSING_REACTION,
                owed.span,
                format!(
                    "{} owes a reaction to this action: {}",
                    fold.name(unit),
                    choices.join(" or ")
                ),
                rules::TURN_ORDER,
            )
            .label("this forces a reaction")
            .help(format!(
                "add `> {} {}` to the action",
                fold.info(unit).id,
                choices[0]
            )),
        );
        if let (Some(fix), Some(finding)) = (fix, out.last_mut()) {
            finding.fix = Some(Box::new(fix));
        }
        fold.doubt().weigh(&[Subject::Unit(unit)], out, before);
    }
}

/// Plays and checks an action. What it finds is weighed against what the
/// checker already doubts: one mistake gives one error (crate::doubt).
fn act(fold: &mut Fold<'_>, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    // The word is read once: every check below asks for the verb it means.
    let word = action.verb().text;
    let (meant, verb) = match Verb::parse(word) {
        Some(verb) => (Some(verb.word()), Some(verb)),
        None => {
            let meant = meant_word(word);
            (meant, meant.and_then(Verb::parse))
        }
    };
    // Reactions still owed from earlier actions are reported apart: they are
    // not this action's findings.
    if !verb.is_some_and(|verb| verb.is_reaction() || verb == Verb::Rout) {
        flush_owed(fold, out);
    }
    let side = fold.acting.map_or(0, |acting| match fold.phase {
        Some(Phase::DefenseDeclarations) => fold.roster.enemy_of(acting),
        _ => acting,
    });
    settle_phase(fold, action, verb, side, out);
    let before = out.len();
    act_unchecked(fold, action, meant, verb, out);
    super::claims::check(fold, action, out);
    // An action played as the verb it nearly names is a guess: what the
    // guess then breaks is not reported besides the unknown verb.
    if out
        .get(before)
        .is_some_and(|v| v.code == codes::UNKNOWN_VERB.code)
    {
        out.truncate(before + 1);
    }
    // Most actions find nothing: their subjects are only looked up when
    // there is something to weigh (no allocation per action).
    if out.len() > before {
        let subjects = subjects(fold, action, side);
        fold.doubt().weigh(&subjects, out, before);
    }
}

/// An action written where no phase has begun, or with the label of its
/// phase left out (`wait` under `volley:`), starts the phase it belongs to:
/// the mistake is reported once, at the first such action, and play goes on
/// as if the label had been written.
fn settle_phase(
    fold: &mut Fold<'_>,
    action: &Action<'_, '_>,
    verb: Option<Verb>,
    side: usize,
    out: &mut Vec<Violation>,
) {
    let Some(verb) = verb else {
        return;
    };
    let allowed: &[Phase] = match catalog::of(verb).when {
        When::In(phases) if !verb.is_reaction() => phases,
        _ => return,
    };
    let Some(&first) = allowed.first() else {
        return;
    };
    if fold.acting.is_none() {
        return;
    }
    let before = out.len();
    let start = match fold.phase {
        None => {
            out.push(outside_any_phase(action, verb, allowed));
            first
        }
        Some(current) if !allowed.contains(&current) => {
            let Some(&later) = allowed.iter().find(|p| **p as u8 > current as u8) else {
                return;
            };
            out.push(
                Violation::of(
                    &codes::WRONG_PHASE,
                    action.verb().span,
                    format!(
                        "`{}` belongs in `{}:`, and no `{}:` label stands before it: \
                         it is not an action of the {} phase",
                        verb.word(),
                        later.word(),
                        later.word(),
                        current.word()
                    ),
                    rules::PHASES,
                )
                .help(format!(
                    "start the {} phase first: `{}:` before this line",
                    later.word(),
                    later.word()
                )),
            );
            later
        }
        Some(_) => return,
    };
    // The phase's labels in this turn, and the units of the action, are
    // doubted with it: a late label or the action written again is not
    // reported again.
    let mut doubted = subjects(fold, action, side);
    doubted.push(Subject::Turn);
    fold.doubt().weigh(&doubted, out, before);
    fold.emit(Event::PhaseBegun { phase: start });
}

/// An action written before any phase label of its turn.
fn outside_any_phase(action: &Action<'_, '_>, verb: Verb, phases: &[Phase]) -> Violation {
    let labels: Vec<String> = phases.iter().map(|p| format!("`{}:`", p.word())).collect();
    let first = phases.first().map_or("movement", |p| p.word());
    Violation::of(
        &codes::MISSING_PHASE,
        action.span,
        format!(
            "`{}` stands outside any phase: the label that opens its phase ({}) is missing",
            verb.word(),
            labels.join(" or ")
        ),
        rules::PHASES,
    )
    .help(format!(
        "start the phase first: `{first}:` before this line"
    ))
}

/// The verb an action's word names, or nearly names (a slip such as
/// `advnace`; it is reported, and the action is played as the verb meant).
fn action_verb(word: &str) -> Option<Verb> {
    meant_word(word).and_then(Verb::parse)
}

/// The action word `word` is, or nearly names (`advnace`, `reslove`, a
/// synonym such as `check`): a verb's word or `resolve`. A known word is
/// taken as it is, so a clean battle looks nothing up.
fn meant_word(word: &str) -> Option<&'static str> {
    if word == RESOLVE {
        return Some(RESOLVE);
    }
    if let Some(verb) = Verb::parse(word) {
        return Some(verb.word());
    }
    let words = Verb::ALL.iter().map(|v| v.word()).chain([RESOLVE]);
    senlac_notation::did_you_mean(word, words).or_else(|| catalog::synonym(word))
}

/// The word of the step that resolves a combat: no verb of the tables.
const RESOLVE: &str = "resolve";

/// An action or reaction word that names nothing Mass Combat knows, with
/// the word it nearly names, if any.
fn unknown_verb(
    atom: &Atom<'_>,
    what: &str,
    meant: Option<&str>,
    listed: Option<String>,
) -> Violation {
    let help = match (meant, listed) {
        (Some(word), Some(listed)) => Some(format!("did you mean `{word}`? {listed}")),
        (Some(word), None) => Some(format!("did you mean `{word}`?")),
        (None, listed) => listed,
    };
    let finding = Violation::of(
        &codes::UNKNOWN_VERB,
        atom.span,
        format!("`{}` is not a Mass Combat {what}", atom.text),
        rules::TURN_ORDER,
    )
    .label(if what == "reaction" {
        "unknown reaction"
    } else {
        "unknown verb"
    });
    match help {
        Some(help) => finding.help(help),
        None => finding,
    }
}

/// Which enemies a volley from `from` could reach, as help.
fn in_range_help(fold: &Fold<'_>, unit: usize, from: Cell) -> String {
    let enemy = fold.roster.enemy_of(fold.info(unit).side);
    let reachable: Vec<&str> = fold
        .active_of(enemy)
        .filter(|&e| {
            fold.units[e]
                .hex
                .is_some_and(|at| fold.roster.distance(from, at) <= u32::from(VOLLEY_RANGE))
        })
        .map(|e| fold.info(e).id.as_str())
        .collect();
    if reachable.is_empty() {
        format!(
            "no enemy is within {VOLLEY_RANGE} hexes of {from}: `{} hold` or `wait` instead",
            fold.info(unit).id
        )
    } else {
        format!(
            "within {VOLLEY_RANGE} hexes of {from}: {}",
            reachable.join(", ")
        )
    }
}

/// An action up to its claimed outcome or glyph: its actor, verb,
/// arguments and reactions.
fn head(action: &Action<'_, '_>) -> Span {
    let end = action
        .atoms
        .iter()
        .take_while(|a| !matches!(a.kind, AtomKind::Outcome | AtomKind::Glyph))
        .last()
        .map_or(action.span.end, |a| a.span.end);
    Span {
        start: action.span.start,
        end,
    }
}

/// Plays an action as `meant`, the word its verb names or nearly names
/// ([`meant_word`]), and `verb`, the verb of that word.
fn act_unchecked(
    fold: &mut Fold<'_>,
    action: &Action<'_, '_>,
    meant: Option<&'static str>,
    verb: Option<Verb>,
    out: &mut Vec<Violation>,
) {
    let verb_atom = action.verb();
    if meant != Some(verb_atom.text) {
        let listed = format!(
            "`senlac rules {}` lists the actions",
            super::catalog::tag(fold.roster.edition)
        );
        out.push(unknown_verb(&verb_atom, "action", meant, Some(listed)));
    }
    // Played as the word it nearly names, so what follows stays in step.
    let Some(word) = meant else { return };
    if word == RESOLVE {
        check_arguments(Act::Resolve, action.args(), out);
        if fold.phase != Some(Phase::ResolveCombat) {
            let word = Phase::ResolveCombat.word();
            out.push(Violation::of(
                &codes::WRONG_PHASE,
                verb_atom.span,
                format!(
                    "`{RESOLVE}` belongs in `{word}:`, and no `{word}:` label stands before it: \
                     combat is resolved in the {word} phase"
                ),
                rules::PHASES,
            ));
            return;
        }
        // False for an unknown attack, or a wrong loser already answered for.
        if super::combat::resolve_attack(fold, action, out) {
            let acting = fold.acting.unwrap_or(0);
            react_all(fold, action, acting, out.len(), out);
        }
        return;
    }
    let Some(verb) = verb else {
        return;
    };
    check_arguments(Act::Verb(verb), action.args(), out);
    let reaction_verb = verb.is_reaction() || verb == Verb::Rout;
    // `act` flushed earlier actions' owed reactions: they are not this one's fault.
    let before = out.len();
    let Some(phase) = fold.phase else {
        out.push(outside_any_phase(action, verb, &[Phase::Movement]));
        return;
    };
    let Some(acting) = fold.acting else { return };
    let own = if phase == Phase::DefenseDeclarations {
        fold.roster.enemy_of(acting)
    } else {
        acting
    };
    let mut acted_already: smallvec::SmallVec<[usize; 4]> = smallvec::SmallVec::new();
    for actor in action.actors() {
        let unit = if reaction_verb {
            resolve_reactor(fold, actor, own, Some(verb))
        } else {
            resolve(fold, actor, own)
        };
        let Some(unit) = unit else {
            let written = match actor.side {
                Some(side) => format!("{side}.{}", actor.id),
                None => actor.id.to_string(),
            };
            out.push(super::setup::unknown_unit(
                &fold.roster,
                &written,
                Some(own),
                action.actor().span,
            ));
            continue;
        };
        if !active(fold, unit, action.actor().span, out) {
            continue;
        }
        if reaction_verb {
            react(fold, unit, verb, action.args(), action.span, out);
            continue;
        }
        if fold.info(unit).side != own {
            out.push(
                Violation::of(
                    &codes::WRONG_SIDE,
                    action.actor().span,
                    format!("{} cannot act now: it is {}'s turn", fold.name(unit), fold.roster.sides[own]),
                    rules::REFERENCES,
                )
                .help("a side acts in its own turn (and the other side in the defense phase); `Side.ID` only tells units apart"),
            );
            continue;
        }
        if fold.units[unit].acted {
            acted_already.push(unit);
            continue;
        }
        fold.emit(Event::Acted { unit });
        perform(fold, unit, verb, phase, action, out);
    }
    // Said once for the line: a group line written twice is one mistake.
    let message = match acted_already.as_slice() {
        [] => None,
        [unit] => Some(format!(
            "{} already acted in the {} phase",
            fold.name(*unit),
            phase.word()
        )),
        units => Some(format!(
            "{} of this line's units already acted in the {} phase: {}",
            units.len(),
            phase.word(),
            units
                .iter()
                .map(|&u| fold.info(u).id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    };
    if let Some(message) = message {
        out.push(Violation::of(
            &codes::ALREADY_ACTED,
            action.span,
            message,
            rules::TURN_ORDER,
        ));
    }
    react_all(fold, action, own, before, out);
}

/// The `> UNIT VERB` reactions written in an action.
fn react_all(
    fold: &mut Fold<'_>,
    action: &Action<'_, '_>,
    own: usize,
    before: usize,
    out: &mut Vec<Violation>,
) {
    // The reactions of a rejected action answer nothing: they are not checked.
    if out.len() > before {
        return;
    }
    for reaction in action.reactions() {
        let written = Verb::parse(reaction.verb.text);
        let Some(unit) = value::unit_refs(&reaction.reactor)
            .next()
            .and_then(|r| resolve_reactor(fold, r, own, written))
        else {
            out.push(super::setup::unknown_unit(
                &fold.roster,
                reaction.reactor.text,
                None,
                reaction.reactor.span,
            ));
            continue;
        };
        let Some(verb) = written.or_else(|| {
            let meant = action_verb(reaction.verb.text);
            out.push(unknown_verb(
                &reaction.verb,
                "reaction",
                meant.map(Verb::word),
                None,
            ));
            // Answered as the reaction it nearly names, so nothing stays owed.
            meant
        }) else {
            continue;
        };
        if active(fold, unit, reaction.reactor.span, out) {
            react(fold, unit, verb, reaction.args, reaction.verb.span, out);
        }
    }
}

/// A unit answering a reaction: one that owes it, else `side`'s, else the enemy's.
pub(super) fn resolve_reactor(
    state: &State,
    unit: UnitRef<'_>,
    side: usize,
    verb: Option<Verb>,
) -> Option<usize> {
    if unit.side.is_some() {
        return resolve(state, unit, side);
    }
    // Prefer a unit that owes this very reaction (any owed reaction may be a rout).
    let owes = |o: &&Owed| verb.is_none_or(|v| v == Verb::Rout || o.choices.contains(&v));
    let owing = |filter: &dyn Fn(&&Owed) -> bool| {
        state
            .owed
            .iter()
            .filter(filter)
            .flat_map(|o| o.units.iter().flatten().copied())
            .find(|&u| state.info(u).id == unit.id)
    };
    owing(&owes)
        .or_else(|| owing(&|_| true))
        .or_else(|| resolve(state, unit, side))
        .or_else(|| resolve(state, unit, state.roster.enemy_of(side)))
}

/// Reports the first argument an action or reaction does not take; the rest
/// of it is played as written.
fn check_arguments(act: Act, args: &[Atom<'_>], out: &mut Vec<Violation>) {
    let Some(extra) = catalog::extra_argument(act, args) else {
        return;
    };
    let takes: Vec<&str> = catalog::arguments(act).iter().map(|a| a.word()).collect();
    let takes = match takes.as_slice() {
        [] => "nothing".to_string(),
        words => words.join(" and "),
    };
    out.push(
        Violation::of(
            &codes::EXTRA_ARGUMENT,
            extra.span,
            format!(
                "`{}` takes {takes}; `{}` is one argument too many",
                act.word(),
                extra.text
            ),
            rules::TURN_ORDER,
        )
        .label("not an argument of this action")
        .help(format!(
            "remove `{}`, or put a note in a comment `{{ ... }}`",
            extra.text
        )),
    );
}

pub(super) fn react(
    fold: &mut Fold<'_>,
    unit: usize,
    verb: Verb,
    args: &[Atom<'_>],
    span: Span,
    out: &mut Vec<Violation>,
) {
    check_arguments(Act::Verb(verb), args, out);
    let edition = fold.roster.edition;
    let phase = fold.phase.unwrap_or(Phase::Volley);
    if verb == Verb::Rout {
        let answering = fold.owed.iter().find(|o| o.by(unit)).map(|o| o.choices);
        let cause = match answering {
            Some(choices) if choices.contains(&Verb::EndureCharge) => Cause::Charge,
            Some(choices) if choices.contains(&Verb::MoraleCheck) => Cause::Morale,
            // Broken by the attack that followed a charge: routed by the charge.
            Some(choices)
                if choices.contains(&Verb::LoseAttack)
                    && fold.combat.is_some_and(|c| c.2 && c.1 == unit) =>
            {
                Cause::Charge
            }
            Some(choices) if choices.contains(&Verb::LoseAttack) => Cause::Combat,
            _ => Cause::Choice,
        };
        fold.emit(Event::Answered { unit, verb });
        rout(fold, unit, cause, span);
        // Only a defender that routs in place of taking its loss can be slaughtered.
        if answering.is_some_and(|choices| choices.contains(&Verb::LoseAttack)) {
            super::combat::after_loss(fold, unit, span);
        }
        return;
    }
    let Some(index) = fold
        .owed
        .iter()
        .position(|o| o.by(unit) && o.choices.contains(&verb))
    else {
        let owed: Vec<&str> = fold
            .owed
            .iter()
            .filter(|o| o.by(unit))
            .flat_map(|o| o.choices.iter().map(|v| v.word()))
            .collect();
        out.push(
            Violation::of(
                &codes::UNPROMPTED_REACTION,
                span,
                format!(
                    "{} does not owe the reaction `{}` here",
                    fold.name(unit),
                    verb.word()
                ),
                rules::TURN_ORDER,
            )
            .help(if owed.is_empty() {
                "reactions answer the action that forces them".to_string()
            } else {
                format!("it owes: {}", owed.join(" or "))
            }),
        );
        return;
    };
    let owed = fold.owed[index];
    fold.emit(Event::Answered { unit, verb });
    match verb {
        Verb::Defend => fold.emit(Event::Defending { unit }),
        Verb::Feint => match feint(fold, unit, args, span) {
            Ok(()) => {}
            Err(violation) => {
                // A feint that cannot be made leaves the unit defending.
                out.push(violation);
                fold.emit(Event::Defending { unit });
                return;
            }
        },
        _ => {}
    }
    if verb == Verb::Pursue
        && let Some(cell) = owed.vacated
        && let Some(from) = fold.units[unit].hex
    {
        record_step(fold, unit, from, cell);
    }
    pay(
        fold,
        unit,
        cost(edition, verb, phase),
        verb.word(),
        span,
        out,
    );
    match verb {
        Verb::LoseAttack => super::combat::after_loss(fold, unit, span),
        Verb::Slaughter => super::combat::slaughter(fold, unit),
        _ => {}
    }
}

fn perform(
    fold: &mut Fold<'_>,
    unit: usize,
    verb: Verb,
    phase: Phase,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) {
    let edition = fold.roster.edition;
    let class = fold.info(unit).class;
    // The phases an action is taken in are the catalog's, so `senlac rules`
    // lists what is enforced; a reaction is no action.
    let allowed: &[Phase] = match catalog::of(verb).when {
        When::In(phases) if !verb.is_reaction() => phases,
        _ => &[],
    };
    if !allowed.contains(&phase) {
        out.push(Violation::of(
            &codes::WRONG_PHASE,
            action.verb().span,
            format!(
                "`{}` is not an action of the {} phase",
                verb.word(),
                phase.word()
            ),
            rules::TURN_ORDER,
        ));
        return;
    }
    if phase == Phase::Movement {
        fold.emit(Event::MovementTaken { unit });
    }
    // Only movement asks whether an enemy is adjacent; the scan is not free.
    let adjacent = phase == Phase::Movement && fold.has_adjacent_enemy(unit);
    let span = action.span;
    let fail = |code: &'static CodeInfo, message: String, rule: &'static str| {
        Violation::of(code, span, message, rule)
    };
    match verb {
        Verb::Volley => {
            if class.super_class() != SuperClass::Archers {
                out.push(fail(
                    &codes::NOT_AN_ARCHER,
                    format!(
                        "{} is {}, and only archers volley",
                        fold.name(unit),
                        class.name()
                    ),
                    rules::VOLLEY,
                ));
                return;
            }
            let Some(target) = target(fold, unit, action, out) else {
                return;
            };
            let (Some(from), Some(to)) = (fold.units[unit].hex, fold.units[target].hex) else {
                return;
            };
            let distance = fold.roster.distance(from, to);
            if distance > u32::from(VOLLEY_RANGE) {
                out.push(
                    fail(
                        &codes::OUT_OF_RANGE,
                        format!(
                            "{} is {distance} hexes from {}; a volley reaches {VOLLEY_RANGE}",
                            fold.name(unit),
                            fold.name(target)
                        ),
                        rules::VOLLEY,
                    )
                    .label(format!("{distance} hexes > {VOLLEY_RANGE}"))
                    .help(in_range_help(fold, unit, from)),
                );
                return;
            }
            pay(
                fold,
                unit,
                cost(edition, verb, phase),
                "a volley",
                span,
                out,
            );
            // An archer that could not pay routed instead (MC-R3): no volley.
            if fold.units[unit].status != Status::Active {
                return;
            }
            fold.emit(Event::Volley {
                archer: unit,
                target,
            });
            fold.emit(Event::ReactionOwed {
                owed: Owed {
                    units: [Some(target), None, None, None],
                    choices: &[Verb::EndureMissiles, Verb::TakeDamage],
                    span,
                    vacated: None,
                },
            });
        }
        Verb::Hold if phase == Phase::Movement && adjacent => out.push(
            fail(
                &codes::HOLD_WHILE_ADJACENT,
                format!(
                    "{} is adjacent to an enemy, so it cannot hold",
                    fold.name(unit)
                ),
                rules::MOVEMENT,
            )
            .help(format!(
                "a unit next to an enemy engages: `{} engage`",
                fold.info(unit).id
            )),
        ),
        Verb::Hold => pay(fold, unit, cost(edition, verb, phase), "holding", span, out),
        Verb::Engage if !adjacent => out.push(
            fail(
                &codes::NOT_ADJACENT,
                format!(
                    "{} is adjacent to no enemy, so it cannot engage",
                    fold.name(unit)
                ),
                rules::MOVEMENT,
            )
            .help(format!(
                "`{} hold` costs 1 command point",
                fold.info(unit).id
            )),
        ),
        Verb::Engage => {}
        Verb::Wait => {
            let may_wait = matches!(class, Class::LightCavalry | Class::SkirmishInfantry)
                || class.super_class() == SuperClass::Archers;
            if !may_wait {
                out.push(fail(
                    &codes::CANNOT_WAIT,
                    format!("{} is {}; only light cavalry, archers and skirmish infantry take a waiting position", fold.name(unit), class.name()),
                    rules::MOVEMENT,
                ));
            }
        }
        Verb::Charge if class.super_class() != SuperClass::Cavalry => out.push(fail(
            &codes::NOT_CAVALRY,
            format!(
                "{} is {}, and only cavalry charges",
                fold.name(unit),
                class.name()
            ),
            if class == Class::HorseArchers {
                rules::HORSE_ARCHERS
            } else {
                rules::MOVEMENT
            },
        )),
        Verb::Advance | Verb::Maneuver | Verb::Charge | Verb::Disengage => {
            movement(fold, unit, verb, adjacent, action, out)
        }
        Verb::Attack => super::combat::attack(fold, unit, action, out),
        Verb::SupportAttack | Verb::SupportDefense => {
            super::combat::support(fold, unit, verb, action, out)
        }
        _ => {}
    }
}

/// Advance, maneuver, charge and disengage: a path of hexes, checked step by step.
fn movement(
    fold: &mut Fold<'_>,
    unit: usize,
    verb: Verb,
    adjacent: bool,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) {
    let edition = fold.roster.edition;
    let span = action.span;
    let Some(start) = fold.units[unit].hex else {
        return;
    };
    let Some(path_atom) = action
        .args()
        .iter()
        .find(|a| matches!(a.kind, AtomKind::Cell | AtomKind::CellChain))
    else {
        out.push(
            Violation::of(
                &codes::MISSING_PATH,
                span,
                format!(
                    "{} `{}` needs the hexes it moves through",
                    fold.name(unit),
                    verb.word()
                ),
                rules::MOVEMENT,
            )
            .help(format!(
                "e.g. `{} {} 0506-0507`",
                fold.info(unit).id,
                verb.word()
            )),
        );
        return;
    };
    // The path may start with the unit's own hex (MC-R12). Its cells are
    // read once into a fixed array (no move is checked step by step past
    // its limit, at most six hexes); beyond the array they are only counted.
    let mut cells = [start; 8];
    let mut written = 0usize;
    for cell in value::cells(path_atom) {
        if let Some(slot) = cells.get_mut(written) {
            *slot = cell;
        }
        written += 1;
    }
    let from_start = written > 0 && cells[0] == start;
    let steps = written - usize::from(from_start);
    let path = || {
        cells[usize::from(from_start)..written.min(cells.len())]
            .iter()
            .copied()
    };
    let (limit, rule) = match verb {
        Verb::Advance => (ADVANCE_HEXES, rules::MOVEMENT),
        Verb::Maneuver => (MANEUVER_HEXES, rules::MOVEMENT),
        Verb::Charge => (CHARGE_HEXES, rules::MOVEMENT),
        _ => (DISENGAGE_HEXES, rules::MOVEMENT),
    };
    let needs_engaged = verb == Verb::Disengage;
    if adjacent != needs_engaged {
        let id = &fold.info(unit).id;
        out.push(if needs_engaged {
            Violation::of(
                &codes::NOT_ENGAGED,
                span,
                format!(
                    "{} is adjacent to no enemy, so it has nothing to disengage from",
                    fold.name(unit)
                ),
                rule,
            )
            .help(format!("a unit with no enemy next to it moves with `{id} maneuver` (1 command point, 2 hexes) or `{id} advance` (free, 3 hexes, ending closer to an enemy)"))
        } else {
            Violation::of(
                &codes::ENGAGED,
                span,
                format!(
                    "{} is adjacent to an enemy and cannot {}",
                    fold.name(unit),
                    verb.word()
                ),
                // The text forbids it for maneuver and charge; for advance it is a ruling.
                if verb == Verb::Advance { rules::ADVANCE } else { rule },
            )
            .help(format!("an engaged unit takes `{id} engage` (free), or leaves with `{id} disengage HEX` (2 command points)"))
        });
        return;
    }
    if steps > usize::from(limit) || steps == 0 {
        out.push(
            Violation::of(
                &codes::TOO_FAR,
                path_atom.span,
                format!(
                    "{} {}s {} hexes; the limit is {limit}",
                    fold.name(unit),
                    verb.word(),
                    steps
                ),
                rule,
            )
            .label(format!("{steps} hexes")),
        );
        return;
    }
    let mut at = start;
    for (step, cell) in path().enumerate() {
        let problem = if !fold.roster.adjacent(at, cell) {
            Some((
                &codes::BROKEN_PATH,
                rules::PATHS,
                format!("{cell} is not next to {at}"),
            ))
        } else if !fold.roster.on_map(cell) {
            Some((
                &codes::OFF_MAP,
                rules::PATHS,
                format!("{cell} is off the map"),
            ))
        } else if fold.roster.impassable.contains(&cell) {
            Some((
                &codes::IMPASSABLE,
                rules::PATH_IMPASSABLE,
                format!("{} cannot enter impassable {cell}", fold.name(unit)),
            ))
        } else if fold.unit_at(cell).is_some() {
            Some((
                &codes::OCCUPIED,
                rules::PATHS,
                format!("{cell} is occupied"),
            ))
        } else {
            None
        };
        if let Some((code, rule, message)) = problem {
            let at_step = value::step_span(path_atom, step + usize::from(from_start));
            let mut finding =
                Violation::of(code, at_step, message, rule).label(format!("at {cell}"));
            if code.code == codes::BROKEN_PATH.code {
                finding = finding.help(format!(
                    "a path names every hex the unit enters, each next to the one before; the hexes next to {at} are {}",
                    fold.roster.neighbours_text(at)
                ));
            }
            out.push(finding);
            return;
        }
        at = cell;
    }
    let side = fold.info(unit).side;
    // The adjacent enemies with the fewest command points may pursue (MC-R16).
    let mut pursuers = [None; 4];
    if verb == Verb::Disengage {
        let lowest = fold
            .adjacent_enemies(unit)
            .map(|e| fold.units[e].command_points)
            .min();
        let fewest = fold
            .adjacent_enemies(unit)
            .filter(|&e| Some(fold.units[e].command_points) == lowest);
        for (slot, enemy) in pursuers.iter_mut().zip(fewest) {
            *slot = Some(enemy);
        }
    }
    let mut route = Path::default();
    route.push(label(start));
    for cell in path() {
        route.push(label(cell));
    }
    fold.emit(Event::Moved {
        unit,
        from: label(start),
        to: label(at),
        charge: verb == Verb::Charge,
        path: route,
    });
    match verb {
        // Closer to an enemy unit, any one of them (MC-R21).
        // With no enemy on the field (a side never deployed, reported
        // once) there is nothing to be closer to.
        Verb::Advance
            if fold.closer_enemy(side, start, at).is_none()
                && fold.nearest_enemy(side, start).is_some() =>
        {
            // The move changed no enemy's hex: the distance before is read now,
            // only for the finding.
            let before = fold.nearest_enemy(side, start);
            let after = fold.nearest_enemy(side, at);
            out.push(
                Violation::of(
                    &codes::NOT_CLOSER,
                    span,
                    format!(
                        "{}'s advance from {start} to {at} brings it closer to no enemy unit (its nearest enemy is {} hexes away, and was {} before)",
                        fold.name(unit),
                        after.unwrap_or(0),
                        before.unwrap_or(0)
                    ),
                    rules::ADVANCE,
                )
                .label(format!("ends at {at}, no closer to any enemy"))
                .help(format!(
                    "an advance must end nearer to some enemy unit than it started; to move elsewhere, `{} maneuver` (1 command point)",
                    fold.info(unit).id
                )),
            );
        }
        Verb::Disengage => {
            if fold.has_adjacent_enemy(unit) {
                out.push(Violation::of(
                    &codes::STILL_ENGAGED,
                    span,
                    format!("{} ends its disengage next to an enemy", fold.name(unit)),
                    rules::MOVEMENT,
                ));
                // A rejected disengage forces no reaction.
                return;
            }
            fold.emit(Event::ReactionOwed {
                owed: Owed {
                    units: pursuers,
                    choices: &[Verb::Pursue, Verb::AllowDisengagement],
                    span,
                    vacated: Some(start),
                },
            });
        }
        Verb::Charge => {
            let Some(target) = target(fold, unit, action, out) else {
                return;
            };
            let next_to = fold.units[target]
                .hex
                .is_some_and(|h| fold.roster.adjacent(at, h));
            if !next_to {
                out.push(Violation::of(
                    &codes::CHARGE_SHORT,
                    span,
                    format!(
                        "{}'s charge ends at {at}, not next to its target {}",
                        fold.name(unit),
                        fold.name(target)
                    ),
                    rules::MOVEMENT,
                ));
                // A charge that falls short commits nothing and forces nothing.
                return;
            }
            fold.emit(Event::ChargeCommitted {
                cavalry: unit,
                target,
                span,
            });
            if fold.info(target).class.super_class() == SuperClass::Infantry {
                fold.emit(Event::ReactionOwed {
                    owed: Owed {
                        units: [Some(target), None, None, None],
                        choices: &[Verb::EndureCharge],
                        // Up to the claimed outcome: where a missing reaction goes.
                        span: head(action),
                        vacated: None,
                    },
                });
            }
        }
        _ => {}
    }
    pay(
        fold,
        unit,
        cost(edition, verb, Phase::Movement),
        verb.word(),
        span,
        out,
    );
}

/// The attacked skirmishers or horse archers pull back one hex, away from their
/// attacker, and the attack is negated (mass-combat §Combat Declarations, 'Feint').
fn feint(fold: &mut Fold<'_>, unit: usize, args: &[Atom<'_>], span: Span) -> Result<(), Violation> {
    let class = fold.info(unit).class;
    if !matches!(class, Class::SkirmishInfantry | Class::HorseArchers) {
        return Err(Violation::of(
            &codes::CANNOT_FEINT,
            span,
            format!(
                "{} is {}; only skirmish infantry and horse archers feint",
                fold.name(unit),
                class.name()
            ),
            rules::FEINT,
        ));
    }
    let Some(index) = fold
        .attacks
        .iter()
        .rposition(|a| a.defender == unit && !a.resolved)
    else {
        return Err(Violation::of(
            &codes::UNPROMPTED_REACTION,
            span,
            "no attack to feint from",
            rules::FEINT,
        ));
    };
    let attacker = fold.attacks[index].attacker;
    let (Some(from), Some(enemy)) = (fold.units[unit].hex, fold.units[attacker].hex) else {
        return Err(Violation::of(
            &codes::CANNOT_FEINT,
            span,
            "the units are not on the map",
            rules::FEINT,
        ));
    };
    let Some(to) = args
        .iter()
        .find(|a| a.kind == AtomKind::Cell)
        .and_then(|a| value::cells(a).next())
    else {
        return Err(Violation::of(
            &codes::MISSING_PATH,
            span,
            format!("{}'s feint needs the hex it pulls back to", fold.name(unit)),
            rules::FEINT,
        )
        .help(format!("e.g. `> {} feint 0507`", fold.info(unit).id)));
    };
    let away = fold.roster.distance(to, enemy) > fold.roster.distance(from, enemy);
    let open = fold.roster.on_map(to)
        && !fold.roster.impassable.contains(&to)
        && fold.unit_at(to).is_none();
    if !fold.roster.adjacent(from, to) || !away || !open {
        return Err(Violation::of(
            &codes::BAD_FEINT,
            span,
            format!(
                "{} cannot pull back to {to}: it must be a free hex next to it, farther from {}",
                fold.name(unit),
                fold.name(attacker)
            ),
            rules::FEINT,
        ));
    }
    fold.emit(Event::AttackNegated {
        attacker,
        defender: unit,
    });
    record_step(fold, unit, from, to);
    Ok(())
}

/// Moves a unit one hex (a pursuit, a feint). (a pursuit, a feint) as an event.
fn record_step(fold: &mut Fold<'_>, unit: usize, from: Cell, to: Cell) {
    let mut path = Path::default();
    path.push(label(from));
    path.push(label(to));
    fold.emit(Event::Moved {
        unit,
        from: label(from),
        to: label(to),
        charge: false,
        path,
    });
}
