//! How Hastings: 1066 shows itself to printers: the columns of a piece's
//! line (the printed counter: class, morale, melee, defence, shield wall,
//! missile; its nationality or wing; a leader's radii), what changes in
//! play (order, facing, steps), each piece's status and fate, casualty
//! points, and the clock.

use senlac_board::scene::Place;

use super::state::{LeaderStanding, Part, Piece, PieceInfo, PieceState, Standing, State};
use crate::view::{BattleView, Clock, Column, Kind, UnitView, Value};

/// The columns, in the order [`view`] fills them.
pub const COLUMNS: &[Column] = &[
    Column::fixed("class", "Class", Kind::Text),
    Column::fixed("morale", "Morale", Kind::Text),
    Column::fixed("melee", "Melee", Kind::Number),
    Column::fixed("defense", "Defence", Kind::Number),
    Column::fixed("wall", "Shield wall", Kind::Number),
    Column::fixed("missile", "Missile", Kind::Text),
    Column::fixed("part", "Wing or nationality", Kind::Text),
    Column::fixed("command", "Command", Kind::Number),
    Column::fixed("rally", "Rally", Kind::Number),
    Column::changing("order", "Order", "order"),
    Column::changing("facing", "Facing", "facing"),
    Column::changing("steps", "Steps", "steps"),
];

/// Every piece, as the columns lay it out.
pub fn view(state: &State) -> BattleView {
    let units = state
        .roster
        .pieces
        .iter()
        .zip(&state.pieces)
        .enumerate()
        .map(|(index, (info, piece))| UnitView {
            side: info.side as usize,
            id: info.id.to_string(),
            name: info.name.to_string(),
            status: status_word(info, piece),
            place: piece.at.map(Place::Cell),
            values: values(state, index, info, piece),
            men: None,
            casualties: super::record::points_of(info, piece),
            fate: fate(info, piece),
        })
        .collect();
    BattleView {
        sides: state.roster.sides.iter().map(ToString::to_string).collect(),
        columns: COLUMNS,
        place_heading: "Hex",
        casualties_heading: "Casualty points",
        units,
    }
}

/// The status word of a piece.
pub fn status_word(info: &PieceInfo, piece: &PieceState) -> &'static str {
    if info.is_leader() {
        return match piece.leader {
            LeaderStanding::Effective if piece.wounded_once => "wounded-1",
            LeaderStanding::Effective => "effective",
            LeaderStanding::Wounded => "wounded-2",
            LeaderStanding::Shaken => "shaken",
            LeaderStanding::Killed => "killed",
            LeaderStanding::Captured => "captured",
        };
    }
    match piece.standing {
        Standing::Good => "active",
        Standing::Disrupted => "disrupted",
        Standing::Routed => "routed",
        Standing::Eliminated => "eliminated",
    }
}

fn values(state: &State, index: usize, info: &PieceInfo, piece: &PieceState) -> Vec<Value> {
    let text = |s: &str| Value::Text(s.to_string());
    let number = |n: i64| Value::Number(n);
    let part = match state.part_of(index) {
        Some(Part::Nation(n)) => text(n.word()),
        Some(Part::Wing(w)) => text(w.word()),
        None => Value::None,
    };
    let class = info
        .class
        .map_or_else(|| text("leader"), |c| text(c.word()));
    let facing = piece
        .facing
        .map_or(Value::None, |f| text(&f.number().to_string()));
    match info.piece {
        Piece::Unit(f) => vec![
            class,
            text(f.grade.letter()),
            number(i64::from(f.melee)),
            number(i64::from(f.defense)),
            f.wall.map_or(Value::None, |w| number(i64::from(w))),
            f.missile.map_or(Value::None, |m| text(m.word())),
            part,
            Value::None,
            Value::None,
            state
                .order_for(index)
                .map_or(Value::None, |o| text(o.word())),
            facing,
            text(if piece.reduced { "reduced" } else { "full" }),
        ],
        Piece::Leader(printed) => {
            // What the checks use: a Wounded-1 leader's ratings one less.
            let r = printed.in_force(piece.wounded_once);
            vec![
                class,
                Value::None,
                Value::None,
                Value::None,
                Value::None,
                Value::None,
                part,
                number(i64::from(r.command)),
                number(i64::from(r.rally)),
                Value::None,
                Value::None,
                Value::None,
            ]
        }
    }
}

