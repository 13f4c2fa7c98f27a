//! Hastings: 1066's tables (`senlac_engine::hastings_1066::tables`) against
//! the rule document, cell by cell.
//!
//! Every table is written below as a grid copied from the document
//! (`shared/rules/hastings-1066-st.md`), cells separated by `|`, and parsed
//! here: the const data is checked against these grids, and the grids are
//! checked against the document's own text, so a typo in either the data or
//! a grid shows up. Tables the document does not print (the orders, the
//! facing arcs) are copied from the spec's section 3, which the rulings
//! cite. Rulings (HS-R11, HS-R12, HS-R13, HS-R16) are written out where they
//! differ from the print.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use senlac_board::hex::Direction;
use senlac_engine::hastings_1066::tables::{
    self, AUTOMATIC_LOSS, Arm, Aspect, Attack, CHARGE_BONUS, CHARGE_DOWNHILL_BONUS, Class, Column,
    DOCUMENT_MELEE_TABLE, DOCUMENT_MORALE_TABLE, Defence, FACINGS, FireResult, Grade, Hexside,
    Holder, Kind, LEADER_CASUALTY, LeaderResult, MELEE_RULINGS, MELEE_TABLE, MISSILE_CRT,
    MORALE_RULINGS, MORALE_TABLE, MeleeColumn, MeleeResult, MoraleResult, Order, Outcome, Period,
    REINFORCEMENTS, SIDES, Side, Slope, Step, Supply, Terrain, Weapon,
};

// ---------------------------------------------------------------- helpers

/// The rule document, where CI keeps it: `../shared` beside the repository.
fn document_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/rules/hastings-1066-st.md")
}

fn document() -> String {
    let path = document_path();
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "the rule document {} cannot be read ({e}): these tests need \
             shared/rules/hastings-1066-st.md checked out beside the repository \
             (../shared), as CI has it",
            path.display()
        )
    })
}

/// The three Cyrillic look-alikes the document uses for Latin letters.
const LOOK_ALIKES: [(char, char); 3] = [('\u{0412}', 'B'), ('\u{0421}', 'C'), ('\u{0415}', 'E')];

/// Whether `c` is in one of Unicode's Cyrillic blocks.
fn is_cyrillic(c: char) -> bool {
    matches!(c as u32,
        0x0400..=0x04FF | 0x0500..=0x052F | 0x1C80..=0x1C8F | 0x2DE0..=0x2DFF | 0xA640..=0xA69F)
}

/// A grid's rows: non-blank lines, cells split at `|` and trimmed, empty
/// cells at the end of a row dropped (the document pads some rows with
/// tabs).
fn grid(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| cells(line.split('|')))
        .collect()
}

fn cells<'a>(parts: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut row: Vec<String> = parts.map(|c| c.trim().to_string()).collect();
    while row.last().is_some_and(String::is_empty) {
        row.pop();
    }
    row
}

/// Asserts the document prints `text` (a grid) as consecutive lines of
/// tab-separated cells, after the line that starts with `heading`. The
/// document's Cyrillic look-alikes are read as the Latin letters they stand
/// for (the grids are Latin; `cyrillic_look_alikes` checks where they are).
fn assert_in_document(document: &str, heading: &str, text: &str) {
    let latin: String = document
        .chars()
        .map(|c| {
            LOOK_ALIKES
                .iter()
                .find(|(cyrillic, _)| *cyrillic == c)
                .map_or(c, |(_, latin)| *latin)
        })
        .collect();
    let lines: Vec<Vec<String>> = latin.lines().map(|l| cells(l.split('\t'))).collect();
    let start = latin
        .lines()
        .position(|l| l.starts_with(heading))
        .unwrap_or_else(|| panic!("no heading {heading:?} in the document"));
    let expected = grid(text);
    let first = (start..lines.len())
        .find(|&i| lines[i] == expected[0])
        .unwrap_or_else(|| panic!("{heading}: no line {:?} in the document", expected[0]));
    for (k, row) in expected.iter().enumerate() {
        assert_eq!(
            &lines[first + k],
            row,
            "{heading}: row {k} of the grid differs from the document"
        );
    }
}

/// The signed integers in a cell: `Foot: -1 Melee` → [-1], `+1/+2` → [1, 2],
/// `Foot: 2MP` → [2].
fn numbers(cell: &str) -> Vec<i32> {
    let mut out = Vec::new();
    let chars: Vec<char> = cell.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let sign = match chars[i] {
            '-' | '+' if chars.get(i + 1).is_some_and(char::is_ascii_digit) => {
                i += 1;
                if chars[i - 1] == '-' { -1 } else { 1 }
            }
            c if c.is_ascii_digit() => 1,
            _ => {
                i += 1;
                continue;
            }
        };
        let mut n = 0;
        while i < chars.len() && chars[i].is_ascii_digit() {
            n = n * 10 + chars[i].to_digit(10).unwrap() as i32;
            i += 1;
        }
        out.push(sign * n);
    }
    out
}

/// A die range as the tables print it: `1-5` → 1..=5, `1` → 1..=1,
/// `2,12` → [2, 12], `_` → nothing.
fn totals(cell: &str) -> Vec<u8> {
    if cell == "_" {
        return Vec::new();
    }
    if let Some((a, b)) = cell.split_once('-') {
        return (a.parse().unwrap()..=b.parse().unwrap()).collect();
    }
    cell.split(',').map(|n| n.trim().parse().unwrap()).collect()
}

fn direction(name: &str) -> Direction {
    Direction::ALL
        .into_iter()
        .find(|d| format!("{d:?}") == name)
        .unwrap_or_else(|| panic!("not a direction: {name}"))
}

fn directions(cell: &str) -> [Direction; 2] {
    let v: Vec<Direction> = cell.split(',').map(|d| direction(d.trim())).collect();
    [v[0], v[1]]
}

// ------------------------------------------------------------------ grids

const MOVEMENT_GRID: &str = "
Unit | Movement Allowance
Knights (Cavalry) | 4 MP (normal)
 | 6 MP (charging)
Leader | 6 MP
All Others (Foot, Bowmen, etc) | 3 MP
";

const TEC_GRID: &str = "
Terrain Type | Movement Cost | Effect on Combat
Clear | 1 MP | None
Ridge, Uphill | None* | Foot: -1 Melee
 | | Knight: -2 Melee
Ridge, Downhill | None* | Foot: +1 Melee
 | | Knight: None
Movement Downhill | None* | Foot: None
 | | Knight: +1/+2 Melee
Marsh | Foot: 2 MP | -1 Def
 | Knight*: 3 MP |
Stream | +1 MP | None
Woods | Foot: 2MP | +2 in Melee/+1 vs Bow
 | Knight: 3 MP | (for units in woods)
Road | 1 MP | None
";

const FLANK_REAR_GRID: &str = "
 | Flank | Rear
Fire | +1 | +1
Melee | +1 | +2
";

const SUPPLY_GRID: &str = "
Assault | Fire Segments Allowed
Period | Norman Bowmen Saxon Jav/S
First | 6 | 4
Second | 3 | 2
";

const MATRIX_GRID: &str = "
 | | F | Rang | ge
Weapon | Max. Range | 3 | 2 | 1*
Bow | 3 hexes | 3 | 4 | 5
Javelin | 2 hexes | - | 2 | 3
Sling | 3 hexes | 1 | 1 | 2
";

const CRT_GRID: &str = "
Fire Ratio
Die Roll | 1-4 | 1-3 | 1-2 | 1-1.5 | 1-1 | 1.5-1 | 2-1 | 3-1 | 4-1 | 5-1
1 | - | - | - | - | - | M | M | M | D | D
2 | - | - | _ | _ | M | M | M | D | D | D
3 | - | - | - | M | M | M | D | D | D | 1
4 | - | - | M | M | M | D | D | D | 1 | 1
5 | - | M | M | M | D | D | D | 1 | 1 | 1
6 | M | M | M | D | D | D | 1 | 1 | 1 | 1
";

