//! `senlac`: the command line for battle logs. Only this crate prints, reads
//! files or writes them.

/// `eprintln!`, but a closed pipe ends the run quietly: see [`fn@eprint`].
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::eprint(&format!("{}\n", format_args!($($arg)*)))
    };
}

mod diagnostics;
mod diff;
mod export;
mod files;
mod fmt;
mod lint;
mod load;
mod moves;
mod point;
mod problem;
mod render;
mod replay_page;
mod report;
mod rules;
mod safe_text;
mod show;
mod stream;
mod text_table;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Exit codes scripts can rely on. Ordered: the worst outcome wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Exit {
    /// 0: clean.
    Success = 0,
    /// 1: the logs have errors, or would be reformatted.
    Failure = 1,
    /// 2: bad usage, or a file could not be read or written.
    Usage = 2,
}

/// Writes `text` to standard output. A reader that closed the pipe
/// (`senlac diff … | head`) has what it wanted: the run ends quietly
/// ([`closed`]), never with a panic, as `print!` would make it.
pub fn print(text: &str) {
    use std::io::Write;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => closed(),
        Err(e) => errln!("error: standard output: {e}"),
    }
}

/// Writes `text` to standard error; a closed pipe (`senlac lint … 2>&1 |
/// head`) ends the run quietly, as on standard output. Any other failure
/// is ignored: there is nowhere left to report it.
pub fn eprint(text: &str) {
    use std::io::Write;
    if let Err(e) = std::io::stderr().lock().write_all(text.as_bytes())
        && e.kind() == std::io::ErrorKind::BrokenPipe
    {
        closed();
    }
}

/// Ends the run because the reader of its output has gone: exit 0 at once,
/// as ripgrep does, so `senlac … | head` neither panics nor works on for
/// no one. No output is half-made then: every file is written to a
/// temporary name and renamed, and a temporary file not yet renamed is
/// removed.
pub fn closed() -> ! {
    files::remove_temporaries();
    std::process::exit(Exit::Success as i32)
}

/// Whether to colour diagnostics: only on a terminal, and never with NO_COLOR.
pub fn color_wanted() -> bool {
    std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()) && std::io::stderr().is_terminal()
}

/// Text for people, JSON for programs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    Text,
    Json,
}

