//! Feudal play (spec 1.1–1.3, 2.3, 2.5, 2.6, 3.4, FO-R42, FO-R43): the
//! spec's worked example (5.3) replayed through the production fold with
//! the states after each player turn, and each rule of play with a legal
//! and an illegal case, the latter with its code and the text its
//! finding points at.

mod feudal_ohw_common;
use feudal_ohw_common::brief;
use senlac_engine::Sandbox;
use senlac_engine::Violation;
use senlac_engine::feudal_ohw::state::State;
use senlac_engine::feudal_ohw::{FEUDAL_OHW, FeudalOhw};
use senlac_notation::lower::{Step, steps};
use senlac_notation::parse;

const WORKED: &str = include_str!("data/feudal-ohw-worked.sbn");

/// Plays a whole battle text: the state at the end of each player turn
/// (before each turn line after the first, and at the end), and every
/// finding, as (code, the text it points at, message).
fn replay(text: &str) -> (Vec<State>, State, Vec<(String, String, String)>) {
    let archive = parse(text);
    let notation: Vec<_> = archive.all_errors().map(|e| e.code).collect();
    assert!(notation.is_empty(), "{notation:?}\n{text}");
    let battle = &archive.battles[0];
    let mut out: Vec<Violation> = Vec::new();
    let mut fold = Sandbox::<FeudalOhw>::setup(&FEUDAL_OHW, battle, &mut out);
    let mut turns = Vec::new();
    let mut rest = steps(battle);
    while let Some(step) = rest.next() {
        let closes = matches!(step, Step::Turn { .. }) && fold.state.turn > 0;
        fold.step(&FEUDAL_OHW, &step, &rest, &mut out);
        // A turn line closes the player turn before it.
        if closes {
            turns.push(fold.state.clone());
        }
    }
    fold.finish(&FEUDAL_OHW, battle, &mut out);
    let found = brief(text, &out);
    let end = fold.state.clone();
    (turns, end, found)
}

/// One unit's numbers in the spec's table of states after each player
/// turn: hits, shots, attacked marker, removed.
type Row = (&'static str, &'static str, u8, u8, bool, bool);

fn assert_rows(state: &State, point: &str, rows: &[Row]) {
    for &(side, id, hits, shots, marker, removed) in rows {
        let s = state.roster.sides.iter().position(|n| n == side).unwrap();
        let unit = state.roster.unit(s, id).unwrap();
        let u = &state.units[unit];
        assert_eq!(
            (u.hits, u.shots, u.attacked, u.removed.is_some()),
            (hits, shots, marker, removed),
            "{side} {id} after {point}: (hits, shots, marker, removed)"
        );
    }
}

#[test]
fn worked_example_replays_with_the_spec_states_after_each_player_turn() {
    let (turns, end, found) = replay(WORKED);
    assert!(found.is_empty(), "{found:#?}");
    assert_eq!(turns.len(), 3);
    // Spec 5.3's table, each row whole (what the table leaves out has
    // not changed).
    assert_rows(
        &turns[0],
        "1.Angevins",
        &[
            ("Angevins", "K", 0, 0, false, false),
            ("Angevins", "B", 0, 1, false, false),
            ("Angevins", "S", 0, 0, false, false),
            ("Welsh", "W", 0, 0, false, false),
            ("Welsh", "F", 4, 0, true, false),
            ("Welsh", "X", 0, 0, false, false),
        ],
    );
    assert_rows(
        &turns[1],
        "1.Welsh",
        &[
            ("Angevins", "K", 4, 0, true, false),
            ("Angevins", "B", 0, 1, false, false),
            ("Angevins", "S", 3, 0, true, false),
            ("Welsh", "W", 0, 1, false, false),
            ("Welsh", "F", 3, 0, false, false),
            ("Welsh", "X", 0, 1, false, false),
        ],
    );
    assert_rows(
        &turns[2],
        "2.Angevins",
        &[
            ("Angevins", "K", 4, 0, false, false),
            ("Angevins", "B", 0, 2, false, false),
            ("Angevins", "S", 2, 0, false, false),
            ("Welsh", "W", 0, 1, false, false),
            ("Welsh", "F", 10, 0, true, false),
            ("Welsh", "X", 0, 1, false, false),
        ],
    );
    assert_rows(
        &end,
        "2.Welsh",
        &[
            ("Angevins", "K", 17, 0, true, true),
            ("Angevins", "B", 0, 2, false, false),
            ("Angevins", "S", 2, 0, false, false),
            ("Welsh", "W", 0, 1, false, false),
            ("Welsh", "F", 10, 0, false, false),
            ("Welsh", "X", 0, 2, false, false),
        ],
    );
    assert_eq!(end.lost, [1, 0]);
    assert!(end.owed.is_empty(), "{:?}", end.owed);
    assert_eq!(end.ended, None);
    // 2.A: the Angevins hold the initiative on 3 + 2 against 4.
    assert_eq!(end.initiative, Some(0));
}

