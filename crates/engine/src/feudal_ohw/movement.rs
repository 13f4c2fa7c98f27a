//! Phase 2's movement actions on the table (2.1–2.9, spec 4.8–4.12):
//! `move` and `turn` here (the class's allowance, fast and road moves,
//! turns by class, gaps, forbidden ground, the board edge, contact only by
//! charging), `retreat` and `face` with the enemy conformed or the front
//! marked, and the realigning of marked fronts; charges in
//! [`super::charge`]. Each action is checked in the spec's order, the
//! first failure being its one finding, and then applied as written, so
//! later actions are judged from where the log puts the unit.

use senlac_board::table::{
    ATOL, Aspect, Base, Faced, Move, MoveFault, Piece, TOL, check_path, face_attacker, keeps_away,
    on_road_throughout, realign, swept_translation,
};
use senlac_notation::lower::Step;
use senlac_notation::value;
use senlac_notation::{Atom, AtomKind, Span};

use super::event::{Event, Motion};
use super::field::{self, Blocker, Obstacles};
use super::options::Opt;
use super::play::Act;
use super::poses::{self, Outcome, inches};
use super::state::{Activation, Phase, State};
use super::tables::{Class, Entry, Missile, Turns};
use super::{Fold, charge, codes, rules};
use crate::violation::Violation;

/// Checks a movement action and emits its events.
pub fn movement(fold: &mut Fold<'_>, act: &Act<'_, '_, '_>, out: &mut Vec<Violation>) {
    let unit = act.unit;
    let Some(class) = fold.roster.units[unit].class else {
        return;
    };
    if !fold.on_table(unit) {
        return;
    }
    let outcome = match act.verb {
        "move" | "turn" => moves(fold, act, class, out),
        "charge" => charge::charge(fold, act, class, out),
        "retreat" => retreat(fold, act, class, out),
        "face" => face(fold, act, out),
        _ => None,
    };
    realign_marks(fold);
    // Claims are of the position after the step, realigns included.
    if let Some(outcome) = outcome {
        poses::check(fold, unit, act.action.outcome(), outcome, out);
    }
}

/// The kinds of movement action, for what each needs before it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Move,
    Charge,
    Retreat,
    Face,
}

/// `K move`: the actor and verb, where the findings about the unit as a
/// whole point.
pub fn head(act: &Act<'_, '_, '_>) -> Span {
    let (a, v) = (act.action.actor().span, act.action.verb().span);
    Span {
        start: a.start,
        end: v.end,
    }
}

/// What every movement action needs (FO-R13, FO-R49, 2.8S): bowmen that
/// shot in phase 1 do nothing; one activation per unit; a unit in melee
/// only retreats or faces.
pub fn ready(
    fold: &Fold<'_>,
    act: &Act<'_, '_, '_>,
    class: Class,
    kind: Kind,
) -> Result<(), Violation> {
    let unit = act.unit;
    let acted = fold.units[unit].this_turn;
    let name = fold.name(unit);
    if class.info().missile == Some(Missile::Bows) && acted.shot == Some(Phase::Shoot) {
        return Err(Violation::of(
            &codes::BOWMEN_MOVED_AFTER_SHOOTING,
            head(act),
            format!("{name} shot in phase 1, so it does not move this turn, not even to turn"),
            rules::BOWMEN_SHOT,
        ));
    }
    // A phase-2 shot opens the shooter's activation; a charge after it is
    // refused by its own rule (2.8S), not as a second activation.
    let shot_then_charge = kind == Kind::Charge && acted.shot == Some(Phase::Move);
    let spent = !shot_then_charge
        && (acted.activation == Activation::Closed
            || (acted.activation == Activation::Open && (acted.finished || kind != Kind::Move)));
    if spent {
        return Err(Violation::of(
            &codes::ALREADY_ACTED,
            head(act),
            format!("{name} has already made its activation this move phase"),
            rules::ACTIVATION,
        )
        .help("a unit's turns and straight move are one activation, written together or on consecutive lines"));
    }
    if matches!(kind, Kind::Move | Kind::Charge)
        && let Some((enemy, _)) = field::first_contact(fold, unit)
    {
        return Err(Violation::of(
            &codes::ENGAGED,
            head(act),
            format!(
                "{name} is in melee with {}: it may only retreat or face an attacker",
                fold.name(enemy)
            ),
            rules::ENGAGED,
        ));
    }
    Ok(())
}

