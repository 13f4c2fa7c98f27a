//! TDGS Mass Combat's setup against the spec (section 2.1, SETUP-1..15; the
//! slots of COMMAND-3..5; UNITS-2): for every rule a legal setup and an
//! illegal one, each finding by its code and the exact text it points at;
//! and the spec's Harrow Ford setup (sections 5.3 and 6), clean, with the
//! roster the spec derives.

use senlac_engine::tdgs::TDGS;
use senlac_engine::tdgs::event::Event;
use senlac_engine::tdgs::setup::setup;
use senlac_engine::tdgs::state::{Edge, Kind, State, Status};
use senlac_engine::tdgs::tables::{self, Command, Order, Terrain, Trigger, Weapon};
use senlac_engine::{Config, Violation};
use senlac_notation::parse;
use senlac_notation::value::Cell;

const TAGS: &str = "[Battle \"Test\"]\n[Site \"Table 1\"]\n[Date \"2026-01-01\"]\n[Rules \"tdgs/mass-combat\"]\n[Sides \"Crown Raiders\"]\n[Result \"*\"]\n\n";

/// Nine legal stats: CON 14 gives 70 HP, CHA 12 a bonus of +1.
const STATS: &str = "str=20 dex=15 ref=15 con=14 mov=6 int=10 wis=10 cha=12 luk=0";

/// The one check: sets up `text`, asserts the findings are exactly
/// `expected`, each as its code and the text its span covers, in order of
/// place; returns the state and the findings for closer looks.
#[track_caller]
fn check(text: &str, expected: &[(&str, &str)]) -> (State, Vec<Violation>) {
    let archive = parse(text);
    let notation: Vec<_> = archive.all_errors().collect();
    assert!(notation.is_empty(), "{notation:?}\n{text}");
    let battle = &archive.battles[0];
    let lowering = senlac_notation::lower::check(battle);
    assert!(lowering.is_empty(), "{lowering:?}\n{text}");
    let mut out = Vec::new();
    let state = setup(battle, &mut out).fold(senlac_engine::tdgs::event::apply);
    let mut found: Vec<(u32, &str, &str)> = out
        .iter()
        .map(|v| (v.span.start, v.code, &text[v.span.range()]))
        .collect();
    found.sort_by_key(|&(start, ..)| start);
    let found: Vec<(&str, &str)> = found.into_iter().map(|(_, c, t)| (c, t)).collect();
    assert_eq!(found, expected, "\n{text}");
    (state, out)
}

/// An entity line: `unit ID "ID" infantry-squad regular` with the nine
/// stats, each of `changes` (`str=140`, `kind=hero`) replacing the stat of
/// its key or added after them.
fn entity(id: &str, changes: &str) -> String {
    let mut pairs: Vec<String> = STATS.split(' ').map(str::to_string).collect();
    for change in changes.split_whitespace() {
        let key = change.split('=').next().unwrap_or(change);
        match pairs.iter_mut().find(|p| p.split('=').next() == Some(key)) {
            Some(pair) => *pair = change.to_string(),
            None => pairs.push(change.to_string()),
        }
    }
    format!(
        "  unit {id} \"{id}\" infantry-squad regular {}\n",
        pairs.join(" ")
    )
}

/// An entity line without one stat.
fn without(id: &str, key: &str) -> String {
    let prefix = format!("{key}=");
    let pairs: Vec<&str> = STATS
        .split(' ')
        .filter(|p| !p.starts_with(&prefix))
        .collect();
    format!(
        "  unit {id} \"{id}\" infantry-squad regular {}\n",
        pairs.join(" ")
    )
}

/// A battle on a 10×10 map: the Crown's entities, the Raiders', then the
/// remaining setup lines.
fn battle(crown: &str, raiders: &str, rest: &str) -> String {
    format!(
        "{TAGS}map square 10x10\narmy Crown \"Crown\" edge=s\n{crown}army Raiders \"Raiders\" edge=n\n{raiders}{rest}"
    )
}

/// One entity a side, A at 0208 and R at 0202, with `a` changing A.
fn duel(a: &str) -> String {
    battle(
        &entity("A", a),
        &entity("R", ""),
        "deploy Crown A@0208\ndeploy Raiders R@0202\n",
    )
}

fn cell(text: &str) -> Cell {
    Cell::parse(text).unwrap()
}

/// The entity of a side with an id.
fn at(state: &State, side: &str, id: &str) -> usize {
    let side = state.roster.side_index(side).unwrap();
    state.roster.entity(side, id).unwrap()
}

// --------------------------------------------------------------- SETUP-1