/// A piece's fate, for the after-action report.
pub fn fate(info: &PieceInfo, piece: &PieceState) -> String {
    if info.is_leader() {
        return match piece.leader {
            LeaderStanding::Killed => "Killed".into(),
            LeaderStanding::Captured => "Captured".into(),
            LeaderStanding::Wounded => "Wounded".into(),
            LeaderStanding::Shaken => "Shaken".into(),
            LeaderStanding::Effective if piece.wounded_once => "Wounded, still in command".into(),
            LeaderStanding::Effective => "Unharmed".into(),
        };
    }
    let steps = if piece.reduced { ", reduced" } else { "" };
    match piece.standing {
        Standing::Eliminated => "Eliminated".into(),
        Standing::Routed => format!("Routed{steps}"),
        Standing::Disrupted => format!("On the field, disrupted{steps}"),
        Standing::Good if piece.at.is_none() => "Not on the map".into(),
        Standing::Good => format!("On the field{steps}"),
    }
}

/// Where play stands: the Battle Turn, the phasing side and the segment.
pub fn clock(state: &State) -> Clock {
    Clock {
        turn: state.turn,
        side: state.phasing.map(|s| s.word().to_string()),
        phase: state.segment.map(|s| s.label()),
    }
}

/// A piece as a moment names it: a leader by his name, a unit by its id.
fn called(state: &State, piece: usize) -> String {
    state.info(piece).map_or_else(String::new, |i| {
        if i.is_leader() {
            i.name.to_string()
        } else {
            i.id.to_string()
        }
    })
}

fn called_all(state: &State, pieces: &[usize]) -> String {
    pieces
        .iter()
        .map(|&p| called(state, p))
        .collect::<Vec<_>>()
        .join("+")
}

/// What the report's timeline tells of `events`: charges, fire and melee
/// with their numbers, routs, rallies, steps lost and leaders' fates.
pub fn moments(state: &State, events: &[super::event::Event]) -> Vec<String> {
    use super::event::Event;
    events
        .iter()
        .filter_map(|event| match event {
            Event::Acted { piece, flags } if flags.charged => {
                Some(format!("{} charges", called(state, *piece)))
            }
            Event::Fired {
                firers,
                target,
                fire,
                defence,
                odds,
                die,
                result,
                ..
            } => Some(format!(
                "{} fire at {}: {fire} against {defence}, {}{}: {}",
                called_all(state, firers),
                called(state, *target),
                odds.map_or("below 1-4", |c| c.label()),
                die.map_or_else(String::new, |d| format!(", die {d}")),
                result.symbol()
            )),
            Event::Fought {
                attackers,
                defenders,
                attack,
                defence,
                die,
                outcome,
            } => Some(format!(
                "{} melee {}: {attack} against {defence} ({:+}){}: {outcome}",
                called_all(state, attackers),
                called_all(state, defenders),
                attack - defence,
                die.map_or_else(String::new, |d| format!(", die {d}")),
            )),
            // A rally, rolled or automatic, is the one way back to good order.
            Event::Standing { piece, standing } => match standing {
                Standing::Good => Some(format!("{} rallies", called(state, *piece))),
                Standing::Routed => Some(format!("{} routs", called(state, *piece))),
                Standing::Eliminated => Some(format!("{} is eliminated", called(state, *piece))),
                _ => None,
            },
            Event::Stepped { piece } => Some(
                if state
                    .pieces
                    .get(*piece)
                    .is_some_and(|p| p.standing == Standing::Eliminated)
                {
                    format!("{} is eliminated", called(state, *piece))
                } else {
                    format!("{} loses a step", called(state, *piece))
                },
            ),
            Event::LeaderStanding { piece, standing } => Some(format!(
                "{} is {}",
                called(state, *piece),
                match standing {
                    LeaderStanding::Effective => "effective again",
                    LeaderStanding::Wounded => "wounded",
                    LeaderStanding::Shaken => "shaken",
                    LeaderStanding::Killed => "killed",
                    LeaderStanding::Captured => "captured",
                }
            )),
            Event::Wounded { piece } => Some(format!("{} is wounded", called(state, *piece))),
            _ => None,
        })
        .collect()
}

/// How the battle was decided, in words: "the Normans hold every road hex
/// on Senlac Hill in Battle Turn 7: a strategic victory".
pub fn verdict_words(state: &State, verdict: &super::state::Verdict) -> String {
    use super::state::Decision;
    let what = match verdict.decision {
        Decision::Road => "the Normans hold every road hex on Senlac Hill",
        Decision::Housecarls => "every housecarl unit is eliminated",
        Decision::Time => "Period 2 ends with the Saxons on Senlac Hill",
    };
    let result = match verdict.winner {
        None => "a draw, the Normans having lost more casualty points".to_string(),
        Some(side) => format!(
            "a {} victory for the {}",
            verdict.level(),
            state
                .roster
                .sides
                .get(side as usize)
                .map_or(side.word(), smol_str::SmolStr::as_str)
        ),
    };
    format!("{what} in Battle Turn {}: {result}", verdict.turn)
}