/// `knights'`, `freemen's`: a class word as a possessive.
pub fn possessive(class: Class) -> String {
    let word = class.word();
    if word.ends_with('s') {
        format!("{word}'")
    } else {
        format!("{word}'s")
    }
}

/// A move line's words (spec 5.2): `[START] [DIST [END]] [fast] [ROLL]`.
#[derive(Clone, Copy, Debug, Default)]
struct Words<'b, 's> {
    start: Option<&'b Atom<'s>>,
    dist: Option<&'b Atom<'s>>,
    end: Option<&'b Atom<'s>>,
    fast: Option<&'b Atom<'s>>,
    roll: Option<&'b Atom<'s>>,
}

fn words<'b, 's>(args: &'b [Atom<'s>]) -> Words<'b, 's> {
    let mut w = Words::default();
    for atom in args {
        match atom.kind {
            AtomKind::Angle if w.dist.is_none() && w.start.is_none() => w.start = Some(atom),
            AtomKind::Angle if w.dist.is_some() && w.end.is_none() => w.end = Some(atom),
            AtomKind::Distance if w.dist.is_none() => w.dist = Some(atom),
            AtomKind::Word if atom.text == "fast" => w.fast = Some(atom),
            AtomKind::Dice => w.roll = Some(atom),
            _ => {}
        }
    }
    w
}

/// A notation angle (counter-clockwise) as a turn in the board's frame.
fn turn_of(atom: Option<&Atom<'_>>) -> f64 {
    atom.and_then(value::number).map_or(0.0, |a| -a)
}

/// The road under every pose of a move, as one piece (FO-R17).
pub fn road(state: &State) -> Option<Piece> {
    let parts: Vec<_> = (state.roster.terrain.iter())
        .filter(|t| t.kind.word == "road")
        .flat_map(|t| t.piece.parts().iter().cloned())
        .collect();
    (!parts.is_empty()).then(|| Piece::from_parts(parts))
}

/// The allowance of a move or charge, and how it is made up, for messages.
pub struct Reach {
    pub inches: f64,
    pub made_of: String,
}

/// The allowance (2.1, 2.9, DM.1): the class's move, the fast bonus when
/// written (with diced movement, the written roll), a BD on a road.
pub fn allowance(
    fold: &Fold<'_>,
    unit: usize,
    class: Class,
    fast: bool,
    roll: Option<u8>,
    road: bool,
) -> Reach {
    let size = fold.roster.options.base;
    let info = class.info();
    let measure = |m: super::tables::Measure| match m {
        super::tables::Measure::Bd => "BD",
        super::tables::Measure::Bw => "BW",
    };
    if fold.roster.options.has(Opt::DicedMovement) {
        let tired = fold.units[unit].tired;
        let inches = class.diced_allowance(if fast { roll } else { None }, tired, road);
        let mut made_of = format!(
            "{}\"",
            super::tables::DICED_MOVES[usize::from(info.move_class - 1)]
        );
        if fast {
            made_of += &format!(" + fast {}\"", roll.unwrap_or(0));
        }
        if road {
            made_of += " + road 3\"";
        }
        return Reach { inches, made_of };
    }
    let mut made_of = measure(info.moves).to_string();
    if fast {
        made_of += &format!(" + fast {}", measure(info.fast));
    }
    if road {
        made_of += " + road BD";
    }
    Reach {
        inches: class.allowance(size, fast, road),
        made_of,
    }
}

/// The fast roll written on a move (DM.1), and a finding when it is owed.
pub fn fast_roll(
    fold: &Fold<'_>,
    fast: Option<&Atom<'_>>,
    roll: Option<&Atom<'_>>,
) -> Result<Option<u8>, Violation> {
    if !fold.roster.options.has(Opt::DicedMovement) {
        return Ok(None);
    }
    let Some(fast) = fast else { return Ok(None) };
    let Some(roll) = roll.and_then(value::Dice::parse) else {
        return Err(Violation::of(
            &codes::MISSING_ROLL,
            fast.span,
            "with diced movement, a fast move writes its roll: `fast d6:4`",
            rules::DICED,
        ));
    };
    Ok(u8::try_from(roll.total()).ok())
}

/// Which turn slot a line fills.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    Start,
    End,
}

