//! A replay resumed after an edit equals a full replay of the edited text:
//! the same findings, the same states at every step of the main line and
//! of every variation, the same labels, figures and steps' lines. Edits
//! are made to random lines of the samples and of generated battles of
//! every system: a line deleted, doubled, swapped with the next, or a
//! digit changed.

use proptest::prelude::*;
use proptest::sample::Index;
use senlac_engine::{Config, Game, SYSTEMS, check};
use senlac_notation::parse;

// Only its case counts are wanted here.
#[allow(dead_code)]
mod robust_common;
use robust_common::cases;

fn sample(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/../../samples/{name}.sbn",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// Everything a printer can ask of a game, as text to compare.
fn observed(game: &dyn Game) -> Vec<String> {
    let mut seen: Vec<String> = game.violations().iter().map(|v| format!("{v:?}")).collect();
    seen.push(format!("labels {:?}", game.labels()));
    seen.push(format!("figures {:?}", game.figures()));
    seen.push(format!("branches {:?}", game.branches()));
    let mut lines: Vec<&dyn Game> = vec![game];
    let branches: Vec<_> = (0..game.branches().len())
        .filter_map(|b| game.branch(b))
        .collect();
    lines.extend(branches.iter().map(|b| b.as_ref()));
    for (line, game) in lines.iter().enumerate() {
        for i in 0..game.len() {
            seen.push(format!(
                "{line}/{i} {:?} {:?} {:?} {:?}",
                game.step_source(i),
                game.view(i),
                game.clock(i),
                game.wire(i)
            ));
        }
    }
    seen
}

/// The first byte where `old` and `new` differ.
fn first_difference(old: &str, new: &str) -> u32 {
    let same = old
        .bytes()
        .zip(new.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    u32::try_from(same).unwrap()
}

/// Replays `old`, resumes it with `new`, and compares with `new` replayed
/// whole; then resumes again with `old`, the edit undone.
fn resumes_as_replayed(old: &str, new: &str) -> Result<(), TestCaseError> {
    let (old_archive, new_archive) = (parse(old), parse(new));
    let (Some(before), Some(after)) = (old_archive.battles.first(), new_archive.battles.first())
    else {
        return Ok(());
    };
    let Ok(game) = check(before, Config::RESUMABLE) else {
        return Ok(());
    };
    let edit = first_difference(old, new);
    let resumed = game.resume(after, edit);
    let whole = check(after, Config::RESUMABLE).unwrap();
    prop_assert_eq!(observed(resumed.as_ref()), observed(whole.as_ref()));
    let undone = resumed.resume(before, edit);
    let again = check(before, Config::RESUMABLE).unwrap();
    prop_assert_eq!(observed(undone.as_ref()), observed(again.as_ref()));
    Ok(())
}

/// `text` with line `at` of its movetext changed by `kind`.
fn edited(text: &str, at: Index, kind: u8) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    // The movetext starts at the first turn header.
    let first = lines
        .iter()
        .position(|l| {
            l.split_whitespace()
                .next()
                .is_some_and(|w| w.ends_with('.') && w[..w.len() - 1].parse::<u32>().is_ok())
        })
        .unwrap_or(0);
    if first >= lines.len() {
        return text.to_string();
    }
    let i = first + at.index(lines.len() - first);
    match kind % 4 {
        0 => {
            lines.remove(i);
        }
        1 => {
            let line = lines[i].clone();
            lines.insert(i, line);
        }
        2 if i + 1 < lines.len() => lines.swap(i, i + 1),
        _ => {
            let line = &lines[i];
            lines[i] = match line.find(|c: char| c.is_ascii_digit()) {
                Some(d) => {
                    let digit = line.as_bytes()[d] - b'0';
                    let other = char::from(b'0' + (digit + 1) % 10);
                    format!("{}{other}{}", &line[..d], &line[d + 1..])
                }
                None => format!("{line} hold"),
            };
        }
    }
    lines.join("\n") + "\n"
}

fn one_battle(system: usize, seed: u64) -> String {
    let mut text = String::new();
    SYSTEMS[system].generate(1, seed, &mut |battle| text.push_str(battle));
    text
}

proptest! {
    #![proptest_config(cases(24))]

    #[test]
    fn a_generated_battle_resumes_after_an_edit(
        seed in 0u64..1000,
        at in any::<Index>(),
        kind in 0u8..4,
    ) {
        for system in 0..SYSTEMS.len() {
            let old = one_battle(system, seed);
            let new = edited(&old, at, kind);
            resumes_as_replayed(&old, &new)?;
        }
    }

    #[test]
    fn a_sample_resumes_after_an_edit(at in any::<Index>(), kind in 0u8..4) {
        for name in ["hastings", "fulford", "harrow-ford", "hastings-1066-st"] {
            let old = sample(name);
            resumes_as_replayed(&old, &edited(&old, at, kind))?;
        }
    }
}

/// A variation added and then nested: its states resume as the text
/// replays them.
#[test]
fn a_battle_with_variations_resumes_after_an_edit_in_one() {
    let old = sample("hastings").replacen(
        "    III+IV+V+VI+VII hold\n\n; Left",
        "    III+IV+V+VI+VII hold\n    (\n      III advance 0507-0506\n      IV advance 0607-0606\n    )\n\n; Left",
        1,
    );
    let new = old.replacen(
        "      IV advance 0607-0606\n",
        "      IV advance 0607-0606\n      ( V advance 0707-0706 )\n",
        1,
    );
    assert_ne!(old, new);
    resumes_as_replayed(&old, &new).unwrap();
    let game = check(&parse(&new).battles[0], Config::RESUMABLE).unwrap();
    assert_eq!(
        game.branches().len(),
        2,
        "the variation and the one inside it"
    );
    assert_eq!(game.branches()[1].parent, Some(0));
}

/// An edit in the last turn resumes from the last action before it: the
/// resumed replay plays only the steps after that action.
#[test]
fn an_edit_in_the_last_turn_resumes_near_it() {
    use senlac_engine::hastings_1066::Hastings1066;
    use senlac_engine::replay::replay;
    let old = sample("hastings-1066-st");
    let archive = parse(&old);
    let rules = Hastings1066;
    let full = replay(&rules, &archive.battles[0], Config::RESUMABLE);
    assert!(full.resume_points() > 20, "{}", full.resume_points());
    assert_eq!(full.resumed_from, None);
    // A comment after the last line of the text.
    let new = format!("{}\n; an edit\n", old.trim_end());
    let edit = first_difference(&old, &new);
    let edited = parse(&new);
    let resumed = full.resume(&rules, &edited.battles[0], edit);
    let from = resumed.resumed_from.expect("resumed, not replayed whole");
    // It goes on from the end of the last action, which ends the text.
    assert_eq!(from as usize, old.trim_end().len());
}
