//! The afterstate trainer: an n-tuple network learns afterstate values by TD(0) from its own
//! play ([`tabula_ntuple::td`]), on several threads into one network, for any single-player game
//! with chance whose board is a [`CellBoard`]. Millions of cheap moves an hour instead of a few
//! thousand searched ones: the recipe of the strongest 2048 programs.
//!
//! A run directory holds `config.toml`, the latest `model.ntuple` (what players read),
//! `checkpoints/` (the newest two `model.ntuple` + `progress.json` pairs, each with a SHA-256
//! manifest, written atomically: `--resume` goes on from the newest intact one) and
//! `models/` (where `[run] keep_model_every_minutes` asks, the model every that many minutes) and
//! `curve.jsonl`: at every evaluation, the greedy afterstate player's scores on the same seeds
//! (`1..=eval_games`, dealt by the game's own chance stream) and the process's resident memory.
//! A checkpoint that cannot be written (a full disk) is said and tried again at the next
//! interval; [`MAX_FAILED_CHECKPOINTS`] in a row stop the run, the last intact one kept.

pub mod config;
pub mod plot;

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
use tabula_core::{Agent, Game, State, rng_from_seed};
use tabula_ntuple::{BaseValue, NTupleModel, NTupleNet, Valuer, learn_from_play};

/// The model file of an afterstate run.
pub use tabula_models::run_files::NTUPLE_MODEL_FILE as MODEL_FILE;
pub const PROGRESS_FILE: &str = "progress.json";
pub const CURVE_FILE: &str = "curve.jsonl";
pub const CONFIG_FILE: &str = "config.toml";
use crate::checkpoint::FailedWrites;
pub use crate::checkpoint::MAX_FAILED_CHECKPOINTS;
use tabula_models::run_files::CHECKPOINTS_DIR;

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
    /// The training process's resident memory then, MiB (absent in older runs' curves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rss_mib: Option<f64>,
    /// The mean score of the last (up to) 100 training games then: far more games than the
    /// seeds above, though of the exploring player as it was learning (absent at hour 0 and
    /// in older runs' curves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub training_mean: Option<f64>,
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
    let rss_mib = crate::cpu::resident_mib(std::process::id());
    CurvePoint {
        hours: 0.0,
        games: 0,
        moves: 0,
        mean,
        std_error: (var / n).sqrt(),
        scores,
        rss_mib,
        training_mean: None,
    }
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

/// Makes a teacher for each thread that asks.
pub type Teacher<'a, S> = &'a (dyn Fn() -> Box<dyn Agent<S>> + Sync);

