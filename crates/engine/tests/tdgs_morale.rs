//! TDGS Mass Combat's morale functions against the spec (TRIGGERS-1..7,
//! CASCADE-1..3, ROUT-2..4, CORNERED-2; test vectors W19, W22..W24) and the
//! Harrow Ford battle's flights and its cornered Huscarls (sections 5.3 and
//! 6), on states set up from text and then changed by hand.

use proptest::prelude::*;
use senlac_engine::tdgs::event::once_per_battle;
use senlac_engine::tdgs::morale::{
    self, FleeError, Goal, cascade, check_flight, escape_route, goal, may_check_now, merge,
    next_due, triggers_after, triggers_after_weighing_all,
};
use senlac_engine::tdgs::setup::setup;
use senlac_engine::tdgs::state::{Edge, MoraleCheck, Rout, State, Status, Triggers};
use senlac_engine::tdgs::tables::Trigger;
use senlac_notation::Span;
use senlac_notation::parse;
use senlac_notation::value::Cell;

const TAGS: &str = "[Battle \"Test\"]\n[Site \"Table 1\"]\n[Date \"2026-01-01\"]\n[Rules \"tdgs/mass-combat\"]\n[Sides \"Crown Raiders\"]\n[Result \"*\"]\n\n";

const HARROW_FORD: &str = include_str!("../../../samples/harrow-ford.sbn");

/// Nine legal stats, CON `con`, then `more` (`size=2x2`, `kind=hero`).
fn entity(id: &str, con: i32, more: &str) -> String {
    format!(
        "  unit {id} \"{id}\" infantry-squad regular str=20 dex=15 ref=15 con={con} mov=6 int=10 wis=10 cha=12 luk=0 {more}\n"
    )
}

/// The state a setup text gives, which must have no finding.
#[track_caller]
fn state_of(text: &str) -> State {
    let archive = parse(text);
    let notation: Vec<_> = archive.all_errors().collect();
    assert!(notation.is_empty(), "{notation:?}\n{text}");
    let battle = &archive.battles[0];
    let mut out = Vec::new();
    let state = setup(battle, &mut out).fold(senlac_engine::tdgs::event::apply);
    assert!(out.is_empty(), "{out:?}\n{text}");
    state
}

/// A battle on a `columns`×`rows` map: the armies' lines (with `edge=`
/// pairs or none), their entities, then the deploy lines.
fn battle(map: &str, crown: &str, raiders: &str, deploy: &str) -> State {
    state_of(&format!(
        "{TAGS}map square {map}\narmy Crown \"Crown\" edge=s\n{crown}army Raiders \"Raiders\" edge=n\n{raiders}{deploy}"
    ))
}

fn cell(text: &str) -> Cell {
    Cell::parse(text).unwrap()
}

fn at(state: &State, side: &str, id: &str) -> usize {
    let side = state.roster.side_index(side).unwrap();
    state.roster.entity(side, id).unwrap()
}

fn place(state: &mut State, entity: usize, anchor: &str) {
    state.entities[entity].anchor = Some(cell(anchor));
}

fn rout(state: &mut State, unit: usize, threat: i32, threat_entity: Option<usize>) {
    let e = &mut state.entities[unit];
    e.status = Status::Routed;
    e.rout = Some(Rout {
        threat,
        threat_entity,
        triggers: Triggers::NONE.with(Trigger::Half),
    });
}

fn cells(path: &str) -> Vec<Cell> {
    path.split('-').map(cell).collect()
}

fn no_span() -> Span {
    Span::new(0, 0)
}

fn triggers(words: &[Trigger]) -> Triggers {
    words.iter().fold(Triggers::NONE, |set, &t| set.with(t))
}

