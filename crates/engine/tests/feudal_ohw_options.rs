//! Feudal's `option` lines (spec 2.7, FO-R39, FO-R53): each read into the
//! set a battle plays by, with its value; unknown names, bad values,
//! variants without the rule they vary and incompatible pairs refused.

mod feudal_ohw_common;
use feudal_ohw_common::brief;
use senlac_engine::Violation;
use senlac_engine::feudal_ohw::hits::Die;
use senlac_engine::feudal_ohw::options::{Hardiness, OPTIONS, Opt, Options, Pursuit, lines, read};
use senlac_engine::feudal_ohw::tables::Base;
use senlac_notation::parse;

/// The options of a battle whose setup is `setup`, with the findings as
/// (code, the line it points at, message).
fn options(setup: &str) -> (Options, Vec<(String, String, String)>, Vec<Violation>) {
    let text = format!(
        "[Battle \"Options\"]\n[Site \"a test\"]\n[Date \"2026-01-01\"]\n[Rules \"feudal/ohw\"]\n[Sides \"Angevins Welsh\"]\n[Result \"*\"]\n\nmap table 36x36in\n{setup}\n"
    );
    let archive = parse(&text);
    let errors: Vec<_> = archive.all_errors().map(|e| e.code).collect();
    assert!(errors.is_empty(), "{errors:?}\n{text}");
    let (options, found) = read(&lines(&archive.battles[0]));
    let brief = brief(&text, &found);
    (options, brief, found)
}

fn codes(setup: &str) -> Vec<(String, String)> {
    options(setup)
        .1
        .into_iter()
        .map(|(code, at, _)| (code, at))
        .collect()
}

#[test]
fn a_battle_without_options_plays_the_core_rules() {
    let (read, found, _) = options("");
    assert_eq!(found, vec![]);
    assert_eq!(read.on().count(), 0);
    assert_eq!(read.die, Die::D6);
    assert_eq!(read.base, Base::DEFAULT);
    assert_eq!(read.initiative_bonus, 2);
    assert_eq!(read.pursuit, None);
}

#[test]
fn the_options_switch_on_exactly_what_they_name() {
    let setup = "option dice d6\noption base 6x3in\noption six-hit\noption personalities\n\
                 option tired-units\noption savings-rolls\noption missiles-natural-5\n\
                 option initiative 3\noption initiative-losses\noption trained-units\n\
                 option force-morale\noption force-morale-two-dice\noption force-morale-odds\n\
                 option force-morale-personality\noption rout-pursuit eliminate\n\
                 option diced-movement\noption advantages\noption alternative-troops\n\
                 option force-matrix";
    let (read, found, _) = options(setup);
    assert_eq!(found, vec![]);
    let off = [Opt::DiceRally, Opt::WellSupplied, Opt::ImpetuousCharges];
    for info in &OPTIONS {
        assert_eq!(
            read.has(info.opt),
            !off.contains(&info.opt),
            "{}",
            info.word
        );
    }
    assert_eq!(
        read.base,
        Base {
            width: 6.0,
            depth: 3.0
        }
    );
    assert_eq!(read.initiative_bonus, 3);
    assert_eq!(read.pursuit, Some(Pursuit::Eliminate));
    // The three left out, with the average die, in a battle of their own.
    let (read, found, _) = options(
        "option dice d5\noption dice-rally\noption well-supplied\noption advantages\n\
         option impetuous-charges\noption initiative\noption force-morale\n\
         option rout-pursuit attack",
    );
    assert_eq!(found, vec![]);
    assert_eq!(read.on().count(), 8);
    assert!(read.has(Opt::DiceRally) && !read.has(Opt::SixHit));
    assert_eq!(read.die, Die::D5);
    assert_eq!(read.initiative_bonus, 2);
    assert_eq!(read.pursuit, Some(Pursuit::Attack));
    assert_eq!(OPTIONS.len(), 22);
}

