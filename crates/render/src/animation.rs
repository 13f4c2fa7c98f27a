//! A battle as one animated image for forums: GIF, which every forum takes,
//! or APNG (full colour, where it is shown).
//!
//! Frames are drawn one at a time and encoded as they come, so memory holds
//! a few frames however long the battle. Each is drawn only where it
//! differs from the frame before ([`crate::paint`]: the board rasterised
//! once, each piece parsed once, pixel for pixel what a whole frame's
//! drawing gives). Every frame after the first stores only what changed:
//! the rectangle around the changed pixels, the unchanged ones inside it
//! transparent, laid over the frame before (GIF disposal "keep", APNG blend
//! "over"). A step moves a counter or two, so most of each picture is
//! carried forward for nothing.
//!
//! GIF frames have 256 colours: one palette for the whole animation, made
//! ahead of its frames from the first one: the flat colours the drawing
//! names (its markup's and the inks marks may bring later, exactly), and
//! for the edges' blends NeuQuant's, learnt from the first frame's other
//! colours; the last index is transparency. Each colour met is looked up
//! once. A later frame whose changed pixels hold a colour far from every
//! one of it gets a palette of its own instead, its exact colours, where
//! they are at most 255. The LZW of each frame runs on another core while
//! the next frames are drawn.
//!
//! Every frame has the same size, so a caption is kept to one line (cut with
//! an ellipsis): a second line would shift the legend under it.

use std::collections::{HashMap, VecDeque};
use std::io::Write;
use std::sync::mpsc::Receiver;

use senlac_board::scene::Scene;

use crate::layout::{self, Layout};
use crate::paint::{Change, Painter};

/// The width when none is asked for: a forum post's column, with the caption
/// still legible.
pub const DEFAULT_WIDTH: u32 = 640;

/// The most pixels one frame may have, as a PNG frame: a frame is held
/// three times over, four bytes a pixel, while the next is drawn over it
/// ([`Painter`]).
pub use crate::png::MAX_FRAME_PIXELS;

/// The most pixels an animation draws in all (steps × width × height): about
/// a minute's drawing, and far past what a forum would take (Hastings, 83
/// steps at 640 pixels wide, is 47 million).
pub const MAX_PIXELS: u64 = 1_000_000_000;

/// The GIF palette index left for "unchanged": the other 255 are colours.
const TRANSPARENT: u8 = 255;

/// NeuQuant learns from about this many of the first frame's pixels (those
/// of no ink): enough for the blends at a drawing's edges and its shades,
/// in milliseconds.
const LEARNED: usize = 30_000;

/// How many GIF frames may be compressed at once (each holds its pixels'
/// indices until written).
const IN_FLIGHT: usize = 4;

/// How far (squared, in RGB) a changed pixel's colour may be from the
/// shared palette's nearest before its frame gets a palette of its own.
const FAR: u32 = 3 * 24 * 24;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Gif,
    Apng,
}

impl Format {
    /// The file extension: an APNG is a PNG, which is what forums take.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Gif => "gif",
            Format::Apng => "png",
        }
    }
}

/// The size every frame is drawn at, in pixels, and the legend they share.
#[derive(Clone, Debug, PartialEq)]
pub struct Canvas {
    pub width: u32,
    pub height: u32,
    /// Pixels per unit of the scenes' layout.
    scale: f32,
    /// The legend entries (by index) every frame shows: each one some frame
    /// draws, so the legend holds still while the battle moves.
    legend: Vec<bool>,
}

