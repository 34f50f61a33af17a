//! `tabula arena <game> --players P1 P2 …`: players rated against each other.
//!
//! Two-player games: a round robin (or a gauntlet), seats alternated in pairs of games from one
//! random opening, and ratings on the Elo scale from a Bradley–Terry fit with 95% intervals
//! ([`tabula_train::ratings`]). One-player games: every player on the same seeds, and each
//! player's per-seed difference to the first (a paired comparison: the seeds' luck cancels).

use super::records::{self, GameRecord, RecordSink};
use anyhow::Context;
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;
use tabula::players::{BuildOptions, GameTask, KnownGame, Player, PlayerSpec, SPEC_HELP, parse_all, with_game};
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
    /// one or more for a one-player game. Games of three or more players seat each player in one
    /// seat against a field of the last player (or --gauntlet) in all the others, rotating the
    /// seat over the same deals; the field plays itself too, for parity.
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
    /// moves in the game's notation, returns, result and seconds (and, three or more players, the
    /// measured player's seat). A game is written as it ends (a
    /// killed arena keeps the games it finished); the file is put in order when the arena is done.
    /// `tabula replay FILE --game N` shows one.
    #[arg(long, value_name = "FILE")]
    records: Option<PathBuf>,
    /// Play nothing: the table (and --json, --plot) of the games in these --records files, e.g.
    /// seed ranges played apart (`--seed 1 --games 50` here, `--seed 51 --games 50` there). Players
    /// come in the order they first appear; one-player games need every player on the same seeds;
    /// games of three or more have one field (--gauntlet, else the player in every game). Protocol
    /// faults are not in records.
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
    /// Tabulate these records instead of playing.
    pub from_records: Vec<PathBuf>,
    pub plot: Option<PathBuf>,
    /// The plot's rows in the players' order rather than by rating.
    pub plot_in_order: bool,
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

pub(super) fn progress(total: usize, quiet: bool) -> ProgressBar {
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
    Field(super::field::FieldReport),
}

#[derive(Debug, Serialize)]
struct TwoPlayerReport {
    game: String,
    /// `round_robin` or `gauntlet`.
    format: &'static str,
    games_per_pairing: usize,
    opening_plies: usize,
    /// The seed of the openings (none for a report from records).
    seed: Option<u64>,
    /// The --records files the games come from (none when played now).
    #[serde(skip_serializing_if = "Option::is_none")]
    from_records: Option<String>,
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
    /// None when the records do not say.
    seconds_per_game: Option<f64>,
}

const METHOD: &str = "maximum-likelihood Bradley-Terry fit (draws half a point, one virtual draw a pairing), \
                      95% profile-likelihood intervals relative to the anchor";

/// How a two-player report's games were arranged.
struct Header {
    format: &'static str,
    opening_plies: usize,
    seed: Option<u64>,
    from: Option<String>,
}

