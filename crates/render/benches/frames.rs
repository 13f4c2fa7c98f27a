//! Frames per second: SVGs of a Hastings-sized scene (10×10 hexes, 16
//! counters, 6 marks) and of a table scene. Criterion reports elements/s,
//! one element a frame.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use senlac_render::svg::scene_svg;

#[path = "../tests/support/mod.rs"]
mod support;
use support::{hastings, table_scene};

fn frames(c: &mut Criterion) {
    let hastings = hastings();
    let table = table_scene();
    let mut group = c.benchmark_group("frame");
    group.throughput(Throughput::Elements(1));
    group.bench_function("svg_hastings", |b| {
        b.iter(|| scene_svg(black_box(&hastings)))
    });
    group.bench_function("svg_table", |b| b.iter(|| scene_svg(black_box(&table))));
    group.finish();
}

criterion_group!(benches, frames);
criterion_main!(benches);
