//! The arithmetic of Feudal that needs no table geometry: hits from a
//! shot or a melee roll (1.2, 3.2, spec 3.1), the optional arithmetics
//! (six-hit attack dice, savings rolls: spec 3.3), rallies (4.1 and its
//! options), force morale, initiative and impetuous charges (spec 3.4).
//!
//! Dice are facts from the log: every function takes the faces written,
//! checked by [`Die::check`], and rolls nothing. What geometry decides
//! (terrain cover, a flank or rear) comes in as flags. Each result keeps
//! its terms as numbers and says them in words only when asked
//! (`explanation`), so a diagnostic can show the sum and a clean replay
//! builds no text.

use std::fmt::Write as _;

use arrayvec::ArrayVec;

use super::Fault;
use super::codes;
use super::rules;
use super::tables::{Armour, Class, IMPETUOUS_REACH, RALLY_FLOOR, TOL};

/// The game die, Dx (0.2): the d6, or the average die with faces 2, 3, 3,
/// 4, 4 and 5, written `d5` (FO-R33).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Die {
    /// 1 to 6.
    #[default]
    D6,
    /// The average die: 2 to 5.
    D5,
}

impl Die {
    /// How the die is written in a roll, `d6` or `d5`.
    pub const fn word(self) -> &'static str {
        match self {
            Die::D6 => "d6",
            Die::D5 => "d5",
        }
    }

    /// The sides a roll of this die writes.
    pub const fn sides(self) -> u32 {
        match self {
            Die::D6 => 6,
            Die::D5 => 5,
        }
    }

    /// Its lowest and highest faces.
    pub const fn faces(self) -> (u8, u8) {
        match self {
            Die::D6 => (1, 6),
            Die::D5 => (2, 5),
        }
    }

    /// Checks a roll as written against this die and the number of dice
    /// the rule rolls, and gives its faces.
    pub fn check(self, roll: &Rolled, count: usize) -> Result<&[u8], Fault> {
        if roll.sides != self.sides() {
            let why = if matches!(roll.sides, 5 | 6) {
                format!("this roll is of the {}", self.name())
            } else {
                "Feudal rolls only the d6 and the average die".to_string()
            };
            return Err(Fault::new(
                &codes::WRONG_DIE,
                format!(
                    "`d{}` is not the die here: {why}, written `{}:N`",
                    roll.sides,
                    self.word()
                ),
                rules::DICE,
            ));
        }
        if roll.faces.len() != count {
            return Err(Fault::new(
                &codes::DICE_COUNT,
                format!(
                    "{} dice written where the rule rolls {count}",
                    roll.faces.len()
                ),
                rules::DICE,
            ));
        }
        let (low, high) = self.faces();
        if let Some(face) = roll.faces.iter().find(|f| !(low..=high).contains(*f)) {
            return Err(Fault::new(
                &codes::IMPOSSIBLE_ROLL,
                format!("the {} shows {low} to {high}, never {face}", self.name()),
                rules::DICE,
            ));
        }
        Ok(&roll.faces)
    }

    fn name(self) -> &'static str {
        match self {
            Die::D6 => "d6",
            Die::D5 => "average die (2, 3, 3, 4, 4, 5)",
        }
    }
}

/// A roll as a log writes it, `d6:4` or `3d6:1+3+5`: the sides and each
/// face (at most 32 dice; a savings roll has one per hit at risk).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rolled {
    /// The sides of the die written.
    pub sides: u32,
    /// Each die's face, in order.
    pub faces: ArrayVec<u8, 32>,
}

impl Rolled {
    /// Reads `[N]dS:a+b+…`; `None` when it is not a roll, or the count
    /// written differs from the faces.
    pub fn read(text: &str) -> Option<Rolled> {
        let (dice, results) = text.split_once(':')?;
        let (count, sides) = dice.split_once('d')?;
        let count: usize = if count.is_empty() {
            1
        } else {
            count.parse().ok()?
        };
        let mut faces = ArrayVec::new();
        for face in results.split('+') {
            faces.try_push(face.parse().ok()?).ok()?;
        }
        (faces.len() == count).then_some(Rolled {
            sides: sides.parse().ok()?,
            faces,
        })
    }
}

