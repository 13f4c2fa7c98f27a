//! What `play` and `combat` enforce, as data: for every action and reaction,
//! the phases it is taken in, who may take it, what it needs, and the
//! reactions it forces.
//!
//! Costs are not repeated here: they live in [`super::tables::COSTS`] and are read
//! with [`super::tables::cost`]. The tests below check that every entry sits where
//! the cost tables price it, in both editions. `play.rs` reads the phases an
//! action is taken in from here; for every entry, crates/engine/tests/catalog.rs
//! replays a legal example and an illegal one that breaks one of its needs,
//! so the catalog cannot drift from what the checks enforce.

use crate::catalog::{Catalog, Section, Table};

use super::tables::{
    ADVANCE_HEXES, CHARGE_HEXES, Class, DISENGAGE_HEXES, Edition, MANEUVER_HEXES, Phase,
    ROUT_DAMAGE, SuperClass, VOLLEY_RANGE, Verb,
};

/// The ruling file the engine's diagnostics cite.
pub const RULINGS: &str = "docs/rules/mass-combat.md";

/// The Rules tag of an edition (`mass-combat/a`), as registered in [`crate::SYSTEMS`].
pub const fn tag(edition: Edition) -> &'static str {
    match edition {
        Edition::A => "mass-combat/a",
        Edition::B => "mass-combat/b",
    }
}

/// One line on an edition, for `senlac rules`.
pub const fn summary(edition: Edition) -> &'static str {
    match edition {
        Edition::A => {
            "Mass Combat, edition a (mass-combat-a.md, with the Hastings example): hexes, command points, deterministic combat"
        }
        Edition::B => {
            "Mass Combat, edition b (mass-combat-b.md): attacks cost a point, losing costs more, supports need two neighbours"
        }
    }
}

/// What is taken: a verb of the cost tables, or the notation's `resolve`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Act {
    /// An action or reaction of the documents' tables.
    Verb(Verb),
    /// `ATTACKER resolve DEFENDER`: the resolve phase's step (MC-R9). The
    /// documents list no action there, only the 'Lose Attack' it forces, so
    /// it has no row in [`super::tables::COSTS`] and pays nothing.
    Resolve,
}

impl Act {
    /// The notation's word.
    pub const fn word(self) -> &'static str {
        match self {
            Act::Verb(verb) => verb.word(),
            Act::Resolve => "resolve",
        }
    }

    /// The name the documents use.
    pub const fn name(self) -> &'static str {
        match self {
            Act::Verb(verb) => verb.name(),
            Act::Resolve => "Resolve Combat",
        }
    }

    /// Whether it answers another action (see [`Verb::is_reaction`]).
    pub const fn is_reaction(self) -> bool {
        match self {
            Act::Verb(verb) => verb.is_reaction(),
            Act::Resolve => false,
        }
    }
}

/// What an argument of an action or reaction is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Arg {
    /// A unit: `VI`, `Saxons.VI`.
    Unit,
    /// A hex or a path of hexes: `0506`, `0506-0505`.
    Hexes,
}

impl Arg {
    pub const fn word(self) -> &'static str {
        match self {
            Arg::Unit => "a unit",
            Arg::Hexes => "hexes",
        }
    }

    /// Whether an atom can be this argument.
    pub fn fits(self, kind: senlac_notation::AtomKind) -> bool {
        use senlac_notation::AtomKind;
        match self {
            Arg::Unit => kind == AtomKind::Word,
            Arg::Hexes => matches!(kind, AtomKind::Cell | AtomKind::CellChain),
        }
    }
}

