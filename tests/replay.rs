//! The HTML replay in a real browser (Debian's headless Chromium; `.ci/run`
//! installs it): the page loads, the right arrow moves to the next frame, and a
//! screenshot is saved; and tests/browser/replay.mjs drives it with
//! Playwright (real keys, clicks, the slider, deep links; `.ci/run` runs
//! `npm ci` there first).

use std::path::{Path, PathBuf};
use std::process::Command;

fn chromium() -> PathBuf {
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        if let Ok(out) = Command::new("sh")
            .args(["-c", &format!("command -v {name}")])
            .output()
            && out.status.success()
        {
            return PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
        }
    }
    panic!("no Chromium found: `apt-get install chromium`, or run .ci/run, which installs it");
}

fn headless(browser: &Path, profile: &Path) -> Command {
    let mut command = Command::new(browser);
    command.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--allow-file-access-from-files",
    ]);
    command.arg(format!("--user-data-dir={}", profile.display()));
    command
}

#[test]
fn the_replay_steps_forward_with_the_right_arrow() {
    let dir = tempfile::tempdir().unwrap();
    render_to(
        dir.path(),
        &[
            "render",
            "samples/hastings.sbn",
            "--at",
            "figures",
            "--html",
        ],
    );
    let page = dir.path().join("replay.html");
    let html = std::fs::read_to_string(&page).unwrap();
    for outside in ["src=\"http", "href=\"http", "url(http", "@import"] {
        assert!(
            !html.contains(outside),
            "the page must load nothing, but has {outside}"
        );
    }
    let browser = chromium();
    let profile = tempfile::tempdir().unwrap();
    let url = format!("file://{}#selftest", page.display());
    let dom = headless(&browser, profile.path())
        .args(["--virtual-time-budget=5000", "--dump-dom", &url])
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert!(
        dom.contains("data-selftest=\"pass\""),
        "the right arrow did not move to the next frame:\n{}",
        &dom[..dom.len().min(2000)]
    );
    let shot = dir.path().join("replay.png");
    let screenshot = headless(&browser, profile.path())
        .arg(format!("--screenshot={}", shot.display()))
        .arg("--window-size=1400,1000")
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap();
    assert!(
        screenshot.status.success(),
        "{}",
        String::from_utf8_lossy(&screenshot.stderr)
    );
    let png = std::fs::read(&shot).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert!(png.len() > 10_000, "an empty screenshot");
    // Keep it where a person can look at it.
    let keep = std::env::temp_dir().join("senlac-replay.png");
    std::fs::copy(&shot, &keep).unwrap();
}

/// Where tests/browser's Playwright is installed, or a panic that says how to
/// install it (the test installs nothing itself).
fn browser_tests() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/browser");
    assert!(
        dir.join("node_modules/playwright-core/package.json")
            .exists(),
        "tests/browser/node_modules is missing: run `npm ci` in tests/browser (needs node and npm), or .ci/run, which does"
    );
    dir
}

/// Drives the Hastings replay in headless Chromium through Playwright with
/// real key presses (arrows, Home, End, Space, `?`), a click in the move
/// list, a click on the slider and the deep links `#step=40`,
/// `#fig=finalCharge` and `#3.Normans.resolve`; after each, the visible
/// frame, the highlighted move, the detail's action, changes and comments
/// are the step's (the action read from the log), and the page fits
/// 1280x720 with its legend. A late step's forest is painted (pixels of a
/// screenshot). Screenshots are left in the temp dir as senlac-replay-*.png.
#[test]
fn the_replay_works_in_a_browser_driven_by_keys_clicks_and_links() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let browser = browser_tests();
    let dir = tempfile::tempdir().unwrap();
    render_to(dir.path(), &["render", "samples/hastings.sbn", "--html"]);
    let shots = dir.path().join("shots");
    std::fs::create_dir(&shots).unwrap();
    let run = Command::new("node")
        .arg(browser.join("replay.mjs"))
        .arg(dir.path().join("replay.html"))
        .arg(root.join("samples/hastings.sbn"))
        .arg(&shots)
        .env("CHROMIUM", chromium())
        .output()
        .expect("cannot run `node`: install Node.js (apt-get install nodejs npm), or run .ci/run");
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success(),
        "tests/browser/replay.mjs failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("all browser checks passed"), "{stdout}");
    eprintln!("{}", stdout.trim());
    for shot in std::fs::read_dir(&shots).unwrap() {
        let shot = shot.unwrap().path();
        let keep = std::env::temp_dir().join(format!(
            "senlac-{}",
            shot.file_name().unwrap().to_string_lossy()
        ));
        std::fs::copy(&shot, keep).unwrap();
    }
}

