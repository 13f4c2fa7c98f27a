//! Hastings: 1066 as a picture, the way a magazine's replay prints it: the
//! map sheet with its heights tinted and outlined, woods and marsh, the
//! road, ridge and stream hexsides; every counter with its printed factors
//! and a facing arrow at the vertex it faces; and the marks of what just
//! happened.
//!
//! A combat unit's counter prints its factors as the game does (spec 4.1,
//! `MELEE-DEFENCE/MA-MORALE-SHIELDWALL`): melee-defence/movement along its
//! foot, the morale letter top left, the shield-wall strength top right,
//! the missile letter top right where no shield wall is, else bottom right. A reduced unit shows its back (a pale
//! band), a disrupted or routed one carries its marker chit ("DISR",
//! "ROUT"). Leaders are small counters (command radius-rally range) beside
//! the unit they stack with, on their back when ineffective. Pieces off the
//! map (not yet arrived, eliminated, killed) are not drawn.
//!
//! Marks: a move's path from where it started (a charge bold, a rout
//! dashed red, a pursuit dotted, a leader's thin); fire as a curved link
//! from each firer, labelled with the odds column, the die and the result;
//! melee as a link from each attacker to each defender, labelled with the
//! differential, the die and the result; a burst where a unit routed; a
//! roll's glyph beside the piece (a ring when it held, a chevron when it
//! did not) with the check, die and result.
//!
//! Overlay `zoc` (drawn when asked for): each side's zones of control, the
//! hexes beyond the frontal hexsides of its combat units in good order
//! (5.7; disrupted and routed units and leaders exert none, 9.2.2.2,
//! 9.2.3.5), as the movement rules count them ([`ground::controlled`]), one
//! area a side in its colour.

use std::collections::HashMap;

use senlac_board::Cell;
use senlac_board::scene::{
    Board, Counter, Dash, Face, Glyph, Head, Ink, LegendEntry, Look, Mark, MarkShape, Marker,
    Overlay, Place, Sample, Scene, Shape, Standing as Drawn, Stroke, Symbol,
    Terrain as SceneTerrain, Weight,
};

use crate::system::OverlayInfo;

use super::event::{Check, Event};
use super::ground;
use super::state::{
    Factors, LeaderStanding, Owed, Piece, PieceInfo, PieceState, Ratings, Standing, State,
};
use super::tables::{self, Class, FireResult, Hexside, Side, Terrain, Weapon};

/// The zones of control, as `senlac render --overlay zoc` asks for them.
pub const ZOC: &str = "zoc";

/// The overlays the scenes carry.
pub const OVERLAYS: &[OverlayInfo] = &[OverlayInfo {
    name: ZOC,
    summary: "each side's zones of control: the hexes beyond the frontal hexsides of its units in good order (5.7)",
}];

const MOVE: Stroke = Stroke {
    dash: Dash::Solid,
    weight: 2.0,
    head: Head::Arrow,
    curved: false,
};
const CHARGE: Stroke = Stroke {
    dash: Dash::Solid,
    weight: 3.0,
    head: Head::Arrow,
    curved: false,
};
const ROUT: Stroke = Stroke {
    dash: Dash::Dashed,
    weight: 2.0,
    head: Head::Arrow,
    curved: false,
};
const PURSUIT: Stroke = Stroke {
    dash: Dash::Dotted,
    weight: 2.5,
    head: Head::Arrow,
    curved: false,
};
/// A leader's move or escape: thinner than a unit's.
const LEADER_MOVE: Stroke = Stroke {
    dash: Dash::Solid,
    weight: 1.0,
    head: Head::Arrow,
    curved: false,
};
const FIRE_HIT: Stroke = Stroke {
    dash: Dash::Dashed,
    weight: 2.0,
    head: Head::Impact,
    curved: true,
};
const FIRE_MISS: Stroke = Stroke {
    dash: Dash::Dashed,
    weight: 1.5,
    head: Head::Arrow,
    curved: true,
};
const MELEE: Stroke = Stroke {
    dash: Dash::Solid,
    weight: 2.5,
    head: Head::Impact,
    curved: false,
};

const HELD: Glyph = Glyph::Ring;
// Not a cross: a falling counter is crossed out.
const FAILED: Glyph = Glyph::Beaten;
/// A unit eliminated in these events.
const ELIMINATED: Glyph = Glyph::Cross;

