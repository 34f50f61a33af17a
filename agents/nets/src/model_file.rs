//! Saving and loading a [`PolicyValueNet`] as two files side by side: `NAME.bpk` (burnpack
//! weights) and `NAME.json` (its [`ModelCard`]). The card is read first, so a model for another
//! game or shape is refused with a message before any weights are touched.
//!
//! ```no_run
//! use tabula_nets::{Expected, ModelCard, NetConfig, PolicyValueNet};
//! # fn main() -> Result<(), tabula_nets::NetError> {
//! let net = PolicyValueNet::new(NetConfig::resnet(vec![10, 4, 4], 16, 2, 64, 4))?;
//! let card = ModelCard::new("score4", net.config().clone(), 0);
//! net.save("checkpoints/score4/model.bpk".as_ref(), &card)?; // also writes model.json
//! let expect = Expected::any().with_game_spec("score4").with_input_shape(vec![10, 4, 4]);
//! let (net, card) = PolicyValueNet::load("checkpoints/score4/model.bpk".as_ref(), &expect)?;
//! # Ok(()) }
//! ```

use std::path::{Path, PathBuf};

use burn::module::Module;
use burn::store::ModuleRecord;
use burn::tensor::{Bytes, Device};

use crate::atomic::{read, write_atomic};
use crate::card::{Expected, ModelCard};
use crate::error::NetError;
use crate::inference::PolicyValueNet;
use crate::net::Net;

/// The card's path for a weights path: same name, `.json`.
pub fn card_path(weights: &Path) -> PathBuf {
    weights.with_extension("json")
}

impl PolicyValueNet {
    /// Writes the weights to `path` and `card` to [`card_path`]`(path)`, each atomically (weights
    /// first, so a card on disk always has its weights). The card must describe this net.
    pub fn save(&self, path: &Path, card: &ModelCard) -> Result<(), NetError> {
        if card.net != *self.config() {
            return Err(NetError::Config(format!(
                "card describes {}, but the net is {}",
                card.net.summary(),
                self.config().summary()
            )));
        }
        write_atomic(path, &self.to_bytes()?)?;
        let json = serde_json::to_vec_pretty(card).expect("a card serialises");
        write_atomic(&card_path(path), &json)
    }

    /// Loads the model at `path` (weights) with its card, checking the card against `expected`.
    ///
    /// Errors name the file: missing card or weights, unreadable (truncated) files, another game
    /// (`expected game score4, file holds superball(...)`), another shape (`expected input
    /// [10, 4, 4], file has [7, 8, 10]`), or weights that do not fit the card's architecture.
    pub fn load(path: &Path, expected: &Expected) -> Result<(PolicyValueNet, ModelCard), NetError> {
        let card = read_card(&card_path(path))?;
        expected.check(&card, &card_path(path))?;
        let net = load_weights(path, &card)?;
        Ok((net, card))
    }
}

/// Reads and parses a model card.
pub fn read_card(path: &Path) -> Result<ModelCard, NetError> {
    let bytes = read(path)?;
    serde_json::from_slice(&bytes)
        .map_err(|e| NetError::Corrupt { path: path.to_path_buf(), reason: format!("not a model card: {e}") })
}

/// Builds the card's net and loads the weights file into it.
fn load_weights(path: &Path, card: &ModelCard) -> Result<PolicyValueNet, NetError> {
    card.net.validate()?;
    let bytes = read(path)?;
    let net = load_module(path, &bytes, Net::new(&card.net, &Device::flex()))?;
    Ok(PolicyValueNet::from_parts(net, card.net.clone()))
}

/// Applies burnpack `bytes` (read from `path`) to `module`, turning burn's errors into ours.
pub(crate) fn load_module(path: &Path, bytes: &[u8], module: Net) -> Result<Net, NetError> {
    let record = ModuleRecord::from_bytes(Bytes::from_bytes_vec(bytes.to_vec()))
        .map_err(|e| NetError::Corrupt { path: path.to_path_buf(), reason: e.to_string() })?;
    module.try_load_record(record).map_err(|e| NetError::Weights { path: path.to_path_buf(), reason: e.to_string() })
}
