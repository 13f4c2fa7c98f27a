//! Rasterises an animation's frames one after another, each only where it
//! differs from the frame before, and exactly as a whole frame is drawn.
//!
//! A frame comes as [`Pieces`]: its top-level elements, drawn in order over
//! one another. resvg draws a document's elements one by one onto the
//! canvas, so drawing each piece as a document of its own, at the same
//! scale, gives the same pixels. A piece is parsed once (usvg, text shaped
//! into outlines) and kept while frames show it. The board (paper, map,
//! terrain: the pieces a frame shares with the one before from the first
//! on) is rasterised once and kept as a pixmap. For each later frame the
//! pieces that left or came (a diff of the two frames' pieces, `similar`)
//! say where it may differ: each such piece's box. Only those boxes are
//! drawn again: the board copied in, then every piece over the board that
//! touches a box, drawn whole at the frame's scale on a scratch pixmap, so
//! each pixel is painted by the same pieces, in the same order and with the
//! same arithmetic as in a whole frame; outside the boxes, no piece that
//! reaches a pixel changed, so neither did the pixel.
//!
//! Memory holds three frames (the board, the scratch and the frame shown)
//! and the parsed pieces of the frame last drawn.

use std::collections::HashMap;
use std::sync::Arc;

use rayon::prelude::*;
use resvg::tiny_skia::{Color, Pixmap, Transform};
use resvg::usvg;

use crate::svg::Pieces;

/// The colour of the paper, under anything a frame leaves undrawn.
pub const PAPER: [u8; 3] = [0xf8, 0xf4, 0xea];

/// How far past its box a piece may paint, in pixels: anti-aliasing reaches
/// a pixel beyond the outline.
const BLEED: usize = 2;

/// A rectangle of pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    pub x: usize,
    pub y: usize,
    pub width: usize,
    pub height: usize,
}

impl Rect {
    fn right(&self) -> usize {
        self.x + self.width
    }

    fn bottom(&self) -> usize {
        self.y + self.height
    }

    fn touches(&self, other: &Rect) -> bool {
        self.x < other.right()
            && other.x < self.right()
            && self.y < other.bottom()
            && other.y < self.bottom()
    }

    fn union(&self, other: &Rect) -> Rect {
        let (x, y) = (self.x.min(other.x), self.y.min(other.y));
        Rect {
            x,
            y,
            width: self.right().max(other.right()) - x,
            height: self.bottom().max(other.bottom()) - y,
        }
    }
}

/// A piece parsed, and the box it may paint, in the drawing's units
/// (left, top, right, bottom), where its origin is.
struct Piece {
    tree: usvg::Tree,
    bounds: Option<[f32; 4]>,
}

/// A piece where a frame draws it: the parsed piece, the translation its
/// markup gives it, and the pixels it may paint on the canvas.
#[derive(Clone)]
struct Placed {
    piece: Arc<Piece>,
    at: (f32, f32),
    pixels: Option<Rect>,
}

/// A piece of the frame drawn last: its markup, the markup without its
/// translation (what it was parsed as), and where it was drawn.
struct Drawn {
    markup: String,
    template: String,
    placed: Placed,
}

/// The board rasterised: the paper and the first `pieces.len()` pieces.
struct Board {
    pixmap: Pixmap,
    pieces: Vec<String>,
}

/// What a frame changed: the smallest rectangle holding every pixel that
/// differs from the frame before (all of the first frame), and its pixels
/// row by row as RGBA, those that did not change `[0; 4]` (every drawn
/// pixel is opaque). `None` when nothing changed.
pub struct Change {
    pub rect: Rect,
    pub pixels: Vec<[u8; 4]>,
}

/// Draws frames of one size and scale, each over the one before.
pub struct Painter {
    width: u32,
    height: u32,
    scale: f32,
    /// What every piece of the frames so far was drawn in.
    head: String,
    drawn: Vec<Drawn>,
    board: Option<Board>,
    scratch: Pixmap,
    /// The frame drawn last, as shown.
    shown: Pixmap,
}