/// The marker chits of 9.2.2 and 9.2.3.
const DISRUPTED: &str = "DISR";
const ROUTED: &str = "ROUT";

/// The symbol a class is drawn with.
const fn symbol(class: Class) -> (Symbol, Weight) {
    match class {
        Class::Knights => (Symbol::Cavalry, Weight::None),
        Class::Guard => (Symbol::Cavalry, Weight::Heavy),
        Class::Housecarls => (Symbol::Infantry, Weight::Heavy),
        Class::Foot | Class::Thegns => (Symbol::Infantry, Weight::None),
        Class::Fyrd => (Symbol::Infantry, Weight::Light),
        Class::Bowmen => (Symbol::Archers, Weight::None),
        Class::Slingers => (Symbol::Archers, Weight::Skirmish),
    }
}

/// A missile weapon's letter on a counter.
const fn weapon_letter(weapon: Weapon) -> &'static str {
    match weapon {
        Weapon::Bow => "B",
        Weapon::Javelin => "J",
        Weapon::Sling => "S",
    }
}

/// `7-5/3`: melee, defence and movement allowance, as printed (spec 4.1).
fn factor_line(class: Class, factors: &Factors) -> String {
    format!(
        "{}-{}/{}",
        factors.melee,
        factors.defense,
        tables::printed_allowance(class.kind())
    )
}

/// `4-1`: a leader's command radius and rally range, a wound taken off
/// (footnote 1).
fn rating_line(ratings: &Ratings, state: &PieceState) -> String {
    let wound = u32::from(state.wounded_once);
    format!(
        "{}-{}",
        ratings.command.saturating_sub(wound),
        ratings.rally.saturating_sub(wound)
    )
}

/// A piece's counter, if it is on the map.
fn counter(info: &PieceInfo, piece: &PieceState) -> Option<Counter> {
    let at = Place::Cell(piece.at?);
    let (face, small) = match (&info.piece, info.class) {
        (Piece::Unit(factors), Some(class)) => {
            let (symbol, weight) = symbol(class);
            let marker = match piece.standing {
                Standing::Disrupted => Some(Marker {
                    text: DISRUPTED.to_string(),
                    ink: Ink::Neutral,
                }),
                Standing::Routed => Some(Marker {
                    text: ROUTED.to_string(),
                    ink: Ink::Danger,
                }),
                Standing::Good | Standing::Eliminated => None,
            };
            // The missile letter top right where no shield wall is printed.
            let wall = factors.wall.map(|w| w.to_string());
            let missile = factors.missile.map(|w| weapon_letter(w).to_string());
            let face = Face {
                symbol,
                weight,
                corners: [
                    Some(factors.grade.letter().to_string()),
                    wall.clone().or_else(|| missile.clone()),
                    None,
                    wall.and(missile),
                ],
                pips: 0,
                bar: None,
                factors: Some(factor_line(class, factors)),
                flipped: piece.reduced,
                marker,
            };
            (face, false)
        }
        (Piece::Leader(ratings), _) => {
            let face = Face {
                symbol: Symbol::Leader,
                weight: Weight::None,
                corners: [None, None, None, None],
                pips: 0,
                bar: None,
                factors: Some(rating_line(ratings, piece)),
                // The ineffective side (10.4.3).
                flipped: matches!(
                    piece.leader,
                    LeaderStanding::Wounded | LeaderStanding::Shaken
                ),
                marker: None,
            };
            (face, true)
        }
        (Piece::Unit(_), None) => return None,
    };
    Some(Counter {
        side: info.side as usize,
        id: info.id.to_string(),
        name: info.name.to_string(),
        at,
        facing: piece.facing.map(|v| f64::from(v.degrees())),
        footprint: None,
        face,
        standing: Drawn::Active,
        small,
    })
}

/// The end of `piece`, eliminated where `at` last put it: a cross beside
/// the hex it fell in.
fn eliminated(state: &State, at: &HashMap<usize, Cell>, piece: usize) -> Option<Mark> {
    let cell = *at.get(&piece)?;
    let id = &state.info(piece)?.id;
    Some(Mark {
        shape: MarkShape::Spot {
            at: Place::Cell(cell),
            glyph: ELIMINATED,
        },
        ink: Ink::Danger,
        label: Some(format!("{id} eliminated")),
    })
}

