//! The system contract: what a rule system implements, and the one registry
//! that maps a Rules tag to a system.
//!
//! A system implements [`Ruleset`], typed over its own state and events, and
//! registers one [`System`] value per Rules tag in [`SYSTEMS`]. Printers see
//! only [`System`] and [`Game`] (object-safe, rule-free), never a system's own
//! types, so a new system is one folder plus one line in [`SYSTEMS`].

use std::fmt;
use std::sync::Mutex;

use senlac_board::scene::Scene;
use senlac_notation::lower::Step;
use senlac_notation::{Battle, Span};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::catalog::Catalog;
use crate::code::CodeInfo;
use crate::doubt::{Doubt, Subject};
use crate::fold::{Deployments, Fold};
use crate::replay::{Config, Replay, replay};
use crate::timeline::{At, BranchInfo, Figure, Point, StepSource, Track};
use crate::view::{BattleView, Clock, Column};
use crate::violation::Violation;

/// A rule system, typed: its state, its events, and how a printer sees them.
///
/// Play is event-sourced: [`Ruleset::play`] checks a step and turns it into
/// events through a [`Fold`], which applies each with [`Ruleset::apply`]; the
/// state changes in no other way, so the timeline is the fold of the events.
///
/// In layers, as shakmaty's `Position` has its optional parts: the core a
/// system must write (`setup`, `play`, `apply`, `finish`, and the view a
/// printer needs: `view`, `clock`, `scene`, and `wire`/`unwire` for export),
/// and optional layers whose defaults say "nothing here": `end_variation`,
/// `outcome` (the Result tag is then not checked), `doubted_at_setup`,
/// `columns` (no columns beyond a unit's id, name, place and status),
/// `moments` (no key moments in the report) and `candidates` (the system does
/// not list its legal actions).
pub trait Ruleset: Clone + Send + Sync + Sized + 'static {
    /// The position at one moment; cheap to clone (share what never changes).
    type State: Clone + Send + Sync + 'static;
    /// One change to the state.
    type Event: Clone + fmt::Debug + Send + Sync + 'static;
    /// An event as exported: versioned, stable, separate from [`Self::Event`].
    type Wire: Serialize + DeserializeOwned;

    /// The checked starting position, from the battle's tags and setup: the
    /// field, and each unit's deployment as an event that [`Ruleset::apply`]
    /// folds into it, so setup figures and the export see the setup as it
    /// was written, placement by placement.
    fn setup(
        &self,
        battle: &Battle<'_>,
        out: &mut Vec<Violation>,
    ) -> Deployments<Self::State, Self::Event>;

    /// Checks a turn, phase or action step and emits what it does.
    fn play(&self, fold: &mut Fold<'_, Self>, step: &Step<'_, '_>, out: &mut Vec<Violation>);

    /// The one way a state changes.
    fn apply(state: &mut Self::State, event: &Self::Event);

    /// Checks what a variation leaves unfinished, before the outer line
    /// resumes; `close` is the bracket that ends it, where such a finding
    /// points.
    fn end_variation(
        &self,
        _fold: &mut Fold<'_, Self>,
        _close: senlac_notation::Span,
        _out: &mut Vec<Violation>,
    ) {
    }

    /// Checks what must hold when the movetext ends.
    fn finish(&self, fold: &mut Fold<'_, Self>, battle: &Battle<'_>, out: &mut Vec<Violation>);

    /// How the battle stands decided at `state` (the end), when the rules
    /// decide it: the Result tag is checked against it. `None` (the default)
    /// when the system cannot tell or the battle is not over.
    fn outcome(&self, _state: &Self::State) -> Option<Outcome> {
        None
    }

    /// The columns [`Ruleset::view`] fills for each unit; none by default.
    fn columns(&self) -> &'static [Column] {
        &[]
    }

    /// Every unit as a printer shows it.
    fn view(&self, state: &Self::State) -> BattleView;

    /// Turn, acting side and phase.
    fn clock(&self, state: &Self::State) -> Clock;

    /// What the report's timeline tells of these events (routs, charges…), in
    /// the order they happened; `state` is the state after them.
    /// None by default.
    fn moments(&self, _state: &Self::State, _events: &[Self::Event]) -> Vec<String> {
        Vec::new()
    }

    /// The picture of `state`, marking `events` (what happened since the
    /// previous frame). Title and caption are left for the caller.
    fn scene(&self, state: &Self::State, events: &[Self::Event]) -> Scene;

    /// An event as exported; `state` is the one the event led to.
    fn wire(&self, state: &Self::State, event: &Self::Event) -> Self::Wire;

    /// Whether a setup finding of `code` leaves nothing to check play
    /// against (no map, an army missing): play is still replayed, but its
    /// findings would all echo that one, so they are counted on it instead
    /// of reported. By default, a battle with no map.
    fn blocks_play(&self, code: &str) -> bool {
        code == crate::setup::codes::MISSING_MAP.code
    }

    /// What setup's findings leave in doubt, each subject with the index of
    /// the finding that doubts it: play starts with them doubted, so one
    /// mistake in a unit's line is one error (crate::doubt). None by default.
    fn doubted_at_setup(&self, _state: &Self::State) -> Vec<(Subject, usize)> {
        Vec::new()
    }

    /// An exported event read back, against the state it applies to.
    fn unwire(&self, state: &Self::State, wire: &Self::Wire) -> Option<Self::Event>;

    /// The action lines that could be legal next at `state`, owed answers
    /// first: proposals, each kept only if [`Ruleset::play`] accepts it
    /// ([`crate::trial::legal`]), so the listing rests on the engine's own
    /// checks. `None` (the default): this system does not list its actions.
    fn candidates(&self, _state: &Self::State) -> Option<Vec<Candidate>> {
        None
    }
}