const MELEE_GRID: &str = "
 | | | | M | elee Di | fferent | ial
Die Roll | -6 | -5 | -4 | -3 | -2 | -1 | 0 | +1 | +2/+3 | +4/+5 | +6
1 | 1/- | 1/- | 1/- | 1/- | 1/- | 1/D* | 1/D* | M/- | D*/- | 1/1 | D*/1
2 | 1/- | 1/- | 1/- | 1/- | 1/D* | M/- | M/- | D*/- | 1/1 | D*/1 | -/M
3 | 1/- | 1/- | 1/- | 1/D* | M/- | D*/- | 1/1 | D*/1 | -/M | -/1 | -/1
4 | 1/- | 1/- | 1/D* | M/1 | D*/- | 1/1 | 1/1 | D*/1 | -/M | -/1 | -/1
5 | 1/- | 1/D* | M/- | D*/- | 1/1 | 1/1 | D*/1 | -/M | -/1 | -/1 | -/1M
6 | 1/D* | M/- | D*/- | 1/1 | 1/1 | D*/1 | -/M | -/1 | -/1 | -/1M | -/1M
";

const RALLY_GRID: &str = "
Morale Rating | Die Roll
A | 1-5
B | 1-4
C | 1-3
D | 1-2
E | 1
";

const MORALE_GRID: &str = "
Die Roll | A | B | C | D | E
1 | _ | _ | _ | _ | -
2 | _ | _ | _ | D | D R R
3 | _ | _ | _ | D | R
4 | _ | D | D | R | R
5 | D | D | R | R | R R
6 | D | R | R | R | R
";

const LEADER_GRID: &str = "
Fire | Melee | Result
2,12 | 2,12 | Leader Killed
3,11 | 3 | Leader Wounded ¹
_ | 11,4,10 | Leader Wounded ²
_ | 5,9 | Leader Shaken ³
4-10 | 6,7,8 | Nothing Happens
";

const POINTS_GRID: &str = "
Unit | Casualty Points
\"A\" Morale unit | 15
\"B\" Morale unit | 7
\"C\" Morale unit | 3
\"D\" Morale unit | 2
\"E\" Morale unit | 1
William | 50
Harold | 25
Odo | 10
Other Leader | 5
";

/// Every grid, with the heading of the case that prints it.
const GRIDS: [(&str, &str); 12] = [
    ("[5.1.2]", MOVEMENT_GRID),
    ("[5.5] Terrain Effects Chart", TEC_GRID),
    ("[6.2.3]", FLANK_REAR_GRID),
    ("[7.4.5] Missile Supply Table", SUPPLY_GRID),
    ("[7.5.1] Missile Fire Matrix", MATRIX_GRID),
    ("[7.5.2] Missile Combat Results Table", CRT_GRID),
    ("[9.1] Melee Results Table", MELEE_GRID),
    ("[9.5.4] The Rally Check Table", RALLY_GRID),
    ("[9.6.6] Morale Check Table", MORALE_GRID),
    ("[10.5] The Leader Casualty Table", LEADER_GRID),
    ("[12.2] Casualty Points", POINTS_GRID),
    // The sentence of 11.4.1 the schedule comes from, as a one-cell grid.
    (
        "[11.4.1]",
        "- Two units arrive in each of the first four Battle Turns, one unit arrives in each of the last four Battle Turns.",
    ),
];

#[test]
fn grids_are_copied_from_the_document() {
    let document = document();
    for (heading, text) in GRIDS {
        assert_in_document(&document, heading, text);
    }
}

/// The sentences the tests below take a number or a rule from.
#[test]
fn quoted_sentences_are_the_documents() {
    let document = document();
    for sentence in [
        // 10.4.3: the ineffective leader's allowance.
        "Ineffective leaders move at the rate of two (2) movement points per game turn.",
        // 7.0 and 7.3.3: the examples of odds.
        "All odds are rounded off in favor of the defender; thus 10 to 3 is reduced to 3-1.",
        "Thus high trajectory fire at 2-1 odds would be resolved on the 1.5-1 column.",
        "Missile fire at less than 1-4 odds has **no effect**. Fire at greater than 5-1 odds uses the 5-1 column.",
        // 8.3.2: the caps (HS-R13).
        "All melees conducted at a differential greater than +6 are considered to be +6. All attacks at -6 or worse are an automatic one step loss for the attacker and have no effect on the defender.",
        // 7.4.3: the carry-over cap.
        "However, no unit can ever fire in more than *six* segments in a given period.",
        // 10.5, footnote 3.
        "If already shaken, roll 1d6: 1-3 killed, 4-6 nothing happens.",
        // 6.2.3's example.
        "would have a melee rating of \"6\" rather than its printed rating of \"4\".",
        // 9.5.2 and 9.6.1's examples.
        "a \"C\" class unit requires a roll of 1, 2 or 3 to rally.",
        "a \"C\" class unit is disrupted on a roll of 4 and routed on a roll of 5 or 6. On a roll of 1, 2 or 3, the unit suffers no effect.",
        // 5.4.4: who cannot react.
        "Any unit in the following order: Shield Wall, Attack & Pursue, or Charge.",
        // 11.4.1: how many arrive.
        "the Saxon player receives twelve (12) Great Fyrd units",
    ] {
        assert!(
            document.contains(sentence),
            "the document does not say {sentence:?}"
        );
    }
}

// --------------------------------------------------- movement and orders

#[test]
fn movement_allowances() {
    let g = grid(MOVEMENT_GRID);
    let mp = |row: usize| numbers(&g[row][g[row].len() - 1])[0] as u32;
    assert_eq!(tables::printed_allowance(Kind::Knights), mp(1));
    assert_eq!(tables::CHARGE_ALLOWANCE, mp(2));
    assert_eq!(tables::printed_allowance(Kind::Leader), mp(3));
    assert_eq!(tables::printed_allowance(Kind::Foot), mp(4));
    // 10.4.3: "two (2) movement points".
    assert_eq!(tables::printed_allowance(Kind::IneffectiveLeader), 2);

    // Spec table 3.1, by kind (rows) and order (columns); `-` where the
    // order is not that kind's, `0+rear` and `0+step` for the one-hex
    // moves of 4.3.1, 4.3.2 and 4.3.5.
    let spec = grid(
        "
        kind | none | shield-wall | fire-in-place | advance-to-combat | attack-pursue | hold | advance | charge
        foot | 3 | 0+rear | 0+step | 3 | 3 | - | - | -
        knights | 4 | - | - | - | - | 0+rear | 4 | 6
        leader | 6 | 6 | 6 | 6 | 6 | 6 | 6 | 6
        ineffective | 2 | 2 | 2 | 2 | 2 | 2 | 2 | 2
        ",
    );
    let kinds = [
        Kind::Foot,
        Kind::Knights,
        Kind::Leader,
        Kind::IneffectiveLeader,
    ];
    for (row, kind) in spec[1..].iter().zip(kinds) {
        for (c, cell) in row[1..].iter().enumerate() {
            let order = match c {
                0 => None,
                _ => Some(Order::parse(&spec[0][c + 1]).unwrap()),
            };
            let expected = match cell.as_str() {
                "-" => None,
                "0+rear" => Some(tables::Movement::step(Step::Rear)),
                "0+step" => Some(tables::Movement::step(Step::ForwardOrRear)),
                n => Some(tables::Movement::points(n.parse().unwrap())),
            };
            assert_eq!(
                tables::movement(kind, order),
                expected,
                "{kind:?} in {order:?}"
            );
        }
    }
    assert_eq!(tables::SECOND_ARRIVAL_SPENT, 1);
}

