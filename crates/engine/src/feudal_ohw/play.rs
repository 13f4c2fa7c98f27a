//! Play: each step of the movetext checked against the sequence of play
//! (spec 1.1, 1.2) and handed to the verb's own module: turn lines, phase
//! labels, who acts and in which phase, the rolls a removal or a turn owes,
//! and the end-of-phase effects (spec 1.3) here; shooting ([`super::shoot`]),
//! melee ([`super::melee`]), rallies ([`super::rally`]), side rolls
//! ([`super::rolls`]) and joins ([`super::personality`]) in their modules;
//! movement in [`super::movement`].

use senlac_notation::Span;
use senlac_notation::lower::{Action, Step};
use senlac_notation::value::unit_refs;

use super::event::{Cause, Event};
use super::options::Opt;
use super::state::{Owed, Phase, PlayerTurn, State};
use super::{Fold, codes, melee, movement, personality, rally, rolls, rules, shoot};
use crate::doubt::Subject;
use crate::violation::Violation;

/// An action whose actor is a unit of the side in turn, resolved.
pub struct Act<'a, 'b, 's> {
    /// The acting unit, by index into the roster.
    pub unit: usize,
    /// The verb as written.
    pub verb: &'s str,
    pub action: &'a Action<'b, 's>,
}

/// Every verb a unit or a personality acts with (spec 5.2).
const UNIT_VERBS: [&str; 10] = [
    "shoot", "move", "turn", "charge", "retreat", "face", "join", "melee", "rally", "pursue",
];

/// Checks one step and emits what it does.
pub fn play(fold: &mut Fold<'_>, step: &Step<'_, '_>, out: &mut Vec<Violation>) {
    // Without two sides the setup has said so (SU.1), and nothing plays.
    if fold.roster.sides.len() != 2 {
        return;
    }
    // One mistake, one error (docs/rules/README.md): what a line finds is
    // weighed against what earlier findings put in doubt.
    let before = out.len();
    match step {
        Step::Turn { number, side, span } => {
            fold.doubt().forgive(&Subject::Turn);
            turn(fold, *number, side, *span, out);
            fold.doubt().weigh(&[Subject::Turn], out, before);
        }
        Step::Phase { name, span } => {
            label(fold, name, *span, true, out);
            fold.doubt().weigh(&[Subject::Turn], out, before);
        }
        Step::Action(action) => {
            act(fold, action, out);
            // Most lines find nothing: their subjects are only looked up
            // when there is something to weigh.
            if out.len() > before {
                let subjects = subjects(fold, action);
                fold.doubt().weigh(&subjects, out, before);
            }
        }
        _ => {}
    }
}

/// What a line is about, for the doubt: each unit it names, of either
/// side, and each id that names none.
fn subjects(state: &State, action: &Action<'_, '_>) -> Vec<Subject> {
    Subject::named_by(
        action,
        |reference| {
            (0..state.roster.sides.len())
                .filter_map(|s| state.roster.unit(s, reference.id))
                .collect::<Vec<_>>()
        },
        |id| side_named(state, id).is_some(),
    )
}

/// Nothing is played after a rout (FM.1): true, and reported, once over.
fn over(fold: &Fold<'_>, span: Span, out: &mut Vec<Violation>) -> bool {
    let Some(ended) = fold.ended else {
        return false;
    };
    out.push(
        Violation::of(
            &codes::BATTLE_OVER,
            span,
            format!(
                "the {} force routed in turn {}: the battle is over, and nothing more is played",
                fold.roster.sides[ended.routed], ended.turn
            ),
            rules::OVER,
        )
        .label("after the rout"),
    );
    true
}

