//! Hastings: 1066's Order Phase (4.1, 4.2, 4.3.8.3, 3.3.2; spec 1.2, 2.2):
//! `orders:` at the head of each `N. Normans` block, where both sides write.
//!
//! Each Saxon wing and each Norman nationality writes its strategy and its
//! 2d6 roll, and claims the order the roll gave: `left strategy defensive
//! 2d6:3+3 => shield-wall`, `breton strategy cautious 2d6:2+5 =>
//! breton-foot advance-to-combat breton-knights hold` (a nationality's roll
//! is read for each of its sections, 4.2.4). The Order Determination Tables
//! are on the missing map sheet, so the claim is taken as the result and
//! only its legality is checked: the order is one the unit type may hold
//! (4.3), it lasts as long as that order can (`turns=2` for Attack & Pursue
//! and Charge only, 4.2.6), an Optional result names its choice
//! (`optional=ORDER`, one turn, HS-R47), and no leader takes an order
//! (4.2.5). Saxon units change wings by `join`, in this phase only; when the
//! phase closes (the first other segment label, or a turn line) every wing
//! and nationality that needed a strategy has one, and the wings keep their
//! shares of the army (4.1.2, 4.1.3, HS-R29).
//!
//! A two-turn order holds the next turn without a roll: each `N. Normans`
//! line counts every held order a turn down ([`Event::OrdersAged`]), and the
//! wings and sections whose order runs on roll nothing and keep their
//! members that turn (HS-R30).

use arrayvec::ArrayVec;
use senlac_board::hex;
use senlac_notation::lower::{Action, Step};
use senlac_notation::value::{self, Dice, UnitRef};
use senlac_notation::{Atom, AtomKind, Fix, Span, did_you_mean};
use smallvec::SmallVec;

use super::Fold;
use super::codes;
use super::event::Event;
use super::state::{Formation, Held, LeaderStanding, Nation, Part, Piece, Segment, State, Wing};
use super::tables::{Arm, Class, Holder, Order, Side};
use crate::code::CodeInfo;
use crate::violation::Violation;

/// What the Order Phase's findings cite.
mod cite {
    pub const STRATEGY: &str = "hastings-1066-st 4.2.1, 4.2.3, 4.2.4 (one strategy and one 2d6 roll per Saxon wing and per Norman nationality each Order Phase); docs/rules/hastings-1066-st.md HS-R30";
    pub const CLAIM: &str = "hastings-1066-st 4.2.3, 4.2.4 (the roll's order, read for each section of a nationality); docs/rules/hastings-1066-st.md HS-R30, HS-R51 (the claim is the result: the Order Tables are missing)";
    pub const HOLDERS: &str = "hastings-1066-st 4.3 (Shield Wall to Attack & Pursue for foot, Attack & Pursue for Saxon foot only, Hold to Charge for Norman knights)";
    pub const DURATION: &str = "hastings-1066-st 4.2.6, 4.3.4, 4.3.7 (two-turn orders skip the next roll); docs/rules/hastings-1066-st.md HS-R30";
    pub const OPTIONAL: &str = "hastings-1066-st 4.2.7 (an Optional result: the player chooses); docs/rules/hastings-1066-st.md HS-R47";
    pub const LEADERS: &str = "hastings-1066-st 4.1.5, 4.2.5 (leaders never adopt an order)";
    pub const HOUSECARLS: &str = "hastings-1066-st 4.3.8.3 (optional rule: housecarls treat Attack & Pursue as Optional, chosen before the roll)";
    pub const DICE: &str = "hastings-1066-st 2.6, 4.2.3 (two dice per order roll); docs/rules/hastings-1066-st.md HS-R42";
    pub const WINGS: &str = "hastings-1066-st 4.1.2, 4.1.3 (wings redrawn each Order Phase, a fifth or a third of the units each); docs/rules/hastings-1066-st.md HS-R29";
    pub const GUARD: &str = super::super::rules::GUARD;
    pub const REROLL: &str = "hastings-1066-st 3.3.2 (rerolls in an extended period only); docs/rules/hastings-1066-st.md HS-R54";
}

/// The four strategies (4.2.1), by their words in a `strategy` line. The
/// Order Tables they are read on are missing, so nothing reads them but
/// the check that one was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    Defensive,
    Cautious,
    Moderate,
    Aggressive,
}

impl Strategy {
    pub const ALL: [Strategy; 4] = [
        Strategy::Defensive,
        Strategy::Cautious,
        Strategy::Moderate,
        Strategy::Aggressive,
    ];

    pub const fn word(self) -> &'static str {
        match self {
            Strategy::Defensive => "defensive",
            Strategy::Cautious => "cautious",
            Strategy::Moderate => "moderate",
            Strategy::Aggressive => "aggressive",
        }
    }

    pub fn parse(word: &str) -> Option<Strategy> {
        Strategy::ALL.into_iter().find(|s| s.word() == word)
    }
}

/// The code of a line outside the segment it belongs in: `join` has its
/// own (4.1.2), every other verb `wrong-segment`.
pub fn misplaced(verb: &str) -> &'static CodeInfo {
    if verb == "join" {
        &codes::JOIN_OUTSIDE_ORDERS
    } else {
        &codes::WRONG_SEGMENT
    }
}

/// What a movetext step means for the Order Phase, before play reads it:
/// another segment's label or a turn line closes an open Order Phase, and
/// `N. Normans` opens a Battle Turn, where the orders held count a turn
/// down (4.2.6).
pub fn step(fold: &mut Fold<'_>, step: &Step<'_, '_>, out: &mut Vec<Violation>) {
    let closing = match step {
        Step::Turn { span, .. } => Some(*span),
        Step::Phase { name, span } if *name != Segment::Orders.label() => Some(*span),
        _ => None,
    };
    if let Some(span) = closing
        && fold.segment == Some(Segment::Orders)
        && fold.phasing == Some(Side::Normans)
    {
        close(fold, span, out);
    }
    if let Step::Turn { side, .. } = step
        && Side::parse(side) == Some(Side::Normans)
    {
        fold.emit(Event::OrdersAged);
        // The Order Phase after William's fall takes his Guard into the
        // Norman knights (4.3.8.1, HS-R46).
        if !fold.guard_joined && william_fallen(fold) {
            fold.emit(Event::GuardJoined);
        }
    }
}

/// A line of the Order Phase, once play has found it in `orders:`.
pub fn line(fold: &mut Fold<'_>, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    match action.verb().text {
        "strategy" => strategy(fold, action, out),
        "reroll" => reroll(fold, action, out),
        "join" => join(fold, action, out),
        _ => {}
    }
}

// ------------------------------------------------------------- formations

/// A Norman section's word in a claim: `breton-foot`, `breton-knights`.
pub fn section_word(nation: Nation, arm: Arm) -> String {
    let arm = match arm {
        Arm::Foot => "foot",
        Arm::Knight => "knights",
    };
    format!("{}-{arm}", nation.word())
}

