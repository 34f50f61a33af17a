//! The files of a training run (and of a `checkpoints/<game>/` folder) that a model is read from,
//! and the run's latest checkpoint. The trainer writes these; players read them.

use anyhow::Context;
use std::fs;
use std::path::{Path, PathBuf};
use tabula_nets::{Expected, Learner};

/// The weights file of a run or a checkpoint folder.
pub const MODEL_FILE: &str = "model.bpk";
/// The model file of an afterstate run (an n-tuple network, `tabula_ntuple::NTupleModel`).
pub const NTUPLE_MODEL_FILE: &str = "model.ntuple";
/// The training config beside it.
pub const CONFIG_FILE: &str = "config.toml";
/// A run's checkpoints, and the learner's part of each.
pub const CHECKPOINTS_DIR: &str = "checkpoints";
pub const LEARNER_DIR: &str = "learner";
/// The file in a checkpoints folder naming the newest checkpoint.
pub const LATEST: &str = "latest";

/// The n-tuple model `path` names, if it names one: a `.ntuple` file, or a folder holding
/// [`NTUPLE_MODEL_FILE`].
pub fn ntuple_model_path(path: &Path) -> Option<PathBuf> {
    if path.is_dir() {
        let file = path.join(NTUPLE_MODEL_FILE);
        file.is_file().then_some(file)
    } else {
        (path.extension().is_some_and(|e| e == "ntuple")).then(|| path.to_path_buf())
    }
}

/// The checkpoint `latest` points to under `root` (a run's checkpoints folder), if any.
pub fn latest(root: &Path) -> anyhow::Result<Option<PathBuf>> {
    let pointer = root.join(LATEST);
    if !pointer.exists() {
        return Ok(None);
    }
    let name = fs::read_to_string(&pointer).with_context(|| format!("reading {}", pointer.display()))?;
    let dir = root.join(name.trim());
    anyhow::ensure!(dir.is_dir(), "{} names {}, which is missing", pointer.display(), dir.display());
    Ok(Some(dir))
}

/// The latest checkpoint of the run in `run` (its folder) and the learner saved there; `None`
/// before the run's first checkpoint.
pub fn latest_learner(run: &Path, expected: &Expected) -> anyhow::Result<Option<(PathBuf, Learner)>> {
    let Some(dir) = latest(&run.join(CHECKPOINTS_DIR))? else { return Ok(None) };
    let learner = Learner::load_checkpoint(&dir.join(LEARNER_DIR), expected)
        .with_context(|| format!("loading the learner from {}", dir.display()))?;
    Ok(Some((dir, learner)))
}
