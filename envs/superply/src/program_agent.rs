//! Any program that plays through `superply-server` (a client of its line protocol,
//! `PROTOCOL.md`), as an in-process [`Agent`]: the arena and `tabula play` seat it like any
//! other player.
//!
//! For each game the agent opens a listening socket on 127.0.0.1 (an ephemeral port), starts
//! the program with that port (in place of `{port}` in the command, else after `--port`) and
//! plays the server's part for one game: `superply 1`, `waiting`/`start` once it joins, then a
//! `hint` line before every move and a `moved` line after it. The moves it has not seen are read
//! off the board (any order the hints allow tells the same position; in random mode a hint that
//! allows the cell stands for the one drawn), so it follows any driver; a claim of its own side
//! that it did not make (an opening's) is announced after its answer to that hint, which is set
//! aside.
//!
//! A program that fails (cannot start, does not connect, asks for the other seat, times out,
//! leaves, claims a cell the hint does not allow) does not stop the game: the failure is counted
//! and reported on stderr, the program is stopped, and random allowed cells stand in for it
//! until the game ends.
//!
//! ```no_run
//! use superply::program_agent::ProgramAgent;
//! use tabula_core::{Agent, Game, rng_from_seed};
//! let mut bot = ProgramAgent::new("superply-bot --agent greedy");
//! let game = superply::Superply::new(9, superply::Mode::Deterministic, superply::default_hints()).unwrap();
//! let action = bot.act(&game.new_initial_state(0), &mut rng_from_seed(1));
//! assert_eq!(bot.faults(), 0);
//! ```

