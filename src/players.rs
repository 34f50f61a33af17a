//! Player specs: the one place where a player named on the command line (`tabula arena
//! --players`, `tabula play --opponent`, `tabula eval --against`, training's baselines) is read
//! and built, for every game tabula can seat players in.
//!
//! ```text
//! random  greedy  alphabeta  alphabeta:4  mcts:200  lookahead:500
//! run:runs/score4-1700000000  run:runs/score4-1700000000:800  ckpt:checkpoints/score4/model.bpk
//! shipped  shipped:400  cmd:"score4-bot --agent greedy"
//! ```

use crate::registry::registry;
use anyhow::Context;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tabula_core::{Agent, Game, GameSpec};
use tabula_search::SharedAdvisor;
use tabula_train::trained::TrainedModel;
use tabula_train::trainer::Opponent;

/// The spec syntax, for `--help`.
pub const SPEC_HELP: &str = "\
PLAYER SPECS:
  NAME               a baseline: Score 4 random, greedy, alphabeta, mcts (the last two think
                     --movetime-ms a move); Superball random, greedy, lookahead
  alphabeta:DEPTH    Score 4's alpha-beta to a fixed depth, no clock (reproducible, fast at 1-3)
  mcts:SIMS          Score 4's random-rollout MCTS with SIMS simulations a move, no clock
  lookahead:MS       Superball's lookahead with MS milliseconds a move
  run:DIR[:SIMS]     the model of a training run with tabula's search, SIMS simulations a move
                     (default: the run's eval_simulations), advised as its config says;
  run:DIR:250ms      ... or thinking 250 ms (or 1s, ...) a move: equal time with mcts, alphabeta
  ckpt:PATH[:SIMS]   the same from a checkpoint folder or a model.bpk (config.toml beside it)
  shipped[:SIMS]     the model compiled into the bots (also shipped:MSms)
  cmd:\"PROGRAM ARGS\" an external program speaking the game's protocol: Score 4's Casperson
                     protocol (a fresh process each game), Superball's sb-play interface
                     (`PROGRAM rows cols mss colors`, board on stdin, run each move). A program
                     that fails is counted as a fault and random legal moves stand in for it.
Quote a spec that holds spaces: --players random 'cmd:score4-bot --agent greedy'.";

/// A player, as named on the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerSpec {
    /// One of the game's baselines, with its number (`alphabeta:DEPTH`, `mcts:SIMS`, `lookahead:MS`).
    Baseline { name: String, arg: Option<u64> },
    /// The model of a training run.
    Run { dir: PathBuf, budget: Option<Budget> },
    /// A checkpoint folder or model file.
    Checkpoint { path: PathBuf, budget: Option<Budget> },
    /// The model compiled into the bots.
    Shipped { budget: Option<Budget> },
    /// An external program speaking the game's protocol.
    Command(String),
}

/// How long a trained model searches a move: a number of simulations, or a thinking time
/// (`:800`, `:250ms`, `:1s`), so that it can meet a timed baseline on equal terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    Simulations(usize),
    Time(Duration),
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Simulations(n) => write!(f, "{n}"),
            Budget::Time(t) => write!(f, "{}ms", t.as_millis()),
        }
    }
}

/// Why a spec does not read; one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadSpec(String);

impl fmt::Display for BadSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadSpec {}

fn bad(text: &str, why: impl fmt::Display) -> BadSpec {
    BadSpec(format!("bad player spec {text:?}: {why}"))
}

/// `"x"` or `'x'` → `x`; anything else as it is; an opening quote must be closed.
fn unquote<'a>(text: &str, value: &'a str) -> Result<&'a str, BadSpec> {
    match value.chars().next() {
        Some(q @ ('"' | '\'')) => {
            if value.len() >= 2 && value.ends_with(q) {
                Ok(&value[1..value.len() - 1])
            } else {
                Err(bad(text, format!("the quote {q} is not closed")))
            }
        }
        _ => Ok(value),
    }
}

/// `SIMS`, `MSms` or `Ss`.
fn budget(text: &str, word: &str) -> Result<Budget, BadSpec> {
    let (digits, unit) = match word.strip_suffix("ms") {
        Some(d) => (d, Some(1)),
        None => match word.strip_suffix('s') {
            Some(d) => (d, Some(1000)),
            None => (word, None),
        },
    };
    let n = digits
        .parse::<u64>()
        .map_err(|_| bad(text, format!("{word:?} is not a number of simulations nor a time like 250ms or 1s")))?;
    match unit {
        _ if n == 0 => Err(bad(text, "the number of simulations or the time must be at least 1")),
        Some(ms) => Ok(Budget::Time(Duration::from_millis(n * ms))),
        None => Ok(Budget::Simulations(n as usize)),
    }
}

