//! The HTML replay: one self-contained page that loads nothing. The board is
//! drawn once (one film SVG, each step a group of shared pieces); beside it
//! the move list, like lichess's: every action of the main line with its
//! reactions and claims, grouped by turn and side, the current one
//! highlighted, each variation a side line of its own steps under the action
//! it replaces (drawn from the state before that action; its frames follow
//! the main line's); and the step's changes and the log's comments. Arrow keys,
//! Home, End, Space (autoplay) and `?` (help) drive it; `#step=N`,
//! `#fig=NAME` and `#T.SIDE.PHASE` (any point `show --at` takes) link to a
//! step.
//!
//! Each overlay the battle's system offers is a checkbox in the header, off
//! at first unless `--overlay` asked for it; it shows or hides the
//! overlay's pieces in every frame and its legend entries by one class on
//! the board's container (`show-overlay-NAME`), so it holds as the steps
//! go by.
//!
//! A comment goes with the action it stands beside (on the same line), else
//! with the next action of the main line, else with the last step: a comment
//! written before an action introduces it (docs/notation.md §5.12). One
//! beside a turn or phase label introduces the label's first action.

use std::fmt::Write as _;

use maud::{Markup, PreEscaped, html};
use senlac_engine::Game;
use senlac_notation::{Battle, ItemKind};

use crate::safe_text::LogText;

/// A variation as the page draws it: a branch of the replay's tree, its
/// frames following the main line's in the film.
pub struct Line<'a> {
    /// Its first frame in the film, and the frame of the state before it.
    pub first: usize,
    pub before: usize,
    /// The main-line step its outermost variation replaces.
    pub main: usize,
    /// The line it branches from (an index into the lines), if nested, and
    /// the main-line step or the parent's action it is an alternative to.
    pub parent: Option<usize>,
    pub at: usize,
    /// The variation as a game of its own: state `i + 1` is its `i`th
    /// action's.
    pub game: Box<dyn Game + 'a>,
    pub captions: Vec<String>,
    /// Its actions as written, whitespace collapsed.
    pub actions: Vec<String>,
    /// The comments written in the variation, action by action (as on the
    /// main line: beside an action, else before the next, else the last).
    pub comments: Vec<Vec<String>>,
}

/// Every variation the replay kept that has an action, in the order they
/// open (a nested one after its parent), its frames numbered on from the
/// main line's `main_steps`; `caption` captions a state of a variation.
pub fn lines<'a>(
    battle: &Battle<'_>,
    game: &'a dyn Game,
    main_steps: usize,
    caption: impl Fn(&dyn Game, usize) -> String,
) -> Vec<Line<'a>> {
    let branches = game.branches();
    // Each branch's line, where it has one: a variation without an action
    // is not drawn, nor any inside it.
    let mut line_of: Vec<Option<usize>> = Vec::with_capacity(branches.len());
    let mut out: Vec<Line<'a>> = Vec::new();
    let mut next_frame = main_steps;
    for (b, info) in branches.iter().enumerate() {
        let parent = match info.parent {
            None => None,
            Some(p) => match line_of.get(p).copied().flatten() {
                Some(line) => Some(line),
                None => {
                    line_of.push(None);
                    continue;
                }
            },
        };
        let Some(branch) = game.branch(b).filter(|g| g.len() > 1) else {
            line_of.push(None);
            continue;
        };
        let count = branch.len() - 1;
        let (before, main, at) = match parent {
            None => (info.from, info.from + 1, info.from + 1),
            Some(p) => {
                let up = &out[p];
                let before = match info.from {
                    0 => up.before,
                    from => up.first + from - 1,
                };
                (before, up.main, info.from)
            }
        };
        let actions = (1..=count)
            .map(|i| {
                branch
                    .step_source(i)
                    .map_or_else(String::new, |s| collapse(battle.text(s.span)))
            })
            .collect();
        let captions = (1..=count).map(|i| caption(branch.as_ref(), i)).collect();
        line_of.push(Some(out.len()));
        out.push(Line {
            first: next_frame,
            before,
            main,
            parent,
            at,
            game: branch,
            captions,
            actions,
            comments: vec![Vec::new(); count],
        });
        next_frame += count;
    }
    // Each comment written inside a variation goes with the action beside
    // it, else the next one of its line, else the line's last.
    for (item, _) in battle.iter() {
        if item.kind != ItemKind::Comment {
            continue;
        }
        let at = game.index_at(item.span.start);
        let Some(line) = at.branch.and_then(|b| line_of.get(b).copied().flatten()) else {
            continue;
        };
        let prose = prose(battle.text(item.span));
        let comments = &mut out[line].comments;
        if prose.is_empty() || comments.is_empty() {
            continue;
        }
        let action = if item.trailing && at.index > 0 {
            at.index - 1
        } else {
            at.index
        };
        let last = comments.len() - 1;
        comments[action.min(last)].push(prose);
    }
    out
}

