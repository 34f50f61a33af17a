//! A distributed run as its users run it: a learner process (`tabula train --redis URL
//! --no-local-selfplay`) and actor processes (`tabula actor --redis URL`) around a real
//! `redis-server` on 127.0.0.1 with a free port and an append-only file. The learner's steps
//! advance on the actors' games; an actor is killed mid-game and another started; Redis is
//! restarted mid-run; bad entries are pushed into the stream; the learner is killed and resumed.
//! At the end every game in the
//! stream is accounted for exactly: learned, dropped as stale, refused as bad, or still there
//! (unread, or read and not yet checkpointed).

#[allow(dead_code)] // this test uses only part of the shared helpers
mod common;
#[path = "../train/tests/support/redis_server.rs"]
mod redis_server;

use common::{TINY, tabula};
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};
use tabula_train::distributed::{FinishedGame, ModelFiles, RedisStore};

/// A child process killed when dropped, so that a failing test leaves no actor playing on.
struct Process(Option<Child>);

impl Process {
    fn new(child: Child) -> Process {
        Process(Some(child))
    }

    fn kill(&mut self) {
        if let Some(child) = &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Waits for the process to end by itself.
    fn output(mut self) -> std::process::Output {
        self.0.take().expect("not taken before").wait_with_output().unwrap()
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

fn actor(url: &str, id: &str, log: &Path) -> Process {
    let child = tabula()
        .args(["actor", "--redis", url, "--threads", "1", "--id", id, "--seed", &id.len().to_string()])
        .stderr(std::fs::File::create(log).unwrap())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    Process::new(child)
}

/// The learner's newest logged step (0 before its first log line).
fn logged_step(run: &Path) -> u64 {
    let text = std::fs::read_to_string(run.join("log.jsonl")).unwrap_or_default();
    text.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v["step"].as_u64())
        .max()
        .unwrap_or(0)
}

fn wait_for(what: &str, timeout: Duration, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + timeout;
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The numbers in "from actors: N games learned (S samples), X dropped as stale, B bad entries".
fn counts(stderr: &str) -> (u64, u64, u64) {
    let line = stderr.lines().find(|l| l.contains("from actors:")).unwrap_or_else(|| panic!("no counts in\n{stderr}"));
    let numbers: Vec<u64> =
        line.split(|c: char| !c.is_ascii_digit()).filter(|w| !w.is_empty()).map(|w| w.parse().unwrap()).collect();
    (numbers[0], numbers[2], numbers[3])
}

#[test]
fn actors_feed_a_learner_through_redis_and_every_game_is_accounted_for() {
    let mut server = redis_server::start_with(None, true);
    let url = server.url();
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("tiny.toml");
    // Every checkpoint (each 20 steps) writes the replay buffer and acknowledges the games it
    // holds, so a killed learner leaves games read but not acknowledged; games more than 40
    // steps behind the learner are stale (the actors outpace it: they never pause), so both
    // counts move.
    let text = TINY
        .replace(
            "[schedule]",
            "[distributed]\nmax_stream_len = 1000000\nmax_lag_steps = 40\nmax_unread_steps = 0\n\n[schedule]\nreplay_snapshot_minutes = 0",
        )
        .replace("checkpoint_every_steps = 3", "checkpoint_every_steps = 20");
    std::fs::write(&config, text).unwrap();
    let run = tmp.path().join("run");
    // The learner trains for up to 40 s of wall-clock time (it is killed before), whatever the
    // machine's speed.
    let logs = tmp.path();
    let learner_log = logs.join("learner.log");
    let mut learner = Process::new(
        tabula()
            .args([
                "train",
                "score4",
                "--quiet",
                "--no-local-selfplay",
                "--hours",
                "0.011",
                "--redis",
                &url,
                "--config",
            ])
            .arg(&config)
            .arg("--out")
            .arg(&run)
            .stderr(std::fs::File::create(&learner_log).unwrap())
            .stdout(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let said = |what: &str| std::fs::read_to_string(&learner_log).unwrap_or_default().contains(what);
    let first = actor(&url, "first", &logs.join("first.log"));
    let second = actor(&url, "second", &logs.join("second.log"));
    wait_for("the learner to learn from the actors' games", Duration::from_secs(60), || logged_step(&run) >= 20);

    // An actor killed mid-game, another in its place.
    drop(second);
    let third = actor(&url, "third", &logs.join("third.log"));

    // Bad entries: garbage, another game's, a future encoding.
    let mut store = RedisStore::connect(&url, "run", "score4").unwrap();
    store.push_raw(&[("temperature", b"21")]).unwrap();
    let other = FinishedGame {
        game: "superball".into(),
        model_version: 0,
        actor: "x".into(),
        samples: vec![],
        returns: vec![0.0],
        moves: 0,
    };
    let fields = other.to_fields();
    store.push_raw(&fields.iter().map(|(k, v)| (*k, v.as_slice())).collect::<Vec<_>>()).unwrap();
    store.push_raw(&[("format", b"99"), ("data", b"")]).unwrap();
    drop(store);

    // Redis restarted under everyone's feet.
    server.restart();
    wait_for("the learner to say Redis is back", Duration::from_secs(60), || said("unreachable") && said("is back"));
    let before = logged_step(&run);
    wait_for("the learner to go on after the restart", Duration::from_secs(60), || logged_step(&run) > before + 10);

    // The learner killed mid-run and resumed: it claims what it had read but not checkpointed
    // (killed, when it can be caught, while it holds some).
    let mut watch = RedisStore::connect(&url, "run", "score4").unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    while watch.pending().unwrap() == 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    learner.kill();
    let left = watch.pending().unwrap();
    let resumed = Process::new(
        tabula()
            .args(["train", "--quiet", "--no-local-selfplay", "--hours", "0.004", "--redis", &url, "--resume"])
            .arg(&run)
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let output = resumed.output();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{stderr}");
    // What it claims is what the killed one left pending, less any its checkpoint already held
    // (listed there, acknowledged instead of learnt twice); the sums below prove the rest.
    if let Some(line) = stderr.lines().find(|l| l.contains("read but not learnt before")) {
        let claimed: u64 = line.split_whitespace().nth(2).and_then(|n| n.parse().ok()).unwrap_or(u64::MAX);
        assert!(claimed <= left as u64, "{left} pending\n{stderr}");
    }
    drop((first, third));
    let (learned, stale, bad) = counts(&stderr);
    assert!(learned > 0 && stale > 0, "{stderr}");
    assert_eq!(bad, 3, "{stderr}");

    let mut store = RedisStore::connect(&url, "run", "score4").unwrap();
    // Counted even where Redis lost its group lag in the restart above (None only without a
    // stream or a group, which both exist here).
    let unread = store.unread_games().unwrap().expect("the stream and the learner's group exist");
    let (added, pending) = (store.games_added().unwrap(), store.pending().unwrap() as u64);
    eprintln!(
        "{left} left pending by the killed learner; pushed {added} = learned {learned} + stale {stale} + bad {bad} + unread {unread}; pending {pending}"
    );
    assert_eq!(pending, 0, "the learner's last checkpoint acknowledged everything it read");
    assert_eq!(
        added,
        learned + stale + bad + unread,
        "every entry pushed is learned, stale, bad or unread: {added} = {learned} + {stale} + {bad} + {unread}\n{stderr}"
    );
    let third_log = std::fs::read_to_string(logs.join("third.log")).unwrap();
    assert!(third_log.contains("playing model version"), "{third_log}");

    // The log names the actors' figures, in total and each.
    let log = std::fs::read_to_string(run.join("log.jsonl")).unwrap();
    for key in ["actors/connected", "actors/games_per_s", "remote/model_lag_steps"] {
        assert!(log.contains(&format!("\"{key}\"")), "no {key} in the learner's log");
    }
    assert!(
        ["first", "second", "third"].iter().any(|id| log.contains(&format!("\"actor/{id}/positions_per_s\""))),
        "no actor's own figures in the learner's log"
    );
}

#[test]
fn a_wrong_password_or_no_run_is_a_clear_error_that_does_not_show_the_password() {
    let server = redis_server::start_with(Some("right-horse"), false);
    let wrong = format!("redis://:wrong-staple@127.0.0.1:{}", server.port);
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("tiny.toml");
    std::fs::write(&config, TINY).unwrap();
    let learner = tabula()
        .args(["train", "score4", "--quiet", "--max-steps", "1", "--redis", &wrong, "--config"])
        .arg(&config)
        .arg("--out")
        .arg(tmp.path().join("run"))
        .output()
        .unwrap();
    let actor = tabula().args(["actor", "--redis", &wrong]).output().unwrap();
    let status = tabula().args(["runs", "status", &wrong]).output().unwrap();
    for output in [&learner, &actor, &status] {
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{stderr}");
        assert!(stderr.contains(&format!("127.0.0.1:{}", server.port)) && stderr.contains("refused"), "{stderr}");
        assert!(!stderr.contains("wrong-staple"), "the password is never shown: {stderr}");
    }

    // The right password, but no learner yet: the actor waits as long as it is told, then says so.
    let url = server.url();
    let actor = tabula().args(["actor", "--redis", &url, "--wait-for-run", "0.5"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&actor.stderr);
    assert!(!actor.status.success() && stderr.contains("no run announced at"), "{stderr}");
    assert!(!stderr.contains("right-horse"), "{stderr}");
    let status = tabula().args(["runs", "status", &url]).output().unwrap();
    let stdout = String::from_utf8_lossy(&status.stdout);
    assert!(status.status.success() && stdout.contains("no run at redis://:***@127.0.0.1"), "{stdout}");
}

#[test]
fn a_learner_that_plays_too_needs_no_actors() {
    // Self-play in the learner's own process (the default with --redis): with no actor at all it
    // trains as the single-process trainer does, never waiting on the empty stream.
    let server = redis_server::start(None);
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("tiny.toml");
    std::fs::write(&config, TINY).unwrap();
    let started = Instant::now();
    let output = tabula()
        .args(["train", "score4", "--quiet", "--max-steps", "6", "--redis", &server.url(), "--config"])
        .arg(&config)
        .arg("--out")
        .arg(tmp.path().join("alone"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("self-play: this process and actors") && stderr.contains("stopped at step 6"), "{stderr}");
    assert!(stderr.contains("from actors: 0 games learned"), "{stderr}");
    assert!(started.elapsed() < Duration::from_secs(25), "it waited on the empty stream: {:?}", started.elapsed());
}

#[test]
fn learner_and_actor_meet_over_tls_and_an_unknown_certificate_is_refused() {
    // rediss:// with the server's certificate authority named by REDIS_CA_CERT: the learner's
    // steps advance on an actor's games, every byte over TLS (the server has no plain port).
    let server = redis_server::start_tls();
    let url = server.url();
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("tiny.toml");
    std::fs::write(&config, TINY).unwrap();
    let mut learner = tabula();
    learner
        .env("REDIS_CA_CERT", server.ca_cert())
        .args(["train", "score4", "--quiet", "--no-local-selfplay", "--max-steps", "6", "--redis", &url, "--config"])
        .arg(&config)
        .arg("--out")
        .arg(tmp.path().join("run"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let learner = Process::new(learner.spawn().unwrap());
    let actor_log = tmp.path().join("actor.log");
    let mut actor = tabula();
    actor
        .env("REDIS_CA_CERT", server.ca_cert())
        .args(["actor", "--redis", &url, "--threads", "1", "--wait-for-run", "30"])
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&actor_log).unwrap());
    let _actor = Process::new(actor.spawn().unwrap());
    let output = learner.output();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}\nactor: {}", std::fs::read_to_string(&actor_log).unwrap());
    assert!(stderr.contains("stopped at step 6"), "{stderr}");
    let (learned, _, _) = counts(&stderr);
    assert!(learned > 0, "the learner learned from the actor's games: {stderr}");

    // Without the certificate authority the server's certificate is not trusted: a clear error.
    let status = tabula().env_remove("REDIS_CA_CERT").args(["runs", "status", &url]).output().unwrap();
    let stderr = String::from_utf8_lossy(&status.stderr);
    assert!(!status.status.success() && stderr.contains(&format!("127.0.0.1:{}", server.port)), "{stderr}");
    assert!(stderr.to_lowercase().contains("certificate"), "{stderr}");
}

#[test]
fn an_actor_pauses_while_the_learner_has_games_enough_and_plays_on_when_they_are_read() {
    // A run with no learner reading: the actor fills the stream to about `max_unread_steps`
    // learner steps' worth of games (10 steps of 16 samples learnt once: 160 samples, a handful
    // of tiny games) and waits; once the games are read it plays again.
    let server = redis_server::start(None);
    let url = server.url();
    let tmp = tempfile::tempdir().unwrap();
    let model = common::tiny_run(tmp.path(), 1);
    let config = TINY.replace("[schedule]", "[distributed]\nmax_unread_steps = 10\n\n[schedule]");
    let mut store = RedisStore::connect(&url, "paused", "score4").unwrap();
    store.announce_run("paused", &config).unwrap();
    store.ensure_group().unwrap();
    let read = |name: &str| std::fs::read(model.join(name)).unwrap();
    let files = ModelFiles { weights: read("model.bpk"), card: read("model.json"), config: read("config.toml") };
    store.publish_model(0, &files).unwrap();
    let log = tmp.path().join("actor.log");
    let _actor = actor(&url, "eager", &log);
    let mut len = 0;
    wait_for("the actor to push games and pause", Duration::from_secs(60), || {
        let before = len;
        len = store.games_len().unwrap();
        if len == 0 || len != before {
            return false;
        }
        // The same length two seconds on: paused (the tiny config plays dozens of games a second).
        std::thread::sleep(Duration::from_secs(2));
        store.games_len().unwrap() == len
    });
    let samples: usize = store
        .read_games("test", len, Duration::ZERO)
        .unwrap()
        .iter()
        .map(|d| d.game.as_ref().map_or(0, |g| g.samples.len()))
        .sum();
    // The actor weighs the backlog by its running mean game length, so the bound is not exact.
    assert!(samples >= 80, "it paused long before 160 samples waited: {samples} in {len} games");
    let said = std::fs::read_to_string(&log).unwrap();
    assert!(len <= 40, "{len} games ({samples} samples) pushed with a bound of 160 samples\n{said}");
    wait_for("the actor to play on once its games are read", Duration::from_secs(30), || {
        store.games_len().unwrap() > len
    });
}