/// Does `word` read as a budget (digits, optionally followed by `ms` or `s`)?
fn looks_like_budget(word: &str) -> bool {
    let digits = word.strip_suffix("ms").or_else(|| word.strip_suffix('s')).unwrap_or(word);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// `PATH`, `PATH:BUDGET`, `"PATH"` or `"PATH":BUDGET`.
fn path_and_budget(text: &str, rest: &str, what: &str) -> Result<(PathBuf, Option<Budget>), BadSpec> {
    let (path, sims) = if let Some(q @ ('"' | '\'')) = rest.chars().next() {
        let close = rest[1..].find(q).ok_or_else(|| bad(text, format!("the quote {q} is not closed")))? + 1;
        let after = &rest[close + 1..];
        match after.strip_prefix(':') {
            Some(n) => (&rest[1..close], Some(budget(text, n)?)),
            None if after.is_empty() => (&rest[1..close], None),
            None => return Err(bad(text, format!("{after:?} after the quoted {what}"))),
        }
    } else {
        match rest.rsplit_once(':') {
            Some((path, n)) if looks_like_budget(n) => (path, Some(budget(text, n)?)),
            _ => (rest, None),
        }
    };
    if path.trim().is_empty() {
        return Err(bad(text, format!("the {what} is missing")));
    }
    Ok((PathBuf::from(path), sims))
}

impl FromStr for PlayerSpec {
    type Err = BadSpec;

    fn from_str(text: &str) -> Result<Self, BadSpec> {
        let t = text.trim();
        if t.is_empty() {
            return Err(BadSpec("an empty player spec (see PLAYER SPECS in --help)".into()));
        }
        if let Some(rest) = t.strip_prefix("cmd:") {
            let command = unquote(text, rest.trim())?.trim();
            if command.is_empty() {
                return Err(bad(text, "cmd: needs a command line, e.g. cmd:\"score4-bot --agent greedy\""));
            }
            return Ok(PlayerSpec::Command(command.to_string()));
        }
        if let Some(rest) = t.strip_prefix("run:") {
            let (dir, budget) = path_and_budget(text, rest, "run directory")?;
            return Ok(PlayerSpec::Run { dir, budget });
        }
        if let Some(rest) = t.strip_prefix("ckpt:") {
            let (path, budget) = path_and_budget(text, rest, "checkpoint path")?;
            return Ok(PlayerSpec::Checkpoint { path, budget });
        }
        if t == "shipped" {
            return Ok(PlayerSpec::Shipped { budget: None });
        }
        if let Some(n) = t.strip_prefix("shipped:") {
            return Ok(PlayerSpec::Shipped { budget: Some(budget(text, n)?) });
        }
        let (name, arg) = match t.split_once(':') {
            Some((name, arg)) => (name, Some(arg)),
            None => (t, None),
        };
        if !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
            return Err(bad(
                text,
                "a player is a baseline NAME[:N], run:DIR[:SIMS], ckpt:PATH[:SIMS], shipped[:SIMS] or cmd:\"PROGRAM ARGS\"",
            ));
        }
        let arg = match arg {
            None => None,
            Some(a) => Some(a.parse::<u64>().map_err(|_| {
                bad(
                    text,
                    format!(
                        "after \"{name}:\" comes a number (alphabeta:DEPTH, mcts:SIMS, lookahead:MS); \
                         paths and programs take run:, ckpt: or cmd:"
                    ),
                )
            })?),
        };
        Ok(PlayerSpec::Baseline { name: name.to_ascii_lowercase(), arg })
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sims = |n: &Option<Budget>| n.map(|n| format!(":{n}")).unwrap_or_default();
        match self {
            PlayerSpec::Baseline { name, arg: None } => write!(f, "{name}"),
            PlayerSpec::Baseline { name, arg: Some(n) } => write!(f, "{name}:{n}"),
            PlayerSpec::Run { dir, budget } => write!(f, "run:{}{}", dir.display(), sims(budget)),
            PlayerSpec::Checkpoint { path, budget } => write!(f, "ckpt:{}{}", path.display(), sims(budget)),
            PlayerSpec::Shipped { budget } => write!(f, "shipped{}", sims(budget)),
            PlayerSpec::Command(command) => write!(f, "cmd:{command}"),
        }
    }
}

