//! Throughput of tabula's default networks on this CPU, against the machine's matmul peak.
//!
//! ```text
//! CARGO_TARGET_DIR=$HOME/.cache/tabula-target-nets \
//!   cargo run --release -p tabula-nets --example nets_bench -- [--reps 5] [--min-secs 0.3] [--only score4]
//! ```
//!
//! For each net (Score 4's, Superball's, Superply's and Upward-Rightward's default sizes):
//! inference positions/s at batch 1, 32, 64 and 256 (`infer`, the frozen path; a line above the
//! row gives every batch from 1 to 256, which says what batching a search's leaves would gain),
//! the same through burn's own forward pass at batch 64 (`infer_with_burn`, what `infer` did
//! before the frozen path), and training samples/s (one AdamW step per batch) at batch 128 and 256,
//! and at 256 again through burn's own `Conv2d` and `BatchNorm` (`burn 256`: what training did
//! before tabula's dense small-board convolutions and batch-norm formulation, `layers::use_burn_layers`).
//! Each figure is the median of `--reps` timed runs,
//! each run repeating the call for at least `--min-secs`. GFLOP/s counts multiply-adds as 2 FLOPs
//! of the convolutions and linear layers only (a training step is counted as 3× the forward
//! pass), and is compared with a reference: the f32 GFLOP/s of one big sgemm by the
//! `matrixmultiply` crate on all cores, measured first with one big burn matmul beside it. Load
//! average is printed before and after, because the numbers mean little on a busy machine.

use std::time::Instant;

use burn::tensor::{Device, Distribution, Tensor};
use tabula_nets::{Learner, LearnerConfig, NetConfig, Norm, PolicyValueNet, ValueActivation};

#[path = "shared/batch.rs"]
mod shared;
use shared::batch;

/// The inference batches measured; the table shows 1, 32, 64 and 256.
const BATCHES: [usize; 8] = [1, 2, 4, 8, 16, 32, 64, 256];

struct Args {
    reps: usize,
    min_secs: f64,
    only: Option<String>,
}

fn args() -> Args {
    let mut args = Args { reps: 5, min_secs: 0.3, only: None };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = || it.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match a.as_str() {
            "--reps" => args.reps = value().parse().expect("--reps N"),
            "--min-secs" => args.min_secs = value().parse().expect("--min-secs S"),
            "--only" => args.only = Some(value()),
            other => panic!("unknown argument {other}; see the example's docs"),
        }
    }
    args
}

/// Median over `reps` runs of (items per second), each run repeating `f` (which processes
/// `items` items) until `min_secs` have passed.
fn median_rate(reps: usize, min_secs: f64, items: usize, mut f: impl FnMut()) -> f64 {
    f(); // warm-up: allocations, thread pool
    let mut rates: Vec<f64> = (0..reps)
        .map(|_| {
            let start = Instant::now();
            let mut n = 0;
            while n == 0 || start.elapsed().as_secs_f64() < min_secs {
                f();
                n += 1;
            }
            (n * items) as f64 / start.elapsed().as_secs_f64()
        })
        .collect();
    rates.sort_by(f64::total_cmp);
    rates[rates.len() / 2]
}

fn matmul_peak(args: &Args) -> f64 {
    let device = Device::flex();
    let n = 1024;
    let a = Tensor::<2>::random([n, n], Distribution::Default, &device);
    let b = Tensor::<2>::random([n, n], Distribution::Default, &device);
    let rate = median_rate(args.reps, args.min_secs, 1, || {
        let c = a.clone().matmul(b.clone());
        std::hint::black_box(c.into_data());
    });
    rate * 2.0 * (n * n * n) as f64 / 1e9
}

