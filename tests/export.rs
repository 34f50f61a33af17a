//! `tabula export` and `tabula plot`: a finished run becomes a checkpoint folder that loads as a
//! player, with its card, config, curves and README; bad requests fail clearly and write nothing.

use tabula_core::{Agent, Game, State};
use tabula_models::TrainedModel;

mod common;
use common::{tabula, tiny_run};

#[test]
fn an_exported_run_is_a_checkpoint_folder_that_plays() {
    let tmp = tempfile::tempdir().unwrap();
    let run = tiny_run(tmp.path(), 6);
    let results = tmp.path().join("results.md");
    std::fs::write(&results, "| player | score |\n|---|---|\n| tiny | 50% |\n").unwrap();
    let out_dir = tmp.path().join("checkpoints/score4");
    let out =
        tabula().arg("export").arg(&run).arg("--out").arg(&out_dir).arg("--results").arg(&results).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    tabula_models::manifest::verify(&out_dir).expect("the export's manifest matches its files");
    for file in ["model.bpk", "model.json", "config.toml", "manifest.json", "curves.png", "README.md"] {
        assert!(out_dir.join(file).is_file(), "{file} missing");
    }

    // A run whose model was damaged after it was written is not exported, and nothing is written.
    let damaged = tmp.path().join("damaged");
    std::fs::create_dir(&damaged).unwrap();
    for entry in std::fs::read_dir(&run).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            std::fs::copy(&path, damaged.join(path.file_name().unwrap())).unwrap();
        }
    }
    let mut weights = std::fs::read(damaged.join("model.bpk")).unwrap();
    let middle = weights.len() / 2;
    weights[middle] ^= 0x01;
    std::fs::write(damaged.join("model.bpk"), weights).unwrap();
    let refused_dir = tmp.path().join("refused");
    let out = tabula().arg("export").arg(&damaged).arg("--out").arg(&refused_dir).output().unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("model.bpk is not the file that was written") && stderr.contains("not exporting"),
        "{stderr}"
    );
    assert!(!refused_dir.exists(), "nothing was written");

    // The card keeps what it had and adds where the model came from.
    let card: serde_json::Value = serde_json::from_slice(&std::fs::read(out_dir.join("model.json")).unwrap()).unwrap();
    assert_eq!(card["game_spec"], "score4");
    assert_eq!(card["training_step"], 6);
    assert!(card["provenance"]["hours"].as_f64().unwrap() > 0.0);
    assert!(card["provenance"]["machine"].as_str().unwrap().contains("cores"));
    assert_eq!(card["config"]["search"]["eval_simulations"], 4);
    assert!(card["results"].as_str().unwrap().contains("| tiny | 50% |"));
    let readme = std::fs::read_to_string(out_dir.join("README.md")).unwrap();
    assert!(readme.contains("6 learner steps") && readme.contains("| tiny | 50% |"), "{readme}");
    let png = std::fs::read(out_dir.join("curves.png")).unwrap();
    assert_eq!(&png[1..4], b"PNG");

    // The folder loads as a player, and the player moves legally.
    let game = score4::Score4;
    let model = TrainedModel::load(&game, &out_dir).unwrap();
    let state = game.new_initial_state(0);
    let mut rng = tabula_core::rng_from_seed(1);
    for mut agent in [
        Box::new(model.search_agent(&game, Some(8), None)) as Box<dyn Agent<_>>,
        Box::new(model.policy_agent(&game)),
        Box::new(model.timed_agent(&game, std::time::Duration::from_millis(20), None)),
    ] {
        let action = agent.act(&state, &mut rng);
        assert!(state.legal_actions().contains(&action), "{}", agent.name());
    }
    // As does the weights file alone (its card and config beside it), and nothing else.
    TrainedModel::load(&game, &out_dir.join("model.bpk")).unwrap();
    let wrong_game = superball::Superball::default();
    let err = TrainedModel::load(&wrong_game, &out_dir).unwrap_err();
    assert!(format!("{err:#}").contains("expected game superball"), "{err:#}");
}

