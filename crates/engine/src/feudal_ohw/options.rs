//! The optional rules a Feudal battle plays by: its `option NAME [VALUE]`
//! lines (the spec's section 2.7, FO-R53) read into a set, each value checked, and the
//! combinations the rules cannot give one meaning refused (FO-R39): an
//! option that varies another needs it, and two that rewrite one rule two
//! ways are incompatible. Absent options are off; the die is the d6 and
//! the base 5x2.5" unless a line says otherwise.

use senlac_notation::lower::{Directive, directives};
use senlac_notation::{Atom, Battle, Span, did_you_mean};

use super::codes;
use super::hits::Die;
use super::rules;
use super::tables::{
    Base, REMOVED_AT, SHOTS, SHOTS_WELL_SUPPLIED, SIX_HIT_REMOVED_AT, TIRED_ABOVE, TOL,
};
use crate::code::CodeInfo;
use crate::violation::Violation;

/// One optional rule, by its `option` word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opt {
    /// `dice d6|d5` (0.2).
    Dice,
    /// `base WxDin` (0.5).
    Base,
    /// `six-hit` (6H).
    SixHit,
    /// `personalities` (PER).
    Personalities,
    /// `tired-units` (TU).
    TiredUnits,
    /// `dice-rally` (DR).
    DiceRally,
    /// `savings-rolls` (SR).
    SavingsRolls,
    /// `missiles-natural-5` (MS.1).
    MissilesNatural5,
    /// `well-supplied` (MS.2).
    WellSupplied,
    /// `initiative [1|2|3]` (IN.1–IN.4).
    Initiative,
    /// `initiative-losses` (IN.5).
    InitiativeLosses,
    /// `trained-units` (TR).
    TrainedUnits,
    /// `force-morale` (FM.1, FM.3).
    ForceMorale,
    /// `force-morale-two-dice` (FM.2).
    ForceMoraleTwoDice,
    /// `force-morale-odds` (FM.4).
    ForceMoraleOdds,
    /// `force-morale-personality` (FM.5).
    ForceMoralePersonality,
    /// `rout-pursuit attack|eliminate` (FM.6).
    RoutPursuit,
    /// `diced-movement` (DM).
    DicedMovement,
    /// `advantages` (AD).
    Advantages,
    /// `impetuous-charges` (IC).
    ImpetuousCharges,
    /// `alternative-troops` (AT).
    AlternativeTroops,
    /// `force-matrix` (FX).
    ForceMatrix,
}

/// What value an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Takes {
    /// None.
    Nothing,
    /// `d6` or `d5`.
    Die,
    /// A base size, `WxDin`.
    Base,
    /// The holder's bonus, 1 to 3 (2 when absent).
    Bonus,
    /// `attack` or `eliminate`.
    Pursuit,
}

/// An option's word, rule, value and the options it varies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionInfo {
    /// The option.
    pub opt: Opt,
    /// The word after `option`.
    pub word: &'static str,
    /// What a finding about it cites.
    pub rule: &'static str,
    /// Its value.
    pub takes: Takes,
    /// The options it needs (spec 2.7's "requires").
    pub needs: &'static [Opt],
}

const fn info(
    opt: Opt,
    word: &'static str,
    rule: &'static str,
    takes: Takes,
    needs: &'static [Opt],
) -> OptionInfo {
    OptionInfo {
        opt,
        word,
        rule,
        takes,
        needs,
    }
}

