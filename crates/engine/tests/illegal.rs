//! Every rule gets a legal case and an illegal one; the illegal one expects its
//! code on its exact span. One `check` drives them all.

use senlac_engine::{Config, check as replay};
use senlac_notation::parse;

/// A small battle. Red: I foot archers B (4 cp), II heavy infantry B (5),
/// III heavy cavalry B (4), IV light infantry E (0). Blue: I light infantry C
/// (3), II heavy infantry A (6). Odd parity: Red I is 4 hexes from Blue I and
/// 5 from Blue II.
const SETUP: &str = "[Battle \"T\"] [Site \"S\"] [Date \"2024-11-02\"] [Rules \"mass-combat/a\"] [Sides \"Red Blue\"] [Result \"*\"]

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
fn an_undeployed_unit_is_reported_once_and_explained() {
    // Red IV is never deployed: in reserve. Its three actions over two turns
    // give one finding, at the first.
    let undeployed = ("I@0508 II@0507 III@0308 IV@0809", "I@0508 II@0507 III@0308");
    let moves = "1. Red\n  movement:\n    I wait\n    II+III hold\n    IV hold\n1. Blue\n  movement:\n    I+II hold\n2. Red\n  movement:\n    I wait\n    II+III hold\n    IV hold\n    IV rout\n";
    check(undeployed, moves, &[("mass-combat::undeployed", "IV")]);
    let text = format!("{}\n{moves}", SETUP.replace(undeployed.0, undeployed.1));
    let archive = parse(&text);
    let game = replay(&archive.battles[0], Config::default()).unwrap();
    let found = &game.violations()[0];
    assert_eq!(
        found.message,
        "Red IV was never deployed: no `deploy` line puts it on the map, so it is in reserve, off the field, and can neither act nor be acted on"
    );
    assert!(found.rule.contains("MC-R24"), "{}", found.rule);
    assert!(!found.rule.contains("Rout Reactions"), "{}", found.rule);
    // The first unit of the log in the span: line 1 of the movetext.
    assert_eq!(
        found.span.start as usize,
        text.find("    IV hold").unwrap() + 4
    );
    // Aimed at: Blue II in reserve is reported where Red I targets it, and
    // not again when Blue II itself acts.
    check(
        ("deploy Blue I@0504 II@0604", "deploy Blue I@0504"),
        "1. Red\n  volley:\n    I volley II > II endure\n  movement:\n    I wait\n    II+III hold\n    IV rout\n1. Blue\n  movement:\n    I hold\n    II hold\n",
        &[("mass-combat::undeployed", "II")],
    );
    // Nor when an attack on it is resolved: there was no attack to resolve.
    check(
        ("deploy Blue I@0504 II@0604", "deploy Blue I@0504"),
        "1. Red\n  movement:\n    I wait\n    II advance 0506-0505-0605\n    III hold\n    IV rout\n  combat:\n    II attack II > II defend\n  resolve:\n    II resolve II > II lose\n",
        &[("mass-combat::undeployed", "II")],
    );
    // A deployed unit that routed is another matter: unit-not-active, each time.
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
fn advance_may_end_closer_to_any_enemy_not_only_the_nearest() {
    // Red II at 0507 is 3 hexes from Blue I (0504) and 4 from Blue II
    // (0604). At 0607 it is still 3 from Blue I, its nearest enemy, but 3
    // from Blue II: "closer to an enemy unit than it started" (MC-R21).
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II advance 0607\n    III hold\n    IV rout\n",
        &[],
    );
    // 0407 is 3 from Blue I and 4 from Blue II, as before: closer to neither.
    let text = format!(
        "{SETUP}\n1. Red\n  movement:\n    I wait\n    II advance 0407\n    III hold\n    IV rout\n"
    );
    let archive = parse(&text);
    let game = replay(&archive.battles[0], Config::default()).unwrap();
    let found = &game.violations()[0];
    assert_eq!(found.code, "mass-combat::not-closer");
    assert_eq!(
        found.message,
        "Red II's advance from 0507 to 0407 brings it closer to no enemy unit (its nearest enemy is 3 hexes away, and was 3 before)"
    );
    assert!(found.rule.contains("MC-R21"), "{}", found.rule);
}

