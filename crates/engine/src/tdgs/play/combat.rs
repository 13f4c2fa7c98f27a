//! Attacks and damage: `attack`, `shoot`, `cast`, `charge` and the
//! opportunity attack (COMBAT-1..7, POSITION-5, -8..10, ORDERS-7), the
//! effective stats and stated modifiers they roll with, and the HP and
//! status damage leaves (COMBAT-6, TDGS-R54).

use senlac_board::footprint::{self, Footprint};
use senlac_notation::value;
use senlac_notation::{Atom, AtomKind, Span, did_you_mean};

use crate::doubt::Subject;
use crate::tdgs::catalog;
use crate::tdgs::codes;
use crate::tdgs::event::{Event, Roll};
use crate::tdgs::morale;
use crate::tdgs::rules;
use crate::tdgs::state::{AttackKind, Kind, OtherHp, State, Status};
use crate::tdgs::tables::{self, Order};
use crate::violation::Violation;

use super::activation::spend;
use super::dice::{die, pair_number, roll};
use super::movement::checked_path;
use super::{check_arguments, named};
use crate::tdgs::Fold;

/// The enemy on the board an attack or a charge names (COMBAT-7, LOG-1:
/// an unqualified id is looked up among the actor's enemies first).
fn enemy(state: &State, actor: usize, atom: &Atom<'_>, out: &mut Vec<Violation>) -> Option<usize> {
    let enemy_side = state
        .info(actor)
        .and_then(|i| (0..state.roster.sides.len()).find(|&s| s != i.side));
    let target = named(state, atom.text, enemy_side, atom.span, out)?;
    if !state.enemies(actor, target) || !state.on_board(target) {
        out.push(Violation::of(
            &codes::BAD_TARGET,
            atom.span,
            format!("{} is not an enemy on the board", state.name(target)),
            rules::TARGETS,
        ));
        return None;
    }
    Some(target)
}