/// `N. SIDE`: closes the player turn before and opens this one (spec 1.1).
fn turn(fold: &mut Fold<'_>, number: u32, name: &str, span: Span, out: &mut Vec<Violation>) {
    if over(fold, span, out) {
        return;
    }
    let Some(side) = fold.roster.sides.iter().position(|s| s == name) else {
        out.push(
            Violation::of(
                &codes::TURN_ORDER,
                span,
                format!(
                    "`{name}` is not a side of this battle: the sides are {}",
                    fold.roster.sides.join(" and ")
                ),
                rules::SEQUENCE,
            )
            .label("no such side"),
        );
        return;
    };
    let previous = fold.player;
    if previous.is_some() {
        close_until(fold, None, span, out);
    }
    let second = previous.is_some_and(|p| !p.second) && number == fold.turn;
    let first_side = fold.roster.first.unwrap_or(0);
    if second {
        if previous.is_some_and(|p| p.side == side) {
            out.push(
                Violation::of(
                    &codes::TURN_ORDER,
                    span,
                    format!("the {name} play twice in turn {number}: its second player turn is the other side's"),
                    rules::SEQUENCE,
                )
                .label("the same side again"),
            );
        }
    } else {
        let expected = fold.turn + 1;
        if number != expected {
            out.push(
                Violation::of(
                    &codes::TURN_NUMBER,
                    span,
                    if fold.turn == 0 {
                        format!("the first turn is turn 1, not {number}")
                    } else {
                        format!(
                            "turn {number} follows turn {}: turns go 1, 2, 3… in order, each once",
                            fold.turn
                        )
                    },
                    rules::SEQUENCE,
                )
                .label(format!("turn {expected} expected")),
            );
        } else if let Some(p) = previous.filter(|p| !p.second) {
            out.push(
                Violation::of(
                    &codes::TURN_ORDER,
                    span,
                    format!(
                        "turn {} has no {} player turn: each turn has one for each side",
                        fold.turn,
                        fold.roster.sides[1 - p.side.min(1)]
                    ),
                    rules::SEQUENCE,
                )
                .label("a player turn left out before this"),
            );
        } else if (number == 1 || !fold.roster.options.has(Opt::Initiative)) && side != first_side {
            out.push(
                Violation::of(
                    &codes::TURN_ORDER,
                    span,
                    format!(
                        "the {} play first each turn (`first {} turn`), not the {name}",
                        fold.roster.sides[first_side], fold.roster.sides[first_side]
                    ),
                    rules::TURN_ORDER,
                )
                .label(format!("{} first", fold.roster.sides[first_side])),
            );
        }
    }
    fold.emit(Event::TurnBegan {
        turn: number,
        player: PlayerTurn { side, second },
    });
    if !second && number >= 2 && fold.roster.options.has(Opt::Initiative) {
        fold.emit(Event::Owes {
            owed: Owed::Initiative { turn: number },
        });
    }
}

/// A phase label (spec 1.1): phases in order, the ones passed closed. With
/// `infer`, a label out of order that heads the next player turn's lines
/// stands for its turn line too ([`turn_left_out`]).
fn label(fold: &mut Fold<'_>, name: &str, span: Span, infer: bool, out: &mut Vec<Violation>) {
    if over(fold, span, out) {
        return;
    }
    let word = name.trim_end_matches(':');
    let Some(phase) = Phase::parse(word) else {
        out.push(
            Violation::of(
                &codes::UNKNOWN_PHASE,
                span,
                format!("`{word}:` is no phase of Feudal: initiative, shoot, move, melee, rally, pursuit"),
                rules::SEQUENCE,
            )
            .label("unknown phase"),
        );
        return;
    };
    if fold.player.is_none() {
        out.push(
            Violation::of(
                &codes::PHASE_ORDER,
                span,
                format!("`{word}:` before the first turn line: phases belong to a player turn"),
                rules::SEQUENCE,
            )
            .label("no player turn yet"),
        );
        return;
    }
    let owes_initiative = owes_initiative(fold);
    let out_of_order = match phase {
        Phase::Initiative => !owes_initiative || fold.phase.is_some(),
        Phase::Pursuit => true,
        _ => fold.phase.is_some_and(|c| c >= phase),
    };
    if out_of_order && infer && turn_left_out(fold, word, span, out) {
        return label(fold, name, span, false, out);
    }
    if out_of_order {
        let why = match (phase, fold.phase) {
            (Phase::Initiative, _) if !owes_initiative => {
                "`initiative:` opens the first player turn of each turn from the second, with option initiative".to_string()
            }
            (Phase::Pursuit, _) => {
                "`pursuit:` follows only a rout, with option rout-pursuit attack".to_string()
            }
            (_, Some(c)) => format!(
                "`{word}:` after `{}:`: phases come in the order initiative, shoot, move, melee, rally, each once",
                c.label()
            ),
            _ => format!("`{word}:` is out of order"),
        };
        out.push(
            Violation::of(&codes::PHASE_ORDER, span, why, rules::SEQUENCE).label("out of order"),
        );
        return;
    }
    if owes_initiative && phase != Phase::Initiative {
        missing_initiative(fold, span, out);
    }
    enter(fold, phase, span, out);
}