/// `--kept NAME` ships a model the run kept on the way, with the counters of its step; a name the
/// run did not keep, or a damaged copy, is refused with nothing written.
#[test]
fn a_kept_model_ships_in_place_of_the_last() {
    let tmp = tempfile::tempdir().unwrap();
    let config =
        common::TINY.replace("checkpoint_every_steps = 3", "checkpoint_every_steps = 3\nkeep_model_every_steps = 6");
    let run = common::train_run(tmp.path(), &config, &["--max-steps", "9"]);
    let out_dir = tmp.path().join("shipped");
    let export = |kept: &str, out: &std::path::Path| {
        tabula().arg("export").arg(&run).arg("--out").arg(out).args(["--kept", kept]).output().unwrap()
    };
    let out = export("step-0000000006", &out_dir);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let card: serde_json::Value = serde_json::from_slice(&std::fs::read(out_dir.join("model.json")).unwrap()).unwrap();
    assert_eq!(card["training_step"], 6, "the kept model, not the last (step 9)");
    assert_eq!(card["provenance"]["kept"], "step-0000000006");
    tabula_models::manifest::verify(&out_dir).expect("the export's manifest matches its files");
    TrainedModel::load(&score4::Score4, &out_dir).unwrap();

    let refused = tmp.path().join("refused");
    let out = export("step-0000000009", &refused);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && stderr.contains("kept: step-0000000006"), "{stderr}");
    let six = run.join("models/step-0000000006/model.bpk");
    let mut weights = std::fs::read(&six).unwrap();
    let middle = weights.len() / 2;
    weights[middle] ^= 0x01;
    std::fs::write(&six, weights).unwrap();
    let out = export("step-0000000006", &refused);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && stderr.contains("not exporting a damaged kept model"), "{stderr}");
    assert!(!refused.exists(), "nothing was written");
}

