//! Parse and lint throughput, per rule system, on an archive of at least
//! 100 MiB that the system's own generator wrote. Every listed system of the
//! registry is measured, so a new system is measured as soon as it is
//! registered: in MiB/s (group `lint`) and in actions/s (group
//! `lint-actions`, actions as `senlac lint` counts them). Each group holds,
//! per system:
//!
//! - `TAG/parse`: the streaming parser with a visitor that only counts, as
//!   pgn-reader's parse benchmark does;
//! - `TAG/1-thread`: parse, lower and replay every battle, one after another;
//! - `TAG/all-threads`: the same, the battles cut apart by
//!   `senlac_notation::split` and parsed and checked on every core, as
//!   `senlac lint` does.
//!
//! `SENLAC_BENCH_MIB` sets the archive's size in MiB (100 by default), and
//! `SENLAC_BENCH_RULES` the systems, by Rules tag, comma separated (every
//! listed one by default): `SENLAC_BENCH_MIB=8 SENLAC_BENCH_RULES=tdgs/mass-combat
//! cargo bench -p senlac-engine --bench lint`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use rayon::prelude::*;
use senlac_engine::{Config, SYSTEMS, System, check};
use senlac_notation::{Battle, Counts, ItemKind, Parser, lower, split};

const DEFAULT_MIB: usize = 100;

/// Battles asked of a generator at a time: the archive overshoots its size
/// by at most this many.
const CHUNK: u32 = 50;

fn target_bytes() -> usize {
    std::env::var("SENLAC_BENCH_MIB")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .filter(|&mib| mib > 0)
        .unwrap_or(DEFAULT_MIB)
        * 1024
        * 1024
}

/// The systems to measure: the listed ones, or those `SENLAC_BENCH_RULES`
/// names.
fn systems() -> Vec<&'static dyn System> {
    let chosen = std::env::var("SENLAC_BENCH_RULES").ok();
    let chosen: Option<Vec<&str>> = chosen
        .as_deref()
        .map(|tags| tags.split(',').map(str::trim).collect());
    SYSTEMS
        .iter()
        .copied()
        .filter(|s| match &chosen {
            Some(tags) => tags.contains(&s.tag()),
            None => s.listed(),
        })
        .collect()
}

/// At least `target` bytes of the system's generated battles, a blank line
/// between two.
fn archive(system: &dyn System, target: usize) -> String {
    let mut text = String::with_capacity(target + (1 << 20));
    let mut seed = 1066;
    while text.len() < target {
        system.generate(CHUNK, seed, &mut |battle| {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(battle.trim_start_matches('\n'));
        });
        seed += 1;
    }
    text
}

/// What `senlac lint` would find: battles, actions and problems (syntax,
/// lowering and rules).
struct Linted {
    battles: usize,
    actions: usize,
    problems: usize,
}

/// What `senlac lint` finds in one battle.
fn lint_battle(battle: &Battle<'_>) -> Linted {
    let actions = battle
        .items
        .iter()
        .filter(|i| i.kind == ItemKind::Action)
        .count();
    let mut problems = battle.errors.len() + lower::check(battle).len();
    problems += match check(battle, Config::default()) {
        Ok(game) => game.violations().len(),
        Err(_) => 1,
    };
    Linted {
        battles: 1,
        actions,
        problems,
    }
}

impl Linted {
    fn add(self, other: Linted) -> Linted {
        Linted {
            battles: self.battles + other.battles,
            actions: self.actions + other.actions,
            problems: self.problems + other.problems,
        }
    }
}

const NOTHING: Linted = Linted {
    battles: 0,
    actions: 0,
    problems: 0,
};

/// Every battle, one after another, in one reused tree.
fn lint(text: &str) -> Linted {
    let mut parser = Parser::new(text);
    let mut battle = Battle::empty(text);
    let mut linted = NOTHING;
    while parser.next_tree(&mut battle).is_some() {
        linted = linted.add(lint_battle(&battle));
    }
    linted
}

/// Every battle on every core, each worker reusing one tree.
fn lint_parallel(text: &str) -> Linted {
    // Where every battle starts, as `senlac lint`'s reader finds them.
    split::starts(text, 0)
        .collect::<Vec<_>>()
        .par_iter()
        .map_init(
            || (Parser::new(text), Battle::empty(text)),
            |(parser, battle), &start| {
                parser.seek(start);
                parser.next_tree(battle);
                lint_battle(battle)
            },
        )
        .reduce(|| NOTHING, Linted::add)
}

fn bench(c: &mut Criterion) {
    let target = target_bytes();
    for system in systems() {
        let tag = system.tag();
        let text = archive(system, target);
        let linted = lint(&text);
        assert_eq!(linted.problems, 0, "generated {tag} battles must be legal");
        let parallel = lint_parallel(&text);
        assert_eq!(
            (parallel.battles, parallel.actions, parallel.problems),
            (linted.battles, linted.actions, 0),
            "{tag}: the battles split apart are the battles parsed in one pass"
        );
        assert_eq!(Counts::of(&text).errors, 0);
        eprintln!(
            "{tag}: {:.1} MiB, {} battles, {} actions",
            text.len() as f64 / 1048576.0,
            linted.battles,
            linted.actions
        );
        // The same work measured twice: per byte, then per action.
        for (group, throughput) in [
            ("lint", Throughput::Bytes(text.len() as u64)),
            ("lint-actions", Throughput::Elements(linted.actions as u64)),
        ] {
            let mut group = c.benchmark_group(group);
            group.throughput(throughput);
            // A pass takes seconds: the same number of iterations a sample.
            group.sampling_mode(SamplingMode::Flat);
            group.bench_function(format!("{tag}/parse"), |b| {
                b.iter(|| black_box(Counts::of(black_box(&text)).atoms))
            });
            group.bench_function(format!("{tag}/1-thread"), |b| {
                b.iter(|| black_box(lint(black_box(&text))))
            });
            group.bench_function(format!("{tag}/all-threads"), |b| {
                b.iter(|| black_box(lint_parallel(black_box(&text))))
            });
            group.finish();
        }
    }
}

criterion_group! {
    name = benches;
    // Defaults for a large archive; `--measurement-time` and
    // `--sample-size` on the command line override them.
    config = Criterion::default()
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    targets = bench
}
criterion_main!(benches);
