//! What `senlac rules tdgs/mass-combat` prints: every line a TDGS log
//! writes, what it costs and who writes it, with an example from the
//! spec's Harrow Ford battle (each example is replayed by the tests, so the
//! catalog cannot drift from the checks).

use crate::catalog::{Catalog, Section, Table};

/// The ruling file the diagnostics cite.
pub const RULINGS: &str = "docs/rules/tdgs-mass-combat.md";

/// One kind of line: its verb, what it costs, who writes it, the arguments
/// it takes, an example.
pub struct Line {
    pub verb: &'static str,
    pub cost: &'static str,
    pub who: &'static str,
    pub takes: &'static [Arg],
    pub example: &'static str,
}

/// An argument a line takes, in any order; anything more is
/// `tdgs::extra-argument`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arg {
    /// An entity's id: `R1`, `Crown.A`.
    Entity,
    /// A keyword: an order, a slot, a spell's kind (what it is, for
    /// the catalog).
    Word(&'static str),
    /// Trigger words, joined by `+`.
    Triggers,
    /// One square.
    Cell,
    /// Squares joined by `-` (or one square).
    Path,
    /// The d20.
    Die,
    /// `key=value`, at most once.
    Key(&'static str),
    /// `key=value`, any number of times (`mod=`, RESOLVE-5).
    Keys(&'static str),
}

impl Arg {
    /// Whether `atom` can be this argument.
    pub fn fits(self, atom: &senlac_notation::Atom<'_>) -> bool {
        use senlac_notation::{AtomKind, value};
        match self {
            Arg::Entity | Arg::Word(_) => atom.kind == AtomKind::Word,
            Arg::Triggers => matches!(atom.kind, AtomKind::Word | AtomKind::Group),
            // A chain where one square is due is the line's own mistake
            // (`tdgs::missing-path`), not an extra argument.
            Arg::Cell | Arg::Path => matches!(atom.kind, AtomKind::Cell | AtomKind::CellChain),
            Arg::Die => atom.kind == AtomKind::Dice,
            Arg::Key(key) | Arg::Keys(key) => value::key(atom) == Some(key),
        }
    }

    /// How the argument is written, for messages.
    pub fn written(self) -> String {
        match self {
            Arg::Entity => "an entity".into(),
            Arg::Word(what) => what.into(),
            Arg::Triggers => "its triggers".into(),
            Arg::Cell => "a square".into(),
            Arg::Path => "a path".into(),
            Arg::Die => "`d20:N`".into(),
            Arg::Key(key) | Arg::Keys(key) => format!("`{key}=`"),
        }
    }
}

/// A roll's arguments: the die and LUK +10's reroll (RESOLVE-1, -3).
const CHECK: [Arg; 2] = [Arg::Die, Arg::Key("reroll")];
/// An attack's arguments after its target (RESOLVE-4, -5, COMBAT-5).
const STRIKE: [Arg; 6] = [
    Arg::Die,
    Arg::Key("damage"),
    Arg::Key("crit"),
    Arg::Key("reroll"),
    Arg::Keys("mod"),
    Arg::Key("position"),
];
const AT_ENTITY: [Arg; 7] = prepend(Arg::Entity, STRIKE);
const CASTING: [Arg; 8] = prepend(Arg::Entity, prepend::<6, 7>(Arg::Word("its kind"), STRIKE));
const CHARGING: [Arg; 8] = prepend(Arg::Entity, prepend::<6, 7>(Arg::Path, STRIKE));
const RALLYING: [Arg; 3] = [Arg::Entity, Arg::Die, Arg::Key("reroll")];
const CHECKING: [Arg; 3] = [Arg::Triggers, Arg::Die, Arg::Key("reroll")];

const fn prepend<const N: usize, const M: usize>(first: Arg, rest: [Arg; N]) -> [Arg; M] {
    let mut all = [first; M];
    let mut i = 0;
    while i < N {
        all[i + 1] = rest[i];
        i += 1;
    }
    all
}

/// The line `verb` writes, if it is one of the ruleset's (`> opportunity`
/// for the reaction).
pub fn line(verb: &str) -> Option<&'static Line> {
    LINES.iter().find(|l| l.verb == verb)
}

/// What a line takes, for the catalog: "an entity, `d20:N`, …".
pub fn takes(line: &Line) -> String {
    match line.takes {
        [] => "nothing".into(),
        args => args
            .iter()
            .map(|a| a.written())
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// The first argument in `args` beyond what `line`, one of [`LINES`], takes.
pub fn extra_argument<'a, 's>(
    line: &Line,
    args: &'a [senlac_notation::Atom<'s>],
) -> Option<&'a senlac_notation::Atom<'s>> {
    // The arguments still open, on the stack: every line asks.
    let mut open = [Arg::Die; MOST_TAKEN];
    let mut len = line.takes.len();
    open[..len].copy_from_slice(line.takes);
    args.iter()
        .find(|atom| match open[..len].iter().position(|a| a.fits(atom)) {
            Some(i) => {
                if !matches!(open[i], Arg::Keys(_)) {
                    len -= 1;
                    open.swap(i, len);
                }
                false
            }
            None => true,
        })
}

/// The most arguments a line takes.
const MOST_TAKEN: usize = 8;

const _: () = {
    let mut i = 0;
    while i < LINES.len() {
        assert!(LINES[i].takes.len() <= MOST_TAKEN);
        i += 1;
    }
};

/// Every line play reads (spec 1.3).
pub const LINES: &[Line] = &[
    Line {
        verb: "step",
        cost: "Step",
        who: "any entity not routed, not under Hold",
        takes: &[Arg::Cell],
        example: "A step 0907",
    },
    Line {
        verb: "move",
        cost: "Action",
        who: "heroes; units not under Hold or Take Cover",
        takes: &[Arg::Path],
        example: "C move 1414-1413-1412",
    },
    Line {
        verb: "attack",
        cost: "Action",
        who: "an adjacent enemy (a nearest one under Attack)",
        takes: &AT_ENTITY,
        example: "A attack R1 d20:14 damage=31 => R1 hp=59",
    },
    Line {
        verb: "shoot",
        cost: "Action",
        who: "ranged weapons, in range and in sight",
        takes: &AT_ENTITY,
        example: "D shoot R2 d20:3 => miss",
    },
    Line {
        verb: "cast",
        cost: "Action",
        who: "heroes: `arcane` (INT) or `divine` (WIS) against WIS",
        takes: &CASTING,
        example: "W cast R4 arcane d20:12 damage=18",
    },
    Line {
        verb: "charge",
        cost: "Action",
        who: "units under Charge: a path to the first adjacent square, then the attack",
        takes: &CHARGING,
        example: "R4 charge A 0904-0905 d20:11 damage=22 => A hp=108",
    },
    Line {
        verb: "order",
        cost: "Action (free when the order stands)",
        who: "the unit's own commander, in range",
        takes: &[Arg::Entity, Arg::Word("an order")],
        example: "G order R3 charge",
    },
    Line {
        verb: "claim",
        cost: "Action",
        who: "a commander: an uncontrolled friendly unit in range into a free slot",
        takes: &[Arg::Entity, Arg::Word("a slot")],
        example: "K claim R2 extended",
    },
    Line {
        verb: "release",
        cost: "free",
        who: "a commander, of a unit it commands",
        takes: &[Arg::Entity],
        example: "S release E",
    },
    Line {
        verb: "rally",
        cost: "Action",
        who: "any friendly commander, a routed unit within CHA squares, once a round",
        takes: &RALLYING,
        example: "Y rally C d20:9 => pass",
    },
    Line {
        verb: "delay",
        cost: "free, ends the activation",
        who: "any entity not routed; it may open once more this round",
        takes: &[],
        example: "R2 delay",
    },
    Line {
        verb: "flee",
        cost: "the whole activation",
        who: "routed units, full MOV toward safety",
        takes: &[Arg::Path],
        example: "C flee 1408-1409-1410-1411-1412-1413-1414",
    },
    Line {
        verb: "morale",
        cost: "owed",
        who: "the unit that owes it, lowest CON first, right after the line that caused it",
        takes: &CHECKING,
        example: "C morale half d20:6 => fail",
    },
    Line {
        verb: "cornered",
        cost: "owed",
        who: "a routed unit with no escape route, first in its activation",
        takes: &CHECK,
        example: "R1 cornered d20:12 => pass",
    },
    Line {
        verb: "free-attack",
        cost: "owed, optional",
        who: "the destroyer of a commander's direct unit, on that commander",
        takes: &AT_ENTITY,
        example: "B free-attack G d20:20 crit=d4:4 damage=40 => G dead",
    },
    Line {
        verb: "hazard",
        cost: "owed",
        who: "an entity entering a hazardous square or starting its activation on one",
        takes: &[Arg::Key("damage")],
        example: "A hazard damage=4 => A hp=126",
    },
    Line {
        verb: "> opportunity",
        cost: "reaction",
        who: "an enemy the mover leaves, not routed",
        takes: &STRIKE,
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
                headings: vec!["Line", "Cost", "Who", "Takes", "Example"],
                rows: LINES
                    .iter()
                    .map(|l| {
                        vec![
                            vec![l.verb.to_string()],
                            vec![l.cost.to_string()],
                            vec![l.who.to_string()],
                            vec![takes(l)],
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
