//! `clue-bot` under `clue-arbiter`'s rules: arbitrated tournaments of the bot programs for
//! several (n, k, p) from the course's grid, with no removals, `deduce` never guessing wrong, and
//! the bot's own answers to a scripted session.

use clue::Params;
use clue::arbiter::{Seat, TournamentConfig, run_tournament};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

const BOT: &str = env!("CARGO_BIN_EXE_clue-bot");

fn seat(agent: &str, seed: usize) -> Seat {
    Seat::Program(format!("{BOT} --agent {agent} --iterations 30 --seed {seed} --pace-ms 0"))
}

#[test]
fn arbitrated_tournaments_of_the_bots_across_the_grid() {
    // (players, items, hidden, the agents in the seats)
    let tables: [(usize, usize, usize, &[&str]); 4] = [
        (2, 2 * 5 + 3, 3, &["deduce", "random"]),
        (3, 3 * 3 + 4, 4, &["deduce", "ismcts", "deduce"]),
        (5, 5 * 2 + 2, 2, &["deduce", "random", "deduce", "ismcts", "deduce"]),
        (7, 7 + 1, 1, &["deduce", "deduce", "random", "deduce", "deduce", "deduce", "deduce"]),
    ];
    for (p, n, k, agents) in tables {
        let params = Params::new(p, n, k).unwrap();
        let seats = agents.iter().enumerate().map(|(i, a)| seat(a, i)).collect();
        let config = TournamentConfig {
            games: p,
            seed: 5,
            timeout: Duration::from_secs(20),
            ..TournamentConfig::new(params, seats)
        };
        let summary = run_tournament(&config, &mut std::io::sink());
        for (stats, agent) in summary.programs.iter().zip(agents) {
            assert_eq!(stats.ranks.len(), p);
            assert_eq!(stats.removed, 0, "{p} players: {}", stats.first_removal.as_deref().unwrap_or(""));
            if *agent == "deduce" {
                // It guesses only what it has proven (the limit of 100 rounds is never reached here).
                assert_eq!(stats.right, p, "{p} players: deduce guessed wrong");
            }
        }
        let deduce_mean: f64 =
            summary.programs.iter().zip(agents).filter(|(_, a)| **a == "deduce").map(|(s, _)| s.utility().mean).sum();
        let random = summary.programs.iter().zip(agents).find(|(_, a)| **a == "random");
        if let Some((r, _)) = random {
            assert!(r.utility().mean < deduce_mean, "random does not beat deduce over {p} games");
        }
    }
}

#[test]
fn the_bot_answers_a_scripted_session() {
    let mut child = Command::new(BOT)
        .args(["--agent", "deduce", "--seed", "3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // Two players, items 1-5, one hidden: I hold 1 and 2; the other showed me 3, then guessed
    // holding 3 and 5: 4 is hidden.
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"NEW players 2 items 5 hidden 1 seat 1 hand 1 2;\r\nturn; note: 1 asked 2: 3 showed 3;\nnote: 2 guessed holding 3 5; turn;\ndance; quit;")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 7, "{text}");
    assert_eq!(lines[0], "ok.");
    assert!(lines[1].starts_with("ask 2: "), "{text}");
    assert_eq!(lines[2..4], ["ok.", "ok."]);
    assert_eq!(lines[4], "guess: 4.", "{text}");
    assert!(lines[5].starts_with("error: unknown command"), "{text}");
    assert_eq!(lines[6], "ok.");
    assert!(out.status.success());
}