/// Four units a side on a 48" table, none in contact: the battle every
/// case edits.
const SMALL: &str = "map table 48x36in
option force-morale
army A \"Angevins\"
  unit K \"Knights\" knights average
  unit L \"Lances\" knights average
  unit B \"Bowmen\" bowmen average
  unit S \"Serjeants\" serjeants average
army W \"Welsh\"
  unit F \"Spearmen\" freemen average
  unit G \"Levy\" freemen average
  unit J \"Javelins\" brigans average
  unit X \"Archers\" bowmen average
deploy A K@8x10in^90deg L@16x10in^90deg B@26x10in^90deg S@36x10in^90deg
deploy W F@8x15in^270deg G@16x15in^270deg J@26x14in^270deg X@36x24in^270deg
first A turn
";

/// F's front against K's front.
const F_FRONT: (&str, &str) = ("F@8x15in^270deg", "F@8x12.5in^270deg");
/// F facing east, its right flank against K's front.
const F_FLANK: (&str, &str) = ("F@8x15in^270deg", "F@8x13.75in^0deg");
/// G facing east, its right flank against L's front.
const G_FLANK: (&str, &str) = ("G@16x15in^270deg", "G@16x13.75in^0deg");

/// J out of every line of sight.
const J_AWAY: (&str, &str) = ("J@26x14in", "J@44x30in");

/// The small battle with `edits` made, then `movetext`.
fn small(edits: &[(&str, &str)], movetext: &str) -> String {
    let mut text = format!(
        "[Battle \"Play\"]\n[Site \"a test\"]\n[Date \"2026-01-01\"]\n[Rules \"feudal/ohw\"]\n[Sides \"A W\"]\n[Result \"*\"]\n\n{SMALL}\n{movetext}"
    );
    for (from, to) in edits {
        assert!(text.contains(from), "{from}");
        text = text.replacen(from, to, 1);
    }
    text
}

/// The one check: the findings of the small battle, edited, with
/// `movetext` played to its end, are exactly `expected`, each as (code
/// without its prefix, the text it points at). Gives the end state and
/// the findings' messages.
#[track_caller]
fn check(
    edits: &[(&str, &str)],
    movetext: &str,
    expected: &[(&str, &str)],
) -> (State, Vec<String>) {
    let text = small(edits, movetext);
    let (_, end, found) = replay(&text);
    let got: Vec<(&str, &str)> = found
        .iter()
        .map(|(c, at, _)| (c.strip_prefix("feudal-ohw::").unwrap_or(c), at.as_str()))
        .collect();
    assert_eq!(got, expected, "\n{found:#?}\n{text}");
    (end, found.into_iter().map(|(_, _, m)| m).collect())
}

fn unit(state: &State, side: usize, id: &str) -> usize {
    state.roster.unit(side, id).unwrap()
}

// The sequence of play (spec 1.1, 1.2).

#[test]
fn turns_go_in_order() {
    check(&[], "1. A\n1. W\n2. A\n2. W\n", &[]);
    check(&[], "2. A\n", &[("turn-number", "2. A")]);
    check(&[], "1. A\n1. W\n3. A\n", &[("turn-number", "3. A")]);
}

#[test]
fn the_first_side_plays_first_and_each_side_once() {
    check(&[], "1. W\n", &[("turn-order", "1. W")]);
    check(&[], "1. A\n1. A\n", &[("turn-order", "1. A")]);
    check(&[], "1. A\n2. A\n", &[("turn-order", "2. A")]);
}

#[test]
fn phases_come_in_order_and_may_be_left_out() {
    check(
        &[],
        "1. A\n  shoot:\n  melee:\n  rally:\n1. W\n  move:\n",
        &[],
    );
    check(
        &[],
        "1. A\n  move:\n  shoot:\n",
        &[("phase-order", "shoot:")],
    );
    check(&[], "1. A\n  lunch:\n", &[("unknown-phase", "lunch:")]);
    check(
        &[],
        "1. A\n  initiative:\n",
        &[("phase-order", "initiative:")],
    );
}

