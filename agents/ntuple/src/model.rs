//! A trained n-tuple model on disk: one header line naming the format, one JSON line (the board
//! shape, the network, the reward scale, how it is played, how many weights), then the weights as
//! little-endian `f32`s.
//!
//! ```
//! use tabula_core::cells::CellShape;
//! use tabula_ntuple::{Expectimax, NTupleModel, NTupleNet, NetSpec};
//! let shape = CellShape { rows: 2, cols: 2, codes: 2, mirror_rows: false, mirror_cols: false };
//! let model = NTupleModel { net: NTupleNet::new(shape, NetSpec::new(&["1x2"], false).unwrap()), reward_scale: 10.0, base: None, min_value: None, search: Expectimax::OFF };
//! let bytes = model.to_bytes();
//! let back = NTupleModel::from_bytes(&bytes).unwrap();
//! assert_eq!(back.net.weights(), model.net.weights());
//! ```

use crate::expectimax::Expectimax;
use crate::net::{NTupleNet, NetSpec};
use serde::{Deserialize, Serialize};
use std::path::Path;
use tabula_core::cells::CellShape;
use thiserror::Error;

/// The first line of every model file.
pub const MAGIC: &str = "tabula-ntuple 1";

/// A network and the scale its values are in.
#[derive(Debug)]
pub struct NTupleModel {
    pub net: NTupleNet,
    /// Rewards were divided by this: a value times this is in the game's points.
    pub reward_scale: f32,
    /// The base value the network learnt over ([`crate::BaseValue::name`]), if any: the model is
    /// played with it.
    pub base: Option<String>,
    /// The floor of its values in play (`TdSettings::min_value`).
    pub min_value: Option<f32>,
    /// How far its player looks past each move (the run's `[play]`); off in files written
    /// before there was a choice.
    pub search: Expectimax,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    shape: CellShape,
    spec: NetSpec,
    reward_scale: f32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    base: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    min_value: Option<f32>,
    #[serde(default, skip_serializing_if = "Expectimax::is_off")]
    search: Expectimax,
    weights: usize,
}

/// Why a model file cannot be read.
#[derive(Debug, Error)]
pub enum ModelError {
    #[error("{path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("not an n-tuple model: the file does not start with {MAGIC:?}")]
    NotAModel,
    #[error("bad model header: {0}")]
    Header(String),
    #[error("the model has {found} bytes of weights where its header says {expected}")]
    Length { found: usize, expected: usize },
}

