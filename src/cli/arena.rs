//! `tabula arena <game> --players P1 P2 …`: players rated against each other.
//!
//! Two-player games: a round robin (or a gauntlet), seats alternated in pairs of games from one
//! random opening, and ratings on the Elo scale from a Bradley–Terry fit with 95% intervals
//! ([`tabula_train::ratings`]). One-player games: every player on the same seeds, and each
//! player's per-seed difference to the first (a paired comparison: the seeds' luck cancels).

use super::players::{BuildOptions, GameTask, KnownGame, Player, PlayerSpec, SPEC_HELP, parse_all, with_game};
use anyhow::Context;
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;
use tabula_core::summary::Summary;
use tabula_train::arena::{GameReport, Reporting, play_match_reported, play_scores_reported};
use tabula_train::elo::elo_from_score;
use tabula_train::plot_estimates::{Estimate, draw_estimates_png};
use tabula_train::ratings::{self, PairResult, Rating};

#[derive(Debug, Args)]
#[command(after_long_help = SPEC_HELP)]
pub struct ArenaArgs {
    /// Game spec, e.g. `score4` or `superball` (see `tabula games`).
    game: String,
    /// The players, as player specs (see PLAYER SPECS below): two or more for a two-player game,
    /// one or more for a one-player game.
    #[arg(long, num_args = 1.., required = true, value_name = "PLAYER")]
    players: Vec<String>,
    /// Two-player games: this player against each of the others instead of a round robin.
    /// One-player games: the player the others' paired differences are to (default: the first).
    /// It may be one of --players or another spec.
    #[arg(long, value_name = "PLAYER")]
    gauntlet: Option<String>,
    /// Games per pairing (two players; seats alternate in pairs), or seeds per player (one player).
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Random plies that open each pair of games, so that deterministic players do not repeat
    /// one game (two players).
    #[arg(long, default_value_t = 2)]
    opening_plies: usize,
    /// Two players: the seed of the openings (every pairing plays the same ones). One player: the
    /// first game seed (seeds SEED..SEED+games; seed n deals what sb-player deals for n).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Thinking time a move of Score 4's alphabeta and mcts when named without a number.
    #[arg(long, default_value_t = 1000, value_name = "MS")]
    movetime_ms: u64,
    /// Root actions the Gumbel search of run: and ckpt: players considers (default: the run's).
    #[arg(long)]
    considered: Option<usize>,
    /// How long a Score 4 cmd: program may take to answer one command.
    #[arg(long, default_value_t = 10_000, value_name = "MS")]
    cmd_timeout_ms: u64,
    /// One JSON document on stdout (ratings and pairings, or scores) instead of tables.
    #[arg(long)]
    json: bool,
    /// Write every game to FILE, one JSON object a line: game spec, seed, pair, players by seat,
    /// moves in the game's notation, returns and result. `tabula replay FILE --game N` shows one.
    #[arg(long, value_name = "FILE")]
    records: Option<PathBuf>,
    /// Also draw the results into a PNG: each player's rating with its 95% interval (two
    /// players), or its mean score ± 1.96 standard errors (one player). Drawn after the table.
    #[arg(long, value_name = "FILE.png")]
    plot: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// Show cmd: programs' stderr (Score 4).
    #[arg(short, long)]
    verbose: bool,
}

/// An arena to run, its players parsed (also what `tabula eval` runs).
pub struct Arena {
    pub game: String,
    pub players: Vec<PlayerSpec>,
    pub gauntlet: Option<PlayerSpec>,
    pub games: usize,
    pub opening_plies: usize,
    pub seed: u64,
    pub build: BuildOptions,
    pub json: bool,
    pub records: Option<PathBuf>,
    pub plot: Option<PathBuf>,
    pub quiet: bool,
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
        plot: args.plot,
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
    let game = arena.game.clone();
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
        let mut records = a
            .records
            .as_ref()
            .map(|path| {
                std::fs::File::create(path)
                    .map(std::io::BufWriter::new)
                    .with_context(|| format!("--records {}", path.display()))
            })
            .transpose()?;
        let report = match game.num_players() {
            2 => {
                anyhow::ensure!(players.len() >= 2, "a two-player arena needs at least two players");
                Report::TwoPlayers(two_players(&game, &players, self.gauntlet, a, records.as_mut())?)
            }
            1 => Report::OnePlayer(one_player(&game, &players, a, records.as_mut())?),
            n => anyhow::bail!("the arena seats one or two players, and {} has {n}", game.name()),
        };
        if let Some(mut file) = records {
            file.flush().context("--records")?;
        }
        let text = if a.json { serde_json::to_string_pretty(&report)? + "\n" } else { report.table() };
        // A reader that stops early (`| head`) is no error.
        let _ = std::io::stdout().lock().write_all(text.as_bytes());
        if let Some(path) = &a.plot {
            let (title, axis, rows) = report.estimates(a.games);
            draw_estimates_png(&title, axis, &rows, path).with_context(|| format!("--plot {}", path.display()))?;
        }
        Ok(())
    }
}

