//! The person at the keyboard of a referee: lines read by a thread, so the referee can notice
//! `quit` or `restart` even while a bot is thinking. Shared by the Score 4 and Upward-Rightward
//! referees; each game says how a move reads.
//!
//! ```
//! use tabula_core::keyboard::{Interrupt, Keyboard, Typed};
//! let digit = |w: &str| w.parse::<u8>().ok();
//! assert_eq!(Typed::parse(" 7.\r", digit), Typed::Move(7));
//! assert_eq!(Typed::parse("QUIT", digit), Typed::Quit);
//! let mut keys = Keyboard::new(std::io::Cursor::new("3\nrestart\n"));
//! assert_eq!(keys.next_line().as_deref(), Some("3"));
//! # let mut seen = None;
//! # for _ in 0..400 { seen = keys.interrupt(); if seen.is_some() { break } std::thread::sleep(std::time::Duration::from_millis(5)); }
//! # assert_eq!(seen, Some(Interrupt::Restart));
//! ```

use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// What a person may type; `M` is the game's move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Typed<M> {
    Move(M),
    Quit,
    Restart,
    History,
    Board,
    Help,
    /// A line that means nothing (it is shown back with help).
    Unknown,
}

impl<M> Typed<M> {
    /// Reads a line in any case, a final `.` or `;` ignored: `quit` (or `exit`), `restart` (or
    /// `new`), `history`, `board`, `help` (or `?`), else a move as `parse_move` reads the
    /// lower-cased text.
    pub fn parse(line: &str, parse_move: impl FnOnce(&str) -> Option<M>) -> Typed<M> {
        let text = line.trim().trim_end_matches(['.', ';']).trim().to_ascii_lowercase();
        match text.as_str() {
            "quit" | "exit" => Typed::Quit,
            "restart" | "new" => Typed::Restart,
            "history" => Typed::History,
            "board" => Typed::Board,
            "help" | "?" => Typed::Help,
            _ => parse_move(&text).map_or(Typed::Unknown, Typed::Move),
        }
    }
}

/// A line that stops the game in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interrupt {
    Quit,
    Restart,
}

/// Lines from the person; the end of input reads as `quit`.
pub struct Keyboard {
    lines: Receiver<String>,
    waiting: VecDeque<String>,
    closed: bool,
}

impl Keyboard {
    /// Starts a thread reading `input` line by line.
    pub fn new(input: impl BufRead + Send + 'static) -> Keyboard {
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in input.lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Keyboard { lines, waiting: VecDeque::new(), closed: false }
    }

    /// A keyboard nobody types on (for games between programs).
    pub fn none() -> Keyboard {
        let (_, lines) = channel();
        Keyboard { lines, waiting: VecDeque::new(), closed: true }
    }

    /// The next line, waiting for it; `None` once the input has ended.
    pub fn next_line(&mut self) -> Option<String> {
        if let Some(line) = self.waiting.pop_front() {
            return Some(line);
        }
        if self.closed {
            return None;
        }
        match self.lines.recv() {
            Ok(line) => Some(line),
            Err(_) => {
                self.closed = true;
                None
            }
        }
    }

    /// Without waiting: has the person typed `quit` or `restart`? Other lines are kept, in
    /// order, for [`next_line`](Keyboard::next_line).
    pub fn interrupt(&mut self) -> Option<Interrupt> {
        loop {
            match self.lines.try_recv() {
                Ok(line) => match Typed::parse(&line, |_| None::<()>) {
                    Typed::Quit => return Some(Interrupt::Quit),
                    Typed::Restart => return Some(Interrupt::Restart),
                    _ => self.waiting.push_back(line),
                },
                Err(TryRecvError::Empty) => return None,
                Err(TryRecvError::Disconnected) => {
                    self.closed = true;
                    return None;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_words_in_any_case() {
        let none = |_: &str| None::<u8>;
        assert_eq!(Typed::parse("QUIT", none), Typed::Quit);
        assert_eq!(Typed::parse(" restart;", none), Typed::Restart);
        assert_eq!(Typed::parse("history.", none), Typed::History);
        assert_eq!(Typed::parse("Board", none), Typed::Board);
        assert_eq!(Typed::parse("?", none), Typed::Help);
        assert_eq!(Typed::parse("", none), Typed::Unknown);
        assert_eq!(Typed::parse("zz", none), Typed::Unknown);
    }

    #[test]
    fn quit_is_noticed_between_other_lines() {
        let mut k = Keyboard::new(std::io::Cursor::new("A1\nquit\nB2\n"));
        let mut seen = None;
        for _ in 0..400 {
            seen = k.interrupt();
            if seen.is_some() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert_eq!(seen, Some(Interrupt::Quit));
        assert_eq!(k.next_line().as_deref(), Some("A1"));
    }

    #[test]
    fn the_end_of_input_is_no_more_lines() {
        let mut k = Keyboard::new(std::io::Cursor::new("x\n"));
        assert_eq!(k.next_line().as_deref(), Some("x"));
        assert_eq!(k.next_line(), None);
        assert_eq!(Keyboard::none().next_line(), None);
    }
}
