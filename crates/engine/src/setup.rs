//! Generic setup: the checks every rule system needs before its own, done once
//! with one set of codes.
//!
//! [`Setup::build`] reads a battle's setup lines into sides (from the `army`
//! lines, in order), their units, the board (from the one `map` line), terrain
//! expanded to cells or shapes, where each unit was deployed and in which order
//! the sides deployed. What only a rule system can read (rolls, bonuses, who goes
//! first, options, its own keywords, and the pairs on armies and units) is kept
//! for it, untouched, in [`Setup::rest`] and on each side and unit.
//!
//! Lines with notation errors are skipped: `senlac_notation::lower::check`
//! reports those.

use std::borrow::Cow;
use std::collections::HashMap;

use arrayvec::ArrayVec;
use foldhash::fast::FixedState;

use senlac_board::scene::{Board, Shape};
use senlac_board::{Cell, Extent, hex, kurbo, range};
use senlac_notation::lower::{self, Area, Directive, Map};
use senlac_notation::value::{self, Location, Placement, Point, UnitRef};
use senlac_notation::{Atom, Battle, ItemKind, Span};

use crate::violation::Violation;

/// The codes of the generic setup checks, shared by every system.
pub mod codes {
    use crate::code::CodeInfo;

    pub const DUPLICATE_SIDE: CodeInfo = CodeInfo::error(
        "setup::duplicate-side",
        "two `army` lines open the same side",
    );
    pub const UNKNOWN_SIDE: CodeInfo = CodeInfo::error(
        "setup::unknown-side",
        "a line names a side that the Sides tag or the `army` lines do not",
    );
    pub const MISSING_ARMY: CodeInfo = CodeInfo::error(
        "setup::missing-army",
        "unit lines that a side's `deploy` lines place stand under another side's army: that side's `army` line is missing",
    );
    pub const DUPLICATE_UNIT: CodeInfo =
        CodeInfo::error("setup::duplicate-unit", "two units of one side share an id");
    pub const UNKNOWN_UNIT: CodeInfo =
        CodeInfo::error("setup::unknown-unit", "a reference names no declared unit");
    pub const AMBIGUOUS_UNIT: CodeInfo = CodeInfo::error(
        "setup::ambiguous-unit",
        "a bare id names units of several sides; qualify it as Side.ID",
    );
    pub const SECOND_MAP: CodeInfo = CodeInfo::error(
        "setup::second-map",
        "a battle has one `map` line; a second one is not read",
    );
    pub const MISSING_MAP: CodeInfo = CodeInfo::error(
        "setup::missing-map",
        "terrain or a deployment is given, but no `map` line says what it lies on",
    );
    pub const WRONG_BOARD: CodeInfo = CodeInfo::error(
        "setup::wrong-board",
        "a cell on a table, a point or shape on a grid, or a hexside off a hex map",
    );
    pub const OFF_MAP: CodeInfo =
        CodeInfo::error("setup::off-map", "a cell or point lies outside the map");
    pub const NOT_A_HEXSIDE: CodeInfo = CodeInfo::error(
        "setup::not-a-hexside",
        "the two cells of a hexside are not neighbours",
    );
    pub const OCCUPIED: CodeInfo = CodeInfo::error(
        "setup::occupied",
        "a unit is deployed on a cell that already holds one",
    );
    pub const DEPLOYED_TWICE: CodeInfo =
        CodeInfo::error("setup::deployed-twice", "a unit is deployed more than once");
    pub const REPEATED_PAIR: CodeInfo = CodeInfo::error(
        "setup::repeated-pair",
        "an army or unit line gives the same `key=` twice",
    );
    pub const BAD_DATE: CodeInfo = CodeInfo::warning(
        "setup::bad-date",
        "the Date tag is YYYY-MM-DD, YYYY-MM or YYYY, with `?`s for an unknown field",
    );
    pub const SIDES_TAG: CodeInfo = CodeInfo::warning(
        "setup::sides-tag",
        "the Sides tag names each side once, and each side it names has an `army` line",
    );
    pub const UNKNOWN_RESULT: CodeInfo = CodeInfo::warning(
        "setup::unknown-result",
        "the Result tag is a side of the battle, `draw`, or `*`",
    );
    pub const WRONG_RESULT: CodeInfo = CodeInfo::warning(
        "setup::wrong-result",
        "the Result tag contradicts the outcome the rules give at the end of the replay",
    );
    pub const ALL: &[CodeInfo] = &[
        BAD_DATE,
        SIDES_TAG,
        UNKNOWN_RESULT,
        WRONG_RESULT,
        DUPLICATE_SIDE,
        UNKNOWN_SIDE,
        MISSING_ARMY,
        DUPLICATE_UNIT,
        UNKNOWN_UNIT,
        AMBIGUOUS_UNIT,
        SECOND_MAP,
        MISSING_MAP,
        WRONG_BOARD,
        OFF_MAP,
        NOT_A_HEXSIDE,
        OCCUPIED,
        DEPLOYED_TWICE,
        REPEATED_PAIR,
    ];
}

/// Where each rule is written.
mod rule {
    pub const SIDES: &str = "docs/notation.md §5.1 Tags, §5.3 Armies and units";
    pub const UNITS: &str = "docs/notation.md §5.3 Armies and units";
    pub const MAP: &str = "docs/notation.md §5.2 Map, cells, terrain and hexsides";
    pub const DEPLOY: &str = "docs/notation.md §5.5 Deployment and facing";
    pub const REFERENCES: &str = "docs/notation.md §5.8 Actions";
}

/// A side, as its `army` line opens it.
#[derive(Clone, Debug, PartialEq)]
pub struct Side<'b, 's> {
    /// The word used in turns and references: `Saxons`.
    pub name: &'s str,
    /// The army's long name.
    pub title: Cow<'s, str>,
    pub leader: Option<Cow<'s, str>>,
    /// The army's other facts, for the system to read.
    pub pairs: &'b [Atom<'s>],
    /// The `army` line.
    pub span: Span,
    /// Whether the `army` line is missing and the side was inferred from
    /// the Sides tag and its `deploy` lines (docs/notation.md §5.3): its
    /// facts (`pairs`) are unknown, not absent.
    pub inferred: bool,
}

