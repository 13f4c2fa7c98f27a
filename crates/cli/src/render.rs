//! `senlac render`: frames of a battle as SVG (and PNG), named after figure
//! marks, turns, phases or actions, a self-contained HTML replay, and the
//! whole battle as one animated GIF or APNG.
//!
//! This module turns the engine's timeline into the renderer's plain frames;
//! the drawing itself is senlac-render's. Names come from the log, so each is
//! checked to stay inside the output directory, and every write is atomic.

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use senlac_board::scene::Scene;
use senlac_engine::{Game, Point};
use senlac_notation::Battle;
use senlac_render::animation::{self, Animation, Canvas, Format};

use crate::{Exit, files, load};

/// The largest replay page written, in bytes as written: a browser would
/// not open a larger one usefully.
const REPLAY_LIMIT: usize = 64_000_000;

/// What to ask for instead of a PNG too large to draw.
const PNG_HELP: &str =
    "a smaller --width, or leave out --png: the SVG frames have no pixels to count";

/// How many times longer than a step an animation holds a step the log
/// marks with a figure (the writer thought it worth a picture), and its last
/// frame (to be seen before it loops).
const FIGURE_HOLD: u32 = 2;
const END_HOLD: u32 = 4;

/// How many frames are rasterised at once, in parallel: a few per core,
/// and no more held in memory (a PNG frame is up to 16 megapixels).
const RASTERISED_AT_ONCE: usize = 8;

/// The file an animation is written to, in the output directory.
const ANIMATION_NAME: &str = "replay";

/// One kind of frame asked for with `--at`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Figures,
    Turns,
    Phases,
    Actions,
    Point(Point),
}

/// Which frames to draw: the kinds and points asked for, in order; none
/// means the figures if the log marks any, else one frame per turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection(pub Vec<Kind>);

impl Selection {
    /// Every action, as the replay page steps through them.
    pub fn actions() -> Selection {
        Selection(vec![Kind::Actions])
    }

    pub fn parse(words: &[String]) -> Result<Selection, String> {
        words
            .iter()
            .map(|word| {
                Ok(match word.as_str() {
                    "figures" => Kind::Figures,
                    "turns" => Kind::Turns,
                    "phases" => Kind::Phases,
                    "actions" => Kind::Actions,
                    point => Kind::Point(point.parse()?),
                })
            })
            .collect::<Result<_, String>>()
            .map(Selection)
    }
}

/// A frame to write: its file stem, the state it shows, and the span of states
/// whose events it draws.
pub struct Planned {
    pub name: String,
    pub caption: String,
    pub state: usize,
    pub since: usize,
    /// A turn's frame draws the whole turn, not just the last side's part.
    pub whole_turn: bool,
    /// The figure it draws (an index into `Game::figures`): the engine
    /// decides what a figure shows, whatever else is drawn.
    pub figure: Option<usize>,
}

pub struct Options<'a> {
    pub dir: &'a Path,
    pub png: bool,
    /// The PNGs' width in pixels, their height in proportion; their own
    /// size when `None`.
    pub width: Option<u32>,
    pub html: bool,
    /// Animations of every action to write, each one file.
    pub animations: Vec<Format>,
    /// How long an animation shows a step.
    pub delay_ms: u32,
    /// The overlays to draw in frames and animations, and to show at first
    /// in the replay page: names the battle's system offers.
    pub overlays: Vec<String>,
    /// How figures are framed.
    pub crop: Crop,
}

/// How a figure is framed (`--crop`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Crop {
    /// The part of the map around the action, with a locator.
    Auto,
    /// The whole map.
    None,
}

/// A planned frame as SVG: a figure framed as `crop` says, any other frame
/// whole.
fn frame_svg(drawn: &Scene, planned: &Planned, crop: Crop) -> String {
    if planned.figure.is_some() && crop == Crop::Auto {
        senlac_render::svg::scene_svg_cropped(drawn)
    } else {
        senlac_render::svg::scene_svg(drawn)
    }
}