#[test]
fn setup_1_the_battlefield_is_a_square_grid() {
    let (state, _) = check(&duel(""), &[]);
    assert_eq!((state.roster.columns, state.roster.rows), (10, 10));
    assert_eq!(state.roster.ground.len(), 100);
    check(
        &duel("").replace("map square 10x10", "map hex 10x10 parity odd"),
        &[("tdgs::map-not-square", "map hex 10x10 parity odd")],
    );
}

// --------------------------------------------------------------- SETUP-2

#[test]
fn setup_2_terrain_kinds_are_core_d14s_and_squares_may_take_several() {
    let (state, _) = check(
        &format!(
            "{}terrain difficult 0501-0503\nterrain cover-half 0502\nterrain open 0909\n",
            duel("")
        ),
        &[],
    );
    let ground = state.roster.ground_at(cell("0502")).unwrap();
    assert!(ground.has(Terrain::Difficult) && ground.has(Terrain::CoverHalf));
    assert_eq!(ground.step_cost(), Some(2));
    assert_eq!(ground.cover(), tables::Cover::Half);
    assert!(
        state
            .roster
            .ground_at(cell("0909"))
            .unwrap()
            .has(Terrain::Open)
    );
    assert_eq!(state.roster.ground_at(cell("1111")), None);

    check(
        &format!("{}terrain forest 0505\n", duel("")),
        &[("tdgs::unknown-terrain", "forest")],
    );
    let (_, out) = check(
        &format!("{}terrain dificult 0505\n", duel("")),
        &[("tdgs::unknown-terrain", "dificult")],
    );
    assert_eq!(out[0].fix.as_ref().unwrap().replacement, "difficult");
    check(
        &format!("{}terrain difficult=2 0505\n", duel("")),
        &[("tdgs::unknown-terrain", "difficult=2")],
    );
    // Off the map is the generic setup's finding.
    check(
        &format!("{}terrain blocking 0909-1011\n", duel("")),
        &[("setup::off-map", "0909-1011")],
    );
}

// --------------------------------------------------------------- SETUP-3

#[test]
fn setup_3_every_side_has_one_army_and_there_are_two() {
    let (state, _) = check(&duel(""), &[]);
    assert_eq!(state.roster.sides, ["Crown", "Raiders"]);
    // A tagged side without an army: an error where the generic setup
    // would only warn, and in its place.
    check(
        &format!(
            "{TAGS}map square 10x10\narmy Crown \"Crown\"\n{}deploy Crown A@0208\n",
            entity("A", "")
        ),
        &[("tdgs::missing-army", "Raiders")],
    );
    // One side in all.
    check(
        &format!(
            "{}map square 10x10\narmy Crown \"Crown\"\n{}deploy Crown A@0208\n",
            TAGS.replace("Crown Raiders", "Crown"),
            entity("A", "")
        ),
        &[("tdgs::missing-army", "\"Crown\"")],
    );
    // An army of a side the tag does not name, and a second army for a
    // side, are the generic setup's.
    check(
        &duel("").replace("army Raiders", "army Pirates"),
        &[("setup::unknown-side", "Pirates")],
    );
    check(
        &format!("{}army Crown \"Again\"\n", duel("")),
        &[("setup::duplicate-side", "Crown")],
    );
}

// --------------------------------------------------------------- SETUP-4

#[test]
fn setup_4_nine_whole_stats_in_range() {
    let (state, _) = check(&duel("luk=-2"), &[]);
    let a = &state.roster.entities[at(&state, "Crown", "A")];
    assert_eq!(
        (
            a.stats.str,
            a.stats.ref_,
            a.stats.con,
            a.stats.cha,
            a.stats.luk
        ),
        (20, 15, 14, 12, -2)
    );
    let (_, out) = check(&duel("str=140"), &[("tdgs::stat-out-of-range", "str=140")]);
    assert_eq!(
        out[0].message,
        "STR 140 is out of range: stats are 0 to 100"
    );
    check(&duel("con=0"), &[("tdgs::stat-out-of-range", "con=0")]);
    check(&duel("luk=12"), &[("tdgs::stat-out-of-range", "luk=12")]);
    check(&duel("dex=2.5"), &[("tdgs::stat-out-of-range", "dex=2.5")]);
    let line = without("A", "dex");
    let text = battle(
        &line,
        &entity("R", ""),
        "deploy Crown A@0208\ndeploy Raiders R@0202\n",
    );
    check(&text, &[("tdgs::missing-stat", line.trim())]);
    // A slip of a stat's key is one finding, not also a missing stat.
    let slip = entity("A", "").replace("dex=", "dexx=");
    let text = battle(
        &slip,
        &entity("R", ""),
        "deploy Crown A@0208\ndeploy Raiders R@0202\n",
    );
    let (_, out) = check(&text, &[("tdgs::unknown-key", "dexx=15")]);
    assert_eq!(out[0].fix.as_ref().unwrap().replacement, "dex");
    // A key given twice is the generic finding on the second; the first
    // stands, for a stat as for a key TDGS does not define.
    let twice = entity("A", "").replace("luk=0", "luk=0 str=30 grit=1 grit=2");
    let text = battle(
        &twice,
        &entity("R", ""),
        "deploy Crown A@0208\ndeploy Raiders R@0202\n",
    );
    let (state, _) = check(
        &text,
        &[
            ("setup::repeated-pair", "str=30"),
            ("tdgs::unknown-key", "grit=1"),
            ("setup::repeated-pair", "grit=2"),
        ],
    );
    assert_eq!(
        state.roster.entities[at(&state, "Crown", "A")].stats.str,
        20
    );
    // Luck of 3 or more either way is legal, with a warning (TDGS-R5).
    check(&duel("luk=5"), &[("tdgs::narrative-luck", "luk=5")]);
}

