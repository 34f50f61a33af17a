//! One episode of any registered game behind an object-safe trait, so that Python holds one
//! class whatever the game. Each implementation keeps the game's type, which an agent needs.

use super::agents::AgentCache;
use crate::players::{GameTask, KnownGame, with_game};
use std::sync::atomic::{AtomicU64, Ordering};
use tabula_core::dynamic::Erased;
use tabula_core::{Action, DynGame, Env, Game, Player, State};

/// Episodes are numbered across all envs, so an agent moved from one env to another notices.
static NEXT_EPISODE: AtomicU64 = AtomicU64::new(1);

fn next_episode() -> u64 {
    NEXT_EPISODE.fetch_add(1, Ordering::Relaxed)
}

/// What one step did: rewards per player, and whether the episode ended.
#[derive(Debug, Clone, PartialEq)]
pub struct Stepped {
    pub rewards: Vec<f64>,
    pub terminated: bool,
    pub truncated: bool,
}

/// A game's env with everything Python asks of it; errors are the game's own messages.
pub trait GameEnv: Send {
    /// The game's facts (spec, players, action space, observation shape, ...).
    fn game(&self) -> &dyn DynGame;
    fn reset(&mut self, seed: u64);
    fn step(&mut self, action: Action) -> Result<Stepped, String>;
    /// The player to act, `None` once the episode is over.
    fn current_player(&self) -> Option<Player>;
    fn is_done(&self) -> bool;
    fn observe(&self, player: Player, out: &mut [f32]);
    /// 1 where an action is legal for the player to act, 0 elsewhere.
    fn action_mask(&self, out: &mut [i8]);
    fn legal_actions(&self) -> Vec<Action>;
    fn returns(&self) -> Vec<f64>;
    fn move_number(&self) -> usize;
    fn render(&self) -> String;
    fn action_to_string(&self, action: Action) -> Result<String, String>;
    fn string_to_action(&self, text: &str) -> Result<Action, String>;
    /// The state as JSON (serde), for saving and debugging.
    fn state_json(&self) -> String;
    /// The action `agents` chooses for the player to act.
    fn act(&mut self, agents: &mut AgentCache) -> Result<Action, String>;
    /// The board as a page draws it (see [`Drawn`]), seen by `viewer`.
    fn board(&self, viewer: Player, last: Option<Action>) -> serde_json::Value;
    /// The board cells `action` touches now.
    fn action_cells(&self, action: Action) -> Vec<usize>;
    /// How the finished game ended, in one line.
    fn result(&self) -> String;
}

/// Builds the env of a spec string, or says why not (unknown game, bad parameters).
pub fn build(spec: &str) -> Result<Box<dyn GameEnv>, String> {
    with_game(spec, Build).map_err(|e| format!("{e:#}"))
}

struct Build;

impl GameTask for Build {
    type Output = Box<dyn GameEnv>;

    fn run<G: KnownGame>(self, game: G) -> anyhow::Result<Box<dyn GameEnv>> {
        Ok(Box::new(TypedEnv { game: Erased(game.clone()), env: Env::new(game), episode: next_episode() }))
    }
}

struct TypedEnv<G: Game> {
    /// The game again, erased, for its facts: a game is a few parameters.
    game: Erased<G>,
    env: Env<G>,
    episode: u64,
}

impl<G: KnownGame> GameEnv for TypedEnv<G> {
    fn game(&self) -> &dyn DynGame {
        &self.game
    }
    fn reset(&mut self, seed: u64) {
        self.env.reset(seed);
        self.episode = next_episode();
    }
    fn step(&mut self, action: Action) -> Result<Stepped, String> {
        let step = self.env.step(action).map_err(|e| e.to_string())?;
        Ok(Stepped { rewards: step.rewards, terminated: step.terminated, truncated: step.truncated })
    }
    fn current_player(&self) -> Option<Player> {
        self.env.agent_selection()
    }
    fn is_done(&self) -> bool {
        self.env.is_done()
    }
    fn observe(&self, player: Player, out: &mut [f32]) {
        self.env.state().observation(player, out);
    }
    fn action_mask(&self, out: &mut [i8]) {
        for (out, legal) in out.iter_mut().zip(self.env.action_mask()) {
            *out = legal as i8;
        }
    }
    fn legal_actions(&self) -> Vec<Action> {
        if self.env.is_done() { Vec::new() } else { self.env.state().legal_actions() }
    }
    fn returns(&self) -> Vec<f64> {
        self.env.state().returns()
    }
    fn move_number(&self) -> usize {
        self.env.state().move_number()
    }
    fn render(&self) -> String {
        self.env.state().to_string()
    }
    fn action_to_string(&self, action: Action) -> Result<String, String> {
        let actions = self.game.num_actions();
        if action as usize >= actions {
            return Err(format!("action {action} is outside the action space 0..{actions}"));
        }
        Ok(self.env.state().action_to_string(action))
    }
    fn string_to_action(&self, text: &str) -> Result<Action, String> {
        self.env.state().string_to_action(text).map_err(|e| e.to_string())
    }
    fn state_json(&self) -> String {
        serde_json::to_string(self.env.state()).unwrap_or_else(|e| format!("{{\"error\": {:?}}}", e.to_string()))
    }
    fn act(&mut self, agents: &mut AgentCache) -> Result<Action, String> {
        if self.env.is_done() {
            return Err("the episode is over; call reset".into());
        }
        agents.act(self.env.game(), self.env.state(), self.episode)
    }
    fn board(&self, viewer: Player, last: Option<Action>) -> serde_json::Value {
        self.env.game().board(self.env.state(), viewer, last)
    }
    fn action_cells(&self, action: Action) -> Vec<usize> {
        self.env.game().action_cells(self.env.state(), action)
    }
    fn result(&self) -> String {
        self.env.game().result(self.env.state())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_masks_and_errors() {
        let mut env = build("score4").unwrap();
        let game = env.game();
        assert_eq!((game.num_players(), game.num_actions(), game.observation_shape()), (2, 16, vec![18, 4, 4]));
        env.reset(0);
        let mut mask = vec![0i8; 16];
        env.action_mask(&mut mask);
        assert_eq!(mask, vec![1; 16]);
        let before = env.state_json();
        assert!(env.step(16).unwrap_err().contains("illegal action 16: the action space is 0..16"));
        assert_eq!(env.state_json(), before);
        let a1 = env.string_to_action("a1").unwrap();
        for _ in 0..3 {
            assert!(!env.step(a1).unwrap().terminated);
            env.step(a1 + 1).unwrap();
        }
        let last = env.step(a1).unwrap();
        assert!(last.terminated && env.is_done() && env.current_player().is_none());
        assert_eq!(last.rewards, vec![1.0, -1.0]);
        env.action_mask(&mut mask);
        assert!(mask.iter().all(|&m| m == 0) && env.legal_actions().is_empty());
        assert!(env.step(a1).unwrap_err().contains("the episode is over"));
        assert!(env.action_to_string(99).is_err());
        assert!(build("score4(size=3)").err().unwrap().contains("score4"));
    }

    #[test]
    fn two_players_of_a_hidden_information_game_see_different_things() {
        let mut env = build("clue").unwrap();
        env.reset(4);
        let len = env.game().observation_shape().iter().product();
        let (mut first, mut second) = (vec![0.0; len], vec![0.0; len]);
        env.observe(0, &mut first);
        env.observe(1, &mut second);
        assert_ne!(first, second);
        assert_eq!(env.game().information(), tabula_core::Information::Imperfect);
    }
}
