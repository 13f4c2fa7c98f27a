//! From a battle's tags and setup lines to TDGS Mass Combat's checked
//! starting state: SETUP-1..15, the command slots commanders declare
//! (COMMAND-3..5) and the HP every entity starts with (UNITS-2).
//!
//! The generic setup (`crate::setup`) reads the sides, entity lines, map,
//! terrain ranges and placements, and reports what every system shares: an
//! army of a side the Sides tag does not name, two entities of a side with
//! one id, a cell or an anchor off the map, two anchors on one cell, an
//! entity deployed twice, a key given twice on a line, a hexside on a
//! square map. Those are not reported again here. Only a side of the Sides
//! tag without an army, which the generic setup merely warns of, becomes
//! TDGS's error in the warning's place.
//!
//! One mistake gives one error: an entity whose line or placement is wrong
//! is doubted ([`Roster::doubted`]), and what would follow from the mistake
//! (the HP of a bad CON, the slots of a bad CHA) is not checked.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use senlac_board::Cell;
use senlac_board::footprint::Footprint;
use senlac_board::scene::{Board, Shape};
use senlac_notation::lower::{self, Directive};
use senlac_notation::value::{self, Location, Placement, UnitRef};
use senlac_notation::{Atom, AtomKind, Battle, Fix, ItemKind, Span, did_you_mean};
use smallvec::SmallVec;
use smol_str::SmolStr;

use super::codes;
use super::event::Event;
use super::rules;
use super::state::{
    Edge, EntityInfo, EntityState, Ground, Kind, KnownTraits, Link, Named, Roster, RoundFlags,
    Stat, State, Stats, Status, Triggers,
};
use super::tables::{self, Command, Echelon, NARRATIVE_LUK, Order, Terrain, Trigger, Weapon};
use crate::code::{CodeInfo, Severity};
use crate::fold::Deployments;
use crate::setup::{self as generic, Deployed, Setup};
use crate::system::tag_span;
use crate::violation::Violation;

/// The keys an entity line may give besides the nine stats (spec 5.1).
const ENTITY_KEYS: [&str; 12] = [
    "kind", "size", "hp", "order", "weapon", "traits", "role", "direct", "extended", "level",
    "echelon", "men",
];

/// The keys an army line may give.
const ARMY_KEYS: [&str; 1] = ["edge"];

/// The one role an entity may have (SETUP-11).
const COMMANDER_ROLE: &str = "commander";

/// The widest and deepest footprint: a cell label has two digits a side.
const MAX_FOOTPRINT: u8 = 99;

/// Reads and checks a battle's setup for TDGS Mass Combat, every finding
/// going to `out`: the field, each entity's deployment as an event, and
/// the once-a-battle triggers already met when all stand.
pub fn setup(battle: &Battle<'_>, out: &mut Vec<Violation>) -> Deployments<State, Event> {
    let before = out.len();
    let generic = Setup::build(battle, out);
    let mut roster = Roster {
        sides: generic.sides.iter().map(|s| SmolStr::new(s.name)).collect(),
        edges: vec![None; generic.sides.len()],
        ..Roster::default()
    };
    armies_for_sides(battle, &generic, before, out);
    read_map(battle, &generic, before, &mut roster, out);
    lay_terrain(battle, &generic, &mut roster, out);
    roster.hazards = roster.ground.iter().any(|ground| ground.hazardous());
    read_edges(&generic, &mut roster, out);
    let declared = declare_entities(&generic, &mut roster, out);
    roster.index_ids();
    let links = command_slots(battle, &mut roster, &declared, out);
    let anchors = deploy(battle, &generic, before, &mut roster, out);
    unread_lines(battle, &generic, out);
    let entities = declared
        .iter()
        .zip(links)
        .zip(anchors)
        .map(|((entity, commander), anchor)| EntityState {
            anchor,
            hp: entity.hp,
            hp_other: None,
            status: Status::Active,
            order: entity.order,
            pending_order: None,
            commander,
            spent: Triggers::NONE,
            rout: None,
            last_stand: false,
            charging: false,
            round: RoundFlags::default(),
        })
        .collect();
    let mut state = State {
        roster: Arc::new(roster),
        entities,
        round: 0,
        activation: None,
        tie_order: Vec::new(),
        turn_side: None,
        last_opened: None,
        owed: Vec::new(),
        rerolls_used: Vec::new(),
        commander_losses_checked: Vec::new(),
        terrors_met: Vec::new(),
        fought: Vec::new(),
    };
    spend_what_is_true_at_deployment(&mut state);
    // The checks above read the deployed state; play starts from the
    // field with each placement folded in.
    let mut placements = Vec::new();
    let mut settled = Vec::new();
    for (entity, (now, unit)) in state.entities.iter_mut().zip(&generic.units).enumerate() {
        if let (Some(anchor), Some(deployed)) = (now.anchor.take(), unit.deployed) {
            placements.push((deployed.span, Event::Deployed { entity, anchor }));
        }
        let triggers = std::mem::replace(&mut now.spent, Triggers::NONE);
        if triggers != Triggers::NONE {
            settled.push(Event::TriggersSpent {
                unit: entity,
                triggers,
            });
        }
    }
    Deployments {
        field: state,
        placements,
        settled,
    }
}

/// Notes that `entity` is in doubt because of finding `by`, unless it
/// already is.
fn doubt(roster: &mut Roster, entity: usize, by: usize) {
    if !roster.is_doubted(entity) {
        roster.doubted.push((entity, by));
    }
}

/// The atoms of the setup line at `span`.
fn line_atoms<'b, 's>(battle: &'b Battle<'s>, span: Span) -> Option<&'b [Atom<'s>]> {
    battle
        .head()
        .find(|(item, _)| item.kind == ItemKind::Directive && item.span == span)
        .map(|(_, atoms)| atoms)
}

