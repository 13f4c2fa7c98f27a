//! The two editions of Mass Combat on one small battle (samples/fulford.sbn):
//! what the rules' tables say differs — the cost of an attack, the cost of a
//! lost attack, and who may support — and nothing else.

use senlac_engine::mass_combat::{self, State};
use senlac_engine::{Config, Point, check};
use senlac_notation::parse;

fn sample() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../samples/fulford.sbn"
    ))
    .unwrap()
}

fn replay(text: &str) -> (Vec<(String, String)>, Vec<State>) {
    let archive = parse(text);
    assert!(!archive.has_errors());
    let Some(replay) = mass_combat::replay(&archive.battles[0], Config::TIMELINE) else {
        panic!()
    };
    let violations = replay
        .violations
        .iter()
        .map(|v| (v.code.to_string(), text[v.span.range()].to_string()))
        .collect();
    let points = ["1.Norse.combat", "1.Norse", "end"];
    let states = points
        .iter()
        .map(|p| replay.at(&p.parse::<Point>().unwrap()).unwrap())
        .collect();
    (violations, states)
}

/// (command points, damage) of a unit: index 0..3 Norse I-III, 3..5 Northumbrians I-II.
fn unit(state: &State, index: usize) -> (u8, u8) {
    (state.units[index].command_points, state.units[index].damage)
}

#[test]
fn edition_b_costs() {
    let (violations, states) = replay(&sample());
    assert_eq!(violations, vec![]);
    // Norse I: 4 + 3 bonus = 7; an attack costs 1 in edition b.
    assert_eq!(unit(&states[0], 0), (6, 0));
    // Northumbrian fyrd: 2 + 2 = 4; losing costs 2 command points and 1 damage.
    assert_eq!(unit(&states[1], 3), (2, 1));
    // Its own attack (1) leaves 1; it cannot pay the 2 of a second loss and routs.
    assert_eq!(
        states[2].units[3].status,
        senlac_engine::mass_combat::Status::Routed
    );
    assert_eq!(unit(&states[2], 3), (1, 1));
}

#[test]
fn the_same_log_under_edition_a() {
    let text = sample().replace("mass-combat/b", "mass-combat/a");
    let (violations, states) = replay(&text);
    assert_eq!(violations, vec![]);
    // Edition a: an attack is free, and a lost attack costs 1 and a damage.
    assert_eq!(unit(&states[0], 0), (7, 0));
    assert_eq!(unit(&states[1], 3), (3, 1));
}

#[test]
fn who_may_support_an_attack() {
    // From 0404 the bondi are next to the fyrd but not to the huscarls at 0505.
    let text = sample().replace("II advance 0406-0405", "II advance 0406-0405-0404");
    let (in_b, _) = replay(&text);
    // One mistake, one error: the claimed attack of 6 counts the rejected
    // support, and is not reported again.
    assert_eq!(
        in_b,
        vec![(
            "mass-combat::cannot-support".to_string(),
            "II support-attack I".to_string()
        )]
    );
    // Edition a asks only that the supporter be next to the enemy attacked.
    let (in_a, _) = replay(&text.replace("mass-combat/b", "mass-combat/a"));
    assert_eq!(in_a, vec![]);
}

#[test]
fn the_generic_view_and_events() {
    let text = sample();
    let archive = parse(&text);
    let game = check(&archive.battles[0], Config::TIMELINE).unwrap();
    let end = game.view(game.index(&Point::End).unwrap());
    let fyrd = &end.units[3];
    assert_eq!(
        (end.side_of(fyrd), fyrd.id.as_str(), fyrd.status),
        ("Northumbrians", "I", "routed")
    );
    // 1000 men at 1 damage: 90% survive.
    assert_eq!(fyrd.casualties, 100);
    let casualties_by_side: Vec<(String, u32)> = end
        .sides
        .iter()
        .enumerate()
        .map(|(side, name)| {
            let lost = end
                .units
                .iter()
                .filter(|u| u.side == side)
                .map(|u| u.casualties);
            (name.clone(), lost.sum())
        })
        .collect();
    assert_eq!(
        casualties_by_side,
        vec![("Norse".to_string(), 0), ("Northumbrians".to_string(), 100)]
    );
    let json = |unit: usize| serde_json::to_value(end.unit_json(&end.units[unit])).unwrap();
    assert_eq!(json(0)["command_points"], 6);
    assert_eq!(json(0)["at"], "0505");
    assert_eq!(json(3)["status"], "routed");
    // The state after the Norse resolve step carries the events of that step.
    let replay = mass_combat::replay(&archive.battles[0], Config::TIMELINE).unwrap();
    let resolved = (0..replay.timeline.len())
        .flat_map(|i| replay.timeline.events(i).iter())
        .find(|e| matches!(e, senlac_engine::mass_combat::event::Event::Resolved { .. }))
        .copied()
        .unwrap();
    assert_eq!(
        serde_json::to_value(resolved).unwrap(),
        serde_json::json!({"event": "resolved", "attacker": 0, "defender": 3, "attack": 6, "defense": 1, "loser": 3})
    );
}
