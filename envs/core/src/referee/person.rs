//! A person's turn at the referee's keyboard: asked until a legal move comes, the other words
//! (`history`, `board`, `help`) answered on the way, `quit` and `restart` stopping the game.

use crate::keyboard::{Interrupt, Keyboard, Typed};
use std::fmt;
use std::io::Write;

/// What a game says and checks while a person chooses a move `M`.
pub struct AskPerson<'a, M> {
    /// Written before each line is read: `Your move (...) > `.
    pub prompt: &'a str,
    /// The help shown for `help` and after a line that means nothing.
    pub help: &'a str,
    /// Reads a typed line (see [`Typed::parse`]).
    pub read: &'a dyn Fn(&str) -> Typed<M>,
    /// `Ok` for a legal move, else the line telling the person why not.
    pub legal: &'a dyn Fn(&M) -> Result<(), String>,
    /// The moves so far, for `history`.
    pub history: &'a dyn Fn() -> String,
    /// The board, for `board`.
    pub board: &'a dyn fmt::Display,
}

impl<M> AskPerson<'_, M> {
    /// Asks until a legal move comes; the end of the input is `quit`. Messages go to `out`
    /// (write errors are ignored: the game goes on whether anyone watches or not).
    pub fn ask(&self, keyboard: &mut Keyboard, out: &mut dyn Write) -> Result<M, Interrupt> {
        loop {
            let _ = write!(out, "{}", self.prompt);
            let _ = out.flush();
            let Some(line) = keyboard.next_line() else {
                let _ = writeln!(out);
                return Err(Interrupt::Quit);
            };
            let message = match (self.read)(&line) {
                Typed::Move(m) => match (self.legal)(&m) {
                    Ok(()) => return Ok(m),
                    Err(why) => why,
                },
                Typed::Quit => return Err(Interrupt::Quit),
                Typed::Restart => return Err(Interrupt::Restart),
                Typed::History => (self.history)(),
                Typed::Board => {
                    let _ = write!(out, "{}", self.board);
                    continue;
                }
                Typed::Help => self.help.to_string(),
                Typed::Unknown => format!("{:?} is not a move. {}", line.trim(), self.help),
            };
            let _ = writeln!(out, "{message}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asks_until_a_legal_move_and_answers_the_rest() {
        let read = |line: &str| Typed::parse(line, |w| w.parse::<u8>().ok());
        let asking = AskPerson {
            prompt: "> ",
            help: "Type a digit below 5.",
            read: &read,
            legal: &|d: &u8| if *d < 5 { Ok(()) } else { Err(format!("{d} is too big.")) },
            history: &|| "No moves yet.".into(),
            board: &"[board]\n",
        };
        let mut keyboard = Keyboard::new(std::io::Cursor::new("7\nhistory\nboard\nzz\n3\n"));
        let mut out = Vec::new();
        assert_eq!(asking.ask(&mut keyboard, &mut out), Ok(3));
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text,
            "> 7 is too big.\n> No moves yet.\n> [board]\n> \"zz\" is not a move. Type a digit below 5.\n> "
        );
        assert_eq!(asking.ask(&mut keyboard, &mut Vec::new()), Err(Interrupt::Quit));
    }
}
