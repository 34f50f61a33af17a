//! [`Learner`]: the training twin of a [`PolicyValueNet`], on `Device::flex().autodiff()` with
//! AdamW.
//!
//! ```
//! use tabula_nets::{Learner, LearnerConfig, NetConfig, TrainBatch};
//! let config = NetConfig::mlp(vec![4], 3, 1, vec![16]);
//! let mut learner = Learner::new(config, LearnerConfig::default()).unwrap();
//! let batch = TrainBatch {
//!     batch: 1,
//!     observations: vec![1.0, 0.0, 0.0, 1.0],
//!     legal_mask: vec![true, false, true],
//!     policy_targets: vec![0.25, 0.0, 0.75],
//!     value_targets: vec![0.5],
//! };
//! let losses = learner.train_step(&batch);
//! assert!(losses.total.is_finite());
//! assert_eq!(learner.step(), 1);
//! let net = learner.inference_net(); // what the self-play workers use next
//! assert_eq!(net.infer(&batch.observations, 1).values.len(), 1);
//! ```

use burn::module::Module;
use burn::optim::{AdamWConfig, GradientsParams, ModuleOptimizer};
use burn::tensor::{Bool, Device, Tensor, TensorData};
use serde::{Deserialize, Serialize};

use crate::batch::TrainBatch;
use crate::config::NetConfig;
use crate::device::LearnerDevice;
use crate::error::NetError;
use crate::inference::PolicyValueNet;
use crate::loss::policy_value_loss;
use crate::net::Net;

/// Optimisation settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LearnerConfig {
    /// Learning rate (change it between steps with [`Learner::set_lr`] for a schedule).
    #[serde(default = "default_lr")]
    pub lr: f64,
    /// AdamW's decoupled weight decay; 0 makes it plain Adam.
    #[serde(default = "default_weight_decay")]
    pub weight_decay: f32,
    /// Weight of the value loss against the policy loss.
    #[serde(default = "default_value_weight")]
    pub value_weight: f32,
    /// Seed for the initial weights.
    #[serde(default)]
    pub seed: u64,
    /// Where the learning happens (`cpu`, `cuda:N`); self-play stays on the CPU.
    #[serde(default, skip_serializing_if = "LearnerDevice::is_cpu")]
    pub device: LearnerDevice,
}

fn default_lr() -> f64 {
    1e-3
}
fn default_weight_decay() -> f32 {
    1e-4
}
fn default_value_weight() -> f32 {
    1.0
}

impl Default for LearnerConfig {
    fn default() -> Self {
        LearnerConfig {
            lr: default_lr(),
            weight_decay: default_weight_decay(),
            value_weight: default_value_weight(),
            seed: 0,
            device: LearnerDevice::Cpu,
        }
    }
}

/// The losses of one step (before the update), averaged over the batch.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Losses {
    /// `policy + value_weight · value`.
    pub total: f32,
    /// Cross-entropy of the masked policy against the targets.
    pub policy: f32,
    /// Mean squared value error.
    pub value: f32,
    /// Mean entropy of the network's masked policy (nats).
    pub policy_entropy: f32,
}

/// Owns the trainable net, its optimizer and the step counter.
pub struct Learner {
    /// Always `Some` between calls; taken out during a step so the optimizer owns the only
    /// reference to the weights and can update them in place.
    pub(crate) net: Option<Net>,
    pub(crate) optimizer: ModuleOptimizer,
    pub(crate) net_config: NetConfig,
    pub(crate) config: LearnerConfig,
    pub(crate) step: u64,
    device: Device,
}

// The trainer may run the learner on its own thread, beside the self-play workers.
const _: () = {
    const fn assert_send<T: Send>() {}
    assert_send::<Learner>();
};

impl std::fmt::Debug for Learner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Learner")
            .field("net", &self.net_config.summary())
            .field("config", &self.config)
            .field("step", &self.step)
            .finish()
    }
}

impl Learner {
    /// A learner with freshly initialised weights (seeded by `config.seed`).
    pub fn new(net_config: NetConfig, config: LearnerConfig) -> Result<Self, NetError> {
        net_config.validate()?;
        let device = config.device.open()?;
        let net = Net::initialised(&net_config, &device, Some(config.seed));
        Ok(Self::from_parts(net, net_config, config, 0, device))
    }