#[test]
fn an_action_goes_to_the_phase_of_its_verb() {
    // No label: the shot opens the shoot phase, the move the move phase.
    let (end, _) = check(
        &[],
        "1. A\n    B shoot J d6:2 => J hits=2\n    K move 2in => K@8x12in^90deg\n",
        &[],
    );
    assert_eq!(end.units[unit(&end, 1, "J")].hits, 2);
    check(
        &[],
        "1. A\n  melee:\n    K move 2in\n",
        &[("wrong-phase", "move")],
    );
}

#[test]
fn only_the_side_in_turn_acts_with_known_verbs_and_units() {
    check(&[], "1. A\n    X shoot S d6:3\n", &[("wrong-side", "X")]);
    check(&[], "1. A\n    K dance\n", &[("unknown-verb", "dance")]);
    check(&[], "1. A\n    A dance\n", &[("unknown-verb", "dance")]);
    check(&[], "1. A\n    Q move 2in\n", &[("unknown-unit", "Q")]);
}

// Force morale (FM.1, FO-R28) and the end of the battle (FO-R42).

const KILL_F: &str = "1. A\n  melee:\n    K melee F d6:6 => F took=16 removed\n";

#[test]
fn a_removal_owes_a_morale_roll_written_next() {
    let (end, _) = check(&[F_FLANK], &format!("{KILL_F}    W morale d6:1\n"), &[]);
    assert_eq!(end.lost, [0, 1]);
    assert!(end.owed.is_empty());
    check(
        &[F_FLANK],
        &format!("{KILL_F}  rally:\n    B rally\n"),
        &[("missing-morale-roll", "B rally")],
    );
    check(&[F_FLANK], KILL_F, &[("missing-morale-roll", "")]);
    check(
        &[],
        "1. A\n    W morale d6:3\n",
        &[("unowed-morale-roll", "W morale d6:3")],
    );
}

#[test]
fn a_removed_unit_is_no_target() {
    check(
        &[F_FLANK],
        &format!("{KILL_F}    W morale d6:4\n    S melee F d6:1\n"),
        &[("unit-removed", "F")],
    );
}

/// Both Welsh freemen killed on their flanks: the second morale roll, a
/// 2 halved (four units, FM.3) against two losses, routs.
const ROUT: &str = "1. A\n  melee:\n    K melee F d6:6\n    W morale d6:1\n    L melee G d6:6\n    W morale d6:2\n";

#[test]
fn a_rout_ends_the_battle() {
    let (end, _) = check(&[F_FLANK, G_FLANK], ROUT, &[]);
    assert_eq!(end.ended.map(|e| e.routed), Some(1));
    check(
        &[F_FLANK, G_FLANK],
        &format!("{ROUT}1. W\n"),
        &[("battle-over", "1. W")],
    );
    check(
        &[F_FLANK, G_FLANK],
        &format!("{ROUT}    B rally\n"),
        &[("battle-over", "B rally")],
    );
}

#[test]
fn the_result_names_the_side_that_did_not_rout() {
    let verdict = |result: &str| {
        let text = small(&[F_FLANK, G_FLANK], ROUT).replace("[Result \"*\"]", result);
        let archive = parse(&text);
        let game =
            senlac_engine::check(&archive.battles[0], senlac_engine::Config::default()).unwrap();
        game.violations()
            .iter()
            .map(|v| (v.code.to_string(), text[v.span.range()].to_string()))
            .collect::<Vec<_>>()
    };
    assert_eq!(verdict("[Result \"A\"]"), Vec::<(String, String)>::new());
    assert_eq!(
        verdict("[Result \"W\"]"),
        vec![("setup::wrong-result".to_string(), "\"W\"".to_string())]
    );
}

// Initiative (IN.2, IN.3, FO-R32) and the Triple-Zed roll-off (0.00).

const INITIATIVE: (&str, &str) = (
    "option force-morale",
    "option force-morale\noption initiative",
);