/// The arguments an action or reaction takes, in any order; play reads them
/// by kind, and anything more is `mass-combat::extra-argument`.
pub const fn arguments(act: Act) -> &'static [Arg] {
    match act {
        Act::Resolve => &[Arg::Unit],
        Act::Verb(verb) => match verb {
            Verb::Volley | Verb::Attack | Verb::SupportAttack | Verb::SupportDefense => {
                &[Arg::Unit]
            }
            Verb::Advance | Verb::Disengage | Verb::Engage | Verb::Maneuver | Verb::Feint => {
                &[Arg::Hexes]
            }
            Verb::Charge => &[Arg::Hexes, Arg::Unit],
            _ => &[],
        },
    }
}

/// The first argument `args` has beyond what `act` takes.
pub fn extra_argument<'a, 's>(
    act: Act,
    args: &'a [senlac_notation::Atom<'s>],
) -> Option<&'a senlac_notation::Atom<'s>> {
    // At most two arguments: each argument taken is crossed off in place,
    // with no list built per action.
    let takes = arguments(act);
    let mut taken = [false; 2];
    debug_assert!(
        takes.len() <= taken.len(),
        "an act takes at most two arguments"
    );
    args.iter().find(|atom| {
        let open = takes
            .iter()
            .zip(&mut taken)
            .find(|(arg, taken)| !**taken && arg.fits(atom.kind));
        match open {
            Some((_, taken)) => {
                *taken = true;
                false
            }
            None => true,
        }
    })
}

/// Words a writer may reach for from the rule document's prose or common
/// wargaming use, and the verb each means: offered as "did you mean".
const SYNONYMS: [(&str, &str); 10] = [
    ("check", "morale"),
    ("morale-check", "morale"),
    ("move", "advance"),
    ("fire", "volley"),
    ("shoot", "volley"),
    ("melee", "attack"),
    ("manoeuvre", "maneuver"),
    ("retreat", "disengage"),
    ("take-damage", "damage"),
    ("flee", "rout"),
];

/// The verb word `word` stands for, if it is a known synonym.
pub fn synonym(word: &str) -> Option<&'static str> {
    SYNONYMS
        .iter()
        .find(|(synonym, _)| synonym.eq_ignore_ascii_case(word))
        .map(|(_, verb)| *verb)
}

/// When it is taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum When {
    /// In these phases (a reaction: in the phase of the action that forces it,
    /// before play moves on).
    In(&'static [Phase]),
    /// At any time: the rout reactions.
    AnyTime,
}

impl When {
    /// Whether it is taken in `phase` (at any time counts as no one phase).
    pub fn includes(self, phase: Phase) -> bool {
        match self {
            When::In(phases) => phases.contains(&phase),
            When::AnyTime => false,
        }
    }
}

/// Who may take it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Who {
    /// An action: an active unit of these classes, of the side that acts in
    /// the phase (see [`acting_side`]).
    Classes(&'static [Class]),
    /// A reaction: the unit that owes it, which is always of these classes.
    Owing(&'static [Class]),
    /// Any active unit of either side ('Rout').
    Anyone,
}

/// Every class.
const ANY: &[Class] = &Class::ALL;
/// Infantry and cavalry: those that attack and support (`can_fight`).
const FIGHTERS: &[Class] = &[
    Class::LightInfantry,
    Class::HeavyInfantry,
    Class::SkirmishInfantry,
    Class::LightCavalry,
    Class::HeavyCavalry,
];
const ARCHERS: &[Class] = &[Class::FootArchers, Class::HorseArchers];
const CAVALRY: &[Class] = &[Class::LightCavalry, Class::HeavyCavalry];
const INFANTRY: &[Class] = &[
    Class::LightInfantry,
    Class::HeavyInfantry,
    Class::SkirmishInfantry,
];
/// Those that may take the 'Waiting Position'.
const WAITERS: &[Class] = &[
    Class::SkirmishInfantry,
    Class::LightCavalry,
    Class::FootArchers,
    Class::HorseArchers,
];

/// A set of classes in words: whole super classes by their name, "any unit"
/// for all of them.
pub fn classes_in_words(classes: &[Class]) -> String {
    if Class::ALL.iter().all(|c| classes.contains(c)) {
        return "any unit".to_string();
    }
    let mut words = Vec::new();
    for (super_class, name) in [
        (SuperClass::Infantry, "infantry"),
        (SuperClass::Cavalry, "cavalry"),
        (SuperClass::Archers, "archers"),
    ] {
        let members: Vec<Class> = Class::ALL
            .into_iter()
            .filter(|c| c.super_class() == super_class)
            .collect();
        if members.iter().all(|c| classes.contains(c)) {
            words.push(name.to_string());
        } else {
            words.extend(
                members
                    .iter()
                    .filter(|c| classes.contains(c))
                    .map(|c| c.name().to_lowercase()),
            );
        }
    }
    words.join(", ")
}

impl Who {
    /// In words: "archers", "the unit owing it", "infantry owing it".
    pub fn describe(self) -> String {
        match self {
            Who::Classes(classes) => classes_in_words(classes),
            Who::Owing(classes) if Class::ALL.iter().all(|c| classes.contains(c)) => {
                "the unit owing it".to_string()
            }
            Who::Owing(classes) => format!("{} owing it", classes_in_words(classes)),
            Who::Anyone => "any active unit, either side".to_string(),
        }
    }
}

/// Which side's units take the actions of a phase: the side whose turn it
/// is, except in Defense Declarations, where the other side's units act.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The side whose turn it is.
    InTurn,
    /// The other side.
    OffTurn,
}

