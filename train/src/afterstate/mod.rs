//! The afterstate trainer: an n-tuple network learns afterstate values by TD(0) from its own
//! play ([`tabula_ntuple::td`]), on several threads into one network, for any single-player game
//! with chance whose board is a [`CellBoard`]. Millions of cheap moves an hour instead of a few
//! thousand searched ones: the recipe of the strongest 2048 programs.
//!
//! A run directory holds `config.toml`, the latest `model.ntuple`, `progress.json` (what has been
//! learnt so far, for `--resume`) and `curve.jsonl`: at every evaluation, the greedy afterstate
//! player's scores on the same seeds (`1..=eval_games`, dealt by the game's own chance stream).

pub mod config;

pub use config::{AfterstateConfig, METHOD};

use crate::checkpoint::write_file_atomically;
use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tabula_core::cells::CellBoard;
use tabula_core::{Game, State, rng_from_seed};
use tabula_ntuple::{BaseValue, NTupleModel, NTupleNet, Valuer, learn_game};

/// The model file of an afterstate run.
pub use tabula_models::run_files::NTUPLE_MODEL_FILE as MODEL_FILE;
pub const PROGRESS_FILE: &str = "progress.json";
pub const CURVE_FILE: &str = "curve.jsonl";
pub const CONFIG_FILE: &str = "config.toml";

/// How far a run has come.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    pub games: u64,
    pub moves: u64,
    /// Seconds of training so far, over every piece of a resumed run.
    pub seconds: f64,
    /// Seconds at the last evaluation.
    pub evaluated_at: f64,
}

/// One point of the learning curve.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CurvePoint {
    pub hours: f64,
    pub games: u64,
    pub moves: u64,
    pub mean: f64,
    pub std_error: f64,
    pub scores: Vec<f64>,
}

/// What a call of [`train`] did.
#[derive(Debug, Clone)]
pub struct Summary {
    pub out: PathBuf,
    pub progress: Progress,
    pub last_eval: Option<CurvePoint>,
}