/// A step a listed line needs written before it: a side's turn, a phase.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Opening {
    /// `N. SIDE`.
    Turn { number: u32, side: String },
    /// `NAME:`.
    Phase(String),
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Opening::Turn { number, side } => write!(f, "{number}. {side}"),
            Opening::Phase(name) => write!(f, "{name}:"),
        }
    }
}

/// An action line a system proposes ([`Ruleset::candidates`]); the harness
/// plays it before it is listed as a [`LegalAction`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Candidate {
    /// What must be written before it, in order (none: it follows at once).
    pub opens: Vec<Opening>,
    /// The line as the notation writes it.
    pub line: String,
    /// The side of the units that take it.
    pub side: String,
    /// The units that take it, by id.
    pub units: Vec<String>,
    /// It answers something owed.
    pub owed: bool,
    /// Its price in the system's words (`1c`), where actions have one.
    pub cost: Option<String>,
    /// For one kind of action over a continuous space (an open table), its
    /// limits in words, the line then being its shape.
    pub limits: Option<String>,
    /// The roll the line writes (`d6:3`), where it needs one: the system
    /// proposes the line once per roll, each with the claim that roll
    /// brings, and the listing merges the rolls that claim the same.
    pub roll: Option<String>,
}

/// An action the engine accepts next at a state, as a printer lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LegalAction {
    /// The turn line and phase label to write first, as written.
    pub opens: Vec<String>,
    /// The line, complete (arguments, and any roll and claim).
    pub line: String,
    pub side: String,
    pub units: Vec<String>,
    pub owed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limits: Option<String>,
    /// Every roll that leads to this line's outcome (the line writes the
    /// first); empty for a line without a roll.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<String>,
}

/// A battle decided by the rules, as the Result tag would say it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The side that won, by the name its `army` line and the Sides tag use;
    /// `None` for a draw.
    pub winner: Option<String>,
    /// Why the rules call it decided, for the diagnostic: "Saxons have no
    /// unit left on the field".
    pub why: String,
}

