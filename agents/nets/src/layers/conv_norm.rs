//! [`ConvNorm`]: a same-padded convolution followed by an optional batch norm.

use std::sync::atomic::{AtomicBool, Ordering};

use burn::module::Module;
use burn::nn::conv::{Conv2d, Conv2dConfig};
use burn::nn::{BatchNorm, BatchNormConfig, Initializer, PaddingConfig2d};
use burn::tensor::{Device, Tensor};

use super::batch_norm_train::batch_norm_train;
use super::dense_conv::{dense_conv, pointwise_conv, worth_dense};
use crate::config::Norm;

/// `conv(k×k, same padding)` then batch norm when the net uses it.
#[derive(Module, Debug)]
pub struct ConvNorm {
    pub(crate) conv: Conv2d,
    pub(crate) norm: Option<BatchNorm>,
}

static BURN_LAYERS: AtomicBool = AtomicBool::new(false);

/// Whether [`ConvNorm`] computes through burn's own `Conv2d::forward` and `BatchNorm::forward`
/// (`true`) or through tabula's formulations of the same functions, faster on small boards
/// (`false`, the default): [`pointwise_conv`] for 1×1 kernels, [`dense_conv`] where
/// [`worth_dense`], and [`batch_norm_train`] in training. Process-wide; both give the same
/// results up to float rounding. For benchmarks and the tests that compare the two.
pub fn use_burn_layers(on: bool) {
    BURN_LAYERS.store(on, Ordering::Relaxed);
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
        let burn_layers = BURN_LAYERS.load(Ordering::Relaxed);
        let [_, c_in, h, w] = x.dims();
        let [c_out, _, kh, kw] = self.conv.weight.dims();
        let x = match (kh, kw) {
            _ if burn_layers => self.conv.forward(x),
            (1, 1) => pointwise_conv(&self.conv, x),
            _ if worth_dense(c_in, c_out, h * w, kh, kw) => dense_conv(&self.conv, x),
            _ => self.conv.forward(x),
        };
        match &self.norm {
            Some(norm) if !burn_layers && x.device().is_autodiff() && norm.training.is_enabled() => {
                batch_norm_train(norm, x)
            }
            Some(norm) => norm.forward(x),
            None => x,
        }
    }
}
