//! What each Feudal diagnostic cites: the rule of shared/rules/feudal-ohw.md
//! (by the spec's ids: `2.8C`, `FM.2`) and the rulings of
//! docs/rules/feudal-ohw.md.

/// Dice: which die, how many, which faces.
pub const DICE: &str = "feudal-ohw §0.2; docs/rules/feudal-ohw.md FO-R33";
/// The attack dice of the six-hit variant.
pub const SIX_HIT_DICE: &str = "feudal-ohw §6H.2; docs/rules/feudal-ohw.md FO-R36";
/// Savings rolls: one die per hit at risk, the failures rerolled.
pub const SAVES: &str = "feudal-ohw §SR; docs/rules/feudal-ohw.md FO-R37";
/// Force morale with two dice.
pub const MORALE_DICE: &str = "feudal-ohw §FM.2; docs/rules/feudal-ohw.md FO-R52";
/// Option names and values.
pub const OPTIONS: &str = "docs/rules/feudal-ohw.md FO-R53";
/// The base size.
pub const BASE: &str = "feudal-ohw §0.5; docs/rules/feudal-ohw.md FO-R3";
/// Options that cannot be combined.
pub const INCOMPATIBLE: &str = "docs/rules/feudal-ohw.md FO-R39";
/// Rally eligibility.
pub const RALLY: &str = "feudal-ohw §4.1a";
/// A priest's rally is 4.1b's.
pub const PRIEST: &str = "feudal-ohw §PER.PR, §4.1b";
/// The six-hit rally.
pub const SIX_HIT_RALLY: &str = "feudal-ohw §6H.4; docs/rules/feudal-ohw.md FO-R50";
/// The impetuous charge's reach.
pub const IMPETUOUS: &str = "feudal-ohw §IC.1; docs/rules/feudal-ohw.md FO-R2";
/// Two sides.
pub const SIDES: &str = "feudal-ohw §SU.1";
/// A table.
pub const MAP: &str = "feudal-ohw §SU.2";
/// Terrain kinds and shapes.
pub const TERRAIN: &str = "feudal-ohw §0.10; docs/rules/feudal-ohw.md FO-R41";
/// Unit classes and grades.
pub const CLASS: &str = "feudal-ohw §0.4";
/// The trained grade.
pub const GRADE: &str = "feudal-ohw §TR";
/// The roles of the force matrix.
pub const ROLES: &str = "feudal-ohw §FX.2, §FX.3";
/// Deployment: once, with a facing.
pub const DEPLOY: &str = "feudal-ohw §SU.4; docs/rules/feudal-ohw.md FO-R1";
/// A base wholly on the table.
pub const OFF_TABLE: &str = "feudal-ohw §0.10d, §SU.4; docs/rules/feudal-ohw.md FO-R2";
/// Two bases overlapping.
pub const OVERLAP: &str = "feudal-ohw §2.7, §SU.4; docs/rules/feudal-ohw.md FO-R54";
/// Woods and marsh.
pub const PROHIBITED: &str = "feudal-ohw §0.10b, §SU.4; docs/rules/feudal-ohw.md FO-R41";
/// Lakes, cliffs, rivers.
pub const IMPASSABLE: &str = "feudal-ohw §0.10d, §SU.4; docs/rules/feudal-ohw.md FO-R41";
/// The force matrix and its variations.
pub const FORCE: &str = "feudal-ohw §FX.1, §FX.4; docs/rules/feudal-ohw.md FO-R51";
/// Crossbows and their balance.
pub const CROSSBOWS: &str = "feudal-ohw §FX.3; docs/rules/feudal-ohw.md FO-R51";
/// Personalities: their kinds, hosts and number.
pub const PERSONALITY: &str = "feudal-ohw §PER.0; docs/rules/feudal-ohw.md FO-R34";
/// The marshals' hosts.
pub const PERSONALITY_HOST: &str = "feudal-ohw §PER.HM, §PER.BM";
/// The banner's host.
pub const BANNER: &str = "feudal-ohw §PER.BA";
/// Who plays first.
pub const FIRST: &str = "feudal-ohw §SU.5, §IN.1";
/// Advantages and disadvantages: their words and options.
pub const ADVANTAGES: &str = "feudal-ohw §AD.2, §AD.5, §IC.2";
/// One of each per army.
pub const ADVANTAGE_LIMIT: &str = "feudal-ohw §AD.1; docs/rules/feudal-ohw.md FO-R35";
/// The cap on permanent modifiers.
pub const MODIFIER_CAP: &str = "feudal-ohw §AD.1";
/// The alternative troop types: their option, or a force naming them.
pub const ALTERNATIVE: &str = "feudal-ohw §AT, §FX.6; docs/rules/feudal-ohw.md FO-R57";