/// Plays the pairings; the report and every game, pairing by pairing.
fn two_players<G: KnownGame>(
    game: &G,
    players: &[Player<G>],
    gauntlet: Option<usize>,
    a: &Arena,
    sink: &RecordSink,
) -> anyhow::Result<(TwoPlayerReport, Vec<GameRecord>)> {
    let n = players.len();
    let pairings: Vec<(usize, usize)> = match gauntlet {
        Some(g) => (0..n).filter(|&j| j != g).map(|j| (g, j)).collect(),
        None => (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect(),
    };
    let spec = game.spec();
    let bar = progress(pairings.len() * a.games, a.quiet);
    let mut played = Vec::new();
    for &(i, j) in &pairings {
        let (pi, pj) = (&players[i], &players[j]);
        bar.set_message(format!("{} vs {}", pi.name(), pj.name()));
        let on_game = |r: GameReport| {
            bar.inc(1);
            let mut seats = vec![pi.name().to_string(), pj.name().to_string()];
            if r.a_seat == 1 {
                seats.reverse();
            }
            sink.add(GameRecord::of(&spec, r, seats));
        };
        let reporting = Reporting { moves: sink.wants_moves(), on_game: &on_game };
        play_match_reported(game, &*pi.opponent.make, &*pj.opponent.make, a.games, a.opening_plies, a.seed, &reporting);
        let mut games = sink.take();
        // Pair by pair, the pairing's first player's game first.
        games.sort_by_key(|r| (r.pair, r.players[0] != pi.name()));
        played.push(((i, j), games));
    }
    bar.finish_and_clear();
    let names: Vec<String> = players.iter().map(|p| p.name().to_string()).collect();
    let faults: Vec<usize> = players.iter().map(|p| p.faults()).collect();
    let anchor = players.iter().position(|p| p.spec.is_random()).unwrap_or(0);
    let header = Header {
        format: if gauntlet.is_some() { "gauntlet" } else { "round_robin" },
        opening_plies: a.opening_plies,
        seed: Some(a.seed),
        from: None,
    };
    let report = rate(&spec, &names, &faults, anchor, &played, header)?;
    Ok((report, played.into_iter().flat_map(|(_, games)| games).collect()))
}

/// The pairings' tables and the Bradley–Terry ratings of `names` from their games.
fn rate(
    spec: &str,
    names: &[String],
    faults: &[usize],
    anchor: usize,
    pairings: &[((usize, usize), Vec<GameRecord>)],
    header: Header,
) -> anyhow::Result<TwoPlayerReport> {
    let (mut rows, mut results) = (Vec::new(), Vec::new());
    for ((i, j), games) in pairings {
        let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
        for r in games {
            let mine = r.players.iter().position(|p| *p == names[*i]).context("a game without its player")?;
            match r.returns[mine].total_cmp(&r.returns[1 - mine]) {
                std::cmp::Ordering::Greater => wins += 1,
                std::cmp::Ordering::Equal => draws += 1,
                std::cmp::Ordering::Less => losses += 1,
            }
        }
        let count = wins + draws + losses;
        let score = (wins as f64 + 0.5 * draws as f64) / count.max(1) as f64;
        let seconds: Option<f64> = games.iter().map(|r| r.seconds).sum();
        results.push(PairResult::new(*i, *j, wins as f64 + 0.5 * draws as f64, count as f64));
        rows.push(Pairing {
            a: names[*i].clone(),
            b: names[*j].clone(),
            games: count,
            wins,
            draws,
            losses,
            score,
            elo_diff: elo_from_score(score),
            seconds_per_game: seconds.map(|s| s / count.max(1) as f64),
        });
    }
    let fitted: Vec<Rating> = ratings::fit(names.len(), &results, anchor)?;
    let rated = names
        .iter()
        .enumerate()
        .map(|(k, name)| {
            let (mut points, mut games) = (0.0, 0.0);
            for r in &results {
                if r.a == k {
                    (points, games) = (points + r.points, games + r.games);
                } else if r.b == k {
                    (points, games) = (points + r.games - r.points, games + r.games);
                }
            }
            RatedPlayer {
                player: name.clone(),
                elo: fitted[k].elo,
                elo_low: fitted[k].lo,
                elo_high: fitted[k].hi,
                games: games as u32,
                score: if games > 0.0 { points / games } else { 0.5 },
                faults: faults[k],
            }
        })
        .collect();
    Ok(TwoPlayerReport {
        game: spec.to_string(),
        format: header.format,
        games_per_pairing: rows.iter().map(|p| p.games as usize).max().unwrap_or(0),
        opening_plies: header.opening_plies,
        seed: header.seed,
        from_records: header.from,
        anchor: names[anchor].clone(),
        method: METHOD,
        players: rated,
        pairings: rows,
    })
}

#[derive(Debug, Serialize)]
struct OnePlayerReport {
    game: String,
    first_seed: u64,
    /// Seeds per player.
    games: usize,
    /// The seeds, as ranges (`1-100`).
    seeds: String,
    /// The --records files the games come from (none when played now).
    #[serde(skip_serializing_if = "Option::is_none")]
    from_records: Option<String>,
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
    /// Seconds of play per game (one thread's time, whatever the parallelism; none when the
    /// records do not say).
    seconds_per_game: Option<f64>,
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

/// Plays every player on the same seeds; the report and every game, player by player.
fn one_player<G: KnownGame>(
    game: &G,
    players: &[Player<G>],
    a: &Arena,
    sink: &RecordSink,
) -> anyhow::Result<(OnePlayerReport, Vec<GameRecord>)> {
    let spec = game.spec();
    let bar = progress(players.len() * a.games, a.quiet);
    let mut by_player = Vec::new();
    for p in players {
        bar.set_message(p.name().to_string());
        let on_game = |r: GameReport| {
            bar.inc(1);
            sink.add(GameRecord::of(&spec, r, vec![p.name().to_string()]));
        };
        let reporting = Reporting { moves: sink.wants_moves(), on_game: &on_game };
        play_scores_reported(game, &*p.opponent.make, a.games, a.seed, &reporting);
        by_player.push(sink.take());
    }
    bar.finish_and_clear();
    let names: Vec<String> = players.iter().map(|p| p.name().to_string()).collect();
    let faults: Vec<usize> = players.iter().map(|p| p.faults()).collect();
    let report = score(&spec, &names, &faults, &by_player, None)?;
    let mut games: Vec<GameRecord> = by_player.into_iter().flatten().collect();
    games.sort_by_key(|r| (names.iter().position(|n| *n == r.players[0]), r.seed));
    Ok((report, games))
}

/// Each player's scores on the seeds, and its per-seed differences to the first player's.
fn score(
    spec: &str,
    names: &[String],
    faults: &[usize],
    by_player: &[Vec<GameRecord>],
    from: Option<String>,
) -> anyhow::Result<OnePlayerReport> {
    let mut per_seed: Vec<BTreeMap<u64, &GameRecord>> = Vec::new();
    for (name, games) in names.iter().zip(by_player) {
        let mut seeds = BTreeMap::new();
        for r in games {
            let seed = r.seed;
            anyhow::ensure!(seeds.insert(seed, r).is_none(), "{name} has two games on seed {seed}");
        }
        per_seed.push(seeds);
    }
    let seeds: Vec<u64> = per_seed[0].keys().copied().collect();
    for (name, games) in names.iter().zip(&per_seed) {
        let own: Vec<u64> = games.keys().copied().collect();
        anyhow::ensure!(
            own == seeds,
            "{name} played seeds {} and {} played seeds {}: a paired comparison needs the same seeds",
            ranges(&own),
            names[0],
            ranges(&seeds)
        );
    }
    let first: Vec<f64> = per_seed[0].values().map(|r| r.returns[0]).collect();
    let players = names
        .iter()
        .zip(&per_seed)
        .enumerate()
        .map(|(k, (name, games))| {
            let scores: Vec<f64> = games.values().map(|r| r.returns[0]).collect();
            let seconds: Option<f64> = games.values().map(|r| r.seconds).sum();
            let s = Summary::of(&scores);
            let points: f64 = scores.iter().sum();
            let paired_diff = (k > 0).then(|| {
                let diffs: Vec<f64> = scores.iter().zip(&first).map(|(x, y)| x - y).collect();
                let d = Summary::of(&diffs);
                PairedDiff { mean: d.mean, std_error: d.std_error }
            });
            ScoredPlayer {
                player: name.clone(),
                games: scores.len(),
                mean: s.mean,
                std_error: s.std_error,
                median: s.median,
                min: s.min,
                max: s.max,
                seconds_per_game: seconds.map(|t| t / scores.len().max(1) as f64),
                seconds_per_1000_points: seconds.filter(|_| points > 0.0).map(|t| 1000.0 * t / points),
                paired_diff,
                faults: faults[k],
            }
        })
        .collect();
    Ok(OnePlayerReport {
        game: spec.to_string(),
        first_seed: seeds.first().copied().unwrap_or(0),
        games: seeds.len(),
        seeds: ranges(&seeds),
        from_records: from,
        players,
    })
}

/// Sorted numbers as ranges: `1-50, 61-100`.
fn ranges(numbers: &[u64]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut k = 0;
    while k < numbers.len() {
        let mut end = k;
        while end + 1 < numbers.len() && numbers[end + 1] == numbers[end] + 1 {
            end += 1;
        }
        parts.push(if end == k { numbers[k].to_string() } else { format!("{}-{}", numbers[k], numbers[end]) });
        k = end + 1;
    }
    parts.join(", ")
}

impl Report {
    /// Prints the table (or the JSON document) and draws the plot the arena asks for.
    fn print(&self, a: &Arena) -> anyhow::Result<()> {
        let text = if a.json { serde_json::to_string_pretty(self)? + "\n" } else { self.table() };
        // A reader that stops early (`| head`) is no error.
        let _ = std::io::stdout().lock().write_all(text.as_bytes());
        if let Some(path) = &a.plot {
            let (title, axis, rows) = self.estimates(a.plot_in_order);
            draw_estimates_png(&title, axis, &rows, path).with_context(|| format!("--plot {}", path.display()))?;
        }
        Ok(())
    }

    /// What `--plot` draws: a title, the axis, and a row a player, the best on top (or in the
    /// players' order).
    fn estimates(&self, in_order: bool) -> (String, &'static str, Vec<Estimate>) {
        let (title, axis, mut rows): (String, &str, Vec<Estimate>) = match self {
            Report::Field(r) => r.estimates(),
            Report::TwoPlayers(r) => (
                format!(
                    "{}: ratings with 95% intervals ({}, {} games a pairing, {} = 0)",
                    r.game,
                    r.format.replace('_', " "),
                    r.games_per_pairing,
                    r.anchor
                ),
                "Elo",
                r.players.iter().map(|p| Estimate::new(&p.player, p.elo, p.elo_low, p.elo_high)).collect(),
            ),
            Report::OnePlayer(r) => (
                format!("{}: mean score ± 1.96 s.e. on seeds {}", r.game, r.seeds),
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
        if !in_order {
            rows.sort_by(|a, b| b.value.total_cmp(&a.value));
        }
        (title, axis, rows)
    }

    fn table(&self) -> String {
        let seconds = |s: Option<f64>| s.map_or("-".to_string(), |s| format!("{s:.3}"));
        let mut out = String::new();
        let faults = |out: &mut String, name: &str, faults: usize| {
            if faults > 0 {
                out.push_str(&format!("{name}: {faults} protocol faults (random legal moves stood in)\n"));
            }
        };
        match self {
            Report::Field(r) => out.push_str(&r.table()),
            Report::TwoPlayers(r) => {
                let width = r.players.iter().map(|p| p.player.len()).max().unwrap_or(6).max(6);
                let pair_width = r.pairings.iter().map(|p| p.a.len() + p.b.len() + 4).max().unwrap_or(7).max(7);
                let source = match (&r.from_records, r.seed) {
                    (Some(files), _) => format!("from {files}"),
                    (None, Some(seed)) => format!("seed {seed}"),
                    (None, None) => String::new(),
                };
                out.push_str(&format!(
                    "{}: {}, {} games a pairing (seats alternate; {} random opening plies; {source})\n\n",
                    r.game,
                    r.format.replace('_', " "),
                    r.games_per_pairing,
                    r.opening_plies,
                ));
                out.push_str(&format!(
                    "{:<pair_width$}  {:>5} {:>5} {:>5}  {:>6}  {:>5}  {:>7}\n",
                    "PAIRING", "WINS", "DRAWS", "LOSSES", "SCORE", "ELO", "S/GAME"
                ));
                for p in &r.pairings {
                    out.push_str(&format!(
                        "{:<pair_width$}  {:>5} {:>5} {:>5}  {:>5.1}%  {:>+5.0}  {:>7}\n",
                        format!("{} vs {}", p.a, p.b),
                        p.wins,
                        p.draws,
                        p.losses,
                        100.0 * p.score,
                        p.elo_diff,
                        seconds(p.seconds_per_game)
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
                let source = r.from_records.as_ref().map(|f| format!(" (from {f})")).unwrap_or_default();
                out.push_str(&format!("{}: seeds {} for every player{source}\n\n", r.game, r.seeds));
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
                        "{:<width$}  {:>16}  {:>8.1}  {:>7.0}  {:>7.0}  {:>7}  {:>9}  {:>18}\n",
                        p.player,
                        format!("{:.1} ± {:.1}", p.mean, p.std_error),
                        p.median,
                        p.min,
                        p.max,
                        seconds(p.seconds_per_game),
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
            from_records: Vec::new(),
            plot: None,
            plot_in_order: false,
            quiet: true,
        }
    }

    struct Rate(Arena);

    impl GameTask for Rate {
        type Output = TwoPlayerReport;
        fn run<G: KnownGame>(self, game: G) -> anyhow::Result<TwoPlayerReport> {
            let players: Vec<Player<G>> =
                self.0.players.iter().map(|s| s.build(&game, &self.0.build)).collect::<anyhow::Result<_>>()?;
            let sink = RecordSink::create(None)?;
            Ok(two_players(&game, &players, None, &self.0, &sink)?.0)
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

        // The plot: the best on top, or (--plot-in-order) the players' own order.
        let report = Report::TwoPlayers(report);
        let labels = |in_order| report.estimates(in_order).2.into_iter().map(|e| e.label).collect::<Vec<_>>();
        assert_eq!(labels(false), ["alphabeta:2", "greedy", "random"]);
        assert_eq!(labels(true), ["greedy", "alphabeta:2", "random"]);
    }

    fn record(players: &[&str], seed: u64, returns: &[f64]) -> GameRecord {
        let report = GameReport {
            pair: 0,
            a_seat: 0,
            seed,
            opening_plies: 0,
            moves: vec![],
            returns: returns.to_vec(),
            seconds: 2.0,
        };
        GameRecord::of("g", report, players.iter().map(|p| p.to_string()).collect())
    }

    #[test]
    fn paired_differences_come_seed_by_seed_whatever_the_order_of_the_games() {
        let names = ["a".to_string(), "b".to_string()];
        let a = vec![record(&["a"], 2, &[10.0]), record(&["a"], 1, &[30.0])];
        let b = vec![record(&["b"], 1, &[40.0]), record(&["b"], 2, &[10.0])];
        let report = score("g", &names, &[0, 0], &[a, b], None).unwrap();
        assert_eq!((report.first_seed, report.games, report.seeds.as_str()), (1, 2, "1-2"));
        let d = report.players[1].paired_diff.as_ref().unwrap();
        // Differences +10 and 0.
        assert_eq!((d.mean, d.std_error), (5.0, 5.0));
        assert_eq!(report.players[0].seconds_per_1000_points, Some(100.0));
    }

    #[test]
    fn paired_differences_need_the_same_seeds() {
        let names = ["a".to_string(), "b".to_string()];
        let a = vec![record(&["a"], 1, &[1.0]), record(&["a"], 2, &[1.0]), record(&["a"], 3, &[1.0])];
        let b = vec![record(&["b"], 1, &[1.0])];
        let e = score("g", &names, &[0, 0], &[a, b], None).unwrap_err().to_string();
        assert_eq!(e, "b played seeds 1 and a played seeds 1-3: a paired comparison needs the same seeds");
        let twice = vec![record(&["a"], 1, &[1.0]), record(&["a"], 1, &[2.0])];
        let e = score("g", &names[..1], &[0], &[twice], None).unwrap_err().to_string();
        assert_eq!(e, "a has two games on seed 1");
    }

    #[test]
    fn ranges_join_consecutive_numbers() {
        assert_eq!(ranges(&[1, 2, 3, 7, 9, 10]), "1-3, 7, 9-10");
        assert_eq!(ranges(&[]), "");
    }

    #[test]
    fn a_pairing_counts_from_its_first_players_side_in_either_seat() {
        let names = ["x".to_string(), "y".to_string()];
        let games = vec![
            record(&["x", "y"], 1, &[1.0, -1.0]),
            record(&["y", "x"], 1, &[1.0, -1.0]),
            record(&["y", "x"], 2, &[-1.0, 1.0]),
            record(&["x", "y"], 2, &[0.0, 0.0]),
        ];
        let header = Header { format: "round_robin", opening_plies: 0, seed: None, from: Some("f".into()) };
        let report = rate("g", &names, &[0, 0], 1, &[((0, 1), games)], header).unwrap();
        let p = &report.pairings[0];
        assert_eq!((p.wins, p.draws, p.losses, p.score), (2, 1, 1, 0.625));
        assert_eq!(p.seconds_per_game, Some(2.0));
        assert_eq!(report.anchor, "y");
    }
}