/// A unit, as its `unit` line declares it, and where it was deployed.
#[derive(Clone, Debug, PartialEq)]
pub struct Unit<'b, 's> {
    /// Index into [`Setup::sides`].
    pub side: usize,
    pub id: &'s str,
    pub name: Cow<'s, str>,
    pub class: &'s str,
    pub grade: Option<&'s str>,
    /// The unit's other facts, for the system to read.
    pub pairs: &'b [Atom<'s>],
    /// The `unit` line.
    pub span: Span,
    /// The line's atoms: `unit`, the id, the name, the class, the grade…
    pub atoms: &'b [Atom<'s>],
    /// Its first legal placement; `None` while in reserve.
    pub deployed: Option<Deployed<'s>>,
}

impl Unit<'_, '_> {
    /// Where the class word stands.
    pub fn class_span(&self) -> Span {
        self.atoms.get(3).map_or(self.span, |a| a.span)
    }

    /// Where the grade word stands, or the line when it has none.
    pub fn grade_span(&self) -> Span {
        match self.grade {
            Some(_) => self.atoms.get(4).map_or(self.span, |a| a.span),
            None => self.span,
        }
    }
}

/// Where a `deploy` line put a unit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Deployed<'s> {
    pub at: Location,
    /// As written after `^`; the system reads it.
    pub facing: Option<&'s str>,
    /// The placement atom.
    pub span: Span,
}

/// One piece of terrain: ranges expanded to the cells on the map, hexsides as
/// edges, table areas as shapes.
#[derive(Clone, Debug, PartialEq)]
pub struct Terrain<'s> {
    pub kind: &'s str,
    /// The value of a `kind=value` terrain, such as the `275` of `elevation=275`.
    pub value: Option<Atom<'s>>,
    pub shape: Shape,
    /// The `terrain` or `hexside` line.
    pub span: Span,
}

/// A setup line left for the system, with its atoms for spans.
#[derive(Clone, Debug, PartialEq)]
pub struct Line<'b, 's> {
    pub span: Span,
    /// The keyword first, then the arguments.
    pub atoms: &'b [Atom<'s>],
    pub directive: Directive<'b, 's>,
}

/// A battle's checked setup. Borrows the battle; a system copies what it keeps.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup<'b, 's> {
    pub sides: Vec<Side<'b, 's>>,
    pub units: Vec<Unit<'b, 's>>,
    /// From the first `map` line; `None` if there is none.
    pub board: Option<Board>,
    pub terrain: Vec<Terrain<'s>>,
    /// Sides in the order of their first `deploy` line.
    pub deploy_order: Vec<usize>,
    /// `roll`, `bonus`, `first`, `option` and the system's own lines, in order.
    /// Their side names are already checked.
    pub rest: Vec<Line<'b, 's>>,
    /// Each unit by side and id, and each deployed unit by its cell: looking
    /// one up must not pass over every unit.
    ids: HashMap<(usize, &'s str), usize, FixedState>,
    cells: HashMap<Cell, usize, FixedState>,
    /// The first `map` line and its atoms, for a second one's finding.
    map_line: Option<Span>,
    map_atoms: &'b [Atom<'s>],
    /// Whether several pieces may be placed on one cell (leaders stacked
    /// with units): the system then checks what may stack.
    stacking: bool,
}

impl<'b, 's> Setup<'b, 's> {
    /// Reads and checks a battle's setup lines; each finding goes to `out`, and
    /// what it concerns is left out (a duplicate unit, an off-map placement).
    pub fn build(battle: &'b Battle<'s>, out: &mut Vec<Violation>) -> Setup<'b, 's> {
        Setup::build_with(battle, false, out)
    }

