//! The melee segment (8.0 to 8.5, 9.1, 9.2; HS-R8, R9, R10, R12, R13,
//! R18, R32, R49, R50): `ATTACKERS melee DEFENDERS [d6:N] [=> diff=N
//! STATUS…]`. Who may attack whom, the differential (printed melee, the
//! charge, flank and rear, ridges, terrain and leaders against the
//! defence its order gives), the Melee Results Table with the D* that
//! becomes R against Charge and Attack & Pursue, the claims, and the
//! consequences it owes.

use arrayvec::ArrayVec;
use senlac_board::Cell;
use senlac_board::facing::{self, Arc};
use senlac_board::hex;
use senlac_notation::lower::Action;
use senlac_notation::value::{self, Dice, UnitRef};
use senlac_notation::{Atom, AtomKind, Span};
use smallvec::SmallVec;

use super::Fold;
use super::codes;
use super::event::{Event, Pieces};
use super::rules;
use super::setup::first_word;
use super::state::{Owed, Part, PhaseFlags, Piece, Standing, State};
use super::tables::{
    self, Arm, Attack, Defence, Hexside, MeleeColumn, MeleeResult, Order, Outcome, Side, Slope,
};
use crate::violation::Violation;

/// The leaders whose melee bonus is +2 (10.3.1, 8.5): the two
/// commanders-in-chief, by the first word of their names (HS-R61).
const GREAT_LEADERS: [&str; 2] = ["William", "Harold"];

/// One side of a melee: its units and their total.
struct Party<'r> {
    total: i32,
    /// How the total was made, for the message.
    terms: SmallVec<[Term<'r>; 4]>,
}

/// How one unit's strength was made, as a message writes it:
/// `BK1 5 + charge 1 − ridge 2`. Kept as numbers until a message asks.
struct Term<'r> {
    id: &'r str,
    base: i32,
    shield_wall: bool,
    /// Each modifier by name (a leader's by his id), none of them 0: four
    /// at most (charge, flank or rear, ridge, leader).
    added: ArrayVec<(&'r str, i32), 4>,
}

impl<'r> Term<'r> {
    fn new(id: &'r str, base: i32) -> Self {
        Term {
            id,
            base,
            shield_wall: false,
            added: ArrayVec::new(),
        }
    }
}

impl std::fmt::Display for Term<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.id, self.base)?;
        if self.shield_wall {
            f.write_str(" (shield wall)")?;
        }
        for (what, n) in &self.added {
            let sign = if *n < 0 { "−" } else { "+" };
            write!(f, " {sign} {what} {}", n.abs())?;
        }
        Ok(())
    }
}

impl std::fmt::Display for Party<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, term) in self.terms.iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            write!(f, "{term}")?;
        }
        Ok(())
    }
}

