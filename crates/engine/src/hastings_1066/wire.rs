//! Hastings: 1066's events as exported: stable, versioned with the export
//! schema, naming pieces `Side.ID` and hexes `CCRR`, separate from the
//! engine's own [`Event`] so either can change without breaking the other.
//! Every event is exported, the owed queue, phase flags and bound pairs
//! included, so a battle rebuilds from its export
//! (docs/schema/hastings-1066.events.schema.json).

use senlac_board::Cell;
use senlac_board::facing::Vertex;
use senlac_notation::Span;
use serde::{Deserialize, Serialize};

use super::event::{Check, Event};
use super::state::{
    Chain, Decision, Extension, Formation, Held, LeaderStanding, Link, Nation, Owed, Part,
    PhaseFlags, Segment, Standing, State, Verdict, Wing,
};
use super::tables::{Arm, Attack, Column, FireResult, Order, Outcome, Side};

/// One exported event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Wire {
    Deployed {
        piece: String,
        at: String,
        facing: Option<u8>,
    },
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
    /// `from`: where the written path starts; none for a piece entering
    /// the map.
    Moved {
        piece: String,
        from: Option<String>,
        path: Vec<String>,
        facing: Option<u8>,
    },
    Faced {
        piece: String,
        facing: u8,
    },
    /// What a piece did once a phase: the flags' words.
    Acted {
        piece: String,
        flags: Vec<String>,
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
    Owe {
        owed: WireOwed,
    },
    /// The owed consequence at `index` of the queue was written.
    Paid {
        index: usize,
    },
    /// A rout waiting on its displacements, or none when it no longer is.
    Displacing {
        chain: Option<WireChain>,
    },
    /// `(phasing unit, enemy)` pairs bound to attack in the melee segment.
    Bound {
        pairs: Vec<[String; 2]>,
    },
    Leader {
        piece: String,
        standing: String,
    },
    Wounded {
        piece: String,
    },
    ShakenUntil {
        piece: String,
        turn: u32,
    },
    OrdersAged,
    GuardJoined,
    StrategyWritten {
        part: String,
        span: [u32; 2],
    },
    Rerolled {
        formation: String,
    },
    HousecarlsHeld {
        wing: String,
        order: String,
        turns: u32,
    },
    Effect {
        part: String,
        effect: i32,
    },
    /// `supplied`: the units whose missile supply count rose by one.
    Fired {
        firers: Vec<String>,
        target: String,
        supplied: Vec<String>,
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
    /// A Saxon unit joined a wing in an Order Phase (4.1.2).
    Joined {
        piece: String,
        wing: String,
    },
    /// A Saxon reinforcement joined a wing on arrival (4.3.8.2).
    Assigned {
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
    PlayedOn,
    ReformLosses {
        losses: Vec<WireLoss>,
    },
    Reformed {
        side: String,
    },
}

/// A consequence owed, as exported; `span` is the byte range of the line
/// that caused it. Lists of pieces hold up to three.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum WireOwed {
    Morale {
        piece: String,
        rout_is_disruption: bool,
        disruption_ignored: bool,
        by: Vec<String>,
        span: [u32; 2],
    },
    Rout {
        piece: String,
        pursuers: Vec<String>,
        span: [u32; 2],
    },
    Pursue {
        piece: String,
        target: String,
        span: [u32; 2],
    },
    Displace {
        piece: String,
        span: [u32; 2],
    },
    Escape {
        leader: String,
        from: Vec<String>,
        span: [u32; 2],
    },
    Casualty {
        leader: String,
        /// The Leader Casualty Table's column: `fire` or `melee`.
        attack: String,
        span: [u32; 2],
    },
}

/// A rout waiting on its displacements (HS-R20), as exported.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireChain {
    pub router: String,
    pub path: Vec<String>,
    pub facing: Option<u8>,
    pub pursuers: Vec<String>,
    pub span: [u32; 2],
    pub links: Vec<WireLink>,
    pub refused: bool,
    pub next: Option<String>,
}

