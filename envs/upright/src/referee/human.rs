//! The person at the keyboard: lines read by a thread, so the referee can notice `quit` or
//! `restart` even while a bot is thinking.

use crate::moves::{MoveSquare, parse_move};
use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// What a person may type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Typed {
    /// A whole move: `b3 b4 c4` (commas and a final period are fine).
    Move(Vec<MoveSquare>),
    Quit,
    Restart,
    History,
    Board,
    Help,
    /// A line that means nothing (it is shown back with help).
    Unknown,
}

impl Typed {
    /// Reads a line in any case: a move such as `b3 b4 c4` (also `b3, b4, c4.`), `quit`,
    /// `restart`, `history`, `board`, `help`.
    pub fn parse(line: &str) -> Typed {
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
    pub fn interrupt(&mut self) -> Option<Typed> {
        loop {
            match self.lines.try_recv() {
                Ok(line) => match Typed::parse(&line) {
                    t @ (Typed::Quit | Typed::Restart) => return Some(t),
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
    fn reads_what_a_person_types() {
        assert_eq!(Typed::parse(" B3, b4 c4.\r"), Typed::Move(parse_move("b3 b4 c4").unwrap()));
        assert_eq!(Typed::parse("QUIT"), Typed::Quit);
        assert_eq!(Typed::parse("restart;"), Typed::Restart);
        assert_eq!(Typed::parse("history"), Typed::History);
        assert_eq!(Typed::parse("b3 z7"), Typed::Unknown);
        assert_eq!(Typed::parse(""), Typed::Unknown);
    }

    #[test]
    fn quit_is_noticed_between_other_lines() {
        let mut k = Keyboard::new(std::io::Cursor::new("a1\nquit\nb2\n"));
        let mut seen = None;
        for _ in 0..200 {
            seen = k.interrupt();
            if seen.is_some() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert_eq!(seen, Some(Typed::Quit));
        assert_eq!(k.next_line().as_deref(), Some("a1"));
    }
}