fn parse_section(word: &str) -> Option<(Nation, Arm)> {
    let (nation, arm) = word.split_once('-')?;
    let arm = match arm {
        "foot" => Arm::Foot,
        "knights" => Arm::Knight,
        _ => return None,
    };
    Some((Nation::parse(nation)?, arm))
}

/// A formation as a message names it.
fn describe(formation: Formation) -> String {
    match formation {
        Formation::Wing(wing) => format!("the {} wing", wing.word()),
        Formation::Section(nation, arm) => section_word(nation, arm),
    }
}

/// A wing or a nationality as a message names it.
fn describe_part(part: Part) -> impl std::fmt::Display {
    std::fmt::from_fn(move |f| match part {
        Part::Wing(wing) => write!(f, "the {} wing", wing.word()),
        Part::Nation(nation) => write!(f, "the {} nationality", nation.word()),
    })
}

/// The formations one roll orders: a wing, or a nationality's two sections.
type Formations = ArrayVec<Formation, 2>;

/// A claim's groups, subject by subject.
type Groups = SmallVec<[Group; 4]>;

/// The events a line emits once it is judged.
type Events = SmallVec<[Event; 4]>;

/// The formations a wing's or nationality's roll orders (4.2.4).
fn formations(part: Part) -> Formations {
    match part {
        Part::Wing(wing) => [Formation::Wing(wing)].into_iter().collect(),
        Part::Nation(nation) => Arm::ALL
            .into_iter()
            .map(|arm| Formation::Section(nation, arm))
            .collect(),
    }
}

/// Whether a formation may hold an order (4.3): a wing as Saxon foot, a
/// section as Norman foot or knights.
fn holds(formation: Formation, order: Order) -> bool {
    let (side, class) = match formation {
        Formation::Wing(_) => (Side::Saxons, Class::Fyrd),
        Formation::Section(_, Arm::Foot) => (Side::Normans, Class::Foot),
        Formation::Section(_, Arm::Knight) => (Side::Normans, Class::Knights),
    };
    order.may_hold(side, class)
}

/// Who holds an order, in a message.
fn holder(order: Order) -> &'static str {
    match order.row().held_by {
        Holder::Foot => "foot",
        Holder::SaxonFoot => "Saxon foot only",
        Holder::NormanKnights => "Norman knights",
    }
}

/// Whether William is killed or captured (HS-R31, HS-R61).
fn william_fallen(state: &State) -> bool {
    (0..state.pieces.len()).any(|p| {
        state.info(p).is_some_and(|i| {
            i.side == Side::Normans
                && i.is_leader()
                && super::setup::first_word(&i.name) == "William"
        }) && !alive(state, p)
    })
}

fn alive(state: &State, piece: usize) -> bool {
    !matches!(
        state.pieces[piece].leader,
        LeaderStanding::Killed | LeaderStanding::Captured
    )
}

/// The Saxon leaders still living.
fn living_leaders(state: &State) -> impl Iterator<Item = usize> + '_ {
    state
        .roster
        .leaders
        .iter()
        .copied()
        .filter(|&p| state.info(p).is_some_and(|i| i.side == Side::Saxons) && alive(state, p))
}

/// The living leader who defines a wing (4.1.1).
pub(super) fn leader_of(state: &State, wing: Wing) -> Option<usize> {
    living_leaders(state).find(|&p| {
        state
            .info(p)
            .is_some_and(|i| i.part == Some(Part::Wing(wing)))
    })
}

/// A leader's command radius (10.1), one less once wounded (HS-R31).
fn radius(state: &State, leader: usize) -> u32 {
    match state.info(leader).map(|i| &i.piece) {
        Some(Piece::Leader(ratings)) => {
            ratings.command - u32::from(state.pieces[leader].wounded_once).min(ratings.command)
        }
        _ => 0,
    }
}

/// The combat units on the map that take their order with `formation`.
pub(super) fn members(state: &State, formation: Formation) -> impl Iterator<Item = usize> + '_ {
    (0..state.pieces.len())
        .filter(move |&p| state.pieces[p].at.is_some() && state.formation_of(p) == Some(formation))
}

/// The formations of a wing or nationality that need an order this turn:
/// a wing whose leader lives, a section with a unit on the map; neither
/// when its two-turn order runs on (HS-R30).
fn needs(state: &State, part: Part) -> Formations {
    formations(part)
        .into_iter()
        .filter(|&f| match f {
            Formation::Wing(wing) => leader_of(state, wing).is_some(),
            Formation::Section(..) => members(state, f).next().is_some(),
        })
        .filter(|f| !state.carried.contains(f))
        .collect()
}

/// Why a formation has no roll this turn: its order and the turn it was
/// rolled in.
fn runs_on(state: &State, formation: Formation) -> String {
    match state.order_of(formation) {
        Some(held) => format!(
            "{}'s {} runs on from turn {} (turns=2)",
            describe(formation),
            held.order.word(),
            state.turn.saturating_sub(1)
        ),
        None => format!("{}'s order runs on", describe(formation)),
    }
}

/// The piece an id names, of either army: `Err` with the finding when it
/// names none or both.
fn piece(state: &State, text: &str, span: Span) -> Result<usize, Violation> {
    let reference = UnitRef::parse(text);
    let found = state.roster.pieces_named(&reference);
    match found[..] {
        [piece] => Ok(piece),
        [] => Err(Violation::of(
            &codes::UNKNOWN_UNIT,
            span,
            format!("no piece is declared as {text}"),
            cite::WINGS,
        )),
        _ => Err(Violation::of(
            &codes::AMBIGUOUS_UNIT,
            span,
            format!(
                "both armies have a piece {0}: write Normans.{0} or Saxons.{0}",
                reference.id
            ),
            cite::WINGS,
        )),
    }
}

// ---------------------------------------------------------------- strategy

/// Who a claim gives an order to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Subject {
    /// Nobody named: the line's own wing.
    Own,
    Formation(Formation),
    Leader(usize),
    Unit(usize),
}

/// One subject of a claim and what the claim gives it.
struct Group {
    subject: Subject,
    /// The subject's atom, or the group's first atom.
    span: Span,
    order: Option<(Order, Span)>,
    /// `optional=ORDER`, or the bare word `optional`: the result was
    /// Optional (4.2.7).
    optional: Option<(Option<Order>, Span)>,
    /// `turns=N`, its value and the pair's span.
    turns: Option<(Option<i64>, Span)>,
    /// `effect=N` (HS-R51).
    effect: Option<i32>,
}

impl Group {
    fn new(subject: Subject, span: Span) -> Group {
        Group {
            subject,
            span,
            order: None,
            optional: None,
            turns: None,
            effect: None,
        }
    }

    fn is_empty(&self) -> bool {
        self.order.is_none()
            && self.optional.is_none()
            && self.turns.is_none()
            && self.effect.is_none()
    }

