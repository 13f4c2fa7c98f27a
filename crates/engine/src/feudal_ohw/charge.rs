//! Charges (2.8C a–f, spec 4.11; FO-R18–FO-R20): who may charge (eligible
//! by front-arc sight within a fast move or a target within a BD of a
//! flank, brigans and bowmen limits, one charger a side, protected flanks),
//! the path (a start turn, written or searched, then straight to the first
//! touch, front on the struck side, nothing else met, friends touched but
//! not crossed), the allowance (fast, road, impetuous), and the charger
//! conformed to the struck side, centred as much as the ground allows.

use senlac_board::table::{
    self, Aspect, Base, ChargeFault, Convex, Move, MoveFault, NoSight, Screen, SightFor,
    Surroundings, TOL, Touch, charge_path_among, check_path, conform, flank_protected, flank_reach,
    line_of_sight, on_road_throughout, search_charge_among,
};
use senlac_notation::value::{self, Location, Placement};
use senlac_notation::{AtomKind, Span};

use super::event::{Cause, Event, Motion};
use super::field::{self, Blocker};
use super::hits::impetuous_hits;
use super::movement::{self, Kind, Reach, allowance, head, possessive, ready};
use super::options::{Hardiness, Opt};
use super::play::Act;
use super::poses::{Outcome, inches, word};
use super::state::Phase;
use super::tables::{Class, IMPETUOUS_REACH};
use super::{Fold, codes, rules};
use crate::violation::Violation;

/// What a legal charge comes to.
struct Charged {
    target: usize,
    side: Aspect,
    touch: Touch,
    /// The charger after its start turn and at first touch, physically.
    path: [Base; 2],
    to: Base,
    /// The flank used as front for side-edge contact (2.8C.f).
    edge: Option<Aspect>,
    /// Impetuous hits owed (IC.1).
    hits: u8,
}

/// `U charge T [ANGLE] [fast] [offset=DIST] [edge=left|right] [ROLL]`.
pub fn charge(
    fold: &mut Fold<'_>,
    act: &Act<'_, '_, '_>,
    class: Class,
    out: &mut Vec<Violation>,
) -> Option<Outcome> {
    let unit = act.unit;
    let from = fold.bases[unit]?;
    let mut side_known = None;
    match plan(fold, act, class, &from, &mut side_known) {
        Ok(c) => {
            fold.emit(Event::Moved {
                unit,
                from,
                path: c.path.to_vec(),
                to: c.to,
                motion: Motion::Charge {
                    target: c.target,
                    side: c.side,
                },
            });
            if let Some(edge) = c.edge {
                fold.emit(Event::FrontMarked {
                    unit,
                    front: Some(edge),
                });
            }
            if c.hits > 0 {
                impetuous(fold, unit, c.hits);
            }
            let outcome = Outcome {
                dist: Some(c.touch.distance),
                contact: Some((c.target, c.side)),
            };
            Some(outcome)
        }
        Err(finding) => {
            out.push(finding);
            // The best repaired state: where the log says the charger went.
            let (target, _) = movement::target(fold, act)?;
            let to = claimed(fold, act)?;
            fold.emit(Event::Moved {
                unit,
                from,
                path: vec![to],
                to,
                motion: Motion::Charge {
                    target,
                    side: side_known.unwrap_or(Aspect::Front),
                },
            });
            None
        }
    }
}

/// The charger's own claimed pose, in the board's frame.
fn claimed(fold: &Fold<'_>, act: &Act<'_, '_, '_>) -> Option<Base> {
    let me = &fold.roster.units[act.unit].id;
    let depth = fold.roster.table.1;
    let base = fold.bases[act.unit]?;
    act.action.outcome()?.iter().find_map(|atom| {
        let p = Placement::parse(atom)?;
        let Location::Point(at) = p.at else {
            return None;
        };
        let theta: f64 = p
            .facing
            .and_then(|f| f.strip_suffix("deg").unwrap_or(f).parse().ok())?;
        (p.unit == me).then(|| Base {
            centre: table::from_near_edge(at.x, at.y, depth),
            facing: table::facing_from_counter_clockwise(theta),
            ..base
        })
    })
}

