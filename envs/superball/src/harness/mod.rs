//! The sb-player game loop, byte for byte as the original harness: seed `lrand48`, add 5 cells,
//! then each turn print the board, ask the player for a line, echo it, and play it.
//!
//! Each turn prints (with output on)
//!
//! ```text
//! Empty Cells: %2d     Score: %d
//!
//! <the board>
//!
//! Move is: <the player's line>
//!
//! ```
//!
//! and the game ends with `Game over.  Final score = N`. A line that is not a move is echoed and
//! the same board is asked again (at most [`Options::max_reasks`] times in a row); an illegal
//! move prints the reason and ends with status 1; a player that prints nothing ends the game
//! silently with status 0.
//!
//! ```
//! use superball::{Params, harness::{self, Options, Replay}};
//! let mut moves = Replay::new(vec!["SCORE 0 0".into()]);
//! let mut out = Vec::new();
//! let outcome = harness::run_game(&Params::default(), 1, &mut moves, &Options::default(), &mut out, None).unwrap();
//! assert_eq!(outcome.exit_code(), 1);
//! assert!(String::from_utf8(out).unwrap().ends_with("Move is: SCORE 0 0\n\n\nSCORE r c -- not a goal cell\n\n"));
//! ```

mod agent;
mod sources;

pub use agent::ProgramAgent;
pub use sources::{Human, MoveSource, Program, Replay};

use crate::action::RawMove;
use crate::lrand48::Lrand48;
use crate::params::Params;
use crate::rules::MoveError;
use crate::state::SuperballState;
use std::io::{self, BufRead, Write};
use tabula_core::State;

/// How the harness runs a game.
#[derive(Debug, Clone)]
pub struct Options {
    /// Wait for Return before each move (`interactive` = `y`).
    pub interactive: bool,
    /// Print every turn (`output` = `y`); otherwise only the final line.
    pub output: bool,
    /// Lines that are not moves accepted in a row before giving up (the original asks forever).
    pub max_reasks: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options { interactive: false, output: true, max_reasks: 1000 }
    }
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// A swap left fewer than 5 empty cells: `Game over.` was printed.
    GameOver,
    /// The player printed nothing; the harness stops (status 0, no `Game over` line).
    NoOutput,
    /// The player's move was illegal (status 1).
    Illegal(MoveError),
    /// The player kept printing lines that are not moves (status 1).
    GaveUp,
}

/// The result of one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub end: End,
    pub score: u64,
    /// Moves played (swaps and scores).
    pub moves: usize,
}

impl Outcome {
    /// sb-player's exit status.
    pub fn exit_code(&self) -> i32 {
        match self.end {
            End::GameOver | End::NoOutput => 0,
            End::Illegal(_) | End::GaveUp => 1,
        }
    }
}

/// Plays one game of `params` from `seed` with `player`, printing to `out`. `keyboard` is where
/// an interactive game waits for Return (standard input in sb-player).
pub fn run_game(
    params: &Params,
    seed: i64,
    player: &mut dyn MoveSource,
    options: &Options,
    out: &mut dyn Write,
    mut keyboard: Option<&mut dyn BufRead>,
) -> io::Result<Outcome> {
    let mut rng = Lrand48::new(seed);
    let mut state = SuperballState::new(params.clone());
    state.sample_chance(&mut rng);
    let mut moves = 0;
    let mut reasks = 0;
    loop {
        let board = state.board_text();
        if options.output {
            write!(out, "Empty Cells: {:2}     Score: {}\n\n{board}\n", state.empty(), state.score())?;
        }
        if options.interactive && !player.is_human() {
            writeln!(out, "Type Return for the next play")?;
            out.flush()?;
            if let Some(k) = keyboard.as_deref_mut() {
                let mut ignored = String::new();
                k.read_line(&mut ignored)?;
            }
        }
        out.flush()?;
        let Some(line) = player.next_line(&board, out)? else {
            return Ok(Outcome { end: End::NoOutput, score: state.score(), moves });
        };
        if options.output && !player.is_human() {
            write!(out, "Move is: {line}\n\n")?;
        }
        let Some(raw) = RawMove::parse(&line) else {
            reasks += 1;
            if reasks > options.max_reasks {
                return Ok(Outcome { end: End::GaveUp, score: state.score(), moves });
            }
            continue;
        };
        reasks = 0;
        let played = state.check_move(raw).and_then(|m| state.play(m));
        if let Err(e) = played {
            write!(out, "\n{e}\n\n")?;
            out.flush()?;
            return Ok(Outcome { end: End::Illegal(e), score: state.score(), moves });
        }
        moves += 1;
        if state.is_terminal() {
            writeln!(out, "Game over.  Final score = {}", state.score())?;
            out.flush()?;
            return Ok(Outcome { end: End::GameOver, score: state.score(), moves });
        }
        state.sample_chance(&mut rng);
    }
}

/// The seed argument: a number (C `atol`), or `-` for the current time.
pub fn parse_seed(arg: &str) -> Option<i64> {
    if arg == "-" {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
        Some(now as i64)
    } else {
        crate::cli::c_int(arg)
    }
}
