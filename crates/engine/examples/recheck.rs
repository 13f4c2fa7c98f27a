//! What re-checking a battle after an edit costs beside checking it whole,
//! for callgrind: `recheck FILE` replays the battle (`full_replay`), edits
//! the first action of its last turn (a comment added at the end of the
//! line), then replays the edited text whole again (`replay_edited`) and
//! resumes the first replay from the edit (`resume_edited`). Each is a
//! function of its own, so `callgrind_annotate --inclusive=yes` gives
//! each one's instructions:
//!
//! ```sh
//! cargo build --release -p senlac-engine --example recheck
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/cg target/release/examples/recheck samples/hastings.sbn
//! callgrind_annotate --inclusive=yes /tmp/cg | grep -E 'full_replay|replay_edited|resume_edited'
//! ```

use std::hint::black_box;

use senlac_engine::{Config, Game, check};
use senlac_notation::{Battle, parse};

#[path = "../benches/support/last_turn.rs"]
mod last_turn;
use last_turn::edited;

#[inline(never)]
fn full_replay(battle: &Battle<'_>) -> Box<dyn Game> {
    check(battle, Config::RESUMABLE).expect("a known Rules tag")
}

#[inline(never)]
fn replay_edited(battle: &Battle<'_>) -> Box<dyn Game> {
    check(battle, Config::RESUMABLE).expect("a known Rules tag")
}

#[inline(never)]
fn resume_edited(game: Box<dyn Game>, battle: &Battle<'_>, edit: u32) -> Box<dyn Game> {
    game.resume(battle, edit)
}

fn main() {
    let path = std::env::args().nth(1).expect("usage: recheck FILE");
    let text = std::fs::read_to_string(&path).expect("a readable file");
    let (new, edit) = edited(&text);
    let (old_archive, new_archive) = (parse(&text), parse(&new));
    let (old, changed) = (&old_archive.battles[0], &new_archive.battles[0]);
    let game = full_replay(old);
    let whole = replay_edited(changed);
    let edit = u32::try_from(edit).expect("a battle under 4 GiB");
    let resumed = resume_edited(game, changed, edit);
    assert_eq!(whole.violations().len(), resumed.violations().len());
    eprintln!(
        "{path}: edited at byte {edit}, {} states, {} findings",
        resumed.len(),
        resumed.violations().len()
    );
    black_box((whole, resumed));
}