/// A shot (1.2) or a melee attack (3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attack {
    /// Shooting, phase 1 or 2.
    Shoot,
    /// Melee, phase 3.
    Melee,
}

/// A step-a modifier besides the class's own (spec 3.1 step 2): an
/// advantage or disadvantage (AD.3), a force-matrix role (FX.3), the
/// Knight Errant (PER.KE, FO-R46), Tired (TU).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extra {
    /// What it is, for the explanation.
    pub what: &'static str,
    /// Its value.
    pub value: i8,
}

impl Extra {
    /// Tired: −1 to every Dx roll (TU).
    pub const TIRED: Extra = Extra {
        what: "tired",
        value: -1,
    };
    /// The Knight Errant's +1 in melee, to the roll (PER.KE, FO-R46).
    pub const KNIGHT_ERRANT: Extra = Extra {
        what: "knight errant",
        value: 1,
    };
}

/// One roll of one unit against one target, with what the table decides
/// given as facts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strike<'a> {
    /// Shooting or melee.
    pub attack: Attack,
    /// The shooting or attacking unit's class.
    pub attacker: Class,
    /// The target's class.
    pub target: Class,
    /// The attacker's other step-a modifiers.
    pub extras: &'a [Extra],
    /// The target defends terrain that halves this attack (1.2b, 3.2b,
    /// FO-R10); terrain counts once (FO-R11).
    pub cover: bool,
    /// A shot from the target's rear arc, or a melee contact on its flank
    /// or rear (1.2d, 3.2d): doubled.
    pub exposed: bool,
}

