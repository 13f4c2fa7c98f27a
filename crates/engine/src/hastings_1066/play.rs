//! Hastings: 1066's play: the sequence of play as a state machine (spec
//! section 1, HS-R41): Battle Turns numbered on through the game, each a
//! Norman then a Saxon player phase; in each phase the segments in their
//! order (the Order Phase at the head of the Norman block, the Turn Record
//! Phase at the end of the Saxon block); every line in a segment it belongs
//! to, written by the side that acts in it.
//!
//! Here a line is checked for its place in the sequence and handed to the
//! module of its verb (orders, movement, reaction, fire, melee, morale,
//! rout and the other consequences); what a line owes is paid by the lines
//! after it, or reported missing (spec 1.4).

use std::borrow::Cow;

use senlac_notation::lower::{Action, Step};
use senlac_notation::value::{self, UnitRef};
use senlac_notation::{Atom, AtomKind, Fix, Span, did_you_mean};

use super::Fold;
use super::catalog::{self, Who};
use super::codes;
use super::event::Event;
use super::orders;
use super::rules;
use super::state::{Owed, Segment, State};
use super::tables::Side;
use super::{movement, period, reaction};
use crate::doubt::Subject;
use crate::violation::Violation;

/// Whether `next` is a line that pays a consequence `state` owes: the
/// rout, morale check, pursuit, displacement, escape or casualty roll of
/// the piece it names.
pub fn pays(state: &State, next: Option<Step<'_, '_>>) -> bool {
    let Some(Step::Action(action)) = next else {
        return false;
    };
    let pieces = state
        .roster
        .pieces_named(&UnitRef::parse(action.actor().text));
    let verb = action.verb().text;
    state.owed.iter().any(|owed| {
        let (piece, owed_verb) = match *owed {
            Owed::Morale { piece, .. } => (piece, "morale"),
            Owed::Rout { piece, .. } => (piece, "rout"),
            Owed::Pursue { piece, .. } => (piece, "pursue"),
            Owed::Displace { piece, .. } => (piece, "displace"),
            Owed::Escape { leader, .. } => (leader, "escape"),
            Owed::Casualty { leader, .. } => (leader, "casualty"),
        };
        verb == owed_verb && pieces.contains(&piece)
    })
}

/// Replays the sample battle (samples/hastings-1066-st.sbn), which breaks
/// no rule, and hands `each` the state after every step: for tests that
/// hold a fast path to its plain definition over real positions.
#[cfg(test)]
pub(crate) fn each_sample_state(each: impl FnMut(&State)) {
    let out = each_state(
        include_str!("../../../../samples/hastings-1066-st.sbn"),
        each,
    );
    assert!(out.is_empty(), "{out:?}");
}

/// [`each_sample_state`] for the first battle of `text`, whose findings it
/// returns.
#[cfg(test)]
pub(crate) fn each_state(text: &str, mut each: impl FnMut(&State)) -> Vec<Violation> {
    let archive = senlac_notation::parse(text);
    let battle = &archive.battles[0];
    let mut out = Vec::new();
    let mut fold = crate::fold::Sandbox::setup(&super::HASTINGS_1066, battle, &mut out);
    let mut rest = senlac_notation::lower::steps(battle);
    while let Some(step) = rest.next() {
        fold.step(&super::HASTINGS_1066, &step, &rest, &mut out);
        each(&fold.state);
    }
    out
}

/// The sample battle and `generated` battles from the generator's `seed`:
/// positions of every kind for the tests that walk them.
#[cfg(test)]
pub(crate) fn sample_and_generated(generated: u32, seed: u64) -> Vec<String> {
    let mut texts = vec![include_str!("../../../../samples/hastings-1066-st.sbn").to_string()];
    super::generate::generate_each(generated, seed, &mut |battle| {
        texts.push(battle.to_string());
    });
    texts
}