/// `ATTACKERS melee DEFENDERS [d6:N] [=> …]`.
pub fn line(fold: &mut Fold<'_>, action: &Action<'_, '_>, out: &mut Vec<Violation>) {
    let args = action.args();
    let Some(phasing) = fold.phasing else { return };
    let Some(attackers) = pieces(fold, &action.actor(), phasing, out) else {
        return;
    };
    let Some(target) = args
        .iter()
        .find(|a| matches!(a.kind, AtomKind::Word | AtomKind::Group))
    else {
        out.push(Violation::of(
            &codes::MELEE_NOT_IN_ZOC,
            action.span,
            "a melee names the enemy units it attacks: `BF1 melee F2 d6:2`",
            rules::ZOC_IN_COMBAT,
        ));
        return;
    };
    let Some(defenders) = pieces(fold, target, phasing.other(), out) else {
        return;
    };
    if !eligible(fold, &attackers, &defenders, action, target, out) {
        return;
    }
    let attack = attack_total(fold, &attackers, &defenders);
    let defence = defence_total(fold, &defenders);
    let differential = attack.total - defence.total;
    let dice: SmallVec<[&Atom<'_>; 2]> = args.iter().filter(|a| a.kind == AtomKind::Dice).collect();
    let (outcome, die) = match MeleeColumn::of(differential) {
        // −7 or worse: the attacker loses a step, no die (8.3.2, HS-R13).
        None => {
            if let Some(die) = dice.first() {
                out.push(Violation::of(
                    &codes::UNEXPECTED_ROLL,
                    die.span,
                    format!(
                        "{} against {} is {differential}: at −7 or worse the attacker loses a step without a roll",
                        attack.total, defence.total
                    ),
                    rules::MELEE,
                ));
                return;
            }
            (tables::AUTOMATIC_LOSS, None)
        }
        Some(column) => {
            let Some(face) = one_die(&dice, action.span, out) else {
                return;
            };
            match column.outcome(face) {
                Some(outcome) => (outcome, Some(face)),
                None => return,
            }
        }
    };
    let rolled = Rolled {
        attack: &attack,
        defence: &defence,
        differential,
        outcome,
    };
    let claims_hold = claims(
        fold,
        action,
        differential,
        &attackers,
        &defenders,
        outcome,
        &rolled,
        out,
    );
    let totals = (attack.total, defence.total);
    // The terms borrow the roster's ids: done with before the state changes.
    drop((attack, defence));
    let rolled = Reading::rolled(fold, &attackers, &defenders, outcome);
    let reading = if claims_hold {
        rolled
    } else {
        // The claim is reported: which result the log went on from, the
        // roll's or the claim's, its next line tells (HS-R65). A wrong
        // `diff=` reads the die on the column it names (no die, 0, is no
        // face: no reading, unless the column needs none).
        let at_claimed_diff = said_differential(action)
            .filter(|&d| d != differential)
            .and_then(|d| tables::melee_outcome(d, die.unwrap_or(0)));
        let base =
            at_claimed_diff.map_or(rolled, |o| Reading::rolled(fold, &attackers, &defenders, o));
        let claimed = Reading::claimed(fold, action, &attackers, &defenders, base);
        read_on(fold, action, &attackers, &defenders, rolled, claimed)
    };
    fold.emit(Event::Fought {
        attackers: attackers.clone(),
        defenders: defenders.clone(),
        attack: totals.0,
        defence: totals.1,
        die,
        outcome,
    });
    // A refused claim has been reported: what applying it finds is not
    // reported again (one mistake, one error).
    let mut unreported = Vec::new();
    let out = if claims_hold { out } else { &mut unreported };
    apply(fold, action, &attackers, &defenders, reading, out);
}

/// What a melee did to each side: its result, and whether its D* routs it
/// (HS-R10). The roll's, or, for a line whose claim was refused, the
/// claim's (HS-R65).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Reading {
    outcome: Outcome,
    /// The attackers' rout, the defenders'.
    routs: [bool; 2],
}

impl Reading {
    /// The result the table gives the roll.
    fn rolled(state: &State, attackers: &[usize], defenders: &[usize], outcome: Outcome) -> Self {
        Reading {
            outcome,
            routs: [
                routs(state, defenders, outcome.attacker),
                routs(state, attackers, outcome.defender),
            ],
        }
    }

    /// The result the claim gives each side whose status word `base` (the
    /// die read on the column of the claim's `diff=`, else the roll's
    /// result) does not bear out; a side it bears out keeps `base`'s.
    fn claimed(
        state: &State,
        action: &Action<'_, '_>,
        attackers: &[usize],
        defenders: &[usize],
        base: Reading,
    ) -> Self {
        let mut reading = base;
        let Some(claimed) = action.outcome() else {
            return reading;
        };
        let mut subject: Option<usize> = None;
        for atom in claimed {
            if value::pair(atom).is_some() {
                continue;
            }
            let said = match atom.text {
                "ok" => (MeleeResult::NoEffect, false),
                "disrupted" => (MeleeResult::Disrupted, false),
                "routed" => (MeleeResult::Disrupted, true),
                "reduced" | "eliminated" => (MeleeResult::Step, false),
                word => {
                    subject = named(state, word);
                    continue;
                }
            };
            let Some(unit) = subject else { continue };
            let (side, own, others) = if attackers.contains(&unit) {
                (0, attackers, defenders)
            } else if defenders.contains(&unit) {
                (1, defenders, attackers)
            } else {
                continue;
            };
            let result = [base.outcome.attacker, base.outcome.defender][side];
            if !holds(state, unit, atom.text, own, others, result) {
                let result = if side == 0 {
                    &mut reading.outcome.attacker
                } else {
                    &mut reading.outcome.defender
                };
                (*result, reading.routs[side]) = said;
            }
        }
        reading
    }
}

/// The differential a claim's `diff=` value says: `+1`, `-3`.
fn differential_of(value: &Atom<'_>) -> Option<i32> {
    value.text.trim_start_matches('+').parse().ok()
}

/// The differential the line's claim says, if it says one.
fn said_differential(action: &Action<'_, '_>) -> Option<i32> {
    action.outcome()?.iter().find_map(|atom| {
        value::pair(atom)
            .filter(|(key, _)| *key == "diff")
            .and_then(|(_, v)| differential_of(&v))
    })
}

/// The piece a claim's word names, of either side.
fn named(state: &State, word: &str) -> Option<usize> {
    Side::ALL
        .into_iter()
        .find_map(|side| state.roster.piece(side, word))
}

