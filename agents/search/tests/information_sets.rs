//! Information-set mode of the one MCTS (`SearchConfig::information_sets`) on a guessing game
//! whose right play depends on not peeking: tabula_core's `HiddenCard` (4 cards; guess blind
//! −0.5, fold −0.5, ask high or low, then guess between two: 0).

use tabula_core::testing::HiddenCard;
use tabula_core::{Game, State, rng_from_seed};
use tabula_search::{RootMode, Search, SearchConfig, UniformEvaluator, run_lockstep};

fn config(information_sets: bool, root: RootMode) -> SearchConfig {
    SearchConfig { simulations: 3000, root, information_sets, ..SearchConfig::default() }
}

const PUCT: RootMode = RootMode::Puct { dirichlet_alpha: 0.3, dirichlet_fraction: 0.0 };

fn best(state: &<HiddenCard as Game>::State, config: SearchConfig, seed: u64) -> String {
    let mut search = Search::new(state.clone(), config);
    let result = search.run(&UniformEvaluator { players: 2 }, &mut rng_from_seed(seed));
    state.action_to_string(result.action)
}

#[test]
fn searching_the_information_set_asks_where_peeking_guesses_the_card() {
    let game = HiddenCard::new(4);
    for seed in 0..8 {
        let state = game.new_initial_state(seed);
        let card = state.card();
        assert_eq!(best(&state, config(false, PUCT), seed), format!("guess{card}"), "a whole-state search peeks");
        assert_eq!(best(&state, config(true, PUCT), seed), "ask", "deal {seed}");
        assert_eq!(best(&state, config(true, RootMode::Gumbel { considered: 6 }), seed), "ask", "Gumbel, deal {seed}");
    }
}

#[test]
fn after_the_answer_it_guesses_within_the_half_the_answer_leaves() {
    let game = HiddenCard::new(4);
    for seed in 0..8 {
        let mut state = game.new_initial_state(seed);
        state.apply(game.ask()).unwrap();
        // Player 1's only legal answer depends on its card: the tree meets both across worlds.
        let answer = state.legal_actions()[0];
        state.apply(answer).unwrap();
        let half = if state.card() >= 2 { ["guess2", "guess3"] } else { ["guess0", "guess1"] };
        let played = best(&state, config(true, PUCT), seed);
        assert!(half.contains(&played.as_str()), "deal {seed}: {played} after {}", state.action_to_string(answer));
    }
}

#[test]
fn the_root_value_is_the_information_sets_not_one_worlds() {
    let game = HiddenCard::new(4);
    let mut searches: Vec<Search<_>> =
        (0..4).map(|seed| Search::new(game.new_initial_state(seed), config(true, PUCT))).collect();
    let results = run_lockstep(&mut searches, &UniformEvaluator { players: 2 }, &mut rng_from_seed(3));
    for r in results {
        // Best play is worth 0 to player 0; a peeking search would value the root near +1.
        assert!(r.root_values[0] < 0.5, "{:?}", r.root_values);
        assert!((r.root_values[0] + r.root_values[1]).abs() < 1e-4, "zero-sum: {:?}", r.root_values);
        assert_eq!(r.root_visits, 3000);
    }
}

#[test]
fn a_search_may_share_a_few_drawn_worlds_among_its_simulations() {
    // 32 worlds drawn once per move and used in turn by 3,000 simulations: the same choices.
    let game = HiddenCard::new(4);
    for seed in 0..4 {
        let mut state = game.new_initial_state(seed);
        let shared = SearchConfig { worlds: 32, ..config(true, PUCT) };
        assert_eq!(best(&state, shared.clone(), seed), "ask", "deal {seed}");
        state.apply(game.ask()).unwrap();
        state.apply(state.legal_actions()[0]).unwrap();
        let half = if state.card() >= 2 { ["guess2", "guess3"] } else { ["guess0", "guess1"] };
        assert!(half.contains(&best(&state, shared, seed).as_str()), "deal {seed}");
    }
}
