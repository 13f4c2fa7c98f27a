//! Random legal Hastings: 1066 battles, the same for the same seed: a
//! benchmark corpus, a fuzzing seed and a demo.
//!
//! A reduced map section in the shape of the spec's example (Senlac Hill to
//! the west, the Normans below it to the east, woods, marsh, a road, ridge
//! and stream hexsides) with armies of a few sections and wings each, then
//! several Battle Turns: orders for every wing and nationality, fire, moves
//! toward the enemy, melee, rally and the Turn Record. Every line is
//! proposed as text and kept only if the engine accepts it on a copy of the
//! state, so generated battles stay legal by construction, whatever the
//! checks become; the consequences a line owes (morale checks, routs,
//! pursuits, casualty rolls, escapes) are written as soon as they are owed.
//! Claims are read off what the engine did with the line, never computed
//! here.

use std::collections::HashSet;

use senlac_board::facing::Vertex;
use senlac_board::{Cell, hex};
use senlac_notation::lower::Step;
use senlac_notation::seeded::Rng;
use senlac_notation::{BattleText, Span, parse};

use super::Hastings1066;
use super::ground::{self, Mover};
use super::lines::{self, Tried, claimed, fire_claim, melee_claim, path_text, routes, try_line};
use super::movement;
use super::orders::{leader_of, members, section_word};
use super::play;
use super::rally;
use super::record;
use super::reform;
use super::setup::setup;
use super::state::{Formation, Nation, Owed, Part, Segment, Standing, State, Wing};
use super::tables::{Arm, Kind, Order, Side};
use crate::doubt::Doubt;
use crate::fold::Fold;

const COLUMNS: u8 = 16;
const ROWS: u8 = 22;

/// Hands `battles` random legal battles to `each`, one at a time (with the
/// blank line that separates it from the one before).
pub fn generate_each(battles: u32, seed: u64, each: &mut dyn FnMut(&str)) {
    let mut rng = Rng::new(seed);
    for index in 0..battles {
        let mut text = battle(index, &mut rng);
        if index > 0 {
            text.insert(0, '\n');
        }
        each(&text);
    }
}

// ------------------------------------------------------------------ setup

fn cell(column: u8, row: u8) -> Cell {
    Cell { column, row }
}

/// A rectangle of cells as the setup writes it (`0101-0222`).
fn rect(a: Cell, b: Cell) -> String {
    if a == b {
        a.to_string()
    } else {
        format!("{a}-{b}")
    }
}

/// The setup's pieces as they are written: lines, and deployments by side.
struct Army {
    lines: Vec<String>,
    deploy: Vec<String>,
}

/// Cells already taken by a combat unit at setup, and where the side being
/// placed may stand (its deployment area, HS-R56).
struct Placer {
    used: HashSet<Cell>,
    /// The first column and row the side may use.
    first: (u8, u8),
}

impl Placer {
    /// The free cell nearest `want` down the same column, then the next.
    fn place(&mut self, want: Cell) -> Cell {
        let (first_column, first_row) = self.first;
        for shift in 0..ROWS {
            for column in [want.column, want.column + 1, want.column.saturating_sub(1)] {
                let row = (want.row + shift - 1) % ROWS + 1;
                let at = cell(column.clamp(1, COLUMNS), row);
                if at.column >= first_column && at.row >= first_row && self.used.insert(at) {
                    return at;
                }
            }
        }
        want
    }
}

/// The map section: elevations, Senlac Hill, woods, marsh, a road, ridge
/// and stream hexsides. Returns the hill's last column.
fn map(rng: &mut Rng, text: &mut BattleText) -> u8 {
    let hill = rng.range(6, 7) as u8;
    text.setup(format_args!("map hex {COLUMNS}x{ROWS} parity even"));
    text.setup(format_args!(
        "terrain elevation=250 {} {}",
        rect(cell(1, 1), cell(2, ROWS)),
        rect(cell(hill, 1), cell(hill, ROWS))
    ));
    text.setup(format_args!(
        "terrain elevation=275 {} {{ the top of Senlac Hill }}",
        rect(cell(3, 1), cell(hill - 1, ROWS))
    ));
    text.setup(format_args!(
        "terrain elevation=225 {}",
        rect(cell(hill + 1, 1), cell(hill + 1, ROWS))
    ));
    text.setup(format_args!(
        "terrain elevation=175 {}",
        rect(cell(hill + 2, 1), cell(COLUMNS, ROWS))
    ));
    text.setup(format_args!(
        "terrain senlac-hill {}",
        rect(cell(1, 1), cell(hill, ROWS))
    ));
    // Woods and marsh in the valley, off the lines the armies hold.
    let mut woods = Vec::new();
    for _ in 0..rng.between(1, 3) {
        let column = rng.range(u64::from(hill) + 2, 10) as u8;
        let row = rng.range(2, u64::from(ROWS) - 2) as u8;
        woods.push(rect(cell(column, row), cell(column, row + 1)));
    }
    text.setup(format_args!("terrain woods {}", woods.join(" ")));
    if rng.chance(70) {
        let column = rng.range(u64::from(hill) + 2, 10) as u8;
        let row = rng.range(2, u64::from(ROWS) - 2) as u8;
        text.setup(format_args!(
            "terrain marsh {}",
            rect(cell(column, row), cell(column, row + 1))
        ));
    }
    let road_row = rng.range(12, 16) as u8;
    let road: Vec<String> = (1..=COLUMNS)
        .map(|c| cell(c, road_row).to_string())
        .collect();
    text.setup(format_args!("terrain road {}", road.join(" ")));
    // A ridge along the foot of the hill, a stream across the valley.
    let from = rng.range(3, 10) as u8;
    let ridge: Vec<String> = (from..from + rng.range(2, 6) as u8)
        .map(|r| format!("{}/{}", cell(hill, r), cell(hill + 1, r)))
        .collect();
    text.setup(format_args!("hexside ridge {}", ridge.join(" ")));
    let column = rng.range(u64::from(hill) + 3, 13) as u8;
    let from = rng.range(2, 16) as u8;
    let stream: Vec<String> = (from..from + rng.range(2, 4) as u8)
        .map(|r| format!("{}/{}", cell(column, r), cell(column + 1, r)))
        .collect();
    text.setup(format_args!("hexside stream {}", stream.join(" ")));
    text.setup("option variable-deployment");
    text.setup("option partial");
    hill
}

