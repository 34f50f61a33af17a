//! [`FrozenNet`]: the inference path of a [`Net`], outside burn.
//!
//! At the sizes tabula plays with (a 4x4 board, 32 channels) a forward pass through burn spends
//! most of its time in per-operation overhead, not arithmetic: `nets_bench` measured it at a
//! fifth of the reference sgemm's rate. A frozen net is the same function computed directly:
//! weights copied out once, batch norm folded into the convolutions, each convolution one
//! matrix product (`gemm`, the crate burn's flex backend uses for its own products), bias,
//! residual and ReLU fused, scratch buffers reused per thread, and the batch split across
//! rayon's threads. It is rebuilt from the burn module whenever the weights change, and it is
//! checked against burn's forward pass (`tests/frozen.rs`).

mod gemm;
mod layers;

use std::cell::RefCell;

use rayon::prelude::*;

use crate::config::{NetConfig, ValueActivation};
use crate::layers::ConvNorm;
use crate::net::Net;
use layers::{FrozenConv, FrozenLinear};

/// A network for inference only, built from a [`Net`] (see the module documentation).
#[derive(Debug, Clone)]
pub struct FrozenNet {
    body: Body,
    /// The value head's last layer: the same for both bodies, which leave its input in `hidden`.
    value_out: FrozenLinear,
    /// Forward FLOPs per position, counted once: how finely a batch is worth splitting.
    flops: usize,
    input_len: usize,
    actions: usize,
    value_outputs: usize,
    activation: ValueActivation,
}

// One `Body` a frozen net, never an array of them: the size gap between the variants costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
enum Body {
    ResNet(ResNet),
    Mlp(Mlp),
}

/// A conv trunk and its conv heads; activations are `[cells, channels]` rows.
#[derive(Debug, Clone)]
struct ResNet {
    /// Observation planes and board size.
    planes: usize,
    board: (usize, usize),
    stem: FrozenConv,
    blocks: Vec<(FrozenConv, FrozenConv)>,
    policy_squeeze: FrozenConv,
    policy_out: FrozenLinear,
    value_squeeze: FrozenConv,
    value_hidden: FrozenLinear,
}

/// Fully connected layers and linear heads.
#[derive(Debug, Clone)]
struct Mlp {
    layers: Vec<FrozenLinear>,
    policy: FrozenLinear,
    value_hidden: FrozenLinear,
}

/// Work below which a batch is not split further (FLOPs per piece): a rayon task costs about a
/// microsecond, this much arithmetic a few hundred.
const MIN_PIECE_FLOPS: usize = 8_000_000;

/// Per-thread buffers, grown to the largest batch piece seen and then reused.
#[derive(Default)]
struct Scratch {
    a: Vec<f32>,
    b: Vec<f32>,
    c: Vec<f32>,
    unfolded: Vec<f32>,
    head: Vec<f32>,
    hidden: Vec<f32>,
    out: Vec<f32>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

impl FrozenNet {
    /// Copies `net`'s weights (batch norm in inference mode, folded) for `config`'s shapes.
    pub fn new(net: &Net, config: &NetConfig) -> FrozenNet {
        let (body, value_out) = match net {
            Net::ResNet(net) => {
                let s = &config.input_shape;
                let board = (s[1], s[2]);
                let cells = board.0 * board.1;
                let conv = |c: &ConvNorm| FrozenConv::new(&c.conv, c.norm.as_ref());
                // burn flattens a head's `[planes, cells]`; a frozen net holds `[cells, planes]`.
                let cell_major = |squeeze: &FrozenConv| -> Vec<usize> {
                    let p = squeeze.c_out;
                    (0..p * cells).map(|i| (i % p) * cells + i / p).collect()
                };
                let policy_squeeze = conv(&net.policy.squeeze);
                let value_squeeze = conv(&net.value.squeeze);
                let body = Body::ResNet(ResNet {
                    planes: s[0],
                    board,
                    stem: conv(&net.trunk.stem),
                    blocks: net.trunk.blocks.iter().map(|b| (conv(&b.first), conv(&b.second))).collect(),
                    policy_out: FrozenLinear::new(&net.policy.out).reading(&cell_major(&policy_squeeze)),
                    value_hidden: FrozenLinear::new(&net.value.mlp.hidden).reading(&cell_major(&value_squeeze)),
                    policy_squeeze,
                    value_squeeze,
                });
                (body, FrozenLinear::new(&net.value.mlp.out))
            }
            Net::Mlp(net) => {
                let body = Body::Mlp(Mlp {
                    layers: net.trunk.layers.iter().map(FrozenLinear::new).collect(),
                    policy: FrozenLinear::new(&net.policy),
                    value_hidden: FrozenLinear::new(&net.value.hidden),
                });
                (body, FrozenLinear::new(&net.value.out))
            }
        };
        let body_macs = match &body {
            Body::ResNet(net) => net.macs(),
            Body::Mlp(net) => net.macs(),
        };
        FrozenNet {
            body,
            flops: 2 * (body_macs + value_out.macs()),
            value_out,
            input_len: config.input_len(),
            actions: config.num_actions,
            value_outputs: config.value_outputs,
            activation: config.value_activation,
        }
    }

