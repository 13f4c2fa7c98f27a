//! A scene: what one picture of a battle shows, in plain data.
//!
//! A rule system describes its state as a scene (the board, terrain, counters
//! and what just happened, and the overlays it offers, drawn only when shown);
//! the renderer draws any scene through the layout its board names. Nothing here is a rule: a counter's face, a mark's stroke and a
//! terrain's look are visual vocabulary that each system maps its own words to.

use kurbo::Point;
use serde::Serialize;

use crate::{Cell, Parity};

/// The surface the battle is fought on.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Board {
    Hex {
        columns: u8,
        rows: u8,
        parity: Parity,
    },
    Square {
        columns: u8,
        rows: u8,
    },
    /// An open table, measured in inches; x grows east, y grows south.
    Table {
        width: f64,
        depth: f64,
    },
}

/// Where something stands: a cell of a grid, or a point on a table (inches).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Place {
    Cell(Cell),
    Point(Point),
}

impl From<Cell> for Place {
    fn from(cell: Cell) -> Self {
        Place::Cell(cell)
    }
}

impl From<Point> for Place {
    fn from(point: Point) -> Self {
        Place::Point(point)
    }
}

/// How a piece of terrain looks. Systems map their own terrain words to these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Look {
    Woods,
    Water,
    Hill,
    /// A crest, ridge or slope edge: drawn along hexsides or lines.
    Crest,
    Rough,
    Marsh,
    Town,
    Road,
    Field,
    /// Ground no unit may enter, of no more particular look.
    Impassable,
    /// A stream or brook: drawn along hexsides or lines, water over cells.
    Stream,
    /// Ground this many steps above the lowest of the map (1 is the first
    /// step up): shaded darker step by step, as a map's layer tints.
    Height(u8),
    /// A wall or hedge on a table: a line of stones.
    Wall,
    /// A ditch on a table: a dug line with its spoil.
    Ditch,
    /// A ford: a shallow crossing drawn over the river it crosses.
    Ford,
    /// A bridge: planking drawn over the river it crosses.
    Bridge,
}

/// Where a piece of terrain lies.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "shape", rename_all = "lowercase")]
pub enum Shape {
    /// Whole cells of a grid.
    Cells {
        cells: Vec<Cell>,
    },
    /// Sides between two neighbouring cells.
    Edges {
        edges: Vec<(Cell, Cell)>,
    },
    /// A closed area on a table.
    Polygon {
        points: Vec<Point>,
    },
    Circle {
        centre: Point,
        radius: f64,
    },
    /// A road, river or hedge on a table: a line of points with a width.
    Line {
        points: Vec<Point>,
        width: f64,
    },
    /// A road or track running through whole cells of a grid: drawn as a
    /// line joining the centres of every two neighbouring cells of it.
    Track {
        cells: Vec<Cell>,
    },
}

/// One piece of terrain: its system's word (for the legend), its look and shape.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Terrain {
    pub kind: String,
    pub look: Look,
    pub shape: Shape,
}

/// The symbol in the middle of a counter, as on a military map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symbol {
    Infantry,
    Cavalry,
    Archers,
    /// A commander or leader.
    Leader,
    /// No symbol: the id alone.
    Plain,
}

/// A modifier drawn with the symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Weight {
    Light,
    Heavy,
    Skirmish,
    None,
}

/// A bar across the counter (hit points, strength), with threshold ticks.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bar {
    /// Filled part, 0.0 to 1.0.
    pub fill: f64,
    /// Fractions at which the bar is ticked (0.5 and 0.25 for morale thresholds).
    pub ticks: Vec<f64>,
}

/// What a counter shows: the system decides every word on it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Face {
    pub symbol: Symbol,
    pub weight: Weight,
    /// Small text in the corners: top left, top right, bottom left, bottom right.
    pub corners: [Option<String>; 4],
    /// Damage or hits taken, drawn as pips that read at a glance.
    pub pips: u8,
    pub bar: Option<Bar>,
    /// The factors printed along the counter's foot, as a hex-and-counter
    /// game prints them ("7-5/3"); the id then stands above them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub factors: Option<String>,
    /// Showing its back (a reduced or spent side): drawn with a pale band
    /// across it, as a game prints its counters' backs.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub flipped: bool,
    /// A marker chit laid on the counter, its word printed on it ("DISR",
    /// "ROUT"): a state a game marks with a chit of its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marker: Option<Marker>,
}

/// A marker chit on a counter: its word, on its ink's colour.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Marker {
    pub text: String,
    pub ink: Ink,
}

/// How a counter stands in this picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Standing {
    Active,
    /// Leaves the field in this very step (routed, destroyed): drawn faded and marked.
    Falling,
    /// Leaves the field in this step chasing a beaten enemy.
    Pursuing,
    /// On the field but not in play (broken, routed but still there).
    Shaken,
}

/// The size of a unit: on a table, in inches, a rectangle with its front
/// along `width`; on a square grid, in squares.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Footprint {
    pub width: f64,
    pub depth: f64,
}