/// Which reading of a line whose claim was refused the log went on from
/// (HS-R65): the one whose consequences its next line pays; else the one
/// that owes none, as a log that writes none reads; else the roll's.
fn read_on(
    fold: &Fold<'_>,
    action: &Action<'_, '_>,
    attackers: &[usize],
    defenders: &[usize],
    rolled: Reading,
    claimed: Reading,
) -> Reading {
    if claimed == rolled {
        return rolled;
    }
    let next = fold.next_step();
    // Each reading played on a copy: what it owes, and whether the next
    // line pays it.
    let owes = |reading: Reading| {
        let mut scratch = crate::fold::Sandbox::<super::Hastings1066>::new(State::clone(fold));
        let mark = scratch.replaced.len();
        apply(
            &mut scratch.fold(),
            action,
            attackers,
            defenders,
            reading,
            &mut Vec::new(),
        );
        super::escape::settle(&mut scratch.fold(), mark, action.span, false);
        let owes = scratch.owed.len() > fold.owed.len();
        (owes, owes && super::play::pays(&scratch, next))
    };
    let (roll_owes, roll_paid) = owes(rolled);
    if roll_paid {
        return rolled;
    }
    let (claim_owes, claim_paid) = owes(claimed);
    if claim_paid || (roll_owes && !claim_owes) {
        claimed
    } else {
        rolled
    }
}

/// The pieces a group names (`BK1+BK2`), each of `side`'s: `None` once
/// reported.
fn pieces(state: &State, atom: &Atom<'_>, side: Side, out: &mut Vec<Violation>) -> Option<Pieces> {
    let mut found = Pieces::new();
    for reference in value::unit_refs(atom) {
        let reference: UnitRef<'_> = reference;
        let side_of = reference.side.and_then(Side::parse).unwrap_or(side);
        let Some(piece) = state.roster.piece(side_of, reference.id) else {
            out.push(Violation::of(
                &codes::UNKNOWN_UNIT,
                atom.span,
                format!("the {} have no unit {}", side_of.word(), reference.id),
                rules::LOG,
            ));
            return None;
        };
        if side_of != side || state.info(piece).is_some_and(|p| p.is_leader()) {
            out.push(Violation::of(
                &codes::MELEE_NOT_IN_ZOC,
                atom.span,
                format!(
                    "{} is not a combat unit of the {}",
                    state.name(piece),
                    side.word()
                ),
                rules::WHO_MELEES,
            ));
            return None;
        }
        found.push(piece);
    }
    Some(found)
}

/// The hexes a combat unit controls: those beyond its frontal hexsides,
/// when it is neither disrupted nor routed (5.7).
pub fn controls(state: &State, piece: usize) -> Vec<Cell> {
    let Some(p) = state.pieces.get(piece) else {
        return Vec::new();
    };
    let (Some(at), Some(facing)) = (p.at, p.facing) else {
        return Vec::new();
    };
    if p.standing != Standing::Good || state.info(piece).is_none_or(|i| i.is_leader()) {
        return Vec::new();
    }
    facing::frontal_neighbours(at, facing, state.roster.parity)
        .filter(|&c| state.roster.extent.contains(c))
        .collect()
}

/// Whether `piece` controls `cell` ([`controls`] without building the list:
/// asked for every enemy at every step of a search).
pub fn controls_cell(state: &State, piece: usize, cell: Cell) -> bool {
    let Some(p) = state.pieces.get(piece) else {
        return false;
    };
    let (Some(at), Some(facing)) = (p.at, p.facing) else {
        return false;
    };
    p.standing == Standing::Good
        && hex::within_one(at, cell)
        && state.info(piece).is_some_and(|i| !i.is_leader())
        && state.roster.extent.contains(cell)
        && facing::frontal_neighbours(at, facing, state.roster.parity).any(|c| c == cell)
}

/// Whether `a` exerts a zone of control on `b`'s hex.
fn exerts_on(state: &State, a: usize, b: usize) -> bool {
    state.pieces[b]
        .at
        .is_some_and(|at| controls_cell(state, a, at))
}

