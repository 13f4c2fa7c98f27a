//! The outline and the links of a document: document symbols (battles,
//! their armies and units, turns, phases and figure marks), folding ranges
//! (battles and turns), and go-to-definition and references of unit ids
//! ([`crate::names`]).

use lsp_types::{
    DocumentSymbol, DocumentSymbolParams, DocumentSymbolResponse, FoldingRange, FoldingRangeKind,
    FoldingRangeParams, GotoDefinitionParams, GotoDefinitionResponse, Location, ReferenceParams,
    SymbolKind,
};
use senlac_notation::lower::{AnnotationKind, Step};
use senlac_notation::{ItemKind, Span};

use crate::here::Here;
use crate::names::{Names, Role};
use crate::server::Server;

#[allow(deprecated)] // `deprecated` is a field LSP still sends.
fn symbol(
    name: String,
    detail: Option<String>,
    kind: SymbolKind,
    range: lsp_types::Range,
    selection: lsp_types::Range,
) -> DocumentSymbol {
    DocumentSymbol {
        name,
        detail,
        kind,
        tags: None,
        deprecated: None,
        range,
        selection_range: selection,
        children: Some(Vec::new()),
    }
}

pub fn document_symbols(
    server: &mut Server,
    params: DocumentSymbolParams,
) -> Option<DocumentSymbolResponse> {
    let doc = server.docs.get(&params.text_document.uri)?;
    let mut out = Vec::new();
    for index in 0..doc.battles.len() {
        let here = Here::of(doc, index);
        let Some(battle) = here.battle() else {
            continue;
        };
        let name = battle
            .tag("Battle")
            .map_or(format!("battle {}", index + 1), |n| n.to_string());
        let whole = here.range(Span {
            start: 0,
            end: battle.span.end,
        });
        let head = battle
            .tag_pair("Battle")
            .map_or(whole, |(item, _)| here.range(item.span));
        let mut top = symbol(
            name,
            battle.tag("Rules").map(|r| r.to_string()),
            SymbolKind::NAMESPACE,
            whole,
            head,
        );
        let children = top.children.get_or_insert_with(Vec::new);
        // Armies and their units.
        for (item, atoms) in battle.head() {
            if item.kind != ItemKind::Directive || atoms.len() < 2 {
                continue;
            }
            let s = symbol(
                atoms[1].text.to_string(),
                None,
                SymbolKind::STRUCT,
                here.range(item.span),
                here.range(atoms[1].span),
            );
            match atoms[0].text {
                "army" => children.push(s),
                "unit" => {
                    let mut unit = s;
                    unit.kind = SymbolKind::FIELD;
                    unit.detail = atoms
                        .get(2)
                        .map(|a| senlac_notation::syntax::unquote(a.text).to_string());
                    if let Some(army) = children.last_mut().filter(|a| a.kind == SymbolKind::STRUCT)
                    {
                        army.children.get_or_insert_with(Vec::new).push(unit);
                        // An army's range holds its units.
                        army.range.end = here.range(item.span).end;
                    }
                }
                _ => {}
            }
        }
        // Turns, their phases, and figure marks, each running to the next.
        let end = battle.span.end;
        let mut turns: Vec<(DocumentSymbol, Span)> = Vec::new();
        for step in senlac_notation::lower::steps(battle) {
            match step {
                Step::Turn { number, side, span } => {
                    turns.push((
                        symbol(
                            format!("{number}. {side}"),
                            None,
                            SymbolKind::EVENT,
                            here.range(span),
                            here.range(span),
                        ),
                        Span {
                            start: span.start,
                            end,
                        },
                    ));
                }
                Step::Phase { name, span } => {
                    if let Some((turn, _)) = turns.last_mut() {
                        turn.children.get_or_insert_with(Vec::new).push(symbol(
                            format!("{name}:"),
                            None,
                            SymbolKind::METHOD,
                            here.range(span),
                            here.range(span),
                        ));
                    }
                }
                Step::Annotation(note) => {
                    if let AnnotationKind::Figure { name, caption } = &note.kind {
                        let s = symbol(
                            format!("fig {name}"),
                            Some(caption.to_string()),
                            SymbolKind::CONSTANT,
                            here.range(note.span),
                            here.range(note.span),
                        );
                        match turns.last_mut() {
                            Some((turn, _)) => turn.children.get_or_insert_with(Vec::new).push(s),
                            None => children.push(s),
                        }
                    }
                }
                _ => {}
            }
        }
        // A turn runs to the next; a phase to the next phase of its turn.
        let starts: Vec<u32> = turns
            .iter()
            .map(|(_, s)| s.start)
            .skip(1)
            .chain([end])
            .collect();
        for ((turn, span), next) in turns.iter_mut().zip(starts) {
            span.end = trimmed_end(doc.battle_text(index), span.start, next);
            turn.range = here.range(*span);
            if let Some(phases) = turn.children.as_mut() {
                let ends: Vec<lsp_types::Position> = phases
                    .iter()
                    .skip(1)
                    .map(|p| p.range.start)
                    .chain([turn.range.end])
                    .collect();
                for (phase, end) in phases.iter_mut().zip(ends) {
                    if phase.kind == SymbolKind::METHOD {
                        phase.range.end = end;
                    }
                }
            }
        }
        children.extend(turns.into_iter().map(|(t, _)| t));
        out.push(top);
    }
    Some(DocumentSymbolResponse::Nested(out))
}