#[test]
fn engaged_and_not_engaged_are_two_codes_citing_their_rules() {
    // Moving away while engaged: advance is the ruling's narrowing (MC-R21),
    // maneuver the text's "adjacent to no enemy units".
    let run = |moves: &str| {
        let text = format!("{SETUP}\n{ENGAGE}{moves}");
        let archive = parse(&text);
        let game = replay(&archive.battles[0], Config::default()).unwrap();
        game.violations()
            .iter()
            .map(|v| (v.code, text[v.span.range()].to_string(), v.rule))
            .collect::<Vec<_>>()
    };
    let advance = run("1. Blue\n  movement:\n    I advance 0404\n    II hold\n");
    assert_eq!(
        (advance[0].0, advance[0].1.as_str()),
        ("mass-combat::engaged", "I advance 0404")
    );
    assert!(advance[0].2.contains("MC-R21"), "{}", advance[0].2);
    let maneuver = run("1. Blue\n  movement:\n    I maneuver 0404\n    II hold\n");
    assert_eq!(
        (maneuver[0].0, maneuver[0].1.as_str()),
        ("mass-combat::engaged", "I maneuver 0404")
    );
    assert!(!maneuver[0].2.contains("MC-R21"), "{}", maneuver[0].2);
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
        "1. Red\n  movement:\n    I wait\n    II+III hold\n  volley:\n    IV rout\n",
        &[("mass-combat::phase-order", "volley:")],
    );
}

/// A phase that goes back once every unit of the side has moved begins
/// the other side's turn: its turn line is missing, said once, and the
/// turn is played as written.
#[test]
fn a_phase_going_back_after_a_whole_turn_is_a_missing_turn_line() {
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II+III hold\n    IV rout\n  movement:\n    I+II hold\n",
        &[("mass-combat::turn-order", "movement:")],
    );
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II+III hold\n    IV rout\n  volley:\n  movement:\n    I+II hold\n",
        &[("mass-combat::turn-order", "volley:")],
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
fn bonus_points_split_over_lines_are_summed_once() {
    // Blue's roll of 3, handed out over two lines: legal.
    check(
        ("bonus Blue I=1 II=2", "bonus Blue I=1\nbonus Blue II=2"),
        "",
        &[],
    );
    // Two lines that together fall short: reported once, at the last line.
    check(
        ("bonus Blue I=1 II=2", "bonus Blue I=1\nbonus Blue II=1"),
        "",
        &[("mass-combat::bonus-sum", "bonus Blue II=1")],
    );
    // Too many: at the line where the total passes the roll, not later.
    check(
        (
            "bonus Blue I=1 II=2",
            "bonus Blue I=1\nbonus Blue II=3\nbonus Blue I=1",
        ),
        "",
        &[("mass-combat::bonus-sum", "bonus Blue II=3")],
    );
}