impl Outcome {
    /// As the Result tag writes it: the side, or `draw`.
    pub fn word(&self) -> &str {
        self.winner.as_deref().unwrap_or("draw")
    }
}

/// A registry entry: one Rules tag and everything that needs no battle.
pub trait System: Sync {
    /// The Rules tag, e.g. `mass-combat/a`.
    fn tag(&self) -> &'static str;
    /// One line on what it is.
    fn summary(&self) -> &'static str;
    /// Whether `senlac rules` lists it (an example system is not listed).
    fn listed(&self) -> bool {
        true
    }
    /// Replays a battle under this system.
    fn replay(&self, battle: &Battle<'_>, config: Config) -> Box<dyn Game>;
    /// Its actions and reactions, from the data its checks use.
    fn catalog(&self) -> Catalog;
    /// Its diagnostic codes.
    fn codes(&self) -> &'static [CodeInfo];
    /// Hands `battles` random legal battles to `each`, one at a time, the
    /// same for the same seed.
    fn generate(&self, battles: u32, seed: u64, each: &mut dyn FnMut(&str));
    /// The overlays its scenes carry ([`senlac_board::scene::Overlay`]),
    /// each drawn only when asked for: a printer checks a request against
    /// them without a battle. None by default.
    fn overlays(&self) -> &'static [OverlayInfo] {
        &[]
    }
    /// The terrain kinds a `terrain` or `hexside` line may name, as its
    /// setup reads them (for an editor's completion). None by default.
    fn terrain_kinds(&self) -> Vec<&'static str> {
        Vec::new()
    }
}

/// An overlay a system offers: the name it is asked for by (lowercase
/// ASCII letters, digits and `-`, as a CSS class or a command-line word
/// takes it) and one line on what it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverlayInfo {
    pub name: &'static str,
    pub summary: &'static str,
}

