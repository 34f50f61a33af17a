//! Any program that speaks `upright-referee`'s protocol (`PROTOCOL.md`), as an in-process
//! [`Agent`]: the arena and `tabula play` seat it like any other player.
//!
//! A tabula agent answers one sub-action at a time, a bot a whole move: at the start of each of
//! its moves the program is asked (`move;`) and the squares it answers are handed out one
//! sub-action per call (with the `end` the move needs), as long as the game follows them.
//!
//! The program is started at its first move of a game (`new SIZE SIDE VARIANTS;`) and told of
//! every move it has not seen (`note: first plays a2 a3;`) before each `move;`. Those moves are
//! read off the board rather than from [`Agent::observe`], so it follows any driver, openings
//! played before the agent was asked included. A new game (after [`Agent::reset`], or a board
//! that does not continue the last one) starts a fresh process, as the referee does.
//!
//! A program that fails (cannot start, times out, exits, answers garbage or an illegal move) does
//! not stop the game: the failure is counted and reported on stderr, the program is stopped, and
//! random legal sub-actions stand in for it until the game ends.
//!
//! ```no_run
//! use tabula_core::{Agent, Game, rng_from_seed};
//! use upright::referee::ProgramAgent;
//! let mut bot = ProgramAgent::new("upright-bot --agent greedy");
//! let action = bot.act(&upright::Upright::default().new_initial_state(0), &mut rng_from_seed(1));
//! assert_eq!(bot.faults(), 0);
//! ```

use super::program::{self, Fault, Program};
use crate::action::SubAction;
use crate::moves::MoveSquare;
use crate::protocol::Command;
use crate::rules::UprightState;
use crate::side::{Colour, Side};
use rand::{Rng, RngCore};
use std::collections::{HashSet, VecDeque};
use tabula_core::{Action, Agent, ProgramOptions, State};

/// A protocol program as a player.
pub struct ProgramAgent {
    options: ProgramOptions,
    live: Option<(Program, Side)>,
    /// The position the running program knows; once it failed, the one last seen this game.
    known: Option<UprightState>,
    /// The rest of the program's move: each sub-action with the state it is meant for.
    plan: VecDeque<(UprightState, Action)>,
    failed: bool,
}

impl ProgramAgent {
    /// A command line (split into words like a shell would, see [`super::split_words`]) or
    /// [`ProgramOptions`].
    pub fn new(options: impl Into<ProgramOptions>) -> Self {
        ProgramAgent { options: options.into(), live: None, known: None, plan: VecDeque::new(), failed: false }
    }

    /// Faults so far (in the shared counter).
    pub fn faults(&self) -> usize {
        self.options.faults()
    }

    fn stop(&mut self) {
        self.plan.clear();
        if let Some((program, _)) = self.live.take() {
            program.shutdown();
        }
    }

    /// The program's whole move in `state` as sub-actions, starting it and telling it the moves
    /// it missed first.
    fn ask(&mut self, state: &UprightState) -> Result<Vec<Action>, Fault> {
        let me = state.to_move();
        let missed = match (&self.live, &self.known) {
            (Some((_, side)), Some(known)) if *side == me => moves_between(known, state),
            _ => None,
        };
        let missed = match missed {
            Some(missed) => missed,
            None => {
                self.stop();
                let mut program = program::spawn(&self.options.command, self.options.timeout, self.options.verbose)?;
                let (size, variant) = (state.size(), state.variant());
                program.expect_ok(&Command::New { size, side: me, variant })?;
                self.live = Some((program, me));
                let start = UprightState::new(size, variant).map_err(Fault::Refused)?;
                self.known = Some(start);
                moves_between(&start, state)
                    .ok_or_else(|| Fault::Refused("no sequence of moves leads to this board".into()))?
            }
        };
        let (program, _) = self.live.as_mut().expect("started above");
        let known = self.known.as_mut().expect("set with the program");
        for (side, squares) in missed {
            program.expect_ok(&Command::Note { side, squares: squares.clone() })?;
            known.play_move(&squares).expect("moves_between gives legal moves");
        }
        let squares = program.ask(&Command::Move)?.into_move(&Command::Move)?;
        let actions = known.play_move(&squares).map_err(Fault::Illegal)?;
        Ok(actions)
    }
}

impl Agent<UprightState> for ProgramAgent {
    fn name(&self) -> String {
        self.options.name()
    }

    fn act(&mut self, state: &UprightState, rng: &mut dyn RngCore) -> Action {
        if let Some((expected, a)) = self.plan.pop_front()
            && expected == *state
        {
            return a;
        }
        self.plan.clear();
        let legal = state.legal_actions();
        if self.failed {
            if self.known.as_ref().is_some_and(|known| continues(known, state)) {
                self.known = Some(*state);
                return legal[rng.random_range(0..legal.len())];
            }
            self.failed = false; // a new game: the program gets another chance
        }
        if state.move_started() {
            // Someone else began this move: the protocol only hands out whole moves.
            return legal[rng.random_range(0..legal.len())];
        }
        match self.ask(state) {
            Ok(actions) => {
                let mut s = *state;
                for a in actions {
                    self.plan.push_back((s, a));
                    s.apply(a).expect("played on the program's board already");
                }
                self.plan.pop_front().expect("a move has at least one sub-action").1
            }
            Err(fault) => {
                self.options.count_fault(&fault);
                self.stop();
                self.failed = true;
                self.known = Some(*state);
                legal[rng.random_range(0..legal.len())]
            }
        }
    }

