//! One battle's check: its syntax and lowering errors, then, on sound
//! syntax, its replay under the rules (kept resumable, so the next edit
//! re-checks from the last point it leaves standing).

use std::collections::HashMap;
use std::sync::Mutex;

use senlac_engine::finding;
use senlac_engine::timeline::At;
use senlac_engine::{Config, Finding, Game, LegalAction};

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
    pub problems: Vec<Finding>,
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
        let (problems, game) = match archive.battles.first() {
            Some(battle) => {
                let syntax = (archive.errors.iter().chain(&battle.errors)).map(Finding::from);
                // The rules read only a battle whose syntax is sound, as lint does.
                let replay = || {
                    let rules = battle.tag("Rules");
                    let resumed = previous
                        .filter(|(g, _)| rules.as_deref() == Some(g.tag()))
                        .map(|(g, edit)| g.resume(battle, edit));
                    resumed.map_or_else(|| senlac_engine::check(battle, config), Ok)
                };
                finding::of_battle(battle, syntax, Some(replay))
            }
            None => (archive.errors.iter().map(Finding::from).collect(), None),
        };
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