use crate::game::{Superply, SuperplyState};
use crate::protocol::{LineReader, Message, Request, Seat, VERSION};
use crate::side::Side;
use rand::{Rng, RngCore};
use std::collections::HashSet;
use std::io::{ErrorKind, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tabula_core::{Action, Agent, Game, ProgramOptions, State, Turn};

/// Lines a program may send that are not a claim while the agent waits for one.
const MAX_OTHER_LINES: usize = 10;
/// The game number the program is told.
const GAME: u64 = 1;

/// A server-protocol program as a player.
pub struct ProgramAgent {
    /// Its timeout is how long the program may take to connect, join, or claim a cell.
    options: ProgramOptions,
    live: Option<Live>,
    /// The position the running program knows; once it failed, the one last seen this game.
    known: Option<SuperplyState>,
    failed: bool,
}

/// A running program and its connection.
struct Live {
    child: Child,
    stream: TcpStream,
    lines: LineReader,
    side: Side,
}

impl ProgramAgent {
    /// A command line (split into words like a shell would, see
    /// [`tabula_core::argv::split_words`]) or [`ProgramOptions`].
    pub fn new(options: impl Into<ProgramOptions>) -> Self {
        ProgramAgent { options: options.into(), live: None, known: None, failed: false }
    }

    /// Faults so far (in the shared counter).
    pub fn faults(&self) -> usize {
        self.options.faults()
    }

    fn stop(&mut self) {
        if let Some(mut live) = self.live.take() {
            let _ = live.stream.shutdown(std::net::Shutdown::Both);
            let _ = live.child.kill();
            let _ = live.child.wait();
        }
    }

    /// Starts the program for a game in which it plays `side`, and waits until it has joined.
    fn start(&mut self, state: &SuperplyState, side: Side) -> Result<(), String> {
        self.stop();
        let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| format!("cannot listen on 127.0.0.1: {e}"))?;
        let port = listener.local_addr().map_err(|e| e.to_string())?.port().to_string();
        let mut words = if self.options.command.contains("{port}") {
            tabula_core::argv::split_words(&self.options.command.replace("{port}", &port))?
        } else {
            let mut words = tabula_core::argv::split_words(&self.options.command)?;
            words.extend(["--port".to_string(), port]);
            words
        };
        if words.is_empty() {
            return Err("the command is empty".into());
        }
        let program = words.remove(0);
        let child = Command::new(&program)
            .args(&words)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(if self.options.verbose { Stdio::inherit() } else { Stdio::null() })
            .spawn()
            .map_err(|e| format!("cannot start {program:?}: {e}"))?;
        let deadline = Instant::now() + self.options.timeout;
        let connected = listener
            .set_nonblocking(true)
            .map_err(|e| e.to_string())
            .and_then(|()| accept(&listener, deadline))
            .and_then(|stream| stream.set_nonblocking(false).map(|()| stream).map_err(|e| e.to_string()));
        let mut child = child;
        let stream = match connected {
            Ok(stream) => stream,
            Err(why) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(why);
            }
        };
        // Held from here, so that `stop` reaps the program whatever happens.
        let live = self.live.insert(Live { child, stream, lines: LineReader::new(), side });
        live.send(&Message::Greeting { version: VERSION })?;
        let mut others = 0;
        loop {
            match live.next_request(deadline)? {
                Ok(Request::Hello(name)) => live.send(&Message::Hello { name })?,
                Ok(Request::Join(seat)) => {
                    if let Seat::Side(asked) = seat
                        && asked != side
                    {
                        return Err(format!("asked for {asked}, but the arena seats it as {side}"));
                    }
                    live.send(&Message::Waiting { game: GAME, side })?;
                    let (size, mode) = (state.board().size(), state.mode());
                    live.send(&Message::Start { game: GAME, size, mode, side, opponent: "tabula".into() })?;
                    return Ok(());
                }
                Ok(Request::Quit) => return Err("quit before joining".into()),
                Ok(_) => live.refuse("not in a game: join first", &mut others)?,
                Err(why) => live.refuse(&why, &mut others)?,
            }
        }
    }

    /// The program's claim in `state`, starting it and telling it the moves it missed first.
    fn ask(&mut self, state: &SuperplyState) -> Result<Action, String> {
        let me = state.to_move();
        let missed = match (&self.live, &self.known) {
            (Some(live), Some(known)) if live.side == me => actions_between(known, state),
            _ => None,
        };
        let missed = match missed {
            Some(missed) => missed,
            None => {
                self.start(state, me)?;
                let rules = Superply::new(state.board().size(), state.mode(), state.hints().to_vec())?;
                let start = rules.new_initial_state(0);
                self.known = Some(start.clone());
                actions_between(&start, state).ok_or("no sequence of moves leads to this board")?
            }
        };
        let live = self.live.as_mut().expect("started above");
        let known = self.known.as_mut().expect("set with the program");
        for action in missed {
            if let Turn::Player(p) = known.turn() {
                let side = Side::from_index(p).expect("two players");
                live.send(&Message::hint_for(known).expect("a decision has a hint"))?;
                if side == me {
                    // A claim of its own side that the program did not make (an opening's): it
                    // answers the hint as usual, and the claim that was made stands instead.
                    live.claim(Instant::now() + self.options.timeout)?;
                }
                live.send(&Message::Moved { side, cell: known.action_to_string(action) })?;
            }
            known.apply(action).map_err(|e| e.reason)?;
        }
        live.send(&Message::hint_for(known).expect("a decision has a hint"))?;
        let cell = live.claim(Instant::now() + self.options.timeout)?;
        let action = known
            .parse_cell(&cell)
            .ok()
            .map(|c| c as Action)
            .filter(|a| known.legal_actions().contains(a))
            .ok_or_else(|| format!("claimed {cell:?}, which the hint does not allow"))?;
        live.send(&Message::Moved { side: me, cell: known.action_to_string(action) })?;
        known.apply(action).map_err(|e| e.reason)?;
        Ok(action)
    }
}