#[test]
fn orders() {
    // Spec table 3.15 (4.3 and the cases it cites).
    let spec = grid(
        "
        order | name | case | held by | defence | movement | may react | must attack | must close | D* to R | must pursue | turns | charge bonus
        shield-wall | Shield Wall | 4.3.1 | foot | wall | 0+rear | no | no | no | no | no | 1 | no
        fire-in-place | Melee/Fire in Place | 4.3.2 | foot | printed | 0+step | yes | yes | no | no | no | 1 | no
        advance-to-combat | Advance to Combat | 4.3.3 | foot | printed | 3 | yes | yes | no | no | no | 1 | no
        attack-pursue | Attack & Pursue | 4.3.4 | saxon foot | printed | 3 | no | yes | yes | yes | yes | 2 | no
        hold | Hold | 4.3.5 | norman knights | printed | 0+rear | no | no | no | no | no | 1 | no
        advance | Advance | 4.3.6 | norman knights | printed | 4 | yes | yes | no | no | no | 1 | no
        charge | Charge | 4.3.7 | norman knights | printed | 6 | no | yes | yes | yes | yes | 2 | yes
        ",
    );
    let yes = |s: &str| match s {
        "yes" => true,
        "no" => false,
        _ => panic!("{s}"),
    };
    assert_eq!(spec.len() - 1, Order::ALL.len());
    for (row, order) in spec[1..].iter().zip(Order::ALL) {
        let r = order.row();
        assert_eq!(Order::parse(&row[0]), Some(order));
        assert_eq!(order.word(), row[0]);
        assert_eq!(r.name, row[1]);
        assert_eq!(r.case, row[2]);
        let holder = match row[3].as_str() {
            "foot" => Holder::Foot,
            "saxon foot" => Holder::SaxonFoot,
            "norman knights" => Holder::NormanKnights,
            s => panic!("{s}"),
        };
        assert_eq!(r.held_by, holder, "{order:?}");
        let defence = match row[4].as_str() {
            "wall" => Defence::Wall,
            _ => Defence::Printed,
        };
        assert_eq!(r.defence, defence, "{order:?}");
        let movement = match row[5].as_str() {
            "0+rear" => tables::Movement::step(Step::Rear),
            "0+step" => tables::Movement::step(Step::ForwardOrRear),
            n => tables::Movement::points(n.parse().unwrap()),
        };
        assert_eq!(r.movement, movement, "{order:?}");
        assert_eq!(
            (
                r.may_react,
                r.must_attack,
                r.must_close,
                r.d_becomes_r,
                r.must_pursue
            ),
            (
                yes(&row[6]),
                yes(&row[7]),
                yes(&row[8]),
                yes(&row[9]),
                yes(&row[10])
            ),
            "{order:?}"
        );
        assert_eq!(r.max_turns.to_string(), row[11], "{order:?}");
        assert_eq!(r.charge_bonus, yes(&row[12]), "{order:?}");
    }
    assert_eq!(Order::parse("attack-and-pursue"), None);

    // Who may hold what (4.3, 4.3.1, 4.3.4, 4.3.5-4.3.7).
    use Class::*;
    use Side::*;
    let may = |o: Order, s: Side, c: Class| o.may_hold(s, c);
    assert!(may(Order::ShieldWall, Saxons, Housecarls));
    assert!(may(Order::ShieldWall, Normans, Foot));
    assert!(may(Order::ShieldWall, Saxons, Slingers));
    assert!(!may(Order::ShieldWall, Saxons, Bowmen));
    assert!(!may(Order::ShieldWall, Normans, Knights));
    assert!(may(Order::FireInPlace, Normans, Bowmen));
    assert!(may(Order::AttackPursue, Saxons, Fyrd));
    assert!(may(Order::AttackPursue, Saxons, Bowmen));
    assert!(!may(Order::AttackPursue, Normans, Foot));
    assert!(!may(Order::AttackPursue, Normans, Bowmen));
    assert!(may(Order::Charge, Normans, Knights));
    assert!(may(Order::Charge, Normans, Guard));
    assert!(!may(Order::Charge, Normans, Foot));
    assert!(!may(Order::Hold, Saxons, Housecarls));
    assert!(!may(Order::AdvanceToCombat, Normans, Knights));
    assert!(!may(Order::AdvanceToCombat, Saxons, Knights));
    // Bowmen take Fire in Place for Shield Wall (4.3.1); nobody else swaps.
    assert_eq!(Order::ShieldWall.adopted_by(Bowmen), Order::FireInPlace);
    assert_eq!(Order::ShieldWall.adopted_by(Fyrd), Order::ShieldWall);
    assert_eq!(Order::Charge.adopted_by(Bowmen), Order::Charge);

    // Classes and sides.
    for class in Class::ALL {
        assert_eq!(Class::parse(class.word()), Some(class));
    }
    assert_eq!(Guard.kind(), Kind::Knights);
    assert_eq!(Slingers.kind(), Kind::Foot);
    assert!(Bowmen.fielded_by(Normans) && Bowmen.fielded_by(Saxons));
    assert!(!Fyrd.fielded_by(Normans) && !Knights.fielded_by(Saxons));
    assert_eq!(Side::parse("Saxons"), Some(Saxons));
    assert_eq!(Normans.other(), Saxons);
}

// ---------------------------------------------------------------- terrain

