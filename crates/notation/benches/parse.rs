//! Parse throughput over a large archive of generated battles.
//!
//! The archive (at least 100 MiB) is built once, from a fixed seed, before
//! anything is timed: tags, a map, terrain, two armies, deployment, then 10 to
//! 40 turns of actions with reactions, outcomes, dice, glyphs, comments,
//! figures and variations. Two measurements:
//!
//! - `parse/visitor`: the streaming parser with a visitor that only counts,
//!   as pgn-reader's parse benchmark does (no tree);
//! - `parse/tree`: [`senlac_notation::parse`], building every battle's tree.
//!
//! Before timing, the archive is checked to parse without a single error.

use std::fmt::Write as _;
use std::hint::black_box;
use std::sync::OnceLock;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use senlac_notation::seeded::Rng;
use senlac_notation::{Counts, parse};

/// How large the generated archive is at least.
const TARGET_BYTES: usize = 100 * 1024 * 1024;
const SEED: u64 = 0x5E41_AC00_1066_1014;

const SIDES: &[&str] = &[
    "Saxons",
    "Normans",
    "Romans",
    "Gauls",
    "Franks",
    "Vikings",
    "Byzantines",
    "Persians",
    "Scots",
    "English",
    "Welsh",
    "Carthaginians",
    "Macedonians",
    "Thebans",
    "Spartans",
    "Athenians",
    "Mongols",
    "Rus",
    "Swiss",
    "Burgundians",
    "Lancastrians",
    "Yorkists",
    "Huns",
    "Goths",
    "Moors",
    "Castilians",
    "Danes",
    "Picts",
    "Britons",
    "Lombards",
    "Þingmen",
    "Sámi",
];

const PLACES: &[&str] = &[
    "Hastings",
    "Stamford Bridge",
    "Fulford",
    "Maldon",
    "Brunanburh",
    "Ashdown",
    "Edington",
    "Clontarf",
    "Lechfeld",
    "Tours",
    "Adrianople",
    "Manzikert",
    "Legnano",
    "Bouvines",
    "Crécy",
    "Poitiers",
    "Agincourt",
    "Bannockburn",
    "Falkirk",
    "Towton",
    "Bosworth",
    "Morgarten",
    "Sempach",
    "Nancy",
    "Grandson",
    "Courtrai",
    "Lewes",
    "Evesham",
    "Mortimer's Cross",
    "Tewkesbury",
];

const FEATURES: &[&str] = &[
    "Senlac Hill",
    "the ford",
    "the old road",
    "the marshes",
    "the river bend",
    "the abbey fields",
    "the ridge",
    "the moor",
];

const REGIONS: &[&str] = &[
    "East Sussex",
    "Yorkshire",
    "Essex",
    "Wessex",
    "Leinster",
    "Bavaria",
    "Touraine",
    "Thrace",
    "Anatolia",
    "Lombardy",
    "Flanders",
    "Stirlingshire",
    "Schwyz",
    "Lorraine",
];

const EVENTS: &[&str] = &[
    "Club campaign",
    "Winter league",
    "Convention open",
    "Solo replay",
    "Tutorial game",
    "Grand tournament",
];

const FIRST_NAMES: &[&str] = &[
    "Harold",
    "William",
    "Edmund",
    "Alfred",
    "Brian",
    "Otto",
    "Charles",
    "Romanos",
    "Robert",
    "Henry",
    "Edward",
    "Richard",
    "Leopold",
    "Guy",
    "Simon",
    "Olaf",
    "Harald",
    "Cnut",
    "Æthelred",
    "Bohemond",
];

const EPITHETS: &[&str] = &[
    "Godwinson",
    "the Bold",
    "Ironside",
    "of Wessex",
    "the Red",
    "Fitzroy",
    "the Lion",
    "Hardrada",
    "the Unready",
    "de Montfort",
    "Boru",
    "the Great",
];