impl Canvas {
    /// A canvas `width` pixels wide that holds every one of `scenes` as
    /// [`Animation::push`] draws it, its height in proportion to the tallest.
    /// Refused, with the numbers, past [`MAX_FRAME_PIXELS`].
    pub fn fit(scenes: impl IntoIterator<Item = Scene>, width: u32) -> Result<Canvas, String> {
        let mut legend: Vec<bool> = Vec::new();
        let mut first = None;
        for scene in scenes {
            if legend.len() < scene.legend.len() {
                legend.resize(scene.legend.len(), false);
            }
            for (shown, entry) in legend.iter_mut().zip(&scene.legend) {
                *shown |= scene.shows(&entry.sample);
            }
            first.get_or_insert(scene);
        }
        let Some(mut first) = first else {
            return Err("there are no frames to draw".to_string());
        };
        // One board, a one-line caption and one legend: every frame is the
        // first one's size.
        one_line(&mut first);
        let layout = Layout::keyed(&first, &|i| legend.get(i).copied().unwrap_or(false));
        let (w, h) = (layout.width, layout.height);
        if width == 0 {
            return Err("cannot draw 0 pixels wide".to_string());
        }
        let scale = f64::from(width) / w;
        let height = (h * scale).round().max(1.0);
        let pixels = f64::from(width) * height;
        // GIF sizes are 16-bit.
        if pixels > MAX_FRAME_PIXELS as f64 || height > f64::from(u16::MAX) {
            return Err(format!(
                "a frame {width} pixels wide would be {width}x{height} ({} megapixels); \
                 animation frames are at most {} megapixels",
                (pixels / 1e6).round(),
                MAX_FRAME_PIXELS / 1_000_000
            ));
        }
        Ok(Canvas {
            width,
            height: height as u32,
            scale: scale as f32,
            legend,
        })
    }

    /// Pixels in one frame.
    pub fn pixels(&self) -> u64 {
        u64::from(self.width) * u64::from(self.height)
    }

    /// Pixels a unit of a scene's layout.
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// `scene` as a frame of this canvas, cut into the pieces
    /// [`Painter::draw`] takes: its caption cut to one line, the canvas's
    /// legend.
    pub fn pieces(&self, mut scene: Scene) -> crate::svg::Pieces {
        one_line(&mut scene);
        let shown = |i: usize| self.legend.get(i).copied().unwrap_or(false);
        crate::svg::scene_pieces_keyed(&scene, &shown, f64::from(self.scale))
    }

    /// `scene` as a frame of this canvas drawn whole, at once, from its
    /// SVG: what every frame [`Painter`] draws is, pixel for pixel.
    pub fn draw(&self, mut scene: Scene) -> Result<resvg::tiny_skia::Pixmap, String> {
        one_line(&mut scene);
        let shown = |i: usize| self.legend.get(i).copied().unwrap_or(false);
        let svg = crate::svg::scene_svg_keyed(&scene, &shown, f64::from(self.scale));
        let tree = crate::png::parse(&svg)?;
        let mut pixmap = resvg::tiny_skia::Pixmap::new(self.width, self.height)
            .ok_or_else(|| format!("cannot draw a {}x{} image", self.width, self.height))?;
        let [r, g, b] = crate::paint::PAPER;
        pixmap.fill(resvg::tiny_skia::Color::from_rgba8(r, g, b, 255));
        resvg::render(
            &tree,
            resvg::tiny_skia::Transform::from_scale(self.scale, self.scale),
            &mut pixmap.as_mut(),
        );
        Ok(pixmap)
    }
}

