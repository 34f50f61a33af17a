//! `tabula arena <game> --players P1 P2 …`: players rated against each other.
//!
//! Two-player games: a round robin (or a gauntlet), seats alternated in pairs of games from one
//! random opening, and ratings on the Elo scale from a Bradley–Terry fit with 95% intervals
//! ([`tabula_train::ratings`]). One-player games: every player on the same seeds, and each
//! player's per-seed difference to the first (a paired comparison: the seeds' luck cancels).
//! Games of three or more: each player in every seat against a field, its firsts paired with
//! the first player's on the same deals and seats.
//!
//! This file is the command; the arena it runs ([`Arena`]) is in `plan.rs`, the two kinds of
//! report in `two_players.rs` and `one_player.rs` (games of three or more: `../field.rs`), and
//! how a report is shown in `report.rs` (paired differences: `paired.rs`).

mod one_player;
mod paired;
mod plan;
mod report;
mod two_players;

pub(super) use paired::PairedDiff;
pub use plan::Arena;
pub(super) use plan::progress;

use super::records::{self, GameRecord, RecordSink};
use anyhow::Context;
use clap::Args;
use one_player::{one_player, score};
use report::Report;
use std::path::PathBuf;
use std::time::Duration;
use tabula::players::{BuildOptions, GameTask, KnownGame, Player, SPEC_HELP, parse_all, with_game};
use two_players::{Header, rate, two_players};

#[derive(Debug, Args)]
#[command(after_long_help = SPEC_HELP)]
pub struct ArenaArgs {
    /// Game spec, e.g. `score4` or `superball` (see `tabula games`).
    game: String,
    /// The players, as player specs (see PLAYER SPECS below): two or more for a two-player game,
    /// one or more for a one-player game. Games of three or more players seat each player in one
    /// seat against a field of the last player (or --gauntlet) in all the others, rotating the
    /// seat over the same deals; the field plays itself too, for parity, and each player's firsts
    /// are paired with the first player's on the same deals and seats.
    #[arg(long, num_args = 1.., required_unless_present = "from_records", value_name = "PLAYER")]
    players: Vec<String>,
    /// Two-player games: this player against each of the others instead of a round robin.
    /// One-player games: the player the others' paired differences are to (default: the first).
    /// Games of three or more: the field (default: the last player).
    /// It may be one of --players or another spec.
    #[arg(long, value_name = "PLAYER")]
    gauntlet: Option<String>,
    /// Games per pairing (two players; seats alternate in pairs), seeds per player (one player),
    /// or games per player against the field (three or more: each deal is played once per seat).
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Random plies that open each pair of games, so that deterministic players do not repeat
    /// one game (two players). Default: the game's (for Upward-Rightward, whose first part offers
    /// at most two choices a ply, the board's size: 6; 2 elsewhere).
    #[arg(long)]
    opening_plies: Option<usize>,
    /// Two players: the seed of the openings (every pairing plays the same ones). One player: the
    /// first game seed (seeds SEED..SEED+games; seed n deals what sb-player deals for n).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Thinking time a move of the alphabeta and mcts baselines (Score 4, Superply,
    /// Upward-Rightward) when named without a number.
    #[arg(long, default_value_t = 1000, value_name = "MS")]
    movetime_ms: u64,
    /// Root actions the Gumbel search of run: and ckpt: players considers (default: the run's).
    #[arg(long)]
    considered: Option<usize>,
    /// How long a cmd: program may take to answer one command (Superply: to connect, join, or
    /// claim a cell).
    #[arg(long, default_value_t = 10_000, value_name = "MS")]
    cmd_timeout_ms: u64,
    /// One JSON document on stdout (ratings and pairings, or scores) instead of tables.
    #[arg(long)]
    json: bool,
    /// Write every game to FILE, one JSON object a line: game spec, seed, pair, players by seat,
    /// moves in the game's notation, returns, result and seconds (and, three or more players, the
    /// measured player's seat). A game is written as it ends (a
    /// killed arena keeps the games it finished); the file is put in order when the arena is done.
    /// `tabula replay FILE --game N` shows one.
    #[arg(long, value_name = "FILE")]
    records: Option<PathBuf>,
    /// Play nothing: the table (and --json, --plot) of the games in these --records files, e.g.
    /// seed ranges played apart (`--seed 1 --games 50` here, `--seed 51 --games 50` there). Players
    /// come in the order they first appear; one-player games need every player on the same seeds;
    /// games of three or more have one field (--gauntlet, else the player in every game), and a
    /// game found in two files (the field's own row of arenas on the same deals) counts once.
    /// Protocol faults are not in records.
    #[arg(long, num_args = 1.., value_name = "FILE", conflicts_with_all = ["players", "records"])]
    from_records: Vec<PathBuf>,
    /// Also draw the results into a PNG: each player's rating with its 95% interval (two
    /// players), or its mean score ± 1.96 standard errors (one player). Drawn after the table.
    #[arg(long, value_name = "FILE.png")]
    plot: Option<PathBuf>,
    /// Draw the plot's rows in the order the players were given (one run's models by hours
    /// trained make a learning curve) instead of the best on top.
    #[arg(long, requires = "plot")]
    plot_in_order: bool,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// Show cmd: programs' stderr (Score 4).
    #[arg(short, long)]
    verbose: bool,
}

