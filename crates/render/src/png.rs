//! Rasterises a frame's SVG with resvg: pure Rust, no system libraries.
//!
//! Fonts come from the system once per process; with none installed, text
//! is left out rather than failing.

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::Pixmap;
use resvg::usvg::{self, fontdb};

/// The system's fonts, loaded on first use.
fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    Arc::clone(FONTS.get_or_init(|| {
        let mut db = fontdb::Database::new();
        db.load_system_fonts();
        // Generic families the SVG falls back to, pointed at fonts that are
        // common on Linux; where they are missing, fontdb's own fallback applies.
        db.set_sans_serif_family("DejaVu Sans");
        db.set_serif_family("DejaVu Serif");
        Arc::new(db)
    }))
}

/// Parses `svg` as usvg does for rendering (system fonts loaded).
pub fn parse(svg: &str) -> Result<usvg::Tree, String> {
    let options = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(svg, &options).map_err(|e| format!("invalid SVG: {e}"))
}

/// Draws `svg` at its own size, one pixel per user unit.
pub fn frame_pixmap(svg: &str) -> Result<Pixmap, String> {
    frame_pixmap_scaled(svg, 1.0)
}

/// Draws `svg` `scale` times its own size (2 for high-density screens).
pub fn frame_pixmap_scaled(svg: &str, scale: f32) -> Result<Pixmap, String> {
    if !(scale.is_finite() && scale > 0.0) {
        return Err(format!("cannot draw at scale {scale}"));
    }
    let tree = parse(svg)?;
    let size = tree
        .size()
        .to_int_size()
        .scale_by(scale)
        .ok_or_else(|| format!("cannot draw at scale {scale}"))?;
    let mut pixmap = Pixmap::new(size.width(), size.height())
        .ok_or_else(|| format!("cannot draw a {}x{} image", size.width(), size.height()))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// Draws `svg` `width` pixels wide, its height in proportion.
pub fn frame_pixmap_width(svg: &str, width: u32) -> Result<Pixmap, String> {
    let tree = parse(svg)?;
    let size = tree.size();
    if width == 0 || size.width() <= 0.0 {
        return Err(format!("cannot draw {width} pixels wide"));
    }
    let scale = width as f32 / size.width();
    let height = (size.height() * scale).round().max(1.0) as u32;
    let mut pixmap = Pixmap::new(width, height)
        .ok_or_else(|| format!("cannot draw a {width}x{height} image"))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// Draws `svg` `width` pixels wide (its own size when `None`) and encodes
/// it as PNG.
pub fn frame_png_width(svg: &str, width: Option<u32>) -> Result<Vec<u8>, String> {
    match width {
        Some(width) => frame_pixmap_width(svg, width)?,
        None => frame_pixmap(svg)?,
    }
    .encode_png()
    .map_err(|e| format!("cannot encode PNG: {e}"))
}

/// Draws `svg` and encodes it as PNG.
pub fn frame_png(svg: &str) -> Result<Vec<u8>, String> {
    frame_pixmap(svg)?
        .encode_png()
        .map_err(|e| format!("cannot encode PNG: {e}"))
}