// --------------------------------------------------------------- SETUP-5

#[test]
fn setup_5_an_entity_is_a_unit_unless_a_hero() {
    let (state, _) = check(&duel("kind=hero"), &[]);
    assert_eq!(
        state.roster.entities[at(&state, "Crown", "A")].kind,
        Kind::Hero
    );
    assert_eq!(
        state.roster.entities[at(&state, "Raiders", "R")].kind,
        Kind::Unit
    );
    check(
        &duel("kind=monster"),
        &[("tdgs::unknown-kind", "kind=monster")],
    );
}

// --------------------------------------------------------------- SETUP-6

#[test]
fn setup_6_the_footprint_is_w_by_h_squares() {
    let (state, _) = check(&duel("size=3x2"), &[]);
    let a = at(&state, "Crown", "A");
    let footprint = state.footprint(a).unwrap();
    assert_eq!((footprint.width, footprint.height), (3, 2));
    assert_eq!(
        state.footprint(at(&state, "Raiders", "R")).unwrap().width,
        1
    );
    check(&duel("size=0x2"), &[("tdgs::bad-footprint", "size=0x2")]);
    check(&duel("size=3"), &[("tdgs::bad-footprint", "size=3")]);
    check(
        &duel("size=100x1"),
        &[("tdgs::bad-footprint", "size=100x1")],
    );
}

// ------------------------------------------------------ SETUP-7, UNITS-2

#[test]
fn setup_7_and_units_2_hp_is_con_times_5_or_less() {
    let (state, _) = check(&duel("hp=50"), &[]);
    let a = at(&state, "Crown", "A");
    assert_eq!(state.roster.entities[a].max_hp, 70);
    assert_eq!(state.entities[a].hp, 50);
    let r = at(&state, "Raiders", "R");
    assert_eq!(state.entities[r].hp, 70);
    let (state, _) = check(&duel("con=50"), &[]);
    assert_eq!(state.roster.entities[a].max_hp, 250);
    check(&duel("hp=71"), &[("tdgs::bad-hp", "hp=71")]);
    check(&duel("hp=0"), &[("tdgs::bad-hp", "hp=0")]);
    // HP is not checked against a CON that is wrong itself.
    check(&duel("con=0 hp=3"), &[("tdgs::stat-out-of-range", "con=0")]);
}

// --------------------------------------------------------------- SETUP-8

#[test]
fn setup_8_units_start_under_an_order_heroes_under_none() {
    let (state, _) = check(&duel("order=hold"), &[]);
    assert_eq!(
        state.entities[at(&state, "Crown", "A")].order,
        Some(Order::Hold)
    );
    assert_eq!(
        state.entities[at(&state, "Raiders", "R")].order,
        Some(Order::Attack)
    );
    let (state, _) = check(&duel("kind=hero"), &[]);
    assert_eq!(state.entities[at(&state, "Crown", "A")].order, None);
    let (_, out) = check(
        &duel("order=hodl"),
        &[("tdgs::unknown-order", "order=hodl")],
    );
    let fix = out[0].fix.as_ref().unwrap();
    assert_eq!(fix.replacement, "hold");
    check(
        &duel("kind=hero order=hold"),
        &[("tdgs::order-for-hero", "order=hold")],
    );
}

// --------------------------------------------------------------- SETUP-9

#[test]
fn setup_9_a_weapon_is_a_range_type_of_core_d14() {
    let (state, _) = check(&duel("weapon=ranged"), &[]);
    assert_eq!(
        state.roster.entities[at(&state, "Crown", "A")].weapon,
        Weapon::Ranged
    );
    assert_eq!(
        state.roster.entities[at(&state, "Raiders", "R")].weapon,
        Weapon::Melee
    );
    check(
        &duel("weapon=bow"),
        &[("tdgs::unknown-weapon", "weapon=bow")],
    );
}