/// Which side acts in `phase` (play.rs, `act_unchecked`).
pub const fn acting_side(phase: Phase) -> Side {
    match phase {
        Phase::DefenseDeclarations => Side::OffTurn,
        _ => Side::InTurn,
    }
}

/// A precondition the engine checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Need {
    /// Names an active enemy unit at most this many hexes away.
    TargetInRange(u8),
    /// Names an active enemy unit.
    Target,
    /// Names an active enemy unit next to it.
    AdjacentTarget,
    /// No enemy is next to it (in this phase only, if given).
    NoEnemyAdjacent(Option<Phase>),
    /// An enemy is next to it.
    EnemyAdjacent,
    /// A path of 1 to this many hexes, each next to the one before, on the
    /// map, passable and empty (MC-R4, MC-R12).
    Path(u8),
    /// Ends nearer to an enemy unit, any one, than it started (MC-R21).
    EndsCloser,
    /// Ends next to no enemy.
    EndsUnengaged,
    /// Ends next to its target.
    EndsNextToTarget,
    /// Attacks its target later this turn.
    AttacksTarget,
    /// 'Support Attack': names an enemy an ally attacks this turn, and stands
    /// where the edition says.
    SupportsAttack,
    /// 'Support Defense': names an ally attacked this turn, and stands where
    /// the edition says.
    SupportsDefense,
    /// Did not 'Defend' this turn.
    NotDefending,
    /// An attack it declared this turn on the unit named, not yet resolved
    /// (a feinted one is negated: resolving it is `attack-ignored`, MC-R9).
    DeclaredAttack,
    /// A reaction it owes.
    Owes,
    /// 'Feint': a free hex next to it, farther from its attacker (MC-R9).
    PullsBack,
    /// Nothing: taken at any time, in place of an action or reaction.
    Never,
}

impl Need {
    /// Whether the engine checks it in `phase` (`NoEnemyAdjacent(Some(p))`
    /// only in `p`).
    pub fn applies_in(self, phase: Phase) -> bool {
        match self {
            Need::NoEnemyAdjacent(Some(only)) => only == phase,
            _ => true,
        }
    }