/// Checks one step of the movetext and emits what it does.
pub fn play(fold: &mut Fold<'_>, step: &Step<'_, '_>, out: &mut Vec<Violation>) {
    let before = out.len();
    match step {
        Step::Action(action) => {
            played(fold, step, out);
            // Most lines find nothing: their subjects are only looked up
            // when there is something to weigh.
            if out.len() > before {
                let subjects = subjects(fold, action);
                fold.doubt().weigh(&subjects, out, before);
            }
        }
        Step::Turn { .. } => {
            fold.doubt().forgive(&Subject::Turn);
            played(fold, step, out);
            fold.doubt().weigh(&[Subject::Turn], out, before);
        }
        _ => {
            played(fold, step, out);
            fold.doubt().weigh(&[Subject::Turn], out, before);
        }
    }
}

/// What a line is about, for the doubt: each piece it names, and each id
/// that names none.
fn subjects(state: &State, action: &Action<'_, '_>) -> Vec<Subject> {
    Subject::named_by(
        action,
        |reference| state.roster.pieces_named(reference),
        |id| Side::parse(id).is_some(),
    )
}

/// A step, checked and played.
fn played(fold: &mut Fold<'_>, step: &Step<'_, '_>, out: &mut Vec<Violation>) {
    // Once the battle is decided, only the record's claims may follow.
    if fold.verdict.is_some() {
        after_the_end(fold, step, out);
        return;
    }
    // The Order Phase reads a misspelt side as `turn` does.
    let meant;
    let ordered = match step {
        Step::Turn { number, side, span } if Side::parse(side).is_none() => {
            meant = Step::Turn {
                number: *number,
                side: meant_side(fold, side).word(),
                span: *span,
            };
            &meant
        }
        _ => step,
    };
    if let Step::Phase { name, span } = step {
        turn_left_out(fold, name, *span, out);
    }
    orders::step(fold, ordered, out);
    match step {
        Step::Turn { number, side, span } => turn(fold, *number, side, *span, out),
        Step::Phase { name, span } => segment(fold, name, *span, out),
        Step::Action(action) => line(fold, action, out),
        _ => {}
    }
}

/// A step once the battle is decided (12.1): the Saxons' block of the
/// same Battle Turn may open for its `record:`, where `win` and `tally`
/// state the outcome; anything else is reported once.
fn after_the_end(fold: &mut Fold<'_>, step: &Step<'_, '_>, out: &mut Vec<Violation>) {
    let same_turn = |number: u32| number == fold.turn && fold.phasing == Some(Side::Normans);
    match step {
        Step::Turn { number, side, .. }
            if Side::parse(side) == Some(Side::Saxons) && same_turn(*number) =>
        {
            fold.emit(Event::PhaseStarted {
                turn: *number,
                side: Side::Saxons,
            });
        }
        Step::Phase { name: "record", .. }
            if fold.phasing == Some(Side::Saxons) && fold.segment != Some(Segment::Record) =>
        {
            fold.emit(Event::SegmentStarted(Segment::Record));
        }
        Step::Action(action)
            if period::allowed_after(action) && fold.segment == Some(Segment::Record) =>
        {
            line(fold, action, out);
        }
        Step::Turn { span, .. } | Step::Phase { span, .. } => period::played_on(fold, *span, out),
        Step::Action(action) => period::played_on(fold, action.span, out),
        _ => {}
    }
}

/// `N. SIDE` (3.2, HS-R41): the Normans' phase opens Battle Turn N, the
/// turn after the last; the Saxons' phase follows it in the same turn.
/// The turn line the sequence expects next: the Saxons' after the
/// Normans', else the Normans' of the next Battle Turn.
pub(super) fn expected_turn(state: &State) -> (u32, Side) {
    match state.phasing {
        Some(Side::Normans) => (state.turn, Side::Saxons),
        _ => (state.turn.saturating_add(1), Side::Normans),
    }
}

/// The side a misspelt turn line means: the one it nearly spells, else
/// the one the sequence expects.
fn meant_side(state: &State, written: &str) -> Side {
    did_you_mean(written, Side::ALL.map(Side::word))
        .and_then(Side::parse)
        .unwrap_or(expected_turn(state).1)
}

