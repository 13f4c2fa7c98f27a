//! The senlac battle notation: syntax only.
//!
//! This crate owns the text format described in docs/notation.md: a streaming,
//! never-failing parser ([`Parser`] with a [`Visitor`], or [`parse()`] for a tree),
//! a lossless flat syntax tree ([`Battle`]), the canonical formatter
//! ([`format()`]), syntax diagnostics ([`SyntaxError`]) and the lowering of a
//! tree into generic setup and actions ([`lower`]). It does no I/O and knows no
//! rules: verbs and unit classes are just words here.

pub mod atom;
pub mod battle_text;
pub mod error;
pub mod fix;
pub mod format;
pub mod lower;
pub mod parse;
pub mod seeded;
pub mod span;
pub mod split;
pub mod syntax;
pub mod value;

pub use atom::{Atom, AtomKind};
pub use battle_text::BattleText;
pub use error::{Code, SyntaxError};
pub use fix::{Fix, did_you_mean};
pub use format::format;
pub use parse::{
    Battles, Counts, ItemRef, Parser, Stop, Visitor, battles, decode, decode_from, parse,
};
pub use span::Span;
pub use syntax::{Archive, Battle, Item, ItemKind};