/// The Normans: William (with his Guard, sometimes), a nationality or
/// three, each of foot, bowmen and knights, with its leader.
fn normans(rng: &mut Rng, placer: &mut Placer) -> Army {
    let mut lines =
        vec!["army Normans \"William, Duke of Normandy\" leader \"William\"".to_string()];
    let mut deploy = Vec::new();
    let nations: Vec<(Nation, &str, &str, &str, u8)> = [
        (Nation::Flemish, "F", "EUS", "Eustace of Boulogne", 6),
        (Nation::Norman, "N", "ODO", "Odo of Bayeux", 11),
        (Nation::Breton, "B", "ALN", "Alan the Red", 16),
    ]
    .into_iter()
    .filter(|&(n, ..)| n == Nation::Norman || rng.chance(70))
    .collect();
    let front = rng.range(11, 12) as u8;
    let guard = rng.chance(50);
    let wil = "unit WIL \"William\" leader nation=norman command=5 rally=2".to_string();
    lines.push(wil);
    for &(nation, prefix, id, name, row) in &nations {
        let word = nation.word();
        let (foot, wall, grade) = if nation == Nation::Norman {
            ("Norman", 5, "C")
        } else {
            (
                if nation == Nation::Breton {
                    "Breton"
                } else {
                    "Franco-Flemish"
                },
                4,
                "D",
            )
        };
        if rng.chance(70) || nation == Nation::Norman {
            lines.push(format!(
                "unit {id} \"{name}\" leader nation={word} command=3 rally=1"
            ));
        }
        let mut row = row;
        let mut first = None;
        for n in 1..=rng.range(1, 2) {
            let at = placer.place(cell(front, row));
            row = at.row + 1;
            first.get_or_insert(at);
            lines.push(format!(
                "unit {prefix}F{n} \"{foot} foot\" foot {grade} melee=4 defense={} wall={wall} nation={word}",
                if nation == Nation::Norman { 4 } else { 3 }
            ));
            deploy.push(format!("{prefix}F{n}@{at}^5"));
        }
        for n in 1..=rng.range(0, 2) {
            let at = placer.place(cell(front - 1, row - 1));
            lines.push(format!(
                "unit {prefix}B{n} \"{foot} bowmen\" bowmen D melee=2 defense=2 missile=bow nation={word}"
            ));
            deploy.push(format!("{prefix}B{n}@{at}^5"));
        }
        for n in 1..=rng.range(1, 2) {
            let at = placer.place(cell(front + 2, row - 1));
            lines.push(format!(
                "unit {prefix}K{n} \"{foot} knights\" knights C melee=5 defense=4 nation={word}"
            ));
            deploy.push(format!("{prefix}K{n}@{at}^5"));
        }
        if lines.iter().any(|l| l.starts_with(&format!("unit {id} ")))
            && let Some(at) = first
        {
            deploy.push(format!("{id}@{at}"));
        }
    }
    let wil_at = if guard {
        let at = placer.place(cell(front + 2, 11));
        lines.push(
            "unit WG \"William's Guard\" guard A melee=6 defense=5 nation=norman".to_string(),
        );
        deploy.push(format!("WG@{at}^5"));
        at
    } else {
        cell(front + 3, 11)
    };
    deploy.push(format!("WIL@{wil_at}"));
    Army { lines, deploy }
}

