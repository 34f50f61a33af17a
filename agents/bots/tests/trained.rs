//! The bots with trained agents, as a referee or the course harness meets them: the shipped model
//! played by a binary copied alone into an empty directory, `--agent net`, models read from disk,
//! and bad model files refused with one line naming the file before the protocol starts.

mod common;

use common::alone;
use score4::referee::{Keyboard, MatchConfig, Seat, run_match};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const SCORE4_BOT: &str = env!("CARGO_BIN_EXE_score4-bot");
const SB_PLAY: &str = env!("CARGO_BIN_EXE_sb-play");

fn checkpoint(game: &str) -> PathBuf {
    manifest_dir().join("../../checkpoints").join(game)
}

/// The package's folder, as cargo says when it runs the test: a build cache shared between
/// checkouts at other paths may hold this binary compiled elsewhere.
fn manifest_dir() -> PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from)
}

fn score4_bot(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(SCORE4_BOT)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

#[test]
fn the_shipped_score4_agent_plays_from_an_empty_directory_through_the_referee() {
    let (dir, bot) = alone(SCORE4_BOT);
    // No arguments: the shipped model, 300 ms a move, run from a directory with nothing else in it.
    let white = Seat::Program(format!("sh -c 'cd {} && ./score4-bot'", dir.path().display()));
    assert!(bot.exists());
    let black = Seat::Program(format!("{SCORE4_BOT} --agent random --seed 1"));
    let mut config = MatchConfig::new(white, black);
    config.games = 2;
    config.timeout = Duration::from_secs(20);
    let summary = run_match(&config, &mut Keyboard::none(), &mut std::io::sink());
    assert!(summary.forfeits().is_empty(), "{:?}", summary.forfeits());
    assert_eq!(summary.games.len(), 2);
    for (_, game) in &summary.games {
        assert!(game.ending.is_result(), "{:?}", game.ending);
    }
    assert_eq!(summary.wins[0], 2, "the trained agent lost to random: {:?}", summary.games);
}

#[test]
fn every_trained_agent_answers_the_standard_transcript() {
    let input = b"play white;\nmove;\nnote: black plays A1;\nmove;\nquit;\n";
    let ckpt = checkpoint("score4");
    let model = ckpt.join("model.bpk");
    for args in [
        vec!["--agent", "net"],
        vec!["--agent", "az", "--simulations", "64"],
        vec!["--agent", "az", "--movetime-ms", "50"],
        vec!["--checkpoint", ckpt.to_str().unwrap(), "--movetime-ms", "50"],
        vec!["--agent", "net", "--checkpoint", model.to_str().unwrap()],
    ] {
        let out = score4_bot(&args, input);
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        let lines: Vec<String> = String::from_utf8_lossy(&out.stdout).lines().map(String::from).collect();
        assert_eq!(lines.len(), 5, "{args:?}: {lines:?}");
        assert_eq!([&lines[0], &lines[2], &lines[4]], ["ok.", "ok.", "ok."], "{args:?}");
        assert!(out.stderr.is_empty(), "{args:?} wrote to stderr without -v");
    }
}

#[test]
fn the_first_reply_comes_quickly() {
    // What a referee waits for after starting the bot: loading the embedded model + one answer.
    let start = Instant::now();
    let out = score4_bot(&["--agent", "net"], b"play white;\n");
    let elapsed = start.elapsed();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "ok.");
    assert!(elapsed < Duration::from_secs(5), "first reply after {elapsed:?}");
}

/// A folder with a copy of the shipped Score 4 checkpoint whose files the test then spoils.
fn spoiled(spoil: impl FnOnce(&Path)) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for file in ["model.bpk", "model.json", "config.toml"] {
        std::fs::copy(checkpoint("score4").join(file), dir.path().join(file)).unwrap();
    }
    spoil(dir.path());
    dir
}

