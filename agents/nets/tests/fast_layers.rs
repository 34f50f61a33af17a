//! tabula's formulations of burn's layers compute burn's functions: small-board convolutions as
//! dense products and batch norm in training give the same outputs, gradients (kernel, bias,
//! gamma, beta, input) and running statistics, and a learner trains the same with either. One
//! test function, because the switch (`use_burn_layers`) is process-wide and tests run in
//! parallel.

mod common;

use burn::module::Param;
use burn::nn::conv::Conv2dConfig;
use burn::nn::{BatchNormConfig, PaddingConfig2d};
use burn::tensor::{Device, Tensor, TensorData};
use common::{Noise, max_abs_diff, random_batch};
use tabula_nets::layers::batch_norm_train::batch_norm_train;
use tabula_nets::layers::dense_conv::{dense_conv, pointwise_conv, worth_dense};
use tabula_nets::layers::use_burn_layers;
use tabula_nets::{Learner, LearnerConfig, NetConfig, Norm};

fn values<const D: usize>(t: Tensor<D>) -> Vec<f32> {
    t.into_data().try_to_vec::<f32>().unwrap()
}

/// Outputs and gradients of one convolution both ways, for `[c_in, h, w]` inputs and a `k×k` kernel.
fn check_conv(c_in: usize, c_out: usize, h: usize, w: usize, k: usize, bias: bool) {
    let device = Device::flex().autodiff();
    let conv =
        Conv2dConfig::new([c_in, c_out], [k, k]).with_padding(PaddingConfig2d::Same).with_bias(bias).init(&device);
    let mut noise = Noise::new((c_in * 100 + h * 10 + w) as u64);
    let batch = 3;
    let input = || {
        let mut noise = Noise::new(7);
        Tensor::<4>::from_data(TensorData::new(noise.vec(batch * c_in * h * w), [batch, c_in, h, w]), &device)
            .require_grad()
    };
    // A loss that weighs every output differently, so a misplaced output cannot cancel out.
    let weights =
        Tensor::<4>::from_data(TensorData::new(noise.vec(batch * c_out * h * w), [batch, c_out, h, w]), &device);
    let run = |dense: bool| {
        let x = input();
        let y = match (dense, k) {
            (false, _) => conv.forward(x.clone()),
            (true, 1) => pointwise_conv(&conv, x.clone()),
            (true, _) => dense_conv(&conv, x.clone()),
        };
        let grads = (y.clone() * weights.clone()).sum().backward();
        let kernel_grad = values(conv.weight.val().grad(&grads).unwrap());
        let bias_grad = conv.bias.as_ref().map(|b| values(b.val().grad(&grads).unwrap()));
        let input_grad = values(x.grad(&grads).unwrap());
        (values(y), kernel_grad, bias_grad, input_grad)
    };
    let (dense, direct) = (run(true), run(false));
    let what = format!("{c_in}->{c_out} channels, {h}x{w} board, {k}x{k} kernel, bias {bias}");
    assert_eq!(dense.0.len(), batch * c_out * h * w);
    assert!(max_abs_diff(&dense.0, &direct.0) < 1e-4, "outputs differ: {what}");
    assert!(max_abs_diff(&dense.1, &direct.1) < 1e-3, "kernel gradients differ: {what}");
    if let (Some(a), Some(b)) = (&dense.2, &direct.2) {
        assert!(max_abs_diff(a, b) < 1e-3, "bias gradients differ: {what}");
    }
    assert!(max_abs_diff(&dense.3, &direct.3) < 1e-4, "input gradients differ: {what}");
    // The check can fail: a kernel one tap off gives other outputs.
    assert!(dense.1.iter().any(|g| g.abs() > 1e-3), "the kernel gradient is not trivially zero: {what}");
}

