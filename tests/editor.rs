//! senlac in editors: the VS Code extension's TextMate grammar
//! (editors/vscode/syntaxes) tokenized by VS Code's own tokenizer and checked
//! atom by atom against senlac's parser on every sample; and a real client,
//! Neovim from Debian (`.ci/run` installs it), started headless on
//! `senlac lsp` with tests/editor/nvim-check.lua. Both need
//! tests/editor/node_modules or nvim: `.ci/run` installs them.

mod common;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

use senlac_notation::atom::{AtomKind, classify};
use senlac_notation::parse::parse;
use senlac_notation::syntax::ItemKind;
use serde_json::Value;

const SAMPLES: [&str; 5] = [
    "hastings.sbn",
    "fulford.sbn",
    "hastings-1066-st.sbn",
    "usk-ford.sbn",
    "harrow-ford.sbn",
];

fn editor_tests() -> PathBuf {
    let dir = common::root().join("tests/editor");
    assert!(
        dir.join("node_modules/vscode-textmate/package.json")
            .exists(),
        "tests/editor/node_modules is missing: run `npm ci` in tests/editor (needs node and npm), or .ci/run, which does"
    );
    dir
}

/// One token of the grammar's output: UTF-16 columns and its scopes.
struct Token {
    start: usize,
    end: usize,
    scopes: Vec<String>,
}

/// Tokenizes `files` with the grammar; per file, the tokens of each line.
fn tokenize(files: &[PathBuf]) -> (u64, BTreeMap<PathBuf, Vec<Vec<Token>>>) {
    let dir = editor_tests();
    let grammar = common::root().join("editors/vscode/syntaxes/sbn.tmLanguage.json");
    let run = Command::new("node")
        .arg(dir.join("grammar.mjs"))
        .arg(&grammar)
        .args(files)
        .output()
        .expect("cannot run `node`: install Node.js (apt-get install nodejs npm), or run .ci/run");
    assert!(
        run.status.success(),
        "tests/editor/grammar.mjs failed:\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let out: Value = serde_json::from_slice(&run.stdout).unwrap();
    let mut by_file = BTreeMap::new();
    for file in files {
        let lines = out["files"][file.to_str().unwrap()].as_array().unwrap();
        let lines = lines
            .iter()
            .map(|line| {
                line.as_array()
                    .unwrap()
                    .iter()
                    .map(|t| Token {
                        start: t[0].as_u64().unwrap() as usize,
                        end: t[1].as_u64().unwrap() as usize,
                        scopes: t[2]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|s| s.as_str().unwrap().to_owned())
                            .collect(),
                    })
                    .collect()
            })
            .collect();
        by_file.insert(file.clone(), lines);
    }
    (out["regexes"].as_u64().unwrap(), by_file)
}

/// Byte offset to (line, UTF-16 column), as the tokenizer counts.
fn position(source: &str, byte: usize) -> (usize, usize) {
    let line = source[..byte].matches('\n').count();
    let start = source[..byte].rfind('\n').map_or(0, |n| n + 1);
    (line, source[start..byte].encode_utf16().count())
}

/// The scope the grammar gives an atom of this kind wherever it stands.
fn kind_scope(kind: AtomKind) -> &'static str {
    match kind {
        AtomKind::TurnNumber => "constant.numeric.turn.sbn",
        AtomKind::PhaseLabel => "entity.name.section.phase.sbn",
        AtomKind::Reaction => "keyword.operator.reaction.sbn",
        AtomKind::Outcome => "keyword.operator.outcome.sbn",
        AtomKind::Glyph => "keyword.other.glyph.sbn",
        AtomKind::Cell => "constant.other.cell.sbn",
        AtomKind::CellChain => "constant.other.path.sbn",
        AtomKind::Hexside => "constant.other.hexside.sbn",
        AtomKind::Dice => "constant.other.dice.sbn",
        AtomKind::Number => "constant.numeric.number.sbn",
        AtomKind::Distance => "constant.numeric.distance.sbn",
        AtomKind::Angle => "constant.numeric.angle.sbn",
        AtomKind::Size => "constant.numeric.size.sbn",
        AtomKind::Ratio => "constant.numeric.ratio.sbn",
        AtomKind::Placement => "meta.placement.sbn",
        AtomKind::Pair => "meta.pair.sbn",
        AtomKind::Group => "variable.other.unit.group.sbn",
        AtomKind::Word => "variable.other.word.sbn",
        AtomKind::Str => "string.quoted.double.sbn",
        AtomKind::Invalid => "invalid.illegal.token.sbn",
    }
}

