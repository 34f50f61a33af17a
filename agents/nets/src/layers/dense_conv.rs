//! A same-padded convolution on a small board computed as one dense matrix product.
//!
//! On a board of a few cells (Score 4's 4×4) a 3×3 convolution is a linear map from
//! `c_in·cells` numbers to `c_out·cells` numbers whose matrix is small: `[c_in·cells, c_out·cells]`
//! (512×512 for 32 channels on 16 cells). Built from the kernel by one product with a fixed 0/1
//! "which input cell does this tap read" matrix, it turns the layer into a single matmul, forward
//! and backward. That costs `cells / taps` times the convolution's multiply-adds (1.8x on 4×4),
//! but burn's matmul runs near its peak where its conv2d, at these sizes, is dominated by
//! per-operation overhead (training at ~12% of the reference sgemm). The kernel stays the
//! parameter, so model files, the optimizer state and the frozen inference path are unchanged.
//!
//! [`ConvNorm`](super::ConvNorm) uses it when [`worth_dense`] says so, and [`pointwise_conv`]
//! (a product without the dense matrix) for 1×1 kernels.

use burn::nn::conv::Conv2d;
use burn::tensor::{Tensor, TensorData};

/// Whether a `kh×kw` convolution from `c_in` to `c_out` channels over `cells` cells is worth a
/// dense product: at most twice the convolution's multiply-adds (3×3 kernels on boards of up to
/// 18 cells; never 1×1) and a matrix of at most 512×512 entries. Measured with nets_bench on
/// Score 4's 4×4 board, training at 256 samples: with 32 channels 1.4–1.5x burn's conv2d; with
/// 64 (1024×1024 matrices) no faster (0.7x without batch norm in one run), because burn's
/// per-operation overhead matters less there.
pub fn worth_dense(c_in: usize, c_out: usize, cells: usize, kh: usize, kw: usize) -> bool {
    cells <= 2 * kh * kw && c_in * c_out * cells * cells <= 512 * 512
}

/// `conv(x)` for a stride-1, undilated, ungrouped, same-padded `conv` with odd kernel sides:
/// `[B, c_in, H, W] -> [B, c_out, H, W]`.
pub fn dense_conv(conv: &Conv2d, x: Tensor<4>) -> Tensor<4> {
    let [batch, c_in, h, w] = x.dims();
    let [c_out, _, kh, kw] = conv.weight.dims();
    debug_assert!(conv.stride == [1, 1] && conv.dilation == [1, 1] && conv.groups == 1 && kh % 2 == 1 && kw % 2 == 1);
    let cells = h * w;
    let taps = kh * kw;
    let device = x.device();
    let reads = Tensor::<2>::from_data(TensorData::new(tap_reads(h, w, kh, kw), [taps, cells * cells]), &device);
    // [c_in·c_out, taps] × [taps, p·q] → [c_in, c_out, p, q] → [c_in, p, c_out, q]: rows are the
    // input's flat index (channel-major, as [B, C, H, W] lies in memory), columns the output's.
    let kernel = conv.weight.val().swap_dims(0, 1).reshape([c_in * c_out, taps]);
    let matrix = kernel.matmul(reads).reshape([c_in, c_out, cells, cells]).swap_dims(1, 2);
    let y = x.reshape([batch, c_in * cells]).matmul(matrix.reshape([c_in * cells, c_out * cells]));
    with_bias(conv, y.reshape([batch, c_out, cells])).reshape([batch, c_out, h, w])
}

/// `y` (`[B, c_out, cells]`) plus `conv`'s bias, if it has one.
fn with_bias(conv: &Conv2d, y: Tensor<3>) -> Tensor<3> {
    match &conv.bias {
        Some(bias) => y + bias.val().reshape([1, bias.dims()[0], 1]),
        None => y,
    }
}

/// `conv(x)` for a 1×1 `conv`: one product of the `[c_out, c_in]` kernel with every
/// sample's `[c_in, cells]` activations, which is the memory of `[B, c_in, H, W]` as it lies
/// (burn's conv2d spends about twice as long on it, forward and backward, at Score 4's heads).
pub fn pointwise_conv(conv: &Conv2d, x: Tensor<4>) -> Tensor<4> {
    let [batch, c_in, h, w] = x.dims();
    let [c_out, _, kh, kw] = conv.weight.dims();
    debug_assert!(kh == 1 && kw == 1 && conv.groups == 1);
    let kernel = conv.weight.val().reshape([1, c_out, c_in]);
    with_bias(conv, kernel.matmul(x.reshape([batch, c_in, h * w]))).reshape([batch, c_out, h, w])
}

/// The 0/1 matrix `[tap, p, q]`: 1 where output cell `q` reads input cell `p` through kernel
/// tap `tap` (zero padding: taps that fall off the board read nothing).
fn tap_reads(h: usize, w: usize, kh: usize, kw: usize) -> Vec<f32> {
    let cells = h * w;
    let mut m = vec![0.0; kh * kw * cells * cells];
    for (tap, (dr, dc)) in (0..kh).flat_map(|dr| (0..kw).map(move |dc| (dr, dc))).enumerate() {
        for r in 0..h {
            for c in 0..w {
                let (pr, pc) = ((r + dr) as isize - (kh / 2) as isize, (c + dc) as isize - (kw / 2) as isize);
                if (0..h as isize).contains(&pr) && (0..w as isize).contains(&pc) {
                    let p = pr as usize * w + pc as usize;
                    m[(tap * cells + p) * cells + r * w + c] = 1.0;
                }
            }
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_centre_tap_reads_its_own_cell_and_corners_lose_the_taps_off_the_board() {
        let m = tap_reads(2, 3, 3, 3);
        let cells = 6;
        let reads = |tap: usize, p: usize, q: usize| m[(tap * cells + p) * cells + q];
        for q in 0..cells {
            assert_eq!(reads(4, q, q), 1.0, "the centre tap reads the cell itself");
        }
        // Output (0,0) reads (r-1+dr, c-1+dc): tap 8 (dr=2, dc=2) reads (1,1) = cell 4.
        assert_eq!(reads(8, 4, 0), 1.0);
        // Tap 0 (dr=0, dc=0) of output (0,0) would read (-1,-1): nothing.
        assert!((0..cells).all(|p| reads(0, p, 0) == 0.0));
        // Every tap reads at most one cell for each output.
        for tap in 0..9 {
            for q in 0..cells {
                assert!((0..cells).map(|p| reads(tap, p, q)).sum::<f32>() <= 1.0);
            }
        }
    }
}
