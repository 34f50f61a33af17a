//! Checkpoint directories written atomically: everything goes into a temporary directory, with a
//! manifest of its files' sizes and SHA-256 last ([`tabula_models::manifest`]), which is renamed
//! into place, then the `latest` pointer is replaced by rename. A run killed at any moment leaves
//! the previous checkpoint intact, and a checkpoint damaged later is found when it is read.

use anyhow::Context;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use tabula_models::run_files::{LATEST, MODELS_DIR};

/// Writes a checkpoint named `name` under `root` through `write`, then points `latest` at it and
/// keeps only the newest `keep` checkpoints.
pub fn write_checkpoint(
    root: &Path,
    name: &str,
    keep: usize,
    write: impl FnOnce(&Path) -> anyhow::Result<()>,
) -> anyhow::Result<PathBuf> {
    fs::create_dir_all(root).with_context(|| format!("creating {}", root.display()))?;
    let tmp = root.join(format!(".{name}.tmp"));
    if tmp.exists() {
        fs::remove_dir_all(&tmp)?;
    }
    fs::create_dir_all(&tmp).with_context(|| format!("creating {}", tmp.display()))?;
    // A file linked from the newest checkpoint (the replay buffer between snapshots) keeps the
    // checksum it had there: tens of MB are not read again every few seconds.
    let previous = tabula_models::run_files::latest(root).ok().flatten();
    let filled = write(&tmp)
        .and_then(|()| injected_failure(name))
        .and_then(|()| tabula_models::manifest::write_reusing(&tmp, previous.as_deref()))
        .and_then(|()| sync_dir_files(&tmp))
        .with_context(|| format!("writing checkpoint {}", tmp.display()));
    if let Err(error) = filled {
        // What was written of it goes, to give back the space (a full disk is the usual cause).
        let _ = fs::remove_dir_all(&tmp);
        return Err(error);
    }
    let dest = root.join(name);
    if dest.exists() {
        fs::remove_dir_all(&dest)?;
    }
    fs::rename(&tmp, &dest)?;
    write_file_atomically(&root.join(LATEST), name.as_bytes())?;
    prune(root, keep)?;
    Ok(dest)
}

/// Copies the playable model `files` of the run in `out` into `out/models/<name>`, written as a
/// checkpoint is (atomically, with a manifest), none of them ever pruned; returns the folder.
pub fn keep_model_copy(out: &Path, name: &str, files: &[&str]) -> anyhow::Result<PathBuf> {
    write_checkpoint(&out.join(MODELS_DIR), name, usize::MAX, |dir| {
        for file in files {
            fs::copy(out.join(file), dir.join(file))
                .with_context(|| format!("copying {file} into {}", dir.display()))?;
        }
        Ok(())
    })
}

/// A run whose checkpoints fail this many times in a row stops (its last intact checkpoint
/// stays): training on without a way to keep what it learns would only lose more.
pub const MAX_FAILED_CHECKPOINTS: usize = 3;

/// What a run does after each attempt to write a checkpoint under its checkpoints folder: a
/// success clears the count; a failure (a full disk, say) is said with its path and why, the
/// previous checkpoint stays intact and the run tries again at the next one; the
/// [`MAX_FAILED_CHECKPOINTS`]-th failure in a row stops the run, naming the last intact
/// checkpoint. The trainer and the afterstate trainer share it.
#[derive(Debug, Default)]
pub struct FailedWrites(usize);

impl FailedWrites {
    /// `at` says which checkpoint (`at step 40`, `after 9000 moves`); `bar` is the run's
    /// progress bar, which the message goes around (said even under `--quiet`: a hidden bar
    /// prints nothing).
    pub fn after(
        &mut self,
        written: anyhow::Result<()>,
        root: &Path,
        at: &str,
        bar: &indicatif::ProgressBar,
    ) -> anyhow::Result<()> {
        let Err(error) = written else {
            self.0 = 0;
            return Ok(());
        };
        self.0 += 1;
        let last = tabula_models::run_files::latest(root).ok().flatten();
        let kept = last.map_or("none yet".to_string(), |d| d.display().to_string());
        if self.0 >= MAX_FAILED_CHECKPOINTS {
            return Err(error.context(format!(
                "stopped: {MAX_FAILED_CHECKPOINTS} checkpoints in a row could not be written (is the disk full?); the last intact checkpoint is {kept}"
            )));
        }
        bar.suspend(|| {
            eprintln!(
                "tabula: the checkpoint {at} could not be written: {error:#}; the last intact one is {kept}; trying again at the next ({} of {MAX_FAILED_CHECKPOINTS} failures in a row)",
                self.0
            )
        });
        Ok(())
    }
}

