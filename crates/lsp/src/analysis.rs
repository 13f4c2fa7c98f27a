//! One battle's check: its syntax and lowering errors, then, on sound
//! syntax, its replay under the rules (kept resumable, so the next edit
//! re-checks from the last point it leaves standing).

use std::borrow::Cow;

use std::collections::HashMap;
use std::sync::Mutex;

use senlac_engine::timeline::At;
use senlac_engine::{Config, Game, LegalAction, Severity};
use senlac_notation::{Fix, Span, SyntaxError};

/// A finding, with spans counted from the battle's start.
#[derive(Clone, Debug)]
pub struct Problem {
    pub code: Cow<'static, str>,
    pub severity: Severity,
    pub span: Span,
    pub message: String,
    pub label: String,
    pub help: Option<String>,
    /// The rule or ruling broken, for a rules finding.
    pub rule: Option<&'static str>,
    pub fix: Option<Fix>,
    pub related: Option<(Span, String)>,
}

impl From<&SyntaxError> for Problem {
    fn from(error: &SyntaxError) -> Problem {
        Problem {
            code: Cow::Borrowed(error.code.as_str()),
            severity: Severity::Error,
            span: error.span,
            message: error.message.to_string(),
            label: error.label.to_string(),
            help: error.help.as_ref().map(|h| h.to_string()),
            rule: None,
            fix: error.fix.as_deref().cloned(),
            related: None,
        }
    }
}

impl From<&senlac_engine::Violation> for Problem {
    fn from(v: &senlac_engine::Violation) -> Problem {
        Problem {
            code: Cow::Borrowed(v.code),
            severity: v.severity,
            span: v.span,
            message: v.message.clone(),
            label: v.label.to_string(),
            help: v.help.as_deref().map(str::to_string),
            rule: Some(v.rule),
            fix: v.fix.as_deref().cloned(),
            related: v.related.as_deref().map(|r| (r.span, r.label.clone())),
        }
    }
}

/// What a battle's replay keeps: the less, the less memory a large archive
/// holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Keep {
    /// Its findings and end state alone, as lint keeps: a battle nobody
    /// has asked about.
    Findings,
    /// Its timeline: a battle a request asked about (hover, completion).
    Timeline,
    /// Its timeline and what a resume needs (states at up to 256 points):
    /// a battle being edited.
    Resumable,
}

/// The lines the rules accept at a state, and the side to act there.
pub type Legal = Option<(Vec<LegalAction>, String)>;

/// What a battle's check found and kept.
pub struct Analysis {
    pub problems: Vec<Problem>,
    /// The replay, when the syntax is sound and the rules are known.
    pub game: Option<Box<dyn Game>>,
    /// What its replay keeps.
    pub keep: Keep,
    /// The legal lines asked for so far, by state (branch, index): trying
    /// every candidate line costs tens of milliseconds, asked once.
    legal: Mutex<HashMap<At, Legal>>,
}

impl Analysis {
    /// Checks a battle's own text; `previous` is the replay of its text
    /// before an edit (a resumable one) and the offset before which nothing
    /// changed; a battle being edited is replayed `resumable`, for the
    /// next edit.
    pub fn of(text: &str, previous: Option<(Box<dyn Game>, u32)>, keep: Keep) -> Analysis {
        let config = match keep {
            Keep::Findings => Config::default(),
            Keep::Timeline => Config::TIMELINE,
            Keep::Resumable => Config::RESUMABLE,
        };
        let archive = senlac_notation::parse(text);
        let mut problems: Vec<Problem> = archive.errors.iter().map(Problem::from).collect();
        let mut game = None;
        if let Some(battle) = archive.battles.first() {
            problems.extend(battle.errors.iter().map(Problem::from));
            problems.extend(
                senlac_notation::lower::check(battle)
                    .iter()
                    .map(Problem::from),
            );
            // The rules read only a battle whose syntax is sound, as lint does.
            if problems.is_empty() {
                let rules = battle.tag("Rules");
                let resumed = previous
                    .filter(|(g, _)| rules.as_deref() == Some(g.tag()))
                    .map(|(g, edit)| g.resume(battle, edit));
                match resumed.map_or_else(|| senlac_engine::check(battle, config), Ok) {
                    Ok(replayed) => {
                        problems.extend(replayed.violations().iter().map(Problem::from));
                        game = Some(replayed);
                    }
                    Err(violation) => problems.push(Problem::from(&violation)),
                }
            }
        }
        problems.sort_by_key(|p| p.span.start);
        Analysis {
            problems,
            game,
            keep,
            legal: Mutex::new(HashMap::new()),
        }
    }

    /// The lines the rules accept in force at byte `offset` (on the line of
    /// play that holds it), owed answers first, and the side to act there.
    pub fn legal_at(&self, offset: u32) -> Legal {
        let game = self.game.as_deref()?;
        let at = game.index_at(offset);
        let mut known = self.legal.lock().unwrap_or_else(|e| e.into_inner());
        known
            .entry(at)
            .or_insert_with(|| {
                let branch = at.branch.and_then(|b| game.branch(b));
                let play: &dyn Game = branch.as_deref().unwrap_or(game);
                let side = play.clock(at.index).side.unwrap_or_default();
                Some((play.legal(at.index)?, side))
            })
            .clone()
    }
}
