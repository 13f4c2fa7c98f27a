//! A battle as one animated image for forums: GIF, which every forum takes,
//! or APNG (full colour, where it is shown).
//!
//! Frames are drawn one at a time (SVG, then resvg) and encoded as they come,
//! so memory holds two frames however long the battle. Every frame after the
//! first stores only what changed: the rectangle around the changed pixels,
//! the unchanged ones inside it transparent, laid over the frame before (GIF
//! disposal "keep", APNG blend "over"). A step moves a counter or two, so
//! most of each picture is carried forward for nothing.
//!
//! GIF frames have 256 colours: each frame's changed pixels get a palette of
//! their own, exact when they have at most 255 colours, else NeuQuant's; the
//! last index is transparency.
//!
//! Every frame has the same size, so a caption is kept to one line (cut with
//! an ellipsis): a second line would shift the legend under it.

use std::collections::HashMap;
use std::io::Write;

use resvg::tiny_skia::{Color, Pixmap, Transform};
use senlac_board::scene::Scene;

use crate::layout::{self, Layout};

/// The width when none is asked for: a forum post's column, with the caption
/// still legible.
pub const DEFAULT_WIDTH: u32 = 640;

/// The most pixels one frame may have, as a PNG frame: each frame is held
/// twice, four bytes a pixel, while the next is compared with it.
pub use crate::png::MAX_FRAME_PIXELS;

/// The most pixels an animation draws in all (steps × width × height): about
/// a minute's drawing, and far past what a forum would take (Hastings, 83
/// steps at 640 pixels wide, is 47 million).
pub const MAX_PIXELS: u64 = 1_000_000_000;

/// The colour of the paper, under anything a frame leaves undrawn.
const PAPER: [u8; 3] = [0xf8, 0xf4, 0xea];

/// The GIF palette index left for "unchanged": the other 255 are colours.
const TRANSPARENT: u8 = 255;

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
    /// Where each frame is drawn.
    pixmap: Pixmap,
    /// The frame before, as drawn: what the next is compared with.
    previous: Option<Vec<u8>>,
}

enum Encoder<W: Write> {
    Gif(gif::Encoder<W>),
    Apng(png::Writer<W>),
}

impl<W: Write> Animation<W> {
    /// Starts an animation of `frames` frames on `canvas`, looping forever.
    /// Refused, with the numbers, past [`MAX_PIXELS`].
    pub fn new(out: W, format: Format, canvas: Canvas, frames: u32) -> Result<Self, String> {
        check(&canvas, frames)?;
        let pixmap = Pixmap::new(canvas.width, canvas.height)
            .ok_or_else(|| format!("cannot draw a {}x{} image", canvas.width, canvas.height))?;
        let too_large = || format!("{}x{} is too large", canvas.width, canvas.height);
        let encoder = match format {
            Format::Gif => {
                let width = u16::try_from(canvas.width).map_err(|_| too_large())?;
                let height = u16::try_from(canvas.height).map_err(|_| too_large())?;
                let mut encoder =
                    gif::Encoder::new(out, width, height, &[]).map_err(|e| e.to_string())?;
                encoder
                    .set_repeat(gif::Repeat::Infinite)
                    .map_err(|e| e.to_string())?;
                Encoder::Gif(encoder)
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
            pixmap,
            previous: None,
        })
    }