    /// The span of the subject with its order.
    fn whole(&self) -> Span {
        let mut span = self.span;
        if let Some((_, at)) = self.order {
            span = span.cover(at);
        }
        if let Some((_, at)) = self.optional {
            span = span.cover(at);
        }
        span
    }
}

/// `WING-OR-NATION strategy STRATEGY [housecarls=ORDER] 2d6:a+b => ORDER...`
/// (4.2.1, 4.2.3, 4.2.4, 4.3.8.3).
fn strategy(fold: &mut Fold<'_>, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    let actor = action.actor();
    let Some(part) = strategist(actor, out) else {
        return;
    };
    let state: &State = fold;
    if let Part::Wing(wing) = part
        && leader_of(state, wing).is_none()
    {
        out.push(Violation::of(
            &codes::WING_COUNT,
            actor.span,
            format!(
                "the {} wing has no living leader: there are never more wings than living leaders ({}), so it writes no strategy",
                wing.word(),
                living_leaders(state).count()
            ),
            cite::WINGS,
        ));
        return;
    }
    if let Part::Nation(nation) = part
        && formations(part)
            .into_iter()
            .all(|f| members(state, f).next().is_none())
    {
        out.push(Violation::of(
            &codes::UNKNOWN_NATION,
            actor.span,
            format!(
                "the {} nationality has no unit on the map: it writes no strategy",
                nation.word()
            ),
            cite::STRATEGY,
        ));
        return;
    }
    if let Some(&(_, first)) = state.strategies.iter().find(|(p, _)| *p == part) {
        out.push(
            Violation::of(
                &codes::DUPLICATE_STRATEGY,
                actor.span,
                format!(
                    "{} has its strategy for turn {} already: one strategy and one roll per Order Phase",
                    describe_part(part),
                    state.turn
                ),
                cite::STRATEGY,
            )
            .related(first, "the first"),
        );
        return;
    }
    let needy = needs(state, part);
    let args = action.args();
    let dice: SmallVec<[usize; 2]> = (0..args.len())
        .filter(|&i| args[i].kind == AtomKind::Dice)
        .collect();
    if needy.is_empty() {
        let carried = formations(part)
            .into_iter()
            .filter(|f| state.carried.contains(f))
            .map(|f| runs_on(state, f))
            .collect::<Vec<_>>();
        let span = dice.first().map_or(action.verb().span, |&i| args[i].span);
        out.push(Violation::of(
            &codes::ORDER_STILL_IN_FORCE,
            span,
            format!(
                "{}: {} rolls nothing in turn {}",
                carried.join(", "),
                describe_part(part),
                state.turn
            ),
            cite::DURATION,
        ));
        fold.emit(Event::StrategyWritten {
            part,
            span: action.span,
        });
        return;
    }
    let mut findings = Vec::new();
    let housecarls = read_args(state, part, action, &dice, &mut findings);
    let mut events: Events = smallvec::smallvec![Event::StrategyWritten {
        part,
        span: action.span,
    }];
    if let Some(claim) = action.outcome().filter(|c| !c.is_empty()) {
        if let Some(groups) = read_claim(state, claim, &mut findings) {
            events.extend(judge(
                state,
                part,
                &needy,
                groups,
                housecarls,
                claim,
                &mut findings,
            ));
        }
    } else {
        let names: Vec<String> = needy.iter().map(|&f| describe(f)).collect();
        findings.push(
            Violation::of(
                &codes::ORDER_MISSING,
                action.span,
                format!(
                    "the roll's order for {} is not claimed: the Order Tables are missing, so the log writes the order the roll gave",
                    names.join(" and ")
                ),
                cite::CLAIM,
            )
            .help(match part {
                Part::Wing(_) => "write `=> ORDER`".to_string(),
                Part::Nation(nation) => format!(
                    "write `=> {} ORDER {} ORDER`",
                    section_word(nation, Arm::Foot),
                    section_word(nation, Arm::Knight)
                ),
            }),
        );
    }
    out.extend(findings);
    for event in events {
        fold.emit(event);
    }
}

/// The wing or nationality a `strategy` line is written for.
fn strategist(actor: Atom<'_>, out: &mut Vec<Violation>) -> Option<Part> {
    let text = actor.text;
    if let Some(wing) = Wing::parse(text) {
        return Some(Part::Wing(wing));
    }
    if let Some(nation) = Nation::parse(text) {
        return Some(Part::Nation(nation));
    }
    if let Some((nation, _)) = parse_section(text) {
        out.push(
            Violation::of(
                &codes::UNKNOWN_NATION,
                actor.span,
                format!(
                    "`{text}` is a section: the Normans roll per nationality, and the roll is read for both its sections (4.2.4)"
                ),
                cite::STRATEGY,
            )
            .fix(Fix::new(
                actor.span,
                nation.word(),
                format!("write `{}`", nation.word()),
            )),
        );
        // Read as its nationality (one mistake, one error).
        return Some(Part::Nation(nation));
    }
    let words = Wing::ALL
        .map(Wing::word)
        .into_iter()
        .chain(Nation::ALL.map(Nation::word));
    let meant = did_you_mean(text, words);
    let code = if meant.and_then(Nation::parse).is_some() {
        &codes::UNKNOWN_NATION
    } else {
        &codes::UNKNOWN_WING
    };
    let mut finding = Violation::of(
        code,
        actor.span,
        format!(
            "`{text}` is neither a Saxon wing (left, center, right) nor a Norman nationality (norman, breton, flemish)"
        ),
        cite::STRATEGY,
    );
    if let Some(meant) = meant {
        finding = finding.fix(Fix::new(actor.span, meant, format!("write `{meant}`")));
    }
    out.push(finding);
    // A misspelt word is read as the one it nearly spells.
    meant.and_then(|m| {
        Wing::parse(m)
            .map(Part::Wing)
            .or_else(|| Nation::parse(m).map(Part::Nation))
    })
}

