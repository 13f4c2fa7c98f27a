//! The lossless syntax tree: one flat list of items per battle.
//!
//! A battle is a sequence of [`Item`]s in source order (tags, setup directives,
//! turns, phases, actions, variation brackets, comments and blank lines). Each
//! item points at a run of [`Atom`]s in the battle's one atom arena, so building a
//! tree allocates per battle, not per token. Variations are flat open/close
//! items rather than nested nodes, which is why nesting depth costs no stack.

use std::borrow::Cow;

use crate::atom::{Atom, AtomKind};
use crate::error::SyntaxError;
use crate::span::Span;

/// What an item is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// `[Name "value"]`: atoms are the name and the string.
    Tag,
    /// A setup line, `keyword args...`.
    Directive,
    /// `N. Side`: the turn number and the side.
    Turn,
    /// `name:`.
    Phase,
    /// `actor verb args... [> reactor verb args...] [=> outcome...] [glyph]`.
    Action,
    /// `(`.
    VariationOpen,
    /// `)`.
    VariationClose,
    /// `{...}` or `; ...`: the text is the item's span, delimiters included.
    Comment,
    /// One or more empty lines between two items.
    BlankLine,
}

impl ItemKind {
    /// Whether only the movetext holds items of this kind: a turn, a phase,
    /// an action or a variation's bracket.
    pub fn is_movetext(self) -> bool {
        matches!(
            self,
            ItemKind::Turn
                | ItemKind::Phase
                | ItemKind::Action
                | ItemKind::VariationOpen
                | ItemKind::VariationClose
        )
    }
}

/// One item of a battle. `atoms` indexes [`Battle::atoms`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub kind: ItemKind,
    pub span: Span,
    pub atoms: std::ops::Range<u32>,
    /// For comments: something stood before it on its line.
    pub trailing: bool,
}

/// One battle of an archive.
#[derive(Clone, Debug)]
pub struct Battle<'s> {
    /// The text the spans index (the whole input given to the parser).
    pub source: &'s str,
    pub span: Span,
    pub items: Vec<Item>,
    pub atoms: Vec<Atom<'s>>,
    pub errors: Vec<SyntaxError>,
}

/// A parsed archive: every battle, and errors that belong to no battle.
#[derive(Clone, Debug)]
pub struct Archive<'s> {
    pub source: &'s str,
    pub battles: Vec<Battle<'s>>,
    pub errors: Vec<SyntaxError>,
}

impl<'s> Archive<'s> {
    /// Every error, file-level first, then battle by battle.
    pub fn all_errors(&self) -> impl Iterator<Item = &SyntaxError> {
        self.errors
            .iter()
            .chain(self.battles.iter().flat_map(|b| b.errors.iter()))
    }

    pub fn has_errors(&self) -> bool {
        self.all_errors().next().is_some()
    }
}

impl<'s> Battle<'s> {
    /// A battle with no items, to parse into ([`crate::Parser::next_tree`]).
    pub fn empty(source: &'s str) -> Battle<'s> {
        Battle {
            source,
            span: Span::default(),
            items: Vec::new(),
            atoms: Vec::new(),
            errors: Vec::new(),
        }
    }

    pub fn atoms_of(&self, item: &Item) -> &[Atom<'s>] {
        &self.atoms[item.atoms.start as usize..item.atoms.end as usize]
    }

    pub fn text(&self, span: Span) -> &'s str {
        &self.source[span.range()]
    }

    /// The tags in source order, values unescaped.
    pub fn tags(&self) -> impl Iterator<Item = (&'s str, Cow<'s, str>)> + '_ {
        self.tag_atoms()
            .map(|atoms| (atoms[0].text, unquote(atoms[1].text)))
    }

    /// The value of the first tag with this name, the only one unescaped.
    pub fn tag(&self, name: &str) -> Option<Cow<'s, str>> {
        self.tag_pair(name).map(|(_, atoms)| unquote(atoms[1].text))
    }

    /// The first tag pair with this name, with its atoms: the name and the
    /// quoted value.
    pub fn tag_pair(&self, name: &str) -> Option<(&Item, &[Atom<'s>])> {
        self.head().find(|(item, atoms)| {
            item.kind == ItemKind::Tag && atoms.first().is_some_and(|a| a.text == name)
        })
    }

    /// Each tag's atoms, its name and its quoted value, in source order.
    fn tag_atoms(&self) -> impl Iterator<Item = &[Atom<'s>]> + '_ {
        self.head()
            .filter(|(item, _)| item.kind == ItemKind::Tag)
            .map(|(_, atoms)| atoms)
    }

    /// Items with their atoms, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&Item, &[Atom<'s>])> + Clone {
        self.items.iter().map(|item| (item, self.atoms_of(item)))
    }

    /// The items from the first that starts at or after byte `offset`,
    /// with their atoms: where a replay resumed from that offset reads on.
    pub fn iter_from(&self, offset: u32) -> impl Iterator<Item = (&Item, &[Atom<'s>])> + Clone {
        let first = self
            .items
            .iter()
            .position(|item| item.span.start >= offset)
            .unwrap_or(self.items.len());
        self.items[first..]
            .iter()
            .map(|item| (item, self.atoms_of(item)))
    }

    /// The items before the movetext, with their atoms: the tags, the setup
    /// lines, and the comments and blank lines among them. The parser reads
    /// no tag or setup line once a turn has begun, so a question about the
    /// tags or the setup need not walk the movetext, which is most of a
    /// battle.
    pub fn head(&self) -> impl Iterator<Item = (&Item, &[Atom<'s>])> {
        self.iter().take_while(|(item, _)| !item.kind.is_movetext())
    }

    /// The structure without positions: what must survive formatting.
    pub fn shape(&self) -> Vec<ShapeItem<'s>> {
        self.iter()
            .map(|(item, atoms)| ShapeItem {
                kind: item.kind,
                trailing: item.trailing,
                text: match item.kind {
                    ItemKind::Comment => self.text(item.span),
                    _ => "",
                },
                atoms: atoms.iter().map(|a| (a.kind, a.text)).collect(),
            })
            .collect()
    }
}

/// An item with its positions stripped, for comparing trees.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeItem<'s> {
    pub kind: ItemKind,
    pub trailing: bool,
    pub text: &'s str,
    pub atoms: Vec<(AtomKind, &'s str)>,
}

/// The value of a string atom: quotes removed, `\"` and `\\` unescaped.
pub fn unquote(text: &str) -> Cow<'_, str> {
    let inner = text
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(text);
    if !inner.contains('\\') {
        return Cow::Borrowed(inner);
    }
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.extend(chars.next()),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// A string atom for `value`: quoted, with `"` and `\` escaped.
pub fn quote(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.chars() {
        if matches!(c, '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}