impl Painter {
    /// A painter of frames `width` × `height` pixels, `scale` pixels a unit
    /// of the pieces' drawing.
    pub fn new(width: u32, height: u32, scale: f32) -> Result<Painter, String> {
        let pixmap = || {
            Pixmap::new(width, height)
                .ok_or_else(|| format!("cannot draw a {width}x{height} image"))
        };
        Ok(Painter {
            width,
            height,
            scale,
            head: String::new(),
            drawn: Vec::new(),
            board: None,
            scratch: pixmap()?,
            shown: pixmap()?,
        })
    }

    /// The frame drawn last, RGBA (opaque: premultiplied is plain).
    pub fn frame(&self) -> &[u8] {
        self.shown.data()
    }

    fn whole(&self) -> Rect {
        Rect {
            x: 0,
            y: 0,
            width: self.width as usize,
            height: self.height as usize,
        }
    }

    /// Draws `frame` over the frame before and says what changed.
    pub fn draw(&mut self, frame: &Pieces) -> Result<Option<Change>, String> {
        let first = self.board.is_none();
        if frame.head != self.head {
            // Other definitions: no piece drawn so far may be reused.
            self.head.clone_from(&frame.head);
            self.drawn.clear();
            self.board = None;
        }
        let (templates, pieces) = self.parse(frame)?;
        // The board: kept while the frame starts with its pieces, else
        // drawn again from as many of them as this frame keeps (or from
        // this frame's own board, the first time).
        let kept = self.board.as_ref().map_or(0, |board| {
            board
                .pieces
                .iter()
                .zip(&frame.pieces)
                .take_while(|(a, b)| a == b)
                .count()
        });
        let reuse = matches!(&self.board, Some(board) if kept == board.pieces.len());
        let boxes: Vec<Rect> = if reuse {
            self.changed_boxes(&frame.pieces, &pieces, kept)
        } else {
            let keep = if self.board.is_some() {
                kept
            } else {
                frame.board.min(frame.pieces.len())
            };
            let mut pixmap = self.blank()?;
            for placed in &pieces[..keep] {
                render(placed, self.scale, &mut pixmap);
            }
            self.board = Some(Board {
                pixmap,
                pieces: frame.pieces[..keep].to_vec(),
            });
            vec![self.whole()]
        };
        let board = self.board.as_ref().map(|b| (&b.pixmap, b.pieces.len()));
        let Some((board_pixmap, on_board)) = board else {
            return Err("no board was drawn".to_string());
        };
        // The board under every box, then each later piece that touches one.
        let stride = self.width as usize * 4;
        for rect in &boxes {
            copy_rect(board_pixmap.data(), self.scratch.data_mut(), stride, rect);
        }
        for placed in &pieces[on_board..] {
            if placed
                .pixels
                .is_some_and(|b| boxes.iter().any(|r| r.touches(&b)))
            {
                render(placed, self.scale, &mut self.scratch);
            }
        }
        let change = if first {
            Some(Change {
                rect: self.whole(),
                pixels: self
                    .scratch
                    .data()
                    .chunks_exact(4)
                    .map(|p| [p[0], p[1], p[2], p[3]])
                    .collect(),
            })
        } else {
            changed(self.shown.data(), self.scratch.data(), stride, &boxes)
        };
        for rect in &boxes {
            copy_rect(self.scratch.data(), self.shown.data_mut(), stride, rect);
        }
        self.drawn = frame
            .pieces
            .iter()
            .zip(templates)
            .zip(pieces)
            .map(|((markup, template), placed)| Drawn {
                markup: markup.clone(),
                template,
                placed,
            })
            .collect();
        Ok(change)
    }

    /// The paper, alone.
    fn blank(&self) -> Result<Pixmap, String> {
        let mut pixmap = Pixmap::new(self.width, self.height)
            .ok_or_else(|| format!("cannot draw a {}x{} image", self.width, self.height))?;
        let [r, g, b] = PAPER;
        pixmap.fill(Color::from_rgba8(r, g, b, 255));
        Ok(pixmap)
    }

