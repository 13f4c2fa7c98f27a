//! Frames per second: SVGs of a Hastings-sized frame (10×10 hexes, 16
//! counters, 6 marks). Criterion reports elements/s, one element a frame.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use senlac_render::svg::frame_svg;

#[path = "../tests/support/mod.rs"]
mod support;
use support::hastings;

fn frames(c: &mut Criterion) {
    let frame = hastings();
    let mut group = c.benchmark_group("frame");
    group.throughput(Throughput::Elements(1));
    group.bench_function("svg_hastings", |b| b.iter(|| frame_svg(black_box(&frame))));
    group.finish();
}

criterion_group!(benches, frames);
criterion_main!(benches);