/// Harrow Ford when round 1's cascade has been rolled: A stepped to 0907,
/// R4 charged to 0905, B stepped to 1207, R2 charged to 1406, C hit to 26
/// (half spent) and routed, D routed by the cascade.
fn harrow_after_the_cascade() -> State {
    let mut state = state_of(HARROW_FORD);
    let [a, r4, b, r2, c, d] = [
        ("Crown", "A"),
        ("Raiders", "R4"),
        ("Crown", "B"),
        ("Raiders", "R2"),
        ("Crown", "C"),
        ("Crown", "D"),
    ]
    .map(|(side, id)| at(&state, side, id));
    place(&mut state, a, "0907");
    place(&mut state, r4, "0905");
    place(&mut state, b, "1207");
    place(&mut state, r2, "1406");
    state.entities[c].hp = 26;
    state.entities[c].spent = triggers(&[Trigger::Half]);
    rout(&mut state, c, 10, Some(r2));
    rout(&mut state, d, 10, Some(r2));
    state
}

// ---------------------------------------------------------------- TRIGGERS

#[test]
fn w19_half_and_quarter_at_once_are_one_check_at_14() {
    let before = battle(
        "10x10",
        &entity("A", 14, ""),
        &entity("R", 14, ""),
        "deploy Crown A@0205\ndeploy Raiders R@0204\n",
    );
    let (a, r) = (at(&before, "Crown", "A"), at(&before, "Raiders", "R"));
    let mut before = before;
    before.entities[a].hp = 39;
    let mut after = before.clone();
    after.entities[a].hp = 8;
    let fired = triggers_after(&before.entities, &after, &[(r, a)], no_span());
    assert_eq!(
        fired.checks[..],
        [MoraleCheck {
            unit: a,
            triggers: triggers(&[Trigger::Half, Trigger::Quarter]),
            threat: 14,
            threat_entity: Some(r),
            cause: no_span(),
        }]
    );
    assert_eq!(fired.checks[0].triggers.words(), "half+quarter");
    assert!(fired.spent_silently.is_empty());

    // Once per battle: spent, they fire no more.
    after.entities[a].spent = fired.checks[0].triggers;
    let mut later = after.clone();
    later.entities[a].hp = 2;
    assert_eq!(
        triggers_after(&after.entities, &later, &[(r, a)], no_span()),
        morale::Fired::default()
    );
}

#[test]
fn half_alone_is_threat_10_against_the_attacker() {
    let mut before = battle(
        "10x10",
        &entity("A", 14, ""),
        &(entity("Q", 14, "") + &entity("R", 14, "")),
        "deploy Crown A@0205\ndeploy Raiders Q@0909 R@0204\n",
    );
    let (a, r) = (at(&before, "Crown", "A"), at(&before, "Raiders", "R"));
    before.entities[a].hp = 40;
    let mut after = before.clone();
    after.entities[a].hp = 35;
    let fired = triggers_after(&before.entities, &after, &[(a, r)], no_span());
    assert_eq!(fired.checks.len(), 1);
    assert_eq!(fired.checks[0].triggers, triggers(&[Trigger::Half]));
    assert_eq!(fired.checks[0].threat, 10);
    assert_eq!(fired.checks[0].threat_entity, Some(r));
}

/// An enemy routed beside a unit pins it again once it rallies where it
/// stands: the line that rallies it moved nothing, yet surrounds the unit
/// (TRIGGERS-5, TDGS-R17).
/// The Crown's U (2x2, at 1207) with the Raiders' N beside its north side
/// and E beside its east, and their S far off at 0101: U, N and S.
fn north_and_east() -> (State, [usize; 3]) {
    let state = battle(
        "20x16",
        &entity("U", 14, "size=2x2"),
        &(entity("N", 14, "size=2x2")
            + &entity("E", 14, "size=2x2")
            + &entity("S", 14, "size=2x2")),
        "deploy Crown U@1207\ndeploy Raiders N@1205 E@1406 S@0101\n",
    );
    let units =
        [("Crown", "U"), ("Raiders", "N"), ("Raiders", "S")].map(|(side, id)| at(&state, side, id));
    (state, units)
}

