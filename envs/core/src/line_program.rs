//! A computer player for a line protocol: a child process spoken to over its stdin and stdout,
//! one command line out, one answer line back. The referees of Score 4 and Upward-Rightward
//! drive their bots with it: [`LineProgram`] moves lines, [`Program`] speaks a game's commands
//! (anything that prints) and replies ([`Reply`]).
//!
//! A thread reads the child's stdout into a channel line by line, so the referee waits with a
//! timeout and never blocks on a silent, slow or dead bot. The child's stderr goes to
//! `/dev/null` (or to ours with `verbose`): a pipe nobody read would fill and hang the bot.
//! Writing to a bot that has gone fails with an error we report (Rust ignores SIGPIPE).
//!
//! ```
//! use std::time::Duration;
//! use tabula_core::line_program::{Fault, LineProgram};
//! let mut cat = LineProgram::spawn("cat", 4096, Duration::from_secs(5), false).unwrap();
//! cat.send_line("move;").unwrap();
//! assert_eq!(cat.receive_line(|| false).unwrap().as_deref(), Some("move;"));
//! cat.shutdown("quit;");
//! let missing = LineProgram::spawn("no-such-program-here", 4096, Duration::from_secs(1), false);
//! assert!(matches!(missing, Err(Fault::Spawn(_))));
//! ```

use crate::argv::split_words;
use std::fmt;
use std::io::{Read, Write};
use std::marker::PhantomData;
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long a bot may take to leave after its quit command before it is killed.
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

impl Fault {
    /// The fault of answering `error: WHY.` to `command`, worded alike in every referee.
    pub fn refused(command: impl fmt::Display, why: &str) -> Fault {
        Fault::Refused(format!("{command} got \"error: {why}.\""))
    }
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
pub struct LineProgram {
    child: Child,
    stdin: Option<ChildStdin>,
    events: Receiver<Event>,
    max_line: usize,
    timeout: Duration,
}

impl LineProgram {
    /// Starts `command_line` (split into words like a shell would, not run through one). Lines
    /// longer than `max_line` bytes are not replies: the rest of such a line is dropped as it
    /// arrives. `timeout` bounds the wait for each answer.
    pub fn spawn(command_line: &str, max_line: usize, timeout: Duration, verbose: bool) -> Result<LineProgram, Fault> {
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
                    } else if line.len() < max_line {
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
        Ok(LineProgram { child, stdin, events, max_line, timeout })
    }

    /// The time allowed for each answer.
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// Sends `line` and a newline.
    pub fn send_line(&mut self, line: &str) -> Result<(), Fault> {
        let stdin = self.stdin.as_mut().ok_or(Fault::Deaf)?;
        writeln!(stdin, "{line}").and_then(|()| stdin.flush()).map_err(|_| Fault::Deaf)
    }

    /// Waits for the next line that is not blank (a blank line is not an answer), without its
    /// newline. Gives up early with `Ok(None)` once `interrupted` says so; it is polled about
    /// every 50 ms (a person typing `quit` while the bot thinks).
    pub fn receive_line(&mut self, mut interrupted: impl FnMut() -> bool) -> Result<Option<String>, Fault> {
        let deadline = Instant::now() + self.timeout;
        loop {
            let now = Instant::now();
            if now >= deadline {
                return Err(Fault::Timeout(self.timeout));
            }
            match self.events.recv_timeout((deadline - now).min(Duration::from_millis(50))) {
                Ok(Event::Line(line)) if line.trim().is_empty() => {}
                Ok(Event::Line(line)) => return Ok(Some(line)),
                Ok(Event::TooLong) => {
                    return Err(Fault::Malformed(format!("a line longer than {} bytes", self.max_line)));
                }
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

    /// Says `quit_line`, gives the bot a moment to leave, then kills it; always reaps it.
    pub fn shutdown(mut self, quit_line: &str) {
        if self.send_line(quit_line).is_ok() {
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

impl Drop for LineProgram {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.stdin = None;
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// A game's one-line answer to a command, as [`Program`] needs it.
pub trait Reply: Sized {
    /// Reads one line (without its newline); the error says what is wrong with it.
    fn parse_line(line: &str) -> Result<Self, String>;
    /// What the answer says to a command that wants `ok.`.
    fn verdict(self) -> Verdict;
    /// `Ok` for the answer `ok.`; otherwise the fault of answering `self` to `command`.
    fn expect_ok(self, command: &str) -> Result<(), Fault> {
        match self.verdict() {
            Verdict::Ok => Ok(()),
            Verdict::Refused(why) => Err(Fault::refused(command, &why)),
            Verdict::Other(what) => Err(Fault::Malformed(format!("{command} got {what}, not \"ok.\""))),
        }
    }
}

/// An answer as a command that wants `ok.` sees it; every game's replies sort into these three,
/// so the faults of a wrong answer read alike in every referee.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// `ok.`
    Ok,
    /// `error: REASON.`, with the reason.
    Refused(String),
    /// Anything else, described for a message: `the move B3`, `"show 7."`.
    Other(String),
}

/// A running bot that speaks a game's protocol: commands `C` out, replies `R` back.
pub struct Program<C, R> {
    line: LineProgram,
    quit: C,
    speaks: PhantomData<fn(&C) -> R>,
}

impl<C: fmt::Display, R: Reply> Program<C, R> {
    /// Starts `command_line` (see [`LineProgram::spawn`]); `quit` is the command that ends it.
    pub fn spawn(
        command_line: &str,
        max_line: usize,
        timeout: Duration,
        verbose: bool,
        quit: C,
    ) -> Result<Self, Fault> {
        let line = LineProgram::spawn(command_line, max_line, timeout, verbose)?;
        Ok(Program { line, quit, speaks: PhantomData })
    }

    /// Sends a command (with a newline) and waits for its one-line answer.
    pub fn ask(&mut self, command: &C) -> Result<R, Fault> {
        let timeout = self.line.timeout();
        self.ask_interruptible(command, || false)?.ok_or(Fault::Timeout(timeout))
    }

    /// Like [`ask`](Program::ask), but gives up early (returning `Ok(None)`) once `interrupted`
    /// says so; it is polled about every 50 ms (a person typing `quit` while the bot thinks).
    pub fn ask_interruptible(&mut self, command: &C, interrupted: impl FnMut() -> bool) -> Result<Option<R>, Fault> {
        self.line.send_line(&command.to_string())?;
        match self.line.receive_line(interrupted)? {
            Some(line) => R::parse_line(&line).map(Some).map_err(Fault::Malformed),
            None => Ok(None),
        }
    }

    /// Sends a command and requires `ok.`.
    pub fn expect_ok(&mut self, command: &C) -> Result<(), Fault> {
        self.ask(command)?.expect_ok(&command.to_string())
    }

    /// Says the quit command, gives the bot a moment to leave, then kills it; always reaps it.
    pub fn shutdown(self) {
        self.line.shutdown(&self.quit.to_string());
    }
}
