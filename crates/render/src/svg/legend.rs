//! The legend under the caption: a thin rule, each side's colour and name,
//! then the scene's own entries, each a sample and its label, where the
//! layout put them.

use senlac_board::kurbo::Point;
use senlac_board::scene::{Glyph, Ink, LegendEntry, Look, Sample, Scene, Standing};

use super::counters::{FLIPPED_BAND, marker_tag, pip_strip, scale, standing_mark, symbol_use};
use super::map::{edge_style, fill};
use super::marks::{Arrow, arrow, bend, glyph_tag};
use super::{INK, NEUTRAL, SANS, Tag};
use crate::layout::{self, Key, sample_width, side_names};

pub(super) fn draw(doc: &mut Tag, scene: &Scene, key: &Key) {
    let mut rule = super::PathData::new();
    rule.move_to(Point::new(key.left, key.rule_y))
        .line_to(Point::new(key.right, key.rule_y));
    doc.push(
        rule.path()
            .set("stroke", "#b9b29b")
            .set("stroke-width", ".8"),
    );

    let mut g = Tag::new("g")
        .set("font-family", SANS)
        .num("font-size", layout::LEGEND_SIZE)
        .set("fill", INK);
    for (i, (name, &at)) in side_names(scene).iter().zip(&key.sides).enumerate() {
        let pal = super::side_palette(scene, i);
        g.push(
            Tag::new("rect")
                .at(at)
                .set("width", "16")
                .set("height", "16")
                .set("rx", "2.5")
                .set("fill", pal.fill)
                .set("stroke", pal.dark),
        );
        g.push(
            Tag::new("text")
                .at(Point::new(at.x + layout::SWATCH + 6.0, at.y + 12.0))
                .set("font-weight", "bold")
                .text(name),
        );
    }
    for &(i, at) in &key.entries {
        if let Some(entry) = scene.legend.get(i) {
            // An overlay's entry goes with it: a page that hides the
            // overlay hides its entry by the same class.
            if let Sample::Overlay { name, .. } = entry.sample {
                let mut row = Tag::new("g").set("class", super::overlay::class(name));
                draw_entry(&mut row, scene, entry, at);
                g.push(row);
            } else {
                draw_entry(&mut g, scene, entry, at);
            }
        }
    }
    doc.push(g);
}

