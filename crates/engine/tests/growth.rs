//! A printer's walk over a battle's states costs what the battle has, not
//! its square (issue 39: a Hastings report was quadratic in the actions of
//! one side's turn). Counted in bytes allocated, with dhat's heap testing
//! mode, which wants one profiler at a time: this file holds one test.

use senlac_engine::{Config, Game};
use senlac_notation::parse;

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

/// A generated Hastings battle with `lines` moves in its first movement
/// segment: one piece walking back and forth (each move after the first
/// breaks 5.1.3, and is replayed as written all the same).
fn long_phase(lines: usize) -> String {
    let system = senlac_engine::system("hastings-1066/st").expect("Hastings");
    let mut text = String::new();
    system.generate(1, 1, &mut |battle| text.push_str(battle));
    let at = text.find("  movement:\n").expect("a movement segment") + "  movement:\n".len();
    let first = &text[at..at + text[at..].find('\n').expect("a line")];
    // `    ID move A-B-C facing=F`: there and back, by the same hexes.
    let words: Vec<&str> = first.split_whitespace().collect();
    assert_eq!(words[1], "move", "{first}");
    let back: Vec<&str> = words[2].split('-').rev().collect();
    let (there, back) = (
        format!("    {} move {}\n", words[0], words[2]),
        format!("    {} move {}\n", words[0], back.join("-")),
    );
    let mut walk = String::new();
    for i in 0..lines {
        walk.push_str(if i % 2 == 0 { &back } else { &there });
    }
    let end = at + first.len() + 1;
    format!("{}{walk}{}", &text[..end], &text[end..])
}

/// Bytes allocated by `walk` over the replay of `text`.
fn bytes(text: &str, walk: impl Fn(&dyn Game)) -> u64 {
    let archive = parse(text);
    let game = senlac_engine::check(&archive.battles[0], Config::TIMELINE).expect("replayed");
    let before = dhat::HeapStats::get().total_bytes;
    walk(&*game);
    dhat::HeapStats::get().total_bytes - before
}

#[test]
fn walking_every_state_grows_with_the_battle_not_its_square() {
    let _profiler = dhat::Profiler::builder().testing().build();
    let (small, large) = (long_phase(300), long_phase(1200));
    let every_state = |game: &dyn Game| {
        for index in 0..game.len() {
            drop(game.moments(index));
        }
    };
    let chronicle = |game: &dyn Game| game.chronicle(&mut |_, moments, _| drop(moments));
    for (name, walk) in [
        ("each state rebuilt", &every_state as &dyn Fn(&dyn Game)),
        ("the chronicle", &chronicle),
    ] {
        let (n, four_n) = (bytes(&small, walk), bytes(&large, walk));
        let ratio = four_n as f64 / n as f64;
        println!("{name}: {n} bytes, then {four_n} for four times the lines ({ratio:.2}x)");
        assert!(
            ratio < 4.5,
            "{name}: {ratio:.2}x the bytes for 4x the lines"
        );
    }
    // The chronicle tells what asking each state tells.
    let archive = parse(&large);
    let game = senlac_engine::check(&archive.battles[0], Config::TIMELINE).expect("replayed");
    let mut seen = 0;
    game.chronicle(&mut |index, moments, clock| {
        assert_eq!(index, seen);
        assert_eq!(moments, game.moments(index), "state {index}");
        assert_eq!(clock(), game.clock(index), "state {index}");
        seen += 1;
    });
    assert_eq!(seen, game.len());
}