    /// Forward-pass FLOPs of one position (2 per multiply-add, convolutions and linear layers).
    pub fn flops_per_position(&self) -> usize {
        self.flops
    }

    /// Policy logits `[batch, actions]` and values `[batch, value_outputs]` (activated) for
    /// `batch` observations laid end to end.
    pub fn forward(&self, observations: &[f32], batch: usize) -> (Vec<f32>, Vec<f32>) {
        assert_eq!(observations.len(), batch * self.input_len, "frozen forward: observation floats");
        let mut logits = vec![0.0; batch * self.actions];
        let mut values = vec![0.0; batch * self.value_outputs];
        let threads = rayon::current_num_threads().max(1);
        let smallest = MIN_PIECE_FLOPS.div_ceil(self.flops.max(1)).max(1);
        let piece = batch.div_ceil(threads).max(smallest);
        if piece >= batch {
            self.forward_piece(observations, batch, &mut logits, &mut values);
        } else {
            observations
                .par_chunks(piece * self.input_len)
                .zip(logits.par_chunks_mut(piece * self.actions))
                .zip(values.par_chunks_mut(piece * self.value_outputs))
                .for_each(|((obs, logits), values)| {
                    self.forward_piece(obs, obs.len() / self.input_len, logits, values)
                });
        }
        if self.activation == ValueActivation::Tanh {
            values.iter_mut().for_each(|v| *v = v.tanh());
        }
        (logits, values)
    }

    /// One piece of a batch, on this thread, with this thread's scratch buffers.
    fn forward_piece(&self, observations: &[f32], n: usize, logits: &mut [f32], values: &mut [f32]) {
        SCRATCH.with(|scratch| {
            let s = &mut *scratch.borrow_mut();
            match &self.body {
                Body::ResNet(net) => net.forward(observations, n, s),
                Body::Mlp(net) => net.forward(observations, n, s),
            }
            // Each body leaves the policy logits in `out` and the value head's input in `hidden`.
            logits.copy_from_slice(&s.out);
            self.value_out.forward(&s.hidden, n, &mut s.out, false);
            values.copy_from_slice(&s.out);
        });
    }
}

impl ResNet {
    /// Multiply-adds of one position, up to the value head's last layer (the net's own).
    fn macs(&self) -> usize {
        let cells = self.board.0 * self.board.1;
        let convs = std::iter::once(&self.stem)
            .chain(self.blocks.iter().flat_map(|(a, b)| [a, b]))
            .chain([&self.policy_squeeze, &self.value_squeeze]);
        cells * convs.map(FrozenConv::macs_per_cell).sum::<usize>() + self.policy_out.macs() + self.value_hidden.macs()
    }

    /// Policy logits into `s.out`, the value's hidden layer into `s.hidden`.
    fn forward(&self, observations: &[f32], n: usize, s: &mut Scratch) {
        let (planes, board) = (self.planes, self.board);
        let cells = board.0 * board.1;
        // [n, planes, cells] -> [n·cells, planes]
        s.a.clear();
        s.a.resize(n * cells * planes, 0.0);
        for (p, position) in observations.chunks_exact(planes * cells).enumerate() {
            for (plane, values) in position.chunks_exact(cells).enumerate() {
                for (cell, &v) in values.iter().enumerate() {
                    s.a[(p * cells + cell) * planes + plane] = v;
                }
            }
        }
        self.stem.forward(&s.a, n, board, &mut s.unfolded, &mut s.b, None, true);
        for (first, second) in &self.blocks {
            first.forward(&s.b, n, board, &mut s.unfolded, &mut s.c, None, true);
            second.forward(&s.c, n, board, &mut s.unfolded, &mut s.a, Some(&s.b), true);
            std::mem::swap(&mut s.a, &mut s.b);
        }
        self.policy_squeeze.forward(&s.b, n, board, &mut s.unfolded, &mut s.head, None, true);
        self.policy_out.forward(&s.head, n, &mut s.out, false);
        self.value_squeeze.forward(&s.b, n, board, &mut s.unfolded, &mut s.head, None, true);
        self.value_hidden.forward(&s.head, n, &mut s.hidden, true);
    }
}

impl Mlp {
    /// Multiply-adds of one position, up to the value head's last layer (the net's own).
    fn macs(&self) -> usize {
        self.layers.iter().map(FrozenLinear::macs).sum::<usize>() + self.policy.macs() + self.value_hidden.macs()
    }

    /// Policy logits into `s.out`, the value's hidden layer into `s.hidden`.
    fn forward(&self, observations: &[f32], n: usize, s: &mut Scratch) {
        s.a.clear();
        s.a.extend_from_slice(observations);
        for layer in &self.layers {
            layer.forward(&s.a, n, &mut s.b, true);
            std::mem::swap(&mut s.a, &mut s.b);
        }
        self.policy.forward(&s.a, n, &mut s.out, false);
        self.value_hidden.forward(&s.a, n, &mut s.hidden, true);
    }
}
