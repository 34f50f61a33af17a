//! `tabula train`: a run killed with SIGKILL resumes from its last checkpoint.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use tabula_models::TrainedModel;
use tabula_train::replay::ReplayBuffer;

mod common;
use common::{TINY, tabula, tiny_run, train_run};

fn checkpoint_step(dir: &Path) -> Option<(u64, std::path::PathBuf)> {
    let latest = std::fs::read_to_string(dir.join("checkpoints/latest")).ok()?;
    let ckpt = dir.join("checkpoints").join(latest.trim());
    let progress: serde_json::Value = serde_json::from_slice(&std::fs::read(ckpt.join("progress.json")).ok()?).ok()?;
    Some((progress["step"].as_u64()?, ckpt))
}

fn replay(ckpt: &Path) -> ReplayBuffer {
    ReplayBuffer::from_bytes(&std::fs::read(ckpt.join("replay.bin")).unwrap()).unwrap()
}

/// Resumes the run in `run` up to learner step `max_steps`; its stderr.
fn resume(run: &Path, max_steps: u64) -> String {
    let out = tabula()
        .args(["train", "--quiet", "--max-steps"])
        .arg(max_steps.to_string())
        .arg("--resume")
        .arg(run)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stderr}");
    stderr
}

#[test]
fn a_run_killed_with_sigkill_resumes_where_its_checkpoint_left_off() {
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("tiny.toml");
    std::fs::write(&config, TINY).unwrap();
    let run = tmp.path().join("run");

    let mut child = tabula()
        .args(["train", "score4", "--quiet", "--config"])
        .arg(&config)
        .arg("--out")
        .arg(&run)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(300);
    loop {
        if let Some((step, _)) = checkpoint_step(&run)
            && step >= 6
        {
            break;
        }
        assert!(Instant::now() < deadline, "no checkpoint at step 6 within 5 minutes");
        assert!(child.try_wait().unwrap().is_none(), "the run ended by itself");
        std::thread::sleep(Duration::from_millis(100));
    }
    child.kill().unwrap(); // SIGKILL on Unix: no chance to clean up
    child.wait().unwrap();

    let (killed_at, ckpt) = checkpoint_step(&run).unwrap();
    let before = replay(&ckpt);
    assert!(before.len() >= 64, "the replay buffer was checkpointed ({} samples)", before.len());

    let stderr = resume(&run, killed_at + 6);
    assert!(stderr.contains(&format!("resuming {} at step {killed_at}", run.display())), "{stderr}");
    assert!(stderr.contains("of its 1 hours left"), "without --hours it trains what is left: {stderr}");

    let (resumed_to, ckpt) = checkpoint_step(&run).unwrap();
    assert_eq!(resumed_to, killed_at + 6, "the step counter continues");
    let after = replay(&ckpt);
    assert!(after.len() >= before.len());
    assert_eq!(&after.samples()[..before.len()], before.samples(), "the old samples are intact");

    // The log continues the step sequence rather than restarting at 1.
    let log = std::fs::read_to_string(run.join("log.jsonl")).unwrap();
    let steps: Vec<u64> = log
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v["step"].as_u64())
        .collect();
    assert!(steps.contains(&(killed_at + 6)), "{steps:?}");
    // Its resident memory is logged with the losses, so a long run shows whether it grows.
    let rss: Vec<f64> = log
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v["memory/rss_mib"].as_f64())
        .collect();
    assert!(!rss.is_empty() && rss.iter().all(|&m| m > 1.0), "{rss:?}");
    assert!(
        run.join("model.bpk").exists() && run.join("model.json").exists(),
        "the model is written beside the checkpoints"
    );
    let evals: Vec<&str> = log.lines().filter(|l| l.contains("eval/vs_random/score")).collect();
    assert!(!evals.is_empty() || !stderr.is_empty());

    // A run carried to another machine by scripts/pack-run.sh, without its replay buffer (most
    // of a checkpoint's bytes), resumes with an empty one, which self-play refills before the
    // learner goes on.
    let history = std::fs::read_to_string(run.join("log.jsonl")).unwrap();
    let elsewhere = pack_and_unpack(&run, tmp.path());
    let carried = elsewhere.join("run");
    assert!(!ckpt_of(&carried).join("replay.bin").exists() && !carried.join("tensorboard").exists());
    // Without its model.bpk the packed run still plays (as `run:DIR`): its checkpoint's weights,
    // the very net the run wrote as model.bpk at that step.
    assert!(!carried.join("model.bpk").exists());
    let packed_model = TrainedModel::load(&score4::Score4, &carried).unwrap();
    let written = TrainedModel::load(&score4::Score4, &run).unwrap();
    assert_eq!(packed_model.card.training_step, resumed_to);
    assert_eq!(packed_model.card.game_spec, written.card.game_spec);
    let observation: Vec<f32> = (0..written.net.config().input_len()).map(|i| (i % 3) as f32).collect();
    let (a, b) = (packed_model.net.infer(&observation, 1), written.net.infer(&observation, 1));
    assert_eq!((a.policy(0), a.value(0)), (b.policy(0), b.value(0)));
    let stderr = resume(&carried, resumed_to + 6);
    assert!(stderr.contains(&format!("at step {resumed_to} (the replay buffer empty")), "{stderr}");
    let (step, ckpt) = checkpoint_step(&carried).unwrap();
    assert_eq!(step, resumed_to + 6);
    assert!(replay(&ckpt).len() >= 64, "self-play refilled the buffer");
    let log = std::fs::read_to_string(carried.join("log.jsonl")).unwrap();
    assert!(
        log.starts_with(&history) && log.len() > history.len(),
        "the carried log keeps the run's history and goes on"
    );

    // Packing a directory that is not a run says so.
    let not_a_run = Command::new("bash")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/pack-run.sh"))
        .args([&elsewhere, &tmp.path().join("x.tar.xz")])
        .output()
        .unwrap();
    assert!(!not_a_run.status.success());
    assert!(String::from_utf8_lossy(&not_a_run.stderr).contains("not a tabula run"));
}

