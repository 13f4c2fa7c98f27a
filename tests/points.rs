//! Points tied to the text: `line:N` (the state after the action on line N
//! of the file), `line:N-` (before it) and `action:N` (after the main line's
//! Nth action), in `show`, `diff`, `render` and `moves`; inside a variation,
//! the variation's own state; and what is said of a point the battle never
//! reaches or a point written almost right.

use std::path::Path;

mod common;
use common::{root, senlac_in_root, stdout_of};

const HASTINGS: &str = "samples/hastings.sbn";

/// The Hastings sample with a variation of two moves after the Normans'
/// first movement, and inside it a variation of the second: written to
/// `dir`, whose path is returned with the log's lines of the three moves.
fn with_variations(dir: &Path) -> (String, [u32; 3]) {
    let sample = std::fs::read_to_string(root().join(HASTINGS)).unwrap();
    let main = "    III+IV+V+VI+VII hold\n\n; Left";
    assert!(sample.contains(main));
    let log = sample.replacen(
        main,
        "    III+IV+V+VI+VII hold\n    (\n      III advance 0507-0506\n      IV advance 0607-0606\n      ( V advance 0707-0706 )\n    )\n\n; Left",
        1,
    );
    let line_of = |text: &str| {
        let at = log.find(text).unwrap();
        u32::try_from(log[..at].matches('\n').count() + 1).unwrap()
    };
    let lines = [
        line_of("III advance 0507-0506"),
        line_of("IV advance 0607-0606\n"),
        line_of("V advance 0707-0706"),
    ];
    let path = dir.join("variations.sbn");
    std::fs::write(&path, &log).unwrap();
    (path.to_str().unwrap().to_string(), lines)
}

/// The hex a unit of `side` stands on in `show`'s text.
fn hex_of(table: &str, side: &str, id: &str) -> String {
    let block = table.split(&format!("\n{side}\n")).nth(1).unwrap();
    let row = block
        .lines()
        .find(|l| l.split_whitespace().next() == Some(id))
        .unwrap();
    row.split_whitespace().rev().nth(1).unwrap().to_string()
}

#[test]
fn a_line_names_the_state_after_its_action_and_before_it() {
    // Line 64 of the sample: `I+II rout`, the Fyrd's early desertion.
    let after = stdout_of(&["show", HASTINGS, "--at", "line:64"]);
    let before = stdout_of(&["show", HASTINGS, "--at", "line:64-"]);
    let row = |table: &str| {
        table
            .lines()
            .find(|l| l.starts_with("I  "))
            .unwrap()
            .to_string()
    };
    assert!(row(&after).ends_with("routed"), "{after}");
    assert!(row(&before).ends_with("active"), "{before}");
    let diff = stdout_of(&["diff", HASTINGS, "--from", "line:64-", "--to", "line:64"]);
    assert_eq!(
        diff,
        "line:64- → line:64\n  Saxons I   status active → routed\n  Saxons II  status active → routed\n\n"
    );
    // The same action by its number on the main line.
    let sixth = stdout_of(&["show", HASTINGS, "--at", "action:6"]);
    assert_eq!(
        sixth.replace("action:6", "line:64"),
        after,
        "action 6 is on line 64"
    );
}

#[test]
fn show_at_a_line_inside_a_variation_shows_the_variation() {
    let dir = tempfile::tempdir().unwrap();
    let (path, [iii, iv, v]) = with_variations(dir.path());
    let at = |point: String| stdout_of(&["show", &path, "--at", &point]);
    // The variation's first move: III on the hill's edge, IV still at home.
    let first = at(format!("line:{iii}"));
    assert_eq!(hex_of(&first, "Normans", "III"), "0506");
    assert_eq!(hex_of(&first, "Normans", "IV"), "0607");
    // Its second: IV follows.
    let second = at(format!("line:{iv}"));
    assert_eq!(hex_of(&second, "Normans", "IV"), "0606");
    // The variation inside it replaces IV's move with V's.
    let nested = at(format!("line:{v}"));
    assert_eq!(hex_of(&nested, "Normans", "III"), "0506");
    assert_eq!(hex_of(&nested, "Normans", "IV"), "0607");
    assert_eq!(hex_of(&nested, "Normans", "V"), "0706");
    // Before the nested move: after III's, in the outer variation.
    let before = at(format!("line:{v}-"));
    assert_eq!(hex_of(&before, "Normans", "V"), "0707");
    assert_eq!(hex_of(&before, "Normans", "III"), "0506");
    // The main line never moved them: the turn's end stands as it was.
    let main = at("1.Normans".to_string());
    assert_eq!(hex_of(&main, "Normans", "III"), "0507");
    insta::assert_snapshot!(
        "show_at_a_line_in_a_nested_variation",
        nested.replace(&path, "variations.sbn")
    );
}

#[test]
fn moves_at_a_line_inside_a_variation_list_what_may_follow_there() {
    let dir = tempfile::tempdir().unwrap();
    let (path, [iii, _, _]) = with_variations(dir.path());
    let listed = stdout_of(&["moves", &path, "--at", &format!("line:{iii}")]);
    // III has moved in the variation: it may not move again.
    assert!(!listed.contains("III advance"), "{listed}");
    let words = |l: &str| l.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        listed.lines().any(|l| words(l) == "IV advance 0606 0c"),
        "{listed}"
    );
}