    /// In short words; the support needs differ by edition (combat.rs, `support`).
    pub fn describe(self, edition: Edition) -> String {
        match self {
            Need::TargetInRange(hexes) => format!("an active enemy in range ({hexes} hexes)"),
            Need::Target => "names an active enemy".to_string(),
            Need::AdjacentTarget => "an active enemy next to it".to_string(),
            Need::NoEnemyAdjacent(_) => "no enemy next to it".to_string(),
            Need::EnemyAdjacent => "an enemy next to it".to_string(),
            Need::Path(1) => "a path of 1 open hex".to_string(),
            Need::Path(hexes) => format!("a path of 1-{hexes} open hexes"),
            Need::EndsCloser => "ends nearer an enemy than it started".to_string(),
            Need::EndsUnengaged => "ends next to no enemy".to_string(),
            Need::EndsNextToTarget => "ends next to the target".to_string(),
            Need::AttacksTarget => "attacks the target this turn".to_string(),
            Need::SupportsAttack => match edition {
                Edition::A => "an attacked enemy, next to it".to_string(),
                Edition::B => {
                    "an attacked enemy, next to it and to one of its attackers".to_string()
                }
            },
            Need::SupportsDefense => match edition {
                Edition::A => "an attacked ally, next to one of its attackers".to_string(),
                Edition::B => "an attacked ally, next to it and to an enemy".to_string(),
            },
            Need::NotDefending => "did not defend this turn".to_string(),
            Need::DeclaredAttack => "an unresolved attack it declared, not feinted".to_string(),
            Need::Owes => "owes it".to_string(),
            Need::PullsBack => "a free hex next to it, farther from the attacker".to_string(),
            Need::Never => "none: replaces any action/reaction".to_string(),
        }
    }
}

/// A reaction an action forces: who owes it, and the choices that answer it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Forced {
    /// The unit (or units) that owe it, in words.
    pub owed_by: &'static str,
    /// Any one of these answers it.
    pub choices: &'static [Verb],
}

impl Forced {
    /// `the target: endure or damage`.
    #[cfg(test)]
    pub fn describe(self) -> String {
        let choices: Vec<&str> = self.choices.iter().map(|v| v.word()).collect();
        format!("{}: {}", self.owed_by, choices.join(" or "))
    }
}

/// One action or reaction as the engine enforces it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Entry {
    /// What is taken.
    pub act: Act,
    /// When.
    pub when: When,
    /// By whom.
    pub who: Who,
    /// What it needs, checked in this order.
    pub needs: &'static [Need],
    /// The reactions it forces.
    pub forces: &'static [Forced],
}

/// Any rout forces these (pay.rs, `rout`); a damage of [`ROUT_DAMAGE`] routs.
const MORALE: Forced = Forced {
    owed_by: "lower-grade allies, if it routs",
    choices: &[Verb::MoraleCheck, Verb::Rout],
};
/// A routing loser that was the defender (combat.rs, `after_loss`).
const SLAUGHTER: Forced = Forced {
    owed_by: "its attacker, if it routs as defender",
    choices: &[Verb::Slaughter, Verb::AllowEscape],
};

const MOVEMENT: &[Phase] = &[Phase::Movement];
const HOLD_PHASES: &[Phase] = &[
    Phase::Volley,
    Phase::Movement,
    Phase::CombatDeclarations,
    Phase::DefenseDeclarations,
];

const fn entry(
    act: Act,
    when: When,
    who: Who,
    needs: &'static [Need],
    forces: &'static [Forced],
) -> Entry {
    Entry {
        act,
        when,
        who,
        needs,
        forces,
    }
}