const UNIT_NAMES: &[&str] = &[
    "Fyrd",
    "Housecarls",
    "Longbow Men",
    "Breton Contingent",
    "French Knights",
    "Norman Contingent",
    "Levy",
    "Mercenaries",
    "Guard",
    "Bowmen of the Weald",
    "Pikes of the Canton",
    "Dismounted Men-at-Arms",
];

const CLASSES: &[&str] = &[
    "light-infantry",
    "heavy-infantry",
    "foot-archers",
    "heavy-cavalry",
    "light-cavalry",
    "crossbowmen",
    "skirmishers",
    "pikemen",
    "levy",
    "horse-archers",
];

const IDS: [&str; 12] = [
    "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII",
];

const TERRAIN: &[&str] = &[
    "forest", "hill", "stream", "marsh", "village", "rough", "road",
];
const HEXSIDES: &[&str] = &["crest", "wall", "ford", "bridge", "ditch", "hedge"];
const FIG_PREFIXES: &[&str] = &["deploy", "charge", "rout", "flank", "hill", "line", "melee"];

const WORDS: &[&str] = &[
    "the",
    "line",
    "holds",
    "breaks",
    "on",
    "left",
    "right",
    "flank",
    "shield",
    "wall",
    "archers",
    "loose",
    "again",
    "cavalry",
    "wheels",
    "too",
    "early",
    "a",
    "gap",
    "opens",
    "in",
    "centre",
    "rain",
    "mud",
    "slows",
    "everything",
    "feigned",
    "flight",
    "works",
    "this",
    "time",
    "bad",
    "roll",
    "lucky",
    "reserve",
    "commits",
    "leader",
    "rallies",
    "men",
    "hill",
];

/// Steps from a hex to a neighbour, as (column, row) offsets.
const DIRECTIONS: &[(isize, isize)] = &[(-1, 0), (1, 0), (0, -1), (0, 1), (1, 1), (-1, -1)];

const GLYPH_TEXT: &[&str] = &["!", "?", "!!", "??", "!?", "?!"];

/// One side as the generator needs it.
struct Army {
    side: &'static str,
    ids: &'static [&'static str],
}

struct Generator {
    rng: Rng,
    out: String,
    battles: usize,
    /// Map size in cells, or `None` for a table battle.
    grid: Option<(usize, usize)>,
}

impl Generator {
    fn new(seed: u64) -> Self {
        Generator {
            rng: Rng::new(seed),
            out: String::with_capacity(TARGET_BYTES + TARGET_BYTES / 8),
            battles: 0,
            grid: None,
        }
    }

    fn archive(mut self) -> (String, usize) {
        while self.out.len() < TARGET_BYTES {
            self.battle();
        }
        (self.out, self.battles)
    }

    fn prose(&mut self, min: usize, max: usize) {
        let n = self.rng.between(min, max);
        for i in 0..n {
            if i > 0 {
                self.out.push(' ');
            }
            let word = *self.rng.pick(WORDS);
            self.out.push_str(word);
        }
    }

    fn fig_name(&mut self) -> String {
        let prefix = *self.rng.pick(FIG_PREFIXES);
        let n = self.rng.between(1, 99);
        match self.rng.between(0, 2) {
            0 => format!("{prefix}-{}-{n}", self.battles),
            1 => format!("{prefix}_{n}"),
            _ => format!("{prefix}Battle{}Fig{n}", self.battles),
        }
    }

    fn cell(&mut self) -> (usize, usize) {
        let (cols, rows) = self.grid.unwrap_or((10, 10));
        (self.rng.between(1, cols), self.rng.between(1, rows))
    }

    fn write_cell(&mut self, (c, r): (usize, usize)) {
        let _ = write!(self.out, "{c:02}{r:02}");
    }

