//! The afterstate trainer end to end on a small Superball board: a run writes its model, its
//! progress, checked checkpoints and a curve that starts at hour 0; `--resume` goes on from
//! where it stopped (from the newest intact checkpoint when the latest is damaged), and a
//! resumed run whose config no longer matches its model is refused. A teacher plays the first
//! part of a run.

use superball::{Params, Superball, SuperballState};
use tabula_core::{Action, Agent, State};
use tabula_ntuple::NTupleModel;
use tabula_train::afterstate::{self, AfterstateConfig};

const CONFIG: &str = r#"
game = "superball(rows=5,cols=6,mss=4,colors=pby)"
method = "afterstate-td"
hours = 1.0
[ntuple]
patterns = ["2x2"]
counts = true
[td]
learning_rate = 0.05
discount = 0.99
reward_scale = 10.0
max_moves = 2000
min_value = 0.0
[run]
threads = 2
checkpoint_every_minutes = 0.01
eval_every_minutes = 0.02
eval_games = 3
"#;

fn game() -> Superball {
    Superball::new(Params::new(5, 6, 4, "pby").unwrap())
}

#[test]
fn a_run_learns_checkpoints_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let config = AfterstateConfig::from_toml(CONFIG).unwrap();
    let first = afterstate::train(&game(), &config, None, None, &out, false, Some(3.0 / 3600.0), false).unwrap();
    assert!(first.progress.games > 0 && first.progress.moves > first.progress.games);
    assert!(first.progress.seconds >= 3.0);
    let model = NTupleModel::load(&out.join(afterstate::MODEL_FILE)).unwrap();
    assert!(model.net.weights().iter().any(|&w| w != 0.0), "the network learnt something");
    assert_eq!(model.min_value, Some(0.0));
    let curve = afterstate::read_curve(&out).unwrap();
    assert_eq!(curve[0].hours, 0.0, "the curve starts before learning");
    assert!(curve.len() >= 2 && curve.iter().all(|p| p.scores.len() == 3));
    assert!(curve.windows(2).all(|w| w[0].hours <= w[1].hours && w[0].games <= w[1].games));

    // A second start into the same folder is refused; --resume goes on.
    let again = afterstate::train(&game(), &config, None, None, &out, false, Some(0.001), false).unwrap_err();
    assert!(format!("{again:#}").contains("--resume"), "{again:#}");
    let saved = AfterstateConfig::load(&out.join(afterstate::CONFIG_FILE)).unwrap();
    assert_eq!(saved, config);
    let second = afterstate::train(&game(), &saved, None, None, &out, true, Some(2.0 / 3600.0), false).unwrap();
    assert!(second.progress.games > first.progress.games);
    assert!(second.progress.seconds >= first.progress.seconds + 2.0);
    let resumed_curve = afterstate::read_curve(&out).unwrap();
    assert!(resumed_curve.len() > curve.len());
    assert!(resumed_curve.iter().skip(1).all(|p| p.hours > 0.0), "no second hour-0 point after a resume");
    assert!(resumed_curve.iter().all(|p| p.rss_mib.is_some_and(|m| m > 1.0)), "memory is in the curve");

    // The two newest checkpoints are kept, each with its manifest. A damaged newest one is set
    // aside and the run goes on from the one before.
    let checkpoints = out.join("checkpoints");
    let mut steps: Vec<String> = std::fs::read_dir(&checkpoints)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("step-"))
        .collect();
    steps.sort();
    assert_eq!(steps.len(), 2, "{steps:?}");
    assert!(steps.iter().all(|s| checkpoints.join(s).join("manifest.json").is_file()));
    let newest = checkpoints.join(&steps[1]).join(afterstate::MODEL_FILE);
    let mut bytes = std::fs::read(&newest).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    std::fs::write(&newest, bytes).unwrap();
    let older: afterstate::Progress = serde_json::from_str(
        &std::fs::read_to_string(checkpoints.join(&steps[0]).join(afterstate::PROGRESS_FILE)).unwrap(),
    )
    .unwrap();
    let third = afterstate::train(&game(), &saved, None, None, &out, true, Some(1.0 / 3600.0), false).unwrap();
    assert!(checkpoints.join(format!("damaged-{}", steps[1])).is_dir(), "the damaged one is kept aside");
    // It went on from the older checkpoint: a second of learning after it, not after the newest.
    assert!(third.progress.seconds >= older.seconds + 1.0, "{} vs {}", third.progress.seconds, older.seconds);
    assert!(
        third.progress.seconds < second.progress.seconds + 1.0,
        "{} vs {}",
        third.progress.seconds,
        second.progress.seconds
    );

    // The config's network must be the model's.
    let mut other = saved.clone();
    other.ntuple.patterns = vec!["1x2".parse().unwrap()];
    let err = afterstate::train(&game(), &other, None, None, &out, true, Some(0.001), false).unwrap_err();
    assert!(format!("{err:#}").contains("[ntuple]"), "{err:#}");
}