/// The replay on a phone (390x844), a tablet (768x1024) and a desktop
/// (1280x720), for two systems (Mass Combat's Hastings and Hastings: 1066's
/// larger map): nothing overflows, on a narrow screen the map comes first
/// and takes at least 90% of the width with the legend folded, the controls
/// stay in reach, every step's frame is shown by a tap, and the map zooms by
/// keys, the wheel and a pinch, pans by a finger and resets (real touches
/// through Chromium's input). Screenshots are left in the temp dir as
/// senlac-layout-SAMPLE-replay-SIZE.png.
#[test]
fn the_replay_fits_a_phone_a_tablet_and_a_desktop() {
    let browser = browser_tests();
    for sample in ["hastings", "hastings-1066-st"] {
        let dir = tempfile::tempdir().unwrap();
        render_to(
            dir.path(),
            &["render", &format!("samples/{sample}.sbn"), "--html"],
        );
        let shots = dir.path().join("shots");
        std::fs::create_dir(&shots).unwrap();
        let run = Command::new("node")
            .arg(browser.join("replay.mjs"))
            .arg("--layout")
            .arg(dir.path().join("replay.html"))
            .arg(&shots)
            .env("CHROMIUM", chromium())
            .output()
            .expect(
                "cannot run `node`: install Node.js (apt-get install nodejs npm), or run .ci/run",
            );
        let stdout = String::from_utf8_lossy(&run.stdout);
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(
            run.status.success(),
            "tests/browser/replay.mjs --layout on {sample} failed:\n{stdout}\n{stderr}"
        );
        assert!(stdout.contains("all layout checks passed"), "{stdout}");
        for shot in std::fs::read_dir(&shots).unwrap() {
            let shot = shot.unwrap().path();
            let keep = std::env::temp_dir().join(format!(
                "senlac-layout-{sample}-{}",
                shot.file_name().unwrap().to_string_lossy()
            ));
            std::fs::copy(&shot, keep).unwrap();
        }
    }
}

/// A variation is drawn: its moves stand under the action they replace in
/// the move list, each with a frame drawn from the state before that action
/// and its own changes; and in the browser a click shows it, the arrows walk
/// its line and step back to the main line before it.
#[test]
fn a_variation_is_a_side_line_of_frames_under_the_action_it_replaces() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let sample = std::fs::read_to_string(root.join("samples/hastings.sbn")).unwrap();
    let main = "    III+IV+V+VI+VII hold\n\n; Left";
    assert!(sample.contains(main));
    let log = sample.replacen(
        main,
        "    III+IV+V+VI+VII hold\n    (\n      III advance 0507-0506 { The Bretons try the hill. }\n      { And William follows. }\n      IV advance 0607-0606\n    )\n\n; Left",
        1,
    );
    let page = replay_page(&log);
    // 83 main-line frames (setup, 81 actions, the end), then the variation's two.
    assert!(
        page.contains(
            "III+IV+V+VI+VII hold</a><ol class=\"variation\"><li><a href=\"#step=83\" data-step=\"83\">III advance 0507-0506</a></li><li><a href=\"#step=84\" data-step=\"84\">IV advance 0607-0606</a></li></ol>"
        ),
        "no side line under the replaced action"
    );
    assert!(page.contains("id=\"frame-84\"") && !page.contains("id=\"frame-85\""));
    assert!(page.contains(
        "<div class=\"detail\" data-step=\"84\" hidden><h2>Turn 1 · Normans · Movement <small>(variation)</small></h2><p class=\"action\"><code>IV advance 0607-0606</code></p><h3>Changes</h3><ul><li>Normans IV: moves 0607 → 0606</li></ul><blockquote>And William follows.</blockquote></div>"
    ));
    assert!(page.contains("<li>Normans III: moves 0507 → 0506</li></ul><blockquote>The Bretons try the hill.</blockquote></div>"));
    // The main line goes on as if the variation had not been played.
    assert!(page.contains("<li>Normans III: moves 0507 → 0506</li></ul><blockquote>The Bretons"));

    let browser = browser_tests();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("replay.html");
    std::fs::write(&path, &page).unwrap();
    let run = Command::new("node")
        .arg(browser.join("replay.mjs"))
        .arg("--variation")
        .arg(&path)
        .env("CHROMIUM", chromium())
        .env("SHOTS", dir.path())
        .output()
        .expect("cannot run `node`: install Node.js (apt-get install nodejs npm), or run .ci/run");
    assert!(
        run.status.success(),
        "tests/browser/replay.mjs --variation failed:\n{}\n{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
}

