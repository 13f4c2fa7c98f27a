use senlac_board::scene::Scene;
use senlac_engine::{Config, Game};
use senlac_render::animation::{Animation, Canvas, DEFAULT_WIDTH, Format};
use std::time::Instant;

fn step(game: &dyn Game, title: &str, i: usize) -> Scene {
    let mut scene = game.scene(i, i);
    scene.title = title.to_string();
    scene.caption = format!("Turn {} step {i}", game.clock(i).turn);
    scene
}

fn main() {
    let name = std::env::args().nth(1).unwrap_or("hastings".into());
    let path = format!("{}/../../samples/{name}.sbn", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let archive = senlac_notation::parse(&text);
    let battle = &archive.battles[0];
    let game = senlac_engine::check(battle, Config::TIMELINE).unwrap();
    let game = game.as_ref();
    let steps = game.len();
    let _ =
        senlac_render::png::parse("<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>");
    for _ in 0..5 {
        let t = Instant::now();
        let scenes: Vec<Scene> = (0..steps).map(|i| step(game, "T", i)).collect();
        let t_scenes = t.elapsed();
        let canvas = Canvas::fit(scenes.iter().cloned(), DEFAULT_WIDTH).unwrap();
        let t_fit = t.elapsed();
        let mut pieces_t = std::time::Duration::ZERO;
        for s in &scenes {
            let t2 = Instant::now();
            let _ = canvas.pieces(s.clone());
            pieces_t += t2.elapsed();
        }
        let t1 = Instant::now();
        let mut out = Vec::new();
        let mut animation =
            Animation::new(&mut out, Format::Gif, canvas.clone(), steps as u32).unwrap();
        let mut first = None;
        for s in &scenes {
            animation.push(s.clone(), 1200).unwrap();
            first.get_or_insert(t1.elapsed());
        }
        animation.finish().unwrap();
        let t_anim = t1.elapsed();
        let mpx = canvas.pixels() as f64 * steps as f64 / 1e6;
        println!(
            "{name}: {steps} frames {}x{} scenes {:?} fit {:?} pieces {:?} anim {:?} (first {:?}) total {:?} => {:.0} Mpx/s, {} bytes",
            canvas.width,
            canvas.height,
            t_scenes,
            t_fit - t_scenes,
            pieces_t,
            t_anim,
            first.unwrap(),
            t_scenes + (t_fit - t_scenes) + t_anim,
            mpx / (t_fit + t_anim).as_secs_f64(),
            out.len()
        );
    }
}