fn turn(fold: &mut Fold<'_>, number: u32, written: &str, span: Span, out: &mut Vec<Violation>) {
    let expected = expected_turn(fold);
    // A side misspelt is read as the one it nearly names, else as the one
    // the sequence expects (one mistake, one error).
    let side = match Side::parse(written) {
        Some(side) => side,
        None => {
            let meant = did_you_mean(written, Side::ALL.map(Side::word));
            let mut finding = Violation::of(
                &codes::SIDES,
                span,
                format!("no army is named {written}: the turns are the Normans' and the Saxons'"),
                rules::TURN_SEQUENCE,
            );
            if let Some(meant) = meant {
                let at = span.end as usize - written.len();
                finding = finding.fix(Fix::new(
                    Span::new(at, span.end as usize),
                    meant,
                    format!("write `{meant}`"),
                ));
            }
            out.push(finding);
            meant_side(fold, written)
        }
    };
    if (number, side) != expected && Side::parse(written).is_some() {
        out.push(
            Violation::of(
                &codes::TURN_OUT_OF_SEQUENCE,
                span,
                format!(
                    "after {} comes `{}. {}`: each Battle Turn is the Normans' phase, then the Saxons'",
                    match fold.phasing {
                        None => "the setup".to_string(),
                        Some(phasing) => format!("`{}. {}`", fold.turn, phasing.word()),
                    },
                    expected.0,
                    expected.1.word()
                ),
                rules::TURN_SEQUENCE,
            )
            .help(format!("write `{}. {}`", expected.0, expected.1.word())),
        );
    }
    close_segment(fold, span, out);
    if side == Side::Normans {
        period::turn_opens(fold, number, span, out);
        if fold.verdict.is_some() {
            return;
        }
    }
    // Played as written: one mistake, one error.
    fold.emit(Event::PhaseStarted { turn: number, side });
}

/// A label that opens the phase the sequence expects next, with no turn
/// line above it: any label before the first turn line; after a phase's
/// segments, an `orders:` in the Saxons' phase, a `record:` in the
/// Normans', or a label out of order whose first line is by the side that
/// acts there in the next phase. That
/// turn line was left out: reported once, at the label, and played as if
/// it stood above it, so the phase's lines are judged in their own phase
/// (HS-R64; one mistake, one error).
fn turn_left_out(fold: &mut Fold<'_>, name: &str, span: Span, out: &mut Vec<Violation>) {
    let Some(segment) = Segment::parse(name) else {
        return;
    };
    let (number, side) = expected_turn(fold);
    let opens = match segment {
        Segment::Orders => side == Side::Normans,
        Segment::Record => side == Side::Saxons,
        _ => true,
    };
    // A label right under its turn line is misplaced in that phase, not
    // the head of the next one.
    if !opens || (fold.phasing.is_some() && fold.segment.is_none()) {
        return;
    }
    let why = match (fold.phasing, segment) {
        (None, _) => "it stands before any turn line".to_string(),
        (Some(_), Segment::Orders) => {
            "the Order Phase heads the Normans' block, and this is the Saxons'".to_string()
        }
        (Some(_), Segment::Record) => {
            "the Turn Record Phase ends the Saxons' block, and this is the Normans'".to_string()
        }
        (Some(phasing), _) => {
            let open = fold.segment.filter(|&open| open >= segment);
            let (Some(open), Some(actor)) = (open, next_actor(fold)) else {
                return;
            };
            if fold.info(actor).map(|i| i.side) != segment.actor(side) {
                return;
            }
            format!(
                "it follows `{}:` of the {}' phase, and {} acts in `{name}:` of the {}'",
                open.label(),
                phasing.word(),
                fold.name(actor),
                side.word()
            )
        }
    };
    let header = format!("{number}. {}", side.word());
    // A turn line restores the order of play: so does the one inferred.
    fold.doubt().forgive(&Subject::Turn);
    out.push(
        Violation::of(
            &codes::TURN_OUT_OF_SEQUENCE,
            span,
            format!("`{name}:` opens the {}' phase of Battle Turn {number} ({why}): the turn line `{header}` is missing above it", side.word()),
            rules::BATTLE_TURN,
        )
        .help(format!("write `{header}` on the line above `{name}:`")),
    );
    let inferred = Step::Turn {
        number,
        side: side.word(),
        span,
    };
    orders::step(fold, &inferred, out);
    turn(fold, number, side.word(), span, out);
}

/// The piece that acts in the first line after this step, before the next
/// label or turn line.
fn next_actor(fold: &Fold<'_>) -> Option<usize> {
    let mut actor = None;
    fold.read_on(&mut |step| match step {
        Step::Action(action) => {
            let reference = UnitRef::parse(action.actor().text);
            actor = fold.roster.pieces_named(&reference).first().copied();
            true
        }
        Step::Annotation(_) => false,
        _ => true,
    });
    actor
}

