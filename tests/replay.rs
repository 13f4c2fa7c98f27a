//! The HTML replay in a real browser (Debian's headless Chromium; `.ci/run`
//! installs it): the page loads, the right arrow moves to the next frame, and a
//! screenshot is saved.

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
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = tempfile::tempdir().unwrap();
    let render = Command::new(env!("CARGO_BIN_EXE_senlac"))
        .args([
            "render",
            "samples/hastings.sbn",
            "--at",
            "figures",
            "--html",
            "-o",
        ])
        .arg(dir.path())
        .current_dir(&root)
        .output()
        .unwrap();
    assert_eq!(
        render.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&render.stderr)
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