const KEYWORDS: [&str; 10] = [
    "map", "terrain", "hexside", "army", "unit", "roll", "bonus", "deploy", "first", "option",
];

/// Checks that the tokens of `lines` split exactly at `start..end` (bytes of
/// `source`) and that each token there carries `scope`; returns the failure.
fn covered(
    source: &str,
    lines: &[Vec<Token>],
    start: usize,
    end: usize,
    scope: &str,
) -> Result<(), String> {
    let (line, from) = position(source, start);
    let (end_line, to) = position(source, end);
    assert_eq!(line, end_line, "an atom spans lines");
    let tokens: Vec<&Token> = lines[line]
        .iter()
        .filter(|t| t.end > from && t.start < to)
        .collect();
    let text = &source[start..end];
    let at = format!("line {} `{text}`", line + 1);
    let first = tokens.first().ok_or(format!("{at}: no token"))?;
    let last = tokens.last().unwrap();
    if first.start != from || last.end != to {
        return Err(format!(
            "{at}: the grammar's tokens run {}..{}, the parser's atom {from}..{to}",
            first.start, last.end
        ));
    }
    for token in &tokens {
        if !token.scopes.iter().any(|s| s == scope) {
            return Err(format!("{at}: wants {scope}, has {:?}", token.scopes));
        }
    }
    Ok(())
}