    /// A `{ ... }` comment, sometimes carrying an annotation.
    fn brace_comment(&mut self) {
        self.out.push_str("{ ");
        match self.rng.between(0, 9) {
            0..=2 => {
                let name = self.fig_name();
                let _ = write!(self.out, "[%fig {name} \"");
                self.prose(2, 5);
                self.out.push_str("\"] ");
            }
            3 => {
                let (a, b) = (self.cell(), self.cell());
                self.out.push_str("[%arrow ");
                self.write_cell(a);
                self.out.push(' ');
                self.write_cell(b);
                self.out.push_str("] ");
            }
            4 => {
                let a = self.cell();
                self.out.push_str("[%mark ");
                self.write_cell(a);
                self.out.push_str("] ");
            }
            _ => {}
        }
        self.prose(2, 9);
        self.out.push_str(" }");
    }

    fn line_comment(&mut self) {
        self.out.push_str("; ");
        self.prose(3, 10);
    }

    fn battle(&mut self) {
        self.battles += 1;
        let rng = &mut self.rng;
        let a = rng.between(0, SIDES.len() - 1);
        let b = (a + rng.between(1, SIDES.len() - 1)) % SIDES.len();
        let armies = [
            Army {
                side: SIDES[a],
                ids: &IDS[..rng.between(6, 12)],
            },
            Army {
                side: SIDES[b],
                ids: &IDS[..rng.between(6, 12)],
            },
        ];
        self.grid = if rng.chance(15) {
            None
        } else {
            Some((rng.between(10, 20), rng.between(8, 16)))
        };

        if self.rng.chance(30) {
            self.line_comment();
            self.out.push('\n');
        }
        self.tags(&armies);
        self.out.push('\n');
        self.setup(&armies);
        self.out.push('\n');
        self.movetext(&armies);
        self.out.push('\n');
    }

    fn tags(&mut self, armies: &[Army; 2]) {
        let rng = &mut self.rng;
        let place = *rng.pick(PLACES);
        let feature = *rng.pick(FEATURES);
        let region = *rng.pick(REGIONS);
        let (year, month, day) = (
            rng.between(400, 1500),
            rng.between(1, 12),
            rng.between(1, 28),
        );
        let result = match rng.between(0, 4) {
            0 => "Draw",
            1 | 2 => armies[0].side,
            _ => armies[1].side,
        };
        let event = *rng.pick(EVENTS);
        let round = rng.between(1, 30);
        let n = self.battles;
        let out = &mut self.out;
        if n.is_multiple_of(3) {
            let _ = writeln!(out, "[Battle \"{place} ({n})\"]");
        } else {
            let _ = writeln!(out, "[Battle \"{place}\"]");
        }
        let _ = writeln!(out, "[Site \"{feature} near {place}, {region}\"]");
        let _ = writeln!(out, "[Date \"{year:04}-{month:02}-{day:02}\"]");
        let _ = writeln!(out, "[Rules \"mass-combat/a\"]");
        let _ = writeln!(out, "[Sides \"{} {}\"]", armies[0].side, armies[1].side);
        let _ = writeln!(out, "[Result \"{result}\"]");
        let _ = writeln!(out, "[Event \"{event}, round {round}\"]");
        if n.is_multiple_of(5) {
            let _ = writeln!(out, "[Annotator \"The \\\"Old\\\" Guard\"]");
        }
    }

