//! Missile fire (7.0 to 7.5; spec 2.5, with 6.2.1 and 6.2.3 of 2.4): the
//! `fire` line, written by the phasing side in its `fire:` segment and by
//! the other side in `defensive-fire:` (3.2):
//!
//! `UNITS fire TARGET [high] d6:N [=> fire=N defense=N odds=A-B STATUS]`
//!
//! A line is first checked for what makes the fire illegal: each firer a
//! missile unit (7.1.1), in good order (9.2.2.2, 9.2.3.5), firing once
//! (7.1.3), not after reacting unless a bowman (5.4.6), in range (7.1.2),
//! with the target strictly in its frontal arc (6.2.1, HS-R14 a), at a unit
//! exerting the ZOC it stands in if any does (7.2.3), with a clear
//! straightedge (7.2.4, 7.2.5, HS-R15) and missile supply left (7.4, HS-R36);
//! each target fired at once a segment (HS-R14 d); high trajectory only by
//! bowmen, and by Norman bowmen only in Period 2 (7.3.1, 7.3.2). A line that
//! fails any of these is refused: nothing happens, so nothing after it is
//! checked against a fire that never was (one mistake, one error).
//!
//! Otherwise the engine reckons the fire: each firer's strength by weapon
//! and range (7.5.1) plus the flank or rear bonus of the side it hits (6.2.3,
//! HS-R14 b, c); the target's defence by its order (shield wall in Shield
//! Wall unless routed, HS-R8) and its hex (woods +1 when a bow fires, marsh
//! -1, HS-R49), or a lone leader's 1 (7.1.7, HS-R35); the odds on whole
//! numbers, shifted left for high trajectory (HS-R16); the die on the
//! table (7.5.2). It checks every claim against that, then applies the
//! result at once (7.1.6): M owes the target a morale check; D disrupts it
//! (nothing more to a disrupted or routed unit, HS-R52); 1 takes a step and
//! owes every leader in the hex a roll on the Fire column of the Leader
//! Casualty Table (7.1.7, 10.4.1). Against a lone leader only a 1 does
//! anything: his roll (HS-R35).
//!
//! Assault Periods: the Turn Record Phase that ends Period 1 is not played
//! yet, so every turn is read as Period 1 here ([`period`]): Norman bowmen
//! may not fire high, and missile supply is the First period's.

use senlac_board::facing::{self, Arc};
use senlac_board::{Cell, hex};
use senlac_notation::lower::Action;
use senlac_notation::value::{self, Dice, UnitRef};
use senlac_notation::{Atom, AtomKind, Span};
use smallvec::SmallVec;

use super::Fold;
use super::codes;
use super::event::{Event, Pieces};
use super::state::{LeaderStanding, Owed, Roster, Segment, Standing, State};
use super::tables::{
    self, Aspect, Attack, Column, Defence, FireResult, Period, Side, Supply, Terrain, Weapon,
};
use crate::code::CodeInfo;
use crate::violation::Violation;

/// What the fire findings cite.
mod cite {
    pub const LINE: &str = "hastings-1066-st 7.0 (the procedure of missile fire); hastings-1066 spec 5.1 (the fire line)";
    pub const REFERENCES: &str =
        "docs/rules/hastings-1066-st.md HS-R41 (ids unique across both armies, or Side.ID)";
    pub const MISSILE_UNITS: &str =
        "hastings-1066-st 7.1.1 (only units with a missile capability fire)";
    pub const STATUS: &str =
        "hastings-1066-st 9.2.2.2, 9.2.3.5 (disrupted and routed units cannot fire)";
    pub const ONCE: &str = "hastings-1066-st 7.1.3; docs/rules/hastings-1066-st.md HS-R14 (d): each unit fires once and each target is fired at once in a segment";
    pub const REACTED: &str = "hastings-1066-st 5.4.6, 3.2 (only bowmen fire after reacting)";
    pub const RANGE: &str = "hastings-1066-st 7.1.2, 7.5.1 (range, and each weapon's maximum)";
    pub const ARC: &str =
        "hastings-1066-st 6.2.1, 7.2.2; docs/rules/hastings-1066-st.md HS-R14 (a)";
    pub const ZOC: &str = "hastings-1066-st 7.2.3 (in an enemy ZOC, fire only at a unit exerting it); 9.2.2.2, 9.2.3.5 (disrupted and routed units exert none)";
    pub const SIGHT: &str = "hastings-1066-st 7.2.4, 7.2.5, 7.3.4; docs/rules/hastings-1066-st.md HS-R15 (the straightedge)";
    pub const HIGH: &str = "hastings-1066-st 7.3.1, 7.3.2 (high trajectory fire)";
    pub const SUPPLY: &str =
        "hastings-1066-st 7.4.1, 7.4.2, 7.4.5; docs/rules/hastings-1066-st.md HS-R36";
    pub const ODDS: &str = "hastings-1066-st 7.0, 7.5.1, 6.2.3, 7.1.7, 7.2.7, 7.3.3; docs/rules/hastings-1066-st.md HS-R8, HS-R14, HS-R16, HS-R35, HS-R49";
    pub const RESULT: &str =
        "hastings-1066-st 7.1.6, 7.5.2; docs/rules/hastings-1066-st.md HS-R35, HS-R52";
    pub const DICE: &str =
        "hastings-1066-st 2.6, 7.0 (one die); docs/rules/hastings-1066-st.md HS-R42";
    pub const CLAIMS: &str = "hastings-1066 spec 5.1 (a claim names a piece, then its statuses)";
    pub const TARGET: &str = "hastings-1066-st 7.0 (fire at enemy units), 7.1.7, 7.2.6 (a leader is a target only alone in his hex)";
}