/// 8.1, 8.2: who may attack whom.
fn eligible(
    state: &State,
    attackers: &[usize],
    defenders: &[usize],
    action: &Action<'_, '_>,
    target: &Atom<'_>,
    out: &mut Vec<Violation>,
) -> bool {
    let actor = action.actor();
    for &a in attackers {
        let p = &state.pieces[a];
        if matches!(p.standing, Standing::Disrupted | Standing::Routed) {
            out.push(Violation::of(
                &codes::ATTACK_BY_DISRUPTED,
                actor.span,
                format!(
                    "{} is {} and cannot attack (8.1.3)",
                    state.name(a),
                    if p.standing == Standing::Routed {
                        "routed"
                    } else {
                        "disrupted"
                    }
                ),
                rules::WHO_MELEES,
            ));
            return false;
        }
        if p.phase.fought {
            out.push(Violation::of(
                &codes::UNIT_IN_TWO_MELEES,
                actor.span,
                format!("{} has fought a melee in this segment", state.name(a)),
                rules::WHO_MELEES,
            ));
            return false;
        }
    }
    for &d in defenders {
        if state.pieces[d].phase.attacked {
            out.push(Violation::of(
                &codes::ATTACKED_TWICE,
                target.span,
                format!("{} has been attacked in this segment", state.name(d)),
                rules::WHO_MELEES,
            ));
            return false;
        }
    }
    if defenders.len() > 2 {
        out.push(Violation::of(
            &codes::TOO_MANY_DEFENDERS,
            target.span,
            "a melee attacks at most two enemy units, one through each frontal hexside (8.2.2)",
            rules::MULTI_UNIT_MELEE,
        ));
        return false;
    }
    for &a in attackers {
        for &d in defenders {
            if !exerts_on(state, a, d) {
                out.push(Violation::of(
                    &codes::MELEE_NOT_IN_ZOC,
                    target.span,
                    format!(
                        "{} is not beyond a frontal hexside of {}: a unit attacks only into its zone of control",
                        state.name(d),
                        state.name(a)
                    ),
                    rules::ZOC_IN_COMBAT,
                ));
                return false;
            }
        }
        // 8.1.2: with an enemy in its ZOC exerting a ZOC on it, a unit may
        // attack only such enemies.
        let binding: SmallVec<[usize; 4]> = match (state.info(a), state.pieces[a].at) {
            (Some(info), Some(at)) => {
                binding(state, a, at, super::ground::enemy_units(state, info.side)).collect()
            }
            _ => SmallVec::new(),
        };
        if !binding.is_empty()
            && let Some(&loose) = defenders.iter().find(|d| !binding.contains(d))
        {
            out.push(Violation::of(
                &codes::ATTACK_RESTRICTED,
                target.span,
                format!(
                    "{} has {} in its zone of control exerting one on it, so it may attack only such units, not {}",
                    state.name(a),
                    state.name(binding[0]),
                    state.name(loose)
                ),
                rules::MANDATORY_ATTACKS,
            ));
            return false;
        }
    }
    if defenders.len() == 2 {
        for &a in attackers {
            let sides: Vec<Option<hex::Direction>> =
                defenders.iter().map(|&d| direction(state, a, d)).collect();
            if sides[0] == sides[1] {
                out.push(Violation::of(
                    &codes::TOO_MANY_DEFENDERS,
                    target.span,
                    "two defenders must stand beyond different frontal hexsides of every attacker (8.2.2)",
                    rules::MULTI_UNIT_MELEE,
                ));
                return false;
            }
        }
    }
    true
}

/// The direction from `a`'s hex to `b`'s, when they are neighbours.
fn direction(state: &State, a: usize, b: usize) -> Option<hex::Direction> {
    hex::direction_to(
        state.pieces[a].at?,
        state.pieces[b].at?,
        state.roster.parity,
    )
}

/// The melee bonus of the best effective leader stacked with `unit` who
/// may affect it (10.3.1, 10.1.3, HS-R32): +2 for William or Harold.
fn leader_bonus(state: &State, unit: usize) -> Option<(i32, usize)> {
    let at = state.pieces[unit].at?;
    let info = state.info(unit)?;
    (0..state.pieces.len())
        .filter(|&l| l != unit && state.pieces[l].at == Some(at))
        .filter(|&l| state.pieces[l].leader == super::state::LeaderStanding::Effective)
        .filter_map(|l| {
            let leader = state.info(l)?;
            if !leader.is_leader() || leader.side != info.side {
                return None;
            }
            let great = GREAT_LEADERS.contains(&first_word(&leader.name));
            // A Norman subordinate affects only his own nationality.
            let may = great
                || leader.side == Side::Saxons
                || matches!((leader.part, info.part), (Some(Part::Nation(a)), Some(Part::Nation(b))) if a == b);
            may.then_some((if great { 2 } else { 1 }, l))
        })
        .max_by_key(|&(bonus, _)| bonus)
}

/// Adds `n` to a party member's strength and `what n` to its term for the
/// message; nothing when `n` is 0.
fn add_term<'r>(strength: &mut i32, term: &mut Term<'r>, what: &'r str, n: i32) {
    if n != 0 {
        *strength += n;
        term.added.push((what, n));
    }
}

/// Adds the melee bonus of the best leader stacked with `unit` (8.5,
/// HS-R32), named by id in the term.
fn add_leader<'r>(state: &'r State, unit: usize, strength: &mut i32, term: &mut Term<'r>) {
    if let Some((bonus, leader)) = leader_bonus(state, unit) {
        let id = state.info(leader).map_or("", |i| i.id.as_str());
        add_term(strength, term, id, bonus);
    }
}

