//! Legal actions (`Ruleset::candidates`, listed through `trial::legal`):
//! every action a sound log writes was listed at the state before it, every
//! listed action appended to the log cut there replays with no new error,
//! and well-formed lines the listing leaves out are ones play refuses; for
//! Mass Combat, TDGS and Hastings: 1066, by the same helpers.

use senlac_engine::doubt::Doubt;
use senlac_engine::hastings_1066::{self, Hastings1066};
use senlac_engine::mass_combat::{self, MassCombat};
use senlac_engine::tdgs::{self, Tdgs};
use senlac_engine::{Config, LegalAction, Replay, Ruleset, System, trial};
use senlac_notation::lower::{Step, steps};
use senlac_notation::{AtomKind, parse};

/// What the shared checks need to know of a system that lists its actions.
trait Lists: Ruleset + Sized {
    /// What a cut log still owes at its end, with or without a line
    /// appended: the lines after it would meet it.
    const DUTIES: &'static [&'static str];
    /// Whether a reaction written after `>` is listed as an owed line of
    /// its own (Mass Combat's and Hastings's answers), or left to the writer
    /// (TDGS's opportunity attacks).
    const REACTIONS_LISTED: bool;
    /// Whether a line's claims are played with its head: some rules require
    /// them (Hastings's melee results), and where reactions are the
    /// writer's the whole line is played as written.
    const HEAD_CLAIMED: bool;

    /// The rules a log's Rules tag names.
    fn of(text: &str) -> Self;

    /// Whether an answer is owed at `state`.
    fn owes(state: &Self::State) -> bool;
}

/// What a side's turn must still do when the log ends: every unit moves,
/// each attack is resolved, each charge followed by its attack.
impl Lists for MassCombat {
    const DUTIES: &'static [&'static str] = &[
        "mass-combat::missing-action",
        "mass-combat::unresolved-attack",
        "mass-combat::charge-not-followed",
    ];
    const REACTIONS_LISTED: bool = true;
    const HEAD_CLAIMED: bool = false;

    fn of(text: &str) -> Self {
        if text.contains("[Rules \"mass-combat/b\"]") {
            mass_combat::EDITION_B
        } else {
            mass_combat::EDITION_A
        }
    }

    fn owes(state: &Self::State) -> bool {
        !state.owed.is_empty()
    }
}

/// What an open activation owes when the log ends: a routed unit's flight,
/// what its order obliges.
impl Lists for Tdgs {
    const DUTIES: &'static [&'static str] = &["tdgs::routed-must-flee", "tdgs::order-not-followed"];
    const REACTIONS_LISTED: bool = false;
    const HEAD_CLAIMED: bool = true;

    fn of(_text: &str) -> Self {
        Tdgs
    }

    fn owes(state: &Self::State) -> bool {
        !state.owed.is_empty()
    }
}

/// Units in Attack & Pursue or Charge close, reinforcements enter, bound
/// attacks are made, routed units withdraw, every wing and nationality
/// writes its strategy, bowmen leave a zone of control.
impl Lists for Hastings1066 {
    const DUTIES: &'static [&'static str] = &[
        "hastings-1066::must-close-with-enemy",
        "hastings-1066::reinforcement-missing",
        "hastings-1066::mandatory-attack-missing",
        "hastings-1066::withdraw-missing",
        "hastings-1066::missing-strategy",
        "hastings-1066::bowmen-stayed-in-zoc",
    ];
    const REACTIONS_LISTED: bool = true;
    const HEAD_CLAIMED: bool = true;

    fn of(_text: &str) -> Self {
        Hastings1066
    }

    fn owes(state: &Self::State) -> bool {
        !state.owed.is_empty()
    }
}

