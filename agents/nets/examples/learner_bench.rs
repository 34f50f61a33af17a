//! The learner's speed on a device: AdamW steps/s and samples/s of the default Score 4 net
//! (resnet, 32 channels, 3 blocks: `train/configs/score4.toml`) at several batch sizes, each the
//! median of `--reps` runs of at least `--secs` seconds, after a warm-up step (which on a GPU
//! includes compiling its kernels).
//!
//! ```text
//! cargo run --release -p tabula-nets --example learner_bench -- --device cpu --batches 128,512,2048
//! cargo run --release -p tabula-nets --features cuda --example learner_bench -- --device cuda:0
//! ```

use std::time::Instant;
use tabula_nets::{Learner, LearnerConfig, LearnerDevice, NetConfig};

#[path = "shared/batch.rs"]
mod shared;
use shared::batch;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("learner_bench [--device cpu|cuda:N] [--batches 128,512,2048] [--secs 3] [--reps 3]");
        return;
    }
    let device: LearnerDevice = value("--device").unwrap_or_else(|| "cpu".into()).parse().unwrap_or_else(|e| {
        eprintln!("learner_bench: {e}");
        std::process::exit(2)
    });
    let batches: Vec<usize> = value("--batches")
        .unwrap_or_else(|| "128,512,2048".into())
        .split(',')
        .map(|b| b.trim().parse().expect("--batches N,N,..."))
        .collect();
    let secs: f64 = value("--secs").and_then(|v| v.parse().ok()).unwrap_or(3.0);
    let reps: usize = value("--reps").and_then(|v| v.parse().ok()).unwrap_or(3);
    let net = NetConfig::resnet(vec![18, 4, 4], 16, 2, 32, 3);
    let mut learner = Learner::new(net.clone(), LearnerConfig { device, ..Default::default() }).unwrap_or_else(|e| {
        eprintln!("learner_bench: {e}");
        std::process::exit(1)
    });
    println!("learner on {device}: Score 4's default net (resnet 32x3), median of {reps} runs of {secs} s");
    println!("{:>7} {:>10} {:>12}", "batch", "steps/s", "samples/s");
    for &n in &batches {
        let data = batch(&net, n);
        learner.train_step(&data);
        let mut rates: Vec<f64> = (0..reps)
            .map(|_| {
                let start = Instant::now();
                let mut steps = 0u64;
                while start.elapsed().as_secs_f64() < secs {
                    // The loss is read back each step (as the trainer logs it), so GPU work is
                    // finished, not only queued, when the clock stops.
                    std::hint::black_box(learner.train_step(&data).total);
                    steps += 1;
                }
                steps as f64 / start.elapsed().as_secs_f64()
            })
            .collect();
        rates.sort_by(f64::total_cmp);
        let steps = rates[rates.len() / 2];
        println!("{n:>7} {steps:>10.2} {:>12.0}", steps * n as f64);
    }
}