#[test]
fn a_bonus_line_written_twice_is_counted_twice() {
    let text = SETUP.replace(
        "bonus Blue I=1 II=2",
        "bonus Blue I=1 II=2\nbonus Blue I=1 II=2",
    );
    let archive = parse(&text);
    let game = replay(&archive.battles[0], Config::default()).unwrap();
    let found = game.violations();
    assert_eq!(found.len(), 1, "{found:?}");
    let second = text.rfind("bonus Blue I=1 II=2").unwrap();
    assert_eq!(
        (found[0].code, found[0].span.start as usize),
        ("mass-combat::bonus-sum", second)
    );
    assert_eq!(
        found[0].message,
        "Blue's bonus points sum to 6 over its 2 `bonus` lines, but the leadership roll was 3"
    );
    assert_eq!(&*found[0].label, "6 points > 3");
    assert_eq!(
        found[0].help.as_deref(),
        Some(
            "this line repeats an earlier `bonus Blue` line, which counts its points twice: remove one"
        )
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

/// The rule each finding of SETUP (with `replace`) and `moves` cites.
fn rules_cited(replace: (&str, &str), moves: &str) -> Vec<(&'static str, &'static str)> {
    let text = format!("{}\n{moves}", SETUP.replace(replace.0, replace.1));
    let archive = parse(&text);
    let game = replay(&archive.battles[0], Config::default()).unwrap();
    game.violations().iter().map(|v| (v.code, v.rule)).collect()
}

#[test]
fn rulings_are_cited_by_the_findings_they_decide() {
    // MC-R11: `Side.ID` names a unit but cannot make it act out of turn.
    let cited = rules_cited(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II+III hold\n    IV rout\n    Blue.I hold\n",
    );
    assert_eq!(cited[0].0, "mass-combat::wrong-side");
    assert!(cited[0].1.contains("MC-R11"), "{}", cited[0].1);
    // MC-R19: horse archers are archers, not cavalry.
    let horse = (
        "unit I \"Archers\" foot-archers B",
        "unit I \"Archers\" horse-archers B",
    );
    let moves = "1. Red\n  movement:\n    I charge 0507 I\n    II+III hold\n    IV rout\n";
    check(
        horse,
        moves,
        &[("mass-combat::not-cavalry", "I charge 0507 I")],
    );
    let cited = rules_cited(horse, moves);
    assert!(cited[0].1.contains("MC-R19"), "{}", cited[0].1);
    // Infantry charging is the text's own rule: no ruling.
    let cited = rules_cited(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II charge 0506 I\n    III hold\n    IV rout\n",
    );
    assert_eq!(
        cited,
        [(
            "mass-combat::not-cavalry",
            "mass-combat §Turn Order, 2. Movement"
        )]
    );
    // MC-R5: a pair Mass Combat does not read.
    let cited = rules_cited(
        (
            "unit IV \"Levy\" light-infantry E",
            "unit IV \"Levy\" light-infantry E morale=3",
        ),
        "",
    );
    assert_eq!(cited[0].0, "mass-combat::unread-pair");
    assert!(cited[0].1.contains("MC-R5"), "{}", cited[0].1);
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
        // The second III is refused, so the IV deployed below no longer exists.
        &[
            ("setup::duplicate-unit", "III"),
            ("setup::unknown-unit", "IV@0809"),
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

// Setup: the tags, the map, the armies, the leadership rolls, the deployment.

#[test]
fn mass_combat_is_fought_by_two_sides() {
    check(
        ("[Sides \"Red Blue\"]", "[Sides \"Red Blue Green\"]"),
        "",
        // Green has no army either: the tag's own warning names it.
        &[
            ("setup::sides-tag", "Green"),
            ("mass-combat::sides", "[Sides \"Red Blue Green\"]"),
        ],
    );
}

#[test]
fn mass_combat_is_played_on_a_hex_map() {
    check(
        ("map hex 10x10 parity odd", "map square 10x10"),
        "",
        // One error: the square grid still sizes the map, so the
        // deployments on it are not reported again.
        &[("mass-combat::wrong-map", "map square 10x10")],
    );
}

#[test]
fn terrain_lies_on_hexes_not_shapes() {
    check(
        (
            "terrain forest 0101-0110",
            "terrain forest 0101-0110\nterrain wood circle 5x5in radius=1in",
        ),
        "",
        &[("setup::wrong-board", "circle")],
    );
}

#[test]
fn units_deploy_on_hexes_not_points() {
    check(
        ("IV@0809", "IV@8x9in"),
        "",
        &[("setup::wrong-board", "IV@8x9in")],
    );
}

#[test]
fn a_crest_hexside_joins_neighbours() {
    check(
        ("first Red turn", "hexside crest 0304/0305\nfirst Red turn"),
        "",
        &[],
    );
    check(
        ("first Red turn", "hexside crest 0304/0306\nfirst Red turn"),
        "",
        &[("setup::not-a-hexside", "0304/0306")],
    );
}

#[test]
fn a_unit_class_is_one_of_the_rules() {
    check(
        ("light-infantry E", "levy-infantry E"),
        "",
        &[(
            "mass-combat::unknown-class",
            "unit IV \"Levy\" levy-infantry E",
        )],
    );
}

#[test]
fn a_unit_grade_is_a_to_e() {
    check(
        ("light-infantry E", "light-infantry F"),
        "",
        &[(
            "mass-combat::unknown-grade",
            "unit IV \"Levy\" light-infantry F",
        )],
    );
}

#[test]
fn a_unit_has_a_grade() {
    check(
        ("light-infantry E", "light-infantry"),
        "",
        &[(
            "mass-combat::unknown-grade",
            "unit IV \"Levy\" light-infantry",
        )],
    );
}

#[test]
fn setup_lines_are_mass_combats_own() {
    check(
        ("first Red turn", "weather rain\nfirst Red turn"),
        "",
        &[("mass-combat::unknown-directive", "weather")],
    );
}

#[test]
fn a_setup_line_names_a_side_of_the_battle() {
    check(
        ("first Red turn", "first Green turn"),
        "",
        &[("setup::unknown-side", "Green")],
    );
}

#[test]
fn a_unit_is_deployed_once() {
    check(
        ("IV@0809", "IV@0809 I@0408"),
        "",
        &[("setup::deployed-twice", "I@0408")],
    );
}

#[test]
fn deploying_off_the_map() {
    check(("IV@0809", "IV@0811"), "", &[("setup::off-map", "IV@0811")]);
}

#[test]
fn deploying_on_a_unit() {
    check(
        ("IV@0809", "IV@0508"),
        "",
        &[("setup::occupied", "IV@0508")],
    );
}

/// Red won the leadership roll; with `order` it deploys first, or not.
const DEPLOYMENT: &str =
    "deploy Red I@0508 II@0507 III@0308 IV@0809\ndeploy Blue I@0504 II@0604\nfirst Red turn";

#[test]
fn the_side_that_chose_to_deploy_first_deploys_first() {
    check(
        (
            DEPLOYMENT,
            "first Red deploy\ndeploy Red I@0508 II@0507 III@0308 IV@0809\ndeploy Blue I@0504 II@0604",
        ),
        "",
        &[],
    );
    check(
        (
            DEPLOYMENT,
            "first Red deploy\ndeploy Blue I@0504 II@0604\ndeploy Red I@0508 II@0507 III@0308 IV@0809",
        ),
        "",
        &[(
            "mass-combat::deployment-order",
            "deploy Blue I@0504 II@0604",
        )],
    );
}

#[test]
fn bonus_points_follow_a_leadership_roll() {
    check(
        ("roll Blue leadership 3\n", ""),
        "",
        &[("mass-combat::bonus-without-roll", "bonus Blue I=1 II=2")],
    );
}

#[test]
fn the_winner_chooses_deploy_or_turn() {
    check(
        ("first Red turn", "first Red battle"),
        "",
        &[("mass-combat::unknown-choice", "first Red battle")],
    );
}

// Turns and phases.

#[test]
fn turns_are_numbered_in_order() {
    check(
        NONE,
        &format!("2. Red\n{QUIET}"),
        &[("mass-combat::turn-number", "2. Red")],
    );
}

#[test]
fn a_turn_names_a_side_of_the_battle() {
    check(
        NONE,
        &format!("1. Red\n{QUIET}1. Green\n"),
        &[("mass-combat::unknown-side", "1. Green")],
    );
}

#[test]
fn phases_are_the_rules_phases() {
    check(
        NONE,
        &format!("1. Red\n{QUIET}  rally:\n"),
        &[("mass-combat::unknown-phase", "rally:")],
    );
}

#[test]
fn actions_are_taken_inside_a_phase() {
    // The first `I wait` starts the movement phase it belongs to: reported
    // once, and neither the late label nor the second `I wait` is reported
    // again.
    check(
        NONE,
        "1. Red\n    I wait\n  movement:\n    I wait\n    II+III hold\n    IV rout\n",
        &[("mass-combat::missing-phase", "I wait")],
    );
}

#[test]
fn actions_are_the_rules_verbs() {
    check(
        NONE,
        &format!("1. Red\n  volley:\n    I shoot I\n{QUIET}"),
        &[("mass-combat::unknown-verb", "shoot")],
    );
}

#[test]
fn reactions_are_the_rules_verbs() {
    // The unknown reaction answers the volley as far as the checker can
    // tell: one mistake, one finding (no missing reaction besides).
    check(
        NONE,
        &format!("1. Red\n  volley:\n    I volley I > I cower\n{QUIET}"),
        &[("mass-combat::unknown-verb", "cower")],
    );
}

#[test]
fn a_misspelt_reaction_is_answered_as_the_one_it_nearly_names() {
    let found = violations(
        NONE,
        &format!("1. Red\n  volley:\n    I volley I > I endrue\n{QUIET}"),
    );
    assert_eq!(
        found,
        vec![(
            "mass-combat::unknown-verb".to_string(),
            "endrue".to_string()
        )]
    );
}

#[test]
fn a_misspelt_action_is_played_as_the_one_it_nearly_names() {
    // `advnace` is reported once, with a suggestion, and played as an
    // advance, so Red II is where the rest of the log expects it.
    let moves = "1. Red\n  movement:\n    I wait\n    II advnace 0506\n    III hold\n    IV rout\n";
    let found = violations(NONE, moves);
    assert_eq!(
        found,
        vec![(
            "mass-combat::unknown-verb".to_string(),
            "advnace".to_string()
        )]
    );
    let shoot = violations(NONE, &format!("1. Red\n  volley:\n    I check I\n{QUIET}"));
    assert_eq!(
        shoot,
        vec![("mass-combat::unknown-verb".to_string(), "check".to_string())]
    );
}

// Targets.

#[test]
fn a_volley_names_its_target() {
    check(
        NONE,
        &format!("1. Red\n  volley:\n    I volley\n{QUIET}"),
        &[("mass-combat::missing-target", "I volley")],
    );
}

#[test]
fn a_volley_targets_an_enemy() {
    check(
        NONE,
        &format!("1. Red\n  volley:\n    I volley Red.II\n{QUIET}"),
        &[("mass-combat::friendly-target", "Red.II")],
    );
}

// Movement.

/// Red II advances next to Blue I; in Blue's turn Blue I is engaged.
const ENGAGE: &str =
    "1. Red\n  movement:\n    I wait\n    II advance 0506-0505\n    III hold\n    IV rout\n";

#[test]
fn a_unit_next_to_an_enemy_engages_instead_of_holding() {
    check(
        NONE,
        &format!("{ENGAGE}1. Blue\n  movement:\n    I engage\n    II hold\n"),
        &[],
    );
    check(
        NONE,
        &format!("{ENGAGE}1. Blue\n  movement:\n    I hold\n    II hold\n"),
        &[("mass-combat::hold-while-adjacent", "I hold")],
    );
}

#[test]
fn a_move_names_its_hexes() {
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II hold\n    III maneuver\n    IV rout\n",
        &[("mass-combat::missing-path", "III maneuver")],
    );
}

#[test]
fn only_an_engaged_unit_disengages() {
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II disengage 0506\n    III hold\n    IV rout\n",
        &[("mass-combat::not-engaged", "II disengage 0506")],
    );
}

#[test]
fn an_engaged_unit_does_not_advance() {
    check(
        NONE,
        &format!("{ENGAGE}1. Blue\n  movement:\n    I advance 0404\n    II hold\n"),
        &[("mass-combat::engaged", "I advance 0404")],
    );
}

#[test]
fn a_path_goes_hex_by_hex() {
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II hold\n    III maneuver 0306\n    IV rout\n",
        &[("mass-combat::broken-path", "0306")],
    );
    // The broken step is labelled, not the whole path: III stands at 0308.
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II hold\n    III maneuver 0308-0307-0305\n    IV rout\n",
        &[("mass-combat::broken-path", "0307-0305")],
    );
}