/// Waits for the program to connect.
fn accept(listener: &TcpListener, deadline: Instant) -> Result<TcpStream, String> {
    loop {
        match listener.accept() {
            Ok((stream, _)) => return Ok(stream),
            Err(e) if e.kind() == ErrorKind::WouldBlock => {
                if Instant::now() >= deadline {
                    return Err("did not connect in time".into());
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(e) => return Err(format!("could not be accepted: {e}")),
        }
    }
}

impl Live {
    /// The cell the program claims next, other lines answered or refused on the way.
    fn claim(&mut self, deadline: Instant) -> Result<String, String> {
        let mut others = 0;
        loop {
            match self.next_request(deadline)? {
                Ok(Request::Move(cell)) => return Ok(cell),
                Ok(Request::Quit) => return Err("left the game".into()),
                Ok(Request::Hello(name)) => self.send(&Message::Hello { name })?,
                Ok(_) => self.refuse("this server answers only move, hello and quit", &mut others)?,
                Err(why) => self.refuse(&why, &mut others)?,
            }
        }
    }

    fn send(&mut self, message: &Message) -> Result<(), String> {
        writeln!(self.stream, "{message}").map_err(|e| format!("went away: {e}"))
    }

    /// An `error` line for a line that is no use now; too many in a row is a fault.
    fn refuse(&mut self, why: &str, others: &mut usize) -> Result<(), String> {
        *others += 1;
        if *others > MAX_OTHER_LINES {
            return Err(format!("sent {MAX_OTHER_LINES} lines in a row that were no use; the last: {why}"));
        }
        self.send(&Message::Error { text: why.to_string() })
    }

    /// The next line, read as a request (`Err` inside for a line that is not one); an error
    /// outside when the program is gone or the deadline passes.
    fn next_request(&mut self, deadline: Instant) -> Result<Result<Request, String>, String> {
        let mut buffer = [0u8; 1024];
        loop {
            if let Some(line) = self.lines.next_line() {
                return Ok(match line {
                    Ok(text) => Request::parse(&text),
                    Err(limit) => Err(format!("a line longer than {limit} bytes")),
                });
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err("timed out".into());
            }
            self.stream.set_read_timeout(Some(left.min(Duration::from_millis(100)))).map_err(|e| e.to_string())?;
            match self.stream.read(&mut buffer) {
                Ok(0) => return Err("closed the connection".into()),
                Ok(n) => self.lines.feed(&buffer[..n]),
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut | ErrorKind::Interrupted) => {}
                Err(e) => return Err(format!("went away: {e}")),
            }
        }
    }
}

impl Agent<SuperplyState> for ProgramAgent {
    fn name(&self) -> String {
        self.options.name()
    }

    fn act(&mut self, state: &SuperplyState, rng: &mut dyn RngCore) -> Action {
        let legal = state.legal_actions();
        if self.failed {
            if self.known.as_ref().is_some_and(|known| continues(known, state)) {
                self.known = Some(state.clone());
                return legal[rng.random_range(0..legal.len())];
            }
            self.failed = false; // a new game: the program gets another chance
        }
        match self.ask(state) {
            Ok(action) => action,
            Err(fault) => {
                self.options.count_fault(&fault);
                self.stop();
                self.failed = true;
                self.known = Some(state.clone());
                legal[rng.random_range(0..legal.len())]
            }
        }
    }

    fn reset(&mut self) {
        self.stop();
        self.failed = false;
        self.known = None;
    }
}

impl Drop for ProgramAgent {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Whether `to` can follow `from` in one game: every claimed cell still held by the same side.
fn continues(from: &SuperplyState, to: &SuperplyState) -> bool {
    from.board().size() == to.board().size()
        && Side::BOTH.iter().all(|&s| from.board().held(s) & !to.board().held(s) == 0)
}

/// The actions (nature's hints included) that lead from `from` to `to` (a decision), or `None`
/// if `to` does not continue `from`: depth first over claims of the cells each side holds in
/// `to`, under hints that allow them, remembering dead ends.
pub fn actions_between(from: &SuperplyState, to: &SuperplyState) -> Option<Vec<Action>> {
    if !continues(from, to) || !matches!(to.turn(), Turn::Player(_)) {
        return None;
    }
    let mut actions = Vec::new();
    search(from.clone(), to, &mut actions, &mut HashSet::new()).then_some(actions)
}

fn search(state: SuperplyState, to: &SuperplyState, actions: &mut Vec<Action>, dead_ends: &mut HashSet<u64>) -> bool {
    let complete = state.board() == to.board();
    if complete && matches!(state.turn(), Turn::Player(_)) {
        return state.position_key() == to.position_key();
    }
    let key = state.position_key();
    if dead_ends.contains(&key) {
        return false;
    }
    let candidates: Vec<Action> = match state.turn() {
        Turn::Terminal => Vec::new(),
        // Nature: any hint that lets the mover claim a cell it holds in `to` (or, once the
        // board is complete, the hint `to` is under).
        Turn::Chance => {
            let wanted = to.board().held(state.to_move()) & !state.board().held(state.to_move());
            state
                .chance_outcomes()
                .into_iter()
                .map(|(a, _)| a)
                .filter(|&a| {
                    let mut next = state.clone();
                    next.apply(a).is_ok()
                        && (if complete {
                            next.position_key() == to.position_key()
                        } else {
                            next.allowed() & wanted != 0
                        })
                })
                .collect()
        }
        Turn::Player(p) => {
            let side = Side::from_index(p).expect("two players");
            let wanted = to.board().held(side) & !state.board().held(side);
            state.legal_actions().into_iter().filter(|&a| wanted >> a & 1 == 1).collect()
        }
    };
    for a in candidates {
        let mut next = state.clone();
        next.apply(a).expect("a legal action");
        actions.push(a);
        if search(next, to, actions, dead_ends) {
            return true;
        }
        actions.pop();
    }
    dead_ends.insert(key);
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Mode;
    use crate::hint::default_hints;

    #[test]
    fn every_position_of_random_games_is_found_again_from_the_start() {
        for mode in [Mode::Random, Mode::Deterministic] {
            let game = Superply::new(5, mode, default_hints()).unwrap();
            let start = game.new_initial_state(0);
            let mut rng = tabula_core::rng_from_seed(9);
            for _ in 0..10 {
                let mut s = start.clone();
                while !s.is_terminal() {
                    if matches!(s.turn(), Turn::Player(_)) {
                        let found = actions_between(&start, &s).unwrap_or_else(|| panic!("{mode}: {s:?}"));
                        let mut replayed = start.clone();
                        for a in found {
                            replayed.apply(a).unwrap();
                        }
                        assert_eq!(replayed.position_key(), s.position_key());
                        let legal = s.legal_actions();
                        s.apply(legal[rng.random_range(0..legal.len())]).unwrap();
                    } else {
                        s.sample_chance(&mut rng);
                    }
                }
            }
        }
    }

    #[test]
    fn a_program_that_cannot_start_is_a_counted_fault_and_random_moves_stand_in() {
        let game = Superply::new(5, Mode::Deterministic, default_hints()).unwrap();
        let mut agent = ProgramAgent::new("/nonexistent/superply-bot");
        let mut rng = tabula_core::rng_from_seed(1);
        let state = game.new_initial_state(0);
        let action = agent.act(&state, &mut rng);
        assert!(state.legal_actions().contains(&action));
        assert_eq!(agent.faults(), 1);
        let mut next = state.clone();
        next.apply(action).unwrap();
        next.apply(next.legal_actions()[0]).unwrap();
        agent.act(&next, &mut rng);
        assert_eq!(agent.faults(), 1, "the rest of the game does not try again");
        agent.reset();
        agent.act(&state, &mut rng);
        assert_eq!(agent.faults(), 2, "a new game does");
    }
}