#[test]
fn a_point_the_battle_never_reaches_says_where_its_actions_are() {
    for (point, said) in [
        (
            "line:62",
            "line 62 holds no action; the nearest are on lines 57 and 64 (`line:57`, `line:64`)",
        ),
        (
            "line:4",
            "line 4 is in the setup: use `setup`; the first action is on line 50 (`line:50`)",
        ),
        (
            "line:999",
            "the battle ends on line 202; its last action is on line 201 (`line:201`)",
        ),
        (
            "action:999",
            "the battle has 81 actions: the last is `action:81`, on line 201",
        ),
        ("line42", "`line42` is not a point; did you mean `line:42`?"),
        (
            "Line:42-",
            "`Line:42-` is not a point; did you mean `line:42-`?",
        ),
        (
            "action 3",
            "`action 3` is not a point; did you mean `action:3`?",
        ),
        (
            "line:0",
            "`line:0` is not a point: use setup, T, T.SIDE, T.SIDE.PHASE, fig:NAME, line:N, line:N-, action:N or end",
        ),
    ] {
        for command in ["show", "moves"] {
            let out = senlac_in_root(&[command, HASTINGS, "--at", point]);
            assert_eq!(out.status.code(), Some(2), "{command} {point}");
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(stderr.contains(said), "{command} {point}: {stderr}");
        }
    }
}

#[test]
fn a_line_of_a_later_battle_counts_the_file_s_lines() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two.sbn");
    let sample = std::fs::read_to_string(root().join(HASTINGS)).unwrap();
    let fulford = std::fs::read_to_string(root().join("samples/fulford.sbn")).unwrap();
    let two = format!("{fulford}\n{sample}");
    std::fs::write(&path, &two).unwrap();
    // The sample's line 64 is the file's line 64 plus Fulford's lines and the blank.
    let shift = fulford.matches('\n').count() + 1;
    let path = path.to_str().unwrap();
    let point = format!("line:{}", 64 + shift);
    let in_file = stdout_of(&["show", path, "--battle", "2", "--at", &point]);
    let alone = stdout_of(&["show", HASTINGS, "--at", "line:64"]);
    assert_eq!(in_file.replace(&point, "line:64"), alone);
    // The battle starts at its first tag; the comment above it is Fulford's.
    let start = sample
        .lines()
        .position(|l| l.starts_with("[Battle"))
        .unwrap()
        + 1
        + shift;
    let out = senlac_in_root(&["show", path, "--battle", "2", "--at", "line:3"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "line 3 comes before this battle, which starts on line {start}"
        )),
        "{stderr}"
    );
}

#[test]
fn render_draws_a_line_and_refuses_one_in_a_variation() {
    let dir = tempfile::tempdir().unwrap();
    let out = senlac_in_root(&[
        "render",
        HASTINGS,
        "-o",
        dir.path().to_str().unwrap(),
        "--at",
        "line:64",
        "action:5",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let drawn = std::fs::read_to_string(dir.path().join("line-0064.svg")).unwrap();
    assert!(
        drawn.contains("Turn 2 · Saxons · Movement · line 64"),
        "the caption names the line"
    );
    assert!(dir.path().join("action-0005.svg").exists());
    let (path, [iii, _, _]) = with_variations(dir.path());
    let out = senlac_in_root(&[
        "render",
        &path,
        "-o",
        dir.path().to_str().unwrap(),
        "--at",
        &format!("line:{iii}"),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is in a variation"));
}

/// Points are found through an index, and a byte's state by a binary
/// search: the same answers as the scans they replace (the last label of a
/// point, the first figure of a name, the last action starting at or
/// before the byte), on every sample and the Hastings log with nested
/// variations, at every label, figure and byte.
#[test]
fn indexed_points_agree_with_a_scan_of_the_timeline() {
    let dir = tempfile::tempdir().unwrap();
    let (varied, _) = with_variations(dir.path());
    let mut logs: Vec<String> = ["hastings", "fulford", "harrow-ford", "hastings-1066-st"]
        .iter()
        .map(|name| std::fs::read_to_string(root().join(format!("samples/{name}.sbn"))).unwrap())
        .collect();
    logs.push(std::fs::read_to_string(varied).unwrap());
    for text in &logs {
        let archive = senlac_notation::parse(text);
        let battle = &archive.battles[0];
        let game = senlac_engine::check(battle, senlac_engine::Config::TIMELINE).unwrap();
        for (point, _) in game.labels() {
            let last = game
                .labels()
                .iter()
                .rev()
                .find(|(p, _)| p == point)
                .unwrap()
                .1;
            assert_eq!(game.locate(point).map(|at| at.index), Some(last), "{point}");
        }
        for figure in game.figures() {
            let first = game
                .figures()
                .iter()
                .find(|f| f.name == figure.name)
                .unwrap();
            let point = senlac_engine::Point::Figure(figure.name.clone());
            assert_eq!(game.locate(&point).map(|at| at.index), Some(first.state));
        }
        let mut checked = 0;
        for offset in battle.span.start..battle.span.end {
            let at = game.index_at(offset);
            // The line the byte stands in: its actions are states 1..len.
            let line = at.branch.map(|b| game.branch(b).unwrap());
            let line = line.as_deref().unwrap_or(game.as_ref());
            let len = match at.branch {
                None => line.len().saturating_sub(1),
                Some(_) => line.len(),
            };
            let started = |i: usize| line.step_source(i).unwrap().span.start <= offset;
            let scanned = (1..len).take_while(|&i| started(i)).last().unwrap_or(0);
            assert_eq!(at.index, scanned, "byte {offset}");
            checked += 1;
        }
        assert!(checked > 1000, "{checked}");
    }
}