/// A log replayed by `R`, with every state kept; the log must be sound.
fn replayed<R: Lists>(log: &Log) -> Replay<R> {
    let archive = parse(&log.text);
    let replay = senlac_engine::replay(
        &R::of(&log.text),
        &archive.battles[0],
        Config {
            timeline: true,
            every_state: true,
            ..Default::default()
        },
    );
    assert!(
        replay.violations.is_empty(),
        "{}: {:?}",
        log.name,
        replay.violations
    );
    replay
}

/// A battle's text and name, for messages.
struct Log {
    name: String,
    text: String,
}

/// A sample by its file name.
fn sample(name: &str) -> Log {
    Log {
        name: name.to_string(),
        text: std::fs::read_to_string(format!(
            "{}/../../samples/{name}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap(),
    }
}

/// The Mass Combat samples.
fn samples() -> Vec<Log> {
    vec![sample("hastings.sbn"), sample("fulford.sbn")]
}

fn harrow_ford() -> Log {
    sample("harrow-ford.sbn")
}

/// Generated battles of both editions.
fn generated(count: u32) -> Vec<Log> {
    generated_by(&[&mass_combat::EDITION_A, &mass_combat::EDITION_B], count)
}

fn generated_by(systems: &[&dyn System], count: u32) -> Vec<Log> {
    let mut logs = Vec::new();
    for system in systems {
        system.generate(count, 7, &mut |text| {
            logs.push(Log {
                name: format!("{} generated {}", system.tag(), logs.len() + 1),
                text: text.to_string(),
            });
        });
    }
    logs
}

/// A line compared as the listing and the log may differ without meaning
/// anything different: `Side.` qualifiers dropped, a path by its last hex
/// (a move is listed once per hex it ends on), claims left out, and the
/// roll and what the rules leave to content (a critical's d4, a reroll,
/// the damage stated, TDGS's COMBAT-5) left out: whether the line states
/// damage stays, and the roll is compared with the listed line's rolls.
/// Hastings's d6 rolls and a move's facing are left out too (a move is
/// listed once per hex it ends on, facing as it would).
fn normal(words: &[&str]) -> Vec<String> {
    words
        .iter()
        .take_while(|w| **w != "=>")
        .filter(|w| {
            !w.starts_with("d20:")
                && !w.starts_with("crit=")
                && !w.starts_with("reroll=")
                && !w.starts_with("facing=")
                && !w.contains("d6:")
        })
        .map(|word| {
            if word.starts_with("damage=") {
                return "damage".to_string();
            }
            let word = word.rsplit('.').next().unwrap_or(word);
            match word.rsplit('-').next() {
                Some(last) if word.contains('-') && last.bytes().all(|b| b.is_ascii_digit()) => {
                    last.to_string()
                }
                _ => word.to_string(),
            }
        })
        .collect()
}

/// One action of a log: the turn and phase lines before it, and its parts
/// as lines of their own: one per actor of its head, then each reaction.
struct Written {
    opens: Vec<String>,
    heads: Vec<Vec<String>>,
    /// The head's d20 roll, if it rolls one.
    roll: Option<String>,
    head_line: String,
    /// The head with its claims.
    claimed: String,
    /// The whole line: head, reactions and claims.
    whole: String,
    reactions: Vec<String>,
    /// Where the log is cut to append a listed line in its place.
    cut: usize,
}

fn written(text: &str) -> Vec<Written> {
    let archive = parse(text);
    let battle = &archive.battles[0];
    let mut out = Vec::new();
    let mut opens = Vec::new();
    let mut cut = None;
    for step in steps(battle) {
        match step {
            Step::Turn { number, side, span } => {
                cut.get_or_insert(span.start as usize);
                if opens.last().is_some_and(|o: &String| o.ends_with(':')) {
                    opens.pop();
                }
                opens.push(format!("{number}. {side}"));
            }
            Step::Phase { name, span } => {
                cut.get_or_insert(span.start as usize);
                // A label with nothing under it does nothing, and the
                // listing writes none: the next label stands for both.
                if opens.last().is_some_and(|o: &String| o.ends_with(':')) {
                    opens.pop();
                }
                opens.push(format!("{name}:"));
            }
            Step::Action(action) => {
                let at = *cut.get_or_insert(action.span.start as usize);
                let head: Vec<&str> = action
                    .atoms
                    .iter()
                    .take_while(|a| {
                        !matches!(
                            a.kind,
                            AtomKind::Reaction | AtomKind::Outcome | AtomKind::Glyph
                        )
                    })
                    .map(|a| a.text)
                    .collect();
                let heads = head[0]
                    .split('+')
                    .map(|actor| {
                        let mut words = vec![actor];
                        words.extend(&head[1..]);
                        normal(&words)
                    })
                    .collect();
                let reactions = action
                    .reactions()
                    .map(|r| {
                        let mut words = vec![r.reactor.text, r.verb.text];
                        words.extend(r.args.iter().map(|a| a.text));
                        words.join(" ")
                    })
                    .collect();
                let roll = head
                    .iter()
                    .find(|w| w.starts_with("d20:"))
                    .map(|w| w.to_string());
                out.push(Written {
                    opens: std::mem::take(&mut opens),
                    heads,
                    roll,
                    head_line: head.join(" "),
                    claimed: action
                        .atoms
                        .iter()
                        .take_while(|a| a.kind != AtomKind::Reaction)
                        .filter(|a| a.kind != AtomKind::Glyph)
                        .map(|a| a.text)
                        .collect::<Vec<_>>()
                        .join(" "),
                    whole: action
                        .atoms
                        .iter()
                        .filter(|a| a.kind != AtomKind::Glyph)
                        .map(|a| a.text)
                        .collect::<Vec<_>>()
                        .join(" "),
                    reactions,
                    cut: at,
                });
                cut = Some(action.span.end as usize);
            }
            _ => {}
        }
    }
    out
}

/// Whether `line` (normal) is listed after `opens`, with `roll` among the
/// rolls of the listed line when it rolls: the same outcome.
fn listed(legal: &[LegalAction], opens: &[String], line: &[String], roll: Option<&str>) -> bool {
    legal.iter().any(|l| {
        l.opens == opens
            && normal(&l.line.split_whitespace().collect::<Vec<_>>()) == line
            && roll.is_none_or(|roll| l.rolls.iter().any(|r| r == roll))
    })
}

/// Plays turn and phase lines as written (`4. Saxons`, `combat:`) on
/// `state`: what the engine found.
fn play_opens<R: Ruleset>(
    rules: &R,
    state: &mut R::State,
    doubt: &mut Doubt,
    opens: &[String],
) -> usize {
    let mut found = 0;
    for opening in opens {
        let turn = opening
            .split_once(". ")
            .and_then(|(number, side)| Some((number.parse().ok()?, side)));
        let step = match turn {
            Some((number, side)) => Step::Turn {
                number,
                side,
                span: Default::default(),
            },
            None => Step::Phase {
                name: opening.trim_end_matches(':'),
                span: Default::default(),
            },
        };
        found += trial::play(rules, state, doubt, &step).len();
    }
    found
}

/// Every part of every action the log writes was listed at the state
/// before it, after the same turn and phase lines: each actor of a combined
/// line on its own, each reaction at the state its action left. How many
/// actions were checked.
fn each_action_was_listed<R: Lists>(log: &Log) -> usize {
    let replay = replayed::<R>(log);
    let rules = R::of(&log.text);
    let fresh = Doubt::default();
    let actions = written(&log.text);
    for (index, action) in actions.iter().enumerate() {
        let before = replay.state(index).unwrap();
        let legal = trial::legal(&rules, &before, &fresh).unwrap();
        for head in &action.heads {
            assert!(
                listed(&legal, &action.opens, head, action.roll.as_deref()),
                "{}: `{}` (after {:?}) is not listed:\n{:#?}",
                log.name,
                head.join(" "),
                action.opens,
                legal
                    .iter()
                    .map(|l| (&l.opens, &l.line))
                    .collect::<Vec<_>>()
            );
        }
        // The reactions, one at a time, from the state the head left.
        let mut state = before;
        let mut doubt = Doubt::default();
        assert_eq!(play_opens(&rules, &mut state, &mut doubt, &action.opens), 0);
        // Where reactions are the writer's, the head is played with them
        // and its claims, as written (a cornered failure states its fate).
        let first = match (R::REACTIONS_LISTED, R::HEAD_CLAIMED) {
            (false, _) => &action.whole,
            (true, true) => &action.claimed,
            (true, false) => &action.head_line,
        };
        let head = trial::line(&rules, &state, &doubt, first).unwrap();
        assert!(head.accepted(), "{}: {:?}", log.name, head.violations);
        state = head.state;
        // A reaction the listing leaves to the writer is no line of its
        // own: the head was listed without it.
        if !R::REACTIONS_LISTED {
            continue;
        }
        for reaction in &action.reactions {
            let legal = trial::legal(&rules, &state, &fresh).unwrap();
            let words: Vec<&str> = reaction.split_whitespace().collect();
            assert!(
                legal
                    .iter()
                    .any(|l| l.owed && listed(std::slice::from_ref(l), &[], &normal(&words), None)),
                "{}: the reaction `{reaction}` after `{}` is not listed as owed: {:?}",
                log.name,
                action.head_line,
                legal.iter().map(|l| &l.line).collect::<Vec<_>>()
            );
            let played = trial::line(&rules, &state, &doubt, reaction).unwrap();
            assert!(played.accepted(), "{}: {:?}", log.name, played.violations);
            state = played.state;
        }
    }
    actions.len()
}

#[test]
fn every_action_of_the_samples_is_listed_before_it() {
    for log in samples() {
        each_action_was_listed::<MassCombat>(&log);
    }
}

#[test]
fn every_action_of_generated_battles_is_listed_before_it() {
    for log in generated(3) {
        each_action_was_listed::<MassCombat>(&log);
    }
}

#[test]
fn every_action_of_harrow_ford_is_listed_before_it() {
    let checked = each_action_was_listed::<Tdgs>(&harrow_ford());
    assert_eq!(checked, 63);
}

#[test]
fn every_action_of_generated_tdgs_battles_is_listed_before_it() {
    let logs = generated_by(&[&tdgs::TDGS], 2);
    let checked: usize = logs.iter().map(each_action_was_listed::<Tdgs>).sum();
    assert!(checked > 60, "{checked} actions checked");
}

/// The findings of a log's text, but for the duties `R` says a cut log
/// still owes ([`Lists::DUTIES`]).
fn findings<R: Lists>(text: &str) -> Vec<(String, String, u32)> {
    let archive = parse(text);
    assert!(!archive.has_errors(), "{text}");
    let battle = &archive.battles[0];
    let game = senlac_engine::check(battle, Config::default()).unwrap();
    game.violations()
        .iter()
        .filter(|v| !R::DUTIES.contains(&v.code))
        .map(|v| (v.code.to_string(), v.message.clone(), v.span.start))
        .collect()
}

/// Each listed action, with its turn and phase lines and then the owed
/// answers it forces (the first one listed each time), appended where the
/// log is cut, replays with no finding the cut log has not: at every
/// `every`th action of the log, every `spread`th line listed there.
fn listed_actions_replay_clean<R: Lists>(log: &Log, every: usize, spread: usize) -> usize {
    let replay = replayed::<R>(log);
    let rules = R::of(&log.text);
    let fresh = Doubt::default();
    let mut checked = 0;
    for (index, action) in written(&log.text).iter().enumerate().step_by(every) {
        let cut = &log.text[..action.cut];
        let known = findings::<R>(cut);
        let state = replay.state(index).unwrap();
        let listing = trial::legal(&rules, &state, &fresh).unwrap();
        for legal in listing.into_iter().step_by(spread) {
            let mut lines = legal.opens.clone();
            lines.push(legal.line.clone());
            let mut after = state.clone();
            let mut doubt = Doubt::default();
            assert_eq!(play_opens(&rules, &mut after, &mut doubt, &legal.opens), 0);
            after = trial::line(&rules, &after, &doubt, &legal.line)
                .unwrap()
                .state;
            // The answers the line leaves owed, as the listing gives them.
            for _ in 0..16 {
                if !R::owes(&after) {
                    break;
                }
                let listed = trial::legal(&rules, &after, &fresh).unwrap();
                let Some(answer) = listed.into_iter().find(|l| l.owed) else {
                    break;
                };
                after = trial::line(&rules, &after, &doubt, &answer.line)
                    .unwrap()
                    .state;
                lines.push(answer.line);
            }
            let mut text = cut.trim_end().to_string();
            for line in &lines {
                text.push('\n');
                text.push_str(line);
            }
            text.push('\n');
            let new: Vec<_> = findings::<R>(&text)
                .into_iter()
                .filter(|f| !known.contains(f))
                .collect();
            assert!(
                new.is_empty(),
                "{}: listed {lines:?} gives {new:?}\n{}",
                log.name,
                &text[text.len().saturating_sub(600)..]
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn listed_actions_of_the_samples_replay_clean() {
    for log in samples() {
        let checked = listed_actions_replay_clean::<MassCombat>(&log, 1, 1);
        assert!(checked > 100, "{}: {checked} lines checked", log.name);
    }
}

#[test]
fn listed_actions_of_generated_battles_replay_clean() {
    for log in generated(1) {
        let checked = listed_actions_replay_clean::<MassCombat>(&log, 8, 1);
        assert!(checked > 100, "{}: {checked} lines checked", log.name);
    }
}

#[test]
fn listed_actions_of_harrow_ford_replay_clean() {
    let checked = listed_actions_replay_clean::<Tdgs>(&harrow_ford(), 38, 1);
    assert!(checked > 300, "{checked} lines checked");
}

#[test]
fn listed_actions_of_generated_tdgs_battles_replay_clean() {
    let log = &generated_by(&[&tdgs::TDGS], 1)[0];
    let checked = listed_actions_replay_clean::<Tdgs>(log, 23, 1);
    assert!(checked > 300, "{checked} lines checked");
}

/// Well-formed lines the listing leaves out, each refused by play with the
/// code that says why: a unit of the other side, a hex out of reach, a path
/// too long, a verb Mass Combat does not know, an archer's verb for
/// infantry.
#[test]
fn unlisted_lines_are_ones_play_refuses() {
    let log = &samples()[0];
    let archive = parse(&log.text);
    let replay = mass_combat::replay(
        &archive.battles[0],
        Config {
            timeline: true,
            every_state: true,
            ..Default::default()
        },
    )
    .unwrap();
    // Normans' movement in turn 3, before the Bretons (III) advance.
    let index = written(&log.text)
        .iter()
        .position(|a| a.head_line == "III advance 0507-0506")
        .unwrap();
    let state = replay.state(index).unwrap();
    let rules = MassCombat::of(&log.text);
    let fresh = Doubt::default();
    let legal = trial::legal(&rules, &state, &fresh).unwrap();
    assert!(listed(
        &legal,
        &[],
        &normal(&["III", "advance", "0506"]),
        None
    ));
    for (line, code) in [
        ("Saxons.VI hold", "mass-combat::wrong-side"),
        ("III advance 0503", "mass-combat::broken-path"),
        ("III maneuver 0506-0505-0405", "mass-combat::too-far"),
        ("III dance", "mass-combat::unknown-verb"),
        ("III volley VI", "mass-combat::wrong-phase"),
    ] {
        assert!(!legal.iter().any(|l| l.line == line), "`{line}` is listed");
        let tried = trial::line(&rules, &state, &fresh, line).unwrap();
        let codes: Vec<&str> = tried.violations.iter().map(|v| v.code).collect();
        assert_eq!(codes.first(), Some(&code), "`{line}`: {codes:?}");
    }
}

/// Owed answers come first, and while one is owed nothing but answers and
/// routs is listed: at Hastings turn 3, after the Norman archers' volley at
/// VII, before VII endures.
#[test]
fn owed_answers_come_first() {
    let log = &samples()[0];
    let archive = parse(&log.text);
    let replay = mass_combat::replay(
        &archive.battles[0],
        Config {
            timeline: true,
            every_state: true,
            ..Default::default()
        },
    )
    .unwrap();
    let actions = written(&log.text);
    let index = actions
        .iter()
        .position(|a| a.head_line == "II volley VII" && a.opens == ["3. Normans", "volley:"])
        .unwrap();
    let rules = MassCombat::of(&log.text);
    let fresh = Doubt::default();
    let mut before = replay.state(index).unwrap();
    let opens = &actions[index].opens;
    assert_eq!(
        play_opens(&rules, &mut before, &mut Doubt::default(), opens),
        0
    );
    let volley = trial::line(&rules, &before, &fresh, "II volley VII").unwrap();
    assert!(volley.accepted(), "{:?}", volley.violations);
    let legal = trial::legal(&rules, &volley.state, &fresh).unwrap();
    let owed: Vec<(&str, Option<&str>)> = legal
        .iter()
        .filter(|l| l.owed)
        .map(|l| (l.line.as_str(), l.cost.as_deref()))
        .collect();
    assert_eq!(
        owed,
        [
            ("VII endure", Some("1c")),
            ("VII damage", Some("1dmg")),
            ("VII rout", Some("0c"))
        ]
    );
    assert!(legal[..3].iter().all(|l| l.owed && l.side == "Saxons"));
    assert!(
        legal[3..]
            .iter()
            .all(|l| l.line.ends_with(" rout") && l.opens.is_empty()),
        "{:?}",
        legal.iter().map(|l| &l.line).collect::<Vec<_>>()
    );
}

/// A log with any one line left out (its map, an army, a deployment, a
/// turn) still lists at every state without a panic, and whatever it lists
/// the engine accepts there.
#[test]
fn a_broken_log_still_lists_what_the_engine_accepts() {
    let log = &samples()[1];
    let lines: Vec<&str> = log.text.lines().collect();
    let rules = MassCombat::of(&log.text);
    let fresh = Doubt::default();
    let mut listed = 0;
    for left_out in 0..lines.len() {
        let mut text: Vec<&str> = lines.clone();
        text.remove(left_out);
        let text = text.join("\n");
        let archive = parse(&text);
        let Some(battle) = archive.battles.first() else {
            continue;
        };
        let Some(replay) = mass_combat::replay(
            battle,
            Config {
                timeline: true,
                every_state: true,
                ..Default::default()
            },
        ) else {
            continue;
        };
        for index in 0..replay.timeline.len() {
            let state = replay.state(index).unwrap();
            for legal in trial::legal(&rules, &state, &fresh).unwrap() {
                let mut at = state.clone();
                let mut doubt = Doubt::default();
                assert_eq!(play_opens(&rules, &mut at, &mut doubt, &legal.opens), 0);
                let tried = trial::line(&rules, &at, &doubt, &legal.line).unwrap();
                assert!(tried.accepted(), "{:?}", tried.violations);
                listed += 1;
            }
        }
    }
    assert!(listed > 1000, "{listed}");
}

/// Harrow Ford's state before the action `head`, and the lines written
/// before it, played.
fn harrow_ford_before(head: &str) -> (tdgs::state::State, Vec<String>) {
    let log = harrow_ford();
    let replay = replayed::<Tdgs>(&log);
    let actions = written(&log.text);
    let index = actions.iter().position(|a| a.head_line == head).unwrap();
    let mut state = replay.state(index).unwrap();
    assert_eq!(
        play_opens(
            &Tdgs,
            &mut state,
            &mut Doubt::default(),
            &actions[index].opens
        ),
        0
    );
    (state, actions[index].opens.clone())
}

/// Well-formed TDGS lines the listing leaves out, each refused by play
/// with the code that says why: an entity of the other side, a square out
/// of reach, a verb TDGS does not know, a step onto an enemy, an enemy
/// not the nearest.
#[test]
fn unlisted_tdgs_lines_are_ones_play_refuses() {
    // Round 1, in the Militia's activation, after its step.
    let (state, _) = harrow_ford_before("B attack R1 d20:15 damage=20");
    let fresh = Doubt::default();
    let legal = trial::legal(&Tdgs, &state, &fresh).unwrap();
    assert!(listed(
        &legal,
        &[],
        &normal(&["B", "attack", "R1", "d20:15", "damage=20"]),
        Some("d20:15")
    ));
    for (line, code) in [
        ("R1 attack B d20:15 damage=1", "tdgs::not-your-turn"),
        ("B move 1201", "tdgs::path-start"),
        ("B dance", "tdgs::unknown-verb"),
        ("B step 1206", "tdgs::path-blocked"),
        ("B attack R4 d20:15 damage=1", "tdgs::not-nearest-enemy"),
    ] {
        assert!(!legal.iter().any(|l| l.line == line), "`{line}` is listed");
        let tried = trial::line(&Tdgs, &state, &fresh, line).unwrap();
        let codes: Vec<&str> = tried.violations.iter().map(|v| v.code).collect();
        assert_eq!(codes.first(), Some(&code), "`{line}`: {codes:?}");
    }
}

/// Owed answers come first, and while a morale check is owed nothing else
/// is listed: the Huscarls' check after the Militia's attack takes them
/// below half, each face with the claim it brings (only a natural 1 fails
/// it).
#[test]
fn owed_tdgs_answers_come_first() {
    let (state, _) = harrow_ford_before("B attack R1 d20:15 damage=20");
    let fresh = Doubt::default();
    let attack = trial::line(&Tdgs, &state, &fresh, "B attack R1 d20:15 damage=20").unwrap();
    assert!(attack.accepted(), "{:?}", attack.violations);
    let legal = trial::legal(&Tdgs, &attack.state, &fresh).unwrap();
    let lines: Vec<(&str, usize, bool)> = legal
        .iter()
        .map(|l| (l.line.as_str(), l.rolls.len(), l.owed))
        .collect();
    assert_eq!(
        lines,
        [
            ("R1 morale half d20:1 => fail", 1, true),
            ("R1 morale half d20:2 => pass", 19, true),
        ]
    );
}

// ------------------------------------------------------ Hastings: 1066

fn hastings_sample() -> Log {
    sample("hastings-1066-st.sbn")
}

fn hastings_generated(count: u32) -> Vec<Log> {
    generated_by(&[&hastings_1066::HASTINGS_1066], count)
}

#[test]
fn every_action_of_the_hastings_sample_is_listed_before_it() {
    let checked = each_action_was_listed::<Hastings1066>(&hastings_sample());
    assert_eq!(checked, 87);
}

#[test]
fn every_action_of_generated_hastings_battles_is_listed_before_it() {
    let checked: usize = hastings_generated(2)
        .iter()
        .map(each_action_was_listed::<Hastings1066>)
        .sum();
    assert!(checked > 300, "{checked} actions checked");
}

#[test]
fn listed_hastings_actions_replay_clean() {
    let checked = listed_actions_replay_clean::<Hastings1066>(&hastings_sample(), 3, 8);
    assert!(checked > 2000, "{checked} lines checked");
    for log in hastings_generated(2) {
        let checked = listed_actions_replay_clean::<Hastings1066>(&log, 12, 16);
        assert!(checked > 300, "{}: {checked} lines checked", log.name);
    }
}

/// The listing at the Hastings sample's state before `line` (after
/// `opens`), with the state, after the opens, the lines are tried on.
fn hastings_at(line: &str, opens: &[&str]) -> (Vec<LegalAction>, <Hastings1066 as Ruleset>::State) {
    let log = hastings_sample();
    let replay = replayed::<Hastings1066>(&log);
    let index = written(&log.text)
        .iter()
        .position(|a| a.claimed == line && a.opens == opens)
        .unwrap();
    let mut state = replay.state(index).unwrap();
    let opens: Vec<String> = opens.iter().map(ToString::to_string).collect();
    assert_eq!(
        play_opens(&Hastings1066, &mut state, &mut Doubt::default(), &opens),
        0
    );
    let legal = trial::legal(&Hastings1066, &state, &Doubt::default()).unwrap();
    (legal, state)
}

/// Well-formed lines the listing leaves out, each refused by play with the
/// code that says why: the other side's unit, a move on out of a zone of
/// control, one past the allowance, a broken path, a verb Hastings does
/// not know, fire in the movement segment.
#[test]
fn unlisted_hastings_lines_are_ones_play_refuses() {
    let (legal, state) = hastings_at("BF1 move 1120-1020-0920-0820 facing=5", &["movement:"]);
    assert!(listed(&legal, &[], &normal(&["BF1", "move", "0820"]), None));
    for (line, code) in [
        ("HC1 move 0713-0813 facing=2", "hastings-1066::wrong-side"),
        (
            "BF1 move 1120-1020-0920-0820-0720 facing=5",
            "hastings-1066::moved-after-zoc",
        ),
        (
            "BF1 move 1120-1220-1320-1420-1520 facing=5",
            "hastings-1066::movement-allowance-exceeded",
        ),
        (
            "BF1 move 1120-0920 facing=5",
            "hastings-1066::path-not-contiguous",
        ),
        ("BF1 dance", "hastings-1066::unknown-verb"),
        ("BF1 fire F2 d6:3", "hastings-1066::wrong-segment"),
    ] {
        assert!(!legal.iter().any(|l| l.line == line), "`{line}` is listed");
        let tried = trial::line(&Hastings1066, &state, &Doubt::default(), line).unwrap();
        let codes: Vec<&str> = tried.violations.iter().map(|v| v.code).collect();
        assert_eq!(codes.first(), Some(&code), "`{line}`: {codes:?}");
    }
}

/// Owed lines come first, and while one is owed nothing else is listed:
/// in the Normans' first melee, after BF1's attack on F2 routs it.
#[test]
fn hastings_owed_lines_come_first() {
    let (_, state) = hastings_at("BF1 melee F2 d6:2 => diff=+1 BF1 routed", &["melee:"]);
    let melee = trial::line(
        &Hastings1066,
        &state,
        &Doubt::default(),
        "BF1 melee F2 d6:2 => diff=+1 BF1 routed",
    )
    .unwrap();
    assert!(melee.accepted(), "{:?}", melee.violations);
    let legal = trial::legal(&Hastings1066, &melee.state, &Doubt::default()).unwrap();
    assert!(legal.iter().all(|l| l.owed && l.side == "Normans"));
    let lines: Vec<(&str, String)> = legal
        .iter()
        .map(|l| (l.line.as_str(), l.rolls.join(" ")))
        .collect();
    assert_eq!(
        lines,
        [
            ("BF1 rout 0820-0920-1020-1121 facing=2", String::new()),
            ("BF1 rout 0820-0920-1019-1119 facing=2", String::new()),
            ("BF1 rout 0820-0920-1019-1120 facing=2", String::new()),
            ("BF2 morale d6:1 => BF2 ok", "d6:1 d6:2 d6:3".to_string()),
            (
                "BF2 morale d6:4 => BF2 routed",
                "d6:4 d6:5 d6:6".to_string()
            ),
        ]
    );
}
