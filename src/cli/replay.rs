//! `tabula replay FILE --game N`: one game of an arena's `--records` file, move by move.

use super::records::{self, GameRecord};
use anyhow::Context;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use tabula::players::{GameTask, KnownGame, with_game};
use tabula_core::State;
use tabula_train::arena::replay;

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// A file written by `tabula arena --records FILE`.
    file: PathBuf,
    /// Which game: its number in the file (1 is the first line).
    #[arg(long, default_value_t = 1)]
    game: usize,
}

pub fn run(args: ReplayArgs) -> anyhow::Result<()> {
    let mut count = 0;
    for record in records::read(&args.file)? {
        count += 1;
        if count == args.game {
            let record = record?;
            let game = record.game.clone();
            return with_game(&game, Show(record));
        }
    }
    anyhow::bail!("{} holds {count} games, so there is no game {}", args.file.display(), args.game)
}

struct Show(GameRecord);

impl GameTask for Show {
    type Output = ();

    fn run<G: KnownGame>(self, game: G) -> anyhow::Result<()> {
        let r = self.0;
        let seats: Vec<String> =
            r.players.iter().enumerate().map(|(s, name)| format!("{} {name}", game.player_name(s))).collect();
        let mut out = format!("Game {}: {}, {}; seed {}.\n", r.number, r.game, seats.join(" vs "), r.seed);
        let states = replay(&game, r.seed, &r.moves).with_context(|| format!("replaying game {}", r.number))?;
        let mut mover = None;
        for (k, (played, state)) in states.iter().enumerate() {
            if let (Some(text), Some(p)) = (played, mover) {
                let name = r.players.get(p).map_or("?", String::as_str);
                let opening = if k <= r.opening_plies { " (random opening)" } else { "" };
                out += &format!("\n{k}. {} ({name}) plays {text}{opening}.\n", game.player_name(p));
            }
            out += &state.to_string();
            if game.num_players() == 1 {
                out += &format!("Score: {}\n", state.returns()[0]);
            }
            mover = state.turn().player();
        }
        out += &format!("\nResult: {} (returns {:?}).\n", r.result, r.returns);
        // A reader that stops early (`| head`) is no error.
        let _ = std::io::stdout().lock().write_all(out.as_bytes());
        let last = &states.last().expect("the initial state at least").1;
        if last.returns() != r.returns {
            eprintln!("tabula: the replay ends with returns {:?}, not the recorded ones", last.returns());
        }
        Ok(())
    }
}