pub fn run(args: ArenaArgs) -> anyhow::Result<()> {
    let arena = Arena {
        game: args.game,
        players: parse_all(&args.players)?,
        gauntlet: args.gauntlet.as_deref().map(str::parse).transpose()?,
        games: args.games,
        opening_plies: args.opening_plies,
        seed: args.seed,
        build: BuildOptions {
            movetime: Duration::from_millis(args.movetime_ms),
            considered: args.considered,
            command_timeout: Duration::from_millis(args.cmd_timeout_ms),
            verbose: args.verbose,
        },
        json: args.json,
        records: args.records,
        from_records: args.from_records,
        plot: args.plot,
        plot_in_order: args.plot_in_order,
        quiet: args.quiet,
    };
    run_arena(arena)
}

pub fn run_arena(mut arena: Arena) -> anyhow::Result<()> {
    anyhow::ensure!(arena.games > 0, "--games must be at least 1");
    if let Some(plot) = &arena.plot {
        // Found out before the games, not after them.
        anyhow::ensure!(
            plot.extension().is_some_and(|e| e.eq_ignore_ascii_case("png")),
            "--plot {}: the plot is a PNG; name the file *.png",
            plot.display()
        );
        let folder = plot.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
        anyhow::ensure!(folder.is_dir(), "--plot {}: no folder {}", plot.display(), folder.display());
    }
    let game = arena.game.clone();
    if !arena.from_records.is_empty() {
        return with_game(&game, Tabulate { arena });
    }
    // The gauntlet player goes first: it is the row of every pairing, or the reference of the
    // paired differences.
    let gauntlet = arena.gauntlet.take().map(|g| {
        arena.players.retain(|p| *p != g);
        arena.players.insert(0, g);
        0
    });
    for (i, p) in arena.players.iter().enumerate() {
        anyhow::ensure!(!arena.players[..i].contains(p), "{p} is listed twice in --players");
    }
    with_game(&game, Run { arena, gauntlet })
}

struct Run {
    arena: Arena,
    gauntlet: Option<usize>,
}

impl GameTask for Run {
    type Output = ();