/// A trained model as a player: its search, with the advisor its config names.
fn trained<G: KnownGame>(
    game: &G,
    mut model: TrainedModel,
    budget: Option<Budget>,
    options: &BuildOptions,
) -> anyhow::Result<Factory<G>> {
    if let Some(considered) = options.considered {
        model.config.search.considered = considered;
    }
    let advisor = model.config.search.advisor.as_deref().map(G::advisor).transpose()?;
    let game = game.clone();
    Ok(match budget {
        Some(Budget::Time(time)) => Box::new(move || Box::new(model.timed_agent(&game, time, advisor.clone()))),
        Some(Budget::Simulations(n)) => Box::new(move || Box::new(model.search_agent(&game, Some(n), advisor.clone()))),
        None => Box::new(move || Box::new(model.search_agent(&game, None, advisor.clone()))),
    })
}

impl PlayerSpec {
    /// The `random` baseline, which anchors ratings at 0.
    pub fn is_random(&self) -> bool {
        matches!(self, PlayerSpec::Baseline { name, arg: None } if name == "random")
    }

    /// Builds the player for `game`: loads models, checks that programs exist and that baselines
    /// are known, so that a bad spec fails before any game is played.
    pub fn build<G: KnownGame>(&self, game: &G, options: &BuildOptions) -> anyhow::Result<Player<G>> {
        let faults = Arc::new(AtomicUsize::new(0));
        let make: Factory<G> = match self {
            PlayerSpec::Baseline { name, arg } => G::baseline(name, *arg, options)?,
            PlayerSpec::Run { dir: path, budget } | PlayerSpec::Checkpoint { path, budget } => {
                let model = TrainedModel::load(game, path).with_context(|| format!("player {self}"))?;
                trained(game, model, *budget, options)?
            }
            PlayerSpec::Shipped { budget } => {
                let model = tabula_bots::shipped::model(game).with_context(|| format!("player {self}"))?;
                trained(game, model, *budget, options)?
            }
            PlayerSpec::Command(command) => {
                check_program(command).with_context(|| format!("player {self}"))?;
                G::program(command, options, faults.clone())?
            }
        };
        Ok(Player { spec: self.clone(), opponent: Opponent { name: self.to_string(), make }, faults })
    }
}

/// The first word of `command` must be a program: a file, or a name found on `PATH`.
fn check_program(command: &str) -> anyhow::Result<()> {
    let words = score4::referee::split_words(command).map_err(|e| anyhow::anyhow!("{e}"))?;
    let program = words.first().context("the command is empty")?;
    let found = if program.contains('/') {
        Path::new(program).is_file()
    } else {
        std::env::var_os("PATH").is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
    };
    anyhow::ensure!(found, "no program {program:?} (not a file, and not found on PATH)");
    Ok(())
}

/// How players are built: settings that are not part of a spec.
#[derive(Debug, Clone)]
pub struct BuildOptions {
    /// Thinking time a move of the searching baselines named without a number.
    pub movetime: Duration,
    /// Root actions a trained model's Gumbel search considers (default: its run's `considered`).
    pub considered: Option<usize>,
    /// How long a Score 4 `cmd:` program may take to answer one command.
    pub command_timeout: Duration,
    /// Show `cmd:` programs' stderr.
    pub verbose: bool,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions {
            movetime: Duration::from_millis(1000),
            considered: None,
            command_timeout: score4::referee::DEFAULT_TIMEOUT,
            verbose: false,
        }
    }
}

/// Makes fresh agents of a player, one per thread.
pub type Factory<G> = Box<dyn Fn() -> Box<dyn Agent<<G as Game>::State>> + Send + Sync>;

/// A built player: its spec, its name and factory, and how often its program failed (`cmd:`).
pub struct Player<G: Game> {
    pub spec: PlayerSpec,
    pub opponent: Opponent<G>,
    pub faults: Arc<AtomicUsize>,
}

impl<G: Game> Player<G> {
    pub fn name(&self) -> &str {
        &self.opponent.name
    }

    pub fn faults(&self) -> usize {
        self.faults.load(Ordering::Relaxed)
    }
}