    fn setup(&mut self, armies: &[Army; 2]) {
        match self.grid {
            Some((cols, rows)) => {
                let parity = if self.rng.chance(50) { "odd" } else { "even" };
                let _ = writeln!(self.out, "map hex {cols}x{rows} parity {parity}");
                for _ in 0..self.rng.between(2, 5) {
                    self.terrain(cols, rows);
                }
                for _ in 0..self.rng.between(0, 2) {
                    self.hexside(cols, rows);
                }
            }
            None => {
                let size = *self
                    .rng
                    .pick(&["72x48in", "48x36in", "96x48in", "60x44.5in"]);
                let _ = writeln!(self.out, "map table {size}");
            }
        }
        if self.rng.chance(20) {
            self.brace_comment();
            self.out.push('\n');
        }
        if self.rng.chance(20) {
            let _ = writeln!(self.out, "option feudal-charge");
        }
        for army in armies {
            self.army(army);
        }
        self.out.push('\n');
        for army in armies {
            let value = self.rng.between(3, 20);
            if self.rng.chance(50) {
                let _ = writeln!(self.out, "roll {} leadership d20:{value}", army.side);
            } else {
                let _ = writeln!(self.out, "roll {} leadership {value}", army.side);
            }
        }
        for army in armies {
            let _ = write!(self.out, "bonus {}", army.side);
            for id in army.ids {
                if self.rng.chance(70) {
                    let points = self.rng.between(1, 4);
                    let _ = write!(self.out, " {id}={points}");
                }
            }
            self.out.push('\n');
        }
        let first = self.rng.between(0, 1);
        let _ = writeln!(self.out, "first {} deploy", armies[first].side);
        for i in 0..2 {
            let army = &armies[(first + i) % 2];
            self.deploy(army);
        }
        let _ = writeln!(self.out, "first {} turn", armies[first].side);
    }

    fn terrain(&mut self, cols: usize, rows: usize) {
        let kind = *self.rng.pick(TERRAIN);
        let _ = write!(self.out, "terrain {kind}");
        for _ in 0..self.rng.between(1, 3) {
            let (c1, r1) = (self.rng.between(1, cols), self.rng.between(1, rows));
            self.out.push(' ');
            self.write_cell((c1, r1));
            let (c2, r2) = (self.rng.between(c1, cols), self.rng.between(r1, rows));
            if self.rng.chance(70) && (c2, r2) != (c1, r1) {
                self.out.push('-');
                self.write_cell((c2, r2));
            }
        }
        if self.rng.chance(25) {
            self.out.push(' ');
            self.brace_comment();
        }
        self.out.push('\n');
    }

    fn hexside(&mut self, cols: usize, rows: usize) {
        let kind = *self.rng.pick(HEXSIDES);
        let _ = write!(self.out, "hexside {kind}");
        let row = self.rng.between(1, rows - 1);
        let from = self.rng.between(1, cols - 3);
        let to = self.rng.between(from, (from + 5).min(cols));
        for c in from..=to {
            self.out.push(' ');
            self.write_cell((c, row));
            self.out.push('/');
            self.write_cell((c, row + 1));
        }
        self.out.push('\n');
    }

    fn army(&mut self, army: &Army) {
        let leader = format!("{} {}", self.rng.pick(FIRST_NAMES), self.rng.pick(EPITHETS));
        let place = *self.rng.pick(PLACES);
        let _ = write!(
            self.out,
            "army {} \"{leader}'s Army of {place}\" leader \"{leader}\"",
            army.side
        );
        if self.rng.chance(30) {
            let morale = self.rng.between(2, 9);
            let _ = write!(self.out, " morale={morale}");
        }
        self.out.push('\n');
        for id in army.ids {
            let name = match self.rng.between(0, 9) {
                0 => format!("{leader}'s Retinue"),
                1 => "The \\\"Iron\\\" Company".to_string(),
                _ => self.rng.pick(UNIT_NAMES).to_string(),
            };
            let class = *self.rng.pick(CLASSES);
            let grade = *self.rng.pick(&["A", "B", "C", "D"]);
            let size = self.rng.between(2, 12) * 100;
            let _ = write!(
                self.out,
                "  unit {id} \"{name}\" {class} {grade} size={size}"
            );
            if self.rng.chance(25) {
                let mv = self.rng.between(3, 12);
                let _ = write!(self.out, " move={mv}");
            }
            self.out.push('\n');
        }
    }

