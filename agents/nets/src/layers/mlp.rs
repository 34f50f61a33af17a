//! [`MlpTrunk`]: fully connected layers with ReLU, for vector observations.

use burn::module::Module;
use burn::nn::{Linear, LinearConfig};
use burn::tensor::activation::relu;
use burn::tensor::{Device, Tensor};

/// `Linear -> ReLU` for each hidden size in turn.
#[derive(Module, Debug)]
pub struct MlpTrunk {
    pub(crate) layers: Vec<Linear>,
}

impl MlpTrunk {
    pub fn new(input: usize, hidden: &[usize], device: &Device) -> Self {
        let mut width = input;
        let layers = hidden
            .iter()
            .map(|&h| {
                let layer = LinearConfig::new(width, h).init(device);
                width = h;
                layer
            })
            .collect();
        MlpTrunk { layers }
    }

    /// `[B, input] -> [B, last hidden]`.
    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.layers.iter().fold(x, |x, layer| relu(layer.forward(x)))
    }
}
