//! Policy and value heads. Both end in raw outputs: the value activation is applied by
//! [`Net`](crate::net::Net) from the config, and policy masking is the loss's and the search's job.

use burn::module::Module;
use burn::nn::{Linear, LinearConfig};
use burn::tensor::activation::relu;
use burn::tensor::{Device, Tensor};

use super::conv_norm::ConvNorm;
use crate::config::Norm;

/// Policy head on a conv trunk: 1x1 conv to a few planes, then one linear layer to the action
/// space. The 1x1 squeeze keeps a 3,000-action head at `planes·H·W × A` weights instead of
/// `channels·H·W × A`.
#[derive(Module, Debug)]
pub struct ConvPolicyHead {
    pub(crate) squeeze: ConvNorm,
    pub(crate) out: Linear,
}

impl ConvPolicyHead {
    pub fn new(channels: usize, planes: usize, cells: usize, actions: usize, norm: Norm, device: &Device) -> Self {
        ConvPolicyHead {
            squeeze: ConvNorm::new(channels, planes, 1, norm, false, device),
            out: LinearConfig::new(planes * cells, actions).init(device),
        }
    }

    /// `[B, C, H, W] -> [B, actions]` logits.
    pub fn forward(&self, x: Tensor<4>) -> Tensor<2> {
        self.out.forward(relu(self.squeeze.forward(x)).flatten(1, 3))
    }
}

/// Value head on a conv trunk: 1x1 conv to a few planes, linear to `hidden`, ReLU, linear to the
/// value outputs.
#[derive(Module, Debug)]
pub struct ConvValueHead {
    pub(crate) squeeze: ConvNorm,
    pub(crate) mlp: ValueMlp,
}

impl ConvValueHead {
    pub fn new(
        channels: usize,
        planes: usize,
        cells: usize,
        hidden: usize,
        outputs: usize,
        norm: Norm,
        device: &Device,
    ) -> Self {
        ConvValueHead {
            squeeze: ConvNorm::new(channels, planes, 1, norm, false, device),
            mlp: ValueMlp::new(planes * cells, hidden, outputs, device),
        }
    }

    /// `[B, C, H, W] -> [B, outputs]`, before the activation.
    pub fn forward(&self, x: Tensor<4>) -> Tensor<2> {
        self.mlp.forward(relu(self.squeeze.forward(x)).flatten(1, 3))
    }
}

/// `Linear -> ReLU -> Linear`: the value head on a vector (also the tail of [`ConvValueHead`]).
#[derive(Module, Debug)]
pub struct ValueMlp {
    pub(crate) hidden: Linear,
    pub(crate) out: Linear,
}

impl ValueMlp {
    pub fn new(input: usize, hidden: usize, outputs: usize, device: &Device) -> Self {
        ValueMlp {
            hidden: LinearConfig::new(input, hidden).init(device),
            out: LinearConfig::new(hidden, outputs).init(device),
        }
    }

    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.out.forward(relu(self.hidden.forward(x)))
    }
}