    fn deploy(&mut self, army: &Army) {
        let _ = write!(self.out, "deploy {}", army.side);
        for id in army.ids {
            let _ = write!(self.out, " {id}@");
            match self.grid {
                Some(_) => {
                    let cell = self.cell();
                    self.write_cell(cell);
                }
                None => {
                    let (x, y) = (self.rng.between(2, 70), self.rng.between(2, 46));
                    let _ = write!(self.out, "{x}x{y}in");
                }
            }
            match self.rng.between(0, 9) {
                0 => {
                    let facing = self.rng.between(1, 6);
                    let _ = write!(self.out, "^{facing}");
                }
                1 => {
                    let angle = self.rng.between(0, 7) * 45;
                    let _ = write!(self.out, "^{angle}deg");
                }
                2 => self.out.push_str("^north"),
                _ => {}
            }
        }
        if self.rng.chance(30) {
            self.out.push(' ');
            self.brace_comment();
        }
        self.out.push('\n');
    }

    fn movetext(&mut self, armies: &[Army; 2]) {
        let turns = self.rng.between(10, 40);
        let first = self.rng.between(0, 1);
        for turn in 1..=turns {
            for i in 0..2 {
                let own = &armies[(first + i) % 2];
                let enemy = &armies[(first + i + 1) % 2];
                let _ = writeln!(self.out, "{turn}. {}", own.side);
                self.side_turn(own, enemy);
            }
        }
    }

    fn side_turn(&mut self, own: &Army, enemy: &Army) {
        if self.rng.chance(10) {
            // Actions before any phase label, at two spaces.
            for _ in 0..self.rng.between(1, 2) {
                self.action_line("  ", "movement", own, enemy);
            }
            return;
        }
        let mut any = false;
        for phase in ["volley", "movement", "combat", "defense"] {
            let percent = if phase == "movement" { 85 } else { 55 };
            if !self.rng.chance(percent) {
                continue;
            }
            any = true;
            let _ = writeln!(self.out, "  {phase}:");
            for _ in 0..self.rng.between(1, 4) {
                self.action_line("    ", phase, own, enemy);
            }
        }
        if !any {
            self.out.push_str("  movement:\n");
            let all = own.ids.join("+");
            let _ = writeln!(self.out, "    {all} hold");
        }
    }

    /// One line of movetext: an action (or two split by a comma), perhaps
    /// followed by a comment, then sometimes a variation.
    fn action_line(&mut self, indent: &str, phase: &str, own: &Army, enemy: &Army) {
        if self.rng.chance(3) {
            self.out.push_str(indent);
            self.brace_comment();
            self.out.push('\n');
        }
        self.out.push_str(indent);
        self.action(phase, own, enemy);
        if self.rng.chance(4) {
            self.out.push_str(", ");
            self.action(phase, own, enemy);
        }
        match self.rng.between(0, 99) {
            0..=3 => {
                self.out.push(' ');
                self.brace_comment();
            }
            4..=5 => {
                self.out.push(' ');
                self.line_comment();
            }
            _ => {}
        }
        self.out.push('\n');
        if self.rng.chance(3) {
            self.variation(indent, phase, own, enemy, 0);
        }
    }

    fn variation(&mut self, indent: &str, phase: &str, own: &Army, enemy: &Army, depth: usize) {
        if self.rng.chance(40) {
            self.out.push_str(indent);
            self.out.push_str("( ");
            self.action(phase, own, enemy);
            self.out.push_str(" )\n");
            return;
        }
        let inner = format!("{indent}  ");
        let _ = writeln!(self.out, "{indent}(");
        if self.rng.chance(30) {
            self.out.push_str(&inner);
            self.brace_comment();
            self.out.push('\n');
        }
        for _ in 0..self.rng.between(1, 3) {
            self.out.push_str(&inner);
            self.action(phase, own, enemy);
            self.out.push('\n');
        }
        if depth < 3 && self.rng.chance(15) {
            self.variation(&inner, phase, own, enemy, depth + 1);
        }
        let _ = writeln!(self.out, "{indent})");
    }

