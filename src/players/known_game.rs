//! The games tabula can seat players in: each one's baselines, advisors and protocol programs.

use super::options::{BuildOptions, Factory};
use crate::registry::registry;
use anyhow::Context;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;
use std::time::Duration;
use tabula_core::{Agent, Game, GameSpec, ProgramOptions};
use tabula_ntuple::NTupleModel;
use tabula_search::SharedAdvisor;

/// A game whose baselines, advisors and protocol programs tabula can seat, and whose board a
/// front end can draw.
pub trait KnownGame: Game + crate::session::Drawn {
    /// The baselines, for messages.
    const BASELINES: &'static str;
    /// The baselines' names, as [`baseline`](KnownGame::baseline) knows them.
    const BASELINE_NAMES: &'static [&'static str];
    /// The baselines a run's evaluations play (`tabula train`).
    const TRAINING_OPPONENTS: &'static [&'static str] = &["random", "greedy"];
    /// Random plies that open each pair of an arena's games unless told (`--opening-plies`):
    /// enough that players who search alike do not replay a few games over and over.
    fn opening_plies(&self) -> usize {
        2
    }
    /// The baseline `name`, with its number if given.
    fn baseline(name: &str, arg: Option<u64>, options: &BuildOptions) -> anyhow::Result<Factory<Self>>;
    /// The advisor a run's config names (`search.advisor`).
    fn advisor(name: &str) -> anyhow::Result<SharedAdvisor<Self::State>>;
    /// An external program speaking the game's protocol.
    fn program(command: &str, options: &BuildOptions, faults: Arc<AtomicUsize>) -> anyhow::Result<Factory<Self>>;
    /// A trained n-tuple network (an afterstate run's model) as a player, for the games whose
    /// board is a cell board.
    fn ntuple_player(&self, _model: Arc<NTupleModel>, _name: String) -> anyhow::Result<Factory<Self>> {
        anyhow::bail!(
            "{} has no n-tuple players (an afterstate run's model.ntuple is for cell-board games: superball)",
            self.name()
        )
    }
}

/// Players of a protocol program, one per thread, `seat` building each from its options.
fn program_factory<G: Game, A: Agent<G::State> + 'static>(
    command: &str,
    options: &BuildOptions,
    faults: Arc<AtomicUsize>,
    seat: fn(ProgramOptions) -> A,
) -> Factory<G> {
    let options = ProgramOptions::from(command)
        .with_timeout(options.command_timeout)
        .verbose(options.verbose)
        .with_fault_counter(faults);
    Box::new(move || Box::new(seat(options.clone())))
}

/// A game's `agent_by_name`: a baseline by name, its searching players at a time a move.
type BaselineByName<G> = fn(&str, Option<Duration>) -> Result<Box<dyn Agent<<G as Game>::State>>, String>;

/// A game's `alphabeta_to_depth`: its alpha-beta to a fixed depth, no clock.
type AlphaBetaToDepth<G> = fn(u32) -> Box<dyn Agent<<G as Game>::State>>;

/// A baseline of a game whose searching players think `options.movetime` a move, whose
/// `mcts` also takes a number of simulations (`mcts:SIMS`) and whose `alphabeta` a depth
/// (`alphabeta:DEPTH`).
fn timed_baseline<G: KnownGame>(
    title: &str,
    name: &str,
    arg: Option<u64>,
    options: &BuildOptions,
    by_name: BaselineByName<G>,
    to_depth: AlphaBetaToDepth<G>,
) -> anyhow::Result<Factory<G>> {
    if !G::BASELINE_NAMES.contains(&name) {
        return Err(unknown::<G>(title, name));
    }
    match (name, arg) {
        ("mcts", Some(sims)) => {
            anyhow::ensure!(sims > 0, "mcts:SIMS needs at least 1 simulation");
            Ok(Box::new(move || tabula_baselines::rollout_mcts::with_simulations(sims as usize)))
        }
        ("alphabeta", Some(depth)) => {
            let depth = alphabeta_depth(depth)?;
            Ok(Box::new(move || to_depth(depth)))
        }
        (_, Some(_)) => anyhow::bail!("{name} takes no number; alphabeta:DEPTH and mcts:SIMS do"),
        (_, None) => {
            let (name, movetime) = (name.to_string(), options.movetime);
            Ok(Box::new(move || by_name(&name, Some(movetime)).expect("checked above")))
        }
    }
}

/// The depth of `alphabeta:DEPTH`, checked.
fn alphabeta_depth(depth: u64) -> anyhow::Result<u32> {
    anyhow::ensure!((1..=64).contains(&depth), "alphabeta:DEPTH needs a depth from 1 to 64");
    Ok(depth as u32)
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
        use tabula_baselines::rollout_mcts::with_simulations as mcts_with_simulations;
        use tabula_baselines::score4::{AgentOptions, agent_by_name};
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
            ("alphabeta", Some(depth)) => AgentOptions { movetime: None, depth: Some(alphabeta_depth(depth)?) },
            (_, Some(_)) => anyhow::bail!("{name} takes no number; alphabeta:DEPTH and mcts:SIMS do"),
        };
        let name = name.to_string();
        Ok(Box::new(move || agent_by_name(&name, &agent_options).expect("checked above")))
    }

    fn advisor(name: &str) -> anyhow::Result<SharedAdvisor<Self::State>> {
        anyhow::bail!("Score 4 has no advisor (the config names {name:?}): remove search.advisor")
    }

    fn program(command: &str, options: &BuildOptions, faults: Arc<AtomicUsize>) -> anyhow::Result<Factory<Self>> {
        Ok(program_factory::<Self, _>(command, options, faults, score4::referee::ProgramAgent::new))
    }
}

