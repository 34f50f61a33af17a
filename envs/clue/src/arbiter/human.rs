//! A person at the arbitrator's terminal: shown what the protocol would tell a program, asked
//! for turns and answers in the protocol's words (the final period optional), and asked again
//! when an answer is not legal.

use super::contestant::{Contestant, Fault};
use crate::protocol::{Command, Reply};
use std::io::{BufRead, Write};

/// A person: lines typed on `input`, messages on `output`.
pub struct Human {
    input: Box<dyn BufRead>,
    output: Box<dyn Write>,
}

impl Human {
    pub fn new(input: Box<dyn BufRead>, output: Box<dyn Write>) -> Human {
        Human { input, output }
    }

    /// A person at this terminal (stdin and stdout).
    pub fn at_terminal() -> Human {
        Human::new(Box::new(std::io::BufReader::new(std::io::stdin())), Box::new(std::io::stdout()))
    }

    fn say(&mut self, text: &str) {
        let _ = writeln!(self.output, "{text}");
        let _ = self.output.flush();
    }

    /// Reads answers until one parses; the end of the input is leaving the game.
    fn read_reply(&mut self, prompt: &str) -> Result<Reply, Fault> {
        loop {
            let _ = write!(self.output, "{prompt} ");
            let _ = self.output.flush();
            let mut line = String::new();
            match self.input.read_line(&mut line) {
                Ok(0) | Err(_) => return Err(Fault::Exited(Some("the person left".into()))),
                Ok(_) => {}
            }
            let text = line.trim().trim_end_matches('.');
            match Reply::parse_typed(text) {
                Ok(Reply::Error(_)) | Err(_) => self.say("  (type e.g. `ask 3: 2 7 11`, `guess: 1 5 9 13`, `show 7`)"),
                Ok(reply) => return Ok(reply),
            }
        }
    }
}

impl Contestant for Human {
    fn ask(&mut self, command: &Command) -> Result<Reply, Fault> {
        match command {
            Command::New { params, seat, hand } => {
                self.say(&format!(
                    "A new game: {} players, items 1 to {}, {} hidden; you are player {}, holding {hand}.",
                    params.players,
                    params.items,
                    params.hidden,
                    seat + 1
                ));
                Ok(Reply::Ok)
            }
            Command::Turn => self.read_reply("Your turn: ask P: ITEMS, or guess: ITEMS?"),
            Command::Show { asker, list } => {
                self.read_reply(&format!("Player {} asks you about {list}: show which?", asker + 1))
            }
            Command::Note(seen) => {
                let text = seen.to_string();
                self.say(&text);
                Ok(Reply::Ok)
            }
            Command::End { ranking } => {
                let seats: Vec<String> = ranking.iter().map(|s| (s + 1).to_string()).collect();
                self.say(&format!("The game is over. Ranking, first to last: players {}.", seats.join(", ")));
                Ok(Reply::Ok)
            }
            Command::Quit => Ok(Reply::Ok),
        }
    }

    fn asks_again(&self) -> bool {
        true
    }

    fn refused(&mut self, why: &str) {
        self.say(&format!("  Not allowed: {why}."));
    }

    fn leave(self: Box<Self>) {}
}