    /// Draws `scene` (its caption cut to one line) and encodes it, shown for
    /// `delay_ms` milliseconds.
    pub fn push(&mut self, mut scene: Scene, delay_ms: u32) -> Result<(), String> {
        if self.pushed == self.frames {
            return Err(format!("only {} frames were promised", self.frames));
        }
        one_line(&mut scene);
        let legend = &self.canvas.legend;
        let shown = |i: usize| legend.get(i).copied().unwrap_or(false);
        let tree = crate::png::parse(&crate::svg::scene_svg_keyed(&scene, &shown))?;
        let [r, g, b] = PAPER;
        self.pixmap.fill(Color::from_rgba8(r, g, b, 255));
        let scale = self.canvas.scale;
        resvg::render(
            &tree,
            Transform::from_scale(scale, scale),
            &mut self.pixmap.as_mut(),
        );
        // Drawn over opaque paper, every pixel is opaque: tiny-skia's
        // premultiplied RGBA is plain RGBA.
        let current = self.pixmap.data();
        let width = self.canvas.width as usize;
        let rect = match &self.previous {
            None => Some(Rect {
                x: 0,
                y: 0,
                width,
                height: self.canvas.height as usize,
            }),
            Some(previous) => changed(previous, current, width),
        };
        let previous = self.previous.as_deref();
        match &mut self.encoder {
            Encoder::Gif(encoder) => {
                let mut frame = match rect {
                    Some(rect) => gif_frame(current, previous, width, rect),
                    None => unchanged_gif_frame(),
                };
                frame.delay = u16::try_from(delay_ms.div_ceil(10)).unwrap_or(u16::MAX);
                frame.dispose = gif::DisposalMethod::Keep;
                encoder.write_frame(&frame).map_err(|e| e.to_string())?;
            }
            Encoder::Apng(writer) => {
                let rect = rect.unwrap_or(Rect {
                    x: 0,
                    y: 0,
                    width: 1,
                    height: 1,
                });
                let data = apng_frame(current, previous, width, rect);
                let (numerator, denominator) = match u16::try_from(delay_ms) {
                    Ok(ms) => (ms, 1000),
                    Err(_) => (
                        u16::try_from(delay_ms.div_ceil(10)).unwrap_or(u16::MAX),
                        100,
                    ),
                };
                let blend = if previous.is_some() {
                    png::BlendOp::Over
                } else {
                    png::BlendOp::Source
                };
                (|| {
                    writer.set_frame_delay(numerator, denominator)?;
                    writer.reset_frame_position()?;
                    writer.set_frame_dimension(rect.width as u32, rect.height as u32)?;
                    writer.set_frame_position(rect.x as u32, rect.y as u32)?;
                    writer.set_blend_op(blend)?;
                    writer.set_dispose_op(png::DisposeOp::None)?;
                    writer.write_image_data(&data)
                })()
                .map_err(|e| e.to_string())?;
            }
        }
        match &mut self.previous {
            Some(previous) => previous.copy_from_slice(current),
            None => self.previous = Some(current.to_vec()),
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
            Encoder::Gif(encoder) => encoder.into_inner().map(drop).map_err(|e| e.to_string()),
            Encoder::Apng(writer) => writer.finish().map_err(|e| e.to_string()),
        }
    }
}

/// A rectangle of pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rect {
    x: usize,
    y: usize,
    width: usize,
    height: usize,
}

/// The smallest rectangle holding every pixel that differs between two RGBA
/// frames `width` pixels wide; `None` if they are the same.
fn changed(previous: &[u8], current: &[u8], width: usize) -> Option<Rect> {
    let stride = width * 4;
    let rows = || {
        previous
            .chunks_exact(stride)
            .zip(current.chunks_exact(stride))
    };
    let top = rows().position(|(a, b)| a != b)?;
    let bottom = rows().rposition(|(a, b)| a != b)?;
    let (mut left, mut right) = (width, 0);
    for (a, b) in rows().skip(top).take(bottom + 1 - top) {
        let pixels = || a.chunks_exact(4).zip(b.chunks_exact(4));
        if let Some(first) = pixels().position(|(p, q)| p != q) {
            left = left.min(first);
            right = right.max(pixels().rposition(|(p, q)| p != q).unwrap_or(first));
        }
    }
    Some(Rect {
        x: left,
        y: top,
        width: right + 1 - left,
        height: bottom + 1 - top,
    })
}

/// The pixels of `rect` in `current`, each with whether it differs from
/// `previous` (every one does when there is none).
fn region<'a>(
    current: &'a [u8],
    previous: Option<&'a [u8]>,
    width: usize,
    rect: Rect,
) -> impl Iterator<Item = ([u8; 4], bool)> + 'a {
    (rect.y..rect.y + rect.height).flat_map(move |y| {
        (rect.x..rect.x + rect.width).map(move |x| {
            let at = (y * width + x) * 4;
            let pixel: [u8; 4] = current[at..at + 4].try_into().unwrap_or_default();
            let new = previous.is_none_or(|p| p[at..at + 4] != pixel);
            (pixel, new)
        })
    })
}