#[test]
fn an_unknown_option_says_which_it_nearly_names() {
    let (read, found, violations) = options("option force-moral");
    assert_eq!(
        found,
        vec![(
            "feudal-ohw::unknown-option".to_string(),
            "option force-moral".to_string(),
            "`force-moral` is no optional rule of Feudal".to_string()
        )]
    );
    assert_eq!(
        violations[0].help.as_deref(),
        Some("write `option force-morale`")
    );
    assert_eq!(read.on().count(), 0);
}

#[test]
fn a_value_must_be_one_the_option_takes() {
    for (line, message) in [
        (
            "option dice d8",
            "`option dice` takes `d6` or `d5` (the average die), not `d8`",
        ),
        (
            "option dice",
            "`option dice` takes `d6` or `d5` (the average die), not nothing",
        ),
        (
            "option initiative 4",
            "`option initiative` takes the holder's bonus, 1, 2 or 3, not `4`",
        ),
        (
            "option rout-pursuit",
            "`option rout-pursuit` takes `attack` or `eliminate`, not nothing",
        ),
        (
            "option six-hit yes",
            "`option six-hit` takes no value, not `yes`",
        ),
        (
            "option base 5x2.5",
            "`option base` takes a base size in inches, `5x2.5in`, not `5x2.5`",
        ),
    ] {
        let (read, found, _) = options(line);
        assert_eq!(
            found,
            vec![(
                "feudal-ohw::option-value".to_string(),
                line.to_string(),
                message.to_string()
            )],
            "{line}"
        );
        // A refused line switches nothing on.
        assert_eq!(read.on().count(), 0, "{line}");
    }
}

#[test]
fn a_base_is_four_to_six_inches_wide_and_half_as_deep() {
    for legal in [
        "option base 4x2in",
        "option base 6x3in",
        "option base 5x2.5in",
    ] {
        assert_eq!(codes(legal), vec![], "{legal}");
    }
    let (read, found, violations) = options("option base 7x3.5in");
    assert_eq!(
        found,
        vec![(
            "feudal-ohw::base-width".to_string(),
            "option base 7x3.5in".to_string(),
            "a base 7\" wide: bases are 4\" to 6\" wide".to_string()
        )]
    );
    assert!(
        violations[0].rule.contains("§0.5"),
        "{}",
        violations[0].rule
    );
    assert_eq!(read.base, Base::DEFAULT);
    let (_, found, _) = options("option base 5x3in");
    assert_eq!(
        found,
        vec![(
            "feudal-ohw::base-ratio".to_string(),
            "option base 5x3in".to_string(),
            "a base 5\" wide is 2.5\" deep, not 3\": its depth is half its width".to_string()
        )]
    );
}

#[test]
fn a_variant_needs_the_rule_it_varies() {
    let (_, found, violations) = options("option initiative-losses");
    assert_eq!(
        found,
        vec![(
            "feudal-ohw::option-needs".to_string(),
            "option initiative-losses".to_string(),
            "`option initiative-losses` varies `option initiative`, which this battle does not play by"
                .to_string()
        )]
    );
    assert_eq!(
        violations[0].help.as_deref(),
        Some("add `option initiative`")
    );
    assert_eq!(violations[0].rule, "feudal-ohw §IN.5");
    // Two rules varied, one missing.
    assert_eq!(
        codes("option force-morale\noption force-morale-personality"),
        vec![(
            "feudal-ohw::option-needs".to_string(),
            "option force-morale-personality".to_string()
        )]
    );
    assert_eq!(
        codes("option impetuous-charges"),
        vec![(
            "feudal-ohw::option-needs".to_string(),
            "option impetuous-charges".to_string()
        )]
    );
    for variant in [
        "force-morale-two-dice",
        "force-morale-odds",
        "rout-pursuit attack",
    ] {
        assert_eq!(codes(&format!("option {variant}")).len(), 1, "{variant}");
        assert_eq!(
            codes(&format!("option force-morale\noption {variant}")),
            vec![]
        );
    }
    // The rule may come after its variant.
    assert_eq!(
        codes("option initiative-losses\noption initiative 1"),
        vec![]
    );
}