pub fn run(path: &Path, battle: usize, selection: &Selection, options: &Options<'_>) -> Exit {
    load::with_battle(path, battle, |source, parsed, game| {
        let offered = overlays_of(game);
        if let Some(exit) = check_overlays(&source.name, game.tag(), offered, &options.overlays) {
            return exit;
        }
        let selection = if selection.0.is_empty() {
            if game.figures().is_empty() {
                errln!("no figure marks: drawing one frame per turn");
                Selection(vec![Kind::Turns])
            } else {
                Selection(vec![Kind::Figures])
            }
        } else {
            selection.clone()
        };
        if selection.0.contains(&Kind::Figures) && game.figures().is_empty() {
            errln!(
                "warning: {}: the log marks no figures (`[%fig NAME \"caption\"]`); try `--at turns`",
                source.name
            );
        }
        let planned_frames = match plan(game, &selection) {
            Ok(plan) => plan,
            Err(message) => {
                errln!("error: {}: {message}", source.name);
                return Exit::Usage;
            }
        };
        // An animation too large is refused before anything is written.
        let animated = if options.animations.is_empty() {
            None
        } else {
            if options.png
                && options.animations.contains(&Format::Apng)
                && planned_frames.iter().any(|p| p.name == ANIMATION_NAME)
            {
                errln!(
                    "error: {}: the frame `{ANIMATION_NAME}` and the animated PNG would both be {ANIMATION_NAME}.png\n  help: leave out --png or --apng, or rename the figure",
                    source.name
                );
                return Exit::Usage;
            }
            match Animated::plan(game, parsed, options) {
                Ok(animated) => Some(animated),
                Err(message) => {
                    errln!(
                        "error: {}: {message}\n  help: a smaller --width, or frames instead, e.g. `--at turns --png`",
                        source.name
                    );
                    return Exit::Failure;
                }
            }
        };
        let title = parsed.tag("Battle").unwrap_or_default().into_owned();
        // A PNG too large is refused before anything is written too: the
        // frames share a board, so the first one's size is theirs.
        if options.png
            && let Some(first) = planned_frames.first()
        {
            let mut drawn = scene(game, &title, first);
            drawn.show_overlays(&options.overlays);
            let svg = frame_svg(&drawn, first, options.crop);
            if let Err(message) = senlac_render::png::parse(&svg)
                .and_then(|tree| senlac_render::png::frame_size(&tree, options.width))
            {
                errln!("error: {}: {message}\n  help: {PNG_HELP}", source.name);
                return Exit::Failure;
            }
        }
        if let Err(e) = std::fs::create_dir_all(options.dir) {
            errln!("error: {}: {e}", options.dir.display());
            return Exit::Usage;
        }
        let mut written = 0;
        // The frames a few at a time: each one's SVG written, then their
        // PNGs rasterised at once on every core and written in order.
        for chunk in planned_frames.chunks(RASTERISED_AT_ONCE) {
            let mut svgs = Vec::with_capacity(chunk.len());
            for planned in chunk {
                let mut drawn = scene(game, &title, planned);
                drawn.show_overlays(&options.overlays);
                let svg = frame_svg(&drawn, planned, options.crop);
                let Some(target) = inside(options.dir, &planned.name, "svg") else {
                    errln!(
                        "error: `{}` cannot name a file in {}",
                        planned.name,
                        options.dir.display()
                    );
                    return Exit::Failure;
                };
                if let Err(e) = files::write_output(&target, svg.as_bytes()) {
                    errln!("error: {}: {e}", target.display());
                    return Exit::Usage;
                }
                written += 1;
                svgs.push(svg);
            }
            if !options.png {
                continue;
            }
            let pngs: Vec<Result<Vec<u8>, String>> = svgs
                .par_iter()
                .map(|svg| senlac_render::png::frame_png_width(svg, options.width))
                .collect();
            for (planned, png) in chunk.iter().zip(pngs) {
                let png = match png {
                    Ok(png) => png,
                    Err(e) => {
                        errln!(
                            "error: {}: cannot rasterise: {e}\n  help: {PNG_HELP}",
                            planned.name
                        );
                        return Exit::Failure;
                    }
                };
                let Some(target) = inside(options.dir, &planned.name, "png") else {
                    return Exit::Failure;
                };
                if let Err(e) = files::write_output(&target, &png) {
                    errln!("error: {}: {e}", target.display());
                    return Exit::Usage;
                }
                written += 1;
            }
        }
        if options.html {
            // The replay steps through every action, whatever frames were asked for.
            let steps = plan(game, &Selection::actions()).unwrap_or_default();
            let captions: Vec<String> = steps.iter().map(|p| p.caption.clone()).collect();
            // Each variation is a branch of the replay, drawn from the state
            // before the action it replaces; its frames follow the main line's.
            let lines = crate::replay_page::lines(parsed, game, steps.len(), |line, i| {
                step_caption(&line.clock(i))
            });
            let frames = steps.len() + lines.iter().map(|l| l.actions.len()).sum::<usize>();
            let refuse = |bytes: usize, so_far: &str| {
                errln!(
                    "error: {}: the replay page of {frames} steps would pass {} MB ({} MB {so_far}); \
                     senlac writes replays of up to {} MB\n  help: draw frames instead, e.g. `--at turns` or `--at phases`",
                    source.name,
                    REPLAY_LIMIT / 1_000_000,
                    bytes.div_ceil(1_000_000),
                    REPLAY_LIMIT / 1_000_000
                );
                Exit::Failure
            };
            // Every counter on the board writes at least a `<use>` of its
            // piece in every frame (`<use data-href="#piece-N"/>`, 27 bytes
            // or more): a page whose main line alone passes the limit so is
            // refused before a frame is drawn.
            let least: usize = (0..steps.len())
                .map(|i| {
                    game.view(i)
                        .units
                        .iter()
                        .filter(|u| u.place.is_some())
                        .count()
                })
                .sum::<usize>()
                .saturating_mul(27);
            if least > REPLAY_LIMIT {
                return refuse(
                    least,
                    "at least, a reference for each counter in each frame",
                );
            }
            // The limit is held on the bytes written: the film stops as soon
            // as its frames pass it, and the page is measured whole.
            let film = senlac_render::svg::film_within(
                steps
                    .iter()
                    .map(|p| scene(game, &title, p))
                    .chain(lines.iter().flat_map(|line| {
                        (1..=line.actions.len()).map(|i| {
                            let planned = Planned {
                                name: String::new(),
                                caption: line.captions[i - 1].clone(),
                                state: i,
                                since: i,
                                whole_turn: false,
                                figure: None,
                            };
                            scene(line.game.as_ref(), &title, &planned)
                        })
                    })),
                REPLAY_LIMIT,
            );
            let film = match film {
                Ok(film) => film,
                Err(too_large) => {
                    return refuse(
                        too_large.bytes,
                        &format!("in its first {} frames", too_large.frames),
                    );
                }
            };
            // Every overlay the system offers, each a toggle on the page.
            let toggles: Vec<crate::replay_page::Toggle> = offered
                .iter()
                .map(|o| crate::replay_page::Toggle {
                    name: o.name,
                    summary: o.summary,
                    on: options.overlays.iter().any(|n| n == o.name),
                })
                .collect();
            let page =
                crate::replay_page::page(&title, parsed, game, &captions, &lines, &film, &toggles);
            drop(film);
            if page.len() > REPLAY_LIMIT {
                return refuse(page.len(), "in all");
            }
            let Some(target) = inside(options.dir, "replay", "html") else {
                return Exit::Failure;
            };
            if let Err(e) = files::write_output(&target, page.as_bytes()) {
                errln!("error: {}: {e}", target.display());
                return Exit::Usage;
            }
            written += 1;
        }
        if let Some(animated) = &animated {
            for &format in &options.animations {
                let Some(target) = inside(options.dir, ANIMATION_NAME, format.extension()) else {
                    return Exit::Failure;
                };
                if let Err(e) = animated.write(game, &title, format, &target) {
                    errln!("error: {}: {e}", target.display());
                    return Exit::Usage;
                }
                written += 1;
            }
        }
        errln!(
            "wrote {written} file{} to {}",
            if written == 1 { "" } else { "s" },
            options.dir.display()
        );
        Exit::Success
    })
}