#[test]
fn answers_that_ask_for_a_choice_wait_for_the_pace_whatever_the_hand() {
    // Holding one listed item the choice is forced, holding two it is not: unpaced, the time to
    // answer could tell the asker which. Each answer to `show` and `turn` is timed from writing the
    // command to reading the answer's line.
    use std::io::{BufRead, BufReader};
    use std::time::Instant;
    let pace = Duration::from_millis(300);
    let mut child = Command::new(BOT)
        .args(["--agent", "deduce", "--seed", "3", "--pace-ms", "300", "--note-pace-ms", "50"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut to_bot = child.stdin.take().unwrap();
    let mut from_bot = BufReader::new(child.stdout.take().unwrap());
    let mut exchange = |command: &str| {
        let start = Instant::now();
        to_bot.write_all(command.as_bytes()).unwrap();
        to_bot.flush().unwrap();
        let mut line = String::new();
        from_bot.read_line(&mut line).unwrap();
        (line.trim().to_string(), start.elapsed())
    };
    // Seat 3 of 3, holding 1 2 3: player 1 asks first, then player 2, then it is our turn.
    let (answer, took) = exchange("new players 3 items 13 hidden 4 seat 3 hand 1 2 3;\n");
    assert_eq!(answer, "ok.");
    assert!(took >= Duration::from_millis(50), "new answered in {took:?}, under the note pace");
    let (answer, took) = exchange("show 1: 1 7;\n");
    assert_eq!(answer, "show 1.");
    assert!(took >= pace, "a forced show answered in {took:?}");
    let (answer, took) = exchange("note: 1 asked 3: 1 7 showed 1;\n");
    assert_eq!(answer, "ok.");
    assert!(took >= Duration::from_millis(50), "a note answered in {took:?}");
    let (answer, took) = exchange("show 2: 2 3 9;\n");
    let shown = answer.strip_prefix("show ").and_then(|a| a.strip_suffix('.')).unwrap_or_default().to_string();
    assert!(shown == "2" || shown == "3", "{answer}");
    assert!(took >= pace, "a chosen show answered in {took:?}");
    let (answer, _) = exchange(&format!("note: 2 asked 3: 2 3 9 showed {shown};\n"));
    assert_eq!(answer, "ok.");
    let (answer, took) = exchange("turn;\n");
    assert!(answer.starts_with("ask ") || answer.starts_with("guess"), "{answer}");
    assert!(took >= pace, "a turn answered in {took:?}");
    drop(to_bot);
    assert!(child.wait().unwrap().success());
}

#[test]
fn the_shipped_agent_plays_its_own_game_and_the_strongest_hand_written_player_for_others() {
    // The shipped model (checkpoints/clue) was trained on 4 players, 24 items, 4 hidden: there it
    // plays with its search, advised as its config says; a 3-player game it cannot read, and `az`
    // plays bluffs-shrewd there (said on stderr with -v) rather than stop.
    for (p, n, k) in [(4, 24, 4), (3, 13, 4)] {
        let params = Params::new(p, n, k).unwrap();
        let mut seats = vec![Seat::Program(format!("{BOT} --agent az --simulations 8 --seed 1 --pace-ms 0"))];
        seats.extend((1..p).map(|i| seat("deduce", i)));
        let config = TournamentConfig {
            games: p,
            seed: 11,
            timeout: Duration::from_secs(30),
            ..TournamentConfig::new(params, seats)
        };
        let summary = run_tournament(&config, &mut std::io::sink());
        let az = &summary.programs[0];
        assert_eq!(az.ranks.len(), p);
        assert_eq!(az.removed, 0, "{p} players: {}", az.first_removal.as_deref().unwrap_or(""));
    }
    // With no --agent the bot plays the shipped model (az), as every tabula bot does.
    let output = Command::new(BOT)
        .args(["-v", "--seed", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child
                .stdin
                .take()
                .unwrap()
                .write_all(b"new players 3 items 13 hidden 4 seat 1 hand 1 2 3;\nturn;\nquit;\n")?;
            child.wait_with_output()
        })
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("agent az"), "the default agent is the shipped model: {stderr}");
    assert!(stderr.contains("no model for") && stderr.contains("playing bluffs-shrewd"), "{stderr}");
    assert!(String::from_utf8_lossy(&output.stdout).contains("ask"), "it still answers the turn");
}

#[test]
fn a_named_checkpoint_must_exist_and_fit_the_game() {
    let missing = Command::new(BOT).args(["--agent", "az", "--checkpoint", "/nonexistent/model"]).output().unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no such model"));
    // The shipped Clue model named by path, in a game it was not trained for: an error, not deduce.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../checkpoints/clue");
    let mut child = Command::new(BOT)
        .args(["--agent", "az", "--checkpoint", dir])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"new players 3 items 13 hidden 4 seat 1 hand 1 2 3;\nturn;\n").unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stderr).contains("clue"), "{}", String::from_utf8_lossy(&output.stderr));
}
