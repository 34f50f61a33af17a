//! Learner behaviour: shapes, masking, overfitting a fixed batch, exact checkpoint resume.

mod common;

use common::{max_abs_diff, random_batch, small_mlp, small_resnet};
use tabula_nets::{
    Expected, Learner, LearnerConfig, LearnerDevice, NetConfig, Norm, PolicyValueNet, TrainBatch, ValueActivation,
    masked_softmax,
};

#[test]
fn infer_shapes_and_value_ranges() {
    for config in [small_resnet(Norm::Batch), small_resnet(Norm::None), small_mlp()] {
        let net = PolicyValueNet::new(config.clone()).unwrap();
        for batch in [1, 7] {
            let obs = common::Noise::new(batch as u64).vec(batch * config.input_len());
            let out = net.infer(&obs, batch);
            assert_eq!(out.batch, batch);
            assert_eq!(out.policy_logits.len(), batch * config.num_actions);
            assert_eq!(out.values.len(), batch * config.value_outputs);
            assert_eq!(out.policy(batch - 1).len(), config.num_actions);
            assert_eq!(out.value(batch - 1).len(), config.value_outputs);
            assert!(out.values.iter().all(|v| v.abs() < 1.0), "tanh values: {:?}", out.values);
        }
    }
}

#[test]
fn infer_rows_do_not_depend_on_the_batch() {
    // Inference-mode batch norm uses running statistics, so a row's answer is the same alone
    // or in a batch (up to float summation order in the matmuls).
    let config = small_resnet(Norm::Batch);
    let net = PolicyValueNet::new(config.clone()).unwrap();
    let obs = common::Noise::new(3).vec(4 * config.input_len());
    let all = net.infer(&obs, 4);
    let last = net.infer(&obs[3 * config.input_len()..], 1);
    assert!(max_abs_diff(all.policy(3), last.policy(0)) < 1e-5);
    assert!(max_abs_diff(all.value(3), last.value(0)) < 1e-5);
}

#[test]
fn linear_values_are_not_squashed() {
    let config = small_mlp().with_value_activation(ValueActivation::Linear);
    let mut learner = Learner::new(config.clone(), LearnerConfig { lr: 1e-2, ..Default::default() }).unwrap();
    let mut batch = random_batch(&config, 4, 1);
    batch.value_targets = vec![3.0; 4];
    for _ in 0..150 {
        learner.train_step(&batch);
    }
    let out = learner.inference_net().infer(&batch.observations, 4);
    assert!(out.values.iter().all(|&v| v > 2.0), "linear head reaches a target of 3: {:?}", out.values);
}

#[test]
fn masked_policy_puts_no_mass_on_illegal_actions() {
    let logits = [5.0, -1.0, 30.0, 0.5];
    let priors = masked_softmax(&logits, &[0, 1, 3]);
    assert_eq!(priors.len(), 3);
    assert!((priors.iter().sum::<f32>() - 1.0).abs() < 1e-6);
    assert!(priors[0] > 0.98, "the huge illegal logit (action 2) takes nothing: {priors:?}");

    // In training, the loss's masked softmax gives illegal actions no mass either: a net trained
    // on targets spread over the legal actions only keeps its entropy at most log(#legal).
    let config = small_resnet(Norm::Batch);
    let mut learner = Learner::new(config.clone(), LearnerConfig::default()).unwrap();
    let mut batch = random_batch(&config, 1, 5);
    let legal: Vec<bool> = (0..16).map(|a| a % 4 == 0).collect();
    batch.legal_mask = legal.clone();
    batch.policy_targets = legal.iter().map(|&l| if l { 0.25 } else { 0.0 }).collect();
    let losses = learner.train_step(&batch);
    assert!(losses.policy_entropy <= 4f32.ln() + 1e-4, "entropy {} over 4 legal actions", losses.policy_entropy);
    // Uniform targets over the legal actions: cross-entropy >= entropy of the target = ln 4.
    assert!(losses.policy >= 4f32.ln() - 1e-4, "policy loss {}", losses.policy);
}