/// An impetuous charge's hits, or a retreat's one hit with that option,
/// applied at once (IC.1, IC.3, FO-R27).
pub fn impetuous(fold: &mut Fold<'_>, unit: usize, took: u8) {
    let hits = fold.units[unit].hits.saturating_add(took);
    fold.emit(Event::Hit {
        unit,
        took,
        hits,
        cause: Cause::Impetuous,
    });
    let info = &fold.roster.units[unit];
    let hardiness = match (info.adv.as_deref(), info.dis.as_deref()) {
        (Some("determined"), _) => Hardiness::Determined,
        (_, Some("unenthusiastic")) => Hardiness::Unenthusiastic,
        _ => Hardiness::Normal,
    };
    if hits >= fold.roster.options.removed_at(hardiness) {
        fold.emit(Event::Removed { unit });
    }
}

/// The charge's words.
#[derive(Default)]
struct Words {
    angle: Option<(f64, Span)>,
    fast: Option<Span>,
    offset: Option<(f64, Span)>,
    edge: Option<(Aspect, Span)>,
    roll: Option<Span>,
}

fn words(act: &Act<'_, '_, '_>) -> Words {
    let mut w = Words::default();
    for atom in act.action.args() {
        match atom.kind {
            AtomKind::Angle => w.angle = value::number(atom).map(|a| (a, atom.span)),
            AtomKind::Word if atom.text == "fast" => w.fast = Some(atom.span),
            AtomKind::Dice => w.roll = Some(atom.span),
            AtomKind::Pair => match value::pair(atom) {
                Some(("offset", v)) => w.offset = value::number(&v).map(|o| (o, atom.span)),
                Some(("edge", v)) => {
                    let side = match v.text {
                        "left" => Some(Aspect::Left),
                        "right" => Some(Aspect::Right),
                        _ => None,
                    };
                    w.edge = side.map(|s| (s, atom.span));
                }
                _ => {}
            },
            _ => {}
        }
    }
    w
}

/// Whether the unit charges impetuously (IC.1, IC.2).
fn impetuous_unit(fold: &Fold<'_>, unit: usize) -> bool {
    let o = &fold.roster.options;
    fold.roster.units[unit].adv.as_deref() == Some("impetuous")
        && o.has(Opt::ImpetuousCharges)
        && o.has(Opt::Advantages)
}