    /// As [`Setup::build`], for a system whose pieces stack (`stacking`):
    /// two placements on one cell are the system's to judge, not
    /// `setup::occupied`.
    pub fn build_with(
        battle: &'b Battle<'s>,
        stacking: bool,
        out: &mut Vec<Violation>,
    ) -> Setup<'b, 's> {
        // Sized for a usual battle, so reading one does not grow them line by line.
        let mut setup = Setup {
            sides: Vec::with_capacity(2),
            units: Vec::with_capacity(16),
            board: None,
            terrain: Vec::new(),
            deploy_order: Vec::new(),
            rest: Vec::with_capacity(8),
            ids: HashMap::with_capacity_and_hasher(16, FixedState::default()),
            cells: HashMap::with_capacity_and_hasher(16, FixedState::default()),
            map_line: None,
            map_atoms: &[],
            stacking,
        };
        let lines: Vec<Line<'b, 's>> = battle
            .head()
            .filter(|(item, _)| item.kind == ItemKind::Directive)
            .filter_map(|(item, atoms)| {
                let directive = lower::directive(item, atoms).ok()?;
                Some(Line {
                    span: item.span,
                    atoms,
                    directive,
                })
            })
            .collect();
        // Borrowed from the text when the tag has no escapes (it then can
        // stand in for a misspelt army name); a tag with escapes is only compared.
        let sides_tag = battle.tag("Sides").unwrap_or_default();
        let tagged: Vec<&'s str> = match sides_tag {
            std::borrow::Cow::Borrowed(text) => text.split_whitespace().collect(),
            std::borrow::Cow::Owned(_) => Vec::new(),
        };
        // Sides, units and the map first, so that a placement or a terrain
        // range is checked against them wherever its line stands.
        let mut later = Vec::with_capacity(8);
        let mut army = None;
        let mut missing = MissingArmy::find(&lines, &tagged);
        for line in lines {
            match line.directive {
                Directive::Map(map) => setup.read_map(map, &line, out),
                Directive::Army { .. } => army = Some(setup.open_army(line, &tagged, out)),
                Directive::Unit { id, .. } => {
                    // A unit before any army: the notation reports it.
                    if let Some(side) = army {
                        let side = match &mut missing {
                            Some(m)
                                if m.starts_at(
                                    id,
                                    setup.sides[side].name,
                                    setup.unit(side, id).is_some(),
                                ) =>
                            {
                                setup.open_missing_army(m, &line, out)
                            }
                            _ => side,
                        };
                        army = Some(side);
                        setup.declare_unit(side, line, out);
                    }
                }
                _ => later.push(line),
            }
        }
        if let Some(MissingArmy {
            opened: Some((side, finding)),
            ..
        }) = missing
        {
            setup.name_missing_army_units(side, finding, out);
        }
        let mut missing_map = false;
        for line in later {
            let needs_map = matches!(
                line.directive,
                Directive::Terrain { .. } | Directive::Hexside { .. } | Directive::Deploy { .. }
            );
            if needs_map && setup.board.is_none() && !missing_map {
                missing_map = true;
                out.push(
                    Violation::of(
                        &codes::MISSING_MAP,
                        line.atoms[0].span,
                        format!(
                            "`{}` needs a map, and the battle has no `map` line",
                            line.atoms[0].text
                        ),
                        rule::MAP,
                    )
                    .help("describe the battlefield first: `map hex 12x10 parity odd`, `map square 20x20` or `map table 72x48in`"),
                );
            }
            match line.directive {
                Directive::Terrain { .. } => setup.lay_terrain(&line, out),
                Directive::Hexside { kind, sides } => setup.lay_hexsides(kind, sides, &line, out),
                Directive::Deploy { side, placements } => {
                    if let Some(side) = setup.named_side(side, line.atoms[1], out) {
                        setup.deploy_units(side, placements, out);
                    }
                }
                Directive::Roll { side, .. }
                | Directive::Bonus { side, .. }
                | Directive::First { side, .. } => {
                    if setup.named_side(side, line.atoms[1], out).is_some() {
                        setup.rest.push(line);
                    }
                }
                _ => setup.rest.push(line),
            }
        }
        let armies: Vec<&str> = setup.sides.iter().map(|s| s.name).collect();
        crate::tags::check(battle, &armies, out);
        setup
    }

    /// The first `map` line, if there is one.
    pub fn map_span(&self) -> Option<Span> {
        self.map_line
    }

    /// The side named so.
    pub fn side(&self, name: &str) -> Option<usize> {
        self.sides.iter().position(|s| s.name == name)
    }

    /// The side named so, or the one the name nearly names: for a line the
    /// setup has kept, whose misspelt side it has already reported.
    pub fn side_meant(&self, name: &str) -> Option<usize> {
        self.side(name).or_else(|| {
            let meant = senlac_notation::did_you_mean(name, self.sides.iter().map(|s| s.name))?;
            self.side(meant)
        })
    }

    /// The unit of a side with this id.
    pub fn unit(&self, side: usize, id: &str) -> Option<usize> {
        self.ids.get(&(side, id)).copied()
    }

    /// The unit deployed on a cell.
    pub fn unit_at(&self, cell: Cell) -> Option<usize> {
        self.cells.get(&cell).copied()
    }

    /// `Saxons VI`: a unit's name in messages.
    pub fn name(&self, unit: usize) -> String {
        let unit = &self.units[unit];
        format!("{} {}", self.sides[unit.side].name, unit.id)
    }

    /// The grid's extent, on a hex or square map.
    pub fn extent(&self) -> Option<Extent> {
        match self.board? {
            Board::Hex { columns, rows, .. } | Board::Square { columns, rows } => {
                Some(Extent { columns, rows })
            }
            Board::Table { .. } => None,
        }
    }

    /// The terrain covering a cell, hexsides aside.
    pub fn terrain_at(&self, cell: Cell) -> impl Iterator<Item = &Terrain<'s>> {
        self.terrain
            .iter()
            .filter(move |t| matches!(&t.shape, Shape::Cells { cells } if cells.contains(&cell)))
    }

    /// The unit a reference names: `Saxons.VI`, or a bare `VI` that only one
    /// side has. `span` is the reference's, for the finding.
    pub fn resolve(&self, reference: UnitRef<'_>, span: Span) -> Result<usize, Violation> {
        let id = reference.id;
        if let Some(name) = reference.side {
            let Some(side) = self.side(name) else {
                return Err(self.unknown_side(name, span));
            };
            return self.unit(side, id).ok_or_else(|| {
                Violation::of(
                    &codes::UNKNOWN_UNIT,
                    span,
                    format!("{name} has no unit {id}"),
                    rule::REFERENCES,
                )
                .help(format!("{name}'s units are: {}", self.ids(side)))
            });
        }
        let mut found = self.units.iter().enumerate().filter(|(_, u)| u.id == id);
        match (found.next(), found.next()) {
            (Some((unit, _)), None) => Ok(unit),
            (None, _) => Err(Violation::of(
                &codes::UNKNOWN_UNIT,
                span,
                format!("no side has a unit {id}"),
                rule::REFERENCES,
            )
            .help("declare it with `unit ID \"Name\" CLASS` under its army")),
            (Some((a, _)), Some((b, _))) => Err(Violation::of(
                &codes::AMBIGUOUS_UNIT,
                span,
                format!(
                    "both {} and {} have a unit {id}",
                    self.sides[self.units[a].side].name, self.sides[self.units[b].side].name
                ),
                rule::REFERENCES,
            )
            .help(format!(
                "say which: `{}.{id}` or `{}.{id}`",
                self.sides[self.units[a].side].name, self.sides[self.units[b].side].name
            ))),
        }
    }

    fn ids(&self, side: usize) -> String {
        let ids: Vec<&str> = self
            .units
            .iter()
            .filter(|u| u.side == side)
            .map(|u| u.id)
            .collect();
        if ids.is_empty() {
            "none yet".to_string()
        } else {
            ids.join(", ")
        }
    }

    fn unknown_side(&self, name: &str, span: Span) -> Violation {
        let names: Vec<&str> = self.sides.iter().map(|s| s.name).collect();
        Violation::of(
            &codes::UNKNOWN_SIDE,
            span,
            format!("`{name}` is not a side of this battle"),
            rule::SIDES,
        )
        .help(if names.is_empty() {
            "open the side with an `army SIDE \"Name\"` line first".to_string()
        } else {
            format!("the armies are: {}", names.join(", "))
        })
    }

    /// The side a line names at `atom`, reported if there is none.
    /// A misspelt side is reported and read as the side it nearly names.
    fn named_side(&self, name: &str, atom: Atom<'_>, out: &mut Vec<Violation>) -> Option<usize> {
        if let Some(side) = self.side(name) {
            return Some(side);
        }
        let meant = senlac_notation::did_you_mean(name, self.sides.iter().map(|s| s.name));
        let mut unknown = self.unknown_side(name, atom.span);
        if let Some(side) = meant {
            unknown.help = Some(format!("did you mean `{side}`?").into_boxed_str());
        }
        out.push(unknown);
        meant.and_then(|side| self.side(side))
    }

    fn read_map(&mut self, map: Map, line: &Line<'b, 's>, out: &mut Vec<Violation>) {
        if let Some(first) = self.map_line {
            out.push(
                Violation::of(
                    &codes::SECOND_MAP,
                    line.span,
                    format!(
                        "a second `map` line, `{}`: the battle is fought on the first, `{}`",
                        line_text(line.atoms),
                        line_text(self.map_atoms)
                    ),
                    rule::MAP,
                )
                .label("not read")
                .related(first, "the battlefield is this first `map` line")
                .help(
                    "keep one `map` line: delete this one, or the first if this is the battlefield",
                ),
            );
            return;
        }
        self.map_line = Some(line.span);
        self.map_atoms = line.atoms;
        self.board = Some(match map {
            Map::Hex {
                columns,
                rows,
                parity,
            } => Board::Hex {
                columns,
                rows,
                parity,
            },
            Map::Square { columns, rows } => Board::Square { columns, rows },
            Map::Table { width, depth } => Board::Table { width, depth },
        });
    }

    /// Opens a side, or reopens it when an earlier line opened it already.
    fn open_army(
        &mut self,
        line: Line<'b, 's>,
        tagged: &[&'s str],
        out: &mut Vec<Violation>,
    ) -> usize {
        let Directive::Army {
            side: name,
            name: title,
            leader,
            pairs,
        } = line.directive
        else {
            unreachable!("called for army lines");
        };
        let at = line.atoms[1].span;
        if let Some(side) = self.side(name) {
            out.push(
                Violation::of(
                    &codes::DUPLICATE_SIDE,
                    at,
                    format!("{name} already has an army"),
                    rule::SIDES,
                )
                .help(format!(
                    "put all of {name}'s units under its one `army` line"
                )),
            );
            return side;
        }
        let mut name = name;
        if !tagged.is_empty() && !tagged.contains(&name) {
            // The army most likely stands for the tag's side it nearly names,
            // or else for the one side of the tag still without an army:
            // later lines that use the tag's name then find it (one mistake,
            // one error).
            let open: Vec<&'s str> = tagged
                .iter()
                .copied()
                .filter(|t| self.side(t).is_none())
                .collect();
            let meant = senlac_notation::did_you_mean(name, open.iter().copied()).or(
                match open.as_slice() {
                    [only] => Some(*only),
                    _ => None,
                },
            );
            let help = match meant {
                Some(side) => format!(
                    "did you mean `{side}`? The Sides tag names: {}; the army is read as {side}'s",
                    tagged.join(", ")
                ),
                None => format!("the Sides tag names: {}", tagged.join(", ")),
            };
            out.push(
                Violation::of(
                    &codes::UNKNOWN_SIDE,
                    at,
                    format!("`{name}` is not named in the Sides tag"),
                    rule::SIDES,
                )
                .help(help),
            );
            if let Some(side) = meant {
                name = side;
            }
        }
        repeated_pairs(pairs, out);
        self.sides.push(Side {
            name,
            title,
            leader,
            pairs,
            span: line.span,
            inferred: false,
        });
        self.sides.len() - 1
    }

    /// Opens the side whose `army` line is missing, at the unit line that
    /// shows it (docs/notation.md §5.3): one finding, and the units from
    /// here to the next `army` line are that side's.
    fn open_missing_army(
        &mut self,
        missing: &mut MissingArmy<'s>,
        line: &Line<'b, 's>,
        out: &mut Vec<Violation>,
    ) -> usize {
        let previous = self.sides.last().map_or("", |s| s.name);
        out.push(
            Violation::of(
                &codes::MISSING_ARMY,
                line.span,
                // Named in full once its units are read.
                format!(
                    "the `army` line of {} is missing: `deploy {}` places {}, declared here under {previous}'s army",
                    missing.side, missing.side, line.atoms[1].text
                ),
                rule::UNITS,
            )
            .label(format!("{}'s units begin here", missing.side))
            .help(format!(
                "open the army above this line: `army {} \"Long name\"`",
                missing.side
            )),
        );
        self.sides.push(Side {
            name: missing.side,
            title: Cow::Borrowed(missing.side),
            leader: None,
            pairs: &[],
            span: line.span,
            inferred: true,
        });
        let side = self.sides.len() - 1;
        missing.opened = Some((side, out.len() - 1));
        side
    }

    /// Names every unit the missing army's finding gave its side.
    fn name_missing_army_units(&self, side: usize, finding: usize, out: &mut [Violation]) {
        let name = self.sides[side].name;
        let ids = self.ids(side);
        let count = self.units.iter().filter(|u| u.side == side).count();
        if let Some(finding) = out.get_mut(finding) {
            finding.message = format!(
                "the `army` line of {name} is missing: `deploy {name}` places the {count} unit{} from here on ({ids}), which stand under {}'s army",
                if count == 1 { "" } else { "s" },
                self.sides[side.saturating_sub(1)].name
            );
        }
    }

    fn declare_unit(&mut self, side: usize, line: Line<'b, 's>, out: &mut Vec<Violation>) {
        let Directive::Unit {
            id,
            name,
            class,
            grade,
            pairs,
        } = line.directive
        else {
            unreachable!("called for unit lines");
        };
        if let Some(first) = self.unit(side, id) {
            out.push(
                Violation::of(
                    &codes::DUPLICATE_UNIT,
                    line.atoms[1].span,
                    format!(
                        "{} already has a unit {id}, \"{}\"",
                        self.sides[side].name, self.units[first].name
                    ),
                    rule::UNITS,
                )
                .help("give each unit of an army its own id"),
            );
            return;
        }
        repeated_pairs(pairs, out);
        self.ids.insert((side, id), self.units.len());
        self.units.push(Unit {
            side,
            id,
            name,
            class,
            grade,
            pairs,
            span: line.span,
            atoms: line.atoms,
            deployed: None,
        });
    }

    fn wrong_board(&self, span: Span, what: &str, out: &mut Vec<Violation>) {
        let (board, help) = match self.board {
            Some(Board::Table { .. }) => (
                "a table",
                "on a table, places are points in inches (`12x6in`) and terrain is a polygon, circle or line",
            ),
            Some(Board::Square { .. }) => (
                "a square grid",
                "on a grid, places are cells (`0604`); hexsides exist only on hex maps",
            ),
            _ => ("a hex grid", "on a grid, places are cells (`0604`)"),
        };
        out.push(
            Violation::of(
                &codes::WRONG_BOARD,
                span,
                format!("{what} cannot lie on {board}"),
                rule::MAP,
            )
            .help(help),
        );
    }

    fn off_map(&self, span: Span, what: String, out: &mut Vec<Violation>) {
        let (size, help) = match (self.board, self.extent()) {
            (Some(Board::Table { width, depth }), _) => (
                format!("the {width}x{depth}in table"),
                format!("points run from 0x0in, the left near corner, to {width}x{depth}in"),
            ),
            (_, Some(Extent { columns, rows })) => (
                format!("the {columns}x{rows} map"),
                format!("the map's cells run from 0101 to {columns:02}{rows:02}"),
            ),
            // Without a map nothing is off it; kept total for safety.
            _ => ("the map".to_string(), String::new()),
        };
        out.push(
            Violation::of(
                &codes::OFF_MAP,
                span,
                format!("{what} is off {size}"),
                rule::MAP,
            )
            .help(help),
        );
    }

    /// Whether a point lies on the table (with no board, nothing is checked).
    fn on_table(&self, point: Point) -> bool {
        match self.board {
            Some(Board::Table { width, depth }) => {
                (0.0..=width).contains(&point.x) && (0.0..=depth).contains(&point.y)
            }
            _ => true,
        }
    }

    fn on_grid(&self, cell: Cell) -> bool {
        self.extent().is_none_or(|extent| extent.contains(cell))
    }

    fn lay_terrain(&mut self, line: &Line<'b, 's>, out: &mut Vec<Violation>) {
        let Directive::Terrain { kind, value, area } = &line.directive else {
            unreachable!("called for terrain lines");
        };
        let on_table = matches!(self.board, Some(Board::Table { .. }));
        let on_grid = matches!(self.board, Some(Board::Hex { .. } | Board::Square { .. }));
        // The atom after the kind: the first cell, or the shape's word.
        let first = line.atoms[2];
        let shape = match area {
            Area::Cells(_) if on_table => return self.wrong_board(first.span, "a cell", out),
            Area::Cells(atoms) => {
                // Each atom's cells go straight into the shape's list: a
                // map's terrain lines cover hundreds of cells.
                let mut cells = Vec::new();
                for atom in *atoms {
                    let from = cells.len();
                    // Two cells are a range's ends; one or three and more
                    // are the cells themselves.
                    let mut listed = value::cells(atom);
                    match (listed.next(), listed.next()) {
                        (Some(a), Some(b)) => match listed.next() {
                            None => cells.extend(range(a, b)),
                            Some(c) => cells.extend([a, b, c].into_iter().chain(listed)),
                        },
                        (a, _) => cells.extend(a),
                    }
                    if let Some(&off) = cells[from..].iter().find(|&&c| !self.on_grid(c)) {
                        self.off_map(
                            atom.span,
                            format!("{} reaches {off}, which", atom.text),
                            out,
                        );
                        let on_map: Vec<Cell> =
                            cells.drain(from..).filter(|&c| self.on_grid(c)).collect();
                        cells.extend(on_map);
                    }
                }
                Shape::Cells { cells }
            }
            _ if on_grid => {
                return self.wrong_board(first.span, &format!("a {}", first.text), out);
            }
            Area::Polygon(points) => Shape::Polygon {
                points: self.points(points, &line.atoms[3..], out),
            },
            Area::Circle { centre, radius } => Shape::Circle {
                centre: self.points(&[*centre], &line.atoms[3..], out)[0],
                radius: *radius,
            },
            Area::Line { points, width } => Shape::Line {
                points: self.points(points, &line.atoms[3..], out),
                width: *width,
            },
        };
        self.terrain.push(Terrain {
            kind,
            value: *value,
            shape,
            span: line.span,
        });
    }

    /// A shape's points as drawn, each off the table reported at its atom.
    fn points(
        &self,
        points: &[Point],
        atoms: &[Atom<'_>],
        out: &mut Vec<Violation>,
    ) -> Vec<kurbo::Point> {
        for (point, atom) in points.iter().zip(atoms) {
            if !self.on_table(*point) {
                self.off_map(atom.span, format!("the point {}", atom.text), out);
            }
        }
        points.iter().map(|p| kurbo::Point::new(p.x, p.y)).collect()
    }

    fn lay_hexsides(
        &mut self,
        kind: &'s str,
        sides: &'b [Atom<'s>],
        line: &Line<'b, 's>,
        out: &mut Vec<Violation>,
    ) {
        let parity = match self.board {
            Some(Board::Hex { parity, .. }) => Some(parity),
            None => None,
            Some(_) => return self.wrong_board(line.atoms[0].span, "a hexside", out),
        };
        let mut edges = Vec::new();
        for atom in sides {
            let Some((a, b)) = value::hexside(atom) else {
                continue;
            };
            if let Some(off) = [a, b].into_iter().find(|&c| !self.on_grid(c)) {
                self.off_map(
                    atom.span,
                    format!("hexside {} has {off}, which", atom.text),
                    out,
                );
                continue;
            }
            if let Some(parity) = parity
                && !hex::adjacent(a, b, parity)
            {
                out.push(
                    Violation::of(
                        &codes::NOT_A_HEXSIDE,
                        atom.span,
                        format!("{a} and {b} are not neighbours, so they share no hexside"),
                        rule::MAP,
                    )
                    .help("name a hexside by the two neighbouring cells it separates: `0404/0405`"),
                );
                continue;
            }
            edges.push((a, b));
        }
        self.terrain.push(Terrain {
            kind,
            value: None,
            shape: Shape::Edges { edges },
            span: line.span,
        });
    }

    fn deploy_units(&mut self, side: usize, placements: &'b [Atom<'s>], out: &mut Vec<Violation>) {
        if !self.deploy_order.contains(&side) {
            self.deploy_order.push(side);
        }
        let side_name = self.sides[side].name;
        // A line whose every unit is deployed already repeats an earlier
        // one (written twice): one finding for the line, not one a unit.
        let repeated = placements.len() > 1
            && placements.iter().all(|atom| {
                Placement::parse(atom)
                    .and_then(|p| self.unit(side, p.unit))
                    .is_some_and(|unit| self.units[unit].deployed.is_some())
            });
        if let (true, Some(first), Some(last)) = (repeated, placements.first(), placements.last()) {
            out.push(
                Violation::of(
                    &codes::DEPLOYED_TWICE,
                    Span::new(first.span.start as usize, last.span.end as usize),
                    format!(
                        "all {} units this line deploys are deployed already: the line repeats an earlier one",
                        placements.len()
                    ),
                    rule::DEPLOY,
                )
                .help("deploy each unit once: delete this line"),
            );
            return;
        }
        for atom in placements {
            let Some(placement) = Placement::parse(atom) else {
                continue;
            };
            let span = atom.span;
            let Some(unit) = self.unit(side, placement.unit) else {
                out.push(
                    Violation::of(
                        &codes::UNKNOWN_UNIT,
                        span,
                        format!("{side_name} has no unit {}", placement.unit),
                        rule::DEPLOY,
                    )
                    .help(format!("{side_name}'s units are: {}", self.ids(side))),
                );
                continue;
            };
            // Named only for a finding: a clean deployment formats nothing.
            let name = || self.name(unit);
            if let Some(earlier) = self.units[unit].deployed {
                out.push(
                    Violation::of(
                        &codes::DEPLOYED_TWICE,
                        span,
                        format!("{} is already deployed, at {}", name(), place(earlier.at)),
                        rule::DEPLOY,
                    )
                    .help("deploy each unit once; where it goes next belongs in the movetext"),
                );
                continue;
            }
            let fits = match (placement.at, self.board) {
                (_, None) => true,
                (Location::Cell(_), Some(Board::Table { .. })) => false,
                (Location::Point(_), Some(Board::Hex { .. } | Board::Square { .. })) => false,
                _ => true,
            };
            if !fits {
                self.wrong_board(
                    span,
                    &format!("{}'s place {}", name(), place(placement.at)),
                    out,
                );
                continue;
            }
            let on_map = match placement.at {
                Location::Cell(cell) => self.on_grid(cell),
                Location::Point(point) => self.on_table(point),
            };
            if !on_map {
                self.off_map(
                    span,
                    format!("{}'s place {}", name(), place(placement.at)),
                    out,
                );
                continue;
            }
            if let Location::Cell(cell) = placement.at
                && !self.stacking
                && let Some(other) = self.unit_at(cell)
            {
                out.push(
                    Violation::of(
                        &codes::OCCUPIED,
                        span,
                        format!(
                            "{} cannot deploy on {cell}: {} is there",
                            name(),
                            self.name(other)
                        ),
                        rule::DEPLOY,
                    )
                    .help("deploy each unit on a cell of its own"),
                );
                continue;
            }
            if let Location::Cell(cell) = placement.at {
                self.cells.entry(cell).or_insert(unit);
            }
            self.units[unit].deployed = Some(Deployed {
                at: placement.at,
                facing: placement.facing,
                span,
            });
        }
    }
}

