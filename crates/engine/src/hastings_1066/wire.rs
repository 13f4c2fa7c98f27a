//! Hastings: 1066's events as exported: stable, versioned with the export
//! schema, naming pieces `Side.ID` and hexes `CCRR`, separate from the
//! engine's own [`Event`] so either can change without breaking the other.
//! What a printer or a reader of the export needs is exported (moves,
//! standings, steps, orders, fire and melee with their numbers, rolls);
//! bookkeeping (the owed queue, phase flags, the bound pairs) is not.

use senlac_board::Cell;
use senlac_board::facing::Vertex;
use serde::{Deserialize, Serialize};

use super::event::Event;
use super::state::{
    Decision, Extension, Formation, Held, LeaderStanding, Segment, Standing, State, Verdict, Wing,
};
use super::tables::{Arm, Order, Side};

/// One exported event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Wire {
    Phase {
        turn: u32,
        side: String,
    },
    Segment {
        segment: String,
    },
    Order {
        formation: String,
        order: String,
        turns: u32,
    },
    Moved {
        piece: String,
        path: Vec<String>,
        facing: Option<u8>,
    },
    Faced {
        piece: String,
        facing: u8,
    },
    Standing {
        piece: String,
        standing: String,
    },
    Stepped {
        piece: String,
        /// `reduced`, or `eliminated` when it was reduced already.
        now: String,
    },
    Leader {
        piece: String,
        standing: String,
    },
    Wounded {
        piece: String,
    },
    Fired {
        firers: Vec<String>,
        target: String,
        fire: i32,
        defence: i32,
        odds: Option<String>,
        die: Option<u8>,
        result: String,
    },
    Fought {
        attackers: Vec<String>,
        defenders: Vec<String>,
        attack: i32,
        defence: i32,
        differential: i32,
        die: Option<u8>,
        result: String,
    },
    Rolled {
        piece: String,
        check: String,
        die: u8,
        result: String,
    },
    Joined {
        piece: String,
        wing: String,
    },
    Period {
        period: u32,
        turn: u32,
    },
    Extended {
        extension: String,
    },
    Decided {
        /// The winning side's name, or none for a draw.
        winner: Option<String>,
        /// `strategic`, `tactical` or `draw`.
        level: String,
        /// `road`, `housecarls` or `time`.
        decision: String,
        turn: u32,
    },
    /// Kept in the timeline, not worth exporting: the owed queue, phase
    /// flags, the bound pairs.
    Bookkeeping,
}

fn piece(state: &State, index: usize) -> String {
    state.info(index).map_or_else(String::new, |i| {
        let side = state
            .roster
            .sides
            .get(i.side as usize)
            .map_or("", smol_str::SmolStr::as_str);
        format!("{side}.{}", i.id)
    })
}

fn pieces(state: &State, indices: &[usize]) -> Vec<String> {
    indices.iter().map(|&i| piece(state, i)).collect()
}

fn find(state: &State, name: &str) -> Option<usize> {
    let (side, id) = name.split_once('.')?;
    let side = Side::ALL.into_iter().find(|&s| {
        state
            .roster
            .sides
            .get(s as usize)
            .is_some_and(|n| n == side)
    })?;
    state.roster.piece(side, id)
}

const STANDINGS: [(Standing, &str); 4] = [
    (Standing::Good, "good"),
    (Standing::Disrupted, "disrupted"),
    (Standing::Routed, "routed"),
    (Standing::Eliminated, "eliminated"),
];

const LEADER_STANDINGS: [(LeaderStanding, &str); 5] = [
    (LeaderStanding::Effective, "effective"),
    (LeaderStanding::Wounded, "wounded"),
    (LeaderStanding::Shaken, "shaken"),
    (LeaderStanding::Killed, "killed"),
    (LeaderStanding::Captured, "captured"),
];