#[test]
fn a_run_resumed_without_hours_trains_what_is_left_of_its_config_hours() {
    let tmp = tempfile::tempdir().unwrap();
    let run = train_run(tmp.path(), &TINY.replace("hours = 1.0", "hours = 0.0005"), &[]);
    let (step, _) = checkpoint_step(&run).expect("the run checkpoints when its hours are up");

    let spent = tabula().args(["train", "--quiet", "--resume"]).arg(&run).output().unwrap();
    let stderr = String::from_utf8_lossy(&spent.stderr);
    assert!(!spent.status.success());
    assert!(stderr.contains("has trained the 0.0005 hours its config asks for; `--hours H`"), "{stderr}");
    assert_eq!(checkpoint_step(&run).unwrap().0, step, "nothing trained");

    let more = tabula()
        .args(["train", "--quiet", "--hours", "0.001", "--max-steps"])
        .arg((step + 2).to_string())
        .arg("--resume")
        .arg(&run)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&more.stderr);
    assert!(more.status.success(), "{stderr}");
    assert!(stderr.contains("0.001 hours more"), "{stderr}");
}

#[test]
fn checkpoints_between_replay_snapshots_link_the_last_one_and_the_run_ends_with_a_fresh_one() {
    use std::os::unix::fs::MetadataExt;
    let inode = |run: &Path, step: u64| {
        let file = run.join("checkpoints").join(format!("step-{step:010}")).join("replay.bin");
        std::fs::metadata(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display())).ino()
    };
    // Checkpoints at steps 3, 6 and 9, all kept; the run ends at step 9.
    let keep_all = TINY.replace("checkpoint_every_steps = 3", "checkpoint_every_steps = 3\nkeep_checkpoints = 10");
    let tmp = tempfile::tempdir().unwrap();
    let run = train_run(tmp.path(), &keep_all, &["--max-steps", "9"]);
    assert_eq!(inode(&run, 3), inode(&run, 6), "step 6 links the buffer written at step 3");
    assert_ne!(inode(&run, 6), inode(&run, 9), "the run's last checkpoint writes the buffer as it ends");
    let (first, last) = (replay(&ckpt_of(&run).with_file_name("step-0000000003")), replay(&ckpt_of(&run)));
    assert!(last.added() > first.added(), "the last buffer holds the samples played since the snapshot");

    // With replay_snapshot_minutes = 0 every checkpoint writes its own.
    let every_time = keep_all.replace("keep_checkpoints = 10", "keep_checkpoints = 10\nreplay_snapshot_minutes = 0");
    let tmp = tempfile::tempdir().unwrap();
    let run = train_run(tmp.path(), &every_time, &["--max-steps", "9"]);
    assert_ne!(inode(&run, 3), inode(&run, 6));
    assert_eq!(ckpt_of(&run).file_name().unwrap(), "step-0000000009");

    // A negative period is refused before anything trains.
    let config = tmp.path().join("negative.toml");
    std::fs::write(&config, keep_all.replace("keep_checkpoints = 10", "replay_snapshot_minutes = -1")).unwrap();
    let out = tabula()
        .args(["train", "score4", "--quiet", "--config"])
        .arg(&config)
        .arg("--out")
        .arg(tmp.path().join("refused"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("replay_snapshot_minutes"));
    assert!(!tmp.path().join("refused").join("checkpoints").exists());
}