/// An afterstate run ships its n-tuple model beside a folder's network, played as its `[play]`
/// says or as `--width`/`--samples` say, and the manifest covers it.
#[test]
fn an_afterstate_run_ships_its_ntuple_model_and_how_it_is_played() {
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("sb.toml");
    std::fs::write(
        &config,
        r#"
game = "superball(rows=5,cols=6,mss=4,colors=pby)"
method = "afterstate-td"
hours = 1.0
[ntuple]
patterns = ["2x2"]
counts = true
[td]
reward_scale = 10.0
max_moves = 2000
[run]
threads = 1
checkpoint_every_minutes = 1.0
eval_every_minutes = 1.0
eval_games = 2
[play]
width = 2
samples = 3
"#,
    )
    .unwrap();
    let run = tmp.path().join("sb-run");
    let out = tabula()
        .args(["train", "superball", "--quiet", "--hours", "0.0003", "--config"])
        .arg(&config)
        .arg("--out")
        .arg(&run)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // Its curve draws as `tabula plot` draws a network's run.
    let plotted = tabula().arg("plot").arg(&run).output().unwrap();
    assert!(plotted.status.success(), "{}", String::from_utf8_lossy(&plotted.stderr));
    assert!(std::fs::read(run.join("curves.png")).unwrap().starts_with(b"\x89PNG"));
    let trained = tabula_ntuple::NTupleModel::load(&run.join("model.ntuple")).unwrap();
    assert_eq!(
        trained.search,
        tabula_ntuple::Expectimax { width: 2, samples: 3 },
        "the run's model says how it is played"
    );

    // Beside a network's files: they stay, and the manifest covers all four.
    let folder = tmp.path().join("checkpoints/superball");
    std::fs::create_dir(tmp.path().join("net")).unwrap();
    let network = tiny_run(&tmp.path().join("net"), 2);
    assert!(tabula().arg("export").arg(&network).arg("--out").arg(&folder).status().unwrap().success());
    let out = tabula().arg("export").arg(&run).arg("--out").arg(&folder).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for file in ["model.bpk", "model.json", "config.toml", "model.ntuple", "ntuple-config.toml", "ntuple-curve.jsonl"] {
        assert!(folder.join(file).is_file(), "{file} missing");
    }
    tabula_models::manifest::verify(&folder).expect("the manifest matches every model file");
    let manifest = std::fs::read_to_string(folder.join("manifest.json")).unwrap();
    assert!(manifest.contains("model.ntuple") && manifest.contains("model.bpk"), "{manifest}");
    let shipped = tabula_ntuple::NTupleModel::load(&folder.join("model.ntuple")).unwrap();
    assert_eq!(shipped.search, trained.search);
    assert_eq!(shipped.net.weights(), trained.net.weights());

    // --width/--samples choose how it is played; they are for afterstate runs only, both or neither.
    let alone = tmp.path().join("alone");
    let out = tabula()
        .arg("export")
        .arg(&run)
        .arg("--out")
        .arg(&alone)
        .args(["--width", "0", "--samples", "0"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!tabula_ntuple::NTupleModel::load(&alone.join("model.ntuple")).unwrap().search.is_on());
    let half = tabula()
        .arg("export")
        .arg(&run)
        .arg("--out")
        .arg(tmp.path().join("h"))
        .args(["--width", "2", "--samples", "0"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&half.stderr).contains("both positive"));
    let az = tabula()
        .arg("export")
        .arg(&network)
        .arg("--out")
        .arg(tmp.path().join("a"))
        .args(["--width", "2", "--samples", "2"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&az.stderr).contains("for afterstate runs"));
    let results = tabula()
        .arg("export")
        .arg(&run)
        .arg("--out")
        .arg(tmp.path().join("r"))
        .args(["--results", "x.md"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&results.stderr).contains("not an afterstate run"));
}

#[test]
fn export_can_ship_a_bigger_search_than_the_runs_evaluations() {
    let tmp = tempfile::tempdir().unwrap();
    let run = tiny_run(tmp.path(), 6);
    let out_dir = tmp.path().join("shipped");
    let out =
        tabula().arg("export").arg(&run).arg("--out").arg(&out_dir).args(["--simulations", "32"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let model = TrainedModel::load(&score4::Score4, &out_dir).unwrap();
    assert_eq!(model.config.search.eval_simulations, 32, "the shipped config.toml");
    let card: serde_json::Value = serde_json::from_slice(&std::fs::read(out_dir.join("model.json")).unwrap()).unwrap();
    assert_eq!(card["config"]["search"]["eval_simulations"], 32, "the card");
    let readme = std::fs::read_to_string(out_dir.join("README.md")).unwrap();
    assert!(readme.contains("32 simulations a move"), "{readme}");
    let mut zero = tabula();
    zero.arg("export").arg(&run).arg("--out").arg(tmp.path().join("z")).args(["--simulations", "0"]);
    assert_eq!(zero.output().unwrap().status.code(), Some(2));
}

#[test]
fn plot_draws_a_run_and_bad_requests_fail_clearly() {
    let tmp = tempfile::tempdir().unwrap();
    let run = tiny_run(tmp.path(), 6);
    let png = tmp.path().join("curves.png");
    let out = tabula().arg("plot").arg(&run).arg("--out").arg(&png).args(["--size", "640x480"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(&std::fs::read(&png).unwrap()[1..4], b"PNG");

    let bad_size = tabula().arg("plot").arg(&run).args(["--size", "big"]).output().unwrap();
    assert!(!bad_size.status.success());
    assert!(String::from_utf8_lossy(&bad_size.stderr).contains("WIDTHxHEIGHT"));

    let nowhere = tmp.path().join("no-such-run");
    for command in ["plot", "export"] {
        let mut c = tabula();
        c.arg(command).arg(&nowhere);
        if command == "export" {
            c.arg("--out").arg(tmp.path().join("out"));
        }
        let out = c.output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{command}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("no-such-run"), "{command}: {err}");
        assert_eq!(err.lines().count(), 1, "{command}: one line: {err}");
    }
    assert!(!tmp.path().join("out").exists(), "a failed export writes nothing");
}