/// A frame that changes nothing: one transparent pixel.
fn unchanged_gif_frame() -> gif::Frame<'static> {
    gif::Frame {
        width: 1,
        height: 1,
        palette: Some(vec![0; 6]),
        transparent: Some(1),
        buffer: vec![1].into(),
        ..gif::Frame::default()
    }
}

/// `rect` of `current` as a GIF frame: its changed pixels in a palette of
/// their own, the others transparent.
fn gif_frame(
    current: &[u8],
    previous: Option<&[u8]>,
    width: usize,
    rect: Rect,
) -> gif::Frame<'static> {
    // The exact colours while there are few enough, else NeuQuant's.
    let mut exact: HashMap<[u8; 3], u8> = HashMap::new();
    let mut overflow = false;
    for (pixel, new) in region(current, previous, width, rect) {
        let rgb = [pixel[0], pixel[1], pixel[2]];
        if new && !exact.contains_key(&rgb) {
            if exact.len() == usize::from(TRANSPARENT) {
                overflow = true;
                break;
            }
            exact.insert(rgb, exact.len() as u8);
        }
    }
    let mut palette = vec![0u8; 256 * 3];
    let buffer: Vec<u8> = if overflow {
        let samples: Vec<u8> = region(current, previous, width, rect)
            .filter(|(_, new)| *new)
            .flat_map(|(pixel, _)| pixel)
            .collect();
        // Every pixel sampled: the first, whole frame's palette colours the
        // map until each part of it changes.
        let samplefac = 1;
        let quant = color_quant::NeuQuant::new(samplefac, usize::from(TRANSPARENT), &samples);
        palette[..usize::from(TRANSPARENT) * 3].copy_from_slice(&quant.color_map_rgb());
        // Runs of one colour are long in a drawing: look each run up once.
        let mut last: Option<([u8; 4], u8)> = None;
        region(current, previous, width, rect)
            .map(|(pixel, new)| {
                if !new {
                    return TRANSPARENT;
                }
                match last {
                    Some((colour, index)) if colour == pixel => index,
                    _ => {
                        let index = quant.index_of(&pixel) as u8;
                        last = Some((pixel, index));
                        index
                    }
                }
            })
            .collect()
    } else {
        for (rgb, index) in &exact {
            let at = usize::from(*index) * 3;
            palette[at..at + 3].copy_from_slice(rgb);
        }
        region(current, previous, width, rect)
            .map(|(pixel, new)| {
                if new {
                    exact[&[pixel[0], pixel[1], pixel[2]]]
                } else {
                    TRANSPARENT
                }
            })
            .collect()
    };
    gif::Frame {
        left: rect.x as u16,
        top: rect.y as u16,
        width: rect.width as u16,
        height: rect.height as u16,
        palette: Some(palette),
        transparent: previous.map(|_| TRANSPARENT),
        buffer: buffer.into(),
        ..gif::Frame::default()
    }
}

/// `rect` of `current` as APNG frame data (RGBA): changed pixels as they
/// are, the others transparent.
fn apng_frame(current: &[u8], previous: Option<&[u8]>, width: usize, rect: Rect) -> Vec<u8> {
    region(current, previous, width, rect)
        .flat_map(|(pixel, new)| if new { pixel } else { [0; 4] })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_changed_rectangle_is_the_smallest_that_holds_every_change() {
        let (w, h) = (5, 4);
        let before = vec![7u8; w * h * 4];
        assert_eq!(changed(&before, &before, w), None);
        let mut after = before.clone();
        for (x, y) in [(1, 1), (3, 2)] {
            after[(y * w + x) * 4 + 2] = 9;
        }
        assert_eq!(
            changed(&before, &after, w),
            Some(Rect {
                x: 1,
                y: 1,
                width: 3,
                height: 2
            })
        );
    }

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
