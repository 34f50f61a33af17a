//! The bot's side of the protocol: its own board, its colour, and one answer per command.
//!
//! How commands the handout leaves open are answered (every error leaves the board as it was):
//!
//! | command | when | answer |
//! |---|---|---|
//! | `move;` | our colour is unknown (no `play` yet) | we play the side to move; only a diagnostic says so |
//! | `move;` | our colour is known but the other side is to move | `error: it is black's turn, but I play white.` |
//! | `move;` / `note` | the game is over (a line of four, or a full board) | `error: the game is over.` |
//! | `note: C plays P;` | it repeats the last move exactly (a referee echoing every move to both players) | `ok.`, nothing changes |
//! | `note: C plays P;` | `C` is not the side to move: the note contradicts the board | `error: it is white's turn, not black's.` |
//! | `note: C plays P;` | peg `P` is full | `error: peg P is full.` |
//! | `play C;` | at any time, also mid-game | `ok.`; we play `C` from now on |

use super::command::Command;
use super::reply::Reply;
use crate::board::Board;
use crate::color::Color;
use crate::peg::Peg;

/// The bot's state machine. `choose` picks a peg for the side to move on a board whose game is
/// not over; a peg it returns that is not legal is replaced by the first legal one.
pub struct BotSession<F> {
    board: Board,
    colour: Option<Color>,
    last_move: Option<(Color, Peg)>,
    choose: F,
    quit: bool,
    diagnostics: Vec<String>,
}

