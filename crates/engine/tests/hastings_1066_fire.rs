//! Hastings: 1066's missile fire (7.x; spec 2.5, with 6.2.1 and 6.2.3; the
//! tables of 3.4 to 3.7 and the results of 3.9; rulings HS-R8, R14, R15,
//! R16, R35, R36, R49, R52): the spec's fire lines and the document's
//! example of 7.2.4, then every check with a legal and an illegal case.
//! Each case plays a movetext after the spec's example setup
//! (tests/data/hastings-1066-setup.sbn) and asserts every finding by its
//! code and the exact text under its span, and the message where its
//! numbers are the point.
//!
//! Movement, orders, reaction and rally are not played in this tree yet,
//! so a case sets what they would have done with the events they will
//! emit: pieces placed by `Event::Moved`, orders by `Event::OrderHeld` (the
//! spec's turn-1 orders unless a case says otherwise), a status by
//! `Event::Standing`, a reaction by the `reacted` flag.

use senlac_board::Cell;
use senlac_board::facing::Vertex;
use senlac_engine::Sandbox;
use senlac_engine::Violation;
use senlac_engine::hastings_1066::event::Event;
use senlac_engine::hastings_1066::state::{
    Formation, Held, Nation, Owed, PhaseFlags, Standing, State, Wing,
};
use senlac_engine::hastings_1066::tables::{Arm, Attack, Order};
use senlac_engine::hastings_1066::{HASTINGS_1066, Hastings1066};
use senlac_notation::lower::{Step, steps};
use senlac_notation::parse;

const SETUP: &str = include_str!("data/hastings-1066-setup.sbn");
const D: &str = "hastings-1066::";