// -------------------------------------------------------------- SETUP-10

#[test]
fn setup_10_traits_are_words_the_known_ones_typed() {
    let (state, _) = check(&duel("traits=terrifying+hold-the-line+fearless"), &[]);
    let a = &state.roster.entities[at(&state, "Crown", "A")];
    assert_eq!(a.traits, ["terrifying", "hold-the-line", "fearless"]);
    assert!(a.known_traits.terrifying && a.known_traits.hold_the_line);
    assert!(!a.known_traits.unbreakable && !a.known_traits.disciplined_fire);
    // A misspelt key is not a trait.
    check(
        &duel("trait=terrifying"),
        &[("tdgs::unknown-key", "trait=terrifying")],
    );
}

// -------------------------------------------------------------- SETUP-11

#[test]
fn setup_11_commanders_are_declared_and_only_they_list_units() {
    let crown = format!(
        "{}{}{}",
        entity("Y", "kind=hero cha=30 role=commander direct=A extended=B"),
        entity("A", ""),
        entity("B", "")
    );
    let text = battle(
        &crown,
        &entity("R", ""),
        "deploy Crown Y@0209 A@0208 B@0308\ndeploy Raiders R@0202\n",
    );
    let (state, _) = check(&text, &[]);
    let y = at(&state, "Crown", "Y");
    assert!(state.roster.entities[y].commander);
    assert_eq!(
        state.commanded(y, Command::Direct).collect::<Vec<_>>(),
        [at(&state, "Crown", "A")]
    );
    check(&duel("direct=A"), &[("tdgs::not-a-commander", "direct=A")]);
    let (_, out) = check(
        &duel("role=comander"),
        &[("tdgs::not-a-commander", "role=comander")],
    );
    assert_eq!(out[0].fix.as_ref().unwrap().replacement, "commander");
    // A misspelt role is one finding, not one more for each list.
    check(
        &text.replace("role=commander", "role=general"),
        &[("tdgs::not-a-commander", "role=general")],
    );
}

// -------------------------------------------------------------- SETUP-12

#[test]
fn setup_12_an_army_may_name_its_friendly_edge() {
    let (state, _) = check(&duel(""), &[]);
    assert_eq!(state.roster.edges, [Some(Edge::South), Some(Edge::North)]);
    let (state, _) = check(&duel("").replace(" edge=n", ""), &[]);
    assert_eq!(state.roster.edges, [Some(Edge::South), None]);
    let (_, out) = check(
        &duel("").replace("edge=s", "edge=south"),
        &[("tdgs::bad-edge", "edge=south")],
    );
    assert_eq!(out[0].fix.as_ref().unwrap().replacement, "s");
    check(
        &duel("").replace("edge=s", "edge=up"),
        &[("tdgs::bad-edge", "edge=up")],
    );
    check(
        &duel("").replace("edge=s", "edge=s colour=red"),
        &[("tdgs::unknown-key", "colour=red")],
    );
}

// -------------------------------------------------------------- SETUP-13

#[test]
fn setup_13_every_entity_is_deployed_once_on_free_open_squares() {
    let two = format!("{}{}", entity("A", "size=2x2"), entity("B", ""));
    let raiders = entity("R", "");
    let deploy = |crown: &str| {
        battle(
            &two,
            &raiders,
            &format!("terrain blocking 0601\ndeploy Crown {crown}\ndeploy Raiders R@0202\n"),
        )
    };
    let (state, _) = check(&deploy("A@0303 B@0503"), &[]);
    assert_eq!(
        state.entities[at(&state, "Crown", "A")].anchor,
        Some(cell("0303"))
    );
    assert!(state.on_board(at(&state, "Crown", "B")));
    // Touching is not overlapping.
    check(&deploy("A@0303 B@0505"), &[]);

    let (state, _) = check(
        &deploy("A@0303"),
        &[("tdgs::not-deployed", entity("B", "").trim())],
    );
    let b = at(&state, "Crown", "B");
    assert_eq!(state.entities[b].anchor, None);
    assert!(state.roster.is_doubted(b));
    check(
        &deploy("A@0303 B@0505 B@0707"),
        &[("setup::deployed-twice", "B@0707")],
    );
    check(&deploy("A@0303 B@1105"), &[("setup::off-map", "B@1105")]);
    check(&deploy("A@0910 B@0505"), &[("tdgs::off-map", "A@0910")]);
    check(&deploy("A@0501 B@0505"), &[("tdgs::impassable", "A@0501")]);
    let overlapping = deploy("A@0303 B@0404");
    let (state, out) = check(&overlapping, &[("tdgs::overlap", "B@0404")]);
    let related = out[0].related.as_ref().unwrap();
    assert_eq!(&overlapping[related.span.range()], "A@0303");
    assert_eq!(state.entities[at(&state, "Crown", "B")].anchor, None);
    // The same anchor twice is the generic setup's.
    check(&deploy("A@0303 B@0303"), &[("setup::occupied", "B@0303")]);
    // A facing: recorded, with no effect; or not a facing at all.
    check(
        &deploy("A@0303^n B@0505^s"),
        &[("tdgs::facing-has-no-effect", "A@0303^n")],
    );
    let (_, out) = check(
        &deploy("A@0303^north B@0505"),
        &[("tdgs::bad-facing", "A@0303^north")],
    );
    assert_eq!(out[0].fix.as_ref().unwrap().replacement, "n");
    check(
        &deploy("A@0303^2 B@0505"),
        &[("tdgs::bad-facing", "A@0303^2")],
    );
}

