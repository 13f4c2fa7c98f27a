//! A film: the frames of one battle in one SVG. The paper, the board, its
//! terrain and the legend are drawn once; each frame is a group of `<use>`
//! references to pieces (a counter as it stands, a mark) defined once each,
//! so a replay grows by a few bytes per counter per step, not by a map per
//! step, and every id in the document is unique.
//!
//! Frame `n` is the group `id="frame-n"`; all but the first are hidden
//! (`display="none"`), and a page shows one at a time by toggling it. A
//! frame's references are written as `data-href`: a `<use href>` builds its
//! copy of the piece as soon as it is parsed, even in a hidden frame (for
//! Hastings' 1,000 that tripled the replay's load time), so the page turns
//! them into `href`s when it first shows the frame.
//!
//! Every overlay a scene carries is drawn, shown or not: each of its marks
//! (a side's zone) a piece under the frame's marks and counters, its
//! `<use>` of class `overlay-NAME` (as is its legend entry), for the page
//! to show or hide with one class on the board's container.

use std::collections::HashMap;

use senlac_board::scene::{Counter, Sample, Scene};

use super::{Tag, counters, defs, legend, map, marks, overlay};
use crate::layout::{Key, Layout, legend_entry_width, push_px};

/// A battle's frames, and the legend a page shows beside them.
pub struct Film {
    /// The board with every frame, and the definitions both documents use.
    pub board: String,
    /// The sides and every scene's legend entries, each once, in a column
    /// [`LEGEND_WIDTH`] wide, or as wide as its widest entry. It refers to the board's definitions, so it
    /// goes in the same HTML document: beside the board, a legend reads at
    /// its own size however small a tall board is scaled.
    pub legend: String,
}

/// The legend column's width in pixels, unless an entry needs more.
pub const LEGEND_WIDTH: f64 = 230.0;

/// A film that would pass its limit: how many frames were taken and the
/// bytes their pieces and references already came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    pub frames: usize,
    pub bytes: usize,
}

/// The frames of `scenes` (one battle's, on one board) as one SVG document,
/// and its legend as another. The board, sides and terrain are the first
/// scene's; titles and captions are left to the page. Scenes are taken one
/// at a time, so only their pieces are kept.
pub fn film(scenes: impl IntoIterator<Item = Scene>) -> Film {
    match film_within(scenes, usize::MAX) {
        Ok(film) => film,
        Err(_) => unreachable!("no film passes usize::MAX bytes"),
    }
}