/// A phase label out of order whose first action is by the side that plays
/// the next player turn: that turn line was left out (FO-R95). Reported
/// once, at the label, and played as if it stood above it, so the lines
/// under it are judged in their own player turn (one mistake, one error).
fn turn_left_out(fold: &mut Fold<'_>, word: &str, span: Span, out: &mut Vec<Violation>) -> bool {
    let Some(player) = fold.player else {
        return false;
    };
    let Some(actor_side) = next_actor_side(fold) else {
        return false;
    };
    // With initiative, the next turn opens with its roll-off (FO-R32): a
    // label that repeats one of the side now in turn is no turn line's.
    let rolled = fold.roster.options.has(Opt::Initiative);
    if player.second && rolled && word != Phase::Initiative.label() {
        return false;
    }
    let (number, side) = next_player_turn(fold, player, actor_side);
    if actor_side != side {
        return false;
    }
    let header = format!("{number}. {}", fold.roster.sides[side]);
    out.push(
        Violation::of(
            &codes::TURN_ORDER,
            span,
            format!(
                "`{word}:` cannot follow `{}:` in the {} player turn, and the {} act under it: the turn line `{header}` is missing above it",
                fold.phase.map_or("the turn line", Phase::label),
                fold.roster.sides[player.side],
                fold.roster.sides[side],
            ),
            rules::TURN_LEFT_OUT,
        )
        .label(format!("`{header}` missing above"))
        .help(format!("write `{header}` on the line above `{word}:`")),
    );
    infer_turn(fold, number, side, span);
    true
}

/// A unit of the side that plays the next player turn acting in this one
/// once it has begun (a phase entered), with no turn line for that player turn before the next one written:
/// that turn line was left out above this action (FO-R95), as
/// [`turn_left_out`] finds it above a label. A unit acting out of turn
/// with its side's turn line still to come is `wrong-side`, as written.
fn turn_left_out_above(fold: &mut Fold<'_>, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    // Right under a turn line, a unit of the other side is out of turn.
    let Some(player) = fold.player.filter(|_| fold.phase.is_some()) else {
        return;
    };
    // With initiative, the next turn opens with its roll-off, a side's line.
    if player.second && fold.roster.options.has(Opt::Initiative) {
        return;
    }
    let Some(actor_side) = unit_side(fold, action) else {
        return;
    };
    let (number, side) = next_player_turn(fold, player, actor_side);
    if actor_side == player.side || actor_side != side {
        return;
    }
    let name = &fold.roster.sides[side];
    let mut written = false;
    fold.read_on(&mut |step| match step {
        Step::Turn {
            number: n, side: s, ..
        } => {
            written = n == number && s == name.as_str();
            true
        }
        _ => false,
    });
    if written {
        return;
    }
    let header = format!("{number}. {name}");
    let actor = action.actor();
    out.push(
        Violation::of(
            &codes::TURN_ORDER,
            actor.span,
            format!(
                "{} acts after the {} player turn, and no turn line opens the {} player turn: the turn line `{header}` is missing above this line",
                actor.text, fold.roster.sides[player.side], name
            ),
            rules::TURN_LEFT_OUT,
        )
        .label(format!("`{header}` missing above"))
        .help(format!("write `{header}` on the line above")),
    );
    infer_turn(fold, number, side, actor.span);
}

