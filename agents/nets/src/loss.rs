//! The AlphaZero loss: cross-entropy of the masked policy against the search policy, plus
//! weighted mean squared error of the values.

use burn::tensor::activation::log_softmax;
use burn::tensor::{Bool, Tensor};

/// What illegal logits are replaced by before the softmax. Large and finite rather than -inf:
/// a zero target times -inf would be NaN, a zero target times -1e9 is zero, and exp(-1e9) is
/// exactly 0 in f32, so illegal actions get no probability and no gradient.
pub const ILLEGAL_LOGIT: f32 = -1.0e9;

/// Scalar losses as tensors (shape `[1]`); `total` is the one to differentiate.
pub struct LossTensors {
    pub total: Tensor<1>,
    pub policy: Tensor<1>,
    pub value: Tensor<1>,
    /// Mean entropy of the masked network policy (detached: a diagnostic, not a regulariser).
    pub entropy: Tensor<1>,
}

/// `policy = mean_b(-Σ_a target·log softmax(masked logits))`,
/// `value = mean over all b × outputs of (v - z)²`, `total = policy + value_weight · value`.
///
/// Averaging the value error over outputs as well as samples keeps its scale independent of the
/// number of seats (two mirrored outputs weigh as much as one).
pub fn policy_value_loss(
    logits: Tensor<2>,
    values: Tensor<2>,
    illegal: Tensor<2, Bool>,
    policy_targets: Tensor<2>,
    value_targets: Tensor<2>,
    value_weight: f32,
) -> LossTensors {
    let log_probs = log_softmax(logits.mask_fill(illegal, ILLEGAL_LOGIT), 1);
    let policy = (policy_targets * log_probs.clone()).sum_dim(1).mean().neg();
    let diff = values - value_targets;
    let value = (diff.clone() * diff).mean();
    let total = policy.clone() + value.clone().mul_scalar(value_weight);
    let detached = log_probs.detach();
    let entropy = (detached.clone().exp() * detached).sum_dim(1).mean().neg();
    LossTensors { total, policy, value, entropy }
}
