//! The search on real and toy games.

use rand::RngCore;
use score4::{Board, Score4, Score4State};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Mutex;
use tabula_core::testing::Nim;
use tabula_core::{Action, Agent, Game, IllegalAction, NotationError, Player, RandomAgent, State, Turn, rng_from_seed};
use tabula_search::{
    Evaluation, Evaluator, MctsAgent, RolloutEvaluator, RootMode, Search, SearchConfig, UniformEvaluator, run_lockstep,
};

fn position(moves: &str) -> Score4State {
    Score4State::from_board(Board::from_moves(moves).unwrap())
}

fn best_move(state: Score4State, config: SearchConfig, seed: u64) -> String {
    let mut rng = rng_from_seed(seed);
    let mut search = Search::new(state, config);
    let result = search.run(&RolloutEvaluator::new(1), &mut rng);
    let total: f32 = result.policy.iter().map(|p| p.1).sum();
    assert!((total - 1.0).abs() < 1e-4, "policy sums to {total}");
    state.action_to_string(result.action)
}

#[test]
fn puct_and_gumbel_take_an_immediate_win() {
    // White has A1 B1 C1: D1 wins.
    let s = position("A1 A2 B1 B2 C1 C2");
    assert_eq!(best_move(s, SearchConfig { simulations: 300, ..SearchConfig::default() }, 1), "D1");
    assert_eq!(best_move(s, SearchConfig::gumbel(32, 16), 2), "D1");
}

#[test]
fn search_blocks_an_immediate_loss() {
    // Black threatens D2 (A2 B2 C2); White must block there.
    let s = position("A1 A2 B1 B2 D3 C2");
    for seed in 0..3 {
        assert_eq!(best_move(s, SearchConfig { simulations: 800, ..SearchConfig::default() }, seed), "D2");
    }
}

#[test]
fn decisive_moves_let_one_visit_per_move_see_a_threat() {
    // Black threatens D2; an evaluator that knows nothing, one visit per root move: only the
    // check for game-ending moves at each expanded child can show that every other move loses.
    let s = position("A1 A2 B1 B2 D3 C2");
    let legal = s.legal_actions().len();
    let run = |decisive_moves| {
        let config = SearchConfig { decisive_moves, ..SearchConfig::gumbel(legal, legal) };
        let mut rng = rng_from_seed(4);
        let result = Search::new(s, config).run(&UniformEvaluator { players: 2 }, &mut rng);
        (s.action_to_string(result.action), result.policy)
    };
    let (best, policy) = run(true);
    assert_eq!(best, "D2");
    let block = policy.iter().find(|p| s.action_to_string(p.0) == "D2").unwrap().1;
    assert!(block > 0.9, "the improved policy puts {block} on the block");
    let (_, blind) = run(false);
    let block = blind.iter().find(|p| s.action_to_string(p.0) == "D2").unwrap().1;
    assert!(block < 0.2, "without the check nothing singles out the block ({block})");
}

#[test]
fn lockstep_batches_one_leaf_per_search() {
    struct Counting {
        batches: Mutex<Vec<usize>>,
    }
    impl<S: State> Evaluator<S> for Counting {
        fn evaluate(&self, states: &[&S], rng: &mut dyn RngCore) -> Vec<Evaluation> {
            self.batches.lock().unwrap().push(states.len());
            RolloutEvaluator::new(1).evaluate(states, rng)
        }
    }
    let eval = Counting { batches: Mutex::new(Vec::new()) };
    let mut searches: Vec<Search<Score4State>> = (0..6)
        .map(|_| Search::new(Score4.new_initial_state(0), SearchConfig { simulations: 20, ..SearchConfig::default() }))
        .collect();
    let results = run_lockstep(&mut searches, &eval, &mut rng_from_seed(4));
    assert_eq!(results.len(), 6);
    let batches = eval.batches.lock().unwrap();
    assert_eq!(batches[0], 6, "the six roots are evaluated together");
    assert_eq!(batches.iter().sum::<usize>(), 6 * 20, "every simulation of the opening ends at a new leaf");
    for r in &results {
        assert_eq!(r.root_visits, 20);
    }
}