/// An animation of every action, planned and checked to be drawable before
/// anything is written.
struct Animated {
    steps: Vec<Planned>,
    /// The main line's action written at each step (empty at setup and the end).
    actions: Vec<String>,
    canvas: Canvas,
    frames: u32,
    delay_ms: u32,
    /// The states the log marks with a figure.
    figures: std::collections::HashSet<usize>,
    /// The overlays drawn.
    overlays: Vec<String>,
}

impl Animated {
    fn plan(
        game: &dyn Game,
        battle: &Battle<'_>,
        options: &Options<'_>,
    ) -> Result<Animated, String> {
        let steps = plan(game, &Selection::actions())?;
        let actions = crate::replay_page::actions_written(battle, game, steps.len());
        let frames = u32::try_from(steps.len())
            .map_err(|_| format!("{} steps are too many to animate", steps.len()))?;
        let title = battle.tag("Battle").unwrap_or_default();
        let width = options.width.unwrap_or(animation::DEFAULT_WIDTH);
        let fit = |steps: &[Planned]| {
            Canvas::fit(
                steps
                    .iter()
                    .map(|p| animation_scene(game, &title, p, &actions, &options.overlays)),
                width,
            )
        };
        // The first frame's size settles most refusals before every step's
        // scene is laid out.
        animation::check(&fit(&steps[..steps.len().min(1)])?, frames)?;
        let canvas = fit(&steps)?;
        animation::check(&canvas, frames)?;
        Ok(Animated {
            steps,
            actions,
            canvas,
            frames,
            delay_ms: options.delay_ms,
            figures: game.figures().iter().map(|f| f.state).collect(),
            overlays: options.overlays.clone(),
        })
    }

