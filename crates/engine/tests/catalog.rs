//! The Mass Combat catalog (`mass_combat::catalog::CATALOG`) against what the
//! engine enforces, one entry at a time.
//!
//! Every entry has two small battles under `tests/data/catalog/`, named by
//! its verb word: `<word>.legal.sbn`, in which the action or reaction is
//! taken legally and the replay finds nothing wrong, and `<word>.illegal.sbn`,
//! the same battle with one change that breaks one of the entry's needs. The
//! illegal file opens with the violations it must give, in order:
//!
//! ```text
//! ; expect mass-combat::out-of-range at "I volley II > II endure"
//! ; then mass-combat::missing-reaction at "..."
//! ```
//!
//! `expect` is the first violation; `then` lines, if any, are the rest of a
//! cascade the one mistake sets off, written out so none is hidden. The text
//! in quotes is the battle's source under the violation's span. An entry
//! whose needs the catalog words differently by edition (the supports) also
//! has `<word>.b.legal.sbn` and `<word>.b.illegal.sbn`, replayed under
//! edition b. Every file in the folder belongs to an entry, and every illegal
//! file differs from its legal one in one place.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use senlac_engine::mass_combat::catalog::{CATALOG, Entry};
use senlac_engine::mass_combat::tables::Edition;
use senlac_engine::{Config, check as replay};
use senlac_notation::lower::{Step, steps};
use senlac_notation::parse;

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/catalog")
}

/// One file of the folder, from its name: `<word>[.<edition>].<kind>.sbn`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Example {
    word: String,
    /// `a` unless the name says otherwise.
    edition: String,
    legal: bool,
    path: PathBuf,
}

fn examples() -> Vec<Example> {
    let mut found = Vec::new();
    for item in std::fs::read_dir(folder()).expect("tests/data/catalog exists") {
        let path = item.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let stem = name
            .strip_suffix(".sbn")
            .unwrap_or_else(|| panic!("{name}: only .sbn files belong in tests/data/catalog"));
        let (rest, legal) = if let Some(rest) = stem.strip_suffix(".legal") {
            (rest, true)
        } else if let Some(rest) = stem.strip_suffix(".illegal") {
            (rest, false)
        } else {
            panic!("{name}: name it <word>.legal.sbn or <word>.illegal.sbn");
        };
        let (word, edition) = match rest.split_once('.') {
            Some((word, edition)) => (word, edition),
            None => (rest, "a"),
        };
        assert!(
            ["a", "b"].contains(&edition),
            "{name}: edition `{edition}` is not a or b"
        );
        found.push(Example {
            word: word.to_string(),
            edition: edition.to_string(),
            legal,
            path,
        });
    }
    found.sort();
    found
}

/// `; expect CODE at "TEXT"` then `; then CODE at "TEXT"` lines, at the top.
fn expected(text: &str, name: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let keyword = if i == 0 { "; expect " } else { "; then " };
        let Some(rest) = line.strip_prefix(keyword) else {
            assert!(
                i > 0,
                "{name}: the first line must be `; expect CODE at \"TEXT\"`"
            );
            break;
        };
        let (code, quoted) = rest
            .split_once(" at ")
            .unwrap_or_else(|| panic!("{name}: `{line}` has no ` at \"TEXT\"`"));
        let quoted = quoted.trim();
        let text = quoted
            .strip_prefix('"')
            .and_then(|q| q.strip_suffix('"'))
            .unwrap_or_else(|| panic!("{name}: the text in `{line}` is not quoted"));
        found.push((code.trim().to_string(), text.to_string()));
    }
    found
}

/// Whether `word` is taken in the battle, as an action's verb or a reaction's.
fn takes(battle: &senlac_notation::Battle<'_>, word: &str) -> bool {
    steps(battle).any(|step| match step {
        Step::Action(action) => {
            action.verb().text == word || action.reactions().any(|r| r.verb.text == word)
        }
        _ => false,
    })
}

/// Replays one example and checks it against its entry: a legal one takes the
/// entry's verb and breaks nothing; an illegal one gives exactly the
/// violations its first lines expect.
fn check(entry: &Entry, example: &Example) {
    let word = entry.act.word();
    let name = example.path.file_name().unwrap().to_string_lossy();
    let text = std::fs::read_to_string(&example.path).unwrap();
    let archive = parse(&text);
    assert!(
        !archive.has_errors(),
        "{name}: syntax errors: {:?}",
        archive.all_errors().collect::<Vec<_>>()
    );
    assert_eq!(archive.battles.len(), 1, "{name}: one battle per file");
    let battle = &archive.battles[0];
    for tag in ["Battle", "Site", "Date", "Rules", "Sides", "Result"] {
        assert!(battle.tag(tag).is_some(), "{name}: no {tag} tag");
    }
    let rules = format!("mass-combat/{}", example.edition);
    assert_eq!(
        battle.tag("Rules").as_deref(),
        Some(rules.as_str()),
        "{name}: the Rules tag must name the file's edition"
    );
    let game = replay(battle, Config::default())
        .unwrap_or_else(|v| panic!("{name}: not replayed: {} {}", v.code, v.message));
    let got: Vec<(String, String)> = game
        .violations()
        .iter()
        .map(|v| (v.code.to_string(), text[v.span.range()].to_string()))
        .collect();
    let listing: Vec<String> = game
        .violations()
        .iter()
        .map(|v| format!("{} at {:?}: {}", v.code, &text[v.span.range()], v.message))
        .collect();
    if example.legal {
        assert!(
            takes(battle, word),
            "{name}: `{word}` is never taken, so the example proves nothing"
        );
        assert!(
            got.is_empty(),
            "{name}: the legal `{word}` gives violations:\n  {}",
            listing.join("\n  ")
        );
    } else {
        let want = expected(&text, &name);
        assert!(!want.is_empty(), "{name}: expects no violation");
        assert_eq!(
            got.first(),
            want.first(),
            "{name}: the first violation is not the expected one; got:\n  {}",
            listing.join("\n  ")
        );
        assert_eq!(
            got,
            want,
            "{name}: not exactly the expected violations; got:\n  {}",
            listing.join("\n  ")
        );
    }
}

