//! `tabula serve`'s page in a real headless browser, as a person uses it
//! (tests/browser/serve_page.mjs): a whole Score 4 game by clicks against `random`, undo, a few
//! Superball moves with a score, the agent's view, an error shown in words, and the other games'
//! boards; screenshots of each are checked not to be blank.
//!
//! Needs /usr/bin/chromium, node and tests/browser/node_modules; when they are missing the test
//! runs `scripts/install-browser.sh` first, and where that cannot install them it is skipped with
//! a message saying so (it does not fail).

#[path = "common/server.rs"]
mod server;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn repo() -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from)
}

fn browser_ready(browser_dir: &Path) -> bool {
    Path::new("/usr/bin/chromium").exists()
        && browser_dir.join("node_modules/playwright-core/package.json").exists()
        && Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success())
}

/// The browser test's folder, installing what it needs; `None` (with a message) where that fails.
fn require_browser() -> Option<PathBuf> {
    let browser_dir = repo().join("tests/browser");
    if !browser_ready(&browser_dir) {
        let script = repo().join("scripts/install-browser.sh");
        let out = Command::new("bash").arg(&script).output();
        let said = out.as_ref().map(|o| String::from_utf8_lossy(&o.stderr).into_owned()).unwrap_or_default();
        if !browser_ready(&browser_dir) {
            eprintln!(
                "SKIPPED: no browser here: {} could not install chromium, node and playwright-core ({}); \
                 the page test did not run",
                script.display(),
                said.trim()
            );
            return None;
        }
    }
    Some(browser_dir)
}

/// Pixels of ink or colour (dark, or far from grey): a drawn board has many; a blank page, or
/// one with only its header, few.
fn drawn_pixels(path: &Path) -> usize {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut decoder = png::Decoder::new(file);
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("a PNG frame");
    let channels = info.color_type.samples();
    buf[..info.buffer_size()]
        .chunks_exact(channels)
        .filter(|px| {
            let (r, g, b) = (px[0] as i32, px[1] as i32, px[2] as i32);
            r.max(g).max(b) < 160 || r.max(g).max(b) - r.min(g).min(b) > 60
        })
        .count()
}

/// One run of tests/browser/serve_page.mjs against `url`, its screenshots in `outdir`.
fn run_page(browser_dir: &Path, url: &str, outdir: &Path) -> std::process::Output {
    std::fs::create_dir_all(outdir).unwrap();
    let started = Instant::now();
    let mut node = Command::new("node")
        .arg(browser_dir.join("serve_page.mjs"))
        .arg(url)
        .arg(outdir)
        .current_dir(browser_dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node starts");
    // The script bounds itself (SERVE_BROWSER_TIMEOUT_MS); this is the backstop.
    while node.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(240) {
            let _ = node.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    node.wait_with_output().unwrap()
}

/// Whether a failed run died with the browser before the page first loaded: the machine's
/// fault (a renderer out of memory), not the page's, which is tried once more.
fn browser_died_at_start(out: &std::process::Output) -> bool {
    let stdout = String::from_utf8_lossy(&out.stdout);
    !out.status.success()
        && stdout.contains("\"start: ")
        && (stdout.contains("has been closed") || stdout.contains("renderer crashed"))
}

#[test]
fn a_person_plays_every_game_in_the_browser() {
    let Some(browser_dir) = require_browser() else { return };
    let served = server::serve();
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let mut outdir = tmp.join(format!("serve-browser-{}", std::process::id()));
    let mut out = run_page(&browser_dir, &served.url, &outdir);
    if browser_died_at_start(&out) {
        eprintln!(
            "NOTE: the browser died before the page loaded; trying once more:\n{}",
            String::from_utf8_lossy(&out.stdout)
        );
        outdir = tmp.join(format!("serve-browser-{}-again", std::process::id()));
        out = run_page(&browser_dir, &served.url, &outdir);
    }
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the browser test failed:\n--- stdout\n{stdout}\n--- stderr\n{stderr}");
    let summary: serde_json::Value = stdout
        .lines()
        .rev()
        .find_map(|l| serde_json::from_str(l).ok())
        .unwrap_or_else(|| panic!("no JSON summary in:\n{stdout}"));
    assert_eq!(summary["ok"], true, "{summary}");
    for name in ["score4", "superball", "score4-thinking", "superply", "upright", "clue"] {
        let png = outdir.join(format!("{name}.png"));
        let drawn = drawn_pixels(&png);
        eprintln!("{}: {drawn} pixels of ink or colour", png.display());
        assert!(drawn > 8_000, "{} looks blank ({drawn} pixels of ink or colour)", png.display());
    }
}
