//! Any program that speaks the Casperson protocol, as an in-process [`Agent`]: the arena and
//! `tabula play` seat it like any other player.
//!
//! The program is started at its first move of a game (`play white;` or `play black;`) and told
//! of every move it has not seen (`note: black plays B2;`) before each `move;`. Those moves are
//! read off the board rather than from [`Agent::observe`], so it follows any driver, openings
//! played before the agent was asked included. A new game (after [`Agent::reset`], or a board
//! that does not continue the last one) starts a fresh process, as the referee does.
//!
//! A program that fails (cannot start, times out, exits, answers garbage or an illegal move) does
//! not stop the game: the failure is counted and reported on stderr, the program is stopped, and
//! random legal moves stand in for it until the game ends.
//!
//! ```no_run
//! use score4::referee::ProgramAgent;
//! use tabula_core::{Agent, Game, rng_from_seed};
//! let mut bot = ProgramAgent::new("score4-bot --agent greedy");
//! let action = bot.act(&score4::Score4.new_initial_state(0), &mut rng_from_seed(1));
//! assert_eq!(bot.faults(), 0);
//! ```

use super::program::{self, Fault, Program};
use crate::board::Board;
use crate::color::Color;
use crate::game::Score4State;
use crate::peg::Peg;
use crate::protocol::Command;
use rand::{Rng, RngCore};
use std::collections::HashSet;
use tabula_core::{Action, Agent, ProgramOptions, State};

/// A Casperson-protocol program as a player.
pub struct ProgramAgent {
    options: ProgramOptions,
    live: Option<(Program, Color)>,
    /// The board the running program knows; once it failed, the board last seen this game.
    known: Board,
    failed: bool,
}

impl ProgramAgent {
    /// A command line (split into words like a shell would, see [`super::split_words`]) or
    /// [`ProgramOptions`].
    pub fn new(options: impl Into<ProgramOptions>) -> Self {
        ProgramAgent { options: options.into(), live: None, known: Board::new(), failed: false }
    }

    /// Faults so far (in the shared counter).
    pub fn faults(&self) -> usize {
        self.options.faults()
    }

    fn stop(&mut self) {
        if let Some((program, _)) = self.live.take() {
            program.shutdown();
        }
    }

    /// The program's move on `board`, starting it and telling it the moves it missed first.
    fn ask(&mut self, board: &Board) -> Result<Peg, Fault> {
        let me = board.to_move();
        let missed = match &self.live {
            Some((_, colour)) if *colour == me => moves_between(&self.known, board),
            _ => None,
        };
        let missed = match missed {
            Some(missed) => missed,
            None => {
                self.stop();
                let mut program = program::spawn(&self.options.command, self.options.timeout, self.options.verbose)?;
                program.expect_ok(&Command::Play(me))?;
                self.live = Some((program, me));
                self.known = Board::new();
                moves_between(&self.known, board)
                    .ok_or_else(|| Fault::Refused("no sequence of moves leads to this board".into()))?
            }
        };
        let (program, _) = self.live.as_mut().expect("started above");
        for peg in missed {
            let side = self.known.to_move();
            program.expect_ok(&Command::Note(side, peg))?;
            self.known.play(peg).expect("moves_between gives legal moves");
        }
        let peg = program.ask(&Command::Move)?.into_move(&Command::Move)?;
        if self.known.legal_mask() >> peg.index() & 1 == 0 {
            return Err(Fault::Illegal(format!("peg {peg} is full")));
        }
        self.known.play(peg).expect("checked legal");
        Ok(peg)
    }
}

impl Agent<Score4State> for ProgramAgent {
    fn name(&self) -> String {
        self.options.name()
    }