// -------------------------------------------------------------- SETUP-14

#[test]
fn setup_14_unique_ids_known_keys_and_no_unread_lines() {
    check(&duel("men=10 echelon=squad level=3"), &[]);
    let (state, _) = check(&duel("men=10 echelon=squad"), &[]);
    let a = &state.roster.entities[at(&state, "Crown", "A")];
    assert_eq!((a.men, a.echelon), (Some(10), Some(tables::Echelon::Squad)));
    // Both sides may use one id.
    check(
        &battle(
            &entity("A", ""),
            &entity("A", ""),
            "deploy Crown A@0208\ndeploy Raiders A@0202\n",
        ),
        &[],
    );
    check(
        &battle(
            &format!("{}{}", entity("A", ""), entity("A", "")),
            &entity("R", ""),
            "deploy Crown A@0208\ndeploy Raiders R@0202\n",
        ),
        &[("setup::duplicate-unit", "A")],
    );
    check(&duel("colour=red"), &[("tdgs::unknown-key", "colour=red")]);
    for (line, keyword) in [
        ("roll Crown initiative 12\n", "roll"),
        ("bonus Crown A=2\n", "bonus"),
        ("first Crown turn\n", "first"),
        ("option fog\n", "option"),
        ("weather rain\n", "weather"),
    ] {
        check(
            &format!("{}{line}", duel("")),
            &[("tdgs::unused-directive", keyword)],
        );
    }
    // A hexside cannot lie on a square grid: the generic setup's.
    check(
        &format!("{}hexside crest 0303/0304\n", duel("")),
        &[("setup::wrong-board", "hexside")],
    );
}

// -------------------------------------------------------------- SETUP-15

#[test]
fn setup_15_conditions_true_at_deployment_are_spent() {
    let (state, _) = check(&duel(""), &[]);
    assert!(state.entities[at(&state, "Crown", "A")].spent.is_empty());
    // 35 of 70 is half; 17 is a quarter as well.
    let (state, _) = check(&duel("hp=35"), &[]);
    let spent = state.entities[at(&state, "Crown", "A")].spent;
    assert!(spent.contains(Trigger::Half) && !spent.contains(Trigger::Quarter));
    let (state, _) = check(&duel("hp=17"), &[]);
    assert_eq!(
        state.entities[at(&state, "Crown", "A")].spent.words(),
        "half+quarter"
    );
    // R at 0505 with enemies on its west, east and north sides; a corner
    // touches no side.
    let crown = format!(
        "{}{}{}{}",
        entity("W", ""),
        entity("E", ""),
        entity("N", ""),
        entity("X", "")
    );
    let surrounded = battle(
        &crown,
        &entity("R", ""),
        "deploy Crown W@0405 E@0605 N@0504 X@0606\ndeploy Raiders R@0505\n",
    );
    let (state, _) = check(&surrounded, &[]);
    let r = at(&state, "Raiders", "R");
    assert!(state.entities[r].spent.contains(Trigger::Surrounded));
    // Two sides are not surrounded.
    let (state, _) = check(&surrounded.replace("N@0504", "N@0303"), &[]);
    assert!(!state.entities[r].spent.contains(Trigger::Surrounded));
    // A hero checks no morale: nothing is spent for it.
    let (state, _) = check(&duel("kind=hero hp=10"), &[]);
    assert!(state.entities[at(&state, "Crown", "A")].spent.is_empty());
}