/// The enemy a misnamed target meant, when the line's own claim singles it
/// out: the one enemy on the board whose HP, less the damage written, are
/// the HP the claim gives the name (`A attack R9 … damage=31 => R9 hp=59`
/// against R1 at 90). The unknown name is reported once, with the one
/// meant as its help, and the line is played against it, so the HP claims
/// after it do not report the same slip again.
fn meant_target(
    state: &State,
    attacker: usize,
    written: &Atom<'_>,
    args: &[Atom<'_>],
    claimed: &[Atom<'_>],
    out: &mut [Violation],
) -> Option<usize> {
    let unknown = out
        .last()
        .is_some_and(|v| v.code == codes::UNKNOWN_ENTITY.code && v.span == written.span);
    if !unknown {
        return None;
    }
    let damage = pair_number(args, "damage").map_or(0, |(n, _)| n);
    let claim = claimed
        .iter()
        .skip_while(|a| a.text != written.text)
        .find_map(|a| pair_number(std::slice::from_ref(a), "hp"))?
        .0;
    let mut fits = (0..state.entities.len()).filter(|&e| {
        state.enemies(attacker, e)
            && state.on_board(e)
            && i64::from(state.entities[e].hp) - damage.max(0) == claim.max(0)
    });
    let meant = fits.next()?;
    if fits.next().is_some() {
        return None;
    }
    let id = state.info(meant).map_or("", |i| i.id.as_str());
    if let Some(finding) = out.last_mut() {
        finding.help = Some(
            format!(
                "did you mean `{id}`? its {} HP less the {damage} damage written leave the {claim} claimed; the line is played against it",
                state.entities[meant].hp
            )
            .into_boxed_str(),
        );
    }
    Some(meant)
}

/// An entity's STR as it attacks now: +10 % charging or in last stand
/// (ORDERS-7, CORNERED-4, COMBAT-4).
pub fn attack_strength(state: &State, entity: usize) -> i32 {
    let (Some(info), Some(now)) = (state.info(entity), state.entities.get(entity)) else {
        return 0;
    };
    let base = info.stats.str;
    let mut strength = base;
    if now.charging {
        strength += tables::percent(base);
    }
    if now.last_stand {
        strength += tables::percent(base);
    }
    strength
}

/// An entity's REF as it is attacked now (COMBAT-4): +10 % under Hold (2
/// more with Hold the Line), and under Take Cover against a shot; −10 %
/// charging; 0 for an unconscious hero.
pub fn defence(state: &State, entity: usize, kind: AttackKind) -> i32 {
    let (Some(info), Some(now)) = (state.info(entity), state.entities.get(entity)) else {
        return 0;
    };
    if now.status == Status::Unconscious {
        return 0;
    }
    let base = info.stats.ref_;
    let mut reflex = base;
    match now.order {
        // Hold the Line: +2 REF more under Hold (TDGS-R44).
        Some(Order::Hold) => {
            reflex += tables::percent(base)
                + if info.known_traits.hold_the_line {
                    2
                } else {
                    0
                }
        }
        Some(Order::TakeCover) if kind == AttackKind::Shot => reflex += tables::percent(base),
        _ => {}
    }
    if now.charging {
        reflex -= tables::percent(base);
    }
    reflex
}

/// `X attack T d20:N [mod=N] [position=N] [damage=N]` and `X shoot T …`
/// (COMBAT-1, -2, -5, -6): whether it hit, once rolled.
pub(super) fn attack(
    fold: &mut Fold<'_>,
    attacker: usize,
    kind: AttackKind,
    args: &[Atom<'_>],
    claimed: &[Atom<'_>],
    span: Span,
    out: &mut Vec<Violation>,
) -> Option<bool> {
    let Some(target_atom) = args.first().filter(|a| a.kind.is_actor()) else {
        out.push(Violation::of(
            &codes::MISSING_TARGET,
            span,
            "an attack names its target first: `A attack R1 d20:14 damage=31`",
            rules::MELEE,
        ));
        return None;
    };
    let target = match enemy(fold, attacker, target_atom, out) {
        Some(target) => target,
        None => meant_target(fold, attacker, target_atom, args, claimed, out)?,
    };
    let gap = fold.distance(attacker, target)?;
    if let Some(finding) = order_allows_attack(fold, attacker, target, gap, target_atom.span) {
        out.push(finding);
        return None;
    }
    let weapon = fold.info(attacker).map(|i| i.weapon);
    let mut penalty = 0;
    match kind {
        AttackKind::Melee => {
            let reach = if weapon == Some(tables::Weapon::Reach) {
                4
            } else {
                1
            };
            if gap > reach {
                out.push(Violation::of(
                    &codes::NOT_ADJACENT,
                    target_atom.span,
                    format!(
                        "{} is {gap} squares from {}: a melee attack reaches {reach}",
                        fold.name(target),
                        fold.name(attacker)
                    ),
                    rules::MELEE,
                ));
                return None;
            }
        }
        AttackKind::Shot => match weapon.and_then(|w| tables::shot_penalty(w, gap)) {
            Some(p) => penalty = p,
            None => {
                out.push(Violation::of(
                    &codes::OUT_OF_RANGE,
                    target_atom.span,
                    format!(
                        "{} is {gap} squares away, beyond {}'s weapon",
                        fold.name(target),
                        fold.name(attacker)
                    ),
                    rules::RANGED,
                ));
                return None;
            }
        },
        AttackKind::Arcane | AttackKind::Divine => {}
    }
    if kind != AttackKind::Melee {
        if !in_sight(fold, attacker, target) {
            out.push(Violation::of(
                &codes::NO_LINE_OF_SIGHT,
                target_atom.span,
                format!(
                    "{} cannot see {}: every line between their squares crosses blocking or obscuring ground",
                    fold.name(attacker),
                    fold.name(target)
                ),
                rules::LINE_OF_SIGHT,
            ));
            return None;
        }
        if kind == AttackKind::Shot && cover_of(fold, attacker, target).is_none() {
            out.push(Violation::of(
                &codes::TARGET_IN_FULL_COVER,
                target_atom.span,
                format!(
                    "every square of {} is in full cover: it cannot be shot",
                    fold.name(target)
                ),
                rules::COVER,
            ));
            return None;
        }
    }
    let (face, die_span) = die(args, span, out)?;
    if !spend(fold, true, span, out) {
        return None;
    }
    resolve_attack(
        fold,
        attacker,
        target,
        kind,
        (face, die_span),
        args,
        span,
        penalty,
        out,
    )
}

/// Rolls an attack already allowed: the d20 against the effective stats,
/// the stated damage, the hit points (COMBAT-1, -2, -4..6).
#[allow(clippy::too_many_arguments)]
pub(super) fn resolve_attack(
    fold: &mut Fold<'_>,
    attacker: usize,
    target: usize,
    kind: AttackKind,
    (face, die_span): (i32, Span),
    args: &[Atom<'_>],
    span: Span,
    penalty: i32,
    out: &mut Vec<Violation>,
) -> Option<bool> {
    let stats = fold.info(attacker).map(|i| i.stats);
    let stat = match kind {
        AttackKind::Melee => attack_strength(fold, attacker),
        AttackKind::Shot => stats.map_or(0, |s| s.dex),
        AttackKind::Arcane => stats.map_or(0, |s| s.int),
        AttackKind::Divine => stats.map_or(0, |s| s.wis),
    };
    let against = match kind {
        AttackKind::Arcane | AttackKind::Divine => fold.info(target).map_or(0, |i| i.stats.wis),
        AttackKind::Shot => {
            defence(fold, target, kind) + cover_of(fold, attacker, target).unwrap_or(0)
        }
        AttackKind::Melee => defence(fold, target, kind),
    };
    let stated = stated_modifiers(fold, attacker, target, kind, args, out)?;
    let delta = stat - against + stated + penalty;
    let luk = fold.info(attacker).map_or(0, |i| i.stats.luk);
    let resolution = roll(face, die_span, delta, luk, args, out)?;
    // A misspelt `damage=` is `tdgs::extra-argument`'s finding, and its
    // number is read as the damage meant.
    let damage = pair_number(args, "damage").or_else(|| {
        args.iter().find_map(|a| {
            let (k, v) = value::pair(a)?;
            did_you_mean(k, ["damage"])?;
            value::integer(&v).map(|n| (n, a.span))
        })
    });
    let dealt = match (resolution.success, damage) {
        (true, Some((n, _))) if n >= 1 => n as i32,
        (true, Some((_, at))) => {
            out.push(Violation::of(
                &codes::BAD_DAMAGE,
                at,
                "a hit does at least 1 damage",
                rules::DAMAGE,
            ));
            1
        }
        (true, None) => {
            out.push(Violation::of(
                &codes::DAMAGE_MISSING,
                span,
                format!(
                    "d20 {face} + ({} {stat} − {} {against}){} = {} ≥ 11 hits: write the damage, `damage=N`",
                    stat_word(kind),
                    if matches!(kind, AttackKind::Arcane | AttackKind::Divine) { "WIS" } else { "REF" },
                    signed(stated + penalty),
                    resolution.total
                ),
                rules::DAMAGE,
            ));
            // The HP it leaves are unknown: the log's next claim of them
            // says what they are (one mistake, one error).
            let by = out.len() - 1;
            fold.doubt().suspect(Subject::Figures(target), by);
            0
        }
        (false, Some((_, at))) => {
            out.push(Violation::of(
                &codes::DAMAGE_ON_MISS,
                at,
                format!(
                    "d20 {face} + ({stat} − {against}){} = {} misses{}: a miss does no damage",
                    signed(stated + penalty),
                    resolution.total,
                    if face == 1 { " (a natural 1)" } else { "" }
                ),
                rules::DAMAGE,
            ));
            0
        }
        (false, None) => 0,
    };
    fold.emit(Event::Attacked {
        attacker,
        target,
        kind,
        roll: Roll {
            die: face,
            total: resolution.total,
            success: resolution.success,
        },
        damage: dealt,
    });
    if dealt > 0 {
        hurt(fold, target, dealt);
    }
    Some(resolution.success)
}

fn signed(n: i32) -> String {
    match n {
        0 => String::new(),
        n if n > 0 => format!(" + {n}"),
        n => format!(" − {}", -n),
    }
}

/// `damage` lowers HP, not below 0, and [`fallen`] gives the status they
/// leave.
///
/// While a wrong claim disputes the HP (TDGS-R54), both accounts are
/// lowered, and one that falls to 0 removes the entity only when the
/// other does too: until the log's next claim says which it follows, the
/// replay follows the account that leaves it in play.
pub(super) fn hurt(fold: &mut Fold<'_>, entity: usize, damage: i32) {
    let e = fold.entities[entity];
    let hp = (e.hp - damage).max(0);
    match e.hp_other {
        None => fold.emit(Event::Hp { entity, hp }),
        Some(other) => {
            let other = OtherHp {
                hp: (other.hp - damage).max(0),
                ..other
            };
            let (hp, other) = if hp == 0 {
                // The account followed falls, the other stands: follow it.
                let fell = OtherHp {
                    hp: 0,
                    worked_out: !other.worked_out,
                };
                (other.hp, fell)
            } else {
                (hp, other)
            };
            fold.emit(Event::HpClaimed {
                entity,
                hp,
                other: (other.hp != hp).then_some(other),
            });
        }
    }
    fallen(fold, entity);
}

/// The log's claim settles a dispute over `entity`'s HP at `hp`, one of
/// its two accounts (TDGS-R54).
pub(super) fn settle_hp(fold: &mut Fold<'_>, entity: usize, hp: i32) {
    fold.emit(Event::HpClaimed {
        entity,
        hp,
        other: None,
    });
    fallen(fold, entity);
}

/// The status HP leave an entity with: a unit at 0 destroyed, a hero dead,
/// a hero at or below 5 % unconscious (COMBAT-6, UNITS-4, -5).
fn fallen(fold: &mut Fold<'_>, entity: usize) {
    let Some(info) = fold.info(entity) else {
        return;
    };
    let hp = fold.entities[entity].hp;
    let status = match info.kind {
        Kind::Unit if hp == 0 => Some(Status::Destroyed),
        Kind::Hero if hp == 0 => Some(Status::Dead),
        Kind::Hero if tables::knocked_out(hp, info.max_hp) => Some(Status::Unconscious),
        _ => None,
    };
    if let Some(status) = status.filter(|&s| s != fold.entities[entity].status) {
        fold.emit(Event::Status { entity, status });
    }
}

/// `X charge T PATH [d20:N …]` (ORDERS-7): under Charge, a path toward T
/// that stops at the first square adjacent to it (or where MOV runs out),
/// then the attack if adjacent; +10 % STR and −10 % REF from this line
/// until X's next activation.
pub(super) fn charge(
    fold: &mut Fold<'_>,
    mover: usize,
    args: &[Atom<'_>],
    span: Span,
    out: &mut Vec<Violation>,
) -> Option<bool> {
    if fold.entities[mover].order != Some(Order::Charge) {
        out.push(Violation::of(
            &codes::CHARGE_NOT_ORDERED,
            span,
            format!("{} is not under a Charge order", fold.name(mover)),
            rules::CHARGE,
        ));
        return None;
    }
    let Some(target_atom) = args.first().filter(|a| a.kind.is_actor()) else {
        out.push(Violation::of(
            &codes::MISSING_TARGET,
            span,
            "a charge names its target, then its path: `R4 charge A 0904-0905 d20:11`",
            rules::CHARGE,
        ));
        return None;
    };
    let target = enemy(fold, mover, target_atom, out)?;
    let path_atom = args
        .get(1)
        .filter(|a| matches!(a.kind, AtomKind::CellChain | AtomKind::Cell));
    let from = fold.footprint(mover)?;
    let aim = fold.footprint(target)?;
    let start_gap = footprint::gap(from, aim);
    if let Some(atom) = path_atom {
        let (_, entered) = checked_path(fold, mover, atom, out)?;
        // Stops at the first adjacency: no anchor before the last touches T.
        if entered
            .iter()
            .rev()
            .skip(1)
            .any(|&c| footprint::adjacent(from.moved_to(c), aim))
        {
            out.push(Violation::of(
                &codes::CHARGE_OVERRAN,
                atom.span,
                format!("{} touches {} before the end of its path: a charge stops at the first adjacent square", fold.name(mover), fold.name(target)),
                rules::CHARGE,
            ));
            return None;
        }
        let end = *entered.last().unwrap_or(&from.anchor);
        if footprint::gap(from.moved_to(end), aim) >= start_gap {
            out.push(Violation::of(
                &codes::CHARGE_NOT_TOWARD,
                atom.span,
                format!(
                    "the charge ends {} squares from {}, no nearer than it began",
                    footprint::gap(from.moved_to(end), aim),
                    fold.name(target)
                ),
                rules::CHARGE,
            ));
            return None;
        }
        if !spend(fold, true, span, out) {
            return None;
        }
        fold.emit(Event::Moved {
            entity: mover,
            from: from.anchor,
            path: entered,
        });
    } else if !spend(fold, true, span, out) {
        return None;
    }
    fold.emit(Event::Charging { unit: mover });
    let adjacent = fold.distance(mover, target) == Some(1);
    let rolled = args.iter().any(|a| a.kind == AtomKind::Dice);
    match (adjacent, rolled) {
        (true, true) => {
            let rolled = die(args, span, out)?;
            resolve_attack(
                fold,
                mover,
                target,
                AttackKind::Melee,
                rolled,
                args,
                span,
                0,
                out,
            )
        }
        (false, true) => {
            out.push(Violation::of(
                &codes::CHARGE_NOT_ADJACENT,
                span,
                format!(
                    "{} ends its charge out of reach of {}: no attack",
                    fold.name(mover),
                    fold.name(target)
                ),
                rules::CHARGE,
            ));
            None
        }
        (true, false) => {
            out.push(Violation::of(
                &codes::ROLL_MISSING,
                span,
                format!(
                    "{} reaches {}: record the attack's d20",
                    fold.name(mover),
                    fold.name(target)
                ),
                rules::CHARGE,
            ));
            None
        }
        (false, false) => None,
    }
}

fn stat_word(kind: AttackKind) -> &'static str {
    match kind {
        AttackKind::Melee => "STR",
        AttackKind::Shot => "DEX",
        AttackKind::Arcane => "INT",
        AttackKind::Divine => "WIS",
    }
}

/// Whether `attacker` sees `target` (POSITION-9): their own squares never
/// block (TDGS-R50), other blocking or obscuring squares do.
pub(in crate::tdgs) fn in_sight(state: &State, attacker: usize, target: usize) -> bool {
    let (Some(from), Some(to)) = (state.footprint(attacker), state.footprint(target)) else {
        return false;
    };
    footprint::sight(from, to, |cell| {
        !from.contains(cell)
            && !to.contains(cell)
            && state
                .roster
                .ground_at(cell)
                .is_some_and(|g| g.blocks_sight() || g.step_cost().is_none())
    })
}

/// The REF a shot's target gains from its ground (POSITION-10, TDGS-R14):
/// the weakest cover among its squares; `None` when all are in full cover.
/// Disciplined Fire ignores partial cover (TDGS-R44).
pub(in crate::tdgs) fn cover_of(state: &State, attacker: usize, target: usize) -> Option<i32> {
    let to = state.footprint(target)?;
    let weakest = to
        .cells()
        .map(|c| {
            state
                .roster
                .ground_at(c)
                .map_or(tables::Cover::None, |g| g.cover())
        })
        .min()
        .unwrap_or(tables::Cover::None);
    let disciplined = state
        .info(attacker)
        .is_some_and(|i| i.known_traits.disciplined_fire);
    match weakest {
        tables::Cover::Partial if disciplined => Some(0),
        cover => cover.ref_bonus(),
    }
}

/// What the attacker's order says of attacking `target` at `gap` (ORDERS-4,
/// -8): under Attack (and a rallied unit or one in last stand) only a
/// nearest enemy; under Retreat none.
fn order_allows_attack(
    state: &State,
    attacker: usize,
    target: usize,
    gap: u32,
    span: Span,
) -> Option<Violation> {
    let retreating = state.entities.get(attacker)?.order == Some(Order::Retreat);
    // A surrounded unit's Retreat is suspended: it fights as under Attack
    // (ORDERS-8).
    let order = if retreating && morale::is_surrounded(state, attacker) {
        Some(Order::Attack)
    } else {
        state.entities.get(attacker)?.order
    };
    match order {
        Some(Order::Retreat) => Some(Violation::of(
            &codes::ATTACK_WHILE_RETREATING,
            span,
            format!(
                "{} is under Retreat and makes no attack",
                state.name(attacker)
            ),
            rules::RETREAT,
        )),
        Some(Order::Attack | Order::Charge) => {
            let nearest = state.nearest_enemy_gap(attacker)?;
            (gap > nearest).then(|| {
                Violation::of(
                    &codes::NOT_NEAREST_ENEMY,
                    span,
                    format!(
                        "{} is {gap} squares away and the nearest enemy {nearest}: under Attack a unit engages a nearest enemy",
                        state.name(target)
                    ),
                    rules::ATTACK_ORDER,
                )
            })
        }
        _ => None,
    }
}

/// `W cast T arcane|divine d20:N damage=N` (COMBAT-3): heroes only.
pub(super) fn cast(
    fold: &mut Fold<'_>,
    caster: usize,
    args: &[Atom<'_>],
    claimed: &[Atom<'_>],
    span: Span,
    out: &mut Vec<Violation>,
) -> Option<bool> {
    if !fold.is_hero(caster) {
        out.push(Violation::of(
            &codes::CAST_BY_UNIT,
            span,
            format!("{} is a unit: only heroes cast", fold.name(caster)),
            rules::SPELLS,
        ));
        return None;
    }
    let kind = match args.get(1).map(|a| a.text) {
        Some("arcane") => AttackKind::Arcane,
        Some("divine") => AttackKind::Divine,
        _ => {
            out.push(Violation::of(
                &codes::UNKNOWN_SPELL_KIND,
                args.get(1).map_or(span, |a| a.span),
                "a spell is `arcane` (INT) or `divine` (WIS)",
                rules::SPELLS,
            ));
            return None;
        }
    };
    attack(fold, caster, kind, args, claimed, span, out)
}

/// `> X opportunity d20:N [damage=N]` in a `move`, `charge` or `flee` line
/// (POSITION-5, TDGS-R10): an enemy the mover was next to when the line
/// began, and is no longer, strikes once; `step`, `retreat` and
/// `disengage` provoke none.
pub(super) fn opportunity(
    fold: &mut Fold<'_>,
    mover: usize,
    start: Option<Footprint>,
    moving: bool,
    reaction: &senlac_notation::lower::Reaction<'_, '_>,
    out: &mut Vec<Violation>,
) {
    if reaction.verb.text != "opportunity" {
        out.push(Violation::of(
            &codes::UNKNOWN_VERB,
            reaction.verb.span,
            format!(
                "`{}` is not a reaction of TDGS Mass Combat: `> X opportunity d20:N`",
                reaction.verb.text
            ),
            rules::OPPORTUNITY,
        ));
        return;
    }
    let enemy_side = fold
        .info(mover)
        .and_then(|i| (0..fold.roster.sides.len()).find(|&s| s != i.side));
    let Some(striker) = named(
        fold,
        reaction.reactor.text,
        enemy_side,
        reaction.reactor.span,
        out,
    ) else {
        return;
    };
    let was_next = start
        .zip(fold.footprint(striker))
        .is_some_and(|(from, them)| footprint::adjacent(from, them));
    let left = fold.distance(mover, striker).is_some_and(|gap| gap > 1);
    if fold
        .entities
        .get(striker)
        .is_some_and(|e| e.status == Status::Routed)
    {
        out.push(Violation::of(
            &codes::ROUTED_CANNOT_ATTACK,
            reaction.reactor.span,
            format!("{} is routed and makes no attack", fold.name(striker)),
            rules::ROUTED,
        ));
        return;
    }
    let fit = moving && fold.enemies(mover, striker) && fold.on_board(striker);
    if !(fit && was_next && left) {
        out.push(Violation::of(
            &codes::OPPORTUNITY_NOT_ALLOWED,
            reaction.reactor.span,
            format!(
                "{} may strike {} only when a move, charge or flight takes it out of reach, and only if not routed",
                fold.name(striker),
                fold.name(mover)
            ),
            rules::OPPORTUNITY,
        ));
        return;
    }
    if let Some(written) = catalog::line("> opportunity") {
        check_arguments(written, reaction.args, out);
    }
    let Some(rolled) = die(reaction.args, reaction.verb.span, out) else {
        return;
    };
    resolve_attack(
        fold,
        striker,
        mover,
        AttackKind::Melee,
        rolled,
        reaction.args,
        reaction.verb.span,
        0,
        out,
    );
}

/// The stated modifiers of an attack (RESOLVE-5): `mod=N`, summed, and
/// `position=N`, which must be earned (POSITION-8): 2 flanking, 4 with three
/// or more non-routed enemies of the target next to it, 6 with five.
fn stated_modifiers(
    state: &State,
    attacker: usize,
    target: usize,
    kind: AttackKind,
    args: &[Atom<'_>],
    out: &mut Vec<Violation>,
) -> Option<i32> {
    let mut sum = 0;
    for atom in args {
        let Some((key, v)) = ["mod", "position"]
            .into_iter()
            .find_map(|key| Some((key, value::value_of(atom, key)?)))
        else {
            continue;
        };
        let Some(n) = value::integer(&v).and_then(|n| i32::try_from(n).ok()) else {
            out.push(Violation::of(
                &codes::BAD_MODIFIER,
                atom.span,
                format!("`{}` is not a whole number", v.text),
                rules::POSITIONAL,
            ));
            return None;
        };
        if key == "position" {
            let earned = positional(state, attacker, target);
            if kind != AttackKind::Melee || n > earned {
                out.push(Violation::of(
                    &codes::POSITION_NOT_EARNED,
                    atom.span,
                    format!(
                        "{} earns a positional bonus of {earned} here: 2 flanking, 4 with three enemies of {} next to it, 6 with five (melee only)",
                        state.name(attacker),
                        state.name(target)
                    ),
                    rules::POSITIONAL,
                ));
                return None;
            }
        }
        sum += n;
    }
    Some(sum)
}

/// The positional bonus `attacker` earns against `target` (POSITION-8).
fn positional(state: &State, attacker: usize, target: usize) -> i32 {
    let Some(aim) = state.footprint(target) else {
        return 0;
    };
    let around: Vec<Footprint> = (0..state.entities.len())
        .filter(|&e| {
            state.enemies(e, target)
                && state.on_board(e)
                && state.entities[e].status != Status::Routed
        })
        .filter_map(|e| state.footprint(e))
        .filter(|f| footprint::adjacent(*f, aim))
        .collect();
    let flanking = state.footprint(attacker).is_some_and(|me| {
        around
            .iter()
            .any(|&friend| friend != me && footprint::opposite(aim, me, friend))
    });
    tables::positional_bonus(around.len() as u32, flanking)
}