impl Strike<'_> {
    /// The total step-a modifier m: the class's, then the extras.
    pub fn modifier(&self) -> i8 {
        self.class_modifier() + self.extras.iter().map(|e| e.value).sum::<i8>()
    }

    fn class_modifier(&self) -> i8 {
        let info = self.attacker.info();
        match self.attack {
            Attack::Shoot => info.shoot,
            Attack::Melee => info.melee,
        }
    }

    /// Whether the target's armour halves this attack (1.2c, 3.2c, FX.6).
    fn armoured(&self) -> bool {
        match self.target.info().armour {
            Armour::None => false,
            Armour::Always => true,
            Armour::MeleeOnly => self.attack == Attack::Melee,
        }
    }

    /// The halvings (terrain, armour) and whether it is doubled.
    fn halvings(&self) -> ArrayVec<&'static str, 2> {
        let mut halvings = ArrayVec::new();
        if self.cover {
            halvings.push("terrain");
        }
        if self.armoured() {
            halvings.push(match self.target.info().armour {
                Armour::MeleeOnly => "a schiltron in melee",
                _ => "serjeants' armour",
            });
        }
        halvings
    }

    /// The hits of a roll of `natural` (spec 3.1): B = roll + m; no hits
    /// when B ≤ 0 (FO-R12); else B × 2^e, e = doublings − halvings, never
    /// below −2 (1.2e), rounded up (1.2f).
    pub fn hits(&self, natural: u8) -> Resolution {
        let base = i16::from(natural) + i16::from(self.modifier());
        let halvings = self.halvings();
        let exponent = (i8::from(self.exposed) - halvings.len() as i8).max(-2);
        Resolution {
            attack: self.attack,
            natural,
            modifiers: self.terms(),
            base,
            halvings,
            doubled: self.exposed,
            exponent,
            hits: scale(base, exponent),
        }
    }

    /// The step-a terms, for the explanation: the class's, then the extras.
    fn terms(&self) -> ArrayVec<Extra, 6> {
        let mut terms = ArrayVec::new();
        let class = self.class_modifier();
        if class != 0 {
            terms.push(Extra {
                what: self.attacker.word(),
                value: class,
            });
        }
        for extra in self.extras.iter().take(5) {
            terms.push(*extra);
        }
        terms
    }

    /// The hits under the six-hit variant (6H.2, 6H.3, FO-R36): m picks
    /// the number of attack dice and the face each must reach; the
    /// successes are then halved, doubled and rounded up as B is.
    pub fn six_hit(&self, faces: &[u8]) -> Result<SixHit, Fault> {
        let (dice, need) = attack_dice(self.modifier());
        if faces.len() != usize::from(dice) {
            return Err(Fault::new(
                &codes::DICE_COUNT,
                format!(
                    "a modifier of {:+} rolls {dice} attack {} under the six-hit variant, not {}",
                    self.modifier(),
                    if dice == 1 { "die" } else { "dice" },
                    faces.len()
                ),
                rules::SIX_HIT_DICE,
            ));
        }
        let successes = faces.iter().filter(|&&f| f >= need).count() as i16;
        let halvings = self.halvings();
        let exponent = (i8::from(self.exposed) - halvings.len() as i8).max(-2);
        Ok(SixHit {
            dice,
            need,
            successes: successes as u8,
            exponent,
            hits: scale(successes, exponent),
        })
    }

    /// The hits with savings rolls (SR, spec 3.3): no halving; when the
    /// halvings outnumber the doublings, the target rolls a d6 per hit at
    /// risk and saves on 4+, and with two halvings rerolls each failure.
    pub fn saved(
        &self,
        natural: u8,
        saves: Option<&Rolled>,
        reroll: Option<&Rolled>,
    ) -> Result<Saved, Fault> {
        let base = i16::from(natural) + i16::from(self.modifier());
        let halvings = self.halvings().len() as i8;
        let doublings = i8::from(self.exposed);
        if base <= 0 || doublings >= halvings {
            if saves.is_some() || reroll.is_some() {
                return Err(Fault::new(
                    &codes::DICE_COUNT,
                    if base <= 0 {
                        "no savings roll: the roll does no hits".to_string()
                    } else {
                        "no savings roll: no halving is left after the doubling".to_string()
                    },
                    rules::SAVES,
                ));
            }
            let hits = scale(base, doublings - halvings);
            return Ok(Saved {
                at_risk: 0,
                saved: 0,
                hits,
            });
        }
        let at_risk = base as usize;
        let rerolls = (halvings - doublings).min(2) == 2;
        let Some(saves) = saves else {
            return Err(Fault::new(
                &codes::MISSING_SAVE,
                format!("{at_risk} hits are at risk: the target rolls {at_risk}d6 to save them"),
                rules::SAVES,
            ));
        };
        let faces = Die::D6.check(saves, at_risk)?;
        let saved_first = faces.iter().filter(|&&f| f >= 4).count();
        let failures = at_risk - saved_first;
        let saved_again = match (rerolls, reroll) {
            (true, Some(roll)) => Die::D6
                .check(roll, failures)?
                .iter()
                .filter(|&&f| f >= 4)
                .count(),
            (true, None) if failures > 0 => {
                return Err(Fault::new(
                    &codes::DICE_COUNT,
                    format!("two halvings: the {failures} failed saves are rolled again"),
                    rules::SAVES,
                ));
            }
            (false, Some(_)) => {
                return Err(Fault::new(
                    &codes::DICE_COUNT,
                    "one halving: failed saves are not rolled again",
                    rules::SAVES,
                ));
            }
            _ => 0,
        };
        let saved = (saved_first + saved_again) as u16;
        Ok(Saved {
            at_risk: at_risk as u16,
            saved,
            hits: at_risk as u16 - saved,
        })
    }
}

/// B × 2^e rounded up, in integers; nothing when B ≤ 0 (FO-R12).
fn scale(base: i16, exponent: i8) -> u16 {
    if base <= 0 {
        return 0;
    }
    let base = base as u16;
    match exponent {
        e if e <= -2 => base.div_ceil(4),
        -1 => base.div_ceil(2),
        0 => base,
        _ => base * 2,
    }
}

/// The attack dice and the face each needs, by the modifier m (FO-R36).
pub const fn attack_dice(modifier: i8) -> (u8, u8) {
    match modifier {
        i8::MIN..=-4 => (1, 5),
        -3 => (1, 4),
        -2 => (1, 3),
        -1 => (2, 4),
        0 => (2, 3),
        1 => (3, 4),
        2 => (3, 3),
        _ => (3, 2),
    }
}