/// A segment's label (3.2, HS-R41): in order, none twice; `orders:` only
/// first in the Normans' block, `record:` only last in the Saxons'.
fn segment(fold: &mut Fold<'_>, name: &str, span: Span, out: &mut Vec<Violation>) {
    let segment = match Segment::parse(name) {
        Some(segment) => segment,
        None => {
            let labels = Segment::ALL.map(Segment::label);
            let meant = did_you_mean(name, labels);
            let mut finding = Violation::of(
                &codes::UNKNOWN_PHASE,
                span,
                format!(
                    "`{name}:` is no segment of a Battle Turn: {}",
                    labels.join(", ")
                ),
                rules::BATTLE_TURN,
            );
            if let Some(meant) = meant {
                finding = finding.fix(Fix::new(
                    Span::new(span.start as usize, span.start as usize + name.len()),
                    meant,
                    format!("write `{meant}:`"),
                ));
            }
            out.push(finding);
            // A misspelt label opens the segment it nearly names.
            match meant.and_then(Segment::parse) {
                Some(segment) => segment,
                None => return,
            }
        }
    };
    let Some(phasing) = fold.phasing else {
        out.push(Violation::of(
            &codes::SEGMENT_OUT_OF_ORDER,
            span,
            format!("`{name}:` stands before any turn line: open the turn with `1. Normans`"),
            rules::BATTLE_TURN,
        ));
        return;
    };
    let misplaced = match segment {
        Segment::Orders if phasing != Side::Normans => {
            Some("the Order Phase heads the Normans' block: both sides' orders are written there")
        }
        Segment::Record if phasing != Side::Saxons => {
            Some("the Turn Record Phase ends the Saxons' block")
        }
        _ => None,
    };
    let out_of_order = fold.segment.is_some_and(|open| open >= segment);
    if let Some(why) = misplaced {
        out.push(Violation::of(
            &codes::SEGMENT_OUT_OF_ORDER,
            span,
            format!("`{name}:` in the {}' phase: {why}", phasing.word()),
            rules::BATTLE_TURN,
        ));
    } else if out_of_order {
        let open = fold.segment.map_or("", Segment::label);
        out.push(
            Violation::of(
                &codes::SEGMENT_OUT_OF_ORDER,
                span,
                format!(
                    "`{name}:` after `{open}:`: a phase's segments come once each, in the order rally, fire, movement, reaction, defensive-fire, melee"
                ),
                rules::BATTLE_TURN,
            ),
        );
    }
    close_segment(fold, span, out);
    fold.emit(Event::SegmentStarted(segment));
    if segment == Segment::Melee {
        super::melee::bind(fold);
    }
}

/// Consequences still owed when something voluntary is written: each is
/// missing (spec 1.4), found at the line that caused it, and dropped so
/// one omission gives one finding.
fn missing_owed(fold: &mut Fold<'_>, out: &mut Vec<Violation>) {
    while let Some(owed) = fold.owed.first().copied() {
        let (code, piece, cause, what) = match owed {
            Owed::Displace { piece, cause } => {
                super::displace::missing(fold, piece, cause, out);
                continue;
            }
            Owed::Morale { piece, cause, .. } => (
                &codes::MORALE_CHECK_MISSING,
                piece,
                cause,
                "a morale check: `morale d6:N`",
            ),
            Owed::Rout { piece, cause, .. } => (
                &codes::ROUT_MISSING,
                piece,
                cause,
                "its rout retreat, three hexes to the rear: `rout PATH facing=F`",
            ),
            Owed::Pursue { piece, cause, .. } => (
                &codes::PURSUIT_MISSING,
                piece,
                cause,
                "its pursuit of the unit it routed: `pursue PATH facing=F`",
            ),
            Owed::Casualty { leader, cause, .. } => (
                &codes::LEADER_CASUALTY_MISSING,
                leader,
                cause,
                "a roll on the Leader Casualty Table: `casualty 2d6:a+b`",
            ),
            Owed::Escape { leader, cause, .. } => (
                &codes::LEADER_ESCAPE_MISSING,
                leader,
                cause,
                "an escape, alone beside the enemy: `escape PATH`, or `escape => captured`",
            ),
        };
        out.push(Violation::of(
            code,
            cause,
            format!(
                "{} owes {what}, written right after this line",
                fold.name(piece)
            ),
            rules::CONSEQUENCES,
        ));
        fold.emit(Event::Paid(0));
    }
}

