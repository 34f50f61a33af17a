//! The trainer's periodic evaluation: matches against the baselines through the arena's code, and
//! the network's rating on the arena's scale (anchored on `random`) with its 95% interval.

use rand::RngCore;
use std::collections::HashMap;
use tabula_core::testing::{TicTacToe, TicTacToeSolver, TicTacToeState};
use tabula_core::{Action, Agent, RandomAgent};
use tabula_train::config::TrainConfig;
use tabula_train::trainer::{Opponent, Trainer};

const CONFIG: &str = r#"
game = "tictactoe"
seed = 1
hours = 1.0

[net]
value_activation = "tanh"
value_hidden = 16
trunk = { kind = "resnet", channels = 16, blocks = 1 }

[search]
simulations = 16
considered = 9
eval_simulations = 16

[selfplay]
workers = 1
games_in_flight = 4
decisions_per_round = 4
value_scale = 1.0
max_moves = 9

[replay]
capacity = 1000
min_samples = 100
replay_ratio = 4.0

[learner]
batch_size = 32
learning_rate = 0.002
weight_decay = 0.0001
augment_symmetries = false

[schedule]
log_every_steps = 100
checkpoint_every_steps = 1000000
eval_every_steps = 1000000
eval_games = 40
eval_opening_plies = 0
"#;

/// Plays one of the moves that keep the game-theoretic value: never loses.
struct Perfect(TicTacToeSolver);

impl Agent<TicTacToeState> for Perfect {
    fn name(&self) -> String {
        "perfect".into()
    }
    fn act(&mut self, state: &TicTacToeState, rng: &mut dyn RngCore) -> Action {
        let best = self.0.optimal_actions(state);
        best[rng.next_u32() as usize % best.len()]
    }
}

fn opponents() -> Vec<Opponent<TicTacToe>> {
    vec![
        Opponent { name: "perfect".into(), make: Box::new(|| Box::new(Perfect(TicTacToeSolver::new()))) },
        Opponent { name: "random".into(), make: Box::new(|| Box::new(RandomAgent)) },
    ]
}

#[test]
fn evaluations_rate_the_network_on_the_scale_anchored_on_random() {
    let dir = tempfile::tempdir().unwrap();
    let config = TrainConfig::from_toml(CONFIG).unwrap();
    let mut trainer = Trainer::new(TicTacToe, config, dir.path(), opponents()).unwrap();
    for round in 0..2 {
        let results: HashMap<String, f64> = trainer.evaluate().unwrap().into_iter().collect();
        let get = |k: &str| *results.get(k).unwrap_or_else(|| panic!("no {k} in {results:?}"));
        let (elo, lo, hi) = (get("eval/rating"), get("eval/rating_lo"), get("eval/rating_hi"));
        assert!(lo.is_finite() && hi.is_finite() && lo < elo && elo < hi, "round {round}: {lo} {elo} {hi}");
        // Nobody beats the perfect player; a 16-simulation search sees one-move wins and blocks,
        // which is enough to beat random, and the rating says so on random's scale.
        assert!(get("eval/vs_perfect/score") <= 0.5, "{results:?}");
        assert!(get("eval/vs_random/score") > 0.6, "{results:?}");
        assert!(elo > 0.0, "beats random ({}) yet rated {elo}", get("eval/vs_random/score"));
    }
    let log = std::fs::read_to_string(dir.path().join("log.jsonl")).unwrap();
    assert_eq!(log.lines().filter(|l| l.contains("\"eval/rating_hi\"")).count(), 2, "{log}");
}