/// The one check of a surrounded `unit`: threat 12, against `threat`.
fn surrounded_check(unit: usize, threat: usize) -> [MoraleCheck; 1] {
    [MoraleCheck {
        unit,
        triggers: triggers(&[Trigger::Surrounded]),
        threat: 12,
        threat_entity: Some(threat),
        cause: no_span(),
    }]
}

#[test]
fn a_rally_beside_a_unit_can_surround_it() {
    let (mut before, [u, n, s]) = north_and_east();
    place(&mut before, s, "1209");
    before.entities[s].status = Status::Routed;
    assert!(!morale::is_surrounded(&before, u));
    let mut after = before.clone();
    after.entities[s].status = Status::Active;
    let fired = triggers_after(&before.entities, &after, &[], no_span());
    assert_eq!(fired.checks[..], surrounded_check(u, n));
}

#[test]
fn w22_surrounded_is_three_sides_by_non_routed_enemies() {
    let (before, [u, n, s]) = north_and_east();
    // North and east: two sides.
    assert!(!morale::is_surrounded(&before, u));
    assert!(
        triggers_after(&before.entities, &before, &[], no_span())
            .checks
            .is_empty()
    );

    let mut after = before.clone();
    place(&mut after, s, "1209");
    assert!(morale::is_surrounded(&after, u));
    let fired = triggers_after(&before.entities, &after, &[], no_span());
    assert_eq!(fired.checks[..], surrounded_check(u, n));

    // A routed enemy pins nobody (TDGS-R17).
    let mut fleeing = after.clone();
    fleeing.entities[s].status = Status::Routed;
    assert!(!morale::is_surrounded(&fleeing, u));

    // Once per battle.
    let mut spent = after.clone();
    spent.entities[u].spent = triggers(&[Trigger::Surrounded]);
    assert!(
        triggers_after(&before.entities, &spent, &[], no_span())
            .checks
            .is_empty()
    );
}

#[test]
fn w23_corner_contact_is_adjacent_but_touches_no_side() {
    let state = battle(
        "20x16",
        &(entity("X", 14, "size=3x3") + &entity("Y", 14, "size=2x2")),
        &entity("R", 14, ""),
        "deploy Crown X@0907 Y@1205\ndeploy Raiders R@2016\n",
    );
    let (x, y) = (at(&state, "Crown", "X"), at(&state, "Crown", "Y"));
    let (fx, fy) = (state.footprint(x).unwrap(), state.footprint(y).unwrap());
    assert!(senlac_board::footprint::adjacent(fx, fy));
    assert_eq!(senlac_board::footprint::touched_sides(fy, [fx]).count(), 0);
    // Adjacent for the cascade.
    let owed: Vec<usize> = cascade(&state, x, no_span())
        .iter()
        .map(|c| c.unit)
        .collect();
    assert_eq!(owed, [y]);
}

#[test]
fn commander_lost_is_threat_12_once_per_commander_against_the_killer() {
    let before = state_of(HARROW_FORD);
    let [g, b, r1, r2, r3, r4] = [
        ("Raiders", "G"),
        ("Crown", "B"),
        ("Raiders", "R1"),
        ("Raiders", "R2"),
        ("Raiders", "R3"),
        ("Raiders", "R4"),
    ]
    .map(|(side, id)| at(&before, side, id));
    let mut after = before.clone();
    after.entities[g].status = Status::Dead;
    // The loss cuts the links (COMMAND-7); the trigger reads them before.
    for unit in [r1, r2, r3] {
        after.entities[unit].commander = None;
    }
    let fired = triggers_after(&before.entities, &after, &[(b, g)], no_span());
    let checks: Vec<(usize, Triggers, i32, Option<usize>)> = fired
        .checks
        .iter()
        .map(|c| (c.unit, c.triggers, c.threat, c.threat_entity))
        .collect();
    let lost = triggers(&[Trigger::CommanderLost]);
    assert_eq!(
        checks,
        [
            (r1, lost, 12, Some(b)),
            (r2, lost, 12, Some(b)),
            (r3, lost, 12, Some(b))
        ]
    );
    assert!(!checks.iter().any(|c| c.0 == r4), "R4 is K's");
    assert_eq!(fired.commander_losses[..], [(r1, g), (r2, g), (r3, g)]);

    // Once per lost commander: recorded, or already lost before the line.
    let mut recorded = after.clone();
    recorded.commander_losses_checked = fired.commander_losses.to_vec();
    assert!(
        triggers_after(&before.entities, &recorded, &[], no_span())
            .checks
            .is_empty()
    );
    assert!(
        triggers_after(&after.entities, &after, &[], no_span())
            .checks
            .is_empty()
    );

    // Killer unknown: the nearest enemy.
    let unknown = triggers_after(&before.entities, &after, &[], no_span());
    assert_eq!(
        unknown.checks[0].threat_entity,
        morale::nearest_enemy(&after, r1)
    );
}

