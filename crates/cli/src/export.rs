//! `senlac export`: header, setup, events and states as JSON or JSON lines.
//!
//! The `json` format is one document, described by docs/export.schema.json. The
//! `jsonl` format carries the same records one per line, each tagged with its
//! `kind` (`header`, `setup`, `step`, `figure`, `violation`), so a huge export
//! can be read as a stream. Steps are built one at a time in both formats.

use std::io::{self, BufWriter, Write};
use std::path::Path;

use serde::{Serialize, Serializer};

use senlac_engine::{Game, Point, Standings};
use senlac_notation::Battle;
use senlac_notation::lower::{Directive, Map, directives};

use crate::diagnostics::{Located, newlines};
use crate::stream::Origin;
use crate::{Exit, load};

/// The version of the export's shape; docs/export.schema.json describes it.
const VERSION: u32 = 4;

/// The largest export written, in bytes: past it an export is refused
/// before a byte is written (a state per step grows as units × actions).
pub const EXPORT_LIMIT: u64 = 256_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFormat {
    Json,
    Jsonl,
}

/// Which steps carry the state after them; every step carries its events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum States {
    /// Every step.
    All,
    /// The last step of each side's turn.
    Turns,
    /// None: the events alone, from which any state follows.
    None,
}

pub fn run(path: &Path, battle: usize, format: ExportFormat, states: States) -> Exit {
    load::with_battle(path, battle, |source, parsed, game| {
        let export = match Export::new(source, parsed, game, states) {
            Ok(export) => export,
            Err(message) => {
                errln!("error: {}: {message}", source.name);
                return Exit::Failure;
            }
        };
        let write = |out: &mut dyn Write| match format {
            ExportFormat::Json => export.write_json(out),
            ExportFormat::Jsonl => export.write_jsonl(out),
        };
        if !within(EXPORT_LIMIT, &write) {
            let instead = match states {
                States::All => {
                    "`--states turns` (the state after each side's turn) or `--states none` (the events alone)"
                }
                States::Turns => "`--states none` (the events alone, from which any state follows)",
                States::None => {
                    "`senlac show FILE --at POINT --format json` for the states you need"
                }
            };
            errln!(
                "error: {}: the export passes {} MB; senlac exports up to {} MB\n  help: ask for {instead}",
                source.name,
                EXPORT_LIMIT / 1_000_000,
                EXPORT_LIMIT / 1_000_000,
            );
            return Exit::Failure;
        }
        let mut out = BufWriter::new(io::stdout().lock());
        let written = write(&mut out).and_then(|()| out.flush());
        match written {
            Ok(()) => Exit::Success,
            // `senlac export … | head`: the reader has what it wanted.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Exit::Success,
            Err(e) => {
                errln!("error: cannot write the export: {e}");
                Exit::Usage
            }
        }
    })
}

/// Whether what `write` writes fits in `limit` bytes: counted as it is
/// made, in a pass that writes nothing and stops once past the limit
/// (standard output cannot be taken back once written). A failure of
/// `write` itself is left to the pass that writes.
pub fn within(limit: u64, write: &dyn Fn(&mut dyn Write) -> io::Result<()>) -> bool {
    let mut counted = Counted { bytes: 0, limit };
    write(&mut counted).is_ok() || counted.bytes <= limit
}

/// A writer that only counts, and fails once past `limit`.
struct Counted {
    bytes: u64,
    limit: u64,
}

impl Write for Counted {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.bytes += buf.len() as u64;
        if self.bytes > self.limit {
            return Err(io::Error::other("past the limit"));
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Everything an export needs, borrowed from the parse and the replay.
struct Export<'a> {
    states: States,
    text: &'a str,
    /// Where the battle's text starts in its file.
    origin: Origin,
    /// Offsets of the text's newlines, for line and column numbers.
    lines: Vec<usize>,
    battle: &'a Battle<'a>,
    game: &'a dyn Game,
    header: Vec<Tag<'a>>,
    setup: Setup<'a>,
    figures: Vec<FigureRecord<'a>>,
    violations: Vec<ViolationRecord<'a>>,
}

/// The `json` document.
#[derive(Serialize)]
struct Document<'e, 'a> {
    version: u32,
    rules: &'static str,
    header: &'e [Tag<'a>],
    setup: &'e Setup<'a>,
    steps: Steps<'e, 'a>,
    figures: &'e [FigureRecord<'a>],
    violations: &'e [ViolationRecord<'a>],
}