/// Every option, in the order of spec 2.7's table.
pub const OPTIONS: [OptionInfo; 22] = [
    info(Opt::Dice, "dice", "feudal-ohw §0.2", Takes::Die, &[]),
    info(Opt::Base, "base", rules::BASE, Takes::Base, &[]),
    info(
        Opt::SixHit,
        "six-hit",
        "feudal-ohw §6H",
        Takes::Nothing,
        &[],
    ),
    info(
        Opt::Personalities,
        "personalities",
        "feudal-ohw §PER",
        Takes::Nothing,
        &[],
    ),
    info(
        Opt::TiredUnits,
        "tired-units",
        "feudal-ohw §TU",
        Takes::Nothing,
        &[],
    ),
    info(
        Opt::DiceRally,
        "dice-rally",
        "feudal-ohw §DR",
        Takes::Nothing,
        &[],
    ),
    info(
        Opt::SavingsRolls,
        "savings-rolls",
        "feudal-ohw §SR",
        Takes::Nothing,
        &[],
    ),
    info(
        Opt::MissilesNatural5,
        "missiles-natural-5",
        "feudal-ohw §MS.1",
        Takes::Nothing,
        &[],
    ),
    info(
        Opt::WellSupplied,
        "well-supplied",
        "feudal-ohw §MS.2",
        Takes::Nothing,
        &[],
    ),
    info(
        Opt::Initiative,
        "initiative",
        "feudal-ohw §IN.2, §IN.4",
        Takes::Bonus,
        &[],
    ),
    info(
        Opt::InitiativeLosses,
        "initiative-losses",
        "feudal-ohw §IN.5",
        Takes::Nothing,
        &[Opt::Initiative],
    ),
    info(
        Opt::TrainedUnits,
        "trained-units",
        "feudal-ohw §TR",
        Takes::Nothing,
        &[],
    ),
    info(
        Opt::ForceMorale,
        "force-morale",
        "feudal-ohw §FM.1",
        Takes::Nothing,
        &[],
    ),
    info(
        Opt::ForceMoraleTwoDice,
        "force-morale-two-dice",
        "feudal-ohw §FM.2",
        Takes::Nothing,
        &[Opt::ForceMorale],
    ),
    info(
        Opt::ForceMoraleOdds,
        "force-morale-odds",
        "feudal-ohw §FM.4",
        Takes::Nothing,
        &[Opt::ForceMorale],
    ),
    info(
        Opt::ForceMoralePersonality,
        "force-morale-personality",
        "feudal-ohw §FM.5",
        Takes::Nothing,
        &[Opt::ForceMorale, Opt::Personalities],
    ),
    info(
        Opt::RoutPursuit,
        "rout-pursuit",
        "feudal-ohw §FM.6",
        Takes::Pursuit,
        &[Opt::ForceMorale],
    ),
    info(
        Opt::DicedMovement,
        "diced-movement",
        "feudal-ohw §DM",
        Takes::Nothing,
        &[],
    ),
    info(
        Opt::Advantages,
        "advantages",
        "feudal-ohw §AD",
        Takes::Nothing,
        &[],
    ),
    info(
        Opt::ImpetuousCharges,
        "impetuous-charges",
        "feudal-ohw §IC.2",
        Takes::Nothing,
        &[Opt::Advantages],
    ),
    info(
        Opt::AlternativeTroops,
        "alternative-troops",
        "feudal-ohw §AT",
        Takes::Nothing,
        &[],
    ),
    info(
        Opt::ForceMatrix,
        "force-matrix",
        "feudal-ohw §FX",
        Takes::Nothing,
        &[],
    ),
];

/// The pairs of options that cannot be combined, with why (FO-R39). The
/// third, trained units with the average die, is a value: see [`read`].
pub const INCOMPATIBLE: [(Opt, Opt, &str); 3] = [
    (
        Opt::SixHit,
        Opt::DiceRally,
        "both replace the rally of 4.1 (6H.4, DR)",
    ),
    (
        Opt::SixHit,
        Opt::ImpetuousCharges,
        "a hit for each inch has no six-hit scale (IC.1, 6H.6)",
    ),
    (
        Opt::MissilesNatural5,
        Opt::WellSupplied,
        "a natural 5 replaces the shot limit that well-supplied raises (MS.1, MS.2, FO-R38)",
    ),
];

impl Opt {
    /// The option's data.
    pub fn info(self) -> &'static OptionInfo {
        &OPTIONS[self as usize]
    }

    /// The option an `option` word names.
    pub fn parse(word: &str) -> Option<Opt> {
        OPTIONS.iter().find(|o| o.word == word).map(|o| o.opt)
    }
}

/// What the winner does to a routed force (FM.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pursuit {
    /// One last free attack.
    Attack,
    /// Routers in melee with a faster class are eliminated.
    Eliminate,
}

/// The options a battle plays by.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    on: u32,
    /// The game die.
    pub die: Die,
    /// Every unit's base.
    pub base: Base,
    /// The initiative holder's bonus (IN.2, IN.4).
    pub initiative_bonus: u8,
    /// The pursuit after a rout, with `rout-pursuit`.
    pub pursuit: Option<Pursuit>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            on: 0,
            die: Die::D6,
            base: Base::DEFAULT,
            initiative_bonus: 2,
            pursuit: None,
        }
    }
}

impl Options {
    /// Whether a line switched the option on.
    pub fn has(&self, opt: Opt) -> bool {
        self.on & (1 << opt as u32) != 0
    }

    fn set(&mut self, opt: Opt) {
        self.on |= 1 << opt as u32;
    }

