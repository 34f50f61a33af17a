//! A player program (sb-play's interface) as an in-process [`Agent`], for the arena's `cmd:`
//! players: run once per move as `PROGRAM rows cols mss colors` with the board on its stdin, its
//! first output line read as the move.
//!
//! A program that fails (cannot run, prints nothing, prints something that is not a legal move)
//! does not stop the game: the failure is counted and reported on stderr, and a random legal move
//! is played instead.

use super::sources::{MoveSource, Program};
use crate::state::SuperballState;
use rand::{Rng, RngCore};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use tabula_core::{Action, Agent, State};

/// A Superball player program as a player.
pub struct ProgramAgent {
    command: String,
    faults: Arc<AtomicUsize>,
}

impl ProgramAgent {
    /// `command` is run directly, or by `sh -c` when it holds spaces (like sb-player does).
    pub fn new(command: &str) -> Self {
        ProgramAgent { command: command.to_string(), faults: Arc::default() }
    }

    /// Counts faults in `counter`, shared with other copies of the agent (one per thread).
    pub fn with_fault_counter(mut self, counter: Arc<AtomicUsize>) -> Self {
        self.faults = counter;
        self
    }

    /// Faults so far (in the shared counter).
    pub fn faults(&self) -> usize {
        self.faults.load(Ordering::Relaxed)
    }

    fn ask(&self, state: &SuperballState, legal: &[Action]) -> Result<Action, String> {
        let mut program = Program::new(&self.command, state.params());
        let line = program.next_line(&state.board_text(), &mut std::io::sink()).map_err(|e| e.to_string())?;
        let line = line.ok_or("printed nothing")?;
        let action = state.string_to_action(line.trim()).map_err(|e| format!("printed {line:?}: {e}"))?;
        if legal.contains(&action) { Ok(action) } else { Err(format!("printed {line:?}, which is not legal here")) }
    }
}

impl Agent<SuperballState> for ProgramAgent {
    fn name(&self) -> String {
        format!("cmd:{}", self.command)
    }

    fn act(&mut self, state: &SuperballState, rng: &mut dyn RngCore) -> Action {
        let legal = state.legal_actions();
        self.ask(state, &legal).unwrap_or_else(|why| {
            self.faults.fetch_add(1, Ordering::Relaxed);
            eprintln!("tabula: {:?} {why}; a random legal move stands in for it", self.command);
            legal[rng.random_range(0..legal.len())]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Lrand48, Params};

    fn board() -> SuperballState {
        let mut s = SuperballState::new(Params::default());
        s.sample_chance(&mut Lrand48::new(3));
        s
    }

    #[test]
    fn a_program_s_line_is_its_move() {
        // Prints the first legal move of the board, whatever the board.
        let state = board();
        let first = state.action_to_string(state.legal_actions()[0]);
        let mut agent = ProgramAgent::new(&format!("echo '{first}' ; true"));
        assert_eq!(agent.act(&state, &mut tabula_core::rng_from_seed(1)), state.legal_actions()[0]);
        assert_eq!(agent.faults(), 0);
    }

    #[test]
    fn silence_garbage_and_missing_programs_are_counted_faults() {
        let state = board();
        let legal = state.legal_actions();
        for command in ["true", "echo 'SCORE 99 99' ; true", "echo hello ; true", "/nonexistent/sb-play"] {
            let mut agent = ProgramAgent::new(command);
            let action = agent.act(&state, &mut tabula_core::rng_from_seed(1));
            assert!(legal.contains(&action), "{command}");
            assert_eq!(agent.faults(), 1, "{command}");
        }
    }
}