#[test]
fn terrain_effects_chart() {
    // The chart's rows, continuation lines joined to the row above.
    let mut rows: Vec<(String, Vec<String>, Vec<String>)> = Vec::new();
    for row in &grid(TEC_GRID)[1..] {
        let cell = |i: usize| row.get(i).cloned().unwrap_or_default();
        if !cell(0).is_empty() {
            rows.push((cell(0), Vec::new(), Vec::new()));
        }
        let last = rows.last_mut().unwrap();
        if !cell(1).is_empty() {
            last.1.push(cell(1));
        }
        if !cell(2).is_empty() {
            last.2.push(cell(2));
        }
    }
    let rows: BTreeMap<String, (Vec<String>, Vec<String>)> = rows
        .into_iter()
        .map(|(name, cost, effect)| (name, (cost, effect)))
        .collect();
    let one = |v: &[String], prefix: &str| -> Vec<i32> {
        v.iter()
            .find(|c| c.starts_with(prefix))
            .map(|c| numbers(c))
            .unwrap_or_else(|| panic!("no {prefix:?} in {v:?}"))
    };

    // Hexes: cost per arm, the knight check (`*`), defence (HS-R49).
    for (name, terrain) in [
        ("Clear", Terrain::Clear),
        ("Marsh", Terrain::Marsh),
        ("Woods", Terrain::Woods),
        ("Road", Terrain::Road),
    ] {
        let (cost, effect) = &rows[name];
        assert_eq!(Terrain::parse(&name.to_lowercase()), Some(terrain));
        let (foot, knight) = if cost.len() == 1 {
            let n = numbers(&cost[0])[0] as u32;
            (n, n)
        } else {
            (one(cost, "Foot")[0] as u32, one(cost, "Knight")[0] as u32)
        };
        assert_eq!(terrain.cost(Arm::Foot), foot, "{name}");
        assert_eq!(terrain.cost(Arm::Knight), knight, "{name}");
        assert_eq!(
            terrain.row().knight_check,
            cost.iter().any(|c| c.contains('*')),
            "{name}"
        );
        let (melee, fire) = match numbers(&effect[0])[..] {
            [] => (0, 0),
            // "-1 Def": the defender's strength, melee and fire.
            [n] => (n, n),
            // "+2 in Melee/+1 vs Bow", bow read as all fire.
            [m, f] => (m, f),
            _ => panic!("{effect:?}"),
        };
        assert_eq!(terrain.defence(Attack::Melee), melee, "{name}");
        assert_eq!(terrain.defence(Attack::Fire), fire, "{name}");
    }
    // Charges avoid marsh and woods (4.3.7).
    assert!(Terrain::Clear.row().charge_may_enter && Terrain::Road.row().charge_may_enter);
    assert!(!Terrain::Marsh.row().charge_may_enter && !Terrain::Woods.row().charge_may_enter);

    // Hexsides: the ridge rows cost "None*", the stream "+1 MP".
    let (uphill_cost, uphill) = &rows["Ridge, Uphill"];
    let (downhill_cost, downhill) = &rows["Ridge, Downhill"];
    let (stream_cost, stream_effect) = &rows["Stream"];
    assert_eq!(uphill_cost, &["None*"]);
    assert_eq!(downhill_cost, &["None*"]);
    let ridge = Hexside::Ridge.row();
    assert_eq!((ridge.extra_cost, ridge.knight_check), (0, true));
    let stream = Hexside::Stream.row();
    assert_eq!(stream.extra_cost as i32, numbers(&stream_cost[0])[0]);
    assert!(!stream.knight_check && stream_effect == &["None"]);
    assert!(!ridge.charge_may_cross && !stream.charge_may_cross);
    assert_eq!(Hexside::parse("slope"), Some(Hexside::Ridge));
    assert_eq!(Hexside::parse("stream"), Some(Hexside::Stream));

    // Ridge melee modifiers (HS-R50): "None" is 0.
    let modifier = |v: &[String], prefix: &str| one(v, prefix).first().copied().unwrap_or(0);
    use tables::ridge_melee;
    assert_eq!(
        ridge_melee(Arm::Foot, Slope::Uphill),
        modifier(uphill, "Foot")
    );
    assert_eq!(
        ridge_melee(Arm::Knight, Slope::Uphill),
        modifier(uphill, "Knight")
    );
    assert_eq!(
        ridge_melee(Arm::Foot, Slope::Downhill),
        modifier(downhill, "Foot")
    );
    assert_eq!(
        ridge_melee(Arm::Knight, Slope::Downhill),
        modifier(downhill, "Knight")
    );
    assert_eq!(
        (
            ridge_melee(Arm::Foot, Slope::Uphill),
            ridge_melee(Arm::Knight, Slope::Uphill)
        ),
        (-1, -2)
    );

    // Movement downhill: foot nothing, knights +1/+2 (the charge bonus,
    // 4.3.7).
    let (_, down) = &rows["Movement Downhill"];
    assert_eq!(one(down, "Foot"), Vec::<i32>::new());
    assert_eq!(
        one(down, "Knight"),
        vec![CHARGE_BONUS, CHARGE_DOWNHILL_BONUS]
    );
    assert_eq!(tables::charge_bonus(false), 1);
    assert_eq!(tables::charge_bonus(true), 2);

    // Leaders read the knight column (HS-R31).
    assert_eq!(Kind::Leader.arm(), Arm::Knight);
    assert_eq!(Kind::IneffectiveLeader.arm(), Arm::Knight);
    assert_eq!(Kind::Foot.arm(), Arm::Foot);
}

// ------------------------------------------------------- flank and rear

#[test]
fn flank_and_rear_bonuses() {
    let g = grid(FLANK_REAR_GRID);
    assert_eq!(g[0][1..], ["Flank", "Rear"]);
    for (row, attack) in g[1..].iter().zip([Attack::Fire, Attack::Melee]) {
        assert_eq!(row[0], format!("{attack:?}"));
        assert_eq!(Aspect::Flank.bonus(attack), numbers(&row[1])[0]);
        assert_eq!(Aspect::Rear.bonus(attack), numbers(&row[2])[0]);
        assert_eq!(Aspect::Front.bonus(attack), 0);
    }
    // 6.2.3's example: Breton foot, printed 4, through the rear: 6.
    assert_eq!(4 + Aspect::Rear.bonus(Attack::Melee), 6);
}

// ----------------------------------------------------------- missile fire

#[test]
fn missile_fire_matrix() {
    let g = grid(MATRIX_GRID);
    let ranges: Vec<u32> = g[1][2..]
        .iter()
        .map(|r| r.trim_end_matches('*').parse().unwrap())
        .collect();
    assert_eq!(ranges, [3, 2, 1]);
    for (row, weapon) in g[2..].iter().zip(Weapon::ALL) {
        assert_eq!(Weapon::parse(&row[0].to_lowercase()), Some(weapon));
        assert_eq!(weapon.max_range() as i32, numbers(&row[1])[0]);
        for (cell, &range) in row[2..].iter().zip(&ranges) {
            let expected = match cell.as_str() {
                "-" => None,
                n => Some(n.parse().unwrap()),
            };
            assert_eq!(
                tables::fire_strength(weapon, range),
                expected,
                "{weapon:?} at {range}"
            );
        }
        // Nothing beyond the maximum, nothing at range 0.
        assert_eq!(tables::fire_strength(weapon, 0), None);
        assert_eq!(tables::fire_strength(weapon, weapon.max_range() + 1), None);
    }
    assert_eq!(tables::fire_strength(Weapon::Javelin, 3), None);
    assert_eq!(tables::LONE_LEADER_DEFENCE, 1);
}

#[test]
fn missile_combat_results_table() {
    let g = grid(CRT_GRID);
    let header = &g[1];
    for (label, column) in header[1..].iter().zip(Column::ALL) {
        assert_eq!(column.label(), label);
    }
    assert_eq!(g.len() - 2, 6);
    for (d, row) in g[2..].iter().enumerate() {
        let die = d as u8 + 1;
        assert_eq!(row[0], die.to_string());
        for (cell, column) in row[1..].iter().zip(Column::ALL) {
            // Row 2 prints `_` for `-` in two cells: the same "no effect".
            let symbol = if cell == "_" { "-" } else { cell };
            let expected = FireResult::parse(symbol).unwrap();
            assert_eq!(
                MISSILE_CRT[d][column.index()],
                expected,
                "die {die} at {label}",
                label = column.label()
            );
            assert_eq!(tables::fire_result(column, die), Some(expected));
        }
    }
    assert_eq!(tables::fire_result(Column::FiveToOne, 0), None);
    assert_eq!(tables::fire_result(Column::FiveToOne, 7), None);
}

/// Each row of the missile CRT is the row above shifted one column left,
/// and every row is a window of `-…- M M M D D D 1 1 1 1`.
#[test]
fn missile_crt_diagonal() {
    for die in 1..6 {
        for c in 0..9 {
            assert_eq!(
                MISSILE_CRT[die][c],
                MISSILE_CRT[die - 1][c + 1],
                "die {} column {}",
                die + 1,
                Column::ALL[c].label()
            );
        }
    }
    use FireResult::*;
    let run: Vec<FireResult> = [(NoEffect, 10), (Morale, 3), (Disrupted, 3), (Step, 4)]
        .into_iter()
        .flat_map(|(r, n)| std::iter::repeat_n(r, n))
        .collect();
    for (d, row) in MISSILE_CRT.iter().enumerate() {
        assert_eq!(row[..], run[5 + d..15 + d], "die {}", d + 1);
    }
}