#[test]
fn a_routed_unit_spends_its_triggers_without_a_check() {
    // C, routed with half spent, hit to 6 by R2's opportunity attack.
    let before = harrow_after_the_cascade();
    let (c, r2) = (at(&before, "Crown", "C"), at(&before, "Raiders", "R2"));
    let mut after = before.clone();
    after.entities[c].hp = 6;
    let fired = triggers_after(&before.entities, &after, &[(r2, c)], no_span());
    assert!(fired.checks.is_empty());
    assert_eq!(
        fired.spent_silently[..],
        [(c, triggers(&[Trigger::Quarter]))]
    );
}

#[test]
fn heroes_and_destroyed_units_check_nothing() {
    let before = state_of(HARROW_FORD);
    let [g, y, b, r1] = [
        ("Raiders", "G"),
        ("Crown", "Y"),
        ("Crown", "B"),
        ("Raiders", "R1"),
    ]
    .map(|(side, id)| at(&before, side, id));
    let mut after = before.clone();
    after.entities[g].hp = 5;
    after.entities[y].hp = 10;
    after.entities[r1].hp = 0;
    after.entities[r1].status = Status::Destroyed;
    let fired = triggers_after(&before.entities, &after, &[(b, g), (b, r1)], no_span());
    assert_eq!(fired, morale::Fired::default());
}

#[test]
fn terror_is_once_per_terrifying_entity_at_its_cha() {
    let before = battle(
        "10x10",
        &entity("A", 14, ""),
        &entity("R", 14, "traits=terrifying").replace("cha=12", "cha=16"),
        "deploy Crown A@0205\ndeploy Raiders R@0204\n",
    );
    let (a, r) = (at(&before, "Crown", "A"), at(&before, "Raiders", "R"));
    let fired = triggers_after(&before.entities, &before, &[(a, r)], no_span());
    assert_eq!(fired.checks.len(), 1);
    assert_eq!(fired.checks[0].triggers, triggers(&[Trigger::Terror]));
    assert_eq!(fired.checks[0].threat, 16);
    assert_eq!(fired.checks[0].threat_entity, Some(r));
    assert_eq!(fired.terrors[..], [(a, r)]);

    let mut met = before.clone();
    met.terrors_met = fired.terrors.to_vec();
    assert!(
        triggers_after(&met.entities, &met, &[(r, a)], no_span())
            .checks
            .is_empty()
    );
}

// ----------------------------------------------------------------- CASCADE

