//! Any program that speaks the arbitrator's protocol (`PROTOCOL.md`), as an in-process
//! [`Agent`] in one seat: the arena seats it like any other player.
//!
//! The program is started at its first decision of a game (`new ... seat S hand H;`) and told,
//! before each command, every event of the game it has not been told, as its seat saw it (the
//! item shown only to the asker and the shower, a departing player's guess to nobody) — exactly
//! the notes the arbitrator sends, and nothing of the deal beyond its own hand. A question or
//! guess it answers to `turn;` is handed out one sub-action per call, as long as the game
//! follows it; `show A: ITEMS;` is asked when its seat must show. A new game (after
//! [`Agent::reset`], or a state that does not continue the last one) starts a fresh process, as
//! the arbitrator does.
//!
//! A program that fails (cannot start, times out, exits, answers garbage, an illegal question or
//! a lie) does not stop the game: the failure is counted and reported on stderr, the program is
//! stopped, and random legal sub-actions stand in for it until the game ends.
//!
//! ```no_run
//! use clue::arbiter::ProgramAgent;
//! use clue::{Clue, Params};
//! use tabula_core::{Agent, Game, rng_from_seed};
//! let mut bot = ProgramAgent::new("clue-bot --agent deduce");
//! let state = Clue::new(Params::new(3, 13, 4).unwrap()).unwrap().new_initial_state(1);
//! let action = bot.act(&state, &mut rng_from_seed(1));
//! assert_eq!(bot.faults(), 0);
//! ```

use super::contestant::{Fault, Program, spawn_program};
use super::game::{shown_item, turn_played};
use crate::action::SubAction;
use crate::items::ItemSet;
use crate::params::Params;
use crate::protocol::Command;
use crate::rules::{ClueState, Phase};
use rand::{Rng, RngCore};
use std::collections::VecDeque;
use tabula_core::{Action, Agent, Player, ProgramOptions, State, Turn};

/// A protocol program as a player.
pub struct ProgramAgent {
    options: ProgramOptions,
    live: Option<Live>,
    /// The rest of the program's turn: each sub-action with the state it is meant for.
    plan: VecDeque<(ClueState, Action)>,
    /// After a failure, the game it happened in: random moves stand in until it ends.
    failed: Option<Game>,
}

/// Which game a program plays: the parameters, its seat and its hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Game {
    params: Params,
    seat: Player,
    hand: ItemSet,
}

impl Game {
    fn of(state: &ClueState, seat: Player) -> Game {
        Game { params: *state.params(), seat, hand: state.deal().hands[seat] }
    }
}

/// A running program and what it has been told.
struct Live {
    program: Program,
    game: Game,
    /// Events of the history it has been told.
    told: usize,
}

impl ProgramAgent {
    /// A command line (split into words like a shell would, see
    /// [`tabula_core::argv::split_words`]) or [`ProgramOptions`].
    pub fn new(options: impl Into<ProgramOptions>) -> Self {
        ProgramAgent { options: options.into(), live: None, plan: VecDeque::new(), failed: None }
    }

    /// Faults so far (in the shared counter).
    pub fn faults(&self) -> usize {
        self.options.faults()
    }

    fn stop(&mut self) {
        self.plan.clear();
        if let Some(live) = self.live.take() {
            live.program.shutdown();
        }
    }

    /// The program of `seat`'s game in `state`, started if need be, told every event so far.
    fn live_for(&mut self, state: &ClueState, seat: Player) -> Result<&mut Live, Fault> {
        let game = Game::of(state, seat);
        let same = self.live.as_ref().is_some_and(|l| l.game == game && l.told <= state.history().len());
        if !same {
            self.stop();
            let mut program = spawn_program(&self.options.command, self.options.timeout, self.options.verbose)?;
            let new = Command::New { params: game.params, seat, hand: game.hand };
            program.expect_ok(&new)?;
            self.live = Some(Live { program, game, told: 0 });
        }
        let live = self.live.as_mut().expect("started above");
        while live.told < state.history().len() {
            let note = Command::Note(state.history()[live.told].seen_by(seat));
            live.program.expect_ok(&note)?;
            live.told += 1;
        }
        Ok(live)
    }

    /// The program's decision in `state` for `seat`: a whole turn, or the item it shows.
    fn ask(&mut self, state: &ClueState, seat: Player) -> Result<Vec<Action>, Fault> {
        let live = self.live_for(state, seat)?;
        match state.phase() {
            Phase::Showing { list, .. } => {
                let command = Command::Show { asker: state.seat(), list };
                let item = shown_item(live.program.ask(&command)?, &command, list, live.game.hand)?;
                Ok(vec![SubAction::Item(item).to_action(state.params())])
            }
            _ => Ok(turn_played(state, live.program.ask(&Command::Turn)?)?.1),
        }
    }
}

impl Agent<ClueState> for ProgramAgent {
    fn name(&self) -> String {
        self.options.name()
    }

    fn act(&mut self, state: &ClueState, rng: &mut dyn RngCore) -> Action {
        if let Some((expected, a)) = self.plan.pop_front()
            && expected == *state
        {
            return a;
        }
        self.plan.clear();
        let legal = state.legal_actions();
        let Turn::Player(seat) = state.turn() else { panic!("asked to act where no player decides") };
        let random = |rng: &mut dyn RngCore| legal[rng.random_range(0..legal.len())];
        if let Some(game) = self.failed {
            if game == Game::of(state, seat) {
                return random(rng);
            }
            self.failed = None; // a new game: the program gets another chance
        }
        if matches!(state.phase(), Phase::Listing { .. } | Phase::Guessing { .. }) {
            // Someone else began this turn: the protocol only hands out whole turns.
            return random(rng);
        }
        match self.ask(state, seat) {
            Ok(actions) => {
                let mut s = state.clone();
                for a in actions {
                    self.plan.push_back((s.clone(), a));
                    s.play(a).expect("checked when asked");
                }
                self.plan.pop_front().expect("a decision has at least one sub-action").1
            }
            Err(fault) => {
                self.options.count_fault(&fault);
                self.stop();
                self.failed = Some(Game::of(state, seat));
                random(rng)
            }
        }
    }

    fn reset(&mut self) {
        self.stop();
        self.failed = None;
    }
}

impl Drop for ProgramAgent {
    fn drop(&mut self) {
        self.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::{Game as _, RandomAgent};

    #[test]
    fn a_program_that_cannot_start_is_a_counted_fault_and_random_moves_stand_in() {
        let game = crate::Clue::new(Params::new(3, 13, 4).unwrap()).unwrap();
        let mut agent = ProgramAgent::new("/nonexistent/clue-bot");
        let mut rng = tabula_core::rng_from_seed(1);
        let mut state = game.new_initial_state(3);
        while !state.is_terminal() {
            let action = match state.turn() {
                Turn::Player(0) => agent.act(&state, &mut rng),
                _ => RandomAgent.act(&state, &mut rng),
            };
            state.apply(action).unwrap();
        }
        assert_eq!(agent.faults(), 1, "one fault, then random moves to the end of the game");
        agent.reset();
        agent.act(&game.new_initial_state(4), &mut rng);
        assert_eq!(agent.faults(), 2, "a new game tries again");
    }
}
