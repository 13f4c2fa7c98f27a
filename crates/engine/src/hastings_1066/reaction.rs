//! Hastings: 1066's reaction segment (5.4, 9.2.2.1): `UNIT react A-B
//! facing=F [d6:check] d6:N`, the non-phasing player's one hex away from
//! the enemy, then its morale check.
//!
//! Eligibility (5.4.4, HS-R35, HS-R55): no leader; not routed; disrupted
//! only out of an enemy ZOC; not in Shield Wall, Hold, Attack & Pursue or
//! Charge; within the command radius of a friendly leader who may command
//! it (10.1.3); not Saxon foot in an enemy knight's ZOC. The step: one hex,
//! farther from the nearest enemy than before (HS-R23), not into an enemy
//! ZOC or an enemy's hex, not onto a friend; terrain costs nothing, but a
//! knight still checks at a ridge or a marsh (HS-R48), each check's die
//! before the reaction's own, which comes last. A knight disrupted at the
//! ridge stays where it was and makes no reaction check (it did not
//! complete the move).

use senlac_board::{Cell, hex};
use senlac_notation::Span;
use senlac_notation::lower::Action;

use super::Fold;
use super::codes;
use super::event::Event;
use super::ground::{self, Mover};
use super::movement::{self, OrderOf, Written};
use super::state::{PhaseFlags, PieceName, Standing, State};
use super::tables::{self, Hexside, Kind, MoraleResult, Side};
use crate::reuse::Path;
use crate::violation::Violation;

mod cite {
    pub const ELIGIBLE: &str = "hastings-1066-st 5.4.4 (who may react), 4.3.1, 4.3.4, 4.3.7, 10.1.3; docs/rules/hastings-1066-st.md HS-R24, HS-R25, HS-R35, HS-R55";
    pub const STEP: &str = "hastings-1066-st 5.4.2 (one hex away from an enemy combat unit); docs/rules/hastings-1066-st.md HS-R23";
    pub const ZOC: &str = "hastings-1066-st 5.4.3 (reacting units cannot move into an enemy ZOC)";
    pub const CHECK: &str = "hastings-1066-st 5.4.5, 9.6.3 (a unit that reacts checks morale); docs/rules/hastings-1066-st.md HS-R11";
    pub const ONCE: &str = "hastings-1066-st 5.4.1, 5.4.2 (one hex, in the reaction segment)";
    pub const RIDGE: &str = "hastings-1066-st 5.3.5, 9.6.2 (\"even during reaction\"); docs/rules/hastings-1066-st.md HS-R48, HS-R57";
}

/// A `react` line; `piece` is the piece its actor names, if any.
pub fn line(
    fold: &mut Fold<'_>,
    action: &Action<'_, '_>,
    piece: Option<usize>,
    out: &mut Vec<Violation>,
) {
    let Some(piece) = piece else {
        out.push(movement::unknown_unit(action.actor()));
        return;
    };
    let written = movement::read(fold, piece, action, out);
    let Some(mover) = Mover::of(fold, piece) else {
        return;
    };
    if fold.roster.is_doubted(piece) {
        apply(fold, piece, &written, None, true);
        return;
    }
    if let Some(finding) = eligible(fold, mover, action) {
        out.push(finding);
        apply(fold, piece, &written, None, true);
        return;
    }
    let Some((from, to)) = step(fold, mover, &written, action, out) else {
        return;
    };
    if let Some(finding) = rules(fold, mover, from, to, &written) {
        out.push(finding);
        apply(fold, piece, &written, None, true);
        return;
    }
    if written.facing.is_none() {
        out.push(movement::missing_facing(fold, piece, action.span, to));
    }
    let (result, moved) = checks(fold, mover, from, to, &written, action, out);
    movement::check_status(fold, piece, written.status, result, out);
    apply(fold, piece, &written, result, moved);
}

/// Applies a reaction: the step (unless a ridge check stopped it), the
/// flag, the standing the checks left.
fn apply(
    fold: &mut Fold<'_>,
    piece: usize,
    written: &Written<'_>,
    result: Option<MoraleResult>,
    moved: bool,
) {
    if moved && written.cells.len() > 1 {
        fold.emit(Event::Moved {
            piece,
            from: written.cells.first().copied(),
            path: Path::from_slice(&written.cells[1..]),
            facing: written.facing.and_then(|(v, _)| v),
        });
    }
    fold.emit(Event::Acted {
        piece,
        flags: PhaseFlags {
            reacted: true,
            ..PhaseFlags::default()
        },
    });
    let now = fold.pieces[piece].standing;
    let standing = match result {
        Some(MoraleResult::Routed) if now != Standing::Routed => Some(Standing::Routed),
        Some(MoraleResult::Disrupted) if now == Standing::Good => Some(Standing::Disrupted),
        _ => None,
    };
    // A rout's three-hex retreat (9.2.3) is owed by the routs, still to
    // come: the standing is recorded here.
    if let Some(standing) = standing {
        fold.emit(Event::Standing { piece, standing });
    }
}

