//! `tabula selfplay-bench` as a user runs it: a short measurement, its JSON, and bad requests.

use std::process::Command;

fn tabula(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tabula")).args(args).output().expect("tabula starts")
}

#[test]
fn measures_the_default_configs_self_play() {
    let out = tabula(&["selfplay-bench", "score4", "--seconds", "1", "--learner", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert!(v["seconds"].as_f64().unwrap() >= 1.0);
    assert!(v["moves"].as_u64().unwrap() > 0, "{v}");
    // Score 4's default searches 32 simulations a move: about that many evaluations each.
    let per_move = v["evaluations"].as_f64().unwrap() / v["moves"].as_f64().unwrap();
    assert!((4.0..=40.0).contains(&per_move), "{per_move} evaluations a move: {v}");
    let cpu = v["cpu_utilisation"].as_f64().unwrap();
    let cores = v["cores"].as_f64().unwrap();
    assert!(cpu > 0.2 && cpu <= cores + 0.5, "CPU utilisation {cpu} on {cores} cores");
    // Every move of Score 4's default is a full search, hence a sample as it is made.
    let (positions, moves) = (v["positions_per_s"].as_f64().unwrap(), v["moves_per_s"].as_f64().unwrap());
    assert!((positions - moves).abs() < 1e-9 * moves && positions > 0.0, "{v}");
}

#[test]
fn counts_the_positions_of_games_still_being_played() {
    // A Superball game outlasts the second measured: its samples count only when it ends, its
    // positions as they are made (every move of the default is a full search).
    let mcts = concat!(env!("CARGO_MANIFEST_DIR"), "/train/configs/superball-mcts.toml");
    let out = tabula(&["selfplay-bench", "--config", mcts, "--seconds", "1", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let (positions, moves) = (v["positions_per_s"].as_f64().unwrap(), v["moves_per_s"].as_f64().unwrap());
    assert!(positions > 0.0 && (positions - moves).abs() < 1e-9 * moves, "{v}");
}

#[test]
fn measures_the_learners_ceiling_alone() {
    let out = tabula(&["selfplay-bench", "score4", "--seconds", "1", "--learner-only", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let (steps, seconds) = (v["steps"].as_f64().unwrap(), v["seconds"].as_f64().unwrap());
    assert!(steps >= 1.0 && seconds >= 1.0, "{v}");
    // Score 4's default: batches of 128, each position drawn 4 times.
    assert_eq!((v["batch_size"].as_u64(), v["replay_ratio"].as_f64()), (Some(128), Some(4.0)), "{v}");
    let positions = v["positions_per_s"].as_f64().unwrap();
    assert!((positions - steps / seconds * 32.0).abs() < 1e-6 * positions.max(1.0), "{v}");
}

#[test]
fn bad_requests_fail_with_one_line() {
    for (args, says) in [
        (&["selfplay-bench", "score4", "--seconds", "0"][..], "--seconds"),
        (&["selfplay-bench", "chess"][..], "chess"),
        // Superball's default run is afterstate TD: no self-play search to measure.
        (&["selfplay-bench", "superball"][..], "train/configs/superball-mcts.toml"),
        (&["selfplay-bench", "score4", "--learner", "--learner-only"][..], "--learner-only"),
        (&["selfplay-bench", "--config", "/no/such/config.toml"][..], "/no/such/config.toml"),
    ] {
        let out = tabula(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
