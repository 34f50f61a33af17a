//! Running a bot's side of a `;`-terminated line protocol over a byte stream: what a protocol
//! bot's `main` calls. Each game supplies a [`Session`] (its state machine); this loop feeds raw
//! input to a [`CommandReader`], writes one answer line per command and flushes after each,
//! holding each answer back until its [`Pace`] allows.

use crate::command_reader::{CommandReader, ParseCommand};
use std::io::{self, Read, Write};
use std::time::{Duration, Instant};

/// A bot's side of a protocol: one answer line per command.
pub trait Session {
    type Command: ParseCommand;
    /// The answer line (without its newline) to one command, or to text that did not parse.
    fn answer(&mut self, parsed: Result<Self::Command, <Self::Command as ParseCommand>::Error>) -> String;
    /// Whether the command asks the bot to choose a move (paced by [`Pace::decision`]; every other
    /// command by [`Pace::other`]).
    fn is_decision(&self, _command: &Self::Command) -> bool {
        false
    }
    /// Messages for a human, oldest first; taking them empties the list.
    fn take_diagnostics(&mut self) -> Vec<String> {
        Vec::new()
    }
    /// True once the session has answered its last command (`quit;`).
    fn wants_quit(&self) -> bool;
}

/// The least time from reading a command to writing its answer. In a game of hidden information
/// a bot's thinking time depends on what it holds, and anyone who times its answers learns from
/// it; answers held back to a floor above the thinking time all take the same time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pace {
    /// For commands that ask for a move ([`Session::is_decision`]).
    pub decision: Duration,
    /// For every other command, and for text that does not parse.
    pub other: Duration,
}

impl Pace {
    /// Every answer as soon as it is ready.
    pub const NONE: Pace = Pace { decision: Duration::ZERO, other: Duration::ZERO };
}

/// Answers the commands from `input` on `output` until the session quits or the input ends, each
/// no sooner than `pace` allows after its command was read. Diagnostics go to `log`, each line
/// prefixed with `name` (pass `std::io::sink()` to drop them: a bot writes them to stderr only
/// when asked, since some referees never read stderr); an answer that took longer than its pace
/// is one of them.
///
/// A read error ends it like the end of the input; a write error (the referee closed our
/// output: a broken pipe) ends it with that error, which a bot may ignore. It never panics on
/// input.
pub fn serve<S: Session>(
    mut input: impl Read,
    mut output: impl Write,
    session: &mut S,
    pace: Pace,
    mut log: impl Write,
    name: &str,
) -> io::Result<()> {
    let mut reader = CommandReader::<S::Command>::new();
    let mut buf = [0u8; 4096];
    loop {
        let n = match input.read(&mut buf) {
            Ok(0) => return Ok(()),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => return Ok(()),
        };
        reader.feed(&buf[..n]);
        while let Some(parsed) = reader.next_command() {
            let read_at = Instant::now();
            let floor = match &parsed {
                Ok(command) if session.is_decision(command) => pace.decision,
                _ => pace.other,
            };
            let reply = session.answer(parsed);
            let took = read_at.elapsed();
            if took < floor {
                std::thread::sleep(floor - took);
            } else if !floor.is_zero() {
                let _ = writeln!(
                    log,
                    "{name}: answered in {} ms, past its pace of {} ms (its timing may tell)",
                    took.as_millis(),
                    floor.as_millis()
                );
            }
            for line in session.take_diagnostics() {
                let _ = writeln!(log, "{name}: {line}");
            }
            writeln!(output, "{reply}")?;
            output.flush()?;
            if session.wants_quit() {
                return Ok(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `go` asks for a move and the bot answers `moved.` after thinking `think`; anything else
    /// gets `ok.` at once.
    struct Toy {
        think: Duration,
    }
    struct Word(String);
    impl ParseCommand for Word {
        type Error = ();
        const MAX_BYTES: usize = 64;
        fn parse(text: &[u8]) -> Result<Word, ()> {
            Ok(Word(String::from_utf8_lossy(text).trim().to_string()))
        }
        fn too_long() {}
    }
    impl Session for Toy {
        type Command = Word;
        fn answer(&mut self, parsed: Result<Word, ()>) -> String {
            match parsed {
                Ok(Word(w)) if w == "go" => {
                    std::thread::sleep(self.think);
                    "moved.".into()
                }
                _ => "ok.".into(),
            }
        }
        fn is_decision(&self, command: &Word) -> bool {
            command.0 == "go"
        }
        fn wants_quit(&self) -> bool {
            false
        }
    }

    fn timed(input: &str, think: Duration, pace: Pace) -> (String, String, Duration) {
        let (mut output, mut log) = (Vec::new(), Vec::new());
        let start = Instant::now();
        serve(input.as_bytes(), &mut output, &mut Toy { think }, pace, &mut log, "toy").unwrap();
        (String::from_utf8(output).unwrap(), String::from_utf8(log).unwrap(), start.elapsed())
    }

    #[test]
    fn decisions_are_held_back_to_their_pace_and_the_rest_to_theirs() {
        let pace = Pace { decision: Duration::from_millis(80), other: Duration::from_millis(20) };
        let (output, log, took) = timed("go; note; go; note;", Duration::ZERO, pace);
        assert_eq!(output, "moved.\nok.\nmoved.\nok.\n");
        assert!(took >= Duration::from_millis(2 * 80 + 2 * 20), "answered in {took:?}");
        assert_eq!(log, "", "no answer went past its pace");
    }

    #[test]
    fn an_answer_past_its_pace_is_written_at_once_and_said_in_the_log() {
        let pace = Pace { decision: Duration::from_millis(1), other: Duration::ZERO };
        let (output, log, _) = timed("go;", Duration::from_millis(30), pace);
        assert_eq!(output, "moved.\n");
        assert!(log.starts_with("toy: answered in ") && log.contains("past its pace of 1 ms"), "{log}");
    }

    #[test]
    fn without_a_pace_nothing_is_said_of_it() {
        let (output, log, _) = timed("go; go; go;", Duration::from_millis(2), Pace::NONE);
        assert_eq!(output, "moved.\nmoved.\nmoved.\n");
        assert_eq!(log, "");
    }
}
