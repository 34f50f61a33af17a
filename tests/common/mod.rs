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
    let config = dir.join("tiny.toml");
    std::fs::write(&config, TINY).unwrap();
    let run = dir.join("run");
    let status = tabula()
        .args(["train", "score4", "--quiet", "--max-steps", &steps.to_string(), "--config"])
        .arg(&config)
        .arg("--out")
        .arg(&run)
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    run
}