#[test]
fn tree_is_reused_after_a_move() {
    let mut rng = rng_from_seed(5);
    let start = Score4.new_initial_state(0);
    let mut search = Search::new(start, SearchConfig { simulations: 400, ..SearchConfig::default() });
    let result = search.run(&RolloutEvaluator::new(1), &mut rng);
    let mut next = start;
    next.apply(result.action).unwrap();
    search.reroot(&next);
    assert!(search.tree_size() > 1, "the subtree under the move played was kept");
    let before = search.result(&mut rng).root_visits;
    assert!(before > 10, "the new root already has {before} visits");
    // After the opponent's reply (a grandchild of the old root) the subtree is kept too.
    let reply = search.result(&mut rng).action;
    let mut after_reply = next;
    after_reply.apply(reply).unwrap();
    search.reroot(&after_reply);
    assert!(search.result(&mut rng).root_visits > 0);
    // A state that is not below the root starts a new tree.
    search.reroot(&start);
    assert_eq!(search.tree_size(), 1);
}

#[test]
fn chance_nodes_are_sampled_and_the_search_finishes() {
    let game = Nim::new(9).with_chance();
    let mut rng = rng_from_seed(6);
    let mut state = game.new_initial_state(0);
    let mut agent =
        MctsAgent::new("mcts", RolloutEvaluator::new(2), SearchConfig { simulations: 100, ..SearchConfig::default() });
    while !state.is_terminal() {
        match state.turn() {
            Turn::Chance => state.sample_chance(&mut rng),
            _ => {
                let a = agent.act(&state, &mut rng);
                assert!(state.legal_actions().contains(&a));
                state.apply(a).unwrap();
            }
        }
    }
}

/// One player, three steps: `cash` (0) pays 1 now; `invest` (1) pays nothing but makes every later
/// step pay 3. Greedy cashes (3 in all); the best plan invests first (6). Optional chance: a coin
/// after each step adds 0 or 1 point.
#[derive(Debug, Clone, Copy)]
struct Invest {
    coin: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct InvestState {
    step: u32,
    invested: bool,
    coin: bool,
    coin_pending: bool,
    reward: f64,
    total: f64,
    moves: usize,
}

impl Game for Invest {
    type State = InvestState;
    fn spec(&self) -> String {
        "invest".into()
    }
    fn name(&self) -> &'static str {
        "Invest"
    }
    fn num_players(&self) -> usize {
        1
    }
    fn num_actions(&self) -> usize {
        2
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![2]
    }
    fn chance_mode(&self) -> tabula_core::ChanceMode {
        if self.coin { tabula_core::ChanceMode::Explicit } else { tabula_core::ChanceMode::Deterministic }
    }
    fn information(&self) -> tabula_core::Information {
        tabula_core::Information::Perfect
    }
    fn max_game_length(&self) -> usize {
        6
    }
    fn from_spec(_: &tabula_core::GameSpec) -> Result<Self, tabula_core::SpecError> {
        Ok(Invest { coin: false })
    }
    fn new_initial_state(&self, _: u64) -> InvestState {
        InvestState {
            step: 0,
            invested: false,
            coin: self.coin,
            coin_pending: false,
            reward: 0.0,
            total: 0.0,
            moves: 0,
        }
    }
}

impl State for InvestState {
    fn turn(&self) -> Turn {
        if self.coin_pending {
            Turn::Chance
        } else if self.step == 3 {
            Turn::Terminal
        } else {
            Turn::Player(0)
        }
    }
    fn legal_actions(&self) -> Vec<Action> {
        if self.turn() == Turn::Player(0) { vec![0, 1] } else { vec![] }
    }
    fn apply(&mut self, a: Action) -> Result<(), IllegalAction> {
        if a > 1 || self.turn() == Turn::Terminal {
            return Err(IllegalAction::new(a, "no"));
        }
        self.moves += 1;
        if self.coin_pending {
            self.coin_pending = false;
            self.reward = a as f64;
        } else {
            self.reward = match (a, self.invested) {
                (_, true) => 3.0,
                (0, false) => 1.0,
                _ => {
                    self.invested = true;
                    0.0
                }
            };
            self.step += 1;
            self.coin_pending = self.coin && self.step < 3;
        }
        self.total += self.reward;
        Ok(())
    }
    fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        if self.coin_pending { vec![(0, 0.5), (1, 0.5)] } else { vec![] }
    }
    fn rewards(&self) -> Vec<f64> {
        vec![self.reward]
    }
    fn returns(&self) -> Vec<f64> {
        vec![self.total]
    }
    fn observation(&self, _: Player, out: &mut [f32]) {
        out[0] = self.step as f32 / 6.0; // observations lie in [0, 1]; no game is longer than 6
        out[1] = self.invested as u8 as f32;
    }
    fn action_to_string(&self, a: Action) -> String {
        if a == 0 { "cash".into() } else { "invest".into() }
    }
    fn string_to_action(&self, t: &str) -> Result<Action, NotationError> {
        match t.trim().to_ascii_lowercase().as_str() {
            "cash" => Ok(0),
            "invest" => Ok(1),
            _ => Err(NotationError::new(t, "cash or invest")),
        }
    }
    fn move_number(&self) -> usize {
        self.moves
    }
}