#[test]
fn incompatible_options_name_both_and_the_ruling() {
    let (read, found, violations) =
        options("option six-hit\noption personalities\noption dice-rally");
    assert_eq!(
        found,
        vec![(
            "feudal-ohw::incompatible-options".to_string(),
            "option dice-rally".to_string(),
            "`option six-hit` and `option dice-rally` cannot be combined: both replace the rally of 4.1 (6H.4, DR)"
                .to_string()
        )]
    );
    assert!(
        violations[0].rule.contains("FO-R39"),
        "{}",
        violations[0].rule
    );
    let related = violations[0].related.as_ref().unwrap();
    assert_eq!(related.label, "the other option");
    assert!(read.has(Opt::SixHit) && read.has(Opt::DiceRally));
    assert_eq!(
        codes("option advantages\noption impetuous-charges\noption six-hit"),
        vec![(
            "feudal-ohw::incompatible-options".to_string(),
            "option six-hit".to_string()
        )]
    );
    assert_eq!(
        codes("option well-supplied\noption missiles-natural-5"),
        vec![(
            "feudal-ohw::incompatible-options".to_string(),
            "option missiles-natural-5".to_string()
        )]
    );
    let (_, found, _) = options("option trained-units\noption dice d5");
    assert_eq!(
        found,
        vec![(
            "feudal-ohw::incompatible-options".to_string(),
            "option dice d5".to_string(),
            "`option dice d5` and `option trained-units` cannot be combined: trained units are the only ones to roll the average die, everyone else the d6 (TR)"
                .to_string()
        )]
    );
    // Trained units with the d6 written out is the rule as it stands.
    assert_eq!(codes("option trained-units\noption dice d6"), vec![]);
}

#[test]
fn an_option_written_twice_keeps_one_value() {
    assert_eq!(
        codes("option dice d5\noption dice d5\noption six-hit\noption six-hit"),
        vec![]
    );
    let (read, found, _) = options("option dice d6\noption dice d5");
    assert_eq!(
        found,
        vec![(
            "feudal-ohw::option-value".to_string(),
            "option dice d5".to_string(),
            "`option dice` is written twice with two values".to_string()
        )]
    );
    assert_eq!(read.die, Die::D6);
}

#[test]
fn the_options_apply_only_when_switched_on() {
    let core = options("").0;
    // Trained units roll the average die only under `trained-units` (TR).
    assert_eq!(core.die_for(true), Die::D6);
    let trained = options("option trained-units").0;
    assert_eq!(
        (trained.die_for(true), trained.die_for(false)),
        (Die::D5, Die::D6)
    );
    assert_eq!(options("option dice d5").0.die_for(false), Die::D5);
    // Removal at 15, 18 and 12 hits; the pairs count only with advantages.
    assert_eq!(core.removed_at(Hardiness::Determined), 15);
    let advantages = options("option advantages").0;
    let removal = |o: &Options| {
        [
            Hardiness::Normal,
            Hardiness::Determined,
            Hardiness::Unenthusiastic,
        ]
        .map(|h| o.removed_at(h))
    };
    assert_eq!(removal(&advantages), [15, 18, 12]);
    // Six-hit: removed at more than 6, 7 and 5 hits.
    assert_eq!(
        removal(&options("option six-hit\noption advantages").0),
        [7, 8, 6]
    );
    // Tired past ten hits, only with `tired-units`; past four under six-hit.
    assert!(!core.tired(14));
    let tired = options("option tired-units").0;
    assert!(!tired.tired(10) && tired.tired(11));
    let six = options("option tired-units\noption six-hit").0;
    assert!(!six.tired(4) && six.tired(5));
    // Three shots; four well supplied or with extra missiles (an advantage).
    assert_eq!(core.shot_limit(false, false), Some(3));
    assert_eq!(core.shot_limit(true, false), Some(3));
    assert_eq!(advantages.shot_limit(true, false), Some(4));
    assert_eq!(
        options("option well-supplied").0.shot_limit(false, false),
        Some(4)
    );
    // A natural 5 replaces the limit, but for the three-shot disadvantage.
    let natural = options("option missiles-natural-5").0;
    assert_eq!(natural.shot_limit(false, false), None);
    assert_eq!(natural.shot_limit(false, true), Some(3));
}