    /// Every piece of `frame`, placed, with the markup each was parsed as:
    /// those the frame before drew (anywhere) as they were, the others
    /// parsed (in parallel: the first frame parses them all).
    fn parse(&self, frame: &Pieces) -> Result<(Vec<String>, Vec<Placed>), String> {
        // Those the frame before drew in the same places, first: as they were.
        let same = self
            .drawn
            .iter()
            .zip(&frame.pieces)
            .take_while(|(drawn, markup)| drawn.markup == **markup)
            .count();
        let known: HashMap<&str, &Arc<Piece>> = self.drawn[same..]
            .iter()
            .map(|d| (d.template.as_str(), &d.placed.piece))
            .collect();
        let mut templates = Vec::with_capacity(frame.pieces.len());
        let mut found = Vec::with_capacity(frame.pieces.len());
        for (i, markup) in frame.pieces.iter().enumerate() {
            if i < same {
                let drawn = &self.drawn[i];
                templates.push(drawn.template.clone());
                found.push((Some(Arc::clone(&drawn.placed.piece)), drawn.placed.at));
                continue;
            }
            let (template, at) = template(markup);
            found.push((known.get(template.as_str()).map(|&p| Arc::clone(p)), at));
            templates.push(template);
        }
        let missing: Vec<usize> = (0..found.len()).filter(|&i| found[i].0.is_none()).collect();
        let parse = |&i: &usize| parse_piece(frame, &templates[i]).map(|p| (i, Arc::new(p)));
        // Waking other threads costs more than a few pieces take.
        let parsed: Vec<(usize, Arc<Piece>)> = if missing.len() > 4 {
            missing
                .par_iter()
                .map(parse)
                .collect::<Result<_, String>>()?
        } else {
            missing.iter().map(parse).collect::<Result<_, String>>()?
        };
        for (i, piece) in parsed {
            found[i].0 = Some(piece);
        }
        let (scale, width, height) = (self.scale, self.width, self.height);
        let placed = found
            .into_iter()
            .map(|(piece, at)| {
                let piece = piece.ok_or("a piece was not parsed")?;
                let pixels = piece
                    .bounds
                    .and_then(|b| pixels(b, at, scale, width, height));
                Ok(Placed { piece, at, pixels })
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok((templates, placed))
    }

    /// The boxes where the frame of `pieces` (parsed `parsed`) may differ
    /// from the frame drawn last: those of the pieces past the first `kept`
    /// (the board) that left or came.
    fn changed_boxes(&self, pieces: &[String], parsed: &[Placed], kept: usize) -> Vec<Rect> {
        let before = &self.drawn[kept.min(self.drawn.len())..];
        let old: Vec<&str> = before.iter().map(|d| d.markup.as_str()).collect();
        let new: Vec<&str> = pieces[kept..].iter().map(String::as_str).collect();
        let mut boxes: Vec<Rect> = Vec::new();
        for op in similar::capture_diff_slices(similar::Algorithm::Myers, &old, &new) {
            let (tag, gone, came) = op.as_tag_tuple();
            if tag == similar::DiffTag::Equal {
                continue;
            }
            let gone = gone.filter_map(|i| before[i].placed.pixels);
            let came = came.filter_map(|i| parsed[kept + i].pixels);
            for bounds in gone.chain(came) {
                add_box(&mut boxes, bounds);
            }
        }
        boxes
    }
}

/// Adds `rect` to `boxes`, merged with any it overlaps, so no pixel is in two.
fn add_box(boxes: &mut Vec<Rect>, mut rect: Rect) {
    while let Some(i) = boxes.iter().position(|b| b.touches(&rect)) {
        rect = rect.union(&boxes.swap_remove(i));
    }
    boxes.push(rect);
}

/// Draws `placed` at `scale`: a translated piece as the whole frame draws
/// its group, the translation after the scale.
fn render(placed: &Placed, scale: f32, pixmap: &mut Pixmap) {
    let mut transform = Transform::from_scale(scale, scale);
    if placed.at != (0.0, 0.0) {
        transform = transform.pre_translate(placed.at.0, placed.at.1);
    }
    resvg::render(&placed.piece.tree, transform, &mut pixmap.as_mut());
}

/// `markup` without a leading `transform="translate(X Y)"` of its group,
/// and that translation (none: `(0, 0)`), read as usvg reads it (a double,
/// then a float).
fn template(markup: &str) -> (String, (f32, f32)) {
    const START: &str = "<g transform=\"translate(";
    let parsed = markup.strip_prefix(START).and_then(|rest| {
        let (numbers, rest) = rest.split_once(")\"")?;
        let (x, y) = numbers.split_once(' ')?;
        let x = x.parse::<f64>().ok()? as f32;
        let y = y.parse::<f64>().ok()? as f32;
        Some((format!("<g{rest}"), (x, y)))
    });
    parsed.unwrap_or_else(|| (markup.to_string(), (0.0, 0.0)))
}

/// `markup` as a document of its own, parsed, with the box it may paint.
fn parse_piece(frame: &Pieces, markup: &str) -> Result<Piece, String> {
    let tree = crate::png::parse(&frame.document(markup))?;
    let root = tree.root();
    let bounds = root.has_children().then(|| {
        let b = root.abs_layer_bounding_box();
        [b.left(), b.top(), b.right(), b.bottom()]
    });
    Ok(Piece { tree, bounds })
}

/// The pixels a piece of box `bounds` may paint, translated by `at`, on a
/// `width` × `height` canvas at `scale`.
fn pixels(bounds: [f32; 4], at: (f32, f32), scale: f32, width: u32, height: u32) -> Option<Rect> {
    let [left, top, right, bottom] = bounds;
    let bleed = BLEED as f32;
    let (w, h) = (width as f32, height as f32);
    let left = (((left + at.0) * scale).floor() - bleed).clamp(0.0, w);
    let top = (((top + at.1) * scale).floor() - bleed).clamp(0.0, h);
    let right = (((right + at.0) * scale).ceil() + bleed).clamp(0.0, w);
    let bottom = (((bottom + at.1) * scale).ceil() + bleed).clamp(0.0, h);
    (right > left && bottom > top).then_some(Rect {
        x: left as usize,
        y: top as usize,
        width: (right - left) as usize,
        height: (bottom - top) as usize,
    })
}

/// Copies `rect` of one RGBA image `stride` bytes a row into another.
fn copy_rect(from: &[u8], to: &mut [u8], stride: usize, rect: &Rect) {
    let (start, end) = (rect.x * 4, rect.right() * 4);
    for y in rect.y..rect.bottom() {
        let row = y * stride;
        to[row + start..row + end].copy_from_slice(&from[row + start..row + end]);
    }
}

/// What changed from `before` to `after` inside `boxes`, which do not
/// overlap (outside them nothing did, and `after` is not the frame).
fn changed(before: &[u8], after: &[u8], stride: usize, boxes: &[Rect]) -> Option<Change> {
    let mut found: Option<Rect> = None;
    for rect in boxes {
        let (start, end) = (rect.x * 4, rect.right() * 4);
        for y in rect.y..rect.bottom() {
            let row = y * stride;
            let (a, b) = (
                &before[row + start..row + end],
                &after[row + start..row + end],
            );
            if a == b {
                continue;
            }
            let pixels = || a.chunks_exact(4).zip(b.chunks_exact(4));
            let first = pixels().position(|(p, q)| p != q).unwrap_or(0);
            let last = pixels().rposition(|(p, q)| p != q).unwrap_or(first);
            let here = Rect {
                x: rect.x + first,
                y,
                width: last + 1 - first,
                height: 1,
            };
            found = Some(found.map_or(here, |f| f.union(&here)));
        }
    }
    let rect = found?;
    let mut pixels = vec![[0; 4]; rect.width * rect.height];
    for b in boxes {
        let (left, right) = (b.x.max(rect.x), b.right().min(rect.right()));
        let (top, bottom) = (b.y.max(rect.y), b.bottom().min(rect.bottom()));
        for y in top..bottom {
            for x in left..right {
                let at = y * stride + x * 4;
                let (p, q) = (&before[at..at + 4], &after[at..at + 4]);
                if p != q {
                    pixels[(y - rect.y) * rect.width + (x - rect.x)] = [q[0], q[1], q[2], q[3]];
                }
            }
        }
    }
    Some(Change { rect, pixels })
}
