//! The solver (`SearchConfig::solver`): exact values where the tree reaches the end of the game.

use rand::RngCore;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tabula_core::testing::Nim;
use tabula_core::{Agent, Game, State, rng_from_seed};
use tabula_search::{Evaluation, Evaluator, MctsAgent, RolloutEvaluator, Search, SearchConfig};

/// Nim (take 1 or 2, the last stone wins) from 10 stones: the mover wins by taking 1, leaving a
/// multiple of 3.
const TAKE_ONE: u32 = 0;

/// An evaluator that is sure of the wrong thing: almost all prior on taking 2, and every position
/// won for whoever moves. It counts the leaves it is asked about.
struct Liar {
    asked: AtomicUsize,
}

impl<S: State> Evaluator<S> for Liar {
    fn evaluate(&self, states: &[&S], _rng: &mut dyn RngCore) -> Vec<Evaluation> {
        self.asked.fetch_add(states.len(), Ordering::Relaxed);
        states
            .iter()
            .map(|s| {
                let mover = s.turn().player().expect("a decision node");
                let legal = s.legal_actions();
                let priors =
                    legal.iter().map(|&a| if a == TAKE_ONE && legal.len() > 1 { 0.01 } else { 0.99 }).collect();
                let values = (0..2).map(|p| if p == mover { 1.0 } else { -1.0 }).collect();
                Evaluation { priors, values }
            })
            .collect()
    }
}

fn liar() -> Liar {
    Liar { asked: AtomicUsize::new(0) }
}

fn config(solver: bool) -> SearchConfig {
    SearchConfig { simulations: 400, solver, ..SearchConfig::default() }
}

#[test]
fn the_solver_proves_the_root_and_plays_the_win_a_lying_evaluator_hides() {
    let root = Nim::new(10).new_initial_state(0);
    let mut rng = rng_from_seed(1);
    let mut proving = Search::new(root.clone(), config(true));
    let proven = proving.run(&liar(), &mut rng);
    assert!(proving.is_solved(), "400 simulations cover the whole tree of Nim from 10");
    assert_eq!(proven.action, TAKE_ONE);
    // The averages alone, with the same budget, follow the evaluator into the losing move.
    let mut averaging = Search::new(root, config(false));
    let averaged = averaging.run(&liar(), &mut rng);
    assert!(!averaging.is_solved());
    assert_ne!(averaged.action, TAKE_ONE, "without proofs the lie wins");
}

#[test]
fn simulations_into_a_proven_tree_ask_the_evaluator_nothing() {
    let root = Nim::new(7).new_initial_state(0);
    let mut rng = rng_from_seed(2);
    let evaluator = liar();
    let mut search = Search::new(root, config(true));
    search.run(&evaluator, &mut rng);
    assert!(search.is_solved());
    let asked = evaluator.asked.load(Ordering::Relaxed);
    search.simulate(&evaluator, 1000, &mut rng);
    assert_eq!(evaluator.asked.load(Ordering::Relaxed), asked, "a proven root needs no more leaves");
    // From 7 stones the mover wins (take 1, leaving 6): the proven root value says so exactly.
    let result = search.result(&mut rng);
    assert_eq!(result.action, TAKE_ONE);
}

#[test]
fn a_timed_search_stops_once_its_root_is_proven() {
    let root = Nim::new(8).new_initial_state(0);
    let mut agent = MctsAgent::new("solver", liar(), config(true)).with_time_budget(Duration::from_secs(60));
    let start = Instant::now();
    let action = agent.act(&root, &mut rng_from_seed(3));
    // Nim from 8: take 2, leaving 6. The tree has a few dozen nodes; a minute would be spent
    // only if the search kept simulating a proven root.
    assert_eq!(action, 1);
    assert!(start.elapsed() < Duration::from_secs(30), "took {:?}", start.elapsed());
}

#[test]
fn proven_values_and_moves_agree_with_an_exact_tic_tac_toe_solver() {
    use rand::Rng;
    use tabula_core::testing::{TicTacToe, TicTacToeSolver};
    let mut exact = TicTacToeSolver::new();
    let mut rng = rng_from_seed(4);
    let mut proven = 0;
    for _ in 0..60 {
        let mut state = TicTacToe.new_initial_state(0);
        for _ in 0..rng.random_range(1..6) {
            let legal = state.legal_actions();
            state.apply(legal[rng.random_range(0..legal.len())]).unwrap();
            if state.is_terminal() {
                break;
            }
        }
        if state.is_terminal() {
            continue;
        }
        let mover = state.turn().player().unwrap();
        let mut search = Search::new(state.clone(), SearchConfig { simulations: 3000, ..config(true) });
        let result = search.run(&RolloutEvaluator::new(1), &mut rng);
        let Some(values) = search.proven_root_values() else { continue };
        proven += 1;
        assert_eq!(values[mover] as i8, exact.value(&state), "{state}");
        assert!(exact.optimal_actions(&state).contains(&result.action), "{state}: played {}", result.action);
    }
    assert!(proven >= 40, "only {proven} of the positions were proven in 3,000 simulations");
}