/// Odds to column (7.0, 7.2.7; spec 3.6, HS-R16).
#[test]
fn odds_to_column() {
    use tables::{column, fire_column};
    let col = |label: &str| {
        Column::ALL
            .into_iter()
            .find(|c| c.label() == label)
            .unwrap()
    };
    // The document's example, and the spec's table at every boundary.
    let vectors: [(i32, i32, Option<&str>); 36] = [
        (10, 3, Some("3-1")),
        (100, 1, Some("5-1")),
        (15, 3, Some("5-1")),
        (14, 3, Some("4-1")),
        (12, 3, Some("4-1")),
        (11, 3, Some("3-1")),
        (9, 3, Some("3-1")),
        (8, 3, Some("2-1")),
        (6, 3, Some("2-1")),
        (5, 3, Some("1.5-1")),
        (3, 2, Some("1.5-1")),
        (9, 6, Some("1.5-1")),
        (8, 6, Some("1-1")),
        (3, 3, Some("1-1")),
        (5, 4, Some("1-1")),
        (2, 3, Some("1-1.5")),
        (4, 6, Some("1-1.5")),
        (3, 4, Some("1-1.5")),
        (3, 5, Some("1-2")),
        (1, 2, Some("1-2")),
        (3, 6, Some("1-2")),
        (2, 5, Some("1-3")),
        (1, 3, Some("1-3")),
        (3, 9, Some("1-3")),
        (2, 7, Some("1-4")),
        (1, 4, Some("1-4")),
        (2, 8, Some("1-4")),
        (2, 9, None),
        (1, 5, None),
        (0, 3, None),
        (0, 0, None),
        (-1, 3, None),
        // A defence of 0 or less reads 5-1 (HS-R16).
        (1, 0, Some("5-1")),
        (3, -1, Some("5-1")),
        (1, 1, Some("1-1")),
        (7, 1, Some("5-1")),
    ];
    for (fire, defence, expected) in vectors {
        assert_eq!(
            column(fire, defence),
            expected.map(col),
            "{fire} against {defence}"
        );
    }

    // Exhaustively against the headings: the best column whose ratio
    // a:b (as printed) is at most fire:defence, none below 1-4.
    let ratio = |label: &str| -> (f64, f64) {
        let (a, b) = label.split_once('-').unwrap();
        (a.parse().unwrap(), b.parse().unwrap())
    };
    for fire in 0..=60 {
        for defence in -2..=20 {
            let expected = if fire <= 0 {
                None
            } else if defence <= 0 {
                Some(Column::FiveToOne)
            } else {
                Column::ALL.into_iter().rev().find(|c| {
                    let (a, b) = ratio(c.label());
                    // Exact in binary: every a, b is a multiple of 0.5.
                    fire as f64 * b >= defence as f64 * a
                })
            };
            assert_eq!(column(fire, defence), expected, "{fire} against {defence}");
        }
    }

    // High trajectory (7.3.3): one column left after the clamp.
    assert_eq!(fire_column(4, 2, true), Some(col("1.5-1")));
    assert_eq!(fire_column(4, 2, false), Some(col("2-1")));
    assert_eq!(fire_column(3, 2, true), Some(col("1-1")));
    assert_eq!(fire_column(50, 1, true), Some(col("4-1")));
    assert_eq!(fire_column(1, 0, true), Some(col("4-1")));
    assert_eq!(fire_column(1, 4, true), None);
    assert_eq!(fire_column(1, 3, true), Some(col("1-4")));
    assert_eq!(fire_column(1, 5, true), None);
    for (i, c) in Column::ALL.into_iter().enumerate() {
        assert_eq!(c.left(), i.checked_sub(1).map(|j| Column::ALL[j]));
    }

    // The `odds=` words: the table's own headings (`3-1`), and `AxB` and
    // `A:B`, which earlier logs write.
    assert_eq!(Column::parse("3-1"), Some(col("3-1")));
    assert_eq!(Column::parse("1x1.5"), Some(col("1-1.5")));
    assert_eq!(Column::parse("1.5:1"), Some(col("1.5-1")));
    assert_eq!(Column::parse("1-1-1"), None);
    for c in Column::ALL {
        assert_eq!(Column::parse(c.label()), Some(c));
    }
    // Every short word over the odds' letters reads as its heading, its
    // first `x`, `:` or `-` standing for the heading's `-`, and as nothing
    // else.
    let letters = ['1', '3', '5', '.', 'x', ':', '-'];
    let (mut words, mut level) = (vec![String::new()], vec![String::new()]);
    for _ in 0..5 {
        level = (level.iter())
            .flat_map(|w| letters.map(|l| format!("{w}{l}")))
            .collect();
        words.extend(level.iter().cloned());
    }
    let mut read = 0;
    for word in &words {
        let spelled = match word.find(['x', ':', '-']) {
            Some(at) => format!("{}-{}", &word[..at], &word[at + 1..]),
            None => word.clone(),
        };
        let expected = Column::ALL.into_iter().find(|c| c.label() == spelled);
        assert_eq!(Column::parse(word), expected, "{word}");
        read += usize::from(expected.is_some());
    }
    assert!(read >= 8, "{read} of {} words read", words.len());
}

#[test]
fn missile_supply() {
    use tables::{MAX_FIRE_SEGMENTS, fire_segments};
    let g = grid(SUPPLY_GRID);
    assert_eq!(g[1][1], "Norman Bowmen Saxon Jav/S");
    let first = &g[2];
    let second = &g[3];
    for (i, supply) in [Supply::NormanBowmen, Supply::SaxonJavelins]
        .into_iter()
        .enumerate()
    {
        let base1: u32 = first[i + 1].parse().unwrap();
        let base2: u32 = second[i + 1].parse().unwrap();
        for unused in 0..=8 {
            assert_eq!(fire_segments(supply, Period::First, unused), base1);
            assert_eq!(
                fire_segments(supply, Period::Second, unused),
                (base2 + unused).min(6),
                "{supply:?} with {unused} unused"
            );
        }
    }
    assert_eq!(MAX_FIRE_SEGMENTS, 6);
    assert_eq!(fire_segments(Supply::NormanBowmen, Period::Second, 3), 6);
    assert_eq!(fire_segments(Supply::SaxonJavelins, Period::Second, 1), 3);
    assert_eq!(fire_segments(Supply::SaxonJavelins, Period::Second, 4), 6);
    // Who is limited (7.4.1, 7.4.4).
    assert_eq!(
        Supply::of(Side::Normans, Weapon::Bow),
        Some(Supply::NormanBowmen)
    );
    assert_eq!(
        Supply::of(Side::Saxons, Weapon::Javelin),
        Some(Supply::SaxonJavelins)
    );
    assert_eq!(Supply::of(Side::Saxons, Weapon::Bow), None);
    assert_eq!(Supply::of(Side::Saxons, Weapon::Sling), None);
}

// ------------------------------------------------------------------ melee

fn melee_grid() -> Vec<Vec<String>> {
    grid(MELEE_GRID)[1..].to_vec()
}

#[test]
fn melee_results_table_as_printed() {
    let g = melee_grid();
    for (label, column) in g[0][1..].iter().zip(MeleeColumn::ALL) {
        assert_eq!(column.label(), label);
        assert_eq!(MeleeColumn::parse(label), Some(column));
    }
    for (d, row) in g[1..].iter().enumerate() {
        let die = d as u8 + 1;
        assert_eq!(row[0], die.to_string());
        for (cell, column) in row[1..].iter().zip(MeleeColumn::ALL) {
            let printed = Outcome::parse(cell).unwrap();
            assert_eq!(
                DOCUMENT_MELEE_TABLE[d][column.index()],
                printed,
                "die {die} at {}",
                column.label()
            );
            assert_eq!(column.document_outcome(die), Some(printed));
            assert_eq!(printed.to_string(), *cell);
        }
    }
}