/// `next`, pulled back over the blank lines and comments-free whitespace
/// before it, so a turn's range ends with its last line.
fn trimmed_end(text: &str, start: u32, next: u32) -> u32 {
    let piece = &text[start as usize..(next as usize).min(text.len())];
    start + piece.trim_end().len() as u32
}

/// Battles and turns fold.
pub fn folding(server: &mut Server, params: FoldingRangeParams) -> Option<Vec<FoldingRange>> {
    let doc = server.docs.get(&params.text_document.uri)?;
    let mut out = Vec::new();
    let mut fold = |start: usize, end: usize| {
        let (from, to) = (doc.position(start).line, doc.position(end).line);
        if to > from {
            out.push(FoldingRange {
                start_line: from,
                start_character: None,
                end_line: to,
                end_character: None,
                kind: Some(FoldingRangeKind::Region),
                collapsed_text: None,
            });
        }
    };
    for index in 0..doc.battles.len() {
        let here = Here::of(doc, index);
        let Some(battle) = here.battle() else {
            continue;
        };
        let text = doc.battle_text(index);
        let base = here.start;
        fold(base, base + text.trim_end().len());
        let turns: Vec<u32> = battle
            .items
            .iter()
            .filter(|i| i.kind == ItemKind::Turn)
            .map(|i| i.span.start)
            .collect();
        let ends = turns.iter().skip(1).copied().chain([battle.span.end]);
        for (&start, next) in turns.iter().zip(ends) {
            fold(
                base + start as usize,
                base + trimmed_end(text, start, next) as usize,
            );
        }
    }
    Some(out)
}

/// The unit an id at the cursor names, with every mention of it.
fn mentions_at(
    server: &mut Server,
    uri: &lsp_types::Uri,
    position: lsp_types::Position,
) -> Option<Vec<(Location, Role)>> {
    let (here, offset) = Here::at(server, uri, position)?;
    let names = Names::of(here.battle()?);
    let unit = names.at(offset)?.unit;
    Some(
        names
            .mentions
            .iter()
            .filter(|m| m.unit == unit)
            .map(|m| {
                (
                    Location {
                        uri: uri.clone(),
                        range: here.range(m.span),
                    },
                    m.role,
                )
            })
            .collect(),
    )
}

pub fn definition(
    server: &mut Server,
    params: GotoDefinitionParams,
) -> Option<GotoDefinitionResponse> {
    let at = params.text_document_position_params;
    let all = mentions_at(server, &at.text_document.uri, at.position)?;
    let (location, _) = all
        .into_iter()
        .find(|(_, role)| *role == Role::Declaration)?;
    Some(GotoDefinitionResponse::Scalar(location))
}

pub fn references(server: &mut Server, params: ReferenceParams) -> Option<Vec<Location>> {
    let at = params.text_document_position;
    let all = mentions_at(server, &at.text_document.uri, at.position)?;
    let declaration = params.context.include_declaration;
    Some(
        all.into_iter()
            .filter(|(_, role)| declaration || *role != Role::Declaration)
            .map(|(location, _)| location)
            .collect(),
    )
}
