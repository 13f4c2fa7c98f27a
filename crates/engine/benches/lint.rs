//! Lint throughput: parse, lower and replay every battle of a generated archive
//! of at least 100 MiB under the Mass Combat rules, as `senlac lint` does.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use senlac_engine::mass_combat::generate::generate;
use senlac_engine::mass_combat::tables::Edition;
use senlac_engine::{Config, check};
use senlac_notation::{battles, lower};

const TARGET_BYTES: usize = 100 * 1024 * 1024;

fn archive() -> String {
    let mut text = String::with_capacity(TARGET_BYTES + (1 << 20));
    let mut seed = 1066;
    while text.len() < TARGET_BYTES {
        generate(Edition::A, 500, seed, &mut text);
        text.push('\n');
        seed += 1;
    }
    text
}

/// Every problem `senlac lint` would report: syntax, lowering and rules.
fn lint(text: &str) -> (usize, usize) {
    let mut battles_seen = 0;
    let mut problems = 0;
    for (battle, _) in battles(text) {
        battles_seen += 1;
        problems += battle.errors.len() + lower::check(&battle).len();
        problems += match check(&battle, Config::default()) {
            Ok(game) => game.violations().len(),
            Err(_) => 1,
        };
    }
    (battles_seen, problems)
}

fn bench(c: &mut Criterion) {
    let text = archive();
    let (count, problems) = lint(&text);
    assert_eq!(problems, 0, "generated battles must be legal");
    eprintln!(
        "archive: {:.1} MiB, {count} battles",
        text.len() as f64 / 1048576.0
    );
    let mut group = c.benchmark_group("lint");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function("mass-combat", |b| {
        b.iter(|| black_box(lint(black_box(&text))))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