/// Whether a horse marshal is with the unit: one more turn, at the end of
/// its move (PER.HM).
fn horse_marshal(fold: &Fold<'_>, unit: usize) -> bool {
    fold.roster.options.has(Opt::Personalities)
        && (fold.roster.units.iter().enumerate()).any(|(p, info)| {
            info.kind.as_deref() == Some("horse-marshal") && fold.hosts[p] == Some(unit)
        })
}

/// 2.4a–c: whether the class may turn in `slot`, having turned at the start
/// already (`started`); a horse marshal adds an end turn (PER.HM).
fn slot_fault(
    class: Class,
    marshal: bool,
    slot: Slot,
    started: bool,
    ended: bool,
) -> Option<String> {
    let word = class.word();
    let turns = match class.info().turns {
        Turns::StartOrEnd | Turns::Start if marshal => Turns::StartAndEnd,
        turns => turns,
    };
    match (turns, slot) {
        (_, Slot::Start) if started => Some(format!(
            "{word} have already turned at the start of this move"
        )),
        (_, Slot::End) if ended => Some(format!(
            "{word} have already turned at the end of this move"
        )),
        (Turns::Start, Slot::End) => Some(format!(
            "{word} turn only at the start of their move (2.4a)"
        )),
        (Turns::StartOrEnd, Slot::End) if started => Some(format!(
            "{word} turn once, at the start or the end of their move, and this one turned at the start (2.4b)"
        )),
        _ => None,
    }
}

/// `U move [START] [DIST [END]] [fast] [ROLL]` and `U turn ANGLE` (2.1–2.4,
/// 2.7, 2.9; spec 4.8–4.10).
fn moves(
    fold: &mut Fold<'_>,
    act: &Act<'_, '_, '_>,
    class: Class,
    out: &mut Vec<Violation>,
) -> Option<Outcome> {
    let unit = act.unit;
    let from = fold.bases[unit]?;
    let args = act.action.args();
    let mut w = words(args);
    if act.verb == "turn" {
        w = Words {
            start: args.iter().find(|a| a.kind == AtomKind::Angle),
            ..Words::default()
        };
    }
    let pure = w.dist.is_none();
    let acted = fold.units[unit].this_turn;
    // A lone turn fills the start slot until the unit has moved straight.
    let slot = if pure && acted.straight {
        Slot::End
    } else {
        Slot::Start
    };
    let (start, end) = if pure && slot == Slot::End {
        (None, w.start)
    } else {
        (w.start, w.end)
    };
    let written = w.dist.and_then(value::number).unwrap_or(0.0);
    let dist = written.abs();
    let mv = Move {
        start_turn: turn_of(start),
        distance: dist,
        end_turn: turn_of(end),
    };
    let road = road(fold)
        .filter(|r| on_road_throughout(&from, &mv, r))
        .is_some();
    let finding = ready(fold, act, class, Kind::Move)
        .and_then(|()| ahead(fold, act, w.dist, written))
        .and_then(|()| slots(fold, act, class, &w, start, end, slot))
        .and_then(|()| reach(fold, act, class, &w, dist, road))
        .and_then(|()| fast(fold, act, &w, &from, &mv))
        .and_then(|()| path(fold, act, &w, &from, &mv, road, pure));
    if let Err(finding) = finding {
        out.push(finding);
    }
    let [_, turned, moved, to] = mv.poses(&from);
    fold.emit(Event::Moved {
        unit,
        from,
        path: vec![turned, moved],
        to,
        motion: Motion::Move,
    });
    let outcome = Outcome {
        dist: w.dist.map(|_| dist),
        contact: None,
    };
    Some(outcome)
}

/// A move goes straight ahead: only a retreat goes back (2.2, FO-R13).
fn ahead(
    fold: &Fold<'_>,
    act: &Act<'_, '_, '_>,
    dist: Option<&Atom<'_>>,
    written: f64,
) -> Result<(), Violation> {
    match dist {
        Some(atom) if written < 0.0 => Err(Violation::of(
            &codes::CANNOT_RETREAT,
            atom.span,
            format!(
                "{} moves {}\" backward: a move goes straight ahead, and only a retreat goes back",
                fold.name(act.unit),
                inches(-written)
            ),
            rules::ACTIVATION,
        )
        .help("turn about first: `move 180deg 2in`")),
        _ => Ok(()),
    }
}

