//! Every rule gets a legal case and an illegal one; the illegal one expects its
//! code on its exact span. One `check` drives them all.

use senlac_engine::{Config, check as replay};
use senlac_notation::parse;

/// A small battle. Red: I foot archers B (4 cp), II heavy infantry B (5),
/// III heavy cavalry B (4), IV light infantry E (0). Blue: I light infantry C
/// (3), II heavy infantry A (6). Odd parity: Red I is 4 hexes from Blue I and
/// 5 from Blue II.
const SETUP: &str = "[Battle \"T\"] [Site \"S\"] [Date \"D\"] [Rules \"mass-combat/a\"] [Sides \"Red Blue\"] [Result \"*\"]

map hex 10x10 parity odd
terrain forest 0101-0110
army Red \"Red\"
  unit I \"Archers\" foot-archers B
  unit II \"Foot\" heavy-infantry B
  unit III \"Knights\" heavy-cavalry B
  unit IV \"Levy\" light-infantry E
army Blue \"Blue\"
  unit I \"Foot\" light-infantry C
  unit II \"Guard\" heavy-infantry A
roll Red leadership 4
bonus Red I=1 II=2 III=1
roll Blue leadership 3
bonus Blue I=1 II=2
deploy Red I@0508 II@0507 III@0308 IV@0809
deploy Blue I@0504 II@0604
first Red turn
";

/// Red's movement phase when every unit holds or waits legally.
const QUIET: &str = "  movement:\n    I wait\n    II+III hold\n    IV rout\n";

/// Replays SETUP (with `replace` applied) and `moves`; returns each violation's
/// code with the text its span covers.
fn violations(replace: (&str, &str), moves: &str) -> Vec<(String, String)> {
    let text = format!("{}\n{moves}", SETUP.replace(replace.0, replace.1));
    let archive = parse(&text);
    assert!(
        !archive.has_errors(),
        "syntax: {:?}",
        archive.all_errors().collect::<Vec<_>>()
    );
    let game = replay(&archive.battles[0], Config::default()).unwrap();
    game.violations()
        .iter()
        .map(|v| (v.code.to_string(), text[v.span.range()].to_string()))
        .collect()
}

#[track_caller]
fn check(replace: (&str, &str), moves: &str, expected: &[(&str, &str)]) {
    let got = violations(replace, moves);
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(c, s)| (c.to_string(), s.to_string()))
        .collect();
    assert_eq!(got, expected, "moves:\n{moves}");
}

const NONE: (&str, &str) = ("", "");

#[test]
fn legal_turn() {
    check(
        NONE,
        &format!("1. Red\n  volley:\n    I volley I > I endure\n{QUIET}"),
        &[],
    );
}

#[test]
fn volley_range_is_four() {
    check(
        NONE,
        &format!("1. Red\n  volley:\n    I volley II > II endure\n{QUIET}"),
        &[("mass-combat::out-of-range", "I volley II > II endure")],
    );
}

#[test]
fn only_archers_volley() {
    check(
        NONE,
        &format!("1. Red\n  volley:\n    II volley I > I endure\n{QUIET}"),
        &[("mass-combat::not-an-archer", "II volley I > I endure")],
    );
}

#[test]
fn a_forced_reaction_left_out() {
    check(
        NONE,
        &format!("1. Red\n  volley:\n    I volley I\n{QUIET}"),
        &[("mass-combat::missing-reaction", "I volley I")],
    );
}

#[test]
fn taking_damage_is_a_legal_reaction() {
    check(
        NONE,
        &format!("1. Red\n  volley:\n    I volley I > I damage\n{QUIET}"),
        &[],
    );
}

#[test]
fn command_points_overspent() {
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II+III hold\n    IV hold\n",
        &[("mass-combat::insufficient-command-points", "IV hold")],
    );
}

#[test]
fn a_unit_acting_after_it_routed() {
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II+III hold\n    IV rout\n1. Blue\n  movement:\n    I+II hold\n2. Red\n  movement:\n    I wait\n    II+III hold\n    IV hold\n",
        &[("mass-combat::unit-not-active", "IV")],
    );
}