/// Something a case sets that a module not in this tree would have done.
#[derive(Clone, Copy, Debug)]
enum Set {
    /// A piece stands in a hex, facing a vertex (none for a leader).
    At(&'static str, &'static str, Option<u8>),
    /// A formation holds an order.
    Order(Formation, Order),
    /// A unit's standing.
    Standing(&'static str, Standing),
    /// A unit has lost a step.
    Reduced(&'static str),
    /// A unit reacted in this phase.
    Reacted(&'static str),
}

fn piece(state: &State, id: &str) -> usize {
    state
        .roster
        .pieces
        .iter()
        .position(|p| p.id == id)
        .unwrap_or_else(|| panic!("no piece {id}"))
}

fn events(state: &State, set: Set) -> Vec<Event> {
    match set {
        Set::At(id, cell, facing) => vec![Event::Moved {
            piece: piece(state, id),
            from: None,
            path: senlac_engine::reuse::Path::from_slice(&[Cell::parse(cell).unwrap()]),
            facing: facing.and_then(Vertex::new),
        }],
        Set::Order(formation, order) => vec![Event::OrderHeld {
            formation,
            // Held into the turn: `N. Normans` counts every order down.
            held: Held { order, turns: 2 },
        }],
        Set::Standing(id, standing) => vec![Event::Standing {
            piece: piece(state, id),
            standing,
        }],
        Set::Reduced(id) => vec![Event::Stepped {
            piece: piece(state, id),
        }],
        Set::Reacted(id) => vec![Event::Acted {
            piece: piece(state, id),
            flags: PhaseFlags {
                reacted: true,
                ..PhaseFlags::default()
            },
        }],
    }
}

/// The orders of the spec's turn 1 (section 5.2).
fn turn_one_orders() -> Vec<Set> {
    use Nation::{Breton, Flemish, Norman};
    let section = |nation, arm| Formation::Section(nation, arm);
    vec![
        Set::Order(section(Norman, Arm::Foot), Order::AdvanceToCombat),
        Set::Order(section(Norman, Arm::Knight), Order::Advance),
        Set::Order(section(Breton, Arm::Foot), Order::AdvanceToCombat),
        Set::Order(section(Breton, Arm::Knight), Order::Hold),
        Set::Order(section(Flemish, Arm::Foot), Order::FireInPlace),
        Set::Order(section(Flemish, Arm::Knight), Order::Hold),
        Set::Order(Formation::Wing(Wing::Left), Order::ShieldWall),
        Set::Order(Formation::Wing(Wing::Center), Order::ShieldWall),
        Set::Order(Formation::Wing(Wing::Right), Order::AttackPursue),
    ]
}

/// A case: the setup (with edits), what is set before the movetext, and
/// what is set right before a given line.
struct Case {
    edits: Vec<(&'static str, &'static str)>,
    sets: Vec<Set>,
    before: Vec<(&'static str, Set)>,
}

/// A case played.
struct Played {
    text: String,
    out: Vec<Violation>,
    fold: Sandbox<Hastings1066>,
}

impl Played {
    fn piece(&self, id: &str) -> usize {
        piece(&self.fold.state, id)
    }

    fn standing(&self, id: &str) -> Standing {
        self.fold.state.pieces[self.piece(id)].standing
    }

    fn reduced(&self, id: &str) -> bool {
        self.fold.state.pieces[self.piece(id)].reduced
    }

    fn supply(&self, id: &str) -> u32 {
        self.fold.state.pieces[self.piece(id)].supply_used
    }

    fn owed(&self) -> &[Owed] {
        &self.fold.state.owed
    }

    /// The one finding's message.
    fn message(&self) -> &str {
        assert_eq!(self.out.len(), 1, "{:#?}", self.out);
        &self.out[0].message
    }
}

impl Case {
    /// The spec's setup and its turn-1 orders.
    fn new() -> Case {
        Case {
            edits: Vec::new(),
            sets: turn_one_orders(),
            before: Vec::new(),
        }
    }

    fn at(mut self, id: &'static str, cell: &'static str, facing: u8) -> Case {
        self.sets.push(Set::At(id, cell, Some(facing)));
        self
    }

    fn leader(mut self, id: &'static str, cell: &'static str) -> Case {
        self.sets.push(Set::At(id, cell, None));
        self
    }

    fn set(mut self, set: Set) -> Case {
        self.sets.push(set);
        self
    }

    fn before(mut self, line: &'static str, set: Set) -> Case {
        self.before.push((line, set));
        self
    }

    fn edit(mut self, from: &'static str, to: &'static str) -> Case {
        self.edits.push((from, to));
        self
    }

    fn play(&self, movetext: &str) -> Played {
        let mut setup_text = SETUP.to_string();
        for (from, to) in &self.edits {
            assert!(setup_text.contains(from), "no {from:?} in the setup");
            setup_text = setup_text.replacen(from, to, 1);
        }
        let text = format!("{setup_text}\n{movetext}");
        let archive = parse(&text);
        let notation: Vec<_> = archive.all_errors().collect();
        assert!(notation.is_empty(), "{notation:?}");
        let battle = &archive.battles[0];
        let mut out: Vec<Violation> = Vec::new();
        let mut fold = Sandbox::setup(&HASTINGS_1066, battle, &mut out);
        assert!(out.is_empty(), "setup: {out:?}");
        for &set in &self.sets {
            for event in events(&fold.state, set) {
                fold.emit(event);
            }
        }
        let mut rest = steps(battle);
        while let Some(step) = rest.next() {
            let span = match step {
                Step::Turn { span, .. } | Step::Phase { span, .. } => Some(span),
                Step::Action(action) => Some(action.span),
                _ => None,
            };
            if let Some(span) = span {
                let line = &text[span.range()];
                for &(start, set) in &self.before {
                    if line.starts_with(start) {
                        for event in events(&fold.state, set) {
                            fold.emit(event);
                        }
                    }
                }
            }
            fold.step(&HASTINGS_1066, &step, &rest, &mut out);
        }
        drop(rest);
        fold.settle(&mut out);
        let mut played = Played {
            text: String::new(),
            out,
            fold,
        };
        played.text = text;
        played
    }

    /// The one check: `movetext` after the setup gives exactly `expected`.
    #[track_caller]
    fn check(&self, movetext: &str, expected: &[(&str, &str)]) -> Played {
        let played = self.play(movetext);
        let found: Vec<(String, &str)> = played
            .out
            .iter()
            .map(|v| (v.code.to_string(), &played.text[v.span.range()]))
            .collect();
        let expected: Vec<(String, &str)> = expected
            .iter()
            .map(|&(code, text)| (format!("{D}{code}"), text))
            .collect();
        assert_eq!(found, expected, "\n{movetext}\n{:#?}", played.out);
        played
    }
}

/// Where the spec's turn 1 has its pieces after the Normans' movement.
fn spec_turn_one() -> Case {
    Case::new()
        .at("BF1", "0820", 5)
        .leader("ALN", "0820")
        .at("BF2", "0921", 5)
        .at("BB1", "0919", 5)
        .at("NB1", "0914", 5)
        .at("NB2", "0915", 5)
        .at("NF1", "1013", 5)
}

// ------------------------------------------------------ the spec's lines

#[test]
fn saxon_bowmen_fire_high_over_the_housecarls() {
    let line = "1. Normans\n  defensive-fire:\n    SB1 fire NB1 high d6:5 => fire=3 defense=2 odds=1x1 NB1 disrupted\n";
    let played = spec_turn_one().check(line, &[]);
    assert_eq!(played.standing("NB1"), Standing::Disrupted);
    // Low, HC2 in 0714 is in the way (7.2.5).
    let low = "1. Normans\n  defensive-fire:\n    SB1 fire NB1 d6:5\n";
    let played = spec_turn_one().check(low, &[("fire-blocked-unit", "SB1")]);
    assert_eq!(
        played.message(),
        "fire from 0614 to 0914: the line passes through 0714, and 0714 holds Saxons HC2 (only high-trajectory fire passes over units)"
    );
    assert_eq!(played.standing("NB1"), Standing::Good);
}

#[test]
fn two_norman_bowmen_against_the_shield_wall() {
    let line = "1. Normans\n  fire:\n    NB1+NB2 fire HC2 d6:3 => fire=8 defense=8 odds=1x1\n    HC2 morale d6:5 => HC2 disrupted\n";
    let played = spec_turn_one().check(line, &[]);
    assert_eq!(played.standing("HC2"), Standing::Disrupted);
    assert!(played.owed().is_empty());
    assert_eq!((played.supply("NB1"), played.supply("NB2")), (1, 1));
    // The M is a check owed, not a result on the fire line: until its line
    // is written it stays owed.
    let played = spec_turn_one().check(
        "1. Normans\n  fire:\n    NB1+NB2 fire HC2 d6:3 => fire=8 defense=8 odds=1x1 HC2 ok\n",
        &[],
    );
    assert!(matches!(played.owed(), [Owed::Morale { .. }]));
    assert_eq!(played.standing("HC2"), Standing::Good);
}

#[test]
fn the_documents_example_0708_to_0909_over_higher_ground_in_0808() {
    // 0708 is at 250 ft, 0909 at 175, 0808 at 225: 0808 is not higher than
    // both ends, and the line passes.
    let case = Case::new().at("SB1", "0708", 2).at("FF1", "0909", 5);
    let line = "1. Normans\n  defensive-fire:\n    SB1 fire FF1 d6:1 => fire=4 defense=3 odds=1x1 FF1 ok\n";
    case.check(line, &[]);
    // Raised to 300 ft, 0808 blocks it, high trajectory or not (7.3.4).
    let hill = case.edit(
        "terrain elevation=200 1419",
        "terrain elevation=200 1419\nterrain elevation=300 0808",
    );
    let played = hill.check(line, &[("fire-blocked-terrain", "SB1")]);
    assert_eq!(
        played.message(),
        "fire from 0708 to 0909: the line passes through 0808, and 0808 stands at 300 ft, higher than both ends (250 and 175 ft) (fire goes into woods but not through them, and never across higher ground, high trajectory or not)"
    );
    hill.check(
        "1. Normans\n  defensive-fire:\n    SB1 fire FF1 high d6:1\n",
        &[("fire-blocked-terrain", "SB1")],
    );
}

// ------------------------------------------------------------ who fires

#[test]
fn only_missile_units_fire() {
    let case = spec_turn_one();
    case.check("1. Normans\n  fire:\n    NB1 fire HC2 d6:1\n", &[]);
    case.check(
        "1. Normans\n  movement:\n  defensive-fire:\n    HC1 fire NF1 d6:1\n",
        &[("not-a-missile-unit", "HC1")],
    );
    let played = case.check(
        "1. Normans\n  defensive-fire:\n    HAR fire NB1 d6:1\n",
        &[("not-a-missile-unit", "HAR")],
    );
    assert_eq!(
        played.message(),
        "Saxons HAR is a leader: only units with a missile letter fire"
    );
}

#[test]
fn disrupted_and_routed_units_do_not_fire() {
    let line = "1. Normans\n  fire:\n    NB1 fire HC2 d6:1\n";
    spec_turn_one().check(line, &[]);
    spec_turn_one()
        .set(Set::Standing("NB1", Standing::Disrupted))
        .check(line, &[("fire-by-disrupted", "NB1")]);
    let played = spec_turn_one()
        .set(Set::Standing("NB1", Standing::Routed))
        .check(line, &[("fire-by-disrupted", "NB1")]);
    assert_eq!(played.message(), "Normans NB1 is routed and cannot fire");
}

#[test]
fn each_unit_fires_once_and_each_target_is_fired_at_once() {
    let case = spec_turn_one();
    // Two targets, two firers: legal.
    case.check(
        "1. Normans\n  fire:\n    NB1 fire HC2 d6:1\n    NB2 fire HC3 d6:1\n",
        &[],
    );
    case.check(
        "1. Normans\n  fire:\n    NB1 fire HC2 d6:1\n    NB1 fire HC3 d6:1\n",
        &[("fired-twice", "NB1")],
    );
    case.check(
        "1. Normans\n  fire:\n    NB1+NB1 fire HC2 d6:1\n",
        &[("fired-twice", "NB1")],
    );
    let played = case.check(
        "1. Normans\n  fire:\n    NB1 fire HC2 d6:1\n    NB2 fire HC2 d6:1\n",
        &[("target-fired-twice", "HC2")],
    );
    assert_eq!(
        played.message(),
        "Saxons HC2 was already fired at in this `fire:` segment: all the units firing at one target fire together, in one line"
    );
    // The next turn both fire again.
    case.check(
        "1. Normans\n  fire:\n    NB1 fire HC2 d6:1\n1. Saxons\n2. Normans\n  fire:\n    NB1 fire HC2 d6:1\n",
        &[],
    );
}

#[test]
fn after_reacting_only_bowmen_fire() {
    // BB1 reacted and fires (the spec's turn 1).
    let bow = Case::new()
        .at("BB1", "1019", 5)
        .at("F1", "0819", 2)
        .before("BB1 fire", Set::Reacted("BB1"));
    bow.check(
        "1. Normans\n1. Saxons\n  defensive-fire:\n    BB1 fire F1 d6:5 => fire=4 defense=3 odds=1x1 F1 disrupted\n",
        &[],
    );
    // J1 throws javelins: after a reaction it may not.
    let javelin = Case::new().at("NF1", "0812", 5);
    let line =
        "1. Normans\n  defensive-fire:\n    J1 fire NF1 d6:1 => fire=3 defense=4 odds=1x1.5\n";
    javelin.check(line, &[]);
    let played = javelin
        .before("J1 fire", Set::Reacted("J1"))
        .check(line, &[("reacted-unit-fired", "J1")]);
    assert_eq!(
        played.message(),
        "Saxons J1 reacted in this phase: after reacting only bowmen fire, and it is armed with the javelin"
    );
}

// -------------------------------------------------------------- geometry

#[test]
fn each_weapon_reaches_its_range() {
    // J1 in 0712: a javelin reaches 2 hexes, not 3.
    let case = Case::new().at("NF1", "0812", 5).at("FF1", "0912", 5);
    case.check("1. Normans\n  defensive-fire:\n    J1 fire NF1 d6:1\n", &[]);
    let played = Case::new().at("FF1", "1012", 5).check(
        "1. Normans\n  defensive-fire:\n    J1 fire FF1 d6:1\n",
        &[("out-of-range", "J1")],
    );
    assert_eq!(
        played.message(),
        "Normans FF1 is 3 hexes from Saxons J1 in 0712: the javelin reaches 2"
    );
    // A bow reaches 3 (the spec's SB1, above), not 4.
    Case::new().at("NB1", "1014", 5).check(
        "1. Normans\n  defensive-fire:\n    SB1 fire NB1 high d6:1\n",
        &[("out-of-range", "SB1")],
    );
}

#[test]
fn fire_goes_only_through_the_frontal_hexsides() {
    // J1 in 0712 facing 2; NF1 in 0813 lies exactly on the line through
    // the vertex between J1's frontal side SE and its flank side S.
    let case = Case::new().at("NF1", "0813", 5);
    let line = "1. Normans\n  defensive-fire:\n    J1 fire NF1 d6:1\n";
    let played = case.check(line, &[("fire-not-frontal", "J1")]);
    assert_eq!(
        played.message(),
        "Normans NF1 in 0813 lies exactly on the line through the vertex between its frontal and flank sides, which is outside the frontal arc: Saxons J1 in 0712 fires only through its frontal hexsides"
    );
    // Turned to face 3, J1 has NF1 in front; the line runs along the
    // 0713/0812 hexside, HC1 on one hand only, and passes.
    let turned = case.at("J1", "0712", 3);
    turned.check(line, &[]);
    // Behind it, nothing.
    let played = Case::new().at("NF1", "0611", 5).check(
        "1. Normans\n  defensive-fire:\n    J1 fire NF1 d6:1\n",
        &[("fire-not-frontal", "J1")],
    );
    assert!(played.message().contains("lies in its rear arc"));
}

#[test]
fn a_missile_unit_in_an_enemy_zoc_fires_only_at_a_unit_exerting_it() {
    // J1 in 0712 is in the ZOC of NF1 (0812, facing 5); FF1 in 0811 is in
    // range and in front too, but faces away.
    let case = Case::new().at("NF1", "0812", 5).at("FF1", "0811", 1);
    case.check("1. Normans\n  defensive-fire:\n    J1 fire NF1 d6:1\n", &[]);
    let line = "1. Normans\n  defensive-fire:\n    J1 fire FF1 d6:1\n";
    let played = case.check(line, &[("zoc-fire-target", "J1")]);
    assert_eq!(
        played.message(),
        "Saxons J1 in 0712 stands in the ZOC of NF1: it may fire only at NF1, or not at all"
    );
    // A disrupted NF1 exerts no ZOC (9.2.2.2): J1 may fire at FF1.
    case.set(Set::Standing("NF1", Standing::Disrupted))
        .check(line, &[]);
}

#[test]
fn woods_stop_fire_through_them_not_into_them() {
    // J1 in 0820 facing 3; woods in 0821 and 0822. Into 0821, through its
    // flank (print N): javelin 3 + 1; no woods bonus against a javelin.
    let case = Case::new().at("J1", "0820", 3);
    case.at("BF2", "0821", 5).check(
        "1. Normans\n  defensive-fire:\n    J1 fire BF2 d6:1 => fire=4 defense=3\n",
        &[],
    );
    let played = Case::new().at("J1", "0820", 3).at("BF2", "0822", 5).check(
        "1. Normans\n  defensive-fire:\n    J1 fire BF2 d6:1\n",
        &[("fire-blocked-terrain", "J1")],
    );
    assert!(
        played
            .message()
            .starts_with("fire from 0820 to 0822: the line passes through 0821, and 0821 is woods")
    );
}

#[test]
fn a_line_along_a_hexside_is_stopped_only_by_both_hexes() {
    // J1 in 0712 facing 3 at NF1 in 0813: the line runs along 0713/0812.
    let case = Case::new().at("J1", "0712", 3).at("NF1", "0813", 5);
    let line = "1. Normans\n  defensive-fire:\n    J1 fire NF1 d6:1\n";
    // HC1 stands in 0713: one hand only.
    case.check(line, &[]);
    // T1 in 0812 as well: both hands.
    let played = case
        .at("T1", "0812", 2)
        .check(line, &[("fire-blocked-unit", "J1")]);
    assert_eq!(
        played.message(),
        "fire from 0712 to 0813: the line runs along the 0713/0812 hexside, and both hexes block: 0713 holds Saxons HC1 and 0812 holds Saxons T1 (only high-trajectory fire passes over units)"
    );
}

// ------------------------------------------------------- high trajectory

#[test]
fn only_bowmen_fire_high_and_norman_bowmen_not_in_period_one() {
    spec_turn_one().check(
        "1. Normans\n  defensive-fire:\n    SB1 fire NB1 high d6:1\n",
        &[],
    );
    Case::new().at("NF1", "0812", 5).check(
        "1. Normans\n  defensive-fire:\n    J1 fire NF1 high d6:1\n",
        &[("high-trajectory-not-bow", "high")],
    );
    let played = spec_turn_one().check(
        "1. Normans\n  fire:\n    NB1 fire HC2 high d6:1\n",
        &[("high-trajectory-too-early", "high")],
    );
    assert_eq!(
        played.message(),
        "Norman bowmen shoot high only from the Second Assault Period: this is the First"
    );
}

// -------------------------------------------------------- missile supply

/// Norman turns 1 to `turns`, NB1 firing at HC2 in each, then `last` in
/// the Normans' fire segment of the next turn.
fn norman_volleys(turns: u32, last: &str) -> String {
    let mut text = String::new();
    for turn in 1..=turns {
        text.push_str(&format!(
            "{turn}. Normans\n  fire:\n    NB1 fire HC2 d6:1\n{turn}. Saxons\n"
        ));
    }
    text.push_str(&format!("{}. Normans\n  fire:\n    {last}\n", turns + 1));
    text
}

#[test]
fn a_section_fires_in_six_segments_a_period() {
    // 7.4.2: NB1's fire counts for NB2, of the same Norman foot section.
    let played = spec_turn_one().check(&norman_volleys(5, "NB2 fire HC2 d6:1"), &[]);
    assert_eq!((played.supply("NB1"), played.supply("NB2")), (6, 6));
    let played = spec_turn_one().check(
        &norman_volleys(6, "NB2 fire HC2 d6:1"),
        &[("missile-supply-exhausted", "NB2")],
    );
    assert_eq!(
        played.message(),
        "Normans NB2 is out of missiles: its wing or section has fired in 6 segments, all 6 that Norman bowmen have in Period 1"
    );
    // Counted per unit (the option of 7.4.2), NB2 has fired in none.
    spec_turn_one()
        .edit(
            "option partial",
            "option partial\noption missile-supply-per-unit",
        )
        .check(&norman_volleys(6, "NB2 fire HC2 d6:1"), &[]);
    // Two lines of one section in one segment count once.
    let played = spec_turn_one().check(
        "1. Normans\n  fire:\n    NB1 fire HC2 d6:1\n    NB2 fire HC3 d6:1\n",
        &[],
    );
    assert_eq!((played.supply("NB1"), played.supply("NB2")), (1, 1));
}

#[test]
fn saxon_javelins_have_four_segments_and_saxon_bowmen_no_limit() {
    let mut text = String::new();
    for turn in 1..=5 {
        text.push_str(&format!(
            "{turn}. Normans\n  defensive-fire:\n    J1 fire NF1 d6:1\n    SB1 fire NB1 high d6:1\n{turn}. Saxons\n"
        ));
    }
    let played = spec_turn_one()
        .at("NF1", "0812", 5)
        .check(&text, &[("missile-supply-exhausted", "J1")]);
    assert_eq!(played.supply("J1"), 4);
    assert_eq!(played.supply("SB1"), 0);
}

// ------------------------------------------------------ defence and odds

#[test]
fn the_brief_example_a_flank_shot_into_woods() {
    // SB1 in 0919 facing 3, at BF2 in the woods of 0921 facing 5: SB1 hits
    // its flank (print N), and a bow fires, so the woods add 1 (HS-R49).
    let case = Case::new().at("SB1", "0919", 3).at("BF2", "0921", 5);
    let line = "1. Normans\n  defensive-fire:\n    SB1 fire BF2 d6:4 => fire=5 defense=4 odds=1x1 BF2 disrupted\n    BF2 morale d6:1 => BF2 ok\n";
    let played = case.check(line, &[("fire-result-mismatch", "disrupted")]);
    assert_eq!(
        played.message(),
        "bow at range 2 = 4, + flank 1 = 5 against defence 3 + woods 1 = 4: 1-1, die 4 gives M; the log says disrupted (D)"
    );
    assert!(played.owed().is_empty());
    // A javelin gets no woods bonus: J1 in the same hex.
    let played = Case::new().at("J1", "0919", 3).at("BF2", "0921", 5).check(
        "1. Normans\n  defensive-fire:\n    J1 fire BF2 d6:1 => fire=3 defense=4\n",
        &[("odds-mismatch", "defense=4")],
    );
    assert_eq!(
        played.message(),
        "Normans BF2 defends with defence 3; the log says defense=4"
    );
}

#[test]
fn the_shield_wall_defends_unless_routed_and_marsh_lowers_defence() {
    // HC2 in Shield Wall: 8; disrupted it keeps it (HS-R8); routed, 5.
    let line = "1. Normans\n  fire:\n    NB1+NB2 fire HC2 d6:1 => defense=8\n";
    spec_turn_one().check(line, &[]);
    spec_turn_one()
        .set(Set::Standing("HC2", Standing::Disrupted))
        .check(line, &[]);
    let played = spec_turn_one()
        .set(Set::Standing("HC2", Standing::Routed))
        .check(line, &[("odds-mismatch", "defense=8")]);
    assert_eq!(
        played.message(),
        "Saxons HC2 defends with defence 5; the log says defense=8"
    );
    // F4 in the marsh of 1116, left wing in Shield Wall: 4 - 1.
    let played = Case::new().at("F4", "1116", 2).at("NB1", "1216", 5).check(
        "1. Normans\n  fire:\n    NB1 fire F4 d6:1 => fire=5 defense=4 odds=1.5x1\n",
        &[("odds-mismatch", "defense=4")],
    );
    assert_eq!(
        played.message(),
        "Saxons F4 defends with shield wall 4 - marsh 1 = 3; the log says defense=4"
    );
}

#[test]
fn odds_fire_and_defence_claims_are_checked() {
    let case = spec_turn_one();
    case.check(
        "1. Normans\n  fire:\n    NB1+NB2 fire HC2 d6:1 => fire=8 defense=8 odds=1x1\n",
        &[],
    );
    let played = case.check(
        "1. Normans\n  fire:\n    NB1+NB2 fire HC2 d6:1 => fire=9\n",
        &[("odds-mismatch", "fire=9")],
    );
    assert_eq!(
        played.message(),
        "NB1 bow at range 2 = 4 and NB2 bow at range 2 = 4, together 8; the log says fire=9"
    );
    let played = case.check(
        "1. Normans\n  fire:\n    NB1+NB2 fire HC2 d6:1 => odds=1.5x1\n",
        &[("odds-mismatch", "odds=1.5x1")],
    );
    assert_eq!(
        played.message(),
        "NB1 bow at range 2 = 4 and NB2 bow at range 2 = 4, together 8 against shield wall 8: 1-1; the log says odds=1.5x1"
    );
    // High trajectory reads one column left (7.3.3, HS-R16).
    let played = spec_turn_one().check(
        "1. Normans\n  defensive-fire:\n    SB1 fire NB1 high d6:1 => odds=1.5x1\n",
        &[("odds-mismatch", "odds=1.5x1")],
    );
    assert_eq!(
        played.message(),
        "bow at range 3 = 3 against defence 2: 1.5-1, one column left for high trajectory = 1-1; the log says odds=1.5x1"
    );
}

#[test]
fn odds_are_claimed_as_the_rules_print_them() {
    // The CRT's headings (7.2.7): `1-1`, `1.5-1`; `AxB` stays accepted.
    let case = spec_turn_one();
    case.check(
        "1. Normans\n  fire:\n    NB1+NB2 fire HC2 d6:1 => fire=8 defense=8 odds=1-1\n",
        &[],
    );
    Case::new().at("F4", "1116", 2).at("NB1", "1216", 5).check(
        "1. Normans\n  fire:\n    NB1 fire F4 d6:1 => fire=5 defense=3 odds=1.5-1\n",
        &[],
    );
    let played = case.check(
        "1. Normans\n  fire:\n    NB1+NB2 fire HC2 d6:1 => odds=2-1\n",
        &[("odds-mismatch", "odds=2-1")],
    );
    assert_eq!(
        played.message(),
        "NB1 bow at range 2 = 4 and NB2 bow at range 2 = 4, together 8 against shield wall 8: 1-1; the log says odds=2-1"
    );
    // High trajectory: `odds=` is the column after the shift, and the
    // help says so when a log claims the one before it.
    case.check(
        "1. Normans\n  defensive-fire:\n    SB1 fire NB1 high d6:5 => odds=1-1 NB1 disrupted\n",
        &[],
    );
    let played = case.check(
        "1. Normans\n  defensive-fire:\n    SB1 fire NB1 high d6:1 => odds=1.5-1\n",
        &[("odds-mismatch", "odds=1.5-1")],
    );
    assert_eq!(
        played.message(),
        "bow at range 3 = 3 against defence 2: 1.5-1, one column left for high trajectory = 1-1; the log says odds=1.5-1"
    );
    let help = played.out[0].help.as_deref().unwrap_or_default();
    assert!(help.contains("after its shift"), "{help}");
}

#[test]
fn below_one_to_four_fire_has_no_effect() {
    // No missile unit of the spec's setup falls below 1-4, so the case adds
    // slingers: a sling at range 2 is 1, against NF1's shield wall 5.
    let case = Case::new()
        .edit(
            "  unit F1 ",
            "  unit S1 \"Slingers\" slingers D melee=1 defense=2 wall=2 missile=sling wing=center\n  unit F1 ",
        )
        .edit("F3@0618^2", "F3@0618^2 S1@0613^2")
        .set(Set::Order(
            Formation::Section(Nation::Norman, Arm::Foot),
            Order::ShieldWall,
        ))
        .at("S1", "0812", 2)
        .at("NF1", "1013", 5);
    // A die may be written, or not; either way nothing happens.
    let played = case.check(
        "1. Normans\n  defensive-fire:\n    S1 fire NF1 d6:6 => fire=1 defense=5\n",
        &[],
    );
    assert!(played.owed().is_empty());
    assert_eq!(played.supply("S1"), 0);
    case.check(
        "1. Normans\n  defensive-fire:\n    S1 fire NF1 => fire=1 defense=5\n",
        &[],
    );
    let played = case.check(
        "1. Normans\n  defensive-fire:\n    S1 fire NF1 d6:6 => odds=1x4\n",
        &[("odds-mismatch", "odds=1x4")],
    );
    assert_eq!(
        played.message(),
        "sling at range 2 = 1 against shield wall 5: below 1-4, no effect; the log says odds=1x4"
    );
}

// ------------------------------------------------------------- results

#[test]
fn a_step_lost_owes_each_leader_in_the_hex_a_casualty_roll() {
    // NB1 in 0820 (F2's front) and NB2 in 0720 (its flank) at F2 and
    // Gyrth in 0721: 5 + 5 + flank 1 = 11 against 3, 3-1; a 5 is 1.
    let case = Case::new().at("NB1", "0820", 5).at("NB2", "0720", 3);
    let played = case.check(
        "1. Normans\n  fire:\n    NB1+NB2 fire F2 d6:5 => fire=11 defense=3 odds=3x1 F2 reduced\n",
        &[],
    );
    assert!(played.reduced("F2"));
    let gyrth = played.piece("GYR");
    assert!(matches!(
        played.owed(),
        [Owed::Casualty { leader, attack: Attack::Fire, .. }] if *leader == gyrth
    ));
    // Already reduced, F2 is eliminated.
    let played = case.set(Set::Reduced("F2")).check(
        "1. Normans\n  fire:\n    NB1+NB2 fire F2 d6:5 => F2 reduced\n",
        &[("fire-result-mismatch", "reduced")],
    );
    assert_eq!(played.standing("F2"), Standing::Eliminated);
    assert_eq!(played.out[0].label.as_ref(), "actually eliminated");
}

#[test]
fn a_lone_leader_defends_with_one_and_only_a_step_result_touches_him() {
    let case = Case::new().at("NB1", "0914", 5).leader("LEO", "0814");
    // D does nothing to him (HS-R35).
    let played = case.check(
        "1. Normans\n  fire:\n    NB1 fire LEO d6:1 => fire=5 defense=1 odds=5x1\n",
        &[],
    );
    assert!(played.owed().is_empty());
    // A 1 owes his roll on the Fire column.
    let played = case.check("1. Normans\n  fire:\n    NB1 fire LEO d6:3\n", &[]);
    assert!(matches!(
        played.owed(),
        [Owed::Casualty {
            attack: Attack::Fire,
            ..
        }]
    ));
    // A leader with a unit is no target: the unit is (7.1.7, 7.2.6).
    Case::new().at("NB1", "0820", 5).check(
        "1. Normans\n  fire:\n    NB1 fire GYR d6:3\n",
        &[("fire-blocked-unit", "GYR")],
    );
}

#[test]
fn disruption_does_nothing_more_to_a_disrupted_or_routed_unit() {
    // 5 + 5 against shield wall... NB1 and NB2 at range 2: 8 against 8,
    // die 5 gives D.
    let line = "1. Normans\n  fire:\n    NB1+NB2 fire HC2 d6:5 => HC2 disrupted\n";
    let played = spec_turn_one().check(line, &[]);
    assert_eq!(played.standing("HC2"), Standing::Disrupted);
    spec_turn_one()
        .set(Set::Standing("HC2", Standing::Disrupted))
        .check(line, &[]);
    // Routed, HC2 defends with 5: 8 against 5 is 1.5-1, die 5 still D.
    let played = spec_turn_one()
        .set(Set::Standing("HC2", Standing::Routed))
        .check(line, &[("fire-result-mismatch", "disrupted")]);
    assert_eq!(
        played.message(),
        "NB1 bow at range 2 = 4 and NB2 bow at range 2 = 4, together 8 against defence 5: 1.5-1, die 5 gives D, which leaves a routed unit routed; the log says disrupted (D)"
    );
    assert_eq!(played.standing("HC2"), Standing::Routed);
}

#[test]
fn a_morale_check_owed_by_fire_is_read_on_the_morale_table() {
    // HC2, morale A: 5 and 6 disrupt.
    let fire = "1. Normans\n  fire:\n    NB1+NB2 fire HC2 d6:3\n";
    let played = spec_turn_one().check(&format!("{fire}    HC2 morale d6:4 => HC2 ok\n"), &[]);
    assert_eq!(played.standing("HC2"), Standing::Good);
    let played = spec_turn_one().check(
        &format!("{fire}    HC2 morale d6:6 => HC2 ok\n"),
        &[("morale-mismatch", "ok")],
    );
    assert_eq!(
        played.message(),
        "Saxons HC2, morale A, rolls 6: D; the log says ok"
    );
    assert_eq!(played.standing("HC2"), Standing::Disrupted);
    assert!(played.owed().is_empty());
}

#[test]
fn a_check_with_no_effect_leaves_a_disrupted_unit_disrupted() {
    // HC2, morale A, rolls 4: no effect. Disrupted before, it stays so,
    // and the claim names that status.
    let fire = "1. Normans\n  fire:\n    NB1+NB2 fire HC2 d6:3\n";
    let disrupted = || spec_turn_one().set(Set::Standing("HC2", Standing::Disrupted));
    let played = disrupted().check(
        &format!("{fire}    HC2 morale d6:4 => HC2 disrupted\n"),
        &[],
    );
    assert_eq!(played.standing("HC2"), Standing::Disrupted);
    let played = disrupted().check(
        &format!("{fire}    HC2 morale d6:4 => HC2 ok\n"),
        &[("morale-mismatch", "ok")],
    );
    assert_eq!(
        played.message(),
        "Saxons HC2, morale A, rolls 4: -, no effect, so the unit stays disrupted; the log says ok"
    );
    assert_eq!(
        played.out[0].help.as_deref(),
        Some("a check claims the unit's status after it: `disrupted`")
    );
}

// ---------------------------------------------------------- the line

#[test]
fn the_line_names_enemies_and_rolls_one_die() {
    let case = spec_turn_one();
    case.check("1. Normans\n  fire:\n    NB1 fire HC2 d6:1\n", &[]);
    case.check(
        "1. Normans\n  fire:\n    NB1 fire HC9 d6:1\n",
        &[("unknown-unit", "HC9")],
    );
    case.check(
        "1. Normans\n  fire:\n    NB1 fire NB2 d6:1\n",
        &[("wrong-side", "NB2")],
    );
    case.check(
        "1. Normans\n  fire:\n    NB1+SB1 fire HC2 d6:1\n",
        &[("wrong-side", "SB1")],
    );
    // GF1 arrives in turn 1's Saxon movement: not on the map yet.
    case.check(
        "1. Normans\n  fire:\n    NB1 fire GF1 d6:1\n",
        &[("off-map", "GF1")],
    );
    case.check(
        "1. Normans\n  fire:\n    NB1 fire\n",
        &[("unknown-unit", "fire")],
    );
    case.check(
        "1. Normans\n  fire:\n    NB1 fire HC2 low d6:1\n",
        &[("unknown-claim", "low")],
    );
    case.check(
        "1. Normans\n  fire:\n    NB1 fire HC2\n",
        &[("missing-roll", "NB1 fire HC2")],
    );
    case.check(
        "1. Normans\n  fire:\n    NB1 fire HC2 2d6:1+3\n",
        &[("wrong-dice", "2d6:1+3")],
    );
    case.check(
        "1. Normans\n  fire:\n    NB1 fire HC2 d6:7\n",
        &[("wrong-dice", "d6:7")],
    );
}

#[test]
fn every_claim_is_read() {
    let case = spec_turn_one();
    // A firer's status is its own: NB1 is not disrupted by firing.
    let played = case.check(
        "1. Normans\n  fire:\n    NB1 fire HC2 d6:1 => NB1 disrupted\n",
        &[("claim-mismatch", "disrupted")],
    );
    assert_eq!(
        played.message(),
        "the log claims disrupted for Normans NB1, but it is ok"
    );
    case.check(
        "1. Normans\n  fire:\n    NB1 fire HC2 d6:1 => NB1 ok HC2 ok\n",
        &[],
    );
    case.check(
        "1. Normans\n  fire:\n    NB1 fire HC2 d6:1 => range=2\n",
        &[("unknown-claim", "range=2")],
    );
    case.check(
        "1. Normans\n  fire:\n    NB1 fire HC2 d6:1 => HC2 shaken\n",
        &[("fire-result-mismatch", "shaken")],
    );
    case.check(
        "1. Normans\n  fire:\n    NB1 fire HC2 d6:1 => HC3 ok\n",
        &[("unknown-claim", "HC3")],
    );
}