/// One line of the `jsonl` format.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Record<'e, 'a> {
    Header {
        version: u32,
        rules: &'static str,
        tags: &'e [Tag<'a>],
    },
    Setup(&'e Setup<'a>),
    Step(StepRecord<'a>),
    Figure(&'e FigureRecord<'a>),
    Violation(&'e ViolationRecord<'a>),
}

#[derive(Serialize)]
struct Tag<'a> {
    name: &'a str,
    value: std::borrow::Cow<'a, str>,
}

#[derive(Serialize)]
struct Setup<'a> {
    sides: Vec<String>,
    map: Option<Map>,
    /// Each unit as the system shows it after setup.
    units: Vec<serde_json::Value>,
    /// Each placement, in the text's order, with the events that deployed
    /// it: folded into the field they give the setup.
    deployments: Vec<DeploymentRecord<'a>>,
}

/// One placement of a `deploy` line (or what the setup settles once every
/// unit stands: an empty text where the last placement ends).
#[derive(Serialize)]
struct DeploymentRecord<'a> {
    text: &'a str,
    span: SpanRecord,
    line: usize,
    column: usize,
    events: Vec<serde_json::Value>,
}

#[derive(Serialize)]
struct SpanRecord {
    start: usize,
    end: usize,
}

impl SpanRecord {
    /// A span of the battle's text, as byte offsets into the file.
    fn in_file(span: senlac_notation::Span, origin: Origin) -> Self {
        SpanRecord {
            start: span.start as usize + origin.offset,
            end: span.end as usize + origin.offset,
        }
    }
}

#[derive(Serialize)]
struct StepRecord<'a> {
    index: usize,
    turn: Option<u32>,
    side: Option<&'a str>,
    phase: Option<&'a str>,
    text: &'a str,
    span: SpanRecord,
    line: usize,
    column: usize,
    /// The system's events, in its own wire format.
    events: Vec<serde_json::Value>,
    /// Every unit after the step, as the system shows it, on the steps
    /// `--states` asks for.
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<Vec<serde_json::Value>>,
}

#[derive(Serialize)]
struct FigureRecord<'a> {
    name: &'a str,
    caption: &'a str,
    /// The index of the step the figure follows; `None` before the first.
    step: Option<usize>,
}

#[derive(Serialize)]
struct ViolationRecord<'a> {
    code: &'static str,
    severity: &'static str,
    message: &'a str,
    label: &'a str,
    rule: &'static str,
    help: Option<&'a str>,
    span: SpanRecord,
    line: usize,
    column: usize,
}

/// The steps, serialised as they are built.
struct Steps<'e, 'a>(&'e Export<'a>);

impl Serialize for Steps<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.steps())
    }
}

impl<'a> Export<'a> {
    fn new(
        source: &'a load::Source,
        battle: &'a Battle<'a>,
        game: &'a dyn Game,
        states: States,
    ) -> Result<Self, String> {
        let setup = game
            .index(&Point::Setup)
            .ok_or("the replay kept no setup state")?;
        let setup_view = game.view(setup);
        let units = units_json(&setup_view);
        // The battle is fought on the first map line (a second one is
        // `setup::second-map`); the export says the same.
        let map = directives(battle).find_map(|(_, directive)| match directive {
            Directive::Map(map) => Some(map),
            _ => None,
        });
        let lines = newlines(&source.text);
        let located = source.located();
        let deployments = game
            .deployments()
            .into_iter()
            .map(|(step, events)| {
                let (line, column) = located.line_col(&lines, step.span.start as usize);
                DeploymentRecord {
                    text: battle.text(step.span),
                    span: SpanRecord::in_file(step.span, source.origin),
                    line,
                    column,
                    events,
                }
            })
            .collect();
        let violations = game
            .violations()
            .iter()
            .map(|v| {
                let (line, column) = located.line_col(&lines, v.span.start as usize);
                ViolationRecord {
                    code: v.code,
                    severity: v.severity.word(),
                    message: &v.message,
                    label: &v.label,
                    rule: v.rule,
                    help: v.help.as_deref(),
                    span: SpanRecord::in_file(v.span, source.origin),
                    line,
                    column,
                }
            })
            .collect();
        // A figure keeps the index of the state it stands at: state 0 is the
        // setup, state k + 1 the one after step k.
        let figures = game
            .figures()
            .iter()
            .map(|f| FigureRecord {
                name: &f.name,
                caption: &f.caption,
                step: f.state.checked_sub(1),
            })
            .collect();
        Ok(Export {
            states,
            text: &source.text,
            origin: source.origin,
            lines,
            battle,
            game,
            header: battle
                .tags()
                .map(|(name, value)| Tag { name, value })
                .collect(),
            setup: Setup {
                sides: setup_view.sides,
                map,
                units,
                deployments,
            },
            figures,
            violations,
        })
    }