/// The Saxons: Harold's centre of housecarls and bowmen, and a wing or two
/// of thegns and fyrd under Leofwine and Gyrth; a Great Fyrd reinforcement
/// or two, sometimes.
fn saxons(rng: &mut Rng, placer: &mut Placer, hill: u8) -> Army {
    let mut lines =
        vec!["army Saxons \"Harold Godwinson, King of the English\" leader \"Harold\"".to_string()];
    let mut deploy = Vec::new();
    let mut wings: Vec<(Wing, &str, &str, u8)> =
        vec![(Wing::Center, "HAR", "Harold Godwinson", 10)];
    if rng.chance(70) {
        wings.push((Wing::Left, "LEO", "Leofwine", 5));
    }
    if rng.chance(70) {
        wings.push((Wing::Right, "GYR", "Gyrth", 15));
    }
    let bowmen = rng.chance(70);
    // The centre's bowmen count toward its share.
    let mut sizes: Vec<usize> = wings
        .iter()
        .map(|&(w, ..)| rng.between(2, 4) + usize::from(w == Wing::Center && bowmen))
        .collect();
    // Each wing holds its share of the army (4.1.2): a fifth with three
    // leaders, a third with two.
    let share = match wings.len() {
        3 => 5,
        2 => 3,
        _ => 1,
    };
    while let Some(small) = (0..sizes.len()).find(|&w| share * sizes[w] < sizes.iter().sum()) {
        sizes[small] += 1;
    }
    let front = hill;
    let mut fyrd = 0;
    for (&(wing, id, name, row), &size) in wings.iter().zip(&sizes) {
        let word = wing.word();
        // Radii wide and alike, so that the wings can keep their shares as
        // units fall (4.1.3) with no unit nearer another leader.
        let command = 5;
        // Leofwine rallies only his own hex (10.3.3).
        let rally = u8::from(id != "LEO");
        lines.push(format!(
            "unit {id} \"{name}\" leader wing={word} command={command} rally={rally}"
        ));
        let mut leader_at = None;
        let archers = usize::from(wing == Wing::Center && bowmen);
        for n in 0..size - archers {
            let at = placer.place(cell(front, row + n as u8));
            let line = match (wing, n) {
                (Wing::Center, 0..=2) => format!(
                    "unit HC{} \"Housecarls\" housecarls A melee=7 defense=5 wall=8 wing=center",
                    n + 1
                ),
                (_, 0) if rng.chance(60) => format!(
                    "unit T{}{} \"Thegns\" thegns C melee=4 defense=4 wall=6 wing={word}",
                    &word[..1].to_uppercase(),
                    1
                ),
                _ => {
                    fyrd += 1;
                    let javelin = if rng.chance(25) {
                        " missile=javelin"
                    } else {
                        ""
                    };
                    format!(
                        "unit F{fyrd} \"Fyrd\" fyrd D melee=3 defense=3 wall=4{javelin} wing={word}"
                    )
                }
            };
            let unit = line
                .split_whitespace()
                .nth(1)
                .unwrap_or_default()
                .to_string();
            lines.push(line);
            deploy.push(format!("{unit}@{at}^2"));
            if n == (size - archers) / 2 {
                leader_at = Some(at);
            }
        }
        if archers > 0 {
            let at = placer.place(cell(front - 1, row + 1));
            lines.push(
                "unit SB1 \"Saxon bowmen\" bowmen D melee=1 defense=2 missile=bow wing=center"
                    .to_string(),
            );
            deploy.push(format!("SB1@{at}^2"));
        }
        if let Some(at) = leader_at {
            deploy.push(format!("{id}@{at}"));
        }
    }
    for n in 1..=rng.range(0, 2) {
        lines.push(format!(
            "unit GF{n} \"Great fyrd\" fyrd E melee=2 defense=2 wall=3 arrives={}",
            rng.range(1, 2)
        ));
    }
    Army { lines, deploy }
}

/// How many times a battle is drawn again when the engine found something
/// in it (see [`Writer::findings`]).
const DRAWS: u32 = 8;

/// One battle: drawn again, from where the dice stand, when a segment's
/// close found something the lines could not avoid (a rare position where
/// no redrawing of the Saxon wings keeps both their shares and their
/// radii), so that every battle handed out replays clean.
fn battle(index: u32, rng: &mut Rng) -> String {
    let mut last = String::new();
    for _ in 0..DRAWS {
        let (text, findings) = draw(index, rng);
        if findings == 0 {
            return text;
        }
        last = text;
    }
    last
}

/// One draw of a battle and the findings the engine made in it.
fn draw(index: u32, rng: &mut Rng) -> (String, usize) {
    let mut text = BattleText::new();
    text.tag("Battle", format_args!("Senlac {}", index + 1))
        .tag("Site", "Generated")
        .tag("Date", "1066-10-14")
        .tag("Rules", "hastings-1066/st")
        .tag("Sides", "Normans Saxons")
        .tag("Result", "*")
        .blank();
    let hill = map(rng, &mut text);
    text.blank();
    // The Normans four hexes and more from the hill, within rows 06 to 26
    // (11.5.4, HS-R56); the Saxons on it.
    let mut placer = Placer {
        used: HashSet::new(),
        first: (
            hill + reform::NORMAN_DISTANCE as u8,
            *reform::NORMAN_ROWS.start(),
        ),
    };
    // The entry hex stays clear for the Great Fyrd (11.4.1).
    placer.used.insert(ground::ENTRY_HEX);
    let normans = normans(rng, &mut placer);
    placer.first = (1, 1);
    let saxons = saxons(rng, &mut placer, hill);
    for line in normans.lines.iter().chain(&saxons.lines) {
        text.setup(line);
    }
    text.blank();
    for (side, army) in [("Normans", &normans), ("Saxons", &saxons)] {
        for chunk in army.deploy.chunks(8) {
            text.setup(format_args!("deploy {side} {}", chunk.join(" ")));
        }
    }
    text.blank();

    let setup_text = text.as_str().to_string();
    let archive = parse(&setup_text);
    let Some(parsed) = archive.battles.first() else {
        return (text.finish(), 1);
    };
    let mut out = Vec::new();
    let state = setup(parsed, &mut out).fold(super::event::apply);
    let mut writer = Writer {
        state,
        doubt: Doubt::default(),
        pending: None,
        findings: out.len(),
        text,
        rng,
    };
    let turns = writer.rng.range(4, 7) as u32;
    for turn in 1..=turns {
        writer.turn(turn, Side::Normans);
        writer.orders();
        writer.phase(Side::Normans);
        if writer.now().verdict.is_some() {
            writer.end();
            break;
        }
        writer.turn(turn, Side::Saxons);
        writer.phase(Side::Saxons);
        if writer.now().verdict.is_some() {
            writer.end();
            break;
        }
        writer.record();
        // A broken army ends the battle: too few units to redraw the wings.
        let broken = turn >= 4
            && Side::ALL
                .into_iter()
                .any(|side| writer.units(side).len() < 4);
        if turn == turns || broken {
            break;
        }
        writer.text.blank();
    }
    let mut out = Vec::new();
    play::finish(
        &mut Fold::new(&mut writer.state, &mut Vec::new(), &mut writer.doubt),
        Span::default(),
        &mut out,
    );
    (writer.text.finish(), writer.findings + out.len())
}