/// A replayed battle as a printer sees it, whatever its rules.
pub trait Game: Send + Sync {
    fn tag(&self) -> &'static str;
    fn violations(&self) -> &[Violation];
    /// How many states the timeline holds: setup, one per action, the end.
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Labelled points and the state each names.
    fn labels(&self) -> &[(Point, usize)];
    fn figures(&self) -> &[Figure];
    /// The state a point names.
    fn index(&self, point: &Point) -> Option<usize>;
    fn columns(&self) -> &'static [Column];
    fn view(&self, index: usize) -> BattleView;
    /// The view at a point; at a figure marked among the setup lines, the
    /// units deployed after the mark are "not deployed", with no place, as
    /// the figure draws them.
    fn view_at(&self, point: &Point) -> Option<BattleView>;
    /// The view at the battle's end. A replay without a timeline
    /// ([`crate::Config::timeline`] off) keeps this state alone, so `show` of the
    /// end holds one state, not every event.
    fn end_view(&self) -> BattleView {
        self.view(self.len().saturating_sub(1))
    }
    fn clock(&self, index: usize) -> Clock;
    /// The key moments of the events that led to state `index`.
    fn moments(&self, index: usize) -> Vec<String>;
    /// Every state's key moments in order, with its clock asked only when
    /// wanted: `visit(index, moments, clock)`. One fold of the events from
    /// the setup, where asking [`Game::moments`] of each state would
    /// rebuild every state, copying all its units.
    fn chronicle(&self, visit: &mut Chronicler<'_>) {
        for index in 0..self.len() {
            visit(index, self.moments(index), &|| self.clock(index));
        }
    }
    /// The picture of state `index`, marking the events of states `since..=index`.
    fn scene(&self, index: usize, since: usize) -> Scene;
    /// The picture of figure `figure` (an index into [`Game::figures`]): its
    /// state, marking what happened since the figure marked before it,
    /// within the side's turn ([`crate::timeline::frame_start`]), so a figure
    /// looks the same whatever else is drawn; a mark among the setup lines
    /// shows the setup as deployed there ([`crate::Timeline::setup`]).
    /// `None` past the last figure.
    fn figure_scene(&self, figure: usize) -> Option<Scene>;
    /// The events that led to state `index`, as exported.
    fn wire(&self, index: usize) -> Vec<serde_json::Value>;
    /// The setup's placements in the text's order, each with its step of
    /// the text and the events it deployed, as exported: folded into the
    /// field they give the setup, state 0.
    fn deployments(&self) -> Vec<(StepSource, Vec<serde_json::Value>)> {
        Vec::new()
    }
    /// The step of the text that made state `index`: its span and line
    /// (the setup's and the end's are empty, at the battle's start and
    /// end). `None` past the last state.
    fn step_source(&self, index: usize) -> Option<StepSource>;
    /// Where a point stands: on the main line, or in a variation.
    fn locate(&self, point: &Point) -> Option<At>;
    /// The state in force at byte `offset` of the battle's text: after the
    /// last action that starts at or before it, in the innermost variation
    /// that holds it; the setup before the first action.
    fn index_at(&self, offset: u32) -> At;
    /// The variations kept as branches, in the order they open (a nested
    /// one after the one it stands in).
    fn branches(&self) -> Vec<BranchInfo>;
    /// Variation `branch` as a game of its own: its state 0 is the state it
    /// starts from, state `i` the one after its `i`th action. It has no
    /// labels, figures or findings of its own.
    fn branch(&self, branch: usize) -> Option<Box<dyn Game + '_>>;
    /// `battle`, an edit of this battle whose text before byte `edit` is
    /// unchanged, replayed from the last point this replay can resume from
    /// ([`Replay::resume`]); the same as replaying it whole.
    fn resume(self: Box<Self>, battle: &Battle<'_>, edit: u32) -> Box<dyn Game>;
    /// The actions the rules accept next at state `index`, owed answers
    /// first ([`Ruleset::candidates`]); `None` when the system does not
    /// list its actions, or past the last state.
    fn legal(&self, _index: usize) -> Option<Vec<LegalAction>> {
        None
    }
    /// How the rules decide the battle at its end ([`Ruleset::outcome`]):
    /// `None` when they cannot tell or it is not over.
    fn outcome(&self) -> Option<Outcome> {
        None
    }
}

/// What [`Game::chronicle`] calls for each state: its index, its key
/// moments, and its clock, worked out only when asked.
pub type Chronicler<'a> = dyn FnMut(usize, Vec<String>, &dyn Fn() -> Clock) + 'a;

/// A system's replay, as a [`Game`].
pub struct Played<R: Ruleset> {
    pub rules: R,
    pub tag: &'static str,
    pub replay: Replay<R>,
    /// The last state rebuilt and where: printers walk the timeline in
    /// order, so the next state is usually a few events away.
    last: Mutex<Option<(At, R::State)>>,
    /// Where each label and figure stands, built on the first `locate`.
    points: std::sync::OnceLock<Points>,
}

/// The states the timeline's named points stand at, so a point is found
/// by one lookup, not a scan of every label (a diff of every turn asked
/// one scan a turn): each label's last state, as [`Timeline::locate`]
/// finds it, and each figure name's first.
struct Points {
    labels: std::collections::HashMap<Point, usize>,
    figures: std::collections::HashMap<String, usize>,
}

impl Points {
    fn of<S, E>(timeline: &crate::timeline::Timeline<S, E>) -> Points {
        let mut figures = std::collections::HashMap::new();
        for figure in &timeline.figures {
            figures.entry(figure.name.clone()).or_insert(figure.state);
        }
        Points {
            labels: timeline.labels.iter().cloned().collect(),
            figures,
        }
    }
}

impl<R: Ruleset> Played<R> {
    /// The setup as it stood at figure `figure`'s mark, when the mark
    /// stands among the setup lines: the field with the placements written
    /// before it. `None` for a mark after the setup.
    fn setup_at_figure(&self, figure: usize) -> Option<R::State> {
        let timeline = &self.replay.timeline;
        let mark = timeline.figures.get(figure)?;
        if mark.state != 0 || timeline.setup.is_empty() {
            return None;
        }
        let index = timeline.setup_index_at(mark.offset);
        timeline.setup.state(index, R::apply)
    }

