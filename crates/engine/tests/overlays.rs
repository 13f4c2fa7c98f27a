//! The overlays a system offers (`System::overlays`) are the ones its
//! scenes carry: named as a command line and a CSS class take them, each
//! once, and offered unshown, so a printer draws only what it asks for.

use senlac_engine::{Config, SYSTEMS};

#[test]
fn every_system_offers_plain_names_its_scenes_carry_unshown() {
    for system in SYSTEMS {
        let offered: Vec<&str> = system.overlays().iter().map(|o| o.name).collect();
        for overlay in system.overlays() {
            assert!(
                !overlay.name.is_empty()
                    && overlay.name.starts_with(|c: char| c.is_ascii_lowercase())
                    && overlay
                        .name
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                "{}: `{}`",
                system.tag(),
                overlay.name
            );
            assert!(!overlay.summary.is_empty(), "{}", system.tag());
            assert_eq!(
                offered.iter().filter(|&&n| n == overlay.name).count(),
                1,
                "{}: `{}` twice",
                system.tag(),
                overlay.name
            );
        }
        let mut text = String::new();
        system.generate(1, 7, &mut |battle| text.push_str(battle));
        // Feudal has no generator until its play is whole: its worked
        // example stands in.
        if text.is_empty() {
            assert_eq!(system.tag(), "feudal/ohw", "a system generates nothing");
            text = include_str!("data/feudal-ohw-worked.sbn").to_string();
        }
        let archive = senlac_notation::parse(&text);
        let game = system.replay(&archive.battles[0], Config::TIMELINE);
        for index in [0, game.len() / 2, game.len().saturating_sub(1)] {
            let scene = game.scene(index, 0);
            let carried: Vec<&str> = scene.overlays.iter().map(|o| o.name).collect();
            assert_eq!(carried, offered, "{} at {index}", system.tag());
            assert!(scene.overlays.iter().all(|o| !o.shown), "{}", system.tag());
        }
    }
}

/// A figure marked among the setup lines shows the setup as deployed
/// there: the units deployed after its mark are left out, and so are the
/// overlays that hang on them. A figure after the setup draws them whole.
#[test]
fn a_setup_figure_shows_the_setup_as_deployed_at_its_mark() {
    let sample = include_str!("../../../samples/hastings-1066-st.sbn");
    let saxons = sample.find("deploy Saxons").unwrap();
    let mut text = sample[..saxons].to_string();
    text.push_str("{ [%fig normansOnly \"The Normans deployed\"] }\n");
    text.push_str(&sample[saxons..]);
    let archive = senlac_notation::parse(&text);
    let game = senlac_engine::check(&archive.battles[0], Config::TIMELINE).unwrap();
    let figure = game.figure_scene(0).unwrap();
    assert!(
        !figure.counters.iter().any(|c| c.id == "HC1"),
        "the Saxon units are deployed after the mark"
    );
    assert!(figure.counters.iter().any(|c| c.id == "BK1"));
    // Only the Normans' zone of control: no Saxon stands yet.
    assert_eq!(figure.overlays.len(), 1);
    assert_eq!(figure.overlays[0].marks.len(), 1);
    // The same state drawn whole has both sides' zones.
    let whole = game.scene(game.figures()[0].state, 0);
    assert_eq!(whole.overlays[0].marks.len(), 2);
}