/// A game whose baselines, advisors and protocol programs tabula can seat, and whose board a
/// front end can draw.
pub trait KnownGame: Game + crate::session::Drawn {
    /// The baselines, for messages.
    const BASELINES: &'static str;
    /// The baselines' names, as [`baseline`](KnownGame::baseline) knows them.
    const BASELINE_NAMES: &'static [&'static str];
    /// The baselines a run's evaluations play (`tabula train`).
    const TRAINING_OPPONENTS: &'static [&'static str] = &["random", "greedy"];
    /// The baseline `name`, with its number if given.
    fn baseline(name: &str, arg: Option<u64>, options: &BuildOptions) -> anyhow::Result<Factory<Self>>;
    /// The advisor a run's config names (`search.advisor`).
    fn advisor(name: &str) -> anyhow::Result<SharedAdvisor<Self::State>>;
    /// An external program speaking the game's protocol.
    fn program(command: &str, options: &BuildOptions, faults: Arc<AtomicUsize>) -> anyhow::Result<Factory<Self>>;
}

fn unknown<G: KnownGame>(game: &str, name: &str) -> anyhow::Error {
    anyhow::anyhow!(
        "unknown agent {name:?}; {game} offers {}, or run:DIR[:SIMS], ckpt:PATH[:SIMS], shipped[:SIMS], \
         cmd:\"PROGRAM ARGS\" (see PLAYER SPECS in `tabula arena --help`)",
        G::BASELINES
    )
}

impl KnownGame for score4::Score4 {
    const BASELINES: &'static str = "random, greedy, alphabeta[:DEPTH], mcts[:SIMS]";
    const BASELINE_NAMES: &'static [&'static str] = &tabula_baselines::score4::AGENT_NAMES;

    fn baseline(name: &str, arg: Option<u64>, options: &BuildOptions) -> anyhow::Result<Factory<Self>> {
        use tabula_baselines::score4::{AgentOptions, agent_by_name, mcts_with_simulations};
        if !Self::BASELINE_NAMES.contains(&name) {
            return Err(unknown::<Self>("Score 4", name));
        }
        let clock = AgentOptions { movetime: Some(options.movetime), depth: None };
        let agent_options = match (name, arg) {
            (_, None) => clock,
            ("mcts", Some(sims)) => {
                anyhow::ensure!(sims > 0, "mcts:SIMS needs at least 1 simulation");
                return Ok(Box::new(move || mcts_with_simulations(sims as usize)));
            }
            ("alphabeta", Some(depth)) => {
                anyhow::ensure!((1..=64).contains(&depth), "alphabeta:DEPTH needs a depth from 1 to 64");
                AgentOptions { movetime: None, depth: Some(depth as u32) }
            }
            (_, Some(_)) => anyhow::bail!("{name} takes no number; alphabeta:DEPTH and mcts:SIMS do"),
        };
        let name = name.to_string();
        Ok(Box::new(move || agent_by_name(&name, &agent_options).expect("checked above")))
    }

    fn advisor(name: &str) -> anyhow::Result<SharedAdvisor<Self::State>> {
        anyhow::bail!("Score 4 has no advisor (the config names {name:?}): remove search.advisor")
    }

    fn program(command: &str, options: &BuildOptions, faults: Arc<AtomicUsize>) -> anyhow::Result<Factory<Self>> {
        let (command, timeout, verbose) = (command.to_string(), options.command_timeout, options.verbose);
        Ok(Box::new(move || {
            Box::new(
                score4::referee::ProgramAgent::new(&command)
                    .with_timeout(timeout)
                    .verbose(verbose)
                    .with_fault_counter(faults.clone()),
            )
        }))
    }
}

impl KnownGame for superball::Superball {
    const BASELINES: &'static str = "random, greedy, lookahead[:MS]";
    const BASELINE_NAMES: &'static [&'static str] = tabula_baselines::superball::PLAYERS;

    fn baseline(name: &str, arg: Option<u64>, _options: &BuildOptions) -> anyhow::Result<Factory<Self>> {
        use tabula_baselines::superball::by_name;
        if !Self::BASELINE_NAMES.contains(&name) {
            return Err(unknown::<Self>("Superball", name));
        }
        let budget_ms = match (name, arg) {
            (_, None) => 0,
            ("lookahead", Some(ms)) if ms > 0 => ms,
            ("lookahead", Some(_)) => anyhow::bail!("lookahead:MS needs at least 1 millisecond"),
            (_, Some(_)) => anyhow::bail!("{name} takes no number; lookahead:MS does"),
        };
        let name = name.to_string();
        Ok(Box::new(move || by_name(&name, budget_ms).expect("checked above")))
    }

    fn advisor(name: &str) -> anyhow::Result<SharedAdvisor<Self::State>> {
        tabula_baselines::superball::advisor_by_name(name).map_err(|e| anyhow::anyhow!("search.advisor: {e}"))
    }

    fn program(command: &str, _options: &BuildOptions, faults: Arc<AtomicUsize>) -> anyhow::Result<Factory<Self>> {
        let command = command.to_string();
        Ok(Box::new(move || {
            Box::new(superball::harness::ProgramAgent::new(&command).with_fault_counter(faults.clone()))
        }))
    }
}