/// What the events ahead of each one hold, found in one pass over them:
/// asking it of each move by a scan of the events after it made a frame
/// of many moves quadratic.
struct Ahead {
    /// Each piece's last charge among the events.
    last_charge: HashMap<usize, usize>,
    /// Each piece's last step lost or change of standing.
    last_blow: HashMap<usize, usize>,
}

impl Ahead {
    fn of(events: &[Event]) -> Ahead {
        let mut ahead = Ahead {
            last_charge: HashMap::new(),
            last_blow: HashMap::new(),
        };
        for (i, event) in events.iter().enumerate() {
            match event {
                Event::Acted { piece, flags } if flags.charged => {
                    ahead.last_charge.insert(*piece, i);
                }
                Event::Stepped { piece } | Event::Standing { piece, .. } => {
                    ahead.last_blow.insert(*piece, i);
                }
                _ => {}
            }
        }
        ahead
    }

    /// Whether `piece` charges at `events[index]` or after it.
    fn charges(&self, index: usize, piece: usize) -> bool {
        self.last_charge.get(&piece).is_some_and(|&i| i >= index)
    }
}

/// Whether `events[index]` is the blow that eliminated `piece`: it is
/// eliminated now, and no later step or standing of it follows.
fn last_blow(state: &State, ahead: &Ahead, index: usize, piece: usize) -> bool {
    let gone = state
        .pieces
        .get(piece)
        .is_some_and(|p| p.standing == Standing::Eliminated);
    gone && ahead.last_blow.get(&piece).is_none_or(|&i| i <= index)
}

/// What a move was, for its stroke.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Going {
    Move,
    Charge,
    Rout,
    Pursuit,
    Leader,
}

impl Going {
    const fn stroke(self) -> Stroke {
        match self {
            Going::Move => MOVE,
            Going::Charge => CHARGE,
            Going::Rout => ROUT,
            Going::Pursuit => PURSUIT,
            Going::Leader => LEADER_MOVE,
        }
    }
}

/// The picture of `state`, marking `events` (those that led to it).
pub fn scene(state: &State, events: &[Event]) -> Scene {
    let roster = &state.roster;
    // Units first: marks meet the unit in a hex, and leaders stand beside it.
    let mut counters: Vec<Counter> = Vec::new();
    for leaders in [false, true] {
        counters.extend(
            roster
                .pieces
                .iter()
                .zip(&state.pieces)
                .filter(|(info, _)| info.is_leader() == leaders)
                .filter_map(|(info, piece)| counter(info, piece)),
        );
    }
    Scene {
        title: String::new(),
        caption: String::new(),
        sides: roster.sides.iter().map(ToString::to_string).collect(),
        board: Board::Hex {
            columns: roster.extent.columns.max(1),
            rows: roster.extent.rows.max(1),
            parity: roster.parity,
        },
        terrain: terrain(state),
        counters,
        marks: marks(state, events),
        overlays: vec![zones_of_control(state)],
        legend: legend(state),
    }
}

/// Overlay [`ZOC`]: for each side, the hexes on the map its units control
/// (5.7), in the map's order, as one area in its colour; none for a side
/// that controls none.
fn zones_of_control(state: &State) -> Overlay {
    let marks = Side::ALL
        .into_iter()
        .filter_map(|side| {
            let mut cells: Vec<Cell> = ground::zone_of(state, side).on_map().collect();
            cells.sort_by_key(|c| (c.column, c.row));
            (!cells.is_empty()).then(|| Mark {
                shape: MarkShape::Area {
                    places: cells.into_iter().map(Place::Cell).collect(),
                },
                ink: Ink::Side(side as usize),
                label: None,
            })
        })
        .collect();
    Overlay {
        name: ZOC,
        marks,
        shown: false,
    }
}