// ------------------------------------------------------------- the writer

/// The battle being written and its state.
struct Writer<'r> {
    state: State,
    /// What the engine stopped trusting (nothing, in a sound battle).
    doubt: Doubt,
    /// A segment label not written yet, and the state it opens: written
    /// with the first line kept under it, dropped if none is.
    pending: Option<(&'static str, State, usize)>,
    /// What the engine found at the labels and turn lines written so far:
    /// the closes of segments (0 in a sound battle).
    findings: usize,
    text: BattleText,
    rng: &'r mut Rng,
}

impl Writer<'_> {
    /// The state lines are tried against: the pending label's, or the
    /// battle's.
    fn now(&self) -> &State {
        self.pending.as_ref().map_or(&self.state, |(_, s, _)| s)
    }

    fn id(&self, piece: usize) -> String {
        lines::id(&self.state, piece)
    }

    fn step(&mut self, step: &Step<'_, '_>) {
        let out = crate::trial::play(&Hastings1066, &mut self.state, &mut self.doubt, step);
        self.findings += out.len();
    }

    /// `N. SIDE`.
    fn turn(&mut self, number: u32, side: Side) {
        self.pending = None;
        self.step(&Step::Turn {
            number,
            side: side.word(),
            span: Span::default(),
        });
        self.text.turn(number, side.word());
    }

    /// Opens a segment: its label waits for the first line kept under it.
    fn open(&mut self, segment: Segment) {
        let label = segment.label();
        // A label nothing was written under is left out.
        let step = Step::Phase {
            name: label,
            span: Span::default(),
        };
        let trial = crate::trial::step(&Hastings1066, &self.state, &self.doubt, &step);
        self.pending = Some((label, trial.state, trial.violations.len()));
    }

    /// Keeps a line the engine accepted, writing the label it stands under.
    fn keep(&mut self, line: &str, trial: Tried) {
        if let Some((label, _, found)) = self.pending.take() {
            self.text.phase(label);
            self.findings += found;
        }
        self.state = trial.state;
        self.text.action(line);
    }

    /// Tries a line; keeps it if the engine accepts it.
    fn attempt(&mut self, line: &str) -> bool {
        match try_line(self.now(), line).filter(Tried::accepted) {
            Some(trial) => {
                self.keep(line, trial);
                true
            }
            None => false,
        }
    }

    /// Tries a line, then keeps it with the claim `claim` reads off what it
    /// did, if the engine accepts that too.
    fn attempt_claimed(
        &mut self,
        line: &str,
        claim: impl Fn(&State, &Tried) -> Vec<String>,
    ) -> bool {
        match claimed(self.now(), line, claim) {
            Some((line, trial)) => {
                self.keep(&line, trial);
                true
            }
            None => false,
        }
    }

    fn d6(&mut self) -> u64 {
        self.rng.range(1, 6)
    }

    // ---------------------------------------------------------- owed

    /// Writes everything owed, each as soon as it can be.
    fn settle(&mut self) {
        for _ in 0..64 {
            let owed = self.now().owed.clone();
            if owed.is_empty() {
                return;
            }
            if !owed.into_iter().any(|o| self.pay(o)) {
                return;
            }
        }
    }

    fn pay(&mut self, owed: Owed) -> bool {
        match owed {
            Owed::Morale { piece, .. } => self.morale(piece),
            Owed::Rout { piece, .. } => self.retreat(piece, "rout"),
            Owed::Pursue { piece, target, .. } => self.pursue(piece, target),
            Owed::Casualty { leader, .. } => self.casualty(leader),
            Owed::Escape { leader, from, .. } => {
                let from: Vec<usize> = from.into_iter().flatten().collect();
                self.escape(leader, &from)
            }
            // Displacement chains are not generated: a battle that needs
            // one is drawn again.
            Owed::Displace { .. } => false,
        }
    }

    fn morale(&mut self, piece: usize) -> bool {
        let id = self.id(piece);
        let line = format!("{id} morale d6:{}", self.d6());
        self.attempt_claimed(&line, lines::standing_claim(piece))
    }

    /// A rout or a withdrawal, by the engine's path of least resistance.
    fn retreat(&mut self, piece: usize, verb: &str) -> bool {
        lines::retreat(self.now(), piece, verb).is_some_and(|line| self.attempt(&line))
    }

    /// A pursuit: each step nearer the routed unit until next to it.
    fn pursue(&mut self, piece: usize, target: usize) -> bool {
        for path in lines::pursuits(self.now(), piece, target) {
            let Some(line) = lines::pursuit_line(self.now(), piece, target, &path) else {
                continue;
            };
            if self.attempt(&line) {
                return true;
            }
        }
        false
    }

    fn casualty(&mut self, leader: usize) -> bool {
        let id = self.id(leader);
        let (a, b, c) = (self.d6(), self.d6(), self.d6());
        let claim = lines::casualty_claim(leader);
        let line = format!("{id} casualty 2d6:{a}+{b}");
        self.attempt_claimed(&line, &claim)
            || self.attempt_claimed(&format!("{line} d6:{c}"), &claim)
    }

    /// A lone leader's escape: at most three hexes, three or more from
    /// the enemies that forced it; captured when there is none.
    fn escape(&mut self, leader: usize, from: &[usize]) -> bool {
        let id = self.id(leader);
        for path in lines::escapes(self.now(), leader, from)
            .into_iter()
            .take(24)
        {
            if self.attempt(&format!("{id} escape {}", path_text(&path))) {
                return true;
            }
        }
        self.attempt(&format!("{id} escape => {id} captured"))
    }

    // ---------------------------------------------------------- orders

    /// The Order Phase: the Saxons' wings as the leaders stand, then a
    /// strategy and its roll for every wing and nationality that needs one.
    fn orders(&mut self) {
        self.open(Segment::Orders);
        self.joins();
        for nation in Nation::ALL {
            let sections: Vec<Arm> = Arm::ALL
                .into_iter()
                .filter(|&arm| {
                    let f = Formation::Section(nation, arm);
                    !self.now().carried.contains(&f) && members(self.now(), f).next().is_some()
                })
                .collect();
            if sections.is_empty() {
                continue;
            }
            for _ in 0..4 {
                let claim: Vec<String> = sections
                    .iter()
                    .map(|&arm| {
                        let order = self.norman_order(arm);
                        format!("{} {order}", section_word(nation, arm))
                    })
                    .collect();
                let line = format!(
                    "{} strategy {} => {}",
                    nation.word(),
                    self.roll(),
                    claim.join(" ")
                );
                if self.attempt(&line) {
                    break;
                }
            }
        }
        for wing in Wing::ALL {
            let f = Formation::Wing(wing);
            if self.now().carried.contains(&f) || leader_of(self.now(), wing).is_none() {
                continue;
            }
            // A wing whose order runs on keeps its members while the others
            // are redrawn, and may fall short of its share with no join to
            // mend it: two-turn orders only where there is one wing.
            let one_wing = Wing::ALL
                .into_iter()
                .filter(|&w| leader_of(self.now(), w).is_some())
                .count()
                == 1;
            for _ in 0..4 {
                let mut order = self.saxon_order();
                if !one_wing {
                    order = order.replace(" turns=2", "");
                }
                let line = format!("{} strategy {} => {order}", wing.word(), self.roll());
                if self.attempt(&line) {
                    break;
                }
            }
        }
    }

    /// `STRATEGY 2d6:a+b`.
    fn roll(&mut self) -> String {
        let strategy = *self
            .rng
            .pick(&["defensive", "cautious", "moderate", "aggressive"]);
        format!("{strategy} 2d6:{}+{}", self.d6(), self.d6())
    }

    /// The order a roll gave a Norman section (the Order Tables are not in
    /// the document, so the log says which).
    fn norman_order(&mut self, arm: Arm) -> String {
        let roll = self.rng.range(1, 100);
        match arm {
            Arm::Foot if roll <= 70 => "advance-to-combat".into(),
            Arm::Foot if roll <= 90 => "fire-in-place".into(),
            Arm::Foot => "shield-wall".into(),
            Arm::Knight if roll <= 45 => "advance".into(),
            Arm::Knight if roll <= 65 => "charge".into(),
            Arm::Knight if roll <= 85 => "charge turns=2".into(),
            Arm::Knight => "hold".into(),
        }
    }

    fn saxon_order(&mut self) -> String {
        let roll = self.rng.range(1, 100);
        match roll {
            0..=35 => "shield-wall",
            36..=60 => "advance-to-combat",
            61..=75 => "attack-pursue",
            76..=85 => "attack-pursue turns=2",
            _ => "fire-in-place",
        }
        .into()
    }

    /// Saxon units change wings (4.1.2): the wings are redrawn so that each
    /// holds its share of the army (4.1.3, a hard limit) and, as far as can
    /// be, no unit stands beyond its own leader's command radius but within
    /// another's (HS-R29, a warning): a few rounds of moving single units,
    /// fewest changes first.
    fn joins(&mut self) {
        let state = self.now().clone();
        let parity = state.roster.parity;
        let open: Vec<(Wing, usize)> = Wing::ALL
            .into_iter()
            .filter(|&w| !state.carried.contains(&Formation::Wing(w)))
            .filter_map(|w| leader_of(&state, w).map(|l| (w, l)))
            .collect();
        if open.is_empty() {
            return;
        }
        let leaders: Vec<usize> = Wing::ALL
            .into_iter()
            .filter_map(|w| leader_of(&state, w))
            .collect();
        let share = match leaders.len() {
            3 => 5,
            2 => 3,
            _ => 0,
        };
        let inside =
            |unit: usize, leader: usize| match (state.pieces[unit].at, state.pieces[leader].at) {
                (Some(a), Some(b)) => {
                    hex::distance(a, b, parity)
                        <= ground::command_radius(&state, leader).unwrap_or(0)
                }
                _ => false,
            };
        let mut fixed: Vec<(Wing, usize)> = Vec::new();
        let mut wing_of: Vec<(usize, Wing)> = Vec::new();
        for wing in Wing::ALL {
            for unit in members(&state, Formation::Wing(wing)) {
                if state.carried.contains(&Formation::Wing(wing)) {
                    fixed.push((wing, unit));
                } else {
                    wing_of.push((unit, wing));
                }
            }
        }
        let available = wing_of.len() + fixed.len();
        // (shares broken, leaderless wings, warnings, joins)
        let cost = |list: &[(usize, Wing)]| {
            let size = |w: Wing| {
                list.iter().filter(|(_, x)| *x == w).count()
                    + fixed.iter().filter(|(x, _)| *x == w).count()
            };
            // How many units the wings lack of their shares.
            let short: usize = Wing::ALL
                .into_iter()
                .filter(|&w| share > 0 && leader_of(&state, w).is_some())
                .map(|w| available.div_ceil(share).saturating_sub(size(w)))
                .sum();
            let orphaned = list
                .iter()
                .filter(|(_, w)| leader_of(&state, *w).is_none())
                .count();
            let warned = list
                .iter()
                .filter(|&&(u, w)| {
                    leader_of(&state, w).is_some_and(|l| !inside(u, l))
                        && leaders
                            .iter()
                            .any(|&l| Some(l) != leader_of(&state, w) && inside(u, l))
                })
                .count();
            let joins = list
                .iter()
                .filter(|&&(u, w)| state.formation_of(u) != Some(Formation::Wing(w)))
                .count();
            (short, orphaned, warned, joins)
        };
        let mut best = cost(&wing_of);
        for _ in 0..available * 2 {
            let mut improved = false;
            for i in 0..wing_of.len() {
                for &(wing, _) in &open {
                    if wing_of[i].1 == wing {
                        continue;
                    }
                    let was = wing_of[i].1;
                    wing_of[i].1 = wing;
                    let now = cost(&wing_of);
                    if now < best {
                        best = now;
                        improved = true;
                    } else {
                        wing_of[i].1 = was;
                    }
                }
            }
            if !improved {
                break;
            }
        }
        for (unit, wing) in wing_of {
            if state.formation_of(unit) != Some(Formation::Wing(wing)) {
                let line = format!("{} join {}", self.id(unit), wing.word());
                self.attempt(&line);
            }
        }
    }

    // ---------------------------------------------------------- a phase

    /// A player phase: its six segments.
    fn phase(&mut self, side: Side) {
        self.rally(side);
        self.fire(side, Segment::Fire);
        self.movement(side);
        self.react(side.other());
        self.fire(side.other(), Segment::DefensiveFire);
        self.melee(side);
    }

    /// The units of `side` on the map, in roster order.
    fn units(&self, side: Side) -> Vec<usize> {
        lines::units(self.now(), side)
    }

    /// Rally: the disrupted roll, the routed rally by a leader or withdraw.
    fn rally(&mut self, side: Side) {
        self.open(Segment::Rally);
        for unit in self.units(side) {
            let id = self.id(unit);
            let claim = lines::rally_claim(unit);
            match self.now().pieces[unit].standing {
                Standing::Disrupted => {
                    let line = format!("{id} rally d6:{}", self.d6());
                    self.attempt_claimed(&line, &claim);
                }
                Standing::Routed => {
                    if rally::leader_in_range(self.now(), unit).is_some() {
                        self.attempt_claimed(&format!("{id} rally"), &claim);
                    } else {
                        self.retreat(unit, "withdraw");
                    }
                }
                _ => continue,
            }
            self.settle();
        }
    }

    /// Fire or defensive fire by `side`'s missile units, at the nearest
    /// enemies they can hit; now and then two together.
    fn fire(&mut self, side: Side, segment: Segment) {
        self.open(segment);
        let parity = self.now().roster.parity;
        for unit in self.units(side) {
            let state = self.now();
            let Some(weapon) = state.info(unit).and_then(|i| i.factors()?.missile) else {
                continue;
            };
            let (Some(at), flags) = (state.pieces[unit].at, state.pieces[unit].phase) else {
                continue;
            };
            if flags.fired || state.pieces[unit].standing != Standing::Good {
                continue;
            }
            let mut targets: Vec<(u32, usize)> = self
                .units(side.other())
                .into_iter()
                .filter_map(|e| {
                    let d = hex::distance(at, state.pieces[e].at?, parity);
                    (d <= weapon.max_range()).then_some((d, e))
                })
                .collect();
            targets.sort_unstable();
            let partner = self.units(side).into_iter().find(|&f| {
                f != unit
                    && !self.now().pieces[f].phase.fired
                    && self
                        .now()
                        .info(f)
                        .is_some_and(|i| i.factors().is_some_and(|x| x.missile.is_some()))
            });
            for (_, target) in targets {
                let target_id = self.id(target);
                let die = self.d6();
                let mut firers = vec![self.id(unit)];
                if let Some(p) = partner
                    && self.rng.chance(40)
                {
                    firers.push(self.id(p));
                }
                let claim = |before: &State, after: &Tried| fire_claim(before, after, target);
                let line = format!("{} fire {target_id} d6:{die}", firers.join("+"));
                let single = format!("{} fire {target_id} d6:{die}", firers[0]);
                let high = format!("{} fire {target_id} high d6:{die}", firers[0]);
                if self.attempt_claimed(&line, claim)
                    || self.attempt_claimed(&single, claim)
                    || self.attempt_claimed(&high, claim)
                {
                    self.settle();
                    break;
                }
            }
        }
    }

    /// Movement: reinforcements come on, every unit that may move closes
    /// on the enemy as its order lets it, then the leaders follow.
    fn movement(&mut self, side: Side) {
        self.open(Segment::Movement);
        if side == Side::Saxons {
            self.reinforcements();
        }
        let mut units = self.units(side);
        // The nearest the enemy first, so the front does not block the rear.
        units.sort_by_key(|&u| {
            let state = self.now();
            state.pieces[u]
                .at
                .and_then(|c| ground::nearest_enemy(state, side, c))
                .map_or(u32::MAX, |(d, _)| d)
        });
        for unit in units {
            let state = self.now();
            if state.pieces[unit].standing != Standing::Good || state.pieces[unit].phase.moved {
                continue;
            }
            self.advance(unit);
            self.settle();
        }
        for leader in self.leaders(side) {
            self.follow(leader);
            self.settle();
        }
    }

    /// The living leaders of `side` on the map.
    fn leaders(&self, side: Side) -> Vec<usize> {
        lines::leaders(self.now(), side)
    }

    /// One unit's move toward the nearest enemy, as far as its order and
    /// allowance let it; a turn to face the enemy when it stays.
    fn advance(&mut self, unit: usize) {
        let state = &self.now().clone();
        let Some(mover) = Mover::of(state, unit) else {
            return;
        };
        let Some(start) = state.pieces[unit].at else {
            return;
        };
        let order = movement::order_of(state, unit);
        let charging = matches!(
            order,
            movement::OrderOf::Known(Order::Charge) | movement::OrderOf::Free
        );
        let (allowance, _) = movement::allowance_of(mover, order, charging);
        let side = mover.side;
        let gap = |state: &State, c: Cell| {
            ground::nearest_enemy(state, side, c).map_or(u32::MAX, |(d, _)| d)
        };
        let closing = matches!(
            order,
            movement::OrderOf::Known(Order::AttackPursue | Order::Charge)
        );
        let one_step = allowance.points == 0;
        // Shield Wall and Hold stand; Fire in Place steps forward now and
        // then; the others close unless they hang back (one in ten).
        let stays = (one_step && !self.rng.chance(25)) || (!closing && self.rng.chance(10));
        let routes = routes(state, mover, start, allowance);
        let zoc = ground::zone_of(state, side.other());
        let must_leave = mover.bowmen && zoc.contains(&start);
        let mut ends: Vec<(u32, u64, Vec<Cell>)> = routes
            .into_iter()
            .filter(|(end, _)| *end != start)
            .map(|(end, path)| {
                let mut rank = gap(state, end);
                // Bowmen keep their distance, unless their order closes.
                if mover.bowmen && !closing {
                    rank = rank.abs_diff(3);
                }
                (rank, 0, path)
            })
            .collect();
        for end in &mut ends {
            end.1 = self.rng.next_u64() % 1000;
        }
        ends.sort();
        let here = gap(state, start);
        let here_rank = if mover.bowmen && !closing {
            here.abs_diff(3)
        } else {
            here
        };
        let id = self.id(unit);
        if !stays || must_leave {
            for (rank, _, path) in ends.into_iter().take(8) {
                if rank > here_rank && !must_leave {
                    break;
                }
                let end = *path.last().unwrap_or(&start);
                let facing = lines::facing_at(self.now(), side, end);
                let cells = path_text(&path);
                if charging
                    && mover.kind == Kind::Knights
                    && self.attempt(&format!("{id} charge {cells} facing={facing}"))
                {
                    return;
                }
                if self.attempt(&format!("{id} move {cells} facing={facing}")) {
                    return;
                }
            }
        }
        // Staying: face the nearest enemy.
        let facing = lines::facing_at(self.now(), side, start);
        if self.now().pieces[unit].facing.map(Vertex::number) != Some(facing) {
            self.attempt(&format!("{id} face {facing}"));
        }
    }

    /// A leader goes to the middle of his own units (his wing's, his
    /// nationality's; William's to all), to keep them in his radius.
    fn follow(&mut self, leader: usize) {
        let state = self.now();
        let Some(mover) = Mover::of(state, leader) else {
            return;
        };
        let Some(start) = state.pieces[leader].at else {
            return;
        };
        let side = mover.side;
        let parity = state.roster.parity;
        // A Saxon leader keeps to the middle of the whole army, so that
        // the wings can be redrawn to their shares within the radii.
        let own = |u: usize| match state.info(leader).and_then(|i| i.part) {
            Some(Part::Nation(n)) if !is_william(state, leader) => {
                state.part_of(u) == Some(Part::Nation(n))
            }
            _ => true,
        };
        let cells: Vec<Cell> = (0..state.pieces.len())
            .filter(|&u| {
                state
                    .info(u)
                    .is_some_and(|i| i.side == side && !i.is_leader())
                    && own(u)
                    && state.pieces[u].standing != Standing::Eliminated
            })
            .filter_map(|u| state.pieces[u].at)
            .collect();
        let Some(goal) = cells.iter().copied().min_by_key(|&c| {
            let far = cells
                .iter()
                .map(|&o| hex::distance(c, o, parity))
                .max()
                .unwrap_or(0);
            let spread: u32 = cells.iter().map(|&o| hex::distance(c, o, parity)).sum();
            (far, spread, hex::distance(c, start, parity), c)
        }) else {
            return;
        };
        if goal == start {
            return;
        }
        let allowance = movement::allowance_of(mover, movement::OrderOf::Leader, false).0;
        let mut ends: Vec<(u32, Vec<Cell>)> = routes(state, mover, start, allowance)
            .into_iter()
            .filter(|(end, _)| *end != start)
            .map(|(end, path)| (hex::distance(end, goal, parity), path))
            .collect();
        ends.sort();
        let id = self.id(leader);
        for (_, path) in ends.into_iter().take(4) {
            if self.attempt(&format!("{id} move {}", path_text(&path))) {
                return;
            }
        }
    }

    /// The Great Fyrd of this turn come on at the entry hex (11.4.1).
    fn reinforcements(&mut self) {
        for unit in lines::arriving(self.now()) {
            for path in lines::entries(self.now(), true) {
                if let Some((line, trial)) = lines::entry(self.now(), unit, &path) {
                    self.keep(&line, trial);
                    break;
                }
            }
            self.settle();
        }
    }

    /// Reaction: now and then a unit of the side not phasing steps back one
    /// hex from an enemy next to it and checks its morale (5.4).
    fn react(&mut self, side: Side) {
        self.open(Segment::Reaction);
        let parity = self.now().roster.parity;
        for unit in self.units(side) {
            let state = self.now();
            let Some(at) = state.pieces[unit].at else {
                continue;
            };
            let gap = ground::nearest_enemy(state, side, at).map_or(99, |(d, _)| d);
            if gap > 2 || !self.rng.chance(25) {
                continue;
            }
            let id = self.id(unit);
            for to in hex::neighbours(at, parity) {
                let state = self.now();
                let further = ground::nearest_enemy(state, side, to).map_or(99, |(d, _)| d);
                if further <= gap || !state.roster.extent.contains(to) {
                    continue;
                }
                let facing = lines::facing_at(state, side, to);
                let line = format!("{id} react {at}-{to} facing={facing} d6:{}", self.d6());
                let claimed = self.attempt_claimed(&line, lines::standing_claim(unit));
                if claimed {
                    self.settle();
                    break;
                }
            }
        }
    }

    /// Melee: every attack the zones of control bind (all of a unit's
    /// enemies in one line), then others now and then, two attackers
    /// together where they can.
    fn melee(&mut self, side: Side) {
        self.open(Segment::Melee);
        for unit in self.units(side) {
            let bound: Vec<usize> = self
                .now()
                .bound
                .iter()
                .filter(|&&(u, e)| u == unit && !self.now().pieces[e].phase.attacked)
                .map(|&(_, e)| e)
                .collect();
            if bound.is_empty() || self.now().pieces[unit].phase.fought {
                continue;
            }
            let defenders: Vec<String> = bound.iter().map(|&e| self.id(e)).collect();
            self.fight(&[unit], &bound, &defenders.join("+"));
            // One by one if together they are refused.
            if !self.now().pieces[unit].phase.fought {
                for &e in &bound {
                    let id = self.id(e);
                    if self.fight(&[unit], &[e], &id) {
                        break;
                    }
                }
            }
        }
        // Attacks no zone of control demands.
        for unit in self.units(side) {
            let state = self.now();
            if state.pieces[unit].phase.fought || state.pieces[unit].standing != Standing::Good {
                continue;
            }
            let reach = super::melee::controls(state, unit);
            let Some(enemy) = self.units(side.other()).into_iter().find(|&e| {
                let s = self.now();
                s.pieces[e].at.is_some_and(|c| reach.contains(&c)) && !s.pieces[e].phase.attacked
            }) else {
                continue;
            };
            if !self.rng.chance(80) {
                continue;
            }
            let at = self.now().pieces[enemy].at;
            let friend = self.units(side).into_iter().find(|&f| {
                let s = self.now();
                f != unit
                    && !s.pieces[f].phase.fought
                    && at.is_some_and(|c| super::melee::controls_cell(s, f, c))
            });
            let id = self.id(enemy);
            if let Some(friend) = friend
                && self.rng.chance(60)
                && self.fight(&[unit, friend], &[enemy], &id)
            {
                continue;
            }
            self.fight(&[unit], &[enemy], &id);
        }
    }

    /// One melee line and what it owes.
    fn fight(&mut self, attackers: &[usize], defenders: &[usize], target: &str) -> bool {
        let names: Vec<String> = attackers.iter().map(|&a| self.id(a)).collect();
        let head = format!("{} melee {target}", names.join("+"));
        let everyone: Vec<usize> = attackers.iter().chain(defenders).copied().collect();
        let claim = |before: &State, after: &Tried| melee_claim(before, after, &everyone);
        let die = self.d6();
        let kept = self.attempt_claimed(&format!("{head} d6:{die}"), claim)
            || self.attempt_claimed(&head, claim);
        if kept {
            self.settle();
        }
        kept
    }

    /// The battle is decided (12.1): the Saxons' block of the turn opens
    /// for its record, which states the outcome.
    fn end(&mut self) {
        let Some(verdict) = self.now().verdict else {
            return;
        };
        if self.now().phasing == Some(Side::Normans) {
            self.turn(self.now().turn, Side::Saxons);
        }
        self.open(Segment::Record);
        let winner = verdict.winner.unwrap_or(Side::Normans);
        self.attempt(&format!(
            "{} win => victory={}",
            winner.word(),
            verdict.level()
        ));
    }

    /// The Turn Record Phase: each side's casualty points so far.
    fn record(&mut self) {
        self.open(Segment::Record);
        for side in Side::ALL {
            let points = record::points_lost(self.now(), side);
            self.attempt(&format!("{} tally => points={points}", side.word()));
        }
    }
}

/// Whether `leader` is William, who commands every Norman (10.1.3).
fn is_william(state: &State, leader: usize) -> bool {
    state
        .info(leader)
        .is_some_and(|i| super::setup::first_word(&i.name) == "William")
}