/// The Assault Period of the turn being played (3.0).
pub fn period(state: &State) -> Period {
    if state.period >= 2 {
        Period::Second
    } else {
        Period::First
    }
}

/// The missile group whose supply limits `info`'s fire (7.4.1), if any.
pub fn supply_group(info: &super::state::PieceInfo) -> Option<Supply> {
    Supply::of(info.side, info.factors()?.missile?)
}

/// One firing unit's part in a fire: its weapon, range and strength, and
/// the side of the target it hits.
#[derive(Clone, Copy, Debug)]
struct Shot {
    piece: usize,
    weapon: Weapon,
    range: u32,
    strength: i32,
    hits: Aspect,
}

impl Shot {
    fn total(&self) -> i32 {
        self.strength + self.hits.bonus(Attack::Fire)
    }

    /// `bow at range 2 = 4, + flank 1 = 5`.
    fn text(&self) -> String {
        let mut text = format!(
            "{} at range {} = {}",
            self.weapon.word(),
            self.range,
            self.strength
        );
        let bonus = self.hits.bonus(Attack::Fire);
        if bonus != 0 {
            let side = match self.hits {
                Aspect::Flank => "flank",
                _ => "rear",
            };
            text.push_str(&format!(", + {side} {bonus} = {}", self.total()));
        }
        text
    }
}

/// The target's defence against one fire: its base figure and what its
/// hex adds.
#[derive(Clone, Copy, Debug)]
struct Guard {
    /// `defence`, `shield wall` or `a lone leader's`.
    base_name: &'static str,
    base: i32,
    terrain: Option<(Terrain, i32)>,
}

impl Guard {
    fn total(&self) -> i32 {
        self.base + self.terrain.map_or(0, |(_, t)| t)
    }

    /// `defence 3 + woods 1 = 4`, `shield wall 8`.
    fn text(&self) -> String {
        let base = format!("{} {}", self.base_name, self.base);
        match self.terrain {
            Some((terrain, t)) if t > 0 => {
                format!("{base} + {} {t} = {}", terrain.word(), self.total())
            }
            Some((terrain, t)) => format!("{base} - {} {} = {}", terrain.word(), -t, self.total()),
            None => base,
        }
    }
}

/// A fire reckoned: the shots, the defence, the column read. Its texts
/// are written only for a message.
struct Reckoning {
    roster: std::sync::Arc<Roster>,
    shots: SmallVec<[Shot; 4]>,
    guard: Guard,
    high: bool,
}

impl Reckoning {
    fn fire(&self) -> i32 {
        self.shots.iter().map(Shot::total).sum()
    }

    /// The column before the high-trajectory shift.
    fn odds(&self) -> Option<Column> {
        tables::column(self.fire(), self.guard.total())
    }

    /// The column read: after the shift (HS-R16).
    fn column(&self) -> Option<Column> {
        tables::fire_column(self.fire(), self.guard.total(), self.high)
    }

    /// `bow at range 2 = 4, + flank 1 = 5`, or with several firers
    /// `NB1 bow at range 2 = 4 and NB2 bow at range 2 = 4, together 8`.
    fn fire_text(&self) -> String {
        match self.shots.as_slice() {
            [shot] => shot.text(),
            shots => {
                let each: Vec<String> = shots
                    .iter()
                    .map(|s| format!("{} {}", self.id(s.piece), s.text()))
                    .collect();
                format!("{}, together {}", each.join(" and "), self.fire())
            }
        }
    }

    /// `…: 1.5-1, one column left for high trajectory = 1-1`.
    fn odds_text(&self) -> String {
        let found = match self.odds() {
            Some(column) => column.label().to_string(),
            None => "below 1-4, no effect".to_string(),
        };
        let shifted = match (self.high, self.odds()) {
            (true, Some(_)) => format!(
                ", one column left for high trajectory = {}",
                self.column().map_or("no effect", Column::label)
            ),
            _ => String::new(),
        };
        format!(
            "{} against {}: {found}{shifted}",
            self.fire_text(),
            self.guard.text()
        )
    }

    fn id(&self, piece: usize) -> &str {
        self.roster.pieces.get(piece).map_or("", |p| p.id.as_str())
    }
}