#[test]
fn a_move_stays_on_the_map() {
    check(
        ("III@0308", "III@0310"),
        "1. Red\n  movement:\n    I wait\n    II hold\n    III maneuver 0311\n    IV rout\n",
        &[("mass-combat::off-map", "0311")],
    );
}

#[test]
fn a_move_does_not_enter_a_unit() {
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II hold\n    III maneuver 0408-0508\n    IV rout\n",
        &[("mass-combat::occupied", "0408-0508")],
    );
}

#[test]
fn a_disengage_ends_next_to_no_enemy() {
    let blue = "1. Blue\n  movement:\n    I engage\n    II hold\n";
    let red = |to: &str| {
        format!("2. Red\n  movement:\n    I wait\n    II disengage {to}\n    III hold\n")
    };
    check(
        NONE,
        &format!("{ENGAGE}{blue}{}", red("0506 > I allow")),
        &[],
    );
    check(
        NONE,
        &format!("{ENGAGE}{blue}{}", red("0605")),
        &[("mass-combat::still-engaged", "II disengage 0605")],
    );
}

#[test]
fn a_charge_ends_next_to_its_target() {
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II hold\n    III charge 0307-0306 I > I endure-charge\n    IV rout\n",
        &[(
            "mass-combat::charge-short",
            "III charge 0307-0306 I > I endure-charge",
        )],
    );
}

