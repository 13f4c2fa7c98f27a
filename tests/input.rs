//! Diagnostics that help (issue 10): input senlac must take as it comes (a
//! byte order mark, CRLF, standard input, an archive with an unclosed
//! comment), output that shows what it means (fmt's diff, a fix's title, a
//! position on a line the file has), `lint --fix`, and suggestions.

mod common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::root;

fn senlac(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_senlac"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("the senlac binary runs")
}

/// Runs senlac with `input` on standard input.
fn senlac_with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_senlac"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the senlac binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn fulford() -> String {
    std::fs::read_to_string(root().join("samples/fulford.sbn")).unwrap()
}

/// Writes `contents` to `name` in a fresh directory.
fn file(name: &str, contents: impl AsRef<[u8]>) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, contents).unwrap();
    (dir, path)
}

fn arg(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn a_byte_order_mark_is_skipped_and_fmt_keeps_it() {
    let (_dir, path) = file("bom.sbn", format!("\u{feff}{}", fulford()));
    let lint = senlac(&["lint", "--format", "short", arg(&path)]);
    assert_eq!(lint.status.code(), Some(0), "{}", text(&lint.stdout));
    assert!(text(&lint.stderr).contains("1 battle, 10 actions: 0 errors"));
    let check = senlac(&["fmt", "--check", arg(&path)]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stdout));

    let (_dir, messy) = file(
        "messy.sbn",
        format!("\u{feff}{}", fulford().replace("  movement:", "movement:")),
    );
    let run = senlac(&["fmt", arg(&messy)]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert_eq!(
        std::fs::read_to_string(&messy).unwrap(),
        format!("\u{feff}{}", fulford())
    );
}

/// Three battles, the first with a `{` never closed: one error, at the `{`,
/// and all three battles read, in one chunk or across the stream's chunks.
#[test]
fn an_unclosed_comment_swallows_no_battle_of_an_archive() {
    let clean = without_comments(&fulford());
    assert!(!clean.contains(['{', '}']));
    let broken = clean.replacen("    III wait\n", "    III wait { the archers wait\n", 1);
    let archive = format!("{broken}\n{clean}\n{clean}");
    let (_dir, path) = file("archive.sbn", &archive);
    let lint = senlac(&["lint", "--format", "short", arg(&path)]);
    assert_eq!(lint.status.code(), Some(1));
    let line = archive[..archive.find("{ the archers").unwrap()]
        .matches('\n')
        .count()
        + 1;
    assert_eq!(
        text(&lint.stdout),
        format!(
            "{}:{line}:14: error[notation::unclosed-comment]: comment is never closed\n",
            arg(&path)
        )
    );
    assert!(
        text(&lint.stderr).contains("3 battles, 23 actions: 1 error"),
        "{}",
        text(&lint.stderr)
    );

    // Larger than the stream's 1 MiB chunk: the chunker finds the same
    // boundaries as the parser of the whole text.
    let mut big = broken.clone();
    while big.len() < 3 << 20 {
        big.push('\n');
        big.push_str(&clean);
    }
    let battles = senlac_notation::parse(&big).battles.len();
    let (_dir, path) = file("big.sbn", &big);
    let lint = senlac(&["lint", "--format", "short", arg(&path)]);
    assert_eq!(
        text(&lint.stdout).lines().count(),
        1,
        "{}",
        text(&lint.stdout)
    );
    assert!(
        text(&lint.stderr).contains(&format!("{battles} battles, ")),
        "{} (the parser finds {battles})",
        text(&lint.stderr)
    );
}

#[test]
fn lint_and_fmt_read_standard_input() {
    let clean = fulford();
    let lint = senlac_with_stdin(&["lint", "-"], clean.as_bytes());
    assert_eq!(lint.status.code(), Some(0), "{}", text(&lint.stderr));
    assert!(text(&lint.stderr).contains("1 file, 1 battle, 10 actions: 0 errors"));

    let broken = clean.replace("    II hold\n", "    II\n");
    let lint = senlac_with_stdin(&["lint", "--format", "short", "-"], broken.as_bytes());
    assert_eq!(lint.status.code(), Some(1));
    assert!(
        text(&lint.stdout).starts_with("<stdin>:42:5: error[notation::missing-verb]"),
        "{}",
        text(&lint.stdout)
    );

    let messy = clean.replace("  movement:", "movement:");
    let fmt = senlac_with_stdin(&["fmt", "-"], messy.as_bytes());
    assert_eq!(fmt.status.code(), Some(0), "{}", text(&fmt.stderr));
    assert_eq!(text(&fmt.stdout), clean);

    let check = senlac_with_stdin(&["fmt", "--check", "-"], messy.as_bytes());
    assert_eq!(check.status.code(), Some(1));
    assert!(text(&check.stdout).contains("-movement:\n+  movement:\n"));
    let check = senlac_with_stdin(&["fmt", "--check", "-"], clean.as_bytes());
    assert_eq!(check.status.code(), Some(0));
    assert_eq!(text(&check.stdout), "");

    let refused = senlac_with_stdin(&["fmt", "-"], broken.as_bytes());
    assert_eq!(refused.status.code(), Some(1));
    assert_eq!(
        text(&refused.stdout),
        "",
        "nothing written for a broken log"
    );
    assert!(text(&refused.stderr).contains("<stdin>: not formatted"));
}

#[test]
fn fmt_check_shows_the_diff_it_would_make() {
    let messy = fulford().replacen("1. Norse\n  movement:", "1.   Norse\nmovement:", 1);
    let (_dir, path) = file("fulford.sbn", &messy);
    let check = senlac(&["fmt", "--check", arg(&path)]);
    assert_eq!(check.status.code(), Some(1));
    let name = arg(&path);
    let expected = format!(
        "--- {name}\n+++ {name}\n@@ -26,8 +26,8 @@\n deploy Norse I@0507 II@0407 III@0508\n deploy Northumbrians I@0504 II@0604\n \n-1.   Norse\n-movement:\n+1. Norse\n+  movement:\n     I advance 0506-0505\n     II advance 0406-0405\n     III wait\nwould reformat {name}\n"
    );
    assert_eq!(text(&check.stdout), expected);
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        messy,
        "--check wrote"
    );

    // Log text reaches the terminal escaped, in a diff too.
    let (_dir, path) = file(
        "escape.sbn",
        fulford().replacen("  movement:", "movement: ; \u{1b}[2J", 1),
    );
    let check = senlac(&["fmt", "--check", arg(&path)]);
    assert!(!text(&check.stdout).contains('\u{1b}'));
    assert!(text(&check.stdout).contains("+  movement: ; \\u{1b}[2J\n"));
}

