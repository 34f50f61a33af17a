//! `tabula train <game>`: self-play training, with an embedded default config per game.

use super::jobs::{Baselines, GameJob, dispatch};
use anyhow::Context;
use clap::Args;
use std::path::{Path, PathBuf};
use tabula::registry::registry;
use tabula_core::{Game, GameSpec};
use tabula_train::afterstate::{self, AfterstateConfig};
use tabula_train::config::{TrainConfig, default_config_text};
use tabula_train::trainer::{RunLimits, Trainer};

#[derive(Debug, Args)]
pub struct TrainArgs {
    /// Game to train (see `tabula games`); its embedded default config is used unless --config is given.
    #[arg(required_unless_present = "resume")]
    game: Option<String>,
    /// A TOML config (print the default one with --print-config).
    #[arg(long)]
    config: Option<PathBuf>,
    /// Directory for the run: logs, TensorBoard events, checkpoints, the model (default: runs/<game>-<time>).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Wall-clock budget in hours (default: the config's `hours`; with --resume, what is left of
    /// them, so a run resumed in pieces trains as long, on the same schedule, as one left alone).
    #[arg(long)]
    hours: Option<f64>,
    /// Stop after this many learner steps.
    #[arg(long)]
    max_steps: Option<u64>,
    /// Random seed (overrides the config's).
    #[arg(long)]
    seed: Option<u64>,
    /// Continue the run in DIR from its latest checkpoint (after a crash, a kill or a finished budget).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["config", "seed"])]
    resume: Option<PathBuf>,
    /// Print the config that would be used and exit.
    #[arg(long)]
    print_config: bool,
    /// No progress bar (logs still go to the run directory).
    #[arg(long)]
    quiet: bool,
    /// Where the learner learns: cpu, cuda or cuda:N (overrides the config's `[learner] device`;
    /// CUDA needs a build with `--features cuda`). Self-play stays on the CPU.
    #[arg(long, value_name = "DEVICE")]
    device: Option<tabula_nets::LearnerDevice>,
}

pub fn run(args: TrainArgs) -> anyhow::Result<()> {
    let limits = RunLimits { hours: args.hours, max_steps: args.max_steps, progress_bar: !args.quiet };
    if let Some(dir) = &args.resume {
        let path = dir.join("config.toml");
        if std::fs::read_to_string(&path).is_ok_and(|text| AfterstateConfig::is_afterstate(&text)) {
            let config = AfterstateConfig::load(&path)?;
            return train_afterstate(&config, dir, true, &args);
        }
        let config = TrainConfig::load(&dir.join("config.toml"))
            .with_context(|| format!("{} does not look like a tabula run directory", dir.display()))?;
        let advisor = config.search.advisor.as_deref();
        return dispatch(&config.game, None, advisor, Job::Resume { dir: dir.clone(), limits, device: args.device });
    }
    let game = args.game.as_deref().expect("clap requires a game without --resume");
    let spec: GameSpec = game.parse()?;
    registry().build(game).context("see `tabula games` for the games and their parameters")?;
    let text = match &args.config {
        Some(path) => std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?,
        None => default_config_text(&spec.name)
            .with_context(|| format!("there is no default training config for {} yet", spec.name))?
            .to_string(),
    };
    let out = args.out.clone().unwrap_or_else(|| default_out(&spec.name));
    if AfterstateConfig::is_afterstate(&text) {
        let mut config = AfterstateConfig::from_toml(&text)?;
        if !spec.params.is_empty() || args.config.is_none() && spec.name != config.game {
            config.game = spec.to_string();
        }
        config.seed = args.seed.unwrap_or(config.seed);
        if args.print_config {
            print!("{}", config.to_toml());
            return Ok(());
        }
        return train_afterstate(&config, &out, false, &args);
    }
    let mut config = match &args.config {
        Some(path) => TrainConfig::load(path)?,
        None => default_config(&spec)?,
    };
    config.seed = args.seed.unwrap_or(config.seed);
    config.learner.device = args.device.unwrap_or(config.learner.device);
    if args.print_config {
        print!("{}", config.to_toml());
        return Ok(());
    }
    let game_spec = config.game.clone();
    let advisor = config.search.advisor.clone();
    dispatch(&game_spec, None, advisor.as_deref(), Job::Start { config: Box::new(config), out, limits })
}

/// The embedded default config of the game `spec` names, for the spec's parameters.
pub(super) fn default_config(spec: &GameSpec) -> anyhow::Result<TrainConfig> {
    let text = default_config_text(&spec.name)
        .with_context(|| format!("there is no default training config for {} yet", spec.name))?;
    let mut config = TrainConfig::from_toml(text).expect("embedded configs are valid");
    if !spec.params.is_empty() {
        config.game = spec.to_string();
    }
    Ok(config)
}