// Combat.

#[test]
fn archers_do_not_attack() {
    check(
        NONE,
        &format!("1. Red\n{QUIET}  combat:\n    I attack I > I defend\n"),
        &[("mass-combat::archers-do-not-fight", "I attack I > I defend")],
    );
}

#[test]
fn a_defending_unit_does_not_support() {
    // Red II attacks Blue II and Red III charges Blue I; Blue I defends, so it
    // cannot also support Blue II's defense, though it stands next to Red II.
    check(
        NONE,
        "1. Red\n  movement:\n    I wait\n    II advance 0506-0505-0605\n    III charge 0307-0306-0406-0405 I > I endure-charge\n    IV rout\n  combat:\n    II attack II > II defend\n    III attack I > I defend\n  defense:\n    I support-defense II\n  resolve:\n    II resolve II > II lose => attack=4 defense=5\n    III resolve I > I lose\n",
        &[("mass-combat::defending", "I support-defense II")],
    );
}

#[test]
fn support_goes_to_an_attacked_unit() {
    check(
        NONE,
        &format!(
            "{ATTACK}  defense:\n    II support-defense II\n  resolve:\n    II resolve I > I lose\n"
        ),
        &[("mass-combat::no-such-attack", "II")],
    );
}

#[test]
fn resolve_names_a_declared_attack() {
    check(
        NONE,
        &format!("{ATTACK}  resolve:\n    II resolve I > I lose\n    III resolve II\n"),
        &[("mass-combat::no-such-attack", "III resolve II")],
    );
}