/// The turn slots and sizes (2.4, FO-R13).
fn slots(
    fold: &Fold<'_>,
    act: &Act<'_, '_, '_>,
    class: Class,
    w: &Words<'_, '_>,
    start: Option<&Atom<'_>>,
    end: Option<&Atom<'_>>,
    slot: Slot,
) -> Result<(), Violation> {
    let unit = act.unit;
    let acted = fold.units[unit].this_turn;
    let name = fold.name(unit);
    if act.verb == "turn" && start.is_none() && end.is_none() {
        return Err(Violation::of(
            &codes::TURN_TOO_LARGE,
            head(act),
            format!("{name}'s turn writes no angle"),
            rules::TURNS,
        )
        .help("write the turn in degrees, positive to the left: `turn 90deg`"));
    }
    if w.dist.is_some() && acted.straight {
        return Err(Violation::of(
            &codes::ALREADY_ACTED,
            w.dist.map_or(head(act), |a| a.span),
            format!(
                "{name} has already moved straight in this activation: a move is one straight line"
            ),
            rules::ACTIVATION,
        ));
    }
    for (atom, slot) in [(start, slot), (end, Slot::End)] {
        let Some(atom) = atom else { continue };
        let angle = value::number(atom).unwrap_or(0.0);
        if angle.abs() > 180.0 + ATOL {
            return Err(Violation::of(
                &codes::TURN_TOO_LARGE,
                atom.span,
                format!("a turn of {}° is more than 180°", inches(angle.abs())),
                rules::TURNS,
            )
            .help(format!(
                "turn the other way: {}deg",
                inches(angle - 360.0 * angle.signum())
            )));
        }
        let started = acted.start_turned || (slot == Slot::End && start.is_some());
        let marshal = horse_marshal(fold, unit);
        if let Some(why) = slot_fault(class, marshal, slot, started, acted.end_turned) {
            return Err(Violation::of(
                &codes::TURN_NOT_ALLOWED,
                atom.span,
                format!("{name} may not turn here: {why}"),
                rules::TURNS,
            ));
        }
    }
    Ok(())
}

/// The allowance (2.1, 2.9, DM.1).
fn reach(
    fold: &Fold<'_>,
    act: &Act<'_, '_, '_>,
    class: Class,
    w: &Words<'_, '_>,
    dist: f64,
    road: bool,
) -> Result<(), Violation> {
    let Some(atom) = w.dist else { return Ok(()) };
    let roll = fast_roll(fold, w.fast, w.roll)?;
    let allowed = allowance(fold, act.unit, class, w.fast.is_some(), roll, road);
    if dist <= allowed.inches + TOL {
        return Ok(());
    }
    let mut finding = Violation::of(
        &codes::TOO_FAR,
        atom.span,
        format!(
            "{}\" is more than {} {}\" ({})",
            inches(dist),
            possessive(class),
            inches(allowed.inches),
            allowed.made_of
        ),
        rules::ALLOWANCE,
    )
    .label(format!("{} over", inches(dist - allowed.inches)));
    if w.fast.is_none() && !fold.roster.options.has(Opt::DicedMovement) {
        let fast = allowance(fold, act.unit, class, true, None, road);
        if dist <= fast.inches + TOL {
            finding = finding.help(format!(
                "write `fast`: {} fast move is {}\" ({}), and it must keep over a BD from every enemy",
                possessive(class),
                inches(fast.inches),
                fast.made_of
            ));
        }
    }
    if !road && road_exists(fold) {
        let help = finding.help.as_deref().unwrap_or("").to_string();
        finding = finding.help(format!(
            "{help}{}not a road move: the base does not touch the road at every pose of the move (2.9)",
            if help.is_empty() { "" } else { "; " }
        ));
    }
    Err(finding)
}

fn road_exists(fold: &Fold<'_>) -> bool {
    fold.roster.terrain.iter().any(|t| t.kind.word == "road")
}

/// Whether the next line is this unit's `move … fast`.
fn fast_move_next(fold: &Fold<'_>, unit: usize) -> bool {
    let Some(Step::Action(next)) = fold.next_step() else {
        return false;
    };
    let me = &fold.roster.units[unit].id;
    next.verb().text == "move"
        && value::UnitRef::parse(next.actor().text).id == me
        && next
            .args()
            .iter()
            .any(|a| a.kind == AtomKind::Word && a.text == "fast")
}

