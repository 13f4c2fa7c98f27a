//! What `senlac rules feudal/ohw` prints: the unit classes, the terrain
//! kinds, the options with what each needs and the pairs that cannot be
//! combined, and every line a log writes (spec 5.2), from the data the
//! checks use (tables.rs, options.rs) and [`VERBS`], which play reads.

use super::options::{INCOMPATIBLE, OPTIONS, Takes};
use super::state::Phase;
use super::tables::{
    Armour, Base, CLASSES, ClassInfo, Cover, Entry, Measure, Missile, RALLY_FLOOR, REMOVED_AT,
    SHOTS, SHOTS_WELL_SUPPLIED, TERRAIN, TIRED_ABOVE, Turns,
};
use crate::catalog::{Catalog, Section, Table};

/// One line a log writes: its verb, the phases it stands in (none: in
/// any, where it is owed or asked for), its shape and the rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verb {
    pub verb: &'static str,
    pub phases: &'static [Phase],
    pub shape: &'static str,
    pub rule: &'static str,
    pub example: &'static str,
}

/// Every line of play (spec 5.2), in its table's order.
pub const VERBS: &[Verb] = &[
    Verb {
        verb: "shoot",
        phases: &[Phase::Shoot, Phase::Move],
        shape: "U shoot T ROLL [reroll=ROLL] [> T save ROLL [reroll=ROLL]]",
        rule: "1.1-1.4; bows in the shoot phase, javelins in the move phase",
        example: "B shoot F d6:4 => F hits=4",
    },
    Verb {
        verb: "move",
        phases: &[Phase::Move],
        shape: "U move [ANGLE] [DIST [ANGLE]] [fast] [ROLL]",
        rule: "2.1-2.4, 2.9; an angle before DIST is the start turn, after it the end turn",
        example: "W move -90deg 2.75in => W@27.25x15.5in^180deg",
    },
    Verb {
        verb: "turn",
        phases: &[Phase::Move],
        shape: "U turn ANGLE",
        rule: "2.4; the start or end turn of a move, written apart",
        example: "W turn -90deg",
    },
    Verb {
        verb: "charge",
        phases: &[Phase::Move],
        shape: "U charge T [ANGLE] [fast] [offset=DIST] [edge=left|right] [ROLL]",
        rule: "2.8C; with no ANGLE the engine searches (FO-R19)",
        example: "K charge F 20deg => K@18x15.5in^90deg F contact=front",
    },
    Verb {
        verb: "retreat",
        phases: &[Phase::Move],
        shape: "U retreat DIST [ROLL]",
        rule: "2.5",
        example: "F retreat 2.5in",
    },
    Verb {
        verb: "face",
        phases: &[Phase::Move],
        shape: "U face E",
        rule: "2.6",
        example: "F face W",
    },
    Verb {
        verb: "join",
        phases: &[Phase::Move],
        shape: "P join U",
        rule: "PER.0; before any movement",
        example: "RG join S",
    },
    Verb {
        verb: "melee",
        phases: &[Phase::Melee],
        shape: "U melee T ROLL [reroll=ROLL] [> T save ROLL [reroll=ROLL]]",
        rule: "3.1-3.4",
        example: "K melee F d6:3 => F hits=10",
    },
    Verb {
        verb: "rally",
        phases: &[Phase::Rally],
        shape: "U rally [ROLL] [priest=ROLL]",
        rule: "4.1; optional unless it rolls (FO-R30)",
        example: "F rally => F hits=3",
    },
    Verb {
        verb: "morale",
        phases: &[],
        shape: "SIDE morale ROLL",
        rule: "FM.1; owed after each unit lost (FO-R28)",
        example: "Angevins morale d6:2",
    },
    Verb {
        verb: "initiative",
        phases: &[Phase::Initiative],
        shape: "SIDE initiative ROLL [strategos] > SIDE initiative ROLL [strategos] => SIDE",
        rule: "IN.1-IN.3, FO-R32",
        example: "Angevins initiative d6:3 > Welsh initiative d6:4 => Angevins",
    },
    Verb {
        verb: "zed",
        phases: &[],
        shape: "SIDE zed \"question\" ROLL > SIDE zed ROLL => SIDE",
        rule: "0.00; in any phase",
        example: "Angevins zed \"Is X within the hill?\" d6:4 > Welsh zed d6:2 => Angevins",
    },
    Verb {
        verb: "pursue",
        phases: &[Phase::Pursuit],
        shape: "U pursue T ROLL",
        rule: "FM.6",
        example: "W pursue K d6:4",
    },
];