/// Outputs, gradients and running statistics of one training-mode batch norm both ways.
fn check_batch_norm(batch: usize, channels: usize, h: usize, w: usize) {
    let device = Device::flex().autodiff();
    let mut noise = Noise::new((batch * 1000 + channels * 10 + h) as u64);
    // Statistics away from 0 and 1, and a gamma and beta away from their initial 1 and 0.
    let data: Vec<f32> =
        noise.vec(batch * channels * h * w).iter().enumerate().map(|(i, v)| v * (1.0 + (i % 3) as f32) + 0.5).collect();
    let weights =
        Tensor::<4>::from_data(TensorData::new(noise.vec(batch * channels * h * w), [batch, channels, h, w]), &device);
    let run = |ours: bool| {
        let mut norm = BatchNormConfig::new(channels).init(&device);
        let vector = |v: f32| Tensor::<1>::from_data(TensorData::new(vec![v; channels], [channels]), &device);
        norm.gamma = Param::from_tensor(vector(1.5));
        norm.beta = Param::from_tensor(vector(0.25));
        let x = Tensor::<4>::from_data(TensorData::new(data.clone(), [batch, channels, h, w]), &device).require_grad();
        let mut outputs = Vec::new();
        // Two steps, so the second starts from running statistics the first updated.
        for _ in 0..2 {
            let y = if ours { batch_norm_train(&norm, x.clone()) } else { norm.forward(x.clone()) };
            outputs.extend(values(y.clone()));
            let grads = (y * weights.clone()).sum().backward();
            outputs.extend(values(x.grad(&grads).unwrap()));
            outputs.extend(values(norm.gamma.val().grad(&grads).unwrap()));
            outputs.extend(values(norm.beta.val().grad(&grads).unwrap()));
        }
        outputs.extend(values(norm.running_mean.value()));
        outputs.extend(values(norm.running_var.value()));
        outputs
    };
    let (ours, burns) = (run(true), run(false));
    let scale = burns.iter().fold(1.0f32, |m, v| m.max(v.abs()));
    let diff = max_abs_diff(&ours, &burns);
    assert!(diff < 1e-4 * scale, "batch norm {batch}x{channels}x{h}x{w}: off by {diff} (scale {scale})");
    let initial_running: Vec<f32> = [vec![0.0; channels], vec![1.0; channels]].concat();
    assert_ne!(ours[ours.len() - 2 * channels..], initial_running[..], "the running statistics moved");
}

#[test]
fn tabulas_layer_formulations_compute_burns_layers() {
    check_batch_norm(32, 8, 4, 4);
    check_batch_norm(5, 3, 2, 7);
    check_batch_norm(2, 4, 8, 10);

    // Score 4's board with its stem and block sizes, a non-square board, 1×1 kernels (pointwise
    // products) with and without bias, a 5×5 kernel on a board smaller than the kernel.
    check_conv(18, 32, 4, 4, 3, false);
    check_conv(8, 8, 4, 4, 3, true);
    check_conv(3, 5, 2, 3, 3, true);
    check_conv(4, 2, 4, 4, 1, false);
    check_conv(32, 4, 8, 10, 1, false);
    check_conv(3, 2, 2, 2, 1, true);
    check_conv(2, 3, 3, 3, 5, true);

    assert!(worth_dense(32, 32, 16, 3, 3) && worth_dense(18, 32, 16, 3, 3), "Score 4's 3x3 convolutions run dense");
    assert!(!worth_dense(64, 64, 16, 3, 3), "64 channels: burn's conv2d is faster");
    assert!(!worth_dense(32, 32, 80, 3, 3), "Superball's 8x10 board is too big to be worth it");
    assert!(!worth_dense(32, 4, 16, 1, 1), "1x1 convolutions never are");

    // A learner on a 4x4 board trains the same either way (to float rounding; Adam's first
    // steps amplify rounding a little where gradients are near zero).
    let config: NetConfig = NetConfig::resnet(vec![3, 4, 4], 16, 2, 8, 2).with_norm(Norm::Batch);
    let train = |dense: bool| {
        use_burn_layers(!dense);
        let mut learner = Learner::new(config.clone(), LearnerConfig { seed: 3, ..Default::default() }).unwrap();
        let losses: Vec<f32> = (0..4).map(|step| learner.train_step(&random_batch(&config, 32, step)).total).collect();
        let probe = random_batch(&config, 5, 99).observations;
        (losses, learner.inference_net().infer(&probe, 5).values)
    };
    let (dense, direct) = (train(true), train(false));
    use_burn_layers(false);
    for (a, b) in dense.0.iter().zip(&direct.0) {
        assert!((a - b).abs() < 1e-3 * b.abs().max(1.0), "losses {:?} vs {:?}", dense.0, direct.0);
    }
    assert!(max_abs_diff(&dense.1, &direct.1) < 1e-3, "values after training {:?} vs {:?}", dense.1, direct.1);
}