/// A variation inside a variation is drawn under the action it replaces in
/// its own line, from the state its line reached before that action.
#[test]
fn a_nested_variation_branches_from_its_own_line() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let sample = std::fs::read_to_string(root.join("samples/hastings.sbn")).unwrap();
    let main = "    III+IV+V+VI+VII hold\n\n; Left";
    let log = sample.replacen(
        main,
        "    III+IV+V+VI+VII hold\n    (\n      III advance 0507-0506\n      IV advance 0607-0606\n      ( V advance 0707-0706 { Or the French. } )\n    )\n\n; Left",
        1,
    );
    let page = replay_page(&log);
    // The outer line's frames 83 and 84, the nested line's 85, listed under
    // the outer line's second action.
    assert!(
        page.contains(
            "<a href=\"#step=84\" data-step=\"84\">IV advance 0607-0606</a><ol class=\"variation\"><li><a href=\"#step=85\" data-step=\"85\">V advance 0707-0706</a></li></ol></li></ol>"
        ),
        "no nested side line"
    );
    assert!(page.contains("id=\"frame-85\"") && !page.contains("id=\"frame-86\""));
    // Its state before is the outer line's first action (frame 83): only V
    // moves, and III stands where the outer line put it.
    assert!(page.contains(
        "<div class=\"detail\" data-step=\"85\" hidden><h2>Turn 1 · Normans · Movement <small>(variation)</small></h2><p class=\"action\"><code>V advance 0707-0706</code></p><h3>Changes</h3><ul><li>Normans V: moves 0707 → 0706</li></ul><blockquote>Or the French.</blockquote></div>"
    ));
    let table = page
        .split("const lines = [")
        .nth(1)
        .and_then(|rest| rest.split("];").next())
        .unwrap();
    let rows: Vec<&str> = table.split("],").filter(|r| !r.is_empty()).collect();
    assert_eq!(rows.len(), 2, "{table}");
    let outer: Vec<usize> = rows[0]
        .trim_start_matches('[')
        .split(',')
        .map(|n| n.parse().unwrap())
        .collect();
    let nested: Vec<usize> = rows[1]
        .trim_start_matches('[')
        .split(',')
        .map(|n| n.parse().unwrap())
        .collect();
    // [the frame before, first frame, length, the main-line step replaced]
    assert_eq!(outer[1..3], [83, 2]);
    assert_eq!(outer[0] + 1, outer[3]);
    assert_eq!(nested, vec![83, 85, 1, outer[3]]);
}

/// A replay of `turns` turns of Hastings' armies holding: the sample's setup,
/// then nothing but holds.
fn holding_battle(turns: usize) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let sample = std::fs::read_to_string(root.join("samples/hastings.sbn")).unwrap();
    let mut text = sample[..sample.find("1. Saxons").unwrap()].to_string();
    for turn in 1..=turns {
        text.push_str(&format!(
            "{turn}. Saxons\n  movement:\n    VI+VII+VIII+IX hold\n{turn}. Normans\n  movement:\n    III+IV+V+VI+VII hold\n"
        ));
    }
    text
}

fn replay_page(log: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("battle.sbn");
    std::fs::write(&path, log).unwrap();
    let out = dir.path().join("out");
    render_to(
        &out,
        &["render", path.to_str().unwrap(), "--at", "end", "--html"],
    );
    std::fs::read_to_string(out.join("replay.html")).unwrap()
}

/// Runs `senlac ARGS -o DIR` from the repository's root; it must succeed.
fn render_to(dir: &Path, args: &[&str]) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let render = Command::new(env!("CARGO_BIN_EXE_senlac"))
        .args(args)
        .arg("-o")
        .arg(dir)
        .current_dir(&root)
        .output()
        .unwrap();
    assert_eq!(
        render.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&render.stderr)
    );
}