    fn run<G: KnownGame>(self, game: G) -> anyhow::Result<()> {
        let a = &self.arena;
        let players =
            a.players.iter().map(|spec| spec.build(&game, &a.build)).collect::<anyhow::Result<Vec<Player<G>>>>()?;
        let sink = RecordSink::create(a.records.as_deref())?;
        let (report, games) = match game.num_players() {
            2 => {
                anyhow::ensure!(players.len() >= 2, "a two-player arena needs at least two players");
                let (report, games) = two_players(&game, &players, self.gauntlet, a, &sink)?;
                (Report::TwoPlayers(report), games)
            }
            1 => {
                let (report, games) = one_player(&game, &players, a, &sink)?;
                (Report::OnePlayer(report), games)
            }
            _ => {
                // The field (the gauntlet, else the last player) goes last.
                let mut players = players;
                if let Some(g) = self.gauntlet {
                    let field = players.remove(g);
                    players.push(field);
                }
                let (report, games) = super::field::field(&game, &players, a, &sink)?;
                (Report::Field(report), games)
            }
        };
        sink.finish(&games)?;
        report.print(a)
    }
}

/// `--from-records`: the report of games played before.
struct Tabulate {
    arena: Arena,
}

impl GameTask for Tabulate {
    type Output = ();

    fn run<G: KnownGame>(self, game: G) -> anyhow::Result<()> {
        let a = &self.arena;
        let games = records::read_all(&a.from_records)?;
        anyhow::ensure!(!games.is_empty(), "--from-records: no games in {}", files(&a.from_records));
        let spec = game.spec();
        if let Some(other) = games.iter().find(|r| r.game != spec) {
            anyhow::bail!("--from-records: game {} is {}, not {spec}", other.number, other.game);
        }
        let mut names: Vec<String> = Vec::new();
        for r in &games {
            for name in &r.players {
                if !names.contains(name) {
                    names.push(name.clone());
                }
            }
        }
        if let Some(g) = &a.gauntlet {
            let g = g.to_string();
            let at = names.iter().position(|n| *n == g).with_context(|| {
                format!("--gauntlet {g}: no such player in the records (they hold {})", names.join(", "))
            })?;
            let g = names.remove(at);
            names.insert(0, g);
        }
        let report = match game.num_players() {
            2 => {
                anyhow::ensure!(
                    games.iter().all(|r| r.players.len() == 2),
                    "--from-records: a game without two players"
                );
                let mut pairings: Vec<((usize, usize), Vec<GameRecord>)> = Vec::new();
                for r in games {
                    let seat = |s: usize| names.iter().position(|n| *n == r.players[s]).expect("named above");
                    let key = (seat(0).min(seat(1)), seat(0).max(seat(1)));
                    match pairings.iter_mut().find(|(k, _)| *k == key) {
                        Some((_, list)) => list.push(r),
                        None => pairings.push((key, vec![r])),
                    }
                }
                pairings.sort_by_key(|(k, _)| *k);
                let gauntlet = a.gauntlet.is_some() || pairings.iter().all(|((i, _), _)| *i == 0);
                let header = Header {
                    format: if gauntlet { "gauntlet" } else { "round_robin" },
                    opening_plies: pairings[0].1[0].opening_plies,
                    seed: None,
                    from: Some(files(&a.from_records)),
                };
                let faults = vec![0; names.len()];
                let anchor = names.iter().position(|n| n == "random").unwrap_or(0);
                Report::TwoPlayers(rate(&spec, &names, &faults, anchor, &pairings, header)?)
            }
            1 => {
                let mut by_player: Vec<Vec<GameRecord>> = vec![Vec::new(); names.len()];
                for r in games {
                    let k =
                        names.iter().position(|n| r.players.first() == Some(n)).context("a game without a player")?;
                    by_player[k].push(r);
                }
                let faults = vec![0; names.len()];
                Report::OnePlayer(score(&spec, &names, &faults, &by_player, Some(files(&a.from_records)))?)
            }
            p => {
                let field = a.gauntlet.as_ref().map(|g| g.to_string());
                let (report, unseated) =
                    super::field::tabulate(&spec, p, field.as_deref(), &games, files(&a.from_records))?;
                if unseated > 0 {
                    eprintln!(
                        "tabula: {unseated} games of the field against itself left out: their records (of an older \
                         tabula) do not say which seat was measured"
                    );
                }
                Report::Field(report)
            }
        };
        report.print(a)
    }
}

fn files(paths: &[PathBuf]) -> String {
    paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
}