#[test]
fn models_kept_every_n_steps_are_playable_and_a_resumed_run_keeps_counting() {
    let kept = |run: &Path| -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(run.join("models"))
            .map(|d| {
                d.map(|e| e.unwrap().path())
                    .filter(|p| p.is_dir())
                    .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        names
    };
    // Checkpoints at steps 3, 6 and 9; a model kept at 6 only.
    let config = TINY.replace("checkpoint_every_steps = 3", "checkpoint_every_steps = 3\nkeep_model_every_steps = 6");
    let tmp = tempfile::tempdir().unwrap();
    let run = train_run(tmp.path(), &config, &["--max-steps", "9"]);
    assert_eq!(kept(&run), ["step-0000000006"]);
    let six = run.join("models/step-0000000006");
    for file in ["model.bpk", "model.json", "config.toml", "manifest.json"] {
        assert!(six.join(file).is_file(), "{} has no {file}", six.display());
    }
    let card: serde_json::Value = serde_json::from_slice(&std::fs::read(six.join("model.json")).unwrap()).unwrap();
    assert_eq!(card["training_step"], 6, "{card}");
    // Resumed to step 15: 12 crosses the next multiple, 9 (before the resume) and 15 do not.
    resume(&run, 15);
    assert_eq!(kept(&run), ["step-0000000006", "step-0000000012"]);
    assert_eq!(std::fs::read_to_string(run.join("models/latest")).unwrap(), "step-0000000012");
    // A kept model is a player.
    let spec = format!("ckpt:{}:4", six.display());
    let out =
        tabula().args(["arena", "score4", "--games", "2", "--quiet", "--players", &spec, "random"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));

    // scripts/pick-model.sh plays the kept models and the last one against one opponent and
    // names the best as its last line.
    let pick = |run: &Path| {
        script("pick-model.sh", &["--against", "random", "--games", "2", "--movetime-ms", "10"])
            .arg("score4")
            .arg(run)
            .output()
            .unwrap()
    };
    let out = pick(&run);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "three candidates and the choice: {stdout}");
    for (line, candidate) in lines.iter().zip(["models/step-0000000006:10ms", "models/step-0000000012:10ms", "run:"]) {
        assert!(line.contains(candidate) && line.contains(" 2 games "), "{candidate} in step order: {stdout}");
    }
    let chosen = Path::new(lines[3]);
    assert!([six.clone(), run.join("models/step-0000000012"), run.clone()].iter().any(|c| c == chosen), "{stdout}");
    assert!(run.join("pick/records.jsonl").is_file() && run.join("pick/arena.json").is_file());
    // A folder that is not a run is refused.
    let out = pick(&run.join("models"));
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));

    // Without the key (the default) none is kept.
    let tmp = tempfile::tempdir().unwrap();
    let run = train_run(tmp.path(), TINY, &["--max-steps", "6"]);
    assert!(!run.join("models").exists());
}

/// The directory of a run's latest checkpoint.
fn ckpt_of(run: &Path) -> std::path::PathBuf {
    let latest = std::fs::read_to_string(run.join("checkpoints/latest")).unwrap();
    run.join("checkpoints").join(latest.trim())
}

