//! The example system, `example/duel`: the smallest complete rule system, and
//! the template for new ones. Two sides on a square grid; the one verb is
//! `move`, and its one rule is that a move goes to a free square next to the
//! unit's own (orthogonally). Everything a printer shows comes through the
//! contract in [`mod@crate::system`]; nothing outside this folder names it.
//!
//! ```text
//! [Rules "example/duel"]  [Sides "Red Blue"]
//! map square 6x6
//! army Red "Red"
//! unit I "Scout" scout
//! deploy Red I@0101
//! 1. Red
//!   I move 0102
//! ```

use std::sync::Arc;

use senlac_board::scene::{
    Board, Counter, Dash, Face, Head, Ink, LegendEntry, Mark, MarkShape, Place, Sample, Scene,
    Standing, Stroke, Symbol, Weight,
};
use senlac_board::square::{self, Adjacency};
use senlac_board::{Cell, Extent};
use senlac_notation::lower::Step;
use senlac_notation::seeded::Rng;
use senlac_notation::value::{Location, unit_refs};
use senlac_notation::{AtomKind, Battle, BattleText, Span};
use serde::{Deserialize, Serialize};

use crate::catalog::{Catalog, Section, Table};
use crate::code::CodeInfo;
use crate::doubt::Doubt;
use crate::fold::{Deployments, Fold};
use crate::replay::Config;
use crate::setup::Setup;
use crate::system::{Candidate, Game, Opening, Played, Ruleset, System};
use crate::trial;
use crate::view::{BattleView, Clock, Column, Kind, UnitView, Value};
use crate::violation::Violation;

/// Where its rule is written.
const RULE: &str = "docs/rules/example-duel.md ED-1";

pub mod codes {
    use crate::code::CodeInfo;

    pub const NOT_ADJACENT: CodeInfo = CodeInfo::error(
        "example::not-adjacent",
        "a move must end on a square that shares a side with the unit's own",
    );
    pub const OCCUPIED: CodeInfo =
        CodeInfo::error("example::occupied", "a move must end on a free square");
    pub const UNKNOWN_UNIT: CodeInfo = CodeInfo::error(
        "example::unknown-unit",
        "the action names no unit of the side in turn",
    );
    pub const UNKNOWN_VERB: CodeInfo =
        CodeInfo::error("example::unknown-verb", "the only verb is `move`");
    pub const ALL: &[CodeInfo] = &[NOT_ADJACENT, OCCUPIED, UNKNOWN_UNIT, UNKNOWN_VERB];
}

/// The registry's entry.
pub const DUEL: Duel = Duel;

#[derive(Clone, Copy, Debug)]
pub struct Duel;

/// A unit as declared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    pub side: usize,
    pub id: String,
    pub name: String,
}

/// Sides, units and the grid: what never changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roster {
    pub sides: Vec<String>,
    pub units: Vec<Unit>,
    pub extent: Extent,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub roster: Arc<Roster>,
    pub at: Vec<Option<Cell>>,
    pub moves: Vec<u32>,
    pub turn: u32,
    pub acting: Option<usize>,
}

/// One change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The setup puts a unit on the field.
    Deployed {
        unit: usize,
        at: Cell,
    },
    TurnBegan {
        turn: u32,
        side: usize,
    },
    Moved {
        unit: usize,
        from: Cell,
        to: Cell,
    },
}

/// An event as exported: units and sides by name, cells by label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Wire {
    Deployed {
        side: String,
        unit: String,
        at: String,
    },
    TurnBegan {
        turn: u32,
        side: String,
    },
    Moved {
        side: String,
        unit: String,
        from: String,
        to: String,
    },
}

const COLUMNS: [Column; 1] = [Column {
    key: "moves",
    heading: "Moves",
    unit: None,
    kind: Kind::Number,
    followed: Some("moves made"),
    roster: false,
}];

const MOVE: Stroke = Stroke {
    dash: Dash::Solid,
    weight: 2.0,
    head: Head::Arrow,
    curved: false,
};

impl State {
    fn unit_at(&self, cell: Cell) -> Option<usize> {
        self.at.iter().position(|&at| at == Some(cell))
    }