fn assert_refused(dir: &Path, file: &str, reason: &str) {
    let out = score4_bot(&["--checkpoint", dir.to_str().unwrap()], b"play white;\nmove;\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "no protocol before the model loads: {:?}", out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.contains(file), "{err} should name {file}");
    assert!(err.contains(reason), "{err} should say {reason}");
}

#[test]
fn bad_model_files_are_refused_with_one_line_naming_the_file() {
    let missing = spoiled(|d| std::fs::remove_file(d.join("model.bpk")).unwrap());
    assert_refused(missing.path(), "model.bpk", "no such model");

    let truncated = spoiled(|d| {
        let bytes = std::fs::read(d.join("model.bpk")).unwrap();
        std::fs::write(d.join("model.bpk"), &bytes[..bytes.len() / 3]).unwrap();
    });
    assert_refused(truncated.path(), "model.bpk", "");

    let other_game = spoiled(|d| {
        for file in ["model.bpk", "model.json"] {
            std::fs::copy(checkpoint("superball").join(file), d.join(file)).unwrap();
        }
    });
    assert_refused(other_game.path(), "model.json", "expected game score4, file holds superball");

    let other_shape = spoiled(|d| {
        let text = std::fs::read_to_string(d.join("model.json")).unwrap();
        let mut card: serde_json::Value = serde_json::from_str(&text).unwrap();
        card["net"]["input_shape"] = serde_json::json!([7, 4, 4]);
        std::fs::write(d.join("model.json"), card.to_string()).unwrap();
    });
    let expected = format!("expected input {:?}", score4::OBSERVATION_SHAPE);
    assert_refused(other_shape.path(), "model.json", &expected);

    let no_config = spoiled(|d| std::fs::remove_file(d.join("config.toml")).unwrap());
    assert_refused(no_config.path(), "config.toml", "training config");
}

fn sb_play(args: &[&str], env: &[(&str, &str)], board: &[u8]) -> Output {
    let mut command = Command::new(SB_PLAY);
    command.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    for (k, v) in env {
        command.env(k, v);
    }
    let mut child = command.spawn().unwrap();
    // The program may refuse its arguments and exit before reading: a closed pipe is
    // its answer (checked below), not a failure of the test.
    if let Err(e) = child.stdin.take().unwrap().write_all(board) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    child.wait_with_output().unwrap()
}

const BOARD: &[u8] =
    b"...yyryy.p\ny.rg.yppyp\n**gg.yrpPP\nGGgbgybp**\nR*bg.yrp*P\nG*gygyypY*\nyyybpby.pb\n.pgg.yp.bb\n";

#[test]
fn sb_play_plays_the_shipped_agent_and_models_from_disk() {
    let four = ["8", "10", "5", "pbyrg"];
    let (_dir, alone_bin) = alone(SB_PLAY);
    let ckpt = checkpoint("superball");
    for (program, extra) in [
        (alone_bin.to_str().unwrap(), vec![]),
        (SB_PLAY, vec!["--agent", "net"]),
        (SB_PLAY, vec!["--agent", "az", "--checkpoint", ckpt.to_str().unwrap()]),
        // The folder's model.ntuple, as `td` (the default) reads it.
        (SB_PLAY, vec!["--checkpoint", ckpt.to_str().unwrap()]),
    ] {
        let mut command = Command::new(program);
        command.args(four).args(&extra).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        let mut child = command.spawn().unwrap();
        // The program may refuse its arguments and exit before reading: a closed pipe is
        // its answer (checked below), not a failure of the test.
        if let Err(e) = child.stdin.take().unwrap().write_all(BOARD) {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
        }
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{extra:?}: {}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8(out.stdout).unwrap();
        let state = superball::SuperballState::from_text(superball::Params::default(), BOARD).unwrap();
        let m = superball::action::RawMove::parse(&text).unwrap_or_else(|| panic!("not a move: {text:?}"));
        state.check_move(m).unwrap_or_else(|e| panic!("{extra:?}: illegal move {text:?}: {e}"));
    }
}

#[test]
fn sb_play_refuses_a_model_for_another_game_and_plays_lookahead_on_other_boards() {
    let score4 = checkpoint("score4");
    let env = [("SB_PLAY_AGENT", "az"), ("SB_PLAY_CHECKPOINT", score4.to_str().unwrap())];
    let out = sb_play(&["8", "10", "5", "pbyrg"], &env, BOARD);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("model.json") && err.contains("expected game superball"), "{err}");
    // The n-tuple player (the default) wants a model.ntuple there.
    let out = sb_play(&["8", "10", "5", "pbyrg"], &[("SB_PLAY_CHECKPOINT", score4.to_str().unwrap())], BOARD);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no model.ntuple there"));
    // A 6×6 board is not what the shipped model was trained on: the bot still moves.
    let board = b"pbypby\nbypbyp\nPB.yPB\nPP.bPY\nppbyp.\nbypby.\n";
    let out = sb_play(&["6", "6", "4", "pby", "-v"], &[], board);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("playing lookahead instead"));
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 1);
}

