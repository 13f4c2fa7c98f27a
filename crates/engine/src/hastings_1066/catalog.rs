//! Every line a Hastings: 1066 log writes (spec 5.1): its verb, the
//! segments it belongs to, who writes it, and an example. Play reads which
//! segment and which side a verb belongs to from here, so the catalog
//! `senlac rules hastings-1066/st` prints cannot drift from the checks.

use super::state::Segment;

/// Who writes a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// The side the segment belongs to ([`Segment::actor`]); either side
    /// where both act (orders, the Turn Record Phase).
    Segment,
    /// A consequence owed by whoever it falls on (1.4): either side, in
    /// any segment it arises in.
    Owed,
}

/// One kind of line.
pub struct Line {
    pub verb: &'static str,
    /// The segments it may stand in; empty for owed lines, which stand
    /// wherever the line that caused them does.
    pub segments: &'static [Segment],
    pub who: Who,
    pub example: &'static str,
}

use Segment::{DefensiveFire, Fire, Melee, Movement, Orders, Rally, Reaction, Record};

/// Every line play reads.
pub const LINES: &[Line] = &[
    Line {
        verb: "strategy",
        segments: &[Orders],
        who: Who::Segment,
        example: "right strategy aggressive 2d6:6+5 => attack-pursue turns=2",
    },
    Line {
        verb: "reroll",
        segments: &[Orders],
        who: Who::Segment,
        example: "right reroll 2d6:3+4 => fire-in-place",
    },
    Line {
        verb: "join",
        segments: &[Orders],
        who: Who::Segment,
        example: "F4+J1 join center",
    },
    Line {
        verb: "rally",
        segments: &[Rally],
        who: Who::Segment,
        example: "NB1 rally d6:2 => NB1 rallied",
    },
    Line {
        verb: "fire",
        segments: &[Fire, DefensiveFire],
        who: Who::Segment,
        example: "SB1 fire NB1 high d6:5 => fire=3 defense=2 odds=1-1 NB1 disrupted",
    },
    Line {
        verb: "move",
        segments: &[Movement],
        who: Who::Segment,
        example: "BF1 move 1120-1020-0920-0820 facing=5",
    },
    Line {
        verb: "charge",
        segments: &[Movement],
        who: Who::Segment,
        example: "BK2 charge 1222-1122 facing=6",
    },
    Line {
        verb: "face",
        segments: &[Movement],
        who: Who::Segment,
        example: "J1 face 3",
    },
    Line {
        verb: "enter",
        segments: &[Movement],
        who: Who::Segment,
        example: "GF1 enter 0116-0216-0316 facing=2",
    },
    Line {
        verb: "react",
        segments: &[Reaction],
        who: Who::Segment,
        example: "BB1 react 0919-1019 facing=5 d6:1 => BB1 ok",
    },
    Line {
        verb: "melee",
        segments: &[Melee],
        who: Who::Segment,
        example: "BF1 melee F2 d6:2 => diff=+1 BF1 routed",
    },
    Line {
        verb: "extend",
        segments: &[Record],
        who: Who::Segment,
        example: "Normans extend half",
    },
    Line {
        verb: "reform",
        segments: &[Record],
        who: Who::Segment,
        example: "Normans reform",
    },
    Line {
        verb: "place",
        segments: &[Record],
        who: Who::Segment,
        example: "Saxons place GF5@0316^2",
    },
    Line {
        verb: "wings",
        segments: &[Record],
        who: Who::Segment,
        example: "Saxons wings 2",
    },
    Line {
        verb: "tally",
        segments: &[Record],
        who: Who::Segment,
        example: "Saxons tally => points=0",
    },
    Line {
        verb: "win",
        segments: &[Record],
        who: Who::Segment,
        example: "Normans win => victory=strategic",
    },
    Line {
        verb: "withdraw",
        segments: &[Rally],
        who: Who::Segment,
        example: "F2 withdraw 0820-0720-0620 facing=5",
    },
    Line {
        verb: "morale",
        segments: &[],
        who: Who::Owed,
        example: "HC2 morale d6:5 => HC2 disrupted",
    },
    Line {
        verb: "rout",
        segments: &[],
        who: Who::Owed,
        example: "BF1 rout 0820-0920-1020-1120 facing=2",
    },
    Line {
        verb: "displace",
        segments: &[],
        who: Who::Owed,
        example: "NB2 displace 1215-1115 facing=5",
    },
    Line {
        verb: "pursue",
        segments: &[],
        who: Who::Owed,
        example: "F2 pursue 0721-0820 facing=2",
    },
    Line {
        verb: "casualty",
        segments: &[],
        who: Who::Owed,
        example: "GYR casualty 2d6:6+3 => GYR shaken",
    },
    Line {
        verb: "escape",
        segments: &[],
        who: Who::Owed,
        example: "ALN escape 0820-0920-1020-1120",
    },
];