#[derive(Parser)]
#[command(
    name = "senlac",
    version,
    about = "Record, check and illustrate tabletop battles",
    after_help = "Examples:\n  senlac lint samples/\n  senlac fmt --check samples/hastings.sbn"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check battle logs and report every error.
    #[command(
        after_help = "Examples:\n  senlac lint samples/\n  senlac lint --format short battles.sbn\n  senlac lint --format json . > diagnostics.jsonl\n  senlac lint --fix battles.sbn\n  cat battle.sbn | senlac lint -\n\nExit status: 0 clean, 1 errors found (or warnings, with --deny-warnings), 2 usage or I/O error."
    )]
    Lint {
        /// Files, or directories searched for *.sbn; `-` reads standard input.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: diagnostics::Format,
        /// Check the notation only, not the rules.
        #[arg(long)]
        syntax_only: bool,
        /// Fail (exit 1) on warnings too, not only on errors.
        #[arg(long)]
        deny_warnings: bool,
        /// Apply every machine-applicable fix (each file replaced atomically), then report what is left.
        #[arg(long)]
        fix: bool,
    },
    /// Show the state at a point of a battle.
    #[command(
        after_help = "Points: setup, T (end of turn T), T.SIDE, T.SIDE.PHASE, fig:NAME, line:N (after the action on line N of the file; in a variation, the variation's), line:N- (before it), action:N (after the main line's Nth action), end.\n\nExamples:\n  senlac show samples/hastings.sbn --at 1\n  senlac show samples/hastings.sbn --at fig:bretonsRoute --format json\n  senlac show samples/hastings.sbn --at line:64"
    )]
    Show {
        file: PathBuf,
        /// Which battle of the file, from 1.
        #[arg(long, default_value_t = 1)]
        battle: usize,
        /// The point to show.
        #[arg(long, default_value = "end")]
        at: String,
        #[arg(long, value_enum, default_value = "text")]
        format: OutputFormat,
    },
    /// List the actions the rules accept next at a point, owed answers first.
    #[command(
        after_help = "Points: setup, T (end of turn T), T.SIDE, T.SIDE.PHASE, fig:NAME, line:N (after the action on line N of the file; in a variation, the variation's), line:N- (before it), action:N (after the main line's Nth action), end.\n\nEach line is written as a log writes it, with its cost where the rules price actions; a line that must follow a phase label or a turn line is listed under it. Exit status: 0 listed, 2 usage or I/O error, or a rule system that does not list its actions.\n\nExamples:\n  senlac moves samples/hastings.sbn --at 3.Normans.volley\n  senlac moves samples/hastings.sbn --at fig:finalCharge --format json"
    )]
    Moves {
        file: PathBuf,
        /// Which battle of the file, from 1.
        #[arg(long, default_value_t = 1)]
        battle: usize,
        /// The point to list the actions at.
        #[arg(long)]
        at: String,
        #[arg(long, value_enum, default_value = "text")]
        format: OutputFormat,
    },
    /// Serve the language server protocol on standard input and output, for editors.
    #[command(
        after_help = "Live checking, hover, completion of the legal actions, fixes, formatting, symbols, go-to-definition, semantic tokens and inlay hints; docs/editors.md sets editors up.\n\nExample (an editor starts it):\n  senlac lsp"
    )]
    Lsp,
    /// Show what changed: command points, damage, moves, routs; every turn, or between two points.
    #[command(
        after_help = "Examples:\n  senlac diff samples/hastings.sbn\n  senlac diff samples/hastings.sbn --turn 3\n  senlac diff samples/hastings.sbn --from setup --to fig:bretonsRoute --format json\n  senlac diff samples/hastings.sbn --from line:64- --to line:64"
    )]
    Diff {
        file: PathBuf,
        #[arg(long, default_value_t = 1)]
        battle: usize,
        /// One turn: from the end of the turn before to the end of this one.
        #[arg(long, conflicts_with_all = ["from", "to"])]
        turn: Option<u32>,
        /// From this point (default: setup).
        #[arg(long)]
        from: Option<String>,
        /// To this point (default: end).
        #[arg(long)]
        to: Option<String>,
        #[arg(long, value_enum, default_value = "text")]
        format: OutputFormat,
    },
    /// Write the after-action report: armies and leaders, key moments and figures, fates and casualties.
    #[command(
        after_help = "Formats: md (Markdown), json, html (one self-contained page: the figures drawn inline, no scripts, styles for print).\n\nThe Markdown shows each [%fig NAME \"caption\"] figure in its place as a link to DIR/NAME.svg, the file `senlac render FILE -o DIR` writes; DIR is `figures` unless --figures names it, and --figures also writes the files there. Links are relative to the current directory, so write the report where you run it:\n  senlac report battle.sbn --figures figures > report.md\n\nExamples:\n  senlac report samples/hastings.sbn\n  senlac report samples/hastings.sbn --figures figures > hastings.md\n  senlac report samples/hastings.sbn --format html > hastings.html\n  senlac report samples/hastings.sbn --format json"
    )]
    Report {
        file: PathBuf,
        #[arg(long, default_value_t = 1)]
        battle: usize,
        #[arg(long, value_enum, default_value = "md")]
        format: report::ReportFormat,
        /// Also write each figure as DIR/NAME.svg (created if missing; each file replaced atomically), where the Markdown links them.
        #[arg(long, value_name = "DIR")]
        figures: Option<PathBuf>,
    },
    /// Export the header, setup, events (with spans) and states.
    #[command(
        after_help = "Examples:\n  senlac export samples/hastings.sbn --format json > hastings.json\n  senlac export samples/hastings.sbn --format jsonl | head\n  senlac export samples/hastings.sbn --states turns\n\nAn export is at most 256 MB, counted before anything is written; a larger one is refused with what to ask for instead."
    )]
    Export {
        file: PathBuf,
        #[arg(long, default_value_t = 1)]
        battle: usize,
        #[arg(long, value_enum, default_value = "json")]
        format: export::ExportFormat,
        /// Which steps carry the state after them (every step carries its events): all, the last of each side's turn, or none.
        #[arg(long, value_enum, default_value = "all")]
        states: export::States,
    },
    /// List the rule systems, or one system's actions and reactions.
    #[command(after_help = "Examples:\n  senlac rules\n  senlac rules mass-combat/a")]
    Rules {
        /// A Rules tag, e.g. mass-combat/a.
        ruleset: Option<String>,
    },
    /// Print shell completions.
    #[command(after_help = "Example:\n  senlac completions bash > /etc/bash_completion.d/senlac")]
    Completions { shell: clap_complete::Shell },
    /// Print the man page (roff), or write every page into a directory.
    #[command(
        after_help = "senlac(1) refers to a page per command, senlac-lint(1) and the others: `--dir` writes them all.\n\nExamples:\n  senlac man > senlac.1 && man ./senlac.1\n  senlac man --dir /usr/local/share/man/man1"
    )]
    Man {
        /// Write senlac.1 and senlac-COMMAND.1 for every command into this directory (created if missing).
        #[arg(long)]
        dir: Option<PathBuf>,
    },
    /// Draw the battle: SVG frames (and PNG), a self-contained HTML replay, and an animated GIF or APNG.
    #[command(
        after_help = render_help(),
        // What --width sizes, and what --delay-ms times: any of them, several at once.
        group(clap::ArgGroup::new("raster").multiple(true)),
        group(clap::ArgGroup::new("animation").multiple(true))
    )]
    Render {
        file: PathBuf,
        #[arg(long, default_value_t = 1)]
        battle: usize,
        /// The directory to write into (created if missing).
        #[arg(short, long)]
        output: PathBuf,
        /// Which frames: figures, turns, phases, actions, or points, several at
        /// once. Without it: the figures if the log marks any, else one per turn.
        #[arg(long, num_args = 1..)]
        at: Vec<String>,
        /// Also write each frame as PNG.
        #[arg(long, group = "raster")]
        png: bool,
        /// The PNGs' and the animation's width in pixels (their height in proportion); without it, PNGs are their own size and the animation 640.
        #[arg(long, value_name = "PIXELS", requires = "raster", value_parser = clap::value_parser!(u32).range(16..=16384))]
        width: Option<u32>,
        /// Also write replay.html, stepping through every action.
        #[arg(long)]
        html: bool,
        /// Also write replay.gif: every action, one frame each, looping.
        #[arg(long, groups = ["raster", "animation"])]
        gif: bool,
        /// Also write replay.png, an animated PNG (full colour) of every action.
        #[arg(long, groups = ["raster", "animation"])]
        apng: bool,
        /// How long the animation shows each step, in milliseconds.
        #[arg(long, value_name = "MS", default_value_t = 1200, requires = "animation", value_parser = clap::value_parser!(u32).range(20..=60000))]
        delay_ms: u32,
        /// Also draw this overlay of the battle's rule system (e.g. zoc, zones of control) in the frames and animations, and show it at first in the replay page; repeat it or give a comma list.
        #[arg(long, value_name = "NAME", value_delimiter = ',')]
        overlay: Vec<String>,
        /// How a figure is framed: `auto` shows the part of the map around its action, enlarged, with a locator of the whole field; `none` the whole map. Other frames always show the whole map.
        #[arg(long, value_enum, default_value_t = render::Crop::Auto)]
        crop: render::Crop,
    },
    /// Write random legal battles: a benchmark corpus, a fuzzing seed, a demo.
    #[command(
        after_help = "Examples:\n  senlac gen --rules mass-combat/a --battles 3 --seed 7\n  senlac gen --battles 10000 --seed 1 -o corpus.sbn"
    )]
    Gen {
        /// The rule system (its Rules tag).
        #[arg(long, default_value = "mass-combat/a")]
        rules: String,
        /// How many battles.
        #[arg(long, default_value_t = 1)]
        battles: u32,
        /// The same seed gives the same battles.
        #[arg(long, default_value_t = 1066)]
        seed: u64,
        /// Write to this file (atomically) instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Rewrite battle logs in the canonical layout, keeping every comment.
    #[command(
        after_help = "Examples:\n  senlac fmt samples/\n  senlac fmt --check samples/hastings.sbn\n  senlac fmt - < battle.sbn > canonical.sbn\n\nA byte order mark and the file's line endings (LF or CRLF) are kept. A FIFO or a device is read once and formatted to standard output, as `-` is.\n\nExit status: 0 formatted (or already canonical), 1 would change or has errors, 2 usage or I/O error."
    )]
    Fmt {
        /// Show the diff of each file that would change, and change nothing.
        #[arg(long)]
        check: bool,
        /// Files, or directories searched for *.sbn; `-` formats standard input to standard output.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() {
                Exit::Usage
            } else {
                Exit::Success
            };
            let _ = e.print();
            return ExitCode::from(code as u8);
        }
    };
    let exit = match cli.command {
        Command::Lint {
            paths,
            format,
            syntax_only,
            deny_warnings,
            fix,
        } => lint::run(
            &paths,
            lint::Options {
                format,
                rules: !syntax_only,
                deny_warnings,
                fix,
            },
        ),
        Command::Fmt { check, paths } => fmt::run(&paths, check),
        Command::Diff {
            file,
            battle,
            turn,
            from,
            to,
            format,
        } => diff::run(&file, battle, turn, from.as_deref(), to.as_deref(), format),
        Command::Report {
            file,
            battle,
            format,
            figures,
        } => report::run(&file, battle, format, figures.as_deref()),
        Command::Export {
            file,
            battle,
            format,
            states,
        } => export::run(&file, battle, format, states),
        Command::Rules { ruleset } => rules::run(ruleset.as_deref()),
        Command::Render {
            file,
            battle,
            output,
            at,
            png,
            width,
            html,
            gif,
            apng,
            delay_ms,
            overlay,
            crop,
        } => match render::Selection::parse(&at) {
            Ok(selection) => render::run(
                &file,
                battle,
                &selection,
                &render::Options {
                    dir: &output,
                    png,
                    width,
                    html,
                    animations: [
                        (gif, senlac_render::animation::Format::Gif),
                        (apng, senlac_render::animation::Format::Apng),
                    ]
                    .into_iter()
                    .filter_map(|(wanted, format)| wanted.then_some(format))
                    .collect(),
                    delay_ms,
                    overlays: overlay,
                    crop,
                },
            ),
            Err(message) => {
                errln!("error: {message}");
                Exit::Usage
            }
        },
        Command::Completions { shell } => {
            let mut command = <Cli as clap::CommandFactory>::command();
            // Into memory first: clap_complete panics when a write fails.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut command, "senlac", &mut script);
            print(&String::from_utf8_lossy(&script));
            Exit::Success
        }
        Command::Man { dir } => man(dir.as_deref()),
        Command::Show {
            file,
            battle,
            at,
            format,
        } => show::run(&file, battle, &at, format),
        Command::Moves {
            file,
            battle,
            at,
            format,
        } => moves::run(&file, battle, &at, format),
        Command::Lsp => match senlac_lsp::run_stdio() {
            Ok(()) => Exit::Success,
            Err(message) => {
                errln!("error: senlac lsp: {message}");
                Exit::Usage
            }
        },
        Command::Gen {
            rules,
            battles,
            seed,
            output,
        } => gen_command(&rules, battles, seed, output.as_deref()),
    };
    ExitCode::from(exit as u8)
}