    /// The replayed actions of the main line, in order, each with the state
    /// the replay recorded after it and the span of its text, as the
    /// timeline keeps them (state 0 is the setup, state `k` the one after
    /// action `k`, the last the end), under the turn, side and phase it
    /// stands in.
    fn steps(&self) -> impl Iterator<Item = StepRecord<'a>> + '_ {
        let located = Located {
            name: "",
            text: self.text,
            offset: self.origin.offset,
            line: self.origin.line,
        };
        let mut standings = Standings::new(self.game.labels());
        // One state ahead, to tell a side's turn's last action.
        let mut ahead = Standings::new(self.game.labels());
        let last = self.game.len().saturating_sub(1);
        (1..last).filter_map(move |state| {
            let span = self.game.step_source(state)?.span;
            let standing = standings.at(state);
            let with_state = match self.states {
                States::All => true,
                States::None => false,
                States::Turns => {
                    let next = ahead.at(state + 1);
                    state + 1 == last || (next.turn, next.side) != (standing.turn, standing.side)
                }
            };
            let (line, column) = located.line_col(&self.lines, span.start as usize);
            Some(StepRecord {
                index: state - 1,
                turn: standing.turn,
                side: standing.side,
                phase: standing.phase,
                text: self.battle.text(span),
                span: SpanRecord::in_file(span, self.origin),
                line,
                column,
                events: self.game.wire(state),
                state: with_state.then(|| units_json(&self.game.view(state))),
            })
        })
    }

    fn write_json(&self, out: &mut dyn Write) -> io::Result<()> {
        let document = Document {
            version: VERSION,
            rules: self.game.tag(),
            header: &self.header,
            setup: &self.setup,
            steps: Steps(self),
            figures: &self.figures,
            violations: &self.violations,
        };
        serde_json::to_writer_pretty(&mut *out, &document)?;
        out.write_all(b"\n")
    }

    fn write_jsonl(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut line = |record: Record<'_, 'a>| -> io::Result<()> {
            serde_json::to_writer(&mut *out, &record)?;
            out.write_all(b"\n")
        };
        line(Record::Header {
            version: VERSION,
            rules: self.game.tag(),
            tags: &self.header,
        })?;
        line(Record::Setup(&self.setup))?;
        for step in self.steps() {
            line(Record::Step(step))?;
        }
        for figure in &self.figures {
            line(Record::Figure(figure))?;
        }
        for violation in &self.violations {
            line(Record::Violation(violation))?;
        }
        Ok(())
    }
}

/// Every unit of a view as JSON objects.
fn units_json(view: &senlac_engine::view::BattleView) -> Vec<serde_json::Value> {
    view.units
        .iter()
        .filter_map(|u| serde_json::to_value(view.unit_json(u)).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ceiling_counts_what_is_written_and_stops_past_it() {
        let ten = |out: &mut dyn Write| out.write_all(&[b'x'; 10]);
        assert!(within(10, &ten));
        assert!(!within(9, &ten));
        // A writer that would go on for ever is stopped at the limit.
        let endless = |out: &mut dyn Write| loop {
            out.write_all(b"step")?;
        };
        assert!(!within(1_000, &endless));
    }

    #[test]
    fn the_export_of_a_sample_is_refused_one_byte_under_its_size() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../samples/hastings.sbn");
        let source = load::Source {
            name: "hastings.sbn".to_string(),
            text: std::fs::read_to_string(path).expect("the sample"),
            origin: Origin { offset: 0, line: 0 },
        };
        let archive = senlac_notation::parse(&source.text);
        let battle = &archive.battles[0];
        let game = senlac_engine::check(battle, senlac_engine::Config::TIMELINE).expect("replayed");
        for states in [States::All, States::Turns, States::None] {
            let export = Export::new(&source, battle, &*game, states).expect("an export");
            for write in [Export::write_json, Export::write_jsonl] {
                let page = |out: &mut dyn Write| write(&export, out);
                let mut bytes = Vec::new();
                page(&mut bytes).expect("written");
                let size = bytes.len() as u64;
                assert!(size > 1_000, "{size}");
                assert!(within(size, &page), "{states:?}");
                assert!(!within(size - 1, &page), "{states:?}");
            }
        }
    }
}