/// Each `key=value` of a line as `(key, pair, value)`, the first of each
/// key only: a key given twice is the generic `setup::repeated-pair`.
fn first_pairs<'s>(pairs: &[Atom<'s>]) -> Vec<(&'s str, Atom<'s>, Atom<'s>)> {
    let mut first: Vec<(&'s str, Atom<'s>, Atom<'s>)> = Vec::with_capacity(pairs.len());
    for atom in pairs {
        let Some((key, value)) = value::pair(atom) else {
            continue;
        };
        if first.iter().all(|(k, _, _)| *k != key) {
            first.push((key, *atom, value));
        }
    }
    first
}

/// How many keys an entity line may give: the nine stats and
/// [`ENTITY_KEYS`].
const ENTITY_LINE_KEYS: usize = Stat::ALL.len() + ENTITY_KEYS.len();

/// Where `key` stands among the keys an entity line may give: the nine
/// stats in [`Stat::ALL`]'s order, then [`ENTITY_KEYS`]'s; `None` for a key
/// TDGS does not define. One match, not a search: every pair of every
/// entity line asks. A test holds it to those two lists.
#[inline]
fn entity_key(key: &str) -> Option<usize> {
    Some(match key {
        "str" => 0,
        "dex" => 1,
        "ref" => 2,
        "con" => 3,
        "mov" => 4,
        "int" => 5,
        "wis" => 6,
        "cha" => 7,
        "luk" => 8,
        "kind" => 9,
        "size" => 10,
        "hp" => 11,
        "order" => 12,
        "weapon" => 13,
        "traits" => 14,
        "role" => 15,
        "direct" => 16,
        "extended" => 17,
        "level" => 18,
        "echelon" => 19,
        "men" => 20,
        _ => return None,
    })
}

/// An entity line's pairs: the first of each key, in the order written,
/// and each key TDGS defines found by its place ([`entity_key`]).
struct EntityPairs<'s> {
    /// Inline for a usual line: nine stats and a few more keys.
    written: SmallVec<[(&'s str, Atom<'s>, Atom<'s>); 16]>,
    /// Bit `i`: `written[i]`'s key is one TDGS defines (of the first 64).
    defined: u64,
    /// Per [`entity_key`], where its pair is in `written`.
    known: [Option<usize>; ENTITY_LINE_KEYS],
}

impl<'s> EntityPairs<'s> {
    fn read(pairs: &[Atom<'s>]) -> EntityPairs<'s> {
        let mut read = EntityPairs {
            written: SmallVec::new(),
            known: [None; ENTITY_LINE_KEYS],
            defined: 0,
        };
        for atom in pairs {
            let Some((key, value)) = value::pair(atom) else {
                continue;
            };
            let place = entity_key(key);
            let first = match place {
                Some(place) => read.known[place].is_none(),
                None => read.written.iter().all(|(k, _, _)| *k != key),
            };
            if first {
                if let Some(place) = place {
                    read.known[place] = Some(read.written.len());
                    read.defined |= 1u64.checked_shl(read.written.len() as u32).unwrap_or(0);
                }
                read.written.push((key, *atom, value));
            }
        }
        read
    }

    /// Whether `written[i]`, whose key is `key`, has a key TDGS defines.
    fn is_defined(&self, i: usize, key: &str) -> bool {
        match 1u64.checked_shl(i as u32) {
            Some(bit) => self.defined & bit != 0,
            None => entity_key(key).is_some(),
        }
    }

    /// The pair and value of `key`, if the line gives it.
    fn get(&self, key: &str) -> Option<(Atom<'s>, Atom<'s>)> {
        self.at(entity_key(key)?)
    }

    /// [`EntityPairs::get`] for a stat, found by its place with no key to
    /// match.
    fn stat(&self, stat: Stat) -> Option<(Atom<'s>, Atom<'s>)> {
        self.at(stat as usize)
    }

    fn at(&self, place: usize) -> Option<(Atom<'s>, Atom<'s>)> {
        let index = (*self.known.get(place)?)?;
        self.written
            .get(index)
            .map(|&(_, pair, value)| (pair, value))
    }
}

/// The span of the `key` of a pair atom.
fn key_span(pair: Atom<'_>, key: &str) -> Span {
    let start = pair.span.start as usize;
    Span::new(start, start + key.len())
}

/// A value that is not one of `words`: with the word it nearly is as a fix,
/// or the list.
fn unknown_word(
    code: &'static CodeInfo,
    (pair, value): (Atom<'_>, Atom<'_>),
    words: &[&'static str],
    message: String,
    rule: &'static str,
) -> Violation {
    let finding = Violation::of(code, pair.span, message, rule);
    match did_you_mean(value.text, words.iter().copied()) {
        Some(meant) => finding
            .help(format!("did you mean `{meant}`?"))
            .fix(Fix::new(value.span, meant, format!("write `{meant}`"))),
        None => finding.help(format!("write one of: {}", words.join(", "))),
    }
}

/// A key TDGS does not define on this line (SETUP-14), with the key it
/// nearly is as a fix when the line does not give that one already.
fn unknown_key(
    (key, pair): (&str, Atom<'_>),
    meant: Option<&'static str>,
    given: &[&str],
    line: &str,
    keys: String,
) -> Violation {
    let finding = Violation::of(
        &codes::UNKNOWN_KEY,
        pair.span,
        format!("`{key}=` is not a key of a TDGS {line} line"),
        rules::KEYS,
    )
    .label("unknown key");
    match meant {
        Some(meant) if !given.contains(&meant) => finding
            .help(format!("did you mean `{meant}=`?"))
            .fix(Fix::new(
                key_span(pair, key),
                meant,
                format!("write `{meant}=`"),
            )),
        Some(meant) => finding.help(format!(
            "did you mean `{meant}=`? The line gives `{meant}=` already: keep one"
        )),
        None => finding.help(format!("{line} lines take {keys}")),
    }
}

// ------------------------------------------------------------ the battle

/// SETUP-3: every side of the Sides tag has an army, and there are two
/// sides or more. An army of a side the tag does not name, and a side with
/// two armies, are the generic setup's. The generic setup only warns of a
/// tagged side without an army (`setup::sides-tag`); TDGS cannot play such
/// a side, so its error takes the warning's place at the same span.
fn armies_for_sides(
    battle: &Battle<'_>,
    generic: &Setup<'_, '_>,
    before: usize,
    out: &mut Vec<Violation>,
) {
    let armies: Vec<&str> = generic.sides.iter().map(|s| s.name).collect();
    let tag = crate::tags::value_atom(battle, "Sides");
    let value = battle.tag("Sides").unwrap_or_default();
    let tagged = words_at(&value);
    // Every side the tag names has an army, and there are two: nothing
    // below would be reported, so no line is read again to find out why.
    if armies.len() >= 2 && tagged.iter().all(|(_, name)| armies.contains(name)) {
        return;
    }
    // An army line the notation could not read, an army of a side the tag
    // does not name or a second army of a side (the generic
    // `setup::unknown-side`, `setup::duplicate-side`) may be the missing
    // side's: the finding about that line is the one.
    // Only a line whose keyword is `army` lowers to one.
    let army_lines = battle
        .head()
        .filter(|(item, atoms)| {
            item.kind == ItemKind::Directive
                && atoms.first().is_some_and(|keyword| keyword.text == "army")
                && matches!(lower::directive(item, atoms), Ok(Directive::Army { .. }))
        })
        .count();
    let unread = unread_army(battle)
        || army_lines > armies.len()
        || armies
            .iter()
            .any(|army| !tagged.iter().any(|(_, name)| name == army));
    // A line of no known keyword naming the side (`amy Crown "…"`) was
    // probably its army line.
    let named_by_other_line = |side: &str| {
        lower::directives(battle).any(
            |(_, d)| matches!(d, Directive::Other { args: [first, ..], .. } if first.text == side),
        )
    };
    let mut reported = false;
    // With no army at all, one finding says so (below), not one per side.
    if let Some(atom) = tag.filter(|_| !armies.is_empty() && !unread) {
        let mut seen: Vec<&str> = Vec::new();
        for &(offset, name) in &tagged {
            if seen.contains(&name) || armies.contains(&name) || named_by_other_line(name) {
                continue;
            }
            seen.push(name);
            let span = name_span(atom, &value, offset, name);
            let warned = out
                .iter()
                .skip(before)
                .position(|v| v.code == generic::codes::SIDES_TAG.code && v.span == span);
            if let Some(at) = warned {
                out.remove(before + at);
            }
            out.push(
                Violation::of(
                    &codes::MISSING_ARMY,
                    span,
                    format!("{name} has no army: the Sides tag names it, but no `army {name}` line opens it"),
                    rules::SIDES,
                )
                .label("no army")
                .help(format!(
                    "add `army {name} \"Name\"` with its entities, or take {name} out of the Sides tag"
                )),
            );
            reported = true;
        }
    }
    let stood_in = tagged
        .iter()
        .any(|&(_, name)| !armies.contains(&name) && named_by_other_line(name));
    if !reported && !unread && !stood_in && armies.len() < 2 {
        let span = tag.map_or_else(|| tag_span(battle, "Sides"), |atom| atom.span);
        let count = match armies.as_slice() {
            [] => "no army".to_string(),
            [only] => format!("one army, {only}"),
            _ => format!("{} armies", armies.len()),
        };
        out.push(
            Violation::of(
                &codes::MISSING_ARMY,
                span,
                format!("TDGS is fought by two sides or more; this battle has {count}"),
                rules::SIDES,
            )
            .help("open each side with an `army SIDE \"Name\"` line and name every side in the Sides tag: [Sides \"Crown Raiders\"]"),
        );
    }
}

/// Whether a line that may have been an `army` line could not be read: a
/// setup line the parser rejects, an `army` line (or one of no known keyword) that
/// does not lower, or a line the notation reports for its keyword (`amry
/// …`, an army line without `army`).
fn unread_army(battle: &Battle<'_>) -> bool {
    let movetext = battle
        .items
        .iter()
        .find(|i| i.kind.is_movetext())
        .map_or(battle.span.end, |i| i.span.start);
    if battle.errors.iter().any(|e| e.span.start < movetext) {
        return true;
    }
    let mut flagged: Option<Vec<Span>> = None;
    battle.head().any(|(item, atoms)| {
        // A line of a keyword the notation reads, other than `army`, is no
        // army line whether it lowers or not: it is not lowered.
        let keyword = atoms.first().map_or("", |k| k.text);
        if item.kind != ItemKind::Directive
            || (keyword != "army" && lower::DIRECTIVES.contains(&keyword))
        {
            return false;
        }
        match lower::directive(item, atoms) {
            Err(_) => atoms
                .first()
                .is_some_and(|k| k.text == "army" || !lower::DIRECTIVES.contains(&k.text)),
            Ok(Directive::Other { .. }) => {
                let flagged = flagged.get_or_insert_with(|| {
                    lower::check(battle).into_iter().map(|e| e.span).collect()
                });
                atoms.first().is_some_and(|k| flagged.contains(&k.span))
            }
            Ok(_) => false,
        }
    })
}

/// The blank-separated words of `text`, each with its byte offset.
fn words_at(text: &str) -> Vec<(usize, &str)> {
    let mut words = Vec::new();
    let mut start = None;
    for (at, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(at),
            (true, Some(from)) => {
                words.push((from, &text[from..at]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(from) = start {
        words.push((from, &text[from..]));
    }
    words
}

/// Where a name of the Sides tag stands: inside the quotes, or the whole
/// value when it has escapes (its offsets then differ), as the generic tag
/// check places it.
fn name_span(atom: Atom<'_>, value: &str, offset: usize, name: &str) -> Span {
    let raw = atom.text.strip_prefix('"').unwrap_or(atom.text);
    let raw = raw.strip_suffix('"').unwrap_or(raw);
    if raw != value {
        return atom.span;
    }
    let start = atom.span.start as usize + 1 + offset;
    Span::new(start, start + name.len())
}

/// SETUP-1: a square map. Another board is reported once, at its `map`
/// line, and nothing on it is checked further; with no map at all the
/// generic setup reports it where terrain or a placement needs one.
fn read_map(
    battle: &Battle<'_>,
    generic: &Setup<'_, '_>,
    before: usize,
    roster: &mut Roster,
    out: &mut Vec<Violation>,
) {
    let what = match generic.board {
        Some(Board::Square { columns, rows }) => {
            roster.columns = columns;
            roster.rows = rows;
            roster.ground = vec![Ground::OPEN; usize::from(columns) * usize::from(rows)];
            return;
        }
        Some(Board::Hex { .. }) => "a hex map",
        Some(Board::Table { .. }) => "an open table",
        None => {
            let reported = out
                .iter()
                .skip(before)
                .any(|v| v.code == generic::codes::MISSING_MAP.code);
            if !reported {
                out.push(
                    Violation::of(
                        &codes::MAP_NOT_SQUARE,
                        tag_span(battle, "Rules"),
                        "the battle has no `map` line: TDGS is played on a square grid",
                        rules::MAP,
                    )
                    .help("add `map square COLUMNSxROWS`, e.g. `map square 20x16`"),
                );
            }
            return;
        }
    };
    let span = lower::directives(battle)
        .find(|(_, d)| matches!(d, Directive::Map(_)))
        .map_or(battle.span, |(item, _)| item.span);
    out.push(
        Violation::of(
            &codes::MAP_NOT_SQUARE,
            span,
            format!("TDGS is played on a square grid, not {what}"),
            rules::MAP,
        )
        .label("not a square grid")
        .help("write `map square COLUMNSxROWS`: footprints, distances and command ranges are counted in squares"),
    );
}

/// SETUP-2: each kind is one of core D14's; a square may take several
/// (difficult and cover). Ranges off the map are the generic setup's.
fn lay_terrain(
    battle: &Battle<'_>,
    generic: &Setup<'_, '_>,
    roster: &mut Roster,
    out: &mut Vec<Violation>,
) {
    for terrain in &generic.terrain {
        let Shape::Cells { cells } = &terrain.shape else {
            continue;
        };
        let kind = match (Terrain::parse(terrain.kind), terrain.value) {
            (Some(kind), None) => kind,
            (known, value) => {
                let atom = line_atoms(battle, terrain.span)
                    .and_then(|atoms| atoms.get(1).copied())
                    .unwrap_or(Atom {
                        kind: AtomKind::Word,
                        text: terrain.kind,
                        span: terrain.span,
                    });
                out.push(unknown_terrain(terrain.kind, known, value, atom));
                continue;
            }
        };
        for &cell in cells {
            if let Some(square) = roster.square_index(cell)
                && let Some(ground) = roster.ground.get_mut(square)
            {
                *ground = ground.with(kind);
            }
        }
    }
}

fn unknown_terrain(
    kind: &str,
    known: Option<Terrain>,
    value: Option<Atom<'_>>,
    atom: Atom<'_>,
) -> Violation {
    let words: Vec<&'static str> = Terrain::ALL.iter().map(|t| t.word()).collect();
    match (known, value) {
        (Some(known), Some(value)) => Violation::of(
            &codes::UNKNOWN_TERRAIN,
            atom.span,
            format!(
                "`{}`: a TDGS terrain kind takes no value, and `={}` says nothing",
                atom.text, value.text
            ),
            rules::TERRAIN,
        )
        .help(format!("write the kind alone: `{}`", known.word()))
        .fix(Fix::new(
            atom.span,
            known.word(),
            format!("write `{}`", known.word()),
        )),
        _ => {
            let finding = Violation::of(
                &codes::UNKNOWN_TERRAIN,
                atom.span,
                format!(
                    "`{}` is not a TDGS terrain kind: its squares stay open ground",
                    atom.text
                ),
                rules::TERRAIN,
            )
            .label("unknown kind");
            match did_you_mean(kind, words.iter().copied()).filter(|_| value.is_none()) {
                Some(meant) => finding
                    .help(format!("did you mean `{meant}`?"))
                    .fix(Fix::new(atom.span, meant, format!("write `{meant}`"))),
                None => finding.help(format!(
                    "the kinds are core D14's: {}; a wood, say, is difficult, obscuring or both, each laid by its own `terrain` line",
                    words.join(", ")
                )),
            }
        }
    }
}

/// SETUP-12: an army may name its friendly edge; no other key. A side whose
/// `army` line is missing (inferred, one finding already) keeps the edge
/// across from the other side's, as two armies facing each other do, so
/// its routs are not judged against a goal the lost line most likely named
/// otherwise (docs/rules/README.md, lost lines).
fn read_edges(generic: &Setup<'_, '_>, roster: &mut Roster, out: &mut Vec<Violation>) {
    read_written_edges(generic, roster, out);
    if let [first, second] = generic.sides.as_slice()
        && let [a, b] = roster.edges.as_mut_slice()
    {
        match (first.inferred, second.inferred, *a, *b) {
            (true, false, None, Some(edge)) => *a = Some(edge.opposite()),
            (false, true, Some(edge), None) => *b = Some(edge.opposite()),
            _ => {}
        }
    }
}

fn read_written_edges(generic: &Setup<'_, '_>, roster: &mut Roster, out: &mut Vec<Violation>) {
    for (side, army) in generic.sides.iter().enumerate() {
        let pairs = first_pairs(army.pairs);
        let given: Vec<&str> = pairs.iter().map(|(k, _, _)| *k).collect();
        for &(key, pair, value) in &pairs {
            if key != "edge" {
                let meant = did_you_mean(key, ARMY_KEYS);
                out.push(unknown_key(
                    (key, pair),
                    meant,
                    &given,
                    "army",
                    "`edge=` (n, e, s or w) besides the side, name and leader".to_string(),
                ));
                continue;
            }
            match Edge::parse(value.text) {
                Some(edge) => {
                    if let Some(slot) = roster.edges.get_mut(side) {
                        *slot = Some(edge);
                    }
                }
                None => out.push(bad_compass(
                    &codes::BAD_EDGE,
                    (pair.span, value.text, value.span),
                    format!(
                        "`edge={}` is not a board edge: an army's edge is n, e, s or w",
                        value.text
                    ),
                    rules::ROUTED,
                )),
            }
        }
    }
}

/// A word that is not n, e, s or w, with the letter it stands for as a fix
/// (`south` is `s`).
fn bad_compass(
    code: &'static CodeInfo,
    (span, written, written_at): (Span, &str, Span),
    message: String,
    rule: &'static str,
) -> Violation {
    let finding = Violation::of(code, span, message, rule);
    let lower = written.to_lowercase();
    let meant = Edge::ALL
        .into_iter()
        .find(|e| e.compass() == lower || e.word() == lower);
    match meant {
        Some(edge) => finding
            .help(format!("write `{}` for {}", edge.word(), edge.compass()))
            .fix(Fix::new(
                written_at,
                edge.word(),
                format!("write `{}`", edge.word()),
            )),
        None => finding.help("write n, e, s or w: north is row 01, west is column 01"),
    }
}

// -------------------------------------------------------------- entities

/// What setup keeps of an entity line besides its [`EntityInfo`].
struct Declared<'s> {
    hp: i32,
    order: Option<Order>,
    /// `direct=` and `extended=` as written, in order, for the slots.
    slots: Vec<(Command, Atom<'s>, Atom<'s>)>,
    /// CHA is as written.
    cha_stated: bool,
}

/// SETUP-4..11 and UNITS-2, line by line; an entity with an error on its
/// line is doubted at its first.
fn declare_entities<'s>(
    generic: &Setup<'_, 's>,
    roster: &mut Roster,
    out: &mut Vec<Violation>,
) -> Vec<Declared<'s>> {
    let mut declared = Vec::with_capacity(generic.units.len());
    for (index, unit) in generic.units.iter().enumerate() {
        let side = generic.sides.get(unit.side).map_or("?", |s| s.name);
        let mut found = Vec::new();
        let (info, entity) = declare(side, unit, &mut found);
        found.sort_by_key(|v| v.span.start);
        if let Some(first) = found.iter().position(|v| v.severity == Severity::Error) {
            doubt(roster, index, out.len() + first);
        }
        out.extend(found);
        roster.entities.push(info);
        declared.push(entity);
    }
    declared
}

/// One entity line: its info, and what setup needs of it later.
fn declare<'s>(
    side: &str,
    unit: &generic::Unit<'_, 's>,
    found: &mut Vec<Violation>,
) -> (EntityInfo, Declared<'s>) {
    // Written only into a finding: most lines have none.
    let who = fmt::from_fn(|f| write!(f, "{side} {}", unit.id));
    let pairs = EntityPairs::read(unit.pairs);
    let get = |key: &str| pairs.get(key);

    // Keys TDGS does not define, each with the key it stands for, if any: a
    // slip of a stat's key stands for that stat, which is then not also
    // reported missing.
    let unknown: Vec<(&str, Atom<'_>, Atom<'_>)> = (pairs.written.iter().enumerate())
        .filter(|&(i, (key, _, _))| !pairs.is_defined(i, key))
        .map(|(_, &written)| written)
        .collect();
    let mut meanings: Vec<Option<&'static str>> = unknown
        .iter()
        .map(|&(key, _, value)| {
            // `…=commander` can only be the role.
            if value.text == COMMANDER_ROLE {
                Some("role")
            } else {
                did_you_mean(key, Stat::ALL.iter().map(|s| s.key()).chain(ENTITY_KEYS))
            }
        })
        .collect();
    // One stat absent and one stray key with a number: the key is the stat.
    let absent: Vec<Stat> = Stat::ALL
        .into_iter()
        .filter(|&s| pairs.stat(s).is_none() && !meanings.contains(&Some(s.key())))
        .collect();
    let strays: Vec<usize> = (0..unknown.len())
        .filter(|&i| {
            meanings.get(i).is_some_and(Option::is_none)
                && unknown
                    .get(i)
                    .is_some_and(|(_, _, v)| matches!(v.kind, AtomKind::Number | AtomKind::Cell))
        })
        .collect();
    if let ([stat], [stray]) = (absent.as_slice(), strays.as_slice())
        && let Some(meaning) = meanings.get_mut(*stray)
    {
        *meaning = Some(stat.key());
    }
    let meant_stats: Vec<Stat> = meanings.iter().filter_map(|m| Stat::parse((*m)?)).collect();
    let role_misspelt = meanings.contains(&Some("role"));
    let given: Vec<&str> = if unknown.is_empty() {
        Vec::new()
    } else {
        pairs.written.iter().map(|(k, _, _)| *k).collect()
    };
    for (&(key, pair, _), &meant) in unknown.iter().zip(&meanings) {
        found.push(unknown_key(
            (key, pair),
            meant,
            &given,
            "entity",
            format!(
                "the nine stats ({}) and {}",
                Stat::ALL.map(Stat::key).join(" "),
                ENTITY_KEYS.join(", ")
            ),
        ));
    }

    let kind = match get("kind") {
        None => Kind::Unit,
        Some((pair, value)) => Kind::parse(value.text).unwrap_or_else(|| {
            found.push(unknown_word(
                &codes::UNKNOWN_KIND,
                (pair, value),
                &Kind::ALL.map(Kind::word),
                format!("{who}'s kind `{}` is neither `unit` nor `hero`", value.text),
                rules::KIND,
            ));
            Kind::Unit
        }),
    };

    let (stats, not_stated) = read_stats(
        |stat| pairs.stat(stat),
        &meant_stats,
        &who,
        unit.span,
        found,
    );
    let con_stated = !not_stated.contains(&Stat::Con);
    let cha_stated = !not_stated.contains(&Stat::Cha);

    // A bad `size=` stands as one square: whatever it meant covers at least
    // the anchor, so what the anchor alone breaks at deployment is its own
    // mistake.
    let (width, height) = match get("size") {
        None => (1, 1),
        Some((pair, value)) => match footprint_size(value) {
            Some(size) => size,
            None => {
                found.push(
                    Violation::of(
                        &codes::BAD_FOOTPRINT,
                        pair.span,
                        format!(
                            "`size={}` is not a footprint: it is WxH squares, each from 1 to {MAX_FOOTPRINT}",
                            value.text
                        ),
                        rules::FOOTPRINT,
                    )
                    .help("write the squares it covers, columns by rows: `size=3x3`; leave it out for one square"),
                );
                (1, 1)
            }
        },
    };

    let max_hp = tables::max_hp(stats.con);
    let hp = match get("hp") {
        None => max_hp,
        // HP is checked against CON × 5: a wrong CON says nothing about it.
        Some(_) if !con_stated => max_hp,
        Some(written) => starting_hp(written, &who, stats.con, found).unwrap_or(max_hp),
    };

    let order = match (kind, get("order")) {
        (Kind::Hero, None) => None,
        (Kind::Hero, Some((pair, value))) => {
            found.push(
                Violation::of(
                    &codes::ORDER_FOR_HERO,
                    pair.span,
                    format!("{who} is a hero, and heroes take no orders: `order={}` means nothing", value.text),
                    rules::KIND,
                )
                .help("remove the `order=`: a hero acts freely (TDGS-R38)"),
            );
            None
        }
        (Kind::Unit, None) => Some(Order::Attack),
        (Kind::Unit, Some((pair, value))) => Some(Order::parse(value.text).unwrap_or_else(|| {
            found.push(unknown_word(
                &codes::UNKNOWN_ORDER,
                (pair, value),
                &Order::ALL.map(Order::word),
                format!("`{}` is not an order: a unit starts under attack, hold, take-cover, charge or retreat", value.text),
                rules::ORDER_TYPES,
            ));
            Order::Attack
        })),
    };

    let weapon = match get("weapon") {
        None => Weapon::Melee,
        Some((pair, value)) => Weapon::parse(value.text).unwrap_or_else(|| {
            found.push(unknown_word(
                &codes::UNKNOWN_WEAPON,
                (pair, value),
                &Weapon::ALL.map(Weapon::word),
                format!(
                    "`{}` is not a weapon's range type: melee, reach, thrown, ranged or long",
                    value.text
                ),
                rules::WEAPONS,
            ));
            Weapon::Melee
        }),
    };

    let traits: Vec<SmolStr> = get("traits").map_or_else(Vec::new, |(_, value)| {
        value
            .text
            .split('+')
            .filter(|t| !t.is_empty())
            .map(SmolStr::new)
            .collect()
    });
    let mut known_traits = KnownTraits::default();
    for word in &traits {
        known_traits.note(word);
    }

    let role = get("role");
    let commander = match role {
        None => false,
        Some((_, value)) if value.text == COMMANDER_ROLE => true,
        Some((pair, value)) => {
            found.push(unknown_word(
                &codes::NOT_A_COMMANDER,
                (pair, value),
                &[COMMANDER_ROLE],
                format!(
                    "`role={}` is not a role: the one role TDGS knows is `commander`",
                    value.text
                ),
                rules::COMMANDERS,
            ));
            false
        }
    };
    let mut slots = Vec::new();
    for &(key, pair, value) in &pairs.written {
        let Some(slot) = Command::parse(key) else {
            continue;
        };
        if commander {
            slots.push((slot, pair, value));
        } else if role.is_none() && !role_misspelt {
            // A misspelt role, or a misspelt key of one, is reported once,
            // above.
            found.push(
                Violation::of(
                    &codes::NOT_A_COMMANDER,
                    pair.span,
                    format!("{who} lists units under {key} command, but is not a commander"),
                    rules::COMMANDERS,
                )
                .help(format!("add `role=commander` to {who}'s line, or list these units on their commander's line")),
            );
        }
    }

    let info = EntityInfo {
        side: unit.side,
        id: SmolStr::new(unit.id),
        name: SmolStr::new(&unit.name),
        kind,
        race: SmolStr::new(unit.class),
        class: unit.grade.map(SmolStr::new),
        stats,
        width,
        height,
        weapon,
        traits,
        known_traits,
        commander,
        men: get("men")
            .and_then(|(_, value)| value::integer(&value))
            .and_then(|n| u32::try_from(n).ok()),
        echelon: get("echelon").and_then(|(_, value)| Echelon::parse(value.text)),
        max_hp,
    };
    let entity = Declared {
        hp,
        order,
        slots,
        cha_stated,
    };
    (info, entity)
}

/// SETUP-4: the nine stats, each a whole number in its range, and a
/// warning for narrative luck (TDGS-R5). Returns the stats, a missing or
/// wrong one replaced by the nearest legal value, and those so replaced.
fn read_stats<'s>(
    get: impl Fn(Stat) -> Option<(Atom<'s>, Atom<'s>)>,
    meant: &[Stat],
    who: &dyn fmt::Display,
    line: Span,
    found: &mut Vec<Violation>,
) -> (Stats, Vec<Stat>) {
    let mut stats = Stats::default();
    let mut not_stated = Vec::new();
    let mut missing = Vec::new();
    for stat in Stat::ALL {
        let (low, high) = stat.range();
        let Some((pair, value)) = get(stat) else {
            not_stated.push(stat);
            stats.set(stat, low.max(0));
            if !meant.contains(&stat) {
                missing.push(stat);
            }
            continue;
        };
        // Written only into a finding.
        let scale = || match stat {
            Stat::Luk => "LUK is -10 to +10".to_string(),
            Stat::Con => format!("CON is {low} to {high}"),
            _ => format!("stats are {low} to {high}"),
        };
        match value::integer(&value) {
            Some(n) if (i64::from(low)..=i64::from(high)).contains(&n) => {
                let n = i32::try_from(n).unwrap_or(low);
                stats.set(stat, n);
                if stat == Stat::Luk && n.abs() >= NARRATIVE_LUK {
                    found.push(
                        Violation::of(
                            &codes::NARRATIVE_LUCK,
                            pair.span,
                            format!("LUK {n:+} is core D4's narrative territory (LUK 3 or more either way)"),
                            rules::NARRATIVE_LUCK,
                        )
                        .help("luck this strong decides most rolls; if it is a 0-100 figure, LUK runs from -10 to +10"),
                    );
                }
            }
            Some(n) => {
                not_stated.push(stat);
                stats.set(
                    stat,
                    i32::try_from(n.clamp(i64::from(low), i64::from(high))).unwrap_or(low),
                );
                let help = match stat {
                    Stat::Luk => "LUK is core D4's luck scale, -10 to +10 (0 is ordinary fortune)",
                    Stat::Con => "HP is CON × 5: an entity has CON 1 or more",
                    _ => "stats are on core D2's absolute scale, 0 to 100",
                };
                found.push(
                    Violation::of(
                        &codes::STAT_OUT_OF_RANGE,
                        pair.span,
                        format!("{} {n} is out of range: {}", stat.name(), scale()),
                        rules::STATS,
                    )
                    .label(format!("{who}'s {}", stat.name()))
                    .help(help),
                );
            }
            None => {
                not_stated.push(stat);
                stats.set(stat, low.max(0));
                found.push(
                    Violation::of(
                        &codes::STAT_OUT_OF_RANGE,
                        pair.span,
                        format!("`{}` is not a whole number: {}", pair.text, scale()),
                        rules::STATS,
                    )
                    .label(format!("{who}'s {}", stat.name()))
                    .help(format!(
                        "write {} as a whole number: `{}=20`",
                        stat.name(),
                        stat.key()
                    )),
                );
            }
        }
    }
    if !missing.is_empty() {
        let names: Vec<&str> = missing.iter().map(|s| s.name()).collect();
        let pairs: Vec<String> = missing.iter().map(|s| format!("{}=N", s.key())).collect();
        found.push(
            Violation::of(
                &codes::MISSING_STAT,
                line,
                format!(
                    "{who} does not state {}: an entity states all nine stats",
                    names.join(", ")
                ),
                rules::STATS,
            )
            .help(format!(
                "add {}; the nine are {}",
                pairs.join(" "),
                Stat::ALL.map(Stat::key).join(" ")
            )),
        );
    }
    (stats, not_stated)
}

/// The squares of `size=WxH`, each 1 to [`MAX_FOOTPRINT`].
fn footprint_size(value: Atom<'_>) -> Option<(u8, u8)> {
    if value.kind != AtomKind::Size {
        return None;
    }
    let (w, h) = value.text.split_once('x')?;
    let (w, h): (u8, u8) = (w.parse().ok()?, h.parse().ok()?);
    let fits = |n: u8| (1..=MAX_FOOTPRINT).contains(&n);
    (fits(w) && fits(h)).then_some((w, h))
}

/// SETUP-7: `hp=N` with 1 ≤ N ≤ CON × 5 (TDGS-R47); `None` when it is not.
fn starting_hp(
    (pair, value): (Atom<'_>, Atom<'_>),
    who: &dyn fmt::Display,
    con: i32,
    found: &mut Vec<Violation>,
) -> Option<i32> {
    let max = tables::max_hp(con);
    let hp = value::integer(&value).and_then(|n| i32::try_from(n).ok());
    let message = match hp {
        Some(n) if (1..=max).contains(&n) => return Some(n),
        Some(n) if n > max => format!(
            "`hp={n}` is more than {who}'s maximum, {max} (CON {con} × {})",
            tables::HP_PER_CON
        ),
        Some(n) => format!("`hp={n}`: an entity starts the battle with at least 1 HP"),
        None => format!("`hp={}` is not a number of hit points", value.text),
    };
    found.push(
        Violation::of(&codes::BAD_HP, pair.span, message, rules::HP)
            .help(format!("a fresh entity starts at CON × 5 = {max} and needs no `hp=`; one carrying losses starts between 1 and {max}")),
    );
    None
}

// --------------------------------------------------------------- command

/// COMMAND-3..5: each commander's `direct=` and `extended=`, at most one
/// direct unit and CHA-bonus extended ones, each a unit of its own side,
/// not itself, under one commander only. Returns each entity's commander.
fn command_slots(
    battle: &Battle<'_>,
    roster: &mut Roster,
    declared: &[Declared<'_>],
    out: &mut Vec<Violation>,
) -> Vec<Option<Link>> {
    // Each unit's commander, with where it was listed.
    let mut links: Vec<Option<(Link, Span)>> = vec![None; declared.len()];
    // The ids of every `unit` line, read or not, looked at only for an id
    // the roster lacks: one a line declares that the setup could not read
    // is that line's finding, not the commander's.
    let mut unit_lines: Option<Vec<&str>> = None;
    for (commander, entity) in declared.iter().enumerate() {
        if entity.slots.is_empty() {
            continue;
        }
        let who = roster.named(commander);
        let cha = roster.entities.get(commander).map_or(0, |i| i.stats.cha);
        let mut found = Vec::new();
        for &(slot, pair, value) in &entity.slots {
            let ids = listed_ids(value);
            // A wrong CHA says nothing about how many it may hold.
            let room = match slot {
                Command::Extended if !entity.cha_stated => ids.len(),
                _ => usize::try_from(slot.slots(cha)).unwrap_or(usize::MAX),
            };
            if ids.len() > room {
                found.push(too_many(slot, pair, who, cha, ids.len()));
            }
            for &(text, span) in ids.iter().take(room) {
                match commanded(roster, commander, text, span, &links) {
                    Ok(unit) => {
                        if let Some(link) = links.get_mut(unit) {
                            *link = Some((Link { commander, slot }, span));
                        }
                    }
                    Err(finding) if finding.code == generic::codes::UNKNOWN_UNIT.code => {
                        let declared = unit_lines.get_or_insert_with(|| unit_line_ids(battle));
                        if !declared.contains(&UnitRef::parse(text).id) {
                            found.push(finding);
                        }
                    }
                    Err(finding) => found.push(finding),
                }
            }
        }
        if let Some(first) = found.iter().position(|v| v.severity == Severity::Error) {
            doubt(roster, commander, out.len() + first);
        }
        out.extend(found);
    }
    links
        .into_iter()
        .map(|link| link.map(|(link, _)| link))
        .collect()
}

/// The id of every `unit` line of the battle, whether it lowers or not.
fn unit_line_ids<'s>(battle: &Battle<'s>) -> Vec<&'s str> {
    battle
        .head()
        .filter(|(item, _)| item.kind == ItemKind::Directive)
        .filter_map(|(_, atoms)| match atoms {
            [keyword, id, ..] if keyword.text == "unit" => Some(id.text),
            _ => None,
        })
        .collect()
}

/// The ids of `direct=A` or `extended=B+C`, each with its span.
fn listed_ids<'s>(value: Atom<'s>) -> Vec<(&'s str, Span)> {
    let mut at = value.span.start as usize;
    let mut ids = Vec::new();
    for part in value.text.split('+') {
        if !part.is_empty() {
            ids.push((part, Span::new(at, at + part.len())));
        }
        at += part.len() + 1;
    }
    ids
}

fn too_many(slot: Command, pair: Atom<'_>, who: Named<'_>, cha: i32, listed: usize) -> Violation {
    match slot {
        Command::Direct => Violation::of(
            &codes::TOO_MANY_DIRECT,
            pair.span,
            format!("{who} lists {listed} units under direct command; a commander directs one"),
            rules::DIRECT_COMMAND,
        )
        .help("keep one unit in `direct=`; the others may go under `extended=`"),
        Command::Extended => {
            let slots = tables::extended_slots(cha);
            Violation::of(
                &codes::TOO_MANY_EXTENDED,
                pair.span,
                format!(
                    "{who} lists {listed} units under extended command, but CHA {cha} gives a bonus of +{} and so {slots} extended slot{}",
                    tables::cha_bonus(cha),
                    if slots == 1 { "" } else { "s" }
                ),
                rules::EXTENDED_SLOTS,
            )
            .help(format!("list at most {slots} in `extended=`; the rest stay uncontrolled, or go to another commander"))
        }
    }
}

/// The unit a commander lists as `text`, or why it cannot command it.
fn commanded(
    roster: &Roster,
    commander: usize,
    text: &str,
    span: Span,
    links: &[Option<(Link, Span)>],
) -> Result<usize, Violation> {
    let who = roster.named(commander);
    let own = roster.entities.get(commander).map_or(0, |i| i.side);
    let reference = UnitRef::parse(text);
    let side = match reference.side {
        Some(name) => roster.side_index(name),
        None => Some(own),
    };
    let cannot = |why: String| {
        Violation::of(&codes::CANNOT_COMMAND, span, why, rules::COMMANDERS)
            .help("a commander commands units of its own side, never itself or a hero")
    };
    let Some(unit) = side.and_then(|s| roster.entity(s, reference.id)) else {
        let elsewhere =
            (0..roster.sides.len()).find(|&s| s != own && roster.entity(s, reference.id).is_some());
        return Err(match elsewhere {
            Some(other) => cannot(format!(
                "{} {} is an enemy: {who} commands only {}'s units",
                roster.sides.get(other).map_or("?", SmolStr::as_str),
                reference.id,
                roster.sides.get(own).map_or("?", SmolStr::as_str),
            )),
            None => unknown_commanded(roster, commander, own, reference.id, span),
        });
    };
    let name = roster.named(unit);
    let Some(info) = roster.entities.get(unit) else {
        return Err(unknown_commanded(
            roster,
            commander,
            own,
            reference.id,
            span,
        ));
    };
    if unit == commander {
        return Err(cannot(format!("{who} cannot command itself")));
    }
    if info.side != own {
        return Err(cannot(format!(
            "{name} is an enemy: {who} commands only {}'s units",
            roster.sides.get(own).map_or("?", SmolStr::as_str)
        )));
    }
    if info.kind == Kind::Hero {
        return Err(cannot(format!(
            "{name} is a hero, and only units are commanded"
        )));
    }
    if let Some(Some((link, first))) = links.get(unit) {
        return Err(Violation::of(
            &codes::UNIT_ALREADY_COMMANDED,
            span,
            format!(
                "{name} is already under {}'s {} command",
                roster.name(link.commander),
                link.slot.word()
            ),
            rules::COMMANDERS,
        )
        .label("listed again")
        .related(*first, "listed first here")
        .help("a unit has one commander: list it once"));
    }
    Ok(unit)
}

/// A listed id no side has: the generic `setup::unknown-unit`, with the
/// unit of the commander's side it nearly names.
fn unknown_commanded(
    roster: &Roster,
    commander: usize,
    own: usize,
    id: &str,
    span: Span,
) -> Violation {
    let side = roster.sides.get(own).map_or("?", SmolStr::as_str);
    let units: Vec<&str> = roster
        .entities
        .iter()
        .enumerate()
        .filter(|&(i, e)| e.side == own && e.kind == Kind::Unit && i != commander)
        .map(|(_, e)| e.id.as_str())
        .collect();
    let finding = Violation::of(
        &generic::codes::UNKNOWN_UNIT,
        span,
        format!("{side} has no unit {id}"),
        rules::COMMANDERS,
    );
    // Ids are the writer's words, not the rules': the one it nearly is is
    // a guess, so no fix.
    match did_you_mean(id, units.iter().copied()) {
        Some(meant) => finding.help(format!("did you mean `{meant}`?")),
        None if units.is_empty() => finding.help(format!("{side} has no other unit to command")),
        None => finding.help(format!("{side}'s units are: {}", units.join(", "))),
    }
}

// ------------------------------------------------------------ deployment

/// SETUP-13: each entity deployed once, its footprint on the map, on no
/// blocking square and on no other entity's square; a facing, if written,
/// n, e, s or w (POSITION-6). Returns each entity's anchor.
fn deploy(
    battle: &Battle<'_>,
    generic: &Setup<'_, '_>,
    before: usize,
    roster: &mut Roster,
    out: &mut Vec<Violation>,
) -> Vec<Option<Cell>> {
    let count = roster.entities.len();
    let mut anchors: Vec<Option<Cell>> = vec![None; count];
    let mut placements: Vec<(usize, Deployed<'_>)> = generic
        .units
        .iter()
        .enumerate()
        .filter_map(|(i, u)| u.deployed.map(|d| (i, d)))
        .collect();
    placements.sort_by_key(|(_, d)| d.span.start);
    let square = roster.columns > 0 && roster.rows > 0;
    // Each square's occupant plus one (0: none).
    let mut occupant = vec![0usize; roster.ground.len()];
    let mut facings: Option<(Span, usize)> = None;
    for (entity, deployed) in placements {
        if let Some(written) = deployed.facing {
            match Edge::parse(written) {
                Some(_) => {
                    let (first, more) = facings.get_or_insert((deployed.span, 0));
                    *more += usize::from(*first != deployed.span);
                }
                None => out.push(bad_compass(
                    &codes::BAD_FACING,
                    (
                        deployed.span,
                        written,
                        Span::new(
                            (deployed.span.end as usize)
                                .saturating_sub(written.len())
                                .max(deployed.span.start as usize),
                            deployed.span.end as usize,
                        ),
                    ),
                    format!("`^{written}` is not a facing: TDGS records n, e, s or w"),
                    rules::FACING,
                )),
            }
        }
        let Location::Cell(anchor) = deployed.at else {
            continue;
        };
        let Some(info) = roster.entities.get(entity) else {
            continue;
        };
        if !square {
            // The map is reported; nothing on it is checked further.
            if let Some(slot) = anchors.get_mut(entity) {
                *slot = Some(anchor);
            }
            continue;
        }
        let footprint = Footprint::new(anchor, info.width, info.height);
        match stand(roster, entity, footprint, deployed.span, &occupant, generic) {
            Ok(()) => {
                for cell in footprint.cells() {
                    if let Some(square) = roster.square_index(cell)
                        && let Some(slot) = occupant.get_mut(square)
                    {
                        *slot = entity + 1;
                    }
                }
                if let Some(slot) = anchors.get_mut(entity) {
                    *slot = Some(anchor);
                }
            }
            Err(finding) => {
                doubt(roster, entity, out.len());
                out.push(finding);
            }
        }
    }
    if let Some((span, more)) = facings {
        let others = match more {
            0 => String::new(),
            1 => " (and 1 more)".to_string(),
            n => format!(" (and {n} more)"),
        };
        out.push(
            Violation::of(
                &codes::FACING_HAS_NO_EFFECT,
                span,
                format!("a facing is recorded here{others}, but in TDGS it has no effect"),
                rules::FACING,
            )
            .help("neither the extension nor core D14 gives facing a consequence; senlac keeps it as written"),
        );
    }
    unplaced(battle, generic, before, roster, &anchors, out);
    anchors
}

/// Whether `entity` may stand on `footprint`: every square on the map, none
/// blocking, none another's.
fn stand(
    roster: &Roster,
    entity: usize,
    footprint: Footprint,
    span: Span,
    occupant: &[usize],
    generic: &Setup<'_, '_>,
) -> Result<(), Violation> {
    let who = roster.named(entity);
    let anchor = footprint.anchor;
    let (width, height) = (footprint.width, footprint.height);
    let extent = roster.extent();
    if !footprint.fits(extent) {
        let corner_column = u16::from(anchor.column) + u16::from(width) - 1;
        let corner_row = u16::from(anchor.row) + u16::from(height) - 1;
        let help = if width > extent.columns || height > extent.rows {
            format!(
                "a {width}x{height} footprint is larger than the {}x{} map",
                extent.columns, extent.rows
            )
        } else {
            format!(
                "the anchor is the footprint's north-west square: a {width}x{height} entity fits with its anchor at most at column {:02}, row {:02}",
                extent.columns - width + 1,
                extent.rows - height + 1
            )
        };
        return Err(Violation::of(
            &codes::OFF_MAP,
            span,
            format!(
                "{who}'s {width}x{height} footprint anchored at {anchor} reaches {corner_column:02}{corner_row:02}, off the {}x{} map",
                extent.columns, extent.rows
            ),
            rules::DEPLOYMENT,
        )
        .label("footprint off the map")
        .help(help));
    }
    let cells = || footprint.cells();
    let blocked = cells().find(|&cell| {
        roster
            .ground_at(cell)
            .is_some_and(|g| g.has(Terrain::Blocking))
    });
    if let Some(cell) = blocked {
        return Err(Violation::of(
            &codes::IMPASSABLE,
            span,
            format!("{who}'s {width}x{height} footprint anchored at {anchor} covers {cell}, which is blocking terrain"),
            rules::DEPLOYMENT,
        )
        .label("on blocking terrain")
        .help(format!("deploy it where none of its {width}x{height} squares is blocking")));
    }
    let taken = cells().find_map(|cell| {
        let other = occupant.get(roster.square_index(cell)?)?.checked_sub(1)?;
        Some((cell, other))
    });
    if let Some((cell, other)) = taken {
        let (other_name, other_size, other_at) = match roster.entities.get(other) {
            Some(info) => (
                roster.name(other),
                format!("{}x{}", info.width, info.height),
                generic.units.get(other).and_then(|u| u.deployed),
            ),
            None => (roster.name(other), String::new(), None),
        };
        let mut finding = Violation::of(
            &codes::OVERLAP,
            span,
            format!("{who}'s {width}x{height} footprint anchored at {anchor} overlaps {other_name}'s {other_size} footprint on {cell}"),
            rules::DEPLOYMENT,
        )
        .label("overlaps another entity")
        .help("two footprints never share a square: the anchor is the footprint's north-west square");
        if let Some(placed) = other_at {
            finding = finding.related(placed.span, format!("{other_name} stands here"));
        }
        return Err(finding);
    }
    Ok(())
}

/// Entities with no anchor: never placed (`tdgs::not-deployed`), or placed
/// where the generic setup refused it (doubted by that finding).
fn unplaced(
    battle: &Battle<'_>,
    generic: &Setup<'_, '_>,
    before: usize,
    roster: &mut Roster,
    anchors: &[Option<Cell>],
    out: &mut Vec<Violation>,
) {
    let count = roster.entities.len();
    // Only an entity with no anchor is judged below: with every entity
    // placed, as in most battles, the setup lines need not be read again.
    if (0..count).all(|entity| anchors.get(entity).copied().flatten().is_some()) {
        return;
    }
    // Each entity a placement names, with the placement's span.
    let mut named: Vec<Option<Span>> = vec![None; count];
    // Ids placed on lines that are not `deploy` lines as far as the
    // notation can tell (a slip of the keyword, a line that does not
    // lower): the notation reports those lines.
    let mut placed_unread: Vec<&str> = Vec::new();
    // Per side, its placements the generic setup refuses for the id they
    // name.
    let mut strays: Vec<Vec<Span>> = vec![Vec::new(); roster.sides.len()];
    for (item, atoms) in battle.head() {
        if item.kind != ItemKind::Directive {
            continue;
        }
        let (side, placements) = match lower::directive(item, atoms) {
            Ok(Directive::Deploy { side, placements }) => (generic.side_meant(side), placements),
            Ok(Directive::Other { .. }) | Err(_) => {
                placed_unread.extend(atoms.iter().filter_map(|a| Some(Placement::parse(a)?.unit)));
                continue;
            }
            Ok(_) => continue,
        };
        for atom in placements {
            let Some(placement) = Placement::parse(atom) else {
                continue;
            };
            let entities: Vec<usize> = match side {
                Some(side) => {
                    let entity = roster.entity(side, placement.unit);
                    // An id the side lacks, or a second placement of one
                    // entity (the generic `setup::unknown-unit`,
                    // `setup::deployed-twice`), may stand for another's.
                    let placed = entity.and_then(|e| named.get(e).copied().flatten());
                    if (entity.is_none() || placed.is_some())
                        && let Some(strays) = strays.get_mut(side)
                    {
                        strays.push(atom.span);
                    }
                    match entity {
                        Some(entity) => vec![entity],
                        // Placed under another side's `deploy` line: the
                        // generic finding there is its.
                        None => (0..count)
                            .filter(|&e| {
                                roster
                                    .entities
                                    .get(e)
                                    .is_some_and(|i| i.id == placement.unit)
                            })
                            .collect(),
                    }
                }
                // A side the generic setup could not read: any entity so named.
                None => (0..count)
                    .filter(|&e| {
                        roster
                            .entities
                            .get(e)
                            .is_some_and(|i| i.id == placement.unit)
                    })
                    .collect(),
            };
            for entity in entities {
                if let Some(slot) = named.get_mut(entity) {
                    slot.get_or_insert(atom.span);
                }
            }
        }
    }
    let finding_at = |out: &[Violation], span: Span| {
        out.iter()
            .skip(before)
            .position(|v| v.span == span && v.severity == Severity::Error)
            .map(|at| before + at)
    };
    let mut never: Vec<usize> = Vec::new();
    for entity in 0..count {
        let Some(info) = roster.entities.get(entity) else {
            continue;
        };
        if anchors.get(entity).copied().flatten().is_some()
            || roster.is_doubted(entity)
            || placed_unread.contains(&info.id.as_str())
        {
            continue;
        }
        match named.get(entity).copied().flatten() {
            Some(span) => {
                if let Some(at) = finding_at(out, span) {
                    doubt(roster, entity, at);
                }
            }
            None => never.push(entity),
        }
    }
    // A side none of whose entities is placed lacks its deploy line: one
    // finding for the side, which doubts them all.
    for side in 0..roster.sides.len() {
        let of_side: Vec<usize> = (0..count)
            .filter(|&e| roster.entities.get(e).is_some_and(|i| i.side == side))
            .collect();
        if of_side.len() < 2 || !of_side.iter().all(|e| never.contains(e)) {
            continue;
        }
        let side_name = roster.sides[side].clone();
        let ids: Vec<&str> = of_side
            .iter()
            .filter_map(|&e| roster.entities.get(e).map(|i| i.id.as_str()))
            .collect();
        let span = generic
            .units
            .get(of_side[0])
            .map_or(battle.span, |u| u.span);
        let finding = Violation::of(
            &codes::NOT_DEPLOYED,
            span,
            format!(
                "none of {side_name}'s {} entities is ever deployed ({}): every entity is on the map before the first round",
                ids.len(),
                ids.join(", ")
            ),
            rules::DEPLOYMENT,
        )
        .label("not deployed")
        .help(format!("write the `deploy {side_name} …` line, one `ID@CELL` for each"));
        let at = out.len();
        out.push(finding);
        for &entity in &of_side {
            doubt(roster, entity, at);
        }
        never.retain(|e| !of_side.contains(e));
    }
    for &entity in &never {
        let Some(info) = roster.entities.get(entity) else {
            continue;
        };
        let side = info.side;
        // The one entity of a side never placed, and the one placement of
        // that side naming nobody: a slip of its id, reported there.
        let lone = never
            .iter()
            .filter(|&&e| roster.entities.get(e).is_some_and(|i| i.side == side))
            .count()
            == 1;
        if let (true, Some([stray])) = (lone, strays.get(side).map(Vec::as_slice))
            && let Some(at) = finding_at(out, *stray)
        {
            doubt(roster, entity, at);
            continue;
        }
        let who = roster.name(entity);
        let side_name = roster.sides.get(side).cloned().unwrap_or_default();
        let id = info.id.clone();
        let span = generic.units.get(entity).map_or(battle.span, |u| u.span);
        doubt(roster, entity, out.len());
        out.push(
            Violation::of(
                &codes::NOT_DEPLOYED,
                span,
                format!("{who} is never deployed: every entity is on the map before the first round"),
                rules::DEPLOYMENT,
            )
            .label("not deployed")
            .help(format!("add `{id}@CELL` to a `deploy {side_name}` line; the cell is its footprint's north-west square")),
        );
    }
}

// ---------------------------------------------------------- other lines

/// SETUP-14: `roll`, `bonus`, `first` and `option` mean nothing in TDGS,
/// and it has no setup lines of its own (TDGS-R41). A keyword the notation
/// already reports (a slip of its own) is not reported again. `hexside`
/// cannot lie on a square map: the generic `setup::wrong-board`.
fn unread_lines(battle: &Battle<'_>, generic: &Setup<'_, '_>, out: &mut Vec<Violation>) {
    let mut notation_findings: Option<Vec<Span>> = None;
    for line in &generic.rest {
        let Some(keyword) = line.atoms.first() else {
            continue;
        };
        let why: Cow<'static, str> = match line.directive {
            Directive::Roll { .. } => {
                "initiative is not rolled: entities act by REF, then LUK (core D6)".into()
            }
            Directive::Bonus { .. } => {
                "no points are shared out: commanders lend their CHA bonus".into()
            }
            Directive::First { .. } => {
                "nobody chooses who goes first: entities act by REF, whatever their side".into()
            }
            Directive::Option { .. } => "TDGS has no optional rules".into(),
            Directive::Other { .. } => {
                let reported = notation_findings.get_or_insert_with(|| {
                    lower::check(battle).into_iter().map(|e| e.span).collect()
                });
                if reported.contains(&keyword.span) {
                    continue;
                }
                "TDGS has no setup lines of its own".into()
            }
            _ => continue,
        };
        out.push(
            Violation::of(
                &codes::UNUSED_DIRECTIVE,
                keyword.span,
                format!(
                    "`{}` means nothing in TDGS, so the line is not read: {why}",
                    keyword.text
                ),
                rules::DIRECTIVES,
            )
            .label("not read")
            .help("delete the line, or keep what it says as a comment: `{ … }`"),
        );
    }
}

// ------------------------------------------------------- initial triggers

/// SETUP-15: a unit deployed at half HP or less, or a quarter, or already
/// surrounded, has spent that trigger: it checks nothing for it (TDGS-R19,
/// TDGS-R47).
fn spend_what_is_true_at_deployment(state: &mut State) {
    let spent: Vec<Triggers> = (0..state.entities.len())
        .map(|unit| {
            let (Some(info), Some(entity)) = (state.info(unit), state.entities.get(unit)) else {
                return Triggers::NONE;
            };
            if info.kind != Kind::Unit || !state.on_board(unit) {
                return Triggers::NONE;
            }
            let mut spent = Triggers::NONE;
            if tables::half_reached(entity.hp, info.max_hp) {
                spent = spent.with(Trigger::Half);
            }
            if tables::quarter_reached(entity.hp, info.max_hp) {
                spent = spent.with(Trigger::Quarter);
            }
            if super::morale::is_surrounded(state, unit) {
                spent = spent.with(Trigger::Surrounded);
            }
            spent
        })
        .collect();
    for (entity, spent) in state.entities.iter_mut().zip(spent) {
        entity.spent = spent;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `entity_key` places the nine stats, then `ENTITY_KEYS`, and no other
    /// key.
    #[test]
    fn entity_keys_are_the_stats_then_the_entity_keys() {
        let keys: Vec<&str> = Stat::ALL
            .iter()
            .map(|s| s.key())
            .chain(ENTITY_KEYS)
            .collect();
        assert_eq!(keys.len(), ENTITY_LINE_KEYS);
        for (place, key) in keys.iter().enumerate() {
            assert_eq!(entity_key(key), Some(place), "{key}");
        }
        // `EntityPairs::stat` finds a stat by its discriminant.
        for (place, stat) in Stat::ALL.into_iter().enumerate() {
            assert_eq!(stat as usize, place, "{stat:?}");
        }
        for other in ["STR", "st", "strr", "edge", "", "kinds", "hp2", "men "] {
            assert_eq!(entity_key(other), None, "{other}");
        }
    }

    /// A line's defined keys are told by a mask for its first 64 pairs and
    /// looked up again after them: the same answer as `entity_key` for each.
    #[test]
    fn defined_keys_are_told_on_lines_of_any_length() {
        let texts: Vec<String> = (0..66)
            .map(|i| format!("k{i}=1"))
            .chain(["str=5", "k1=2", "dex=3", "role=commander"].map(String::from))
            .collect();
        let atoms: Vec<Atom<'_>> = texts
            .iter()
            .map(|text| Atom {
                kind: AtomKind::Pair,
                text,
                span: Span::new(0, text.len()),
            })
            .collect();
        let pairs = EntityPairs::read(&atoms);
        assert_eq!(pairs.written.len(), 69, "the repeated `k1` is left out");
        for (i, (key, _, _)) in pairs.written.iter().enumerate() {
            assert_eq!(pairs.is_defined(i, key), entity_key(key).is_some(), "{key}");
        }
        assert!(pairs.is_defined(66, "str") && pairs.is_defined(68, "role"));
    }
}