/// One game in a `--records` file.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's spec string.
    pub game: String,
    /// 1 for the file's first game, and so on (`tabula replay --game N`).
    pub number: usize,
    /// Seed of the initial state and of chance (two players: also a pair's; one player: the seed).
    pub seed: u64,
    /// Two players: the pair of games (same opening, seats swapped) within its pairing.
    pub pair: usize,
    /// The players by seat (seat 0 moves first).
    pub players: Vec<String>,
    /// How many of the first moves were the random opening.
    pub opening_plies: usize,
    /// The moves in the game's notation.
    pub moves: Vec<String>,
    /// Returns by seat.
    pub returns: Vec<f64>,
    /// `1-0`, `0-1` or `1/2-1/2` (two players), or the score (one player).
    pub result: String,
}

fn write_records(
    file: Option<&mut std::io::BufWriter<std::fs::File>>,
    game: &str,
    numbered: &mut usize,
    mut reports: Vec<GameReport>,
    seat_names: impl Fn(&GameReport) -> Vec<String>,
) -> anyhow::Result<()> {
    let Some(file) = file else { return Ok(()) };
    reports.sort_by_key(|r| (r.pair, r.a_seat));
    for r in reports {
        *numbered += 1;
        let result = match r.returns[..] {
            [score] => format!("{score}"),
            [w, b] if w > b => "1-0".into(),
            [w, b] if w < b => "0-1".into(),
            _ => "1/2-1/2".into(),
        };
        let record = GameRecord {
            game: game.to_string(),
            number: *numbered,
            seed: r.seed,
            pair: r.pair,
            players: seat_names(&r),
            opening_plies: r.opening_plies,
            moves: r.moves,
            returns: r.returns,
            result,
        };
        writeln!(file, "{}", serde_json::to_string(&record)?).context("--records")?;
    }
    Ok(())
}

fn progress(total: usize, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{spinner} {pos}/{len} games [{elapsed_precise}, ~{eta} left] {wide_bar} {msg}")
            .expect("a valid template"),
    );
    bar
}

#[derive(Debug, Serialize)]
#[serde(untagged)]
enum Report {
    TwoPlayers(TwoPlayerReport),
    OnePlayer(OnePlayerReport),
}

#[derive(Debug, Serialize)]
struct TwoPlayerReport {
    game: String,
    /// `round_robin` or `gauntlet`.
    format: &'static str,
    games_per_pairing: usize,
    opening_plies: usize,
    seed: u64,
    /// The player rated 0.
    anchor: String,
    /// How the ratings were found.
    method: &'static str,
    players: Vec<RatedPlayer>,
    pairings: Vec<Pairing>,
}

#[derive(Debug, Serialize)]
struct RatedPlayer {
    player: String,
    elo: f64,
    /// The 95% interval.
    elo_low: f64,
    elo_high: f64,
    games: u32,
    /// Points per game over all its games, draws half.
    score: f64,
    /// Protocol faults of a cmd: player (random legal moves stood in).
    faults: usize,
}

#[derive(Debug, Serialize)]
struct Pairing {
    /// The pairing from `a`'s side.
    a: String,
    b: String,
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    score: f64,
    /// The Elo difference this score alone implies (±800 at most).
    elo_diff: f64,
    seconds_per_game: f64,
}

const METHOD: &str = "maximum-likelihood Bradley-Terry fit (draws half a point, one virtual draw a pairing), \
                      95% profile-likelihood intervals relative to the anchor";

