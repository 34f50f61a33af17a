//! The arbitrator's line protocol (`PROTOCOL.md`), shared by `clue-arbiter` and the bots so both
//! read and write it alike. As in tabula's other protocols, the arbitrator writes commands ending
//! in `;` and the player answers each with one line ending in `.`:
//!
//! | arbitrator | player |
//! |---|---|
//! | `new players 4 items 24 hidden 4 rounds 100 seat 2 hand 3 7 12 15 19;` | `ok.` |
//! | `turn;` | `ask 3: 2 7 11.` or `guess: 1 5 9 13.` |
//! | `show 1: 2 7 11;` (player 1 asks you; you hold one of them) | `show 7.` |
//! | `note: 1 asked 3: 2 7 11 showed 7;` (`showed;` to others, `none;` if none) | `ok.` |
//! | `note: 2 guessed holding 1 4 8 12 20;` / `note: 2 removed holding ...;` | `ok.` |
//! | `end: 3 1 2 4;` (seats from first to last) | `ok.` |
//! | `quit;` | `ok.`, then it exits |
//!
//! * [`Command`] and [`Reply`]: parsing (any case, any spacing, colons and commas optional,
//!   hostile bytes give errors, never panics) and the exact wire form.
//! * [`BotSession`]: the player's side, a [`View`](crate::View) of the game and one answer per
//!   command; [`serve`] runs it over stdin and stdout.
//!
//! ```
//! use clue::protocol::{Pace, serve};
//! use tabula_core::State;
//! let input = b"new players 2 items 5 hidden 1 seat 2 hand 1 2;\nnote: 1 asked 2: 1 showed 1;\nTURN;quit;".as_slice();
//! let mut output = Vec::new();
//! // A player that always takes the first legal sub-action: it asks player 1 about everything.
//! serve(input, &mut output, |s: &clue::ClueState| s.legal_actions()[0], 7, Pace::NONE, std::io::sink()).unwrap();
//! assert_eq!(String::from_utf8(output).unwrap(), "ok.\nok.\nask 1: 1 2 3 4 5.\nok.\n");
//! ```

mod command;
mod reply;
mod session;
mod words;

pub use command::{Command, MAX_COMMAND_BYTES, ParseError};
pub use reply::{Reply, ReplyError};
pub use session::{BotSession, whole_turn};

use std::io::{self, Read, Write};
use tabula_core::Action;
pub use tabula_core::serve::Pace;

/// Answers the arbitrator's commands from `input` on `output` until `quit;` or the end of the
/// input; `choose` picks one sub-action at a time in a state drawn from the bot's view
/// ([`BotSession`]), `seed` seeds those draws. `turn` and `show` are answered no sooner than
/// `pace.decision` after they were read, the other commands no sooner than `pace.other`, so that
/// a bot whose thinking depends on its hand does not tell it by its timing. Diagnostics go to
/// `log`.
pub fn serve(
    input: impl Read,
    output: impl Write,
    choose: impl FnMut(&crate::ClueState) -> Action,
    seed: u64,
    pace: Pace,
    log: impl Write,
) -> io::Result<()> {
    tabula_core::serve::serve(input, output, &mut BotSession::new(choose, seed), pace, log, "clue bot")
}
