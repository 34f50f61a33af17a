//! The page that `superply-server` serves plays a whole game in a real browser: two headless
//! Chromium pages click their lit cells until one side wins (tests/browser/superply_page.mjs),
//! and the final screenshot shows claimed Blue and Red cells.
//!
//! Needs /usr/bin/chromium, node and tests/browser/node_modules: when they are missing the test
//! runs `scripts/install-browser.sh` (apt-get and npm) first.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

const SERVER: &str = env!("CARGO_BIN_EXE_superply-server");
const INSTALL: &str =
    "run scripts/install-browser.sh (from the workspace root) to install chromium and playwright-core";

/// Kills and reaps the child when dropped, so a failed assertion leaves no server behind.
struct KillOnDrop(Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Copies everything `from` prints into `log`, sending complete lines to `lines`.
fn drain(from: impl Read + Send + 'static, log: Arc<Mutex<String>>, lines: Option<mpsc::Sender<String>>) {
    thread::spawn(move || {
        for line in BufReader::new(from).lines() {
            let Ok(line) = line else { break };
            log.lock().unwrap().push_str(&format!("{line}\n"));
            if let Some(tx) = &lines {
                let _ = tx.send(line);
            }
        }
    });
}

/// The package's folder, as cargo says when it runs the test: a build cache shared between
/// checkouts at other paths may hold this binary compiled elsewhere.
fn manifest_dir() -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from)
}

fn require_browser() -> PathBuf {
    let browser_dir = manifest_dir().join("../../tests/browser");
    let installed = Path::new("/usr/bin/chromium").exists()
        && browser_dir.join("node_modules/playwright-core/package.json").exists();
    if !installed {
        // `cargo test --workspace` on a fresh machine: the project's own script installs them.
        let script = manifest_dir().join("../../scripts/install-browser.sh");
        let out = Command::new("bash").arg(&script).output().expect("bash runs");
        assert!(out.status.success(), "{} failed:\n{}", script.display(), String::from_utf8_lossy(&out.stderr));
    }
    assert!(Path::new("/usr/bin/chromium").exists(), "/usr/bin/chromium is missing: {INSTALL}");
    let browser_dir = browser_dir.canonicalize().expect("tests/browser exists");
    assert!(
        browser_dir.join("node_modules/playwright-core/package.json").exists(),
        "{} has no playwright-core: {INSTALL}",
        browser_dir.join("node_modules").display()
    );
    match Command::new("node").arg("--version").output() {
        Ok(out) if out.status.success() => {}
        _ => panic!("node is not on PATH: {INSTALL}"),
    }
    browser_dir
}

/// Starts the server and returns it with the page's URL, read from its first two stdout lines.
fn start_server() -> (KillOnDrop, String, Arc<Mutex<String>>) {
    let mut child = Command::new(SERVER)
        .args(["--port", "0", "--http-port", "0", "--move-time-ms", "20000"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {SERVER}: {e}"));
    let log = Arc::new(Mutex::new(String::new()));
    let (tx, rx) = mpsc::channel();
    drain(child.stdout.take().unwrap(), log.clone(), Some(tx));
    drain(child.stderr.take().unwrap(), log.clone(), None);
    let server = KillOnDrop(child);

    let deadline = Instant::now() + Duration::from_secs(30);
    let mut first = Vec::new();
    while first.len() < 2 {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) => first.push(line),
            Err(_) => panic!(
                "superply-server did not print its two address lines in 30 s; it printed:\n{}",
                log.lock().unwrap()
            ),
        }
    }
    assert!(first[0].starts_with("superply-server: line protocol on 127.0.0.1:"), "first line: {:?}", first[0]);
    let url = first[1]
        .strip_prefix("superply-server: page on ")
        .unwrap_or_else(|| panic!("second line: {:?}", first[1]))
        .trim()
        .to_string();
    assert!(url.starts_with("http://127.0.0.1:") && url.ends_with('/'), "page URL {url:?}");
    (server, url, log)
}

/// Runs `command` to its end or kills it after `limit`; returns (success, stdout, stderr).
fn run_with_limit(mut command: Command, limit: Duration) -> (bool, String, String) {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {command:?}: {e}"));
    let (out, err) = (Arc::new(Mutex::new(String::new())), Arc::new(Mutex::new(String::new())));
    let (tx, rx) = mpsc::channel();
    drain(child.stdout.take().unwrap(), out.clone(), Some(tx));
    let (etx, erx) = mpsc::channel();
    drain(child.stderr.take().unwrap(), err.clone(), Some(etx));
    let mut child = KillOnDrop(child);
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Some(status) = child.0.try_wait().unwrap() {
            break Some(status);
        }
        if Instant::now() > deadline {
            break None;
        }
        thread::sleep(Duration::from_millis(100));
    };
    drop(child);
    // The drain threads end when the pipes close; wait for them (a while: a browser left behind
    // by a killed node could hold the pipes open) so no output is lost.
    let until = Instant::now() + Duration::from_secs(10);
    for lines in [rx, erx] {
        loop {
            match lines.recv_timeout(until.saturating_duration_since(Instant::now())) {
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
                _ if Instant::now() >= until => break,
                _ => {}
            }
        }
    }
    let (out, err) = (out.lock().unwrap().clone(), err.lock().unwrap().clone());
    match status {
        Some(status) => (status.success(), out, err),
        None => (false, out, format!("{err}\n(killed after {limit:?})")),
    }
}

