//! Completion at the cursor: in play, the lines the rules accept next there
//! (`Game::legal`, what `senlac moves` lists: owed answers first, each with
//! its cost), the phase labels they open, in order, and the ids of the
//! acting side; in the setup, the setup keywords and the terrain kinds the
//! battle's rules read (`System::terrain_kinds`).

use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionItemLabelDetails, CompletionParams,
    CompletionResponse, CompletionTextEdit, Range, TextEdit,
};
use senlac_notation::ItemKind;

use crate::here::Here;
use crate::server::Server;

pub fn completion(server: &mut Server, params: CompletionParams) -> Option<CompletionResponse> {
    let at = params.text_document_position;
    let (here, offset) = Here::at(server, &at.text_document.uri, at.position)?;
    let battle = here.battle()?;
    let text = here.doc.battle_text(here.index);
    let cursor = offset as usize;
    let line_start = text[..cursor].rfind('\n').map_or(0, |n| n + 1);
    let typed = &text[line_start..cursor];
    let indent = typed.len() - typed.trim_start().len();
    // What the items replace: the line from its first word to the cursor.
    let replace = here.range(senlac_notation::Span {
        start: (line_start + indent) as u32,
        end: cursor as u32,
    });
    let in_play = battle
        .items
        .iter()
        .any(|i| i.kind.is_movetext() && i.span.start < offset);
    let mut items = Vec::new();
    if !in_play && !typed.trim_start().contains(' ') {
        for keyword in senlac_notation::lower::DIRECTIVES {
            items.push(item(
                keyword,
                CompletionItemKind::KEYWORD,
                Some(senlac_notation::lower::usage(keyword).to_string()),
                replace,
                keyword.to_string(),
                items.len(),
            ));
        }
    }
    // The terrain kinds the battle's rules read, after `terrain` or `hexside`.
    let words: Vec<&str> = typed.split_whitespace().collect();
    let second =
        typed.ends_with(' ') && words.len() == 1 || !typed.ends_with(' ') && words.len() == 2;
    if !in_play
        && second
        && matches!(words.first(), Some(&"terrain") | Some(&"hexside"))
        && let Some(system) = battle
            .tag("Rules")
            .and_then(|tag| senlac_engine::system(&tag))
    {
        // The word being typed is what the item replaces.
        let word_start = if typed.ends_with(' ') {
            cursor
        } else {
            cursor - words[1].len()
        };
        let word = here.range(senlac_notation::Span {
            start: word_start as u32,
            end: cursor as u32,
        });
        for kind in system.terrain_kinds() {
            items.push(item(
                kind,
                CompletionItemKind::ENUM_MEMBER,
                Some(format!("terrain of {}", system.tag())),
                word,
                kind.to_string(),
                items.len(),
            ));
        }
    }
    let game = here.game();
    let before_movetext = battle
        .items
        .iter()
        .any(|i| i.kind.is_movetext() && i.span.start >= offset);
    if let Some(game) = game
        && (in_play || !before_movetext)
    {
        // A new line there follows the state in force where the line
        // starts: an action already written at the cursor is not yet played.
        let query = (line_start as u32).saturating_sub(1);
        let (legal, side) = here.analysis()?.legal_at(query)?;
        // Turn lines and labels written since the last action above: a
        // listed line opens them only if they are not there yet.
        let last_action = (battle.items.iter())
            .filter(|i| i.kind == ItemKind::Action && i.span.end as usize <= line_start)
            .map(|i| i.span.end)
            .max()
            .unwrap_or(0);
        let written: Vec<&str> = (battle.items.iter())
            .filter(|i| matches!(i.kind, ItemKind::Turn | ItemKind::Phase))
            .filter(|i| i.span.start >= last_action && i.span.end as usize <= line_start)
            .map(|i| text[i.span.range()].trim())
            .collect();
        // A line after a turn or a phase label is written whole, in the
        // canonical layout, from the start of the line.
        let whole_line = here.range(senlac_notation::Span {
            start: line_start as u32,
            end: cursor as u32,
        });
        for action in &legal {
            let opens: Vec<&String> = (action.opens.iter())
                .filter(|open| !written.contains(&open.trim()))
                .collect();
            let mut insert = String::new();
            for open in &opens {
                let pad = if open.ends_with(':') { "  " } else { "" };
                insert.push_str(&format!("{pad}{open}\n"));
            }
            let range = if opens.is_empty() {
                insert.push_str(&action.line);
                replace
            } else {
                insert.push_str(&format!("    {}", action.line));
                whole_line
            };
            let mut detail = action.cost.clone().unwrap_or_default();
            if action.owed {
                detail = format!("owed {detail}").trim().to_string();
            }
            if !opens.is_empty() {
                let opens: Vec<&str> = opens.iter().map(|o| o.as_str()).collect();
                detail = format!("{detail} after {}", opens.join(" "))
                    .trim()
                    .to_string();
            }
            let mut entry = item(
                &action.line,
                CompletionItemKind::EVENT,
                Some(detail.clone()),
                range,
                insert,
                items.len(),
            );
            entry.label_details = Some(CompletionItemLabelDetails {
                detail: None,
                description: Some(detail),
            });
            entry.preselect = Some(action.owed);
            items.push(entry);
        }
        // The phases the listed lines open, in the order they come.
        let mut phases: Vec<&str> = Vec::new();
        for action in &legal {
            for open in &action.opens {
                if open.ends_with(':')
                    && !phases.contains(&open.as_str())
                    && !written.contains(&open.as_str())
                {
                    phases.push(open);
                }
            }
        }
        for phase in phases {
            items.push(item(
                phase,
                CompletionItemKind::MODULE,
                Some("phase".into()),
                replace,
                phase.to_string(),
                items.len(),
            ));
        }
        // The acting side's ids, from its units in the view there.
        let view = game.view(game.index_at(query).index.min(game.len().saturating_sub(1)));
        for unit in &view.units {
            if view.side_of(unit) == side && unit.place.is_some() {
                items.push(item(
                    &unit.id,
                    CompletionItemKind::VARIABLE,
                    Some(format!("{side}: {} ({})", unit.name, unit.status)),
                    replace,
                    unit.id.clone(),
                    items.len(),
                ));
            }
        }
    }
    // A comment is no place for a line.
    if battle
        .items
        .iter()
        .any(|i| i.kind == ItemKind::Comment && i.span.start < offset && offset < i.span.end)
    {
        return None;
    }
    Some(CompletionResponse::Array(items))
}

fn item(
    label: &str,
    kind: CompletionItemKind,
    detail: Option<String>,
    range: Range,
    insert: String,
    order: usize,
) -> CompletionItem {
    CompletionItem {
        label: label.to_string(),
        kind: Some(kind),
        detail,
        // The listing's order is the engine's: owed answers first.
        sort_text: Some(format!("{order:05}")),
        filter_text: Some(label.to_string()),
        text_edit: Some(CompletionTextEdit::Edit(TextEdit {
            range,
            new_text: insert,
        })),
        ..CompletionItem::default()
    }
}