/// HS-R12: die 4 at −3 prints `M/1`; senlac plays `M/-`. Nothing else
/// differs.
#[test]
fn melee_results_table_as_ruled() {
    let g = melee_grid();
    let ruled = [(4u8, "-3", "M/1", "M/-")];
    assert_eq!(MELEE_RULINGS.len(), ruled.len());
    for (r, (die, label, printed, ruling)) in MELEE_RULINGS.iter().zip(ruled) {
        assert_eq!((r.die, r.column.label()), (die, label));
        assert_eq!(r.printed.to_string(), printed);
        assert_eq!(r.ruled.to_string(), ruling);
        assert_eq!(r.ruling, "HS-R12");
    }
    for (d, row) in g[1..].iter().enumerate() {
        let die = d as u8 + 1;
        for (cell, column) in row[1..].iter().zip(MeleeColumn::ALL) {
            let expected = match ruled
                .iter()
                .find(|(rd, rl, _, _)| *rd == die && *rl == column.label())
            {
                Some((_, _, printed, ruling)) => {
                    assert_eq!(cell, printed);
                    *ruling
                }
                None => cell.as_str(),
            };
            assert_eq!(
                MELEE_TABLE[d][column.index()].to_string(),
                expected,
                "die {die} at {}",
                column.label()
            );
            assert_eq!(column.outcome(die).unwrap().to_string(), expected);
        }
    }
    assert_eq!(
        MeleeColumn::MinusThree.outcome(4).unwrap().to_string(),
        "M/-"
    );
    assert_eq!(
        MeleeColumn::MinusThree
            .document_outcome(4)
            .unwrap()
            .to_string(),
        "M/1"
    );
    assert_eq!(MeleeColumn::Zero.outcome(0), None);
    assert_eq!(MeleeColumn::Zero.outcome(7), None);
}

/// The structure the ruling rests on (spec 3.8): in columns −6 to −1 each
/// cell repeats the one a row up and a column right; the print breaks that
/// only around die 4, column −3, the ruled table nowhere. Every attacker-`M`
/// cell is `M/-`, on the diagonal die + column = 1 for dice 3 to 6.
#[test]
fn melee_structure_around_the_flagged_cell() {
    let breaks = |table: &[[Outcome; 11]; 6]| -> Vec<(u8, &'static str)> {
        let mut out = Vec::new();
        for d in 1..6 {
            for c in 0..5 {
                if table[d][c] != table[d - 1][c + 1] {
                    out.push((d as u8 + 1, MeleeColumn::ALL[c].label()));
                }
            }
        }
        out
    };
    // The flagged cell breaks both pairs it belongs to: against die 3 at
    // −2 above it, and against die 5 at −4 below it.
    assert_eq!(breaks(&DOCUMENT_MELEE_TABLE), [(4, "-3"), (5, "-4")]);
    assert_eq!(breaks(&MELEE_TABLE), Vec::<(u8, &str)>::new());

    let morale_cells = |table: &[[Outcome; 11]; 6]| -> Vec<(u8, &'static str, String)> {
        let mut out = Vec::new();
        for (d, row) in table.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                if cell.attacker == MeleeResult::Morale {
                    out.push((d as u8 + 1, MeleeColumn::ALL[c].label(), cell.to_string()));
                }
            }
        }
        out
    };
    let printed = morale_cells(&DOCUMENT_MELEE_TABLE);
    let ruled = morale_cells(&MELEE_TABLE);
    let positions = [
        (1, "+1"),
        (2, "-1"),
        (2, "0"),
        (3, "-2"),
        (4, "-3"),
        (5, "-4"),
        (6, "-5"),
    ];
    assert_eq!(
        printed.iter().map(|(d, c, _)| (*d, *c)).collect::<Vec<_>>(),
        positions
    );
    assert_eq!(
        ruled.iter().map(|(d, c, _)| (*d, *c)).collect::<Vec<_>>(),
        positions
    );
    assert!(ruled.iter().all(|(_, _, cell)| cell == "M/-"));
    let odd: Vec<_> = printed
        .iter()
        .filter(|(_, _, cell)| cell != "M/-")
        .collect();
    assert_eq!(odd, [&(4, "-3", "M/1".to_string())]);
    for d in 3..=6u8 {
        let column = MeleeColumn::of(1 - i32::from(d)).unwrap();
        assert_eq!(column.outcome(d).unwrap().to_string(), "M/-");
    }
    // As printed, die 4 at −3 would be better for the attacker than dice 5
    // (D*/-) and 6 (1/1): the attacker loses nothing and the defender a
    // step.
    let c = MeleeColumn::MinusThree;
    assert_eq!(c.outcome(5).unwrap().to_string(), "D*/-");
    assert_eq!(c.outcome(6).unwrap().to_string(), "1/1");
}

/// Differential to column (8.3.2; HS-R13): above +6 reads +6; −6 has its
/// column; −7 and worse are the automatic `1/-` with no die.
#[test]
fn melee_differential_to_column() {
    let g = melee_grid();
    let labels: Vec<&str> = g[0][1..].iter().map(String::as_str).collect();
    for differential in -20..=20 {
        let expected = if differential <= -7 {
            None
        } else {
            let d = differential.min(6);
            labels
                .iter()
                .find(|l| l.split('/').any(|n| n.parse::<i32>().unwrap() == d))
                .map(|l| MeleeColumn::parse(l).unwrap())
        };
        assert_eq!(MeleeColumn::of(differential), expected, "{differential}");
    }
    assert_eq!(AUTOMATIC_LOSS.to_string(), "1/-");
    for die in 1..=6 {
        assert_eq!(tables::melee_outcome(-7, die), Some(AUTOMATIC_LOSS));
        assert_eq!(tables::melee_outcome(-30, die), Some(AUTOMATIC_LOSS));
    }
    assert_eq!(tables::melee_outcome(-6, 6).unwrap().to_string(), "1/D*");
    assert_eq!(tables::melee_outcome(-6, 5).unwrap().to_string(), "1/-");
    assert_eq!(tables::melee_outcome(9, 1).unwrap().to_string(), "D*/1");
    assert_eq!(tables::melee_outcome(3, 2).unwrap().to_string(), "1/1");
    assert_eq!(tables::melee_outcome(5, 6).unwrap().to_string(), "-/1M");
    assert_eq!(tables::melee_outcome(0, 7), None);
    // The automatic loss needs no die: any value is ignored.
    assert_eq!(tables::melee_outcome(-7, 0), Some(AUTOMATIC_LOSS));

    // The result words.
    for r in MeleeResult::ALL {
        assert_eq!(MeleeResult::parse(r.symbol()), Some(r));
    }
    assert!(MeleeResult::StepMorale.loses_step() && MeleeResult::StepMorale.checks_morale());
    assert!(!MeleeResult::Disrupted.loses_step() && !MeleeResult::Disrupted.checks_morale());
}

// ------------------------------------------------------- morale and rally

fn morale_symbol(cell: &str) -> MoraleResult {
    MoraleResult::ALL
        .into_iter()
        .find(|r| r.symbol() == cell)
        .unwrap_or_else(|| panic!("not a result: {cell}"))
}

#[test]
fn morale_table_as_printed() {
    let g = grid(MORALE_GRID);
    for (letter, grade) in g[0][1..].iter().zip(Grade::ALL) {
        assert_eq!(grade.letter(), letter);
    }
    for (d, row) in g[1..].iter().enumerate() {
        assert_eq!(row[0], (d + 1).to_string());
        assert_eq!(DOCUMENT_MORALE_TABLE[d][..], row[1..], "die {}", d + 1);
    }
}