/// `senlac render --help`'s closing text. The overlays come from the
/// registry (printers name no system), so a system that offers one is
/// listed without a change here.
fn render_help() -> String {
    let offered: Vec<String> = senlac_engine::SYSTEMS
        .iter()
        .flat_map(|system| {
            system
                .overlays()
                .iter()
                .map(move |o| format!("{}: {}, {}", system.tag(), o.name, o.summary))
        })
        .collect();
    let offered = if offered.is_empty() {
        "none yet".to_string()
    } else {
        offered.join("; ")
    };
    format!(
        "Frames: figures (one per [%fig] mark, named after it), turns, phases, actions, or points (setup, T, T.SIDE, T.SIDE.PHASE, fig:NAME, line:N, line:N-, action:N, end), several at once, each frame drawn once. Without --at: the figures if the log marks any, else one frame per turn.\n\nEach frame draws what happened since the previous frame, within the side's turn it shows; a figure's previous frame is the figure marked before it.\n\nAnimation: --gif writes replay.gif and --apng replay.png (an animated PNG), the whole battle in one image for a forum post, whatever --at says: a frame per action, as the replay steps, each captioned with its turn, phase and action. Each shows for --delay-ms, a step the log marks with a figure twice as long, the last four times as long; it loops forever. 640 pixels wide unless --width says otherwise; steps x width x height is limited to 1000 megapixels, and a frame to 16, a PNG frame's as an animation's (a larger one is refused before anything is written, with the --width that fits).\n\nOverlays: layers a rule system offers over its pictures ({offered}; `senlac rules SYSTEM` lists them), drawn under the counters only when --overlay asks for them. A name the battle's system does not offer is refused with the names it does. The replay page has a toggle for each overlay the system offers, on at first for those asked for.\n\nExamples:\n  senlac render samples/hastings.sbn -o out --png --html\n  senlac render samples/hastings.sbn -o out --at turns fig:finalCharge --png --width 400\n  senlac render samples/hastings.sbn -o out --gif --delay-ms 1500\n  senlac render FILE -o out --png --overlay NAME"
    )
}