#[test]
fn w24_cascade_order_d_b_e_and_e_rolls_once() {
    let mut state = harrow_after_the_cascade();
    let [b, c, d, e] = ["B", "C", "D", "E"].map(|id| at(&state, "Crown", id));
    // Back to the moment C broke: D has not rolled yet.
    state.entities[d].status = Status::Active;
    state.entities[d].rout = None;

    let mut pending = Vec::new();
    for check in cascade(&state, c, no_span()) {
        merge(&mut pending, check);
    }
    let owed: Vec<usize> = pending.iter().map(|c| c.unit).collect();
    assert_eq!(owed, [b, d, e]);
    assert!(
        pending
            .iter()
            .all(|c| c.threat == 10 && c.triggers == triggers(&[Trigger::Cascade]))
    );

    // D (CON 13) first; B (14) must wait for it.
    assert_eq!(next_due(&state, &pending), Some(d));
    assert_eq!(may_check_now(&state, &pending, b), Err(d));
    assert_eq!(may_check_now(&state, &pending, d), Ok(()));

    // D fails: it touches E (a corner) but no longer B.
    pending.retain(|c| c.unit != d);
    rout(&mut state, d, 10, None);
    let from_d: Vec<usize> = cascade(&state, d, no_span())
        .iter()
        .map(|c| c.unit)
        .collect();
    assert_eq!(from_d, [e]);
    for check in cascade(&state, d, no_span()) {
        merge(&mut pending, check);
    }
    // E merged: still one check.
    assert_eq!(pending.iter().filter(|c| c.unit == e).count(), 1);
    assert_eq!(next_due(&state, &pending), Some(b));
    assert_eq!(may_check_now(&state, &pending, e), Err(b));
    pending.retain(|c| c.unit != b);
    assert_eq!(next_due(&state, &pending), Some(e));
}

#[test]
fn merging_unions_triggers_at_the_highest_threat() {
    let check = |triggers: Triggers, threat: i32, threat_entity: usize| MoraleCheck {
        unit: 3,
        triggers,
        threat,
        threat_entity: Some(threat_entity),
        cause: no_span(),
    };
    let mut pending = vec![check(triggers(&[Trigger::Cascade]), 10, 7)];
    merge(
        &mut pending,
        check(triggers(&[Trigger::CommanderLost]), 12, 8),
    );
    assert_eq!(
        pending,
        [check(
            triggers(&[Trigger::CommanderLost, Trigger::Cascade]),
            12,
            8
        )]
    );
    assert_eq!(pending[0].triggers.words(), "commander-lost+cascade");
    merge(&mut pending, check(triggers(&[Trigger::Cascade]), 10, 9));
    assert_eq!(pending[0].threat, 12);
    assert_eq!(pending[0].threat_entity, Some(8));
}

// -------------------------------------------------------------------- ROUT

#[test]
fn c_flees_six_squares_south_and_does_not_reach_row_16() {
    let state = harrow_after_the_cascade();
    let c = at(&state, "Crown", "C");
    assert_eq!(goal(&state, c), Goal::Edge(Edge::South));
    assert!(escape_route(&state, c));
    // Through D's squares (a friend): C is 2×2 at MOV 6, its south row 9,
    // seven rows from 16.
    let flight = check_flight(&state, c, &cells("1408-1409-1410-1411-1412-1413-1414")).unwrap();
    assert_eq!(flight.end, cell("1414"));
    assert_eq!(flight.cost, 6);
    assert!(!flight.fled);
}

#[test]
fn a_flight_that_stops_short_wanders_or_runs_into_an_enemy_is_wrong() {
    let state = harrow_after_the_cascade();
    let c = at(&state, "Crown", "C");
    assert_eq!(
        check_flight(&state, c, &cells("1408-1409-1410-1411-1412")),
        Err(FleeError::TooShort {
            mov_left: 2,
            next_step: 1,
            remaining: Some(3),
        })
    );
    // East along row 8 (across E, a friend) lowers nothing.
    assert_eq!(
        check_flight(&state, c, &cells("1408-1508")),
        Err(FleeError::NotTowardSafety {
            index: 1,
            remaining_before: Some(7),
            remaining_after: Some(7),
            step: 1,
        })
    );
    assert!(matches!(
        check_flight(&state, c, &cells("1408-1407")),
        Err(FleeError::Path(_))
    ));
    assert_eq!(
        check_flight(&state, c, &cells("1409-1410-1411-1412-1413-1414-1415")),
        Err(FleeError::TooLong {
            index: 6,
            cost: 7,
            mov: 6,
        })
    );
    // Stopping on D.
    assert_eq!(
        check_flight(&state, c, &cells("1409-1410-1411")),
        Err(FleeError::EndsOnEntity {
            anchor: cell("1411")
        })
    );
}

