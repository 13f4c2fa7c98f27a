//! The painter draws each frame of an animation only where it changed, yet
//! every frame is, pixel for pixel, the whole frame's drawing: on steps of
//! every sample battle, one after another as an animation draws them.

use senlac_board::scene::Scene;
use senlac_engine::{Config, Game};
use senlac_render::animation::{Canvas, DEFAULT_WIDTH};
use senlac_render::paint::Painter;

const SAMPLES: [&str; 4] = ["hastings", "hastings-1066-st", "fulford", "harrow-ford"];

fn step(game: &dyn Game, i: usize) -> Scene {
    let mut scene = game.scene(i, i);
    scene.title = "A battle".into();
    scene.caption = format!("Step {i}");
    scene
}

/// Checks the first `first` steps of each sample, then every `every`th.
fn frames_match(first: usize, every: usize) {
    for name in SAMPLES {
        let path = format!("{}/../../samples/{name}.sbn", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let archive = senlac_notation::parse(&text);
        let game = senlac_engine::check(&archive.battles[0], Config::TIMELINE).unwrap();
        let game = game.as_ref();
        let canvas = Canvas::fit((0..game.len()).map(|i| step(game, i)), DEFAULT_WIDTH).unwrap();
        let mut painter = Painter::new(canvas.width, canvas.height, canvas.scale()).unwrap();
        let steps = (0..game.len()).filter(|&i| i < first || i % every == 0 || i + 1 == game.len());
        for i in steps {
            painter.draw(&canvas.pieces(step(game, i))).unwrap();
            let whole = canvas.draw(step(game, i)).unwrap();
            let differ = painter
                .frame()
                .chunks_exact(4)
                .zip(whole.data().chunks_exact(4))
                .filter(|(a, b)| a != b)
                .count();
            assert_eq!(differ, 0, "{name}, step {i}: {differ} pixels differ");
        }
    }
}

#[test]
fn every_frame_is_the_whole_frames_drawing() {
    frames_match(8, 9);
}