/// `1 BW (5")`: a measure with its inches on the author's base.
fn measure(m: Measure) -> String {
    let base = Base::DEFAULT;
    let (word, inches) = match m {
        Measure::Bw => ("1 BW", base.width),
        Measure::Bd => ("1 BD", base.depth),
    };
    format!("{word} ({inches}\")")
}

fn signed(n: i8) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

fn class_row(c: &ClassInfo) -> Vec<Vec<String>> {
    let cell = |s: String| vec![s];
    let base = Base::DEFAULT;
    let missile = match c.missile {
        None => "none".to_string(),
        Some(m) => format!(
            "{}, {} BW ({}\")",
            match m {
                Missile::Bows => "bows (shoot phase)",
                Missile::Javelins => "javelins (move phase)",
            },
            m.widths(),
            m.widths() * base.width
        ),
    };
    let ground: Vec<&str> = [(c.woods, "woods"), (c.marsh, "marsh")]
        .into_iter()
        .filter_map(|(may, word)| may.then_some(word))
        .collect();
    let mut ground = vec![if ground.is_empty() {
        "open ground only".into()
    } else {
        format!("may enter {}", ground.join(" and "))
    }];
    if let Some(option) = c.needs {
        ground.push(format!("needs option {option}"));
    }
    vec![
        cell(format!("{} ({})", c.word, c.source)),
        vec![
            format!("class {}", c.move_class),
            measure(c.moves),
            format!("fast +{}", measure(c.fast)),
        ],
        cell(
            match c.turns {
                Turns::Start => "once, at the start",
                Turns::StartOrEnd => "once, at the start or the end",
                Turns::StartAndEnd => "at the start and at the end",
            }
            .into(),
        ),
        cell(missile),
        vec![
            format!("shooting {}", signed(c.shoot)),
            format!("melee {}", signed(c.melee)),
        ],
        cell(
            match c.armour {
                Armour::None => "none",
                Armour::Always => "halves shooting and melee hits",
                Armour::MeleeOnly => "halves melee hits",
            }
            .into(),
        ),
        ground,
    ]
}

fn cover(c: Cover) -> &'static str {
    match c {
        Cover::None => "none",
        Cover::Within => "halves hits on a unit within it",
        Cover::Uphill => "halves hits on a unit within it from one outside (uphill)",
        Cover::Lining => "halves hits on a unit lining it, across it",
        Cover::WithinWhenCharged => "halves hits on a unit within it, the turn it was charged",
        Cover::Crossing => "halves hits on a unit on the bank, against one on the crossing",
    }
}

