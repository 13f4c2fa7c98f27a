//! The HTML replay: one self-contained page with every step's frame, arrow
//! keys, buttons and a slider, the turns and phases as links, the step's diff
//! beside the map, and the log's comments at their step. It loads nothing.

use std::fmt::Write as _;

use senlac_engine::Game;
use senlac_notation::{Battle, ItemKind};

use crate::render::Planned;
use crate::report::escape;

/// The page, from the frames drawn for every step.
pub fn page(
    title: &str,
    battle: &Battle<'_>,
    game: &dyn Game,
    frames: &[(&Planned, String)],
) -> String {
    let comments = comments_by_step(battle);
    let mut steps = String::new();
    let mut index = String::new();
    let mut last_heading = String::new();
    for (n, (planned, svg)) in frames.iter().enumerate() {
        let clock = game.clock(planned.state);
        let heading = match (clock.side, clock.phase) {
            (Some(side), Some(phase)) => format!("Turn {} · {side} · {phase}", clock.turn),
            (Some(side), None) => format!("Turn {} · {side}", clock.turn),
            _ => "Setup".to_string(),
        };
        if heading != last_heading {
            let _ = writeln!(
                index,
                "<li><a href=\"#\" data-go=\"{n}\">{}</a></li>",
                escape(&heading)
            );
            last_heading = heading;
        }
        let diff = if planned.state == 0 {
            String::new()
        } else {
            diff_html(game, planned.state - 1, planned.state)
        };
        let notes: String = comments
            .iter()
            .filter(|(step, _)| *step == planned.state)
            .map(|(_, text)| format!("<blockquote>{}</blockquote>", escape(text)))
            .collect();
        let _ = writeln!(
            steps,
            "<section class=\"step\" data-step=\"{n}\"{}><h2>{}</h2><div class=\"row\"><div class=\"map\">{svg}</div><aside><h3>Changes</h3>{}{}</aside></div></section>",
            if n == 0 { "" } else { " hidden" },
            escape(&planned.caption),
            if diff.is_empty() {
                "<p>none</p>".to_string()
            } else {
                diff
            },
            notes,
        );
    }
    let count = frames.len();
    format!(
        r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body{{font-family:Georgia,serif;margin:0;display:flex;min-height:100vh;background:#f4f0e6}}
nav{{width:15em;padding:1em;background:#e8e0cc;overflow:auto;max-height:100vh;position:sticky;top:0}}
nav ol{{padding-left:1.2em;font-size:.9em}}
main{{flex:1;padding:1em}}
.row{{display:flex;gap:1em;align-items:flex-start}}
.map svg{{max-width:100%;height:auto;background:#fff}}
aside{{min-width:16em;font-size:.9em}}
aside li.fell{{color:#a00}}
blockquote{{margin:.5em 0;padding:.3em .6em;border-left:3px solid #886;font-style:italic}}
.controls{{display:flex;gap:.5em;align-items:center;margin-bottom:.5em}}
#slider{{flex:1}}
</style></head><body>
<nav><h1>{title}</h1><ol>
{index}</ol></nav>
<main>
<div class="controls"><button id="back" title="Left arrow">◀ Back</button><input id="slider" type="range" min="0" max="{max}" value="0"><button id="forward" title="Right arrow">Forward ▶</button><span id="where">1 / {count}</span></div>
{steps}</main>
<script>
const steps = Array.from(document.querySelectorAll('.step'));
const slider = document.getElementById('slider');
const where = document.getElementById('where');
let current = 0;
function show(n) {{
  current = Math.max(0, Math.min(steps.length - 1, n));
  steps.forEach((s, k) => {{ s.hidden = k !== current; }});
  slider.value = current;
  where.textContent = (current + 1) + ' / ' + steps.length;
}}
document.addEventListener('keydown', e => {{
  if (e.key === 'ArrowRight') {{ show(current + 1); e.preventDefault(); }}
  if (e.key === 'ArrowLeft') {{ show(current - 1); e.preventDefault(); }}
}});
document.getElementById('back').addEventListener('click', () => show(current - 1));
document.getElementById('forward').addEventListener('click', () => show(current + 1));
slider.addEventListener('input', () => show(Number(slider.value)));
document.querySelectorAll('[data-go]').forEach(a => a.addEventListener('click', e => {{ e.preventDefault(); show(Number(a.dataset.go)); }}));
show(0);
// `#selftest` presses the right arrow once and records whether the frame changed,
// so a headless browser's --dump-dom can check the page works.
if (location.hash === '#selftest') {{
  const before = current;
  document.dispatchEvent(new KeyboardEvent('keydown', {{ key: 'ArrowRight', bubbles: true }}));
  const moved = current === before + 1 && steps[before].hidden && !steps[current].hidden;
  document.body.dataset.selftest = moved ? 'pass' : 'fail';
}}
</script>
</body></html>
"#,
        title = escape(title),
        max = count.saturating_sub(1),
    )
}

/// What changed between two states, as a list: one item per unit, the
/// unit marked when its status changed.
fn diff_html(game: &dyn Game, before: usize, after: usize) -> String {
    let changes = crate::diff::changes(&game.view(before), &game.view(after));
    let mut out = String::new();
    let mut rest = changes.as_slice();
    while let Some(first) = rest.first() {
        let same = rest
            .iter()
            .take_while(|c| c.side == first.side && c.id == first.id)
            .count();
        let (unit, tail) = rest.split_at(same);
        rest = tail;
        let parts: Vec<String> = unit
            .iter()
            .map(|c| match c.field {
                "status" => format!("{} → {}", c.from, c.to),
                _ => format!("{} {} → {}", c.label, c.from, c.to),
            })
            .collect();
        let class = if unit.iter().any(|c| c.field == "status") {
            " class=\"fell\""
        } else {
            ""
        };
        let _ = write!(
            out,
            "<li{class}>{} {}: {}</li>",
            escape(&first.side),
            escape(&first.id),
            escape(&parts.join("; "))
        );
    }
    if out.is_empty() {
        out
    } else {
        format!("<ul>{out}</ul>")
    }
}

/// Each comment of the main line with the state index it follows (0 = setup).
fn comments_by_step(battle: &Battle<'_>) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut step = 0;
    let mut depth = 0u32;
    let mut last_was_line_comment: Option<usize> = None;
    for (item, _) in battle.iter() {
        match item.kind {
            ItemKind::VariationOpen => depth += 1,
            ItemKind::VariationClose => depth = depth.saturating_sub(1),
            ItemKind::Action if depth == 0 => step += 1,
            ItemKind::Comment if depth == 0 => {
                let raw = battle.text(item.span);
                let inner = raw
                    .strip_prefix('{')
                    .and_then(|t| t.strip_suffix('}'))
                    .or_else(|| raw.strip_prefix(';'))
                    .unwrap_or(raw);
                // Annotations are for the renderer, not for readers.
                let mut text = String::new();
                let mut rest = inner;
                while let Some(start) = rest.find("[%") {
                    text.push_str(&rest[..start]);
                    rest = rest[start..]
                        .find(']')
                        .map_or("", |end| &rest[start + end + 1..]);
                }
                text.push_str(rest);
                let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
                if text.is_empty() {
                    continue;
                }
                // A run of `;` lines is one comment written over several lines.
                let continues = raw.starts_with(';') && last_was_line_comment == Some(step);
                match out.last_mut() {
                    Some((_, previous)) if continues => {
                        previous.push(' ');
                        previous.push_str(&text);
                    }
                    _ => out.push((step, text)),
                }
                last_was_line_comment = raw.starts_with(';').then_some(step);
                continue;
            }
            _ => {}
        }
        last_was_line_comment = None;
    }
    out
}