/// The player turn after `player`'s: the other side's in this turn, or the
/// first of the next, which is `actor_side`'s when initiative is rolled.
fn next_player_turn(fold: &Fold<'_>, player: PlayerTurn, actor_side: usize) -> (u32, usize) {
    if player.second {
        let side = if fold.roster.options.has(Opt::Initiative) {
            actor_side
        } else {
            fold.roster.first.unwrap_or(0)
        };
        (fold.turn + 1, side)
    } else {
        (fold.turn, 1 - player.side.min(1))
    }
}

/// Plays the turn line a log left out; its own checks would only repeat
/// the finding that inferred it.
fn infer_turn(fold: &mut Fold<'_>, number: u32, side: usize, span: Span) {
    let name = fold.roster.sides[side].clone();
    turn(fold, number, &name, span, &mut Vec::new());
}

/// The side of the unit an action names, if it names one.
fn unit_side(fold: &Fold<'_>, action: &Action<'_, '_>) -> Option<usize> {
    let actor = action.actor();
    let reference = unit_refs(&actor).next()?;
    (0..fold.roster.sides.len()).find(|&s| fold.roster.unit(s, reference.id).is_some())
}

/// The side that acts in the first action after this step, before the
/// next label or turn line: its unit's side, or for an initiative roll-off
/// the winner it claims, whose player turn it opens (FO-R32).
fn next_actor_side(fold: &Fold<'_>) -> Option<usize> {
    let mut side = None;
    fold.read_on(&mut |step| match step {
        Step::Action(action) => {
            side = if action.verb().text == "initiative" {
                let winner = action.outcome().and_then(<[_]>::last);
                winner.and_then(|w| side_named(fold, w.text))
            } else {
                unit_side(fold, &action)
            };
            true
        }
        Step::Annotation(_) => false,
        _ => true,
    });
    side
}

/// Whether this turn's initiative roll-off is still owed.
fn owes_initiative(state: &State) -> bool {
    state
        .owed
        .iter()
        .any(|o| matches!(o, Owed::Initiative { .. }))
}

/// The roll-off was not written: reported, and the turn line's side taken
/// as its winner.
fn missing_initiative(fold: &mut Fold<'_>, span: Span, out: &mut Vec<Violation>) {
    let Some(player) = fold.player else {
        return;
    };
    out.push(
        Violation::of(
            &codes::MISSING_INITIATIVE_ROLL,
            span,
            format!(
                "turn {} opens with the initiative roll-off: `initiative:` then `{} initiative ROLL > {} initiative ROLL => WINNER`",
                fold.turn,
                fold.roster.sides[player.side],
                fold.roster.sides[1 - player.side.min(1)]
            ),
            rules::MISSING_INITIATIVE,
        )
        .label("the roll-off is missing before this"),
    );
    fold.emit(Event::Initiative {
        winner: player.side,
    });
}

/// Enters `phase`, closing every phase before it.
fn enter(fold: &mut Fold<'_>, phase: Phase, at: Span, out: &mut Vec<Violation>) {
    close_until(fold, Some(phase), at, out);
    fold.emit(Event::PhaseBegan { phase });
}

/// Closes the phases still open before `to` (every one when `None`), each
/// with its end-of-phase effects (spec 1.3); `at` is the step that closes
/// them.
pub fn close_until(fold: &mut Fold<'_>, to: Option<Phase>, at: Span, out: &mut Vec<Violation>) {
    if fold.player.is_none() {
        return;
    }
    let from = fold.phase.unwrap_or(Phase::Initiative);
    for phase in [Phase::Shoot, Phase::Move, Phase::Melee, Phase::Rally] {
        if phase < from || to.is_some_and(|t| phase >= t) {
            continue;
        }
        end_of_phase(fold, phase, at, out);
        if fold.ended.is_some() {
            return;
        }
    }
}