/// The marks of `events`, in their order.
fn marks(state: &State, events: &[Event]) -> Vec<Mark> {
    let side_of = |piece: usize| state.info(piece).map_or(0, |i| i.side as usize);
    // Where each piece stands now, where its counter is drawn: glyphs go
    // beside it.
    let now: HashMap<usize, Cell> = state
        .pieces
        .iter()
        .enumerate()
        .filter_map(|(i, p)| Some((i, p.at?)))
        .collect();
    // Where each piece stood as the events went (walked back from now
    // through the moves), so a fight is drawn where it was fought and the
    // rout or pursuit that followed leads away from it.
    // An eliminated unit is walked back from where it fell.
    let mut at = now.clone();
    at.extend(
        state
            .pieces
            .iter()
            .enumerate()
            .filter_map(|(i, p)| Some((i, p.at.or(p.fell_at)?))),
    );
    for event in events.iter().rev() {
        if let Event::Moved { piece, from, .. } = event {
            match from {
                Some(cell) => at.insert(*piece, *cell),
                None => at.remove(piece),
            };
        }
    }
    let mut marks = Vec::new();
    let mut standing: HashMap<usize, Standing> = HashMap::new();
    // The pieces owing a rout and a pursuit, as the events went.
    let mut owed: [std::collections::HashSet<usize>; 2] = Default::default();
    let ahead = Ahead::of(events);
    let place = |at: &HashMap<usize, Cell>, piece: usize| at.get(&piece).copied().map(Place::Cell);
    for (i, event) in events.iter().enumerate() {
        match event {
            Event::Moved {
                piece, from, path, ..
            } => {
                if let Some(&last) = path.last() {
                    at.insert(*piece, last);
                }
                let places: Vec<Place> = from.iter().chain(path).map(|&c| Place::Cell(c)).collect();
                if places.len() < 2 {
                    continue;
                }
                let going = going(state, ahead.charges(i, *piece), *piece, &standing, &owed);
                marks.push(Mark {
                    shape: MarkShape::Path {
                        places,
                        stroke: going.stroke(),
                    },
                    ink: if going == Going::Rout {
                        Ink::Danger
                    } else {
                        Ink::Side(side_of(*piece))
                    },
                    label: None,
                });
            }
            Event::Owe(Owed::Rout { piece, .. }) => {
                owed[OWES_ROUT].insert(*piece);
            }
            Event::Owe(Owed::Pursue { piece, .. }) => {
                owed[OWES_PURSUIT].insert(*piece);
            }
            Event::Standing { piece, standing: s } => {
                standing.insert(*piece, *s);
                if *s == Standing::Routed
                    && let Some(at) = place(&now, *piece)
                {
                    marks.push(Mark {
                        shape: MarkShape::Spot {
                            at,
                            glyph: Glyph::Burst,
                        },
                        ink: Ink::Danger,
                        label: None,
                    });
                }
                if last_blow(state, &ahead, i, *piece) {
                    marks.extend(eliminated(state, &at, *piece));
                }
            }
            Event::Stepped { piece } if last_blow(state, &ahead, i, *piece) => {
                marks.extend(eliminated(state, &at, *piece));
            }
            Event::Fired {
                firers,
                target,
                odds,
                die,
                result,
                ..
            } => {
                let Some(to) = place(&at, *target) else {
                    continue;
                };
                let label = match (odds, die) {
                    (Some(odds), Some(die)) => {
                        format!("{}, {die}: {}", odds.label(), result.symbol())
                    }
                    (Some(odds), None) => format!("{}: {}", odds.label(), result.symbol()),
                    (None, _) => "below 1-4: -".to_string(),
                };
                let stroke = if *result == FireResult::NoEffect {
                    FIRE_MISS
                } else {
                    FIRE_HIT
                };
                for (n, &firer) in firers.iter().enumerate() {
                    let Some(from) = place(&at, firer) else {
                        continue;
                    };
                    marks.push(Mark {
                        shape: MarkShape::Link { from, to, stroke },
                        ink: Ink::Side(side_of(firer)),
                        label: (n == 0).then(|| label.clone()),
                    });
                }
            }
            Event::Fought {
                attackers,
                defenders,
                attack,
                defence,
                die,
                outcome,
            } => {
                let differential = attack - defence;
                let label = match die {
                    Some(die) => format!("{differential:+}, {die}: {outcome}"),
                    None => format!("{differential:+}: {outcome}"),
                };
                let mut first = true;
                for &attacker in attackers {
                    for &defender in defenders {
                        let (Some(from), Some(to)) = (place(&at, attacker), place(&at, defender))
                        else {
                            continue;
                        };
                        marks.push(Mark {
                            shape: MarkShape::Link {
                                from,
                                to,
                                stroke: MELEE,
                            },
                            ink: Ink::Side(side_of(attacker)),
                            label: first.then(|| label.clone()),
                        });
                        first = false;
                    }
                }
            }
            Event::Rolled {
                piece,
                check,
                die,
                result,
            } => {
                let Some(at) = place(&now, *piece) else {
                    continue;
                };
                let held = matches!(*result, "-" | "rallied" | "unharmed");
                let (glyph, ink) = if held {
                    (HELD, Ink::Side(side_of(*piece)))
                } else {
                    (FAILED, Ink::Danger)
                };
                let result = match (check, *result) {
                    (Check::Morale, "-") => "ok",
                    (Check::Rally, "rallied") => "ok",
                    (Check::Rally, _) => "failed",
                    (_, result) => result,
                };
                marks.push(Mark {
                    shape: MarkShape::Spot { at, glyph },
                    ink,
                    label: Some(format!("{} {die}: {result}", check.word())),
                });
            }
            _ => {}
        }
    }
    marks
}