fn plan(
    fold: &Fold<'_>,
    act: &Act<'_, '_, '_>,
    class: Class,
    from: &Base,
    side_known: &mut Option<Aspect>,
) -> Result<Charged, Violation> {
    let unit = act.unit;
    let name = fold.name(unit);
    ready(fold, act, class, Kind::Charge)?;
    let Some((target, target_span)) = movement::target(fold, act) else {
        return Err(Violation::of(
            &codes::CHARGE_NOT_ELIGIBLE,
            head(act),
            format!("{name}'s charge names no enemy unit on the table"),
            rules::CHARGE_ELIGIBLE,
        ));
    };
    let tname = fold.name(target);
    let (Some(tb), true) = (super::contact::logical(fold, target), fold.on_table(target)) else {
        return Err(Violation::of(
            &codes::CHARGE_NOT_ELIGIBLE,
            target_span,
            format!("{tname} is not on the table"),
            rules::CHARGE_ELIGIBLE,
        ));
    };
    let acted = fold.units[unit].this_turn;
    if acted.shot == Some(Phase::Move) {
        return Err(Violation::of(
            &codes::BRIGANS_CHARGED_AFTER_SHOOTING,
            head(act),
            format!("{name} shot in this move phase, so it does not charge"),
            rules::SHOT_THEN_CHARGE,
        ));
    }
    if class == Class::Bowmen && !fold.units[unit].out_of_missiles {
        return Err(Violation::of(
            &codes::BOWMEN_CHARGE_WITH_MISSILES,
            head(act),
            format!(
                "{name} has missiles left ({} shots): bowmen charge only when out of them",
                fold.units[unit].shots
            ),
            rules::BOWMEN_CHARGE,
        ));
    }
    let w = words(act);
    let bd = fold.roster.options.base.depth;
    let Some(side) = tb.arc_of_base(from) else {
        return Err(Violation::of(
            &codes::CHARGE_NOT_ELIGIBLE,
            target_span,
            format!("{name}'s front centre is inside {tname}"),
            rules::CHARGE_ELIGIBLE,
        ));
    };
    *side_known = Some(side);
    if let Some(&(other, _)) = field::contacts(fold, target)
        .iter()
        .find(|(_, c)| c.mine == side)
    {
        return Err(Violation::of(
            &codes::SIDE_OCCUPIED,
            target_span,
            format!(
                "{tname}'s {} is already in contact with {}: one charger a side",
                word(side),
                fold.name(other)
            ),
            rules::SIDE_OCCUPIED,
        ));
    }
    if field::brigans(class) && side == Aspect::Front {
        return Err(Violation::of(
            &codes::BRIGANS_CHARGE_FRONT,
            target_span,
            format!("{name} would strike {tname}'s front: brigans charge only a flank or a rear"),
            rules::BRIGANS_CHARGE,
        ));
    }
    eligible(fold, act, class, from, target, &tb, side, target_span)?;
    let roll = movement::fast_roll(
        fold,
        w.fast
            .and_then(|s| act.action.args().iter().find(|a| a.span == s)),
        act.action.args().iter().find(|a| a.kind == AtomKind::Dice),
    )?;
    let fast = w.fast.is_some();
    let has_road = movement::road(fold);
    let extra = if impetuous_unit(fold, unit) {
        IMPETUOUS_REACH
    } else {
        0.0
    };
    let most = allowance(fold, unit, class, fast, roll, has_road.is_some()).inches + extra;

    // Obstacles: enemies but the target, forbidden ground and the edge;
    // friends apart, touched but not crossed (FO-R19).
    let all = field::obstacles(fold, unit, false, &[target]);
    let side_of = fold.roster.units[unit].side;
    let mut others: Vec<Convex> = Vec::new();
    let mut others_what: Vec<Blocker> = Vec::new();
    let mut friends: Vec<Convex> = Vec::new();
    let mut friends_what: Vec<usize> = Vec::new();
    for (i, shape) in all.shapes.iter().enumerate() {
        match all.what[i] {
            Blocker::Unit(u) if fold.roster.units[u].side == side_of => {
                friends.push(shape.clone());
                friends_what.push(u);
            }
            what => {
                others.push(shape.clone());
                others_what.push(what);
            }
        }
    }
    friends.extend(all.pass.iter().cloned());
    friends_what.extend(all.pass_what.iter().copied());
    let path_span = w.angle.map_or(target_span, |(_, s)| s);
    // A target lining a wall, ditch or ford on the struck side is met at
    // the piece's far edge (FO-R21, spec 4.11.2): the piece counts as part
    // of it, for the path and the conform.
    let struck = match field::lined(fold, &tb, side) {
        Some((_, width)) => tb.grown(side, width),
        None => tb,
    };
    // Side-edge contact (2.8C.f): only when no front place is clear; then
    // the whole charge goes flank first, the flank serving as its front.
    let mut blockers = field::obstacles(fold, unit, false, &[target]);
    let me = match w.edge {
        Some((flank, span)) => {
            let refuse = |why: String| {
                Violation::of(&codes::SIDE_EDGE_NOT_ALLOWED, span, why, rules::SIDE_EDGE)
            };
            let all: Vec<Convex> = blockers
                .shapes
                .iter()
                .chain(&blockers.pass)
                .cloned()
                .collect();
            if conform(from, &struck, side, &all, bd).is_some() {
                return Err(refuse(format!(
                    "{name} has room to contact {tname} with its front"
                )));
            }
            // Cramped by terrain or the board edge, not by units alone.
            let (units, ground): (Vec<_>, Vec<_>) = (blockers.shapes.iter().zip(&blockers.what))
                .partition(|(_, what)| matches!(what, Blocker::Unit(_)));
            let units: Vec<Convex> = units
                .into_iter()
                .map(|(s, _)| s.clone())
                .chain(blockers.pass.iter().cloned())
                .collect();
            let ground: Vec<Convex> = ground.into_iter().map(|(s, _)| s.clone()).collect();
            let by_ground =
                conform(from, &struck, side, &ground, bd).is_none_or(|c| c.offset != 0.0);
            if !by_ground && conform(from, &struck, side, &units, bd).is_none() {
                return Err(refuse(format!(
                    "only units cramp {name} at {tname}: side-edge contact is for terrain or the board edge"
                )));
            }
            from.with_front(flank)
        }
        None => *from,
    };
    blockers.shapes.append(&mut blockers.pass);
    let physical = |b: &Base| match w.edge {
        Some((flank, _)) => Base {
            centre: b.centre,
            width: from.width,
            depth: from.depth,
            facing: table::normalise(b.facing - flank.turn_from_front()),
        },
        None => *b,
    };
    let found = match w.angle {
        Some((angle, _)) => charge_path_among(&me, -angle, &struck, side, &others, &friends, most),
        None => search_charge_among(&me, &struck, side, &others, &friends, most),
    };
    let touch = match found {
        Ok(touch) => touch,
        Err(fault) => {
            let mut what = others_what;
            what.extend(friends_what.iter().map(|&u| Blocker::Unit(u)));
            return Err(path_fault(
                fold, unit, target, side, fault, &what, path_span, most,
            ));
        }
    };
    let mv = Move {
        start_turn: touch.turn,
        distance: touch.distance,
        end_turn: 0.0,
    };
    match check_path(&me, &mv, &friends, &[]) {
        Ok(()) => {}
        Err(MoveFault::Blocked { obstacle } | MoveFault::NotClear { obstacle }) => {
            return Err(Violation::of(
                &codes::CHARGE_BLOCKED,
                path_span,
                format!(
                    "{name}'s charge passes through {}",
                    fold.name(friends_what[obstacle])
                ),
                rules::CHARGE_PATH,
            ));
        }
        Err(MoveFault::GapTooNarrow { a, b }) => {
            return Err(Violation::of(
                &codes::GAP_TOO_NARROW,
                path_span,
                format!(
                    "{name} charges between {} and {}, {}\" apart: a gap is a BW or more",
                    fold.name(friends_what[a]),
                    fold.name(friends_what[b]),
                    inches(friends[a].distance(&friends[b]))
                ),
                rules::GAPS,
            ));
        }
        Err(_) => {}
    }
    if let Some(river) = field::wet(
        fold,
        &table::swept_translation(&me.turned(touch.turn), touch.at.centre - me.centre),
        false,
    ) {
        return Err(movement::blocked(
            fold,
            unit,
            Blocker::Terrain(river.0),
            path_span,
            "charge",
        ));
    }

    // The allowance, now that the path is known (2.1, 2.9, IC.1).
    let road = has_road.is_some_and(|r| on_road_throughout(&me, &mv, &r));
    let allowed = allowance(fold, unit, class, fast, roll, road);
    let mut hits = 0;
    if touch.distance > allowed.inches + TOL {
        if extra > 0.0 {
            hits = impetuous_hits(touch.distance, allowed.inches).map_err(|f| {
                let mut v = f.at(path_span);
                v.rule = rules::IMPETUOUS_CHARGE;
                v
            })?;
        } else {
            return Err(too_far(
                fold, unit, class, &touch, &allowed, road, fast, roll, path_span,
            ));
        }
    }

    // Conform (FO-R20), in the charge's own frame (2.8C.f: flank first).
    let Some(c) = conform(&touch.at, &struck, side, &blockers.shapes, bd) else {
        let span = w.edge.map_or(target_span, |(_, span)| span);
        return Err(short(fold, unit, target, side, span));
    };
    let (to, offset, edge) = (physical(&c.base), c.offset, w.edge.map(|(f, _)| f));
    if let Some((written, span)) = w.offset
        && (written - offset).abs() > TOL
    {
        return Err(Violation::of(
            &codes::CONTACT_NOT_CENTRED,
            span,
            format!(
                "{name} is centred {}\" along {tname}'s {}, not {}\"",
                inches(offset),
                word(side),
                inches(written)
            ),
            rules::CONFORM,
        )
        .fix(senlac_notation::Fix::new(
            span,
            format!("offset={}in", inches(offset)),
            "write the least offset",
        )));
    }
    Ok(Charged {
        target,
        side,
        touch,
        path: [physical(&me.turned(touch.turn)), physical(&touch.at)],
        to,
        edge,
        hits,
    })
}