/// The line's arguments: the strategy, the roll, and the housecarls'
/// choice made before it (4.3.8.3). Returns that choice.
fn read_args(
    state: &State,
    part: Part,
    action: &Action<'_, '_>,
    dice: &[usize],
    out: &mut Vec<Violation>,
) -> Option<Order> {
    let args = action.args();
    let words = Strategy::ALL.map(Strategy::word);
    let rest = match args.first() {
        Some(word) if word.kind == AtomKind::Word => {
            if Strategy::parse(word.text).is_none() {
                let mut finding = Violation::of(
                    &codes::UNKNOWN_STRATEGY,
                    word.span,
                    format!("`{}` is no strategy: {}", word.text, words.join(", ")),
                    cite::STRATEGY,
                );
                if let Some(meant) = did_you_mean(word.text, words) {
                    finding = finding.fix(Fix::new(word.span, meant, format!("write `{meant}`")));
                }
                out.push(finding);
            }
            1
        }
        _ => {
            out.push(Violation::of(
                &codes::UNKNOWN_STRATEGY,
                action.verb().span,
                format!(
                    "{}'s strategy is not written: {} comes after `strategy`",
                    describe_part(part),
                    words.join(", ")
                ),
                cite::STRATEGY,
            ));
            0
        }
    };
    order_roll(describe_part(part), action, dice, out);
    let mut choice = None;
    for (i, atom) in args.iter().enumerate().skip(rest) {
        match atom.kind {
            AtomKind::Dice => {}
            AtomKind::Pair if value::key(atom) == Some("housecarls") => {
                let after = dice.first().is_some_and(|&d| d < i);
                if let Some(order) = housecarls(state, part, atom, after, out) {
                    if choice.is_some() {
                        out.push(Violation::of(
                            &codes::CLAIM_MISMATCH,
                            atom.span,
                            "the housecarls choose once, before the roll",
                            cite::HOUSECARLS,
                        ));
                    } else {
                        choice = Some(order);
                    }
                }
            }
            _ => out.push(Violation::of(
                &codes::UNKNOWN_CLAIM,
                atom.span,
                format!(
                    "`{}` has no place in a strategy line: `WING-OR-NATION strategy STRATEGY [housecarls=ORDER] 2d6:a+b => ORDER`",
                    atom.text
                ),
                cite::STRATEGY,
            )),
        }
    }
    choice
}

/// `housecarls=ORDER` (4.3.8.3): under `option housecarl-restraint`, a
/// wing with housecarls names before its roll the order they take if the
/// roll gives Attack & Pursue.
fn housecarls(
    state: &State,
    part: Part,
    atom: &Atom<'_>,
    after_dice: bool,
    out: &mut Vec<Violation>,
) -> Option<Order> {
    let (_, choice) = value::pair(atom)?;
    if !state.roster.options.housecarl_restraint {
        out.push(
            Violation::of(
                &codes::UNKNOWN_CLAIM,
                atom.span,
                "`housecarls=` is read only under the optional rule of 4.3.8.3",
                cite::HOUSECARLS,
            )
            .help("declare `option housecarl-restraint` in the setup"),
        );
        return None;
    }
    let has_housecarls = match part {
        Part::Wing(wing) => members(state, Formation::Wing(wing))
            .any(|p| state.info(p).and_then(|i| i.class) == Some(Class::Housecarls)),
        Part::Nation(_) => false,
    };
    if !has_housecarls {
        out.push(Violation::of(
            &codes::ORDER_NOT_FOR_UNIT_TYPE,
            atom.span,
            format!(
                "{} has no housecarls to take that order",
                describe_part(part)
            ),
            cite::HOUSECARLS,
        ));
        return None;
    }
    if after_dice {
        out.push(
            Violation::of(
                &codes::HOUSECARL_CHOICE_LATE,
                atom.span,
                "the housecarls' choice is written after the roll: it must be made before the dice, and cannot change after them",
                cite::HOUSECARLS,
            )
            .help("write `housecarls=ORDER` before the dice"),
        );
        return None;
    }
    let Some(order) = Order::parse(choice.text) else {
        let mut finding = Violation::of(
            &codes::UNKNOWN_CLAIM,
            choice.span,
            format!("`{}` is no order", choice.text),
            cite::HOUSECARLS,
        );
        if let Some(meant) = did_you_mean(choice.text, Order::ALL.map(Order::word)) {
            finding = finding.fix(Fix::new(choice.span, meant, format!("write `{meant}`")));
        }
        out.push(finding);
        return None;
    };
    if !order.may_hold(Side::Saxons, Class::Housecarls) {
        out.push(Violation::of(
            &codes::ORDER_NOT_FOR_UNIT_TYPE,
            choice.span,
            format!(
                "{} ({}) is held by {}: housecarls cannot take it",
                order.word(),
                order.row().case,
                holder(order)
            ),
            cite::HOUSECARLS,
        ));
        return None;
    }
    Some(order)
}