/// Who may react (5.4.4, HS-R35, HS-R55).
fn eligible(state: &State, mover: Mover, action: &Action<'_, '_>) -> Option<Violation> {
    let piece = mover.piece;
    let name = state.named(piece);
    let span = action.actor().span;
    let ineligible = |why: String| {
        Some(Violation::of(
            &codes::REACTION_INELIGIBLE,
            span,
            why,
            cite::ELIGIBLE,
        ))
    };
    if mover.is_leader() {
        return ineligible(format!(
            "{name} is a leader: leaders move only in their own movement segment, and never react"
        ));
    }
    let at = &state.pieces[piece];
    let Some(cell) = at.at else {
        return ineligible(format!("{name} is not on the map"));
    };
    if at.phase.reacted {
        return Some(Violation::of(
            &codes::MOVED_TWICE,
            action.verb().span,
            format!("{name} has already reacted in this segment"),
            cite::ONCE,
        ));
    }
    let zoc = ground::zone_of(state, mover.side.other());
    match at.standing {
        Standing::Routed => {
            return ineligible(format!("{name} is routed: routed units do not react"));
        }
        Standing::Disrupted if !zoc.contains(&cell) => {
            return ineligible(format!(
                "{name} is disrupted: a disrupted unit reacts only to step out of an enemy zone of control, and {cell} is in none"
            ));
        }
        _ => {}
    }
    if let OrderOf::Known(order) = movement::order_of(state, piece)
        && !order.row().may_react
    {
        return ineligible(format!(
            "{name} is in {}: units in Shield Wall, Hold, Attack & Pursue or Charge do not react",
            order.row().name
        ));
    }
    if mover.side == Side::Saxons
        && mover.kind == Kind::Foot
        && ground::controlled(state, Side::Normans, true).contains(&cell)
    {
        return ineligible(format!(
            "{name} is Saxon foot in the zone of control of a Norman knight unit, and may not react"
        ));
    }
    if ground::commanded_at(state, piece, cell).is_none() {
        return ineligible(format!(
            "{name} in {cell} is within the command radius of no friendly leader who may command it"
        ));
    }
    None
}

/// The written step: one hex from the unit's own.
fn step(
    state: &State,
    mover: Mover,
    written: &Written<'_>,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) -> Option<(Cell, Cell)> {
    let name = state.named(mover.piece);
    let start = state.pieces[mover.piece].at?;
    let Some(atom) = written.path else {
        out.push(Violation::of(
            &codes::PATH_START,
            action.span,
            format!(
                "`react` needs the hex {name} leaves and the one it enters: `react {start}-CCRR`"
            ),
            movement::cite::PATH,
        ));
        return None;
    };
    let cells = &written.cells;
    if cells.first() != Some(&start) {
        out.push(
            Violation::of(
                &codes::PATH_START,
                atom.span,
                format!(
                    "{name} stands in {start}, not {}: the step starts at the unit's hex",
                    cells.first().map_or_else(String::new, Cell::to_string)
                ),
                movement::cite::PATH,
            )
            .help(format!("write `{start}-{}`", atom.text)),
        );
        return None;
    }
    if cells.len() > 2 {
        out.push(
            Violation::of(
                &codes::REACTION_TOO_FAR,
                atom.span,
                format!(
                    "{name} reacts {} hexes: a reaction is one hex",
                    cells.len() - 1
                ),
                cite::STEP,
            )
            .label(format!("{} hexes", cells.len() - 1)),
        );
        return None;
    }
    let Some(&to) = cells.get(1) else {
        out.push(Violation::of(
            &codes::PATH_NOT_CONTIGUOUS,
            atom.span,
            format!("a reaction names the hex it enters after {start}"),
            movement::cite::PATH,
        ));
        return None;
    };
    if !state.roster.extent.contains(to) {
        out.push(Violation::of(
            &codes::OFF_MAP,
            atom.span,
            format!("{to} is off the map"),
            movement::cite::PATH,
        ));
        return None;
    }
    if !hex::adjacent(start, to, state.roster.parity) {
        out.push(Violation::of(
            &codes::PATH_NOT_CONTIGUOUS,
            atom.span,
            format!("{to} is not next to {start}: a reaction is one hex"),
            movement::cite::PATH,
        ));
        return None;
    }
    Some((start, to))
}

