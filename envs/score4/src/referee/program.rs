//! A computer player: a child process spoken to over its stdin and stdout.
//!
//! A thread reads the child's stdout into a channel line by line, so the referee waits with a
//! timeout and never blocks on a silent, slow or dead bot. The child's stderr goes to
//! `/dev/null` (or to ours with `verbose`): a pipe nobody read would fill and hang the bot.
//! Writing to a bot that has gone fails with an error we report (Rust ignores SIGPIPE).

use crate::protocol::{Command, Reply};
use std::fmt;
use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};
use tabula_core::argv::split_words;

/// Lines longer than this are not replies; the rest of such a line is dropped as it arrives.
const MAX_LINE: usize = 1024;
/// How long a bot may take to leave after `quit;` before it is killed.
const GRACE: Duration = Duration::from_millis(500);

/// What went wrong with a bot; the bot loses the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// It could not be started (bad command line, no such program).
    Spawn(String),
    /// No answer within the time limit.
    Timeout(Duration),
    /// Its output ended: it exited or crashed (`status` as the OS reports it, if known).
    Exited(Option<String>),
    /// It stopped reading its input.
    Deaf,
    /// A line that is not a reply, or the wrong kind of reply.
    Malformed(String),
    /// It answered a move that is not legal.
    Illegal(String),
    /// It answered `error...` to a command it should have accepted.
    Refused(String),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Spawn(why) => write!(f, "could not be started: {why}"),
            Fault::Timeout(t) => write!(f, "did not answer within {} ms", t.as_millis()),
            Fault::Exited(Some(status)) => write!(f, "exited before answering ({status})"),
            Fault::Exited(None) => write!(f, "closed its output before answering"),
            Fault::Deaf => write!(f, "stopped reading its input"),
            Fault::Malformed(why) => write!(f, "answered garbage: {why}"),
            Fault::Illegal(why) => write!(f, "made an illegal move: {why}"),
            Fault::Refused(why) => write!(f, "refused a command: {why}"),
        }
    }
}

enum Event {
    Line(String),
    TooLong,
    Closed,
}

/// A running bot.
pub struct Program {
    child: Child,
    stdin: Option<ChildStdin>,
    events: Receiver<Event>,
    timeout: Duration,
}

impl Program {
    /// Starts `command_line` (split into words like a shell would, not run through one).
    pub fn spawn(command_line: &str, timeout: Duration, verbose: bool) -> Result<Program, Fault> {
        let words = split_words(command_line).map_err(Fault::Spawn)?;
        let (program, args) = words.split_first().ok_or_else(|| Fault::Spawn("the command is empty".into()))?;
        let mut child = Process::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if verbose { Stdio::inherit() } else { Stdio::null() })
            .spawn()
            .map_err(|e| Fault::Spawn(format!("{program}: {e}")))?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let stdin = child.stdin.take();
        let (tx, events) = channel();
        std::thread::spawn(move || {
            // Keep draining until the end even when nobody listens any more, so the child never
            // blocks on a full pipe while it is being shut down.
            let mut stdout = stdout;
            let mut buf = [0u8; 4096];
            let mut line = Vec::new();
            let mut too_long = false;
            loop {
                let n = match stdout.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => n,
                };
                for &b in &buf[..n] {
                    if b == b'\n' {
                        // The end of an overlong line was reported when it overflowed.
                        if !std::mem::take(&mut too_long) {
                            let _ = tx.send(Event::Line(String::from_utf8_lossy(&line).into_owned()));
                        }
                        line.clear();
                    } else if line.len() < MAX_LINE {
                        line.push(b);
                    } else if !too_long {
                        // Report it now: a bot may never send the newline.
                        too_long = true;
                        let _ = tx.send(Event::TooLong);
                    }
                }
            }
            let _ = tx.send(Event::Closed);
        });
        Ok(Program { child, stdin, events, timeout })
    }

    /// Sends a command (with a newline) and waits for its one-line answer.
    pub fn ask(&mut self, command: Command) -> Result<Reply, Fault> {
        self.send(command)?;
        self.receive(|| false)?.ok_or(Fault::Timeout(self.timeout))
    }

    /// Like [`ask`](Program::ask), but gives up early (returning `Ok(None)`) once `interrupted`
    /// says so; it is polled about every 50 ms (a person typing `quit` while the bot thinks).
    pub fn ask_interruptible(
        &mut self,
        command: Command,
        interrupted: impl FnMut() -> bool,
    ) -> Result<Option<Reply>, Fault> {
        self.send(command)?;
        self.receive(interrupted)
    }

    /// Sends a command and requires `ok.`.
    pub fn expect_ok(&mut self, command: Command) -> Result<(), Fault> {
        match self.ask(command)? {
            Reply::Ok => Ok(()),
            Reply::Error(why) => Err(Fault::Refused(format!("{command} got \"error: {why}.\""))),
            Reply::Move(p) => Err(Fault::Malformed(format!("{command} got the move {p}, not \"ok.\""))),
        }
    }

    fn send(&mut self, command: Command) -> Result<(), Fault> {
        let stdin = self.stdin.as_mut().ok_or(Fault::Deaf)?;
        writeln!(stdin, "{command}").and_then(|()| stdin.flush()).map_err(|_| Fault::Deaf)
    }

    fn receive(&mut self, mut interrupted: impl FnMut() -> bool) -> Result<Option<Reply>, Fault> {
        let deadline = Instant::now() + self.timeout;
        loop {
            let now = Instant::now();
            if now >= deadline {
                return Err(Fault::Timeout(self.timeout));
            }
            match self.events.recv_timeout((deadline - now).min(Duration::from_millis(50))) {
                // A blank line is not an answer; tolerate it and keep waiting.
                Ok(Event::Line(line)) if line.trim().is_empty() => {}
                Ok(Event::Line(line)) => return Reply::parse(&line).map(Some).map_err(|e| Fault::Malformed(e.0)),
                Ok(Event::TooLong) => return Err(Fault::Malformed(format!("a line longer than {MAX_LINE} bytes"))),
                Ok(Event::Closed) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(Fault::Exited(self.exit_status()));
                }
                Err(RecvTimeoutError::Timeout) => {
                    if interrupted() {
                        return Ok(None);
                    }
                }
            }
        }
    }

    /// The exit status, waiting briefly: a bot closes its output just before it exits.
    fn exit_status(&mut self) -> Option<String> {
        let until = Instant::now() + Duration::from_millis(200);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status.to_string()),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                _ => return None,
            }
        }
    }

    /// Says `quit;`, gives the bot a moment to leave, then kills it; always reaps it.
    pub fn shutdown(mut self) {
        if self.send(Command::Quit).is_ok() {
            let _ = self.events.recv_timeout(GRACE);
        }
        self.stdin = None; // closing its input is the second way of saying goodbye
        self.reap();
    }

    fn reap(&mut self) {
        let until = Instant::now() + GRACE;
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.stdin = None;
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
