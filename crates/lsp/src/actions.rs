//! Code actions and formatting: each diagnostic's certain fix (the same
//! `Fix` `senlac lint --fix` applies: a did-you-mean, a forced reaction,
//! spacing, the Result tag), the did-you-mean a finding's help suggests
//! for a word ("did you mean `volley`?"), "insert the owed action" (one per
//! owed line the rules list at the cursor), and the canonical formatter,
//! battle by battle (a battle with syntax errors is left as it is, as
//! `senlac fmt` does).

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, CodeActionResponse,
    DocumentFormattingParams, TextEdit, Uri, WorkspaceEdit,
};
use senlac_notation::format::{LineEnding, format_battle_with};

use crate::diagnostics::diagnostic;
use crate::here::Here;
use crate::server::Server;

pub fn code_actions(server: &mut Server, params: CodeActionParams) -> Option<CodeActionResponse> {
    let uri = params.text_document.uri;
    let (here, offset) = Here::at(server, &uri, params.range.start)?;
    let doc = here.doc;
    let from = doc.offset(params.range.start);
    let to = doc.offset(params.range.end);
    let analysis = here.analysis()?;
    let tag = here.game().map(|g| g.tag());
    let mut out: CodeActionResponse = Vec::new();
    let text = doc.battle_text(here.index);
    for problem in &analysis.problems {
        let start = here.start + problem.span.start as usize;
        let end = here.start + problem.span.end as usize;
        if end < from || start > to {
            continue;
        }
        let Some(fix) = &problem.fix else {
            // A did-you-mean the help offers, on a word: a suggestion, not
            // a certain fix.
            let word = text.get(problem.span.range()).unwrap_or_default();
            if let Some(meant) = problem.help.as_deref().and_then(suggested)
                && !word.is_empty()
                && !word.contains(char::is_whitespace)
            {
                out.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title: format!("change `{word}` to `{meant}`"),
                    kind: Some(CodeActionKind::QUICKFIX),
                    diagnostics: Some(vec![diagnostic(&uri, doc, here.start, problem, tag)]),
                    edit: Some(edit_of(
                        &uri,
                        vec![TextEdit {
                            range: here.range(problem.span),
                            new_text: meant.to_string(),
                        }],
                    )),
                    ..CodeAction::default()
                }));
            }
            continue;
        };
        let edit = TextEdit {
            range: here.range(fix.span),
            new_text: fix.replacement.to_string(),
        };
        out.push(CodeActionOrCommand::CodeAction(CodeAction {
            title: fix.title.to_string(),
            kind: Some(CodeActionKind::QUICKFIX),
            diagnostics: Some(vec![diagnostic(&uri, doc, here.start, problem, tag)]),
            edit: Some(edit_of(&uri, vec![edit])),
            is_preferred: Some(true),
            ..CodeAction::default()
        }));
    }
    if let Some((legal, _)) = analysis.legal_at(offset) {
        let owed: Vec<&senlac_engine::LegalAction> = legal.iter().filter(|a| a.owed).collect();
        if !owed.is_empty() {
            // After the cursor's line, indented as it is.
            let text = doc.battle_text(here.index);
            let cursor = offset as usize;
            let line_start = text[..cursor].rfind('\n').map_or(0, |n| n + 1);
            let line_end = text[cursor..].find('\n').map_or(text.len(), |n| cursor + n);
            let line = &text[line_start..line_end];
            let pad = &line[..line.len() - line.trim_start().len()];
            let at = senlac_notation::Span {
                start: line_end as u32,
                end: line_end as u32,
            };
            // Each owed line is one choice: one action each.
            for action in owed {
                let mut insert = String::new();
                for open in &action.opens {
                    insert.push_str(&format!("\n{pad}{open}"));
                }
                insert.push_str(&format!("\n{pad}{}", action.line));
                out.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title: format!("insert the owed action `{}`", action.line),
                    kind: Some(CodeActionKind::QUICKFIX),
                    edit: Some(edit_of(
                        &uri,
                        vec![TextEdit {
                            range: here.range(at),
                            new_text: insert,
                        }],
                    )),
                    ..CodeAction::default()
                }));
            }
        }
    }
    Some(out)
}

/// The word a help's "did you mean `X`?" names.
fn suggested(help: &str) -> Option<&str> {
    let rest = &help[help.find("did you mean `")? + "did you mean `".len()..];
    let word = &rest[..rest.find('`')?];
    (!word.is_empty() && !word.contains(char::is_whitespace)).then_some(word)
}

fn edit_of(uri: &Uri, edits: Vec<TextEdit>) -> WorkspaceEdit {
    WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits)])),
        ..WorkspaceEdit::default()
    }
}

/// The canonical layout, one edit per battle it changes.
pub fn formatting(server: &mut Server, params: DocumentFormattingParams) -> Option<Vec<TextEdit>> {
    let doc = server.docs.get(&params.text_document.uri)?;
    let ending = LineEnding::of(doc.text.as_bytes()).unwrap_or(LineEnding::Lf);
    let mut edits = Vec::new();
    for index in 0..doc.battles.len() {
        let here = Here::of(doc, index);
        let Some(battle) = here.battle() else {
            continue;
        };
        if !here.archive.errors.is_empty() || !battle.errors.is_empty() {
            continue;
        }
        let mut canonical = String::new();
        format_battle_with(battle, ending, &mut canonical);
        let text = doc.battle_text(index);
        // Battles after the first keep a blank line before them.
        if index + 1 < doc.battles.len() {
            canonical.push_str(ending.as_str());
        }
        if canonical != text {
            let slot = &doc.battles[index];
            edits.push(TextEdit {
                range: doc.range(slot.start, slot.end),
                new_text: canonical,
            });
        }
    }
    Some(edits)
}