/// One displacement of a chain.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireLink {
    pub piece: String,
    pub from: String,
    pub to: String,
    pub facing: Option<u8>,
}

/// A unit eliminated at the end of Period 1.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireLoss {
    pub piece: String,
    /// Eliminated for want of a trace (11.5.3).
    pub no_trace: bool,
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
    state.roster.piece(side_named(state, side)?, id)
}

fn find_all<T: FromIterator<usize>>(state: &State, names: &[String]) -> Option<T> {
    names.iter().map(|name| find(state, name)).collect()
}

fn side_name(state: &State, side: Side) -> String {
    state
        .roster
        .sides
        .get(side as usize)
        .map(ToString::to_string)
        .unwrap_or_default()
}

fn side_named(state: &State, name: &str) -> Option<Side> {
    Side::ALL.into_iter().find(|&s| {
        state
            .roster
            .sides
            .get(s as usize)
            .is_some_and(|own| own == name)
    })
}

/// Up to three pieces, as the state keeps them: in order, the rest empty.
fn slots(state: &State, names: &[String]) -> Option<[Option<usize>; 3]> {
    let mut slots = [None; 3];
    if names.len() > slots.len() {
        return None;
    }
    for (slot, name) in slots.iter_mut().zip(names) {
        *slot = Some(find(state, name)?);
    }
    Some(slots)
}

fn slot_names(state: &State, slots: &[Option<usize>; 3]) -> Vec<String> {
    slots.iter().flatten().map(|&p| piece(state, p)).collect()
}

fn cell(text: &str) -> Option<Cell> {
    Cell::parse(text)
}

fn cells(texts: &[String]) -> Option<Vec<Cell>> {
    texts.iter().map(|c| cell(c)).collect()
}

fn optional_cell(text: Option<&String>) -> Option<Option<Cell>> {
    match text {
        Some(text) => cell(text).map(Some),
        None => Some(None),
    }
}

fn facing(number: Option<u8>) -> Option<Option<Vertex>> {
    match number {
        Some(n) => Vertex::new(n).map(Some),
        None => Some(None),
    }
}

fn span_of(span: Span) -> [u32; 2] {
    [span.start, span.end]
}

fn span([start, end]: [u32; 2]) -> Span {
    Span { start, end }
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

const DECISIONS: [(Decision, &str); 3] = [
    (Decision::Road, "road"),
    (Decision::Housecarls, "housecarls"),
    (Decision::Time, "time"),
];

const ATTACKS: [(Attack, &str); 2] = [(Attack::Fire, "fire"), (Attack::Melee, "melee")];

/// Each phase flag's word, and the flag.
type Flag = fn(&mut PhaseFlags) -> &mut bool;
const FLAGS: [(&str, Flag); 11] = [
    ("rallied", |f| &mut f.rallied),
    ("fired", |f| &mut f.fired),
    ("moved", |f| &mut f.moved),
    ("reacted", |f| &mut f.reacted),
    ("fought", |f| &mut f.fought),
    ("attacked", |f| &mut f.attacked),
    ("fired-at", |f| &mut f.fired_at),
    ("supply-counted", |f| &mut f.supply_counted),
    ("entered", |f| &mut f.entered),
    ("charged", |f| &mut f.charged),
    ("charged-downhill", |f| &mut f.charged_downhill),
];

fn flag_words(mut flags: PhaseFlags) -> Vec<String> {
    FLAGS
        .iter()
        .filter(|(_, flag)| *flag(&mut flags))
        .map(|(word, _)| (*word).to_string())
        .collect()
}

fn flags_of(words: &[String]) -> Option<PhaseFlags> {
    let mut flags = PhaseFlags::default();
    for word in words {
        let (_, flag) = FLAGS.iter().find(|(w, _)| w == word)?;
        *flag(&mut flags) = true;
    }
    Some(flags)
}

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
fn formation_word(formation: Formation) -> String {
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
        "foot" => Nation::parse(first).map(|n| Formation::Section(n, Arm::Foot)),
        "knights" => Nation::parse(first).map(|n| Formation::Section(n, Arm::Knight)),
        _ => None,
    }
}