/// The one side the Sides tag names that no `army` line opens, and the ids
/// its `deploy` lines place. A unit line declaring one of those ids, under an
/// army whose own `deploy` lines do not place it, is where the missing army
/// began: its units are then read as that side's, so its one missing line is
/// one finding, not one a unit (docs/notation.md §5.3).
struct MissingArmy<'s> {
    side: &'s str,
    /// Ids by the side whose `deploy` lines place them.
    placed: Vec<(&'s str, &'s str)>,
    /// The side opened for it, and its finding's index.
    opened: Option<(usize, usize)>,
}

impl<'s> MissingArmy<'s> {
    fn find(lines: &[Line<'_, 's>], tagged: &[&'s str]) -> Option<MissingArmy<'s>> {
        let armies: Vec<&str> = lines
            .iter()
            .filter_map(|l| match l.directive {
                Directive::Army { side, .. } => Some(side),
                _ => None,
            })
            .collect();
        let mut without = tagged.iter().filter(|t| !armies.contains(t));
        let (Some(&side), None) = (without.next(), without.next()) else {
            return None;
        };
        // An army line of another name, or a side opened twice, may be the
        // missing side's own line misnamed: not a lost line.
        let opened_twice = armies
            .iter()
            .enumerate()
            .any(|(i, a)| armies[..i].contains(a));
        if armies.is_empty() || opened_twice || armies.iter().any(|a| !tagged.contains(a)) {
            return None;
        }
        let placed: Vec<(&'s str, &'s str)> = lines
            .iter()
            .filter_map(|l| match l.directive {
                Directive::Deploy { side, placements } => Some((side, placements)),
                _ => None,
            })
            .flat_map(|(side, placements)| {
                placements
                    .iter()
                    .filter_map(move |a| Placement::parse(a).map(|p| (side, p.unit)))
            })
            .collect();
        Some(MissingArmy {
            side,
            placed,
            opened: None,
        })
    }

    /// Whether unit `id`, under `army`, begins the missing army: the
    /// missing side places it, and `army` does not or already has an `id`
    /// (`taken`: sides that number their units alike).
    fn starts_at(&self, id: &str, army: &str, taken: bool) -> bool {
        self.opened.is_none()
            && self.placed.contains(&(self.side, id))
            && (taken || !self.placed.contains(&(army, id)))
    }
}

/// A directive's words, joined by single spaces (its comments left out).
fn line_text(atoms: &[Atom<'_>]) -> String {
    atoms.iter().map(|a| a.text).collect::<Vec<_>>().join(" ")
}

/// A place as written: `0604` or `12x6in`.
fn place(at: Location) -> String {
    match at {
        Location::Cell(cell) => cell.to_string(),
        Location::Point(Point { x, y }) => format!("{x}x{y}in"),
    }
}

/// Reports each `key=` a line gives a second time: which value counts would
/// be a guess.
fn repeated_pairs<'s>(pairs: &[Atom<'s>], out: &mut Vec<Violation>) {
    if pairs.len() < 2 {
        return;
    }
    // Each key is read once and kept on the stack packed in a number
    // (`packed_key`); only keys packed alike are compared as written. A
    // line with more pairs than are kept reads the others' keys again as
    // it searches. Only a repeated pair's values are read (value::pair
    // classifies its value).
    const KEPT: usize = 32;
    let mut kept: ArrayVec<u64, KEPT> = ArrayVec::new();
    for (i, atom) in pairs.iter().enumerate() {
        let this = value::key(atom);
        let packed = this.map_or(NO_KEY, packed_key);
        let found = this.and_then(|this| {
            let same = |j: usize| value::key(&pairs[j]) == Some(this);
            (kept.iter().enumerate())
                .find(|&(j, &k)| k == packed && same(j))
                .map(|(j, _)| j)
                .or_else(|| (KEPT..i).find(|&j| same(j)))
        });
        if !kept.is_full() {
            kept.push(packed);
        }
        let Some(earlier) = found else {
            continue;
        };
        let earlier = &pairs[earlier];
        let (Some((key, value)), Some((_, first))) = (value::pair(atom), value::pair(earlier))
        else {
            continue;
        };
        out.push(
            Violation::of(
                &codes::REPEATED_PAIR,
                atom.span,
                format!(
                    "`{key}` is given twice on this line: `{key}={}`, then `{key}={}`",
                    first.text, value.text
                ),
                rule::UNITS,
            )
            .help(format!("keep one `{key}=`")),
        );
    }
}

/// A pair's key with its first seven bytes and its length packed in a
/// number ([`crate::ids::packed_head`]): a line's keys (nine stats of three
/// letters on a TDGS entity) mostly differ there, so telling them apart
/// compares integers. Keys packed alike may still differ past the seventh
/// byte.
fn packed_key(key: &str) -> u64 {
    crate::ids::packed_head(key)
}

/// [`packed_key`] of an atom that is no pair: no key packs to it, since
/// 0xFF is never a byte of UTF-8.
const NO_KEY: u64 = u64::MAX;

#[cfg(test)]
mod tests {
    use super::*;
    use senlac_notation::parse;