impl NTupleModel {
    /// How this model values afterstates, over `base` (the base value it names, if any).
    pub fn valuer<'a, S>(&'a self, base: Option<&'a dyn crate::BaseValue<S>>) -> crate::Valuer<'a, S> {
        crate::Valuer { net: &self.net, base, reward_scale: self.reward_scale, floor: self.min_value }
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let weights = self.net.weights();
        let header = Header {
            shape: self.net.shape(),
            spec: self.net.spec().clone(),
            reward_scale: self.reward_scale,
            base: self.base.clone(),
            min_value: self.min_value,
            search: self.search,
            weights: weights.len(),
        };
        let mut out = format!("{MAGIC}\n{}\n", serde_json::to_string(&header).expect("headers serialise")).into_bytes();
        out.reserve(weights.len() * 4);
        for w in weights {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ModelError> {
        let rest = bytes.strip_prefix(format!("{MAGIC}\n").as_bytes()).ok_or(ModelError::NotAModel)?;
        let end = rest.iter().position(|&b| b == b'\n').ok_or_else(|| ModelError::Header("no end of line".into()))?;
        let header: Header = serde_json::from_slice(&rest[..end]).map_err(|e| ModelError::Header(e.to_string()))?;
        let shape = header.shape;
        if shape.codes == 0 || shape.codes > 16 || shape.cells() == 0 || shape.cells() > 4096 {
            return Err(ModelError::Header(format!(
                "a board of {}x{} with {} codes is out of range",
                shape.rows, shape.cols, shape.codes
            )));
        }
        let expected_weights = NTupleNet::new_len(shape, &header.spec);
        if expected_weights != header.weights {
            return Err(ModelError::Header(format!(
                "{} weights where its network has {expected_weights}",
                header.weights
            )));
        }
        let data = &rest[end + 1..];
        if data.len() != header.weights * 4 {
            return Err(ModelError::Length { found: data.len(), expected: header.weights * 4 });
        }
        let weights: Vec<f32> = data.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        let net = NTupleNet::with_weights(shape, header.spec, &weights).map_err(ModelError::Header)?;
        Ok(NTupleModel {
            net,
            reward_scale: header.reward_scale,
            base: header.base,
            min_value: header.min_value,
            search: header.search,
        })
    }

    /// Writes the model atomically (a temporary file renamed into place).
    pub fn save(&self, path: &Path) -> Result<(), ModelError> {
        let io = |source| ModelError::Io { path: path.display().to_string(), source };
        let tmp = path.with_extension("tmp");
        std::fs::write(&tmp, self.to_bytes()).map_err(io)?;
        std::fs::rename(&tmp, path).map_err(io)
    }

    pub fn load(path: &Path) -> Result<Self, ModelError> {
        let bytes =
            std::fs::read(path).map_err(|source| ModelError::Io { path: path.display().to_string(), source })?;
        Self::from_bytes(&bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model() -> NTupleModel {
        let shape = CellShape { rows: 3, cols: 3, codes: 3, mirror_rows: true, mirror_cols: false };
        let net = NTupleNet::new(shape, NetSpec::new(&["2x2"], true).unwrap());
        let w: Vec<f32> = (0..net.len()).map(|i| i as f32 * 0.5).collect();
        NTupleModel {
            net: NTupleNet::with_weights(shape, net.spec().clone(), &w).unwrap(),
            reward_scale: 7.0,
            base: Some("greedy".into()),
            min_value: Some(0.0),
            search: Expectimax { width: 4, samples: 8 },
        }
    }

    #[test]
    fn a_saved_model_loads_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.ntuple");
        model().save(&path).unwrap();
        let back = NTupleModel::load(&path).unwrap();
        assert_eq!(back.net.weights(), model().net.weights());
        assert_eq!((back.reward_scale, back.net.shape()), (7.0, model().net.shape()));
        assert_eq!(back.base.as_deref(), Some("greedy"));
        assert_eq!(back.search, Expectimax { width: 4, samples: 8 });
        // A file written before the setting existed is played without search.
        let old = NTupleModel { search: Expectimax::OFF, ..model() };
        let bytes = old.to_bytes();
        assert!(!String::from_utf8_lossy(&bytes[..200]).contains("search"));
        assert_eq!(NTupleModel::from_bytes(&bytes).unwrap().search, Expectimax::OFF);
    }

    #[test]
    fn damaged_files_are_refused_with_a_reason() {
        let bytes = model().to_bytes();
        assert!(matches!(NTupleModel::from_bytes(b"hello"), Err(ModelError::NotAModel)));
        assert!(matches!(NTupleModel::from_bytes(&bytes[..bytes.len() - 1]), Err(ModelError::Length { .. })));
        let header_end = bytes.iter().enumerate().filter(|(_, b)| **b == b'\n').nth(1).unwrap().0;
        let text = String::from_utf8_lossy(&bytes[..header_end]).replace("\"weights\"", "\"weight\"");
        let mut edited = text.into_bytes();
        edited.extend_from_slice(&bytes[header_end..]);
        assert!(matches!(NTupleModel::from_bytes(&edited), Err(ModelError::Header(_))));
        let huge = format!(
            "{MAGIC}\n{{\"shape\":{{\"rows\":100000,\"cols\":100000,\"codes\":3,\"mirror_rows\":false,\"mirror_cols\":false}},\"spec\":{{\"patterns\":[\"2x2\"],\"counts\":false}},\"reward_scale\":1.0,\"weights\":1}}\n"
        );
        assert!(matches!(NTupleModel::from_bytes(huge.as_bytes()), Err(ModelError::Header(_))));
    }
}