/// Trains (or, with `resume`, goes on training) the run in `out` for `hours` more hours
/// (default: what is left of the config's). `base` is the value the config's `base` names,
/// `teacher` makes the player its `teacher` names (who plays until `teacher_hours` of the run
/// have passed).
#[allow(clippy::too_many_arguments)]
pub fn train<G: Game>(
    game: &G,
    config: &AfterstateConfig,
    base: Option<&dyn BaseValue<G::State>>,
    teacher: Option<Teacher<'_, G::State>>,
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
    anyhow::ensure!(teacher.is_some() == config.teacher.is_some(), "the config's teacher and the one given differ");
    let (model, mut progress) = if resume {
        let (mut model, progress) = load_latest(out)?;
        anyhow::ensure!(model.net.spec() == &config.ntuple, "the model's network is not the config's [ntuple]");
        anyhow::ensure!(model.base == base.map(|b| b.name()), "the model's base value is not the config's");
        model.search = config.play;
        (model, progress)
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
            search: config.play,
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
        let valuer = model.valuer(base);
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
    let keep_every = config.run.keep_model_every_minutes * 60.0;
    let kept_block = |seconds: f64| if keep_every > 0.0 { (seconds / keep_every).floor() as u64 } else { 0 };
    let mut last_kept = kept_block(before.seconds);
    let mut failed = FailedWrites::default();
    // Messages go around the bar; without one, straight to stderr.
    let quiet_bar = ProgressBar::hidden();
    let message_bar = bar.as_ref().unwrap_or(&quiet_bar);
    std::thread::scope(|scope| -> anyhow::Result<()> {
        for worker in 0..config.run.threads {
            let (model, games, moves, stop, recent, start) = (&model, &games, &moves, &stop, &recent, &start);
            let seed = config.seed.wrapping_mul(1_000_003).wrapping_add(before.games * 64 + worker as u64);
            let teaching_until = before.seconds.max(config.teacher_hours * 3600.0) - before.seconds;
            scope.spawn(move || {
                let mut rng = rng_from_seed(seed);
                let mut teacher = teacher.map(|make| make());
                while !stop.load(Ordering::Relaxed) {
                    if start.elapsed().as_secs_f64() >= teaching_until {
                        teacher = None;
                    }
                    let state = game.new_initial_state(0);
                    let episode =
                        learn_from_play(&model.net, base, state, &config.td, &mut rng, teacher.as_deref_mut());
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
                let (recent_games, recent_mean) = {
                    let recent = recent.lock().expect("no thread panics holding it");
                    let mean = (!recent.is_empty()).then(|| recent.iter().sum::<f64>() / recent.len() as f64);
                    (recent.len(), mean)
                };
                if let Some(bar) = &bar {
                    bar.set_position(elapsed as u64);
                    bar.set_message(format!(
                        "{} games, {:.0} moves/s, last {recent_games} games {:.0}",
                        progress.games,
                        (progress.moves - before.moves) as f64 / elapsed.max(1e-9),
                        recent_mean.unwrap_or(0.0)
                    ));
                }
                if done || last_checkpoint.elapsed().as_secs_f64() >= config.run.checkpoint_every_minutes * 60.0 {
                    checkpoint(out, &model, &progress, &mut failed, message_bar)?;
                    last_checkpoint = Instant::now();
                }
                if done || progress.seconds - progress.evaluated_at >= config.run.eval_every_minutes * 60.0 {
                    let valuer = model.valuer(base);
                    let mut point = evaluate(game, valuer, config.run.eval_games, config.td.max_moves);
                    (point.hours, point.games, point.moves) =
                        (progress.seconds / 3600.0, progress.games, progress.moves);
                    point.training_mean = recent_mean;
                    append_curve(out, &point)?;
                    progress.evaluated_at = progress.seconds;
                    checkpoint(out, &model, &progress, &mut failed, message_bar)?;
                    if let Some(bar) = &bar {
                        bar.println(format!(
                            "{:.2} h, {} games: {:.0} ± {:.0} on seeds 1-{}",
                            point.hours, point.games, point.mean, point.std_error, config.run.eval_games
                        ));
                    }
                    last_eval = Some(point);
                }
                if kept_block(progress.seconds) > last_kept {
                    last_kept = kept_block(progress.seconds);
                    keep_model(out, &model, last_kept as f64 * config.run.keep_model_every_minutes)?;
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

/// Writes a checkpoint (named by the moves learnt) and the playable model beside it; a failure
/// is said and counted ([`FailedWrites`]), and only [`MAX_FAILED_CHECKPOINTS`] in a row stop the run.
fn checkpoint(
    out: &Path,
    model: &NTupleModel,
    progress: &Progress,
    failed: &mut FailedWrites,
    bar: &ProgressBar,
) -> anyhow::Result<()> {
    let bytes = model.to_bytes();
    let root = out.join(CHECKPOINTS_DIR);
    let written =
        crate::checkpoint::write_checkpoint(&root, &crate::checkpoint::name_for_step(progress.moves), 2, |dir| {
            write_file_atomically(&dir.join(MODEL_FILE), &bytes)?;
            write_file_atomically(&dir.join(PROGRESS_FILE), serde_json::to_string_pretty(progress)?.as_bytes())
        })
        .and_then(|_| write_file_atomically(&out.join(MODEL_FILE), &bytes));
    failed.after(written, &root, &format!("after {} moves", progress.moves), bar)
}

/// Keeps the model as it is now in `models/minute-MMMM.MM/` (written as a checkpoint is, never
/// pruned): from memory, so it is this minute's model even where the last checkpoint failed.
fn keep_model(out: &Path, model: &NTupleModel, minutes: f64) -> anyhow::Result<()> {
    let root = out.join(tabula_models::run_files::MODELS_DIR);
    let bytes = model.to_bytes();
    crate::checkpoint::write_checkpoint(&root, &format!("minute-{minutes:07.2}"), usize::MAX, |dir| {
        write_file_atomically(&dir.join(MODEL_FILE), &bytes)
    })
    .map(drop)
}

/// The model and progress to go on from: the newest intact checkpoint's (damaged newer ones
/// are said, with what they cost), or the run folder's own files in runs older than checkpoints.
fn load_latest(out: &Path) -> anyhow::Result<(NTupleModel, Progress)> {
    let read = |dir: &Path| -> anyhow::Result<(NTupleModel, Progress)> {
        let model = NTupleModel::load(&dir.join(MODEL_FILE))?;
        let text = std::fs::read_to_string(dir.join(PROGRESS_FILE))
            .with_context(|| format!("{} has no {PROGRESS_FILE}", dir.display()))?;
        Ok((model, serde_json::from_str(&text).with_context(|| format!("bad {}", dir.join(PROGRESS_FILE).display()))?))
    };
    let Some(found) = tabula_models::run_files::latest_intact(&out.join(CHECKPOINTS_DIR))? else {
        return read(out).with_context(|| format!("{} has no checkpoint to resume from", out.display()));
    };
    let (model, progress) = read(&found.dir)?;
    // Checkpoints are named by the moves learnt, so the "steps" lost are moves.
    crate::trainer::set_aside_damaged(&found.passed_over, &found.dir, progress.moves)?;
    Ok((model, progress))
}

fn append_curve(out: &Path, point: &CurvePoint) -> anyhow::Result<()> {
    use std::io::Write;
    let path = out.join(CURVE_FILE);
    let mut file = std::fs::OpenOptions::new().create(true).read(true).append(true).open(&path)?;
    // A run killed mid-line would otherwise have this point glued onto the torn one.
    crate::log::cut_torn_line(&file).with_context(|| format!("repairing the end of {}", path.display()))?;
    writeln!(file, "{}", serde_json::to_string(point)?).with_context(|| format!("cannot write {}", path.display()))
}

/// The learning curve of a run (`curve.jsonl`).
pub fn read_curve(out: &Path) -> anyhow::Result<Vec<CurvePoint>> {
    let text = std::fs::read_to_string(out.join(CURVE_FILE))?;
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| Ok(serde_json::from_str(l)?)).collect()
}