/// Counts the screenshot's pixels in the page's claimed-cell blue (#2563eb) and red (#dc2626):
/// saturated colours that the page's pale goal edges and tints do not reach.
fn count_claimed_pixels(png_path: &Path) -> (usize, usize, u32, u32) {
    let file = std::fs::File::open(png_path).unwrap_or_else(|e| panic!("{}: {e}", png_path.display()));
    let mut decoder = png::Decoder::new(file);
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("a PNG frame");
    let channels = match info.color_type {
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        other => panic!("screenshot colour type {other:?}, expected RGB or RGBA"),
    };
    let (mut blue, mut red) = (0, 0);
    for row in buf[..info.buffer_size()].chunks_exact(info.line_size) {
        for px in row[..info.width as usize * channels].chunks_exact(channels) {
            let (r, g, b) = (px[0] as i32, px[1] as i32, px[2] as i32);
            if b >= 180 && r <= 100 && g <= 150 && b - r >= 120 {
                blue += 1;
            } else if r >= 180 && g <= 90 && b <= 90 {
                red += 1;
            }
        }
    }
    (blue, red, info.width, info.height)
}

#[test]
fn two_browsers_play_a_whole_game_by_clicking() {
    let browser_dir = require_browser();
    let (server, url, server_log) = start_server();
    let outdir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("superply-browser-{}", std::process::id()));
    std::fs::create_dir_all(&outdir).unwrap();

    let mut node = Command::new("node");
    node.arg(browser_dir.join("superply_page.mjs")).arg(&url).arg(&outdir).current_dir(&browser_dir);
    let (ok, stdout, stderr) = run_with_limit(node, Duration::from_secs(150));
    let server_said = server_log.lock().unwrap().clone();
    assert!(
        ok,
        "the browser game failed.\n--- node stdout:\n{stdout}\n--- node stderr:\n{stderr}\n--- server:\n{server_said}"
    );

    let summary_line = stdout
        .lines()
        .rev()
        .find(|l| l.trim_start().starts_with('{'))
        .unwrap_or_else(|| panic!("no JSON summary line in node's output:\n{stdout}\n{stderr}"));
    let summary: serde_json::Value = serde_json::from_str(summary_line).expect("the summary is JSON");
    let winner = summary["winner"].as_str().unwrap_or_default();
    assert!(winner == "blue" || winner == "red", "winner in {summary}");
    assert_eq!(summary["ok"], true, "{summary}");
    let moves = summary["moves"].as_u64().expect("moves");
    let (blue_cells, red_cells) = (summary["blue"].as_u64().unwrap(), summary["red"].as_u64().unwrap());
    assert_eq!(blue_cells + red_cells, moves, "{summary}");
    assert!(summary["by"].is_null(), "with 20 s a move nobody times out, so a path must win: {summary}");
    // On the default 9x9 board a side needs at least 9 cells to join its edges.
    assert!(summary["path"].as_u64().unwrap() >= 9, "winning path in {summary}");
    assert!(moves >= 17, "a 9x9 game takes at least 17 moves: {summary}");

    let screenshot = PathBuf::from(summary["screenshot"].as_str().expect("screenshot path"));
    assert!(screenshot.starts_with(&outdir), "screenshot {} outside {}", screenshot.display(), outdir.display());
    let (blue_px, red_px, width, height) = count_claimed_pixels(&screenshot);
    eprintln!("browser game: {summary}; screenshot {width}x{height}: {blue_px} blue and {red_px} red pixels");
    // A claimed cell is about 50 px square, mostly fill; ask for a fifth of that per cell so
    // that a blank page, an error page or a board without its colours fails.
    assert!(blue_px as u64 >= 500 * blue_cells, "{blue_px} blue pixels for {blue_cells} blue cells: {screenshot:?}");
    assert!(red_px as u64 >= 500 * red_cells, "{red_px} red pixels for {red_cells} red cells: {screenshot:?}");
    assert!(blue_px >= 4000 && red_px >= 4000, "{blue_px} blue and {red_px} red pixels: {screenshot:?}");
    drop(server);
}
