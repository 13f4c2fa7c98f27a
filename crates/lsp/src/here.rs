//! A battle of an open document as a request sees it: its text parsed, its
//! check, and the state the engine has in force at a byte of it.

use lsp_types::{Position, Range, Uri};
use senlac_engine::Game;
use senlac_engine::view::BattleView;
use senlac_notation::{Archive, Atom, Battle, Item, Span};

use crate::analysis::Analysis;
use crate::document::Document;
use crate::server::Server;

/// One battle of a document.
pub struct Here<'d> {
    pub doc: &'d Document,
    pub index: usize,
    /// The battle's first byte in the document.
    pub start: usize,
    pub archive: Archive<'d>,
}

impl<'d> Here<'d> {
    /// Battle `index` of `doc`, parsed.
    pub fn of(doc: &'d Document, index: usize) -> Here<'d> {
        Here {
            doc,
            index,
            start: doc.battles[index].start,
            archive: senlac_notation::parse(doc.battle_text(index)),
        }
    }

    /// The battle at `position` of the document at `uri`, checked, and the
    /// position's byte offset into it.
    pub fn at(server: &'d mut Server, uri: &Uri, position: Position) -> Option<(Here<'d>, u32)> {
        let doc = server.docs.get(uri)?;
        let offset = doc.offset(position);
        let index = doc.battle_at(offset)?;
        let doc = server.checked(uri, index)?;
        let here = Here::of(doc, index);
        let local = u32::try_from(offset - here.start).ok()?;
        Some((here, local))
    }

    pub fn battle(&self) -> Option<&Battle<'d>> {
        self.archive.battles.first()
    }

    pub fn analysis(&self) -> Option<&'d Analysis> {
        self.doc.battles[self.index].analysis.as_ref()
    }

    pub fn game(&self) -> Option<&'d dyn Game> {
        self.analysis()?.game.as_deref()
    }

    /// The document range of a span of the battle.
    pub fn range(&self, span: Span) -> Range {
        self.doc.range(
            self.start + span.start as usize,
            self.start + span.end as usize,
        )
    }

    /// The item and atom at byte `offset` of the battle (an atom's end
    /// counts as on it, where a cursor after a word stands).
    pub fn atom_at(&self, offset: u32) -> Option<(&Item, Option<(usize, Atom<'d>)>)> {
        let battle = self.battle()?;
        let (item, atoms) = battle
            .iter()
            .find(|(item, _)| item.span.start <= offset && offset <= item.span.end)?;
        let atom = atoms
            .iter()
            .enumerate()
            .find(|(_, a)| a.span.start <= offset && offset <= a.span.end)
            .map(|(i, a)| (i, *a));
        Some((item, atom))
    }
}

/// The states before and after the step that starts at `line` (the same
/// state twice for a line that makes none), on the line of play that
/// holds it, with their views.
pub struct Moment {
    pub before: BattleView,
    pub after: BattleView,
    pub index: usize,
}

/// What the engine has in force at the line starting at byte `line`.
pub fn moment(game: &dyn Game, line: u32) -> Moment {
    let at = game.index_at(line);
    let branch = at.branch.and_then(|b| game.branch(b));
    let play: &dyn Game = branch.as_deref().unwrap_or(game);
    let index = at.index.min(play.len().saturating_sub(1));
    let made_here = index > 0
        && play
            .step_source(index)
            .is_some_and(|source| source.span.start == line);
    let before = if made_here { index - 1 } else { index };
    Moment {
        before: play.view(before),
        after: play.view(index),
        index,
    }
}