#[test]
fn each_turn_from_the_second_opens_with_the_initiative() {
    let (end, _) = check(
        &[INITIATIVE],
        "1. A\n1. W\n2. A\n  initiative:\n    A initiative d6:2 > W initiative d6:4 => A\n",
        &[],
    );
    assert_eq!(
        end.initiative,
        Some(0),
        "2 + 2 ties 4, and the holder wins ties"
    );
    // Seized: the Welsh play first in turn 2, twice in a row.
    let (end, _) = check(
        &[INITIATIVE],
        "1. A\n1. W\n2. W\n  initiative:\n    W initiative d6:5 > A initiative d6:1 => W\n2. A\n",
        &[],
    );
    assert_eq!(end.initiative, Some(1));
    check(
        &[INITIATIVE],
        "1. A\n1. W\n2. A\n  shoot:\n",
        &[("missing-initiative-roll", "shoot:")],
    );
    check(
        &[INITIATIVE],
        "1. A\n1. W\n2. A\n  initiative:\n    A initiative d6:1 > W initiative d6:4 => W\n",
        &[("turn-order", "A initiative d6:1 > W initiative d6:4 => W")],
    );
    let (_, messages) = check(
        &[INITIATIVE],
        "1. A\n1. W\n2. A\n  initiative:\n    A initiative d6:3 > W initiative d6:4 => W\n",
        &[("wrong-outcome", "W")],
    );
    assert!(
        messages[0].starts_with("holder 5 against 4"),
        "{messages:?}"
    );
}

#[test]
fn a_zed_roll_off_names_the_higher_roll() {
    check(
        &[],
        "1. A\n    A zed \"Is J in the woods?\" d6:4 > W zed d6:2 => A\n",
        &[],
    );
    check(
        &[],
        "1. A\n    A zed \"Is J in the woods?\" d6:4 > W zed d6:2 => W\n",
        &[("zed-winner", "W")],
    );
}

// Shooting (1.1–1.5, 2.8S).

#[test]
fn bowmen_shoot_an_enemy_in_front_within_range() {
    let (end, _) = check(
        &[],
        "1. A\n  shoot:\n    B shoot J d6:4 => J hits=4 attacked\n",
        &[],
    );
    let j = unit(&end, 1, "J");
    assert_eq!((end.units[j].hits, end.units[j].attacked), (4, true));
    check(
        &[],
        "1. A\n    K shoot F d6:3\n",
        &[("cannot-shoot", "shoot")],
    );
    check(&[], "1. A\n    B shoot J\n", &[("missing-roll", "shoot")]);
    check(
        &[],
        "1. A\n    B shoot S d6:3\n",
        &[("friendly-target", "S")],
    );
    let (_, messages) = check(
        &[J_AWAY],
        "1. A\n    B shoot X d6:3\n",
        &[("out-of-range", "shoot")],
    );
    assert_eq!(
        messages[0],
        "range 13.73\" is beyond bowmen's 10.0\" (2 BW)"
    );
}

#[test]
fn a_shot_needs_the_front_arc_sight_and_an_open_flank() {
    check(
        &[("X@36x24in^270deg", "X@26x3in^270deg")],
        "1. A\n    B shoot X d6:3\n",
        &[("not-in-front-arc", "shoot")],
    );
    // J stands between B and X.
    check(
        &[("X@36x24in^270deg", "X@26x18in^270deg")],
        "1. A\n    B shoot X d6:3\n",
        &[("no-line-of-sight", "shoot")],
    );
    check(
        &[("X@36x24in^270deg", "X@26x18in^0deg"), J_AWAY],
        "1. A\n    B shoot X d6:3 => X hits=3\n",
        &[],
    );
    check(
        &[
            ("X@36x24in^270deg", "X@26x18in^0deg"),
            J_AWAY,
            (
                "army A",
                "terrain woods polygon 21x14in 24x14in 24x17in 21x17in\narmy A",
            ),
        ],
        "1. A\n    B shoot X d6:3\n",
        &[("protected-flank", "shoot")],
    );
}

#[test]
fn a_unit_shoots_once_a_turn_three_times_a_battle_and_not_in_melee() {
    let three = "1. A\n    B shoot J d6:1\n1. W\n2. A\n    B shoot J d6:1\n2. W\n3. A\n    B shoot J d6:1 => B spent\n3. W\n";
    let (end, _) = check(&[], three, &[]);
    assert!(end.units[unit(&end, 0, "B")].out_of_missiles);
    check(
        &[],
        &format!("{three}4. A\n    B shoot J d6:1\n"),
        &[("out-of-missiles", "shoot")],
    );
    check(
        &[],
        "1. A\n    B shoot J d6:1\n    B shoot J d6:1\n",
        &[("already-acted", "shoot")],
    );
    check(
        &[("J@26x14in", "J@26x12.5in")],
        "1. A\n    B shoot F d6:1\n",
        &[("shooter-in-melee", "shoot")],
    );
    check(
        &[],
        "1. A\n  move:\n    B shoot J d6:1\n",
        &[("shoot-wrong-phase", "shoot")],
    );
}

