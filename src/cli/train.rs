//! `tabula train <game>`: self-play training, with an embedded default config per game.

use super::jobs::{Baselines, GameJob, dispatch};
use anyhow::Context;
use clap::Args;
use std::path::{Path, PathBuf};
use tabula::registry::registry;
use tabula_core::{Game, GameSpec};
use tabula_train::afterstate::{self, AfterstateConfig};
use tabula_train::config::{TrainConfig, default_config_text};
use tabula_train::distributed::RemoteGames;
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
    /// Start the network from a trained model's weights instead of random ones: a model.bpk, a
    /// checkpoint folder or a run, of this game or of a variant whose networks have the same
    /// shapes (Superply's random mode for its deterministic one, say). The config's [net] must be
    /// the model's; the optimizer and the replay buffer start empty.
    #[arg(long, value_name = "MODEL", conflicts_with = "resume")]
    init: Option<PathBuf>,
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
    /// Learn also from the games of actors on other machines (`tabula actor --redis URL`), met
    /// in Redis at URL (`redis://[:PASSWORD@]HOST:PORT[/DB]`, or `rediss://` for TLS, with
    /// REDIS_CA_CERT=PEM for a private certificate authority; the password is never shown). The
    /// run's name, game and config are written there, so an actor needs only the URL.
    #[arg(long, value_name = "URL", env = "REDIS_URL", hide_env_values = true)]
    redis: Option<String>,
    /// With --redis: leave self-play to the actors (by default this process plays too).
    #[arg(long, requires = "redis")]
    no_local_selfplay: bool,
}

/// Where the actors' games come from, for a run with `--redis`.
#[derive(Debug, Clone)]
struct Remote {
    url: String,
    local_selfplay: bool,
}

