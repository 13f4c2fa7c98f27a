//! The full replay: the properties of tests/fuzz_checks.rs (`replay`), which
//! `cargo test` also replays over the corpus in fuzz/corpus/replay.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/fuzz_checks.rs"]
mod fuzz_checks;

fuzz_target!(|data: &[u8]| fuzz_checks::replay(data));