    /// Every move of `side`'s units to a square of the grid next to theirs,
    /// after `opens`.
    fn moves_of(&self, side: usize, opens: &[Opening], out: &mut Vec<Candidate>) {
        let roster = &self.roster;
        for (u, at) in roster.units.iter().zip(&self.at) {
            let Some(from) = at.filter(|_| u.side == side) else {
                continue;
            };
            for to in square::neighbours(from, Adjacency::Orthogonal) {
                if roster.extent.contains(to) {
                    out.push(Candidate {
                        opens: opens.to_vec(),
                        line: format!("{} move {to}", u.id),
                        side: roster.sides[side].clone(),
                        units: vec![u.id.clone()],
                        ..Candidate::default()
                    });
                }
            }
        }
    }

    fn name(&self, unit: usize) -> String {
        let u = &self.roster.units[unit];
        format!("{} {}", self.roster.sides[u.side], u.id)
    }
}

impl Ruleset for Duel {
    type State = State;
    type Event = Event;
    type Wire = Wire;

    fn setup(&self, battle: &Battle<'_>, out: &mut Vec<Violation>) -> Deployments<State, Event> {
        // Sides, ids, the map and deployments are the generic setup's checks.
        let setup = Setup::build(battle, out);
        let extent = setup.extent().unwrap_or(Extent {
            columns: 1,
            rows: 1,
        });
        let roster = Roster {
            sides: setup.sides.iter().map(|s| s.name.to_string()).collect(),
            units: setup
                .units
                .iter()
                .map(|u| Unit {
                    side: u.side,
                    id: u.id.to_string(),
                    name: u.name.to_string(),
                })
                .collect(),
            extent,
        };
        let placements = (setup.units.iter().enumerate())
            .filter_map(|(unit, u)| match u.deployed? {
                deployed @ crate::setup::Deployed {
                    at: Location::Cell(at),
                    ..
                } => Some((deployed.span, Event::Deployed { unit, at })),
                _ => None,
            })
            .collect();
        let field = State {
            moves: vec![0; roster.units.len()],
            at: vec![None; roster.units.len()],
            roster: Arc::new(roster),
            turn: 0,
            acting: None,
        };
        Deployments {
            field,
            placements,
            settled: Vec::new(),
        }
    }

    fn play(&self, fold: &mut Fold<'_, Self>, step: &Step<'_, '_>, out: &mut Vec<Violation>) {
        match step {
            Step::Turn { number, side, .. } => {
                if let Some(side) = fold.roster.sides.iter().position(|s| s == side) {
                    fold.emit(Event::TurnBegan {
                        turn: *number,
                        side,
                    });
                }
            }
            Step::Action(action) => {
                let verb = action.verb();
                if verb.text != "move" {
                    let violation = Violation::of(
                        &codes::UNKNOWN_VERB,
                        verb.span,
                        format!("`{}` is not a verb of example/duel", verb.text),
                        RULE,
                    )
                    .help("the only verb is `move`: `I move 0102`");
                    // A slip of the one verb has one certain fix; `senlac
                    // lint --fix` applies it. A system with many verbs
                    // offers the closest the same way.
                    let violation = match senlac_notation::did_you_mean(verb.text, ["move"]) {
                        Some(meant) => violation.fix(senlac_notation::Fix::new(
                            verb.span,
                            meant,
                            format!("write `{meant}`"),
                        )),
                        None => violation,
                    };
                    out.push(violation);
                    return;
                }
                let actor = action.actor();
                let unit = unit_refs(&actor).next().and_then(|r| {
                    fold.roster
                        .units
                        .iter()
                        .position(|u| Some(u.side) == fold.acting && u.id == r.id)
                });
                let Some(unit) = unit else {
                    out.push(Violation::of(
                        &codes::UNKNOWN_UNIT,
                        actor.span,
                        format!("the side in turn has no unit `{}`", actor.text),
                        RULE,
                    ));
                    return;
                };
                let Some(target) = action.args().iter().find(|a| a.kind == AtomKind::Cell) else {
                    return;
                };
                let (Some(from), Some(to)) = (fold.at[unit], Cell::parse(target.text)) else {
                    return;
                };
                if !square::adjacent(from, to, Adjacency::Orthogonal) {
                    out.push(
                        Violation::of(
                            &codes::NOT_ADJACENT,
                            target.span,
                            format!(
                                "{} is at {from}; {to} is {} squares away, and a move goes 1",
                                fold.name(unit),
                                square::steps(from, to)
                            ),
                            RULE,
                        )
                        .label("not next to the unit"),
                    );
                    return;
                }
                if let Some(other) = fold.unit_at(to) {
                    out.push(Violation::of(
                        &codes::OCCUPIED,
                        target.span,
                        format!("{to} is held by {}", fold.name(other)),
                        RULE,
                    ));
                    return;
                }
                fold.emit(Event::Moved { unit, from, to });
            }
            _ => {}
        }
    }