/// Failure injection for the tests of a full disk: `TABULA_FAIL_CHECKPOINTS` names checkpoint
/// steps (`3,6`) or `all`; writing those fails as a full disk would, after the files are in.
fn injected_failure(name: &str) -> anyhow::Result<()> {
    let Ok(steps) = std::env::var("TABULA_FAIL_CHECKPOINTS") else { return Ok(()) };
    let step = name.strip_prefix("step-").and_then(|s| s.parse::<u64>().ok());
    let fails = steps.trim() == "all"
        || steps.split(',').any(|s| s.trim().parse::<u64>().ok().is_some_and(|s| Some(s) == step));
    anyhow::ensure!(!fails, "No space left on device (injected by TABULA_FAIL_CHECKPOINTS={steps})");
    Ok(())
}

/// Writes `bytes` to `path` through a temporary file, fsync and rename.
pub fn write_file_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let tmp = path.with_extension("tmp");
    {
        let mut f = fs::File::create(&tmp).with_context(|| format!("creating {}", tmp.display()))?;
        f.write_all(bytes)?;
        f.sync_all()?;
    }
    fs::rename(&tmp, path).with_context(|| format!("renaming {} to {}", tmp.display(), path.display()))?;
    Ok(())
}

fn sync_dir_files(dir: &Path) -> anyhow::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_file() {
            fs::File::open(&path)?.sync_all()?;
        } else if path.is_dir() {
            sync_dir_files(&path)?;
        }
    }
    Ok(())
}

/// Removes all but the newest `keep` checkpoints (names sort by step) and stale temporaries.
fn prune(root: &Path, keep: usize) -> anyhow::Result<()> {
    let mut names = tabula_models::run_files::folder_names(root)?;
    names.retain(|n| n.starts_with("step-"));
    let excess = names.len().saturating_sub(keep.max(1));
    for n in &names[..excess] {
        fs::remove_dir_all(root.join(n))?;
    }
    Ok(())
}

/// The directory name of the checkpoint at `step` (zero-padded so names sort by step).
pub fn name_for_step(step: u64) -> String {
    format!("step-{step:010}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_models::run_files::latest;

    #[test]
    fn latest_points_at_the_newest_and_old_ones_are_pruned() {
        let dir = tempfile::tempdir().unwrap();
        for step in [10, 20, 30] {
            write_checkpoint(dir.path(), &name_for_step(step), 2, |d| {
                fs::write(d.join("x"), step.to_string())?;
                Ok(())
            })
            .unwrap();
        }
        let l = latest(dir.path()).unwrap().unwrap();
        assert_eq!(fs::read_to_string(l.join("x")).unwrap(), "30");
        assert!(!dir.path().join(name_for_step(10)).exists());
        assert!(dir.path().join(name_for_step(20)).exists());
    }

    #[test]
    fn a_failed_write_leaves_the_previous_checkpoint() {
        let dir = tempfile::tempdir().unwrap();
        write_checkpoint(dir.path(), &name_for_step(1), 3, |d| Ok(fs::write(d.join("x"), "one")?)).unwrap();
        let err = write_checkpoint(dir.path(), &name_for_step(2), 3, |d| {
            fs::write(d.join("x"), "half of two")?;
            anyhow::bail!("disk full")
        });
        assert!(err.is_err());
        assert!(!dir.path().join(format!(".{}.tmp", name_for_step(2))).exists(), "the half-written one is gone");
        let l = latest(dir.path()).unwrap().unwrap();
        assert_eq!(fs::read_to_string(l.join("x")).unwrap(), "one");
    }
}