/// `fire`: checks the line, and when it is legal reckons the fire, checks
/// its claims and applies its result.
pub fn fire(fold: &mut Fold<'_>, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    let (Some(phasing), Some(segment)) = (fold.phasing, fold.segment) else {
        return;
    };
    let Some(side) = segment.actor(phasing) else {
        return;
    };
    let before = out.len();
    let firers = firers(fold, action, side, out);
    let args = action.args();
    let Some(target_atom) = args.first().filter(|a| a.kind == AtomKind::Word) else {
        out.push(
            Violation::of(
                &codes::UNKNOWN_UNIT,
                action.verb().span,
                "a fire line names its target after `fire`",
                cite::LINE,
            )
            .help("write `UNITS fire TARGET [high] d6:N`"),
        );
        return;
    };
    let target = target_of(fold, target_atom, side, out);
    let mut high = false;
    let mut dice: SmallVec<[Atom<'_>; 2]> = SmallVec::new();
    for atom in &args[1..] {
        match atom.kind {
            AtomKind::Word if atom.text == "high" => high = true,
            AtomKind::Dice => dice.push(*atom),
            _ => out.push(
                Violation::of(
                    &codes::UNKNOWN_CLAIM,
                    atom.span,
                    format!("`{}` is not part of a fire line", atom.text),
                    cite::LINE,
                )
                .help(
                    "write `UNITS fire TARGET [high] d6:N [=> fire=N defense=N odds=A-B STATUS]`",
                ),
            ),
        }
    }
    let die = die(&dice, action, out);
    let (Some(firers), Some(target)) = (firers, target) else {
        return;
    };
    if high {
        high_trajectory(fold, &firers, side, action, out);
    }
    let target_span = target_atom.span;
    if fold.pieces[target].phase.fired_at {
        out.push(
            Violation::of(
                &codes::TARGET_FIRED_TWICE,
                target_span,
                format!(
                    "{} was already fired at in this `{}:` segment: all the units firing at one target fire together, in one line",
                    fold.name(target),
                    segment.label()
                ),
                cite::ONCE,
            )
            .label("fired at already"),
        );
    }
    let Some(to) = fold.pieces[target].at else {
        return;
    };
    let aim = Aim {
        target,
        to,
        high,
        segment,
    };
    let mut shots: SmallVec<[Shot; 4]> = SmallVec::new();
    for &(piece, span) in &firers {
        if let Some(shot) = check_firer(fold, piece, span, &aim, out) {
            shots.push(shot);
        }
    }
    if out.len() > before {
        return;
    }
    let reckoning = Reckoning {
        roster: std::sync::Arc::clone(&fold.roster),
        shots,
        guard: guard(fold, target, &firers),
        high,
    };
    let column = reckoning.column();
    let result = match (column, die) {
        (Some(column), Some(die)) => column.result(die).unwrap_or(FireResult::NoEffect),
        (Some(_), None) => {
            out.push(
                Violation::of(
                    &codes::MISSING_ROLL,
                    action.span,
                    format!("{}; the fire needs its die, `d6:N`", reckoning.odds_text()),
                    cite::DICE,
                )
                .label("no die"),
            );
            return;
        }
        // Below 1-4 the fire has no effect: a die may be written or not.
        (None, _) => FireResult::NoEffect,
    };
    let outcome = Outcome {
        target,
        fire: reckoning.fire(),
        defence: reckoning.guard.total(),
        column,
        result,
        die,
        reckoning,
    };

    let supplied = supplied(fold, &firers, side);
    fold.emit(Event::Fired {
        firers: firers.iter().map(|&(p, _)| p).collect(),
        target,
        supplied,
        fire: outcome.fire,
        defence: outcome.defence,
        odds: column,
        die,
        result,
    });
    apply(fold, target, result, action.span);
    claims(fold, action, &outcome, &firers, out);
}

/// The firers a line names, each with the span of its id: `None` when one
/// is unknown, ambiguous or of the other side (each reported).
fn firers(
    state: &State,
    action: &Action<'_, '_>,
    side: Side,
    out: &mut Vec<Violation>,
) -> Option<SmallVec<[(usize, Span); 4]>> {
    let actor = action.actor();
    let mut firers = SmallVec::new();
    let mut ok = true;
    let mut offset = 0usize;
    for text in value::split_ascii(actor.text, b'+') {
        let start = actor.span.start as usize + offset;
        offset += text.len() + 1;
        let span = Span::new(start, start + text.len());
        match piece_named(state, text, span, out) {
            Some(piece) => {
                let info = state.info(piece);
                if info.is_some_and(|p| p.side != side) {
                    out.push(Violation::of(
                        &codes::WRONG_SIDE,
                        span,
                        format!(
                            "{} fires in `{}:`, where the {} fire",
                            state.name(piece),
                            state.segment.map_or("", Segment::label),
                            side.word()
                        ),
                        cite::LINE,
                    ));
                    ok = false;
                } else if firers.iter().any(|&(p, _)| p == piece) {
                    out.push(
                        Violation::of(
                            &codes::FIRED_TWICE,
                            span,
                            format!(
                                "{} is named twice: a unit adds its strength to a fire once",
                                state.name(piece)
                            ),
                            cite::ONCE,
                        )
                        .label("named twice"),
                    );
                    ok = false;
                } else {
                    firers.push((piece, span));
                }
            }
            None => ok = false,
        }
    }
    ok.then_some(firers)
}