/// Every action, then every reaction, in [`Verb::ALL`]'s order, with
/// [`Act::Resolve`] after the actions.
pub const CATALOG: [Entry; 24] = [
    entry(
        Act::Verb(Verb::Volley),
        When::In(&[Phase::Volley]),
        Who::Classes(ARCHERS),
        &[Need::TargetInRange(VOLLEY_RANGE)],
        &[Forced {
            owed_by: "the target",
            choices: &[Verb::EndureMissiles, Verb::TakeDamage],
        }],
    ),
    entry(
        Act::Verb(Verb::Hold),
        // The resolve phase has no actions of its own.
        When::In(HOLD_PHASES),
        Who::Classes(ANY),
        &[Need::NoEnemyAdjacent(Some(Phase::Movement))],
        &[],
    ),
    entry(
        Act::Verb(Verb::Advance),
        When::In(MOVEMENT),
        Who::Classes(ANY),
        &[
            Need::NoEnemyAdjacent(None),
            Need::Path(ADVANCE_HEXES),
            Need::EndsCloser,
        ],
        &[],
    ),
    entry(
        Act::Verb(Verb::Disengage),
        When::In(MOVEMENT),
        Who::Classes(ANY),
        &[
            Need::EnemyAdjacent,
            Need::Path(DISENGAGE_HEXES),
            Need::EndsUnengaged,
        ],
        &[Forced {
            owed_by: "an adjacent enemy with fewest points (MC-R16)",
            choices: &[Verb::Pursue, Verb::AllowDisengagement],
        }],
    ),
    entry(
        Act::Verb(Verb::Engage),
        When::In(MOVEMENT),
        Who::Classes(ANY),
        &[Need::EnemyAdjacent],
        &[],
    ),
    entry(
        Act::Verb(Verb::Wait),
        When::In(MOVEMENT),
        Who::Classes(WAITERS),
        &[],
        &[],
    ),
    entry(
        Act::Verb(Verb::Maneuver),
        When::In(MOVEMENT),
        Who::Classes(ANY),
        &[Need::NoEnemyAdjacent(None), Need::Path(MANEUVER_HEXES)],
        &[],
    ),
    entry(
        Act::Verb(Verb::Charge),
        When::In(MOVEMENT),
        Who::Classes(CAVALRY),
        &[
            Need::NoEnemyAdjacent(None),
            Need::Path(CHARGE_HEXES),
            Need::Target,
            Need::EndsNextToTarget,
            Need::AttacksTarget,
        ],
        &[Forced {
            owed_by: "the target, if infantry",
            choices: &[Verb::EndureCharge],
        }],
    ),
    entry(
        Act::Verb(Verb::Attack),
        When::In(&[Phase::CombatDeclarations]),
        Who::Classes(FIGHTERS),
        &[Need::AdjacentTarget],
        &[Forced {
            owed_by: "the defender",
            choices: &[Verb::Defend, Verb::Feint],
        }],
    ),
    entry(
        Act::Verb(Verb::SupportAttack),
        When::In(&[Phase::CombatDeclarations]),
        Who::Classes(FIGHTERS),
        &[Need::SupportsAttack],
        &[],
    ),
    entry(
        Act::Verb(Verb::SupportDefense),
        When::In(&[Phase::DefenseDeclarations]),
        Who::Classes(FIGHTERS),
        // `can_fight` checks `defending` for attacks too, but only the side
        // that defended acts in defense declarations.
        &[Need::NotDefending, Need::SupportsDefense],
        &[],
    ),
    entry(
        Act::Resolve,
        When::In(&[Phase::ResolveCombat]),
        Who::Classes(FIGHTERS),
        &[Need::DeclaredAttack],
        &[Forced {
            owed_by: "the loser (attacker on a tie, MC-R13)",
            choices: &[Verb::LoseAttack, Verb::Rout],
        }],
    ),
    entry(
        Act::Verb(Verb::EndureMissiles),
        When::In(&[Phase::Volley]),
        Who::Owing(ANY),
        &[Need::Owes],
        &[],
    ),
    entry(
        Act::Verb(Verb::TakeDamage),
        When::In(&[Phase::Volley]),
        Who::Owing(ANY),
        &[Need::Owes],
        &[MORALE],
    ),
    entry(
        Act::Verb(Verb::EndureCharge),
        When::In(MOVEMENT),
        Who::Owing(INFANTRY),
        &[Need::Owes],
        &[],
    ),
    entry(
        Act::Verb(Verb::Pursue),
        When::In(MOVEMENT),
        Who::Owing(ANY),
        &[Need::Owes],
        &[],
    ),
    entry(
        Act::Verb(Verb::AllowDisengagement),
        When::In(MOVEMENT),
        Who::Owing(ANY),
        &[Need::Owes],
        &[],
    ),
    entry(
        Act::Verb(Verb::Defend),
        When::In(&[Phase::CombatDeclarations]),
        Who::Owing(ANY),
        &[Need::Owes],
        &[],
    ),
    entry(
        Act::Verb(Verb::Feint),
        When::In(&[Phase::CombatDeclarations]),
        Who::Owing(&[Class::SkirmishInfantry, Class::HorseArchers]),
        &[Need::Owes, Need::PullsBack],
        &[],
    ),
    entry(
        Act::Verb(Verb::LoseAttack),
        When::In(&[Phase::ResolveCombat]),
        Who::Owing(ANY),
        &[Need::Owes],
        &[MORALE, SLAUGHTER],
    ),
    entry(
        Act::Verb(Verb::Rout),
        When::AnyTime,
        Who::Anyone,
        &[Need::Never],
        &[
            Forced {
                owed_by: "lower-grade allies",
                choices: &[Verb::MoraleCheck, Verb::Rout],
            },
            SLAUGHTER,
        ],
    ),
    entry(
        Act::Verb(Verb::MoraleCheck),
        When::AnyTime,
        Who::Owing(ANY),
        &[Need::Owes],
        &[],
    ),
    entry(
        Act::Verb(Verb::Slaughter),
        When::AnyTime,
        Who::Owing(FIGHTERS),
        &[Need::Owes],
        &[],
    ),
    entry(
        Act::Verb(Verb::AllowEscape),
        When::AnyTime,
        Who::Owing(FIGHTERS),
        &[Need::Owes],
        &[],
    ),
];