/// Indices into the owed pieces: those owing a rout, a pursuit.
const OWES_ROUT: usize = 0;
const OWES_PURSUIT: usize = 1;

/// What a move of `piece` was: a leader's, a charge (`charges`: the piece
/// charges at the move or after it in these events), a rout (owed, or the
/// piece routed when it went), a pursuit (owed), else a move.
fn going(
    state: &State,
    charges: bool,
    piece: usize,
    standing: &HashMap<usize, Standing>,
    owed: &[std::collections::HashSet<usize>; 2],
) -> Going {
    if state.info(piece).is_some_and(PieceInfo::is_leader) {
        return Going::Leader;
    }
    if charges {
        return Going::Charge;
    }
    let owes = |what: usize| owed[what].contains(&piece);
    if owes(OWES_PURSUIT) {
        return Going::Pursuit;
    }
    let now = standing
        .get(&piece)
        .copied()
        .or_else(|| state.pieces.get(piece).map(|p| p.standing));
    if owes(OWES_ROUT) || now == Some(Standing::Routed) {
        return Going::Rout;
    }
    Going::Move
}

/// The map sheet: heights tinted step by step above the lowest ground,
/// woods and marsh, the road, ridge and stream hexsides.
fn terrain(state: &State) -> Vec<SceneTerrain> {
    let roster = &state.roster;
    let extent = roster.extent;
    let cells: Vec<(Cell, _)> = (1..=extent.rows)
        .flat_map(|row| (1..=extent.columns).map(move |column| Cell { column, row }))
        .filter_map(|cell| Some((cell, *roster.ground_at(cell)?)))
        .collect();
    let mut out = Vec::new();
    let mut levels: Vec<i32> = cells.iter().map(|(_, g)| g.elevation).collect();
    levels.sort_unstable();
    levels.dedup();
    for (step, &level) in levels.iter().enumerate().skip(1) {
        out.push(SceneTerrain {
            kind: format!("{level} ft"),
            look: Look::Height(u8::try_from(step).unwrap_or(u8::MAX)),
            shape: Shape::Cells {
                cells: cells
                    .iter()
                    .filter(|(_, g)| g.elevation == level)
                    .map(|&(c, _)| c)
                    .collect(),
            },
        });
    }
    for (kind, look) in [(Terrain::Woods, Look::Woods), (Terrain::Marsh, Look::Marsh)] {
        let of_kind: Vec<Cell> = cells
            .iter()
            .filter(|(_, g)| g.terrain == kind)
            .map(|&(c, _)| c)
            .collect();
        if !of_kind.is_empty() {
            out.push(SceneTerrain {
                kind: kind.word().to_string(),
                look,
                shape: Shape::Cells { cells: of_kind },
            });
        }
    }
    let road: Vec<Cell> = cells
        .iter()
        .filter(|(_, g)| g.road)
        .map(|&(c, _)| c)
        .collect();
    if !road.is_empty() {
        out.push(SceneTerrain {
            kind: Terrain::Road.word().to_string(),
            look: Look::Road,
            shape: Shape::Track { cells: road },
        });
    }
    for (hexside, look) in [
        (Hexside::Ridge, Look::Crest),
        (Hexside::Stream, Look::Stream),
    ] {
        let mut edges: Vec<(Cell, Cell)> = roster
            .hexsides
            .iter()
            .filter(|&(_, &h)| h == hexside)
            .map(|(&edge, _)| edge)
            .collect();
        // The map's order, whatever the table's.
        edges.sort_by_key(|&(a, b)| (a.column, a.row, b.column, b.row));
        if !edges.is_empty() {
            out.push(SceneTerrain {
                kind: hexside.word().to_string(),
                look,
                shape: Shape::Edges { edges },
            });
        }
    }
    out
}