/// A unit's arm on the Terrain Effects Chart.
fn arm(state: &State, unit: usize) -> Arm {
    state
        .info(unit)
        .and_then(|i| i.class)
        .map_or(Arm::Foot, |c| c.kind().arm())
}

/// The attackers' total (8.0): printed melee (HS-R8), the charge bonus,
/// the flank or rear bonus when the attacker strikes every defender
/// through one (the smaller, HS-R18), the ridge it attacks across (HS-R50,
/// the least favourable of two), and a leader stacked with it.
fn attack_total<'r>(state: &'r State, attackers: &[usize], defenders: &[usize]) -> Party<'r> {
    let mut total = 0;
    let mut terms = SmallVec::new();
    for &a in attackers {
        let Some(Piece::Unit(f)) = state.info(a).map(|i| i.piece) else {
            continue;
        };
        let mut strength = f.melee;
        let mut term = Term::new(state.info(a).map_or("", |i| i.id.as_str()), f.melee);
        if state.pieces[a].phase.charged {
            let bonus = tables::charge_bonus(state.pieces[a].phase.charged_downhill);
            add_term(&mut strength, &mut term, "charge", bonus);
        }
        let aspect = defenders
            .iter()
            .map(|&d| match side_struck(state, a, d) {
                Some(Arc::Flank) => tables::Aspect::Flank.bonus(Attack::Melee),
                Some(Arc::Rear) => tables::Aspect::Rear.bonus(Attack::Melee),
                _ => 0,
            })
            .min()
            .unwrap_or(0);
        if aspect > 0 {
            let what = if aspect == 1 { "flank" } else { "rear" };
            add_term(&mut strength, &mut term, what, aspect);
        }
        let ridge = defenders
            .iter()
            .map(|&d| ridge_modifier(state, a, d))
            .min()
            .unwrap_or(0);
        add_term(&mut strength, &mut term, "ridge", ridge);
        add_leader(state, a, &mut strength, &mut term);
        total += strength;
        terms.push(term);
    }
    Party { total, terms }
}

/// Which side of `defender` the attacker strikes: the arc of the hexside
/// between them, by the defender's facing (6.2.3).
fn side_struck(state: &State, attacker: usize, defender: usize) -> Option<Arc> {
    let facing = state.pieces[defender].facing?;
    let toward = direction(state, defender, attacker)?;
    Some(facing::arc_of_side(facing, toward))
}

/// HS-R50: an attack across a ridge hexside into a higher hex costs foot 1
/// and knights 2; into a lower hex it gives foot 1.
fn ridge_modifier(state: &State, attacker: usize, defender: usize) -> i32 {
    let (Some(a), Some(d)) = (state.pieces[attacker].at, state.pieces[defender].at) else {
        return 0;
    };
    if state.roster.hexside(a, d) != Some(Hexside::Ridge) {
        return 0;
    }
    let height = |c: Cell| state.roster.ground_at(c).map_or(0, |g| g.elevation);
    let slope = match height(d).cmp(&height(a)) {
        std::cmp::Ordering::Greater => Slope::Uphill,
        std::cmp::Ordering::Less => Slope::Downhill,
        std::cmp::Ordering::Equal => return 0,
    };
    tables::ridge_melee(arm(state, attacker), slope)
}

/// The defenders' total: each one's defence by its order (the shield wall
/// unless routed, HS-R8; 9.2.3.5), its terrain (HS-R49) and a leader
/// stacked with it (8.5).
fn defence_total<'r>(state: &'r State, defenders: &[usize]) -> Party<'r> {
    let mut total = 0;
    let mut terms = SmallVec::new();
    for &d in defenders {
        let Some(Piece::Unit(f)) = state.info(d).map(|i| i.piece) else {
            continue;
        };
        let walled = state
            .order_for(d)
            .is_some_and(|o| o.row().defence == Defence::Wall)
            && state.pieces[d].standing != Standing::Routed;
        let base = match (walled, f.wall) {
            (true, Some(wall)) => wall,
            _ => f.defense,
        };
        let mut strength = base;
        let mut term = Term::new(state.info(d).map_or("", |i| i.id.as_str()), base);
        term.shield_wall = walled && f.wall.is_some();
        let terrain = state.pieces[d]
            .at
            .and_then(|c| state.roster.ground_at(c))
            .map_or(0, |g| g.terrain.defence(Attack::Melee));
        add_term(&mut strength, &mut term, "terrain", terrain);
        add_leader(state, d, &mut strength, &mut term);
        total += strength;
        terms.push(term);
    }
    Party { total, terms }
}

