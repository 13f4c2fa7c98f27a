//! Replays the fuzz targets' corpora (fuzz/corpus/TARGET/*, with the samples
//! and the golden error logs) through the same checks the targets run, on
//! stable, so CI guards what fuzzing found.

mod fuzz_checks;

fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut dirs = vec![root.join("fuzz/corpus").join(target), root.join("samples")];
    dirs.push(root.join("tests/data/errors"));
    dirs.push(root.join("tests/data/example"));
    let mut found = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.filter_map(Result::ok) {
            let path = entry.path();
            if path.is_file() {
                found.push((path.display().to_string(), std::fs::read(&path).unwrap()));
            }
        }
    }
    found.sort();
    found
}

fn replay_corpus(target: &str, check: fn(&[u8])) {
    let inputs = inputs(target);
    assert!(
        inputs.iter().any(|(name, _)| name.contains("fuzz/corpus")),
        "no corpus for {target}"
    );
    for (name, bytes) in inputs {
        let caught = std::panic::catch_unwind(|| check(&bytes));
        assert!(caught.is_ok(), "{target} fails on {name}");
    }
}

/// Archives whose first battle leaves something open: the stream reader's
/// chunks find the battles the parser finds in the whole text.
#[test]
fn chunks_agree_with_the_whole_text_on_open_constructs() {
    let fulford = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/fulford.sbn"),
    )
    .unwrap();
    for slip in ["{ never closed", "\"never closed", "(", "{ closed later\n"] {
        let first = fulford.replacen("    III wait\n", &format!("    III wait {slip}\n"), 1);
        for archive in [
            format!("{first}\n{fulford}\n{fulford}"),
            format!("\u{feff}{first}{fulford}"),
            format!("{first}\n{fulford}").replace('\n', "\r\n"),
        ] {
            fuzz_checks::chunk_boundaries(&archive);
            assert_eq!(
                senlac_notation::parse(&archive).battles.len(),
                archive.matches("[Battle ").count(),
                "{slip:?}"
            );
        }
    }
}

#[test]
fn format_round_trip_corpus() {
    replay_corpus("format", fuzz_checks::format_round_trip);
}

#[test]
fn replay_corpus_replays() {
    replay_corpus("replay", fuzz_checks::replay);
}

#[test]
fn render_corpus_draws_safe_svg() {
    replay_corpus("render", fuzz_checks::render);
}

#[test]
fn the_svg_check_catches_what_could_run() {
    fuzz_checks::check_svg("<svg xmlns=\"http://www.w3.org/2000/svg\"><g/></svg>");
    for bad in [
        "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>",
        "<svg xmlns=\"http://www.w3.org/2000/svg\"><g onload=\"x()\"/></svg>",
        "<svg xmlns=\"http://www.w3.org/2000/svg\"><foreignObject/></svg>",
        "<svg><g></svg>",
    ] {
        let caught = std::panic::catch_unwind(|| fuzz_checks::check_svg(bad));
        assert!(caught.is_err(), "{bad}");
    }
}
