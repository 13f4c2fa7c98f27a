//! What may be written next: Hastings: 1066's proposals for
//! [`crate::Ruleset::candidates`]. The lines are the generator's (`lines`
//! holds what both write), enumerated instead of drawn; whether one is
//! legal is left to play itself ([`crate::trial::legal`]), so nothing here
//! repeats a rule.
//!
//! The listing: the owed lines first (morale, rout, pursuit, casualty,
//! escape), and while one is owed nothing else; then the open segment's
//! lines for the side that acts in it, each later segment of the player
//! phase after its label, and the next player phase after its turn line.
//!
//! A roll (`morale d6:N`, fire, melee, reaction, rally, a casualty's
//! `2d6`) is proposed once per face with the claim the engine reads off
//! that face, so the listing merges the faces that claim the same; where a
//! "1" falls on one of several units, once for each it may fall on. A
//! melee is proposed at every set of the enemies the front reaches. A
//! move, charge or pursuit is listed once per hex it may end on, by a
//! cheapest path (`lines::routes`), facing the nearest enemy as the
//! generator would: any other path or facing to that hex is as legal where
//! the engine allows it (a `face N` line turns in place). A rout or a
//! withdrawal is listed by the engine's path of least resistance and one
//! path to each other hex within three it accepts (equals left to the
//! player); an escape once per end hex, clear of every enemy first. A
//! strategy line is
//! listed once per strategy with one roll and the first orders the engine
//! accepts, since the Order Tables are missing and any roll may claim any
//! order the section may hold (its `limits` say so). Not proposed: the
//! displacement chains of a blocked rout, `reroll`, `reform`, the period's
//! extension and the optional housecarl choice.

use senlac_board::facing::Vertex;
use senlac_board::{Cell, hex};

use super::Hastings1066;
use super::codes;
use super::ground::{self, Mover};
use super::lines::{self, Tried, claimed, fire_claim, melee_claim, path_text, routes, try_line};
use super::movement::{self, OrderOf};
use super::orders::{Strategy, leader_of, members, section_word};
use super::play::expected_turn;
use super::rally;
use super::record;
use super::state::{Formation, Nation, Owed, Segment, Standing, State, Wing};
use super::tables::{Arm, Kind, Order, Side};
use crate::doubt::Doubt;
use crate::system::{Candidate, Opening};

/// Every line that could be legal next at `state`, owed lines first.
pub fn candidates(state: &State) -> Vec<Candidate> {
    let mut out = Vec::new();
    owed(state, &mut out);
    if !state.owed.is_empty() {
        return out;
    }
    if state.verdict.is_some() {
        decided(state, &mut out);
        return out;
    }
    if let (Some(phasing), Some(segment)) = (state.phasing, state.segment) {
        section(state, &[], segment, phasing, &mut out);
    }
    if let Some(phasing) = state.phasing {
        let after = state.segment.map_or(0, |s| s as usize + 1);
        for &later in &Segment::ALL[after..] {
            let opens = [Opening::Phase(later.label().to_string())];
            if let Some(at) = opened(state, &opens) {
                section(&at, &opens, later, phasing, &mut out);
            }
        }
    }
    next_phase(state, &mut out);
    out
}

/// The battle is decided (12.1): only the Turn Record Phase is left, in
/// the Saxons' block, where the outcome is stated.
fn decided(state: &State, out: &mut Vec<Candidate>) {
    let mut opens = Vec::new();
    if state.phasing == Some(Side::Normans) {
        opens.push(Opening::Turn {
            number: state.turn,
            side: Side::Saxons.word().to_string(),
        });
    }
    if !opens.is_empty() || state.segment != Some(Segment::Record) {
        opens.push(Opening::Phase(Segment::Record.label().to_string()));
    }
    if let Some(at) = opened(state, &opens) {
        section(&at, &opens, Segment::Record, Side::Saxons, out);
    }
}

/// The next player phase: each of its segments after its turn line.
fn next_phase(state: &State, out: &mut Vec<Candidate>) {
    let (number, side) = expected_turn(state);
    let turn = Opening::Turn {
        number,
        side: side.word().to_string(),
    };
    // The turn line is played once: refused, it would refuse every line.
    let Some(at) = opened(state, std::slice::from_ref(&turn)) else {
        return;
    };
    for segment in Segment::ALL {
        let opens = [turn.clone(), Opening::Phase(segment.label().to_string())];
        if let Some(at) = opened(&at, &opens[1..]) {
            section(&at, &opens, segment, side, out);
        }
    }
}