/// What must hold when the open segment ends (at `span`: the next label or
/// turn line, or the battle's end).
fn close_segment(fold: &mut Fold<'_>, span: Span, out: &mut Vec<Violation>) {
    missing_owed(fold, out);
    match fold.segment {
        Some(Segment::Melee) => super::melee::close(fold, span, out),
        Some(Segment::Rally) => super::rally::close(fold, span, out),
        Some(Segment::Movement) => movement::close(fold, span, out),
        _ => {}
    }
}

/// What must hold when the battle's line of play ends.
pub fn finish(fold: &mut Fold<'_>, end: Span, out: &mut Vec<Violation>) {
    close_segment(fold, end, out);
}

/// One line: a verb of the ruleset, in a segment it belongs to, by the
/// side that acts there.
fn line(fold: &mut Fold<'_>, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    // Slips are reported once and read as meant (one mistake, one error).
    let atoms = as_meant(fold, action, out);
    let meant;
    let action = match &atoms {
        Cow::Borrowed(_) => action,
        Cow::Owned(atoms) => {
            meant = Action {
                span: action.span,
                atoms,
            };
            &meant
        }
    };
    let mark = fold.replaced.len();
    if action.verb().text != "displace" {
        super::displace::forget_refused(fold);
    }
    written_line(fold, action, out);
    // A leader the line left alone beside the enemy owes his escape.
    super::escape::settle(fold, mark, action.span, action.verb().text == "move");
    period::decide(fold);
}

/// Claim words beyond a unit's and a leader's statuses (spec 5.1).
const OTHER_STATUS_WORDS: [&str; 2] = ["rallied", "still"];

/// Keys of a claim's pairs (spec 5.1).
const CLAIM_KEYS: [&str; 9] = [
    "diff", "fire", "defense", "odds", "points", "victory", "turns", "optional", "effect",
];

/// Whether `atom` can only open a claim: a status, an order, a section or
/// a claim's pair.
fn opens_claim(atom: &Atom<'_>) -> bool {
    match atom.kind {
        AtomKind::Word => {
            super::fire::UNIT_WORDS.contains(&atom.text)
                || super::fire::LEADER_WORDS.contains(&atom.text)
                || OTHER_STATUS_WORDS.contains(&atom.text)
                || super::tables::Order::parse(atom.text).is_some()
                || atom.text.split_once('-').is_some_and(|(nation, arm)| {
                    super::state::Nation::parse(nation).is_some()
                        && matches!(arm, "foot" | "knights")
                })
        }
        AtomKind::Pair => value::key(atom).is_some_and(|key| CLAIM_KEYS.contains(&key)),
        _ => false,
    }
}