fn overfit(config: NetConfig) {
    let mut learner = Learner::new(config.clone(), LearnerConfig { lr: 3e-3, ..Default::default() }).unwrap();
    let batch = random_batch(&config, 16, 11);
    batch.validate(&config).unwrap();
    let first = learner.train_step(&batch);
    let mut last = first;
    for _ in 0..80 {
        last = learner.train_step(&batch);
    }
    assert_eq!(learner.step(), 81);
    assert!(last.total.is_finite());
    // Cross-entropy cannot fall below the targets' own entropy; what must shrink is the excess,
    // the KL divergence from the targets to the net's policy.
    let target_entropy = -batch.policy_targets.iter().filter(|&&p| p > 0.0).map(|&p| p * p.ln()).sum::<f32>() / 16.0;
    let (kl_first, kl_last) = (first.policy - target_entropy, last.policy - target_entropy);
    assert!(
        kl_last < 0.1 * kl_first && last.value < 0.1 * first.value,
        "{}: loss should drop by a clear margin: target entropy {target_entropy}, first {first:?}, last {last:?}",
        config.summary()
    );
}

#[test]
fn learner_overfits_a_fixed_batch_resnet_batch_norm() {
    overfit(small_resnet(Norm::Batch));
}

#[test]
fn learner_overfits_a_fixed_batch_resnet_no_norm() {
    overfit(small_resnet(Norm::None));
}

#[test]
fn learner_overfits_a_fixed_batch_mlp() {
    overfit(small_mlp());
}

#[test]
fn inference_net_is_a_snapshot() {
    let config = small_mlp();
    let mut learner = Learner::new(config.clone(), LearnerConfig::default()).unwrap();
    let batch = random_batch(&config, 4, 2);
    let before = learner.inference_net();
    let out_before = before.infer(&batch.observations, 4);
    learner.train_step(&batch);
    assert_eq!(before.infer(&batch.observations, 4), out_before, "training leaves the snapshot alone");
    assert_ne!(learner.inference_net().infer(&batch.observations, 4), out_before, "a new snapshot moved");
}

fn run(learner: &mut Learner, config: &NetConfig, steps: std::ops::Range<u64>) -> Vec<f32> {
    steps.map(|s| learner.train_step(&random_batch(config, 8, 100 + s)).total).collect()
}

fn check_resume(config: NetConfig) {
    let dir = tempfile::tempdir().unwrap();
    let learner_config = LearnerConfig { lr: 2e-3, weight_decay: 1e-3, ..Default::default() };
    let mut straight = Learner::new(config.clone(), learner_config).unwrap();
    run(&mut straight, &config, 0..3);
    straight.save_checkpoint(dir.path()).unwrap();
    let tail_straight = run(&mut straight, &config, 3..6);

    let mut resumed =
        Learner::load_checkpoint(dir.path(), &Expected::any().with_input_shape(config.input_shape.clone())).unwrap();
    assert_eq!(resumed.step(), 3);
    let tail_resumed = run(&mut resumed, &config, 3..6);
    assert_eq!(resumed.step(), 6);

    // Same weights, same Adam moments, same batch-norm statistics, same data: the same floats.
    assert_eq!(tail_straight, tail_resumed, "{}", config.summary());
    let obs = random_batch(&config, 5, 1).observations;
    assert_eq!(straight.inference_net().infer(&obs, 5), resumed.inference_net().infer(&obs, 5));
}

#[test]
fn checkpoint_resume_matches_an_uninterrupted_run_resnet() {
    check_resume(small_resnet(Norm::Batch));
}

#[test]
fn checkpoint_resume_matches_an_uninterrupted_run_mlp() {
    check_resume(small_mlp());
}