    fn reset(&mut self) {
        self.stop();
        self.failed = false;
        self.known = None;
    }
}

impl Drop for ProgramAgent {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Whether `to` can follow `from` in one game: the same board and variant, every filled square
/// still filled with the same colour.
fn continues(from: &UprightState, to: &UprightState) -> bool {
    from.size() == to.size()
        && from.variant() == to.variant()
        && [Colour::O, Colour::X].iter().all(|&c| from.board().colour_mask(c) & !to.board().colour_mask(c) == 0)
}

/// Whole moves, each with its mover, that lead from `from` to `to` (a position between moves),
/// or `None` if `to` does not continue `from`. Only the board is on record, not the order of
/// the squares, but any order the rules allow that fills the same squares with the same colours
/// tells a program the same position (depth first over sub-actions, remembering dead ends).
pub fn moves_between(from: &UprightState, to: &UprightState) -> Option<Vec<(Side, Vec<MoveSquare>)>> {
    if to.move_started() || from.move_started() || !continues(from, to) {
        return None;
    }
    let mut actions = Vec::new();
    if !search(*from, to, &mut actions, &mut HashSet::new()) {
        return None;
    }
    // Group the sub-actions into whole moves.
    let mut moves = Vec::new();
    let mut s = *from;
    let mut current: (UprightState, Vec<Action>) = (s, Vec::new());
    for a in actions {
        let mover = s.to_move();
        current.1.push(a);
        s.apply(a).expect("found legal");
        if s.to_move() != mover || s.is_over() {
            let (start, move_actions) = std::mem::replace(&mut current, (s, Vec::new()));
            moves.push((mover, start.written_move(&move_actions)));
        }
    }
    Some(moves)
}

fn search(
    state: UprightState,
    to: &UprightState,
    actions: &mut Vec<Action>,
    dead_ends: &mut HashSet<UprightState>,
) -> bool {
    if state.board() == to.board() && !state.move_started() {
        return state.to_move() == to.to_move() && state.phase() == to.phase();
    }
    if dead_ends.contains(&state) {
        return false;
    }
    for a in state.legal_actions() {
        let fits = match state.sub_action(a) {
            Some(SubAction::Fill(square, colour)) => to.board().at(square) == Some(colour),
            Some(SubAction::End) => true,
            None => false,
        };
        if !fits {
            continue;
        }
        let mut next = state;
        next.apply(a).expect("a legal action");
        actions.push(a);
        if search(next, to, actions, dead_ends) {
            return true;
        }
        actions.pop();
    }
    dead_ends.insert(state);
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::parse_move;
    use crate::variant::Variant;

    fn position(size: usize, moves: &[&str]) -> UprightState {
        let mut s = UprightState::new(size, Variant::default()).unwrap();
        for m in moves {
            s.play_move(&parse_move(m).unwrap()).unwrap();
        }
        s
    }

    #[test]
    fn the_moves_between_two_positions_replay_to_the_later_one() {
        let moves = ["a1", "b1", "b2", "b3", "c3", "c1 c2", "a2 a3"];
        let from = position(3, &moves[..2]);
        let to = position(3, &moves);
        let found = moves_between(&from, &to).unwrap();
        let mut replayed = from;
        for (side, squares) in &found {
            assert_eq!(replayed.to_move(), *side);
            replayed.play_move(squares).unwrap();
        }
        assert_eq!((replayed.board(), replayed.to_move()), (to.board(), to.to_move()));
        assert_eq!(found.len(), 5, "{found:?}");
        assert_eq!(moves_between(&to, &to), Some(vec![]));
        assert_eq!(moves_between(&to, &from), None, "a board never loses squares");
        assert_eq!(moves_between(&position(3, &["a1", "b1"]), &position(3, &["a1", "a2"])), None);
    }

    #[test]
    fn every_position_of_random_games_is_found_again_from_the_start() {
        use rand::Rng;
        for variant in ["", "colour=free", "reach=line"] {
            let mut v = Variant::default();
            if !variant.is_empty() {
                v.set(variant).unwrap();
            }
            let start = UprightState::new(4, v).unwrap();
            let mut rng = tabula_core::rng_from_seed(3);
            for _ in 0..20 {
                let mut s = start;
                while !s.is_over() {
                    if !s.move_started() {
                        let found = moves_between(&start, &s).unwrap_or_else(|| panic!("{variant}: {s:?}"));
                        let mut replayed = start;
                        for (_, squares) in &found {
                            replayed.play_move(squares).unwrap();
                        }
                        assert_eq!((replayed.board(), replayed.to_move()), (s.board(), s.to_move()));
                    }
                    let legal = s.legal_actions();
                    s.apply(legal[rng.random_range(0..legal.len())]).unwrap();
                }
            }
        }
    }

    #[test]
    fn a_program_that_cannot_start_is_a_counted_fault_and_random_moves_stand_in() {
        let mut agent = ProgramAgent::new("/nonexistent/upright-bot");
        let mut rng = tabula_core::rng_from_seed(1);
        let state = position(4, &["a1"]);
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
