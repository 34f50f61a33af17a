//! Learner checkpoints: weights, optimizer state and step in one directory, written so that a
//! crash at any moment leaves the previous checkpoint or the new one, never a mix.
//!
//! Layout of `dir`:
//! - `weights-<step>.bpk`: the net's parameters and batch-norm statistics (burnpack);
//! - `optimizer-<step>.bpk`: AdamW's moments per parameter (burnpack, keyed by parameter id,
//!   which the weights file preserves);
//! - `learner.json`: the manifest naming the two files, with the step and both configs.
//!
//! The data files are written first under step-numbered names, then the manifest is replaced
//! atomically: that rename is the commit. Files no manifest names any more are removed after.
//!
//! ```
//! use tabula_nets::{Expected, Learner, LearnerConfig, NetConfig};
//! # fn main() -> Result<(), tabula_nets::NetError> {
//! let dir = std::env::temp_dir().join(format!("tabula-nets-doc-{}", std::process::id()));
//! let learner = Learner::new(NetConfig::mlp(vec![4], 3, 1, vec![8]), LearnerConfig::default())?;
//! learner.save_checkpoint(&dir)?;
//! let resumed = Learner::load_checkpoint(&dir, &Expected::any().with_num_actions(3))?;
//! assert_eq!(resumed.step(), learner.step());
//! # std::fs::remove_dir_all(&dir).unwrap();
//! # Ok(()) }
//! ```

use std::fs;
use std::path::Path;

use burn::module::Module;
use burn::tensor::Bytes;
use serde::{Deserialize, Serialize};

use crate::atomic::{read, write_atomic};
use crate::card::Expected;
use crate::config::NetConfig;
use crate::device::LearnerDevice;
use crate::error::NetError;
use crate::learner::{Learner, LearnerConfig, optimizer};
use crate::model_file::load_module;
use crate::net::Net;

/// The manifest's file name.
pub const MANIFEST: &str = "learner.json";
const FORMAT: u32 = 1;

/// `learner.json`.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Manifest {
    format: u32,
    step: u64,
    net: NetConfig,
    learner: LearnerConfig,
    weights: String,
    optimizer: String,
}

impl Learner {
    /// Saves weights, optimizer state and step into `dir` (created if needed), atomically.
    pub fn save_checkpoint(&self, dir: &Path) -> Result<(), NetError> {
        fs::create_dir_all(dir).map_err(|e| NetError::io(dir, e))?;
        let manifest = Manifest {
            format: FORMAT,
            step: self.step,
            net: self.net_config.clone(),
            learner: self.config.clone(),
            weights: format!("weights-{:012}.bpk", self.step),
            optimizer: format!("optimizer-{:012}.bpk", self.step),
        };
        // `valid()` folds the last batch-norm running-statistics update into the stored value
        // (burn keeps it pending per thread until the next forward); recording the training
        // module directly would save statistics one step old and break an exact resume.
        let weights = self.net().valid().into_record().into_bytes().map_err(|e| NetError::Record(e.to_string()))?;
        let optim = self.optimizer.into_bytes().map_err(|e| NetError::Record(e.to_string()))?;
        write_atomic(&dir.join(&manifest.weights), &weights)?;
        write_atomic(&dir.join(&manifest.optimizer), &optim)?;
        let json = serde_json::to_vec_pretty(&manifest).expect("a manifest serialises");
        write_atomic(&dir.join(MANIFEST), &json)?;
        remove_stale(dir, &manifest);
        Ok(())
    }

    /// Loads the checkpoint in `dir` onto the CPU, checking its shapes against `expected`
    /// (checkpoints name no game, so `expected.game_spec` is not checked). Training continues
    /// exactly where it stopped.
    pub fn load_checkpoint(dir: &Path, expected: &Expected) -> Result<Learner, NetError> {
        Self::load_checkpoint_on(dir, expected, LearnerDevice::Cpu)
    }

    /// The same, learning on `device` from now on: a checkpoint is the same files whichever
    /// device wrote it, so a run learnt on a GPU goes on on the CPU and the other way round.
    pub fn load_checkpoint_on(dir: &Path, expected: &Expected, device: LearnerDevice) -> Result<Learner, NetError> {
        let manifest_path = dir.join(MANIFEST);
        let bytes = read(&manifest_path)?;
        let manifest: Manifest = serde_json::from_slice(&bytes).map_err(|e| NetError::Corrupt {
            path: manifest_path.clone(),
            reason: format!("not a learner checkpoint manifest: {e}"),
        })?;
        if manifest.format > FORMAT {
            return Err(NetError::Corrupt {
                path: manifest_path,
                reason: format!("checkpoint format {} is newer than this program's {FORMAT}", manifest.format),
            });
        }
        expected.check_shapes(&manifest.net, &manifest_path)?;
        manifest.net.validate()?;

        let mut learner_config = manifest.learner;
        learner_config.device = device;
        let burn_device = device.open()?;
        let weights_path = dir.join(&manifest.weights);
        let net = load_module(&weights_path, &read(&weights_path)?, Net::new(&manifest.net, &burn_device))?;
        let optim_path = dir.join(&manifest.optimizer);
        let optim = optimizer(&learner_config)
            .from_bytes(Bytes::from_bytes_vec(read(&optim_path)?))
            .map_err(|e| NetError::Corrupt { path: optim_path, reason: e.to_string() })?;

        let mut learner = Learner::from_parts(net, manifest.net, learner_config, manifest.step, burn_device);
        learner.optimizer = optim;
        Ok(learner)
    }
}

/// Best effort: a leftover file costs disk, not correctness, so failures are ignored.
fn remove_stale(dir: &Path, manifest: &Manifest) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let ours = (name.starts_with("weights-") || name.starts_with("optimizer-")) && name.ends_with(".bpk");
        if ours && name != manifest.weights && name != manifest.optimizer {
            let _ = fs::remove_file(entry.path());
        }
    }
}