/// The claim's groups, subject by subject; `None` when it cannot be read
/// (one finding, nothing emitted for the line).
fn read_claim(state: &State, claim: &[Atom<'_>], out: &mut Vec<Violation>) -> Option<Groups> {
    let mut groups: Groups = smallvec::smallvec![Group::new(Subject::Own, claim[0].span)];
    for atom in claim {
        let group = groups.last_mut()?;
        match atom.kind {
            AtomKind::Word => {
                if let Some(order) = Order::parse(atom.text) {
                    if let Some(first) = given(group) {
                        out.push(two_orders(group, first, order.word(), atom.span));
                        return None;
                    }
                    group.order = Some((order, atom.span));
                } else if atom.text == "optional" {
                    if let Some(first) = given(group) {
                        out.push(two_orders(group, first, "optional", atom.span));
                        return None;
                    }
                    group.optional = Some((None, atom.span));
                } else {
                    let subject = subject(state, atom, out)?;
                    groups.push(Group::new(subject, atom.span));
                }
            }
            AtomKind::Pair => {
                let (key, value) = value::pair(atom)?;
                match key {
                    "turns" => group.turns = Some((value::integer(&value), atom.span)),
                    "optional" => {
                        let Some(order) = Order::parse(value.text) else {
                            out.push(unknown_order(&value));
                            return None;
                        };
                        if let Some(first) = given(group) {
                            out.push(two_orders(group, first, atom.text, atom.span));
                            return None;
                        }
                        group.optional = Some((Some(order), atom.span));
                    }
                    "effect" => {
                        let Some(effect) =
                            value::integer(&value).and_then(|n| i32::try_from(n).ok())
                        else {
                            out.push(Violation::of(
                                &codes::UNKNOWN_CLAIM,
                                value.span,
                                format!("`{}` is no Strategy Effects rating: write a whole number, as `effect=-1`", value.text),
                                cite::CLAIM,
                            ));
                            return None;
                        };
                        group.effect = Some(effect);
                    }
                    "housecarls" => out.push(
                        Violation::of(
                            &codes::HOUSECARL_CHOICE_LATE,
                            atom.span,
                            "the housecarls' choice is written in the claim, after the roll: it must be made before the dice",
                            cite::HOUSECARLS,
                        )
                        .help("write `housecarls=ORDER` before the dice"),
                    ),
                    _ => {
                        out.push(Violation::of(
                            &codes::UNKNOWN_CLAIM,
                            atom.span,
                            format!(
                                "`{key}=` is no claim of an order roll: `turns=N`, `optional=ORDER`, `effect=N`"
                            ),
                            cite::CLAIM,
                        ));
                        return None;
                    }
                }
            }
            _ => {
                out.push(Violation::of(
                    &codes::UNKNOWN_CLAIM,
                    atom.span,
                    format!("`{}` is no claim of an order roll", atom.text),
                    cite::CLAIM,
                ));
                return None;
            }
        }
    }
    groups.retain(|g| g.subject != Subject::Own || !g.is_empty());
    Some(groups)
}

/// The order a group was already given, if any.
fn given(group: &Group) -> Option<String> {
    match (group.order, group.optional) {
        (Some((order, _)), _) => Some(order.word().to_string()),
        (_, Some((Some(order), _))) => Some(format!("optional={}", order.word())),
        (_, Some((None, _))) => Some("optional".to_string()),
        _ => None,
    }
}

fn two_orders(group: &Group, first: String, second: &str, span: Span) -> Violation {
    let whom = match group.subject {
        Subject::Formation(f) => describe(f),
        _ => "the claim".to_string(),
    };
    Violation::of(
        &codes::CLAIM_MISMATCH,
        span,
        format!("{whom} is given two orders, `{first}` and `{second}`: a roll gives one"),
        cite::CLAIM,
    )
}

fn unknown_order(atom: &Atom<'_>) -> Violation {
    let mut finding = Violation::of(
        &codes::UNKNOWN_CLAIM,
        atom.span,
        format!(
            "`{}` is no order: {}",
            atom.text,
            Order::ALL.map(Order::word).join(", ")
        ),
        cite::CLAIM,
    );
    if let Some(meant) = did_you_mean(atom.text, Order::ALL.map(Order::word)) {
        finding = finding.fix(Fix::new(atom.span, meant, format!("write `{meant}`")));
    }
    finding
}

/// A claim's subject: a wing, a section, or a piece.
fn subject(state: &State, atom: &Atom<'_>, out: &mut Vec<Violation>) -> Option<Subject> {
    if let Some(wing) = Wing::parse(atom.text) {
        return Some(Subject::Formation(Formation::Wing(wing)));
    }
    if let Some((nation, arm)) = parse_section(atom.text) {
        return Some(Subject::Formation(Formation::Section(nation, arm)));
    }
    let reference = UnitRef::parse(atom.text);
    let known = !state.roster.pieces_named(&reference).is_empty();
    if !known {
        let sections: Vec<String> = Nation::ALL
            .into_iter()
            .flat_map(|n| Arm::ALL.map(|a| section_word(n, a)))
            .collect();
        let words = Order::ALL
            .map(Order::word)
            .into_iter()
            .chain(Wing::ALL.map(Wing::word))
            .chain(sections.iter().map(String::as_str));
        let mut finding = Violation::of(
            &codes::UNKNOWN_CLAIM,
            atom.span,
            format!(
                "`{}` is neither an order nor a wing, a section or a piece",
                atom.text
            ),
            cite::CLAIM,
        );
        if let Some(meant) = did_you_mean(atom.text, words) {
            finding = finding.fix(Fix::new(
                atom.span,
                meant.to_string(),
                format!("write `{meant}`"),
            ));
        }
        out.push(finding);
        return None;
    }
    match piece(state, atom.text, atom.span) {
        Ok(p) if state.info(p).is_some_and(|i| i.is_leader()) => Some(Subject::Leader(p)),
        Ok(p) => Some(Subject::Unit(p)),
        Err(finding) => {
            out.push(finding);
            None
        }
    }
}

/// Checks the claim's groups against what the roll orders (4.2.4, 4.3,
/// 4.2.6, 4.2.7, 4.2.5) and returns the events of the legal ones.
fn judge(
    state: &State,
    part: Part,
    needy: &[Formation],
    groups: Groups,
    housecarls: Option<Order>,
    claim: &[Atom<'_>],
    out: &mut Vec<Violation>,
) -> Events {
    let all = formations(part);
    let mut named: SmallVec<[Formation; 4]> = SmallVec::new();
    let mut held: SmallVec<[(Formation, Held); 4]> = SmallVec::new();
    let mut units: SmallVec<[&Group; 4]> = SmallVec::new();
    let mut events = Events::new();
    for group in &groups {
        let target = match group.subject {
            Subject::Own => match part {
                Part::Wing(wing) => Formation::Wing(wing),
                Part::Nation(nation) => {
                    if group.order.is_none() && group.optional.is_none() && group.turns.is_none() {
                        if let Some(effect) = group.effect {
                            events.push(Event::Effect { part, effect });
                        }
                    } else {
                        named.extend_from_slice(needy);
                        out.push(Violation::of(
                            &codes::UNKNOWN_CLAIM,
                            group.whole(),
                            format!(
                                "the {0} roll is read for each section: name the section, `=> {1} ORDER {2} ORDER`",
                                nation.word(),
                                section_word(nation, Arm::Foot),
                                section_word(nation, Arm::Knight)
                            ),
                            cite::CLAIM,
                        ));
                    }
                    continue;
                }
            },
            Subject::Formation(formation) => {
                if !all.contains(&formation) {
                    out.push(Violation::of(
                        &codes::CLAIM_MISMATCH,
                        group.span,
                        format!(
                            "{}'s roll orders {}, not {}",
                            describe_part(part),
                            all.iter()
                                .map(|&f| describe(f))
                                .collect::<Vec<_>>()
                                .join(" and "),
                            describe(formation)
                        ),
                        cite::CLAIM,
                    ));
                    continue;
                }
                formation
            }
            Subject::Leader(leader) => {
                out.push(Violation::of(
                    &codes::LEADER_ORDER,
                    group.whole(),
                    format!(
                        "{} is a leader: leaders never adopt an order",
                        state.name(leader)
                    ),
                    cite::LEADERS,
                ));
                continue;
            }
            Subject::Unit(_) => {
                units.push(group);
                continue;
            }
        };
        if named.contains(&target) {
            out.push(Violation::of(
                &codes::CLAIM_MISMATCH,
                group.span,
                format!("{} is named twice in the claim", describe(target)),
                cite::CLAIM,
            ));
            continue;
        }
        named.push(target);
        if !needy.contains(&target) {
            if state.carried.contains(&target) {
                out.push(Violation::of(
                    &codes::ORDER_STILL_IN_FORCE,
                    group.whole(),
                    format!(
                        "{}: the roll of turn {} is read for {} only",
                        runs_on(state, target),
                        state.turn,
                        needy
                            .iter()
                            .map(|&f| describe(f))
                            .collect::<Vec<_>>()
                            .join(" and ")
                    ),
                    cite::DURATION,
                ));
            } else {
                out.push(Violation::of(
                    &codes::CLAIM_MISMATCH,
                    group.span,
                    format!(
                        "{} has no unit on the map to take an order",
                        describe(target)
                    ),
                    cite::CLAIM,
                ));
            }
            continue;
        }
        if let Some(effect) = group.effect {
            events.push(Event::Effect { part, effect });
        }
        let (order, order_span, optional) = match (group.order, group.optional) {
            (Some((order, at)), _) => (order, at, false),
            (None, Some((Some(order), at))) => (order, at, true),
            (None, Some((None, at))) => {
                out.push(
                    Violation::of(
                        &codes::OPTIONAL_CHOICE_MISSING,
                        at,
                        format!(
                            "an Optional result lets the player choose {}'s order, and the log must name it",
                            describe(target)
                        ),
                        cite::OPTIONAL,
                    )
                    .help("write `optional=ORDER`"),
                );
                continue;
            }
            (None, None) => {
                out.push(Violation::of(
                    &codes::ORDER_MISSING,
                    group.span,
                    format!("{} is given no order", describe(target)),
                    cite::CLAIM,
                ));
                continue;
            }
        };
        if !holds(target, order) {
            out.push(Violation::of(
                &codes::ORDER_NOT_FOR_UNIT_TYPE,
                order_span,
                format!(
                    "{} ({}, {}) is held by {}: {} cannot hold it",
                    order.word(),
                    order.row().name,
                    order.row().case,
                    holder(order),
                    describe(target)
                ),
                cite::HOLDERS,
            ));
            continue;
        }
        let turns = match group.turns {
            None => 1,
            Some((turns, span)) => {
                let most = if optional { 1 } else { order.row().max_turns };
                let written = turns.and_then(|n| u32::try_from(n).ok());
                match written {
                    Some(n) if (1..=u32::from(most)).contains(&n) => n,
                    _ => {
                        // Played as the legal duration nearest the one
                        // written, so the turns after read as the log meant.
                        let nearest = written.map_or(1, |n| n.clamp(1, u32::from(most)));
                        let why = if optional {
                            "a chosen order lasts the turn it was chosen for (HS-R47)".to_string()
                        } else if most == 1 {
                            format!(
                                "{} lasts 1 Battle Turn; only attack-pursue and charge can last 2",
                                order.word()
                            )
                        } else {
                            format!("{} lasts 1 or 2 Battle Turns", order.word())
                        };
                        out.push(Violation::of(
                            &codes::BAD_DURATION,
                            span,
                            format!(
                                "{} for {}: {why}; read as turns={nearest}",
                                text_of(claim, span),
                                describe(target)
                            ),
                            if optional {
                                cite::OPTIONAL
                            } else {
                                cite::DURATION
                            },
                        ));
                        nearest
                    }
                }
            }
        };
        held.push((target, Held { order, turns }));
    }
    let missing: Vec<String> = needy
        .iter()
        .filter(|f| !named.contains(f))
        .map(|&f| describe(f))
        .collect();
    if !missing.is_empty() {
        let span = claim[0].span.cover(claim[claim.len() - 1].span);
        out.push(Violation::of(
            &codes::ORDER_MISSING,
            span,
            match part {
                Part::Nation(nation) => format!(
                    "the {} roll is read for each section that needs an order: {} is given none",
                    nation.word(),
                    missing.join(" and ")
                ),
                Part::Wing(_) => format!("{} is given no order", missing.join(" and ")),
            },
            cite::CLAIM,
        ));
    }
    for group in units {
        check_unit(state, group, &held, housecarls, out);
    }
    for &(formation, h) in &held {
        events.push(Event::OrderHeld { formation, held: h });
        if let (Formation::Wing(wing), Order::AttackPursue, Some(choice)) =
            (formation, h.order, housecarls)
        {
            events.push(Event::HousecarlsHeld {
                wing,
                held: Held {
                    order: choice,
                    turns: h.turns,
                },
            });
        }
    }
    events
}

/// The text of the claim atom at `span`.
fn text_of<'s>(claim: &[Atom<'s>], span: Span) -> &'s str {
    claim.iter().find(|a| a.span == span).map_or("", |a| a.text)
}