    /// Draws and encodes the steps one by one into a temporary file beside
    /// `target`, renamed over it when the last is written.
    fn write(
        &self,
        game: &dyn Game,
        title: &str,
        format: Format,
        target: &Path,
    ) -> Result<(), String> {
        let mut replacement = files::Replacement::output(target).map_err(|e| e.to_string())?;
        let mut out = std::io::BufWriter::new(replacement.file());
        let mut animation = Animation::new(&mut out, format, self.canvas.clone(), self.frames)?;
        for (i, step) in self.steps.iter().enumerate() {
            let hold = if i + 1 == self.steps.len() {
                END_HOLD
            } else if self.figures.contains(&step.state) {
                FIGURE_HOLD
            } else {
                1
            };
            animation.push(
                animation_scene(game, title, step, &self.actions, &self.overlays),
                self.delay_ms.saturating_mul(hold),
            )?;
        }
        animation.finish()?;
        out.into_inner().map_err(|e| e.into_error().to_string())?;
        replacement.commit().map_err(|e| e.to_string())
    }
}

/// A step's scene as the animation draws it: captioned with its action as
/// well, since there is no move list beside it, and the last as the end;
/// with `overlays` shown.
fn animation_scene(
    game: &dyn Game,
    title: &str,
    step: &Planned,
    actions: &[String],
    overlays: &[String],
) -> Scene {
    let mut drawn = scene(game, title, step);
    drawn.show_overlays(overlays);
    if let Some(action) = actions.get(step.state).filter(|a| !a.is_empty()) {
        drawn.caption = format!("{}: {action}", step.caption);
    } else if step.state > 0 && step.state + 1 == game.len() {
        drawn.caption = format!("{} · {}", step.caption, end_caption(game));
    }
    drawn
}

/// The overlays the battle's rule system offers.
fn overlays_of(game: &dyn Game) -> &'static [senlac_engine::OverlayInfo] {
    senlac_engine::system(game.tag()).map_or(&[], |system| system.overlays())
}

/// `None` when the system offers every overlay asked for; else the usage
/// error for the first it does not, printed as clap prints an invalid
/// value: the names it offers, and the one probably meant.
fn check_overlays(
    file: &str,
    tag: &str,
    offered: &[senlac_engine::OverlayInfo],
    asked: &[String],
) -> Option<Exit> {
    let unknown = asked
        .iter()
        .find(|name| !offered.iter().any(|o| o.name == name.as_str()))?;
    let safe = crate::safe_text::terminal;
    let mut message = format!(
        "invalid value '{}' for '--overlay <NAME>': {} is played under {tag}, which offers ",
        safe(unknown),
        safe(file)
    );
    if offered.is_empty() {
        message.push_str("no overlays");
    } else {
        message.push_str("no such overlay\n  [possible values: ");
        let names: Vec<&str> = offered.iter().map(|o| o.name).collect();
        message.push_str(&names.join(", "));
        message.push(']');
        if let Some(meant) = senlac_notation::did_you_mean(unknown, names.iter().copied()) {
            message.push_str(&format!("\n\n  tip: a similar value exists: '{meant}'"));
        }
    }
    Some(crate::usage_error("render", &message))
}

/// `DIR/NAME.EXT`, or `None` if NAME could leave DIR or is not a plain name:
/// letters, digits, `_`, `-` and `.`, not starting with `.` or `-` (an option
/// to whatever reads the directory next), and not a device name on Windows
/// (`CON`, `nul`, `COM1`…), whatever the extension.
pub fn inside(dir: &Path, name: &str, extension: &str) -> Option<PathBuf> {
    let safe = !name.is_empty()
        && name.len() <= 120
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
        && !name.starts_with('.')
        && !name.starts_with('-')
        && !name.contains("..")
        && !senlac_notation::lower::is_device_name(name);
    safe.then(|| dir.join(format!("{name}.{extension}")))
}