#[test]
fn an_action_names_a_unit_of_the_side() {
    check(
        NONE,
        &format!("1. Red\n  volley:\n    IX volley I > I endure\n{QUIET}"),
        &[("mass-combat::unknown-unit", "IX")],
    );
}

#[test]
fn an_action_takes_only_its_arguments() {
    // `wait` takes nothing: the first stray word is reported, and the wait
    // is played as written (no cascade from the rest).
    check(
        NONE,
        "1. Red\n  volley:\n    I volley I > I endure\n  movement:\n    I wait 0101 foo bar=1 \"str\" 2d6:3+4\n    II+III hold\n    IV rout\n",
        &[("mass-combat::extra-argument", "0101")],
    );
    // A reaction too: `endure` takes nothing.
    check(
        NONE,
        &format!("1. Red\n  volley:\n    I volley I > I endure 0505\n{QUIET}"),
        &[("mass-combat::extra-argument", "0505")],
    );
    // Nor a unit.
    check(
        NONE,
        &format!("1. Red\n  volley:\n    I volley I > I endure Blue.II\n{QUIET}"),
        &[("mass-combat::extra-argument", "Blue.II")],
    );
}

#[test]
fn a_unit_has_a_size_in_men() {
    for (size, text) in [
        ("size=0", "0"),
        ("size=-1", "-1"),
        ("size=99999999999999999999", "99999999999999999999"),
        ("size=lots", "lots"),
    ] {
        check(
            (
                "unit IV \"Levy\" light-infantry E",
                &format!("unit IV \"Levy\" light-infantry E {size}"),
            ),
            "",
            &[("mass-combat::bad-size", text)],
        );
    }
    check(
        (
            "unit IV \"Levy\" light-infantry E",
            "unit IV \"Levy\" light-infantry E size=800",
        ),
        "",
        &[],
    );
}

#[test]
fn a_unit_line_gives_each_pair_once_and_only_pairs_that_are_read() {
    check(
        (
            "unit IV \"Levy\" light-infantry E",
            "unit IV \"Levy\" light-infantry E size=800 size=5",
        ),
        "",
        &[("setup::repeated-pair", "size=5")],
    );
    check(
        (
            "unit IV \"Levy\" light-infantry E",
            "unit IV \"Levy\" light-infantry E bogus=1",
        ),
        "",
        &[("mass-combat::unread-pair", "bogus=1")],
    );
}

