//! Parses arbitrary bytes: the parser must never panic, and every span must
//! point inside the text, on char boundaries (`parse_spans` in
//! tests/fuzz_checks.rs; the `format` target adds the round trip).

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/fuzz_checks.rs"]
mod fuzz_checks;

fuzz_target!(|data: &[u8]| {
    fuzz_checks::parse_spans(data);
});