#[test]
fn infantry_charging() {
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II charge 0506 I\n    III hold\n    IV rout\n",
        &[("mass-combat::not-cavalry", "II charge 0506 I")],
    );
}

#[test]
fn cavalry_charge_forces_infantry_to_endure() {
    // III from 0308: 0307-0306-0406-0405, next to Blue I at 0504.
    let charge = "1. Red\n  movement:\n    I wait\n    II hold\n    III charge 0307-0306-0406-0405 I > I endure-charge\n    IV rout\n";
    // Heavy cavalry B assault 6 against light infantry C assault 1.
    let attack = "  combat:\n    III attack I > I defend\n  resolve:\n    III resolve I > I lose => attack=6 defense=1\n";
    check(NONE, &format!("{charge}{attack}"), &[]);
    // A charge commits the cavalry to attack its target.
    check(
        NONE,
        charge,
        &[(
            "mass-combat::charge-not-followed",
            "III charge 0307-0306-0406-0405 I > I endure-charge",
        )],
    );
}

#[test]
fn a_move_through_impassable_terrain() {
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II hold\n    III maneuver 0208-0108\n    IV rout\n",
        &[("mass-combat::impassable", "0208-0108")],
    );
}

#[test]
fn maneuver_is_two_hexes() {
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II hold\n    III maneuver 0307-0306\n    IV rout\n",
        &[],
    );
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II hold\n    III maneuver 0307-0306-0305\n    IV rout\n",
        &[("mass-combat::too-far", "0307-0306-0305")],
    );
}

#[test]
fn advance_must_end_closer() {
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II advance 0506\n    III hold\n    IV rout\n",
        &[],
    );
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II advance 0407\n    III hold\n    IV rout\n",
        &[("mass-combat::not-closer", "II advance 0407")],
    );
}

#[test]
fn only_some_classes_wait() {
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II wait\n    III hold\n    IV rout\n",
        &[("mass-combat::cannot-wait", "II wait")],
    );
}

#[test]
fn every_unit_takes_a_movement_action() {
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II hold\n    IV rout\n1. Blue\n  movement:\n    I+II hold\n",
        &[("mass-combat::missing-action", "1. Blue")],
    );
}

#[test]
fn sides_alternate_from_the_first() {
    check(
        NONE,
        "1. Blue\n  movement:\n    I+II hold\n",
        &[("mass-combat::turn-order", "1. Blue")],
    );
}

#[test]
fn phases_come_in_order() {
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II+III hold\n    IV rout\n  volley:\n",
        &[("mass-combat::phase-order", "volley:")],
    );
}

#[test]
fn a_bonus_above_the_maximum() {
    // Grade B: base 3, at most 7.
    check(
        (
            "leadership 4\nbonus Red I=1 II=2 III=1",
            "leadership 5\nbonus Red II=5",
        ),
        "",
        &[("mass-combat::bonus-above-maximum", "II=5")],
    );
}

#[test]
fn bonus_points_that_do_not_sum_to_the_roll() {
    check(
        ("bonus Blue I=1 II=2", "bonus Blue I=1 II=1"),
        "",
        &[("mass-combat::bonus-sum", "bonus Blue I=1 II=1")],
    );
}

#[test]
fn deploying_on_impassable_terrain() {
    check(
        ("IV@0809", "IV@0105"),
        "",
        &[("mass-combat::impassable", "IV@0105")],
    );
}

#[test]
fn unknown_rules_are_refused() {
    let text = SETUP.replace("mass-combat/a", "chess/fide");
    let archive = parse(&text);
    let Err(error) = replay(&archive.battles[0], Config::default()) else {
        panic!("chess/fide is not a system senlac knows")
    };
    assert_eq!(error.code, "engine::unknown-rules");
    assert_eq!(&text[error.span.range()], "[Rules \"chess/fide\"]");
}

/// Red II advances next to Blue I and attacks it.
const ATTACK: &str = "1. Red\n  movement:\n    I wait\n    II advance 0506-0505\n    III hold\n    IV rout\n  combat:\n    II attack I > I defend\n";