/// What is true at deployment is spent once every entity stands: an event
/// the setup settles after the placements, never a placement's own.
#[test]
fn setup_15_spends_at_deployment_by_an_event_after_every_placement() {
    let text = duel("hp=17");
    let archive = parse(&text);
    let steps = setup(&archive.battles[0], &mut Vec::new());
    let a = at(&steps.field, "Crown", "A");
    assert!(
        steps.field.entities[a].anchor.is_none(),
        "the field is empty"
    );
    assert!(steps.field.entities[a].spent.is_empty());
    assert!(
        steps
            .placements
            .iter()
            .all(|(_, e)| matches!(e, Event::Deployed { .. }))
    );
    assert_eq!(steps.placements.len(), 2, "A and R");
    let [Event::TriggersSpent { unit, triggers }] = steps.settled[..] else {
        panic!("{:?}", steps.settled);
    };
    assert_eq!((unit, triggers.words()), (a, "half+quarter".to_string()));
    // The replay records it as a setup step of its own, after the last
    // placement, and its state is the replay's first.
    let replay = senlac_engine::replay(&TDGS, &archive.battles[0], Config::TIMELINE);
    let setup = &replay.timeline.setup;
    assert_eq!(setup.len(), 4, "the field, two placements, the settling");
    assert_eq!(setup.events(3), &steps.settled[..]);
    let first = replay.state(0).unwrap();
    assert_eq!(
        setup.state(3, senlac_engine::tdgs::event::apply),
        Some(first)
    );
}

// ----------------------------------------------------------- COMMAND-3..5

/// The Crown: Y (hero, CHA `cha`, commander with `lists`), then units A, B,
/// C, and the hero S; the Raiders: R.
fn command(cha: u32, lists: &str) -> String {
    let crown = format!(
        "{}{}{}{}{}",
        entity("Y", &format!("kind=hero role=commander cha={cha} {lists}")),
        entity("A", ""),
        entity("B", ""),
        entity("C", ""),
        entity("S", "kind=hero"),
    );
    battle(
        &crown,
        &entity("R", ""),
        "deploy Crown Y@0209 A@0208 B@0308 C@0408 S@0508\ndeploy Raiders R@0202\n",
    )
}

#[test]
fn command_3_one_unit_under_direct_command() {
    let (state, _) = check(&command(30, "direct=A"), &[]);
    let a = at(&state, "Crown", "A");
    assert_eq!(state.bonus_for(a), 3);
    check(
        &command(30, "direct=A+B"),
        &[("tdgs::too-many-direct", "direct=A+B")],
    );
}

#[test]
fn command_4_cha_bonus_units_under_extended_command() {
    // CHA 20: +2, so two extended slots at +1.
    let (state, _) = check(&command(20, "extended=A+B"), &[]);
    assert_eq!(state.bonus_for(at(&state, "Crown", "B")), 1);
    assert_eq!(state.bonus_for(at(&state, "Crown", "C")), 0);
    let (state, out) = check(
        &command(20, "extended=A+B+C"),
        &[("tdgs::too-many-extended", "extended=A+B+C")],
    );
    assert!(out[0].message.contains("CHA 20"), "{}", out[0].message);
    // The slots are the CHA bonus, which its ruling decides.
    assert!(out[0].rule.ends_with("TDGS-R2"), "{}", out[0].rule);
    let (_, out) = check(
        &command(19, "extended=A+B"),
        &[("tdgs::too-many-extended", "extended=A+B")],
    );
    assert!(
        out[0]
            .message
            .contains("CHA 19 gives a bonus of +1 and so 1 extended slot"),
        "{}",
        out[0].message
    );
    // The slots it has are filled, in order.
    assert_eq!(
        state
            .commanded(at(&state, "Crown", "Y"), Command::Extended)
            .count(),
        2
    );
    // CHA 12: +1, one extended slot at +0 (TDGS-R3).
    let (state, _) = check(&command(12, "extended=A"), &[]);
    assert_eq!(state.bonus_for(at(&state, "Crown", "A")), 0);
    assert_eq!(
        state.entities[at(&state, "Crown", "A")]
            .commander
            .map(|l| l.slot),
        Some(Command::Extended)
    );
}