#[test]
fn train_rejects_bad_requests_clearly() {
    let out = tabula().args(["train", "chess"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown game \"chess\""));
    let out = tabula().args(["train", "--resume", "/nonexistent/run"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("does not look like a tabula run directory"));
    // An advisor the game does not have.
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("advised.toml");
    let mcts = concat!(env!("CARGO_MANIFEST_DIR"), "/train/configs/superball-mcts.toml");
    let out = tabula().args(["train", "superball", "--print-config", "--config", mcts]).output().unwrap();
    let text: String = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.starts_with("advisor"))
        .map(|l| if l == "[search]" { "[search]\nadvisor = \"oracle\"\n".to_string() } else { format!("{l}\n") })
        .collect();
    std::fs::write(&config, text).unwrap();
    let out = tabula()
        .args(["train", "superball", "--config"])
        .arg(&config)
        .arg("--out")
        .arg(tmp.path().join("run"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no advisor called \"oracle\"; choose among: greedy"));
    // Superball's default is the afterstate recipe the shipped model came from, overnight.
    let out = tabula().args(["train", "superball", "--print-config"]).output().unwrap();
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && printed.contains("method = \"afterstate-td\"") && printed.contains("hours = 8.0"));
    let out = tabula().args(["train", "score4", "--print-config"]).output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("game = \"score4\""));
    // A device that is not there (in a build without CUDA) is said, never replaced by the
    // CPU, and leaves no run behind.
    if cfg!(not(feature = "cuda")) {
        let gpu =
            tabula().args(["train", "score4", "--device", "cuda:0", "--out"]).arg(tmp.path().join("gpu")).output();
        let gpu = gpu.unwrap();
        let said = String::from_utf8_lossy(&gpu.stderr);
        assert!(!gpu.status.success() && said.contains("cuda:0") && said.contains("--features cuda"), "{said}");
        assert!(!tmp.path().join("gpu").exists(), "{said}");
    }
    let out = tabula().args(["train", "score4", "--device", "tpu", "--print-config"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("choose cpu, cuda or cuda:N"));
}

#[test]
fn a_finished_run_is_evaluated_against_the_baselines() {
    let tmp = tempfile::tempdir().unwrap();
    let run = tiny_run(tmp.path(), 2);

    let out = tabula()
        .arg("eval")
        .arg(&run)
        .args(["--against", "random,greedy", "--games", "5", "--simulations", "4", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let run_name = format!("run:{}:4", run.display());
    assert_eq!(doc["format"], "gauntlet");
    let pairings = doc["pairings"].as_array().unwrap();
    assert_eq!(pairings.len(), 2);
    for (row, opponent) in pairings.iter().zip(["random", "greedy"]) {
        assert_eq!(row["a"], run_name.as_str());
        assert_eq!(row["b"], opponent);
        assert_eq!(row["games"], 5);
        let played = ["wins", "draws", "losses"].iter().map(|k| row[k].as_u64().unwrap()).sum::<u64>();
        assert_eq!(played, 5);
    }

    // The run as an arena player and as an opponent in the terminal.
    let spec = format!("run:{}:4", run.display());
    let out =
        tabula().args(["arena", "score4", "--games", "2", "--json", "--players", "random", &spec]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["players"][1]["player"], spec.as_str());
    let mut play = tabula()
        .args(["play", "score4", "--seed", "3", "--opponent", &spec])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut play.stdin.take().unwrap(), b"A1\nquit\n").unwrap();
    let out = play.wait_with_output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains(&format!("Black ({}@", run.display())));

    let bad = tabula().arg("eval").arg(&run).args(["--against", "nobody"]).output().unwrap();
    assert!(!bad.status.success());
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("nobody") && err.contains("greedy"), "{err}");

    let missing = tabula().arg("eval").arg(tmp.path().join("no-such-run")).output().unwrap();
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no-such-run"));
}