/// A file-name piece from log text: letters, digits and `-` only.
fn slug(text: &str) -> String {
    let mut out: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    while out.contains("--") {
        out = out.replace("--", "-");
    }
    out.trim_matches('-').to_string()
}

/// Figure `figure` (an index into `Game::figures`) as a frame named after
/// its mark, as `senlac render` draws it.
pub fn figure_frame(game: &dyn Game, figure: usize) -> Planned {
    let f = &game.figures()[figure];
    // The log's caption, under the turn and side it stands in.
    let at = step_caption(&game.clock(f.state));
    Planned {
        name: f.name.clone(),
        caption: if f.caption.is_empty() {
            at
        } else {
            format!("{at} · {}", f.caption)
        },
        state: f.state,
        since: 0,
        whole_turn: false,
        figure: Some(figure),
    }
}

fn plan(game: &dyn Game, selection: &Selection) -> Result<Vec<Planned>, String> {
    // A line or an action is captioned with the action it shows.
    let point_caption = |point: &Point| {
        let index = game.locate(point).map_or(0, |at| at.index);
        let action = game
            .step_source(index)
            .map(|s| s.line)
            .map_or_else(String::new, |line| format!(" · line {line}"));
        format!("{}{action}", step_caption(&game.clock(index)))
    };
    let label_caption = |point: &Point| match point {
        Point::Setup => "Setup".to_string(),
        Point::Turn(t) => format!("Turn {t}"),
        Point::SideTurn(t, side) => format!("Turn {t} · {side}"),
        Point::Phase(t, side, phase) => format!("Turn {t} · {side} · {}", capitalise(phase)),
        Point::Figure(name) => name.clone(),
        Point::End => end_caption(game),
        Point::Line { .. } | Point::Action(_) => point_caption(point),
    };
    let label_name = |point: &Point| match point {
        Point::Setup => "setup".to_string(),
        Point::Turn(t) => format!("turn-{t:02}"),
        Point::SideTurn(t, side) => format!("turn-{t:02}-{}", slug(side)),
        Point::Phase(t, side, phase) => format!("turn-{t:02}-{}-{}", slug(side), slug(phase)),
        Point::Figure(name) => name.clone(),
        Point::End => "end".to_string(),
        Point::Line { line, before } => {
            format!("line-{line:04}{}", if *before { "-before" } else { "" })
        }
        Point::Action(k) => format!("action-{k:04}"),
    };
    let figure_frame = |figure: usize, name: String| Planned {
        name,
        ..figure_frame(game, figure)
    };
    let label_frame = |point: &Point, state: usize| Planned {
        name: label_name(point),
        caption: label_caption(point),
        state,
        since: 0,
        whole_turn: matches!(point, Point::Turn(_)),
        figure: None,
    };
    let mut planned: Vec<Planned> = Vec::new();
    for kind in &selection.0 {
        match kind {
            Kind::Figures => planned.extend(
                (0..game.figures().len()).map(|i| figure_frame(i, game.figures()[i].name.clone())),
            ),
            Kind::Turns | Kind::Phases => planned.extend(
                game.labels()
                    .iter()
                    .filter(|(point, _)| match kind {
                        Kind::Turns => matches!(point, Point::Setup | Point::Turn(_)),
                        _ => matches!(point, Point::Setup | Point::Phase(..)),
                    })
                    .map(|(point, state)| label_frame(point, *state)),
            ),
            Kind::Actions => planned.extend((0..game.len()).map(|i| Planned {
                name: format!("step-{i:04}"),
                caption: step_caption(&game.clock(i)),
                state: i,
                since: i,
                whole_turn: false,
                figure: None,
            })),
            Kind::Point(point) => {
                let state = match game.locate(point) {
                    Some(at) if at.branch.is_none() => at.index,
                    Some(_) => {
                        return Err(format!(
                            "`{point}` is in a variation: `--html` draws each variation in the replay"
                        ));
                    }
                    None => return Err(crate::point::unreached(game, point)),
                };
                planned.push(match point {
                    Point::Figure(name) => {
                        match game.figures().iter().position(|f| &f.name == name) {
                            Some(i) => figure_frame(i, label_name(point)),
                            None => label_frame(point, state),
                        }
                    }
                    point => label_frame(point, state),
                });
            }
        }
    }
    // One frame per name: `--at figures fig:finalCharge` draws it once. Two
    // different frames of one name would be one file: refused, not one
    // silently left out (a figure named `turn-01` and `--at turns`).
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut kept = Vec::with_capacity(planned.len());
    for p in planned {
        match seen.get(&p.name) {
            None => {
                seen.insert(p.name.clone(), kept.len());
                kept.push(p);
            }
            Some(&first) if same_frame(&kept[first], &p) => {}
            Some(&first) => {
                let describe = |p: &Planned| match p.figure {
                    Some(_) => format!("the figure `{}`", crate::safe_text::terminal(&p.name)),
                    None => format!("the frame of {}", crate::safe_text::terminal(&p.caption)),
                };
                return Err(format!(
                    "{} and {} would both be written as {}.svg\n  help: rename the figure, or leave one of them out of --at",
                    describe(&kept[first]),
                    describe(&p),
                    crate::safe_text::terminal(&p.name)
                ));
            }
        }
    }
    let mut planned = kept;
    // What each frame draws: everything since the previous frame, within the
    // side's turn it shows (senlac_engine::frame_start). A figure's previous
    // frame is the figure marked before it, so the engine draws it alone; any
    // other frame's is the latest other frame drawn before its state,
    // whatever order they were asked for in.
    let mut states: Vec<usize> = planned
        .iter()
        .filter(|p| p.figure.is_none())
        .map(|p| p.state)
        .collect();
    states.sort_unstable();
    states.dedup();
    for p in planned.iter_mut().filter(|p| p.figure.is_none()) {
        let below = states.partition_point(|&s| s < p.state);
        let previous = below.checked_sub(1).map(|k| states[k]);
        p.since = senlac_engine::frame_start(game.labels(), p.state, previous, p.whole_turn);
    }
    Ok(planned)
}

