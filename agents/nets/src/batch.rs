//! [`TrainBatch`]: one minibatch of training targets, flat and row-major, as the replay buffer
//! assembles it.

use crate::config::NetConfig;
use crate::error::NetError;

/// A minibatch. Row `i` of each field belongs to sample `i`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TrainBatch {
    /// Number of samples.
    pub batch: usize,
    /// `batch × input_len` observations.
    pub observations: Vec<f32>,
    /// `batch × num_actions`, `true` where the action was legal.
    pub legal_mask: Vec<bool>,
    /// `batch × num_actions` search policies; each row sums to 1 over its legal actions and is 0
    /// on illegal ones.
    pub policy_targets: Vec<f32>,
    /// `batch × value_outputs` outcomes, relative seat order like the value head.
    pub value_targets: Vec<f32>,
}

impl TrainBatch {
    /// Checks sizes and targets against `config`. [`Learner::train_step`](crate::Learner::train_step)
    /// panics on a batch that fails this; call it where batches are built to get an error instead.
    pub fn validate(&self, config: &NetConfig) -> Result<(), NetError> {
        let bad = |why: String| Err(NetError::Batch(why));
        let (b, a) = (self.batch, config.num_actions);
        if b == 0 {
            return bad("empty batch".into());
        }
        let sizes = [
            ("observations", self.observations.len(), b * config.input_len()),
            ("legal_mask", self.legal_mask.len(), b * a),
            ("policy_targets", self.policy_targets.len(), b * a),
            ("value_targets", self.value_targets.len(), b * config.value_outputs),
        ];
        for (name, got, want) in sizes {
            if got != want {
                return bad(format!("{name} has {got} values, {b} samples need {want}"));
            }
        }
        for (row, (mask, target)) in self.legal_mask.chunks(a).zip(self.policy_targets.chunks(a)).enumerate() {
            let (mut legal_mass, mut illegal_mass) = (0.0f64, 0.0f64);
            for (&legal, &p) in mask.iter().zip(target) {
                if !p.is_finite() || p < 0.0 {
                    return bad(format!("sample {row}: policy target {p} is not a probability"));
                }
                if legal { legal_mass += p as f64 } else { illegal_mass += p as f64 }
            }
            if illegal_mass > 1e-6 {
                return bad(format!("sample {row}: policy target puts {illegal_mass} on illegal actions"));
            }
            if (legal_mass - 1.0).abs() > 1e-3 {
                return bad(format!("sample {row}: policy target sums to {legal_mass}, not 1"));
            }
        }
        if let Some(v) = self.value_targets.iter().find(|v| !v.is_finite()) {
            return bad(format!("value target {v} is not finite"));
        }
        Ok(())
    }
}