impl<F: FnMut(&Board) -> Peg> BotSession<F> {
    pub fn new(choose: F) -> BotSession<F> {
        BotSession { board: Board::new(), colour: None, last_move: None, choose, quit: false, diagnostics: Vec::new() }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The colour we were told to play, if any since the last `restart;`.
    pub fn colour(&self) -> Option<Color> {
        self.colour
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
    pub fn handle_parsed(&mut self, parsed: Result<Command, super::ParseError>) -> Reply {
        match parsed {
            Ok(cmd) => self.handle(cmd),
            Err(e) => Reply::error(e),
        }
    }

    /// Answers one command and updates the board.
    pub fn handle(&mut self, cmd: Command) -> Reply {
        match cmd {
            Command::Restart => {
                self.board = Board::new();
                self.colour = None;
                self.last_move = None;
                Reply::Ok
            }
            Command::Quit => {
                self.quit = true;
                Reply::Ok
            }
            Command::Play(c) => {
                self.colour = Some(c);
                Reply::Ok
            }
            Command::Move => self.make_move(),
            Command::Note(c, peg) => self.note(c, peg),
        }
    }

    fn make_move(&mut self) -> Reply {
        if self.board.is_over() {
            return Reply::error("the game is over");
        }
        let side = self.board.to_move();
        match self.colour {
            Some(mine) if mine != side => return Reply::error(format!("it is {side}'s turn, but I play {mine}")),
            Some(_) => {}
            None => self.diagnostics.push(format!("my colour is unknown: playing {side}, the side to move")),
        }
        let mut peg = (self.choose)(&self.board);
        if self.board.legal_mask() >> peg.index() & 1 == 0 {
            let fallback = self.board.legal_pegs().next().expect("a game that is not over has a legal peg");
            self.diagnostics.push(format!("the agent chose {peg}, which is not legal; playing {fallback}"));
            peg = fallback;
        }
        match self.board.play(peg) {
            Ok(_) => {
                self.last_move = Some((side, peg));
                Reply::Move(peg)
            }
            Err(e) => Reply::error(e),
        }
    }

    fn note(&mut self, c: Color, peg: Peg) -> Reply {
        if self.last_move == Some((c, peg)) {
            self.diagnostics.push(format!("{c} plays {peg} repeats the last move; ignored"));
            return Reply::Ok;
        }
        if self.board.is_over() {
            return Reply::error("the game is over");
        }
        let side = self.board.to_move();
        if c != side {
            return Reply::error(format!("it is {side}'s turn, not {c}'s"));
        }
        match self.board.play(peg) {
            Ok(_) => {
                self.last_move = Some((c, peg));
                Reply::Ok
            }
            Err(e) => Reply::error(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_legal(board: &Board) -> Peg {
        board.legal_pegs().next().unwrap()
    }

    fn peg(s: &str) -> Peg {
        s.parse().unwrap()
    }

    #[test]
    fn plays_and_notes_update_the_board() {
        let mut s = BotSession::new(first_legal);
        assert_eq!(s.handle(Command::Play(Color::Black)), Reply::Ok);
        assert_eq!(s.handle(Command::Note(Color::White, peg("B1"))), Reply::Ok);
        assert_eq!(s.handle(Command::Move), Reply::Move(peg("A1")));
        assert_eq!(s.board().moves(), 2);
        assert_eq!(s.handle(Command::Restart), Reply::Ok);
        assert_eq!(s.board().moves(), 0);
        assert_eq!(s.colour(), None);
    }

    #[test]
    fn contradicting_notes_are_errors_that_change_nothing() {
        let mut s = BotSession::new(first_legal);
        s.handle(Command::Play(Color::White));
        let before = *s.board();
        assert!(
            matches!(s.handle(Command::Note(Color::Black, peg("A1"))), Reply::Error(e) if e.contains("white's turn"))
        );
        assert!(matches!(s.handle(Command::Move), Reply::Move(_)));
        assert!(matches!(s.handle(Command::Move), Reply::Error(e) if e.contains("black's turn")));
        for _ in 0..3 {
            s.handle(Command::Note(s.board().to_move(), peg("C3")));
            s.handle(Command::Restart);
        }
        assert_eq!(*s.board(), before);
        let mut s = BotSession::new(first_legal);
        for c in [Color::White, Color::Black, Color::White, Color::Black] {
            assert_eq!(s.handle(Command::Note(c, peg("C3"))), Reply::Ok);
        }
        assert_eq!(s.handle(Command::Note(Color::White, peg("C3"))), Reply::error("peg C3 is full"));
        assert_eq!(s.board().moves(), 4);
    }

    #[test]
    fn an_echo_of_the_last_move_is_accepted_once_more() {
        let mut s = BotSession::new(first_legal);
        s.handle(Command::Play(Color::White));
        assert_eq!(s.handle(Command::Move), Reply::Move(peg("A1")));
        assert_eq!(s.handle(Command::Note(Color::White, peg("A1"))), Reply::Ok);
        assert_eq!(s.board().moves(), 1);
    }

    #[test]
    fn without_a_colour_the_bot_plays_the_side_to_move() {
        let mut s = BotSession::new(first_legal);
        assert_eq!(s.handle(Command::Note(Color::White, peg("A1"))), Reply::Ok);
        assert_eq!(s.handle(Command::Move), Reply::Move(peg("A1")));
        assert_eq!(s.board().to_move(), Color::White);
        assert_eq!(s.take_diagnostics().len(), 1);
    }

    #[test]
    fn after_a_win_moves_and_notes_are_refused() {
        let mut s = BotSession::new(first_legal);
        for (i, m) in ["A1", "A2", "B1", "B2", "C1", "C2", "D1"].iter().enumerate() {
            let c = if i % 2 == 0 { Color::White } else { Color::Black };
            assert_eq!(s.handle(Command::Note(c, peg(m))), Reply::Ok);
        }
        assert_eq!(s.board().winner(), Some(Color::White));
        assert_eq!(s.handle(Command::Move), Reply::error("the game is over"));
        assert_eq!(s.handle(Command::Note(Color::Black, peg("D4"))), Reply::error("the game is over"));
    }

    #[test]
    fn an_illegal_choice_falls_back_to_a_legal_peg() {
        let mut s = BotSession::new(|_: &Board| peg("A1"));
        for _ in 0..4 {
            assert_eq!(s.handle(Command::Move), Reply::Move(peg("A1")));
        }
        assert_eq!(s.handle(Command::Move), Reply::Move(peg("B1")));
    }
}
