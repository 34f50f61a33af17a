//! `superply-bot` plays whole games through a `superply-server` on 127.0.0.1, in both modes.

use std::process::{Command, Stdio};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use superply::Mode;
use superply::server::{Settings, spawn};

/// Runs two bots against each other for `games` games; their stderr (`-v` transcripts when
/// `verbose`).
fn bot_match(mode: Mode, games: usize, agents: [&str; 2], verbose: bool) -> Vec<String> {
    let server =
        spawn(Settings { mode, seed: Some(5), ..Settings::default() }, "127.0.0.1:0".parse().unwrap(), None, 1)
            .unwrap();
    let bots: Vec<_> = agents
        .iter()
        .enumerate()
        .map(|(i, agent)| {
            let mut command = Command::new(env!("CARGO_BIN_EXE_superply-bot"));
            if !agent.is_empty() {
                command.args(["--agent", agent]);
            }
            command
                .args(["--port", &server.tcp.port().to_string(), "--games", &games.to_string(), "--movetime-ms", "100"])
                .args(["--seed", &i.to_string(), "--seat", if i == 0 { "blue" } else { "either" }])
                .args(verbose.then_some("-v"))
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let start = Instant::now();
    let transcripts: Vec<String> = bots
        .into_iter()
        .map(|bot| {
            let out = bot.wait_with_output().unwrap();
            let text = String::from_utf8_lossy(&out.stderr).to_string();
            assert!(out.status.success(), "{text}");
            text
        })
        .collect();
    assert!(start.elapsed() < Duration::from_secs(120));
    assert_eq!(server.stats.finished.load(Ordering::Relaxed), games as u64);
    transcripts
}

/// The games won, from the summary line every bot ends with: `superply-bot: 4 game(s): won 3, lost 1`.
fn wins(transcript: &str) -> usize {
    let last = transcript.lines().last().unwrap_or_else(|| panic!("no summary: {transcript:?}"));
    let won = last.split_once(": won ").unwrap_or_else(|| panic!("{transcript}")).1;
    won.split(',').next().unwrap().parse().unwrap()
}

#[test]
fn greedy_and_random_bots_play_through_the_server_in_both_modes() {
    for mode in [Mode::Random, Mode::Deterministic] {
        let games = 4;
        let transcripts = bot_match(mode, games, ["greedy", "random"], true);
        assert_eq!(wins(&transcripts[0]) + wins(&transcripts[1]), games, "{transcripts:?}");
        assert!(wins(&transcripts[0]) >= 3, "greedy should beat random: {}", transcripts[0]);
        assert!(!transcripts.iter().any(|t| t.contains("gave no allowed cell")), "{transcripts:?}");
    }
}

#[test]
fn with_no_agent_named_the_bot_plays_the_shipped_model() {
    // Two games against greedy: the shipped agent (83% against greedy over 200 games) plays
    // legal claims to the end; strength is the arena's business, not this test's.
    let transcripts = bot_match(Mode::Random, 2, ["", "greedy"], true);
    assert!(transcripts[0].contains("superply-bot: agent az ("), "{}", transcripts[0]);
    assert!(!transcripts[0].contains("gave no allowed cell"), "{}", transcripts[0]);
    assert_eq!(wins(&transcripts[0]) + wins(&transcripts[1]), 2);
}

#[test]
fn without_v_a_bot_says_only_how_its_games_went() {
    let transcripts = bot_match(Mode::Deterministic, 3, ["alphabeta", "random"], false);
    for t in &transcripts {
        assert_eq!(t.lines().count(), 1, "one line: {t:?}");
        assert!(t.starts_with("superply-bot: 3 game(s): won "), "{t:?}");
    }
    assert_eq!(wins(&transcripts[0]) + wins(&transcripts[1]), 3);
    assert!(wins(&transcripts[0]) >= 2, "alphabeta should beat random: {transcripts:?}");
}

#[test]
fn a_bot_without_a_server_says_so() {
    let out = Command::new(env!("CARGO_BIN_EXE_superply-bot")).args(["--port", "1"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot connect to 127.0.0.1:1"));
}