/// Scores a set when it can, else plays the first legal move: a teacher whose games earn
/// something to learn from.
struct FirstMove;

impl Agent<SuperballState> for FirstMove {
    fn name(&self) -> String {
        "first".into()
    }
    fn act(&mut self, state: &SuperballState, _rng: &mut dyn rand::RngCore) -> Action {
        let legal = state.legal_actions();
        let scores = |&a: &Action| {
            let mut after = state.clone();
            after.apply(a).is_ok_and(|()| after.rewards()[0] > 0.0)
        };
        legal.iter().copied().find(scores).unwrap_or(legal[0])
    }
}

/// The minutes at which a run's kept models were taken (`models/minute-MMMM.MM`), in order.
fn kept_minutes(out: &std::path::Path) -> Vec<f64> {
    let mut minutes: Vec<f64> = std::fs::read_dir(out.join("models"))
        .unwrap()
        .filter_map(|e| e.unwrap().file_name().to_str()?.strip_prefix("minute-")?.parse().ok())
        .collect();
    minutes.sort_by(f64::total_cmp);
    minutes
}

#[test]
fn models_are_kept_every_interval_and_a_resumed_run_keeps_counting() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let text = CONFIG.replace("eval_games = 3", "eval_games = 3\nkeep_model_every_minutes = 0.02");
    let config = AfterstateConfig::from_toml(&text).unwrap();
    afterstate::train(&game(), &config, None, None, &out, false, Some(3.0 / 3600.0), false).unwrap();
    // 3 s at one every 1.2 s: the models at 1.2 and 2.4 s, each playable and checked.
    assert_eq!(kept_minutes(&out), [0.02, 0.04]);
    for name in ["minute-0000.02", "minute-0000.04"] {
        let kept = out.join("models").join(name);
        assert!(kept.join("manifest.json").is_file());
        let model = NTupleModel::load(&kept.join(afterstate::MODEL_FILE)).unwrap();
        assert_eq!(model.net.spec(), &config.ntuple);
    }
    // Going on, the count goes on from the run's seconds, not from the resumed piece's.
    afterstate::train(&game(), &config, None, None, &out, true, Some(1.5 / 3600.0), false).unwrap();
    let minutes = kept_minutes(&out);
    assert_eq!(&minutes[..2], [0.02, 0.04]);
    // 1.5 s more from about 3 s: the one at 3.6 s (at 4.8 s too if the run overran by a tick).
    assert!((3..=4).contains(&minutes.len()) && minutes[2] == 0.06, "{minutes:?}");
    // Off unless asked; a negative interval is an error.
    assert!(!AfterstateConfig::from_toml(CONFIG).unwrap().to_toml().contains("keep_model"));
    let bad = text.replace("keep_model_every_minutes = 0.02", "keep_model_every_minutes = -1.0");
    let err = AfterstateConfig::from_toml(&bad).unwrap_err();
    assert!(format!("{err:#}").contains("keep_model_every_minutes"), "{err:#}");
}

#[test]
fn a_teacher_plays_the_first_part_of_a_run_and_the_network_learns_its_moves() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let text = format!("teacher = \"first\"\nteacher_hours = 1.0\n{CONFIG}");
    let config = AfterstateConfig::from_toml(&text).unwrap();
    let make = || Box::new(FirstMove) as Box<dyn Agent<SuperballState>>;
    let run = afterstate::train(&game(), &config, None, Some(&make), &out, false, Some(2.0 / 3600.0), false).unwrap();
    assert!(run.progress.games > 0);
    let model = NTupleModel::load(&out.join(afterstate::MODEL_FILE)).unwrap();
    assert!(model.net.weights().iter().any(|&w| w != 0.0), "the network learnt from the teacher's games");
    // The config and the trainer must agree on whether there is a teacher.
    let err = afterstate::train(&game(), &config, None, None, &dir.path().join("b"), false, Some(0.001), false);
    assert!(format!("{:#}", err.unwrap_err()).contains("teacher"));
    assert!(AfterstateConfig::from_toml(&CONFIG.replace("hours = 1.0", "hours = 1.0\nteacher_hours = 0.5")).is_err());
}
