//! Feudal's arithmetic against the spec's worked examples: every row of
//! crates/engine/tests/data/feudal-ohw-hits.tsv is read by one `check`
//! and asserts the exact hits, allowance, verdict or code. The tests
//! after it hold the explanations a diagnostic shows to their words.

use senlac_engine::feudal_ohw::Fault;
use senlac_engine::feudal_ohw::codes;
use senlac_engine::feudal_ohw::hits::{
    Attack, Die, Extra, Initiative, Morale, Rallier, RallyBy, Rolled, Strike, impetuous_hits, rally,
};
use senlac_engine::feudal_ohw::tables::{Base, Class, terrain_kind};

const DATA: &str = include_str!("data/feudal-ohw-hits.tsv");

/// One row's case: its words, and its `key=value` pairs.
struct Case<'a> {
    words: Vec<&'a str>,
    pairs: Vec<(&'a str, &'a str)>,
}

impl<'a> Case<'a> {
    fn read(text: &'a str) -> Case<'a> {
        let mut words = Vec::new();
        let mut pairs = Vec::new();
        for token in text.split_whitespace() {
            match token.split_once('=') {
                Some(pair) => pairs.push(pair),
                None => words.push(token),
            }
        }
        Case { words, pairs }
    }

    fn has(&self, word: &str) -> bool {
        self.words.contains(&word)
    }

    fn get(&self, key: &str) -> Option<&'a str> {
        self.pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }

    fn all<'k>(&self, key: &'k str) -> impl Iterator<Item = &'a str> + use<'a, '_, 'k> {
        self.pairs
            .iter()
            .filter(move |(k, _)| *k == key)
            .map(|(_, v)| *v)
    }

    fn class(&self, key: &str) -> Class {
        let word = self.get(key).unwrap_or_else(|| panic!("no {key}="));
        Class::parse(word).unwrap_or_else(|| panic!("no class {word}"))
    }

    fn roll(&self, key: &str) -> Option<Rolled> {
        let text = self.get(key)?;
        (text != "none").then(|| Rolled::read(text).unwrap_or_else(|| panic!("roll {text}")))
    }

    fn die(&self) -> Die {
        match self.get("die") {
            Some("d5") => Die::D5,
            None => Die::D6,
            Some(other) => panic!("die {other}"),
        }
    }

    fn number<T: std::str::FromStr>(&self, key: &str) -> Option<T> {
        self.get(key).map(|v| v.parse().ok().unwrap())
    }
}

/// What a row worked out, as the data writes it.
fn outcome(kind: &str, case: &Case<'_>) -> Result<String, Fault> {
    match kind {
        "shoot" | "melee" => strike(kind, case),
        "rally" => {
            let unit = Rallier {
                hits: case.number("hits").unwrap(),
                shot: case.has("shot"),
                moved: case.has("moved"),
                meleed: case.has("meleed"),
                marker: case.has("marker"),
                constable: case.has("constable"),
                banner: case.has("banner"),
            };
            let by = match case.get("by").map(|b| b.split_once(':').unwrap()) {
                None => RallyBy::Rule,
                Some(("priest", n)) => RallyBy::Priest(n.parse().unwrap()),
                Some(("dice", n)) => RallyBy::Dice(n.parse().unwrap()),
                Some(("six", n)) => RallyBy::SixHit(n.parse().unwrap()),
                Some(other) => panic!("rally by {other:?}"),
            };
            Ok(rally(unit, by)?.after.to_string())
        }
        "morale" => {
            let two = case.has("two");
            let roll = case.roll("roll").unwrap();
            let faces = case.die().check(&roll, roll.faces.len())?;
            let morale = Morale {
                losses: case.number("losses").unwrap(),
                small_army: case.has("small"),
                odds: case.has("odds"),
                personality: case.has("personality"),
                bonus: case.number("bonus").unwrap_or(0),
            };
            let result = morale.roll(faces, two)?;
            Ok(if result.holds { "holds" } else { "routs" }.to_string())
        }
        "initiative" => {
            let face = |key| {
                let roll = case.roll(key).unwrap();
                case.die().check(&roll, 1).map(|f| f[0])
            };
            let losses = case.get("losses").map(|l| {
                let (h, c) = l.split_once(':').unwrap();
                (h.parse().unwrap(), c.parse().unwrap())
            });
            let initiative = Initiative {
                bonus: case.number("bonus").unwrap_or(2),
                losses,
                strategos: case.has("strategos"),
            };
            let roll_off = initiative.roll(face("holder")?, face("challenger")?);
            Ok(if roll_off.keeps { "keeps" } else { "passes" }.to_string())
        }
        "impetuous" => Ok(impetuous_hits(
            case.number("distance").unwrap(),
            case.number("allowance").unwrap(),
        )?
        .to_string()),
        "move" => {
            let class = case.class("class");
            let inches = if case.has("diced") {
                let fast = case
                    .roll("fast")
                    .map(|r| case.die().check(&r, 1).map(|f| f[0]))
                    .transpose()?;
                class.diced_allowance(fast, case.has("tired"), case.has("road"))
            } else {
                class.allowance(Base::DEFAULT, case.has("fast"), case.has("road"))
            };
            Ok(inches.to_string())
        }
        other => panic!("unknown kind {other}"),
    }
}