    /// Keys of different lengths or heads pack apart; only keys alike in
    /// their first seven bytes and their length pack alike, and no key
    /// packs as an atom that is no pair.
    #[test]
    fn pair_keys_pack_apart_by_length_and_head() {
        assert_eq!(packed_key("str"), packed_key("str"));
        assert_ne!(packed_key("str"), packed_key("dex"));
        assert_ne!(packed_key("st"), packed_key("str"));
        assert_ne!(packed_key("abcdefgh"), packed_key("abcdefg"));
        // Alike past the seventh byte: told apart as written.
        assert_eq!(packed_key("movementa"), packed_key("movementb"));
        assert_ne!(packed_key(&"\u{10FFFF}".repeat(70)), NO_KEY);
    }

    const TAGS: &str = "[Battle \"B\"] [Site \"S\"] [Date \"2024-11-02\"] [Rules \"example/duel\"] [Sides \"Red Blue\"] [Result \"*\"]\n";

    /// The findings of a setup: each code with the text its span covers.
    fn findings(body: &str) -> Vec<(&'static str, String)> {
        let text = format!("{TAGS}{body}");
        let archive = parse(&text);
        assert!(
            !archive.has_errors(),
            "{:?}",
            archive.all_errors().collect::<Vec<_>>()
        );
        let mut out = Vec::new();
        Setup::build(&archive.battles[0], &mut out);
        out.iter()
            .map(|v| (v.code, text[v.span.range()].to_string()))
            .collect()
    }