/// The same product through `matrixmultiply`'s sgemm (its own threads, one per core): a
/// well-kept reference that does not go through burn.
fn reference_sgemm(args: &Args) -> f64 {
    let n = 1024;
    let a: Vec<f32> = (0..n * n).map(|i| ((i * 7) % 13) as f32 * 0.1).collect();
    let b: Vec<f32> = (0..n * n).map(|i| ((i * 5) % 11) as f32 * 0.1).collect();
    let mut c = vec![0.0f32; n * n];
    let rate = median_rate(args.reps, args.min_secs, 1, || {
        // SAFETY: a, b and c are n×n row-major buffers that outlive the call; c is not aliased.
        unsafe {
            matrixmultiply::sgemm(
                n,
                n,
                n,
                1.0,
                a.as_ptr(),
                n as isize,
                1,
                b.as_ptr(),
                n as isize,
                1,
                0.0,
                c.as_mut_ptr(),
                n as isize,
                1,
            );
        }
        std::hint::black_box(&c);
    });
    rate * 2.0 * (n * n * n) as f64 / 1e9
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

fn main() {
    let args = args();
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    println!("tabula-nets benchmark: {cores} cores, load average {} (1/5/15 min)", load());
    let peak = matmul_peak(&args);
    let reference = reference_sgemm(&args);
    println!("f32 matmul 1024x1024x1024, median of {}:", args.reps);
    println!("  burn flex:                    {peak:.1} GFLOP/s");
    println!(
        "  matrixmultiply sgemm (ref):   {reference:.1} GFLOP/s  (burn's matmul at {:.0}% of it)\n",
        100.0 * peak / reference
    );

    let score4 = |ch| NetConfig::resnet(vec![18, 4, 4], 16, 2, ch, 4);
    let superball = |ch, blocks| {
        NetConfig::resnet(vec![7, 8, 10], 3236, 1, ch, blocks).with_value_activation(ValueActivation::Linear)
    };
    let nets = [
        ("score4", score4(64)),
        ("score4", score4(64).with_norm(Norm::None)),
        ("score4", score4(32)),
        ("score4", score4(32).with_norm(Norm::None)),
        ("superball", superball(64, 4)),
        ("superball", superball(32, 4)),
        ("superball", superball(32, 4).with_norm(Norm::None)),
        ("superball", superball(32, 2)),
        ("superply", NetConfig::resnet(vec![10, 9, 9], 81, 2, 32, 3)),
        ("upright", NetConfig::resnet(vec![8, 6, 6], 37, 2, 32, 3)),
    ];
    println!(
        "{:<10} {:<26} {:>8} {:>6} | {:>8} | {:>8} {:>8} {:>8} {:>9} {:>9} | {:>9} {:>9} {:>10} | {:>8} {:>8} {:>9} {:>8}",
        "game",
        "net",
        "params",
        "MFLOP",
        "burn b64",
        "inf b=1",
        "inf b=32",
        "inf b=64",
        "inf b=256",
        "2thr b=32",
        "train 128",
        "train 256",
        "burn 256",
        "burn%ref",
        "i64 %ref",
        "i256 %ref",
        "trn %ref"
    );
    for (game, config) in nets.iter().filter(|(g, _)| args.only.as_deref().is_none_or(|o| o == *g)) {
        let net = PolicyValueNet::new(config.clone()).unwrap();
        let flops = net.flops_per_position() as f64;
        let mut inf = Vec::new();
        for b in BATCHES {
            let obs = batch(config, b).observations;
            inf.push(median_rate(args.reps, args.min_secs, b, || {
                std::hint::black_box(net.infer(&obs, b));
            }));
        }
        let obs = batch(config, 64).observations;
        let burn64 = median_rate(args.reps, args.min_secs, 64, || {
            std::hint::black_box(net.infer_with_burn(&obs, 64));
        });
        // Two threads sharing one `&PolicyValueNet`, batches of 32: how self-play workers call it.
        let obs = batch(config, 32).observations;
        let shared = median_rate(args.reps, args.min_secs, 2 * 4 * 32, || {
            std::thread::scope(|s| {
                for _ in 0..2 {
                    s.spawn(|| {
                        for _ in 0..4 {
                            std::hint::black_box(net.infer(&obs, 32));
                        }
                    });
                }
            });
        });
        let mut train = Vec::new();
        for b in [128, 256] {
            let mut learner = Learner::new(config.clone(), LearnerConfig::default()).unwrap();
            let data = batch(config, b);
            train.push(median_rate(args.reps, args.min_secs, b, || {
                std::hint::black_box(learner.train_step(&data));
            }));
        }
        // The same 256-sample step through burn's own Conv2d and BatchNorm (before tabula's
        // dense small-board convolutions and batch-norm formulation).
        tabula_nets::layers::use_burn_layers(true);
        let mut learner = Learner::new(config.clone(), LearnerConfig::default()).unwrap();
        let data = batch(config, 256);
        let train_conv2d = median_rate(args.reps, args.min_secs, 256, || {
            std::hint::black_box(learner.train_step(&data));
        });
        tabula_nets::layers::use_burn_layers(false);
        println!("{game} inference positions/s at batch {BATCHES:?}: {inf:.0?}");
        let at = |b: usize| inf[BATCHES.iter().position(|&x| x == b).expect("a measured batch")];
        let gflops = |positions_per_s: f64| positions_per_s * flops / 1e9;
        let train_gflops = train[1] * 3.0 * flops / 1e9;
        println!(
            "{:<10} {:<26} {:>8} {:>6.2} | {:>8.0} | {:>8.0} {:>8.0} {:>8.0} {:>9.0} {:>9.0} | {:>9.0} {:>9.0} {:>10.0} | {:>7.1}% {:>7.1}% {:>8.1}% {:>7.1}%",
            game,
            config.summary().split(" [").next().unwrap_or_default(),
            net.num_params(),
            flops / 1e6,
            burn64,
            at(1),
            at(32),
            at(64),
            at(256),
            shared,
            train[0],
            train[1],
            train_conv2d,
            100.0 * gflops(burn64) / reference,
            100.0 * gflops(at(64)) / reference,
            100.0 * gflops(at(256)) / reference,
            100.0 * train_gflops / reference,
        );
    }
    println!("\nunits: inference positions/s (burn b64: burn's forward pass; inf: the frozen path `infer` uses;");
    println!("2thr: two threads sharing the net, total), training samples/s (burn 256: through burn's own");
    println!("Conv2d and BatchNorm instead of tabula's formulations); MFLOP: forward pass per position;");
    println!("%ref = achieved GFLOP/s (burn and frozen inference at b=64, frozen at b=256, training at b=256");
    println!("counted as 3x forward FLOPs) over the reference sgemm. Load average now {}.", load());
}