/// The effects of a phase's end (spec 1.3).
fn end_of_phase(fold: &mut Fold<'_>, phase: Phase, at: Span, out: &mut Vec<Violation>) {
    match phase {
        // 1.5: hits from shooting remove at the end of the phase they came in.
        Phase::Shoot | Phase::Move => {
            for unit in 0..fold.roster.units.len() {
                if fold.on_table(unit) && broken(fold, unit) {
                    fold.emit(Event::Removed { unit });
                }
            }
        }
        Phase::Melee => melee::close(fold, at, out),
        Phase::Rally => rally::close(fold, at, out),
        Phase::Initiative | Phase::Pursuit => {}
    }
}

/// Whether a unit has reached its removal threshold.
pub fn broken(state: &State, unit: usize) -> bool {
    state.units[unit].hits >= state.removal_threshold(unit)
}

/// Gives a unit `took` hits: Tired when it passes the mark (TU), removed at
/// once when `now` (3.4) and it reaches its threshold.
pub fn inflict(fold: &mut Fold<'_>, unit: usize, took: u16, cause: Cause, now: bool) {
    let took = u8::try_from(took).unwrap_or(u8::MAX);
    let hits = fold.units[unit].hits.saturating_add(took);
    if took > 0 {
        fold.emit(Event::Hit {
            unit,
            took,
            hits,
            cause,
        });
    }
    if !fold.units[unit].tired && fold.roster.options.tired(hits) {
        fold.emit(Event::Tired { unit });
    }
    if now && fold.on_table(unit) && broken(fold, unit) {
        fold.emit(Event::Removed { unit });
    }
}

/// The side a word names, if it names one.
fn side_named(state: &State, word: &str) -> Option<usize> {
    state.roster.sides.iter().position(|s| s == word)
}

fn act(fold: &mut Fold<'_>, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    if over(fold, action.span, out) {
        return;
    }
    let actor = action.actor();
    let verb = action.verb();
    if let Some(side) = side_named(fold, actor.text) {
        match verb.text {
            "zed" => rolls::zed(fold, side, action, out),
            // A removal at a turn line's close owes its roll before the
            // new turn's roll-off (FO-R28).
            "morale" => rolls::morale(fold, side, action, out),
            "initiative" => {
                morale_owed(fold, action, out);
                rolls::initiative(fold, side, action, out);
            }
            _ => out.push(
                Violation::of(
                    &codes::UNKNOWN_VERB,
                    verb.span,
                    format!(
                        "`{}` is no verb of a side: a side rolls `morale`, `initiative` or `zed`; units act by their ids",
                        verb.text
                    ),
                    rules::VERBS,
                )
                .label("unknown verb for a side"),
            ),
        }
        return;
    }
    turn_left_out_above(fold, action, out);
    morale_owed(fold, action, out);
    owed_initiative(fold, action, out);
    let Some(player) = fold.player else {
        out.push(
            Violation::of(
                &codes::TURN_NUMBER,
                action.span,
                "an action before the first turn line: play opens with `1. SIDE`",
                rules::SEQUENCE,
            )
            .label("no turn yet"),
        );
        return;
    };
    let Some(unit) = resolve_actor(fold, player.side, action, out) else {
        return;
    };
    if !UNIT_VERBS.contains(&verb.text) {
        out.push(
            Violation::of(
                &codes::UNKNOWN_VERB,
                verb.span,
                format!(
                    "`{}` is no verb of Feudal: a unit shoots, moves, turns, charges, retreats, faces, melees or rallies, and a personality joins",
                    verb.text
                ),
                rules::VERBS,
            )
            .label("unknown verb"),
        );
        return;
    }
    let personality = fold.roster.units[unit].personality;
    if personality != (verb.text == "join") {
        let why = if personality {
            "a personality only joins a unit: `P join U` (PER.0)"
        } else {
            "only a personality joins a unit (PER.0)"
        };
        out.push(
            Violation::of(
                &codes::UNKNOWN_VERB,
                verb.span,
                format!("{} cannot `{}`: {why}", fold.name(unit), verb.text),
                rules::VERBS,
            )
            .label("not this actor's verb"),
        );
        return;
    }
    if !personality && !fold.on_table(unit) {
        out.push(
            Violation::of(
                &codes::UNIT_REMOVED,
                actor.span,
                format!("{} has been removed and does not act", fold.name(unit)),
                rules::REMOVED,
            )
            .label("removed"),
        );
        return;
    }
    if !personality && broken(fold, unit) {
        out.push(
            Violation::of(
                &codes::UNIT_REMOVED,
                actor.span,
                format!(
                    "{} has {} hits and awaits removal at the end of the phase: it may be targeted but does not act",
                    fold.name(unit),
                    fold.units[unit].hits
                ),
                rules::REMOVED,
            )
            .label("awaiting removal"),
        );
        return;
    }
    if verb.text == "pursue" {
        // FM.6's pursuit follows a rout, after which nothing is played:
        // not played yet (FO-R62).
        out.push(
            Violation::of(
                &codes::WRONG_PHASE,
                verb.span,
                "a pursuit follows only a force rout with option rout-pursuit attack, and senlac does not play it yet",
                rules::PHASES,
            )
            .label("no pursuit"),
        );
        return;
    }
    let Some(phase) = verb_phase(fold, unit, verb.text) else {
        shoot::cannot_shoot(fold, unit, action, out);
        return;
    };
    if let Some(current) = fold.phase.filter(|&c| c > phase) {
        let (code, rule) = if verb.text == "shoot" {
            (&codes::SHOOT_WRONG_PHASE, rules::SHOOT_PHASE)
        } else {
            (&codes::WRONG_PHASE, rules::PHASES)
        };
        out.push(
            Violation::of(
                code,
                verb.span,
                format!(
                    "{} {}s in the {} phase, and the {} phase has begun",
                    fold.name(unit),
                    verb.text.trim_end_matches('e'),
                    phase.label(),
                    current.label()
                ),
                rule,
            )
            .label(format!("belongs to `{}:`", phase.label())),
        );
        // A shot out of its phase still happened in the log: its hits
        // stand, so one mistake gives one finding.
        if verb.text == "shoot" {
            shoot::shoot(
                fold,
                &Act {
                    unit,
                    verb: verb.text,
                    action,
                },
                out,
            );
        }
        return;
    }
    if fold.phase != Some(phase) {
        enter(fold, phase, action.span, out);
    }
    let act = Act {
        unit,
        verb: verb.text,
        action,
    };
    match verb.text {
        "shoot" => shoot::shoot(fold, &act, out),
        "melee" => melee::melee(fold, &act, out),
        "rally" => rally::rally(fold, &act, out),
        "join" => personality::join(fold, &act, out),
        _ => {
            if moving_allowed(fold, &act, out) {
                movement::movement(fold, &act, out);
            }
        }
    }
}