    pub fn new(rules: R, tag: &'static str, battle: &Battle<'_>, config: Config) -> Self {
        let replay = replay(&rules, battle, config);
        Played {
            rules,
            tag,
            replay,
            last: Mutex::new(None),
            points: std::sync::OnceLock::new(),
        }
    }

    /// Main-line state `index`, rebuilt from the nearest state at hand; the
    /// end state when the timeline kept none (a replay without one).
    fn state(&self, index: usize) -> R::State {
        self.state_at(At::main(index))
    }

    /// The state at `at`, on the main line or a branch.
    fn state_at(&self, at: At) -> R::State {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        let near = last
            .as_ref()
            .filter(|(near, _)| near.branch == at.branch)
            .map(|(near, state)| (near.index, state));
        let rebuilt = self
            .replay
            .timeline
            .track(at.branch)
            .and_then(|track| track.state_from(at.index, near, R::apply));
        match rebuilt {
            Some(state) => {
                *last = Some((at, state.clone()));
                state
            }
            None => self.replay.state.clone(),
        }
    }

    fn track(&self, branch: Option<usize>) -> Option<&Track<R::State, R::Event>> {
        self.replay.timeline.track(branch)
    }

    /// The events of `branch`'s states `since..=index`.
    fn events_in(&self, branch: Option<usize>, since: usize, index: usize) -> &[R::Event] {
        self.track(branch)
            .map_or(&[], |track| track.events_between(since, index))
    }

    fn wire_at(&self, at: At) -> Vec<serde_json::Value> {
        let state = &self.state_at(at);
        self.events_in(at.branch, at.index, at.index)
            .iter()
            .filter_map(|e| serde_json::to_value(self.rules.wire(state, e)).ok())
            .collect()
    }
}

/// A variation of a [`Played`] battle, as a [`Game`] of its own.
struct BranchGame<'g, R: Ruleset> {
    played: &'g Played<R>,
    branch: usize,
}

impl<R: Ruleset> BranchGame<'_, R> {
    fn at(&self, index: usize) -> At {
        At {
            branch: Some(self.branch),
            index,
        }
    }
}

impl<R: Ruleset> Game for BranchGame<'_, R> {
    fn tag(&self) -> &'static str {
        self.played.tag
    }

    fn violations(&self) -> &[Violation] {
        &[]
    }

    fn len(&self) -> usize {
        self.played.track(Some(self.branch)).map_or(0, Track::len)
    }

    fn labels(&self) -> &[(Point, usize)] {
        &[]
    }

    fn figures(&self) -> &[Figure] {
        &[]
    }

    fn index(&self, _point: &Point) -> Option<usize> {
        None
    }

    fn columns(&self) -> &'static [Column] {
        self.played.rules.columns()
    }

    fn view(&self, index: usize) -> BattleView {
        self.played
            .rules
            .view(&self.played.state_at(self.at(index)))
    }

    fn view_at(&self, _point: &Point) -> Option<BattleView> {
        None
    }

    fn clock(&self, index: usize) -> Clock {
        self.played
            .rules
            .clock(&self.played.state_at(self.at(index)))
    }

    fn moments(&self, index: usize) -> Vec<String> {
        let events = self.played.events_in(Some(self.branch), index, index);
        self.played
            .rules
            .moments(&self.played.state_at(self.at(index)), events)
    }

    fn scene(&self, index: usize, since: usize) -> Scene {
        let events = self.played.events_in(Some(self.branch), since, index);
        self.played
            .rules
            .scene(&self.played.state_at(self.at(index)), events)
    }

    fn figure_scene(&self, _figure: usize) -> Option<Scene> {
        None
    }

    fn wire(&self, index: usize) -> Vec<serde_json::Value> {
        self.played.wire_at(self.at(index))
    }

    fn step_source(&self, index: usize) -> Option<StepSource> {
        self.played.track(Some(self.branch))?.source(index)
    }

    fn locate(&self, _point: &Point) -> Option<At> {
        None
    }

    fn index_at(&self, offset: u32) -> At {
        self.played.index_at(offset)
    }

    fn branches(&self) -> Vec<BranchInfo> {
        Vec::new()
    }

    fn branch(&self, _branch: usize) -> Option<Box<dyn Game + '_>> {
        None
    }

    fn legal(&self, index: usize) -> Option<Vec<LegalAction>> {
        if index >= self.len() {
            return None;
        }
        let state = self.played.state_at(self.at(index));
        crate::trial::legal(&self.played.rules, &state, &Doubt::default())
    }

    /// A variation resumes as the whole battle, replayed afresh.
    fn resume(self: Box<Self>, battle: &Battle<'_>, _edit: u32) -> Box<dyn Game> {
        let played = self.played;
        Box::new(Played::new(
            played.rules.clone(),
            played.tag,
            battle,
            played.replay.config(),
        ))
    }
}

