//! Finding what an action names: its units, its target, and whether they can
//! act. Read-only, shared by play, combat and claims.

use senlac_notation::lower::Action;
use senlac_notation::value::{self, UnitRef};
use senlac_notation::{AtomKind, Span};

use super::codes;
use super::rules;
use super::state::{State, Status};
use crate::doubt::Subject;
use crate::violation::Violation;

/// What an action is about, for [`crate::Doubt`]: the units it names (its
/// actors as `side`'s, other names as the enemy's or else `side`'s), and
/// the actor and reactor names that resolve to no unit, as written.
pub fn subjects(state: &State, action: &Action<'_, '_>, side: usize) -> Vec<Subject> {
    let enemy = state.roster.enemy_of(side);
    let mut out = Vec::new();
    for unit in action.actors() {
        out.push(
            match resolve(state, unit, side).or_else(|| resolve(state, unit, enemy)) {
                Some(found) => Subject::Unit(found),
                None => Subject::Name(unit.id.to_string()),
            },
        );
    }
    let reactors = action.reactions().map(|r| r.reactor);
    for atom in action.args().iter().copied().chain(reactors) {
        for unit in value::unit_refs(&atom) {
            if let Some(found) = resolve(state, unit, enemy).or_else(|| resolve(state, unit, side))
            {
                out.push(Subject::Unit(found));
            }
        }
    }
    out
}

/// A unit named in an action of `side`'s.
pub fn resolve(state: &State, unit: UnitRef<'_>, side: usize) -> Option<usize> {
    let side = match unit.side {
        Some(name) => state.roster.side_index(name)?,
        None => side,
    };
    state.roster.unit_index(side, unit.id)
}

pub fn active(state: &State, unit: usize, span: Span, out: &mut Vec<Violation>) -> bool {
    let status = state.units[unit].status;
    if status == Status::Active {
        return true;
    }
    if status == Status::Reserve {
        let side = state.info(unit).side;
        let side_name = &state.roster.sides[side];
        let id = &state.info(unit).id;
        // A side none of whose units is on the field lacks its deploy line:
        // said once for the side, not once for each of its units.
        let none_deployed = (0..state.units.len())
            .all(|u| state.info(u).side != side || state.units[u].status == Status::Reserve);
        let (told, why, help) = if none_deployed {
            (
                format!("{side_name} have no unit on the map"),
                format!(
                    "no `deploy {side_name}` line puts them there, so every one is in reserve and can neither act nor be acted on"
                ),
                format!(
                    "write the `deploy {side_name} …` line in the setup; the actions of {side_name}'s units are not reported again"
                ),
            )
        } else {
            // Once per unit: its later actions, and actions aimed at it,
            // fail for the same reason and are not reported again.
            (
                format!("{} was never deployed", state.name(unit)),
                "no `deploy` line puts it on the map, so it is in reserve, off the field, and can neither act nor be acted on".to_string(),
                format!("deploy it in the setup (`deploy {side_name} {id}@HEX`), or leave it out of the movetext; its other actions are not reported again"),
            )
        };
        if !out
            .iter()
            .any(|v| v.code == codes::UNDEPLOYED.code && v.message.starts_with(&told))
        {
            out.push(
                Violation::of(
                    &codes::UNDEPLOYED,
                    span,
                    format!("{told}: {why}"),
                    rules::RESERVE,
                )
                .label(format!("{id} is not on the map"))
                .help(help),
            );
        }
        return false;
    }
    out.push(
        Violation::of(
            &codes::UNIT_NOT_ACTIVE,
            span,
            format!("{} cannot act: it is {}", state.name(unit), status.word()),
            rules::ROUT,
        )
        .label(format!("{} is {}", state.info(unit).id, status.word())),
    );
    false
}

/// The enemy unit an action targets: its first unit argument.
pub fn target(
    state: &State,
    unit: usize,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) -> Option<usize> {
    let enemy = state.roster.enemy_of(state.info(unit).side);
    let Some(atom) = action.args().iter().find(|a| a.kind == AtomKind::Word) else {
        out.push(Violation::of(
            &codes::MISSING_TARGET,
            action.span,
            format!(
                "{} `{}` names no target",
                state.name(unit),
                action.verb().text
            ),
            rules::TURN_ORDER,
        ));
        return None;
    };
    let found = resolve(state, UnitRef::parse(atom.text), enemy);
    match found {
        Some(target) if state.info(target).side == state.info(unit).side => {
            out.push(Violation::of(
                &codes::FRIENDLY_TARGET,
                atom.span,
                format!(
                    "{} is on {}'s own side",
                    state.name(target),
                    state.name(unit)
                ),
                rules::TURN_ORDER,
            ));
            None
        }
        Some(target) if active(state, target, atom.span, out) => Some(target),
        Some(_) => None,
        None => {
            out.push(super::setup::unknown_unit(
                &state.roster,
                atom.text,
                Some(enemy),
                atom.span,
            ));
            None
        }
    }
}