/// The phase a unit's verb belongs to; `None` for a shot by a unit that
/// carries no missiles.
fn verb_phase(state: &State, unit: usize, verb: &str) -> Option<Phase> {
    Some(match verb {
        "shoot" => {
            let missile = state.roster.units[unit].class?.info().missile?;
            if missile.phase() == 1 {
                Phase::Shoot
            } else {
                Phase::Move
            }
        }
        "melee" => Phase::Melee,
        "rally" => Phase::Rally,
        _ => Phase::Move,
    })
}

/// What play decides of a movement verb before handing it on: a unit in
/// contact only retreats or faces (FO-R49), and a phase-2 shot after a move
/// ends the activation (2.8S, FO-R26).
fn moving_allowed(fold: &Fold<'_>, act: &Act<'_, '_, '_>, out: &mut Vec<Violation>) -> bool {
    // Melee contact and a second activation are movement's to judge
    // (`movement::ready`); a move after a phase-2 shot is play's.
    let unit = act.unit;
    let acted = fold.units[unit].this_turn;
    if acted.shot == Some(Phase::Move) && acted.shot_after_moving {
        out.push(
            Violation::of(
                &codes::SHOT_MID_MOVE,
                act.action.verb().span,
                format!(
                    "{} shot after moving: that shot ends its activation, and it moves no more this phase",
                    fold.name(unit)
                ),
                rules::SHOT_MID_MOVE,
            )
            .label("a move after the shot"),
        );
        return false;
    }
    true
}