/// HS-R11: column E reads `-, D, R, R, R, R`; each garbled cell is its
/// first token, and nothing else changes.
#[test]
fn morale_table_as_ruled() {
    let ruled = grid(
        "
        Die Roll | A | B | C | D | E
        1 | - | - | - | - | -
        2 | - | - | - | D | D
        3 | - | - | - | D | R
        4 | - | D | D | R | R
        5 | D | D | R | R | R
        6 | D | R | R | R | R
        ",
    );
    let printed = grid(MORALE_GRID);
    for d in 0..6 {
        for g in 0..5 {
            let cell = &ruled[d + 1][g + 1];
            let expected = morale_symbol(cell);
            assert_eq!(
                MORALE_TABLE[d][g],
                expected,
                "die {} {:?}",
                d + 1,
                Grade::ALL[g]
            );
            assert_eq!(tables::morale(Grade::ALL[g], d as u8 + 1), Some(expected));
            // The ruling against the print: `_` is `-`, a garbled cell is
            // its first token.
            let print = &printed[d + 1][g + 1];
            let first = print.split(' ').next().unwrap().replace('_', "-");
            assert_eq!(&first, cell);
        }
    }
    let garbled: Vec<(u8, Grade, &str)> = (0..6)
        .flat_map(|d| (0..5).map(move |g| (d, g)))
        .filter(|&(d, g)| DOCUMENT_MORALE_TABLE[d][g].contains(' '))
        .map(|(d, g)| (d as u8 + 1, Grade::ALL[g], DOCUMENT_MORALE_TABLE[d][g]))
        .collect();
    assert_eq!(garbled, [(2, Grade::E, "D R R"), (5, Grade::E, "R R")]);
    assert_eq!(
        MORALE_RULINGS
            .iter()
            .map(|(d, g, p, r)| (*d, *g, *p, r.symbol()))
            .collect::<Vec<_>>(),
        [(2, Grade::E, "D R R", "D"), (5, Grade::E, "R R", "R")]
    );
    assert_eq!(tables::morale(Grade::A, 0), None);
    assert_eq!(tables::morale(Grade::A, 7), None);
    // 9.6.1's example: C nothing on 1-3, D on 4, R on 5-6.
    let c: Vec<&str> = (1..=6)
        .map(|d| tables::morale(Grade::C, d).unwrap().symbol())
        .collect();
    assert_eq!(c, ["-", "-", "-", "D", "R", "R"]);
    // Words of the claims, and 9.6.2's reading for knights.
    assert_eq!(MoraleResult::parse("routed"), Some(MoraleResult::Routed));
    assert_eq!(MoraleResult::NoEffect.word(), "ok");
    assert_eq!(
        MoraleResult::Routed.rout_as_disruption(),
        MoraleResult::Disrupted
    );
    assert_eq!(
        MoraleResult::NoEffect.rout_as_disruption(),
        MoraleResult::NoEffect
    );
}

/// Under HS-R11 every grade is at least as bad as the one to its left on
/// every die, every column at least as bad on a higher die, and the chance
/// of a rout grows by exactly one face per grade.
#[test]
fn morale_columns_are_monotone() {
    let rank = |r: MoraleResult| r as u8;
    for (die, row) in MORALE_TABLE.iter().enumerate() {
        for (g, pair) in row.windows(2).enumerate() {
            assert!(
                rank(pair[1]) >= rank(pair[0]),
                "die {} {:?}",
                die + 1,
                Grade::ALL[g + 1]
            );
        }
    }
    for rows in MORALE_TABLE.windows(2) {
        for (g, grade) in Grade::ALL.into_iter().enumerate() {
            assert!(rank(rows[1][g]) >= rank(rows[0][g]), "{grade:?}");
        }
    }
    let routs: Vec<usize> = (0..5)
        .map(|g| {
            (0..6)
                .filter(|&d| MORALE_TABLE[d][g] == MoraleResult::Routed)
                .count()
        })
        .collect();
    assert_eq!(routs, [0, 1, 2, 3, 4]);
    assert!((0..5).all(|g| MORALE_TABLE[0][g] == MoraleResult::NoEffect));
}

#[test]
fn rally_table() {
    let g = grid(RALLY_GRID);
    for (row, grade) in g[1..].iter().zip(Grade::ALL) {
        assert_eq!(Grade::parse(&row[0]), Some(grade));
        let range = totals(&row[1]);
        assert_eq!(range[0], 1);
        let top = *range.last().unwrap();
        assert_eq!(tables::rally_range(grade), top, "{grade:?}");
        for die in 1..=6u8 {
            assert_eq!(tables::rallies(grade, die, false), Some(die <= top));
            // A leader in range: one off the die (9.5.2).
            assert_eq!(tables::rallies(grade, die, true), Some(die - 1 <= top));
        }
        assert_eq!(tables::rallies(grade, 0, false), None);
        assert_eq!(tables::rallies(grade, 7, true), None);
    }
    // 9.5.2's example: C on 1, 2 or 3.
    assert_eq!(tables::rally_range(Grade::C), 3);
    assert_eq!(tables::RALLY_LEADER_MODIFIER, -1);
    // Grades are Latin letters only.
    assert_eq!(Grade::parse("\u{0412}"), None);
    assert_eq!(Grade::parse("\u{0421}"), None);
    assert_eq!(Grade::parse("\u{0415}"), None);
    assert_eq!(Grade::parse("b"), None);
}

// ------------------------------------------------------- leaders, points

#[test]
fn leader_casualty_table() {
    let g = grid(LEADER_GRID);
    let names = [
        ("Leader Killed", LeaderResult::Killed),
        ("Leader Wounded ¹", LeaderResult::Wounded1),
        ("Leader Wounded ²", LeaderResult::Wounded2),
        ("Leader Shaken ³", LeaderResult::Shaken),
        ("Nothing Happens", LeaderResult::Unharmed),
    ];
    assert_eq!(LEADER_CASUALTY.len(), g.len() - 1);
    for ((row, (name, result)), data) in g[1..].iter().zip(names).zip(LEADER_CASUALTY) {
        assert_eq!(row[2], name);
        assert_eq!(data.result, result);
        assert_eq!(data.fire, totals(&row[0]), "{name}, Fire");
        assert_eq!(data.melee, totals(&row[1]), "{name}, Melee");
        for total in totals(&row[0]) {
            assert_eq!(tables::leader_casualty(Attack::Fire, total), Some(result));
        }
        for total in totals(&row[1]) {
            assert_eq!(tables::leader_casualty(Attack::Melee, total), Some(result));
        }
    }
    // Both columns cover 2..12 exactly once.
    for attack in Attack::ALL {
        let mut all: Vec<u8> = LEADER_CASUALTY
            .iter()
            .flat_map(|r| match attack {
                Attack::Fire => r.fire,
                Attack::Melee => r.melee,
            })
            .copied()
            .collect();
        all.sort();
        assert_eq!(all, (2..=12).collect::<Vec<u8>>(), "{attack:?}");
        for total in [0, 1, 13] {
            assert_eq!(tables::leader_casualty(attack, total), None);
        }
    }
    // Footnote 3: shaken again, 1-3 killed, 4-6 nothing.
    for die in 1..=6 {
        let expected = if die <= 3 {
            LeaderResult::Killed
        } else {
            LeaderResult::Unharmed
        };
        assert_eq!(tables::shaken_again(die), Some(expected));
    }
    assert_eq!(tables::shaken_again(0), None);
    assert_eq!(tables::shaken_again(7), None);
    assert_eq!(tables::WOUNDED_1_RADIUS_LOSS, 1);
    // Claim words.
    let words: Vec<&str> = LeaderResult::ALL.iter().map(|r| r.word()).collect();
    assert_eq!(
        words,
        ["killed", "wounded-1", "wounded-2", "shaken", "unharmed"]
    );
    for r in LeaderResult::ALL {
        assert_eq!(LeaderResult::parse(r.word()), Some(r));
    }
}