/// An overlay the page can show: its name and summary, as the system
/// offers it, and whether it is shown at first.
pub struct Toggle {
    pub name: &'static str,
    pub summary: &'static str,
    pub on: bool,
}

/// What the log says at a step of the main line.
#[derive(Default)]
struct Written {
    /// The action's text, whitespace collapsed; empty for setup and the end.
    action: String,
    /// The turn header and phase the action stands under.
    turn: String,
    phase: String,
    comments: Vec<String>,
    /// The variations written after this action: alternatives to it (shown
    /// as text when none could be replayed and drawn).
    variations: Vec<String>,
}

/// The page, from the battle, its replay and the film of every step
/// (`film` holds frame `n` for step `n`), with a toggle for each overlay.
pub fn page(
    title: &str,
    battle: &Battle<'_>,
    game: &dyn Game,
    captions: &[String],
    lines: &[Line<'_>],
    film: &senlac_render::svg::Film,
    toggles: &[Toggle],
) -> String {
    let steps = captions.len();
    // The film's references are `data-href`s (see film.rs), made real when a
    // frame is first shown.
    let written = written(battle, game, steps);
    // The main line's steps by turn: those before the first turn stand
    // alone, and one without a turn of its own (the end) stays in the last.
    let mut turns: Vec<(Option<&str>, Vec<usize>)> = Vec::new();
    let mut last_turn = "";
    for (n, step) in written.iter().enumerate().take(steps) {
        if !step.turn.is_empty() && step.turn != last_turn {
            last_turn = &step.turn;
            turns.push((Some(last_turn), vec![n]));
        } else if let Some((_, members)) = turns.last_mut() {
            members.push(n);
        } else {
            turns.push((None, vec![n]));
        }
    }
    let mut line_table = String::new();
    for line in lines {
        let _ = write!(
            line_table,
            "[{},{},{},{}],",
            line.before,
            line.first,
            line.actions.len(),
            line.main
        );
    }
    // Each overlay hidden unless its class is on the board's container.
    let mut overlay_css = String::new();
    let mut board_class = String::from("board");
    for toggle in toggles {
        let class = senlac_render::svg::overlay_class(toggle.name);
        let _ = writeln!(
            overlay_css,
            ".board:not(.show-{class}) .{class}{{display:none}}"
        );
        if toggle.on {
            let _ = write!(board_class, " show-{class}");
        }
    }
    let last = steps.saturating_sub(1);
    html! {
        (PreEscaped("<!doctype html>\n"))
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width,initial-scale=1";
                title { (LogText(title)) }
                "\n"
                // Constants, and classes of ASCII letters, digits, `-` and `_`.
                style { (PreEscaped(STYLE)) (PreEscaped(overlay_css)) }
            }
            body {
                "\n"
                header {
                    h1 { (LogText(title)) }
                    span id="caption" {}
                    @if !toggles.is_empty() {
                        span class="overlays" {
                            "Overlays: "
                            @for toggle in toggles {
                                label title=(toggle.summary) {
                                    input type="checkbox" data-overlay=(senlac_render::svg::overlay_class(toggle.name)) checked[toggle.on];
                                    " " (toggle.name)
                                }
                            }
                        }
                    }
                }
                "\n"
                div class="layout" {
                    "\n"
                    div class=(board_class) {
                        "\n"
                        div class="map" {
                            // The film: SVG the render crate made, its text escaped there.
                            (PreEscaped(&film.board))
                            div class="zoom" {
                                button id="zoom-in" title="+: zoom in" aria-label="zoom in" { "+" }
                                button id="zoom-out" title="-: zoom out" aria-label="zoom out" { "−" }
                                button id="zoom-reset" title="0: the whole map" aria-label="whole map" { "⤢" }
                            }
                        }
                        "\n"
                        details class="legend" open {
                            summary { "Legend" }
                            // The legend: SVG the render crate made, its text escaped there.
                            (PreEscaped(&film.legend))
                        }
                    }
                    "\n"
                    aside {
                        "\n"
                        div class="controls" {
                            button id="first" title="Home" { "|◀" }
                            button id="back" title="Left arrow" { "◀" }
                            button id="play" title="Space: play, pause" { "▷" }
                            button id="forward" title="Right arrow" { "▶" }
                            button id="last" title="End" { "▶|" }
                            input id="slider" type="range" min="0" max=(last) value="0" aria-label="step";
                            span id="where" { "1 / " (steps) }
                        }
                        "\n"
                        div id="details" {
                            "\n"
                            @for (n, (caption, step)) in captions.iter().zip(&written).enumerate() {
                                (detail(battle, game, n, steps, caption, step))
                                "\n"
                            }
                            @for line in lines {
                                @for (i, (caption, action)) in line.captions.iter().zip(&line.actions).enumerate() {
                                    (variation_detail(line, i, caption, action))
                                    "\n"
                                }
                            }
                        }
                        "\n"
                        ol id="moves" {
                            @for (turn, members) in &turns {
                                @if let Some(turn) = turn {
                                    li class="turn" {
                                        b { (LogText(turn)) }
                                        ol {
                                            @for &n in members {
                                                (move_item(n, &captions[n], &written[n], lines))
                                            }
                                        }
                                    }
                                } @else {
                                    @for &n in members {
                                        (move_item(n, &captions[n], &written[n], lines))
                                    }
                                }
                            }
                        }
                        "\n"
                    }
                    "\n"
                }
                "\n"
                div id="help" hidden {
                    h2 { "Keys" }
                    p { "← → step back and forward · Home, End: first and last step · Space: play and pause · + − zoom the map, 0 the whole map (or the wheel, a pinch, a drag) · ? this help" }
                    p { "Link to a step with " code { "#step=N" } ", a figure with " code { "#fig=NAME" } ", or a point with " code { "#3.Normans.resolve" } "." }
                }
                "\n"
                div id="anchors" {
                    @for (point, state) in game.labels() {
                        a data-anchor=(LogText(&point.to_string())) data-step=((*state).min(last)) {}
                    }
                    @for figure in game.figures() {
                        a data-anchor={ "fig=" (LogText(&figure.name)) } data-step=(figure.state.min(last)) {}
                    }
                }
                "\n"
                div id="notice" role="status" hidden {}
                "\n"
                script {
                    // The main line is frames 0..main; each variation is [the
                    // frame before it, its first frame, its length, the
                    // main-line step its outermost variation replaces], its
                    // frames after the main line's. Numbers only.
                    (PreEscaped(format!("\nconst main = {steps};\nconst lines = [{line_table}];")))
                    (PreEscaped(SCRIPT))
                }
                "\n"
            }
        }
        "\n"
    }
    .into_string()
}