/// 2.3: a fast move keeps over a BD from every enemy (FO-R16).
fn fast(
    fold: &Fold<'_>,
    act: &Act<'_, '_, '_>,
    w: &Words<'_, '_>,
    from: &Base,
    mv: &Move,
) -> Result<(), Violation> {
    // A lone start turn before this unit's fast move is part of it: the
    // fast move starts, and turns, over a BD away (FO-R16, FO-R81).
    let span = match (w.fast, w.start) {
        (Some(atom), _) => atom.span,
        (None, Some(turn)) if w.dist.is_none() && fast_move_next(fold, act.unit) => turn.span,
        _ => return Ok(()),
    };
    let bd = fold.roster.options.base.depth;
    let enemies: Vec<usize> = field::enemies(fold, act.unit).collect();
    let shapes: Vec<_> = enemies
        .iter()
        .filter_map(|&e| fold.bases[e].map(|b| b.footprint()))
        .collect();
    match keeps_away(from, mv, &shapes, bd) {
        Ok(()) => Ok(()),
        Err(i) => Err(Violation::of(
            &codes::FAST_NEAR_ENEMY,
            span,
            format!(
                "{}'s fast move comes within a BD ({}\") of {}",
                fold.name(act.unit),
                inches(bd),
                fold.name(enemies[i])
            ),
            rules::FAST,
        )
        .help(
            "a fast move starts and stays more than a BD from every enemy; only a charge may close",
        )),
    }
}

/// The finding for an obstacle met on the way: a unit, forbidden ground,
/// the board edge.
pub fn blocked(fold: &Fold<'_>, unit: usize, what: Blocker, span: Span, verb: &str) -> Violation {
    let name = fold.name(unit);
    match what {
        Blocker::Unit(other) => Violation::of(
            &codes::INTERPENETRATION,
            span,
            format!("{name}'s {verb} passes through {}", fold.name(other)),
            rules::GAPS,
        ),
        Blocker::Terrain(piece) => {
            let terrain = &fold.roster.terrain[piece];
            let class = fold.roster.units[unit].class.map_or("unit", Class::word);
            let (code, rule) = if terrain.kind.entry == Entry::Impassable {
                (&codes::IMPASSABLE, rules::IMPASSABLE_MOVE)
            } else {
                (&codes::PROHIBITED_TERRAIN, rules::PROHIBITED_MOVE)
            };
            Violation::of(
                code,
                span,
                format!(
                    "{name}'s {verb} enters the {} ({class} may not)",
                    terrain.word
                ),
                rule,
            )
            .related(terrain.span, format!("the {}", terrain.word))
        }
        Blocker::Edge => Violation::of(
            &codes::OFF_TABLE,
            span,
            format!("{name}'s {verb} goes over the board edge"),
            rules::EDGE_MOVE,
        ),
    }
}