#[test]
fn upright_trains_with_its_symmetry_and_its_model_plays_in_the_arena() {
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("tiny-upright.toml");
    // TINY's settings on a 4x4 board, each sample shown in one of its two symmetric forms.
    let text = TINY
        .replace("game = \"score4\"", "game = \"upright(size=4)\"")
        .replace("[learner]\n", "[learner]\naugment_symmetries = true\n");
    std::fs::write(&config, text).unwrap();
    let run = train_three_steps("upright", &config, tmp.path());
    let player = format!("run:{}:4", run.display());
    let out = tabula()
        .args(["arena", "upright(size=4)", "--players", &player, "random", "--games", "4", "--quiet"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("random"));
}

#[test]
fn clue_trains_on_information_sets_advised_by_deduce_and_its_model_plays_a_field() {
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("tiny-clue.toml");
    // TINY's settings on a small Clue; the search draws 2 worlds a move and considers deduce's
    // step; every self-play game puts the network in one seat against two `bold`.
    let text = TINY
        .replace("game = \"score4\"", "game = \"clue(players=3,items=10,hidden=1)\"")
        .replace(
            "eval_simulations = 4\n",
            "eval_simulations = 4\nadvisor = \"deduce\"\nadvice_prior = 0.5\nworlds = 2\n",
        )
        .replace("max_moves = 64", "max_moves = 400\nfield = [\"bold\"]\nfield_share = 1.0");
    std::fs::write(&config, text).unwrap();
    let run = train_three_steps("clue", &config, tmp.path());
    let log = std::fs::read_to_string(run.join("log.jsonl")).unwrap();
    assert!(log.contains("eval/vs_deduce/firsts"), "the run is evaluated in a field of deduce: {log}");
    assert!(log.contains("field/bold/firsts"), "its games against bold are logged: {log}");
    // Bad fields are refused before a step is trained, saying what is wrong.
    let refused = |text: &str| {
        std::fs::write(&config, text).unwrap();
        let out = tabula()
            .args(["train", "clue", "--quiet", "--max-steps", "1", "--config"])
            .arg(&config)
            .arg("--out")
            .arg(tmp.path().join("bad"))
            .output()
            .unwrap();
        assert!(!out.status.success());
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let bad = std::fs::read_to_string(&config).unwrap().replace("[\"bold\"]", "[\"boldest\"]");
    let err = refused(&bad);
    assert!(err.contains("selfplay.field") && err.contains("boldest"), "{err}");
    let err = refused(&bad.replace("field_share = 1.0", ""));
    assert!(err.contains("give both or neither"), "{err}");
    let player = format!("run:{}:4", run.display());
    let out = tabula()
        .args(["arena", "clue(players=3,items=10,hidden=1)", "--players", &player, "deduce", "--games", "3", "--quiet"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("firsts"), "{}", String::from_utf8_lossy(&out.stdout));
}

/// `tabula train GAME --config CONFIG` for three learner steps into `dir/run`, which it returns.
fn train_three_steps(game: &str, config: &Path, dir: &Path) -> std::path::PathBuf {
    let run = dir.join("run");
    let out = tabula()
        .args(["train", game, "--quiet", "--max-steps", "3", "--config"])
        .arg(config)
        .arg("--out")
        .arg(&run)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    run
}

/// `bash scripts/NAME OPTIONS --tabula BIN`, this build's `tabula`.
fn script(name: &str, options: &[&str]) -> Command {
    let mut command = Command::new("bash");
    command.arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts").join(name)).args(options);
    command.arg("--tabula").arg(env!("CARGO_BIN_EXE_tabula"));
    command
}

/// `scripts/train-side-by-side.sh` with the tiny config as its base.
fn side_by_side(out: &Path, base: &Path, variants: &[&str]) -> std::process::Output {
    script("train-side-by-side.sh", &["--hours", "0.0005", "--games", "2", "--movetime-ms", "10"])
        .arg("--config")
        .arg(base)
        .arg(out)
        .args(variants)
        .output()
        .unwrap()
}

#[test]
fn recipes_train_side_by_side_and_then_play_the_same_opponent() {
    let tmp = tempfile::tempdir().unwrap();
    let base = tmp.path().join("tiny.toml");
    std::fs::write(&base, TINY).unwrap();
    let out = tmp.path().join("sbs");

    // A key the config does not have, or a variant that is not KEY=VALUE, stops it before any
    // training starts.
    let unknown = side_by_side(&out, &base, &["default", "replay_ratio=2,no_such_key=1"]);
    assert_eq!(unknown.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("no single line for no_such_key"));
    let malformed = side_by_side(&out, &base, &["default", "replay_ratio"]);
    assert_eq!(malformed.status.code(), Some(2));
    let twice = side_by_side(&out, &base, &["replay_ratio=2", "replay_ratio=2"]);
    assert_eq!(twice.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&twice.stderr).contains("two variants would train into"));
    assert!(!out.join("default").exists(), "nothing trained");

    let done = side_by_side(&out, &base, &["default", "replay_ratio=2,batch_size=8"]);
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    let variant = std::fs::read_to_string(out.join("replay_ratio-2+batch_size-8.toml")).unwrap();
    assert!(variant.contains("\nreplay_ratio = 2\n") && variant.contains("\nbatch_size = 8\n"));
    assert_eq!(
        variant.replace("replay_ratio = 2\n", "replay_ratio = 1.0\n").replace("batch_size = 8\n", "batch_size = 16\n"),
        TINY
    );
    for run in ["default", "replay_ratio-2+batch_size-8"] {
        assert!(out.join(run).join("model.bpk").exists(), "{run} trained");
    }
    let trained = std::fs::read_to_string(out.join("replay_ratio-2+batch_size-8/config.toml")).unwrap();
    assert!(trained.contains("replay_ratio = 2.0") && trained.contains("batch_size = 8"), "{trained}");
    // Each variant played alphabeta twice: four games, both variants in the table.
    let records = std::fs::read_to_string(out.join("records.jsonl")).unwrap();
    assert_eq!(records.lines().count(), 4);
    let table = std::fs::read_to_string(out.join("table.txt")).unwrap();
    assert!(table.contains("sbs/default:10ms") && table.contains("sbs/replay_ratio-2+batch_size-8:10ms"), "{table}");
    assert!(out.join("ratings.png").exists());

    // Run again, it trains nothing and plays the arena again.
    let again = side_by_side(&out, &base, &["default", "replay_ratio=2,batch_size=8"]);
    assert!(again.status.success());
    assert!(String::from_utf8_lossy(&again.stdout).contains("already trained"));
}

#[test]
fn train_throughput_measures_binaries_and_configs_taking_turns() {
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("tiny.toml");
    std::fs::write(&config, TINY).unwrap();
    let slower = tmp.path().join("slower.toml");
    std::fs::write(&slower, TINY.replace("simulations = 4", "simulations = 64")).unwrap();
    let bin = env!("CARGO_BIN_EXE_tabula");
    let throughput = |args: &[String]| {
        Command::new("bash")
            .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/train-throughput.sh"))
            .args(args)
            .output()
            .unwrap()
    };

    // Bad requests stop before anything runs.
    let malformed = throughput(&["--rounds".into(), "1".into(), "no-binary-here".into()]);
    assert_eq!(malformed.status.code(), Some(2));
    let twice = throughput(&[format!("a={bin}@{}", config.display()), format!("a={bin}")]);
    assert_eq!(twice.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&twice.stderr).contains("label a given twice"));
    let missing = throughput(&["a=/nonexistent/tabula".into()]);
    assert_eq!(missing.status.code(), Some(1));

    let out = throughput(&[
        "--rounds".into(),
        "2".into(),
        "--seconds".into(),
        "4".into(),
        format!("tiny={bin}@{}", config.display()),
        format!("slower={bin}@{}", slower.display()),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(stderr.matches("positions/s").count(), 4, "two rounds of two: {stderr}");
    let table = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<Vec<&str>> = table
        .lines()
        .filter(|l| l.starts_with("| tiny") || l.starts_with("| slower"))
        .map(|l| l.split('|').map(str::trim).collect())
        .collect();
    assert_eq!(rows.len(), 2, "{table}");
    let median = |row: &[&str]| row[3].parse::<f64>().unwrap();
    assert_eq!(rows[0][4], "1.00x", "{table}");
    assert!(median(&rows[0]) > 0.0 && median(&rows[1]) > 0.0, "{table}");
    // The ratio column is the medians' ratio. Which config is faster is not asserted: on a
    // loaded machine four-second rounds can rank them either way.
    let ratio: f64 = rows[1][4].trim_end_matches('x').parse().unwrap();
    // Within the rounding of the printed medians (to whole positions) and of the ratio itself.
    let rounding = 0.006 + ratio * (0.5 / median(&rows[0]) + 0.5 / median(&rows[1]));
    assert!((ratio - median(&rows[1]) / median(&rows[0])).abs() < rounding, "{table}");
}

/// The largest file of a checkpoint's learner (its weights), with one bit flipped.
fn flip_a_bit(ckpt: &Path) -> std::path::PathBuf {
    let mut files: Vec<_> = std::fs::read_dir(ckpt.join("learner")).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort_by_key(|f| std::fs::metadata(f).unwrap().len());
    let file = files.pop().unwrap();
    let mut bytes = std::fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x04;
    std::fs::write(&file, bytes).unwrap();
    file
}

#[test]
fn a_damaged_latest_checkpoint_resumes_from_the_newest_intact_one() {
    let tmp = tempfile::tempdir().unwrap();
    let run = tiny_run(tmp.path(), 9);
    let checkpoints = run.join("checkpoints");
    let (step, latest) = checkpoint_step(&run).unwrap();
    assert_eq!(step, 9);
    let bad = flip_a_bit(&latest);

    let stderr = resume(&run, 12);
    let name = bad.file_name().unwrap().to_string_lossy().into_owned();
    assert!(stderr.contains("checkpoint step-0000000009 is damaged"), "{stderr}");
    assert!(stderr.contains(&name) && stderr.contains("SHA-256"), "the bad file is named: {stderr}");
    assert!(stderr.contains("resuming from step-0000000006 instead: 3 steps lost"), "{stderr}");
    assert!(checkpoints.join("damaged-step-0000000009").is_dir(), "the damaged checkpoint is kept aside");
    assert_eq!(checkpoint_step(&run).unwrap().0, 12, "the run went on from step 6 to 12");

    // A truncated copy of the newest, and a flipped bit in the other: nothing intact, and it says so.
    let (_, newest) = checkpoint_step(&run).unwrap();
    let progress = newest.join("progress.json");
    let text = std::fs::read(&progress).unwrap();
    std::fs::write(&progress, &text[..text.len() / 2]).unwrap();
    flip_a_bit(&checkpoints.join("step-0000000009"));
    let out = tabula().args(["train", "--quiet", "--max-steps", "15", "--resume"]).arg(&run).output().unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no intact checkpoint"), "{stderr}");
    assert!(stderr.contains("progress.json is") && stderr.contains("the manifest says"), "{stderr}");
}

/// Trains the tiny config to `steps` with checkpoint writes failing at `fail` (as on a full
/// disk, through the trainer's failure hook); the exit status and stderr.
fn train_failing(dir: &Path, steps: u64, fail: &str) -> (bool, String) {
    let config = dir.join("tiny.toml");
    std::fs::write(&config, TINY).unwrap();
    let out = tabula()
        .args(["train", "score4", "--quiet", "--max-steps", &steps.to_string(), "--config"])
        .arg(&config)
        .arg("--out")
        .arg(dir.join("run"))
        .env("TABULA_FAIL_CHECKPOINTS", fail)
        .output()
        .unwrap();
    (out.status.success(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_checkpoint_that_cannot_be_written_is_tried_again_and_three_in_a_row_stop_the_run() {
    let tmp = tempfile::tempdir().unwrap();
    let (ok, stderr) = train_failing(tmp.path(), 12, "6");
    assert!(ok, "{stderr}");
    assert!(stderr.contains("the checkpoint at step 6 could not be written"), "{stderr}");
    assert!(stderr.contains("No space left on device") && stderr.contains("step-0000000006.tmp"), "{stderr}");
    assert!(stderr.contains("the last intact one is") && stderr.contains("step-0000000003"), "{stderr}");
    let run = tmp.path().join("run");
    assert_eq!(checkpoint_step(&run).unwrap().0, 12, "the next checkpoints were written");
    let names: Vec<String> = std::fs::read_dir(run.join("checkpoints"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(!names.iter().any(|n| n.ends_with(".tmp")), "nothing half-written is left: {names:?}");

    let tmp = tempfile::tempdir().unwrap();
    let (ok, stderr) = train_failing(tmp.path(), 30, "6,9,12,15");
    assert!(!ok, "{stderr}");
    assert!(stderr.contains("stopped: 3 checkpoints in a row could not be written"), "{stderr}");
    assert!(stderr.contains("the last intact checkpoint is") && stderr.contains("step-0000000003"), "{stderr}");
    let run = tmp.path().join("run");
    assert_eq!(checkpoint_step(&run).unwrap().0, 3);
    let stderr = resume(&run, 6);
    assert!(stderr.contains("at step 3"), "the run goes on from its last checkpoint: {stderr}");
}

/// Learner step 0 of `tabula train score4 --config CONFIG --init MODEL` into `out`: its stderr.
fn start_from(config: &Path, model: &Path, out: &Path) -> std::process::Output {
    tabula()
        .args(["train", "score4", "--quiet", "--max-steps", "0", "--config"])
        .arg(config)
        .arg("--init")
        .arg(model)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap()
}

#[test]
fn a_run_can_start_from_a_trained_network_of_the_same_shape() {
    let tmp = tempfile::tempdir().unwrap();
    let source = tiny_run(tmp.path(), 4);
    let config = tmp.path().join("tiny.toml");
    let warm = tmp.path().join("warm");
    let out = start_from(&config, &source, &warm);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && said.contains("the network starting from"), "{said}");
    // The new run's network at step 0 is the source's, to the bit; a run of the same seed
    // started from random weights is not.
    let game = score4::Score4;
    let state = tabula_core::Game::new_initial_state(&game, 0);
    let mut observation = vec![0.0; tabula_core::Game::observation_len(&game)];
    tabula_core::State::observation(&state, 0, &mut observation);
    let outputs = |run: &Path| {
        let model = TrainedModel::load(&game, run).unwrap();
        let inference = model.net.infer(&observation, 1);
        (inference.policy(0).to_vec(), inference.value(0).to_vec())
    };
    assert_eq!(outputs(&warm), outputs(&source));
    std::fs::create_dir(tmp.path().join("cold")).unwrap();
    let cold = train_run(&tmp.path().join("cold"), TINY, &["--max-steps", "0"]);
    assert_ne!(outputs(&cold), outputs(&source));
    let written = std::fs::read_to_string(warm.join("config.toml")).unwrap();
    assert!(written.contains(&format!("init = \"{}\"", source.display())), "{written}");
    // It goes on learning from there like any run, and resumes without --init.
    resume(&warm, 3);

    // A network of another build, another game, or no model at all: refused, nothing made.
    let wide = tmp.path().join("wide.toml");
    std::fs::write(&wide, TINY.replace("hidden = [32]", "hidden = [48]")).unwrap();
    let out = start_from(&wide, &source, &tmp.path().join("w2"));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && said.contains("is not the config's") && said.contains("mlp [32]"), "{said}");
    assert!(!tmp.path().join("w2").exists());
    let superball = concat!(env!("CARGO_MANIFEST_DIR"), "/checkpoints/superball");
    let out = start_from(&config, superball.as_ref(), &tmp.path().join("w3"));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && said.contains("net.init") && said.contains("expected input"), "{said}");
    let out = start_from(&config, &tmp.path().join("nothing"), &tmp.path().join("w4"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no such model"));
    let out = tabula().args(["train", "--resume"]).arg(&warm).arg("--init").arg(&source).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "--init starts a run; a resumed one has its network");
}

/// Packs `run` with scripts/pack-run.sh and unpacks it into `tmp/elsewhere`, which it returns.
fn pack_and_unpack(run: &Path, tmp: &Path) -> std::path::PathBuf {
    let packed = tmp.join("run.tar.xz");
    let pack = Command::new("bash")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/pack-run.sh"))
        .args([run, &packed])
        .output()
        .unwrap();
    assert!(pack.status.success(), "{}", String::from_utf8_lossy(&pack.stderr));
    let elsewhere = tmp.join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    assert!(Command::new("tar").arg("-xJf").arg(&packed).arg("-C").arg(&elsewhere).status().unwrap().success());
    elsewhere
}

/// An afterstate run carried by scripts/pack-run.sh (config, curve, models, the latest
/// checkpoint) resumes where it left off on the other side, its curve going on.
#[test]
fn an_afterstate_run_packed_by_pack_run_resumes_elsewhere() {
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("sb.toml");
    let text = "game = \"superball(rows=5,cols=6,mss=4,colors=pby)\"\nmethod = \"afterstate-td\"\nhours = 1.0\n\
                [ntuple]\npatterns = [\"2x2\"]\ncounts = true\n[td]\nreward_scale = 10.0\nmax_moves = 2000\n\
                [run]\nthreads = 1\ncheckpoint_every_minutes = 1.0\neval_every_minutes = 1.0\neval_games = 2\n\
                keep_model_every_minutes = 0.01\n";
    std::fs::write(&config, text).unwrap();
    let run = tmp.path().join("sb-run");
    let train = |args: &[&str]| {
        let out = tabula().arg("train").args(args).args(["--quiet", "--hours", "0.0006"]).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    };
    train(&["superball", "--config", config.to_str().unwrap(), "--out", run.to_str().unwrap()]);
    let carried = pack_and_unpack(&run, tmp.path()).join("sb-run");
    let kept = |dir: &Path| std::fs::read_dir(dir.join("models")).map_or(0, |d| d.count());
    assert!(kept(&carried) >= 2 && kept(&carried) == kept(&run), "the kept models travel");
    let moves = |dir: &Path| tabula_train::afterstate::read_curve(dir).unwrap().last().unwrap().moves;
    let (curve, before) = (tabula_train::afterstate::read_curve(&carried).unwrap(), moves(&carried));
    assert!(before > 0 && tabula_ntuple::NTupleModel::load(&carried.join("model.ntuple")).is_ok());
    train(&["--resume", carried.to_str().unwrap()]);
    let after = tabula_train::afterstate::read_curve(&carried).unwrap();
    assert!(after.len() > curve.len() && after[..curve.len()] == curve[..], "the curve goes on");
    assert!(moves(&carried) > before);
}
