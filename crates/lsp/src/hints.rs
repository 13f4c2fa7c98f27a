//! Inlay hints: after each action line, what it cost and left, unit by
//! unit, in the columns `senlac diff` follows (`IV 6→5 cp`, `R1 90→59 HP`;
//! an id both sides use is named as the notation writes it, `Saxons.IV`)
//! and a change of status (`I routed`), read off the views before and after
//! the line.

use lsp_types::{InlayHint, InlayHintLabel, InlayHintParams};
use senlac_engine::view::{BattleView, UnitView};
use senlac_notation::ItemKind;

use crate::here::{Here, moment};
use crate::server::Server;

pub fn inlay_hints(server: &mut Server, params: InlayHintParams) -> Option<Vec<InlayHint>> {
    let uri = params.text_document.uri;
    let (from, to) = {
        let doc = server.docs.get(&uri)?;
        (doc.offset(params.range.start), doc.offset(params.range.end))
    };
    let first = server.docs.get(&uri)?.battle_at(from)?;
    let last = server.docs.get(&uri)?.battle_at(to)?;
    let mut out = Vec::new();
    for index in first..=last {
        let doc = server.checked(&uri, index)?;
        let here = Here::of(doc, index);
        let (Some(battle), Some(game)) = (here.battle(), here.game()) else {
            continue;
        };
        for item in &battle.items {
            let start = here.start + item.span.start as usize;
            if item.kind != ItemKind::Action || start < from || start > to {
                continue;
            }
            let moment = moment(game, item.span.start);
            let label = changes(&moment.before, &moment.after).join(", ");
            if label.is_empty() {
                continue;
            }
            out.push(InlayHint {
                position: here.range(item.span).end,
                label: InlayHintLabel::String(format!(" {label}")),
                kind: None,
                text_edits: None,
                tooltip: None,
                padding_left: Some(true),
                padding_right: None,
                data: None,
            });
        }
    }
    Some(out)
}

/// Each unit's changes between two views, in the followed columns.
fn changes(before: &BattleView, after: &BattleView) -> Vec<String> {
    let mut out = Vec::new();
    for now in &after.units {
        let Some(was) = find(before, after.side_of(now), now) else {
            continue;
        };
        let mut parts = Vec::new();
        for ((column, a), b) in after.columns.iter().zip(&was.values).zip(&now.values) {
            if let Some(label) = column.followed
                && a != b
            {
                parts.push(format!("{}→{} {}", a.plain(), b.plain(), short(label)));
            }
        }
        if was.status != now.status {
            parts.push(now.status.to_string());
        }
        if !parts.is_empty() {
            // An id both sides use is named with its side.
            let shared = after.units.iter().filter(|u| u.id == now.id).count() > 1;
            let name = match shared {
                true => format!("{}.{}", after.side_of(now), now.id),
                false => now.id.clone(),
            };
            out.push(format!("{name} {}", parts.join(" ")));
        }
    }
    out
}

fn find<'v>(view: &'v BattleView, side: &str, unit: &UnitView) -> Option<&'v UnitView> {
    view.units
        .iter()
        .find(|u| u.id == unit.id && view.side_of(u) == side)
}

/// A label of several words by their initials (`command points`: `cp`).
fn short(label: &str) -> String {
    let words: Vec<&str> = label.split_whitespace().collect();
    match words.as_slice() {
        [one] => one.to_string(),
        many => many.iter().filter_map(|w| w.chars().next()).collect(),
    }
}