    /// The options switched on, in the order of [`OPTIONS`].
    #[cfg(any(test, feature = "test-support"))]
    pub fn on(&self) -> impl Iterator<Item = Opt> + '_ {
        OPTIONS.iter().map(|o| o.opt).filter(|&o| self.has(o))
    }
    /// The die a unit rolls for its own hits and moves: with trained
    /// units, the average die for trained units and the d6 for the rest
    /// (TR); otherwise the battle's die.
    pub fn die_for(&self, trained: bool) -> Die {
        match (self.has(Opt::TrainedUnits), trained) {
            (true, true) => Die::D5,
            (true, false) => Die::D6,
            (false, _) => self.die,
        }
    }

    /// The hits that remove a unit (1.5, 3.4; AD.2 only with advantages;
    /// 6H.5 under the six-hit variant).
    pub fn removed_at(&self, hardiness: Hardiness) -> u8 {
        let table = if self.has(Opt::SixHit) {
            SIX_HIT_REMOVED_AT
        } else {
            REMOVED_AT
        };
        let row = if self.has(Opt::Advantages) {
            hardiness as usize
        } else {
            0
        };
        table[row]
    }

    /// Whether a unit with these hits has passed the Tired mark: never
    /// without `tired-units` (TU; 6H at 4, FO-R36).
    pub fn tired(&self, hits: u8) -> bool {
        self.has(Opt::TiredUnits) && hits > TIRED_ABOVE[usize::from(self.has(Opt::SixHit))]
    }

    /// The shots before a unit is out of missiles: 3 (1.4), 4 when well
    /// supplied or with extra missiles (MS.2, AD.4); with
    /// `missiles-natural-5` no limit but a `three-shots` disadvantage's
    /// (FO-R38).
    pub fn shot_limit(&self, extra_missiles: bool, three_shots: bool) -> Option<u8> {
        if self.has(Opt::MissilesNatural5) {
            return three_shots.then_some(SHOTS);
        }
        let more = self.has(Opt::WellSupplied) || (extra_missiles && self.has(Opt::Advantages));
        Some(if more { SHOTS_WELL_SUPPLIED } else { SHOTS })
    }
}

/// A unit's staying power (AD.2): the row of the removal thresholds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hardiness {
    /// 15 hits.
    Normal,
    /// `adv=determined`: 18 hits.
    Determined,
    /// `dis=unenthusiastic`: 12 hits.
    Unenthusiastic,
}

/// One `option` line: where it stands, its word and its value.
#[derive(Clone, Copy, Debug)]
pub struct OptionLine<'s> {
    /// The whole line.
    pub span: Span,
    /// The word after `option`.
    pub name: &'s str,
    /// The value, if written.
    pub value: Option<Atom<'s>>,
}

/// The option lines of a battle's setup.
pub fn lines<'s>(battle: &Battle<'s>) -> Vec<OptionLine<'s>> {
    directives(battle)
        .filter_map(|(item, directive)| match directive {
            Directive::Option { name, value } => Some(OptionLine {
                span: item.span,
                name,
                value,
            }),
            _ => None,
        })
        .collect()
}

