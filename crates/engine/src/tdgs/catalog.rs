//! What `senlac rules tdgs/mass-combat` prints: every line a TDGS log
//! writes, what it costs and who writes it, with an example from the
//! spec's Harrow Ford battle (each example is replayed by the tests, so the
//! catalog cannot drift from the checks).

use crate::catalog::{Catalog, Section, Table};

/// The ruling file the diagnostics cite.
pub const RULINGS: &str = "docs/rules/tdgs-mass-combat.md";

/// One kind of line: its verb, what it costs, who writes it, an example.
pub struct Line {
    pub verb: &'static str,
    pub cost: &'static str,
    pub who: &'static str,
    pub example: &'static str,
}

/// Every line play reads (spec 1.3).
pub const LINES: &[Line] = &[
    Line {
        verb: "step",
        cost: "Step",
        who: "any entity not routed, not under Hold",
        example: "A step 0907",
    },
    Line {
        verb: "move",
        cost: "Action",
        who: "heroes; units not under Hold or Take Cover",
        example: "C move 1414-1413-1412",
    },
    Line {
        verb: "attack",
        cost: "Action",
        who: "an adjacent enemy (a nearest one under Attack)",
        example: "A attack R1 d20:14 damage=31 => R1 hp=59",
    },
    Line {
        verb: "shoot",
        cost: "Action",
        who: "ranged weapons, in range and in sight",
        example: "D shoot R2 d20:3 => miss",
    },
    Line {
        verb: "cast",
        cost: "Action",
        who: "heroes: `arcane` (INT) or `divine` (WIS) against WIS",
        example: "W cast R4 arcane d20:12 damage=18",
    },
    Line {
        verb: "charge",
        cost: "Action",
        who: "units under Charge: a path to the first adjacent square, then the attack",
        example: "R4 charge A 0904-0905 d20:11 damage=22 => A hp=108",
    },
    Line {
        verb: "order",
        cost: "Action (free when the order stands)",
        who: "the unit's own commander, in range",
        example: "G order R3 charge",
    },
    Line {
        verb: "claim",
        cost: "Action",
        who: "a commander: an uncontrolled friendly unit in range into a free slot",
        example: "K claim R2 extended",
    },
    Line {
        verb: "release",
        cost: "free",
        who: "a commander, of a unit it commands",
        example: "S release E",
    },
    Line {
        verb: "rally",
        cost: "Action",
        who: "any friendly commander, a routed unit within CHA squares, once a round",
        example: "Y rally C d20:9 => pass",
    },
    Line {
        verb: "delay",
        cost: "free, ends the activation",
        who: "any entity not routed; it may open once more this round",
        example: "R2 delay",
    },
    Line {
        verb: "flee",
        cost: "the whole activation",
        who: "routed units, full MOV toward safety",
        example: "C flee 1408-1409-1410-1411-1412-1413-1414",
    },
    Line {
        verb: "morale",
        cost: "owed",
        who: "the unit that owes it, lowest CON first, right after the line that caused it",
        example: "C morale half d20:6 => fail",
    },
    Line {
        verb: "cornered",
        cost: "owed",
        who: "a routed unit with no escape route, first in its activation",
        example: "R1 cornered d20:12 => pass",
    },
    Line {
        verb: "free-attack",
        cost: "owed, optional",
        who: "the destroyer of a commander's direct unit, on that commander",
        example: "B free-attack G d20:20 crit=d4:4 damage=40 => G dead",
    },
    Line {
        verb: "> opportunity",
        cost: "reaction",
        who: "an enemy the mover leaves, not routed",
        example: "C flee 1408-1409-1410 > R2 opportunity d20:17 damage=20",
    },
];

pub fn catalog() -> Catalog {
    Catalog {
        title: "TDGS Mass Combat: units and heroes with nine stats on squares, commanders, orders, morale".into(),
        sections: vec![Section {
            title: "Lines".into(),
            tables: vec![Table {
                title: "What an activation writes".into(),
                headings: vec!["Line", "Cost", "Who", "Example"],
                rows: LINES
                    .iter()
                    .map(|l| {
                        vec![
                            vec![l.verb.to_string()],
                            vec![l.cost.to_string()],
                            vec![l.who.to_string()],
                            vec![l.example.to_string()],
                        ]
                    })
                    .collect(),
            }],
        }],
        always: vec![
            "Rounds: entities act by REF, then LUK, then the order the log first chose (TURN-3)".into(),
            "Every uncertain outcome is one d20: d20 + (stat − stat) + modifiers ≥ 11; a natural 1 fails, a natural 20 succeeds; luck per core D4".into(),
            "Damage is stated on a hit (`damage=N`); HP = CON × 5; a unit at 0 HP is destroyed".into(),
            "Morale: d20 + (CON − threat) + the commander's CHA bonus ≥ 11, written right after the line that caused it".into(),
        ],
        rulings: RULINGS,
    }
}
