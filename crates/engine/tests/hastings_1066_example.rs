//! The spec's example (section 5.2): its setup and two Battle Turns, played
//! by every module together, line by line, as `senlac lint` would.

use senlac_board::Cell;
use senlac_engine::Sandbox;
use senlac_engine::Violation;
use senlac_engine::hastings_1066::HASTINGS_1066;
use senlac_engine::hastings_1066::record::points_lost;
use senlac_engine::hastings_1066::state::{LeaderStanding, Standing};
use senlac_engine::hastings_1066::tables::Side;
use senlac_notation::lower::steps;
use senlac_notation::parse;

const SETUP: &str = include_str!("data/hastings-1066-setup.sbn");
const TURNS_1_2: &str = include_str!("data/hastings-1066-turns-1-2.sbn");

#[test]
fn the_specs_two_turns_play_clean() {
    let text = format!("{SETUP}\n{TURNS_1_2}");
    let archive = parse(&text);
    let battle = &archive.battles[0];
    let mut out: Vec<Violation> = Vec::new();
    let mut fold = Sandbox::setup(&HASTINGS_1066, battle, &mut out);
    fold.play(&HASTINGS_1066, steps(battle), &mut out);
    fold.finish(&HASTINGS_1066, battle, &mut out);
    let found: Vec<(&str, &str, &str)> = out
        .iter()
        .map(|v| (v.code, &text[v.span.range()], v.message.as_str()))
        .collect();
    assert_eq!(found, [], "{found:#?}");
    // The spec's state after turn 2 (section 5.2): hex, facing, standing,
    // steps.
    let piece = |id: &str| {
        Side::ALL
            .into_iter()
            .find_map(|side| fold.roster.piece(side, id))
            .unwrap()
    };
    let at = |id: &str| {
        let p = &fold.pieces[piece(id)];
        (
            p.at.map(|c: Cell| c.to_string()),
            p.facing.map(|f| f.number()),
            p.standing,
            p.reduced,
        )
    };
    let good = Standing::Good;
    let here = |hex: &str, facing: u8, standing, reduced| {
        (Some(hex.to_string()), Some(facing), standing, reduced)
    };
    assert_eq!(at("BF1"), here("1120", 2, good, false));
    assert_eq!(at("BF2"), here("1220", 2, good, false));
    assert_eq!(at("BB1"), here("1019", 5, good, true));
    assert_eq!(at("BK1"), here("1221", 5, Standing::Disrupted, false));
    assert_eq!(at("BK2"), here("0921", 5, good, false));
    assert_eq!(at("NB1"), here("0914", 5, good, false));
    assert_eq!(at("NB2"), here("0915", 5, good, false));
    assert_eq!(at("NF1"), here("1013", 5, good, false));
    assert_eq!(at("F1"), here("0819", 2, Standing::Disrupted, false));
    assert_eq!(at("F2"), here("0620", 5, Standing::Routed, true));
    assert_eq!(at("F3"), here("0919", 2, Standing::Disrupted, false));
    assert_eq!(at("HC2"), here("0714", 2, good, false));
    for (id, hex) in [
        ("GF1", "0316"),
        ("GF2", "0215"),
        ("GF3", "0317"),
        ("GF4", "0115"),
    ] {
        assert_eq!(at(id), here(hex, 2, good, false), "{id}");
    }
    // Gyrth, shaken in turn 1, through turn 2 (HS-R33), with F2 in 0620.
    let gyrth = &fold.pieces[piece("GYR")];
    assert_eq!(
        (gyrth.at.map(|c| c.to_string()), gyrth.leader),
        (Some("0620".to_string()), LeaderStanding::Shaken)
    );
    // Missile supply: the Norman section 1 of its 6 segments, the Breton 2.
    let supply = |id: &str| fold.pieces[piece(id)].supply_used;
    assert_eq!((supply("NB1"), supply("BB1"), supply("SB1")), (1, 2, 0));
    // No casualty points yet.
    assert_eq!(
        (
            points_lost(&fold, Side::Normans),
            points_lost(&fold, Side::Saxons)
        ),
        (0, 0)
    );
}
