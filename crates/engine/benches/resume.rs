//! Re-checking a battle after an edit in its last turn, against checking it
//! whole, on every sample: what an editor waits for after a keystroke.
//! `SAMPLE/whole` replays the edited text from the setup; `SAMPLE/resumed`
//! resumes the replay of the text before the edit (made outside the
//! measurement) from the last point the edit leaves standing.
//! `cargo run --release -p senlac-engine --example recheck FILE` counts the
//! same under callgrind.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use senlac_engine::{Config, check};
use senlac_notation::parse;

mod support {
    pub mod last_turn;
}
use support::last_turn::edited;

const SAMPLES: [&str; 4] = ["hastings", "fulford", "harrow-ford", "hastings-1066-st"];

fn resume(c: &mut Criterion) {
    let mut group = c.benchmark_group("recheck");
    for name in SAMPLES {
        let path = format!("{}/../../samples/{name}.sbn", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("the samples are beside the crate");
        let (new, edit) = edited(&text);
        let edit = u32::try_from(edit).expect("a sample under 4 GiB");
        let (old_archive, new_archive) = (parse(&text), parse(&new));
        let (old, changed) = (&old_archive.battles[0], &new_archive.battles[0]);
        // Both hand their game back, so criterion drops both alike.
        group.bench_function(format!("{name}/whole"), |b| {
            b.iter_batched(
                || (),
                |()| black_box(check(changed, Config::RESUMABLE).expect("a known Rules tag")),
                BatchSize::SmallInput,
            )
        });
        group.bench_function(format!("{name}/resumed"), |b| {
            b.iter_batched(
                || check(old, Config::RESUMABLE).expect("a known Rules tag"),
                |game| black_box(game.resume(changed, edit)),
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, resume);
criterion_main!(benches);
