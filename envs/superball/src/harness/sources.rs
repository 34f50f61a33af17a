//! Where the harness gets moves: a player program run once per board, a person at the
//! keyboard, or a list of recorded lines (for replaying traces).

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// Gives the harness the player's line for a board.
pub trait MoveSource {
    /// The first line the player prints for `board` (without its newline), or `None` if it
    /// printed nothing. `out` is the harness's output, for prompts.
    fn next_line(&mut self, board: &str, out: &mut dyn Write) -> io::Result<Option<String>>;

    /// A person types the moves (no "Type Return" prompt, no "Move is" echo).
    fn is_human(&self) -> bool {
        false
    }
}

/// A player program, run as `PLAYER rows cols mss colors` with the board on its standard input
/// (a pipe per run, so concurrent games never share a file). A command with spaces is run by
/// `sh -c`, so `"sb-play --agent greedy"` works.
#[derive(Debug, Clone)]
pub struct Program {
    command: String,
    args: [String; 4],
}

impl Program {
    pub fn new(command: &str, params: &crate::Params) -> Self {
        Program {
            command: command.to_string(),
            args: [params.rows.to_string(), params.cols.to_string(), params.mss.to_string(), params.colors.clone()],
        }
    }

    fn command(&self) -> Command {
        if self.command.contains(char::is_whitespace) {
            let mut c = Command::new("sh");
            c.arg("-c").arg(format!("{} {}", self.command, self.args.join(" ")));
            c
        } else {
            let mut c = Command::new(&self.command);
            c.args(&self.args);
            c
        }
    }
}

impl MoveSource for Program {
    fn next_line(&mut self, board: &str, _out: &mut dyn Write) -> io::Result<Option<String>> {
        let mut child = self
            .command()
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| io::Error::new(e.kind(), format!("cannot run player {:?}: {e}", self.command)))?;
        let mut stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let line = std::thread::scope(|scope| {
            // Write from another thread: a player that prints before reading everything must
            // not deadlock against a big board.
            scope.spawn(move || {
                let _ = stdin.write_all(board.as_bytes());
            });
            let mut line = Vec::new();
            let read = BufReader::new(stdout).read_until(b'\n', &mut line);
            read.map(|_| line)
        });
        // Only the first line counts; the rest of the output goes nowhere.
        child.wait()?;
        let mut line = line?;
        if line.is_empty() {
            return Ok(None);
        }
        if line.last() == Some(&b'\n') {
            line.pop();
        }
        Ok(Some(String::from_utf8_lossy(&line).into_owned()))
    }
}

/// Recorded lines, one per turn; `None` once they run out.
#[derive(Debug, Clone)]
pub struct Replay {
    lines: std::vec::IntoIter<String>,
}

impl Replay {
    pub fn new(lines: Vec<String>) -> Self {
        Replay { lines: lines.into_iter() }
    }
}

impl MoveSource for Replay {
    fn next_line(&mut self, _board: &str, _out: &mut dyn Write) -> io::Result<Option<String>> {
        Ok(self.lines.next())
    }
}

/// A person typing moves at `Your Move: `.
pub struct Human<R: BufRead> {
    input: R,
}

impl<R: BufRead> Human<R> {
    pub fn new(input: R) -> Self {
        Human { input }
    }
}

impl<R: BufRead> MoveSource for Human<R> {
    fn next_line(&mut self, _board: &str, out: &mut dyn Write) -> io::Result<Option<String>> {
        write!(out, "Your Move: ")?;
        out.flush()?;
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        writeln!(out)?;
        Ok(Some(line.trim_end_matches(['\n', '\r']).to_string()))
    }

    fn is_human(&self) -> bool {
        true
    }
}