/// Every entry the picture may need; the renderer keeps those it shows.
fn legend(state: &State) -> Vec<LegendEntry> {
    let entry = |label: &str, sample: Sample| LegendEntry {
        label: label.to_string(),
        sample,
    };
    let counter = |symbol, weight| Sample::Counter { symbol, weight };
    let ground = |look| Sample::Terrain { look };
    let line = |stroke| Sample::Line { stroke };
    let glyph = |glyph| Sample::Glyph { glyph };
    let marker = |text: &str| Sample::Marker {
        text: text.to_string(),
    };
    let mut out = Vec::new();
    // One entry a height, as the terrain names them.
    for t in terrain(state) {
        if let Look::Height(_) = t.look {
            out.push(entry(&format!("Ground at {}", t.kind), ground(t.look)));
        }
    }
    out.extend([
        entry("Woods", ground(Look::Woods)),
        entry("Marsh", ground(Look::Marsh)),
        entry("Road", ground(Look::Road)),
        entry("Ridge hexside", ground(Look::Crest)),
        entry("Stream hexside", ground(Look::Stream)),
        entry(
            "Foot: morale, wall; melee-defence/move",
            counter(Symbol::Infantry, Weight::None),
        ),
        entry("Knights", counter(Symbol::Cavalry, Weight::None)),
        entry(
            "Bowmen (B: bow, J: javelin)",
            counter(Symbol::Archers, Weight::None),
        ),
        entry("Housecarls, Guard", counter(Symbol::Plain, Weight::Heavy)),
        entry("Fyrd", counter(Symbol::Plain, Weight::Light)),
        entry("Leader: command-rally", Sample::Small),
        entry("Reduced, or leader ineffective", Sample::Flipped),
        entry("Disrupted", marker(DISRUPTED)),
        entry("Routed", marker(ROUTED)),
        entry("Move", line(MOVE)),
        entry("Charge", line(CHARGE)),
        entry("Rout", line(ROUT)),
        entry("Pursuit", line(PURSUIT)),
        entry("Leader's move", line(LEADER_MOVE)),
        entry("Fire: odds, die: result", line(FIRE_HIT)),
        entry("Fire, no effect", line(FIRE_MISS)),
        entry("Melee: differential, die: result", line(MELEE)),
        entry("Check held", glyph(HELD)),
        entry("Check failed", glyph(FAILED)),
        entry("Routed now", glyph(Glyph::Burst)),
        entry("Eliminated", glyph(ELIMINATED)),
    ]);
    // Shown while the overlay is drawn.
    for side in Side::ALL {
        let name = state
            .roster
            .sides
            .get(side as usize)
            .map_or(side.word(), smol_str::SmolStr::as_str);
        let whose = if name.ends_with('s') { "'" } else { "'s" };
        out.push(entry(
            &format!("{name}{whose} zones of control"),
            Sample::Overlay {
                name: ZOC,
                ink: Ink::Side(side as usize),
            },
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Ahead` answers, for every event of the sample, what a scan of the
    /// events after it answers.
    #[test]
    fn ahead_answers_as_a_scan_of_the_events_after_each() {
        let text = include_str!("../../../../samples/hastings-1066-st.sbn");
        let archive = senlac_notation::parse(text);
        let replay = crate::replay(
            &super::super::HASTINGS_1066,
            &archive.battles[0],
            crate::Config::TIMELINE,
        );
        let events = replay.timeline.main.all_events();
        let ahead = Ahead::of(events);
        let pieces = replay.state.pieces.len();
        let (mut charges, mut blows) = (0, 0);
        for index in 0..events.len() {
            for piece in 0..pieces {
                let charged = events[index..].iter().any(
                    |e| matches!(e, Event::Acted { piece: p, flags } if *p == piece && flags.charged),
                );
                assert_eq!(ahead.charges(index, piece), charged, "{index} {piece}");
                let later = events[index + 1..].iter().any(|e| {
                    matches!(e, Event::Stepped { piece: p } | Event::Standing { piece: p, .. } if *p == piece)
                });
                let last = ahead.last_blow.get(&piece).is_none_or(|&i| i <= index);
                assert_eq!(last, !later, "{index} {piece}");
                charges += usize::from(charged);
                blows += usize::from(later);
            }
        }
        assert!(charges > 0 && blows > 0, "{charges} {blows}");
    }
}