/// The board is drawn once: a further step costs its counters' references,
/// its line in the move list and its changes, not a map. (Each step used to
/// inline a whole SVG: a 76 KB log of 1,000 turns made a 41 MB page.)
#[test]
fn the_replay_grows_by_its_steps_not_by_a_map_a_step() {
    let short = replay_page(&holding_battle(50));
    let long = replay_page(&holding_battle(150));
    // 100 more turns, two actions each.
    let per_step = (long.len() - short.len()) / 200;
    assert!(
        per_step < 1_000,
        "each step adds {per_step} bytes ({} for 50 turns, {} for 150)",
        short.len(),
        long.len()
    );
    assert_eq!(
        long.matches("id=\"forest\"").count(),
        1,
        "terrain drawn once"
    );
}

/// Every id in the page is unique (a pattern repeated in every step could
/// not be painted once the first copy was hidden).
#[test]
fn the_replay_has_unique_ids_and_stays_small() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let page = replay_page(&std::fs::read_to_string(root.join("samples/hastings.sbn")).unwrap());
    let mut ids: Vec<&str> = page
        .split(" id=\"")
        .skip(1)
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect();
    let count = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), count, "some id is used twice");
    assert!(ids.contains(&"frame-82"), "a frame per step: {}", ids.len());
    // Pieces are built when a frame is first shown: hidden frames hold only
    // `data-href`s (the browser builds every `<use href>` as it parses).
    assert!(page.contains("<use data-href=\"#piece-"));
    assert!(!page.contains("<use href=\"#piece-"));
    assert!(
        page.len() < 400_000,
        "the Hastings replay is {} bytes",
        page.len()
    );
}

/// A replay whose page would run past 64 MB (steps × counters, each a
/// reference of at least 27 bytes) is refused with the numbers and what to
/// draw instead, before anything is drawn; the film's own count stops a
/// page whose references alone stay under it (`film_within`).
#[test]
fn a_replay_too_large_to_open_is_refused_with_the_numbers() {
    let mut log = String::from(
        "[Battle \"Big\"]\n[Site \"S\"]\n[Date \"1066\"]\n[Rules \"mass-combat/a\"]\n[Sides \"A B\"]\n[Result \"*\"]\n\nmap hex 99x99 parity odd\n",
    );
    for (side, first_row) in [("A", 1), ("B", 50)] {
        log.push_str(&format!("army {side} \"{side}\"\n"));
        for i in 0..3000 {
            log.push_str(&format!("  unit U{i} \"U\" light-infantry A\n"));
        }
        log.push_str(&format!("deploy {side}"));
        for i in 0..3000 {
            log.push_str(&format!(" U{i}@{:02}{:02}", 1 + i % 99, first_row + i / 99));
        }
        log.push('\n');
    }
    log.push_str("first A turn\n\n1. A\n  movement:\n");
    for i in 0..1200 {
        log.push_str(&format!("    U{i} hold\n"));
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.sbn");
    std::fs::write(&path, log).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_senlac"))
        .arg("render")
        .arg(&path)
        .args(["--at", "end", "--html", "-o"])
        .arg(dir.path().join("out"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("the replay page of 1202 steps would pass 64 MB (195 MB at least, a reference for each counter in each frame)")
            && stderr.contains("--at turns"),
        "{stderr}"
    );
    assert!(!dir.path().join("out/replay.html").exists());
}

/// Every overlay the battle's system offers is a checkbox on the page, off
/// unless `--overlay` asked for it: each frame carries its zones, hidden by
/// one class on the board until the box is ticked; in the browser the box
/// shows them in every step after and in the legend, and hides them again.
#[test]
fn an_overlay_is_a_toggle_that_holds_across_the_steps() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = tempfile::tempdir().unwrap();
    let off = dir.path().join("off");
    render_to(
        &off,
        &[
            "render",
            "samples/hastings-1066-st.sbn",
            "--at",
            "end",
            "--html",
        ],
    );
    let page = std::fs::read_to_string(off.join("replay.html")).unwrap();
    assert!(
        page.contains("<input type=\"checkbox\" data-overlay=\"overlay-zoc\"> zoc</label>"),
        "no toggle"
    );
    assert!(page.contains(".board:not(.show-overlay-zoc) .overlay-zoc{display:none}"));
    assert!(page.contains("<div class=\"board\">"));
    // Each frame has its zones, one a side, each a piece of its own.
    let frames: Vec<&str> = page.split("<g id=\"frame-").skip(1).collect();
    assert_eq!(frames.len(), 89);
    for frame in &frames {
        let frame = &frame[..frame.find("</g>").unwrap()];
        assert_eq!(
            frame
                .matches("<use class=\"overlay-zoc\" data-href=")
                .count(),
            2,
            "{frame}"
        );
    }
    // A page whose system offers no overlay has no toggle.
    let plain = dir.path().join("plain");
    render_to(
        &plain,
        &["render", "samples/hastings.sbn", "--at", "end", "--html"],
    );
    let page = std::fs::read_to_string(plain.join("replay.html")).unwrap();
    assert!(!page.contains("type=\"checkbox\"") && !page.contains("class=\"overlay-"));

    let on = dir.path().join("on");
    render_to(
        &on,
        &[
            "render",
            "samples/hastings-1066-st.sbn",
            "--at",
            "end",
            "--html",
            "--overlay",
            "zoc",
        ],
    );
    let page = std::fs::read_to_string(on.join("replay.html")).unwrap();
    assert!(page.contains("data-overlay=\"overlay-zoc\" checked> zoc</label>"));
    assert!(page.contains("<div class=\"board show-overlay-zoc\">"));

    let browser = browser_tests();
    let run = Command::new("node")
        .arg(browser.join("replay.mjs"))
        .arg("--overlay")
        .arg(off.join("replay.html"))
        .env("CHROMIUM", chromium())
        .env("SHOTS", std::env::temp_dir())
        .current_dir(&root)
        .output()
        .expect("cannot run `node`: install Node.js (apt-get install nodejs npm), or run .ci/run");
    assert!(
        run.status.success(),
        "tests/browser/replay.mjs --overlay failed:\n{}\n{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
}

/// The comments of the detail of the main-line step whose action is
/// `action` (as the page escapes it).
fn comments_of<'a>(page: &'a str, action: &str) -> Vec<&'a str> {
    let code = format!("<p class=\"action\"><code>{action}</code></p>");
    let at = page
        .find(&code)
        .unwrap_or_else(|| panic!("no detail for {action}"));
    let end = at + page[at..].find("</div>").unwrap();
    page[at..end]
        .split("<blockquote>")
        .skip(1)
        .map(|q| q.split("</blockquote>").next().unwrap())
        .collect()
}