enum Job {
    Start { config: Box<TrainConfig>, out: PathBuf, limits: RunLimits },
    Resume { dir: PathBuf, limits: RunLimits, device: Option<tabula_nets::LearnerDevice> },
}

impl GameJob for Job {
    fn run<G: Game>(self, game: G, baselines: Baselines<G>) -> anyhow::Result<()> {
        train(game, self, baselines)
    }
}

fn train<G: Game>(game: G, job: Job, baselines: Baselines<G>) -> anyhow::Result<()> {
    let Baselines { opponents, advisor } = baselines;
    let (mut trainer, limits) = match job {
        Job::Start { config, out, limits } => {
            let device = config.learner.device;
            let on = if device.is_cpu() { String::new() } else { format!(" (learning on {device})") };
            eprintln!("tabula: training {} into {}{on}", config.game, out.display());
            (Trainer::new(game, *config, &out, opponents)?.with_advisor(advisor), limits)
        }
        Job::Resume { dir, limits, device } => {
            let trainer = Trainer::resume_on(game, &dir, opponents, device)?.with_advisor(advisor);
            let replay = match trainer.replay_len() {
                0 => "the replay buffer empty: the checkpoint has no replay.bin, so self-play refills it".to_string(),
                n => format!("{n} samples in the replay buffer"),
            };
            let total = trainer.config().hours;
            let budget = match limits.hours {
                Some(hours) => format!("{hours} hours more"),
                None if trainer.remaining_hours() <= 0.0 => anyhow::bail!(
                    "{} has trained the {total} hours its config asks for; `--hours H` trains it H hours more",
                    dir.display()
                ),
                None => format!("{:.2} of its {total} hours left", trainer.remaining_hours()),
            };
            eprintln!("tabula: resuming {} at step {} ({replay}; {budget})", dir.display(), trainer.step());
            (trainer, limits)
        }
    };
    let summary = trainer.run(limits)?;
    let results = trainer.latest_evaluation()?;
    eprintln!(
        "tabula: stopped at step {} after {} games; model in {}",
        summary.step,
        summary.games,
        summary.out.join(tabula_train::trainer::MODEL_FILE).display()
    );
    for (name, value) in results {
        eprintln!("  {name}: {value:.3}");
    }
    Ok(())
}

/// The afterstate trainer, for the games whose boards are cell boards.
fn train_afterstate(config: &AfterstateConfig, out: &Path, resume: bool, args: &TrainArgs) -> anyhow::Result<()> {
    anyhow::ensure!(
        args.device.is_none_or(|d| d.is_cpu()),
        "--device: an afterstate run learns an n-tuple network on the CPU's threads; it has no learner to put on a GPU"
    );
    let spec: GameSpec = config.game.parse()?;
    let summary = match spec.name.as_str() {
        "superball" => {
            let game = superball::Superball::from_spec(&spec)?;
            let verb = if resume { "resuming" } else { "training" };
            eprintln!("tabula: {verb} {} (afterstate TD, n-tuple network) into {}", config.game, out.display());
            let base = config
                .base
                .as_deref()
                .map(tabula_baselines::superball::GreedyValue::from_name)
                .transpose()
                .map_err(|e| anyhow::anyhow!("base: {e}"))?;
            let base = base.as_ref().map(|b| b as &dyn tabula_ntuple::BaseValue<superball::SuperballState>);
            let teacher = config
                .teacher
                .as_deref()
                .map(tabula_baselines::superball::player_by_spec)
                .transpose()
                .map_err(|e| anyhow::anyhow!("teacher: {e}"))?;
            let teacher = teacher.as_deref().map(|t| t as afterstate::Teacher<superball::SuperballState>);
            afterstate::train(&game, config, base, teacher, out, resume, args.hours, !args.quiet)?
        }
        other => anyhow::bail!(
            "method = \"{}\" needs a single-player game with a cell board (superball), not {other}",
            afterstate::METHOD
        ),
    };
    let p = &summary.progress;
    eprintln!(
        "tabula: stopped after {:.2} hours, {} games, {} moves; model in {}",
        p.seconds / 3600.0,
        p.games,
        p.moves,
        summary.out.join(afterstate::MODEL_FILE).display()
    );
    if let Some(point) = summary.last_eval {
        eprintln!("  seeds 1-{}: {:.0} ± {:.0}", point.scores.len(), point.mean, point.std_error);
    }
    Ok(())
}

fn default_out(game: &str) -> PathBuf {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    Path::new("runs").join(format!("{game}-{secs}"))
}