impl KnownGame for superply::Superply {
    const BASELINES: &'static str = "random, greedy, mcts[:SIMS]";
    const BASELINE_NAMES: &'static [&'static str] = &tabula_baselines::superply::AGENT_NAMES;

    fn baseline(name: &str, arg: Option<u64>, options: &BuildOptions) -> anyhow::Result<Factory<Self>> {
        use tabula_baselines::superply::{agent_by_name, mcts_with_simulations};
        if !Self::BASELINE_NAMES.contains(&name) {
            return Err(unknown::<Self>("Superply", name));
        }
        match (name, arg) {
            ("mcts", Some(sims)) => {
                anyhow::ensure!(sims > 0, "mcts:SIMS needs at least 1 simulation");
                Ok(Box::new(move || mcts_with_simulations(sims as usize)))
            }
            (_, Some(_)) => anyhow::bail!("{name} takes no number; mcts:SIMS does"),
            (_, None) => {
                let (name, movetime) = (name.to_string(), options.movetime);
                Ok(Box::new(move || agent_by_name(&name, Some(movetime)).expect("checked above")))
            }
        }
    }

    fn advisor(name: &str) -> anyhow::Result<SharedAdvisor<Self::State>> {
        anyhow::bail!("Superply has no advisor (the config names {name:?}): remove search.advisor")
    }

    fn program(_command: &str, _options: &BuildOptions, _faults: Arc<AtomicUsize>) -> anyhow::Result<Factory<Self>> {
        anyhow::bail!(
            "Superply programs play through superply-server, which tabula does not have yet: cmd: players are not available for Superply"
        )
    }
}

impl KnownGame for upright::Upright {
    const BASELINES: &'static str = "random, greedy";
    const BASELINE_NAMES: &'static [&'static str] = &tabula_baselines::upright::AGENT_NAMES;

    fn baseline(name: &str, arg: Option<u64>, _options: &BuildOptions) -> anyhow::Result<Factory<Self>> {
        use tabula_baselines::upright::agent_by_name;
        if !Self::BASELINE_NAMES.contains(&name) {
            return Err(unknown::<Self>("Upward-Rightward", name));
        }
        anyhow::ensure!(arg.is_none(), "{name} takes no number");
        let name = name.to_string();
        Ok(Box::new(move || agent_by_name(&name).expect("checked above")))
    }

    fn advisor(name: &str) -> anyhow::Result<SharedAdvisor<Self::State>> {
        tabula_baselines::upright::advisor_by_name(name).map_err(|e| anyhow::anyhow!("search.advisor: {e}"))
    }

    fn program(_command: &str, _options: &BuildOptions, _faults: Arc<AtomicUsize>) -> anyhow::Result<Factory<Self>> {
        anyhow::bail!(
            "cmd: players are not available for Upward-Rightward yet; play programs against each other with upright-referee"
        )
    }
}