/// docs/notation.md §5.12: a comment beside an action belongs to it; one on
/// its own line, or beside a turn or phase label, introduces the next
/// action. The Hastings: 1066 sample writes each note so, and the replay
/// shows it with the action it is about, not one step late.
#[test]
fn a_comment_is_shown_with_the_action_it_belongs_to() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let sample = std::fs::read_to_string(root.join("samples/hastings-1066-st.sbn")).unwrap();
    // A comment beside the phase label introduces the phase's first action.
    let label = "  melee:\n    { 4 + Alan 1 = 5";
    assert!(sample.contains(label));
    let log = sample.replacen(
        label,
        "  melee: { Alan leads the Bretons in. }\n    { 4 + Alan 1 = 5",
        1,
    );
    let page = replay_page(&log);
    let fire = "SB1 fire NB1 high d6:5 =&gt; fire=3 defense=2 odds=1-1 NB1 disrupted";
    let found = comments_of(&page, fire);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("range 3 bow = 3 vs 2"), "{found:?}");
    // The action before it has none: the note is not shown a step early.
    assert_eq!(
        comments_of(&page, "NF1 move 1313-1213-1113-1013 facing=5"),
        Vec::<&str>::new()
    );
    let melee = comments_of(&page, "BF1 melee F2 d6:2 =&gt; diff=+1 BF1 routed");
    assert_eq!(melee.len(), 2, "{melee:?}");
    assert_eq!(melee[0], "Alan leads the Bretons in.");
    assert!(melee[1].starts_with("4 + Alan 1 = 5 against 3 + Gyrth 1 = 4"));
    // Nor a step late: the action after each note has none of it.
    assert_eq!(
        comments_of(&page, "BF1 rout 0820-0920-1020-1120 facing=2"),
        Vec::<&str>::new()
    );
    // A comment beside an action is that action's.
    let center = comments_of(&page, "center strategy cautious 2d6:3+1 =&gt; shield-wall");
    assert_eq!(
        center,
        ["right: attack-pursue, second turn of two: no roll (4.2.6)"]
    );
    let charge = comments_of(&page, "BK2 charge 1222-1122 facing=6");
    assert!(
        charge.len() == 1 && charge[0].starts_with("a qualifying charge"),
        "{charge:?}"
    );
}
