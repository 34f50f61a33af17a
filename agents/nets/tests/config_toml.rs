//! The configs read from TOML, the trainer's config format.

use tabula_nets::{LearnerConfig, NetConfig, Norm, TrunkConfig, ValueActivation};

#[derive(serde::Deserialize)]
struct TrainerFile {
    net: NetConfig,
    learner: LearnerConfig,
}

#[test]
fn net_and_learner_configs_read_from_toml() {
    let text = r#"
        [net]
        input_shape = [7, 8, 10]
        num_actions = 3236
        value_outputs = 1
        value_activation = "linear"

        [net.trunk]
        kind = "resnet"
        channels = 32
        blocks = 2
        norm = "none"

        [learner]
        lr = 2e-3
        weight_decay = 1e-4
    "#;
    let file: TrainerFile = toml::from_str(text).unwrap();
    assert_eq!(file.net.value_activation, ValueActivation::Linear);
    assert_eq!(
        file.net.trunk,
        TrunkConfig::ResNet { channels: 32, blocks: 2, norm: Norm::None, policy_channels: 4, value_channels: 2 }
    );
    assert_eq!(file.learner, LearnerConfig { lr: 2e-3, ..LearnerConfig::default() });
    file.net.validate().unwrap();

    // And back: what a model card or a resumed run writes out reads the same.
    let again: NetConfig = toml::from_str(&toml::to_string(&file.net).unwrap()).unwrap();
    assert_eq!(again, file.net);
}

#[test]
fn unknown_keys_are_refused() {
    let text =
        "input_shape = [4]\nnum_actions = 2\nvalue_outputs = 1\nchanels = 3\n[trunk]\nkind = \"mlp\"\nhidden = [8]\n";
    let err = toml::from_str::<NetConfig>(text).unwrap_err().to_string();
    assert!(err.contains("chanels"), "{err}");
}
