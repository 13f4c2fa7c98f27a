//! Every complete battle in docs/notation.md follows the rules it names: a
//! reader who copies an example gets a clean `senlac lint`.

use senlac_engine::{Config, check};
use senlac_notation::parse;

#[test]
fn complete_examples_in_the_docs_are_legal() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/notation.md"
    ))
    .unwrap();
    let mut checked = 0;
    for block in doc.split("```sbn\n").skip(1) {
        let Some(end) = block.find("\n```") else {
            continue;
        };
        let text = &block[..end + 1];
        if !text.contains("[Rules \"mass-combat/") || !text.contains("[Battle") {
            continue;
        }
        let archive = parse(text);
        assert!(!archive.has_errors(), "{text}");
        for battle in &archive.battles {
            let game = check(battle, Config::default()).unwrap();
            let found: Vec<_> = game
                .violations()
                .iter()
                .map(|v| (v.code, &text[v.span.range()]))
                .collect();
            assert_eq!(found, vec![], "in the docs example:\n{text}");
            checked += 1;
        }
    }
    assert!(checked >= 2, "only {checked} complete examples found");
}
