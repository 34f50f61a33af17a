//! Reading a tensor back as plain numbers: network outputs for [`Inference`](crate::Inference),
//! weights for the [`FrozenNet`](crate::FrozenNet)'s layers.

use burn::tensor::Tensor;

/// The values of `tensor`, in row-major order.
pub(crate) fn to_vec<const D: usize>(tensor: Tensor<D>) -> Vec<f32> {
    tensor.into_data().try_into_vec::<f32>().expect("network outputs are f32")
}