impl fmt::Display for InvestState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "step {} total {}", self.step, self.total)
    }
}

#[test]
fn the_toy_single_player_game_is_well_formed() {
    tabula_core::checker::assert_conforms(&Invest { coin: false });
    tabula_core::checker::assert_conforms(&Invest { coin: true });
}

#[test]
fn single_player_search_plans_past_the_greedy_move() {
    for coin in [false, true] {
        for (config, name) in [
            (SearchConfig { simulations: 200, ..SearchConfig::default() }, "puct"),
            (SearchConfig::gumbel(16, 2), "gumbel"),
        ] {
            let state = Invest { coin }.new_initial_state(0);
            let mut search = Search::new(state.clone(), config);
            let result = search.run(&UniformEvaluator::default(), &mut rng_from_seed(7));
            assert_eq!(state.action_to_string(result.action), "invest", "{name}, coin={coin}");
            if let RootMode::Gumbel { .. } = search.config().root {
                // Sequential halving spends the budget evenly at first, so the root mean mixes
                // both plans; the improved policy must still prefer the better one.
                let invest = result.policy.iter().find(|p| p.0 == 1).unwrap().1;
                assert!(invest > 0.5, "the improved policy favours investing: {:?}", result.policy);
            } else {
                assert!(result.root_values[0] > 5.0, "{name}: root value {:?}", result.root_values);
            }
        }
    }
}

#[test]
fn mcts_with_rollouts_beats_random_at_score4() {
    let mut rng = rng_from_seed(8);
    let mut wins = 0;
    let games = 6;
    for g in 0..games {
        let mut mcts = MctsAgent::new(
            "mcts",
            RolloutEvaluator::new(1),
            SearchConfig { simulations: 200, ..SearchConfig::default() },
        );
        let mut random = RandomAgent;
        let mcts_color = g % 2;
        let mut s = Score4.new_initial_state(0);
        while !s.is_terminal() {
            let a =
                if s.turn() == Turn::Player(mcts_color) { mcts.act(&s, &mut rng) } else { random.act(&s, &mut rng) };
            s.apply(a).unwrap();
        }
        if s.returns()[mcts_color] > 0.0 {
            wins += 1;
        }
    }
    assert_eq!(wins, games, "MCTS with 200 rollouts should beat a random player every time");
}

#[test]
fn a_gumbel_root_can_always_consider_the_moves_that_score() {
    // Superball: five reds on goal cells make a set; thousands of swaps hide its SCORE moves
    // from a root that considers 4 actions of a uniform prior.
    let params = superball::Params::default();
    // Row 0 empty, a checkerboard of two other colours (no sets) below it.
    let mut cells: Vec<u8> =
        (0..params.cells()).map(|i| if i < 10 { 0 } else { 2 + ((i / 10 + i % 10) % 2) as u8 }).collect();
    for cell in [20, 30, 40, 50, 21] {
        cells[cell] = 1;
    }
    let state = superball::SuperballState::from_cells(params, cells);
    let is_score = |a: Action| state.action_to_string(a).starts_with("SCORE");
    let legal = state.legal_actions();
    assert!(legal.iter().any(|&a| is_score(a)) && legal.len() > 1000, "{} legal moves", legal.len());
    let run = |consider_rewarding_moves| {
        let config = SearchConfig { consider_rewarding_moves, ..SearchConfig::gumbel(8, 4) };
        Search::new(state.clone(), config).run(&UniformEvaluator::default(), &mut rng_from_seed(3)).action
    };
    assert!(is_score(run(true)), "the set is scored");
    assert!(!is_score(run(false)), "without the option the root never looks at the scores");
}