/// The melee's one die (G.1, G.2).
fn one_die(dice: &[&Atom<'_>], span: Span, out: &mut Vec<Violation>) -> Option<u8> {
    let Some(atom) = dice.first() else {
        out.push(Violation::of(
            &codes::MISSING_ROLL,
            span,
            "a melee at −6 or better rolls one die: `d6:N`",
            rules::DICE,
        ));
        return None;
    };
    match Dice::parse(atom) {
        Some(d) if d.count == 1 && d.sides == 6 && (1..=6).contains(&d.total()) => {
            u8::try_from(d.total()).ok()
        }
        _ => {
            out.push(Violation::of(
                &codes::WRONG_DICE,
                atom.span,
                format!("`{}` is not one d6 showing 1 to 6", atom.text),
                rules::DICE,
            ));
            None
        }
    }
}

/// The differential and result, for messages: "BK1 5 + BK2 5 + charge 1 +
/// flank 1 = 12 against F2 3 = +9, read at +6: die 2 gives −/M". Written
/// only into a message: most claims hold.
struct Rolled<'p, 'r> {
    attack: &'p Party<'r>,
    defence: &'p Party<'r>,
    differential: i32,
    outcome: Outcome,
}

impl std::fmt::Display for Rolled<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} = {} against {} = {}: {}{}, {}/{}",
            self.attack,
            self.attack.total,
            self.defence,
            self.defence.total,
            if self.differential >= 0 { "+" } else { "" },
            self.differential,
            self.outcome.attacker.symbol(),
            self.outcome.defender.symbol()
        )
    }
}

/// Whether a side's result routs it: D* against Charge or A&P (HS-R10).
fn routs(state: &State, others: &[usize], result: MeleeResult) -> bool {
    result == MeleeResult::Disrupted
        && others.iter().any(|&u| {
            state
                .order_for(u)
                .is_some_and(|o| matches!(o, Order::Charge | Order::AttackPursue))
        })
}

/// The standing a unit of a side ends with, and whether it lost a step.
fn after(state: &State, unit: usize, result: MeleeResult, rout: bool) -> (Standing, bool) {
    let now = state.pieces[unit].standing;
    match result {
        MeleeResult::Disrupted if rout => (Standing::Routed, false),
        MeleeResult::Disrupted if now == Standing::Good => (Standing::Disrupted, false),
        MeleeResult::Step | MeleeResult::StepMorale => (now, true),
        _ => (now, false),
    }
}

/// Every claim of the line (G.6): `diff=N` (raw), and each unit's status
/// words. True when they all hold.
#[allow(clippy::too_many_arguments)]
fn claims(
    state: &State,
    action: &Action<'_, '_>,
    differential: i32,
    attackers: &[usize],
    defenders: &[usize],
    outcome: Outcome,
    rolled: &Rolled<'_, '_>,
    out: &mut Vec<Violation>,
) -> bool {
    let Some(claimed) = action.outcome() else {
        return true;
    };
    let before = out.len();
    let mut subject: Option<usize> = None;
    for atom in claimed {
        if let Some((key, v)) = value::pair(atom) {
            if key == "diff" && differential_of(&v) != Some(differential) {
                out.push(Violation::of(
                    &codes::DIFF_MISMATCH,
                    atom.span,
                    format!("the differential is {rolled}; the log says {}", v.text),
                    rules::DIFFERENTIAL,
                ));
            }
            continue;
        }
        match atom.text {
            "ok" | "disrupted" | "routed" | "reduced" | "eliminated" => {
                let Some(unit) = subject else { continue };
                let (own, others, result) = if attackers.contains(&unit) {
                    (attackers, defenders, outcome.attacker)
                } else {
                    (defenders, attackers, outcome.defender)
                };
                if !holds(state, unit, atom.text, own, others, result) {
                    out.push(Violation::of(
                        &codes::MELEE_RESULT_MISMATCH,
                        atom.span,
                        format!(
                            "{rolled}: {} is not {} after it",
                            state.name(unit),
                            atom.text
                        ),
                        rules::RESULTS,
                    ));
                }
            }
            word => subject = named(state, word),
        }
    }
    out.len() == before
}

/// Whether `unit`, of the side `own` against `others`, is as the status
/// `word` says after its side's `result`.
fn holds(
    state: &State,
    unit: usize,
    word: &str,
    own: &[usize],
    others: &[usize],
    result: MeleeResult,
) -> bool {
    let (standing, stepped) = after(state, unit, result, routs(state, others, result));
    // With several units on a side, the claim names which lost the step
    // (8.2.5, HS-R18).
    let may_step = stepped && own.len() > 1;
    let reduced = state.pieces[unit].reduced;
    match word {
        "ok" => standing == Standing::Good && !stepped,
        "disrupted" => standing == Standing::Disrupted,
        "routed" => standing == Standing::Routed,
        "reduced" => (stepped || may_step) && !reduced,
        _ => (stepped || may_step) && reduced,
    }
}