/// Every atom of every sample, as senlac's parser reads it, is one run of
/// the grammar's tokens with the scope of its kind (a cell, a path, dice, a
/// pair whose value is scoped as its own kind, ...) or of its role (a tag's
/// name, a setup keyword, the side of a turn, an action's actor and verb, a
/// reaction's); comments are comments, figure marks are figure
/// annotations; no token of a sample is invalid; every regex compiles.
#[test]
fn the_grammar_scopes_every_atom_of_every_sample_as_the_parser_reads_it() {
    let files: Vec<PathBuf> = SAMPLES
        .iter()
        .map(|s| common::root().join("samples").join(s))
        .collect();
    let (regexes, tokens) = tokenize(&files);
    assert!(regexes >= 40, "only {regexes} regexes compiled");
    let mut failures = Vec::new();
    let mut checked = 0;
    for file in &files {
        let source = std::fs::read_to_string(file).unwrap();
        let lines = &tokens[file];
        let name = file.file_name().unwrap().to_string_lossy();
        for (n, line) in lines.iter().enumerate() {
            for token in line {
                if token.scopes.iter().any(|s| s.starts_with("invalid.")) {
                    failures.push(format!(
                        "{name} line {}: invalid scope {:?}",
                        n + 1,
                        token.scopes
                    ));
                }
            }
        }
        let archive = parse(&source);
        assert!(!archive.has_errors(), "{name} has syntax errors");
        for battle in &archive.battles {
            for (item, atoms) in battle.iter() {
                if item.kind == ItemKind::Comment {
                    let span = item.span.range();
                    let text = &source[span.clone()];
                    // A comment spanning lines: check its first line.
                    let first = text.find('\n').map_or(text.len(), |n| n);
                    let scope = if text.starts_with(';') {
                        "comment.line.semicolon.sbn"
                    } else {
                        "comment.block.brace.sbn"
                    };
                    if let Err(e) = covered(&source, lines, span.start, span.start + first, scope) {
                        failures.push(format!("{name} {e}"));
                    }
                    if let Some(at) = text.find("[%fig") {
                        let close = at + text[at..].find(']').unwrap() + 1;
                        let start = span.start + at;
                        if let Err(e) = covered(
                            &source,
                            lines,
                            start,
                            span.start + close,
                            "meta.annotation.figure.sbn",
                        ) {
                            failures.push(format!("{name} {e}"));
                        }
                    }
                    checked += 1;
                    continue;
                }
                let mut after_reaction = 0;
                for (i, atom) in atoms.iter().enumerate() {
                    let role = match (item.kind, i) {
                        (ItemKind::Tag, 0) => Some("entity.name.tag.sbn"),
                        (ItemKind::Turn, 1) => Some("entity.name.type.side.sbn"),
                        (ItemKind::Directive, 0) if KEYWORDS.contains(&atom.text) => {
                            Some("keyword.control.directive.sbn")
                        }
                        (ItemKind::Directive, 0) => Some("keyword.other.directive.sbn"),
                        (ItemKind::Directive, 1) if atoms[0].text == "army" => {
                            Some("entity.name.type.side.sbn")
                        }
                        (ItemKind::Directive, 1) if atoms[0].text == "unit" => {
                            Some("entity.name.type.unit.sbn")
                        }
                        (ItemKind::Action, 0) => Some("variable.other.unit.actor.sbn"),
                        (ItemKind::Action, 1) => Some("keyword.other.verb.sbn"),
                        (ItemKind::Action, _) if after_reaction == 1 => {
                            Some("variable.other.unit.actor.sbn")
                        }
                        (ItemKind::Action, _) if after_reaction == 2 => {
                            Some("keyword.other.verb.sbn")
                        }
                        _ => None,
                    };
                    after_reaction = match atom.kind {
                        AtomKind::Reaction => 1,
                        _ if after_reaction > 0 => (after_reaction + 1) % 3,
                        _ => 0,
                    };
                    let scope = role.unwrap_or(kind_scope(atom.kind));
                    let span = atom.span.range();
                    if let Err(e) = covered(&source, lines, span.start, span.end, scope) {
                        failures.push(format!("{name} {e}"));
                    }
                    if atom.kind == AtomKind::Pair {
                        let eq = atom.text.find('=').unwrap();
                        let value = &atom.text[eq + 1..];
                        if let Err(e) = covered(
                            &source,
                            lines,
                            span.start + eq + 1,
                            span.end,
                            kind_scope(classify(value)),
                        ) {
                            failures.push(format!("{name} (a pair's value) {e}"));
                        }
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} atoms and comments:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(checked > 3000, "only {checked} atoms checked");
    eprintln!("the grammar agrees with the parser on {checked} atoms and comments of 5 samples");
}

/// The grammar marks what the notation rejects, as docs/notation.md's error
/// examples show it: atoms glued to `>`, dice without their result, a string
/// left open, a figure name with `'` or a Windows device name, an unknown
/// annotation; and a line starting with a tag pair ends a comment left open.
#[test]
fn the_grammar_marks_what_the_notation_rejects() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("errors.sbn");
    let lines = [
        "[Battle \"Broken\"]",
        "army Saxons \"Ford Guard\" leader \"Leofwine\"",
        "  unit I \"Fyrd light-infantry D size=1000",
        "deploy Saxons IX@0604 { [%fig harold's-line \"The shield wall\"] }",
        "deploy Saxons IX@0604 { [%fig nul \"The shield wall\"] [%circle 0101] }",
        "{ a comment left open",
        "[Battle \"Next\"]",
        "1. Normans",
        "  I volley VI>VI endure",
        "  breton strategy aggressive 2d6",
    ];
    std::fs::write(&file, lines.join("\n")).unwrap();
    let (_, tokens) = tokenize(std::slice::from_ref(&file));
    let lines_of = &tokens[&file];
    let scope_of = |line: usize, text: &str| -> Vec<String> {
        let col = lines[line].find(text).unwrap();
        let col = lines[line][..col].encode_utf16().count();
        lines_of[line]
            .iter()
            .find(|t| t.start <= col && col < t.end)
            .map(|t| t.scopes.clone())
            .unwrap_or_default()
    };
    let has = |line: usize, text: &str, scope: &str| {
        let scopes = scope_of(line, text);
        assert!(
            scopes.iter().any(|s| s == scope),
            "line {} `{text}`: wants {scope}, has {scopes:?}",
            line + 1
        );
    };
    has(2, "\"Fyrd", "invalid.illegal.unclosed-string.sbn");
    has(3, "[%fig harold", "invalid.illegal.annotation.sbn");
    has(4, "[%fig nul", "invalid.illegal.annotation.sbn");
    has(4, "[%circle", "invalid.illegal.annotation.sbn");
    has(5, "a comment", "comment.block.brace.sbn");
    has(6, "Battle", "entity.name.tag.sbn");
    has(7, "Normans", "entity.name.type.side.sbn");
    has(8, "VI>VI", "invalid.illegal.token.sbn");
    has(9, "2d6", "invalid.illegal.token.sbn");
    // Well formed, the same atoms are not invalid.
    has(3, "IX", "variable.other.unit.sbn");
    has(3, "0604", "constant.other.cell.sbn");
}