/// A usage error found after parsing (a value that needs the battle to
/// judge), printed as clap prints its own, with the command's usage; exit
/// code 2, as clap's.
pub fn usage_error(subcommand: &str, message: &str) -> Exit {
    let mut command = <Cli as clap::CommandFactory>::command();
    command.build();
    let error = match command.find_subcommand_mut(subcommand) {
        Some(sub) => sub.error(clap::error::ErrorKind::InvalidValue, message),
        None => command.error(clap::error::ErrorKind::InvalidValue, message),
    };
    let _ = error.print();
    Exit::Usage
}

/// `senlac man`: the main page on standard output, or every page
/// (senlac.1 and senlac-COMMAND.1, the pages senlac.1 refers to) in `dir`,
/// each written atomically.
fn man(dir: Option<&std::path::Path>) -> Exit {
    let command = <Cli as clap::CommandFactory>::command();
    let Some(dir) = dir else {
        let mut roff = Vec::new();
        return match clap_mangen::Man::new(command).render(&mut roff) {
            Ok(()) => {
                print(&String::from_utf8_lossy(&roff));
                Exit::Success
            }
            Err(_) => Exit::Usage,
        };
    };
    if let Err(e) = std::fs::create_dir_all(dir) {
        errln!("error: {}: {e}", dir.display());
        return Exit::Usage;
    }
    let mut command = command;
    command.build();
    let mut pages = vec![(String::from("senlac"), command.clone())];
    pages.extend(
        command
            .get_subcommands()
            .map(|sub| (format!("senlac-{}", sub.get_name()), sub.clone())),
    );
    for (name, page) in pages {
        let mut roff = Vec::new();
        let rendered = clap_mangen::Man::new(page).title(&name).render(&mut roff);
        let path = dir.join(format!("{name}.1"));
        if let Err(e) = rendered.and_then(|()| files::write_output(&path, &roff)) {
            errln!("error: {}: {e}", path.display());
            return Exit::Usage;
        }
        print(&format!("wrote {}\n", path.display()));
    }
    Exit::Success
}