/// The step's rules: no enemy hex, no enemy ZOC, away from the enemy,
/// not onto a friend, a knight's check not made from or into a friend's
/// hex.
fn rules(
    state: &State,
    mover: Mover,
    from: Cell,
    to: Cell,
    written: &Written<'_>,
) -> Option<Violation> {
    let name = state.named(mover.piece);
    let span = written.path.map_or(Span::new(0, 0), |p| p.span);
    if let Some(enemy) = ground::enemy_in(state, mover.side, to) {
        return Some(Violation::of(
            &codes::ENTERS_ENEMY_HEX,
            span,
            format!(
                "{to} holds {}: no unit enters an enemy's hex",
                state.name(enemy)
            ),
            movement::cite::ENEMY_HEX,
        ));
    }
    if ground::zone_of(state, mover.side.other()).contains(&to) {
        return Some(Violation::of(
            &codes::REACTION_INTO_ZOC,
            span,
            format!("{to} is in an enemy zone of control: a reacting unit may not enter one"),
            cite::ZOC,
        ));
    }
    let before = ground::nearest_enemy(state, mover.side, from);
    let after = ground::nearest_enemy(state, mover.side, to);
    if let (Some((b, enemy)), Some((a, _))) = (before, after)
        && a <= b
    {
        return Some(
            Violation::of(
                &codes::REACTION_NOT_AWAY,
                span,
                format!(
                    "{name} would be {a} hexes from the nearest enemy in {to}, against {b} in {from} ({}): a reaction moves away from the enemy",
                    state.name(enemy)
                ),
                cite::STEP,
            )
            .label(format!("{b} to {a} hexes")),
        );
    }
    if let Some(friend) = ground::friend_in(state, mover, to) {
        return Some(Violation::of(
            &codes::STACKING,
            span,
            format!(
                "{name} would end in {to}, where {} stands: one combat unit to a hex",
                state.name(friend)
            ),
            movement::cite::STACKING,
        ));
    }
    if let Some(hex) = ground::knight_check_blocked(state, mover, from, to) {
        return Some(Violation::of(
            &codes::KNIGHT_CHECK_INTO_OCCUPIED,
            span,
            format!(
                "{name}'s step {from}-{to} calls for a check, and a friend stands in {hex}: a knight may not start such a step from, or end it in, a friend's hex"
            ),
            movement::cite::OCCUPIED,
        ));
    }
    None
}

/// The dice: a knight's ridge and marsh checks, then the reaction's own
/// (5.4.5). Returns the standing's result and whether the unit moved.
fn checks(
    state: &State,
    mover: Mover,
    from: Cell,
    to: Cell,
    written: &Written<'_>,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) -> (Option<MoraleResult>, bool) {
    let name = state.named(mover.piece);
    let span = written.path.map_or(action.span, |p| p.span);
    let Some(grade) = state
        .info(mover.piece)
        .and_then(|i| i.factors())
        .map(|f| f.grade)
    else {
        return (None, true);
    };
    let mut dice = written.dice.iter();
    if mover.is_knight() {
        let ridge = ground::hexside(state, from, to) == Some(Hexside::Ridge);
        let marsh = ground::terrain(state, to).row().knight_check;
        let knight_checks = [
            ridge.then(|| {
                (
                    format!("before crossing the ridge {from}/{to}"),
                    true,
                    &codes::RIDGE_CHECK_MISSING,
                )
            }),
            marsh.then(|| {
                (
                    format!("on entering the marsh of {to}"),
                    false,
                    &codes::MARSH_CHECK_MISSING,
                )
            }),
        ];
        for (what, before, code) in knight_checks.into_iter().flatten() {
            let Some(&(face, _)) = dice.next() else {
                out.push(Violation::of(
                    code,
                    span,
                    format!(
                        "{name} checks morale {what}, even in a reaction: its die comes before the reaction's own"
                    ),
                    cite::RIDGE,
                ));
                return (None, true);
            };
            let result = face
                .and_then(|f| tables::morale(grade, f))
                .map(MoraleResult::rout_as_disruption);
            if result == Some(MoraleResult::Disrupted) {
                // Stopped before the ridge: no reaction made, no reaction
                // check. Disrupted in the marsh: it has entered, and checks.
                if before {
                    unexpected(name, dice.next(), out);
                    return (result, false);
                }
                let reaction = react_check(name, grade, dice.next(), span, out);
                unexpected(name, dice.next(), out);
                let worse = match reaction {
                    Some(MoraleResult::Routed) => reaction,
                    _ => result,
                };
                return (worse, true);
            }
        }
    }
    let result = react_check(name, grade, dice.next(), span, out);
    unexpected(name, dice.next(), out);
    (result, true)
}

/// The reaction's own check: its die, on the Morale Table.
fn react_check(
    name: PieceName<'_>,
    grade: tables::Grade,
    die: Option<&movement::Die>,
    span: Span,
    out: &mut Vec<Violation>,
) -> Option<MoraleResult> {
    let Some(&(face, _)) = die else {
        out.push(
            Violation::of(
                &codes::REACTION_CHECK_MISSING,
                span,
                format!("{name} checks morale after reacting: write its die, `d6:N`, last"),
                cite::CHECK,
            )
            .help("e.g. `d6:3 => ok`"),
        );
        return None;
    };
    face.and_then(|f| tables::morale(grade, f))
}

fn unexpected(name: PieceName<'_>, die: Option<&movement::Die>, out: &mut Vec<Violation>) {
    if let Some(&(_, span)) = die {
        out.push(Violation::of(
            &codes::UNEXPECTED_ROLL,
            span,
            format!("{name}'s reaction calls for no more dice"),
            cite::CHECK,
        ));
    }
}