/// The hits of one roll, with every term that made them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolution {
    attack: Attack,
    /// The natural roll.
    pub natural: u8,
    modifiers: ArrayVec<Extra, 6>,
    /// B, the roll plus its modifiers.
    pub base: i16,
    halvings: ArrayVec<&'static str, 2>,
    doubled: bool,
    /// The net power of two, −2 to +1.
    pub exponent: i8,
    /// The hits inflicted.
    pub hits: u16,
}

impl Resolution {
    /// The sum in words, e.g. "roll 5, knights +2 = 7; halved (armour):
    /// 7/2 rounded up = 4 hits".
    pub fn explanation(&self) -> String {
        let mut out = format!("roll {}", self.natural);
        for term in &self.modifiers {
            let _ = write!(out, ", {} {:+}", term.what, term.value);
        }
        if !self.modifiers.is_empty() {
            let _ = write!(out, " = {}", self.base);
        }
        if self.base <= 0 {
            out.push_str(": no hits, a roll taken to 0 or below does nothing (FO-R12)");
            return out;
        }
        let doubling = match self.attack {
            Attack::Shoot => "shot from the rear arc",
            Attack::Melee => "flank or rear contact",
        };
        let halved = match self.halvings.len() {
            0 => String::new(),
            1 => format!("halved ({})", self.halvings[0]),
            _ => format!("halved twice ({})", self.halvings.join(", ")),
        };
        match (self.halvings.len(), self.doubled) {
            (0, false) => {
                let unit = if self.hits == 1 { "hit" } else { "hits" };
                if self.modifiers.is_empty() {
                    let _ = write!(out, ": {} {unit}", self.hits);
                } else {
                    let _ = write!(out, " {unit}");
                }
                return out;
            }
            (0, true) => {
                let _ = write!(out, "; doubled ({doubling}): {} × 2", self.base);
            }
            (_, true) if self.exponent == 0 => {
                let _ = write!(out, "; {halved} and doubled ({doubling}) cancel");
            }
            _ => {
                let divisor = if self.exponent <= -2 { 4 } else { 2 };
                let doubled = if self.doubled {
                    format!(", doubled ({doubling}), one halving cancelled")
                } else {
                    String::new()
                };
                let _ = write!(out, "; {halved}{doubled}: {}/{divisor}", self.base);
                if self.base % divisor != 0 {
                    out.push_str(" rounded up");
                }
            }
        }
        let _ = write!(
            out,
            " = {} {}",
            self.hits,
            if self.hits == 1 { "hit" } else { "hits" }
        );
        out
    }
}

/// The hits of an attack under the six-hit variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SixHit {
    /// The attack dice rolled.
    pub dice: u8,
    /// The face each must reach.
    pub need: u8,
    /// The dice that reached it.
    pub successes: u8,
    /// The net power of two applied to the successes.
    pub exponent: i8,
    /// The hits inflicted.
    pub hits: u16,
}

impl SixHit {
    /// The sum in words.
    pub fn explanation(&self) -> String {
        format!(
            "{} attack {} hitting on {}+: {} {}, {} after halving and doubling",
            self.dice,
            if self.dice == 1 { "die" } else { "dice" },
            self.need,
            self.successes,
            if self.successes == 1 {
                "success"
            } else {
                "successes"
            },
            self.hits
        )
    }
}

/// The hits of an attack with savings rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Saved {
    /// Hits the target rolled to save (0: no savings roll).
    pub at_risk: u16,
    /// Hits saved.
    pub saved: u16,
    /// The hits inflicted.
    pub hits: u16,
}

impl Saved {
    /// The sum in words.
    pub fn explanation(&self) -> String {
        if self.at_risk == 0 {
            return format!("no savings roll: {} hits", self.hits);
        }
        format!(
            "{} hits at risk, {} saved on 4+: {} hits",
            self.at_risk, self.saved, self.hits
        )
    }
}