/// Step `n` of the main line in the move list: a link to its frame, and
/// under it the variations written in its place (drawn, else as text).
fn move_item(n: usize, caption: &str, step: &Written, lines: &[Line<'_>]) -> Markup {
    let text = if step.action.is_empty() {
        caption
    } else {
        &step.action
    };
    let drawn: Vec<usize> = (0..lines.len())
        .filter(|&k| lines[k].parent.is_none() && lines[k].at == n)
        .collect();
    html! {
        li {
            a href={ "#step=" (n) } data-step=(n) {
                @if !step.phase.is_empty() {
                    i { (LogText(&step.phase)) }
                    " "
                }
                (LogText(text))
            }
            @for &index in &drawn {
                (side_line(lines, index))
            }
            // Variations not drawn (none could be replayed) stay text.
            @for variation in step.variations.iter().skip(drawn.len()) {
                div class="variation" { "(" (LogText(variation)) ")" }
            }
        }
    }
}

/// The details of step `n` of the main line: its caption and the log's
/// captions of the figures marked there, the action, what happened and
/// changed, the result at the end, and the log's comments.
fn detail(
    battle: &Battle<'_>,
    game: &dyn Game,
    n: usize,
    steps: usize,
    caption: &str,
    step: &Written,
) -> Markup {
    let mut heading = caption.to_string();
    for figure in game.figures().iter().filter(|f| f.state == n) {
        if !figure.caption.is_empty() {
            let _ = write!(heading, " · {}", figure.caption);
        }
    }
    let end = n > 0 && n + 1 == steps;
    let changes = if n == 0 {
        None
    } else {
        changes_html(game, n - 1, n)
    };
    html! {
        div class="detail" data-step=(n) hidden[n != 0] {
            h2 { (LogText(&heading)) }
            @if !step.action.is_empty() {
                p class="action" { code { (LogText(&step.action)) } }
            }
            @for moment in &game.moments(n) {
                p class="moment" { (LogText(moment)) }
            }
            @if let Some(changes) = changes {
                h3 { "Changes" }
                (changes)
            } @else if n > 0 && !end {
                p class="quiet" { "Nothing on the field changed." }
            }
            @if end {
                (result_html(battle, game))
            }
            @for comment in &step.comments {
                blockquote { (LogText(comment)) }
            }
        }
    }
}

/// The details of action `i` of a variation.
fn variation_detail(line: &Line<'_>, i: usize, caption: &str, action: &str) -> Markup {
    let state = i + 1;
    html! {
        div class="detail" data-step=(line.first + i) hidden {
            h2 { (LogText(caption)) " " small { "(variation)" } }
            p class="action" { code { (LogText(action)) } }
            @for moment in &line.game.moments(state) {
                p class="moment" { (LogText(moment)) }
            }
            @if let Some(changes) = changes_html(line.game.as_ref(), state - 1, state) {
                h3 { "Changes" }
                (changes)
            } @else {
                p class="quiet" { "Nothing on the field changed." }
            }
            @for comment in line.comments.get(i).into_iter().flatten() {
                blockquote { (LogText(comment)) }
            }
        }
    }
}

/// The end step's result: how the rules decide the battle, and what the
/// log's Result tag claims.
fn result_html(battle: &Battle<'_>, game: &dyn Game) -> Markup {
    html! {
        div class="result" {
            h3 { "Result" }
            @match game.outcome() {
                Some(outcome) => p {
                    "The rules decide "
                    @match &outcome.winner {
                        Some(side) => { b { (LogText(side)) } " win" }
                        None => b { "a draw" },
                    }
                    ": " (LogText(&outcome.why)) "."
                },
                None => p { "The rules decide no result at this point." },
            }
            @if let Some(claimed) = battle.tag("Result").filter(|r| !r.is_empty()) {
                p { "The log's Result: " (LogText(&claimed)) "." }
            }
        }
    }
}

/// Line `index` as a side line of the move list: each action a link to its
/// frame, and under it the lines nested there.
fn side_line(lines: &[Line<'_>], index: usize) -> Markup {
    let Some(line) = lines.get(index) else {
        return html! {};
    };
    html! {
        ol class="variation" {
            @for (i, action) in line.actions.iter().enumerate() {
                li {
                    a href={ "#step=" (line.first + i) } data-step=(line.first + i) { (LogText(action)) }
                    @for nested in (index + 1..lines.len()).filter(|&k| lines[k].parent == Some(index) && lines[k].at == i) {
                        (side_line(lines, nested))
                    }
                }
            }
        }
    }
}

/// What changed between two states, as a list: one item per unit, the
/// unit marked when its status changed; nothing when nothing changed.
fn changes_html(game: &dyn Game, before: usize, after: usize) -> Option<Markup> {
    let changes = crate::diff::changes(&game.view(before), &game.view(after));
    if changes.is_empty() {
        return None;
    }
    let units = changes.chunk_by(|a, b| a.side == b.side && a.id == b.id);
    Some(html! {
        ul {
            @for unit in units {
                @let parts: Vec<String> = unit
                    .iter()
                    .map(|c| match c.field {
                        "status" => format!("{} → {}", c.from, c.to),
                        _ => format!("{} {} → {}", c.label, c.from, c.to),
                    })
                    .collect();
                li class=[unit.iter().any(|c| c.field == "status").then_some("fell")] {
                    (LogText(&unit[0].side)) " " (LogText(&unit[0].id)) ": " (LogText(&parts.join("; ")))
                }
            }
        }
    })
}

/// The main line's action text at each of `steps` steps, as the move list
/// shows it: empty for setup and the end.
pub fn actions_written(battle: &Battle<'_>, game: &dyn Game, steps: usize) -> Vec<String> {
    (0..steps)
        .map(|n| match n {
            0 => String::new(),
            n if n + 1 >= steps => String::new(),
            n => game
                .step_source(n)
                .map_or_else(String::new, |s| collapse(battle.text(s.span))),
        })
        .collect()
}

/// What the log writes at each of `steps` steps (setup is 0, action `k` of
/// the main line is `k`, the end is the last): each action's text and the
/// turn and phase it stands in, from the replay's timeline; the comments
/// of the main line placed by where they stand (beside an action, else
/// before the next, else with the end; before the first turn, with the
/// setup); and the variations written after each action, as text.
fn written(battle: &Battle<'_>, game: &dyn Game, steps: usize) -> Vec<Written> {
    let mut out: Vec<Written> = (0..steps.max(1)).map(|_| Written::default()).collect();
    let last = out.len() - 1;
    let mut standings = senlac_engine::Standings::new(game.labels());
    for (n, action) in actions_written(battle, game, steps).into_iter().enumerate() {
        if action.is_empty() {
            continue;
        }
        let standing = standings.at(n);
        let at = &mut out[n];
        at.action = action;
        if let (Some(turn), Some(side)) = (standing.turn, standing.side) {
            at.turn = format!("{turn}. {side}");
        }
        at.phase = standing.phase.unwrap_or_default().to_string();
    }
    let mut depth = 0u32;
    let mut turn_seen = false;
    let mut variation = String::new();
    let mut previous_was_line_comment = false;
    // Whether the line a trailing comment stands on is an action's.
    let mut after_action = false;
    for (item, _) in battle.iter() {
        let text = battle.text(item.span);
        let line_comment = item.kind == ItemKind::Comment && text.starts_with(';');
        match item.kind {
            ItemKind::VariationOpen => {
                depth += 1;
                if depth == 1 {
                    variation.clear();
                }
            }
            ItemKind::VariationClose => {
                depth = depth.saturating_sub(1);
                if depth == 0 && !variation.is_empty() {
                    // The action it is an alternative to: the main line's
                    // last before it.
                    let replaces = main_line_at(game, item.span.start);
                    out[replaces.min(last)]
                        .variations
                        .push(std::mem::take(&mut variation));
                }
            }
            _ if depth > 0 => {
                if matches!(
                    item.kind,
                    ItemKind::Action | ItemKind::Turn | ItemKind::Phase
                ) {
                    if !variation.is_empty() {
                        variation.push_str(if item.kind == ItemKind::Action {
                            "; "
                        } else {
                            " "
                        });
                    }
                    variation.push_str(&collapse(text));
                }
            }
            ItemKind::Turn => {
                turn_seen = true;
                after_action = false;
            }
            ItemKind::Phase => after_action = false,
            ItemKind::Action => after_action = true,
            ItemKind::Comment => {
                let prose = prose(text);
                if !prose.is_empty() {
                    // A run of `;` lines is one comment written over several lines.
                    let continues = line_comment && previous_was_line_comment;
                    let beside = game.index_at(item.span.start).index;
                    // Before the first turn, a comment is about the setup.
                    let step = if !turn_seen || (item.trailing && after_action && beside > 0) {
                        beside
                    } else {
                        beside + 1
                    };
                    let target = &mut out[step.min(last)].comments;
                    match target.last_mut() {
                        Some(previous) if continues => {
                            previous.push(' ');
                            previous.push_str(&prose);
                        }
                        _ => target.push(prose),
                    }
                }
            }
            _ => {}
        }
        previous_was_line_comment = line_comment;
    }
    out
}

/// The main-line state in force at byte `offset`: after the last action
/// of the main line that starts at or before it (the setup before the
/// first), whatever variation holds the offset.
fn main_line_at(game: &dyn Game, offset: u32) -> usize {
    let actions = game.len().saturating_sub(2);
    // Actions are recorded in the order they stand in the text.
    let starts_before = |k: usize| {
        game.step_source(k + 1)
            .is_some_and(|s| s.span.start <= offset)
    };
    let (mut low, mut high) = (0, actions);
    while low < high {
        let mid = (low + high) / 2;
        if starts_before(mid) {
            low = mid + 1;
        } else {
            high = mid;
        }
    }
    low
}

/// A comment's prose: delimiters and `[%...]` annotations (for the renderer)
/// removed, whitespace collapsed.
fn prose(raw: &str) -> String {
    let inner = raw
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .or_else(|| raw.strip_prefix(';'))
        .unwrap_or(raw);
    let mut text = String::new();
    let mut rest = inner;
    while let Some(start) = rest.find("[%") {
        text.push_str(&rest[..start]);
        rest = rest[start..]
            .find(']')
            .map_or("", |end| &rest[start + end + 1..]);
    }
    text.push_str(rest);
    collapse(&text)
}

fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The page's styles; each overlay's rule follows them.
const STYLE: &str = r#"
*{box-sizing:border-box}
html,body{margin:0;height:100%}
body{font-family:Georgia,"DejaVu Serif",serif;background:#f4f0e6;color:#2a241c;display:flex;flex-direction:column}
header{display:flex;flex-wrap:wrap;align-items:baseline;gap:.1em 1em;padding:.3em 1em;background:#e8e0cc}
header h1{font-size:1.2em;margin:0}
#caption{font-style:italic}
.layout{flex:1;display:flex;min-height:0}
.board{flex:1;min-width:0;min-height:0;display:flex;gap:.4em;padding:.4em}
.map{position:relative;flex:1;min-width:0;min-height:0;display:flex}
.map>svg{flex:1;width:100%;height:100%;min-width:0;touch-action:pan-y;user-select:none;-webkit-user-select:none}
.map>svg.zoomed{touch-action:none;cursor:grab}
.zoom{position:absolute;right:.3em;top:.3em;display:flex;flex-direction:column;gap:.2em}
.zoom button{font:inherit;font-size:1.1em;width:1.9em;height:1.9em;padding:0;background:#fffdf6d0;border:1px solid #b9b29b;border-radius:4px;cursor:pointer}
details.legend{flex:none;max-width:16em;overflow:auto}
details.legend summary{cursor:pointer;font-size:.9em;padding:.1em .2em}
.legend svg{display:block;max-width:100%;height:auto;background:#f8f4ea}
aside{width:24em;display:flex;flex-direction:column;min-height:0;border-left:1px solid #cfc6ad}
.controls{display:flex;gap:.3em;align-items:center;padding:.4em}
.controls button{font:inherit;padding:.1em .5em}
#slider{flex:1;min-width:4em}
#where{font-variant-numeric:tabular-nums;min-width:4.5em;text-align:right}
#details{padding:0 .6em;max-height:40%;overflow:auto;border-bottom:1px solid #cfc6ad}
#details h2{font-size:1em;margin:.3em 0}
#details h3{font-size:.9em;margin:.4em 0 .2em}
#details ul{margin:0;padding-left:1.2em;font-size:.9em}
li.fell{color:#a00}
.action code{font-size:.95em;background:#fffdf6;padding:.1em .3em;border:1px solid #ddd3b3;overflow-wrap:anywhere}
.moment{margin:.2em 0;font-weight:bold}
.quiet{color:#776;font-size:.9em}
.result{margin:.4em 0;padding:.2em .6em;background:#fffdf6;border:1px solid #cfc6ad}
.result h3{margin:.2em 0}
.result p{margin:.2em 0}
blockquote{margin:.4em 0;padding:.2em .6em;border-left:3px solid #886;font-style:italic}
#moves{flex:1;overflow:auto;margin:0;padding:.4em .6em;font-size:.9em;list-style:none}
#moves ol{padding-left:.6em;list-style:none;margin:.1em 0 .4em}
#moves a{color:inherit;text-decoration:none;display:block;padding:.05em .3em;border-radius:3px;font-family:"DejaVu Sans Mono",monospace;font-size:.92em}
#moves a i{font-family:Georgia,serif;color:#776}
#moves a:hover{background:#e8e0cc}
#moves a.current{background:#2c5b98;color:#fff}
#moves a.current i{color:#dde}
.variation{margin-left:1.2em;color:#665;font-size:.88em}
ol.variation{border-left:2px solid #cfc6ad;padding-left:.4em}
ol.variation a{font-style:italic}
#help{position:fixed;inset:20% 30%;overflow:auto;background:#fffdf6;border:2px solid #886;padding:1em;box-shadow:0 4px 20px #0004;z-index:3}
#anchors{display:none}
#notice{position:fixed;left:50%;top:3em;transform:translateX(-50%);max-width:90%;background:#fff4d6;border:1px solid #b98;padding:.4em .8em;border-radius:4px;box-shadow:0 2px 10px #0003;z-index:3}
.overlays{margin-left:auto;font-size:.9em}
.overlays label{margin-left:.6em;cursor:pointer}
/* A narrow screen: the map first and full width, the legend folded under
   it, the details and the move list below, the controls at hand. */
@media (max-width:899px){
html,body{height:auto}
body{display:block;padding-bottom:3.4em}
.layout,.board{display:block;padding:0}
.map{display:block}
.map>svg{display:block;width:100%;height:auto}
details.legend{max-width:none;margin:.2em .4em}
aside{width:auto;display:block;border-left:0;border-top:1px solid #cfc6ad}
.controls{position:fixed;left:0;right:0;bottom:0;z-index:2;background:#e8e0cc;border-top:1px solid #cfc6ad}
.controls button{min-width:2.4em;min-height:2.4em}
#details{max-height:none}
#moves{max-height:60vh}
#help{inset:8% 4%}
}
"#;

/// The page's script: the steps, the move list, the keys, zoom and links.
const SCRIPT: &str = r#"
const frames = Array.from(document.querySelectorAll('svg .frame'));
const last = main - 1;
function lineOf(n) { return lines.find(([r, f, c]) => n >= f && n < f + c); }
// The step after (d = 1) or before (d = -1) n on n's own line; before a
// variation's first step is the state before the action it replaces.
function next(n, d) {
  const line = lineOf(n);
  if (!line) return Math.max(0, Math.min(last, n + d));
  const [r, f, c] = line;
  if (n + d < f) return r;
  return Math.min(n + d, f + c - 1);
}
const details = Array.from(document.querySelectorAll('.detail'));
const links = Array.from(document.querySelectorAll('#moves a[data-step]'));
const slider = document.getElementById('slider');
const movesList = document.getElementById('moves');
const where = document.getElementById('where');
const caption = document.getElementById('caption');
const help = document.getElementById('help');
let current = 0;
let timer = null;
function load(frame) {
  for (const use of frame.querySelectorAll('use[data-href]')) {
    use.setAttribute('href', use.dataset.href);
    use.removeAttribute('data-href');
  }
}
function show(n, scroll = true) {
  n = Math.max(0, Math.min(frames.length - 1, n));
  load(frames[n]);
  frames[current].setAttribute('display', 'none');
  details[current].hidden = true;
  current = n;
  frames[current].removeAttribute('display');
  details[current].hidden = false;
  const line = lineOf(current);
  slider.value = line ? line[3] : current;
  where.textContent = line ? 'var. ' + (current - line[1] + 1) + ' / ' + line[2] : (current + 1) + ' / ' + main;
  caption.textContent = details[current].querySelector('h2').textContent;
  links.forEach(a => a.classList.toggle('current', Number(a.dataset.step) === current));
  const link = links.find(a => Number(a.dataset.step) === current);
  if (link && scroll) reveal(link);
  if (location.hash !== '#step=' + current) history.replaceState(null, '', '#step=' + current);
}
// Scrolls the move list, and only it, to show `link`: the page stays where
// it is, so on a phone the map stays in view while stepping.
function reveal(link) {
  const r = link.getBoundingClientRect();
  const box = movesList.getBoundingClientRect();
  if (r.top < box.top) movesList.scrollTop += r.top - box.top - 4;
  else if (r.bottom > box.bottom) movesList.scrollTop += r.bottom - box.bottom + 4;
}
// Zoom and pan: the map's viewBox, within the whole map, at most 12 times
// closer. The wheel and the buttons zoom at a point, a drag pans once
// zoomed in, two fingers pinch; a map not zoomed in lets a finger scroll
// the page.
const map = document.querySelector('.map > svg');
const home = map.getAttribute('viewBox').split(/[\s,]+/).map(Number);
let view = home.slice();
function setView(v) {
  const [hx, hy, hw, hh] = home;
  const w = Math.min(hw, Math.max(hw / 12, v[2]));
  const h = w * hh / hw;
  view = [Math.min(hx + hw - w, Math.max(hx, v[0])), Math.min(hy + hh - h, Math.max(hy, v[1])), w, h];
  map.setAttribute('viewBox', view.join(' '));
  map.classList.toggle('zoomed', w < hw * 0.999);
}
function mapPoint(x, y) {
  const m = map.getScreenCTM();
  if (!m) return [view[0] + view[2] / 2, view[1] + view[3] / 2];
  const p = new DOMPoint(x, y).matrixTransform(m.inverse());
  return [p.x, p.y];
}
function zoomAt(f, x, y) {
  const [px, py] = mapPoint(x, y);
  setView([px - (px - view[0]) / f, py - (py - view[1]) / f, view[2] / f, view[3] / f]);
}
function zoomMiddle(f) {
  const r = map.getBoundingClientRect();
  zoomAt(f, r.left + r.width / 2, r.top + r.height / 2);
}
function panBy(from, to) {
  const a = mapPoint(...from), b = mapPoint(...to);
  setView([view[0] - (b[0] - a[0]), view[1] - (b[1] - a[1]), view[2], view[3]]);
}
map.addEventListener('wheel', e => { e.preventDefault(); zoomAt(Math.exp(-e.deltaY * (e.deltaMode ? 0.05 : 0.002)), e.clientX, e.clientY); }, {passive: false});
map.addEventListener('dblclick', e => zoomAt(2, e.clientX, e.clientY));
const pointers = new Map();
map.addEventListener('pointerdown', e => { pointers.set(e.pointerId, [e.clientX, e.clientY]); if (e.pointerType === 'mouse') map.setPointerCapture(e.pointerId); });
map.addEventListener('pointermove', e => {
  if (!pointers.has(e.pointerId)) return;
  const before = Array.from(pointers.values());
  pointers.set(e.pointerId, [e.clientX, e.clientY]);
  const after = Array.from(pointers.values());
  if (after.length === 1) { if (map.classList.contains('zoomed')) panBy(before[0], after[0]); return; }
  const mid = (a, b) => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const apart = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  panBy(mid(before[0], before[1]), mid(after[0], after[1]));
  if (apart(before[0], before[1]) > 0) zoomAt(apart(after[0], after[1]) / apart(before[0], before[1]), ...mid(after[0], after[1]));
});
for (const type of ['pointerup', 'pointercancel']) map.addEventListener(type, e => pointers.delete(e.pointerId));
document.getElementById('zoom-in').addEventListener('click', () => zoomMiddle(1.5));
document.getElementById('zoom-out').addEventListener('click', () => zoomMiddle(1 / 1.5));
document.getElementById('zoom-reset').addEventListener('click', () => setView(home));
// The legend starts folded on a narrow screen.
if (matchMedia('(max-width: 899px)').matches) document.querySelector('details.legend').open = false;
function stop() { if (timer) { clearInterval(timer); timer = null; } }
function play() {
  if (timer) { stop(); return; }
  if (next(current, 1) === current) show(lineOf(current) ? lineOf(current)[0] : 0);
  timer = setInterval(() => { const n = next(current, 1); if (n === current) stop(); else show(n); }, 900);
}
// A link's step: `#step=N`, a point or `#fig=NAME` as written, else the one
// it names but for case (`#2.normans`); a link that names nothing says so
// and offers the nearest point, as the CLI does.
const notice = document.getElementById('notice');
notice.addEventListener('click', () => { notice.hidden = true; });
function target(hash) {
  notice.hidden = true;
  let key = hash.replace(/^#/, '');
  try { key = decodeURIComponent(key); } catch (e) {}
  if (key === '' || key === 'selftest') return null;
  const step = /^step=(\d+)$/.exec(key);
  if (step) return Number(step[1]);
  const anchors = Array.from(document.querySelectorAll('#anchors a'));
  const anchor = anchors.find(a => a.dataset.anchor === key) || anchors.find(a => a.dataset.anchor.toLowerCase() === key.toLowerCase());
  if (anchor) return Number(anchor.dataset.step);
  const near = nearest(key, anchors.map(a => a.dataset.anchor));
  const example = anchors.map(a => a.dataset.anchor).find(a => /^\d+\.[^.]+$/.test(a)) || '1';
  notice.textContent = 'No step is called #' + key + (near ? '; did you mean #' + near + '?' : '; a link is #step=N, #fig=NAME or a point such as #' + example + '.');
  notice.hidden = false;
  setTimeout(() => { notice.hidden = true; }, 10000);
  return null;
}
// The name among `names` fewest edits from `key`, if any is close.
function nearest(key, names) {
  const edits = (a, b) => {
    let row = Array.from({length: b.length + 1}, (_, j) => j);
    for (let i = 1; i <= a.length; i += 1) {
      const next = [i];
      for (let j = 1; j <= b.length; j += 1) next.push(Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
      row = next;
    }
    return row[b.length];
  };
  let best = null;
  for (const name of names) {
    const d = edits(key.toLowerCase(), name.toLowerCase());
    if (d <= Math.max(2, Math.floor(key.length / 4)) && (!best || d < best[0])) best = [d, name];
  }
  return best && best[1];
}
document.addEventListener('keydown', e => {
  if (e.target === slider && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) e.preventDefault();
  // Space on an overlay's checkbox ticks it.
  if (e.key === ' ' && e.target.matches && e.target.matches('input[data-overlay]')) return;
  const keys = {ArrowRight: () => show(next(current, 1)), ArrowLeft: () => show(next(current, -1)), Home: () => show(0), End: () => show(last), ' ': play, '?': () => { help.hidden = !help.hidden; }, Escape: () => { help.hidden = true; }, '+': () => zoomMiddle(1.5), '=': () => zoomMiddle(1.5), '-': () => zoomMiddle(1 / 1.5), '0': () => setView(home)};
  const act = keys[e.key];
  if (!act) return;
  if (e.key !== ' ' && !'+=-0'.includes(e.key)) stop();
  act();
  e.preventDefault();
});
document.getElementById('first').addEventListener('click', () => { stop(); show(0); });
document.getElementById('back').addEventListener('click', () => { stop(); show(next(current, -1)); });
document.getElementById('forward').addEventListener('click', () => { stop(); show(next(current, 1)); });
document.getElementById('last').addEventListener('click', () => { stop(); show(last); });
document.getElementById('play').addEventListener('click', play);
slider.addEventListener('input', () => { stop(); show(Number(slider.value)); });
// An overlay's checkbox shows or hides it in every frame and the legend.
const board = document.querySelector('.board');
document.querySelectorAll('input[data-overlay]').forEach(box => box.addEventListener('change', () => board.classList.toggle('show-' + box.dataset.overlay, box.checked)));
links.forEach(a => a.addEventListener('click', e => { e.preventDefault(); stop(); show(Number(a.dataset.step), false); }));
window.addEventListener('hashchange', () => { const n = target(location.hash); if (n !== null && n !== current) show(n); });
const selftest = location.hash === '#selftest';
const start = target(location.hash);
show(start === null ? 0 : start);
// `#selftest` presses the right arrow once and records whether the frame
// changed, so a headless browser's --dump-dom can check the page works.
if (selftest) {
  document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));
  const moved = current === 1 && frames[0].getAttribute('display') === 'none' && !frames[1].hasAttribute('display') && links.some(a => a.classList.contains('current') && a.dataset.step === '1');
  document.body.dataset.selftest = moved ? 'pass' : 'fail';
}
"#;
