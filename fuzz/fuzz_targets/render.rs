//! The renderer's XML: the properties of tests/fuzz_checks.rs (`render`), which
//! `cargo test` also replays over the corpus in fuzz/corpus/render.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/fuzz_checks.rs"]
mod fuzz_checks;

fuzz_target!(|data: &[u8]| fuzz_checks::render(data));
