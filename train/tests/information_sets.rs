//! The generic trainer on a game of hidden information: self-play searches information sets
//! (`SearchConfig::information_sets`, set from the game), so what it learns is the play that is
//! right without peeking. tabula_core's `HiddenCard`: guessing blind or folding is worth −0.5,
//! asking high-or-low and then guessing between two is worth 0; a search that read the hidden
//! card would learn to guess at once.

use tabula_core::testing::HiddenCard;
use tabula_core::{Agent, Game, State, rng_from_seed};
use tabula_models::TrainedModel;
use tabula_train::config::TrainConfig;
use tabula_train::trainer::{RunLimits, Trainer};

const CONFIG: &str = r#"
game = "hidden_card(cards=4)"
seed = 1
hours = 1.0

[net]
value_activation = "tanh"
value_hidden = 16
trunk = { kind = "mlp", hidden = [32] }

[search]
simulations = 16
considered = 6
eval_simulations = 16
decisive_moves = false

[selfplay]
workers = 2
games_in_flight = 16
decisions_per_round = 2
value_scale = 1.0
max_moves = 3
root_value_weight = 0.0

[replay]
capacity = 5000
min_samples = 300
replay_ratio = 4.0

[learner]
batch_size = 64
learning_rate = 0.003
weight_decay = 0.0001

[schedule]
log_every_steps = 50
checkpoint_every_steps = 100000
eval_every_steps = 100000
eval_games = 0
"#;

#[test]
fn self_play_on_information_sets_learns_to_ask_before_guessing() {
    let game = HiddenCard::new(4);
    let dir = tempfile::tempdir().unwrap();
    let config = TrainConfig::from_toml(CONFIG).unwrap();
    let mut trainer = Trainer::new(game, config, dir.path(), Vec::new()).unwrap();
    trainer.run(RunLimits { hours: None, max_steps: Some(300), progress_bar: false }).unwrap();
    let model = TrainedModel::load(&game, dir.path()).unwrap();
    let mut rng = rng_from_seed(7);
    for seed in 0..4 {
        let mut state = game.new_initial_state(seed);
        // The policy alone, and the network with its search, ask first...
        assert_eq!(state.action_to_string(model.policy_agent(&game).act(&state, &mut rng)), "ask", "deal {seed}");
        let mut searching = model.search_agent(&game, None, None);
        assert_eq!(state.action_to_string(searching.act(&state, &mut rng)), "ask", "deal {seed}, searching");
        // ...and then guess within the half the answer leaves.
        state.apply(game.ask()).unwrap();
        state.apply(state.legal_actions()[0]).unwrap();
        let guess = searching.act(&state, &mut rng);
        assert!(guess < 4 && (guess >= 2) == (state.card() >= 2), "deal {seed}: {}", state.action_to_string(guess));
    }
}