/// The tables of `senlac rules feudal/ohw`.
pub fn catalog(title: String) -> Catalog {
    let cell = |s: &str| vec![s.to_string()];
    let classes = Table {
        title: "Unit classes (0.4, AT, FX.6; spec 2.0): distances in base widths (BW) and depths (BD), inches on the 5x2.5\" base".into(),
        headings: vec![
            "Class",
            "Move",
            "Turns",
            "Missiles, range",
            "Modifiers",
            "Armour",
            "Ground",
        ],
        rows: CLASSES.iter().map(class_row).collect(),
    };
    let terrain = Table {
        title: "Terrain (0.10, FO-R10, FO-R41): `terrain KIND polygon P P P…`, `terrain KIND circle P radius=R`, `terrain KIND line P P… width=W`; a bridge is a ford".into(),
        headings: vec![
            "Kind",
            "Shape",
            "Entry",
            "Blocks sight",
            "Against shooting",
            "Against melee",
        ],
        rows: TERRAIN
            .iter()
            .map(|t| {
                vec![
                    vec![format!("{} ({})", t.word, t.source)],
                    cell(if t.area { "area" } else { "line" }),
                    cell(match t.entry {
                        Entry::Open => "anyone",
                        Entry::Woods => "classes that may enter woods",
                        Entry::Marsh => "classes that may enter marsh",
                        Entry::Impassable => "no one",
                    }),
                    cell(if t.blocks_sight { "yes" } else { "no" }),
                    cell(cover(t.shooting_cover)),
                    cell(cover(t.melee_cover)),
                ]
            })
            .collect(),
    };
    let options = Table {
        title: "Options (spec 2.7, FO-R53): `option NAME [VALUE]`".into(),
        headings: vec!["Option", "Value", "Needs", "Rule"],
        rows: OPTIONS
            .iter()
            .map(|o| {
                vec![
                    cell(o.word),
                    cell(match o.takes {
                        Takes::Nothing => "",
                        Takes::Die => "d6 or d5",
                        Takes::Base => "WxDin (width 4\" to 6\", depth half of it)",
                        Takes::Bonus => "1, 2 or 3 (2 when left out)",
                        Takes::Pursuit => "attack or eliminate",
                    }),
                    o.needs.iter().map(|n| n.info().word.to_string()).collect(),
                    cell(o.rule),
                ]
            })
            .collect(),
    };
    let incompatible = Table {
        title: "Options that cannot be combined (FO-R39)".into(),
        headings: vec!["Option", "With", "Why"],
        rows: INCOMPATIBLE
            .iter()
            .map(|(a, b, why)| vec![cell(a.info().word), cell(b.info().word), cell(why)])
            .collect(),
    };
    let verbs = Table {
        title: "What a log writes (spec 5.2): ANGLE `20deg`, DIST `4.5in`, ROLL `d6:4`".into(),
        headings: vec!["Verb", "Phases", "Shape", "Rule", "Example"],
        rows: VERBS
            .iter()
            .map(|v| {
                vec![
                    cell(v.verb),
                    if v.phases.is_empty() {
                        cell(if v.verb == "zed" {
                            "any phase"
                        } else {
                            "where it is owed"
                        })
                    } else {
                        v.phases.iter().map(|p| format!("{}:", p.label())).collect()
                    },
                    cell(v.shape),
                    cell(v.rule),
                    cell(v.example),
                ]
            })
            .collect(),
    };
    Catalog {
        title,
        sections: vec![
            Section {
                title: "Units".into(),
                tables: vec![classes],
            },
            Section {
                title: "Terrain".into(),
                tables: vec![terrain],
            },
            Section {
                title: "Options".into(),
                tables: vec![options, incompatible],
            },
            Section {
                title: "Lines".into(),
                tables: vec![verbs],
            },
        ],
        always: vec![
            "A turn is two player turns, each `N. SIDE` with its phases in order: initiative (with `option initiative`), shoot, move, melee, rally (1.1)".into(),
            "Positions are `XxYin` from the table's left and near edges, facings `Adeg` counter-clockwise from +x; lengths match to 0.01\" (FO-R1, FO-R2)".into(),
            format!(
                "A unit is removed at {} hits (1.5, 3.4); {} or {} with `adv=determined` or `dis=unenthusiastic` (AD.2)",
                REMOVED_AT[0], REMOVED_AT[1], REMOVED_AT[2]
            ),
            format!(
                "A rally takes off one hit, or more, but never below {} hits (4.1); with `option tired-units` a unit of more than {} hits is tired (TU)",
                RALLY_FLOOR[0], TIRED_ABOVE[0]
            ),
            format!(
                "A unit with missiles has {SHOTS} shots, {SHOTS_WELL_SUPPLIED} when well supplied (1.4, MS.2)"
            ),
        ],
        rulings: "docs/rules/feudal-ohw.md",
    }
}