/// One unit's counter.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Counter {
    /// Index into [`Scene::sides`]; its colour is [`Scene::colour`]'s.
    pub side: usize,
    /// Printed big on the counter.
    pub id: String,
    pub name: String,
    pub at: Place,
    /// Degrees clockwise from north, in systems that have facing.
    pub facing: Option<f64>,
    /// On a table: the unit's base, in inches. On a square grid: `None` for
    /// one square, else the unit's width and depth in squares, `at` being
    /// its middle square (the west or north of the two middles of an even
    /// size); the renderer draws the squares as its base and the counter
    /// in their middle, where marks to `at` meet it, and a route ending at
    /// `at` moves with it. Ignored on a hex grid.
    pub footprint: Option<Footprint>,
    pub face: Face,
    pub standing: Standing,
    /// Drawn as a smaller counter (a leader, a marker-sized piece): it
    /// shows its id and factors only, and sharing a place with a
    /// full-size counter, it stands at that counter's side.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub small: bool,
}

/// Whose colour a mark is drawn in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ink {
    Side(usize),
    Neutral,
    Danger,
}

/// A line's dash pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dash {
    Solid,
    Dashed,
    Dotted,
}

/// What ends a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Head {
    None,
    Arrow,
    /// An arrow ending in a burst at the target.
    Impact,
}

/// How a line is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Stroke {
    pub dash: Dash,
    /// 1.0 is a thin line; 2.0 normal; 3.0 bold.
    pub weight: f64,
    pub head: Head,
    /// Drawn as an arc (a missile's flight) rather than straight.
    pub curved: bool,
}

/// A symbol at a place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Glyph {
    Burst,
    Cross,
    Ring,
    Star,
    /// Survivors cut down.
    Skull,
    /// Lost a fight: two downward chevrons beside the loser.
    Beaten,
}

/// What a mark is.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "shape", rename_all = "lowercase")]
pub enum MarkShape {
    /// A route through places (a move along its cells).
    Path { places: Vec<Place>, stroke: Stroke },
    /// A link between two places (an attack, a volley, a support).
    Link {
        from: Place,
        to: Place,
        stroke: Stroke,
    },
    /// A glyph beside a place (a rout, a slaughter, a check): beside the
    /// counter standing there, never over its id; several at one place stack.
    Spot { at: Place, glyph: Glyph },
    /// An outlined area (a zone, a command radius): cells or a polygon.
    Area { places: Vec<Place> },
    /// A sector from a point (a fire arc): degrees clockwise from north, radius in inches.
    Arc {
        at: Point,
        facing: f64,
        spread: f64,
        radius: f64,
    },
}

/// Something that just happened, drawn over the board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Mark {
    pub shape: MarkShape,
    pub ink: Ink,
    /// A short text beside the mark ("6 vs 4").
    pub label: Option<String>,
}

/// What a legend entry shows as its sample.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "sample", rename_all = "lowercase")]
pub enum Sample {
    Terrain {
        look: Look,
    },
    Counter {
        symbol: Symbol,
        weight: Weight,
    },
    Line {
        stroke: Stroke,
    },
    Glyph {
        glyph: Glyph,
    },
    /// A counter's damage pips.
    Pips,
    /// A counter's bar ([`Face::bar`]), with its ticks.
    Bar,
    /// A counter's corner words ([`Face::corners`]): the label says what
    /// each corner prints.
    Corners,
    /// A counter standing so (falling, pursuing…).
    Standing {
        standing: Standing,
    },
    /// A counter showing its back ([`Face::flipped`]).
    Flipped,
    /// A marker chit with this word ([`Face::marker`]).
    Marker {
        text: String,
    },
    /// A small counter ([`Counter::small`]).
    Small,
    /// The areas an overlay draws in this ink ([`Overlay`]): shown while
    /// that overlay is drawn.
    Overlay {
        name: &'static str,
        ink: Ink,
    },
}

/// One line of the legend, filled by the system.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LegendEntry {
    pub label: String,
    pub sample: Sample,
}

/// A layer a system offers over its pictures, drawn only when asked for:
/// zones of control, command ranges. Its marks are those of the layer in
/// this picture's state; areas are drawn as a light hatch in their ink's
/// colour, outlined inside, under the counters and over the terrain, so
/// neither is hidden; other marks as they are anywhere, under the counters.
/// Labels are not drawn: the legend explains a layer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Overlay {
    /// Its name, as a printer asks for it (`senlac render --overlay zoc`):
    /// one of the names the system lists for its overlays.
    pub name: &'static str,
    pub marks: Vec<Mark>,
    /// Whether this picture draws it. A system fills every layer it offers
    /// unshown; a printer shows those asked for ([`Scene::show_overlays`]).
    pub shown: bool,
}