/// The catalog entry of a verb.
pub fn of(verb: Verb) -> &'static Entry {
    CATALOG
        .iter()
        .find(|e| e.act == Act::Verb(verb))
        .expect("every verb has a catalog entry (tested)")
}

/// Rules that hold for every action and reaction, with their rulings.
pub fn general_rules() -> [String; 4] {
    [
        "A unit that cannot pay a cost routs instead (MC-R3).".to_string(),
        format!("A unit with {ROUT_DAMAGE} or more damage routs."),
        "Every active unit of the side in turn takes one movement action (MC-R7).".to_string(),
        "A reaction is owed until answered; it must be written before play moves on.".to_string(),
    ]
}

// The tables of `senlac rules`.

const HEADINGS: [&str; 6] = ["Name", "Verb", "Cost", "Who", "Needs", "Forces"];

/// A row: one cell per heading, each cell one or more lines.
type Row = [Vec<String>; 6];

fn row(edition: Edition, entry: &Entry, phase: Phase) -> Row {
    let cost = match entry.act {
        Act::Verb(verb) => super::tables::cost(edition, verb, phase).to_string(),
        Act::Resolve => "-".to_string(),
    };
    let needs: Vec<String> = entry
        .needs
        .iter()
        .filter(|n| n.applies_in(phase))
        .map(|n| n.describe(edition))
        .collect();
    // Who owes it on one line, the choices that answer it below.
    let mut forces: Vec<String> = Vec::new();
    for forced in entry.forces {
        forces.extend(wrap(&format!("{}:", forced.owed_by), FORCES_WIDTH));
        let choices: Vec<&str> = forced.choices.iter().map(|v| v.word()).collect();
        forces.push(format!("  {}", choices.join(" or ")));
    }
    let cell = |items: Vec<String>, width: usize| -> Vec<String> {
        if items.is_empty() {
            return vec!["-".to_string()];
        }
        items.iter().flat_map(|item| wrap(item, width)).collect()
    };
    [
        vec![entry.act.name().to_string()],
        vec![entry.act.word().to_string()],
        vec![cost],
        cell(vec![entry.who.describe()], WHO_WIDTH),
        cell(needs, NEEDS_WIDTH),
        if forces.is_empty() {
            vec!["-".to_string()]
        } else {
            forces
        },
    ]
}