#[test]
fn brigans_throw_javelins_before_or_after_their_move() {
    let (end, _) = check(
        &[],
        "1. A\n1. W\n    J shoot B d6:6 => B hits=4\n    J move 1in => J@26x13in^270deg\n",
        &[],
    );
    assert_eq!(end.units[unit(&end, 0, "B")].hits, 4);
    check(
        &[],
        "1. A\n1. W\n  move:\n    J move 1in => J@26x13in^270deg\n    J shoot B d6:3\n",
        &[],
    );
    check(
        &[],
        "1. A\n1. W\n  move:\n    J move 1in => J@26x13in^270deg\n    J shoot B d6:3\n    J move 1in => J@26x12in^270deg\n",
        &[("shot-mid-move", "move")],
    );
    check(&[], "1. A\n1. W\n  shoot:\n    J shoot B d6:3\n", &[]);
}

// Melee (3.1–3.4, FO-R22, FO-R49).

#[test]
fn a_unit_in_frontal_contact_attacks_once() {
    let (end, _) = check(
        &[F_FRONT],
        "1. A\n  melee:\n    K melee F d6:4 => F hits=6\n",
        &[],
    );
    let (k, f) = (unit(&end, 0, "K"), unit(&end, 1, "F"));
    assert_eq!(end.units[f].hits, 6);
    assert!(
        end.units[f].attacked,
        "3.3: F keeps its marker until its own rally"
    );
    assert!(
        !end.units[k].attacked,
        "4.2: K's marker comes off at the Angevin rally"
    );
    check(
        &[],
        "1. A\n    K melee F d6:4\n",
        &[("not-in-frontal-contact", "melee")],
    );
    check(
        &[F_FRONT],
        "1. A\n    K melee F d6:4\n    K melee F d6:4\n",
        &[("already-acted", "melee")],
    );
    check(
        &[F_FRONT],
        "1. A\n  rally:\n",
        &[("missing-melee", "rally:")],
    );
    check(
        &[F_FRONT],
        "1. A\n  move:\n    K move 1in\n",
        &[("engaged", "K move")],
    );
}

#[test]
fn a_flank_doubles_and_fifteen_hits_remove_at_once() {
    let (end, _) = check(&[F_FLANK], "1. A\n    K melee F d6:4 => F hits=12\n", &[]);
    assert_eq!(end.units[unit(&end, 1, "F")].hits, 12);
    let (end, _) = check(&[F_FLANK], &format!("{KILL_F}    W morale d6:5\n"), &[]);
    assert!(end.units[unit(&end, 1, "F")].removed.is_some());
}

// Claims (SU.6, FO-R43, FO-R60).

#[test]
fn a_wrong_claim_shows_the_rules_number_and_play_follows_it() {
    let text = "1. A\n    K melee F d6:4 => F hits=5\n";
    let (end, messages) = check(&[F_FRONT], text, &[("wrong-hits", "hits=5")]);
    assert_eq!(
        messages[0],
        "roll 4, knights +2 = 6 hits; W F has 6 hits; the log claims 5"
    );
    assert_eq!(
        end.units[unit(&end, 1, "F")].hits,
        6,
        "the rules' number stands"
    );
    let whole = small(&[F_FRONT], text);
    let archive = parse(&whole);
    let mut out = Vec::new();
    let mut fold = Sandbox::<FeudalOhw>::setup(&FEUDAL_OHW, &archive.battles[0], &mut out);
    fold.play(&FEUDAL_OHW, steps(&archive.battles[0]), &mut out);
    let fix = out[0].fix.as_deref().expect("a certain fix");
    assert_eq!(fix.replacement, "hits=6");
    check(
        &[F_FRONT],
        "1. A\n    K melee F d6:1 => F took=3 removed\n",
        &[("wrong-outcome", "removed")],
    );
    check(
        &[F_FRONT],
        "1. A\n    K melee F d6:1 => F took=4\n",
        &[("wrong-hits", "took=4")],
    );
    check(
        &[F_FRONT],
        "1. A\n    K melee F d6:1 => F happy\n",
        &[("unknown-claim", "happy")],
    );
    check(
        &[],
        "1. A\n    B shoot J d6:1 => B spent\n",
        &[("wrong-outcome", "spent")],
    );
}

