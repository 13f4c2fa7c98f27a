//! senlac in editors: the VS Code extension's TextMate grammar
//! (editors/vscode/syntaxes) tokenized by VS Code's own tokenizer and checked
//! atom by atom against senlac's parser on every sample and every example of
//! docs/notation.md; the extension's manifest; and a real client, Neovim
//! from Debian, started headless on `senlac lsp` with
//! tests/editor/nvim-check.lua. They need tests/editor/node_modules and
//! nvim: `.ci/run` installs both.

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

/// Holds the grammar's tokens of `files` to senlac's parser: every atom is
/// one run of tokens with the scope of its kind or its role, comments are
/// comments, figure marks figure annotations, and no token is invalid.
/// Returns how many atoms and comments were checked, and the failures.
fn compare_with_parser(files: &[PathBuf]) -> (usize, Vec<String>) {
    let (regexes, tokens) = tokenize(files);
    assert!(regexes >= 40, "only {regexes} regexes compiled");
    let mut failures = Vec::new();
    let mut checked = 0;
    for file in files {
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
        if let Some(error) = archive.all_errors().next() {
            failures.push(format!("{name} does not parse: {error:?}"));
        }
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
    (checked, failures)
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
    let (checked, failures) = compare_with_parser(&files);
    assert!(
        failures.is_empty(),
        "{} of {checked} atoms and comments:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(checked > 3000, "only {checked} atoms checked");
    eprintln!("the grammar agrees with the parser on {checked} atoms and comments of 5 samples");
}

/// The same on every ```sbn example of docs/notation.md, each after the six
/// tags it is read with (variations, glyphs, arrows and marks, table
/// terrain, qualified ids, a system's own setup line), and a battle whose
/// names are in other alphabets.
#[test]
fn the_grammar_scopes_the_notations_examples_as_the_parser_reads_them() {
    let notation = std::fs::read_to_string(common::root().join("docs/notation.md")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let tags = "[Battle \"B\"]\n[Site \"S\"]\n[Date \"2024-11-02\"]\n[Rules \"mass-combat/a\"]\n[Sides \"Saxons Normans\"]\n[Result \"*\"]\n\n";
    let mut files = Vec::new();
    for (n, block) in notation.split("```sbn\n").skip(1).enumerate() {
        let block = &block[..block.find("```").unwrap()];
        let text = if block.trim_start().starts_with(['[', ';']) {
            block.to_owned()
        } else {
            format!("{tags}{block}")
        };
        let file = dir.path().join(format!("example-{}.sbn", n + 1));
        std::fs::write(&file, text).unwrap();
        files.push(file);
    }
    assert!(files.len() > 20, "only {} examples", files.len());
    // Names in other alphabets: words are letters of any, columns UTF-16.
    let file = dir.path().join("unicode.sbn");
    std::fs::write(
        &file,
        format!(
            "{tags}map hex 12x10 parity odd\narmy Saxons \"Æthelstan's Fyrd\" leader \"Æthelstan\"\n  unit Æ1 \"Fyrð\" light-infantry B size=1000\narmy Normans \"Bretons\" leader \"Alan\"\n  unit Ω \"Knights\" heavy-cavalry B size=500\ndeploy Saxons Æ1@0604\ndeploy Normans Ω@0609\nfirst Saxons turn\n\n1. Saxons {{ “quoted” }}\n  movement:\n    Æ1 hold ; ✓\n1. Normans\n  movement:\n    Ω charge Æ1 0609-0608 > Saxons.Æ1 endure-charge!?\n"
        ),
    )
    .unwrap();
    files.push(file);
    let (checked, failures) = compare_with_parser(&files);
    assert!(
        failures.is_empty(),
        "{} of {checked} atoms and comments:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!(
        "the grammar agrees with the parser on {checked} atoms and comments of {} examples",
        files.len()
    );
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

/// One sample of the Neovim check: an edit that breaks a rule (`old` to
/// `new` on the line holding `line`) and the code the engine gives it; a
/// hover on `hover` (a unit id) on that line and a completion on a new
/// line opened before it.
struct Plan {
    sample: &'static str,
    line: &'static str,
    old: &'static str,
    new: &'static str,
    code: &'static str,
    hover: &'static str,
    /// The hover's heading (side and id) and a status it shows.
    unit: &'static str,
    status: &'static str,
    /// The completion item offered for the action written there: the line
    /// itself on a grid, the rules' own distances and dice elsewhere.
    offered: &'static str,
}

const PLANS: [Plan; 5] = [
    Plan {
        sample: "hastings.sbn",
        line: "VI resolve VI > VI lose => attack=6 defense=6",
        old: "defense=6",
        new: "defense=5",
        code: "mass-combat::wrong-outcome",
        hover: "VI",
        unit: "Normans VI",
        status: "active",
        offered: "VI resolve VI => attack=6 defense=6",
    },
    Plan {
        sample: "fulford.sbn",
        line: "I resolve I > I lose => attack=6 defense=1",
        old: "defense=1",
        new: "defense=4",
        code: "mass-combat::wrong-outcome",
        hover: "I",
        unit: "Norse I",
        status: "active",
        offered: "I resolve I => attack=6 defense=1",
    },
    Plan {
        sample: "hastings-1066-st.sbn",
        line: "BF1 melee F2 d6:2 => diff=+1 BF1 routed",
        old: "diff=+1",
        new: "diff=+2",
        code: "hastings-1066::diff-mismatch",
        hover: "BF1",
        unit: "Normans BF1",
        status: "routed",
        offered: "BF1 melee F2 d6:2 => diff=+1 BF1 routed",
    },
    Plan {
        sample: "usk-ford.sbn",
        line: "K2 move 10in fast => K2@31x15in^90deg",
        old: "31x15in",
        new: "31x16in",
        code: "feudal-ohw::wrong-position",
        hover: "K2",
        unit: "Angevins K2",
        status: "active",
        offered: "K2 move 5in",
    },
    Plan {
        sample: "harrow-ford.sbn",
        line: "A attack R1 d20:14 damage=31 => R1 hp=59",
        old: "hp=59",
        new: "hp=58",
        code: "tdgs::wrong-hp",
        hover: "A",
        unit: "Crown A",
        status: "active",
        offered: "A attack R1 d20:2 damage=1 => hit",
    },
];

/// The Neovim to run: `SENLAC_TEST_NVIM` (to try another version), else
/// `nvim` on PATH.
fn nvim() -> PathBuf {
    if let Some(nvim) = std::env::var_os("SENLAC_TEST_NVIM") {
        return PathBuf::from(nvim);
    }
    let out = Command::new("sh")
        .args(["-c", "command -v nvim"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "no nvim found: `apt-get install neovim`, or run .ci/run, which installs it"
    );
    PathBuf::from(String::from_utf8_lossy(&out.stdout).trim())
}

/// Runs tests/editor/nvim-check.lua in `nvim --headless` on the plans;
/// returns what it wrote.
fn run_neovim(plans: &[Plan]) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let root = common::root().canonicalize().unwrap();
    let samples: Vec<Value> = plans
        .iter()
        .map(|plan| {
            let file = root.join("samples").join(plan.sample);
            let text = std::fs::read_to_string(&file).unwrap();
            let (n, line) = text
                .lines()
                .enumerate()
                .find(|(_, l)| l.trim_start().starts_with(plan.line))
                .unwrap_or_else(|| panic!("{} has no line `{}`", plan.sample, plan.line));
            let col = line.find(plan.old).unwrap();
            let indent = line.len() - line.trim_start().len();
            let hover = indent
                + plan.line.find(&format!("{} ", plan.hover)).unwrap()
                + plan.hover.len() / 2;
            let utf16 = |byte: usize| line[..byte].encode_utf16().count();
            serde_json::json!({
                "file": file,
                "edit": { "line": n, "col": col, "old": plan.old, "new": plan.new },
                "hover": { "line": n, "character": utf16(hover) },
                "completion": { "line": n, "indent": &line[..indent] },
            })
        })
        .collect();
    let out = dir.path().join("results.json");
    let plan = dir.path().join("plan.json");
    let plan_json = serde_json::json!({
        "senlac": env!("CARGO_BIN_EXE_senlac"),
        "root": root,
        "out": out,
        "samples": samples,
    });
    std::fs::write(&plan, plan_json.to_string()).unwrap();
    let mut child = Command::new(nvim())
        .args(["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c"])
        .arg(format!(
            "luafile {}",
            root.join("tests/editor/nvim-check.lua").display()
        ))
        .env("NVIM_CHECK", &plan)
        .current_dir(dir.path())
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // The script quits by itself; a Neovim stuck at a prompt is killed
    // rather than left to hang the suite (each wait in the script is bounded).
    let mut waited = 0;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if waited > 600 {
            child.kill().unwrap();
            panic!("nvim did not quit");
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
        waited += 1;
    };
    let results = std::fs::read_to_string(&out)
        .unwrap_or_else(|e| panic!("nvim ({status}) wrote no results: {e}"));
    // Kept where a person can read it.
    std::fs::write(
        std::env::temp_dir().join("senlac-nvim-results.json"),
        &results,
    )
    .unwrap();
    let results: Value = serde_json::from_str(&results).unwrap();
    assert!(
        status.success() && results.get("error").is_none(),
        "nvim-check.lua failed ({status}): {results:#}"
    );
    results
}

fn codes(diagnostics: &Value) -> Vec<String> {
    diagnostics
        .as_array()
        .unwrap_or_else(|| panic!("no diagnostics: {diagnostics}"))
        .iter()
        .map(|d| d["code"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// Neovim's own LSP client on `senlac lsp`, one sample of each system: the
/// sample opens clean; an edit breaking a rule gets that rule's code at the
/// edit's line, and undoing it clears it; a hover on a unit id names the
/// unit and its status there; a completion on a new line before an action offers
/// that action among the legal ones (on a table or with dice, the same
/// unit's same verb at the rules' own figures). Prints the latencies Neovim saw
/// (not asserted).
#[test]
fn neovim_checks_every_system_through_senlac_lsp() {
    let results = run_neovim(&PLANS);
    let mut latencies = Vec::new();
    for (plan, got) in PLANS.iter().zip(results["samples"].as_array().unwrap()) {
        let name = plan.sample;
        assert_eq!(codes(&got["opened"]), Vec::<String>::new(), "{name} opened");
        let broken = codes(&got["broken"]);
        assert_eq!(broken, vec![plan.code], "{name} broken: {got:#}");
        let line = got["broken"][0]["line"].as_u64().unwrap();
        let text = std::fs::read_to_string(common::root().join("samples").join(name)).unwrap();
        let at = text
            .lines()
            .position(|l| l.trim_start().starts_with(plan.line))
            .unwrap();
        assert_eq!(
            line as usize, at,
            "{name}: the code stands on the edited line"
        );
        assert_eq!(codes(&got["fixed"]), Vec::<String>::new(), "{name} fixed");
        assert_eq!(got["shown"], 0, "{name}: Neovim still shows diagnostics");
        let hover = got["hover"]
            .as_str()
            .unwrap_or_else(|| panic!("{name}: no hover: {got:#}"));
        assert!(
            hover.starts_with(&format!("**{}**", plan.unit))
                && hover.contains(&format!("- status: {}\n", plan.status)),
            "{name}: the hover does not show {} {}:\n{hover}",
            plan.unit,
            plan.status
        );
        let completion: Vec<&str> = got["completion"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        assert!(
            completion.iter().any(|c| c.starts_with(plan.offered)),
            "{name}: the completion before `{}` does not offer `{}`: {completion:?}",
            plan.line,
            plan.offered
        );
        latencies.push(format!(
            "{name}: open {:.1} ms, didChange→diagnostics {:.1} ms (break) {:.1} ms (fix), hover {:.1} ms, completion {:.1} ms",
            got["open_ms"].as_f64().unwrap(),
            got["broken_ms"].as_f64().unwrap(),
            got["fixed_ms"].as_f64().unwrap(),
            got["hover_ms"].as_f64().unwrap(),
            got["completion_ms"].as_f64().unwrap(),
        ));
    }
    eprintln!(
        "Neovim {} on senlac lsp (initialize {:.1} ms):\n{}",
        results["nvim"].as_str().unwrap(),
        results["initialize_ms"].as_f64().unwrap_or(f64::NAN),
        latencies.join("\n")
    );
}

/// The VS Code extension's manifest holds together: `.sbn` is its language,
/// the grammar it names exists under the scope it declares, the server
/// path setting defaults to `senlac`, the client starts `lsp` on it, and
/// the client library is locked at the version the manifest asks for.
#[test]
fn the_vscode_extension_declares_the_language_the_grammar_and_the_server() {
    let dir = common::root().join("editors/vscode");
    let read = |name: &str| -> Value {
        serde_json::from_str(&std::fs::read_to_string(dir.join(name)).unwrap()).unwrap()
    };
    let manifest = read("package.json");
    let contributes = &manifest["contributes"];
    assert_eq!(contributes["languages"][0]["id"], "sbn");
    assert_eq!(
        contributes["languages"][0]["extensions"],
        serde_json::json!([".sbn"])
    );
    let grammar = &contributes["grammars"][0];
    assert_eq!(grammar["language"], "sbn");
    let tm = read(grammar["path"].as_str().unwrap());
    assert_eq!(grammar["scopeName"], tm["scopeName"]);
    assert_eq!(tm["scopeName"], "source.sbn");
    let setting = &contributes["configuration"]["properties"]["senlac.server.path"];
    assert_eq!(setting["default"], "senlac");
    let main = std::fs::read_to_string(dir.join(manifest["main"].as_str().unwrap())).unwrap();
    assert!(main.contains("get('server.path')") && main.contains("args: ['lsp']"));
    let config = read(
        contributes["languages"][0]["configuration"]
            .as_str()
            .unwrap(),
    );
    assert_eq!(config["comments"]["lineComment"], ";");
    assert_eq!(
        config["comments"]["blockComment"],
        serde_json::json!(["{", "}"])
    );
    let lock = read("package-lock.json");
    let wanted = &manifest["dependencies"]["vscode-languageclient"];
    assert_eq!(
        &lock["packages"]["node_modules/vscode-languageclient"]["version"],
        wanted
    );
}