/// The line as its writer meant it: an actor written twice read once, a
/// misspelt verb read as the one it nearly spells, and a claim written
/// without its `=>` read as one. Each slip is reported once, with its fix.
/// A line written as meant is lent back as it is.
fn as_meant<'a, 's>(
    state: &State,
    action: &Action<'a, 's>,
    out: &mut Vec<Violation>,
) -> Cow<'a, [Atom<'s>]> {
    let mut atoms = Cow::Borrowed(action.atoms);
    if atoms.len() > 2 && atoms[1].text == atoms[0].text {
        let twice = atoms[1];
        out.push(
            Violation::of(
                &codes::UNKNOWN_VERB,
                twice.span,
                format!("`{}` is written twice", twice.text),
                rules::BATTLE_TURN,
            )
            .fix(Fix::new(
                Span::new(atoms[0].span.end as usize, twice.span.end as usize),
                "",
                format!("write `{}` once", twice.text),
            )),
        );
        atoms.to_mut().remove(1);
    }
    if let Some(verb) = atoms.get(1).copied()
        && catalog::line(verb.text).is_none()
        && let Some(meant) = did_you_mean(verb.text, catalog::LINES.iter().map(|l| l.verb))
    {
        out.push(
            Violation::of(
                &codes::UNKNOWN_VERB,
                verb.span,
                format!("`{}` is not a line of Hastings: 1066", verb.text),
                rules::BATTLE_TURN,
            )
            .fix(Fix::new(verb.span, meant, format!("write `{meant}`"))),
        );
        atoms.to_mut()[1].text = meant;
    }
    let has_outcome = atoms.iter().any(|a| a.kind == AtomKind::Outcome);
    if !has_outcome && atoms.len() > 2 {
        let named = |a: &Atom<'_>| {
            a.kind == AtomKind::Word
                && !state
                    .roster
                    .pieces_named(&UnitRef::parse(a.text))
                    .is_empty()
        };
        let claim = (2..atoms.len()).find(|&i| {
            opens_claim(&atoms[i])
                || (named(&atoms[i])
                    && atoms.get(i + 1).is_some_and(|next| {
                        opens_claim(next) || super::state::Wing::parse(next.text).is_some()
                    }))
        });
        if let Some(at) = claim {
            let start = atoms[at].span.start as usize;
            out.push(
                Violation::of(
                    &codes::UNKNOWN_CLAIM,
                    atoms[at].span,
                    "a claim follows `=>`: it is missing before this",
                    rules::BATTLE_TURN,
                )
                .fix(Fix::new(Span::new(start, start), "=> ", "write `=>`")),
            );
            atoms.to_mut().insert(
                at,
                Atom {
                    kind: AtomKind::Outcome,
                    text: "=>",
                    span: Span::new(start, start),
                },
            );
        }
    }
    atoms
}

