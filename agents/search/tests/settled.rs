//! Settled returns in the search: a move that puts the mover out is valued by the outcome the
//! game already knows, not by an evaluator's guess at the positions after it.

use serde::{Deserialize, Serialize};
use std::fmt;
use tabula_core::checker::assert_conforms;
use tabula_core::{Action, Game, IllegalAction, NotationError, Player, State, Turn, rng_from_seed};
use tabula_search::{Search, SearchConfig, UniformEvaluator};

/// Two players. Player 0 moves once: `stay` (0) costs it half a point and ends the game; `quit`
/// (1) costs nothing now, but player 0 is out and loses (-1, the other +1) after player 1's
/// `waits` forced moves. An evaluator that knows nothing values every unfinished position at 0,
/// so it sees quitting as better than staying unless the search is told that quitting is settled.
#[derive(Debug, Clone, Copy)]
struct BowOut {
    waits: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct BowOutState {
    quit: Option<u32>,
    waits: u32,
    over: bool,
    rewards: [f64; 2],
    returns: [f64; 2],
    moves: usize,
}

impl Game for BowOut {
    type State = BowOutState;
    fn spec(&self) -> String {
        "bow-out".into()
    }
    fn name(&self) -> &'static str {
        "Bow out"
    }
    fn num_players(&self) -> usize {
        2
    }
    fn num_actions(&self) -> usize {
        2
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![2]
    }
    fn chance_mode(&self) -> tabula_core::ChanceMode {
        tabula_core::ChanceMode::Deterministic
    }
    fn information(&self) -> tabula_core::Information {
        tabula_core::Information::Perfect
    }
    fn max_game_length(&self) -> usize {
        self.waits as usize + 1
    }
    fn from_spec(_: &tabula_core::GameSpec) -> Result<Self, tabula_core::SpecError> {
        Ok(BowOut { waits: 100 })
    }
    fn new_initial_state(&self, _: u64) -> BowOutState {
        BowOutState { quit: None, waits: self.waits, over: false, rewards: [0.0; 2], returns: [0.0; 2], moves: 0 }
    }
}

impl BowOutState {
    fn pay(&mut self, rewards: [f64; 2]) {
        self.rewards = rewards;
        self.returns[0] += rewards[0];
        self.returns[1] += rewards[1];
    }
}

impl State for BowOutState {
    fn turn(&self) -> Turn {
        match (self.over, self.quit) {
            (true, _) => Turn::Terminal,
            (false, None) => Turn::Player(0),
            (false, Some(_)) => Turn::Player(1),
        }
    }
    fn legal_actions(&self) -> Vec<Action> {
        match self.turn() {
            Turn::Player(0) => vec![0, 1],
            Turn::Player(_) => vec![0],
            _ => vec![],
        }
    }
    fn apply(&mut self, a: Action) -> Result<(), IllegalAction> {
        if !self.legal_actions().contains(&a) {
            return Err(IllegalAction::new(a, "not legal here"));
        }
        self.moves += 1;
        match (self.quit, a) {
            (None, 0) => {
                self.over = true;
                self.pay([-0.5, 0.0]);
            }
            (None, _) => {
                self.quit = Some(0);
                self.pay([0.0, 0.0]);
            }
            (Some(waited), _) => {
                self.quit = Some(waited + 1);
                self.over = waited + 1 == self.waits;
                self.pay(if self.over { [-1.0, 1.0] } else { [0.0, 0.0] });
            }
        }
        Ok(())
    }
    fn rewards(&self) -> Vec<f64> {
        self.rewards.to_vec()
    }
    fn returns(&self) -> Vec<f64> {
        self.returns.to_vec()
    }
    fn settled_return(&self, player: Player) -> Option<f64> {
        match (self.over, self.quit) {
            (true, _) => Some(self.returns[player]),
            (false, Some(_)) => Some(if player == 0 { -1.0 } else { 1.0 }),
            (false, None) => None,
        }
    }
    fn observation(&self, _: Player, out: &mut [f32]) {
        out[0] = self.quit.is_some() as u8 as f32;
        out[1] = self.quit.unwrap_or(0) as f32 / self.waits.max(1) as f32;
    }
    fn action_to_string(&self, a: Action) -> String {
        match (self.quit, a) {
            (None, 0) => "stay".into(),
            (None, _) => "quit".into(),
            _ => "wait".into(),
        }
    }
    fn string_to_action(&self, t: &str) -> Result<Action, NotationError> {
        match t.trim().to_ascii_lowercase().as_str() {
            "stay" | "wait" => Ok(0),
            "quit" => Ok(1),
            _ => Err(NotationError::new(t, "stay, quit or wait")),
        }
    }
    fn move_number(&self) -> usize {
        self.moves
    }
}

impl fmt::Display for BowOutState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "quit {:?}, returns {:?}", self.quit, self.returns)
    }
}

#[test]
fn the_toy_game_keeps_its_settled_returns() {
    assert_conforms(&BowOut { waits: 5 });
}

#[test]
fn search_values_a_move_that_puts_the_mover_out_by_its_settled_return() {
    let game = BowOut { waits: 100 };
    for (config, name) in
        [(SearchConfig { simulations: 40, ..SearchConfig::default() }, "puct"), (SearchConfig::gumbel(16, 2), "gumbel")]
    {
        let state = game.new_initial_state(0);
        let mut search = Search::new(state.clone(), config);
        let result = search.run(&UniformEvaluator { players: 2 }, &mut rng_from_seed(3));
        // Forty simulations reach at most forty of the hundred waits: only the settled return
        // tells the search what quitting leads to.
        assert_eq!(state.action_to_string(result.action), "stay", "{name}: {:?}", result.policy);
        let quit = result.policy.iter().find(|p| p.0 == 1).map_or(0.0, |p| p.1);
        assert!(quit < 0.5, "{name}: the improved policy leans away from quitting: {:?}", result.policy);
    }
}