#[test]
fn combat_is_resolved_with_the_tables() {
    // Heavy infantry B assault 4 against light infantry C assault 1.
    check(
        NONE,
        &format!("{ATTACK}  resolve:\n    II resolve I > I lose => attack=4 defense=1\n"),
        &[],
    );
}

#[test]
fn a_claimed_total_that_is_wrong() {
    check(
        NONE,
        &format!("{ATTACK}  resolve:\n    II resolve I > I lose => attack=5 defense=1\n"),
        &[("mass-combat::wrong-outcome", "attack=5")],
    );
}

#[test]
fn the_loser_must_take_its_loss() {
    check(
        NONE,
        &format!("{ATTACK}  resolve:\n    II resolve I\n"),
        &[("mass-combat::missing-reaction", "II resolve I")],
    );
}

#[test]
fn an_attack_left_unresolved() {
    check(
        NONE,
        &format!("{ATTACK}1. Blue\n  movement:\n    I engage\n    II hold\n"),
        &[("mass-combat::unresolved-attack", "II attack I > I defend")],
    );
}

#[test]
fn support_from_a_unit_that_is_not_adjacent() {
    // Blue II at 0604 is not next to Red II at 0505.
    check(
        NONE,
        &format!(
            "{ATTACK}  defense:\n    II support-defense I\n  resolve:\n    II resolve I > I lose\n"
        ),
        &[("mass-combat::cannot-support", "II support-defense I")],
    );
}

#[test]
fn attacking_a_unit_that_is_not_adjacent() {
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II+III hold\n    IV rout\n  combat:\n    II attack I > I defend\n",
        &[("mass-combat::not-adjacent", "II attack I > I defend")],
    );
}

#[test]
fn claimed_outcomes_are_checked() {
    let claim = |outcome: &str| {
        format!("1. Red\n  volley:\n    I volley I > I damage => {outcome}\n{QUIET}")
    };
    // Blue I: 3 command points, 1 damage after the volley.
    check(NONE, &claim("I active cp=3 damage=1"), &[]);
    check(
        NONE,
        &claim("I routed"),
        &[("mass-combat::wrong-outcome", "routed")],
    );
    check(
        NONE,
        &claim("I damage=2"),
        &[("mass-combat::wrong-outcome", "damage=2")],
    );
    check(
        NONE,
        &claim("Blue.I cp=2"),
        &[("mass-combat::wrong-outcome", "cp=2")],
    );
    check(
        NONE,
        &claim("I 0604"),
        &[("mass-combat::unknown-claim", "0604")],
    );
}

#[test]
fn variations_are_checked_and_leave_the_main_line_alone() {
    // A legal alternative: the fyrd takes the damage instead. The main line
    // still has it endure (3 - 1 = 2 command points, no damage).
    check(
        NONE,
        "1. Red\n  volley:\n    I volley I > I endure\n    ( I volley I > I damage )\n  movement:\n    I wait => Blue.I cp=2 damage=0\n    II+III hold\n    IV rout\n",
        &[],
    );
    // An illegal alternative is reported where it stands.
    check(
        NONE,
        "1. Red\n  volley:\n    I volley I > I endure\n    ( I volley II > II endure )\n  movement:\n    I wait\n    II+III hold\n    IV rout\n",
        &[("mass-combat::out-of-range", "I volley II > II endure")],
    );
}

#[test]
fn only_the_side_whose_turn_it_is_acts() {
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II+III hold\n    IV rout\n    Blue.I hold\n",
        &[("mass-combat::wrong-side", "Blue.I")],
    );
}

#[test]
fn a_missing_reaction_does_not_swallow_the_next_lines_reactions() {
    let moves = "1. Red\n  movement:\n    I wait\n    II advance 0506-0505\n    III charge 0307-0306-0406-0405 I > I endure-charge\n    IV rout\n  combat:\n    II attack I\n    III attack I > I defend\n  resolve:\n    II resolve I > I lose => attack=4 defense=1\n    III resolve I > I lose => attack=6 defense=0 Blue.I cp=0 damage=2\n";
    check(
        NONE,
        moves,
        &[("mass-combat::missing-reaction", "II attack I")],
    );
}

