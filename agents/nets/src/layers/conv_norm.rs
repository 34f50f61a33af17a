//! [`ConvNorm`]: a same-padded convolution followed by an optional batch norm.

use burn::module::Module;
use burn::nn::conv::{Conv2d, Conv2dConfig};
use burn::nn::{BatchNorm, BatchNormConfig, Initializer, PaddingConfig2d};
use burn::tensor::{Device, Tensor};

use crate::config::Norm;

/// `conv(k×k, same padding)` then batch norm when the net uses it.
#[derive(Module, Debug)]
pub struct ConvNorm {
    pub(crate) conv: Conv2d,
    pub(crate) norm: Option<BatchNorm>,
}

impl ConvNorm {
    /// `zero_init` starts the conv's weights at zero: the last conv of an un-normalised residual
    /// block, so the block starts as the identity. With batch norm the conv has no bias, because
    /// the norm's shift already plays that part.
    pub fn new(c_in: usize, c_out: usize, kernel: usize, norm: Norm, zero_init: bool, device: &Device) -> Self {
        let mut config = Conv2dConfig::new([c_in, c_out], [kernel, kernel])
            .with_padding(PaddingConfig2d::Same)
            .with_bias(norm == Norm::None);
        if zero_init && norm == Norm::None {
            config = config.with_initializer(Initializer::Zeros);
        }
        let norm = match norm {
            Norm::Batch => Some(BatchNormConfig::new(c_out).init(device)),
            Norm::None => None,
        };
        ConvNorm { conv: config.init(device), norm }
    }

    /// `[B, c_in, H, W] -> [B, c_out, H, W]`, no activation.
    pub fn forward(&self, x: Tensor<4>) -> Tensor<4> {
        let x = self.conv.forward(x);
        match &self.norm {
            Some(norm) => norm.forward(x),
            None => x,
        }
    }
}
