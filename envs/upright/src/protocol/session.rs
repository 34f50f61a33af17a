//! The bot's side of the protocol: its game, its seat, and one answer per command.
//!
//! How commands the protocol leaves open are answered (every error leaves the game as it was):
//!
//! | command | when | answer |
//! |---|---|---|
//! | `move;` / `note` before any `new` | | a 6 x 6 game is assumed |
//! | `move;` | no seat known (no `new` yet) | we play the side to move; only a diagnostic says so |
//! | `move;` | the other side is to move | `error: it is second's turn, but I play first.` |
//! | `move;` / `note` | the game is over | `error: the game is over.` |
//! | `note: S plays M;` | it repeats the last move exactly (a referee echoing every move) | `ok.`, nothing changes |
//! | `note: S plays M;` | `S` is not to move | `error: it is first's turn, not second's.` |
//! | `note: S plays M;` | `M` is not a legal move | `error: ` and why, e.g. `b3 is already filled.` |
//! | `end: first A second B;` | whatever our board says | `ok.` (a disagreement is only a diagnostic) |
//! | `new N S;` | at any time | `ok.`; a fresh game |

use super::command::{Command, ParseError};
use super::reply::Reply;
use crate::game::DEFAULT_SIZE;
use crate::moves::MoveSquare;
use crate::rules::UprightState;
use crate::side::Side;
use crate::variant::Variant;
use tabula_core::{Action, State};

/// The bot's state machine. `choose` gives a whole move for the side to move in a game that
/// is not over, as sub-actions (squares, then `end` or not); the session plays what of it is
/// legal and completes the rest (see [`BotSession::handle`]).
pub struct BotSession<F> {
    state: UprightState,
    side: Option<Side>,
    last_move: Option<(Side, Vec<MoveSquare>)>,
    choose: F,
    quit: bool,
    diagnostics: Vec<String>,
}

impl<F: FnMut(&UprightState) -> Vec<Action>> BotSession<F> {
    pub fn new(choose: F) -> BotSession<F> {
        BotSession {
            state: UprightState::new(DEFAULT_SIZE, Variant::default()).expect("the default size is valid"),
            side: None,
            last_move: None,
            choose,
            quit: false,
            diagnostics: Vec::new(),
        }
    }

    pub fn state(&self) -> &UprightState {
        &self.state
    }

    /// The side we were told to play, if any since the last `new`.
    pub fn side(&self) -> Option<Side> {
        self.side
    }

    /// True once `quit;` was answered.
    pub fn wants_quit(&self) -> bool {
        self.quit
    }

    /// Messages for a human (shown with `-v`), oldest first; taking them empties the list.
    pub fn take_diagnostics(&mut self) -> Vec<String> {
        std::mem::take(&mut self.diagnostics)
    }

    /// Answers one command (or a command that failed to parse, which gets an error).
    pub fn handle_parsed(&mut self, parsed: Result<Command, ParseError>) -> Reply {
        match parsed {
            Ok(cmd) => self.handle(cmd),
            Err(e) => Reply::error(e),
        }
    }

    /// Answers one command and updates the game.
    ///
    /// For `move;` the chooser's sub-actions are played in order while they are legal and the
    /// move lasts; if one is not legal (a diagnostic says so) the move ends there, and if not
    /// even one square was filled the first legal square stands in. The answer lists the
    /// squares filled.
    pub fn handle(&mut self, cmd: Command) -> Reply {
        match cmd {
            Command::New { size, side, variant } => match UprightState::new(size, variant) {
                Ok(state) => {
                    self.state = state;
                    self.side = Some(side);
                    self.last_move = None;
                    Reply::Ok
                }
                Err(why) => Reply::error(why),
            },
            Command::Quit => {
                self.quit = true;
                Reply::Ok
            }
            Command::Move => self.make_move(),
            Command::Note { side, squares } => self.note(side, squares),
            Command::End { scores } => {
                let ours = self.state.scores();
                if !self.state.is_over() || ours != scores {
                    self.diagnostics.push(format!(
                        "the referee ends the game at {} to {}; my board says {} to {}{}",
                        scores[0],
                        scores[1],
                        ours[0],
                        ours[1],
                        if self.state.is_over() { "" } else { " and is not full" }
                    ));
                }
                Reply::Ok
            }
        }
    }

    fn make_move(&mut self) -> Reply {
        if self.state.is_over() {
            return Reply::error("the game is over");
        }
        let side = self.state.to_move();
        match self.side {
            Some(mine) if mine != side => return Reply::error(format!("it is {side}'s turn, but I play {mine}")),
            Some(_) => {}
            None => self.diagnostics.push(format!("my seat is unknown: playing {side}, the side to move")),
        }
        let chosen = (self.choose)(&self.state);
        let mut next = self.state;
        let mut played = Vec::new();
        for &a in &chosen {
            if next.is_over() || next.to_move() != side {
                break;
            }
            if let Err(e) = next.apply(a) {
                self.diagnostics.push(format!(
                    "the agent chose {}, which is not legal ({e}); ending the move",
                    next.action_to_string(a)
                ));
                break;
            }
            played.push(a);
        }
        let squares = self.state.written_move(&played);
        if squares.is_empty() {
            let fallback = next.legal_actions()[0];
            self.diagnostics.push(format!("the agent filled no square; playing {}", next.action_to_string(fallback)));
            return self.play_own(side, vec![self.state.written_move(&[fallback])[0]]);
        }
        self.play_own(side, squares)
    }