fn two_players<G: KnownGame>(
    game: &G,
    players: &[Player<G>],
    gauntlet: Option<usize>,
    a: &Arena,
    mut records: Option<&mut std::io::BufWriter<std::fs::File>>,
) -> anyhow::Result<TwoPlayerReport> {
    let n = players.len();
    let pairings: Vec<(usize, usize)> = match gauntlet {
        Some(g) => (0..n).filter(|&j| j != g).map(|j| (g, j)).collect(),
        None => (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect(),
    };
    let bar = progress(pairings.len() * a.games, a.quiet);
    let (mut rows, mut results, mut numbered) = (Vec::new(), Vec::new(), 0);
    for &(i, j) in &pairings {
        let (pi, pj) = (&players[i], &players[j]);
        bar.set_message(format!("{} vs {}", pi.name(), pj.name()));
        let reports = Mutex::new(Vec::new());
        let on_game = |r: GameReport| {
            bar.inc(1);
            reports.lock().expect("no panics while holding it").push(r);
        };
        let reporting = Reporting { moves: records.is_some(), on_game: &on_game };
        let r = play_match_reported(
            game,
            &*pi.opponent.make,
            &*pj.opponent.make,
            a.games,
            a.opening_plies,
            a.seed,
            &reporting,
        );
        let reports = reports.into_inner().expect("no panics while holding it");
        let seconds: f64 = reports.iter().map(|r| r.seconds).sum();
        let names = |r: &GameReport| {
            let mut seats = vec![pi.name().to_string(), pj.name().to_string()];
            if r.a_seat == 1 {
                seats.reverse();
            }
            seats
        };
        write_records(records.as_deref_mut(), &game.spec(), &mut numbered, reports, names)?;
        results.push(PairResult::new(i, j, r.wins as f64 + 0.5 * r.draws as f64, r.games() as f64));
        rows.push(Pairing {
            a: pi.name().to_string(),
            b: pj.name().to_string(),
            games: r.games(),
            wins: r.wins,
            draws: r.draws,
            losses: r.losses,
            score: r.score(),
            elo_diff: elo_from_score(r.score()),
            seconds_per_game: seconds / r.games().max(1) as f64,
        });
    }
    bar.finish_and_clear();
    let anchor = players.iter().position(|p| p.spec.is_random()).unwrap_or(0);
    let fitted: Vec<Rating> = ratings::fit(n, &results, anchor)?;
    let rated = players
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let (mut points, mut games) = (0.0, 0.0);
            for r in &results {
                if r.a == k {
                    (points, games) = (points + r.points, games + r.games);
                } else if r.b == k {
                    (points, games) = (points + r.games - r.points, games + r.games);
                }
            }
            RatedPlayer {
                player: p.name().to_string(),
                elo: fitted[k].elo,
                elo_low: fitted[k].lo,
                elo_high: fitted[k].hi,
                games: games as u32,
                score: if games > 0.0 { points / games } else { 0.5 },
                faults: p.faults(),
            }
        })
        .collect();
    Ok(TwoPlayerReport {
        game: game.spec(),
        format: if gauntlet.is_some() { "gauntlet" } else { "round_robin" },
        games_per_pairing: a.games,
        opening_plies: a.opening_plies,
        seed: a.seed,
        anchor: players[anchor].name().to_string(),
        method: METHOD,
        players: rated,
        pairings: rows,
    })
}

#[derive(Debug, Serialize)]
struct OnePlayerReport {
    game: String,
    first_seed: u64,
    games: usize,
    players: Vec<ScoredPlayer>,
}

#[derive(Debug, Serialize)]
struct ScoredPlayer {
    player: String,
    games: usize,
    mean: f64,
    std_error: f64,
    median: f64,
    min: f64,
    max: f64,
    /// Seconds of play per game (one thread's time, whatever the parallelism).
    seconds_per_game: f64,
    /// Seconds of play per 1,000 points (none when it scored nothing).
    seconds_per_1000_points: Option<f64>,
    /// Mean and standard error of this player's score minus the first player's, seed by seed
    /// (none for the first player).
    paired_diff: Option<PairedDiff>,
    faults: usize,
}

#[derive(Debug, Serialize)]
struct PairedDiff {
    mean: f64,
    std_error: f64,
}