/// The path (2.4, 2.7, 0.10; spec 4.8 step 3): nothing passed through, a
/// BW of gap, turns moved clear of, no contact with an enemy.
#[allow(clippy::too_many_arguments, reason = "the pieces of one check")]
fn path(
    fold: &Fold<'_>,
    act: &Act<'_, '_, '_>,
    w: &Words<'_, '_>,
    from: &Base,
    mv: &Move,
    road: bool,
    pure: bool,
) -> Result<(), Violation> {
    let unit = act.unit;
    let span = w.dist.or(w.start).map_or(head(act), |a| a.span);
    // A lone start turn followed by this unit's straight move: its sweep is
    // judged with that move (FO-R14).
    if pure
        && !fold.units[unit].this_turn.straight
        && let Some((actor, verb)) = fold.next_line()
    {
        let me = &fold.roster.units[unit].id;
        if verb == "move" && value::UnitRef::parse(actor).id == me {
            return Ok(());
        }
    }
    let obstacles = field::obstacles(fold, unit, road, &[]);
    let name = fold.name(unit);
    match check_path(from, mv, &obstacles.shapes, &obstacles.pass) {
        Ok(()) => {}
        Err(MoveFault::Blocked { obstacle }) => {
            return Err(blocked(
                fold,
                unit,
                obstacles.blocker(obstacle),
                span,
                "move",
            ));
        }
        Err(MoveFault::GapTooNarrow { a, b }) => {
            let gap = obstacles.shapes[a].distance(&obstacles.shapes[b]);
            return Err(Violation::of(
                &codes::GAP_TOO_NARROW,
                span,
                format!(
                    "{name} passes between {} and {}, {}\" apart: a gap is a BW ({}\") or more",
                    describe(fold, &obstacles, a),
                    describe(fold, &obstacles, b),
                    inches(gap),
                    inches(fold.roster.options.base.width)
                ),
                rules::GAPS,
            ));
        }
        Err(MoveFault::NotClear { obstacle }) => {
            if obstacle >= obstacles.shapes.len() {
                return Err(Violation::of(
                    &codes::INTERPENETRATION,
                    span,
                    format!(
                        "{name} ends on {}: brigans pass through brigans but end clear of them",
                        describe(fold, &obstacles, obstacle)
                    ),
                    rules::GAPS,
                ));
            }
            let at = end_or_start(w).map_or(span, |a| a.span);
            return Err(Violation::of(
                &codes::TURN_NOT_CLEAR,
                at,
                format!(
                    "{name}'s turn leaves it over {}, and the move does not clear it",
                    describe(fold, &obstacles, obstacle)
                ),
                rules::TURN_CLEAR,
            )
            .help("a turn may sweep over units and terrain, but the unit must end clear of them"));
        }
        Err(MoveFault::TooFar { .. } | MoveFault::TurnTooLarge) => {}
    }
    let [_, turned, moved, to] = mv.poses(from);
    let swept = swept_translation(&turned, moved.centre - turned.centre);
    for shape in [&swept, &to.footprint()] {
        if let Some((piece, _)) = field::wet(fold, shape, road) {
            return Err(blocked(fold, unit, Blocker::Terrain(piece), span, "move"));
        }
    }
    let (start, end) = (from.footprint(), to.footprint());
    for enemy in field::enemies(fold, unit) {
        let Some(base) = fold.bases[enemy] else {
            continue;
        };
        // Newly touched: a touch it started with is not this move's (FO-R89).
        let theirs = base.footprint();
        if theirs.distance(&end) <= TOL && theirs.distance(&start) > TOL {
            return Err(Violation::of(
                &codes::CONTACT_WITHOUT_CHARGE,
                span,
                format!(
                    "{name}'s move ends touching {}: contact is made only by a charge",
                    fold.name(enemy)
                ),
                rules::CONTACT,
            )
            .help(format!(
                "write it as a charge: `{} charge {}`",
                fold.roster.units[unit].id, fold.roster.units[enemy].id
            )));
        }
    }
    Ok(())
}

fn end_or_start<'b, 's>(w: &Words<'b, 's>) -> Option<&'b Atom<'s>> {
    w.end.or(w.start)
}

/// An obstacle as a message names it.
pub fn describe(fold: &Fold<'_>, obstacles: &Obstacles, index: usize) -> String {
    match obstacles.blocker(index) {
        Blocker::Unit(u) => fold.name(u),
        Blocker::Terrain(p) => format!("the {}", fold.roster.terrain[p].word),
        Blocker::Edge => "the board edge".into(),
    }
}