/// What a unit did this player turn, and what it carries (4.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rallier {
    /// Its hits now.
    pub hits: u8,
    /// It shot this player turn.
    pub shot: bool,
    /// It moved (a turn counts: 2.4).
    pub moved: bool,
    /// It fought in melee.
    pub meleed: bool,
    /// It has an attacked marker (1.3, 3.3).
    pub marker: bool,
    /// A Constable is with it: it rallies even though it moved (PER.CO).
    pub constable: bool,
    /// A Banner is with it: it rallies as if unmarked (PER.BA).
    pub banner: bool,
}

/// How a rally is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RallyBy {
    /// 4.1a and 4.1b: 1 hit, and 1 more unmarked.
    Rule,
    /// A priest's Dx in place of 4.1b's one (PER.PR).
    Priest(u8),
    /// Dice rally: a d6, 1 rallies 0, 2–5 rally 1, 6 rallies 2 (DR).
    Dice(u8),
    /// Six-hit: a Dx, one hit on 3+; never marked (6H.4).
    SixHit(u8),
}

/// A rally's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rallied {
    /// Hits before.
    pub before: u8,
    /// Hits the rally takes off before the floor.
    pub rallied: u8,
    /// Hits after, never below the floor (4.1c, FO-R50).
    pub after: u8,
}

impl Rallied {
    /// The sum in words.
    pub fn explanation(&self) -> String {
        let raw = self.before.saturating_sub(self.rallied);
        if raw < self.after {
            format!(
                "{} − {} = {raw}, but a unit never rallies below {} hits: {}",
                self.before, self.rallied, self.after, self.after
            )
        } else {
            format!("{} − {} = {} hits", self.before, self.rallied, self.after)
        }
    }
}

/// A rally (4.1, PER.CO, PER.BA, PER.PR, DR, 6H.4).
pub fn rally(unit: Rallier, by: RallyBy) -> Result<Rallied, Fault> {
    let moved = unit.moved && !unit.constable;
    if unit.shot || moved || unit.meleed {
        let did = [
            (unit.shot, "shot"),
            (moved, "moved"),
            (unit.meleed, "fought in melee"),
        ]
        .into_iter()
        .filter_map(|(done, word)| done.then_some(word))
        .collect::<Vec<_>>()
        .join(" and ");
        return Err(Fault::new(
            &codes::CANNOT_RALLY,
            format!("it {did} this turn: only a unit that did none of these rallies"),
            rules::RALLY,
        ));
    }
    let unmarked = !unit.marker || unit.banner;
    let rallied = match by {
        RallyBy::Rule => 1 + u8::from(unmarked),
        RallyBy::Priest(roll) => {
            if !unmarked {
                return Err(Fault::new(
                    &codes::CANNOT_RALLY,
                    "a priest's rally is 4.1b's, and this unit has an attacked marker",
                    rules::PRIEST,
                ));
            }
            1 + roll
        }
        RallyBy::Dice(roll) => match roll {
            1 => 0,
            6 => 2,
            _ => 1,
        },
        RallyBy::SixHit(roll) => {
            if !unmarked {
                return Err(Fault::new(
                    &codes::CANNOT_RALLY,
                    "under the six-hit variant a unit with an attacked marker does not rally",
                    rules::SIX_HIT_RALLY,
                ));
            }
            u8::from(roll >= 3)
        }
    };
    let floor = RALLY_FLOOR[usize::from(matches!(by, RallyBy::SixHit(_)))];
    // Only a unit at or above the floor is held there (4.1c): spec 2.6's
    // `max(old - r, min(old, 5))` would stop a unit with 4 hits rallying.
    let lowest = if unit.hits >= floor { floor } else { 0 };
    let after = unit.hits.saturating_sub(rallied).max(lowest);
    Ok(Rallied {
        before: unit.hits,
        rallied,
        after,
    })
}

/// A force-morale roll (FM.1–FM.5, FM.7): who rolls and what adds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Morale {
    /// Friendly units lost so far, this one included.
    pub losses: u8,
    /// An army of three or four units halves each die, rounding up (FM.3).
    pub small_army: bool,
    /// +1: the opponent has lost more units (FM.4, with its option).
    pub odds: bool,
    /// +1: a friendly personality is on the table (FM.5, with its option).
    pub personality: bool,
    /// A scenario's bonus, −3 to +3 (FM.7).
    pub bonus: i8,
}