// Rallies (4.1, 4.2, FO-R30).

#[test]
fn a_unit_that_did_nothing_rallies_at_the_phase_end() {
    // J took 4 and carries B's marker: 4.1a only.
    let (end, _) = check(&[], "1. A\n    B shoot J d6:4\n1. W\n", &[]);
    let j = unit(&end, 1, "J");
    assert_eq!((end.units[j].hits, end.units[j].attacked), (3, false));
    check(
        &[],
        "1. A\n    B shoot J d6:4\n1. W\n  rally:\n    J rally => J hits=3\n",
        &[],
    );
    check(
        &[],
        "1. A\n    B shoot J d6:4\n1. W\n    J move 1in => J@26x13in^270deg\n  rally:\n    J rally\n",
        &[("cannot-rally", "rally")],
    );
    check(
        &[],
        "1. A\n    B shoot J d6:6\n1. W\n  rally:\n    J rally => J hits=4\n",
        &[("rally-below-floor", "hits=4")],
    );
}

#[test]
fn dice_rallies_are_written_with_their_roll() {
    let dice = (
        "option force-morale",
        "option force-morale\noption dice-rally",
    );
    let (end, _) = check(
        &[dice],
        "1. A\n    B shoot J d6:4\n1. W\n    J rally d6:6 => J hits=2\n",
        &[],
    );
    assert_eq!(end.units[unit(&end, 1, "J")].hits, 2);
    check(
        &[dice],
        "1. A\n    B shoot J d6:4\n1. W\n2. A\n",
        &[("missing-rally-roll", "2. A")],
    );
}

// Personalities (PER).

const PERSONALITIES: (&str, &str) = (
    "option force-morale",
    "option force-morale\noption personalities",
);

#[test]
fn a_knight_errant_adds_one_in_melee_and_joins_a_friend_near() {
    let errant = (
        "  unit L",
        "  unit RG \"Raymond\" knight-errant personality with=K\n  unit L",
    );
    check(
        &[PERSONALITIES, errant, F_FRONT],
        "1. A\n    K melee F d6:3 => F hits=6\n",
        &[],
    );
    check(
        &[PERSONALITIES, errant],
        "1. A\n  move:\n    RG join L\n",
        &[],
    );
    check(
        &[PERSONALITIES, errant],
        "1. A\n  move:\n    RG join S\n",
        &[("personality-transfer", "RG join S")],
    );
    check(
        &[PERSONALITIES, errant],
        "1. A\n  move:\n    L move 1in => L@16x11in^90deg\n    RG join L\n",
        &[("personality-transfer", "RG join L")],
    );
}

#[test]
fn a_bow_marshal_adds_a_base_width_of_range() {
    let marshal = (
        "  unit L",
        "  unit BM \"Gwyn\" bow-marshal personality with=B\n  unit L",
    );
    check(
        &[PERSONALITIES, marshal, J_AWAY],
        "1. A\n    B shoot X d6:3 => X hits=3\n",
        &[],
    );
}

#[test]
fn a_priest_rallies_once() {
    let priest = (
        "  unit G",
        "  unit PC \"Cadoc\" priest personality with=J\n  unit G",
    );
    let (end, _) = check(
        &[PERSONALITIES, priest],
        "1. A\n    B shoot J d6:4\n1. W\n2. A\n2. W\n    J rally priest=d6:2 => J hits=0\n",
        &[],
    );
    assert_eq!(end.units[unit(&end, 1, "J")].hits, 0);
    check(
        &[PERSONALITIES],
        "1. A\n    B shoot J d6:4\n1. W\n2. A\n2. W\n    J rally priest=d6:2\n",
        &[("priest-used", "priest=d6:2")],
    );
}

#[test]
fn only_a_brabanter_rerolls_and_only_the_challenger_calls_the_strategos() {
    check(
        &[F_FRONT],
        "1. A\n    K melee F d6:1 reroll=d6:4\n",
        &[("reroll-not-allowed", "reroll=d6:4")],
    );
    check(
        &[INITIATIVE],
        "1. A\n1. W\n2. A\n  initiative:\n    A initiative d6:3 strategos > W initiative d6:4 => A\n",
        &[("strategos-used", "strategos")],
    );
}