/// A shot or a melee roll, in plain arithmetic, six-hit or with saves.
fn strike(kind: &str, case: &Case<'_>) -> Result<String, Fault> {
    let attack = if kind == "shoot" {
        Attack::Shoot
    } else {
        Attack::Melee
    };
    let mut extras = Vec::new();
    for extra in case.all("extra") {
        let (what, value) = extra.split_once(':').unwrap();
        let what: &'static str = String::from(what).leak();
        extras.push(Extra {
            what,
            value: value.parse().unwrap(),
        });
    }
    if case.has("errant") {
        extras.push(Extra::KNIGHT_ERRANT);
    }
    if case.has("tired") {
        extras.push(Extra::TIRED);
    }
    // Terrain counts once (FO-R11): any piece that covers halves once.
    let cover = case.all("terrain").any(|kind| {
        terrain_kind(kind)
            .unwrap_or_else(|| panic!("no terrain {kind}"))
            .covers(attack == Attack::Melee, case.has("charged"))
    });
    let strike = Strike {
        attack,
        attacker: case.class("attacker"),
        target: case.class("target"),
        extras: &extras,
        cover,
        exposed: case.has("exposed"),
    };
    let roll = case.roll("roll").unwrap();
    if case.has("six") {
        let faces = case.die().check(&roll, roll.faces.len())?;
        return Ok(strike.six_hit(faces)?.hits.to_string());
    }
    let natural = case.die().check(&roll, 1)?[0];
    if case.get("saves").is_some() {
        let saves = case.roll("saves");
        let reroll = case.roll("reroll");
        return Ok(strike
            .saved(natural, saves.as_ref(), reroll.as_ref())?
            .hits
            .to_string());
    }
    Ok(strike.hits(natural).hits.to_string())
}

/// Checks one row: the outcome, or the code of the fault, is the one
/// expected.
fn check(line: &str) -> &str {
    let fields: Vec<&str> = line.split('\t').collect();
    assert!(
        fields.len() >= 4,
        "a row of id, kind, case, expected: {line}"
    );
    let (id, kind, case, expected) = (fields[0], fields[1], fields[2], fields[3]);
    let got = match outcome(kind, &Case::read(case)) {
        Ok(value) => value,
        Err(fault) => {
            let short = fault.code.code.strip_prefix("feudal-ohw::").unwrap();
            assert!(
                !fault.message.is_empty(),
                "{id}: a fault says what is wrong"
            );
            short.to_string()
        }
    };
    assert_eq!(got, expected, "{id}: {case}");
    id
}

#[test]
fn every_worked_example_gives_its_number() {
    let ids: Vec<&str> = DATA
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(check)
        .collect();
    // The spec's rows (3.2: 42; 3.3: 5 savings, 10 six-hit, 3 six-hit
    // rallies; 3.4: 8 rallies, 6 morale, 5 initiative, 4 impetuous, 2
    // diced moves), some in two parts, and senlac's own beside them.
    let spec = ids
        .iter()
        .filter(|id| !id.starts_with('A') && !id.starts_with('T'));
    assert_eq!(spec.count(), 91, "{ids:?}");
    let unique: std::collections::BTreeSet<_> = ids.iter().collect();
    assert_eq!(unique.len(), ids.len(), "an id is written twice");
}

