//! The frozen inference path computes burn's forward pass: same logits and values up to float
//! rounding, for every trunk, with trained batch-norm statistics, odd board shapes, and batches
//! big enough to be split across threads.

mod common;

use common::{Noise, max_abs_diff, random_batch};
use tabula_nets::{Learner, LearnerConfig, NetConfig, Norm, PolicyValueNet, ValueActivation};

/// A net whose batch norms have moved off their initial statistics (and whose weights are no
/// longer the initial draw), so folding them is tested for real.
fn trained(config: &NetConfig) -> PolicyValueNet {
    let mut learner = Learner::new(config.clone(), LearnerConfig { lr: 1e-2, ..Default::default() }).unwrap();
    for step in 0..5 {
        learner.train_step(&random_batch(config, 16, step));
    }
    learner.inference_net()
}

fn assert_agrees(config: &NetConfig, net: &PolicyValueNet) {
    for batch in [1, 3, 64, 257] {
        let obs = Noise::new(batch as u64 + 11).vec(batch * config.input_len());
        let (fast, reference) = (net.infer(&obs, batch), net.infer_with_burn(&obs, batch));
        assert_eq!(fast.batch, reference.batch);
        assert_eq!(fast.policy_logits.len(), reference.policy_logits.len());
        assert_eq!(fast.values.len(), reference.values.len());
        let scale = reference.policy_logits.iter().fold(1.0f32, |m, v| m.max(v.abs()));
        let (dp, dv) = (
            max_abs_diff(&fast.policy_logits, &reference.policy_logits),
            max_abs_diff(&fast.values, &reference.values),
        );
        assert!(
            dp < 1e-4 * scale && dv < 1e-4,
            "{}, batch {batch}: logits off by {dp}, values by {dv}",
            config.summary()
        );
    }
}

#[test]
fn frozen_resnets_match_burn() {
    let configs = [
        NetConfig::resnet(vec![3, 4, 4], 16, 2, 8, 2),
        NetConfig::resnet(vec![3, 4, 4], 16, 2, 8, 2).with_norm(Norm::None),
        // A board that is not square, more actions than cells, a linear single value.
        NetConfig::resnet(vec![5, 3, 7], 40, 1, 12, 1).with_value_activation(ValueActivation::Linear),
    ];
    for config in configs {
        assert_agrees(&config, &trained(&config));
        assert_agrees(&config, &PolicyValueNet::new(config.clone()).unwrap());
    }
}

#[test]
fn frozen_mlps_match_burn() {
    let config = NetConfig::mlp(vec![2, 5], 7, 3, vec![32, 16]);
    assert_agrees(&config, &trained(&config));
}

#[test]
fn a_row_is_the_same_alone_or_in_a_split_batch() {
    // A batch of 257 is split across threads; each row must not depend on where it fell (beyond
    // float rounding: gemm picks its kernels by the matrices' sizes).
    let config = NetConfig::resnet(vec![3, 4, 4], 16, 2, 8, 2);
    let net = trained(&config);
    let obs = Noise::new(5).vec(257 * config.input_len());
    let all = net.infer(&obs, 257);
    for i in [0, 100, 256] {
        let one = net.infer(&obs[i * config.input_len()..(i + 1) * config.input_len()], 1);
        assert!(max_abs_diff(all.policy(i), one.policy(0)) < 1e-5, "row {i}");
        assert!(max_abs_diff(all.value(i), one.value(0)) < 1e-5, "row {i}");
    }
}

#[test]
fn flops_are_counted_layer_by_layer() {
    // [3, 4, 4] -> 8 channels, 2 blocks, heads of 4 and 2 planes, value hidden 64, 16 actions,
    // 2 values; multiply-adds: stem 3·8·9·16, four 8·8·9·16 convs, squeezes 8·4·16 and 8·2·16,
    // then 64·16, 32·64 and 64·2.
    let net = PolicyValueNet::new(NetConfig::resnet(vec![3, 4, 4], 16, 2, 8, 2)).unwrap();
    let macs = 3456 + 4 * 9216 + 512 + 256 + 1024 + 2048 + 128;
    assert_eq!(net.flops_per_position(), 2 * macs);
    let mlp = PolicyValueNet::new(NetConfig::mlp(vec![2, 5], 7, 3, vec![32, 16])).unwrap();
    assert_eq!(mlp.flops_per_position(), 2 * (10 * 32 + 32 * 16 + 16 * 7 + 16 * 64 + 64 * 3));
}
