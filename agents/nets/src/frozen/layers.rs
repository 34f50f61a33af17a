//! A frozen layer: weights copied out of burn once, laid out for row-major matrix products.
//!
//! Activations are `[rows, channels]`: one row per board cell of each position (cells in
//! row-major board order), channels contiguous. A same-padded k×k convolution is then one product
//! of the unfolded input (`[rows, k·k·c_in]`, "im2col") with a `[k·k·c_in, c_out]` matrix, and a
//! 1x1 convolution is a product with no unfolding at all.

use burn::nn::conv::Conv2d;
use burn::nn::{BatchNorm, Linear};

use super::gemm::add_product;
use crate::tensor::to_vec;

/// `y = x·W + b` with `W` as `[input, output]` (burn's own layout).
#[derive(Debug, Clone)]
pub struct FrozenLinear {
    pub input: usize,
    pub output: usize,
    weight: Vec<f32>,
    bias: Vec<f32>,
}

impl FrozenLinear {
    pub fn new(linear: &Linear) -> Self {
        let [input, output] = linear.weight.val().dims();
        let weight = to_vec(linear.weight.val());
        let bias = linear.bias.as_ref().map_or_else(|| vec![0.0; output], |b| to_vec(b.val()));
        FrozenLinear { input, output, weight, bias }
    }

    /// Multiply-adds per row.
    pub fn macs(&self) -> usize {
        self.input * self.output
    }

    /// The same layer reading its input in another order: input `i` of the new layer is input
    /// `from[i]` of this one. How a flattened `[planes, cells]` input becomes `[cells, planes]`.
    pub fn reading(self, from: &[usize]) -> Self {
        assert_eq!(from.len(), self.input, "a permutation of the inputs");
        let o = self.output;
        let mut weight = vec![0.0; self.weight.len()];
        for (row, &old) in weight.chunks_exact_mut(o).zip(from) {
            row.copy_from_slice(&self.weight[old * o..(old + 1) * o]);
        }
        FrozenLinear { weight, ..self }
    }

    /// `rows` inputs laid end to end into `out` (resized), then ReLU when asked.
    pub fn forward(&self, x: &[f32], rows: usize, out: &mut Vec<f32>, relu: bool) {
        fill_with_bias(out, &self.bias, rows);
        add_product(out, &x[..rows * self.input], &self.weight, rows, self.input, self.output);
        if relu {
            relu_in_place(out);
        }
    }
}

/// A same-padded k×k convolution with its batch norm folded in (inference statistics).
#[derive(Debug, Clone)]
pub struct FrozenConv {
    pub c_in: usize,
    pub c_out: usize,
    kernel: usize,
    /// `[k·k·c_in, c_out]`, row `(dy·k + dx)·c_in + c`.
    weight: Vec<f32>,
    bias: Vec<f32>,
}

impl FrozenConv {
    /// Folds `norm` (if any) into `conv`: `gamma·(conv(x) + b − mean)/√(var + ε) + beta`.
    pub fn new(conv: &Conv2d, norm: Option<&BatchNorm>) -> Self {
        let [c_out, c_in, kh, kw] = conv.weight.val().dims();
        assert!(kh == kw && kh % 2 == 1, "frozen convolutions are square with an odd kernel, not {kh}x{kw}");
        assert!(conv.stride == [1, 1] && conv.dilation == [1, 1] && conv.groups == 1, "a plain convolution");
        let k = kh;
        let w = to_vec(conv.weight.val());
        let mut bias = conv.bias.as_ref().map_or_else(|| vec![0.0; c_out], |b| to_vec(b.val()));
        let mut scale = vec![1.0f32; c_out];
        if let Some(norm) = norm {
            let (gamma, beta) = (to_vec(norm.gamma.val()), to_vec(norm.beta.val()));
            let (mean, var) = (to_vec(norm.running_mean.value()), to_vec(norm.running_var.value()));
            for o in 0..c_out {
                scale[o] = gamma[o] / (var[o] + norm.epsilon as f32).sqrt();
                bias[o] = (bias[o] - mean[o]) * scale[o] + beta[o];
            }
        }
        let mut weight = vec![0.0; k * k * c_in * c_out];
        for o in 0..c_out {
            for c in 0..c_in {
                for dy in 0..k {
                    for dx in 0..k {
                        weight[((dy * k + dx) * c_in + c) * c_out + o] =
                            w[((o * c_in + c) * k + dy) * k + dx] * scale[o];
                    }
                }
            }
        }
        FrozenConv { c_in, c_out, kernel: k, weight, bias }
    }

    /// Multiply-adds per board cell.
    pub fn macs_per_cell(&self) -> usize {
        self.kernel * self.kernel * self.c_in * self.c_out
    }

    /// Convolves `positions` boards of `h×w` cells (`x`: `[positions·h·w, c_in]`) into `out`
    /// (resized to `[positions·h·w, c_out]`), adding `residual` (same shape as `out`) before the
    /// ReLU when given. `unfolded` is scratch space.
    #[allow(clippy::too_many_arguments)]
    pub fn forward(
        &self,
        x: &[f32],
        positions: usize,
        (h, w): (usize, usize),
        unfolded: &mut Vec<f32>,
        out: &mut Vec<f32>,
        residual: Option<&[f32]>,
        relu: bool,
    ) {
        let rows = positions * h * w;
        let (k, c) = (self.kernel, self.c_in);
        fill_with_bias(out, &self.bias, rows);
        if let Some(residual) = residual {
            out.iter_mut().zip(residual).for_each(|(o, r)| *o += r);
        }
        if k == 1 {
            add_product(out, &x[..rows * c], &self.weight, rows, c, self.c_out);
        } else {
            let width = k * k * c;
            let pad = (k / 2) as isize;
            unfolded.clear();
            unfolded.resize(rows * width, 0.0);
            for (row, dst) in unfolded.chunks_exact_mut(width).enumerate() {
                let (p, cell) = (row / (h * w), row % (h * w));
                let (y, xx) = ((cell / w) as isize, (cell % w) as isize);
                for dy in 0..k {
                    let sy = y + dy as isize - pad;
                    if sy < 0 || sy >= h as isize {
                        continue;
                    }
                    for dx in 0..k {
                        let sx = xx + dx as isize - pad;
                        if sx < 0 || sx >= w as isize {
                            continue;
                        }
                        let src = (p * h * w + sy as usize * w + sx as usize) * c;
                        dst[(dy * k + dx) * c..(dy * k + dx + 1) * c].copy_from_slice(&x[src..src + c]);
                    }
                }
            }
            add_product(out, unfolded, &self.weight, rows, width, self.c_out);
        }
        if relu {
            relu_in_place(out);
        }
    }
}

fn fill_with_bias(out: &mut Vec<f32>, bias: &[f32], rows: usize) {
    out.clear();
    for _ in 0..rows {
        out.extend_from_slice(bias);
    }
}

fn relu_in_place(x: &mut [f32]) {
    x.iter_mut().for_each(|v| *v = v.max(0.0));
}