    fn act(&mut self, state: &Score4State, rng: &mut dyn RngCore) -> Action {
        let board = *state.board();
        let legal = state.legal_actions();
        if self.failed {
            if moves_between(&self.known, &board).is_some() {
                self.known = board;
                return legal[rng.random_range(0..legal.len())];
            }
            self.failed = false; // a new game: the program gets another chance
        }
        match self.ask(&board) {
            Ok(peg) => peg.index() as Action,
            Err(fault) => {
                self.options.count_fault(&fault);
                self.stop();
                self.failed = true;
                self.known = board;
                legal[rng.random_range(0..legal.len())]
            }
        }
    }

    fn reset(&mut self) {
        self.stop();
        self.failed = false;
        self.known = Board::new();
    }
}

impl Drop for ProgramAgent {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Moves that lead from `from` to `to` in turn order, or `None` if `to` does not continue `from`.
/// The order of moves is lost on a board, but any order that alternates colours and respects
/// gravity tells a program the same position (depth-first, remembering dead ends).
pub fn moves_between(from: &Board, to: &Board) -> Option<Vec<Peg>> {
    for colour in Color::BOTH {
        if from.beads(colour) & !to.beads(colour) != 0 {
            return None;
        }
    }
    let mut moves = Vec::with_capacity(to.moves().saturating_sub(from.moves()));
    search(*from, to, &mut moves, &mut HashSet::new()).then_some(moves)
}

fn search(board: Board, to: &Board, moves: &mut Vec<Peg>, dead_ends: &mut HashSet<(u64, u64)>) -> bool {
    if board.moves() == to.moves() {
        return board.occupied() == to.occupied();
    }
    let key = (board.beads(Color::White), board.beads(Color::Black));
    if dead_ends.contains(&key) {
        return false;
    }
    let side = board.to_move();
    for peg in Peg::all() {
        let height = board.height(peg);
        if height < to.height(peg) && to.at(peg.cell(height)) == Some(side) {
            let mut next = board;
            next.play(peg).expect("below the target's height the peg has room");
            moves.push(peg);
            if search(next, to, moves, dead_ends) {
                return true;
            }
            moves.pop();
        }
    }
    dead_ends.insert(key);
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(moves: &str) -> Board {
        Board::from_moves(moves).unwrap()
    }

    #[test]
    fn the_moves_between_two_boards_replay_to_the_later_one() {
        // A1 then A1 again (a black bead on top), then pegs elsewhere: gravity and turn order both matter.
        let from = board("B2");
        let to = board("B2 A1 C3 A1 D4 A1 B2");
        let moves = moves_between(&from, &to).unwrap();
        assert_eq!(moves.len(), 6);
        let mut replayed = from;
        for peg in moves {
            replayed.play(peg).unwrap();
        }
        assert_eq!(replayed, to);
        assert_eq!(moves_between(&to, &to), Some(vec![]));
        assert_eq!(moves_between(&to, &from), None, "a board never loses beads");
        assert_eq!(moves_between(&board("A1"), &board("B1")), None);
    }

    #[test]
    fn a_whole_game_is_found_again() {
        let to = board("A1 B1 A1 B1 C1 A1 C1 C1 D4 D4 D3 D3 A2 B2 C2 D2 A3 A3");
        let moves = moves_between(&Board::new(), &to).unwrap();
        assert_eq!(moves.len(), to.moves());
    }

    #[test]
    fn a_program_that_cannot_start_is_a_counted_fault_and_random_moves_stand_in() {
        let mut agent = ProgramAgent::new("/nonexistent/score4-bot");
        let mut rng = tabula_core::rng_from_seed(1);
        let state = Score4State::from_board(board("A1"));
        let action = agent.act(&state, &mut rng);
        assert!(state.legal_actions().contains(&action));
        assert_eq!(agent.faults(), 1);
        // The rest of the game does not try again; a new game does.
        let mut next = state;
        next.apply(action).unwrap();
        next.apply(next.legal_actions()[0]).unwrap();
        agent.act(&next, &mut rng);
        assert_eq!(agent.faults(), 1);
        agent.reset();
        agent.act(&state, &mut rng);
        assert_eq!(agent.faults(), 2);
    }
}