#[test]
fn d_flees_five_squares_and_reaches_the_south_edge() {
    // Round 2: C fled to 1414 in round 1.
    let mut state = harrow_after_the_cascade();
    let (c, d) = (at(&state, "Crown", "C"), at(&state, "Crown", "D"));
    place(&mut state, c, "1414");
    let flight = check_flight(&state, d, &cells("1410-1311-1212-1213-1214-1215")).unwrap();
    assert!(flight.fled);
    assert_eq!(flight.cost, 5);
    assert_eq!(flight.end, cell("1215"));
}

#[test]
fn goal_falls_back_to_commander_then_away() {
    let mut state = state_of(&format!(
        "{TAGS}map square 10x10\narmy Crown \"Crown\"\n{}{}army Raiders \"Raiders\"\n{}deploy Crown Y@0505 A@0707\ndeploy Raiders R@0202\n",
        entity("Y", 12, "kind=hero role=commander direct=A").replace("cha=12", "cha=20"),
        entity("A", 14, ""),
        entity("R", 14, ""),
    ));
    let [y, a] = ["Y", "A"].map(|id| at(&state, "Crown", id));
    let r = at(&state, "Raiders", "R");
    rout(&mut state, a, 10, Some(r));
    assert_eq!(goal(&state, a), Goal::Commander(y));
    assert!(escape_route(&state, a));
    // Two diagonal steps: 0606 is next to Y at 0505.
    assert_eq!(
        check_flight(&state, a, &cells("0606")).map(|f| f.safe),
        Ok(true)
    );
    assert!(matches!(
        check_flight(&state, a, &[]),
        Err(FleeError::TooShort { .. })
    ));

    // Already next to its commander: safe where it stands.
    place(&mut state, a, "0606");
    assert!(escape_route(&state, a));
    assert_eq!(check_flight(&state, a, &[]).map(|f| f.safe), Ok(true));

    // No commander left: away from R, one square of distance a step.
    place(&mut state, a, "0707");
    state.entities[y].status = Status::Dead;
    assert_eq!(goal(&state, a), Goal::Away(r));
    assert!(escape_route(&state, a));
    let flight = check_flight(&state, a, &cells("0808-0909-1010")).unwrap();
    assert_eq!(flight.end, cell("1010"));
    assert_eq!(
        check_flight(&state, a, &cells("0808-0807")),
        Err(FleeError::NotAway {
            index: 1,
            distance_before: 6,
            distance_after: 6,
        })
    );
    assert!(matches!(
        check_flight(&state, a, &cells("0808")),
        Err(FleeError::TooShort {
            remaining: None,
            ..
        })
    ));
    // In the corner: no step raises the distance.
    place(&mut state, a, "1010");
    assert!(!escape_route(&state, a));
}

// ---------------------------------------------------------------- CORNERED

#[test]
fn r1_is_cornered_in_round_3_because_f_holds_the_ford() {
    let mut state = harrow_after_the_cascade();
    let [r1, b, f] =
        [("Raiders", "R1"), ("Crown", "B"), ("Crown", "F")].map(|(side, id)| at(&state, side, id));
    // Round 2: R1 broke on B's attack, at 19 HP, threat 14.
    state.entities[r1].hp = 19;
    rout(&mut state, r1, 14, Some(b));
    assert_eq!(goal(&state, r1), Goal::Edge(Edge::North));
    assert_eq!(state.entities[f].anchor, Some(cell("0503")));
    assert!(!escape_route(&state, r1));
    assert_eq!(
        check_flight(&state, r1, &cells("1204")),
        Err(FleeError::NoEscapeRoute)
    );

    // Were F gone from the ford, the way home would be open.
    place(&mut state, f, "0510");
    assert!(escape_route(&state, r1));
}