/// The piece an id names (`ID` or `Side.ID`), reported when unknown or
/// ambiguous.
pub(super) fn piece_named(
    state: &State,
    text: &str,
    span: Span,
    out: &mut Vec<Violation>,
) -> Option<usize> {
    let reference = UnitRef::parse(text);
    let roster = &state.roster;
    let found = roster.pieces_named(&reference);
    match found.as_slice() {
        [piece] => Some(*piece),
        [] => {
            out.push(Violation::of(
                &codes::UNKNOWN_UNIT,
                span,
                format!("no piece is named {text}"),
                cite::REFERENCES,
            ));
            None
        }
        _ => {
            out.push(Violation::of(
                &codes::AMBIGUOUS_UNIT,
                span,
                format!(
                    "both armies have a piece {0}: write Normans.{0} or Saxons.{0}",
                    reference.id
                ),
                cite::REFERENCES,
            ));
            None
        }
    }
}

/// The target: an enemy piece on the map, a combat unit or a leader alone
/// in his hex.
fn target_of(
    state: &State,
    atom: &Atom<'_>,
    side: Side,
    out: &mut Vec<Violation>,
) -> Option<usize> {
    let target = piece_named(state, atom.text, atom.span, out)?;
    let info = state.info(target)?;
    let refuse = |code: &'static CodeInfo, message: String, out: &mut Vec<Violation>| {
        out.push(Violation::of(code, atom.span, message, cite::TARGET));
        None
    };
    if info.side == side {
        return refuse(
            &codes::WRONG_SIDE,
            format!(
                "{} is a piece of the {} themselves: fire is at the enemy",
                state.name(target),
                side.word()
            ),
            out,
        );
    }
    let Some(at) = state.pieces[target].at else {
        return refuse(
            &codes::OFF_MAP,
            format!("{} is not on the map", state.name(target)),
            out,
        );
    };
    if info.is_leader()
        && let Some(unit) = state.unit_at(at)
    {
        return refuse(
            &codes::FIRE_BLOCKED_UNIT,
            format!(
                "{} stands with {} in {at}: a leader is a target only alone in his hex (7.1.7); fire at {}",
                state.name(target),
                state.name(unit),
                state.info(unit).map_or("", |p| p.id.as_str())
            ),
            out,
        );
    }
    Some(target)
}