    /// Plays our move's squares (the `end` follows from the list's end) and answers them.
    fn play_own(&mut self, side: Side, squares: Vec<MoveSquare>) -> Reply {
        match self.state.play_move(&squares) {
            Ok(_) => {
                self.last_move = Some((side, squares.clone()));
                Reply::Move(squares)
            }
            Err(e) => Reply::error(e),
        }
    }

    fn note(&mut self, side: Side, squares: Vec<MoveSquare>) -> Reply {
        if self.last_move.as_ref() == Some(&(side, squares.clone())) {
            self.diagnostics.push(format!("{side} plays ... repeats the last move; ignored"));
            return Reply::Ok;
        }
        if self.state.is_over() {
            return Reply::error("the game is over");
        }
        let to_move = self.state.to_move();
        if side != to_move {
            return Reply::error(format!("it is {to_move}'s turn, not {side}'s"));
        }
        match self.state.play_move(&squares) {
            Ok(_) => {
                self.last_move = Some((side, squares));
                Reply::Ok
            }
            Err(e) => Reply::error(e),
        }
    }
}

impl<F: FnMut(&UprightState) -> Vec<Action>> tabula_core::serve::Session for BotSession<F> {
    type Command = Command;

    fn answer(&mut self, parsed: Result<Command, ParseError>) -> String {
        self.handle_parsed(parsed).to_string()
    }

    fn take_diagnostics(&mut self) -> Vec<String> {
        BotSession::take_diagnostics(self)
    }

    fn wants_quit(&self) -> bool {
        BotSession::wants_quit(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::{parse_move, whole_move};

    fn first_legal(s: &UprightState) -> Vec<Action> {
        whole_move(s, |s| s.legal_actions()[0])
    }

    fn note(side: Side, text: &str) -> Command {
        Command::Note { side, squares: parse_move(text).unwrap() }
    }

    fn new(size: usize, side: Side) -> Command {
        Command::New { size, side, variant: Variant::default() }
    }

    #[test]
    fn moves_and_notes_update_the_game() {
        let mut s = BotSession::new(first_legal);
        assert_eq!(s.handle(new(3, Side::Second)), Reply::Ok);
        assert_eq!(s.handle(note(Side::First, "a1")), Reply::Ok);
        assert_eq!(s.handle(Command::Move), Reply::Move(parse_move("b1").unwrap()));
        assert_eq!(s.handle(note(Side::First, "b2")), Reply::Ok);
        assert_eq!(s.handle(Command::Move), Reply::Move(parse_move("c2").unwrap())); // c2 comes before b3
        assert_eq!(s.handle(note(Side::First, "c3")), Reply::Ok);
        // Phase 2: the first legal square is c1, after which nothing qualifies (c2 is filled).
        assert_eq!(s.handle(Command::Move), Reply::Move(parse_move("c1").unwrap()));
        assert_eq!(s.state().to_move(), Side::First);
    }

    #[test]
    fn contradicting_notes_are_errors_that_change_nothing() {
        let mut s = BotSession::new(first_legal);
        s.handle(new(4, Side::First));
        let before = *s.state();
        assert!(matches!(s.handle(note(Side::Second, "a1")), Reply::Error(e) if e.contains("first's turn")));
        assert!(matches!(s.handle(note(Side::First, "b1")), Reply::Error(e) if e.contains("not a1")));
        assert!(matches!(s.handle(Command::Move), Reply::Move(_)));
        assert!(matches!(s.handle(Command::Move), Reply::Error(e) if e.contains("second's turn")));
        assert!(matches!(s.handle(note(Side::Second, "c1")), Reply::Error(e) if e.contains("not immediately")));
        assert_eq!(s.state().board().filled().count_ones(), 1);
        s.handle(new(4, Side::First));
        assert_eq!(*s.state(), before);
    }

    #[test]
    fn an_echo_of_the_last_move_is_accepted_once_more() {
        let mut s = BotSession::new(first_legal);
        s.handle(new(4, Side::First));
        assert_eq!(s.handle(Command::Move), Reply::Move(parse_move("a1").unwrap()));
        assert_eq!(s.handle(note(Side::First, "a1")), Reply::Ok);
        assert_eq!(s.state().board().filled().count_ones(), 1);
    }

    #[test]
    fn an_illegal_choice_is_replaced() {
        // Always `end`, which is never legal before a square: the first legal square stands in.
        let end = |s: &UprightState| vec![(s.size() * s.size()) as Action];
        let mut s = BotSession::new(end);
        assert_eq!(s.handle(Command::Move), Reply::Move(parse_move("a1").unwrap()));
        assert_eq!(s.side(), None);
        assert_eq!(s.take_diagnostics().len(), 3);
    }

    #[test]
    fn the_end_is_acknowledged_and_quit_is_remembered() {
        let mut s = BotSession::new(first_legal);
        assert_eq!(s.handle(Command::End { scores: [1, 2] }), Reply::Ok);
        assert!(s.take_diagnostics()[0].contains("not full"));
        assert_eq!(s.handle(Command::Quit), Reply::Ok);
        assert!(s.wants_quit());
    }
}
