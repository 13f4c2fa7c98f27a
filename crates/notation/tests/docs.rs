//! docs/notation.md is checked like code: every ```sbn block parses and lowers
//! without errors, every ```sbn-error block gives the code named just before it,
//! every diagnostic code is documented, and the Hastings example is the sample.

use senlac_notation::{Code, lower, parse};

const HEADER: &str = "[Battle \"B\"] [Site \"S\"] [Date \"D\"] [Rules \"mass-combat/a\"] [Sides \"Saxons Normans\"] [Result \"*\"]\n";

fn docs() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/notation.md"
    ))
    .unwrap()
}

/// (info string, preceding prose, block text) for every fenced block.
fn blocks(doc: &str) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let mut rest = doc;
    let mut consumed = 0;
    while let Some(open) = rest.find("```") {
        let info_end = rest[open..].find('\n').map_or(rest.len(), |i| open + i);
        let info = rest[open + 3..info_end].trim().to_string();
        let body_start = info_end + 1;
        let Some(close) = rest[body_start..].find("\n```") else {
            break;
        };
        let body = rest[body_start..body_start + close + 1].to_string();
        let prose = doc[..consumed + open]
            .rsplit("```")
            .next()
            .unwrap_or("")
            .to_string();
        out.push((info, prose, body));
        let next = body_start + close + 4;
        consumed += next;
        rest = &rest[next..];
    }
    out
}

/// Syntax and lowering errors of a snippet, with the standard tags in front
/// unless it brings its own.
fn codes(snippet: &str) -> Vec<Code> {
    let text = if snippet.trim_start().starts_with('[') || snippet.trim_start().starts_with(';') {
        snippet.to_string()
    } else {
        format!("{HEADER}{snippet}")
    };
    let archive = parse(&text);
    let mut codes: Vec<Code> = archive.all_errors().map(|e| e.code).collect();
    for battle in &archive.battles {
        codes.extend(lower::check(battle).iter().map(|e| e.code));
    }
    codes
}

#[test]
fn sbn_blocks_are_valid() {
    let doc = docs();
    let valid: Vec<_> = blocks(&doc)
        .into_iter()
        .filter(|(info, _, _)| info == "sbn")
        .collect();
    assert!(valid.len() >= 15, "only {} sbn blocks", valid.len());
    for (_, _, body) in valid {
        assert_eq!(codes(&body), vec![], "this docs block has errors:\n{body}");
    }
}

#[test]
fn sbn_error_blocks_give_their_code() {
    let doc = docs();
    let errors: Vec<_> = blocks(&doc)
        .into_iter()
        .filter(|(info, _, _)| info == "sbn-error")
        .collect();
    assert!(errors.len() >= 6);
    for (_, prose, body) in errors {
        let named = Code::ALL
            .iter()
            .filter_map(|code| prose.rfind(code.as_str()).map(|at| (at, *code)))
            .max_by_key(|(at, _)| *at)
            .map(|(_, code)| code)
            .unwrap_or_else(|| panic!("no code named before:\n{body}"));
        assert!(
            codes(&body).contains(&named),
            "expected {named} from:\n{body}\ngot {:?}",
            codes(&body)
        );
    }
}

#[test]
fn every_code_is_documented() {
    let doc = docs();
    for code in Code::ALL {
        assert!(
            doc.contains(code.as_str()),
            "{code} is not in docs/notation.md"
        );
    }
}

#[test]
fn hastings_example_is_the_sample() {
    let doc = docs();
    let sample = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../samples/hastings.sbn"
    ))
    .unwrap();
    // Section 8 shows the sample's setup and first turn, byte for byte.
    let shown = blocks(&doc)
        .into_iter()
        .find(|(_, _, body)| body.starts_with("; The battle of Hastings"))
        .map(|(_, _, body)| body)
        .expect("docs/notation.md section 8 shows samples/hastings.sbn");
    assert!(
        shown.contains("1. Normans"),
        "the excerpt includes turn one"
    );
    assert!(
        sample.starts_with(&shown),
        "docs/notation.md section 8 must be the start of samples/hastings.sbn"
    );
}