/// A force-morale roll's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoraleResult {
    /// The best total of the dice.
    pub total: i16,
    /// Friendly units lost, which the total must reach.
    pub losses: u8,
    /// Whether the force fights on.
    pub holds: bool,
}

impl MoraleResult {
    /// The verdict in words, e.g. "2 against 3 units lost: the force
    /// routs".
    #[cfg(any(test, feature = "test-support"))]
    pub fn explanation(&self) -> String {
        format!(
            "{} against {} {} lost: the force {}",
            self.total,
            self.losses,
            if self.losses == 1 { "unit" } else { "units" },
            if self.holds { "holds" } else { "routs" }
        )
    }
}

impl Morale {
    /// Rolls `faces` (one Dx, or two with FM.2): the force holds when a
    /// die's total reaches the losses (FO-R52 reads FM.2's "beats" so).
    pub fn roll(&self, faces: &[u8], two_dice: bool) -> Result<MoraleResult, Fault> {
        let wanted = 1 + usize::from(two_dice);
        if faces.len() != wanted {
            return Err(Fault::new(
                &codes::DICE_COUNT,
                format!("force morale rolls {wanted} Dx, not {}", faces.len()),
                rules::MORALE_DICE,
            ));
        }
        let adds = i16::from(self.odds) + i16::from(self.personality) + i16::from(self.bonus);
        let total = faces
            .iter()
            .map(|&f| {
                let die = if self.small_army { f.div_ceil(2) } else { f };
                i16::from(die) + adds
            })
            .max()
            .unwrap_or(0);
        Ok(MoraleResult {
            total,
            losses: self.losses,
            holds: total >= i16::from(self.losses),
        })
    }
}

/// The initiative roll-off of a turn from the second on (IN.2–IN.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Initiative {
    /// The holder's bonus: 2, or 1 or 3 by option (IN.2, IN.4).
    pub bonus: u8,
    /// Units each side has lost, holder first, counted with IN.5's option.
    pub losses: Option<(u8, u8)>,
    /// The challenger uses its Strategos's one-time +3 (IN.6).
    pub strategos: bool,
}

impl Initiative {
    /// The totals and whether the holder keeps initiative: it wins ties
    /// (IN.2).
    pub fn roll(&self, holder: u8, challenger: u8) -> RollOff {
        let (lost_holder, lost_challenger) = self.losses.unwrap_or((0, 0));
        let holder = i16::from(holder) + i16::from(self.bonus) - i16::from(lost_holder);
        let challenger =
            i16::from(challenger) + 3 * i16::from(self.strategos) - i16::from(lost_challenger);
        RollOff {
            holder,
            challenger,
            keeps: holder >= challenger,
        }
    }
}

/// An initiative roll-off's totals and verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RollOff {
    /// The holder's total, bonus and losses counted.
    pub holder: i16,
    /// The challenger's total.
    pub challenger: i16,
    /// Whether the holder keeps initiative.
    pub keeps: bool,
}

impl RollOff {
    /// The verdict in words.
    pub fn explanation(&self) -> String {
        let verdict = if !self.keeps {
            "initiative passes"
        } else if self.holder == self.challenger {
            "a tie, which the holder wins"
        } else {
            "the holder keeps initiative"
        };
        format!(
            "holder {} against {}: {verdict}",
            self.holder, self.challenger
        )
    }
}

/// The hits an impetuous charge costs (IC.1): one for each inch or part
/// of one beyond the allowance, within TOL (FO-R2); more than 3" beyond
/// is too far.
pub fn impetuous_hits(distance: f64, allowance: f64) -> Result<u8, Fault> {
    let extra = distance - allowance;
    if extra <= TOL {
        return Ok(0);
    }
    if extra > IMPETUOUS_REACH + TOL {
        return Err(Fault::new(
            &codes::IMPETUOUS_TOO_FAR,
            format!(
                "the charge goes {distance:.2}\", {extra:.2}\" beyond its allowance of {allowance:.2}\": an impetuous unit goes at most 3\" further"
            ),
            rules::IMPETUOUS,
        ));
    }
    Ok((extra - TOL).ceil() as u8)
}
