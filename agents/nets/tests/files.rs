//! Model files: round trips give identical outputs; every bad file is refused with a message that
//! names the file and the mismatch.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{Noise, random_batch, small_mlp, small_resnet};
use tabula_nets::{Expected, Learner, LearnerConfig, ModelCard, NetConfig, NetError, Norm, PolicyValueNet, card_path};

/// A batch-norm net trained a few steps, so its running statistics are not the initial ones.
fn trained_net() -> PolicyValueNet {
    let config = small_resnet(Norm::Batch);
    let mut learner = Learner::new(config.clone(), LearnerConfig::default()).unwrap();
    for seed in 0..3 {
        learner.train_step(&random_batch(&config, 8, seed));
    }
    learner.inference_net()
}

fn save(dir: &Path, net: &PolicyValueNet, game: &str) -> PathBuf {
    let path = dir.join("model.bpk");
    net.save(&path, &ModelCard::new(game, net.config().clone(), 3)).unwrap();
    path
}

fn score4_like() -> Expected {
    Expected::any().with_game_spec("score4").with_input_shape(vec![3, 4, 4]).with_num_actions(16).with_value_outputs(2)
}

#[test]
fn save_load_round_trip_gives_identical_outputs() {
    let dir = tempfile::tempdir().unwrap();
    let net = trained_net();
    let path = save(dir.path(), &net, "score4");
    let (loaded, card) = PolicyValueNet::load(&path, &score4_like()).unwrap();
    assert_eq!(card.game_spec, "score4");
    assert_eq!(card.training_step, 3);
    assert_eq!(card.net, *net.config());
    let obs = Noise::new(9).vec(5 * 48);
    assert_eq!(net.infer(&obs, 5), loaded.infer(&obs, 5), "outputs must be bit-identical");

    // The embedded-bytes path gives the same net as the file.
    let weights = fs::read(&path).unwrap();
    let embedded = PolicyValueNet::from_bytes(&weights, &card).unwrap();
    assert_eq!(net.infer(&obs, 5), embedded.infer(&obs, 5));
}

#[test]
fn mlp_round_trip_through_bytes() {
    let net = PolicyValueNet::new(small_mlp()).unwrap();
    let card = ModelCard::new("nim(stones=5,chance=false)", small_mlp(), 0);
    let copy = PolicyValueNet::from_bytes(&net.to_bytes().unwrap(), &card).unwrap();
    let obs = Noise::new(1).vec(3 * 10);
    assert_eq!(net.infer(&obs, 3), copy.infer(&obs, 3));
}

fn load_err(path: &Path, expected: &Expected) -> String {
    match PolicyValueNet::load(path, expected) {
        Ok(_) => panic!("loading {} should fail", path.display()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn missing_files_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("model.bpk");
    let err = load_err(&path, &Expected::any());
    assert_eq!(err, format!("{}: file not found", card_path(&path).display()));

    // Card present, weights gone.
    let path = save(dir.path(), &trained_net(), "score4");
    fs::remove_file(&path).unwrap();
    assert_eq!(load_err(&path, &Expected::any()), format!("{}: file not found", path.display()));
}

#[test]
fn truncated_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = save(dir.path(), &trained_net(), "score4");
    let weights = fs::read(&path).unwrap();
    for cut in [0, 7, weights.len() / 2, weights.len() - 1] {
        fs::write(&path, &weights[..cut]).unwrap();
        let err = load_err(&path, &score4_like());
        assert!(err.starts_with(&format!("{}: unreadable", path.display())), "cut at {cut}: {err}");
    }
    fs::write(&path, &weights).unwrap();

    let card = fs::read(card_path(&path)).unwrap();
    fs::write(card_path(&path), &card[..card.len() / 2]).unwrap();
    let err = load_err(&path, &score4_like());
    assert!(err.starts_with(&format!("{}: unreadable (not a model card", card_path(&path).display())), "{err}");
}

#[test]
fn another_game_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let spec = "superball(rows=8,cols=10,mss=5,colors=pbyrg)";
    let path = save(dir.path(), &trained_net(), spec);
    let err = load_err(&path, &score4_like());
    assert_eq!(err, format!("{}: expected game score4, file holds {spec}", card_path(&path).display()));
}

#[test]
fn another_shape_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = save(dir.path(), &trained_net(), "score4");
    let json = card_path(&path).display().to_string();
    let err = load_err(&path, &Expected::any().with_input_shape(vec![7, 8, 10]));
    assert_eq!(err, format!("{json}: expected input [7, 8, 10], file has [3, 4, 4]"));
    let err = load_err(&path, &Expected::any().with_num_actions(3236));
    assert_eq!(err, format!("{json}: expected actions 3236, file has 16"));
    let err = load_err(&path, &Expected::any().with_value_outputs(1));
    assert_eq!(err, format!("{json}: expected value outputs 1, file has 2"));
}

#[test]
fn weights_of_another_architecture_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = save(dir.path(), &trained_net(), "score4");
    // Rewrite the card to claim a wider net: same game and shapes, different weights.
    let mut card: ModelCard = serde_json::from_slice(&fs::read(card_path(&path)).unwrap()).unwrap();
    card.net = NetConfig::resnet(vec![3, 4, 4], 16, 2, 16, 2);
    fs::write(card_path(&path), serde_json::to_vec(&card).unwrap()).unwrap();
    let err = load_err(&path, &score4_like());
    assert!(err.starts_with(&format!("{}: weights do not match the card's network", path.display())), "{err}");
    assert!(err.contains("shape mismatch"), "{err}");

    let from_bytes = PolicyValueNet::from_bytes(&fs::read(&path).unwrap(), &card).unwrap_err();
    assert!(matches!(from_bytes, NetError::Record(_)), "{from_bytes}");
}

#[test]
fn save_refuses_a_card_for_another_net() {
    let dir = tempfile::tempdir().unwrap();
    let net = trained_net();
    let card = ModelCard::new("score4", small_mlp(), 0);
    let err = net.save(&dir.path().join("model.bpk"), &card).unwrap_err().to_string();
    assert!(err.contains("card describes mlp"), "{err}");
    assert!(!dir.path().join("model.bpk").exists(), "nothing is written");
}

#[test]
fn a_core_game_sizes_its_net_and_checks_its_files() {
    use tabula_core::testing::Nim;
    use tabula_nets::{TrunkConfig, ValueActivation};
    let game = Nim::new(5);
    let config = NetConfig::for_game(&game);
    assert!(matches!(config.trunk, TrunkConfig::Mlp { .. }), "vector observations get an mlp");
    assert_eq!((config.input_shape.clone(), config.num_actions, config.value_outputs), (vec![2], 2, 2));
    assert_eq!(config.value_activation, ValueActivation::Tanh);

    let dir = tempfile::tempdir().unwrap();
    let net = PolicyValueNet::new(config).unwrap();
    let path = dir.path().join("nim.bpk");
    net.save(&path, &ModelCard::new(tabula_core::Game::spec(&game), net.config().clone(), 0)).unwrap();
    PolicyValueNet::load(&path, &Expected::game(&game)).unwrap();
    let err = load_err(&path, &Expected::game(&Nim::new(7)));
    assert!(err.ends_with("expected game nim(stones=7,chance=false), file holds nim(stones=5,chance=false)"), "{err}");
}
