//! The files of a training run (and of a `checkpoints/<game>/` folder) that a model is read from,
//! and the run's latest checkpoint. The trainer writes these; players read them.

use crate::manifest::{self, Damage};
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
/// Copies of a run's playable model kept along the way, one folder each: `step-NNNNNNNNNN` by
/// `schedule.keep_model_every_steps` (playable as `ckpt:RUN/models/step-…`), `minute-MMMM.MM` by
/// an afterstate run's `keep_model_every_minutes`; `latest` names the newest.
pub const MODELS_DIR: &str = "models";
/// A checkpoint's replay buffer: the one file a checkpoint may lack (`scripts/pack-run.sh`
/// leaves it behind; the resumed run refills it).
pub const REPLAY_FILE: &str = "replay.bin";
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

/// The names of the folders in `root`, sorted, but for hidden ones (a checkpoint being written is
/// `.NAME.tmp`); none when `root` does not exist. A run's checkpoints, or the models it kept.
pub fn folder_names(root: &Path) -> anyhow::Result<Vec<String>> {
    let mut names: Vec<String> = match fs::read_dir(root) {
        Ok(entries) => entries
            .filter_map(|e| e.ok())
            .filter(|e| e.path().is_dir())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| !n.starts_with('.'))
            .collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(anyhow::Error::new(e).context(format!("listing {}", root.display()))),
    };
    names.sort_unstable();
    Ok(names)
}

/// A run's checkpoint chosen to go on from: the newest intact one.
#[derive(Debug)]
pub struct Intact {
    pub dir: PathBuf,
    /// Newer checkpoints that are damaged, newest first, with what is wrong (a file named).
    pub passed_over: Vec<(PathBuf, Damage)>,
    /// The checkpoint predates manifests: nothing could be checked.
    pub unchecked: bool,
}

/// The newest intact checkpoint under `root` (a run's checkpoints folder): the one `latest`
/// names, or else the newest older one whose files match their manifest
/// ([`crate::manifest`]). `None` before the first checkpoint; an error naming each damaged
/// checkpoint's bad file when none is intact. A checkpoint without a manifest (written before
/// there were any) is taken as it is.
pub fn latest_intact(root: &Path) -> anyhow::Result<Option<Intact>> {
    // Nothing newer than `latest` names (a checkpoint being written is not one yet); with no
    // pointer, or a damaged one, every checkpoint is a candidate.
    let newest = latest(root).ok().flatten().and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()));
    let mut names = folder_names(root)?;
    names.retain(|n| n.starts_with("step-") && newest.as_ref().is_none_or(|newest| n <= newest));
    names.reverse();
    let mut passed_over = Vec::new();
    for name in names {
        let dir = root.join(name);
        match manifest::verify_but(&dir, &[REPLAY_FILE]) {
            Ok(()) => return Ok(Some(Intact { dir, passed_over, unchecked: false })),
            Err(Damage::NoManifest(_)) => return Ok(Some(Intact { dir, passed_over, unchecked: true })),
            Err(damage) => passed_over.push((dir, damage)),
        }
    }
    if passed_over.is_empty() {
        return Ok(None);
    }
    let list: Vec<String> = passed_over.iter().map(|(_, damage)| damage.to_string()).collect();
    anyhow::bail!("no intact checkpoint in {}: {}", root.display(), list.join("; "))
}

/// The newest intact checkpoint of the run in `run` (its folder) and the learner saved there,
/// loaded to learn on `device`; `None` before the run's first checkpoint.
pub fn latest_learner(
    run: &Path,
    expected: &Expected,
    device: tabula_nets::LearnerDevice,
) -> anyhow::Result<Option<(Intact, Learner)>> {
    let Some(found) = latest_intact(&run.join(CHECKPOINTS_DIR))? else { return Ok(None) };
    let learner = Learner::load_checkpoint_on(&found.dir.join(LEARNER_DIR), expected, device)
        .with_context(|| format!("loading the learner from {}", found.dir.display()))?;
    Ok(Some((found, learner)))
}