    fn unit(&mut self, army: &Army) -> &'static str {
        army.ids[self.rng.between(0, army.ids.len() - 1)]
    }

    /// A target: usually a bare id, sometimes qualified by its side.
    fn target(&mut self, enemy: &Army) -> String {
        let id = self.unit(enemy);
        if self.rng.chance(5) {
            format!("{}.{id}", enemy.side)
        } else {
            id.to_string()
        }
    }

    fn group(&mut self, army: &Army) -> String {
        let n = army.ids.len();
        if self.rng.chance(15) {
            return army.ids.join("+");
        }
        let len = self.rng.between(2, 4);
        let start = self.rng.between(0, n - len);
        army.ids[start..start + len].join("+")
    }

    fn dice(&mut self) {
        match self.rng.between(0, 3) {
            0 => {
                let n = self.rng.between(1, 6);
                let _ = write!(self.out, "d6:{n}");
            }
            1 => {
                let (a, b) = (self.rng.between(1, 6), self.rng.between(1, 6));
                let _ = write!(self.out, "2d6:{a}+{b}");
            }
            2 => {
                let n = self.rng.between(1, 20);
                let _ = write!(self.out, "d20:{n}");
            }
            _ => {
                let (a, b, c) = (
                    self.rng.between(1, 6),
                    self.rng.between(1, 6),
                    self.rng.between(1, 6),
                );
                let _ = write!(self.out, "3d6:{a}+{b}+{c}");
            }
        }
    }

    /// A path of 2 to 4 neighbouring cells, heading one way (turned back at
    /// the edge of the map).
    fn path(&mut self) {
        let (cols, rows) = self.grid.unwrap_or((10, 10));
        let (mut c, mut r) = self.cell();
        let (mut dc, mut dr) = *self.rng.pick(DIRECTIONS);
        self.write_cell((c, r));
        for _ in 0..self.rng.between(1, 3) {
            if !(1..=cols as isize).contains(&(c as isize + dc)) {
                dc = -dc;
            }
            if !(1..=rows as isize).contains(&(r as isize + dr)) {
                dr = -dr;
            }
            c = c.wrapping_add_signed(dc);
            r = r.wrapping_add_signed(dr);
            self.out.push('-');
            self.write_cell((c, r));
        }
    }

    fn action(&mut self, phase: &str, own: &Army, enemy: &Army) {
        let unit = self.unit(own);
        match phase {
            "volley" => {
                let target = self.target(enemy);
                let _ = write!(self.out, "{unit} volley {target}");
                if self.rng.chance(40) {
                    self.out.push(' ');
                    self.dice();
                }
                let reaction = *self
                    .rng
                    .pick(&["endure", "endure", "fall-back", "shield-up"]);
                let _ = write!(self.out, " > {target} {reaction}");
                if self.rng.chance(30) {
                    let hits = self.rng.between(1, 3);
                    let _ = write!(self.out, " => {target} damage {hits}");
                }
            }
            "movement" => match self.rng.between(0, 9) {
                0..=3 => {
                    let _ = write!(self.out, "{unit} move ");
                    if self.grid.is_some() {
                        self.path();
                    } else if self.rng.chance(50) {
                        let d = self.rng.between(1, 12);
                        let _ = write!(self.out, "{d}in");
                    } else {
                        let (d, h) = (self.rng.between(1, 8), self.rng.between(1, 9));
                        let _ = write!(self.out, "{d}.{h}in");
                    }
                }
                4 if self.grid.is_none() => {
                    let angle = self.rng.between(1, 4) * 45;
                    let sign = if self.rng.chance(50) { "-" } else { "" };
                    let _ = write!(self.out, "{unit} wheel {sign}{angle}deg");
                }
                4 | 5 => {
                    let group = self.group(own);
                    let verb = *self.rng.pick(&["hold", "wait", "hold"]);
                    let _ = write!(self.out, "{group} {verb}");
                }
                6 | 7 => {
                    let target = self.target(enemy);
                    let _ = write!(self.out, "{unit} charge {target}");
                    if self.rng.chance(30) {
                        let _ = write!(self.out, " > {target} stand");
                    }
                }
                _ => {
                    let _ = write!(self.out, "{unit} hold");
                }
            },
            "combat" => {
                let target = self.target(enemy);
                let verb = *self.rng.pick(&["attack", "attack", "charge", "press"]);
                let _ = write!(self.out, "{unit} {verb} {target}");
                if self.rng.chance(50) {
                    self.out.push(' ');
                    self.dice();
                }
                if self.rng.chance(25) {
                    let _ = write!(self.out, " > {target} counter");
                }
                match self.rng.between(0, 3) {
                    0 => {
                        let _ = write!(self.out, " => {target} lose");
                    }
                    1 => {
                        let n = self.rng.between(1, 3);
                        let _ = write!(self.out, " => {target} lose {n}");
                    }
                    2 => {
                        let _ = write!(self.out, " => {unit} lose {target} rout");
                    }
                    _ => {}
                }
            }
            _ => match self.rng.between(0, 3) {
                0 => {
                    let _ = write!(self.out, "{unit} rally ");
                    self.dice();
                }
                1 => {
                    let _ = write!(self.out, "{unit} endure");
                }
                2 => {
                    let _ = write!(self.out, "{unit} defend ");
                    self.dice();
                    let modifier = self.rng.between(1, 3);
                    let _ = write!(self.out, " -{modifier}");
                }
                _ => {
                    let group = self.group(own);
                    let _ = write!(self.out, "{group} close-ranks");
                }
            },
        }
        if self.rng.chance(8) {
            let glyph = *self.rng.pick(GLYPH_TEXT);
            if self.rng.chance(70) {
                self.out.push_str(glyph);
            } else {
                self.out.push(' ');
                self.out.push_str(glyph);
            }
        }
    }
}