/// Plays seeds `1..=games` with the greedy afterstate player; the mean score ± standard error.
pub fn evaluate<G: Game>(game: &G, valuer: Valuer<'_, G::State>, games: u64, max_moves: usize) -> CurvePoint
where
    G::State: CellBoard,
{
    let scores: Vec<f64> = (1..=games).map(|seed| play_seed(game, valuer, seed, max_moves)).collect();
    let n = scores.len().max(1) as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    CurvePoint { hours: 0.0, games: 0, moves: 0, mean, std_error: (var / n).sqrt(), scores }
}

/// One game on `seed`'s deal, greedy by afterstate value; the player's return.
pub fn play_seed<G: Game>(game: &G, valuer: Valuer<'_, G::State>, seed: u64, max_moves: usize) -> f64
where
    G::State: CellBoard,
{
    let mut state = game.new_initial_state(seed);
    let mut chance = game.chance_stream(seed);
    let mut ties = rng_from_seed(seed);
    let mut moves = 0;
    while !state.is_terminal() && moves < max_moves {
        if state.turn() == tabula_core::Turn::Chance {
            state.sample_chance(&mut chance);
            continue;
        }
        let Some(choice) = valuer.best(&state, &mut ties) else { break };
        state = choice.after;
        moves += 1;
    }
    state.returns().first().copied().unwrap_or(0.0)
}

/// Trains (or, with `resume`, goes on training) the run in `out` for `hours` more hours
/// (default: what is left of the config's). `base` is the value the config's `base` names.
pub fn train<G: Game>(
    game: &G,
    config: &AfterstateConfig,
    base: Option<&dyn BaseValue<G::State>>,
    out: &Path,
    resume: bool,
    hours: Option<f64>,
    progress_bar: bool,
) -> anyhow::Result<Summary>
where
    G::State: CellBoard,
{
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let shape = game.new_initial_state(0).cell_shape();
    let (model, mut progress) = if resume {
        let model = NTupleModel::load(&out.join(MODEL_FILE))?;
        anyhow::ensure!(model.net.spec() == &config.ntuple, "the model's network is not the config's [ntuple]");
        anyhow::ensure!(model.base == base.map(|b| b.name()), "the model's base value is not the config's");
        let text = std::fs::read_to_string(out.join(PROGRESS_FILE)).context("the run has no progress.json")?;
        (model, serde_json::from_str(&text).context("bad progress.json")?)
    } else {
        anyhow::ensure!(!out.join(MODEL_FILE).exists(), "{} already holds a run: use --resume", out.display());
        write_file_atomically(&out.join(CONFIG_FILE), config.to_toml().as_bytes())?;
        let net = NTupleNet::new(shape, config.ntuple.clone());
        if let Some(value) = config.td.initial_value {
            net.fill(value);
        }
        let model = NTupleModel {
            net,
            reward_scale: config.td.reward_scale,
            base: base.map(|b| b.name()),
            min_value: config.td.min_value,
        };
        (model, Progress::default())
    };
    let budget = hours.unwrap_or(config.hours - progress.seconds / 3600.0).max(0.0);
    let model = Arc::new(model);
    let games = AtomicU64::new(0);
    let moves = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let recent = Mutex::new(std::collections::VecDeque::<f64>::new());
    let before = progress.clone();
    let bar = progress_bar.then(|| {
        let bar = ProgressBar::new((budget * 3600.0) as u64);
        bar.set_style(
            ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {msg}")
                .expect("valid template")
                .progress_chars("=> "),
        );
        bar
    });
    let mut last_eval = None;
    if before.seconds == 0.0 {
        // The curve starts at hour 0, before any learning: the base value alone (or nothing).
        let valuer = Valuer { net: &model.net, base, reward_scale: model.reward_scale, floor: model.min_value };
        let point = evaluate(game, valuer, config.run.eval_games, config.td.max_moves);
        append_curve(out, &point)?;
        if let Some(bar) = &bar {
            bar.println(format!(
                "before learning: {:.0} ± {:.0} on seeds 1-{}",
                point.mean, point.std_error, config.run.eval_games
            ));
        }
    }
    let start = Instant::now();
    let mut last_checkpoint = Instant::now();
    std::thread::scope(|scope| -> anyhow::Result<()> {
        for worker in 0..config.run.threads {
            let (model, games, moves, stop, recent) = (&model, &games, &moves, &stop, &recent);
            let seed = config.seed.wrapping_mul(1_000_003).wrapping_add(before.games * 64 + worker as u64);
            scope.spawn(move || {
                let mut rng = rng_from_seed(seed);
                while !stop.load(Ordering::Relaxed) {
                    let state = game.new_initial_state(0);
                    let episode = learn_game(&model.net, base, state, &config.td, &mut rng);
                    games.fetch_add(1, Ordering::Relaxed);
                    moves.fetch_add(episode.moves as u64, Ordering::Relaxed);
                    let mut recent = recent.lock().expect("no thread panics holding it");
                    recent.push_back(episode.score);
                    if recent.len() > 100 {
                        recent.pop_front();
                    }
                }
            });
        }
        let result = (|| -> anyhow::Result<()> {
            loop {
                std::thread::sleep(Duration::from_millis(200));
                let elapsed = start.elapsed().as_secs_f64();
                progress.games = before.games + games.load(Ordering::Relaxed);
                progress.moves = before.moves + moves.load(Ordering::Relaxed);
                progress.seconds = before.seconds + elapsed;
                let done = elapsed >= budget * 3600.0;
                if let Some(bar) = &bar {
                    let recent = recent.lock().expect("no thread panics holding it");
                    let mean = recent.iter().sum::<f64>() / recent.len().max(1) as f64;
                    bar.set_position(elapsed as u64);
                    bar.set_message(format!(
                        "{} games, {:.0} moves/s, last {} games {mean:.0}",
                        progress.games,
                        (progress.moves - before.moves) as f64 / elapsed.max(1e-9),
                        recent.len()
                    ));
                }
                if done || last_checkpoint.elapsed().as_secs_f64() >= config.run.checkpoint_every_minutes * 60.0 {
                    save(out, &model, &progress)?;
                    last_checkpoint = Instant::now();
                }
                if done || progress.seconds - progress.evaluated_at >= config.run.eval_every_minutes * 60.0 {
                    let valuer =
                        Valuer { net: &model.net, base, reward_scale: model.reward_scale, floor: model.min_value };
                    let mut point = evaluate(game, valuer, config.run.eval_games, config.td.max_moves);
                    (point.hours, point.games, point.moves) =
                        (progress.seconds / 3600.0, progress.games, progress.moves);
                    append_curve(out, &point)?;
                    progress.evaluated_at = progress.seconds;
                    save(out, &model, &progress)?;
                    if let Some(bar) = &bar {
                        bar.println(format!(
                            "{:.2} h, {} games: {:.0} ± {:.0} on seeds 1-{}",
                            point.hours, point.games, point.mean, point.std_error, config.run.eval_games
                        ));
                    }
                    last_eval = Some(point);
                }
                if done {
                    return Ok(());
                }
            }
        })();
        stop.store(true, Ordering::Relaxed);
        result
    })?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    Ok(Summary { out: out.to_path_buf(), progress, last_eval })
}

fn save(out: &Path, model: &NTupleModel, progress: &Progress) -> anyhow::Result<()> {
    write_file_atomically(&out.join(MODEL_FILE), &model.to_bytes())?;
    write_file_atomically(&out.join(PROGRESS_FILE), serde_json::to_string_pretty(progress)?.as_bytes())
}

fn append_curve(out: &Path, point: &CurvePoint) -> anyhow::Result<()> {
    use std::io::Write;
    let path = out.join(CURVE_FILE);
    let mut file = std::fs::OpenOptions::new().create(true).append(true).open(&path)?;
    writeln!(file, "{}", serde_json::to_string(point)?).with_context(|| format!("cannot write {}", path.display()))
}

/// The learning curve of a run (`curve.jsonl`).
pub fn read_curve(out: &Path) -> anyhow::Result<Vec<CurvePoint>> {
    let text = std::fs::read_to_string(out.join(CURVE_FILE))?;
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| Ok(serde_json::from_str(l)?)).collect()
}