#[test]
fn every_feudal_code_is_expected_by_a_test() {
    // Feudal is not in SYSTEMS yet, so crates/engine/tests/codes.rs does
    // not see its registry: this holds it to the same rule. A code is
    // expected by a row of the data, or by the options' or setup's tests.
    let expected: Vec<&str> = DATA
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split('\t').nth(3))
        .collect();
    let options = [
        include_str!("feudal_ohw_options.rs"),
        include_str!("feudal_ohw_setup.rs"),
        include_str!("feudal_ohw_play.rs"),
    ]
    .concat();
    // Movement's cases write the short code: `("too-far", "6.2in")`.
    let movement = include_str!("feudal_ohw_movement.rs");
    for code in codes::ALL {
        let short = code.code.strip_prefix("feudal-ohw::").unwrap();
        assert!(
            expected.contains(&short)
                || options.contains(&format!("\"{}\"", code.code))
                || options.contains(&format!("(\"{short}\","))
                || options.contains(&format!("\"{short}\""))
                || movement.contains(&format!("(\"{short}\", ")),
            "no test expects {}",
            code.code
        );
    }
}

fn melee<'a>(attacker: Class, target: Class, extras: &'a [Extra]) -> Strike<'a> {
    Strike {
        attack: Attack::Melee,
        attacker,
        target,
        extras,
        cover: false,
        exposed: false,
    }
}

#[test]
fn an_explanation_shows_the_sum_in_the_rules_order() {
    // M3: knights 5 at serjeants, front.
    let m3 = melee(Class::Knights, Class::Serjeants, &[]).hits(5);
    assert_eq!(
        m3.explanation(),
        "roll 5, knights +2 = 7; halved (serjeants' armour): 7/2 rounded up = 4 hits"
    );
    // M2: knights 4 at freemen's flank: +2, then doubled.
    let m2 = Strike {
        exposed: true,
        ..melee(Class::Knights, Class::Freemen, &[])
    }
    .hits(4);
    assert_eq!(
        m2.explanation(),
        "roll 4, knights +2 = 6; doubled (flank or rear contact): 6 × 2 = 12 hits"
    );
    // S4: a 1 halved twice is still a hit.
    let s4 = Strike {
        attack: Attack::Shoot,
        cover: true,
        ..melee(Class::Bowmen, Class::Serjeants, &[])
    }
    .hits(1);
    assert_eq!(
        s4.explanation(),
        "roll 1; halved twice (terrain, serjeants' armour): 1/4 rounded up = 1 hit"
    );
    // S5: halving and doubling cancel.
    let s5 = Strike {
        attack: Attack::Shoot,
        exposed: true,
        ..melee(Class::Bowmen, Class::Serjeants, &[])
    }
    .hits(3);
    assert_eq!(
        s5.explanation(),
        "roll 3; halved (serjeants' armour) and doubled (shot from the rear arc) cancel = 3 hits"
    );
    // M6: two halvings, one cancelled by the flank.
    let m6 = Strike {
        cover: true,
        exposed: true,
        ..melee(Class::Knights, Class::Serjeants, &[])
    }
    .hits(1);
    assert_eq!(
        m6.explanation(),
        "roll 1, knights +2 = 3; halved twice (terrain, serjeants' armour), doubled (flank or rear contact), one halving cancelled: 3/2 rounded up = 2 hits"
    );
    // S8: a roll taken below zero does nothing, even on the rear.
    let s8 = Strike {
        attack: Attack::Shoot,
        exposed: true,
        ..melee(Class::Brigans, Class::Knights, &[])
    }
    .hits(1);
    assert_eq!(s8.hits, 0);
    assert_eq!(
        s8.explanation(),
        "roll 1, brigans -2 = -1: no hits, a roll taken to 0 or below does nothing (FO-R12)"
    );
    // M12: tired knights, the extras after the class.
    let m12 = melee(Class::Knights, Class::Freemen, &[Extra::TIRED]).hits(1);
    assert_eq!(m12.explanation(), "roll 1, knights +2, tired -1 = 2 hits");
    // S1: nothing to add.
    let s1 = Strike {
        attack: Attack::Shoot,
        ..melee(Class::Bowmen, Class::Freemen, &[])
    }
    .hits(4);
    assert_eq!(s1.explanation(), "roll 4: 4 hits");
    // M19: a schiltron's armour, in melee only.
    let m19 = melee(Class::Knights, Class::Schiltron, &[]).hits(4);
    assert_eq!(
        m19.explanation(),
        "roll 4, knights +2 = 6; halved (a schiltron in melee): 6/2 = 3 hits"
    );
}

