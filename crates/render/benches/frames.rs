//! Frames per second: SVGs of a Hastings-sized scene (10×10 hexes, 16
//! counters, 6 marks) and of a table scene. Criterion reports elements/s,
//! one element a frame.
//!
//! Animations: each sample's battle as the animated GIF `senlac render
//! --gif` writes (a frame per step, 640 pixels wide), from the replayed
//! game to the file's bytes: every step's scene laid out to fit the canvas,
//! then drawn and encoded. Criterion reports elements/s, one element a
//! pixel of every frame at full size, as lichess's lila-gif is measured
//! (`../shared/anchors/lila-gif/run.sh`: 470 megapixels a second here).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use senlac_board::scene::Scene;
use senlac_engine::{Config, Game};
use senlac_render::animation::{Animation, Canvas, DEFAULT_WIDTH, Format};
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

const SAMPLES: [&str; 4] = ["hastings", "hastings-1066-st", "fulford", "harrow-ford"];

/// Step `i`'s scene, captioned with its turn, side and phase.
fn step(game: &dyn Game, title: &str, i: usize) -> Scene {
    let mut scene = game.scene(i, i);
    let clock = game.clock(i);
    scene.title = title.to_string();
    scene.caption = match (clock.turn, &clock.side, clock.phase) {
        (0, _, _) => "Setup".to_string(),
        (turn, Some(side), Some(phase)) => format!("Turn {turn} · {side} · {phase}"),
        (turn, Some(side), None) => format!("Turn {turn} · {side}"),
        (turn, None, _) => format!("Turn {turn}"),
    };
    scene
}

/// The battle's GIF, as `senlac render --gif` draws it.
fn gif(game: &dyn Game, title: &str) -> Vec<u8> {
    let steps = game.len();
    let canvas = Canvas::fit((0..steps).map(|i| step(game, title, i)), DEFAULT_WIDTH)
        .expect("a sample fits");
    let mut out = Vec::new();
    let mut animation = Animation::new(&mut out, Format::Gif, canvas, steps as u32)
        .expect("a sample is within bounds");
    for i in 0..steps {
        animation
            .push(step(game, title, i), 1200)
            .expect("a frame draws");
    }
    animation.finish().expect("every frame pushed");
    out
}

fn animations(c: &mut Criterion) {
    let mut group = c.benchmark_group("gif");
    group.sample_size(10);
    for name in SAMPLES {
        let path = format!("{}/../../samples/{name}.sbn", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("the samples are beside the crate");
        let archive = senlac_notation::parse(&text);
        let battle = &archive.battles[0];
        let title = battle.tag("Battle").unwrap_or_default().into_owned();
        let game = senlac_engine::check(battle, Config::TIMELINE).expect("a known Rules tag");
        let steps = game.len();
        let canvas = Canvas::fit(
            (0..steps).map(|i| step(game.as_ref(), &title, i)),
            DEFAULT_WIDTH,
        )
        .expect("a sample fits");
        group.throughput(Throughput::Elements(canvas.pixels() * steps as u64));
        group.bench_function(name, |b| b.iter(|| gif(game.as_ref(), black_box(&title))));
    }
    group.finish();
}

criterion_group!(benches, frames, animations);
criterion_main!(benches);