impl KnownGame for superball::Superball {
    const BASELINES: &'static str =
        "random, greedy, lookahead[:MS], greedy(reserve=X), lookahead(reserve=X,samples=N,width=N,budget_ms=N)";
    const BASELINE_NAMES: &'static [&'static str] = tabula_baselines::superball::PLAYERS;

    fn baseline(name: &str, arg: Option<u64>, _options: &BuildOptions) -> anyhow::Result<Factory<Self>> {
        use tabula_baselines::superball::{by_name, player_by_spec};
        if name.contains('(') {
            // Its knobs, as an afterstate run's teacher names it.
            return player_by_spec(name).map_err(anyhow::Error::msg);
        }
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

    fn ntuple_player(&self, model: Arc<NTupleModel>, name: String) -> anyhow::Result<Factory<Self>> {
        let agent = tabula_baselines::superball::ntuple_agent(self, model, &name).map_err(anyhow::Error::msg)?;
        Ok(Box::new(move || Box::new(agent.clone())))
    }
}

impl KnownGame for superply::Superply {
    const BASELINES: &'static str = "random, greedy, alphabeta[:DEPTH], mcts[:SIMS]";
    const BASELINE_NAMES: &'static [&'static str] = &tabula_baselines::superply::AGENT_NAMES;
    /// The classical player a run must beat, so that its learning curve is against it.
    const TRAINING_OPPONENTS: &'static [&'static str] = &["random", "greedy", "alphabeta"];

    fn baseline(name: &str, arg: Option<u64>, options: &BuildOptions) -> anyhow::Result<Factory<Self>> {
        timed_baseline::<Self>("Superply", name, arg, options, tabula_baselines::superply::agent_by_name, |depth| {
            Box::new(tabula_baselines::superply::alphabeta_to_depth(depth))
        })
    }

    fn advisor(name: &str) -> anyhow::Result<SharedAdvisor<Self::State>> {
        anyhow::bail!("Superply has no advisor (the config names {name:?}): remove search.advisor")
    }

    fn program(command: &str, options: &BuildOptions, faults: Arc<AtomicUsize>) -> anyhow::Result<Factory<Self>> {
        Ok(program_factory::<Self, _>(command, options, faults, superply::program_agent::ProgramAgent::new))
    }
}

impl KnownGame for upright::Upright {
    const BASELINES: &'static str = "random, greedy, alphabeta[:DEPTH], mcts[:SIMS]";
    const BASELINE_NAMES: &'static [&'static str] = &tabula_baselines::upright::AGENT_NAMES;
    /// The classical player a run must beat, so that its learning curve is against it.
    const TRAINING_OPPONENTS: &'static [&'static str] = &["random", "greedy", "alphabeta"];

    fn baseline(name: &str, arg: Option<u64>, options: &BuildOptions) -> anyhow::Result<Factory<Self>> {
        timed_baseline::<Self>(
            "Upward-Rightward",
            name,
            arg,
            options,
            tabula_baselines::upright::agent_by_name,
            |depth| Box::new(tabula_baselines::upright::alphabeta_to_depth(depth)),
        )
    }

    fn advisor(name: &str) -> anyhow::Result<SharedAdvisor<Self::State>> {
        tabula_baselines::upright::advisor_by_name(name).map_err(|e| anyhow::anyhow!("search.advisor: {e}"))
    }

    /// a1 is forced and every later square of the first part has at most two choices, so two
    /// random plies make two openings (200 games at 100 ms a move were 21 distinct games). As
    /// many plies as the board is wide: up to 32 openings on 6x6, and the players still choose
    /// about half of the first part's 2n - 1 squares.
    fn opening_plies(&self) -> usize {
        self.size()
    }

    fn program(command: &str, options: &BuildOptions, faults: Arc<AtomicUsize>) -> anyhow::Result<Factory<Self>> {
        Ok(program_factory::<Self, _>(command, options, faults, upright::referee::ProgramAgent::new))
    }
}

impl KnownGame for clue::Clue {
    const BASELINES: &'static str = "random, deduce[:N], sly[:PERCENT], bold[:PERCENT], shrewd, quick, ismcts[:ITERATIONS], reads-DEDUCER, bluffs-DEDUCER";
    const BASELINE_NAMES: &'static [&'static str] = &tabula_baselines::clue::AGENT_NAMES;
    const TRAINING_OPPONENTS: &'static [&'static str] = &["random", "deduce"];

    fn baseline(name: &str, arg: Option<u64>, _options: &BuildOptions) -> anyhow::Result<Factory<Self>> {
        use tabula_baselines::clue::agent_by_name;
        // `reads-NAME`: a deduction player that reads the others' questions; `bluffs-NAME`: one
        // that lists an item of its own in every question.
        let (mut prefixes, mut name) = (String::new(), name);
        while let Some((prefix, plain)) = tabula_baselines::clue::DEDUCTION_PREFIXES
            .iter()
            .find_map(|p| name.strip_prefix(p).map(|plain| (*p, plain)))
        {
            prefixes.push_str(prefix);
            name = plain;
        }
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
        let name = format!("{prefixes}{name}");
        // A bad number (or a player that cannot read) is found here, not in the worker threads.
        agent_by_name(&name).map_err(anyhow::Error::msg)?;
        Ok(Box::new(move || agent_by_name(&name).expect("checked above")))
    }

    fn advisor(name: &str) -> anyhow::Result<SharedAdvisor<Self::State>> {
        tabula_baselines::clue::advisor_by_name(name).map_err(|e| anyhow::anyhow!("search.advisor: {e}"))
    }

    fn program(command: &str, options: &BuildOptions, faults: Arc<AtomicUsize>) -> anyhow::Result<Factory<Self>> {
        Ok(program_factory::<Self, _>(command, options, faults, clue::arbiter::ProgramAgent::new))
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