    #[track_caller]
    fn only(body: &str, code: &str, covered: &str) {
        assert_eq!(findings(body), [(code, covered.to_string())], "{body}");
    }

    const ARMIES: &str = "map hex 6x6 parity odd\narmy Red \"Red Host\" leader \"Rolf\" morale=3\n  unit I \"Foot\" infantry B size=100\n  unit II \"Horse\" cavalry\narmy Blue \"Blue Host\"\n  unit I \"Foot\" infantry\n";

    /// A key given twice is found wherever the two stand on a long line,
    /// among the keys kept on the stack or past them, and reported at the
    /// second.
    #[test]
    fn a_repeated_key_is_found_on_a_long_line() {
        let line = |repeat: usize| {
            let mut pairs: Vec<String> = (0..40).map(|i| format!("k{i}={i}")).collect();
            pairs[39] = format!("k{repeat}=99");
            format!("army Red \"Red\" {}\narmy Blue \"Blue\"\n", pairs.join(" "))
        };
        // Keys alike in their first seven bytes are told apart as written.
        let alike = "army Red \"Red\" movementa=1 movementb=2\narmy Blue \"Blue\"\n";
        assert_eq!(findings(alike), []);
        for repeat in [3, 31, 32, 35] {
            only(
                &line(repeat),
                "setup::repeated-pair",
                &format!("k{repeat}=99"),
            );
        }
        assert_eq!(findings(&line(39)), []);
    }