fn one_player<G: KnownGame>(
    game: &G,
    players: &[Player<G>],
    a: &Arena,
    mut records: Option<&mut std::io::BufWriter<std::fs::File>>,
) -> anyhow::Result<OnePlayerReport> {
    let bar = progress(players.len() * a.games, a.quiet);
    let (mut rows, mut first_scores, mut numbered): (Vec<ScoredPlayer>, Vec<f64>, usize) = (Vec::new(), Vec::new(), 0);
    for p in players {
        bar.set_message(p.name().to_string());
        let reports = Mutex::new(Vec::new());
        let on_game = |r: GameReport| {
            bar.inc(1);
            reports.lock().expect("no panics while holding it").push(r);
        };
        let reporting = Reporting { moves: records.is_some(), on_game: &on_game };
        let scores = play_scores_reported(game, &*p.opponent.make, a.games, a.seed, &reporting);
        let reports = reports.into_inner().expect("no panics while holding it");
        let seconds: f64 = reports.iter().map(|r| r.seconds).sum();
        write_records(records.as_deref_mut(), &game.spec(), &mut numbered, reports, |_| vec![p.name().to_string()])?;
        let s = Summary::of(&scores);
        let points: f64 = scores.iter().sum();
        let paired_diff = if rows.is_empty() {
            first_scores = scores.clone();
            None
        } else {
            let diffs: Vec<f64> = scores.iter().zip(&first_scores).map(|(x, y)| x - y).collect();
            let d = Summary::of(&diffs);
            Some(PairedDiff { mean: d.mean, std_error: d.std_error })
        };
        rows.push(ScoredPlayer {
            player: p.name().to_string(),
            games: scores.len(),
            mean: s.mean,
            std_error: s.std_error,
            median: s.median,
            min: s.min,
            max: s.max,
            seconds_per_game: seconds / scores.len().max(1) as f64,
            seconds_per_1000_points: (points > 0.0).then(|| 1000.0 * seconds / points),
            paired_diff,
            faults: p.faults(),
        });
    }
    bar.finish_and_clear();
    Ok(OnePlayerReport { game: game.spec(), first_seed: a.seed, games: a.games, players: rows })
}

impl Report {
    /// What `--plot` draws: a title, the axis, and a row a player, the best on top.
    fn estimates(&self, games: usize) -> (String, &'static str, Vec<Estimate>) {
        let (title, axis, mut rows): (String, &str, Vec<Estimate>) = match self {
            Report::TwoPlayers(r) => (
                format!(
                    "{}: ratings with 95% intervals ({}, {games} games a pairing, {} = 0)",
                    r.game,
                    r.format.replace('_', " "),
                    r.anchor
                ),
                "Elo",
                r.players.iter().map(|p| Estimate::new(&p.player, p.elo, p.elo_low, p.elo_high)).collect(),
            ),
            Report::OnePlayer(r) => (
                format!(
                    "{}: mean score ± 1.96 s.e. on seeds {}..{}",
                    r.game,
                    r.first_seed,
                    r.first_seed + games as u64 - 1
                ),
                "points a game",
                r.players
                    .iter()
                    .map(|p| {
                        let half = 1.96 * p.std_error;
                        Estimate::new(&p.player, p.mean, p.mean - half, p.mean + half)
                    })
                    .collect(),
            ),
        };
        rows.sort_by(|a, b| b.value.total_cmp(&a.value));
        (title, axis, rows)
    }

