//! An afterstate run whose checkpoints cannot be written (a full disk, injected by
//! `TABULA_FAIL_CHECKPOINTS=all`) says so, keeps going for a while, and stops after three
//! failures in a row with a message naming the last intact checkpoint. Its own test binary:
//! the variable is the whole process's.

use superball::{Params, Superball};
use tabula_train::afterstate::{self, AfterstateConfig, MAX_FAILED_CHECKPOINTS};

#[test]
fn checkpoints_that_cannot_be_written_stop_the_run_after_three_in_a_row() {
    // SAFETY: this binary's only test; nothing else reads the environment concurrently yet.
    unsafe { std::env::set_var("TABULA_FAIL_CHECKPOINTS", "all") };
    let config = AfterstateConfig::from_toml(
        r#"
game = "superball(rows=5,cols=6,mss=4,colors=pby)"
method = "afterstate-td"
hours = 1.0
[ntuple]
patterns = ["2x2"]
counts = true
[td]
max_moves = 2000
[run]
threads = 1
checkpoint_every_minutes = 0.005
eval_every_minutes = 100.0
eval_games = 1
"#,
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let game = Superball::new(Params::new(5, 6, 4, "pby").unwrap());
    let err = afterstate::train(&game, &config, None, None, &out, false, Some(60.0 / 3600.0), false).unwrap_err();
    let text = format!("{err:#}");
    assert!(text.contains(&format!("{MAX_FAILED_CHECKPOINTS} checkpoints in a row")), "{text}");
    assert!(text.contains("No space left on device") && text.contains("none yet"), "{text}");
    assert!(!out.join(afterstate::MODEL_FILE).exists(), "no model was claimed to be written");
}