fn word_of<T: PartialEq + Copy>(table: &[(T, &'static str)], value: T) -> &'static str {
    table
        .iter()
        .find(|(v, _)| *v == value)
        .map_or("", |&(_, w)| w)
}

fn value_of<T: Copy>(table: &[(T, &'static str)], word: &str) -> Option<T> {
    table.iter().find(|(_, w)| *w == word).map(|&(v, _)| v)
}

/// A formation as exported: `left wing`, `breton foot`, `breton knights`.
pub fn formation_word(formation: Formation) -> String {
    match formation {
        Formation::Wing(wing) => format!("{} wing", wing.word()),
        Formation::Section(nation, Arm::Foot) => format!("{} foot", nation.word()),
        Formation::Section(nation, Arm::Knight) => format!("{} knights", nation.word()),
    }
}

fn formation(word: &str) -> Option<Formation> {
    let (first, second) = word.split_once(' ')?;
    match second {
        "wing" => Wing::parse(first).map(Formation::Wing),
        "foot" => super::state::Nation::parse(first).map(|n| Formation::Section(n, Arm::Foot)),
        "knights" => super::state::Nation::parse(first).map(|n| Formation::Section(n, Arm::Knight)),
        _ => None,
    }
}

/// `event` as exported; `state` is the one it led to.
pub fn wire(state: &State, event: &Event) -> Wire {
    match event {
        Event::PhaseStarted { turn, side } => Wire::Phase {
            turn: *turn,
            side: state
                .roster
                .sides
                .get(*side as usize)
                .map(ToString::to_string)
                .unwrap_or_default(),
        },
        Event::SegmentStarted(segment) => Wire::Segment {
            segment: segment.label().to_string(),
        },
        Event::OrderHeld { formation, held } => Wire::Order {
            formation: formation_word(*formation),
            order: held.order.word().to_string(),
            turns: held.turns,
        },
        Event::Moved {
            piece: p,
            path,
            facing,
            ..
        } => Wire::Moved {
            piece: piece(state, *p),
            path: path.iter().map(Cell::to_string).collect(),
            facing: facing.map(Vertex::number),
        },
        Event::Faced { piece: p, facing } => Wire::Faced {
            piece: piece(state, *p),
            facing: facing.number(),
        },
        Event::Standing { piece: p, standing } => Wire::Standing {
            piece: piece(state, *p),
            standing: word_of(&STANDINGS, *standing).to_string(),
        },
        Event::Stepped { piece: p } => Wire::Stepped {
            piece: piece(state, *p),
            now: if state
                .pieces
                .get(*p)
                .is_some_and(|s| s.standing == Standing::Eliminated)
            {
                "eliminated"
            } else {
                "reduced"
            }
            .to_string(),
        },
        Event::LeaderStanding { piece: p, standing } => Wire::Leader {
            piece: piece(state, *p),
            standing: word_of(&LEADER_STANDINGS, *standing).to_string(),
        },
        Event::Wounded { piece: p } => Wire::Wounded {
            piece: piece(state, *p),
        },
        Event::Fired {
            firers,
            target,
            fire,
            defence,
            odds,
            die,
            result,
            ..
        } => Wire::Fired {
            firers: pieces(state, firers),
            target: piece(state, *target),
            fire: *fire,
            defence: *defence,
            odds: odds.map(|c| c.label().to_string()),
            die: *die,
            result: result.symbol().to_string(),
        },
        Event::Fought {
            attackers,
            defenders,
            attack,
            defence,
            die,
            outcome,
        } => Wire::Fought {
            attackers: pieces(state, attackers),
            defenders: pieces(state, defenders),
            attack: *attack,
            defence: *defence,
            differential: attack - defence,
            die: *die,
            result: outcome.to_string(),
        },
        Event::Rolled {
            piece: p,
            check,
            die,
            result,
        } => Wire::Rolled {
            piece: piece(state, *p),
            check: check.word().to_string(),
            die: *die,
            result: (*result).to_string(),
        },
        Event::Joined { piece: p, wing } | Event::Assigned { piece: p, wing } => Wire::Joined {
            piece: piece(state, *p),
            wing: wing.word().to_string(),
        },
        Event::PeriodStarted { period, turn } => Wire::Period {
            period: *period,
            turn: *turn,
        },
        Event::Extended(extension) => Wire::Extended {
            extension: extension.word().to_string(),
        },
        Event::Decided(verdict) => Wire::Decided {
            winner: verdict
                .winner
                .and_then(|s| state.roster.sides.get(s as usize).map(ToString::to_string)),
            level: verdict.level().to_string(),
            decision: word_of(&DECISIONS, verdict.decision).to_string(),
            turn: verdict.turn,
        },
        _ => Wire::Bookkeeping,
    }
}

const DECISIONS: [(Decision, &str); 3] = [
    (Decision::Road, "road"),
    (Decision::Housecarls, "housecarls"),
    (Decision::Time, "time"),
];

/// An exported event read back against the state it applies to; `None`
/// for records, bookkeeping and names the state does not know.
pub fn unwire(state: &State, wire: &Wire) -> Option<Event> {
    Some(match wire {
        Wire::Phase { turn, side } => Event::PhaseStarted {
            turn: *turn,
            side: Side::ALL.into_iter().find(|&s| {
                state
                    .roster
                    .sides
                    .get(s as usize)
                    .is_some_and(|own| own == side)
            })?,
        },
        Wire::Segment { segment } => Event::SegmentStarted(Segment::parse(segment)?),
        Wire::Order {
            formation: f,
            order,
            turns,
        } => Event::OrderHeld {
            formation: formation(f)?,
            held: Held {
                order: Order::parse(order)?,
                turns: *turns,
            },
        },
        Wire::Moved {
            piece: p,
            path,
            facing,
        } => Event::Moved {
            piece: find(state, p)?,
            // Where it stands in the state the event applies to.
            from: state.pieces.get(find(state, p)?).and_then(|s| s.at),
            path: path.iter().map(|c| Cell::parse(c)).collect::<Option<_>>()?,
            facing: match facing {
                Some(n) => Some(Vertex::new(*n)?),
                None => None,
            },
        },
        Wire::Faced { piece: p, facing } => Event::Faced {
            piece: find(state, p)?,
            facing: Vertex::new(*facing)?,
        },
        Wire::Standing { piece: p, standing } => Event::Standing {
            piece: find(state, p)?,
            standing: value_of(&STANDINGS, standing)?,
        },
        Wire::Stepped { piece: p, .. } => Event::Stepped {
            piece: find(state, p)?,
        },
        Wire::Leader { piece: p, standing } => Event::LeaderStanding {
            piece: find(state, p)?,
            standing: value_of(&LEADER_STANDINGS, standing)?,
        },
        Wire::Wounded { piece: p } => Event::Wounded {
            piece: find(state, p)?,
        },
        Wire::Joined { piece: p, wing } => {
            let index = find(state, p)?;
            let wing = Wing::parse(wing)?;
            if state.part_of(index).is_none() {
                Event::Assigned { piece: index, wing }
            } else {
                Event::Joined { piece: index, wing }
            }
        }
        Wire::Period { period, turn } => Event::PeriodStarted {
            period: *period,
            turn: *turn,
        },
        Wire::Extended { extension } => Event::Extended(Extension::parse(extension)?),
        Wire::Decided {
            winner,
            level,
            decision,
            turn,
        } => Event::Decided(Verdict {
            winner: match winner {
                Some(name) => Some(Side::ALL.into_iter().find(|&s| {
                    state
                        .roster
                        .sides
                        .get(s as usize)
                        .is_some_and(|own| own == name)
                })?),
                None => None,
            },
            strategic: level != "tactical",
            decision: value_of(&DECISIONS, decision)?,
            turn: *turn,
        }),
        Wire::Fired { .. } | Wire::Fought { .. } | Wire::Rolled { .. } | Wire::Bookkeeping => {
            return None;
        }
    })
}