/// Each attacker has fought and each defender was attacked (8.1.4).
fn mark_fought(fold: &mut Fold<'_>, attackers: &[usize], defenders: &[usize]) {
    for &a in attackers {
        fold.emit(Event::Acted {
            piece: a,
            flags: PhaseFlags {
                fought: true,
                ..PhaseFlags::default()
            },
        });
    }
    for &d in defenders {
        fold.emit(Event::Acted {
            piece: d,
            flags: PhaseFlags {
                attacked: true,
                ..PhaseFlags::default()
            },
        });
    }
}

/// The result's effects: steps, statuses, and the consequences owed
/// (spec 1.4, HS-R17): M checks, leader casualty rolls on a "1", the
/// knights' check after a melee in Charge order.
fn apply(
    fold: &mut Fold<'_>,
    action: &Action<'_, '_>,
    attackers: &[usize],
    defenders: &[usize],
    reading: Reading,
    out: &mut Vec<Violation>,
) {
    mark_fought(fold, attackers, defenders);
    let outcome = reading.outcome;
    for (own, others, result, rout) in [
        (attackers, defenders, outcome.attacker, reading.routs[0]),
        (defenders, attackers, outcome.defender, reading.routs[1]),
    ] {
        let stepping = match result {
            MeleeResult::Step | MeleeResult::StepMorale => match own {
                [one] => Some(*one),
                _ => named_step(fold, action, own).or_else(|| {
                    out.push(Violation::of(
                        &codes::STEP_LOSS_UNASSIGNED,
                        action.span,
                        "a \"1\" falls on one unit of several: the claim names it (`=> BK1 reduced`)",
                        rules::MULTI_UNIT_MELEE,
                    ));
                    None
                }),
            },
            _ => None,
        };
        if let Some(unit) = stepping {
            // Leaders in its hex roll on the Melee column (10.4.1).
            super::casualty::owe_for(fold, unit, Attack::Melee, action.span);
            fold.emit(Event::Stepped { piece: unit });
        }
        for &unit in own {
            if result == MeleeResult::Disrupted {
                let (standing, _) = after(fold, unit, result, rout);
                if standing != fold.pieces[unit].standing {
                    fold.emit(Event::Standing {
                        piece: unit,
                        standing,
                    });
                }
                // A routed unit retreats three hexes at once (9.2.3), and
                // so does one already routed (9.2.3.7); the victors in
                // Charge or Attack & Pursue follow it (9.4.2).
                if rout {
                    let pursuers: Vec<usize> = others
                        .iter()
                        .copied()
                        .filter(|&o| {
                            fold.order_for(o)
                                .is_some_and(|x| matches!(x, Order::Charge | Order::AttackPursue))
                        })
                        .collect();
                    super::rout::owe(fold, unit, &pursuers, action.span);
                    // Only a rout by Charge or Attack & Pursue makes the
                    // friends beside it check (9.6.4); a refused claim's
                    // rout may be by neither (HS-R65).
                    if !pursuers.is_empty() {
                        adjacent_checks(fold, unit, own, action.span);
                    }
                }
            }
            let checks = result == MeleeResult::Morale
                || (result == MeleeResult::StepMorale
                    && fold.pieces[unit].standing != Standing::Eliminated);
            if checks {
                // A rout from this check is a rout in melee: the victors in
                // Charge or Attack & Pursue pursue (9.4.2).
                let mut by = [None; 3];
                for (slot, &o) in by.iter_mut().zip(others.iter().filter(|&&o| {
                    fold.order_for(o)
                        .is_some_and(|x| matches!(x, Order::Charge | Order::AttackPursue))
                })) {
                    *slot = Some(o);
                }
                fold.emit(Event::Owe(Owed::Morale {
                    piece: unit,
                    rout_is_disruption: false,
                    disruption_ignored: false,
                    by,
                    cause: action.span,
                }));
            }
        }
    }
    // 4.3.7, 9.6.2: every knight in Charge order that fought checks after.
    for &a in attackers {
        let charging = fold.order_for(a) == Some(Order::Charge);
        if charging && fold.pieces[a].standing != Standing::Eliminated {
            fold.emit(Event::Owe(Owed::Morale {
                piece: a,
                rout_is_disruption: true,
                disruption_ignored: false,
                by: [None; 3],
                cause: action.span,
            }));
        }
    }
}

