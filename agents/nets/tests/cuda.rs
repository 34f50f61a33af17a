//! The learner on a CUDA device (builds with `--features cuda`, on a machine with an NVIDIA GPU:
//! `scripts/gpu-check.sh` runs these). It learns what the CPU learner learns from the same
//! batches, and its checkpoints are the CPU's files: learnt on the GPU, resumed on the CPU, and
//! the other way round.
#![cfg(feature = "cuda")]

use tabula_nets::{Expected, Learner, LearnerConfig, LearnerDevice, NetConfig, TrainBatch};

fn net() -> NetConfig {
    NetConfig::resnet(vec![18, 4, 4], 16, 2, 16, 2)
}

fn batch(c: &NetConfig, n: usize, seed: u64) -> TrainBatch {
    let mut x = seed | 1;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    TrainBatch {
        batch: n,
        observations: (0..n * c.input_len()).map(|_| (next() >> 63) as f32).collect(),
        legal_mask: vec![true; n * c.num_actions],
        policy_targets: (0..n * c.num_actions).map(|k| if k % c.num_actions == 3 { 1.0 } else { 0.0 }).collect(),
        value_targets: (0..n * c.value_outputs).map(|k| if k % 2 == 0 { 0.5 } else { -0.5 }).collect(),
    }
}

fn on(device: LearnerDevice) -> Learner {
    Learner::new(net(), LearnerConfig { lr: 3e-3, seed: 7, device, ..Default::default() }).expect("the device opens")
}

#[test]
fn the_gpu_learner_learns_like_the_cpu_learner() {
    // The same weights on both (each device's random initialisation is its own: the CPU's are
    // moved to the GPU through a checkpoint), then the same batches: the losses stay together.
    let cpu_start = tempfile::tempdir().unwrap();
    on(LearnerDevice::Cpu).save_checkpoint(cpu_start.path()).unwrap();
    let expected = Expected::any().with_num_actions(16);
    let mut gpu = Learner::load_checkpoint_on(cpu_start.path(), &expected, LearnerDevice::Cuda(0)).unwrap();
    let mut cpu = Learner::load_checkpoint_on(cpu_start.path(), &expected, LearnerDevice::Cpu).unwrap();
    let mut first = None;
    for step in 0..60 {
        let data = batch(&net(), 64, step + 1);
        let (g, c) = (gpu.train_step(&data), cpu.train_step(&data));
        first.get_or_insert((g.total, c.total));
        assert!(
            (g.total - c.total).abs() <= 0.05 * c.total.abs().max(1.0),
            "step {step}: gpu {} cpu {}",
            g.total,
            c.total
        );
    }
    let (g0, c0) = first.unwrap();
    assert!((g0 - c0).abs() <= 1e-3 * c0.abs().max(1.0), "the first step, from the same weights: gpu {g0} cpu {c0}");
    let last = gpu.train_step(&batch(&net(), 64, 99)).total;
    assert!(last < 0.7 * g0, "the loss falls on the GPU: {g0} -> {last}");
}

#[test]
fn checkpoints_move_between_the_gpu_and_the_cpu() {
    let dir = tempfile::tempdir().unwrap();
    let mut gpu = on(LearnerDevice::Cuda(0));
    for step in 0..5 {
        gpu.train_step(&batch(&net(), 32, step + 1));
    }
    gpu.save_checkpoint(dir.path()).unwrap();
    let expected = Expected::any().with_num_actions(16);
    let cpu = Learner::load_checkpoint_on(dir.path(), &expected, LearnerDevice::Cpu).unwrap();
    assert_eq!((cpu.step(), cpu.device()), (5, LearnerDevice::Cpu));
    let probe = batch(&net(), 4, 42);
    let (a, b) = (gpu.inference_net().infer(&probe.observations, 4), cpu.inference_net().infer(&probe.observations, 4));
    for (x, y) in a.values.iter().zip(&b.values) {
        assert!((x - y).abs() < 1e-3, "{x} vs {y}");
    }
    // And back: the CPU's checkpoint goes on on the GPU.
    let dir2 = tempfile::tempdir().unwrap();
    cpu.save_checkpoint(dir2.path()).unwrap();
    let again = Learner::load_checkpoint_on(dir2.path(), &expected, LearnerDevice::Cuda(0)).unwrap();
    assert_eq!((again.step(), again.device()), (5, LearnerDevice::Cuda(0)));
}

#[test]
fn a_gpu_index_beyond_the_machine_is_a_clear_error() {
    let err = LearnerDevice::Cuda(97).open().unwrap_err().to_string();
    assert!(err.contains("cuda:97"), "{err}");
}