/// [`film`], stopped as soon as the bytes its frames write (each new
/// piece and every frame's references, counted as they will be written)
/// pass `limit`, so a film too large is neither finished nor held.
pub fn film_within(
    scenes: impl IntoIterator<Item = Scene>,
    limit: usize,
) -> Result<Film, TooLarge> {
    let mut scenes = scenes.into_iter();
    let Some(first) = scenes.next() else {
        return Ok(Film {
            board: String::new(),
            legend: String::new(),
        });
    };
    // The bytes of the shared pieces and the reel so far, exactly as
    // written below.
    let mut bytes = 0usize;
    let digits = |n: usize| n.checked_ilog10().unwrap_or(0) as usize + 1;
    let mut base = Scene {
        title: String::new(),
        caption: String::new(),
        counters: Vec::new(),
        marks: Vec::new(),
        overlays: Vec::new(),
        ..first.clone()
    };
    let mut used = vec![false; base.legend.len()];
    let board = Layout::without_key(&base);

    // Each distinct piece of markup once, in order of first use.
    let mut pieces: Vec<String> = Vec::new();
    let mut known: HashMap<String, u32> = HashMap::new();
    // Each frame's pieces, an overlay's with its class.
    let mut frames: Vec<Vec<(u32, Option<String>)>> = Vec::new();
    let mut inks = Vec::new();
    for scene in std::iter::once(first).chain(scenes) {
        // One counter of each look, for the shared bodies and symbols.
        for counter in &scene.counters {
            let look = |c: &Counter| (c.side, c.face.symbol, c.face.weight);
            if !base.counters.iter().any(|c| look(c) == look(counter)) {
                base.counters.push(counter.clone());
            }
        }
        // The legend in the system's order, with what any frame showed.
        let drawn = |sample: &Sample| match sample {
            // Drawn in the film whether shown or not.
            Sample::Overlay { name, ink } => scene.offers(name, *ink),
            sample => scene.shows(sample),
        };
        for entry in scene.legend.iter().filter(|e| drawn(&e.sample)) {
            match base.legend.iter().position(|e| e == entry) {
                Some(i) => used[i] = true,
                None => {
                    base.legend.push(entry.clone());
                    used.push(true);
                }
            }
        }
        let mut piece = |markup: String| {
            let next = pieces.len() as u32;
            *known.entry(markup).or_insert_with_key(|markup| {
                // `<g id="piece-N">…</g>`
                bytes += "<g id=\"piece-\">".len() + digits(next as usize) + markup.len() + 4;
                pieces.push(markup.clone());
                next
            })
        };
        let mut frame = Vec::new();
        for layer in &scene.overlays {
            for ink in overlay::inks(&scene, [layer]) {
                if !inks.contains(&ink) {
                    inks.push(ink);
                }
            }
            for tag in overlay::parts(&scene, layer, &board) {
                frame.push((piece(tag.to_string()), Some(overlay::class(layer.name))));
            }
        }
        let mut layer = Tag::new("g");
        marks::draw_under(&mut layer, &scene, &board);
        counters::draw(&mut layer, &scene, &board);
        marks::draw_over(&mut layer, &scene, &board);
        frame.extend(layer.children_markup().map(|markup| (piece(markup), None)));
        bytes += reel_bytes(frames.len(), &frame);
        frames.push(frame);
        if bytes > limit {
            return Err(TooLarge {
                frames: frames.len(),
                bytes,
            });
        }
    }
    drop(known);
    let layout = board;

    let mut view = String::from("0 0 ");
    push_px(&mut view, layout.width);
    view.push(' ');
    push_px(&mut view, layout.height);
    let mut doc = Tag::new("svg")
        .set("xmlns", "http://www.w3.org/2000/svg")
        .set("xmlns:xlink", "http://www.w3.org/1999/xlink")
        .set("viewBox", view)
        .add(Tag::new("title").text(&base.sides.join(" – ")))
        .raw(defs())
        .raw(counters::defs(&base));
    let hatches = overlay::defs(inks);
    if !hatches.is_empty() {
        doc.push_raw(hatches);
    }
    let mut shared = String::from("<defs>");
    for (n, piece) in pieces.iter().enumerate() {
        shared.push_str("<g id=\"piece-");
        shared.push_str(&n.to_string());
        shared.push_str("\">");
        shared.push_str(piece);
        shared.push_str("</g>");
    }
    shared.push_str("</defs>");
    doc.push_raw(shared);
    doc.push(
        Tag::new("rect")
            .num("width", layout.width)
            .num("height", layout.height)
            .set("fill", "#f8f4ea"),
    );
    map::draw(&mut doc, &base, &layout);
    let mut reel = String::new();
    for (n, frame) in frames.iter().enumerate() {
        reel.push_str("<g id=\"frame-");
        reel.push_str(&n.to_string());
        reel.push_str(if n == 0 {
            "\" class=\"frame\">"
        } else {
            "\" class=\"frame\" display=\"none\">"
        });
        for (piece, class) in frame {
            reel.push_str("<use ");
            if let Some(class) = class {
                // Letters, digits, `-` and `_` only (overlay::class).
                reel.push_str("class=\"");
                reel.push_str(class);
                reel.push_str("\" ");
            }
            reel.push_str("data-href=\"#piece-");
            reel.push_str(&piece.to_string());
            reel.push_str("\"/>");
        }
        reel.push_str("</g>\n");
    }
    doc.push_raw(reel);
    let mut out = String::with_capacity(64 * 1024);
    doc.write(&mut out, true);
    out.push('\n');
    Ok(Film {
        board: out,
        legend: legend_column(&base, &used),
    })
}

/// The bytes frame `n` takes in the reel, as written there.
fn reel_bytes(n: usize, frame: &[(u32, Option<String>)]) -> usize {
    let digits = |n: usize| n.checked_ilog10().unwrap_or(0) as usize + 1;
    let open = "<g id=\"frame-".len()
        + digits(n)
        + if n == 0 {
            "\" class=\"frame\">".len()
        } else {
            "\" class=\"frame\" display=\"none\">".len()
        };
    let uses: usize = frame
        .iter()
        .map(|(piece, class)| {
            "<use ".len()
                + class.as_ref().map_or(0, |c| "class=\"\" ".len() + c.len())
                + "data-href=\"#piece-\"/>".len()
                + digits(*piece as usize)
        })
        .sum();
    open + uses + "</g>\n".len()
}

/// `scene`'s sides and the legend entries `used`, alone, [`LEGEND_WIDTH`]
/// wide or, when an entry's label is longer, as wide as that entry: a
/// label is never cut off at the column's edge.
fn legend_column(scene: &Scene, used: &[bool]) -> String {
    let shown = |i: usize| used.get(i).copied().unwrap_or(false);
    // An entry's width counts the gap before the next one (14 px).
    let widest = scene
        .legend
        .iter()
        .enumerate()
        .filter(|&(i, _)| shown(i))
        .map(|(_, e)| legend_entry_width(&e.sample, &e.label) - 14.0)
        .fold(0.0, f64::max);
    let width = LEGEND_WIDTH.max((widest + 8.0).ceil());
    let key = Key::chosen(scene, shown, 4.0, width - 4.0, 2.0);
    let height = (key.bottom + 4.0).ceil();
    let mut view = String::from("0 0 ");
    push_px(&mut view, width);
    view.push(' ');
    push_px(&mut view, height);
    let mut doc = Tag::new("svg")
        .set("xmlns", "http://www.w3.org/2000/svg")
        .set("xmlns:xlink", "http://www.w3.org/1999/xlink")
        .num("width", width)
        .num("height", height)
        .set("viewBox", view);
    legend::draw(&mut doc, scene, &key);
    let mut out = String::new();
    doc.write(&mut out, true);
    out.push('\n');
    out
}