/// A claim naming one unit: the order it names is the one the unit takes
/// from its formation's (bowmen under Shield Wall hold Fire in Place,
/// 4.3.1; housecarls their choice, 4.3.8.3).
fn check_unit(
    state: &State,
    group: &Group,
    held: &[(Formation, Held)],
    housecarls: Option<Order>,
    out: &mut Vec<Violation>,
) {
    let Subject::Unit(unit) = group.subject else {
        return;
    };
    let Some((named, span)) = group
        .order
        .filter(|_| group.optional.is_none() && group.turns.is_none() && group.effect.is_none())
    else {
        out.push(Violation::of(
            &codes::UNKNOWN_CLAIM,
            group.whole(),
            format!(
                "a claim names a unit's order only, as `{} ORDER`: its formation's roll decides it",
                state.info(unit).map_or("", |i| i.id.as_str())
            ),
            cite::CLAIM,
        ));
        return;
    };
    let class = state.info(unit).and_then(|i| i.class);
    let guard = class == Some(Class::Guard);
    let (Some(formation), Some(class)) = (state.formation_of(unit), class) else {
        if guard {
            out.push(
                Violation::of(
                    &codes::GUARD_ORDER,
                    group.whole(),
                    format!(
                        "4.3.8.1: {} holds no order while William lives: it moves and charges as the Norman player likes",
                        state.name(unit)
                    ),
                    cite::GUARD,
                )
                .help("leave the Guard out of the claim"),
            );
        }
        return;
    };
    let Some(&(_, h)) = held.iter().find(|(f, _)| *f == formation) else {
        out.push(Violation::of(
            &codes::CLAIM_MISMATCH,
            group.span,
            format!(
                "{} takes its order with {}, which this roll does not order",
                state.name(unit),
                describe(formation)
            ),
            cite::CLAIM,
        ));
        return;
    };
    let takes = match (class, h.order, housecarls) {
        (Class::Housecarls, Order::AttackPursue, Some(choice)) => choice,
        _ => h.order.adopted_by(class),
    };
    if takes != named && guard {
        out.push(Violation::of(
            &codes::GUARD_ORDER,
            span.cover(group.span),
            format!(
                "4.3.8.1: William has fallen, and {} holds the Norman knights' {}, not {}",
                state.name(unit),
                takes.word(),
                named.word()
            ),
            cite::GUARD,
        ));
    } else if takes != named {
        out.push(Violation::of(
            &codes::CLAIM_MISMATCH,
            span.cover(group.span),
            format!(
                "{} holds {} under {}'s {}, not {}",
                state.name(unit),
                takes.word(),
                describe(formation),
                h.order.word(),
                named.word()
            ),
            cite::CLAIM,
        ));
    }
}