/// `U retreat DIST [ROLL]` (2.5, FO-R23): from front contact with one enemy
/// of a slower class, straight back, keeping its facing, at most its fast
/// move, ending out of contact.
fn retreat(
    fold: &mut Fold<'_>,
    act: &Act<'_, '_, '_>,
    class: Class,
    out: &mut Vec<Violation>,
) -> Option<Outcome> {
    let unit = act.unit;
    let from = fold.bases[unit]?;
    let args = act.action.args();
    let dist_atom = args.iter().find(|a| a.kind == AtomKind::Distance);
    let dist = dist_atom.and_then(value::number).unwrap_or(0.0).abs();
    let logical = super::contact::logical(fold, unit).unwrap_or(from);
    let back = logical.forward() * -dist;
    let to = Base {
        centre: from.centre + back,
        ..from
    };
    let contacts = field::contacts(fold, unit);
    let finding = ready(fold, act, class, Kind::Retreat).and_then(|()| {
        let name = fold.name(unit);
        let cannot = |why: String| {
            Violation::of(
                &codes::CANNOT_RETREAT,
                head(act),
                format!("{name} cannot retreat: {why}"),
                rules::RETREAT,
            )
        };
        let [(enemy, contact)] = contacts[..] else {
            return Err(cannot(if contacts.is_empty() {
                "it is in contact with no enemy".into()
            } else {
                format!("it is in contact with {} enemies, not one", contacts.len())
            }));
        };
        if contact.mine != Aspect::Front {
            return Err(cannot(format!(
                "{} touches its {}, not its front",
                fold.name(enemy),
                poses::word(contact.mine)
            )));
        }
        let theirs = fold.roster.units[enemy]
            .class
            .map_or(0, |c| c.info().move_class);
        if theirs >= class.info().move_class {
            return Err(cannot(format!(
                "{} is of move class {theirs}, not slower than its own {}",
                fold.name(enemy),
                class.info().move_class
            )));
        }
        let Some(atom) = dist_atom else {
            return Err(cannot("the retreat writes no distance".into()));
        };
        let roll = fast_roll(
            fold,
            Some(atom),
            args.iter().find(|a| a.kind == AtomKind::Dice),
        )
        .unwrap_or(None);
        let mv = Move::retreat(dist);
        let road = road(fold).is_some_and(|r| on_road_throughout(&logical, &mv, &r));
        let allowed = allowance(fold, unit, class, true, roll, road);
        if dist > allowed.inches + TOL {
            return Err(Violation::of(
                &codes::TOO_FAR,
                atom.span,
                format!(
                    "{}\" is more than {} fast move of {}\" ({})",
                    inches(dist),
                    possessive(class),
                    inches(allowed.inches),
                    allowed.made_of
                ),
                rules::RETREAT,
            ));
        }
        let obstacles = field::obstacles(fold, unit, road, &[enemy]);
        if let Err(fault) = check_path(&logical, &mv, &obstacles.shapes, &obstacles.pass) {
            let index = match fault {
                MoveFault::Blocked { obstacle } | MoveFault::NotClear { obstacle } => obstacle,
                MoveFault::GapTooNarrow { a, .. } => a,
                _ => 0,
            };
            return Err(Violation::of(
                &codes::RETREAT_BLOCKED,
                atom.span,
                format!(
                    "{name}'s retreat runs into {}",
                    describe(fold, &obstacles, index)
                ),
                rules::RETREAT,
            ));
        }
        let end = to.footprint();
        if let Some(e) = field::enemies(fold, unit)
            .find(|&e| fold.bases[e].is_some_and(|b| b.footprint().distance(&end) <= TOL))
        {
            return Err(Violation::of(
                &codes::RETREAT_BLOCKED,
                atom.span,
                format!("{name}'s retreat ends still touching {}", fold.name(e)),
                rules::RETREAT,
            ));
        }
        Ok(())
    });
    if let Err(finding) = finding {
        out.push(finding);
    }
    fold.emit(Event::Moved {
        unit,
        from,
        path: vec![from, to],
        to,
        motion: Motion::Retreat,
    });
    // With impetuous charges, every retreat costs a hit (IC.3).
    if fold.roster.options.has(Opt::ImpetuousCharges) {
        charge::impetuous(fold, unit, 1);
    }
    // Out of contact, a marked front has nothing to face (FO-R88).
    if fold.units[unit].marked_front.is_some() && field::contacts(fold, unit).is_empty() {
        fold.emit(Event::FrontMarked { unit, front: None });
    }
    let outcome = Outcome {
        dist: Some(dist),
        contact: None,
    };
    Some(outcome)
}

/// The enemy a `face` or `charge` names: a unit of another side.
pub fn target(fold: &Fold<'_>, act: &Act<'_, '_, '_>) -> Option<(usize, Span)> {
    let atom = act
        .action
        .args()
        .iter()
        .find(|a| a.kind == AtomKind::Word)?;
    let r = value::UnitRef::parse(atom.text);
    let mine = fold.roster.units[act.unit].side;
    let side = match r.side {
        Some(s) => fold.roster.sides.iter().position(|n| n == s)?,
        None => (0..fold.roster.sides.len())
            .find(|&s| s != mine && fold.roster.unit(s, r.id).is_some())?,
    };
    let unit = fold.roster.unit(side, r.id)?;
    (fold.roster.units[unit].side != mine).then_some((unit, atom.span))
}