    fn table(&self) -> String {
        let mut out = String::new();
        let faults = |out: &mut String, name: &str, faults: usize| {
            if faults > 0 {
                out.push_str(&format!("{name}: {faults} protocol faults (random legal moves stood in)\n"));
            }
        };
        match self {
            Report::TwoPlayers(r) => {
                let width = r.players.iter().map(|p| p.player.len()).max().unwrap_or(6).max(6);
                let pair_width = r.pairings.iter().map(|p| p.a.len() + p.b.len() + 4).max().unwrap_or(7).max(7);
                out.push_str(&format!(
                    "{}: {}, {} games a pairing (seats alternate; {} random opening plies; seed {})\n\n",
                    r.game,
                    r.format.replace('_', " "),
                    r.games_per_pairing,
                    r.opening_plies,
                    r.seed
                ));
                out.push_str(&format!(
                    "{:<pair_width$}  {:>5} {:>5} {:>5}  {:>6}  {:>5}  {:>7}\n",
                    "PAIRING", "WINS", "DRAWS", "LOSSES", "SCORE", "ELO", "S/GAME"
                ));
                for p in &r.pairings {
                    out.push_str(&format!(
                        "{:<pair_width$}  {:>5} {:>5} {:>5}  {:>5.1}%  {:>+5.0}  {:>7.3}\n",
                        format!("{} vs {}", p.a, p.b),
                        p.wins,
                        p.draws,
                        p.losses,
                        100.0 * p.score,
                        p.elo_diff,
                        p.seconds_per_game
                    ));
                }
                out.push('\n');
                out.push_str(&format!(
                    "{:<width$}  {:>6}  {:>16}  {:>6}  {:>6}\n",
                    "PLAYER", "ELO", "95% INTERVAL", "GAMES", "SCORE"
                ));
                let mut order: Vec<&RatedPlayer> = r.players.iter().collect();
                order.sort_by(|x, y| y.elo.total_cmp(&x.elo));
                for p in order {
                    let (elo, interval) = if p.player == r.anchor {
                        ("0".to_string(), "(anchor)".to_string())
                    } else {
                        (format!("{:+.0}", p.elo), format!("[{:+.0}, {:+.0}]", p.elo_low, p.elo_high))
                    };
                    out.push_str(&format!(
                        "{:<width$}  {:>6}  {:>16}  {:>6}  {:>5.1}%\n",
                        p.player,
                        elo,
                        interval,
                        p.games,
                        100.0 * p.score
                    ));
                }
                out.push_str(&format!("\nElo: {}; {} = 0.\n", r.method, r.anchor));
                for p in &r.players {
                    faults(&mut out, &p.player, p.faults);
                }
            }
            Report::OnePlayer(r) => {
                let width = r.players.iter().map(|p| p.player.len()).max().unwrap_or(6).max(6);
                out.push_str(&format!(
                    "{}: seeds {}-{} for every player\n\n",
                    r.game,
                    r.first_seed,
                    r.first_seed + r.games as u64 - 1
                ));
                out.push_str(&format!(
                    "{:<width$}  {:>16}  {:>8}  {:>7}  {:>7}  {:>7}  {:>9}  {:>18}\n",
                    "PLAYER", "MEAN ± S.E.", "MEDIAN", "MIN", "MAX", "S/GAME", "S/1000PTS", "PAIRED DIFF"
                ));
                for p in &r.players {
                    let diff = match &p.paired_diff {
                        Some(d) => format!("{:+.1} ± {:.1}", d.mean, d.std_error),
                        None => "(reference)".into(),
                    };
                    let per_points = p.seconds_per_1000_points.map_or("-".into(), |s| format!("{s:.2}"));
                    out.push_str(&format!(
                        "{:<width$}  {:>16}  {:>8.1}  {:>7.0}  {:>7.0}  {:>7.3}  {:>9}  {:>18}\n",
                        p.player,
                        format!("{:.1} ± {:.1}", p.mean, p.std_error),
                        p.median,
                        p.min,
                        p.max,
                        p.seconds_per_game,
                        per_points,
                        diff
                    ));
                }
                out.push_str(&format!(
                    "\nPAIRED DIFF: score minus {}'s on the same seed, mean ± s.e.\n",
                    r.players.first().map_or("", |p| p.player.as_str())
                ));
                for p in &r.players {
                    faults(&mut out, &p.player, p.faults);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arena(players: &[&str], games: usize) -> Arena {
        Arena {
            game: "score4".into(),
            players: players.iter().map(|p| p.parse().unwrap()).collect(),
            gauntlet: None,
            games,
            opening_plies: 2,
            seed: 1,
            build: BuildOptions::default(),
            json: true,
            records: None,
            plot: None,
            quiet: true,
        }
    }

    struct Rate(Arena);

    impl GameTask for Rate {
        type Output = TwoPlayerReport;
        fn run<G: KnownGame>(self, game: G) -> anyhow::Result<TwoPlayerReport> {
            let players: Vec<Player<G>> =
                self.0.players.iter().map(|s| s.build(&game, &self.0.build)).collect::<anyhow::Result<_>>()?;
            two_players(&game, &players, None, &self.0, None)
        }
    }

    /// Players of known order come out in that order, told apart by their intervals.
    #[test]
    fn random_greedy_and_alphabeta_are_rated_in_order() {
        let report = with_game("score4", Rate(arena(&["greedy", "alphabeta:2", "random"], 24))).unwrap();
        let [greedy, alphabeta, random] = &report.players[..] else { panic!() };
        assert_eq!(report.anchor, "random");
        assert_eq!((random.elo, random.elo_low, random.elo_high), (0.0, 0.0, 0.0));
        assert!(random.elo < greedy.elo && greedy.elo < alphabeta.elo, "{:?}", report.players);
        assert!(greedy.elo_low > 0.0, "greedy is surely better than random: {greedy:?}");
        assert!(alphabeta.elo_low > greedy.elo_low, "{:?}", report.players);
        assert_eq!(report.pairings.len(), 3);
        assert!(report.pairings.iter().all(|p| p.games == 24));
    }
}