impl<R: Ruleset> Game for Played<R> {
    fn tag(&self) -> &'static str {
        self.tag
    }

    fn violations(&self) -> &[Violation] {
        &self.replay.violations
    }

    fn len(&self) -> usize {
        self.replay.timeline.len()
    }

    fn labels(&self) -> &[(Point, usize)] {
        &self.replay.timeline.labels
    }

    fn figures(&self) -> &[Figure] {
        &self.replay.timeline.figures
    }

    fn index(&self, point: &Point) -> Option<usize> {
        self.replay.timeline.index(point)
    }

    fn columns(&self) -> &'static [Column] {
        self.rules.columns()
    }

    fn view(&self, index: usize) -> BattleView {
        self.rules.view(&self.state(index))
    }

    fn view_at(&self, point: &Point) -> Option<BattleView> {
        let at = self.locate(point)?;
        let figure = match point {
            Point::Figure(name) => self.figures().iter().position(|f| &f.name == name),
            _ => None,
        };
        let Some(setup) = figure.and_then(|f| self.setup_at_figure(f)) else {
            return Some(self.rules.view(&self.state_at(at)));
        };
        // A unit the setup places later is not deployed yet, whatever the
        // system calls a unit off the map.
        let mut view = self.rules.view(&setup);
        let deployed = self.view(0);
        for (unit, whole) in view.units.iter_mut().zip(&deployed.units) {
            if unit.place.is_none() && whole.place.is_some() {
                unit.status = "not deployed";
            }
        }
        Some(view)
    }

    fn clock(&self, index: usize) -> Clock {
        self.rules.clock(&self.state(index))
    }

    fn moments(&self, index: usize) -> Vec<String> {
        self.rules
            .moments(&self.state(index), self.replay.timeline.events(index))
    }

    fn chronicle(&self, visit: &mut Chronicler<'_>) {
        let track = &self.replay.timeline.main;
        let Some(mut state) = track.state(0, R::apply) else {
            return;
        };
        for index in 0..track.len() {
            let events = track.events(index);
            // State 0 is the setup: its events are already in it.
            if index > 0 {
                for event in events {
                    R::apply(&mut state, event);
                }
            }
            visit(index, self.rules.moments(&state, events), &|| {
                self.rules.clock(&state)
            });
        }
    }

    fn scene(&self, index: usize, since: usize) -> Scene {
        let events = self.replay.timeline.events_between(since, index);
        self.rules.scene(&self.state(index), events)
    }

    fn figure_scene(&self, figure: usize) -> Option<Scene> {
        let timeline = &self.replay.timeline;
        let mark = timeline.figures.get(figure)?;
        let previous = figure
            .checked_sub(1)
            .and_then(|p| timeline.figures.get(p))
            .map(|f| f.state);
        let since = crate::timeline::frame_start(&timeline.labels, mark.state, previous, false);
        Some(match self.setup_at_figure(figure) {
            Some(setup) => self.rules.scene(&setup, &[]),
            None => self.scene(mark.state, since),
        })
    }

    fn wire(&self, index: usize) -> Vec<serde_json::Value> {
        self.wire_at(At::main(index))
    }

    fn deployments(&self) -> Vec<(StepSource, Vec<serde_json::Value>)> {
        let setup = &self.replay.timeline.setup;
        let mut state = None;
        (1..setup.len())
            .filter_map(|index| {
                let at =
                    setup.state_from(index, state.as_ref().map(|s| (index - 1, s)), R::apply)?;
                let wired = setup
                    .events(index)
                    .iter()
                    .filter_map(|e| serde_json::to_value(self.rules.wire(&at, e)).ok())
                    .collect();
                let source = setup.source(index)?;
                state = Some(at);
                Some((source, wired))
            })
            .collect()
    }

    fn step_source(&self, index: usize) -> Option<StepSource> {
        self.replay.timeline.main.source(index)
    }

    fn locate(&self, point: &Point) -> Option<At> {
        let timeline = &self.replay.timeline;
        let points = self.points.get_or_init(|| Points::of(timeline));
        match point {
            Point::Figure(name) => points.figures.get(name).map(|&i| At::main(i)),
            Point::Action(_) | Point::Line { .. } => timeline.locate(point),
            point => points.labels.get(point).map(|&i| At::main(i)),
        }
    }

    fn index_at(&self, offset: u32) -> At {
        self.replay.timeline.index_at(offset)
    }

    fn branches(&self) -> Vec<BranchInfo> {
        self.replay
            .timeline
            .branches
            .iter()
            .map(|b| b.info())
            .collect()
    }

    fn branch(&self, branch: usize) -> Option<Box<dyn Game + '_>> {
        self.replay.timeline.branches.get(branch)?;
        Some(Box::new(BranchGame {
            played: self,
            branch,
        }))
    }

    fn resume(self: Box<Self>, battle: &Battle<'_>, edit: u32) -> Box<dyn Game> {
        let Played {
            rules, tag, replay, ..
        } = *self;
        let replay = replay.resume(&rules, battle, edit);
        Box::new(Played {
            rules,
            tag,
            replay,
            last: Mutex::new(None),
            points: std::sync::OnceLock::new(),
        })
    }

    fn legal(&self, index: usize) -> Option<Vec<LegalAction>> {
        if index >= self.len() {
            return None;
        }
        // Nothing is taken on trust: an earlier error's doubt would hide
        // findings about a line, and a listed line must be sound.
        crate::trial::legal(&self.rules, &self.state(index), &Doubt::default())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.rules.outcome(&self.replay.state)
    }
}

/// Every system senlac checks, by Rules tag. Nothing else maps tags.
pub static SYSTEMS: &[&dyn System] = &[
    &crate::mass_combat::EDITION_A,
    &crate::mass_combat::EDITION_B,
    &crate::tdgs::TDGS,
    &crate::hastings_1066::HASTINGS_1066,
    &crate::feudal_ohw::FEUDAL_OHW,
    &crate::example::DUEL,
];

/// The system a Rules tag names.
pub fn system(tag: &str) -> Option<&'static dyn System> {
    SYSTEMS.iter().copied().find(|s| s.tag() == tag)
}

/// The tags of the listed systems, for messages.
pub fn listed_tags() -> Vec<&'static str> {
    SYSTEMS
        .iter()
        .filter(|s| s.listed())
        .map(|s| s.tag())
        .collect()
}

/// Where a battle gives a tag, for diagnostics: the tag pair, or the
/// battle's start when it has none.
pub fn tag_span(battle: &Battle<'_>, name: &str) -> Span {
    battle.tag_pair(name).map_or(
        Span {
            start: battle.span.start,
            end: battle.span.start,
        },
        |(item, _)| item.span,
    )
}