    #[test]
    fn a_legal_setup_is_read_whole() {
        let text = format!(
            "{TAGS}{ARMIES}terrain forest 0101-0202\nterrain elevation=2 0303\nhexside crest 0304/0305\nroll Red initiative 4\nweather rain\ndeploy Blue I@0605\ndeploy Red I@0604^2 II@0504\n"
        );
        let archive = parse(&text);
        let mut out = Vec::new();
        let setup = Setup::build(&archive.battles[0], &mut out);
        assert_eq!(out, vec![]);
        let sides: Vec<_> = setup
            .sides
            .iter()
            .map(|s| (s.name, s.pairs.len()))
            .collect();
        assert_eq!(sides, [("Red", 1), ("Blue", 0)]);
        assert_eq!(setup.sides[0].leader.as_deref(), Some("Rolf"));
        let units: Vec<_> = setup
            .units
            .iter()
            .map(|u| (u.side, u.id, u.grade, u.deployed.map(|d| place(d.at))))
            .collect();
        assert_eq!(
            units,
            [
                (0, "I", Some("B"), Some("0604".to_string())),
                (0, "II", None, Some("0504".to_string())),
                (1, "I", None, Some("0605".to_string())),
            ]
        );
        assert_eq!(setup.units[0].deployed.unwrap().facing, Some("2"));
        assert_eq!(setup.deploy_order, [1, 0]);
        assert!(matches!(
            setup.board,
            Some(Board::Hex {
                columns: 6,
                rows: 6,
                ..
            })
        ));
        let cell = |text| Cell::parse(text).unwrap();
        let kinds: Vec<_> = setup.terrain_at(cell("0202")).map(|t| t.kind).collect();
        assert_eq!(kinds, ["forest"]);
        let elevation = setup.terrain_at(cell("0303")).next().unwrap();
        assert_eq!(elevation.value.map(|v| v.text), Some("2"));
        assert_eq!(
            setup.terrain[2].shape,
            Shape::Edges {
                edges: vec![(cell("0304"), cell("0305"))]
            }
        );
        let rest: Vec<_> = setup.rest.iter().map(|l| l.atoms[0].text).collect();
        assert_eq!(rest, ["roll", "weather"]);
        assert_eq!(setup.unit_at(cell("0504")), Some(1));
        let here = Span::new(3, 5);
        assert_eq!(setup.resolve(UnitRef::parse("II"), here), Ok(1));
        assert_eq!(setup.resolve(UnitRef::parse("Blue.I"), here), Ok(2));
        assert_eq!(
            setup
                .resolve(UnitRef::parse("I"), here)
                .map_err(|v| (v.code, v.span)),
            Err(("setup::ambiguous-unit", here))
        );
        assert_eq!(
            setup
                .resolve(UnitRef::parse("Blue.II"), here)
                .map_err(|v| (v.code, v.span)),
            Err(("setup::unknown-unit", here))
        );
        assert_eq!(
            setup
                .resolve(UnitRef::parse("Green.I"), here)
                .map_err(|v| (v.code, v.span)),
            Err(("setup::unknown-side", here))
        );
    }