impl KnownGame for clue::Clue {
    const BASELINES: &'static str = "random, deduce[:N], sly[:PERCENT], bold[:PERCENT], quick, ismcts[:ITERATIONS]";
    const BASELINE_NAMES: &'static [&'static str] = &tabula_baselines::clue::AGENT_NAMES;
    const TRAINING_OPPONENTS: &'static [&'static str] = &["random", "deduce"];

    fn baseline(name: &str, arg: Option<u64>, _options: &BuildOptions) -> anyhow::Result<Factory<Self>> {
        use tabula_baselines::clue::agent_by_name;
        if !Self::BASELINE_NAMES.contains(&name) {
            return Err(unknown::<Self>("Clue", name));
        }
        let name = match (name, arg) {
            ("ismcts", Some(n)) => {
                anyhow::ensure!(n > 0, "ismcts:ITERATIONS needs at least 1 iteration");
                format!("ismcts:{n}")
            }
            ("deduce", Some(n)) => format!("deduce:{n}"),
            ("sly", Some(n)) => format!("sly:{n}"),
            ("bold", Some(n)) => format!("bold:{n}"),
            (_, Some(_)) => {
                anyhow::bail!("{name} takes no number; deduce:N, sly:PERCENT, bold:PERCENT and ismcts:ITERATIONS do")
            }
            (_, None) => name.to_string(),
        };
        // A bad number is found here, not in the worker threads.
        agent_by_name(&name).map_err(anyhow::Error::msg)?;
        Ok(Box::new(move || agent_by_name(&name).expect("checked above")))
    }

    fn advisor(name: &str) -> anyhow::Result<SharedAdvisor<Self::State>> {
        tabula_baselines::clue::advisor_by_name(name).map_err(|e| anyhow::anyhow!("search.advisor: {e}"))
    }

    fn program(_command: &str, _options: &BuildOptions, _faults: Arc<AtomicUsize>) -> anyhow::Result<Factory<Self>> {
        anyhow::bail!("cmd: players are not available for Clue; play programs against each other with clue-arbiter")
    }
}

/// Work that needs a game's type.
pub trait GameTask {
    type Output;
    fn run<G: KnownGame>(self, game: G) -> anyhow::Result<Self::Output>;
}

/// Builds the game of `game_spec` and runs `task` on it.
pub fn with_game<T: GameTask>(game_spec: &str, task: T) -> anyhow::Result<T::Output> {
    registry().build(game_spec).context("see `tabula games` for the games and their parameters")?;
    let spec: GameSpec = game_spec.parse()?;
    match spec.name.as_str() {
        "score4" => task.run(score4::Score4::from_spec(&spec)?),
        "superball" => task.run(superball::Superball::from_spec(&spec)?),
        "superply" => task.run(superply::Superply::from_spec(&spec)?),
        "upright" => task.run(upright::Upright::from_spec(&spec)?),
        "clue" => task.run(clue::Clue::from_spec(&spec)?),
        other => anyhow::bail!("tabula cannot seat players in {other} yet"),
    }
}