/// The unit of several a claim names as reduced or eliminated.
fn named_step(state: &State, action: &Action<'_, '_>, own: &[usize]) -> Option<usize> {
    let claimed = action.outcome()?;
    let mut subject = None;
    for atom in claimed {
        match atom.text {
            "reduced" | "eliminated" => {
                if let Some(unit) = subject.filter(|u| own.contains(u)) {
                    return Some(unit);
                }
            }
            word => subject = named(state, word),
        }
    }
    None
}

/// The pairs that bind when the melee segment opens (8.1.2, HS-R9): a
/// phasing unit whose order demands attacks, and an enemy in its zone of
/// control that exerts one on it.
pub fn bind(fold: &mut Fold<'_>) {
    let Some(phasing) = fold.phasing else { return };
    // Only an enemy combat unit on the map exerts a zone, and only one
    // within a row and a column of a unit can hold it or be held.
    let enemies: SmallVec<[(usize, Cell); 64]> =
        super::ground::enemy_units(fold, phasing).collect();
    let mut pairs = Vec::new();
    for u in 0..fold.pieces.len() {
        let ours = fold
            .info(u)
            .is_some_and(|i| i.side == phasing && !i.is_leader());
        let Some(at) = fold.pieces[u].at.filter(|_| ours) else {
            continue;
        };
        if !fold.order_for(u).is_none_or(|o| o.row().must_attack) {
            continue;
        }
        pairs.extend(binding(fold, u, at, enemies.iter().copied()).map(|e| (u, e)));
    }
    fold.emit(Event::Bound(pairs));
}

/// The enemies among `enemies` (combat units on the map, with their hexes)
/// in the zone of control of `unit`, standing `at`, that exert one on it
/// (8.1.2). Only one within a row and a column of it can, so the others
/// are passed over before any zone is asked.
fn binding<'a>(
    state: &'a State,
    unit: usize,
    at: Cell,
    enemies: impl Iterator<Item = (usize, Cell)> + 'a,
) -> impl Iterator<Item = usize> + 'a {
    enemies
        .filter(move |&(e, cell)| {
            hex::within_one(at, cell) && exerts_on(state, unit, e) && exerts_on(state, e, unit)
        })
        .map(|(e, _)| e)
}

/// When the melee segment closes (at `span`, the next label or turn
/// line): every binding pair still binding had its enemy attacked (HS-R9).
/// A pair is released when the unit can no longer attack, or the enemy
/// left its zone or stopped exerting one on it, before the unit fought.
pub fn close(fold: &mut Fold<'_>, span: Span, out: &mut Vec<Violation>) {
    for &(u, e) in &fold.bound {
        let attacked = fold.pieces[e].phase.attacked;
        // Once the unit has fought, nothing releases the pair; before, its
        // disruption or the pair's end does.
        let still = fold.pieces[u].phase.fought
            || (fold.pieces[u].standing == Standing::Good
                && exerts_on(fold, u, e)
                && exerts_on(fold, e, u));
        if !attacked && still {
            out.push(
                Violation::of(
                    &codes::MANDATORY_ATTACK_MISSING,
                    span,
                    format!(
                        "{} and {} held each other in their zones of control when the melee segment opened, and {} was not attacked",
                        fold.name(u),
                        fold.name(e),
                        fold.name(e)
                    ),
                    rules::MANDATORY_ATTACKS,
                )
                .help(format!(
                    "write `{} melee {} d6:N` in the melee segment",
                    fold.info(u).map_or("", |i| i.id.as_str()),
                    fold.info(e).map_or("", |i| i.id.as_str())
                )),
            );
        }
    }
    fold.emit(Event::Bound(Vec::new()));
}

/// 9.6.4: the friends next to a unit routed in melee by Charge or Attack
/// & Pursue check morale, a D ignored (knights read an R as a D, HS-R22).
fn adjacent_checks(fold: &mut Fold<'_>, routed: usize, own: &[usize], cause: Span) {
    let Some(at) = fold.pieces[routed].at else {
        return;
    };
    let side = fold.info(routed).map(|i| i.side);
    let parity = fold.roster.parity;
    let friends: Vec<usize> = (0..fold.pieces.len())
        .filter(|&f| !own.contains(&f))
        .filter(|&f| {
            fold.info(f)
                .is_some_and(|i| Some(i.side) == side && !i.is_leader())
                && fold.pieces[f]
                    .at
                    .is_some_and(|c| hex::adjacent(c, at, parity))
                && fold.pieces[f].standing != Standing::Eliminated
        })
        .collect();
    for friend in friends {
        fold.emit(Event::Owe(Owed::Morale {
            piece: friend,
            rout_is_disruption: arm(fold, friend) == Arm::Knight,
            disruption_ignored: true,
            by: [None; 3],
            cause,
        }));
    }
}