/// Reads a battle's option lines into its options, with a finding for
/// each unknown option, bad value, missing option it varies and
/// incompatible pair.
pub fn read(lines: &[OptionLine<'_>]) -> (Options, Vec<Violation>) {
    let mut options = Options::default();
    let mut out = Vec::new();
    // The line that switched each option on, for the findings that pair two.
    let mut first: [Option<OptionLine<'_>>; OPTIONS.len()] = [None; OPTIONS.len()];
    for line in lines {
        let Some(opt) = Opt::parse(line.name) else {
            let mut finding = Violation::of(
                &codes::UNKNOWN_OPTION,
                line.span,
                format!("`{}` is no optional rule of Feudal", line.name),
                rules::OPTIONS,
            );
            if let Some(meant) = did_you_mean(line.name, OPTIONS.iter().map(|o| o.word)) {
                finding = finding.help(format!("write `option {meant}`"));
            }
            out.push(finding);
            continue;
        };
        let info = opt.info();
        let before = options;
        if let Err((code, message)) = value(&mut options, info, line.value.as_ref()) {
            out.push(Violation::of(code, line.span, message, info.rule));
            options = before;
            continue;
        }
        if let Some(earlier) = first[opt as usize] {
            if options != with_on(before, opt) {
                out.push(
                    Violation::of(
                        &codes::OPTION_VALUE,
                        line.span,
                        format!("`option {}` is written twice with two values", info.word),
                        rules::OPTIONS,
                    )
                    .related(earlier.span, "the value kept"),
                );
                options = before;
            }
            continue;
        }
        options.set(opt);
        first[opt as usize] = Some(*line);
    }
    for info in &OPTIONS {
        let Some(line) = first[info.opt as usize] else {
            continue;
        };
        for needed in info.needs {
            if !options.has(*needed) {
                out.push(
                    Violation::of(
                        &codes::OPTION_NEEDS,
                        line.span,
                        format!(
                            "`option {}` varies `option {}`, which this battle does not play by",
                            info.word,
                            needed.info().word
                        ),
                        info.rule,
                    )
                    .help(format!("add `option {}`", needed.info().word)),
                );
            }
        }
    }
    for (a, b, why) in INCOMPATIBLE {
        if let (Some(one), Some(other)) = (first[a as usize], first[b as usize]) {
            out.push(incompatible(
                &one,
                &other,
                a.info().word,
                b.info().word,
                why,
            ));
        }
    }
    if let (Some(trained), Some(dice)) =
        (first[Opt::TrainedUnits as usize], first[Opt::Dice as usize])
        && options.die == Die::D5
    {
        out.push(incompatible(
            &dice,
            &trained,
            "dice d5",
            "trained-units",
            "trained units are the only ones to roll the average die, everyone else the d6 (TR)",
        ));
    }
    (options, out)
}

/// Options with one more switched on, to compare a line written twice.
fn with_on(mut options: Options, opt: Opt) -> Options {
    options.set(opt);
    options
}

/// The finding for two options that cannot be combined, at the later line.
fn incompatible(
    one: &OptionLine<'_>,
    other: &OptionLine<'_>,
    a: &str,
    b: &str,
    why: &str,
) -> Violation {
    let (earlier, later) = if one.span.start <= other.span.start {
        (one, other)
    } else {
        (other, one)
    };
    Violation::of(
        &codes::INCOMPATIBLE_OPTIONS,
        later.span,
        format!("`option {a}` and `option {b}` cannot be combined: {why}"),
        rules::INCOMPATIBLE,
    )
    .related(earlier.span, "the other option")
}

/// Reads an option's value into `options`, or says what is wrong with it.
fn value(
    options: &mut Options,
    info: &OptionInfo,
    value: Option<&Atom<'_>>,
) -> Result<(), (&'static CodeInfo, String)> {
    let text = value.map(|v| v.text);
    let wrong = |wanted: &str| {
        let written = text.map_or("nothing".to_string(), |t| format!("`{t}`"));
        Err((
            &codes::OPTION_VALUE,
            format!("`option {}` takes {wanted}, not {written}", info.word),
        ))
    };
    match (info.takes, text) {
        (Takes::Nothing, None) => Ok(()),
        (Takes::Nothing, Some(_)) => wrong("no value"),
        (Takes::Die, Some("d6")) => {
            options.die = Die::D6;
            Ok(())
        }
        (Takes::Die, Some("d5")) => {
            options.die = Die::D5;
            Ok(())
        }
        (Takes::Die, _) => wrong("`d6` or `d5` (the average die)"),
        (Takes::Bonus, None) => Ok(()),
        (Takes::Bonus, Some(t @ ("1" | "2" | "3"))) => {
            options.initiative_bonus = t.parse().unwrap_or(2);
            Ok(())
        }
        (Takes::Bonus, Some(_)) => wrong("the holder's bonus, 1, 2 or 3"),
        (Takes::Pursuit, Some("attack")) => {
            options.pursuit = Some(Pursuit::Attack);
            Ok(())
        }
        (Takes::Pursuit, Some("eliminate")) => {
            options.pursuit = Some(Pursuit::Eliminate);
            Ok(())
        }
        (Takes::Pursuit, _) => wrong("`attack` or `eliminate`"),
        (Takes::Base, Some(text)) => {
            let Some((width, depth)) = text
                .strip_suffix("in")
                .and_then(|t| t.split_once('x'))
                .and_then(|(w, d)| Some((w.parse::<f64>().ok()?, d.parse::<f64>().ok()?)))
            else {
                return wrong("a base size in inches, `5x2.5in`");
            };
            let (narrowest, widest) = Base::WIDTHS;
            if width < narrowest - TOL || width > widest + TOL {
                return Err((
                    &codes::BASE_WIDTH,
                    format!("a base {width}\" wide: bases are 4\" to 6\" wide"),
                ));
            }
            if (depth - width / 2.0).abs() > TOL {
                return Err((
                    &codes::BASE_RATIO,
                    format!(
                        "a base {width}\" wide is {}\" deep, not {depth}\": its depth is half its width",
                        width / 2.0
                    ),
                ));
            }
            options.base = Base { width, depth };
            Ok(())
        }
        (Takes::Base, None) => wrong("a base size in inches, `5x2.5in`"),
    }
}