/// The state after `opens`, if the engine accepts them all.
fn opened(state: &State, opens: &[Opening]) -> Option<State> {
    crate::trial::open(&Hastings1066, state, &Doubt::default(), opens).map(|(at, _)| at)
}

/// Where candidates go: the openings they stand after, and the list.
struct Lines<'a> {
    state: &'a State,
    opens: &'a [Opening],
    owed: bool,
    out: &'a mut Vec<Candidate>,
}

impl Lines<'_> {
    fn push(&mut self, line: String, side: Side, units: &[usize], roll: Option<String>) {
        self.push_limited(line, side, units, roll, None);
    }

    fn push_limited(
        &mut self,
        line: String,
        side: Side,
        units: &[usize],
        roll: Option<String>,
        limits: Option<String>,
    ) {
        self.out.push(Candidate {
            opens: self.opens.to_vec(),
            line,
            side: side.word().to_string(),
            units: units.iter().map(|&u| lines::id(self.state, u)).collect(),
            owed: self.owed,
            cost: None,
            limits,
            roll,
        });
    }

    /// `head` with each face of `faces` (`d6:N`), each with its claim; none
    /// when the first face is refused, which no face changes. False then.
    /// Where a "1" falls on one of several `units`, the claim names it: one
    /// line for each it may fall on.
    fn rolled(
        &mut self,
        head: &str,
        faces: &[String],
        side: Side,
        units: &[usize],
        claim: &dyn Fn(&State, &Tried) -> Vec<String>,
    ) -> bool {
        let state = self.state;
        let first = faces.first().map(|f| format!("{head} {f}"));
        let opens = first.and_then(|l| try_line(state, &l)).is_some_and(|t| {
            t.violations
                .iter()
                .all(|v| v.code == codes::STEP_LOSS_UNASSIGNED.code)
        });
        if !opens {
            return false;
        }
        let actor = &units[..units.len().min(1)];
        for face in faces {
            let line = format!("{head} {face}");
            if let Some((line, _)) = claimed(state, &line, claim) {
                self.push(line, side, actor, Some(face.clone()));
                continue;
            }
            let Some(refused) = try_line(state, &line) else {
                continue;
            };
            // The claim with no statuses: what the engine reckoned.
            let Some(base) = claim(state, &refused).pop() else {
                continue;
            };
            for &piece in units {
                let named = format!("{line} => {base} {} reduced", lines::id(state, piece));
                let Some(tried) = try_line(state, &named).filter(Tried::accepted) else {
                    continue;
                };
                let full = claim(state, &tried).into_iter().next();
                let line = full
                    .map(|words| format!("{line} => {words}"))
                    .filter(|l| try_line(state, l).is_some_and(|t| t.accepted()))
                    .unwrap_or(named);
                self.push(line, side, actor, Some(face.clone()));
            }
        }
        true
    }

    /// A line with its claim, if the engine accepts it.
    fn claimed(
        &mut self,
        line: &str,
        side: Side,
        units: &[usize],
        claim: &dyn Fn(&State, &Tried) -> Vec<String>,
    ) {
        if let Some((line, _)) = claimed(self.state, line, claim) {
            self.push(line, side, units, None);
        }
    }
}

fn d6() -> Vec<String> {
    (1..=6).map(|n| format!("d6:{n}")).collect()
}

fn side_of(state: &State, piece: usize) -> Side {
    state.info(piece).map_or(Side::Normans, |i| i.side)
}

/// The owed lines: every owed consequence, each way it may be written.
fn owed(state: &State, out: &mut Vec<Candidate>) {
    let mut lines = Lines {
        state,
        opens: &[],
        owed: true,
        out,
    };
    for owed in &state.owed {
        match *owed {
            Owed::Morale { piece, .. } => {
                let head = format!("{} morale", lines::id(state, piece));
                let claim = lines::standing_claim(piece);
                lines.rolled(&head, &d6(), side_of(state, piece), &[piece], &claim);
            }
            Owed::Rout { piece, .. } => retreats(&mut lines, piece, "rout"),
            Owed::Pursue { piece, target, .. } => {
                let mut ends: Vec<Cell> = Vec::new();
                for path in lines::pursuits(state, piece, target) {
                    let Some(&end) = path.last() else { continue };
                    if ends.contains(&end) {
                        continue;
                    }
                    ends.push(end);
                    if let Some(line) = lines::pursuit_line(state, piece, target, &path) {
                        lines.push(line, side_of(state, piece), &[piece], None);
                    }
                }
            }
            Owed::Casualty { leader, .. } => casualty(&mut lines, leader),
            Owed::Escape { leader, from, .. } => {
                let from: Vec<usize> = from.into_iter().flatten().collect();
                let id = lines::id(state, leader);
                let side = side_of(state, leader);
                let mut paths = lines::escapes(state, leader, &from);
                // Clear of every enemy first: an escape to a hex next to
                // another owes one more.
                paths.sort_by_key(|path| {
                    path.last()
                        .and_then(|&end| ground::nearest_enemy(state, side, end))
                        .is_some_and(|(d, _)| d <= 1)
                });
                for path in paths {
                    lines.push(
                        format!("{id} escape {}", path_text(&path)),
                        side,
                        &[leader],
                        None,
                    );
                }
                lines.push(
                    format!("{id} escape => {id} captured"),
                    side,
                    &[leader],
                    None,
                );
            }
            Owed::Displace { .. } => {}
        }
    }
}