/// Widths the free-text columns wrap at, to keep a table within a wide terminal.
const WHO_WIDTH: usize = 28;
const NEEDS_WIDTH: usize = 36;
const FORCES_WIDTH: usize = 40;

/// `text` broken at spaces into lines of at most `width` characters (a longer
/// word keeps its own line); lines after the first are indented two spaces, so
/// one item's continuation is told from the next item.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let options = textwrap::Options::new(width)
        .subsequent_indent("  ")
        .break_words(false);
    textwrap::wrap(text, options)
        .into_iter()
        .map(std::borrow::Cow::into_owned)
        .collect()
}

/// The tables of one edition: each phase's actions and reactions, then the
/// reactions taken at any time.
fn sections(edition: Edition) -> Vec<Section> {
    let mut sections = Vec::new();
    for (number, phase) in Phase::ALL.into_iter().enumerate() {
        let side = match acting_side(phase) {
            Side::InTurn => "the side in turn",
            Side::OffTurn => "the other side",
        };
        let title = format!(
            "{}. {} (`{}:`): actions by {side}",
            number + 1,
            phase.name(),
            phase.word()
        );
        let in_phase = |reaction: bool| -> Vec<Row> {
            CATALOG
                .iter()
                .filter(|e| e.act.is_reaction() == reaction && e.when.includes(phase))
                .map(|e| row(edition, e, phase))
                .collect()
        };
        let mut parts = vec![table("Actions", in_phase(false))];
        let reactions = in_phase(true);
        if !reactions.is_empty() {
            parts.push(table("Reactions", reactions));
        }
        sections.push(Section {
            title,
            tables: parts,
        });
    }
    // Taken at any time: their cost is the same in every phase.
    let any_time: Vec<Row> = CATALOG
        .iter()
        .filter(|e| e.when == When::AnyTime)
        .map(|e| row(edition, e, Phase::ResolveCombat))
        .collect();
    sections.push(Section {
        title: "At any time (rout reactions)".to_string(),
        tables: vec![table("Reactions", any_time)],
    });
    sections
}

fn table(title: &str, rows: Vec<Row>) -> Table {
    Table {
        title: title.to_string(),
        headings: HEADINGS.to_vec(),
        rows: rows.into_iter().map(Vec::from).collect(),
    }
}