/// A part of an army as exported: `left wing`, or a nationality's word.
fn part_word(part: Part) -> String {
    match part {
        Part::Wing(wing) => format!("{} wing", wing.word()),
        Part::Nation(nation) => nation.word().to_string(),
    }
}

fn part(word: &str) -> Option<Part> {
    match word.strip_suffix(" wing") {
        Some(wing) => Wing::parse(wing).map(Part::Wing),
        None => Nation::parse(word).map(Part::Nation),
    }
}

fn owed_wire(state: &State, owed: &Owed) -> WireOwed {
    match owed {
        Owed::Morale {
            piece: p,
            rout_is_disruption,
            disruption_ignored,
            by,
            cause,
        } => WireOwed::Morale {
            piece: piece(state, *p),
            rout_is_disruption: *rout_is_disruption,
            disruption_ignored: *disruption_ignored,
            by: slot_names(state, by),
            span: span_of(*cause),
        },
        Owed::Rout {
            piece: p,
            pursuers,
            cause,
        } => WireOwed::Rout {
            piece: piece(state, *p),
            pursuers: slot_names(state, pursuers),
            span: span_of(*cause),
        },
        Owed::Pursue {
            piece: p,
            target,
            cause,
        } => WireOwed::Pursue {
            piece: piece(state, *p),
            target: piece(state, *target),
            span: span_of(*cause),
        },
        Owed::Displace { piece: p, cause } => WireOwed::Displace {
            piece: piece(state, *p),
            span: span_of(*cause),
        },
        Owed::Escape {
            leader,
            from,
            cause,
        } => WireOwed::Escape {
            leader: piece(state, *leader),
            from: slot_names(state, from),
            span: span_of(*cause),
        },
        Owed::Casualty {
            leader,
            attack,
            cause,
        } => WireOwed::Casualty {
            leader: piece(state, *leader),
            attack: word_of(&ATTACKS, *attack).to_string(),
            span: span_of(*cause),
        },
    }
}

fn owed_event(state: &State, owed: &WireOwed) -> Option<Owed> {
    Some(match owed {
        WireOwed::Morale {
            piece,
            rout_is_disruption,
            disruption_ignored,
            by,
            span: at,
        } => Owed::Morale {
            piece: find(state, piece)?,
            rout_is_disruption: *rout_is_disruption,
            disruption_ignored: *disruption_ignored,
            by: slots(state, by)?,
            cause: span(*at),
        },
        WireOwed::Rout {
            piece,
            pursuers,
            span: at,
        } => Owed::Rout {
            piece: find(state, piece)?,
            pursuers: slots(state, pursuers)?,
            cause: span(*at),
        },
        WireOwed::Pursue {
            piece,
            target,
            span: at,
        } => Owed::Pursue {
            piece: find(state, piece)?,
            target: find(state, target)?,
            cause: span(*at),
        },
        WireOwed::Displace { piece, span: at } => Owed::Displace {
            piece: find(state, piece)?,
            cause: span(*at),
        },
        WireOwed::Escape {
            leader,
            from,
            span: at,
        } => Owed::Escape {
            leader: find(state, leader)?,
            from: slots(state, from)?,
            cause: span(*at),
        },
        WireOwed::Casualty {
            leader,
            attack,
            span: at,
        } => Owed::Casualty {
            leader: find(state, leader)?,
            attack: value_of(&ATTACKS, attack)?,
            cause: span(*at),
        },
    })
}

fn chain_wire(state: &State, chain: &Chain) -> WireChain {
    WireChain {
        router: piece(state, chain.router),
        path: chain.path.iter().map(Cell::to_string).collect(),
        facing: chain.facing.map(Vertex::number),
        pursuers: slot_names(state, &chain.pursuers),
        span: span_of(chain.cause),
        links: chain
            .links
            .iter()
            .map(|link| WireLink {
                piece: piece(state, link.piece),
                from: link.from.to_string(),
                to: link.to.to_string(),
                facing: link.facing.map(Vertex::number),
            })
            .collect(),
        refused: chain.refused,
        next: chain.next.map(|c| c.to_string()),
    }
}

