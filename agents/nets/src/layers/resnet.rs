//! [`ResNetTrunk`]: the AlphaZero body for grid observations, a 3x3 stem and residual blocks.

use burn::module::Module;
use burn::tensor::activation::relu;
use burn::tensor::{Device, Tensor};

use super::conv_norm::ConvNorm;
use crate::config::Norm;

/// `x -> relu(x + conv(relu(conv(x))))`, both convs 3x3 and `channels` wide.
#[derive(Module, Debug)]
pub struct ResBlock {
    pub(crate) first: ConvNorm,
    pub(crate) second: ConvNorm,
}

impl ResBlock {
    pub fn new(channels: usize, norm: Norm, device: &Device) -> Self {
        ResBlock {
            first: ConvNorm::new(channels, channels, 3, norm, false, device),
            second: ConvNorm::new(channels, channels, 3, norm, true, device),
        }
    }

    pub fn forward(&self, x: Tensor<4>) -> Tensor<4> {
        let y = relu(self.first.forward(x.clone()));
        relu(x + self.second.forward(y))
    }
}

/// Stem conv from the observation planes to `channels`, then `blocks` residual blocks.
#[derive(Module, Debug)]
pub struct ResNetTrunk {
    pub(crate) stem: ConvNorm,
    pub(crate) blocks: Vec<ResBlock>,
}

impl ResNetTrunk {
    pub fn new(in_planes: usize, channels: usize, blocks: usize, norm: Norm, device: &Device) -> Self {
        ResNetTrunk {
            stem: ConvNorm::new(in_planes, channels, 3, norm, false, device),
            blocks: (0..blocks).map(|_| ResBlock::new(channels, norm, device)).collect(),
        }
    }

    /// `[B, in_planes, H, W] -> [B, channels, H, W]`.
    pub fn forward(&self, x: Tensor<4>) -> Tensor<4> {
        self.blocks.iter().fold(relu(self.stem.forward(x)), |x, block| block.forward(x))
    }
}