fn short(fold: &Fold<'_>, unit: usize, target: usize, side: Aspect, span: Span) -> Violation {
    Violation::of(
        &codes::CONTACT_TOO_SHORT,
        span,
        format!(
            "{} finds no place along {}'s {} with a BD of contact clear of everything else",
            fold.name(unit),
            fold.name(target),
            word(side)
        ),
        rules::CONFORM,
    )
}

#[allow(clippy::too_many_arguments, reason = "the pieces of one message")]
fn too_far(
    fold: &Fold<'_>,
    unit: usize,
    class: Class,
    touch: &Touch,
    allowed: &Reach,
    road: bool,
    fast: bool,
    roll: Option<u8>,
    span: Span,
) -> Violation {
    let mut finding = Violation::of(
        &codes::CHARGE_TOO_FAR,
        span,
        format!(
            "{}'s charge reaches contact at {}\", more than {} {}\" ({})",
            fold.name(unit),
            inches(touch.distance),
            possessive(class),
            inches(allowed.inches),
            allowed.made_of
        ),
        rules::CHARGE_PATH,
    );
    if !fast {
        let faster = allowance(fold, unit, class, true, roll, road);
        if touch.distance <= faster.inches + TOL {
            finding = finding.help(format!(
                "write `fast`: {} fast charge reaches {}\"",
                possessive(class),
                inches(faster.inches)
            ));
        }
    }
    finding
}