#[test]
fn a_fault_becomes_a_diagnostic_at_its_text() {
    let roll = Rolled::read("d5:1").unwrap();
    let fault = Die::D5.check(&roll, 1).unwrap_err();
    assert_eq!(
        fault.message,
        "the average die (2, 3, 3, 4, 4, 5) shows 2 to 5, never 1"
    );
    let found = fault.at(senlac_notation::Span::new(10, 14));
    assert_eq!(found.code, "feudal-ohw::impossible-roll");
    assert_eq!(found.span.range(), 10..14);
    assert!(found.rule.contains("FO-R33"), "{}", found.rule);
    let wrong = Die::D6
        .check(&Rolled::read("d5:3").unwrap(), 1)
        .unwrap_err();
    assert_eq!(
        wrong.message,
        "`d5` is not the die here: this roll is of the d6, written `d6:N`"
    );
}

#[test]
fn a_roll_is_read_as_written_or_not_at_all() {
    let three = Rolled::read("3d6:1+3+5").unwrap();
    assert_eq!((three.sides, three.faces.as_slice()), (6, &[1, 3, 5][..]));
    // The count must match the faces; a roll needs its colon.
    assert_eq!(Rolled::read("2d6:1+3+5"), None);
    assert_eq!(Rolled::read("d6"), None);
    assert_eq!(Rolled::read("d6:x"), None);
}

#[test]
fn the_other_results_say_their_sums_too() {
    // V1 with saves: 5 at risk, the 4 and the 6 save.
    let v1 = Strike {
        attack: Attack::Shoot,
        ..melee(Class::Bowmen, Class::Serjeants, &[])
    };
    let saves = Rolled::read("5d6:1+4+6+2+3").unwrap();
    let saved = v1.saved(5, Some(&saves), None).unwrap();
    assert_eq!(saved.explanation(), "5 hits at risk, 2 saved on 4+: 3 hits");
    // X2 under the six-hit variant.
    let x2 = melee(Class::Knights, Class::Serjeants, &[])
        .six_hit(&[2, 4, 6])
        .unwrap();
    assert_eq!(
        x2.explanation(),
        "3 attack dice hitting on 3+: 2 successes, 1 after halving and doubling"
    );
    // R6: a priest, floored at 5.
    let r6 = rally(
        Rallier {
            hits: 9,
            ..Rallier::default()
        },
        RallyBy::Priest(4),
    )
    .unwrap();
    assert_eq!(
        r6.explanation(),
        "9 − 5 = 4, but a unit never rallies below 5 hits: 5"
    );
    let r1 = rally(
        Rallier {
            hits: 4,
            marker: true,
            ..Rallier::default()
        },
        RallyBy::Rule,
    )
    .unwrap();
    assert_eq!(r1.explanation(), "4 − 1 = 3 hits");
    // R5: the reason a unit cannot rally.
    let r5 = rally(
        Rallier {
            hits: 12,
            moved: true,
            meleed: true,
            ..Rallier::default()
        },
        RallyBy::Rule,
    )
    .unwrap_err();
    assert_eq!(
        r5.message,
        "it moved and fought in melee this turn: only a unit that did none of these rallies"
    );
    // F2: a rout.
    let f2 = Morale {
        losses: 3,
        ..Morale::default()
    }
    .roll(&[2], false)
    .unwrap();
    assert_eq!(f2.explanation(), "2 against 3 units lost: the force routs");
    // I2 and I4.
    let i2 = Initiative {
        bonus: 2,
        losses: None,
        strategos: false,
    }
    .roll(2, 4);
    assert_eq!(
        i2.explanation(),
        "holder 4 against 4: a tie, which the holder wins"
    );
    let i4 = Initiative {
        bonus: 2,
        losses: Some((2, 0)),
        strategos: false,
    }
    .roll(4, 5);
    assert_eq!(i4.explanation(), "holder 4 against 5: initiative passes");
    // C4: how far too far.
    let c4 = impetuous_hits(13.1, 10.0).unwrap_err();
    assert_eq!(
        c4.message,
        "the charge goes 13.10\", 3.10\" beyond its allowance of 10.00\": an impetuous unit goes at most 3\" further"
    );
}
