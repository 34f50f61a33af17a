//! What several CLI tests share: the `tabula` binary and a tiny training run.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A run config that trains in seconds.
pub const TINY: &str = include_str!("../fixtures/tiny-score4.toml");

pub fn tabula() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
}

/// Trains the tiny config for `steps` learner steps into `dir/run` and returns that directory.
pub fn tiny_run(dir: &Path, steps: u64) -> PathBuf {
    train_run(dir, TINY, &["--max-steps", &steps.to_string()])
}

/// Trains Score 4 on the config `text` into `dir/run`, with `args` added to `tabula train`, and
/// returns that directory.
pub fn train_run(dir: &Path, text: &str, args: &[&str]) -> PathBuf {
    let config = dir.join("tiny.toml");
    std::fs::write(&config, text).unwrap();
    let run = dir.join("run");
    let status = tabula()
        .args(["train", "score4", "--quiet", "--config"])
        .arg(&config)
        .arg("--out")
        .arg(&run)
        .args(args)
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    run
}