/// The unit an action's actor names: the phasing side's; another side's is
/// `wrong-side`, and an id of no side `unknown-unit`.
fn resolve_actor(
    fold: &Fold<'_>,
    phasing: usize,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) -> Option<usize> {
    let actor = action.actor();
    let reference = unit_refs(&actor).next()?;
    let named_side = reference.side.and_then(|s| side_named(fold, s));
    let own = (named_side.is_none() || named_side == Some(phasing))
        .then(|| fold.roster.unit(phasing, reference.id))
        .flatten();
    if own.is_some() {
        return own;
    }
    let other = (0..fold.roster.sides.len())
        .filter(|&s| s != phasing && named_side.is_none_or(|n| n == s))
        .find_map(|s| fold.roster.unit(s, reference.id));
    match other {
        Some(unit) => out.push(
            Violation::of(
                &codes::WRONG_SIDE,
                actor.span,
                format!(
                    "{} acts in the {} player turn: only the side in turn acts",
                    fold.name(unit),
                    fold.roster.sides[phasing]
                ),
                rules::SEQUENCE,
            )
            .label("not this side's turn"),
        ),
        None => out.push(
            Violation::of(
                &codes::UNKNOWN_UNIT,
                actor.span,
                format!("no unit `{}` on either side", actor.text),
                rules::SEQUENCE,
            )
            .label("unknown unit"),
        ),
    }
    None
}

/// A removal's morale roll that this action is not (FO-R28): reported, and
/// taken as held so that one slip gives one finding.
fn morale_owed(fold: &mut Fold<'_>, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    while let Some(side) = fold.owed.iter().find_map(|o| match o {
        Owed::Morale { side } => Some(*side),
        Owed::Initiative { .. } => None,
    }) {
        out.push(
            Violation::of(
                &codes::MISSING_MORALE_ROLL,
                action.span,
                format!(
                    "the {} lost a unit: their force-morale roll, `{} morale ROLL`, comes before this",
                    fold.roster.sides[side], fold.roster.sides[side]
                ),
                rules::MISSING_MORALE,
            )
            .label("the morale roll is missing before this"),
        );
        fold.emit(Event::Morale {
            side,
            routed: false,
        });
    }
}

/// The turn's initiative roll-off, owed before any other action.
fn owed_initiative(fold: &mut Fold<'_>, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    if owes_initiative(fold) {
        missing_initiative(fold, action.span, out);
    }
}

/// Closes what the movetext leaves open (spec 1.1: end of movetext) and
/// checks the rolls still owed.
pub fn finish(fold: &mut Fold<'_>, end: Span, out: &mut Vec<Violation>) {
    if fold.roster.sides.len() != 2 {
        return;
    }
    // After a rout nothing more is owed.
    if fold.ended.is_some() {
        return;
    }
    // The phases the log reached close with their obligations; those after
    // them close with their effects only, so the end state is the player
    // turn's, and a log that stops mid-turn owes no melee (FO-R71).
    let reached = fold.phase.unwrap_or(Phase::Initiative);
    for phase in [Phase::Shoot, Phase::Move, Phase::Melee, Phase::Rally] {
        if fold.player.is_none() || phase < reached || fold.ended.is_some() {
            continue;
        }
        if phase == reached {
            end_of_phase(fold, phase, end, out);
        } else {
            end_of_phase(fold, phase, end, &mut Vec::new());
        }
    }
    for owed in fold.owed.clone() {
        match owed {
            Owed::Morale { side } => out.push(
                Violation::of(
                    &codes::MISSING_MORALE_ROLL,
                    end,
                    format!(
                        "the {} lost a unit and never rolled for force morale: `{} morale ROLL`",
                        fold.roster.sides[side], fold.roster.sides[side]
                    ),
                    rules::MISSING_MORALE,
                )
                .label("a morale roll is owed at the end"),
            ),
            Owed::Initiative { turn } => out.push(
                Violation::of(
                    &codes::MISSING_INITIATIVE_ROLL,
                    end,
                    format!("turn {turn} never rolled for initiative"),
                    rules::MISSING_INITIATIVE,
                )
                .label("an initiative roll is owed at the end"),
            ),
        }
    }
}