/// One picture.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Scene {
    /// The battle's title.
    pub title: String,
    /// The figure caption, or "Turn 3 · Normans · Movement".
    pub caption: String,
    pub sides: Vec<String>,
    pub board: Board,
    pub terrain: Vec<Terrain>,
    pub counters: Vec<Counter>,
    pub marks: Vec<Mark>,
    /// The layers the system offers for this state, drawn only when shown.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub overlays: Vec<Overlay>,
    pub legend: Vec<LegendEntry>,
}

/// The colour slot of side `side` of a battle whose sides are `sides`: its
/// rank among their names sorted case-insensitively (ties by index), so a
/// side keeps its colour in every battle of a pairing whichever is listed
/// first. A side past the names keeps its index, which no rank takes.
pub fn colour_slot(sides: &[String], side: usize) -> usize {
    let Some(name) = sides.get(side) else {
        return side;
    };
    let key = |name: &str| name.to_lowercase();
    let own = key(name);
    sides
        .iter()
        .enumerate()
        .filter(|&(i, other)| {
            let other = key(other);
            other < own || (other == own && i < side)
        })
        .count()
}

impl Scene {
    /// The colour slot of side `side`, the same in every scene of a battle
    /// (see [`colour_slot`]).
    pub fn colour(&self, side: usize) -> usize {
        colour_slot(&self.sides, side)
    }

    /// Shows the overlays named in `names` and hides every other.
    pub fn show_overlays<S: AsRef<str>>(&mut self, names: &[S]) {
        for overlay in &mut self.overlays {
            overlay.shown = names.iter().any(|n| n.as_ref() == overlay.name);
        }
    }

    /// Whether overlay `name` has a mark in `ink` in this picture, drawn
    /// or not.
    pub fn offers(&self, name: &str, ink: Ink) -> bool {
        self.overlays
            .iter()
            .any(|o| o.name == name && o.marks.iter().any(|m| m.ink == ink))
    }

    /// Whether the picture draws something `sample` stands for, so that a
    /// legend explains only what is on the page. A counter sample names a
    /// symbol, a weight or both: [`Symbol::Plain`] and [`Weight::None`] match
    /// any.
    pub fn shows(&self, sample: &Sample) -> bool {
        match sample {
            Sample::Terrain { look } => self.terrain.iter().any(|t| t.look == *look),
            Sample::Counter { symbol, weight } => self.counters.iter().any(|c| {
                (*symbol == Symbol::Plain || c.face.symbol == *symbol)
                    && (*weight == Weight::None || c.face.weight == *weight)
            }),
            Sample::Pips => self.counters.iter().any(|c| c.face.pips > 0),
            Sample::Bar => self.counters.iter().any(|c| c.face.bar.is_some()),
            Sample::Corners => self.counters.iter().any(|c| {
                c.face
                    .corners
                    .iter()
                    .any(|t| t.as_deref().is_some_and(|t| !t.is_empty()))
            }),
            Sample::Standing { standing } => self.counters.iter().any(|c| c.standing == *standing),
            Sample::Flipped => self.counters.iter().any(|c| c.face.flipped),
            Sample::Marker { text } => self
                .counters
                .iter()
                .any(|c| c.face.marker.as_ref().is_some_and(|m| &m.text == text)),
            Sample::Small => self.counters.iter().any(|c| c.small),
            Sample::Line { stroke } => self.marks.iter().any(|m| match &m.shape {
                MarkShape::Path { stroke: s, .. } | MarkShape::Link { stroke: s, .. } => {
                    s == stroke
                }
                _ => false,
            }),
            Sample::Glyph { glyph } => self
                .marks
                .iter()
                .any(|m| matches!(&m.shape, MarkShape::Spot { glyph: g, .. } if g == glyph)),
            Sample::Overlay { name, ink } => self
                .overlays
                .iter()
                .any(|o| o.shown && o.name == *name && o.marks.iter().any(|m| m.ink == *ink)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::colour_slot;

    fn names(sides: &[&str]) -> Vec<String> {
        sides.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_side_keeps_its_colour_whichever_is_listed_first() {
        let one = names(&["Saxons", "Normans"]);
        let other = names(&["Normans", "Saxons"]);
        assert_eq!(colour_slot(&one, 0), colour_slot(&other, 1));
        assert_eq!(colour_slot(&one, 1), colour_slot(&other, 0));
        assert_ne!(colour_slot(&one, 0), colour_slot(&one, 1));
        // Case does not decide the order.
        assert_eq!(colour_slot(&names(&["saxons", "Normans"]), 0), 1);
    }

    #[test]
    fn every_side_gets_a_slot_of_its_own() {
        for sides in [
            names(&["Crown", "crown", "Raiders"]),
            names(&["", "B", "A", ""]),
            names(&["Solo"]),
        ] {
            let mut slots: Vec<usize> = (0..sides.len() + 1)
                .map(|side| colour_slot(&sides, side))
                .collect();
            slots.sort_unstable();
            slots.dedup();
            assert_eq!(slots.len(), sides.len() + 1, "{sides:?}");
        }
    }
}