// The options' arithmetic in play (6H, SR).

#[test]
fn six_hit_attacks_roll_their_attack_dice() {
    let six = ("option force-morale", "option force-morale\noption six-hit");
    // X1: knights (m = +2) roll 3 dice hitting on 3+.
    let (end, _) = check(
        &[six, F_FRONT],
        "1. A\n    K melee F 3d6:1+3+5 => F took=2\n",
        &[],
    );
    assert_eq!(end.units[unit(&end, 1, "F")].hits, 2);
    // X10: knights rolling two dice.
    check(
        &[six, F_FRONT],
        "1. A\n    K melee F 2d6:3+4\n",
        &[("dice-count", "melee")],
    );
}

#[test]
fn savings_rolls_are_the_targets_reaction() {
    let saves = (
        "option force-morale",
        "option force-morale\noption savings-rolls",
    );
    let serjeants = ("unit G \"Levy\" freemen", "unit G \"Levy\" serjeants");
    let front = ("G@16x15in^270deg", "G@16x12.5in^270deg");
    // Knights 5 + 2 = 7 at risk against armour: the 4, 5, 6 and 6 save.
    let (end, _) = check(
        &[saves, serjeants, front],
        "1. A\n    L melee G d6:5 > G save 7d6:1+2+3+4+5+6+6 => G took=3\n",
        &[],
    );
    assert_eq!(end.units[unit(&end, 1, "G")].hits, 3);
    check(
        &[saves, serjeants, front],
        "1. A\n    L melee G d6:5\n",
        &[("missing-save", "L melee G d6:5")],
    );
}

#[test]
fn a_unit_past_ten_hits_is_tired_for_good() {
    let tired = (
        "option force-morale",
        "option force-morale\noption tired-units",
    );
    // J: 6, rallies to 5 (4.1a, marked), then 11: tired. Its javelins then
    // roll 3 − 2 − 1 = 0.
    let text = "1. A\n    B shoot J d6:6\n1. W\n2. A\n    B shoot J d6:6 => J hits=11 tired\n2. W\n    J shoot B d6:3 => B took=0\n";
    let (end, _) = check(&[tired], text, &[]);
    let j = unit(&end, 1, "J");
    assert!(end.units[j].tired);
    assert_eq!(end.units[unit(&end, 0, "B")].hits, 0);
    check(
        &[],
        "1. A\n    B shoot J d6:6\n1. W\n2. A\n    B shoot J d6:6 => J hits=11 tired\n",
        &[("wrong-outcome", "tired")],
    );
}

#[test]
fn pursuit_is_not_played() {
    check(
        &[F_FRONT],
        "1. A\n    K pursue F d6:3\n",
        &[("wrong-phase", "pursue")],
    );
}

/// Spec 3.4 C1–C4: what an impetuous charge costs, as movement will ask it.
#[test]
fn an_impetuous_charge_pays_a_hit_an_inch_up_to_three() {
    use senlac_engine::feudal_ohw::hits::impetuous_hits;
    assert_eq!(impetuous_hits(11.2, 10.0), Ok(2));
    assert_eq!(impetuous_hits(10.004, 10.0), Ok(0));
    let fault = impetuous_hits(13.1, 10.0).unwrap_err();
    assert_eq!(fault.code.code, "feudal-ohw::impetuous-too-far");
}

#[test]
fn a_brabanters_reroll_stands_and_a_strategos_seizes_once() {
    let brabanter = (
        "  unit L",
        "  unit BR \"William\" brabanter personality with=K\n  unit L",
    );
    // The reroll stands, even when worse: 1 + 2 = 3.
    check(
        &[PERSONALITIES, brabanter, F_FRONT],
        "1. A\n    K melee F d6:4 reroll=d6:1 => F hits=3\n",
        &[],
    );
    let strategos = (
        "  unit G",
        "  unit SG \"Hywel\" strategos personality with=J\n  unit G",
    );
    // I5: the challenger's 2 + 3 against the holder's 1 + 2.
    let (end, _) = check(
        &[INITIATIVE, PERSONALITIES, strategos],
        "1. A\n1. W\n2. W\n  initiative:\n    W initiative d6:2 strategos > A initiative d6:1 => W\n",
        &[],
    );
    assert_eq!(end.initiative, Some(1));
    assert!(end.strategos_used[1]);
}

