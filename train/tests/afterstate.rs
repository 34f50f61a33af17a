//! The afterstate trainer end to end on a small Superball board: a run writes its model, its
//! progress and a curve that starts at hour 0; `--resume` goes on from where it stopped, and a
//! resumed run whose config no longer matches its model is refused.

use superball::{Params, Superball};
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
    let first = afterstate::train(&game(), &config, None, &out, false, Some(3.0 / 3600.0), false).unwrap();
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
    let again = afterstate::train(&game(), &config, None, &out, false, Some(0.001), false).unwrap_err();
    assert!(format!("{again:#}").contains("--resume"), "{again:#}");
    let saved = AfterstateConfig::load(&out.join(afterstate::CONFIG_FILE)).unwrap();
    assert_eq!(saved, config);
    let second = afterstate::train(&game(), &saved, None, &out, true, Some(2.0 / 3600.0), false).unwrap();
    assert!(second.progress.games > first.progress.games);
    assert!(second.progress.seconds >= first.progress.seconds + 2.0);
    let resumed_curve = afterstate::read_curve(&out).unwrap();
    assert!(resumed_curve.len() > curve.len());
    assert!(resumed_curve.iter().skip(1).all(|p| p.hours > 0.0), "no second hour-0 point after a resume");

    // The config's network must be the model's.
    let mut other = saved.clone();
    other.ntuple.patterns = vec!["1x2".parse().unwrap()];
    let err = afterstate::train(&game(), &other, None, &out, true, Some(0.001), false).unwrap_err();
    assert!(format!("{err:#}").contains("[ntuple]"), "{err:#}");
}
