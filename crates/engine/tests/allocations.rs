//! A replay allocates per battle, not per action (the brief: hot paths do not
//! allocate per token or per action).
//!
//! Counted by dhat's heap testing mode, which needs the test binary's global
//! allocator and one profiler at a time: this file holds one test.

use senlac_notation::{Battle, ItemKind, parse};

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

/// The most allocations the movetext of a clean battle may make, per action.
/// What is left is per battle (the state's lists and the events buffer
/// growing to their size) or per rare line (a flight's search maps, a side's
/// zones of control worked out again after a move): 0.08 a Mass Combat
/// action, 0.43 a TDGS one, 0.34 a Hastings one when this was written,
/// against 0.2, 4.9 and 7.1 before. One allocation more on a common line
/// (a move's path, a message built on the happy path) takes a system past it.
const MOST_PER_ACTION: f64 = 0.5;

/// Systems not yet held to [`MOST_PER_ACTION`], each with the bound it is
/// held to instead: its count when it was registered, as a ratchet. Feudal's
/// table geometry still builds its obstacles, a turn's sampled poses and
/// their swept shapes as lists on every movement action (about 700
/// allocations an action when this was written, 255 at c87a414's faster
/// charge search and sight); the issue of Feudal asks for none per action,
/// and this bound only keeps it from growing.
const NOT_YET: &[(&str, f64)] = &[("feudal/ohw", 280.0)];

/// Blocks allocated while replaying `battle` under its rules.
fn blocks(battle: &Battle<'_>) -> u64 {
    let before = dhat::HeapStats::get().total_blocks;
    drop(senlac_engine::check(
        battle,
        senlac_engine::Config::default(),
    ));
    dhat::HeapStats::get().total_blocks - before
}

#[test]
fn a_replay_allocates_per_battle_not_per_action() {
    let _profiler = dhat::Profiler::builder().testing().build();
    let mut over = Vec::new();
    for system in senlac_engine::SYSTEMS.iter().filter(|s| s.listed()) {
        let mut text = String::new();
        system.generate(6, 11, &mut |battle| text.push_str(battle));
        let archive = parse(&text);
        let (mut movetext, mut actions) = (0, 0);
        for battle in &archive.battles {
            // The same battle cut before its first turn: what its setup costs.
            let first_turn = battle.items.iter().find(|i| i.kind == ItemKind::Turn);
            let cut = first_turn.map_or(battle.span.end, |t| t.span.start) as usize;
            let setup = parse(&text[battle.span.start as usize..cut]);
            movetext += blocks(battle).saturating_sub(blocks(&setup.battles[0]));
            actions += battle
                .items
                .iter()
                .filter(|i| i.kind == ItemKind::Action)
                .count();
        }
        assert!(actions > 200, "{}: {actions} actions", system.tag());
        let per_action = movetext as f64 / actions as f64;
        println!(
            "{}: {movetext} blocks for {actions} actions, {per_action:.3} each",
            system.tag()
        );
        let most = NOT_YET
            .iter()
            .find(|(tag, _)| *tag == system.tag())
            .map_or(MOST_PER_ACTION, |&(_, most)| most);
        if per_action > most {
            over.push(format!("{}: {per_action:.3} per action", system.tag()));
        }
    }
    assert!(
        over.is_empty(),
        "more than {MOST_PER_ACTION} allocations per action: {over:?}"
    );
}
