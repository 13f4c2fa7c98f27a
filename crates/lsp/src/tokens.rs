//! Semantic tokens, so any client highlights the notation: tags, setup
//! keywords, sides, unit ids (resolved by [`crate::names`]), verbs, phase
//! labels, turn numbers, cells and points, numbers and dice, strings,
//! operators (`>`, `=>`, glyphs) and comments.

use lsp_types::{
    SemanticToken, SemanticTokenType, SemanticTokens, SemanticTokensLegend, SemanticTokensParams,
    SemanticTokensResult,
};
use senlac_notation::{AtomKind, ItemKind};

use crate::here::Here;
use crate::names::Names;
use crate::server::Server;

/// The token types, in the legend's order.
pub const TYPES: [SemanticTokenType; 11] = [
    SemanticTokenType::KEYWORD,
    SemanticTokenType::PROPERTY,
    SemanticTokenType::STRING,
    SemanticTokenType::COMMENT,
    SemanticTokenType::NUMBER,
    SemanticTokenType::VARIABLE,
    SemanticTokenType::FUNCTION,
    SemanticTokenType::TYPE,
    SemanticTokenType::NAMESPACE,
    SemanticTokenType::OPERATOR,
    SemanticTokenType::ENUM_MEMBER,
];

const KEYWORD: u32 = 0;
const PROPERTY: u32 = 1;
const STRING: u32 = 2;
const COMMENT: u32 = 3;
const NUMBER: u32 = 4;
const VARIABLE: u32 = 5;
const FUNCTION: u32 = 6;
const TYPE: u32 = 7;
const NAMESPACE: u32 = 8;
const OPERATOR: u32 = 9;
const PLACE: u32 = 10;

pub fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TYPES.to_vec(),
        token_modifiers: Vec::new(),
    }
}

/// The kind a plain atom gets, whatever its item.
fn of_atom(kind: AtomKind) -> Option<u32> {
    Some(match kind {
        AtomKind::Str => STRING,
        AtomKind::Number
        | AtomKind::Dice
        | AtomKind::Distance
        | AtomKind::Angle
        | AtomKind::Size
        | AtomKind::Ratio
        | AtomKind::TurnNumber => NUMBER,
        AtomKind::Cell | AtomKind::CellChain | AtomKind::Hexside | AtomKind::Placement => PLACE,
        AtomKind::Reaction | AtomKind::Outcome | AtomKind::Glyph => OPERATOR,
        AtomKind::PhaseLabel => NAMESPACE,
        _ => return None,
    })
}

pub fn full(server: &mut Server, params: SemanticTokensParams) -> Option<SemanticTokensResult> {
    let doc = server.docs.get(&params.text_document.uri)?;
    // (start, end, type) in document bytes, in order.
    let mut spans: Vec<(usize, usize, u32)> = Vec::new();
    for index in 0..doc.battles.len() {
        let here = Here::of(doc, index);
        let Some(battle) = here.battle() else {
            continue;
        };
        let names = Names::of(battle);
        let base = here.start;
        let mut mentions = names.mentions.iter().peekable();
        for (item, atoms) in battle.iter() {
            if item.kind == ItemKind::Comment {
                spans.push((
                    base + item.span.start as usize,
                    base + item.span.end as usize,
                    COMMENT,
                ));
                continue;
            }
            let mut reactor = false;
            for (i, atom) in atoms.iter().enumerate() {
                let (start, end) = (atom.span.start, atom.span.end);
                let verb_next = item.kind == ItemKind::Action
                    && i >= 1
                    && atoms[i - 1].kind == AtomKind::Reaction;
                // Unit ids inside the atom come first.
                let mut named = false;
                while let Some(m) = mentions.peek() {
                    if m.span.start >= end {
                        break;
                    }
                    if m.span.start >= start {
                        spans.push((
                            base + m.span.start as usize,
                            base + m.span.end as usize,
                            VARIABLE,
                        ));
                        named = true;
                    }
                    mentions.next();
                }
                if named {
                    reactor = verb_next;
                    continue;
                }
                let kind = match (item.kind, i) {
                    (ItemKind::Tag, 0) => Some(PROPERTY),
                    (ItemKind::Directive, 0) => Some(KEYWORD),
                    (ItemKind::Directive, 1)
                        if matches!(
                            atoms[0].text,
                            "army" | "deploy" | "bonus" | "roll" | "first"
                        ) =>
                    {
                        Some(TYPE)
                    }
                    (ItemKind::Turn, 1) => Some(TYPE),
                    (ItemKind::Action, 1) => Some(FUNCTION),
                    (ItemKind::Action, _) if reactor && atom.kind == AtomKind::Word => {
                        Some(FUNCTION)
                    }
                    _ => of_atom(atom.kind),
                };
                reactor = verb_next;
                if let Some(kind) = kind {
                    spans.push((base + start as usize, base + end as usize, kind));
                }
            }
        }
    }
    spans.sort_by_key(|s| s.0);
    let mut data = Vec::with_capacity(spans.len());
    let (mut line, mut column) = (0u32, 0u32);
    for (start, end, kind) in spans {
        // A token is one line: a comment over several is one per line.
        let mut from = start;
        for piece in doc.text[start..end].split_inclusive('\n') {
            let text = piece.trim_end_matches(['\n', '\r']);
            let at = doc.position(from);
            let length = text.encode_utf16().count() as u32;
            from += piece.len();
            if length == 0 {
                continue;
            }
            let delta_line = at.line - line;
            let delta_start = if delta_line == 0 {
                at.character - column
            } else {
                at.character
            };
            data.push(SemanticToken {
                delta_line,
                delta_start,
                length,
                token_type: kind,
                token_modifiers_bitset: 0,
            });
            (line, column) = (at.line, at.character);
        }
    }
    Some(SemanticTokensResult::Tokens(SemanticTokens {
        result_id: None,
        data,
    }))
}