#[test]
fn command_5_own_units_only_one_commander_each() {
    // A lieutenant: a unit that commands, under a commander.
    let lieutenant =
        command(30, "direct=A").replace(&entity("A", ""), &entity("A", "role=commander direct=B"));
    let (state, _) = check(&lieutenant, &[]);
    let b = at(&state, "Crown", "B");
    assert_eq!(
        state.entities[b].commander.map(|l| l.commander),
        Some(at(&state, "Crown", "A"))
    );
    check(&command(30, "direct=R"), &[("tdgs::cannot-command", "R")]);
    check(&command(30, "direct=Y"), &[("tdgs::cannot-command", "Y")]);
    check(
        &command(30, "extended=A+S"),
        &[("tdgs::cannot-command", "S")],
    );
    check(
        &command(30, "direct=A extended=B+A"),
        &[("tdgs::unit-already-commanded", "A")],
    );
    let (_, out) = check(&command(30, "direct=Q"), &[("setup::unknown-unit", "Q")]);
    assert!(out[0].help.is_some());
    let (_, out) = check(&command(30, "direct=AA"), &[("setup::unknown-unit", "AA")]);
    // An id is no word of the rules: the one it nearly is is only a guess.
    assert_eq!(out[0].help.as_deref(), Some("did you mean `A`?"));
    assert_eq!(out[0].fix, None);
    // Two commanders listing one unit: the second listing is the finding.
    let two = command(30, "direct=A").replace(
        &entity("S", "kind=hero"),
        &entity("S", "kind=hero role=commander extended=A"),
    );
    let (_, out) = check(&two, &[("tdgs::unit-already-commanded", "A")]);
    assert!(out[0].related.is_some());
}

// ------------------------------------------------------------ one mistake

#[test]
fn one_mistake_gives_one_error_and_doubts_its_entity() {
    let (state, out) = check(&duel("str=140"), &[("tdgs::stat-out-of-range", "str=140")]);
    let a = at(&state, "Crown", "A");
    assert_eq!(state.roster.doubted, [(a, 0)]);
    assert_eq!(out.len(), 1);
    // A bad footprint stands as its anchor square, and what that breaks is
    // a mistake of its own.
    let (state, _) = check(&duel("size=0x9"), &[("tdgs::bad-footprint", "size=0x9")]);
    let footprint = state.footprint(at(&state, "Crown", "A")).unwrap();
    assert_eq!((footprint.width, footprint.height), (1, 1));
    // A placement the generic setup refused doubts its entity, and is not
    // also "not deployed".
    let (state, out) = check(
        &duel("").replace("R@0202", "R@0211"),
        &[("setup::off-map", "R@0211")],
    );
    let r = at(&state, "Raiders", "R");
    assert_eq!(state.roster.doubted, [(r, 0)]);
    assert_eq!(out[0].code, "setup::off-map");
    // Two mistakes on one line are two errors; the entity is doubted at the
    // first.
    let (state, _) = check(
        &duel("str=140 weapon=bow"),
        &[
            ("tdgs::stat-out-of-range", "str=140"),
            ("tdgs::unknown-weapon", "weapon=bow"),
        ],
    );
    assert_eq!(state.roster.doubted, [(at(&state, "Crown", "A"), 0)]);
    // A slip of the role's key: not also "not a commander" for its lists.
    let (_, out) = check(
        &command(30, "direct=A").replace("role=commander", "rol=commander"),
        &[("tdgs::unknown-key", "rol=commander")],
    );
    assert_eq!(out[0].fix.as_ref().unwrap().replacement, "role");
    // The one stat missing and the one stray number: the key of that stat.
    let stray = entity("A", "").replace("dex=15", "qq=15");
    let (_, out) = check(
        &battle(
            &stray,
            &entity("R", ""),
            "deploy Crown A@0208
deploy Raiders R@0202
",
        ),
        &[("tdgs::unknown-key", "qq=15")],
    );
    assert_eq!(out[0].fix.as_ref().unwrap().replacement, "dex");
    // A slip of an id in a placement: the entity it leaves out is not also
    // "not deployed", but doubted by that finding.
    let (state, _) = check(
        &duel("").replace("A@0208", "Q@0208"),
        &[("setup::unknown-unit", "Q@0208")],
    );
    assert_eq!(state.roster.doubted, [(at(&state, "Crown", "A"), 0)]);
    // A second army for a side stands for the side left without one: the
    // generic findings, and its warning stays one.
    check(
        &duel("").replace("army Raiders", "army Crown"),
        &[
            ("setup::sides-tag", "Raiders"),
            ("setup::duplicate-side", "Crown"),
            ("setup::unknown-side", "Raiders"),
        ],
    );
    // No army at all: one finding, not one per side.
    check(
        &format!(
            "{TAGS}map square 10x10
"
        ),
        &[("tdgs::missing-army", "\"Crown Raiders\"")],
    );
}

// ------------------------------------------------------------ Harrow Ford

const HARROW_FORD: &str = include_str!("../../../samples/harrow-ford.sbn");