/// Cuts `scene`'s caption to the one line [`Layout`] gives it, ending it
/// with an ellipsis where it was cut.
fn one_line(scene: &mut Scene) {
    let text_width = Layout::new(scene).width - 2.0 * layout::MARGIN;
    // As many characters as `wrap` puts on a line; a longer word would
    // overflow it.
    let max = (text_width / (layout::CAPTION_SIZE * 0.55)).floor() as usize;
    let words: Vec<&str> = scene.caption.split_whitespace().collect();
    let length = words.iter().map(|w| w.chars().count() + 1).sum::<usize>();
    if length.saturating_sub(1) <= max {
        return;
    }
    let mut line = String::new();
    for word in &words {
        let needed = line.chars().count() + usize::from(!line.is_empty()) + word.chars().count();
        if needed + 2 > max {
            break;
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if line.is_empty() {
        // One word longer than the line: cut inside it.
        line = words
            .first()
            .copied()
            .unwrap_or_default()
            .chars()
            .take(max.saturating_sub(1))
            .collect();
        line.push('…');
    } else {
        line.push_str(" …");
    }
    scene.caption = line;
}

/// Whether `frames` frames on `canvas` are within [`MAX_PIXELS`]; if not,
/// says so with the numbers.
pub fn check(canvas: &Canvas, frames: u32) -> Result<(), String> {
    let total = canvas.pixels().saturating_mul(u64::from(frames));
    if total > MAX_PIXELS {
        return Err(format!(
            "an animation of {frames} steps at {}x{} would draw {} megapixels; \
             senlac draws animations of up to {} megapixels",
            canvas.width,
            canvas.height,
            total / 1_000_000,
            MAX_PIXELS / 1_000_000
        ));
    }
    if frames == 0 {
        return Err("there are no frames to draw".to_string());
    }
    Ok(())
}

/// An animation being written: frames are pushed in order, each drawn and
/// encoded at once, and [`Animation::finish`] ends the file.
pub struct Animation<W: Write> {
    canvas: Canvas,
    encoder: Encoder<W>,
    /// Frames promised (APNG writes the count first) and pushed so far.
    frames: u32,
    pushed: u32,
    /// Draws each frame over the one before.
    painter: Painter,
}

enum Encoder<W: Write> {
    /// The GIF is started at the first frame, whose colours make its palette.
    Gif {
        out: Option<W>,
        started: Option<Box<(gif::Encoder<W>, Palette)>>,
        /// Frames being compressed on other threads, in order.
        pending: VecDeque<Receiver<gif::Frame<'static>>>,
    },
    Apng(png::Writer<W>),
}

impl<W: Write> Animation<W> {
    /// Starts an animation of `frames` frames on `canvas`, looping forever.
    /// Refused, with the numbers, past [`MAX_PIXELS`].
    pub fn new(out: W, format: Format, canvas: Canvas, frames: u32) -> Result<Self, String> {
        check(&canvas, frames)?;
        let painter = Painter::new(canvas.width, canvas.height, canvas.scale)?;
        let too_large = || format!("{}x{} is too large", canvas.width, canvas.height);
        let encoder = match format {
            Format::Gif => {
                u16::try_from(canvas.width).map_err(|_| too_large())?;
                u16::try_from(canvas.height).map_err(|_| too_large())?;
                Encoder::Gif {
                    out: Some(out),
                    started: None,
                    pending: VecDeque::new(),
                }
            }
            Format::Apng => {
                let mut encoder = png::Encoder::new(out, canvas.width, canvas.height);
                encoder.set_color(png::ColorType::Rgba);
                encoder.set_depth(png::BitDepth::Eight);
                encoder.set_compression(png::Compression::Balanced);
                // No end to the plays.
                encoder.set_animated(frames, 0).map_err(|e| e.to_string())?;
                Encoder::Apng(encoder.write_header().map_err(|e| e.to_string())?)
            }
        };
        Ok(Animation {
            canvas,
            encoder,
            frames,
            pushed: 0,
            painter,
        })
    }

    /// Draws `scene` (its caption cut to one line) and encodes it, shown for
    /// `delay_ms` milliseconds.
    pub fn push(&mut self, scene: Scene, delay_ms: u32) -> Result<(), String> {
        if self.pushed == self.frames {
            return Err(format!("only {} frames were promised", self.frames));
        }
        let pieces = self.canvas.pieces(scene);
        let change = self.painter.draw(&pieces)?;
        let first = self.pushed == 0;
        match &mut self.encoder {
            Encoder::Gif {
                out,
                started,
                pending,
            } => {
                if started.is_none() {
                    let Some(change) = &change else {
                        return Err("the first frame drew nothing".to_string());
                    };
                    let palette = Palette::of(&change.pixels, &inks(&pieces));
                    let out = out.take().ok_or("the GIF was started twice")?;
                    let mut encoder = gif::Encoder::new(
                        out,
                        self.canvas.width as u16,
                        self.canvas.height as u16,
                        &palette.rgb,
                    )
                    .map_err(|e| e.to_string())?;
                    encoder
                        .set_repeat(gif::Repeat::Infinite)
                        .map_err(|e| e.to_string())?;
                    *started = Some(Box::new((encoder, palette)));
                }
                let Some(started) = started.as_deref_mut() else {
                    return Err("the GIF was not started".to_string());
                };
                let (encoder, palette) = started;
                let mut frame = match &change {
                    Some(change) => palette.frame(change, first),
                    None => unchanged_gif_frame(),
                };
                frame.delay = u16::try_from(delay_ms.div_ceil(10)).unwrap_or(u16::MAX);
                frame.dispose = gif::DisposalMethod::Keep;
                // LZW on another core while the next frames are drawn; the
                // frames are written in order as they are done.
                let (done, compressed) = std::sync::mpsc::channel();
                rayon::spawn(move || {
                    frame.make_lzw_pre_encoded();
                    // The animation may be gone (an error): nothing to do.
                    let _ = done.send(frame);
                });
                pending.push_back(compressed);
                write_done(encoder, pending, IN_FLIGHT)?;
            }
            Encoder::Apng(writer) => {
                let (rect, data) = match &change {
                    Some(change) => (change.rect, change.pixels.as_flattened()),
                    None => (
                        crate::paint::Rect {
                            x: 0,
                            y: 0,
                            width: 1,
                            height: 1,
                        },
                        &[0u8; 4][..],
                    ),
                };
                let (numerator, denominator) = match u16::try_from(delay_ms) {
                    Ok(ms) => (ms, 1000),
                    Err(_) => (
                        u16::try_from(delay_ms.div_ceil(10)).unwrap_or(u16::MAX),
                        100,
                    ),
                };
                let blend = if first {
                    png::BlendOp::Source
                } else {
                    png::BlendOp::Over
                };
                (|| {
                    writer.set_frame_delay(numerator, denominator)?;
                    writer.reset_frame_position()?;
                    writer.set_frame_dimension(rect.width as u32, rect.height as u32)?;
                    writer.set_frame_position(rect.x as u32, rect.y as u32)?;
                    writer.set_blend_op(blend)?;
                    writer.set_dispose_op(png::DisposeOp::None)?;
                    writer.write_image_data(data)
                })()
                .map_err(|e| e.to_string())?;
            }
        }
        self.pushed += 1;
        Ok(())
    }

    /// Ends the file, once every frame promised is pushed.
    pub fn finish(self) -> Result<(), String> {
        if self.pushed != self.frames {
            return Err(format!(
                "{} of {} frames were drawn",
                self.pushed, self.frames
            ));
        }
        match self.encoder {
            Encoder::Gif {
                started: Some(started),
                mut pending,
                ..
            } => {
                let (mut encoder, _) = *started;
                write_done(&mut encoder, &mut pending, 0)?;
                encoder.into_inner().map(drop).map_err(|e| e.to_string())
            }
            Encoder::Gif { .. } => Err("no frame was drawn".to_string()),
            Encoder::Apng(writer) => writer.finish().map_err(|e| e.to_string()),
        }
    }
}

/// The animation's one palette, from its first frame, and the index each
/// colour met so far maps to.
struct Palette {
    /// 256 colours, RGB: 255 and the transparent index's.
    rgb: Vec<u8>,
    /// How many inks come first, exactly, before NeuQuant's colours.
    inks: u8,
    /// NeuQuant's network, where the first frame had too many colours.
    quant: Option<color_quant::NeuQuant>,
    /// Each colour met so far: its index, and whether it is far from it.
    known: HashMap<[u8; 3], (u8, bool)>,
}

impl Palette {
    /// The palette of a first frame's `pixels`, holding `inks` (the flat
    /// colours the drawing names) exactly: the exact colours of both when
    /// there are at most 255, else the inks and NeuQuant's colours for the
    /// rest, learnt from a sample of the pixels.
    fn of(pixels: &[[u8; 4]], inks: &[[u8; 3]]) -> Palette {
        let mut exact: HashMap<[u8; 3], (u8, bool)> = HashMap::new();
        let mut many = false;
        let add = |rgb: [u8; 3], exact: &mut HashMap<[u8; 3], (u8, bool)>| {
            if !exact.contains_key(&rgb) {
                if exact.len() == usize::from(TRANSPARENT) {
                    return false;
                }
                exact.insert(rgb, (exact.len() as u8, false));
            }
            true
        };
        for &ink in inks {
            many |= !add(ink, &mut exact);
        }
        let mut last = None;
        for p in pixels {
            let rgb = [p[0], p[1], p[2]];
            if last == Some(rgb) {
                continue;
            }
            last = Some(rgb);
            if !add(rgb, &mut exact) {
                many = true;
                break;
            }
        }
        let mut rgb = vec![0u8; 256 * 3];
        if !many {
            for (colour, (index, _)) in &exact {
                let at = usize::from(*index) * 3;
                rgb[at..at + 3].copy_from_slice(colour);
            }
            return Palette {
                rgb,
                inks: 0,
                quant: None,
                known: exact,
            };
        }
        // The inks first, exactly (at most half the palette), then NeuQuant's
        // colours, learnt from the frame's other pixels.
        let mut held: Vec<[u8; 3]> = Vec::new();
        for &ink in inks {
            if !held.contains(&ink) && held.len() < usize::from(TRANSPARENT) / 2 {
                held.push(ink);
            }
        }
        for (i, ink) in held.iter().enumerate() {
            rgb[i * 3..i * 3 + 3].copy_from_slice(ink);
        }
        // Every pixel of another colour, as often as it is drawn: the
        // halos and shades over terrain cover many pixels each.
        let mut samples: Vec<u8> = Vec::new();
        let mut last: Option<([u8; 3], bool)> = None;
        for p in pixels {
            let colour = [p[0], p[1], p[2]];
            let ink = match last {
                Some((seen, ink)) if seen == colour => ink,
                _ => held.contains(&colour),
            };
            last = Some((colour, ink));
            if !ink {
                samples.extend_from_slice(&[p[0], p[1], p[2], 255]);
            }
        }
        let learnt = usize::from(TRANSPARENT) - held.len();
        let samplefac = (samples.len() / 4 / LEARNED).clamp(1, 30) as i32;
        let quant = color_quant::NeuQuant::new(samplefac, learnt, &samples);
        rgb[held.len() * 3..usize::from(TRANSPARENT) * 3].copy_from_slice(&quant.color_map_rgb());
        Palette {
            rgb,
            inks: held.len() as u8,
            quant: Some(quant),
            known: HashMap::new(),
        }
    }

    /// The index of `colour`, and whether it is far from the colour there.
    fn index(&mut self, colour: [u8; 3]) -> (u8, bool) {
        if let Some(&found) = self.known.get(&colour) {
            return found;
        }
        // The nearest ink, or NeuQuant's nearest if nearer; an exact
        // palette's nearest colour.
        let (inks, learnt) = match &self.quant {
            Some(quant) => (
                self.inks,
                Some(self.inks + quant.index_of(&[colour[0], colour[1], colour[2], 255]) as u8),
            ),
            None => (TRANSPARENT, None),
        };
        let index = (0..inks)
            .chain(learnt)
            .min_by_key(|&i| self.distance(i, colour))
            .unwrap_or(0);
        let found = (index, self.distance(index, colour) > FAR);
        self.known.insert(colour, found);
        found
    }

    fn distance(&self, index: u8, colour: [u8; 3]) -> u32 {
        let at = usize::from(index) * 3;
        self.rgb[at..at + 3]
            .iter()
            .zip(colour)
            .map(|(&a, b)| (i32::from(a) - i32::from(b)).pow(2) as u32)
            .sum()
    }

    /// `change` as a GIF frame over the frame before (the first: over
    /// nothing): in the shared palette, or one of its own where a colour
    /// is far from every one of it.
    fn frame(&mut self, change: &Change, first: bool) -> gif::Frame<'static> {
        let mut buffer = Vec::with_capacity(change.pixels.len());
        let mut last: Option<([u8; 4], u8)> = None;
        let mut far = false;
        for &pixel in &change.pixels {
            let index = match last {
                Some((colour, index)) if colour == pixel => index,
                _ => {
                    let index = if pixel[3] == 0 {
                        TRANSPARENT
                    } else {
                        let (index, away) = self.index([pixel[0], pixel[1], pixel[2]]);
                        far |= away;
                        index
                    };
                    last = Some((pixel, index));
                    index
                }
            };
            buffer.push(index);
        }
        let rect = change.rect;
        let mut frame = gif::Frame {
            left: rect.x as u16,
            top: rect.y as u16,
            width: rect.width as u16,
            height: rect.height as u16,
            transparent: (!first).then_some(TRANSPARENT),
            buffer: buffer.into(),
            ..gif::Frame::default()
        };
        if far
            && !first
            && let Some((palette, buffer)) = own_palette(&change.pixels)
        {
            frame.palette = Some(palette);
            frame.buffer = buffer.into();
        }
        frame
    }
}

/// A palette of their own for a frame's changed `pixels` (those of alpha 0
/// are unchanged, transparent), with the pixels' indices: their exact
/// colours, if there are at most 255.
fn own_palette(pixels: &[[u8; 4]]) -> Option<(Vec<u8>, Vec<u8>)> {
    let mut exact: HashMap<[u8; 3], u8> = HashMap::new();
    for p in pixels.iter().filter(|p| p[3] != 0) {
        let rgb = [p[0], p[1], p[2]];
        if !exact.contains_key(&rgb) {
            if exact.len() == usize::from(TRANSPARENT) {
                return None;
            }
            exact.insert(rgb, exact.len() as u8);
        }
    }
    let mut palette = vec![0u8; 256 * 3];
    for (rgb, index) in &exact {
        let at = usize::from(*index) * 3;
        palette[at..at + 3].copy_from_slice(rgb);
    }
    let buffer = pixels
        .iter()
        .map(|p| {
            if p[3] == 0 {
                TRANSPARENT
            } else {
                exact[&[p[0], p[1], p[2]]]
            }
        })
        .collect();
    Some((palette, buffer))
}

/// Writes the compressed frames at the front of `pending` that are done,
/// waiting for them while more than `at_most` are left.
fn write_done<W: Write>(
    encoder: &mut gif::Encoder<W>,
    pending: &mut VecDeque<Receiver<gif::Frame<'static>>>,
    at_most: usize,
) -> Result<(), String> {
    while let Some(front) = pending.front() {
        let frame = if pending.len() > at_most {
            front
                .recv()
                .map_err(|_| "a frame was lost while compressed".to_string())?
        } else {
            match front.try_recv() {
                Ok(frame) => frame,
                Err(_) => break,
            }
        };
        pending.pop_front();
        encoder
            .write_lzw_pre_encoded_frame(&frame)
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The flat colours a frame's drawing names (`#rgb` and `#rrggbb` in its
/// markup) and those [`crate::svg::INKS`] marks may bring later.
fn inks(frame: &crate::svg::Pieces) -> Vec<[u8; 3]> {
    let mut inks: Vec<[u8; 3]> = Vec::new();
    let texts = std::iter::once(&frame.defs).chain(&frame.pieces);
    let named = texts.flat_map(|text| text.split('"').filter_map(crate::svg::parse_colour));
    for ink in crate::svg::INKS
        .iter()
        .filter_map(|c| crate::svg::parse_colour(c))
        .chain(named)
    {
        if !inks.contains(&ink) {
            inks.push(ink);
        }
    }
    inks
}

/// A frame that changes nothing: one transparent pixel.
fn unchanged_gif_frame() -> gif::Frame<'static> {
    gif::Frame {
        width: 1,
        height: 1,
        transparent: Some(TRANSPARENT),
        buffer: vec![TRANSPARENT].into(),
        ..gif::Frame::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scene(caption: &str) -> Scene {
        Scene {
            title: "A title".into(),
            caption: caption.into(),
            sides: vec![],
            board: senlac_board::scene::Board::Square {
                columns: 4,
                rows: 4,
            },
            terrain: vec![],
            counters: vec![],
            marks: vec![],
            overlays: vec![],
            legend: vec![],
        }
    }

    /// Three frames: the first, the same again, then a new caption.
    fn encode(format: Format) -> (Vec<u8>, Canvas) {
        let captions = ["Turn 1", "Turn 1", "Turn 2"];
        let canvas = Canvas::fit(captions.map(scene), 200).unwrap();
        let mut out = Vec::new();
        let mut animation = Animation::new(&mut out, format, canvas.clone(), 3).unwrap();
        for caption in captions {
            animation.push(scene(caption), 500).unwrap();
        }
        assert!(animation.push(scene("one too many"), 500).is_err());
        animation.finish().unwrap();
        (out, canvas)
    }

    #[test]
    fn a_frame_stores_only_what_changed() {
        let (gif, canvas) = encode(Format::Gif);
        let mut decoder = gif::DecodeOptions::new().read_info(&gif[..]).unwrap();
        assert_eq!(decoder.repeat(), gif::Repeat::Infinite);
        let mut frames = Vec::new();
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            frames.push((
                frame.left,
                frame.top,
                frame.width,
                frame.height,
                frame.delay,
            ));
        }
        let map_bottom = {
            let layout = Layout::new(&scene("Turn 1"));
            ((layout.map.y + layout.map.height) * f64::from(canvas.scale)) as u16
        };
        let (w, h) = (canvas.width as u16, canvas.height as u16);
        assert_eq!(frames[0], (0, 0, w, h, 50));
        // Nothing changed: one transparent pixel holds the delay.
        assert_eq!(frames[1], (0, 0, 1, 1, 50));
        // Only the caption changed, below the map.
        let (_, top, _, height, _) = frames[2];
        assert!(top > map_bottom && height < h / 10, "{:?}", frames[2]);

        let (apng, _) = encode(Format::Apng);
        let mut reader = png::Decoder::new(std::io::Cursor::new(apng))
            .read_info()
            .unwrap();
        assert_eq!(
            reader
                .info()
                .animation_control
                .map(|a| (a.num_frames, a.num_plays)),
            Some((3, 0))
        );
        let mut buffer = vec![0; reader.output_buffer_size().unwrap()];
        let mut sizes = Vec::new();
        for _ in 0..3 {
            reader.next_frame(&mut buffer).unwrap();
            let control = reader.info().frame_control.unwrap();
            sizes.push((control.width, control.y_offset > u32::from(map_bottom)));
        }
        assert_eq!(sizes[0], (canvas.width, false));
        assert_eq!(sizes[1], (1, false));
        assert!(sizes[2].1, "{sizes:?}");
    }

    #[test]
    fn a_long_caption_is_cut_to_one_line() {
        let mut scene = scene(&"word ".repeat(80));
        one_line(&mut scene);
        assert_eq!(Layout::new(&scene).caption.len(), 1);
        assert!(scene.caption.ends_with(" …"), "{}", scene.caption);
        let short = "Turn 1 · Saxons · Movement: I move 0101-0102";
        scene.caption = short.into();
        one_line(&mut scene);
        assert_eq!(scene.caption, short);
        scene.caption = "x".repeat(500);
        one_line(&mut scene);
        assert_eq!(Layout::new(&scene).caption.len(), 1);
        assert!(scene.caption.ends_with('…'));
        assert!(
            layout::text_width(&scene.caption, layout::CAPTION_SIZE) < Layout::new(&scene).width
        );
    }
}