/// Names one fixed action (when legal).
#[derive(Debug)]
struct NamesOne(Action);

impl<S: State> tabula_search::Advisor<S> for NamesOne {
    fn advise(&self, state: &S) -> Vec<Action> {
        state.legal_actions().into_iter().filter(|&a| a == self.0).collect()
    }
}

#[test]
fn an_advisor_names_root_actions_and_full_advice_prior_keeps_the_root_to_them() {
    // Score 4's opening, uniform priors and zero values: every column looks alike, so only the
    // advice can single one out.
    let state = Score4.new_initial_state(0);
    let legal = state.legal_actions();
    let advised = legal[11];
    let advisor: tabula_search::SharedAdvisor<Score4State> = std::sync::Arc::new(NamesOne(advised));
    let run = |advice_prior: f32, seed: u64| {
        let config = SearchConfig { advice_prior, ..SearchConfig::gumbel(8, 4) };
        Search::new(state, config)
            .with_advisor(Some(advisor.clone()))
            .run(&UniformEvaluator { players: 2 }, &mut rng_from_seed(seed))
    };
    for seed in 0..5 {
        let only = run(1.0, seed);
        assert_eq!(only.action, advised, "the root considers the advice alone");
        let target = |r: &tabula_search::SearchResult| r.policy.iter().find(|p| p.0 == advised).unwrap().1;
        assert!(target(&only) > 0.99, "{}", target(&only));
        // Half the prior on the advised move: it is considered and leads the improved policy.
        let half = run(0.5, seed);
        let best_other = half.policy.iter().filter(|p| p.0 != advised).map(|p| p.1).fold(0.0, f32::max);
        assert!(target(&half) > best_other, "{} vs {best_other}", target(&half));
    }
    // Without an advisor the same search rarely picks that one of 16 columns.
    let config = SearchConfig::gumbel(8, 4);
    let picked = (0..20)
        .filter(|&seed| {
            let r = Search::new(state, config.clone()).run(&UniformEvaluator { players: 2 }, &mut rng_from_seed(seed));
            r.action == advised
        })
        .count();
    assert!(picked < 6, "{picked} of 20");
}

#[test]
fn advised_rollouts_see_past_a_shallow_tree() {
    // One visit per root action: the tree alone sees only the first step, where cashing pays more.
    // Rollouts that cash (a poor advisor, but one that plays on) reveal that investing pays later.
    let state = Invest { coin: false }.new_initial_state(0);
    let cash: tabula_search::SharedAdvisor<InvestState> = std::sync::Arc::new(NamesOne(0));
    let run = |rollout_depth: usize| {
        let config = SearchConfig { rollout_depth, ..SearchConfig::gumbel(3, 2) };
        let mut search = Search::new(state.clone(), config).with_advisor(Some(cash.clone()));
        let result = search.run(&UniformEvaluator::default(), &mut rng_from_seed(5));
        (state.action_to_string(result.action), result.root_visits)
    };
    assert_eq!(run(0), ("cash".to_string(), 3));
    assert_eq!(run(2), ("invest".to_string(), 3));
}

#[test]
fn a_root_that_considers_one_action_spends_no_more_simulations() {
    let state = Invest { coin: true }.new_initial_state(0);
    let invest: tabula_search::SharedAdvisor<InvestState> = std::sync::Arc::new(NamesOne(1));
    let config = SearchConfig { advice_prior: 1.0, ..SearchConfig::gumbel(16, 2) };
    let result = Search::new(state.clone(), config)
        .with_advisor(Some(invest))
        .run(&UniformEvaluator::default(), &mut rng_from_seed(2));
    assert_eq!(state.action_to_string(result.action), "invest");
    assert_eq!(result.root_visits, 1, "only the root's own evaluation");
    let target = result.policy.iter().find(|p| p.0 == 1).unwrap().1;
    assert!(target > 0.99, "{:?}", result.policy);
}