    fn apply(state: &mut State, event: &Event) {
        match *event {
            Event::Deployed { unit, at } => state.at[unit] = Some(at),
            Event::TurnBegan { turn, side } => {
                state.turn = turn;
                state.acting = Some(side);
            }
            Event::Moved { unit, to, .. } => {
                state.at[unit] = Some(to);
                state.moves[unit] += 1;
            }
        }
    }

    fn finish(&self, _fold: &mut Fold<'_, Self>, _battle: &Battle<'_>, _out: &mut Vec<Violation>) {}

    fn columns(&self) -> &'static [Column] {
        &COLUMNS
    }

    fn view(&self, state: &State) -> BattleView {
        BattleView {
            sides: state.roster.sides.clone(),
            columns: &COLUMNS,
            place_heading: "Square",
            casualties_heading: "Casualties",
            units: state
                .roster
                .units
                .iter()
                .enumerate()
                .map(|(i, u)| UnitView {
                    side: u.side,
                    id: u.id.clone(),
                    name: u.name.clone(),
                    status: "active",
                    place: state.at[i].map(Place::Cell),
                    values: vec![Value::Number(i64::from(state.moves[i]))],
                    men: None,
                    casualties: 0,
                    fate: match state.moves[i] {
                        0 => "Never moved".to_string(),
                        1 => "Moved once".to_string(),
                        n => format!("Moved {n} times"),
                    },
                })
                .collect(),
        }
    }

    fn clock(&self, state: &State) -> Clock {
        Clock {
            turn: state.turn,
            side: state.acting.map(|s| state.roster.sides[s].clone()),
            phase: None,
        }
    }

    fn moments(&self, state: &State, events: &[Event]) -> Vec<String> {
        events
            .iter()
            .filter_map(|e| match *e {
                Event::Moved { unit, to, .. } => {
                    Some(format!("{} moves to {to}", state.name(unit)))
                }
                Event::Deployed { .. } | Event::TurnBegan { .. } => None,
            })
            .collect()
    }

    fn scene(&self, state: &State, events: &[Event]) -> Scene {
        let roster = &state.roster;
        Scene {
            title: String::new(),
            caption: String::new(),
            sides: roster.sides.clone(),
            board: Board::Square {
                columns: roster.extent.columns,
                rows: roster.extent.rows,
            },
            terrain: Vec::new(),
            counters: roster
                .units
                .iter()
                .zip(&state.at)
                .filter_map(|(u, at)| {
                    Some(Counter {
                        side: u.side,
                        id: u.id.clone(),
                        name: u.name.clone(),
                        at: Place::Cell((*at)?),
                        facing: None,
                        footprint: None,
                        face: Face {
                            symbol: Symbol::Plain,
                            weight: Weight::None,
                            corners: [None, None, None, None],
                            pips: 0,
                            bar: None,
                            factors: None,
                            flipped: false,
                            marker: None,
                        },
                        standing: Standing::Active,
                        small: false,
                    })
                })
                .collect(),
            marks: events
                .iter()
                .filter_map(|e| match *e {
                    Event::Moved { unit, from, to } => Some(Mark {
                        shape: MarkShape::Path {
                            places: vec![Place::Cell(from), Place::Cell(to)],
                            stroke: MOVE,
                        },
                        ink: Ink::Side(roster.units[unit].side),
                        label: None,
                    }),
                    Event::Deployed { .. } | Event::TurnBegan { .. } => None,
                })
                .collect(),
            overlays: Vec::new(),
            legend: vec![LegendEntry {
                label: "Move".to_string(),
                sample: Sample::Line { stroke: MOVE },
            }],
        }
    }

    fn wire(&self, state: &State, event: &Event) -> Wire {
        let roster = &state.roster;
        match *event {
            Event::Deployed { unit, at } => Wire::Deployed {
                side: roster.sides[roster.units[unit].side].clone(),
                unit: roster.units[unit].id.clone(),
                at: at.to_string(),
            },
            Event::TurnBegan { turn, side } => Wire::TurnBegan {
                turn,
                side: roster.sides[side].clone(),
            },
            Event::Moved { unit, from, to } => Wire::Moved {
                side: roster.sides[roster.units[unit].side].clone(),
                unit: roster.units[unit].id.clone(),
                from: from.to_string(),
                to: to.to_string(),
            },
        }
    }

    fn candidates(&self, state: &State) -> Option<Vec<Candidate>> {
        // The side in turn moves a unit a square; or the next side's turn
        // begins, the sides taking turns in the order declared.
        let roster = &state.roster;
        let mut out = Vec::new();
        if let Some(side) = state.acting {
            state.moves_of(side, &[], &mut out);
        }
        let (next, turn) = match state.acting {
            None => (0, 1),
            Some(side) if side + 1 < roster.sides.len() => (side + 1, state.turn),
            Some(_) => (0, state.turn.saturating_add(1)),
        };
        if let Some(name) = roster.sides.get(next) {
            let opens = [Opening::Turn {
                number: turn,
                side: name.clone(),
            }];
            state.moves_of(next, &opens, &mut out);
        }
        Some(out)
    }

    fn unwire(&self, state: &State, wire: &Wire) -> Option<Event> {
        let roster = &state.roster;
        let side = |name: &str| roster.sides.iter().position(|s| s == name);
        let unit = |side: usize, id: &str| {
            (roster.units.iter()).position(|u| u.side == side && u.id == id)
        };
        Some(match wire {
            Wire::Deployed {
                side: name,
                unit: id,
                at,
            } => Event::Deployed {
                unit: unit(side(name)?, id)?,
                at: Cell::parse(at)?,
            },
            Wire::TurnBegan { turn, side: name } => Event::TurnBegan {
                turn: *turn,
                side: side(name)?,
            },
            Wire::Moved {
                side: name,
                unit: id,
                from,
                to,
            } => Event::Moved {
                unit: unit(side(name)?, id)?,
                from: Cell::parse(from)?,
                to: Cell::parse(to)?,
            },
        })
    }
}