/// Parses every spec, naming the first bad one.
pub fn parse_all(texts: &[String]) -> anyhow::Result<Vec<PlayerSpec>> {
    texts.iter().map(|t| t.parse::<PlayerSpec>().map_err(anyhow::Error::from)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> PlayerSpec {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn error(text: &str) -> String {
        text.parse::<PlayerSpec>().unwrap_err().to_string()
    }

    #[test]
    fn baselines_with_and_without_numbers() {
        assert_eq!(spec("random"), PlayerSpec::Baseline { name: "random".into(), arg: None });
        assert_eq!(spec(" Greedy "), PlayerSpec::Baseline { name: "greedy".into(), arg: None });
        assert_eq!(spec("alphabeta:3"), PlayerSpec::Baseline { name: "alphabeta".into(), arg: Some(3) });
        assert_eq!(spec("mcts:200").to_string(), "mcts:200");
        assert!(spec("random").is_random() && !spec("random:1").is_random() && !spec("greedy").is_random());
    }

    #[test]
    fn models_with_and_without_budgets() {
        let sims = |n| Some(Budget::Simulations(n));
        let ms = |n| Some(Budget::Time(Duration::from_millis(n)));
        assert_eq!(spec("run:runs/a"), PlayerSpec::Run { dir: "runs/a".into(), budget: None });
        assert_eq!(spec("run:runs/a:800"), PlayerSpec::Run { dir: "runs/a".into(), budget: sims(800) });
        assert_eq!(spec("run:runs/a:250ms"), PlayerSpec::Run { dir: "runs/a".into(), budget: ms(250) });
        assert_eq!(spec("run:runs/a:2s"), PlayerSpec::Run { dir: "runs/a".into(), budget: ms(2000) });
        assert_eq!(
            spec("ckpt:/x/model.bpk:16"),
            PlayerSpec::Checkpoint { path: "/x/model.bpk".into(), budget: sims(16) }
        );
        // A colon that is not followed by a budget belongs to the path.
        assert_eq!(spec("run:runs/a:b"), PlayerSpec::Run { dir: "runs/a:b".into(), budget: None });
        assert_eq!(spec("run:runs/a:ms"), PlayerSpec::Run { dir: "runs/a:ms".into(), budget: None });
        assert_eq!(spec("run:\"my runs/a\":4"), PlayerSpec::Run { dir: "my runs/a".into(), budget: sims(4) });
        assert_eq!(spec("ckpt:'my ckpt'"), PlayerSpec::Checkpoint { path: "my ckpt".into(), budget: None });
        assert_eq!(spec("shipped"), PlayerSpec::Shipped { budget: None });
        assert_eq!(spec("shipped:400"), PlayerSpec::Shipped { budget: sims(400) });
        assert_eq!(spec("shipped:100ms"), PlayerSpec::Shipped { budget: ms(100) });
        for text in ["run:runs/a:800", "run:runs/a:1000ms", "ckpt:c/model.bpk", "shipped:400", "shipped"] {
            assert_eq!(spec(text).to_string(), text);
        }
    }

    #[test]
    fn commands_keep_their_inner_quotes() {
        assert_eq!(spec("cmd:score4-bot --agent greedy"), PlayerSpec::Command("score4-bot --agent greedy".into()));
        assert_eq!(spec("cmd:\"score4-bot --agent greedy\""), PlayerSpec::Command("score4-bot --agent greedy".into()));
        assert_eq!(spec("cmd:'bot --name \"big bot\"'"), PlayerSpec::Command("bot --name \"big bot\"".into()));
        assert_eq!(spec("cmd:\"sb-play\"").to_string(), "cmd:sb-play");
    }

    #[test]
    fn bad_specs_say_what_is_wrong_in_one_line() {
        for (text, expected) in [
            ("", "empty player spec"),
            ("cmd:", "cmd: needs a command line"),
            ("cmd:\"score4-bot --agent greedy", "the quote \" is not closed"),
            ("run:", "the run directory is missing"),
            ("run::5", "the run directory is missing"),
            ("ckpt:\"a b", "the quote \" is not closed"),
            ("ckpt:\"a b\"x", "\"x\" after the quoted checkpoint path"),
            ("run:dir:0", "at least 1"),
            ("shipped:many", "\"many\" is not a number of simulations nor a time"),
            ("shipped:0ms", "at least 1"),
            ("alphabeta:deep", "after \"alphabeta:\" comes a number"),
            ("rn:runs/a", "paths and programs take run:, ckpt: or cmd:"),
            ("my bot", "a player is a baseline NAME[:N]"),
        ] {
            let e = error(text);
            assert!(e.contains(expected), "{text:?} gave {e:?}");
            assert!(!e.contains('\n'), "{e:?}");
        }
    }

    #[test]
    fn players_are_built_for_their_game_or_refused_clearly() {
        let options = BuildOptions::default();
        let score4 = score4::Score4;
        let built = spec("alphabeta:1").build(&score4, &options).unwrap();
        assert_eq!(built.name(), "alphabeta:1");
        (built.opponent.make)();
        for text in ["random", "greedy", "mcts:4", "alphabeta"] {
            spec(text).build(&score4, &options).unwrap();
        }
        let error = |text: &str| spec(text).build(&score4, &options).err().map(|e| format!("{e:#}")).unwrap();
        assert!(error("deep-blue").contains("unknown agent \"deep-blue\"; Score 4 offers random"));
        assert!(error("greedy:3").contains("greedy takes no number"));
        assert!(error("lookahead").contains("unknown agent \"lookahead\""));
        assert!(error("run:/nonexistent/run").contains("player run:/nonexistent/run: /nonexistent/run: no such model"));
        // The model compiled into the bots, as the bots play it.
        let shipped = spec("shipped:8").build(&score4, &options).unwrap();
        let mut agent = (shipped.opponent.make)();
        let state = tabula_core::Game::new_initial_state(&score4, 0);
        let action = agent.act(&state, &mut tabula_core::rng_from_seed(1));
        assert!(tabula_core::State::legal_actions(&state).contains(&action));
        assert!(error("cmd:/nonexistent/bot -v").contains("no program \"/nonexistent/bot\""));
        assert!(error("cmd:'bot \"open'").contains("player cmd:bot \"open"));
        spec("cmd:sh -c true").build(&score4, &options).unwrap();

        let superball = superball::Superball::default();
        spec("lookahead:50").build(&superball, &options).unwrap();
        let e = spec("mcts:5").build(&superball, &options).err().unwrap().to_string();
        assert!(e.contains("Superball offers random, greedy, lookahead[:MS]"), "{e}");
    }
}