/// One line, checked and played.
fn written_line(fold: &mut Fold<'_>, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    let verb = action.verb();
    let Some(written) = catalog::line(verb.text) else {
        let verbs = catalog::LINES.iter().map(|l| l.verb);
        let mut finding = Violation::of(
            &codes::UNKNOWN_VERB,
            verb.span,
            format!("`{}` is not a line of Hastings: 1066", verb.text),
            rules::BATTLE_TURN,
        );
        if let Some(meant) = did_you_mean(verb.text, verbs) {
            finding = finding.fix(Fix::new(verb.span, meant, format!("write `{meant}`")));
        }
        out.push(finding);
        return;
    };
    // A label left out before a line whose segment comes later in the
    // phase: reported once, and the segment opened (one mistake, one
    // error).
    if written.who == Who::Segment
        && let Some(phasing) = fold.phasing
        && fold
            .segment
            .is_none_or(|open| !written.segments.contains(&open))
        && let Some(&missing) = written.segments.iter().find(|&&s| {
            fold.segment.is_none_or(|open| s > open)
                && (s != Segment::Orders || phasing == Side::Normans)
                && (s != Segment::Record || phasing == Side::Saxons)
                && acts_in(fold, action, s, phasing)
        })
    {
        out.push(
            Violation::of(
                orders::misplaced(verb.text),
                verb.span,
                format!(
                    "`{}` belongs in `{}:`, and no `{}:` label stands before it",
                    verb.text,
                    missing.label(),
                    missing.label()
                ),
                rules::BATTLE_TURN,
            )
            .help(format!("write `{}:` on the line before", missing.label())),
        );
        close_segment(fold, action.span, out);
        fold.emit(Event::SegmentStarted(missing));
        if missing == Segment::Melee {
            super::melee::bind(fold);
        }
    }
    let (Some(phasing), Some(segment)) = (fold.phasing, fold.segment) else {
        out.push(Violation::of(
            orders::misplaced(verb.text),
            action.span,
            format!(
                "`{}` stands outside any segment: write it under its label",
                verb.text
            ),
            rules::BATTLE_TURN,
        ));
        return;
    };
    if written.who == Who::Segment && !written.segments.contains(&segment) {
        let labels: Vec<String> = written
            .segments
            .iter()
            .map(|s| format!("`{}:`", s.label()))
            .collect();
        out.push(Violation::of(
            orders::misplaced(verb.text),
            verb.span,
            format!(
                "`{}` belongs in {}, not in `{}:`",
                verb.text,
                labels.join(" or "),
                segment.label()
            ),
            rules::BATTLE_TURN,
        ));
        return;
    }
    if written.who == Who::Segment {
        missing_owed(fold, out);
    }
    // A piece acts for the side whose segment it is (G.5).
    let actor = action.actor();
    let reference = UnitRef::parse(actor.text);
    let pieces = fold.roster.pieces_named(&reference);
    if let Some(finding) = ambiguous(&reference, &pieces, actor.span) {
        out.push(finding);
        return;
    }
    if let (Who::Segment, Some(side), Some(&piece)) =
        (written.who, segment.actor(phasing), pieces.first())
        && fold.info(piece).is_some_and(|p| p.side != side)
    {
        out.push(Violation::of(
            &codes::WRONG_SIDE,
            actor.span,
            format!(
                "{} acts in `{}:` of the {}' phase, where the {} act",
                fold.name(piece),
                segment.label(),
                phasing.word(),
                side.word()
            ),
            rules::BATTLE_TURN,
        ));
        return;
    }
    match verb.text {
        "melee" => super::melee::line(fold, action, out),
        "rout" => {
            if let Some(&piece) = pieces.first() {
                super::rout::line(fold, piece, action, out);
            }
        }
        "displace" => {
            if let Some(&piece) = pieces.first() {
                super::displace::line(fold, piece, action, out);
            }
        }
        "pursue" => {
            if let Some(&piece) = pieces.first() {
                super::pursue::line(fold, piece, action, out);
            }
        }
        "morale" => {
            if let Some(&piece) = pieces.first() {
                super::morale::line(fold, piece, action, out);
            }
        }
        "strategy" | "reroll" | "join" => orders::line(fold, action, out),
        "rally" => {
            if let Some(&piece) = pieces.first() {
                super::rally::line(fold, piece, action, out);
            }
        }
        "withdraw" => {
            if let Some(&piece) = pieces.first() {
                super::rout::withdraw_line(fold, piece, action, out);
            }
        }
        "tally" => {
            if let Some(side) = Side::parse(actor.text) {
                super::record::tally(fold, side, action, out);
            }
        }
        "extend" => super::record::extend(fold, action, out),
        "win" => period::win(fold, action, out),
        "reform" | "place" => match Side::parse(actor.text) {
            Some(side) if verb.text == "reform" => super::reform::reform(fold, side, action, out),
            Some(side) => super::reform::place(fold, side, action, out),
            None => out.push(Violation::of(
                &codes::SIDES,
                actor.span,
                format!(
                    "`{}` is written by an army: `Normans {}` or `Saxons {}`",
                    verb.text, verb.text, verb.text
                ),
                rules::REFORM,
            )),
        },
        "escape" => {
            if let Some(&piece) = pieces.first() {
                super::escape::line(fold, piece, action, out);
            }
        }
        "fire" => super::fire::fire(fold, action, out),
        "casualty" => {
            if let Some(&piece) = pieces.first() {
                super::casualty::line(fold, piece, action, out);
            }
        }
        "move" | "charge" | "enter" | "face" => {
            movement::line(fold, action, pieces.first().copied(), out);
        }
        "react" => reaction::line(fold, action, pieces.first().copied(), out),
        _ => {}
    }
}

/// Whether the line's actor acts in `segment` of `phasing`'s phase: its
/// pieces are of the side the segment belongs to (either side where both
/// act, or when the actor names no piece).
fn acts_in(state: &State, action: &Action<'_, '_>, segment: Segment, phasing: Side) -> bool {
    let Some(side) = segment.actor(phasing) else {
        return true;
    };
    let pieces = state
        .roster
        .pieces_named(&UnitRef::parse(action.actor().text));
    pieces
        .first()
        .and_then(|&p| state.info(p))
        .is_none_or(|i| i.side == side)
}

/// An id both armies use, unqualified (HS-R41): `pieces` are those it names.
fn ambiguous(reference: &UnitRef<'_>, pieces: &[usize], span: Span) -> Option<Violation> {
    (reference.side.is_none() && pieces.len() > 1).then(|| {
        Violation::of(
            &codes::AMBIGUOUS_UNIT,
            span,
            format!(
                "both armies have a piece {}: write Normans.{0} or Saxons.{0}",
                reference.id
            ),
            rules::LOG,
        )
    })
}