/// A rout or a withdrawal: the engine's path of least resistance, then
/// a path to each other hex within three the engine accepts, where the
/// rules leave a choice between equals.
fn retreats(lines: &mut Lines<'_>, piece: usize, verb: &str) {
    let state = lines.state;
    let side = side_of(state, piece);
    let Some(first) = lines::retreat(state, piece, verb) else {
        return;
    };
    let facing = state.info(piece).map_or(2, |i| i.side.row().routed_facing);
    let (Some(start), id) = (state.pieces[piece].at, lines::id(state, piece)) else {
        return;
    };
    let parity = state.roster.parity;
    let mut ends: Vec<Cell> = Vec::new();
    if let Some(end) = first
        .split_whitespace()
        .nth(2)
        .and_then(|path| path.rsplit('-').next())
        .and_then(Cell::parse)
    {
        ends.push(end);
    }
    lines.push(first, side, &[piece], None);
    let free =
        |c: Cell| state.roster.extent.contains(c) && ground::enemy_in(state, side, c).is_none();
    // Three hexes, or fewer where the way is blocked, the longest first.
    let mut paths = vec![vec![start]];
    let mut tried: Vec<Vec<Cell>> = Vec::new();
    for _ in 0..3 {
        paths = paths
            .iter()
            .flat_map(|path| {
                let here = *path.last().unwrap_or(&start);
                hex::neighbours(here, parity)
                    .filter(|&c| free(c) && !path.contains(&c))
                    .map(|c| {
                        let mut longer = path.clone();
                        longer.push(c);
                        longer
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
        tried.splice(0..0, paths.iter().cloned());
    }
    for path in tried {
        let Some(&end) = path.last() else { continue };
        if ends.contains(&end) {
            continue;
        }
        let line = format!("{id} {verb} {} facing={facing}", path_text(&path));
        if try_line(state, &line).is_some_and(|t| t.accepted()) {
            ends.push(end);
            lines.push(line, side, &[piece], None);
        }
    }
}

/// A leader's casualty roll: each 2d6, with the d6 the table asks of some
/// results.
fn casualty(lines: &mut Lines<'_>, leader: usize) {
    let state = lines.state;
    let id = lines::id(state, leader);
    let side = side_of(state, leader);
    let claim = lines::casualty_claim(leader);
    for a in 1..=6 {
        for b in 1..=6 {
            let roll = format!("2d6:{a}+{b}");
            let line = format!("{id} casualty {roll}");
            if let Some((line, _)) = claimed(state, &line, &claim) {
                lines.push(line, side, &[leader], Some(roll));
                continue;
            }
            for c in 1..=6 {
                if let Some((line, _)) = claimed(state, &format!("{line} d6:{c}"), &claim) {
                    lines.push(line, side, &[leader], Some(roll.clone()));
                }
            }
        }
    }
}

/// The lines of `segment` in `phasing`'s player phase, after `opens`.
fn section(
    state: &State,
    opens: &[Opening],
    segment: Segment,
    phasing: Side,
    out: &mut Vec<Candidate>,
) {
    let mut lines = Lines {
        state,
        opens,
        owed: false,
        out,
    };
    match segment {
        Segment::Orders => orders(&mut lines),
        Segment::Rally => rally(&mut lines, phasing),
        Segment::Fire => fire(&mut lines, phasing),
        Segment::Movement => movement(&mut lines, phasing),
        Segment::Reaction => react(&mut lines, phasing.other()),
        Segment::DefensiveFire => fire(&mut lines, phasing.other()),
        Segment::Melee => melee(&mut lines, phasing),
        Segment::Record => {
            if let Some(verdict) = state.verdict {
                let winner = verdict.winner.unwrap_or(Side::Normans);
                let line = format!("{} win => victory={}", winner.word(), verdict.level());
                lines.push(line, winner, &[], None);
            }
            for side in Side::ALL {
                let points = record::points_lost(state, side);
                lines.push(
                    format!("{} tally => points={points}", side.word()),
                    side,
                    &[],
                    None,
                );
            }
        }
    }
}

/// The Order Phase: Saxon units changing wings, and a strategy line for
/// every wing and nationality with a roll to make.
fn orders(lines: &mut Lines<'_>) {
    let state = lines.state;
    let limits = "any 2d6 roll: the Order Tables are missing, so the claim names the order the roll gave, any the section may hold".to_string();
    for unit in lines::units(state, Side::Saxons) {
        for wing in Wing::ALL {
            if leader_of(state, wing).is_some()
                && state.formation_of(unit) != Some(Formation::Wing(wing))
            {
                let line = format!("{} join {}", lines::id(state, unit), wing.word());
                lines.push(line, Side::Saxons, &[unit], None);
            }
        }
    }
    for nation in Nation::ALL {
        let sections: Vec<Arm> = Arm::ALL
            .into_iter()
            .filter(|&arm| {
                let f = Formation::Section(nation, arm);
                !state.carried.contains(&f) && members(state, f).next().is_some()
            })
            .collect();
        if sections.is_empty() {
            continue;
        }
        let claim: Vec<String> = sections
            .iter()
            .map(|&arm| {
                let order = match arm {
                    Arm::Foot => Order::AdvanceToCombat,
                    Arm::Knight => Order::Advance,
                };
                format!("{} {}", section_word(nation, arm), order.word())
            })
            .collect();
        for strategy in Strategy::ALL {
            lines.push_limited(
                format!(
                    "{} strategy {} 2d6:1+1 => {}",
                    nation.word(),
                    strategy.word(),
                    claim.join(" ")
                ),
                Side::Normans,
                &[],
                None,
                Some(limits.clone()),
            );
        }
    }
    for wing in Wing::ALL {
        if state.carried.contains(&Formation::Wing(wing)) || leader_of(state, wing).is_none() {
            continue;
        }
        for strategy in Strategy::ALL {
            lines.push_limited(
                format!(
                    "{} strategy {} 2d6:1+1 => {}",
                    wing.word(),
                    strategy.word(),
                    Order::ShieldWall.word()
                ),
                Side::Saxons,
                &[],
                None,
                Some(limits.clone()),
            );
        }
    }
}

/// Rally: a disrupted unit's roll; a routed one's rally by a leader, or
/// its withdrawal.
fn rally(lines: &mut Lines<'_>, side: Side) {
    let state = lines.state;
    for unit in lines::units(state, side) {
        let id = lines::id(state, unit);
        let claim = lines::rally_claim(unit);
        match state.pieces[unit].standing {
            Standing::Disrupted => {
                lines.rolled(&format!("{id} rally"), &d6(), side, &[unit], &claim);
            }
            Standing::Routed => {
                if rally::leader_in_range(state, unit).is_some() {
                    lines.claimed(&format!("{id} rally"), side, &[unit], &claim);
                }
                retreats(lines, unit, "withdraw");
            }
            _ => {}
        }
    }
}

/// Fire or defensive fire by `side`'s missile units at each enemy in
/// range: direct, else high.
fn fire(lines: &mut Lines<'_>, side: Side) {
    let state = lines.state;
    let parity = state.roster.parity;
    let enemies = lines::units(state, side.other());
    for unit in lines::units(state, side) {
        let Some(weapon) = state.info(unit).and_then(|i| i.factors()?.missile) else {
            continue;
        };
        let Some(at) = state.pieces[unit].at else {
            continue;
        };
        if state.pieces[unit].phase.fired || state.pieces[unit].standing != Standing::Good {
            continue;
        }
        let id = lines::id(state, unit);
        for &target in &enemies {
            let in_range = state.pieces[target]
                .at
                .is_some_and(|c| hex::distance(at, c, parity) <= weapon.max_range());
            if !in_range {
                continue;
            }
            let target_id = lines::id(state, target);
            let claim = |before: &State, after: &Tried| fire_claim(before, after, target);
            if !lines.rolled(
                &format!("{id} fire {target_id}"),
                &d6(),
                side,
                &[unit],
                &claim,
            ) {
                let head = format!("{id} fire {target_id} high");
                lines.rolled(&head, &d6(), side, &[unit], &claim);
            }
        }
    }
}

/// Movement: reinforcements onto the map (one line a hex of entry), each
/// unit's move or charge to each hex it may end on, a turn in place, the
/// leaders' moves.
fn movement(lines: &mut Lines<'_>, side: Side) {
    let state = lines.state;
    for unit in lines::arriving(state) {
        if side_of(state, unit) != side {
            continue;
        }
        let mut ends = Vec::new();
        for path in lines::entries(state, false) {
            let Some(&end) = path.last() else { continue };
            if ends.contains(&end) {
                continue;
            }
            if let Some((line, _)) = lines::entry(state, unit, &path) {
                ends.push(end);
                lines.push(line, side, &[unit], None);
            }
        }
    }
    for unit in lines::units(state, side) {
        let piece = &state.pieces[unit];
        if piece.standing != Standing::Good || piece.phase.moved {
            continue;
        }
        let (Some(mover), Some(start)) = (Mover::of(state, unit), piece.at) else {
            continue;
        };
        let id = lines::id(state, unit);
        let order = movement::order_of(state, unit);
        let knights = mover.kind == Kind::Knights;
        let charges = knights && matches!(order, OrderOf::Known(Order::Charge) | OrderOf::Free);
        let verbs: &[(&str, bool)] = if charges {
            &[("move", false), ("charge", true)]
        } else {
            &[("move", false)]
        };
        for &(verb, charging) in verbs {
            let (allowance, _) = movement::allowance_of(mover, order, charging);
            for (end, path) in routes(state, mover, start, allowance) {
                if end == start {
                    continue;
                }
                let facing = lines::facing_at(state, side, end);
                let line = format!("{id} {verb} {} facing={facing}", path_text(&path));
                lines.push(line, side, &[unit], None);
            }
        }
        let facing = piece.facing.map(Vertex::number);
        for vertex in Vertex::ALL.map(Vertex::number) {
            if Some(vertex) != facing {
                lines.push(format!("{id} face {vertex}"), side, &[unit], None);
            }
        }
    }
    for leader in lines::leaders(state, side) {
        let (Some(mover), Some(start)) = (Mover::of(state, leader), state.pieces[leader].at) else {
            continue;
        };
        let id = lines::id(state, leader);
        let allowance = movement::allowance_of(mover, OrderOf::Leader, false).0;
        for (end, path) in routes(state, mover, start, allowance) {
            if end != start {
                lines.push(
                    format!("{id} move {}", path_text(&path)),
                    side,
                    &[leader],
                    None,
                );
            }
        }
    }
}

/// Reaction: a unit of the side not phasing, two hexes or less from an
/// enemy, steps to a hex next to it, with its morale roll (5.4).
fn react(lines: &mut Lines<'_>, side: Side) {
    let state = lines.state;
    let parity = state.roster.parity;
    for unit in lines::units(state, side) {
        let Some(at) = state.pieces[unit].at else {
            continue;
        };
        if ground::nearest_enemy(state, side, at).is_none_or(|(d, _)| d > 2) {
            continue;
        }
        let id = lines::id(state, unit);
        let claim = lines::standing_claim(unit);
        for to in hex::neighbours(at, parity) {
            if !state.roster.extent.contains(to) {
                continue;
            }
            let facing = lines::facing_at(state, side, to);
            let head = format!("{id} react {at}-{to} facing={facing}");
            lines.rolled(&head, &d6(), side, &[unit], &claim);
        }
    }
}

/// Melee: each unit of the phasing side at every set of the enemies its
/// front reaches (all of them together, as zones of control may bind it,
/// or fewer), with its roll, or none where the odds need no die.
fn melee(lines: &mut Lines<'_>, side: Side) {
    let state = lines.state;
    for unit in lines::units(state, side) {
        if state.pieces[unit].phase.fought {
            continue;
        }
        let reach = super::melee::controls(state, unit);
        let enemies: Vec<usize> = lines::units(state, side.other())
            .into_iter()
            .filter(|&e| state.pieces[e].at.is_some_and(|c| reach.contains(&c)))
            .collect();
        let id = lines::id(state, unit);
        // Every non-empty subset: a front reaches three hexes at most.
        for mask in 1..(1u32 << enemies.len().min(3)) {
            let defenders: Vec<usize> = (0..enemies.len().min(3))
                .filter(|&i| mask & (1 << i) != 0)
                .map(|i| enemies[i])
                .collect();
            let names: Vec<String> = defenders.iter().map(|&d| lines::id(state, d)).collect();
            let head = format!("{id} melee {}", names.join("+"));
            let everyone: Vec<usize> = std::iter::once(unit).chain(defenders).collect();
            let claim = |before: &State, after: &Tried| melee_claim(before, after, &everyone);
            if !lines.rolled(&head, &d6(), side, &everyone, &claim) {
                lines.claimed(&head, side, &[unit], &claim);
            }
        }
    }
}