#[allow(clippy::too_many_arguments, reason = "the pieces of one message")]
fn path_fault(
    fold: &Fold<'_>,
    unit: usize,
    target: usize,
    side: Aspect,
    fault: ChargeFault,
    what: &[Blocker],
    span: Span,
    most: f64,
) -> Violation {
    let (name, tname) = (fold.name(unit), fold.name(target));
    let blocked =
        |message: String| Violation::of(&codes::CHARGE_BLOCKED, span, message, rules::CHARGE_PATH);
    match fault {
        ChargeFault::Misses => blocked(format!(
            "{name}'s charge at that heading never touches {tname}"
        )),
        ChargeFault::OtherFirst { obstacle } => {
            let other = match what.get(obstacle) {
                Some(Blocker::Unit(u)) => fold.name(*u),
                Some(Blocker::Terrain(p)) => format!("the {}", fold.roster.terrain[*p].word),
                _ => "the board edge".into(),
            };
            blocked(format!("{name}'s charge meets {other} before {tname}"))
        }
        ChargeFault::WrongEdges => blocked(format!(
            "{name}'s first touch is not its front on {tname}'s {}",
            word(side)
        )),
        ChargeFault::TooFar { distance } => Violation::of(
            &codes::CHARGE_TOO_FAR,
            span,
            format!(
                "{name}'s charge reaches {tname} at {}\", beyond its most of {}\"",
                inches(distance),
                inches(most)
            ),
            rules::CHARGE_PATH,
        ),
    }
}

/// Eligibility at the start pose (FO-R18): front-arc sight within the
/// charge's reach (E1), or the target within a BD of a flank (E2); a
/// protected flank is never charged (2.8C.e).
#[allow(clippy::too_many_arguments, reason = "the pieces of one check")]
fn eligible(
    fold: &Fold<'_>,
    act: &Act<'_, '_, '_>,
    class: Class,
    from: &Base,
    target: usize,
    tb: &Base,
    side: Aspect,
    span: Span,
) -> Result<(), Violation> {
    let unit = act.unit;
    let bd = fold.roster.options.base.depth;
    let tside = fold.roster.units[target].side;
    let units: Vec<Base> = (0..fold.bases.len())
        .filter(|&u| u != unit && u != target)
        .filter_map(|u| fold.bases[u])
        .collect();
    let friends: Vec<Base> = (0..fold.bases.len())
        .filter(|&u| u != target && fold.roster.units[u].side == tside)
        .filter_map(|u| super::contact::logical(fold, u))
        .collect();
    let screens: Vec<Screen> = (fold.roster.terrain.iter())
        .filter(|t| t.kind.blocks_sight)
        .map(|t| Screen {
            piece: &t.piece,
            hill: t.kind.word == "hill",
        })
        .collect();
    let protected = || {
        Violation::of(
            &codes::PROTECTED_FLANK,
            span,
            format!(
                "{}'s {} flank is protected: a friend beside it or sight-blocking terrain within a BD",
                fold.name(target),
                word(side)
            ),
            rules::PROTECTED_FLANK,
        )
    };
    if matches!(side, Aspect::Left | Aspect::Right)
        && flank_protected(tb, side, &friends, &screens, bd)
    {
        return Err(protected());
    }
    if flank_reach(from, tb, bd).is_some() {
        return Ok(());
    }
    let around = Surroundings {
        units: &units,
        target_friends: &friends,
        screens: &screens,
        bd,
    };
    let extra = if impetuous_unit(fold, unit) {
        IMPETUOUS_REACH
    } else {
        0.0
    };
    let road = movement::road(fold).is_some();
    let most = allowance(fold, unit, class, true, Some(6), road).inches + extra;
    let not = |why: String| {
        Violation::of(
            &codes::CHARGE_NOT_ELIGIBLE,
            span,
            format!(
                "{} may not charge {}: {why}",
                fold.name(unit),
                fold.name(target)
            ),
            rules::CHARGE_ELIGIBLE,
        )
    };
    match line_of_sight(from, tb, &around, SightFor::ShotOrCharge) {
        Ok(sight) if sight.range <= most + TOL => Ok(()),
        Ok(sight) => Err(not(format!(
            "it is {}\" away, beyond a fast move of {}\"",
            inches(sight.range),
            inches(most)
        ))),
        Err(NoSight::ProtectedFlank) => Err(protected()),
        Err(_) => Err(not(
            "no line of sight from its front to a BD of the target's side, and it is not within a BD of a flank"
                .into(),
        )),
    }
}