/// The catalog `senlac rules` prints for an edition.
pub fn catalog(edition: Edition) -> Catalog {
    Catalog {
        title: format!("{} ({})", summary(edition), tag(edition)),
        sections: sections(edition),
        always: general_rules().to_vec(),
        rulings: RULINGS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mass_combat::tables::{COSTS, Cost, cost, try_cost};

    #[test]
    fn the_tags_are_the_engines() {
        let tags: Vec<&str> = Edition::ALL.into_iter().map(tag).collect();
        let registered: Vec<&str> = crate::SYSTEMS.iter().map(|s| s.tag()).collect();
        assert_eq!(tags, registered[..2]);
        for e in Edition::ALL {
            assert_eq!(crate::system(tag(e)).map(|s| s.tag()), Some(tag(e)));
        }
        assert!(crate::system("mass-combat").is_none());
    }

    #[test]
    fn every_verb_once_in_order() {
        let verbs: Vec<Verb> = CATALOG
            .iter()
            .filter_map(|e| match e.act {
                Act::Verb(v) => Some(v),
                Act::Resolve => None,
            })
            .collect();
        assert_eq!(verbs, Verb::ALL);
        assert_eq!(CATALOG.iter().filter(|e| e.act == Act::Resolve).count(), 1);
    }

    #[test]
    fn reactions_are_owed_and_actions_are_not() {
        for e in CATALOG {
            let owed = matches!(e.who, Who::Owing(_) | Who::Anyone);
            assert_eq!(owed, e.act.is_reaction(), "{:?}", e.act);
            assert_eq!(
                e.needs.contains(&Need::Owes),
                matches!(e.who, Who::Owing(_))
            );
            for forced in e.forces {
                assert!(!forced.choices.is_empty());
                for &choice in forced.choices {
                    assert!(choice.is_reaction(), "{:?} forces {choice:?}", e.act);
                    assert!(
                        matches!(of(choice).who, Who::Owing(_) | Who::Anyone),
                        "{choice:?}"
                    );
                }
            }
        }
    }

    /// Every reaction but 'Rout' is owed only because some entry forces it.
    #[test]
    fn every_owed_reaction_is_forced_by_something() {
        for e in CATALOG {
            if matches!(e.who, Who::Owing(_)) {
                let Act::Verb(verb) = e.act else {
                    panic!("resolve is an action")
                };
                assert!(
                    CATALOG
                        .iter()
                        .any(|f| f.forces.iter().any(|x| x.choices.contains(&verb))),
                    "{verb:?} is forced by nothing"
                );
            }
        }
    }

    /// Every row of the cost tables is a phase the catalog puts its verb in,
    /// and every phase the catalog lists is priced there: the costs shown
    /// from [`super::tables::cost`] are the documents' costs, in both editions.
    #[test]
    fn costs_agree_with_the_cost_tables() {
        for edition in Edition::ALL {
            for row in COSTS.iter().filter(|r| r.in_edition(edition)) {
                let e = of(row.verb);
                match row.phase {
                    Some(phase) => {
                        assert!(e.when.includes(phase), "{edition:?} {row:?}");
                        assert_eq!(cost(edition, row.verb, phase), row.cost, "{row:?}");
                    }
                    None => {
                        assert_eq!(e.when, When::AnyTime, "{row:?}");
                        for phase in Phase::ALL {
                            assert_eq!(cost(edition, row.verb, phase), row.cost);
                        }
                    }
                }
            }
            for e in CATALOG {
                let (Act::Verb(verb), When::In(phases)) = (e.act, e.when) else {
                    continue;
                };
                for &phase in phases {
                    let listed = try_cost(edition, verb, phase)
                        .unwrap_or_else(|| panic!("{verb:?} has no cost in {phase:?}"));
                    assert_eq!(cost(edition, verb, phase), listed);
                }
            }
        }
        // The editions differ in two rows.
        let cp = |c: u8, d: u8| Cost::new(c, d);
        let attack = |e| cost(e, Verb::Attack, Phase::CombatDeclarations);
        let lose = |e| cost(e, Verb::LoseAttack, Phase::ResolveCombat);
        assert_eq!(
            (attack(Edition::A), attack(Edition::B)),
            (cp(0, 0), cp(1, 0))
        );
        assert_eq!((lose(Edition::A), lose(Edition::B)), (cp(1, 1), cp(2, 1)));
    }

    #[test]
    fn words_read_well() {
        assert_eq!(classes_in_words(ANY), "any unit");
        assert_eq!(classes_in_words(ARCHERS), "archers");
        assert_eq!(classes_in_words(FIGHTERS), "infantry, cavalry");
        assert_eq!(
            classes_in_words(WAITERS),
            "skirmish infantry, light cavalry, archers"
        );
        assert_eq!(Who::Owing(INFANTRY).describe(), "infantry owing it");
        assert_eq!(
            Need::TargetInRange(VOLLEY_RANGE).describe(Edition::A),
            "an active enemy in range (4 hexes)"
        );
        assert_eq!(
            of(Verb::Volley).forces[0].describe(),
            "the target: endure or damage"
        );
    }

    #[test]
    fn the_rulings_file_is_the_one_cited() {
        assert!(super::super::rules::COSTS.contains(RULINGS));
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(RULINGS);
        assert!(path.is_file(), "{}", path.display());
    }
}