/// The archive and how many battles it holds, built on first use.
fn archive() -> &'static (String, usize) {
    static ARCHIVE: OnceLock<(String, usize)> = OnceLock::new();
    ARCHIVE.get_or_init(|| Generator::new(SEED).archive())
}

/// Panics, showing the first errors in context, unless the archive is clean.
fn check(text: &str, battles: usize) {
    let tree = parse(text);
    if tree.has_errors() {
        let mut report = String::new();
        for error in tree.all_errors().take(5) {
            let at = error.span.start as usize;
            let from = text[..at].rfind('\n').map_or(0, |i| i + 1);
            let to = text[at..].find('\n').map_or(text.len(), |i| at + i);
            let _ = writeln!(report, "{error:?}\n  in line: {:?}", &text[from..to]);
        }
        panic!("the generated archive has syntax errors:\n{report}");
    }
    assert_eq!(tree.battles.len(), battles, "battles in the tree");
    let counted = Counts::of(text);
    assert_eq!(counted.errors, 0, "errors seen by the visitor");
    assert_eq!(counted.battles, battles, "battles seen by the visitor");
    let items: usize = tree.battles.iter().map(|b| b.items.len()).sum();
    let atoms: usize = tree.battles.iter().map(|b| b.atoms.len()).sum();
    assert_eq!((counted.items, counted.atoms), (items, atoms));
    eprintln!(
        "archive: {} bytes ({:.1} MiB), {battles} battles, {items} items, {atoms} atoms",
        text.len(),
        text.len() as f64 / (1024.0 * 1024.0),
    );
}

fn bench_parse(c: &mut Criterion) {
    let (text, battles) = archive();
    check(text, *battles);

    let mut group = c.benchmark_group("parse");
    group
        .throughput(Throughput::Bytes(text.len() as u64))
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(12));
    group.bench_function("visitor", |b| {
        b.iter(|| {
            let counts = Counts::of(black_box(text));
            black_box(counts.items + counts.atoms)
        })
    });
    group.bench_function("tree", |b| b.iter(|| parse(black_box(text))));
    group.finish();
}

criterion_group!(benches, bench_parse);
criterion_main!(benches);