/// `U face E` (2.6, FO-R24, spec 4.12): a unit in melee with no enemy on
/// its front turns to face one that touches it, the enemies moved to keep
/// contact; with no room, the side is marked as its front.
fn face(fold: &mut Fold<'_>, act: &Act<'_, '_, '_>, out: &mut Vec<Violation>) -> Option<Outcome> {
    let unit = act.unit;
    let class = fold.roster.units[unit].class?;
    let from = fold.bases[unit]?;
    let name = fold.name(unit);
    if let Err(finding) = ready(fold, act, class, Kind::Face) {
        out.push(finding);
        return None;
    }
    let contacts = field::contacts(fold, unit);
    let cannot = |span: Span, why: String| {
        Violation::of(
            &codes::CANNOT_FACE,
            span,
            format!("{name} cannot face: {why}"),
            rules::FACE,
        )
    };
    let Some((enemy, span)) = target(fold, act) else {
        out.push(cannot(head(act), "the action names no enemy unit".into()));
        return None;
    };
    if contacts.is_empty() {
        out.push(cannot(head(act), "it is in melee with no enemy".into()));
        return None;
    }
    if let Some(&(front, _)) = contacts.iter().find(|(_, c)| c.mine == Aspect::Front) {
        out.push(cannot(
            head(act),
            format!("{} is already on its front", fold.name(front)),
        ));
        return None;
    }
    let Some(&(_, contact)) = contacts.iter().find(|(e, _)| *e == enemy) else {
        out.push(cannot(
            span,
            format!("{} is not in contact with it", fold.name(enemy)),
        ));
        return None;
    };
    let toward = field::physical_side(fold, unit, contact.mine);
    let bd = fold.roster.options.base.depth;
    let movers: Vec<usize> = contacts.iter().map(|&(e, _)| e).collect();
    let bases: Vec<Base> = movers.iter().filter_map(|&e| fold.bases[e]).collect();
    let mut except = movers.clone();
    except.push(unit);
    let obstacles = field::obstacles(fold, unit, false, &except);
    let mut all = obstacles.shapes;
    all.extend(obstacles.pass);
    match face_attacker(&from, toward, &bases, &all, bd) {
        Faced::Turned {
            unit: turned,
            enemies,
        } => {
            fold.emit(Event::Moved {
                unit,
                from,
                path: vec![turned],
                to: turned,
                motion: Motion::Face { attacker: enemy },
            });
            if fold.units[unit].marked_front.is_some() {
                fold.emit(Event::FrontMarked { unit, front: None });
            }
            for (&e, placed) in movers.iter().zip(enemies) {
                let Some(was) = fold.bases[e] else { continue };
                if was != placed {
                    fold.emit(Event::Moved {
                        unit: e,
                        from: was,
                        path: vec![placed],
                        to: placed,
                        motion: Motion::Conform,
                    });
                }
            }
        }
        Faced::Marked(side) => {
            fold.emit(Event::FrontMarked {
                unit,
                front: Some(side),
            });
            // The face is still its activation.
            fold.emit(Event::Moved {
                unit,
                from,
                path: vec![from],
                to: from,
                motion: Motion::Face { attacker: enemy },
            });
        }
    }
    let outcome = Outcome {
        dist: None,
        contact: None,
    };
    Some(outcome)
}

/// After every step, each unit with a marked front turns to put its own
/// front on the enemy its mark faces, when there is room (2.8C.f.mark,
/// FO-R25); the marked unit moves, never the enemy.
pub fn realign_marks(fold: &mut Fold<'_>) {
    let bd = fold.roster.options.base.depth;
    for unit in 0..fold.bases.len() {
        let Some(mark) = fold.units[unit].marked_front else {
            continue;
        };
        let Some(from) = fold.bases[unit] else {
            continue;
        };
        let Some(&(enemy, _)) = field::contacts(fold, unit)
            .iter()
            .find(|(_, c)| c.mine == Aspect::Front)
        else {
            continue;
        };
        let Some(enemy_base) = fold.bases[enemy] else {
            continue;
        };
        let obstacles = field::obstacles(fold, unit, false, &[enemy]);
        let mut all = obstacles.shapes;
        all.extend(obstacles.pass);
        if let Some(to) = realign(&from, mark, &enemy_base, &all, bd) {
            fold.emit(Event::Moved {
                unit,
                from,
                path: vec![from.turned(mark.turn_from_front())],
                to,
                motion: Motion::Realign,
            });
            fold.emit(Event::FrontMarked { unit, front: None });
        }
    }
}