impl System for Duel {
    fn tag(&self) -> &'static str {
        "example/duel"
    }

    fn summary(&self) -> &'static str {
        "The example system: two sides on a square grid, one verb (move); the template for new systems"
    }

    fn listed(&self) -> bool {
        false
    }

    fn replay(&self, battle: &Battle<'_>, config: Config) -> Box<dyn Game> {
        Box::new(Played::new(*self, self.tag(), battle, config))
    }

    fn catalog(&self) -> Catalog {
        Catalog {
            title: format!("{} ({})", self.summary(), self.tag()),
            sections: vec![Section {
                title: "Each side's turn".to_string(),
                tables: vec![Table {
                    title: "Actions".to_string(),
                    headings: vec!["Verb", "Who", "Needs"],
                    rows: vec![vec![
                        vec!["move CELL".to_string()],
                        vec!["a unit of the side in turn".to_string()],
                        vec!["CELL shares a side with the unit's square and is free".to_string()],
                    ]],
                }],
            }],
            always: Vec::new(),
            rulings: "docs/rules/example-duel.md",
        }
    }

    fn codes(&self) -> &'static [CodeInfo] {
        codes::ALL
    }

    fn generate(&self, battles: u32, seed: u64, each: &mut dyn FnMut(&str)) {
        let mut rng = Rng::new(seed);
        for number in 1..=battles {
            // Two scouts face each other across the grid, and each steps
            // forward: each line kept only where the engine accepts it.
            let column = rng.range(1, 6);
            let mut text = BattleText::new();
            text.tag("Battle", format_args!("Duel {number}"))
                .tag("Site", "A field")
                .tag("Date", "2026")
                .tag("Rules", "example/duel")
                .tag("Sides", "Red Blue")
                .tag("Result", "*")
                .blank()
                .setup("map square 6x6")
                .setup("army Red \"Red\"")
                .setup("unit I \"Scout\" scout")
                .setup("army Blue \"Blue\"")
                .setup("unit I \"Scout\" scout")
                .setup(format_args!("deploy Red I@{column:02}01"))
                .setup(format_args!("deploy Blue I@{column:02}06"))
                .blank();
            let parsed = senlac_notation::parse(text.as_str());
            let Some(battle) = parsed.battles.first() else {
                continue;
            };
            let mut state = self.setup(battle, &mut Vec::new()).fold(Self::apply);
            let mut doubt = Doubt::default();
            for (side, row) in [("Red", 2), ("Blue", 5)] {
                let turn = Step::Turn {
                    number: 1,
                    side,
                    span: Span::default(),
                };
                trial::play(self, &mut state, &mut doubt, &turn);
                text.turn(1, side);
                let line = format!("I move {column:02}{row:02}");
                if let Some(tried) = trial::line(self, &state, &doubt, &line)
                    && tried.accepted()
                {
                    state = tried.state;
                    text.action(line);
                }
            }
            text.blank();
            each(text.as_str());
        }
    }
}
