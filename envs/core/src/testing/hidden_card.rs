//! A guessing game of hidden information, small enough to solve by hand, for testing searches
//! that must not read what the searcher cannot see.
//!
//! Player 1 holds one of `cards` cards (from the seed); player 0 does not see it. Player 0 may
//! guess it (+1 if right, −1 if wrong, and the game ends), fold (−0.5, the end), or ask (once)
//! whether the card is high (the upper half); player 1 then must answer truthfully, so which
//! answer is legal depends on the hidden card. Zero-sum: player 1 gets the opposite.
//!
//! With 4 cards: guessing blind is worth −0.5, folding −0.5, asking and then guessing between
//! two 0 — the best. A search that peeks at the card guesses it at once (+1).

use crate::error::SpecError;
use crate::game::{ChanceMode, Game, Information};
use crate::spec::GameSpec;
use crate::state::{Action, Player, State, Turn};
use crate::state::{IllegalAction, NotationError};
use rand::{Rng, RngCore};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The game; see the module's documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HiddenCard {
    pub cards: u32,
}

impl HiddenCard {
    pub fn new(cards: u32) -> Self {
        HiddenCard { cards: cards.max(2) }
    }
    pub fn fold(&self) -> Action {
        self.cards
    }
    pub fn ask(&self) -> Action {
        self.cards + 1
    }
    /// Player 1's answer: `high` or not.
    pub fn answer(&self, high: bool) -> Action {
        self.cards + 2 + high as u32
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HiddenCardState {
    cards: u32,
    card: u32,
    /// The answer given, once asked: is the card high?
    answer: Option<bool>,
    asking: bool,
    ended: bool,
    moves: usize,
    rewards: [i32; 2],
    returns: [i32; 2],
}

/// Rewards are kept in quarters, so that equality of states is exact.
fn quarters(x: [i32; 2]) -> Vec<f64> {
    x.iter().map(|&q| q as f64 / 4.0).collect()
}

impl HiddenCardState {
    /// The card player 1 holds.
    pub fn card(&self) -> u32 {
        self.card
    }

    fn high(&self, card: u32) -> bool {
        card >= self.cards / 2
    }

    fn pay(&mut self, to_player0: i32) {
        self.rewards = [to_player0, -to_player0];
        self.returns[0] += to_player0;
        self.returns[1] -= to_player0;
    }
}

impl Game for HiddenCard {
    type State = HiddenCardState;

    fn spec(&self) -> String {
        format!("hidden_card(cards={})", self.cards)
    }
    fn name(&self) -> &'static str {
        "Hidden card"
    }
    fn num_players(&self) -> usize {
        2
    }
    fn num_actions(&self) -> usize {
        self.cards as usize + 4
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![self.cards as usize + 3]
    }
    fn chance_mode(&self) -> ChanceMode {
        ChanceMode::Deterministic
    }
    fn information(&self) -> Information {
        Information::Imperfect
    }
    fn max_game_length(&self) -> usize {
        3
    }
    fn from_spec(spec: &GameSpec) -> Result<Self, SpecError> {
        spec.only("hidden_card", &["cards"])?;
        Ok(HiddenCard::new(spec.get_or("hidden_card", "cards", 4u32)?))
    }
    fn new_initial_state(&self, seed: u64) -> HiddenCardState {
        HiddenCardState {
            cards: self.cards,
            card: (seed % self.cards as u64) as u32,
            answer: None,
            asking: false,
            ended: false,
            moves: 0,
            rewards: [0; 2],
            returns: [0; 2],
        }
    }
}

impl State for HiddenCardState {
    fn turn(&self) -> Turn {
        match (self.ended, self.asking) {
            (true, _) => Turn::Terminal,
            (false, true) => Turn::Player(1),
            (false, false) => Turn::Player(0),
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        let game = HiddenCard::new(self.cards);
        match self.turn() {
            Turn::Player(1) => vec![game.answer(self.high(self.card))],
            Turn::Player(_) => {
                let mut legal: Vec<Action> = (0..=game.fold()).collect();
                if self.answer.is_none() {
                    legal.push(game.ask());
                }
                legal
            }
            _ => vec![],
        }
    }

    fn apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        if !self.legal_actions().contains(&action) {
            return Err(IllegalAction::new(action, "not a legal move here"));
        }
        self.moves += 1;
        self.rewards = [0; 2];
        let game = HiddenCard::new(self.cards);
        if self.asking {
            self.answer = Some(action == game.answer(true));
            self.asking = false;
        } else if action == game.ask() {
            self.asking = true;
        } else if action == game.fold() {
            self.ended = true;
            self.pay(-2);
        } else {
            self.ended = true;
            self.pay(if action == self.card { 4 } else { -4 });
        }
        Ok(())
    }

    fn rewards(&self) -> Vec<f64> {
        quarters(self.rewards)
    }

    fn returns(&self) -> Vec<f64> {
        quarters(self.returns)
    }

    /// Player 0 sees the answer, not the card: any card that gives it, uniformly.
    fn resample(&self, player: Player, rng: &mut dyn RngCore) -> Self {
        let mut world = self.clone();
        if player == 0 {
            let fits: Vec<u32> =
                (0..self.cards).filter(|&c| self.answer.is_none_or(|high| self.high(c) == high)).collect();
            world.card = fits[rng.random_range(0..fits.len())];
        }
        world
    }

    /// Player 1: its card (one-hot); both: asked, answered high, answered low.
    fn observation(&self, player: Player, out: &mut [f32]) {
        out.fill(0.0);
        let n = self.cards as usize;
        if player == 1 {
            out[self.card as usize] = 1.0;
        }
        out[n] = (self.asking || self.answer.is_some()) as u8 as f32;
        out[n + 1] = (self.answer == Some(true)) as u8 as f32;
        out[n + 2] = (self.answer == Some(false)) as u8 as f32;
    }

    fn action_to_string(&self, action: Action) -> String {
        let game = HiddenCard::new(self.cards);
        match action {
            a if a < self.cards => format!("guess{a}"),
            a if a == game.fold() => "fold".into(),
            a if a == game.ask() => "ask".into(),
            a if a == game.answer(true) => "high".into(),
            _ => "low".into(),
        }
    }

    fn string_to_action(&self, text: &str) -> Result<Action, NotationError> {
        let game = HiddenCard::new(self.cards);
        let text = text.trim().to_ascii_lowercase();
        match text.as_str() {
            "fold" => Ok(game.fold()),
            "ask" => Ok(game.ask()),
            "high" => Ok(game.answer(true)),
            "low" => Ok(game.answer(false)),
            _ => text
                .strip_prefix("guess")
                .and_then(|c| c.parse().ok())
                .filter(|&c| c < self.cards)
                .ok_or_else(|| NotationError::new(&text, "write guessN, fold, ask, high or low")),
        }
    }

    fn move_number(&self) -> usize {
        self.moves
    }
}

impl fmt::Display for HiddenCardState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let answer = match self.answer {
            None => "not asked",
            Some(true) => "high",
            Some(false) => "low",
        };
        writeln!(f, "card {} of {}; {answer}; {:?}", self.card, self.cards, self.turn())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passes_the_env_checker() {
        let config = crate::checker::CheckConfig { playouts: 50, ..Default::default() };
        if let Err(failure) = crate::checker::check_game(&HiddenCard::new(4), &config) {
            panic!("{failure}");
        }
    }
}