#[test]
fn movement_cost_and_may_stop() {
    let state = harrow_after_the_cascade();
    let [c, d, f] = ["C", "D", "F"].map(|id| at(&state, "Crown", id));
    let cost = morale::movement_cost(&state, c);
    assert_eq!(cost(cell("1410")), Some(1), "a friend's square");
    assert_eq!(cost(cell("1406")), None, "R2's square");
    assert_eq!(cost(cell("0803")), None, "the river");
    assert_eq!(cost(cell("2117")), None, "off the map");
    let ford = morale::movement_cost(&state, d);
    assert_eq!(ford(cell("0503")), Some(2), "difficult");
    assert!(!morale::may_stop(&state, c, cell("1410")));
    assert!(!morale::may_stop(&state, c, cell("2016")));
    assert!(morale::may_stop(&state, c, cell("1414")));
    assert!(morale::may_stop(&state, f, cell("0503")), "where it stands");
}

#[test]
fn harrow_round_3_gorm_falls_r3_breaks_and_r2_checks_once_at_12() {
    let mut before = harrow_after_the_cascade();
    let [g, b, r1, r2, r3] = [
        ("Raiders", "G"),
        ("Crown", "B"),
        ("Raiders", "R1"),
        ("Raiders", "R2"),
        ("Raiders", "R3"),
    ]
    .map(|(side, id)| at(&before, side, id));
    // R3 charged E to 1606 in round 1; B destroyed R1 before the free attack.
    place(&mut before, r3, "1606");
    before.entities[r1].status = Status::Destroyed;
    let mut after = before.clone();
    after.entities[g].status = Status::Dead;
    let fired = triggers_after(&before.entities, &after, &[(b, g)], no_span());
    let mut pending = Vec::new();
    for check in fired.checks {
        merge(&mut pending, check);
    }
    assert_eq!(pending.iter().map(|c| c.unit).collect::<Vec<_>>(), [r2, r3]);
    // R3 (CON 10) before R2 (CON 15); it fails and R2 is next to it.
    assert_eq!(next_due(&after, &pending), Some(r3));
    pending.retain(|c| c.unit != r3);
    rout(&mut after, r3, 12, Some(b));
    for check in cascade(&after, r3, no_span()) {
        merge(&mut pending, check);
    }
    assert_eq!(pending.len(), 1);
    assert_eq!(pending[0].unit, r2);
    assert_eq!(pending[0].triggers.words(), "commander-lost+cascade");
    assert_eq!(pending[0].threat, 12);
}

/// Eight entities, four a side, one of them a hero, sizes 1x1 to 2x3.
fn crowd() -> State {
    let sizes = ["size=2x2", "", "size=1x3", "size=2x1"];
    let side = |prefix: &str| -> String {
        (0..4)
            .map(|i| {
                let hero = if i == 1 { " kind=hero" } else { "" };
                entity(&format!("{prefix}{i}"), 14, &format!("{}{hero}", sizes[i]))
            })
            .collect()
    };
    battle(
        "12x10",
        &side("C"),
        &side("R"),
        "deploy Crown C0@0101 C1@0401 C2@0601 C3@0801\ndeploy Raiders R0@0108 R1@0408 R2@0608 R3@0808\n",
    )
}

/// Places `entity` of the crowd at (column, row) with a fate: 3 routed, 4
/// destroyed, 5 off the board, any other active.
fn place_in_crowd(state: &mut State, entity: usize, (column, row, fate): (u8, u8, u8)) {
    let e = &mut state.entities[entity];
    e.anchor = (fate != 5).then_some(Cell { column, row });
    e.status = match fate {
        3 => Status::Routed,
        4 => Status::Destroyed,
        _ => Status::Active,
    };
}