#[test]
fn sb_play_skips_the_network_only_where_the_search_has_one_move_to_consider() {
    let four = ["8", "10", "5", "pbyrg", "-v"];
    let az = [("SB_PLAY_AGENT", "az")];
    // A roomy board: the lookahead's (its greedy's) swap is the only advice, so the shipped
    // network (`az`) plays it unsearched.
    let advisor = sb_play(&four, &[("SB_PLAY_AGENT", "lookahead")], BOARD);
    let shipped = sb_play(&four, &az, BOARD);
    assert!(shipped.status.success(), "{}", String::from_utf8_lossy(&shipped.stderr));
    assert_eq!(shipped.stdout, advisor.stdout, "the advisor's move");
    assert!(String::from_utf8_lossy(&shipped.stderr).contains("the advisor's only move"));
    // A full board with four sets to cash: the network's search chooses among them.
    let full = b"yyggyryybp\nggrgpyppyp\nRBgggyrpPP\nGGgggybpPP\nRGygryrpBP\nYGyygyypYB\nyyybpbyppb\nppggyypbbb\n";
    let out = sb_play(&four, &az, full);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("shipped@") && err.contains("sims) chose SCORE"), "{err}");
    // A model from disk always loads (a bad file is refused on the first board).
    let ckpt = checkpoint("superball");
    let out = sb_play(&["8", "10", "5", "pbyrg", "-v", "--checkpoint", ckpt.to_str().unwrap()], &az, BOARD);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("sims) chose SWAP"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.stdout, shipped.stdout, "the loaded search plays the advisor's only move too");
}

#[test]
fn sb_play_searches_with_the_advisor_it_is_given_and_refuses_a_bad_one() {
    let four = ["8", "10", "5", "pbyrg", "-v"];
    // On a roomy board the greedy advisor's one move (greedy's) is what the shipped network plays.
    let greedy = sb_play(&four, &[("SB_PLAY_AGENT", "greedy")], BOARD);
    let advised = sb_play(&four, &[("SB_PLAY_AGENT", "az"), ("SB_PLAY_ADVISOR", "greedy")], BOARD);
    assert!(advised.status.success(), "{}", String::from_utf8_lossy(&advised.stderr));
    assert_eq!(advised.stdout, greedy.stdout, "greedy's move");
    assert!(String::from_utf8_lossy(&advised.stderr).contains("the advisor's only move"));
    // The option is read before the board: a bad spec, or an agent without a search, is refused.
    for (env, message) in [
        (
            vec![("SB_PLAY_AGENT", "az"), ("SB_PLAY_ADVISOR", "lookahead(samples=x)")],
            "--advisor: game lookahead: parameter samples",
        ),
        (vec![("SB_PLAY_AGENT", "az"), ("SB_PLAY_ADVISOR", "oracle")], "no advisor called \"oracle\""),
        (vec![("SB_PLAY_ADVISOR", "greedy")], "--advisor needs --agent az, not td"),
        (vec![("SB_PLAY_ADVISOR", "greedy"), ("SB_PLAY_AGENT", "lookahead")], "--advisor needs --agent az"),
    ] {
        let out = sb_play(&four, &env, b"");
        assert_eq!(out.status.code(), Some(1), "{env:?}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{env:?}: {err}");
    }
}

/// A whole game is hundreds of moves, each a process that loads the model and searches: minutes
/// in a test build. Run it with `cargo test --release -p tabula-bots -- --ignored`.
#[test]
#[ignore]
fn the_shipped_superball_agent_finishes_a_game_under_sb_player() {
    let Some(player) = option_env!("CARGO_BIN_EXE_sb-player").map(PathBuf::from).or_else(|| {
        let path = Path::new(SB_PLAY).parent()?.join("sb-player");
        path.exists().then_some(path)
    }) else {
        eprintln!("sb-player is not built next to sb-play; skipping");
        return;
    };
    // `n n 1`: no board printing, no waiting, seed 1; the shipped agent by default.
    let out = Command::new(player).args(["8", "10", "5", "pbyrg", SB_PLAY, "n", "n", "1"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Game over.  Final score = "), "{text}");
}