#[test]
fn a_misspelt_phase_or_side_is_played_as_the_one_it_nearly_names() {
    // `movemnet:` starts the movement phase; `1. Rde` is Red's turn: one
    // finding each, and the turn is checked as written.
    check(
        NONE,
        "1. Red\n  movemnet:\n    I wait\n    II+III hold\n    IV rout\n",
        &[("mass-combat::unknown-phase", "movemnet:")],
    );
    check(
        NONE,
        &format!("1. Rde\n{QUIET}"),
        &[("mass-combat::unknown-side", "1. Rde")],
    );
}

#[test]
fn an_action_of_a_later_phase_starts_that_phase_once() {
    // The movement label is missing after the volley: one finding, at the
    // first movement action.
    check(
        NONE,
        "1. Red\n  volley:\n    I volley I > I endure\n    I wait\n    II+III hold\n    IV rout\n",
        &[("mass-combat::wrong-phase", "wait")],
    );
}

/// The help of the only finding `moves` gives.
fn help_of(moves: &str) -> String {
    let text = format!("{SETUP}\n{moves}");
    let archive = parse(&text);
    let game = replay(&archive.battles[0], Config::default()).unwrap();
    let found = game.violations();
    assert_eq!(found.len(), 1, "{found:#?}");
    found[0].help.as_deref().unwrap_or_default().to_string()
}

#[test]
fn findings_say_the_fix() {
    // A broken path names the hexes it could go on to.
    let help = help_of(
        "1. Red\n  movement:\n    I wait\n    II advance 0507-0505\n    III hold\n    IV rout\n",
    );
    assert!(
        help.contains("the hexes next to 0507 are 0506, 0607, 0608, 0508, 0408, 0407"),
        "{help}"
    );
    // An attack on an enemy not next to the attacker says where both stand.
    let help = help_of(
        "1. Red\n  movement:\n    I wait\n    II hold\n    III hold\n    IV rout\n  combat:\n    II attack I > I defend\n",
    );
    assert!(
        help.contains("II is at 0507 and I at 0504, 3 hexes apart"),
        "{help}"
    );
    // A volley out of range lists what is in range.
    let help = help_of(
        "1. Red\n  volley:\n    I volley II > II endure\n{QUIET}"
            .replace("{QUIET}", QUIET)
            .as_str(),
    );
    assert_eq!(help, "within 4 hexes of 0508: I");
    // A unit id that is a slip of another, and one of the other side's.
    let help = help_of(
        "1. Red\n  volley:\n    I volley I > I endure\n  movement:\n    I wait\n    II+III hold\n    IV rout\n    VI hold\n",
    );
    assert_eq!(help, "did you mean `IV`? Red's units are I, II, III, IV");
}

#[test]
fn terrain_mass_combat_does_not_read_is_a_warning() {
    // `frost` is no terrain of Mass Combat's: drawn as open ground, so a
    // slip of `forest` would let units walk through the wood unremarked.
    check(
        ("terrain forest 0101-0110", "terrain frost 0101-0110"),
        &format!("1. Red\n{QUIET}"),
        &[("mass-combat::unread-terrain", "terrain frost 0101-0110")],
    );
    check(NONE, &format!("1. Red\n{QUIET}"), &[]);
}

/// Looking for what a word nearly names costs a string distance per
/// candidate: it belongs on the path of a mistake. A clean battle (the
/// samples, and generated battles of both editions) makes no lookup at all.
/// (A lookup per `resolve` once made lint seven times slower.)
#[test]
fn a_clean_battle_looks_up_no_slip() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut texts: Vec<String> = ["samples/hastings.sbn", "samples/fulford.sbn"]
        .iter()
        .map(|p| std::fs::read_to_string(root.join(p)).unwrap())
        .collect();
    for tag in ["mass-combat/a", "mass-combat/b"] {
        senlac_engine::system(tag)
            .unwrap()
            .generate(20, 7, &mut |battle| texts.push(battle.to_string()));
    }
    let before = senlac_notation::fix::lookups();
    for text in &texts {
        let archive = parse(text);
        for battle in &archive.battles {
            assert!(senlac_notation::lower::check(battle).is_empty());
            let game = replay(battle, Config::default()).unwrap();
            assert!(game.violations().is_empty(), "{:?}", game.violations());
        }
    }
    assert_eq!(senlac_notation::fix::lookups() - before, 0);
}
