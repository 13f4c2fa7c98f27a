//! The format round trip: the properties of tests/fuzz_checks.rs (`format_round_trip`), which
//! `cargo test` also replays over the corpus in fuzz/corpus/format.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/fuzz_checks.rs"]
mod fuzz_checks;

fuzz_target!(|data: &[u8]| fuzz_checks::format_round_trip(data));