#[test]
fn a_checkpoint_a_gpu_learner_wrote_resumes_on_the_cpu() {
    // A learner on a GPU writes these same files, its manifest naming its device (tests/cuda.rs
    // checks that side on a GPU): the CPU reads such a manifest and learns on, in any build.
    let dir = tempfile::tempdir().unwrap();
    let config = small_mlp();
    let mut learner = Learner::new(config.clone(), LearnerConfig::default()).unwrap();
    run(&mut learner, &config, 0..3);
    learner.save_checkpoint(dir.path()).unwrap();
    let path = dir.path().join("learner.json");
    let mut manifest: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(manifest["learner"]["device"], serde_json::Value::Null, "the CPU is the default, left unsaid");
    manifest["learner"]["device"] = "cuda:0".into();
    std::fs::write(&path, serde_json::to_vec(&manifest).unwrap()).unwrap();

    let mut resumed = Learner::load_checkpoint(dir.path(), &Expected::any()).unwrap();
    assert_eq!((resumed.step(), resumed.device()), (3, LearnerDevice::Cpu));
    assert_eq!(run(&mut resumed, &config, 3..6), run(&mut learner, &config, 3..6));
}

#[test]
fn checkpoint_is_one_consistent_set_of_files() {
    let dir = tempfile::tempdir().unwrap();
    let config = small_mlp();
    let mut learner = Learner::new(config.clone(), LearnerConfig::default()).unwrap();
    for _ in 0..2 {
        learner.train_step(&random_batch(&config, 4, 0));
        learner.save_checkpoint(dir.path()).unwrap();
    }
    let mut names: Vec<String> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(names, ["learner.json", "optimizer-000000000002.bpk", "weights-000000000002.bpk"]);

    let err = Learner::load_checkpoint(dir.path(), &Expected::any().with_num_actions(16)).unwrap_err().to_string();
    assert!(err.ends_with("learner.json: expected actions 16, file has 5"), "{err}");
    std::fs::remove_file(dir.path().join("weights-000000000002.bpk")).unwrap();
    let err = Learner::load_checkpoint(dir.path(), &Expected::any()).unwrap_err().to_string();
    assert!(err.ends_with("weights-000000000002.bpk: file not found"), "{err}");
}

#[test]
fn bad_batches_are_reported() {
    let config = small_mlp();
    let mut batch = random_batch(&config, 2, 0);
    batch.policy_targets[0] += 0.5; // action 0 is always legal in random_batch
    let err = batch.validate(&config).unwrap_err().to_string();
    assert!(err.contains("sums to"), "{err}");
    let short = TrainBatch { observations: vec![0.0; 3], ..random_batch(&config, 2, 0) };
    let err = short.validate(&config).unwrap_err().to_string();
    assert_eq!(err, "bad batch: observations has 3 values, 2 samples need 20");
}

#[test]
fn threads_sharing_one_net_get_the_serial_answers() {
    let config = small_resnet(Norm::Batch);
    let net = PolicyValueNet::new(config.clone()).unwrap();
    let inputs: Vec<Vec<f32>> = (0..4).map(|s| common::Noise::new(s).vec(8 * config.input_len())).collect();
    let serial: Vec<_> = inputs.iter().map(|obs| net.infer(obs, 8)).collect();
    let parallel: Vec<_> = std::thread::scope(|s| {
        let handles: Vec<_> = inputs.iter().map(|obs| s.spawn(|| net.infer(obs, 8))).collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(serial, parallel);
}

#[test]
fn the_seed_fixes_the_initial_weights() {
    let config = small_resnet(Norm::Batch);
    let seeded = |seed| Learner::new(config.clone(), LearnerConfig { seed, ..Default::default() }).unwrap();
    // Built together and used afterwards, in another order: lazily drawn weights would differ.
    let (a, b, c) = (seeded(1), seeded(1), seeded(2));
    let obs = random_batch(&config, 3, 0).observations;
    let (out_c, out_b, out_a) =
        (c.inference_net().infer(&obs, 3), b.inference_net().infer(&obs, 3), a.inference_net().infer(&obs, 3));
    assert_eq!(out_a, out_b);
    assert_ne!(out_a, out_c);
}