#[test]
fn only_a_defender_broken_by_its_loss_can_be_slaughtered() {
    // Red II loses (4 against 5); Blue II then routs of its own accord.
    let moves = "1. Red\n  movement:\n    I wait\n    II advance 0506-0505-0605\n    III hold\n    IV rout\n  combat:\n    II attack II > II defend\n  resolve:\n    II resolve II > II lose => attack=4 defense=5\n    Blue.II rout\n    Blue.I morale\n    II slaughter\n";
    check(
        NONE,
        moves,
        &[("mass-combat::unprompted-reaction", "II slaughter")],
    );
}

#[test]
fn attacks_by_or_on_a_unit_that_has_left_are_ignored() {
    check(
        NONE,
        &format!("{ATTACK}  resolve:\n    Red.II rout\n    II resolve I > I lose\n"),
        &[("mass-combat::attack-ignored", "II resolve I > I lose")],
    );
}

#[test]
fn skirmishers_feint_one_hex_away() {
    let skirmishers = (
        "unit I \"Foot\" light-infantry C",
        "unit I \"Foot\" skirmish-infantry C",
    );
    // Blue I (3 points) pays 2 and pulls back from 0504 to 0503; the attack is gone.
    check(
        skirmishers,
        "1. Red\n  movement:\n    I wait\n    II advance 0506-0505\n    III hold\n    IV rout\n  combat:\n    II attack I > I feint 0503 => Blue.I cp=1\n",
        &[],
    );
    check(
        skirmishers,
        "1. Red\n  movement:\n    I wait\n    II advance 0506-0505\n    III hold\n    IV rout\n  combat:\n    II attack I > I feint 0505\n  resolve:\n    II resolve I > I lose\n",
        &[("mass-combat::bad-feint", "feint")],
    );
    // Light infantry cannot feint; it defends instead.
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II advance 0506-0505\n    III hold\n    IV rout\n  combat:\n    II attack I > I feint 0503\n  resolve:\n    II resolve I > I lose\n",
        &[("mass-combat::cannot-feint", "feint")],
    );
}

#[test]
fn a_variation_owes_its_reactions_too() {
    check(
        NONE,
        "1. Red\n  volley:\n    I volley I > I endure\n    ( I volley I )\n  movement:\n    I wait\n    II+III hold\n    IV rout\n",
        &[("mass-combat::missing-reaction", "I volley I")],
    );
}

#[test]
fn setup_mistakes() {
    check(
        (
            "unit IV \"Levy\" light-infantry E",
            "unit III \"Levy\" light-infantry E",
        ),
        "",
        &[
            (
                "mass-combat::duplicate-unit",
                "unit III \"Levy\" light-infantry E",
            ),
            ("mass-combat::unknown-unit", "IV@0809"),
        ],
    );
    check(
        ("bonus Blue I=1 II=2", "bonus Blue I=-1 II=4"),
        "",
        &[
            ("mass-combat::negative-bonus", "I=-1"),
            ("mass-combat::bonus-sum", "bonus Blue I=-1 II=4"),
        ],
    );
}

#[test]
fn resolve_has_no_actions_and_claims_about_totals_belong_on_resolve_lines() {
    check(
        NONE,
        &format!("{QUIET}  resolve:\n    I hold\n").replacen(
            "  movement:",
            "1. Red\n  movement:",
            1,
        ),
        &[("mass-combat::wrong-phase", "hold")],
    );
    check(
        NONE,
        "1. Red\n  movement:\n    I wait => attack=3\n    II+III hold\n    IV rout\n",
        &[("mass-combat::unknown-claim", "attack=3")],
    );
}

#[test]
fn tied_leadership_rolls_decide_nothing() {
    check(
        (
            "roll Blue leadership 3\nbonus Blue I=1 II=2",
            "roll Blue leadership 4\nbonus Blue I=2 II=2",
        ),
        "",
        &[("mass-combat::tied-leadership", "4")],
    );
}

#[test]
fn a_leadership_roll_must_be_shared_out() {
    check(
        ("bonus Blue I=1 II=2\n", ""),
        "",
        &[("mass-combat::bonus-missing", "3")],
    );
}