/// Whether two planned frames draw the same thing (one frame asked for
/// twice, by a kind and by its point).
fn same_frame(a: &Planned, b: &Planned) -> bool {
    (a.state, a.figure, a.whole_turn) == (b.state, b.figure, b.whole_turn)
}

fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// "Turn 3 · Normans · Movement", or "Setup" before the first turn.
/// The last frame's caption: the end, and the result when the rules decide
/// one.
fn end_caption(game: &dyn Game) -> String {
    match game.outcome() {
        Some(outcome) => match &outcome.winner {
            Some(side) => format!("The end · {side} win"),
            None => "The end · a draw".to_string(),
        },
        None => "The end".to_string(),
    }
}

fn step_caption(clock: &senlac_engine::view::Clock) -> String {
    if clock.turn == 0 {
        return "Setup".to_string();
    }
    let mut caption = format!("Turn {}", clock.turn);
    if let Some(side) = &clock.side {
        caption.push_str(&format!(" · {side}"));
    }
    if let Some(phase) = clock.phase {
        caption.push_str(&format!(" · {}", capitalise(phase)));
    }
    caption
}

/// The scene for a planned frame, marking the events since `since`.
pub fn scene(game: &dyn Game, title: &str, planned: &Planned) -> Scene {
    let mut scene = planned
        .figure
        .and_then(|figure| game.figure_scene(figure))
        .unwrap_or_else(|| game.scene(planned.state, planned.since.min(planned.state)));
    scene.title = title.to_string();
    scene.caption = planned.caption.clone();
    scene
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_stay_inside_the_directory() {
        let dir = Path::new("out");
        assert_eq!(
            inside(dir, "finalCharge", "svg"),
            Some(dir.join("finalCharge.svg"))
        );
        for bad in [
            "",
            "../x",
            "..",
            "a/b",
            "/etc/passwd",
            ".hidden",
            "a\\b",
            "ok..no",
            "sp ace",
            "caf\u{e9}",
            "CON",
            "nul",
            "Aux.old",
            "com1",
            "LPT9",
            "-rf",
        ] {
            assert_eq!(inside(dir, bad, "svg"), None, "{bad:?}");
        }
        assert_eq!(slug("Saxons' Right!"), "saxons-right");
        // Names that only look like devices are fine.
        for fine in ["console", "COM", "com10", "nulls", "a-rf"] {
            assert!(inside(dir, fine, "svg").is_some(), "{fine:?}");
        }
    }
}