/// The units the surrounded trigger fires for, with the entities placed as
/// `places` says (column, row, fate), are exactly those `is_surrounded`
/// finds; and every mover's cost map is its cost square by square.
fn check_crowd(places: &[(u8, u8, u8)]) -> Result<(), TestCaseError> {
    let mut state = crowd();
    for (entity, &at) in places.iter().enumerate() {
        place_in_crowd(&mut state, entity, at);
        state.entities[entity].spent = Triggers::NONE;
    }
    let fired = triggers_after_weighing_all(&state.entities, &state, &[], no_span());
    let mut found: Vec<usize> = fired
        .checks
        .iter()
        .map(|c| c.unit)
        .chain(fired.spent_silently.iter().map(|&(u, _)| u))
        .collect();
    found.sort_unstable();
    let expected: Vec<usize> = (0..state.entities.len())
        .filter(|&u| state.is_unit(u) && state.on_board(u) && morale::is_surrounded(&state, u))
        .collect();
    prop_assert_eq!(found, expected);
    // A search's whole-map costs are the square-by-square ones.
    for mover in 0..state.entities.len() {
        let (map, each) = (
            morale::movement_cost_map(&state, mover),
            morale::movement_cost(&state, mover),
        );
        for column in 0..=13 {
            for row in 0..=11 {
                let cell = Cell { column, row };
                prop_assert_eq!(map.cost(cell), each(cell), "{:?} for {}", cell, mover);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// The surrounded trigger fires for exactly the units `is_surrounded`
    /// finds, however the entities crowd, overlap, rout or leave the board.
    #[test]
    fn the_surrounded_trigger_is_is_surrounded(
        places in proptest::collection::vec((1u8..=6, 1u8..=6, 0u8..6), 8)
    ) {
        check_crowd(&places)?;
    }

    /// The same anywhere on the 12 × 10 map, its far edges included, where
    /// a footprint may reach past the map.
    #[test]
    fn the_surrounded_trigger_is_is_surrounded_to_the_edges(
        places in proptest::collection::vec((1u8..=12, 1u8..=10, 0u8..6), 8)
    ) {
        check_crowd(&places)?;
    }
}

/// The crowd placed as `places` says, with every trigger true there spent,
/// as a settle leaves it; then one line's change: `entity` placed at
/// `(column, row, fate)` (where it stood, when `stays`) and its HP lowered
/// by `wound`. Weighing what the line changed finds what weighing every
/// unit finds.
fn check_line_weighed(
    places: &[(u8, u8, u8)],
    entity: usize,
    (column, row, fate): (u8, u8, u8),
    stays: bool,
    wound: i32,
) -> Result<(), TestCaseError> {
    let mut before = crowd();
    for (entity, &at) in places.iter().enumerate() {
        place_in_crowd(&mut before, entity, at);
        before.entities[entity].spent = Triggers::NONE;
    }
    let settled = triggers_after_weighing_all(&before.entities, &before, &[], no_span());
    for (unit, triggers) in settled
        .checks
        .iter()
        .map(|c| (c.unit, c.triggers))
        .chain(settled.spent_silently.iter().copied())
    {
        let spent = &mut before.entities[unit].spent;
        *spent = spent.union(once_per_battle(triggers));
    }
    let mut after = before.clone();
    let (column, row) = if stays {
        (places[entity].0, places[entity].1)
    } else {
        (column, row)
    };
    place_in_crowd(&mut after, entity, (column, row, fate));
    after.entities[entity].hp -= wound;
    let whole = triggers_after_weighing_all(&before.entities, &after, &[], no_span());
    prop_assert_eq!(
        triggers_after(&before.entities, &after, &[], no_span()),
        whole
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// After a line that moves, routs, rallies, removes or wounds one entity, the
    /// triggers found by weighing only what changed are those found by
    /// weighing every unit: what lets settle pass over the rest.
    #[test]
    fn a_line_is_weighed_as_if_every_unit_were(
        places in proptest::collection::vec((1u8..=6, 1u8..=6, 0u8..6), 8),
        entity in 0usize..8,
        to in (1u8..=6, 1u8..=6, 0u8..6),
        stays in any::<bool>(),
        wound in prop_oneof![Just(0), 1i32..14],
    ) {
        check_line_weighed(&places, entity, to, stays, wound)?;
    }
}