/// The line's die: exactly one six-sided die (HS-R42); `None` when none
/// is written, or when it is not one d6 (reported).
fn die(dice: &[Atom<'_>], action: &Action<'_, '_>, out: &mut Vec<Violation>) -> Option<u8> {
    let wrong = |span: Span, text: &str, out: &mut Vec<Violation>| {
        out.push(
            Violation::of(
                &codes::WRONG_DICE,
                span,
                format!("`{text}`: fire rolls one six-sided die"),
                cite::DICE,
            )
            .help("write `d6:N`, N from 1 to 6"),
        );
    };
    match dice {
        [] => None,
        [atom] => {
            let face = Dice::parse(atom)
                .filter(|d| d.count == 1 && d.sides == 6)
                .map(|d| d.total())
                .and_then(|n| u8::try_from(n).ok())
                .filter(|n| (1..=6).contains(n));
            if face.is_none() {
                wrong(atom.span, atom.text, out);
            }
            face
        }
        [first, .., last] => {
            let span = first.span.cover(last.span);
            let text = &action_text(action, span);
            wrong(span, text, out);
            None
        }
    }
}

fn action_text(action: &Action<'_, '_>, span: Span) -> String {
    action
        .atoms
        .iter()
        .filter(|a| a.span.start >= span.start && a.span.end <= span.end)
        .map(|a| a.text)
        .collect::<Vec<_>>()
        .join(" ")
}

/// High trajectory: only bowmen (7.3.1), and Norman bowmen only from the
/// Second Assault Period (7.3.2).
fn high_trajectory(
    state: &State,
    firers: &[(usize, Span)],
    side: Side,
    action: &Action<'_, '_>,
    out: &mut Vec<Violation>,
) {
    let span = action
        .args()
        .iter()
        .find(|a| a.text == "high")
        .map_or(action.span, |a| a.span);
    let not_bows: Vec<&str> = firers
        .iter()
        .filter(|&&(p, _)| weapon(state, p) != Some(Weapon::Bow))
        .filter_map(|&(p, _)| state.info(p).map(|i| i.id.as_str()))
        .collect();
    if !not_bows.is_empty() {
        out.push(
            Violation::of(
                &codes::HIGH_TRAJECTORY_NOT_BOW,
                span,
                format!(
                    "{} {} no bowmen: only bowmen shoot high",
                    not_bows.join(" and "),
                    if not_bows.len() == 1 { "is" } else { "are" }
                ),
                cite::HIGH,
            )
            .label("not bowmen"),
        );
    } else if side == Side::Normans && period(state) == Period::First {
        out.push(
            Violation::of(
                &codes::HIGH_TRAJECTORY_TOO_EARLY,
                span,
                "Norman bowmen shoot high only from the Second Assault Period: this is the First",
                cite::HIGH,
            )
            .label("Period 1"),
        );
    }
}

fn weapon(state: &State, piece: usize) -> Option<Weapon> {
    state.info(piece)?.factors()?.missile
}

/// What a line fires at, and how.
struct Aim {
    target: usize,
    /// The target's hex.
    to: Cell,
    high: bool,
    segment: Segment,
}

/// The checks of one firer; its shot when it may fire.
fn check_firer(
    state: &State,
    piece: usize,
    span: Span,
    aim: &Aim,
    out: &mut Vec<Violation>,
) -> Option<Shot> {
    let &Aim {
        target,
        to,
        high,
        segment,
    } = aim;
    let name = state.named(piece);
    let push =
        |code: &'static CodeInfo, message: String, rule: &'static str, out: &mut Vec<Violation>| {
            out.push(Violation::of(code, span, message, rule));
        };
    let Some(weapon) = weapon(state, piece) else {
        let what = if state.info(piece).is_some_and(|p| p.is_leader()) {
            "is a leader"
        } else {
            "has no missile capability"
        };
        push(
            &codes::NOT_A_MISSILE_UNIT,
            format!("{name} {what}: only units with a missile letter fire"),
            cite::MISSILE_UNITS,
            out,
        );
        return None;
    };
    let me = state.pieces[piece];
    let Some(from) = me.at else {
        push(
            &codes::OFF_MAP,
            format!("{name} is not on the map"),
            cite::LINE,
            out,
        );
        return None;
    };
    match me.standing {
        Standing::Disrupted | Standing::Routed => {
            let status = if me.standing == Standing::Routed {
                "routed"
            } else {
                "disrupted"
            };
            push(
                &codes::FIRE_BY_DISRUPTED,
                format!("{name} is {status} and cannot fire"),
                cite::STATUS,
                out,
            );
            return None;
        }
        _ => {}
    }
    if me.phase.fired {
        push(
            &codes::FIRED_TWICE,
            format!(
                "{name} has already fired in this `{}:` segment",
                segment.label()
            ),
            cite::ONCE,
            out,
        );
        return None;
    }
    if segment == Segment::DefensiveFire && me.phase.reacted && weapon != Weapon::Bow {
        push(
            &codes::REACTED_UNIT_FIRED,
            format!(
                "{name} reacted in this phase: after reacting only bowmen fire, and it is armed with the {}",
                weapon.word()
            ),
            cite::REACTED,
            out,
        );
        return None;
    }
    let parity = state.roster.parity;
    let range = hex::distance(from, to, parity);
    let Some(strength) = tables::fire_strength(weapon, range) else {
        push(
            &codes::OUT_OF_RANGE,
            format!(
                "{} is {range} hexes from {name} in {from}: the {} reaches {}",
                state.name(target),
                weapon.word(),
                weapon.max_range()
            ),
            cite::RANGE,
            out,
        );
        return None;
    };
    let arc = me
        .facing
        .and_then(|facing| facing::aspect(from, facing, to, parity))
        .map(facing::Aspect::toward_rear);
    if arc != Some(Arc::Front) {
        let lies = match me.facing.and_then(|f| facing::aspect(from, f, to, parity)) {
            Some(facing::Aspect::FrontFlank) => {
                "lies exactly on the line through the vertex between its frontal and flank sides, which is outside the frontal arc".to_string()
            }
            Some(aspect) => format!(
                "lies in its {} arc",
                match aspect.toward_rear() {
                    Arc::Flank => "flank",
                    _ => "rear",
                }
            ),
            None => "cannot be placed: it has no facing".to_string(),
        };
        push(
            &codes::FIRE_NOT_FRONTAL,
            format!(
                "{} in {to} {lies}: {name} in {from} fires only through its frontal hexsides",
                state.name(target)
            ),
            cite::ARC,
            out,
        );
        return None;
    }
    let exerting = zoc_on(state, from, state.info(piece)?.side);
    if !exerting.is_empty() && !exerting.contains(&target) {
        let ids: Vec<&str> = exerting
            .iter()
            .filter_map(|&p| state.info(p).map(|i| i.id.as_str()))
            .collect();
        push(
            &codes::ZOC_FIRE_TARGET,
            format!(
                "{name} in {from} stands in the ZOC of {}: it may fire only at {}, or not at all",
                ids.join(" and "),
                ids.join(" or ")
            ),
            cite::ZOC,
            out,
        );
        return None;
    }
    if let Some((code, message)) = sight(state, from, to, high) {
        push(
            code,
            format!("fire from {from} to {to}: {message}"),
            cite::SIGHT,
            out,
        );
        return None;
    }
    if let Some(message) = supply_left(state, piece, weapon) {
        push(&codes::MISSILE_SUPPLY_EXHAUSTED, message, cite::SUPPLY, out);
        return None;
    }
    let hits = state.pieces[target]
        .facing
        .filter(|_| state.info(target).is_some_and(|p| !p.is_leader()))
        .and_then(|facing| facing::aspect(to, facing, from, parity))
        .map_or(Aspect::Front, |aspect| match aspect.toward_front() {
            Arc::Front => Aspect::Front,
            Arc::Flank => Aspect::Flank,
            Arc::Rear => Aspect::Rear,
        });
    Some(Shot {
        piece,
        weapon,
        range,
        strength,
        hits,
    })
}

/// The enemy units exerting a ZOC on `cell` against `side`: combat units
/// in good order (disrupted and routed units exert none, 9.2.2.2, 9.2.3.5)
/// whose frontal hexsides face it (5.7, 6.2.2).
pub(super) fn zoc_on(state: &State, cell: Cell, side: Side) -> Vec<usize> {
    let parity = state.roster.parity;
    (0..state.pieces.len())
        .filter(|&p| {
            let Some(info) = state.info(p) else {
                return false;
            };
            let piece = &state.pieces[p];
            info.side != side
                && !info.is_leader()
                && piece.standing == Standing::Good
                && piece.at.zip(piece.facing).is_some_and(|(at, facing)| {
                    // A zone is among the unit's neighbours: others are
                    // passed over before any hex geometry.
                    hex::within_one(at, cell)
                        && facing::frontal_neighbours(at, facing, parity).any(|n| n == cell)
                })
        })
        .collect()
}

/// What blocks the straightedge from `from` to `to` (HS-R15), if anything:
/// woods, a hex higher than both ends, or a combat unit (unless the fire is
/// high), in a hex the line passes through or on both hands of a hexside
/// it runs along.
fn sight(state: &State, from: Cell, to: Cell, high: bool) -> Option<(&'static CodeInfo, String)> {
    let roster = &state.roster;
    let parity = roster.parity;
    let elevation = |cell: Cell| roster.ground_at(cell).map_or(0, |g| g.elevation);
    let top = elevation(from).max(elevation(to));
    let terrain = |cell: Cell| -> Option<String> {
        let ground = roster.ground_at(cell)?;
        if ground.terrain == Terrain::Woods {
            Some(format!("{cell} is woods"))
        } else if ground.elevation > top {
            Some(format!(
                "{cell} stands at {} ft, higher than both ends ({} and {} ft)",
                ground.elevation,
                elevation(from),
                elevation(to)
            ))
        } else {
            None
        }
    };
    let unit = |cell: Cell| -> Option<String> {
        if high {
            return None;
        }
        state
            .unit_at(cell)
            .map(|u| format!("{cell} holds {}", state.name(u)))
    };
    let why = |cell: Cell| terrain(cell).or_else(|| unit(cell));
    for step in hex::straightedge(from, to, parity) {
        if !step.blocked(|cell| why(cell).is_some()) {
            continue;
        }
        let terrain_only = step.blocked(|cell| terrain(cell).is_some());
        let code = if terrain_only {
            &codes::FIRE_BLOCKED_TERRAIN
        } else {
            &codes::FIRE_BLOCKED_UNIT
        };
        let (message, remedy) = match step {
            hex::Between::Hex(cell) => (
                format!("the line passes through {cell}, and {}", why(cell)?),
                terrain_only,
            ),
            hex::Between::Side(a, b) => (
                format!(
                    "the line runs along the {a}/{b} hexside, and both hexes block: {} and {}",
                    why(a)?,
                    why(b)?
                ),
                terrain_only,
            ),
        };
        let tail = if remedy {
            " (fire goes into woods but not through them, and never across higher ground, high trajectory or not)"
        } else {
            " (only high-trajectory fire passes over units)"
        };
        return Some((code, format!("{message}{tail}")));
    }
    None
}

/// Why `piece`, firing its `weapon`, has no missile supply left (7.4,
/// HS-R36); `None` when it has, or its weapon is not limited.
fn supply_left(state: &State, piece: usize, weapon: Weapon) -> Option<String> {
    let info = state.info(piece)?;
    let group = Supply::of(info.side, weapon)?;
    let me = state.pieces[piece];
    let allowance = tables::fire_segments(group, period(state), me.supply_carried);
    // Counted already in this segment: firing again in it costs nothing.
    let used = me.supply_used - u32::from(me.phase.supply_counted);
    if used < allowance {
        return None;
    }
    let whose = if state.roster.options.missile_supply_per_unit {
        "it has".to_string()
    } else {
        "its wing or section has".to_string()
    };
    let units = match group {
        Supply::NormanBowmen => "Norman bowmen",
        Supply::SaxonJavelins => "Saxon javelin/spear units",
    };
    let period = match period(state) {
        Period::First => "Period 1",
        Period::Second => "Period 2",
    };
    Some(format!(
        "{} is out of missiles: {whose} fired in {used} segments, all {allowance} that {units} have in {period}",
        state.name(piece)
    ))
}

/// The units whose missile supply count rises with this fire (7.4.2,
/// HS-R36): for each firer of a limited kind, every unit of that kind in
/// its wing or section (only itself under `option
/// missile-supply-per-unit`, or when it has none), each once a segment.
fn supplied(state: &State, firers: &[(usize, Span)], side: Side) -> Pieces {
    let per_unit = state.roster.options.missile_supply_per_unit;
    let limited = |p: usize| weapon(state, p).and_then(|w| Supply::of(side, w));
    let mut supplied = Pieces::new();
    for &(firer, _) in firers {
        let Some(group) = limited(firer) else {
            continue;
        };
        let formation = state.formation_of(firer).filter(|_| !per_unit);
        let members = (0..state.pieces.len()).filter(|&p| match formation {
            Some(formation) => {
                state.formation_of(p) == Some(formation)
                    && state.info(p).is_some_and(|i| i.side == side)
                    && limited(p) == Some(group)
            }
            None => p == firer,
        });
        for p in members {
            if !state.pieces[p].phase.supply_counted && !supplied.contains(&p) {
                supplied.push(p);
            }
        }
    }
    supplied
}

/// The target's defence against this fire (7.0): a unit's by its order,
/// the shield wall in Shield Wall unless routed (HS-R8), else its printed
/// defence; a lone leader's 1 (7.1.7); then its hex: woods +1 when a bow
/// fires, marsh -1 (HS-R49; the woods +1 is the chart's "vs Bow").
fn guard(state: &State, target: usize, firers: &[(usize, Span)]) -> Guard {
    let (base_name, base) = match state.info(target).and_then(|p| p.factors()) {
        None => ("a lone leader's", tables::LONE_LEADER_DEFENCE),
        Some(factors) => {
            let wall = state
                .order_for(target)
                .is_some_and(|order| order.row().defence == Defence::Wall)
                && state.pieces[target].standing != Standing::Routed;
            match factors.wall {
                Some(wall_figure) if wall => ("shield wall", wall_figure),
                _ => ("defence", factors.defense),
            }
        }
    };
    let bow = firers
        .iter()
        .any(|&(p, _)| weapon(state, p) == Some(Weapon::Bow));
    let terrain = state.pieces[target]
        .at
        .and_then(|at| state.roster.ground_at(at))
        .map(|g| g.terrain)
        .filter(|&t| t != Terrain::Woods || bow)
        .map(|t| (t, t.defence(Attack::Fire)))
        .filter(|&(_, d)| d != 0);
    Guard {
        base_name,
        base,
        terrain,
    }
}

/// Applies a result to the target at once (7.1.6).
fn apply(fold: &mut Fold<'_>, target: usize, result: FireResult, cause: Span) {
    let Some(info) = fold.info(target) else {
        return;
    };
    let leader = info.is_leader();
    let piece = fold.pieces[target];
    match result {
        FireResult::NoEffect => {}
        // A lone leader: M and D do nothing to him (HS-R35).
        FireResult::Morale | FireResult::Disrupted if leader => {}
        FireResult::Morale => fold.emit(Event::Owe(Owed::Morale {
            piece: target,
            rout_is_disruption: false,
            disruption_ignored: false,
            by: [None; 3],
            cause,
        })),
        // Nothing more to a disrupted or routed unit (HS-R52).
        FireResult::Disrupted => {
            if piece.standing == Standing::Good {
                fold.emit(Event::Standing {
                    piece: target,
                    standing: Standing::Disrupted,
                });
            }
        }
        FireResult::Step => {
            let at = piece.at;
            if !leader {
                fold.emit(Event::Stepped { piece: target });
            }
            // Every leader in the hex (the lone leader himself) rolls on the
            // Fire column (7.1.7, 10.4.1).
            let leaders: Vec<usize> = (0..fold.pieces.len())
                .filter(|&p| {
                    fold.info(p).is_some_and(|i| i.is_leader())
                        && at.is_some()
                        && fold.pieces[p].at == at
                        && matches!(
                            fold.pieces[p].leader,
                            LeaderStanding::Effective
                                | LeaderStanding::Wounded
                                | LeaderStanding::Shaken
                        )
                })
                .collect();
            for leader in leaders {
                fold.emit(Event::Owe(Owed::Casualty {
                    leader,
                    attack: Attack::Fire,
                    cause,
                }));
            }
        }
    }
}

/// What the engine made of a fire, for its claims.
struct Outcome {
    target: usize,
    fire: i32,
    defence: i32,
    column: Option<Column>,
    result: FireResult,
    die: Option<u8>,
    reckoning: Reckoning,
}

/// The statuses a unit's claim may give (spec 5.1).
pub(super) const UNIT_WORDS: [&str; 5] = ["ok", "disrupted", "routed", "reduced", "eliminated"];
/// The statuses a leader's claim may give (spec 3.12).
pub(super) const LEADER_WORDS: [&str; 6] = [
    "unharmed",
    "wounded-1",
    "wounded-2",
    "shaken",
    "killed",
    "captured",
];

/// Whether `word` holds of `piece` now.
pub(super) fn holds(state: &State, piece: usize, word: &str) -> bool {
    let p = &state.pieces[piece];
    if state.info(piece).is_some_and(|i| i.is_leader()) {
        let now = match p.leader {
            LeaderStanding::Effective if p.wounded_once => "wounded-1",
            LeaderStanding::Effective => "unharmed",
            LeaderStanding::Wounded => "wounded-2",
            LeaderStanding::Shaken => "shaken",
            LeaderStanding::Killed => "killed",
            LeaderStanding::Captured => "captured",
        };
        return word == now;
    }
    match word {
        "ok" => p.standing == Standing::Good,
        "disrupted" => p.standing == Standing::Disrupted,
        "routed" => p.standing == Standing::Routed,
        "reduced" => p.reduced && p.standing != Standing::Eliminated,
        "eliminated" => p.standing == Standing::Eliminated,
        _ => false,
    }
}

/// Checks a fire line's claims against what the engine made of it:
/// `fire=`, `defense=` and `odds=` (`odds-mismatch`), the target's status
/// (`fire-result-mismatch`), any other piece's (`claim-mismatch`). A status
/// with no piece named before it is the target's.
fn claims(
    state: &State,
    action: &Action<'_, '_>,
    outcome: &Outcome,
    firers: &[(usize, Span)],
    out: &mut Vec<Violation>,
) {
    let Some(claims) = action.outcome() else {
        return;
    };
    let mut subject = outcome.target;
    for atom in claims {
        match atom.kind {
            AtomKind::Pair => {
                let Some((key, claimed)) = value::pair(atom) else {
                    continue;
                };
                let number = value::integer(&claimed);
                let message = match key {
                    "fire" if number != Some(i64::from(outcome.fire)) => Some(format!(
                        "{}; the log says fire={}",
                        outcome.reckoning.fire_text(),
                        claimed.text
                    )),
                    "defense" if number != Some(i64::from(outcome.defence)) => Some(format!(
                        "{} defends with {}; the log says defense={}",
                        state.name(outcome.target),
                        outcome.reckoning.guard.text(),
                        claimed.text
                    )),
                    "odds"
                        if Column::parse(claimed.text) != outcome.column
                            || outcome.column.is_none() =>
                    {
                        Some(format!(
                            "{}; the log says odds={}",
                            outcome.reckoning.odds_text(),
                            claimed.text
                        ))
                    }
                    "fire" | "defense" | "odds" => None,
                    _ => {
                        out.push(unknown(
                            atom,
                            "a fire line claims `fire=N defense=N odds=A-B` and the target's status",
                        ));
                        continue;
                    }
                };
                if let Some(message) = message {
                    out.push(
                        Violation::of(&codes::ODDS_MISMATCH, atom.span, message, cite::ODDS)
                            .label(format!(
                                "actually {}",
                                match key {
                                    "fire" => outcome.fire.to_string(),
                                    "defense" => outcome.defence.to_string(),
                                    _ => outcome
                                        .column
                                        .map_or("no effect", Column::label)
                                        .to_string(),
                                }
                            ))
                            .help(
                                "`odds=` is the column the table is read on, as the rules print it \
                                 (`1.5-1`): for high-trajectory fire, the column after its shift \
                                 one to the left (7.3.3, HS-R16)",
                            ),
                    );
                }
            }
            AtomKind::Word | AtomKind::Group
                if UNIT_WORDS.contains(&atom.text) || LEADER_WORDS.contains(&atom.text) =>
            {
                if holds(state, subject, atom.text) {
                    continue;
                }
                if subject == outcome.target {
                    // The word written, and the table's symbol for it.
                    let says = match atom.text {
                        "ok" => "ok (-)".to_string(),
                        "disrupted" => "disrupted (D)".to_string(),
                        "reduced" => "reduced (1)".to_string(),
                        word => word.to_string(),
                    };
                    let effect = match (outcome.result, state.pieces[subject].standing) {
                        (FireResult::Disrupted, Standing::Routed) => {
                            ", which leaves a routed unit routed"
                        }
                        _ => "",
                    };
                    let die = outcome.die.map_or(String::new(), |d| {
                        format!(", die {d} gives {}", outcome.result.symbol())
                    });
                    out.push(
                        Violation::of(
                            &codes::FIRE_RESULT_MISMATCH,
                            atom.span,
                            format!(
                                "{}{die}{effect}; the log says {says}",
                                outcome.reckoning.odds_text()
                            ),
                            cite::RESULT,
                        )
                        .label(format!("actually {}", status_word(state, subject))),
                    );
                } else {
                    out.push(
                        Violation::of(
                            &codes::CLAIM_MISMATCH,
                            atom.span,
                            format!(
                                "the log claims {} for {}, but it is {}",
                                atom.text,
                                state.name(subject),
                                status_word(state, subject)
                            ),
                            cite::CLAIMS,
                        )
                        .label(format!("actually {}", status_word(state, subject))),
                    );
                }
            }
            AtomKind::Word => {
                let mut found = Vec::new();
                match piece_named(state, atom.text, atom.span, &mut found) {
                    Some(piece)
                        if piece == outcome.target || firers.iter().any(|&(p, _)| p == piece) =>
                    {
                        subject = piece;
                    }
                    Some(piece) => {
                        subject = piece;
                        out.push(unknown(
                            atom,
                            &format!(
                                "{} neither fired nor was fired at: a fire line's claims are about its units",
                                state.name(piece)
                            ),
                        ));
                    }
                    None => out.push(unknown(
                        atom,
                        "a claim names a piece, then its statuses: `=> NB1 disrupted`",
                    )),
                }
            }
            _ => out.push(unknown(
                atom,
                "a fire line claims `fire=N defense=N odds=A-B` and the target's status",
            )),
        }
    }
}

/// The status a unit's claim would give it now: `disrupted`, `reduced
/// routed`, `ok`; a leader's word.
fn status_word(state: &State, piece: usize) -> String {
    let mut words: Vec<&str> = UNIT_WORDS
        .into_iter()
        .chain(LEADER_WORDS)
        .filter(|w| holds(state, piece, w))
        .collect();
    if words.len() > 1 {
        words.retain(|&w| w != "ok");
    }
    words.join(" ")
}

fn unknown(atom: &Atom<'_>, help: &str) -> Violation {
    Violation::of(
        &codes::UNKNOWN_CLAIM,
        atom.span,
        format!("cannot check the claim `{}`", atom.text),
        cite::CLAIMS,
    )
    .help(help.to_string())
}
