//! The trainer's conformance test: on tic-tac-toe, a solved game, the generic trainer (self-play,
//! search, replay, learner; nothing specific to the game) must reach perfect play, checked
//! against an exact solver. A failure here is a trainer problem, not a hyper-parameter problem of
//! a big game.
//!
//! The training run takes about 2 minutes in release (3 in a debug build) and does not yet reach
//! perfect play on every seed (seeds 1-4 at 4,000 steps: three perfect, one with 4 mistakes in
//! 220 decisions), so it is `#[ignore]`d in CI; run it with
//! `cargo test --release -p tabula-train --test conformance -- --ignored --nocapture`.
//!
//! "Perfect" is checked exhaustively: for each seat, the agent's move is followed from every
//! position it can reach against the exact solver, which tries every one of its optimal replies
//! in turn, and each of the agent's moves must keep the solver's value (a draw stays a draw).

use rand::SeedableRng;
use tabula_core::testing::{TicTacToe, TicTacToeSolver, TicTacToeState};
use tabula_core::{Agent, Game, State, Turn};
use tabula_models::TrainedModel;
use tabula_search::{MctsAgent, SearchConfig, UniformEvaluator};
use tabula_train::config::TrainConfig;
use tabula_train::trainer::{RunLimits, Trainer};

const CONFIG: &str = r#"
game = "tictactoe"
seed = 1
hours = 1.0

[net]
value_activation = "tanh"
value_hidden = 32
trunk = { kind = "resnet", channels = 32, blocks = 2 }

[search]
simulations = 32
considered = 9
eval_simulations = 32

[selfplay]
workers = 2
games_in_flight = 32
decisions_per_round = 4
value_scale = 1.0
max_moves = 9
# explore_moves: absent, Gumbel noise on every move: the solver's alternatives late in a game are met too
root_value_weight = 0.5

[replay]
capacity = 20000
min_samples = 1000
replay_ratio = 4.0

[learner]
batch_size = 128
learning_rate = 0.002
weight_decay = 0.0001
augment_symmetries = false

[schedule]
log_every_steps = 100
checkpoint_every_steps = 1000000
eval_every_steps = 1000000
eval_games = 0
"#;

/// Learner steps of the conformance run.
const STEPS: u64 = 4000;

/// Which replies of the opponent the check follows.
#[derive(Clone, Copy)]
enum Opponent {
    /// The exact solver: each of its optimal moves in turn.
    Solver,
    /// Every legal move.
    Anything,
}

/// How many decisions `agent`, in `seat`, was checked on, and those where it picked a move that
/// changes the game's value, over every line the opponent can choose.
fn mistakes(agent: &mut dyn Agent<TicTacToeState>, seat: usize, opponent: Opponent) -> (usize, Vec<String>) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(0);
    let mut solver = TicTacToeSolver::new();
    let mut stack = vec![TicTacToe.new_initial_state(0)];
    let (mut decisions, mut wrong) = (0, Vec::new());
    while let Some(state) = stack.pop() {
        match state.turn() {
            Turn::Terminal | Turn::Chance => {}
            Turn::Player(p) if p == seat => {
                decisions += 1;
                let action = agent.act(&state, &mut rng);
                let optimal = solver.optimal_actions(&state);
                if !optimal.contains(&action) {
                    wrong.push(format!("{state}played {action}, optimal {optimal:?}"));
                }
                let mut next = state.clone();
                next.apply(action).expect("agents play legal moves");
                stack.push(next);
            }
            Turn::Player(_) => {
                let replies = match opponent {
                    Opponent::Solver => solver.optimal_actions(&state),
                    Opponent::Anything => state.legal_actions(),
                };
                for a in replies {
                    let mut next = state.clone();
                    next.apply(a).expect("legal");
                    stack.push(next);
                }
            }
        }
    }
    (decisions, wrong)
}

fn assert_perfect(name: &str, agent: &mut dyn Agent<TicTacToeState>) {
    for seat in 0..2 {
        let (decisions, wrong) = mistakes(agent, seat, Opponent::Solver);
        assert!(decisions >= 4, "{name} as {seat}: only {decisions} decisions checked");
        assert!(
            wrong.is_empty(),
            "{name} as player {seat}: {} of {decisions} moves give away the value, e.g.\n{}",
            wrong.len(),
            wrong.iter().take(3).cloned().collect::<Vec<_>>().join("\n")
        );
    }
}

#[test]
fn the_check_finds_the_mistakes_of_an_untrained_player() {
    // Search with uniform priors and no values sees wins and blocks one move ahead (decisive
    // moves) but not forks: the exhaustive check must catch it.
    let search = SearchConfig::gumbel(8, 9);
    let mut weak = MctsAgent::new("uniform", UniformEvaluator { players: 2 }, search);
    let failures: usize = (0..2).map(|seat| mistakes(&mut weak, seat, Opponent::Solver).1.len()).sum();
    assert!(failures > 0, "an 8-simulation search without a network plays tic-tac-toe perfectly?");
}

#[test]
#[ignore = "a 2-minute training run that does not yet reach perfect play on every seed; see the module docs"]
fn a_few_minutes_of_self_play_reach_perfect_tic_tac_toe() {
    let dir = tempfile::tempdir().unwrap();
    let config = TrainConfig::from_toml(CONFIG).unwrap();
    let mut trainer = Trainer::new(TicTacToe, config, dir.path(), Vec::new()).unwrap();
    let summary = trainer.run(RunLimits { hours: None, max_steps: Some(STEPS), progress_bar: false }).unwrap();
    assert_eq!(summary.step, STEPS);
    let model = TrainedModel::load(&TicTacToe, dir.path()).unwrap();
    // The network with the search it trained with (32 simulations a move) plays perfectly. The
    // policy head alone is not asked to: Gumbel's improved-policy targets stay soft where a few
    // simulations cannot tell a slow loss from a draw, and the search settles those with the value.
    let mut agent = model.search_agent(&TicTacToe, None, None);
    assert_perfect("net + search", &mut agent);
    // Against any reply at all (positions perfect self-play seldom reaches) it is not asked to be
    // perfect; its count is shown for the record.
    for seat in 0..2 {
        let (decisions, wrong) = mistakes(&mut agent, seat, Opponent::Anything);
        eprintln!("against any reply, as player {seat}: {} mistakes in {decisions} decisions", wrong.len());
    }
}