/// An order roll: exactly one, of two six-sided dice (4.2.3); `who` rolls.
fn order_roll(
    who: impl std::fmt::Display,
    action: &Action<'_, '_>,
    dice: &[usize],
    out: &mut Vec<Violation>,
) {
    let args = action.args();
    match dice.first() {
        None => out.push(Violation::of(
            &codes::MISSING_ROLL,
            action.verb().span,
            format!(
                "{}'s order roll is not written: two dice, as `2d6:4+3`",
                who
            ),
            cite::DICE,
        )),
        Some(&i) => {
            let atom = &args[i];
            let good = Dice::parse(atom).is_some_and(|d| {
                d.count == 2
                    && d.sides == 6
                    && d.results().count() == 2
                    && d.results().all(|f| (1..=6).contains(&f))
            });
            if !good {
                out.push(Violation::of(
                    &codes::WRONG_DICE,
                    atom.span,
                    format!(
                        "`{}` is not two six-sided dice showing 1 to 6: an order roll is 2d6, as `2d6:4+3`",
                        atom.text
                    ),
                    cite::DICE,
                ));
            }
        }
    }
    for &i in dice.iter().skip(1) {
        out.push(Violation::of(
            &codes::UNEXPECTED_ROLL,
            args[i].span,
            format!(
                "{} rolls once for its order: `{}` is a second roll",
                who, args[i].text
            ),
            cite::DICE,
        ));
    }
}

// ------------------------------------------------------------------ reroll

/// `SECTION-OR-WING reroll 2d6:a+b => ORDER` (3.3.2): in an extended
/// period's turns, a Norman section in Shield Wall (foot) or Hold
/// (knights), or a Saxon wing in Attack & Pursue, rolls again, the section
/// on its own; once a turn, and the second result stands (HS-R54).
fn reroll(fold: &mut Fold<'_>, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    let actor = action.actor();
    let formation = Wing::parse(actor.text)
        .map(Formation::Wing)
        .or_else(|| parse_section(actor.text).map(|(nation, arm)| Formation::Section(nation, arm)));
    let Some(formation) = formation else {
        out.push(Violation::of(
            &codes::REROLL_NOT_ALLOWED,
            actor.span,
            format!(
                "`{}` is neither a Saxon wing (left, center, right) nor a Norman section (`breton-foot`, `breton-knights`, …)",
                actor.text
            ),
            cite::REROLL,
        ));
        return;
    };
    let state: &State = fold;
    let extended = state.extension.is_some() && state.turn_in_period() > super::period::TURNS;
    if !extended {
        out.push(Violation::of(
            &codes::REROLL_NOT_ALLOWED,
            action.verb().span,
            format!(
                "turn {} is not in an extended period: only there may the Normans reroll a Shield Wall or Hold order, and the Saxons an Attack & Pursue",
                state.turn
            ),
            cite::REROLL,
        ));
        return;
    }
    let rerollable = match formation {
        Formation::Wing(_) => Order::AttackPursue,
        Formation::Section(_, Arm::Foot) => Order::ShieldWall,
        Formation::Section(_, Arm::Knight) => Order::Hold,
    };
    let held = state.order_of(formation).map(|h| h.order);
    if held != Some(rerollable) {
        out.push(Violation::of(
            &codes::REROLL_NOT_ALLOWED,
            actor.span,
            format!(
                "{} holds {}: an extended period rerolls only {} for it (3.3.2)",
                describe(formation),
                held.map_or("no order", |o| o.row().name),
                rerollable.row().name
            ),
            cite::REROLL,
        ));
        return;
    }
    if state.rerolled.contains(&formation) {
        out.push(Violation::of(
            &codes::REROLL_NOT_ALLOWED,
            actor.span,
            format!(
                "{} has rerolled in turn {} already: once a turn, and the second result stands",
                describe(formation),
                state.turn
            ),
            cite::REROLL,
        ));
        return;
    }
    let args = action.args();
    let dice: Vec<usize> = (0..args.len())
        .filter(|&i| args[i].kind == AtomKind::Dice)
        .collect();
    let mut findings = Vec::new();
    order_roll(describe(formation), action, &dice, &mut findings);
    let part = match formation {
        Formation::Wing(wing) => Part::Wing(wing),
        Formation::Section(nation, _) => Part::Nation(nation),
    };
    let mut events = vec![Event::Rerolled(formation)];
    match action.outcome().filter(|c| !c.is_empty()) {
        Some(claim) => {
            if let Some(groups) = read_claim(state, claim, &mut findings) {
                events.extend(judge(
                    state,
                    part,
                    &[formation],
                    groups,
                    None,
                    claim,
                    &mut findings,
                ));
            }
        }
        None => findings.push(
            Violation::of(
                &codes::ORDER_MISSING,
                action.span,
                format!(
                    "the reroll's order for {} is not claimed: the Order Tables are missing, so the log writes the order the roll gave",
                    describe(formation)
                ),
                cite::CLAIM,
            )
            .help("write `=> ORDER`"),
        ),
    }
    out.extend(findings);
    for event in events {
        fold.emit(event);
    }
}

// -------------------------------------------------------------------- join

/// `UNITS join WING` (4.1.2, HS-R29): Saxon combat units change wings in
/// the Order Phase; a wing whose order runs on keeps its members (HS-R30).
fn join(fold: &mut Fold<'_>, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    let state: &State = fold;
    let args = action.args();
    let Some(target) = args.first() else {
        out.push(Violation::of(
            &codes::UNKNOWN_WING,
            action.verb().span,
            "`join` names the wing the units join: `F4+J1 join center`",
            cite::WINGS,
        ));
        return;
    };
    let Some(wing) = Wing::parse(target.text) else {
        let mut finding = Violation::of(
            &codes::UNKNOWN_WING,
            target.span,
            format!("`{}` is no wing: left, center, right", target.text),
            cite::WINGS,
        );
        if let Some(meant) = did_you_mean(target.text, Wing::ALL.map(Wing::word)) {
            finding = finding.fix(Fix::new(target.span, meant, format!("write `{meant}`")));
        }
        out.push(finding);
        return;
    };
    for extra in &args[1..] {
        out.push(Violation::of(
            &codes::UNKNOWN_CLAIM,
            extra.span,
            format!("`{}` has no place in a join: `UNITS join WING`", extra.text),
            cite::WINGS,
        ));
    }
    if leader_of(state, wing).is_none() {
        out.push(Violation::of(
            &codes::WING_COUNT,
            target.span,
            format!(
                "the {} wing has no living leader: there are never more wings than living leaders ({})",
                wing.word(),
                living_leaders(state).count()
            ),
            cite::WINGS,
        ));
        return;
    }
    if state.carried.contains(&Formation::Wing(wing)) {
        out.push(Violation::of(
            &codes::ORDER_STILL_IN_FORCE,
            target.span,
            format!(
                "{}: it keeps its members in turn {}",
                runs_on(state, Formation::Wing(wing)),
                state.turn
            ),
            cite::DURATION,
        ));
        return;
    }
    let actor = action.actor();
    let mut joined = Vec::new();
    let mut at = actor.span.start as usize;
    for text in value::split_ascii(actor.text, b'+') {
        let span = Span::new(at, at + text.len());
        at += text.len() + 1;
        match member(state, text, span, wing) {
            Ok(piece) => joined.push(piece),
            Err(finding) => out.push(finding),
        }
    }
    for piece in joined {
        fold.emit(Event::Joined { piece, wing });
    }
}