#[test]
fn casualty_points() {
    let g = grid(POINTS_GRID);
    for (row, grade) in g[1..6].iter().zip(Grade::ALL) {
        assert_eq!(row[0], format!("\"{}\" Morale unit", grade.letter()));
        assert_eq!(tables::unit_points(grade), row[1].parse::<u32>().unwrap());
    }
    for row in &g[6..9] {
        assert_eq!(
            tables::leader_points(&row[0]),
            row[1].parse::<u32>().unwrap()
        );
    }
    assert_eq!(g[9][0], "Other Leader");
    let other: u32 = g[9][1].parse().unwrap();
    assert_eq!(tables::OTHER_LEADER_POINTS, other);
    for name in ["Alan", "Eustace", "Leofwine", "Gyrth"] {
        assert_eq!(tables::leader_points(name), other, "{name}");
    }
}

#[test]
fn reinforcement_schedule() {
    // 11.4.1: two in each of the first four turns, one in each of the last
    // four; twelve in all.
    assert_eq!(REINFORCEMENTS, [2, 2, 2, 2, 1, 1, 1, 1]);
    assert_eq!(REINFORCEMENTS.iter().sum::<u32>(), 12);
    for turn in 1..=8 {
        let expected = if turn <= 4 { 2 } else { 1 };
        assert_eq!(tables::arrivals(turn), expected, "turn {turn}");
    }
    for turn in [0, 9, 10, 11, 16] {
        assert_eq!(tables::arrivals(turn), 0);
    }
    assert_eq!(tables::RESERVE_FYRD, 12);
}

// ----------------------------------------------------------------- facing

/// Spec 3.17 (HS-R2, HS-R3).
#[test]
fn facing_table() {
    let spec = grid(
        "
        facing | frontal | flank | rear
        1 | N, NE | NW, SE | S, SW
        2 | NE, SE | N, S | SW, NW
        3 | SE, S | NE, SW | NW, N
        4 | S, SW | SE, NW | N, NE
        5 | SW, NW | S, N | NE, SE
        6 | NW, N | SW, NE | SE, S
        ",
    );
    for (row, data) in spec[1..].iter().zip(FACINGS) {
        assert_eq!(data.facing.to_string(), row[0]);
        assert_eq!(data.frontal, directions(&row[1]));
        assert_eq!(data.flank, directions(&row[2]));
        assert_eq!(data.rear, directions(&row[3]));
    }
    // Geometry: facing k points at the vertex between the k-th and next
    // side clockwise from N; the three arcs share out the six sides.
    let all = Direction::ALL;
    for k in 1..=6usize {
        let row = tables::facing(k as u8).unwrap();
        assert_eq!(row.frontal, [all[k - 1], all[k % 6]]);
        assert_eq!(row.flank, [all[(k + 4) % 6], all[(k + 1) % 6]]);
        let opposite = tables::facing(((k + 2) % 6 + 1) as u8).unwrap();
        assert_eq!(row.rear, opposite.frontal);
        for d in all {
            let expected = if row.frontal.contains(&d) {
                Aspect::Front
            } else if row.flank.contains(&d) {
                Aspect::Flank
            } else {
                assert!(row.rear.contains(&d));
                Aspect::Rear
            };
            assert_eq!(tables::aspect(k as u8, d), Some(expected));
        }
    }
    assert_eq!(tables::facing(0), None);
    assert_eq!(tables::facing(7), None);
    assert_eq!(tables::aspect(7, Direction::N), None);

    let sides = grid(
        "
        side | rear steps | forward steps | lateral steps | routed facing
        Saxons | NW, SW | NE, SE | N, S | 5
        Normans | NE, SE | NW, SW | N, S | 2
        ",
    );
    for row in &sides[1..] {
        let side = Side::parse(&row[0]).unwrap();
        let data = side.row();
        assert_eq!(data.side, side);
        assert_eq!(data.rear, directions(&row[1]));
        assert_eq!(data.forward, directions(&row[2]));
        assert_eq!(data.lateral, directions(&row[3]));
        assert_eq!(data.routed_facing.to_string(), row[4]);
        // A routed unit faces exactly its rear (HS-R3).
        let routed = tables::facing(data.routed_facing).unwrap();
        let mut rear = data.rear;
        let mut front = routed.frontal;
        rear.sort();
        front.sort();
        assert_eq!(rear, front, "{side:?}");
        // Forward is the reverse of rear; lateral stays in the column.
        let mut back = data.rear.map(Direction::opposite);
        let mut forward = data.forward;
        back.sort();
        forward.sort();
        assert_eq!(back, forward, "{side:?}");
        let column_step = if side == Side::Saxons { -1 } else { 1 };
        for d in data.rear {
            assert_eq!(d.offset().q, column_step, "{side:?} rear {d:?}");
        }
        for d in data.lateral {
            assert_eq!(d.offset().q, 0);
        }
    }
    assert_eq!(SIDES.len(), 2);
    assert_eq!(Side::Saxons.row().forward, Side::Normans.row().rear);
}

// --------------------------------------------------------------- Cyrillic

/// The document heads two columns of the Rally Table and two of the Morale
/// Table with Cyrillic look-alikes (U+0412 for B, U+0421 for C, U+0415 for
/// E), and has no other Cyrillic; no Rust source under crates/ has any.
#[test]
fn cyrillic_look_alikes() {
    let document = document();
    let lines: Vec<&str> = document.lines().collect();
    let after = |heading: &str| {
        lines
            .iter()
            .position(|l| l.starts_with(heading))
            .unwrap_or_else(|| panic!("no {heading:?} in the document"))
    };
    // Rally Table: the B and C rows.
    let rally = after("[9.5.4] The Rally Check Table");
    let rows: Vec<&str> = lines[rally..].iter().take(8).copied().collect();
    assert!(
        rows.contains(&"\u{0412}\t1-4"),
        "the Rally Table's B is not U+0412"
    );
    assert!(
        rows.contains(&"\u{0421}\t1-3"),
        "the Rally Table's C is not U+0421"
    );
    // Morale Table: the header.
    let morale = after("[9.6.6] Morale Check Table");
    let header = lines[morale..]
        .iter()
        .find(|l| l.starts_with("Die Roll"))
        .unwrap();
    assert_eq!(*header, "Die Roll\tA\t\u{0412}\tC\tD\t\u{0415}");
    // And nowhere else.
    let found: Vec<(usize, char)> = lines
        .iter()
        .enumerate()
        .flat_map(|(i, l)| l.chars().filter(|c| is_cyrillic(*c)).map(move |c| (i, c)))
        .collect();
    let at = |line: &str| lines.iter().position(|l| *l == line).unwrap();
    let expected: Vec<(usize, char)> = vec![
        (at("\u{0412}\t1-4"), '\u{0412}'),
        (at("\u{0421}\t1-3"), '\u{0421}'),
        (at(header), '\u{0412}'),
        (at(header), '\u{0415}'),
    ];
    assert_eq!(found, expected);

    // No Rust source under crates/ contains a Cyrillic character.
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    rust_files(&crates, &mut files);
    let me = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hastings_1066_tables.rs");
    let tables = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/hastings_1066/tables.rs");
    assert!(files.len() > 20, "only {} .rs files found", files.len());
    for required in [&me, &tables] {
        let required = required.canonicalize().unwrap();
        assert!(
            files.iter().any(|f| f.canonicalize().unwrap() == required),
            "{} was not scanned",
            required.display()
        );
    }
    let mut offenders = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if let Some(c) = line.chars().find(|c| is_cyrillic(*c)) {
                offenders.push(format!("{}:{}: U+{:04X}", file.display(), n + 1, c as u32));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "Cyrillic in Rust sources:\n{}",
        offenders.join("\n")
    );
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy();
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                rust_files(&path, out);
            }
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}