#[test]
fn trained_units_roll_the_average_die() {
    let trained = (
        "option force-morale",
        "option force-morale\noption trained-units",
    );
    let grade = (
        "unit K \"Knights\" knights average",
        "unit K \"Knights\" knights trained",
    );
    check(
        &[trained, grade, F_FRONT],
        "1. A\n    K melee F d5:4 => F hits=6\n",
        &[],
    );
    check(
        &[trained, grade, F_FRONT],
        "1. A\n    K melee F d6:4\n",
        &[("wrong-die", "d6:4"), ("missing-melee", "")],
    );
}

#[test]
fn force_morale_with_two_dice_holds_on_either() {
    let two = (
        "option force-morale",
        "option force-morale\noption force-morale-two-dice",
    );
    // Two losses; the dice halved (four units): 1 and 2, and the 2 holds.
    let (end, _) = check(
        &[two, F_FLANK, G_FLANK],
        "1. A\n  melee:\n    K melee F d6:6\n    W morale 2d6:1+1\n    L melee G d6:6\n    W morale 2d6:1+4\n",
        &[],
    );
    assert_eq!(end.ended, None);
    check(
        &[two, F_FLANK],
        "1. A\n  melee:\n    K melee F d6:6\n    W morale d6:6\n",
        &[("dice-count", "d6:6")],
    );
}

#[test]
fn a_shot_at_armour_rolls_its_saves() {
    let saves = (
        "option force-morale",
        "option force-morale\noption savings-rolls",
    );
    let near = ("X@36x24in^270deg", "X@36x20in^270deg");
    // Spec 5.4: bowmen 5 at serjeants; the 4 and the 6 save.
    check(
        &[saves, near],
        "1. A\n1. W\n    X shoot S d6:5 > S save 5d6:1+4+6+2+3 => S took=3\n",
        &[],
    );
    check(
        &[saves, near],
        "1. A\n1. W\n    X shoot S d6:5 > S save 4d6:1+4+6+2\n",
        &[("dice-count", "X shoot S d6:5 > S save 4d6:1+4+6+2")],
    );
}

#[test]
fn a_constables_unit_rallies_though_it_moved() {
    let near = ("X@36x24in^270deg", "X@36x20in^270deg");
    let constable = (
        "  unit L",
        "  unit CO \"Robert\" constable personality with=S\n  unit L",
    );
    // R5: X's 4 halved by armour gives S 2 hits and a marker; S moves and
    // still rallies 4.1a's one.
    let text = "1. A\n1. W\n    X shoot S d6:4 => S hits=2\n2. A\n    S move 1in => S@36x11in^90deg\n  rally:\n    S rally => S hits=1\n";
    check(&[PERSONALITIES, constable, near], text, &[]);
    check(&[near], text, &[("cannot-rally", "rally")]);
}

#[test]
fn a_removal_at_a_turn_lines_close_rolls_before_the_initiative() {
    let options = (
        "option force-morale",
        "option force-morale\noption initiative\noption six-hit\noption advantages",
    );
    let frail = (
        "unit K \"Knights\" knights average",
        "unit K \"Knights\" knights average dis=unenthusiastic",
    );
    let hardy = (
        "unit L \"Lances\" knights average",
        "unit L \"Lances\" knights average adv=determined",
    );
    let near = ("X@36x24in^270deg", "X@8x20in^270deg");
    let away = ("F@8x15in^270deg", "F@44x30in^270deg");
    let keep = "  initiative:\n    A initiative d6:6 > W initiative d6:1 => A\n";
    // 6H: X rolls two dice hitting on 3+; K, unenthusiastic, goes at 6
    // hits, at the end of the Welsh shoot phase that `4. A` closes.
    let text = format!(
        "1. A\n1. W\n    X shoot K 2d6:6+6 => K hits=2\n2. A\n{keep}2. W\n    X shoot K 2d6:6+6 => K hits=4\n3. A\n{keep}3. W\n    X shoot K 2d6:6+6 => K hits=6 removed\n4. A\n    A morale d6:5\n{keep}"
    );
    let (end, _) = check(&[options, frail, hardy, near, away], &text, &[]);
    assert!(end.units[unit(&end, 0, "K")].removed.is_some());
    assert_eq!((end.lost, end.ended), ([1, 0], None));
}
