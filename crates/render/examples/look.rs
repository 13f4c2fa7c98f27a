//! Writes PNGs of a hex, a table and a square scene to look at:
//! `cargo run -p senlac-render --example look [DIR]` (default /tmp/render-look).

#[path = "../tests/support/mod.rs"]
mod support;

use senlac_render::png::frame_png;
use senlac_render::svg::scene_svg;

fn main() -> Result<(), String> {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "/tmp/render-look".into());
    std::fs::create_dir_all(&dir).map_err(|e| format!("{dir}: {e}"))?;
    let scenes = [
        ("hex", support::hastings()),
        ("table", support::table_scene()),
        ("square", support::square_scene()),
    ];
    for (name, scene) in scenes {
        let svg = scene_svg(&scene);
        let png = frame_png(&svg)?;
        let path = format!("{dir}/{name}.png");
        std::fs::write(&path, png).map_err(|e| format!("{path}: {e}"))?;
        println!("{path} ({} bytes of SVG)", svg.len());
    }
    Ok(())
}