#[test]
fn harrow_ford_sets_up_clean_with_the_spec_roster() {
    let lookups = senlac_notation::fix::lookups();
    let (state, _) = check(HARROW_FORD, &[]);
    // A clean setup never looks for what a word nearly is.
    assert_eq!(senlac_notation::fix::lookups(), lookups);
    let roster = &state.roster;
    assert_eq!(roster.sides, ["Crown", "Raiders"]);
    assert_eq!((roster.columns, roster.rows), (20, 16));
    assert_eq!(roster.edges, [Some(Edge::South), Some(Edge::North)]);
    let hp: Vec<(&str, i32)> = roster
        .entities
        .iter()
        .map(|e| (e.id.as_str(), e.max_hp))
        .collect();
    assert_eq!(
        hp,
        [
            ("Y", 60),
            ("S", 55),
            ("A", 130),
            ("B", 70),
            ("C", 55),
            ("D", 65),
            ("E", 75),
            ("F", 70),
            ("G", 40),
            ("K", 60),
            ("R1", 90),
            ("R2", 75),
            ("R3", 50),
            ("R4", 70),
        ]
    );
    // Everyone starts whole, on the board, active.
    for (i, entity) in state.entities.iter().enumerate() {
        assert_eq!(entity.hp, roster.entities[i].max_hp);
        assert_eq!(entity.status, Status::Active);
        assert!(
            state.on_board(i) && entity.spent.is_empty(),
            "{}",
            roster.name(i)
        );
    }
    let crown = |id| at(&state, "Crown", id);
    let raiders = |id| at(&state, "Raiders", id);
    // The commanders' bonuses: Y +3, S +1, G +2, K +1; extended Y +1, S +0,
    // G +1 (TDGS-R2, TDGS-R3).
    let cha = |e: usize| roster.entities[e].stats.cha;
    let bonuses: Vec<(i32, i32)> = [crown("Y"), crown("S"), raiders("G"), raiders("K")]
        .into_iter()
        .map(|c| (tables::cha_bonus(cha(c)), tables::extended_bonus(cha(c))))
        .collect();
    assert_eq!(bonuses, [(3, 1), (1, 0), (2, 1), (1, 0)]);
    // What each unit gets, everyone in range at deployment; F has no
    // commander.
    let got: Vec<(&str, i32)> = ["A", "B", "C", "D", "E", "F"]
        .into_iter()
        .map(|id| (id, state.bonus_for(crown(id))))
        .chain(
            ["R1", "R2", "R3", "R4"]
                .into_iter()
                .map(|id| (id, state.bonus_for(raiders(id)))),
        )
        .collect();
    assert_eq!(
        got,
        [
            ("A", 3),
            ("B", 1),
            ("C", 1),
            ("D", 1),
            ("E", 0),
            ("F", 0),
            ("R1", 2),
            ("R2", 1),
            ("R3", 1),
            ("R4", 1),
        ]
    );
    assert_eq!(state.entities[crown("F")].commander, None);
    let y = crown("Y");
    assert_eq!(
        state.commanded(y, Command::Direct).collect::<Vec<_>>(),
        [crown("A")]
    );
    assert_eq!(
        state.commanded(y, Command::Extended).collect::<Vec<_>>(),
        [crown("B"), crown("C")]
    );
    // Orders, kinds, footprints, weapons.
    let order = |e: usize| state.entities[e].order;
    assert_eq!(
        (
            order(crown("D")),
            order(crown("F")),
            order(raiders("R2")),
            order(crown("A"))
        ),
        (
            Some(Order::Hold),
            Some(Order::Hold),
            Some(Order::Charge),
            Some(Order::Attack)
        )
    );
    assert_eq!((order(y), roster.entities[y].kind), (None, Kind::Hero));
    assert_eq!(roster.entities[crown("D")].weapon, Weapon::Ranged);
    let a = state.footprint(crown("A")).unwrap();
    assert_eq!((a.anchor, a.width, a.height), (cell("0908"), 3, 3));
    // The river blocks, the ford is difficult, and F stands on it.
    assert!(
        roster
            .ground_at(cell("0403"))
            .unwrap()
            .has(Terrain::Blocking)
    );
    assert_eq!(roster.ground_at(cell("0503")).unwrap().step_cost(), Some(2));
    assert_eq!(state.entities[crown("F")].anchor, Some(cell("0503")));
    // The spec's distances at deployment: A's nearest enemy, R1, at 2; D
    // shoots R2 at 4; Y touches A's footprint.
    assert_eq!(state.distance(crown("A"), raiders("R1")), Some(2));
    assert_eq!(state.distance(crown("D"), raiders("R2")), Some(4));
    assert_eq!(state.distance(y, crown("A")), Some(1));
    assert!(state.enemies(crown("A"), raiders("R4")));
    assert!(!state.enemies(crown("A"), crown("B")));
}