/// The line `verb` writes, if it is one of the ruleset's.
pub fn line(verb: &str) -> Option<&'static Line> {
    LINES.iter().find(|l| l.verb == verb)
}

/// Where the rulings are written.
pub const RULINGS: &str = "docs/rules/hastings-1066-st.md";

/// What `senlac rules hastings-1066/st` prints: the sequence of play,
/// every line by segment, and the orders, from the data play checks with.
pub fn catalog() -> crate::catalog::Catalog {
    use crate::catalog::{Catalog, Section, Table};
    let cell = |s: &str| vec![s.to_string()];
    let lines = Table {
        title: "What a log writes".into(),
        headings: vec!["Line", "Segments", "Who", "Example"],
        rows: LINES
            .iter()
            .map(|l| {
                vec![
                    cell(l.verb),
                    if l.segments.is_empty() {
                        cell("where it is owed")
                    } else {
                        l.segments.iter().map(|s| s.label().to_string()).collect()
                    },
                    cell(match l.who {
                        Who::Segment => "the segment's side",
                        Who::Owed => "the side it falls on",
                    }),
                    cell(l.example),
                ]
            })
            .collect(),
    };
    let yes = |b: bool| if b { "yes" } else { "no" };
    let orders = Table {
        title: "Orders (4.3): what each lets a unit do".into(),
        headings: vec![
            "Order",
            "Case",
            "Held by",
            "Defence",
            "May react",
            "Must attack",
            "Must close",
            "D* becomes R",
            "Turns",
        ],
        rows: super::tables::ORDERS
            .iter()
            .map(|o| {
                vec![
                    vec![format!("{} ({})", o.name, o.word)],
                    cell(o.case),
                    cell(match o.held_by {
                        super::tables::Holder::Foot => "foot",
                        super::tables::Holder::SaxonFoot => "Saxon foot",
                        super::tables::Holder::NormanKnights => "Norman knights",
                    }),
                    cell(match o.defence {
                        super::tables::Defence::Printed => "printed",
                        super::tables::Defence::Wall => "shield wall",
                    }),
                    cell(yes(o.may_react)),
                    cell(yes(o.must_attack)),
                    cell(yes(o.must_close)),
                    cell(yes(o.d_becomes_r)),
                    vec![o.max_turns.to_string()],
                ]
            })
            .collect(),
    };
    Catalog {
        title: "Hastings: 1066 (Strategy & Tactics 110): wings and sections under rolled orders, facing, missile fire and melee on their tables, rout, pursuit, rally, leaders".into(),
        sections: vec![
            Section {
                title: "Lines".into(),
                tables: vec![lines],
            },
            Section {
                title: "Orders".into(),
                tables: vec![orders],
            },
        ],
        always: vec![
            "A Battle Turn: `N. Normans` opens with the Order Phase, then rally, fire, movement, reaction, defensive-fire and melee; `N. Saxons` the same segments, then the record (3.2, HS-R41)".into(),
            "Dice are facts: every d6 and 2d6 is read on its table (fire odds rounded for the defender, melee differential capped at +6, −7 or worse a step lost without a roll)".into(),
            "A consequence (morale check, rout, pursuit, casualty roll, escape) is written right after the line that caused it, before anything voluntary (spec 1.4)".into(),
            "Zones of control reach through frontal hexsides only; one combat unit a hex, leaders stack freely (5.6, 5.7)".into(),
        ],
        rulings: RULINGS,
    }
}
