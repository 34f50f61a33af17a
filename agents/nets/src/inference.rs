//! [`PolicyValueNet`]: the inference net the search calls.
//!
//! It keeps the burn module (for saving, and as the reference) and a [`FrozenNet`] built from
//! it, which computes [`infer`](PolicyValueNet::infer): the same function several times faster
//! at tabula's sizes (`nets_bench`), equal to burn's forward pass up to float rounding.
//!
//! ```
//! use tabula_nets::{NetConfig, PolicyValueNet, masked_softmax};
//! let net = PolicyValueNet::new(NetConfig::resnet(vec![3, 4, 4], 16, 2, 8, 1)).unwrap();
//! let batch = 2;
//! let out = net.infer(&vec![0.0; batch * 3 * 4 * 4], batch);
//! assert_eq!(out.policy_logits.len(), batch * 16);
//! assert_eq!(out.values.len(), batch * 2);
//! // Priors over the legal actions only, in the order given (the search's order).
//! let priors = masked_softmax(out.policy(0), &[3, 7, 11]);
//! assert!((priors.iter().sum::<f32>() - 1.0).abs() < 1e-5);
//! ```
//!
//! # Threads
//!
//! `PolicyValueNet` is `Send + Sync` (checked at compile time below): its parameters are
//! immutable (tensors behind `Arc`s, the frozen copy behind an `Arc`). Rayon self-play workers
//! can share one `&PolicyValueNet`; `clone()` is cheap (it shares the weights). `infer` splits a
//! batch across rayon's threads when it is big enough to pay for it.

use burn::module::Module;
use burn::store::ModuleRecord;
use burn::tensor::{Bytes, Device, Tensor, TensorData};

use crate::card::ModelCard;
use crate::config::NetConfig;
use crate::error::NetError;
use crate::frozen::FrozenNet;
use crate::net::Net;
use crate::tensor::to_vec;
use std::sync::Arc;

/// The network's answer for a batch of observations, row-major.
#[derive(Debug, Clone, PartialEq)]
pub struct Inference {
    /// Rows in this answer.
    pub batch: usize,
    /// `batch × num_actions` raw logits (mask and softmax them with [`masked_softmax`]).
    pub policy_logits: Vec<f32>,
    /// `batch × value_outputs`, relative seat order (0 = the observing player).
    pub values: Vec<f32>,
}

impl Inference {
    /// Row `i`'s logits.
    pub fn policy(&self, i: usize) -> &[f32] {
        let width = self.policy_logits.len() / self.batch.max(1);
        &self.policy_logits[i * width..(i + 1) * width]
    }

    /// Row `i`'s values.
    pub fn value(&self, i: usize) -> &[f32] {
        let width = self.values.len() / self.batch.max(1);
        &self.values[i * width..(i + 1) * width]
    }
}

/// A network for inference: parameters without autodiff, batch norm in inference mode.
#[derive(Debug, Clone)]
pub struct PolicyValueNet {
    net: Net,
    frozen: Arc<FrozenNet>,
    config: NetConfig,
    device: Device,
}

// The self-play workers share one net across rayon threads; keep that a compile-time fact.
const _: () = {
    const fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<PolicyValueNet>();
};

impl PolicyValueNet {
    /// A freshly initialised net (random weights).
    pub fn new(config: NetConfig) -> Result<Self, NetError> {
        config.validate()?;
        let device = Device::flex();
        Ok(Self::from_parts(Net::initialised(&config, &device, None), config))
    }

    /// Wraps a module that already lives on a plain (non-autodiff) device.
    pub(crate) fn from_parts(net: Net, config: NetConfig) -> Self {
        let frozen = Arc::new(FrozenNet::new(&net, &config));
        PolicyValueNet { net, frozen, config, device: Device::flex() }
    }

    /// Builds the net `card` describes and loads `weights` (burnpack bytes, as written by
    /// [`to_bytes`](Self::to_bytes) or found in a `model.bpk`). This is how a bot embeds a model:
    ///
    /// ```ignore
    /// static WEIGHTS: &[u8] = include_bytes!("../../../checkpoints/score4/model.bpk");
    /// static CARD: &str = include_str!("../../../checkpoints/score4/model.json");
    /// let card: ModelCard = serde_json::from_str(CARD)?;
    /// let net = PolicyValueNet::from_bytes(WEIGHTS, &card)?;
    /// ```
    pub fn from_bytes(weights: &[u8], card: &ModelCard) -> Result<Self, NetError> {
        card.net.validate()?;
        let record = ModuleRecord::from_bytes(Bytes::from_bytes_vec(weights.to_vec()))
            .map_err(|e| NetError::Record(format!("weights are not a burnpack record: {e}")))?;
        let net = Net::new(&card.net, &Device::flex())
            .try_load_record(record)
            .map_err(|e| NetError::Record(format!("weights do not match the card's network: {e}")))?;
        Ok(Self::from_parts(net, card.net.clone()))
    }

    /// The weights as burnpack bytes.
    pub fn to_bytes(&self) -> Result<Vec<u8>, NetError> {
        let bytes = self.net.clone().into_record().into_bytes().map_err(|e| NetError::Record(e.to_string()))?;
        Ok(bytes.to_vec())
    }

    /// The config this net was built from.
    pub fn config(&self) -> &NetConfig {
        &self.config
    }

    /// Forward-pass FLOPs of one position (2 per multiply-add, convolutions and linear layers):
    /// what `nets_bench` divides by to compare with a matmul's GFLOP/s.
    pub fn flops_per_position(&self) -> usize {
        self.frozen.flops_per_position()
    }

    /// Number of trainable parameters.
    pub fn num_params(&self) -> usize {
        self.net.num_params()
    }

    /// Evaluates `batch` observations laid end to end (`batch × input_len` floats).
    ///
    /// # Panics
    /// If `observations.len() != batch × input_len` or `batch == 0`: a caller bug, like an index out
    /// of bounds.
    pub fn infer(&self, observations: &[f32], batch: usize) -> Inference {
        self.check_batch(observations, batch);
        let (policy_logits, values) = self.frozen.forward(observations, batch);
        Inference { batch, policy_logits, values }
    }

    /// [`infer`](Self::infer) through burn's own forward pass: the reference the frozen path is
    /// tested against, and `nets_bench`'s "before".
    pub fn infer_with_burn(&self, observations: &[f32], batch: usize) -> Inference {
        self.check_batch(observations, batch);
        let len = self.config.input_len();
        let x = Tensor::<2>::from_data(TensorData::new(observations.to_vec(), [batch, len]), &self.device);
        let (logits, values) = self.net.forward(x, &self.config);
        Inference { batch, policy_logits: to_vec(logits), values: to_vec(values) }
    }

    fn check_batch(&self, observations: &[f32], batch: usize) {
        let len = self.config.input_len();
        assert!(batch > 0, "infer: empty batch");
        assert_eq!(
            observations.len(),
            batch * len,
            "infer: {batch} observations of {len} floats need {} floats",
            batch * len
        );
    }
}

/// Softmax of `logits` over the `legal` actions only, in `legal`'s order: the priors the search
/// wants. Illegal actions get no mass at all. Empty `legal` gives an empty vector.
pub fn masked_softmax(logits: &[f32], legal: &[u32]) -> Vec<f32> {
    let max = legal.iter().map(|&a| logits[a as usize]).fold(f32::NEG_INFINITY, f32::max);
    let mut priors: Vec<f32> = legal.iter().map(|&a| (logits[a as usize] - max).exp()).collect();
    let sum: f32 = priors.iter().sum();
    priors.iter_mut().for_each(|p| *p /= sum);
    priors
}