/// The battle without the comment lines it opens with.
fn body(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .skip_while(|l| l.starts_with(';'))
        .map(str::to_string)
        .collect()
}

/// Whether an illegal example is its legal one with one change: the lines
/// that differ form one block of at most `MOST` lines on either side.
fn one_change(legal: &Path, illegal: &Path) -> Result<(), String> {
    const MOST: usize = 4;
    let (a, b) = (body(legal), body(illegal));
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (gone, added) = (&a[prefix..a.len() - suffix], &b[prefix..b.len() - suffix]);
    if gone.is_empty() && added.is_empty() {
        return Err("it is the legal battle unchanged".to_string());
    }
    if gone.len() > MOST || added.len() > MOST {
        return Err(format!("more than one change: {gone:?} became {added:?}"));
    }
    Ok(())
}

#[test]
fn every_catalog_entry_has_a_legal_and_an_illegal_example() {
    let examples = examples();
    let words: BTreeSet<&str> = CATALOG.iter().map(|e| e.act.word()).collect();
    for example in &examples {
        assert!(
            words.contains(example.word.as_str()),
            "{}: `{}` is no catalog entry's verb",
            example.path.display(),
            example.word
        );
    }
    // Per entry and edition, which of (legal, illegal) are there.
    let mut pairs: BTreeMap<(&str, &str), (bool, bool)> = BTreeMap::new();
    for example in &examples {
        let pair = pairs
            .entry((example.word.as_str(), example.edition.as_str()))
            .or_default();
        if example.legal {
            pair.0 = true;
        } else {
            pair.1 = true;
        }
    }
    let mut missing = Vec::new();
    for entry in &CATALOG {
        let word = entry.act.word();
        for edition in ["a", "b"] {
            let (legal, illegal) = pairs.get(&(word, edition)).copied().unwrap_or_default();
            // Edition a always; edition b where the catalog words a need
            // differently for it (the supports), and wherever it is given.
            let differs = entry
                .needs
                .iter()
                .any(|n| n.describe(Edition::A) != n.describe(Edition::B));
            if edition == "b" && !differs && !legal && !illegal {
                continue;
            }
            let suffix = if edition == "a" { "" } else { ".b" };
            if !legal {
                missing.push(format!("{:?}: {word}{suffix}.legal.sbn", entry.act));
            }
            if !illegal {
                missing.push(format!("{:?}: {word}{suffix}.illegal.sbn", entry.act));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "catalog entries without examples in {}:\n  {}",
        folder().display(),
        missing.join("\n  ")
    );
    // Every example is checked, and every failure named, before the test fails.
    let mut failed = Vec::new();
    for example in examples.iter().filter(|e| !e.legal) {
        let legal = examples
            .iter()
            .find(|e| e.legal && e.word == example.word && e.edition == example.edition)
            .unwrap();
        if let Err(why) = one_change(&legal.path, &example.path) {
            println!("{}: {why}", example.path.display());
            failed.push(example.path.file_name().unwrap().to_string_lossy());
        }
    }
    for example in &examples {
        let entry = CATALOG
            .iter()
            .find(|e| e.act.word() == example.word)
            .unwrap();
        if std::panic::catch_unwind(|| check(entry, example)).is_err() {
            failed.push(example.path.file_name().unwrap().to_string_lossy());
        }
    }
    assert!(
        failed.is_empty(),
        "examples that fail (see above): {}",
        failed.join(", ")
    );
}

/// The legal actions listed before each illegal example's broken line
/// (`Game::legal`, what `senlac moves` prints) never include it: the
/// listing keeps only what play accepts, and play refuses it.
#[test]
fn no_illegal_example_s_broken_line_is_listed_before_it() {
    let collapse = |line: &str| line.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut checked = 0;
    for example in examples().iter().filter(|e| !e.legal) {
        let name = example.path.file_name().unwrap().to_string_lossy();
        let text = std::fs::read_to_string(&example.path).unwrap();
        // The line that holds the first violation, and the log cut before it.
        let whole = parse(&text);
        let game = replay(&whole.battles[0], Config::default())
            .unwrap_or_else(|v| panic!("{name}: not replayed: {}", v.message));
        let at = game.violations()[0].span.start as usize;
        let start = text[..at].rfind('\n').map_or(0, |n| n + 1);
        let end = text[at..].find('\n').map_or(text.len(), |n| at + n);
        let line = collapse(&text[start..end]);
        // A setup line, a turn or a phase label is no action to list.
        let in_setup = text.find("\n1. ").is_none_or(|movetext| at < movetext);
        if in_setup || line.ends_with(':') || line.starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let cut = parse(&text[..start]);
        let game = replay(&cut.battles[0], Config::TIMELINE)
            .unwrap_or_else(|v| panic!("{name}: not replayed: {}", v.message));
        let listed = game
            .legal(game.len().saturating_sub(2))
            .unwrap_or_else(|| panic!("{name}: Mass Combat lists its actions"));
        assert!(
            listed.iter().all(|action| collapse(&action.line) != line),
            "{name}: `{line}` is listed, though play refuses it"
        );
        checked += 1;
    }
    assert_eq!(checked, 26, "every illegal example breaks an action line");
}