/// One entry: its sample starting at `at` (the row's middle), then its label.
fn draw_entry(g: &mut Tag, scene: &Scene, entry: &LegendEntry, at: Point) {
    let (x, row) = (at.x, at.y);
    let w = sample_width(&entry.sample);
    match &entry.sample {
        Sample::Counter { symbol: s, weight } => {
            g.push(symbol_use(*s, *weight, Point::new(x, row - 6.5)));
        }
        Sample::Pips => g.push(pip_strip(2, 5.5).translate(Point::new(x + w / 2.0, row))),
        // A bar two-thirds full, ticked at a half and a quarter.
        Sample::Bar => {
            g.push(
                Tag::new("rect")
                    .num("x", x)
                    .num("y", row - 2.5)
                    .num("width", w)
                    .set("height", "5")
                    .set("fill", "#fff")
                    .set("stroke", "#1b1b1b")
                    .set("stroke-width", ".6"),
            );
            g.push(
                Tag::new("rect")
                    .num("x", x)
                    .num("y", row - 2.5)
                    .num("width", w * 2.0 / 3.0)
                    .set("height", "5")
                    .set("fill", "#3e7a38"),
            );
            let mut ticks = super::PathData::new();
            for t in [0.25, 0.5] {
                ticks
                    .move_to(Point::new(x + w * t, row - 3.5))
                    .line_to(Point::new(x + w * t, row + 3.5));
            }
            g.push(
                ticks
                    .path()
                    .set("stroke", "#1b1b1b")
                    .set("stroke-width", ".8"),
            );
        }
        // A counter with a word in each corner, drawn as a white dot.
        Sample::Corners => {
            g.push(
                Tag::new("rect")
                    .num("x", x)
                    .num("y", row - 8.0)
                    .set("width", "16")
                    .set("height", "16")
                    .set("rx", "2")
                    .set("fill", NEUTRAL),
            );
            for (dx, dy) in [(3.5, -4.5), (12.5, -4.5), (3.5, 4.5), (12.5, 4.5)] {
                g.push(
                    Tag::new("circle")
                        .num("cx", x + dx)
                        .num("cy", row + dy)
                        .set("r", "1.6")
                        .set("fill", "#fff"),
                );
            }
        }
        Sample::Standing { standing } => {
            let mut sample = Tag::new("g").translate(Point::new(x + 8.0, row));
            match standing_mark(*standing) {
                // The cross is bigger than the chevrons: drawn a little smaller.
                Some(mark) => {
                    let size = if *standing == Standing::Falling {
                        0.45
                    } else {
                        0.5
                    };
                    sample = sample.add(Tag::new("g").set("transform", scale(size)).raw(mark));
                }
                // An active counter has no mark: a plain square stands for it.
                None => {
                    sample = sample.add(
                        Tag::new("rect")
                            .set("x", "-7")
                            .set("y", "-7")
                            .set("width", "14")
                            .set("height", "14")
                            .set("rx", "2")
                            .set("fill", NEUTRAL),
                    );
                }
            }
            g.push(sample);
        }
        // A counter's back: a square with the pale band along its top.
        Sample::Flipped => {
            g.push(
                Tag::new("rect")
                    .num("x", x)
                    .num("y", row - 8.0)
                    .set("width", "16")
                    .set("height", "16")
                    .set("rx", "2")
                    .set("fill", NEUTRAL),
            );
            g.push(
                Tag::new("rect")
                    .num("x", x + 1.0)
                    .num("y", row - 7.0)
                    .set("width", "14")
                    .set("height", "4")
                    .set("fill", FLIPPED_BAND),
            );
        }
        Sample::Marker { text } => {
            g.push(marker_tag(
                text,
                Ink::Neutral,
                Point::new(x, row - 6.0),
                w,
                12.0,
            ));
        }
        // A small counter: a smaller square than a full one's sample.
        Sample::Small => {
            g.push(
                Tag::new("rect")
                    .num("x", x + 3.0)
                    .num("y", row - 5.0)
                    .set("width", "10")
                    .set("height", "10")
                    .set("rx", "1.5")
                    .set("fill", NEUTRAL),
            );
        }
        // An edge look is drawn along hexsides: its sample is that line.
        Sample::Terrain {
            look: look @ (Look::Crest | Look::Stream),
        } => {
            let (colour, width) = edge_style(*look);
            let mut d = super::PathData::new();
            d.move_to(Point::new(x, row))
                .line_to(Point::new(x + w, row));
            g.push(
                d.path()
                    .set("stroke", colour)
                    .num("stroke-width", width)
                    .set("stroke-linecap", "round"),
            );
        }
        // A table's linear terrain: a short stretch of it, as drawn.
        Sample::Terrain {
            look: look @ (Look::Wall | Look::Ditch | Look::Ford | Look::Bridge),
        } => {
            super::map::draw_line(g, *look, &[Point::new(x, row), Point::new(x + w, row)], 6.0);
        }
        Sample::Terrain { look } => {
            let (edge, _) = edge_style(*look);
            g.push(
                Tag::new("rect")
                    .num("x", x)
                    .num("y", row - 8.0)
                    .set("width", "16")
                    .set("height", "16")
                    .set("fill", fill(*look))
                    .set("stroke", edge)
                    .set("stroke-width", ".8"),
            );
        }
        Sample::Line { stroke } => {
            let style = Arrow::of(stroke, NEUTRAL, true);
            // An impact's burst sits on the tip: the line stops short of the label.
            let end = if style.impact.is_some() { w - 10.0 } else { w };
            let (a, b) = (Point::new(x, row), Point::new(x + end, row));
            let curve = stroke.curved.then(|| {
                let c = bend(a, b);
                // Bend upwards whichever way the sample runs, a little less.
                Point::new(c.x, row - 12.0)
            });
            if let Some(tag) = arrow(&[a, b], curve, &style) {
                g.push(tag);
            }
        }
        Sample::Overlay { ink, .. } => {
            g.push(super::overlay::sample(
                super::slotted(scene, *ink),
                Point::new(x, row - 8.0),
                16.0,
            ));
        }
        Sample::Glyph { glyph } => {
            let mut sample = glyph_tag(*glyph, NEUTRAL);
            // The skull is sized to sit under a counter; a row needs it smaller.
            if *glyph == Glyph::Skull {
                sample = sample.set("transform", scale(0.75));
            }
            g.push(
                Tag::new("g")
                    .translate(Point::new(x + w / 2.0, row))
                    .add(sample),
            );
        }
    }
    g.push(
        Tag::new("text")
            .at(Point::new(x + w + 5.0, row + 4.0))
            .text(&entry.label),
    );
}