pub fn run(args: TrainArgs) -> anyhow::Result<()> {
    let limits = RunLimits { hours: args.hours, max_steps: args.max_steps, progress_bar: !args.quiet };
    let remote = args.redis.clone().map(|url| Remote { url, local_selfplay: !args.no_local_selfplay });
    if let Some(dir) = &args.resume {
        let path = dir.join("config.toml");
        if std::fs::read_to_string(&path).is_ok_and(|text| AfterstateConfig::is_afterstate(&text)) {
            anyhow::ensure!(remote.is_none(), "--redis: afterstate runs learn in one process; they have no actors");
            let config = AfterstateConfig::load(&path)?;
            return train_afterstate(&config, dir, true, &args);
        }
        let config = TrainConfig::load(&dir.join("config.toml"))
            .with_context(|| format!("{} does not look like a tabula run directory", dir.display()))?;
        return dispatch(
            &config.game,
            None,
            &config,
            Job::Resume { dir: dir.clone(), limits, device: args.device, remote },
        );
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
        anyhow::ensure!(remote.is_none(), "--redis: afterstate runs learn in one process; they have no actors");
        let mut config = AfterstateConfig::from_toml(&text)?;
        if !spec.params.is_empty() || args.config.is_none() && spec.name != config.game {
            config.game = spec.to_string();
        }
        config.seed = args.seed.unwrap_or(config.seed);
        anyhow::ensure!(
            args.init.is_none(),
            "--init: an afterstate run learns an n-tuple network, not one a model can start"
        );
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
    if let Some(model) = &args.init {
        // Absolute: the run's config.toml says where its network came from, wherever it is read.
        config.net.init = Some(std::path::absolute(model).with_context(|| format!("--init {}", model.display()))?);
    }
    if args.print_config {
        print!("{}", config.to_toml());
        return Ok(());
    }
    let game_spec = config.game.clone();
    dispatch(&game_spec, None, &config.clone(), Job::Start { config: Box::new(config), out, limits, remote })
}

/// The embedded default config of the game `spec` names, for the spec's parameters.
pub(super) fn default_config(spec: &GameSpec) -> anyhow::Result<TrainConfig> {
    let text = default_config_text(&spec.name)
        .with_context(|| format!("there is no default training config for {} yet", spec.name))?;
    anyhow::ensure!(
        !AfterstateConfig::is_afterstate(text),
        "{}'s default training run is afterstate TD (an n-tuple network learning from its own moves), \
         not network self-play with a search; pass a self-play config with --config \
         (train/configs/{}-mcts.toml)",
        spec.name,
        spec.name
    );
    let mut config = TrainConfig::from_toml(text).expect("embedded configs are valid");
    if !spec.params.is_empty() {
        config.game = spec.to_string();
    }
    Ok(config)
}

enum Job {
    Start { config: Box<TrainConfig>, out: PathBuf, limits: RunLimits, remote: Option<Remote> },
    Resume { dir: PathBuf, limits: RunLimits, device: Option<tabula_nets::LearnerDevice>, remote: Option<Remote> },
}

impl GameJob for Job {
    fn run<G: Game>(self, game: G, baselines: Baselines<G>) -> anyhow::Result<()> {
        train(game, self, baselines)
    }
}

fn train<G: Game>(game: G, job: Job, baselines: Baselines<G>) -> anyhow::Result<()> {
    let Baselines { opponents, advisor, field } = baselines;
    let (trainer, limits, remote) = match job {
        Job::Start { config, out, limits, remote } => {
            // Redis first: a wrong URL or password leaves no half-made run behind.
            let remote =
                remote.map(|r| connect(&r, &config, &out).map(|games| (games, r.local_selfplay))).transpose()?;
            let device = config.learner.device;
            let on = if device.is_cpu() { String::new() } else { format!(" (learning on {device})") };
            let init = config
                .net
                .init
                .as_ref()
                .map_or(String::new(), |m| format!(", the network starting from {}", m.display()));
            eprintln!("tabula: training {} into {}{on}{init}", config.game, out.display());
            (Trainer::new(game, *config, &out, opponents)?.with_advisor(advisor).with_field(field), limits, remote)
        }
        Job::Resume { dir, limits, device, remote } => {
            let trainer = Trainer::resume_on(game, &dir, opponents, device)?.with_advisor(advisor).with_field(field);
            let remote = remote
                .map(|r| connect(&r, trainer.config(), &dir).map(|games| (games, r.local_selfplay)))
                .transpose()?;
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
            (trainer, limits, remote)
        }
    };
    let mut trainer = match remote {
        None => trainer,
        Some((games, local_selfplay)) => trainer.with_remote(games, local_selfplay)?,
    };
    let summary = trainer.run(limits)?;
    if let Some(counts) = trainer.remote_counts() {
        let backlog = match trainer.remote_backlog() {
            Some((unread, pending)) => {
                // Redis's group lag counts entries trimmed before the learner reached them too.
                format!(
                    "{unread} never read (in the stream or trimmed from it), {pending} read but not yet checkpointed"
                )
            }
            None => "Redis could not be reached at the end".to_string(),
        };
        eprintln!(
            "tabula: from actors: {} games learned ({} samples), {} dropped as stale, {} bad entries; {backlog}",
            counts.learned, counts.samples, counts.stale, counts.bad
        );
    }
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

/// Connects the run in `out` to the actors at `remote`'s URL and announces it there.
fn connect(remote: &Remote, config: &TrainConfig, out: &Path) -> anyhow::Result<RemoteGames> {
    config.check_distributed()?;
    let run = run_name(out)?;
    let settings = config.distributed.clone().unwrap_or_default();
    let games = RemoteGames::connect(&remote.url, &run, &config.game, &config.to_toml(), settings)?;
    let who = if remote.local_selfplay { "this process and actors" } else { "actors only" };
    let url = games.shown_url();
    eprintln!("tabula: run {run} at {url} (self-play: {who}); add actors with `tabula actor --redis {url}`");
    Ok(games)
}

/// The run's name in Redis: its folder's name (keys are `tabula:<name>:...`).
fn run_name(out: &Path) -> anyhow::Result<String> {
    let name = out.file_name().map(|n| n.to_string_lossy().into_owned());
    let name = name.with_context(|| format!("{} has no folder name to call the run by", out.display()))?;
    // Keys are split on ':'; spaces and odd bytes would only make redis-cli awkward.
    Ok(name.chars().map(|c| if c.is_ascii_alphanumeric() || "-_.".contains(c) { c } else { '_' }).collect())
}

fn default_out(game: &str) -> PathBuf {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    Path::new("runs").join(format!("{game}-{secs}"))
}