    #[test]
    fn a_table_setup_keeps_points_and_shapes() {
        let text = format!(
            "{TAGS}map table 48x36in\narmy Red \"Red\"\n  unit A \"Knights\" knights\narmy Blue \"Blue\"\nterrain pond circle 30x30in radius=4in\nterrain road line 0x18in 48x18in width=2in\ndeploy Red A@12x6in^90deg\n"
        );
        let archive = parse(&text);
        let mut out = Vec::new();
        let setup = Setup::build(&archive.battles[0], &mut out);
        assert_eq!(out, vec![]);
        assert_eq!(
            setup.terrain[0].shape,
            Shape::Circle {
                centre: kurbo::Point::new(30.0, 30.0),
                radius: 4.0
            }
        );
        assert_eq!(
            setup.units[0].deployed.map(|d| (place(d.at), d.facing)),
            Some(("12x6in".to_string(), Some("90deg")))
        );
    }

    #[test]
    fn each_code_points_at_its_atom() {
        only(
            &format!("{ARMIES}army Red \"Again\"\n"),
            "setup::duplicate-side",
            "Red",
        );
        only(
            &format!("{ARMIES}army Green \"Green\"\n"),
            "setup::unknown-side",
            "Green",
        );
        only(
            &format!("{ARMIES}deploy Green I@0101\n"),
            "setup::unknown-side",
            "Green",
        );
        only(
            &format!("{ARMIES}first Green turn\n"),
            "setup::unknown-side",
            "Green",
        );
        only(
            &format!("{ARMIES}  unit I \"Again\" cavalry\n"),
            "setup::duplicate-unit",
            "I",
        );
        only(
            &format!("{ARMIES}deploy Blue I@0101 IX@0102\n"),
            "setup::unknown-unit",
            "IX@0102",
        );
        only(
            &format!("{ARMIES}map square 8x8\n"),
            "setup::second-map",
            "map square 8x8",
        );
        only(
            "army Red \"Red\"\n  unit I \"Foot\" infantry\narmy Blue \"Blue\"\ndeploy Red I@0101\n",
            "setup::missing-map",
            "deploy",
        );
        only(
            &format!("{ARMIES}deploy Red I@0607\n"),
            "setup::off-map",
            "I@0607",
        );
        only(
            &format!("{ARMIES}terrain forest 0101 0501-0707\n"),
            "setup::off-map",
            "0501-0707",
        );
        only(
            &format!("{ARMIES}hexside crest 0304/0306\n"),
            "setup::not-a-hexside",
            "0304/0306",
        );
        only(
            &format!("{ARMIES}deploy Red I@0604 II@0604\n"),
            "setup::occupied",
            "II@0604",
        );
        only(
            &format!("{ARMIES}deploy Red I@0604\ndeploy Red I@0605\n"),
            "setup::deployed-twice",
            "I@0605",
        );
        only(
            &format!("{ARMIES}deploy Red I@12x6in\n"),
            "setup::wrong-board",
            "I@12x6in",
        );
        only(
            &format!("{ARMIES}terrain wood polygon 1x1in 2x1in 2x2in\n"),
            "setup::wrong-board",
            "polygon",
        );
        let table = "map table 48x36in\narmy Red \"Red\"\n  unit A \"Knights\" knights\narmy Blue \"Blue\"\n";
        only(
            &format!("{table}terrain wood polygon 1x1in 50x1in 2x2in\n"),
            "setup::off-map",
            "50x1in",
        );
        only(
            &format!("{table}deploy Red A@0101\n"),
            "setup::wrong-board",
            "A@0101",
        );
        only(
            &format!("{table}hexside crest 0304/0305\n"),
            "setup::wrong-board",
            "hexside",
        );
        only(
            &format!("{table}terrain forest 0101\n"),
            "setup::wrong-board",
            "0101",
        );
    }

    #[test]
    fn a_second_map_points_back_at_the_first() {
        let text = format!("{TAGS}{ARMIES}map square 8x8 {{ the club's mat }}\n");
        let archive = parse(&text);
        let mut out = Vec::new();
        let setup = Setup::build(&archive.battles[0], &mut out);
        // The battle is fought on the first map.
        assert!(matches!(
            setup.board,
            Some(Board::Hex {
                columns: 6,
                rows: 6,
                ..
            })
        ));
        assert_eq!(out.len(), 1);
        let second = &out[0];
        assert_eq!(second.code, "setup::second-map");
        assert_eq!(&text[second.span.range()], "map square 8x8");
        assert_eq!(
            second.message,
            "a second `map` line, `map square 8x8`: the battle is fought on the first, `map hex 6x6 parity odd`"
        );
        let related = second.related.as_deref().unwrap();
        assert_eq!(&text[related.span.range()], "map hex 6x6 parity odd");
        assert_eq!(related.label, "the battlefield is this first `map` line");
        // One map line: nothing to point at.
        assert_eq!(findings(ARMIES), vec![]);
    }

    #[test]
    fn messages_name_the_units_and_places() {
        let text =
            format!("{TAGS}{ARMIES}deploy Red I@0604 II@0604 I@0101\nterrain forest 0501-0707\n");
        let archive = parse(&text);
        let mut out = Vec::new();
        Setup::build(&archive.battles[0], &mut out);
        let messages: Vec<_> = out.iter().map(|v| v.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "Red II cannot deploy on 0604: Red I is there",
                "Red I is already deployed, at 0604",
                "0501-0707 reaches 0507, which is off the 6x6 map",
            ]
        );
        assert_eq!(
            out[2].help.as_deref(),
            Some("the map's cells run from 0101 to 0606")
        );
    }

    /// A terrain line's cells: a range's two ends stand for the block
    /// between them, one cell or a chain of three or more for themselves,
    /// and the cells off the map are left out.
    #[test]
    fn a_terrain_line_covers_its_ranges_and_its_cells() {
        let text =
            format!("{TAGS}{ARMIES}terrain forest 0102-0203 0405 0501-0502-0503 0605-0707\n");
        let archive = parse(&text);
        let mut out = Vec::new();
        let setup = Setup::build(&archive.battles[0], &mut out);
        let Some(Shape::Cells { cells }) = setup.terrain.first().map(|t| &t.shape) else {
            panic!("no terrain laid: {:?}", setup.terrain.len());
        };
        let labels: Vec<String> = cells.iter().map(ToString::to_string).collect();
        assert_eq!(
            labels,
            [
                "0102", "0103", "0202", "0203", "0405", "0501", "0502", "0503", "0605", "0606"
            ]
        );
        let codes: Vec<&str> = out.iter().map(|v| v.code).collect();
        assert_eq!(codes, ["setup::off-map"]);
    }

    #[test]
    fn every_code_is_registered_once() {
        let mut names: Vec<&str> = codes::ALL.iter().map(|c| c.code).collect();
        assert!(names.iter().all(|n| n.starts_with("setup::")));
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count);
    }
}