fn chain_event(state: &State, chain: &WireChain) -> Option<Chain> {
    Some(Chain {
        router: find(state, &chain.router)?,
        path: cells(&chain.path)?,
        facing: facing(chain.facing)?,
        pursuers: slots(state, &chain.pursuers)?,
        cause: span(chain.span),
        links: chain
            .links
            .iter()
            .map(|link| {
                Some(Link {
                    piece: find(state, &link.piece)?,
                    from: cell(&link.from)?,
                    to: cell(&link.to)?,
                    facing: facing(link.facing)?,
                })
            })
            .collect::<Option<_>>()?,
        refused: chain.refused,
        next: optional_cell(chain.next.as_ref())?,
    })
}

/// `event` as exported; `state` is the one it led to. Names come from the
/// roster, which no event changes; only `Stepped`'s `now` reads the state.
pub fn wire(state: &State, event: &Event) -> Wire {
    match event {
        Event::Deployed {
            piece: p,
            at,
            facing,
        } => Wire::Deployed {
            piece: piece(state, *p),
            at: at.to_string(),
            facing: facing.map(Vertex::number),
        },
        Event::PhaseStarted { turn, side } => Wire::Phase {
            turn: *turn,
            side: side_name(state, *side),
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
            from,
            path,
            facing,
        } => Wire::Moved {
            piece: piece(state, *p),
            from: from.map(|c| c.to_string()),
            path: path.iter().map(Cell::to_string).collect(),
            facing: facing.map(Vertex::number),
        },
        Event::Faced { piece: p, facing } => Wire::Faced {
            piece: piece(state, *p),
            facing: facing.number(),
        },
        Event::Acted { piece: p, flags } => Wire::Acted {
            piece: piece(state, *p),
            flags: flag_words(*flags),
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
        Event::Owe(owed) => Wire::Owe {
            owed: owed_wire(state, owed),
        },
        Event::Paid(index) => Wire::Paid { index: *index },
        Event::Displacing(chain) => Wire::Displacing {
            chain: chain.as_ref().map(|c| chain_wire(state, c)),
        },
        Event::Bound(pairs) => Wire::Bound {
            pairs: pairs
                .iter()
                .map(|&(a, b)| [piece(state, a), piece(state, b)])
                .collect(),
        },
        Event::LeaderStanding { piece: p, standing } => Wire::Leader {
            piece: piece(state, *p),
            standing: word_of(&LEADER_STANDINGS, *standing).to_string(),
        },
        Event::Wounded { piece: p } => Wire::Wounded {
            piece: piece(state, *p),
        },
        Event::ShakenUntil { piece: p, turn } => Wire::ShakenUntil {
            piece: piece(state, *p),
            turn: *turn,
        },
        Event::OrdersAged => Wire::OrdersAged,
        Event::GuardJoined => Wire::GuardJoined,
        Event::StrategyWritten { part, span } => Wire::StrategyWritten {
            part: part_word(*part),
            span: span_of(*span),
        },
        Event::Rerolled(formation) => Wire::Rerolled {
            formation: formation_word(*formation),
        },
        Event::HousecarlsHeld { wing, held } => Wire::HousecarlsHeld {
            wing: wing.word().to_string(),
            order: held.order.word().to_string(),
            turns: held.turns,
        },
        Event::Effect { part, effect } => Wire::Effect {
            part: part_word(*part),
            effect: *effect,
        },
        Event::Fired {
            firers,
            target,
            supplied,
            fire,
            defence,
            odds,
            die,
            result,
        } => Wire::Fired {
            firers: pieces(state, firers),
            target: piece(state, *target),
            supplied: pieces(state, supplied),
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
        Event::Joined { piece: p, wing } => Wire::Joined {
            piece: piece(state, *p),
            wing: wing.word().to_string(),
        },
        Event::Assigned { piece: p, wing } => Wire::Assigned {
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
            winner: verdict.winner.map(|s| side_name(state, s)),
            level: verdict.level().to_string(),
            decision: word_of(&DECISIONS, verdict.decision).to_string(),
            turn: verdict.turn,
        },
        Event::PlayedOn => Wire::PlayedOn,
        Event::ReformLosses(losses) => Wire::ReformLosses {
            losses: losses
                .iter()
                .map(|&(p, no_trace)| WireLoss {
                    piece: piece(state, p),
                    no_trace,
                })
                .collect(),
        },
        Event::Reformed { side } => Wire::Reformed {
            side: side_name(state, *side),
        },
    }
}

/// An exported event read back against the state it applies to; `None`
/// for names, cells and words the state or the rules do not know.
pub fn unwire(state: &State, wire: &Wire) -> Option<Event> {
    Some(match wire {
        Wire::Deployed {
            piece: p,
            at,
            facing: f,
        } => Event::Deployed {
            piece: find(state, p)?,
            at: cell(at)?,
            facing: facing(*f)?,
        },
        Wire::Phase { turn, side } => Event::PhaseStarted {
            turn: *turn,
            side: side_named(state, side)?,
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
            from,
            path,
            facing: f,
        } => Event::Moved {
            piece: find(state, p)?,
            from: optional_cell(from.as_ref())?,
            path: path.iter().map(|c| cell(c)).collect::<Option<_>>()?,
            facing: facing(*f)?,
        },
        Wire::Faced { piece: p, facing } => Event::Faced {
            piece: find(state, p)?,
            facing: Vertex::new(*facing)?,
        },
        Wire::Acted { piece: p, flags } => Event::Acted {
            piece: find(state, p)?,
            flags: flags_of(flags)?,
        },
        Wire::Standing { piece: p, standing } => Event::Standing {
            piece: find(state, p)?,
            standing: value_of(&STANDINGS, standing)?,
        },
        // `now` is what the step did, which the state it applies to tells.
        Wire::Stepped { piece: p, .. } => Event::Stepped {
            piece: find(state, p)?,
        },
        Wire::Owe { owed } => Event::Owe(owed_event(state, owed)?),
        Wire::Paid { index } => Event::Paid(*index),
        Wire::Displacing { chain } => Event::Displacing(match chain {
            Some(chain) => Some(chain_event(state, chain)?),
            None => None,
        }),
        Wire::Bound { pairs } => Event::Bound(
            pairs
                .iter()
                .map(|[a, b]| Some((find(state, a)?, find(state, b)?)))
                .collect::<Option<_>>()?,
        ),
        Wire::Leader { piece: p, standing } => Event::LeaderStanding {
            piece: find(state, p)?,
            standing: value_of(&LEADER_STANDINGS, standing)?,
        },
        Wire::Wounded { piece: p } => Event::Wounded {
            piece: find(state, p)?,
        },
        Wire::ShakenUntil { piece: p, turn } => Event::ShakenUntil {
            piece: find(state, p)?,
            turn: *turn,
        },
        Wire::OrdersAged => Event::OrdersAged,
        Wire::GuardJoined => Event::GuardJoined,
        Wire::StrategyWritten { part: p, span: at } => Event::StrategyWritten {
            part: part(p)?,
            span: span(*at),
        },
        Wire::Rerolled { formation: f } => Event::Rerolled(formation(f)?),
        Wire::HousecarlsHeld { wing, order, turns } => Event::HousecarlsHeld {
            wing: Wing::parse(wing)?,
            held: Held {
                order: Order::parse(order)?,
                turns: *turns,
            },
        },
        Wire::Effect { part: p, effect } => Event::Effect {
            part: part(p)?,
            effect: *effect,
        },
        Wire::Fired {
            firers,
            target,
            supplied,
            fire,
            defence,
            odds,
            die,
            result,
        } => Event::Fired {
            firers: find_all(state, firers)?,
            target: find(state, target)?,
            supplied: find_all(state, supplied)?,
            fire: *fire,
            defence: *defence,
            odds: match odds {
                Some(label) => Some(Column::ALL.into_iter().find(|c| c.label() == label)?),
                None => None,
            },
            die: *die,
            result: FireResult::parse(result)?,
        },
        // `differential` is `attack` less `defence`, for a reader.
        Wire::Fought {
            attackers,
            defenders,
            attack,
            defence,
            die,
            result,
            ..
        } => Event::Fought {
            attackers: find_all(state, attackers)?,
            defenders: find_all(state, defenders)?,
            attack: *attack,
            defence: *defence,
            die: *die,
            outcome: Outcome::parse(result)?,
        },
        Wire::Rolled {
            piece: p,
            check,
            die,
            result,
        } => {
            let check = Check::parse(check)?;
            Event::Rolled {
                piece: find(state, p)?,
                check,
                die: *die,
                result: check.result(result)?,
            }
        }
        Wire::Joined { piece: p, wing } => Event::Joined {
            piece: find(state, p)?,
            wing: Wing::parse(wing)?,
        },
        Wire::Assigned { piece: p, wing } => Event::Assigned {
            piece: find(state, p)?,
            wing: Wing::parse(wing)?,
        },
        Wire::Period { period, turn } => Event::PeriodStarted {
            period: *period,
            turn: *turn,
        },
        Wire::Extended { extension } => Event::Extended(Extension::parse(extension)?),
        // A draw is strategic as the rules record it (period.rs).
        Wire::Decided {
            winner,
            level,
            decision,
            turn,
        } => Event::Decided(Verdict {
            winner: match winner {
                Some(name) => Some(side_named(state, name)?),
                None => None,
            },
            strategic: level != "tactical",
            decision: value_of(&DECISIONS, decision)?,
            turn: *turn,
        }),
        Wire::PlayedOn => Event::PlayedOn,
        Wire::ReformLosses { losses } => Event::ReformLosses(
            losses
                .iter()
                .map(|loss| Some((find(state, &loss.piece)?, loss.no_trace)))
                .collect::<Option<_>>()?,
        ),
        Wire::Reformed { side } => Event::Reformed {
            side: side_named(state, side)?,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hastings_1066::event::Pieces;
    use crate::hastings_1066::setup::setup;
    use crate::hastings_1066::tables::MeleeResult;

    fn sample() -> State {
        let text = include_str!("../../../../samples/hastings-1066-st.sbn");
        let archive = senlac_notation::parse(text);
        setup(&archive.battles[0], &mut Vec::new()).fold(crate::hastings_1066::event::apply)
    }

    /// The exported name of the event's variant; exhaustive, so a new
    /// variant must be named here and then given one in [`one_of_each`].
    fn variant(event: &Event) -> &'static str {
        match event {
            Event::Deployed { .. } => "deployed",
            Event::PhaseStarted { .. } => "phase",
            Event::SegmentStarted(_) => "segment",
            Event::OrderHeld { .. } => "order",
            Event::Moved { .. } => "moved",
            Event::Faced { .. } => "faced",
            Event::Acted { .. } => "acted",
            Event::Standing { .. } => "standing",
            Event::Stepped { .. } => "stepped",
            Event::Owe(_) => "owe",
            Event::Paid(_) => "paid",
            Event::Displacing(_) => "displacing",
            Event::Bound(_) => "bound",
            Event::LeaderStanding { .. } => "leader",
            Event::Wounded { .. } => "wounded",
            Event::ShakenUntil { .. } => "shaken-until",
            Event::OrdersAged => "orders-aged",
            Event::GuardJoined => "guard-joined",
            Event::StrategyWritten { .. } => "strategy-written",
            Event::Rerolled(_) => "rerolled",
            Event::Joined { .. } => "joined",
            Event::HousecarlsHeld { .. } => "housecarls-held",
            Event::Effect { .. } => "effect",
            Event::Fired { .. } => "fired",
            Event::Fought { .. } => "fought",
            Event::Rolled { .. } => "rolled",
            Event::Assigned { .. } => "assigned",
            Event::Extended(_) => "extended",
            Event::PeriodStarted { .. } => "period",
            Event::Decided(_) => "decided",
            Event::PlayedOn => "played-on",
            Event::ReformLosses(_) => "reform-losses",
            Event::Reformed { .. } => "reformed",
        }
    }

    fn one_of_each() -> Vec<Event> {
        let cause = Span { start: 12, end: 40 };
        let hex = |column, row| Cell { column, row };
        let pieces = |indices: &[usize]| indices.iter().copied().collect::<Pieces>();
        let held = Held {
            order: Order::Hold,
            turns: 2,
        };
        vec![
            Event::Deployed {
                piece: 3,
                at: hex(6, 4),
                facing: Vertex::new(5),
            },
            Event::Deployed {
                piece: 0,
                at: hex(6, 5),
                facing: None,
            },
            Event::PhaseStarted {
                turn: 3,
                side: Side::Saxons,
            },
            Event::SegmentStarted(Segment::DefensiveFire),
            Event::OrderHeld {
                formation: Formation::Section(Nation::Breton, Arm::Knight),
                held,
            },
            Event::Moved {
                piece: 5,
                from: Some(hex(14, 11)),
                path: [hex(13, 12), hex(12, 12)].into_iter().collect(),
                facing: Vertex::new(4),
            },
            Event::Moved {
                piece: 0,
                from: None,
                path: [hex(13, 11)].into_iter().collect(),
                facing: None,
            },
            Event::Faced {
                piece: 13,
                facing: Vertex::ALL[0],
            },
            Event::Acted {
                piece: 5,
                flags: PhaseFlags {
                    moved: true,
                    charged: true,
                    charged_downhill: true,
                    fired_at: true,
                    ..PhaseFlags::default()
                },
            },
            Event::Standing {
                piece: 18,
                standing: Standing::Routed,
            },
            Event::Stepped { piece: 18 },
            Event::Owe(Owed::Morale {
                piece: 18,
                rout_is_disruption: true,
                disruption_ignored: false,
                by: [Some(5), Some(9), None],
                cause,
            }),
            Event::Owe(Owed::Rout {
                piece: 18,
                pursuers: [Some(5), None, None],
                cause,
            }),
            Event::Owe(Owed::Pursue {
                piece: 5,
                target: 18,
                cause,
            }),
            Event::Owe(Owed::Displace { piece: 19, cause }),
            Event::Owe(Owed::Escape {
                leader: 17,
                from: [Some(5), Some(9), Some(10)],
                cause,
            }),
            Event::Owe(Owed::Casualty {
                leader: 2,
                attack: Attack::Melee,
                cause,
            }),
            Event::Paid(0),
            Event::Displacing(Some(Chain {
                router: 18,
                path: vec![hex(7, 15), hex(7, 16)],
                facing: Vertex::new(2),
                pursuers: [Some(5), None, None],
                cause,
                links: vec![Link {
                    piece: 19,
                    from: hex(7, 16),
                    to: hex(7, 17),
                    facing: None,
                }],
                refused: true,
                next: Some(hex(7, 17)),
            })),
            Event::Displacing(None),
            Event::Bound(vec![(5, 18), (9, 19)]),
            Event::LeaderStanding {
                piece: 2,
                standing: LeaderStanding::Shaken,
            },
            Event::Wounded { piece: 2 },
            Event::ShakenUntil { piece: 2, turn: 4 },
            Event::OrdersAged,
            Event::GuardJoined,
            Event::StrategyWritten {
                part: Part::Wing(Wing::Center),
                span: cause,
            },
            Event::StrategyWritten {
                part: Part::Nation(Nation::Flemish),
                span: cause,
            },
            Event::Rerolled(Formation::Wing(Wing::Left)),
            Event::Joined {
                piece: 18,
                wing: Wing::Right,
            },
            Event::HousecarlsHeld {
                wing: Wing::Left,
                held,
            },
            Event::Effect {
                part: Part::Nation(Nation::Norman),
                effect: -1,
            },
            Event::Fired {
                firers: pieces(&[7, 8]),
                target: 18,
                supplied: pieces(&[7]),
                fire: 4,
                defence: 3,
                odds: Some(Column::OneHalfToOne),
                die: Some(5),
                result: FireResult::Disrupted,
            },
            Event::Fired {
                firers: pieces(&[7]),
                target: 18,
                supplied: pieces(&[]),
                fire: 1,
                defence: 5,
                odds: None,
                die: None,
                result: FireResult::NoEffect,
            },
            Event::Fought {
                attackers: pieces(&[5, 9]),
                defenders: pieces(&[18]),
                attack: 10,
                defence: 7,
                die: Some(3),
                outcome: Outcome::new(MeleeResult::Morale, MeleeResult::StepMorale),
            },
            Event::Rolled {
                piece: 18,
                check: Check::Morale,
                die: 6,
                result: "R",
            },
            Event::Rolled {
                piece: 18,
                check: Check::Rally,
                die: 2,
                result: super::super::rally::STILL_DISRUPTED,
            },
            Event::Rolled {
                piece: 2,
                check: Check::Casualty,
                die: 11,
                result: "wounded-2",
            },
            Event::Assigned {
                piece: 19,
                wing: Wing::Center,
            },
            Event::Extended(Extension::ThreeQuarters),
            Event::PeriodStarted { period: 2, turn: 9 },
            Event::Decided(Verdict {
                winner: Some(Side::Normans),
                strategic: false,
                decision: Decision::Road,
                turn: 12,
            }),
            Event::Decided(Verdict {
                winner: None,
                strategic: true,
                decision: Decision::Time,
                turn: 16,
            }),
            Event::PlayedOn,
            Event::ReformLosses(vec![(18, true), (19, false)]),
            Event::Reformed { side: Side::Saxons },
        ]
    }

    /// docs/schema/hastings-1066.events.schema.json describes every event, and
    /// no other.
    #[test]
    fn the_schema_names_every_event() {
        crate::wire_check::schema_names_every_event(
            include_str!("../../../../docs/schema/hastings-1066.events.schema.json"),
            &one_of_each(),
            variant,
        );
    }

    #[test]
    fn every_event_round_trips_through_json() {
        crate::wire_check::round_trips(&sample(), one_of_each(), 33, variant, wire, unwire);
    }

    #[test]
    fn pieces_hexes_and_words_are_named() {
        let state = sample();
        let events = one_of_each();
        let first = |name: &str| {
            let event = events.iter().find(|e| variant(e) == name).unwrap();
            serde_json::to_value(wire(&state, event)).unwrap()
        };
        let acted = first("acted");
        assert_eq!(
            acted,
            serde_json::json!({
                "event": "acted", "piece": "Normans.NK1",
                "flags": ["moved", "fired-at", "charged", "charged-downhill"],
            })
        );
        let fired = first("fired");
        assert_eq!(fired["odds"], "1.5-1");
        assert_eq!(fired["supplied"], serde_json::json!(["Normans.NB1"]));
        assert_eq!(first("strategy-written")["part"], "center wing");
        let unknown = Wire::Rolled {
            piece: "Normans.WIL".to_string(),
            check: "rally".to_string(),
            die: 2,
            result: "rallied at last".to_string(),
        };
        assert_eq!(unwire(&state, &unknown), None);
        let four = Wire::Owe {
            owed: WireOwed::Rout {
                piece: "Normans.WIL".to_string(),
                pursuers: vec!["Normans.WG".to_string(); 4],
                span: [0, 1],
            },
        };
        assert_eq!(unwire(&state, &four), None);
    }
}
