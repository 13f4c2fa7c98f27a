//! Where a figure frames its action: the box around what happened (the
//! marks, their labels and the counters that left the field), with a margin,
//! inside the map; or, for a picture with nothing marked (a deployment),
//! around the counters. `None` when that box is most of the map anyway, so
//! a crop would only cut a strip off.

use senlac_board::scene::{MarkShape, Place, Scene, Standing};

use crate::layout::{Layout, Rect};
use crate::placement::COUNTER;

/// Room kept around the action: a counter and a half.
const MARGIN: f64 = 1.5 * COUNTER;
/// A crop is at least this wide and high, so a lone skirmish keeps its
/// neighbourhood.
const LEAST: f64 = 320.0;
/// A crop that keeps more than this share of the map is not made.
const MOST_KEPT: f64 = 0.6;

/// The part of `layout.map` worth showing for `scene`, if a crop is worth
/// making.
pub fn auto(scene: &Scene, layout: &Layout) -> Option<Rect> {
    let mut points = Vec::new();
    let place = |p: Place| layout.surface.place(p);
    for mark in &scene.marks {
        match &mark.shape {
            MarkShape::Path { places, .. } => {
                points.extend(places.iter().filter_map(|&p| place(p)))
            }
            MarkShape::Link { from, to, .. } => {
                points.extend([place(*from), place(*to)].into_iter().flatten())
            }
            MarkShape::Spot { at, .. } => points.extend(place(*at)),
            // An area (a zone, a command radius) may span the map: it
            // frames nothing.
            MarkShape::Area { .. } => {}
            MarkShape::Arc { at, .. } => points.extend(place(Place::Point(*at))),
        }
    }
    let mut boxes: Vec<Rect> = crate::svg::label_boxes(scene, layout)
        .into_iter()
        .map(|label| label.rect)
        .collect();
    let placed = layout.counters(scene);
    let nothing_marked = points.is_empty() && boxes.is_empty();
    boxes.extend(
        placed
            .iter()
            .filter(|p| nothing_marked || p.counter.standing != Standing::Active)
            .map(|p| p.face),
    );
    // The counters standing where the action is.
    boxes.extend(
        placed
            .iter()
            .filter(|p| points.iter().any(|q| crate::layout::near(p.anchor, *q)))
            .map(|p| p.face),
    );
    let mut bound: Option<Rect> = None;
    let mut take = |r: Rect| {
        bound = Some(match bound {
            None => r,
            Some(b) => {
                let (x, y) = (b.x.min(r.x), b.y.min(r.y));
                let right = (b.x + b.width).max(r.x + r.width);
                let bottom = (b.y + b.height).max(r.y + r.height);
                Rect {
                    x,
                    y,
                    width: right - x,
                    height: bottom - y,
                }
            }
        });
    };
    for p in points {
        take(Rect::centred(p, 0.0, 0.0));
    }
    for r in boxes {
        take(r);
    }
    let map = layout.map;
    let b = bound?.grown(MARGIN);
    // At least LEAST each way, about the action's middle, inside the map.
    let width = b.width.max(LEAST).min(map.width);
    let height = b.height.max(LEAST).min(map.height);
    let centre = b.centre();
    let x = (centre.x - width / 2.0).clamp(map.x, map.x + map.width - width);
    let y = (centre.y - height / 2.0).clamp(map.y, map.y + map.height - height);
    let crop = Rect {
        x,
        y,
        width,
        height,
    };
    (crop.width * crop.height <= MOST_KEPT * map.width * map.height).then_some(crop)
}