fn gen_command(rules: &str, battles: u32, seed: u64, output: Option<&std::path::Path>) -> Exit {
    let Some(system) = senlac_engine::system(rules) else {
        errln!(
            "error: senlac cannot generate `{rules}` battles; it knows {}",
            senlac_engine::system::listed_tags().join(", ")
        );
        return Exit::Usage;
    };
    use std::io::Write;
    // Battle by battle into the replacement file or standard output, so a
    // corpus of any size takes the memory of one battle.
    let mut written: std::io::Result<()> = Ok(());
    match output {
        Some(path) => {
            let mut replacement = match files::Replacement::new(path) {
                Ok(replacement) => replacement,
                Err(e) => {
                    errln!("error: {}: {e}", path.display());
                    return Exit::Usage;
                }
            };
            let mut file = std::io::BufWriter::new(replacement.file());
            system.generate(battles, seed, &mut |text| {
                if written.is_ok() {
                    written = file.write_all(text.as_bytes());
                }
            });
            let flushed = written.and_then(|()| file.flush());
            drop(file);
            match flushed.and_then(|()| replacement.commit()) {
                Ok(()) => Exit::Success,
                Err(e) => {
                    errln!("error: {}: {e}", path.display());
                    Exit::Usage
                }
            }
        }
        None => {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            system.generate(battles, seed, &mut |text| {
                if written.is_ok() {
                    written = out.write_all(text.as_bytes());
                }
            });
            match written.and_then(|()| out.flush()) {
                Ok(()) => Exit::Success,
                // `senlac gen … | head`: the reader has what it wanted.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Exit::Success,
                Err(_) => Exit::Usage,
            }
        }
    }
}