#[test]
fn fmt_keeps_crlf_line_endings() {
    let crlf = fulford().replace('\n', "\r\n");
    let (_dir, path) = file("crlf.sbn", &crlf);
    let check = senlac(&["fmt", "--check", arg(&path)]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stdout));

    let (_dir, messy) = file("messy.sbn", crlf.replace("  movement:", "movement:"));
    let check = senlac(&["fmt", "--check", arg(&messy)]);
    assert_eq!(check.status.code(), Some(1));
    assert!(
        text(&check.stdout).contains("\n-movement:\r\n+  movement:\r\n"),
        "{}",
        text(&check.stdout)
    );
    let run = senlac(&["fmt", arg(&messy)]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert_eq!(std::fs::read_to_string(&messy).unwrap(), crlf);
}

#[test]
fn gen_replaces_an_existing_file() {
    let (_dir, path) = file("corpus.sbn", "an older corpus\n");
    let out = senlac(&["gen", "--battles", "2", "--seed", "7", "-o", arg(&path)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = senlac(&["gen", "--battles", "1", "--seed", "7", "-o", arg(&path)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = senlac(&["gen", "--battles", "1", "--seed", "7"]);
    assert_eq!(std::fs::read(&path).unwrap(), stdout.stdout);
}

#[test]
fn unknown_rules_are_checked_for_syntax_and_views_say_why_they_refuse() {
    let (_dir, path) = file(
        "crusade.sbn",
        fulford().replace("mass-combat/b", "crusade/1"),
    );
    let lint = senlac(&["lint", "--format", "short", arg(&path)]);
    assert_eq!(lint.status.code(), Some(0));
    assert_eq!(
        text(&lint.stdout),
        format!(
            "{}:8:1: warning[engine::unknown-rules]: senlac has no rules for `crusade/1`, so only the notation was checked\n",
            arg(&path)
        )
    );
    let denied = senlac(&["lint", "--deny-warnings", arg(&path)]);
    assert_eq!(denied.status.code(), Some(1));
    assert!(
        text(&denied.stderr)
            .contains("help: senlac checks: mass-combat/a, mass-combat/b, tdgs/mass-combat"),
        "{}",
        text(&denied.stderr)
    );
    let (_dir, slip) = file(
        "slip.sbn",
        fulford().replace("mass-combat/b", "Mass-Combat/B"),
    );
    let lint = senlac(&["lint", arg(&slip)]);
    assert!(
        text(&lint.stderr).contains(
            "help: did you mean `mass-combat/b`? senlac checks: mass-combat/a, mass-combat/b, tdgs/mass-combat"
        ),
        "{}",
        text(&lint.stderr)
    );
    let show = senlac(&["show", arg(&path)]);
    assert_eq!(show.status.code(), Some(1));
    assert_eq!(
        text(&show.stderr),
        format!(
            "error: {}: senlac has no rules for `crusade/1`, so it cannot replay this battle (senlac checks: mass-combat/a, mass-combat/b, tdgs/mass-combat, hastings-1066/st, feudal/ohw); `senlac lint` still checks its notation\n",
            arg(&path)
        )
    );
}

/// Every page `senlac man` refers to, `man --dir` writes.
#[test]
fn man_dir_writes_every_page_the_man_page_names() {
    let dir = tempfile::tempdir().unwrap();
    let out = senlac(&["man", "--dir", arg(dir.path())]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let main = std::fs::read_to_string(dir.path().join("senlac.1")).unwrap();
    let named: Vec<String> = main
        .split("senlac\\-")
        .skip(1)
        .filter_map(|rest| rest.split_once("(1)").map(|(name, _)| name.to_string()))
        .collect();
    assert!(named.len() >= 10, "{named:?}");
    for name in named {
        let page = dir.path().join(format!("senlac-{name}.1"));
        let roff = std::fs::read_to_string(&page)
            .unwrap_or_else(|e| panic!("senlac(1) names senlac-{name}(1): {e}"));
        assert!(roff.contains(&format!("senlac\\-{name} \\-")), "{roff}");
    }
    let lint = std::fs::read_to_string(dir.path().join("senlac-lint.1")).unwrap();
    assert!(lint.contains("\\-\\-fix"));
}

/// The message and the label of `invalid-utf8` quote the same offset, the
/// file's, also in a battle the stream reads in a later chunk.
#[test]
fn invalid_utf8_quotes_the_file_offset_in_a_later_chunk() {
    let clean = fulford();
    let mut bytes = Vec::new();
    while bytes.len() < 3 << 20 {
        bytes.extend_from_slice(clean.as_bytes());
        bytes.push(b'\n');
    }
    let bad = bytes.len() + clean.find("III wait").unwrap();
    bytes.extend_from_slice(clean.replace("III wait", "III w\u{1}ait").as_bytes());
    bytes[bad + 5] = 0xff;
    let (_dir, path) = file("big.sbn", &bytes);
    let out = senlac(&["lint", "--format", "json", arg(&path)]);
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let utf8: Vec<&serde_json::Value> = lines
        .iter()
        .filter(|l| l["code"] == "notation::invalid-utf8")
        .collect();
    assert_eq!(utf8.len(), 1, "{lines:?}");
    assert_eq!(utf8[0]["labels"][0]["start"], bad + 5);
    assert_eq!(
        utf8[0]["message"],
        format!("invalid UTF-8 at byte {} of the file", bad + 5)
    );
}

/// A diagnostic at the end of a file that ends with a newline points at the
/// end of the last line, not at a line after it.
#[test]
fn a_diagnostic_at_the_end_points_at_the_last_line() {
    let (_dir, path) = file("short.sbn", fulford().replace("    II hold\n", "") + "\n\n");
    let lines = std::fs::read_to_string(&path).unwrap().lines().count();
    assert_eq!(lines, 47);
    let out = senlac(&["lint", "--format", "short", arg(&path)]);
    assert_eq!(
        text(&out.stdout),
        format!(
            "{}:45:82: error[mass-combat::missing-action]: Northumbrians II took no movement action in turn 1\n",
            arg(&path)
        )
    );
    let human = senlac(&["lint", arg(&path)]);
    assert!(
        text(&human.stderr).contains(&format!("╭─[{}:45:82]", arg(&path))),
        "{}",
        text(&human.stderr)
    );
}

fn broken_fulford() -> String {
    fulford()
        .replace("[Date \"1066-09-20\"]", "[Date 1066-09-20]")
        .replace("\n1. Norse\n", "\n1 Norse\n")
        .replace("I attack I > I defend", "I attack I>I defend")
}

/// `text` without its brace comments.
fn without_comments(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find(" {") {
        out.push_str(&rest[..open]);
        let close = rest[open..].find('}').unwrap();
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

#[test]
fn fixes_are_shown_with_their_title_in_text_and_json() {
    let (_dir, path) = file("broken.sbn", broken_fulford());
    let human = senlac(&["lint", arg(&path)]);
    assert_eq!(human.status.code(), Some(1));
    let stderr = text(&human.stderr);
    assert!(
        stderr.contains("fix: insert `.` after the turn number (senlac lint --fix)"),
        "{stderr}"
    );
    assert!(stderr.contains("fix: put spaces around `>` (senlac lint --fix)"));
    assert!(stderr.contains("3 of them can be fixed by `senlac lint --fix`"));

    let json = senlac(&["lint", "--format", "json", arg(&path)]);
    let lines: Vec<serde_json::Value> = text(&json.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    let dot = &lines[1];
    assert_eq!(dot["code"], "notation::missing-turn-dot");
    let source = broken_fulford();
    let at = source.find("\n1 Norse").unwrap() + 2;
    assert_eq!(
        dot["fix"],
        serde_json::json!({
            "title": "insert `.` after the turn number",
            "replacement": ".",
            "start": at,
            "end": at,
            "line": 29,
            "column": 2,
            "end_line": 29,
            "end_column": 2,
        })
    );
    assert_eq!(lines[2]["fix"]["replacement"], "I > I");
}

#[test]
fn lint_fix_applies_every_fix_atomically_and_reports_what_is_left() {
    // Three certain fixes, and one missing verb nobody can guess.
    let broken = broken_fulford().replace("    II hold\n", "    II\n");
    let (dir, path) = file("broken.sbn", &broken);
    #[cfg(unix)]
    let link = {
        let link = dir.path().join("link.sbn");
        std::os::unix::fs::symlink("broken.sbn", &link).unwrap();
        link
    };
    #[cfg(not(unix))]
    let link = path.clone();
    let _ = &dir;
    let out = senlac(&["lint", "--fix", "--format", "short", arg(&link)]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        fulford().replace("    II hold\n", "    II\n")
    );
    #[cfg(unix)]
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink(),
        "the link is kept"
    );
    assert_eq!(
        text(&out.stdout),
        format!(
            "{}:42:5: error[notation::missing-verb]: action by `II` has no verb\n",
            arg(&link)
        )
    );
    assert!(
        text(&out.stderr).contains("3 fixes applied, 1 problem left"),
        "{}",
        text(&out.stderr)
    );

    // Nothing left to fix: the file is not touched, the run is clean.
    let (_dir, clean) = file("clean.sbn", fulford());
    let out = senlac(&["lint", "--fix", arg(&clean)]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stderr).contains("0 fixes applied, 0 problems left"));

    let stdin = senlac_with_stdin(&["lint", "--fix", "-"], fulford().as_bytes());
    assert_eq!(stdin.status.code(), Some(2));

    // Bytes that are not UTF-8 cannot be written back as they were: the
    // file is left alone, and the run says so.
    let mut bytes = broken_fulford().into_bytes();
    bytes.extend_from_slice(b"; caf\xe9\n");
    let (_dir, latin) = file("latin1.sbn", &bytes);
    let out = senlac(&["lint", "--fix", arg(&latin)]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read(&latin).unwrap(), bytes);
    assert!(
        text(&out.stderr).contains("not fixed: it is not UTF-8 text"),
        "{}",
        text(&out.stderr)
    );
}

/// A rule system's violation can carry a fix too: the example system's
/// unknown verb, when it is a slip of `move`. `--fix` applies it on a
/// battle whose syntax is sound, after the syntax fixes of an earlier pass.
#[test]
fn lint_fix_applies_the_rules_fixes_after_the_syntax_ones() {
    let duel = std::fs::read_to_string(root().join("tests/data/example/duel.sbn")).unwrap();
    let broken = duel
        .replace("  II move 0202", "  II mvoe 0202")
        .replace("\n2. Red\n", "\n2 Red\n");
    assert_ne!(broken, duel);
    let (_dir, path) = file("duel.sbn", &broken);
    let json = senlac(&["lint", "--format", "json", arg(&path)]);
    let first: serde_json::Value =
        serde_json::from_str(text(&json.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(first["code"], "notation::missing-turn-dot", "{first}");
    let out = senlac(&["lint", "--fix", arg(&path)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("2 fixes applied, 0 problems left"));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), duel);

    let (_dir, path) = file("duel.sbn", duel.replace("  II move 0202", "  II mvoe 0202"));
    let json = senlac(&["lint", "--format", "json", arg(&path)]);
    let line: serde_json::Value = serde_json::from_str(text(&json.stdout).trim()).unwrap();
    assert_eq!(line["fix"]["title"], "write `move`");
    assert_eq!(line["fix"]["replacement"], "move");
}

#[test]
fn points_suggest_the_name_meant() {
    let hastings = root().join("samples/hastings.sbn");
    let dir = tempfile::tempdir().unwrap();
    let render = senlac(&[
        "render",
        arg(&hastings),
        "-o",
        arg(dir.path()),
        "--at",
        "fig:finalcharge",
    ]);
    assert_eq!(render.status.code(), Some(2));
    assert!(
        text(&render.stderr)
            .contains("never reaches `fig:finalcharge`; did you mean `fig:finalCharge`?"),
        "{}",
        text(&render.stderr)
    );
    let render = senlac(&[
        "render",
        arg(&hastings),
        "-o",
        arg(dir.path()),
        "--at",
        "2.normans",
    ]);
    assert!(
        text(&render.stderr).contains("never reaches `2.normans`; did you mean `2.Normans`?"),
        "{}",
        text(&render.stderr)
    );
    let show = senlac(&["show", arg(&hastings), "--at", "99"]);
    assert_eq!(
        text(&show.stderr),
        format!("error: {}: the battle never reaches `99`\n", arg(&hastings))
    );
}

/// A charged infantry unit must endure the charge (or rout, which the log
/// would say): a missing `> VIII endure-charge` is certain, and
/// `lint --fix` writes it back where it belongs, before the comment.
#[test]
fn lint_fix_writes_a_missing_forced_reaction() {
    let hastings = std::fs::read_to_string(root().join("samples/hastings.sbn")).unwrap();
    let broken = hastings.replace(
        "    VI charge VIII 0304-0404 > VIII endure-charge",
        "    VI charge VIII 0304-0404",
    );
    assert_ne!(broken, hastings);
    let (_dir, path) = file("charge.sbn", &broken);
    let before = senlac(&["lint", "--format", "short", arg(&path)]);
    assert!(
        text(&before.stdout).contains("error[mass-combat::missing-reaction]: Saxons VIII owes a reaction to this action: endure-charge"),
        "{}",
        text(&before.stdout)
    );
    let fixed = senlac(&["lint", "--fix", arg(&path)]);
    assert_eq!(fixed.status.code(), Some(0), "{}", text(&fixed.stderr));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), hastings);
}

/// Runs senlac while a thread writes `input` into the FIFO at `fifo` once;
/// a run still going after a minute (waiting for a second writer that never
/// comes) is killed and fails.
#[cfg(unix)]
fn senlac_reading_fifo(args: &[&str], fifo: &Path, input: &str) -> Output {
    let (fifo_path, input) = (fifo.to_path_buf(), input.to_string());
    // Opening a FIFO to write waits for a reader; the thread is left behind
    // if none comes.
    std::thread::spawn(move || {
        let mut writer = std::fs::OpenOptions::new()
            .write(true)
            .open(fifo_path)
            .unwrap();
        let _ = writer.write_all(input.as_bytes());
    });
    let mut child = Command::new(env!("CARGO_BIN_EXE_senlac"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("senlac {args:?} still waits on the FIFO: it opened it twice");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// A FIFO gives its bytes once and is no regular file: `fmt` reads it once
/// and writes the canonical text to standard output, and `lint --fix`
/// leaves it a FIFO, lints what it read and says why it fixed nothing.
#[cfg(unix)]
#[test]
fn a_fifo_is_read_once_and_never_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("battle.sbn");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let is_fifo = || std::fs::metadata(&fifo).unwrap().file_type().is_fifo();

    let messy = fulford().replace("  movement:", "movement:");
    let fmt = senlac_reading_fifo(&["fmt", arg(&fifo)], &fifo, &messy);
    assert_eq!(fmt.status.code(), Some(0), "{}", text(&fmt.stderr));
    assert_eq!(text(&fmt.stdout), fulford());
    assert!(is_fifo());

    let check = senlac_reading_fifo(&["fmt", "--check", arg(&fifo)], &fifo, &messy);
    assert_eq!(check.status.code(), Some(1), "{}", text(&check.stderr));
    assert!(text(&check.stdout).contains("-movement:\n+  movement:\n"));

    let broken = broken_fulford().replace("    II hold\n", "    II\n");
    let fix = senlac_reading_fifo(
        &["lint", "--fix", "--format", "short", arg(&fifo)],
        &fifo,
        &broken,
    );
    assert_eq!(fix.status.code(), Some(1), "{}", text(&fix.stderr));
    assert!(is_fifo(), "the FIFO is still a FIFO");
    assert!(
        text(&fix.stdout).starts_with(&format!(
            "note: {}: not fixed: it is a FIFO, and --fix rewrites only regular files\n",
            arg(&fifo)
        )),
        "{}",
        text(&fix.stdout)
    );
    assert!(
        text(&fix.stdout).contains(":42:5: error[notation::missing-verb]"),
        "{}",
        text(&fix.stdout)
    );
}