    /// A learner that continues from `net`'s weights, with a fresh optimizer and step 0.
    pub fn from_net(net: &PolicyValueNet, config: LearnerConfig) -> Result<Self, NetError> {
        let net_config = net.config().clone();
        let bytes = net.to_bytes()?;
        let device = config.device.open()?;
        let module =
            crate::model_file::load_module("<in-memory weights>".as_ref(), &bytes, Net::new(&net_config, &device))?;
        Ok(Self::from_parts(module, net_config, config, 0, device))
    }

    pub(crate) fn from_parts(
        net: Net,
        net_config: NetConfig,
        config: LearnerConfig,
        step: u64,
        device: Device,
    ) -> Self {
        let optimizer = optimizer(&config);
        Learner { net: Some(net), optimizer, net_config, config, step, device }
    }

    /// The device this learner learns on.
    pub fn device(&self) -> LearnerDevice {
        self.config.device
    }

    /// One AdamW step on `batch`; returns the losses measured before the update.
    ///
    /// # Panics
    /// If the batch's sizes do not match the net ([`TrainBatch::validate`] reports it as an error).
    pub fn train_step(&mut self, batch: &TrainBatch) -> Losses {
        let c = &self.net_config;
        let (b, a, v) = (batch.batch, c.num_actions, c.value_outputs);
        assert!(
            b > 0
                && batch.observations.len() == b * c.input_len()
                && batch.legal_mask.len() == b * a
                && batch.policy_targets.len() == b * a
                && batch.value_targets.len() == b * v,
            "train_step: batch sizes do not match the net ({})",
            TrainBatch::validate(batch, c).err().map(|e| e.to_string()).unwrap_or_default()
        );
        let d = &self.device;
        let obs = Tensor::<2>::from_data(TensorData::new(batch.observations.clone(), [b, c.input_len()]), d);
        let illegal: Vec<bool> = batch.legal_mask.iter().map(|&l| !l).collect();
        let illegal = Tensor::<2, Bool>::from_data(TensorData::new(illegal, [b, a]), d);
        let policy_targets = Tensor::<2>::from_data(TensorData::new(batch.policy_targets.clone(), [b, a]), d);
        let value_targets = Tensor::<2>::from_data(TensorData::new(batch.value_targets.clone(), [b, v]), d);

        let net = self.net.take().expect("learner holds its net between steps");
        let (logits, values) = net.forward(obs, c);
        let loss = policy_value_loss(logits, values, illegal, policy_targets, value_targets, self.config.value_weight);
        let grads = GradientsParams::from_grads(loss.total.backward(), &net);
        self.net = Some(self.optimizer.step(self.config.lr, net, grads));
        self.step += 1;
        Losses {
            total: scalar(loss.total),
            policy: scalar(loss.policy),
            value: scalar(loss.value),
            policy_entropy: scalar(loss.entropy),
        }
    }

    /// The current weights as an inference net (a `.valid()` copy: no autodiff, batch norm in
    /// inference mode). Later training does not change the copy.
    pub fn inference_net(&self) -> PolicyValueNet {
        let net = self.net().valid();
        // Inference is on the CPU whatever device learns.
        let net = if self.config.device.is_cpu() { net } else { net.to_device(&Device::flex()) };
        PolicyValueNet::from_parts(net, self.net_config.clone())
    }

    pub(crate) fn net(&self) -> &Net {
        self.net.as_ref().expect("learner holds its net between steps")
    }

    /// Steps taken (restored from a checkpoint).
    pub fn step(&self) -> u64 {
        self.step
    }

    pub fn net_config(&self) -> &NetConfig {
        &self.net_config
    }

    pub fn config(&self) -> &LearnerConfig {
        &self.config
    }

    /// Sets the learning rate used from the next step on.
    pub fn set_lr(&mut self, lr: f64) {
        self.config.lr = lr;
    }
}

pub(crate) fn optimizer(config: &LearnerConfig) -> ModuleOptimizer {
    AdamWConfig::new().with_weight_decay(config.weight_decay).init()
}

fn scalar(t: Tensor<1>) -> f32 {
    t.into_scalar::<f32>()
}