/// A unit that may join `wing`: a Saxon combat unit on the map, of a wing
/// whose order does not run on.
fn member(state: &State, text: &str, span: Span, wing: Wing) -> Result<usize, Violation> {
    let piece = piece(state, text, span)?;
    let info = state
        .info(piece)
        .ok_or_else(|| Violation::of(&codes::UNKNOWN_UNIT, span, "no such piece", cite::WINGS))?;
    if info.side != Side::Saxons {
        return Err(Violation::of(
            &codes::WRONG_SIDE,
            span,
            format!(
                "{} is Norman: only Saxon units join wings; a Norman unit belongs to its nationality (4.1.4)",
                state.name(piece)
            ),
            cite::WINGS,
        ));
    }
    if info.is_leader() {
        return Err(Violation::of(
            &codes::LEADER_ORDER,
            span,
            format!(
                "{} is a leader: a leader defines his wing (4.1.1) and never takes its order",
                state.name(piece)
            ),
            cite::LEADERS,
        ));
    }
    let Some(from) = state.formation_of(piece) else {
        return Err(Violation::of(
            &codes::REINFORCEMENT_WING,
            span,
            format!(
                "{} is a reinforcement not yet assigned: it joins the nearest wing when it comes within a leader's command radius or next to an enemy (4.3.8.2), not by `join`",
                state.name(piece)
            ),
            cite::WINGS,
        ));
    };
    if state.pieces[piece].at.is_none() {
        return Err(Violation::of(
            &codes::UNKNOWN_UNIT,
            span,
            format!("{} is not on the map", state.name(piece)),
            cite::WINGS,
        ));
    }
    if from != Formation::Wing(wing) && state.carried.contains(&from) {
        return Err(Violation::of(
            &codes::ORDER_STILL_IN_FORCE,
            span,
            format!(
                "{}: it keeps {} in turn {}",
                runs_on(state, from),
                state.name(piece),
                state.turn
            ),
            cite::DURATION,
        ));
    }
    Ok(piece)
}

// ------------------------------------------------------------- the closing

/// The end of the Order Phase (at `span`, the step that ends it): every
/// wing and nationality that needed a strategy wrote one (4.2.1), no wing
/// is left without a living leader (4.1.3), each holds its share of the
/// units (4.1.2, 4.1.3), and a unit outside its own leader's command radius
/// but inside another's draws a warning (HS-R29).
fn close(state: &State, span: Span, out: &mut Vec<Violation>) {
    let parts = Nation::ALL
        .map(Part::Nation)
        .into_iter()
        .chain(Wing::ALL.map(Part::Wing));
    for part in parts {
        let needy = needs(state, part);
        if !needy.is_empty() && !state.strategies.iter().any(|(p, _)| *p == part) {
            let names: Vec<String> = needy.iter().map(|&f| describe(f)).collect();
            out.push(
                Violation::of(
                    &codes::MISSING_STRATEGY,
                    span,
                    format!(
                        "{} wrote no strategy in turn {}'s Order Phase: {} needs an order",
                        describe_part(part),
                        state.turn,
                        names.join(" and ")
                    ),
                    cite::STRATEGY,
                )
                .help(match part {
                    Part::Wing(wing) => {
                        format!("write `{} strategy STRATEGY 2d6:a+b => ORDER`", wing.word())
                    }
                    Part::Nation(nation) => format!(
                        "write `{} strategy STRATEGY 2d6:a+b => …` under `orders:`",
                        nation.word()
                    ),
                }),
            );
        }
    }
    let leaders: SmallVec<[usize; 8]> = living_leaders(state).collect();
    let sizes = Wing::ALL.map(|w| (w, members(state, Formation::Wing(w)).count()));
    let available: usize = sizes.iter().map(|(_, n)| n).sum();
    // With no leader living there is one wing (4.1.3): not played yet.
    let mut leaderless = false;
    if !leaders.is_empty() {
        for &(wing, size) in &sizes {
            if size > 0 && leader_of(state, wing).is_none() {
                leaderless = true;
                out.push(
                    Violation::of(
                        &codes::WING_COUNT,
                        span,
                        format!(
                            "the {} wing keeps {size} units but no living leader: there are never more wings than living leaders ({})",
                            wing.word(),
                            leaders.len()
                        ),
                        cite::WINGS,
                    )
                    .help("join its units to the wings of the living leaders"),
                );
            }
        }
    }
    // The shares are judged between the wings that may stand, where the
    // Order Phase could meet them: not with fewer units than leaders, and
    // not for a wing its two-turn order freezes (HS-R29, HS-R30).
    let share = match leaders.len() {
        _ if leaderless => None,
        0 | 1 => None,
        n if available < n => None,
        2 => Some(3),
        _ => Some(5),
    };
    if let Some(share) = share {
        for &(wing, size) in &sizes {
            let frozen = state.carried.contains(&Formation::Wing(wing));
            if leader_of(state, wing).is_some() && !frozen && share * size < available {
                out.push(Violation::of(
                    &codes::WING_TOO_SMALL,
                    span,
                    format!(
                        "the {} wing has {size} of the {available} Saxon units available: with {} leaders each wing holds at least a {} ({share} × {size} < {available})",
                        wing.word(),
                        leaders.len(),
                        if share == 5 { "fifth" } else { "third" }
                    ),
                    cite::WINGS,
                ));
            }
        }
    }
    for wing in Wing::ALL {
        let formation = Formation::Wing(wing);
        let Some(leader) = leader_of(state, wing) else {
            continue;
        };
        if state.carried.contains(&formation) {
            continue;
        }
        let Some(home) = state.pieces[leader].at else {
            continue;
        };
        for unit in members(state, formation) {
            let Some(cell) = state.pieces[unit].at else {
                continue;
            };
            let parity = state.roster.parity;
            let distance = hex::distance(cell, home, parity);
            if distance <= radius(state, leader) {
                continue;
            }
            // Only a wing the unit could join: not one its order freezes.
            let open = |l: usize| {
                state
                    .info(l)
                    .and_then(|i| i.part)
                    .is_none_or(|part| match part {
                        Part::Wing(w) => !state.carried.contains(&Formation::Wing(w)),
                        Part::Nation(_) => true,
                    })
            };
            let other = leaders.iter().copied().find(|&l| {
                l != leader
                    && open(l)
                    && state.pieces[l]
                        .at
                        .is_some_and(|at| hex::distance(cell, at, parity) <= radius(state, l))
            });
            if let Some(other) = other {
                out.push(Violation::of(
                    &codes::WING_OUTSIDE_COMMAND,
                    span,
                    format!(
                        "{} of the {} wing is {distance} hexes from {}, beyond his command radius of {}, but within {}'s",
                        state.name(unit),
                        wing.word(),
                        state.name(leader),
                        radius(state, leader),
                        state.name(other)
                    ),
                    cite::WINGS,
                ));
            }
        }
    }
}
