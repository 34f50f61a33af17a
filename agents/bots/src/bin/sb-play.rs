//! `sb-play rows cols min-score-size colors [--agent NAME] [--checkpoint PATH] [--width N --samples N]
//! [--simulations N] [--advisor SPEC] [--budget-ms MS] [--seed N] [-v]`:
//! reads a Superball board on stdin (the handout's format) and prints one move, `SWAP r1 c1 r2 c2`
//! or `SCORE r c`, for sb-player. sb-player passes only the four arguments, so the options can
//! also come from the environment: `SB_PLAY_AGENT` (td, az, net, random, greedy, lookahead; default
//! td: the shipped n-tuple player), `SB_PLAY_CHECKPOINT`, `SB_PLAY_WIDTH`, `SB_PLAY_SAMPLES`,
//! `SB_PLAY_SIMULATIONS`, `SB_PLAY_ADVISOR`, `SB_PLAY_BUDGET_MS`, `SB_PLAY_SEED`.
//!
//! It never prints an illegal move: the agent's choice is checked against the rules and replaced
//! by a legal move if it fails. With fewer than 5 empty cells and nothing to score it swaps, which
//! ends the game.
use anyhow::Context;
use clap::Parser;
use rand::SeedableRng;
use std::io::Read;
use std::path::PathBuf;
use std::sync::Arc;
use superball::{Superball, SuperballState, cli};
use tabula_baselines::superball::{LookaheadPlayer, PLAYERS, advisor_by_name, by_name};
use tabula_bots::shipped;
use tabula_core::{Agent, Game, State};
use tabula_models::run_files::ntuple_model_path;
use tabula_models::{PlayConfig, TrainedModel};
use tabula_ntuple::{Expectimax, NTupleAgent, NTupleModel};
use tabula_search::{Remembered, SharedAdvisor};

#[derive(Parser, Debug)]
#[command(
    name = "sb-play",
    about = "Print one Superball move for the board on standard input",
    long_about = "Print one Superball move for the board on standard input (the handout's format).\n\n\
        With no options it plays the trained agent shipped in checkpoints/superball (compiled into \
        this binary): an n-tuple network that values the board after each move, learnt by TD over \
        greedy's short list of moves, looking one draw of the next balls past its best moves \
        (its model file says how far: 4 moves, 8 draws each). \
        On a board size the shipped model was not trained for, it plays lookahead instead (-v says so)."
)]
struct Args {
    rows: String,
    cols: String,
    /// min-score-size
    mss: String,
    colors: String,
    /// `td` (a trained n-tuple network's afterstate values, from `tabula train` with `method =
    /// "afterstate-td"`: the shipped one, or --checkpoint's), `az` (a trained network with
    /// tabula's search), `net` (its policy alone), or a baseline: random, greedy, lookahead (with
    /// --checkpoint naming an n-tuple model, that model makes the moves lookahead leaves to greedy).
    #[arg(long, short, env = "SB_PLAY_AGENT", default_value = "td")]
    agent: String,
    /// The trained model for `az` and `net`: a model.bpk (with model.json and config.toml beside
    /// it), a run directory or a checkpoint folder; for `td` and `lookahead`, a model.ntuple or
    /// the run directory holding it (default for `td`, `az` and `net`: the shipped model).
    #[arg(long, env = "SB_PLAY_CHECKPOINT", value_name = "PATH")]
    checkpoint: Option<PathBuf>,
    /// For `td`: look one draw of the next balls past its N best moves (default: as the model
    /// file says; 0 with --samples 0: the network's best move alone). Needs --samples.
    #[arg(long, env = "SB_PLAY_WIDTH", value_name = "N", requires = "samples")]
    width: Option<usize>,
    /// For `td`: draws of the next balls for each of those moves. Needs --width.
    #[arg(long, env = "SB_PLAY_SAMPLES", value_name = "N", requires = "width")]
    samples: Option<usize>,
    /// Search simulations per move for `az` (default: the model's evaluation simulations).
    #[arg(long, env = "SB_PLAY_SIMULATIONS")]
    simulations: Option<usize>,
    /// The advisor of `az`'s search, e.g. `lookahead(reserve=1.5, samples=8, budget_ms=150)` or
    /// `greedy` (default: the one the model's config.toml names).
    #[arg(long, env = "SB_PLAY_ADVISOR", value_name = "SPEC")]
    advisor: Option<String>,
    /// The lookahead player's time per move in milliseconds (0: its default).
    #[arg(long, env = "SB_PLAY_BUDGET_MS", default_value_t = 0)]
    budget_ms: u64,
    /// Seed of the player's own random numbers (default: derived from the board, so the same
    /// board gets the same move).
    #[arg(long, env = "SB_PLAY_SEED")]
    seed: Option<u64>,
    /// Diagnostics on stderr.
    #[arg(short, long)]
    verbose: bool,
}

fn fail(message: &str) -> ! {
    eprintln!("sb-play: {message}");
    std::process::exit(1)
}

/// The advisor `--advisor` names, if any, parsed once before the board is read (only `az` searches).
fn chosen_advisor(args: &Args) -> anyhow::Result<Option<SharedAdvisor<SuperballState>>> {
    let Some(spec) = args.advisor.as_deref() else { return Ok(None) };
    anyhow::ensure!(args.agent.eq_ignore_ascii_case("az"), "--advisor needs --agent az, not {}", args.agent);
    advisor_by_name(spec).map(Some).map_err(|e| anyhow::anyhow!("--advisor: {e}"))
}

/// The advisor a model's config names, if any.
fn config_advisor(config: &PlayConfig) -> anyhow::Result<Option<SharedAdvisor<SuperballState>>> {
    config.search.advisor.as_deref().map(advisor_by_name).transpose().map_err(anyhow::Error::msg)
}

/// A trained model with `advisor` (the chosen one, or its answers remembered for this board),
/// else the one its config names, as `az` or `net`.
fn trained_agent(
    game: &Superball,
    model: TrainedModel,
    args: &Args,
    advisor: Option<SharedAdvisor<SuperballState>>,
) -> anyhow::Result<Box<dyn Agent<SuperballState>>> {
    if args.agent.eq_ignore_ascii_case("net") {
        return Ok(Box::new(model.policy_agent(game)));
    }
    let advisor = match advisor {
        Some(advisor) => Some(advisor),
        None => config_advisor(&model.config)?,
    };
    Ok(Box::new(model.search_agent(game, args.simulations, advisor)))
}

/// The shipped agent's advice on `state`, asked once, where its search would consider the advised
/// moves alone: its config gives the advice all of the root's prior. Where the advice is one move
/// (on every board but those where a set is cashed in, or a guarded tight board), that move is the
/// search's, found without loading the network: loading the 4 MB model is most of such a call's
/// time, so the time the handout allows goes to the searches that matter. Elsewhere the search's
/// root reads the same answer instead of asking the advisor again (a lookahead advisor spends a
/// whole decision's budget on it). The advisor is `chosen` (`--advisor`), else the config's.
/// `None` for other agents and for a model from disk (`--checkpoint`), which always loads, so
/// that a bad file is refused on the first board.
fn shipped_advice(
    game: &Superball,
    args: &Args,
    chosen: Option<&SharedAdvisor<SuperballState>>,
    state: &SuperballState,
) -> Option<Remembered<SuperballState>> {
    if !args.agent.eq_ignore_ascii_case("az") || args.checkpoint.is_some() {
        return None;
    }
    // The shipped model fits one board size; on others the bot plays lookahead (`trained`).
    let config = shipped::config(game).ok().filter(|c| c.game == game.spec())?;
    let search = &config.search;
    if search.advice_prior < 1.0 || search.consider_rewarding_moves {
        return None;
    }
    let advisor = match chosen {
        Some(advisor) => advisor.clone(),
        None => config_advisor(&config).ok()??,
    };
    Some(Remembered::ask(advisor, state))
}

/// The baseline that `--agent` names, built before the board is read so that a bad name or
/// option is refused first; `None` for the trained agents (`az`, `net`), whose model loads only
/// once their search has a choice to make (`shipped_advice`).
fn baseline(game: &Superball, args: &Args) -> anyhow::Result<Option<Box<dyn Agent<SuperballState>>>> {
    let name = args.agent.to_ascii_lowercase();
    if matches!(name.as_str(), "az" | "net") {
        return Ok(None);
    }
    anyhow::ensure!(name == "td" || args.width.is_none(), "--width and --samples are for --agent td, not {name}");
    if name == "td" {
        return ntuple_player(game, args).map(Some);
    }
    if name == "lookahead" && args.checkpoint.is_some() {
        let policy = Arc::new(ntuple_agent(game, args)?);
        return Ok(Some(Box::new(LookaheadPlayer::with_budget_ms_or_default(args.budget_ms).with_policy(policy))));
    }
    anyhow::ensure!(args.checkpoint.is_none(), "--checkpoint needs --agent az, net, td or lookahead, not {name}");
    let agent = by_name(&name, args.budget_ms).ok_or_else(|| {
        anyhow::anyhow!("unknown agent {:?}; choose one of az, net, td, {}", args.agent, PLAYERS.join(", "))
    })?;
    Ok(Some(agent))
}

/// `td`: the n-tuple model `--checkpoint` names, else the shipped one (lookahead on a board
/// size it was not trained for), looking as far as `--width`/`--samples` or the model say.
fn ntuple_player(game: &Superball, args: &Args) -> anyhow::Result<Box<dyn Agent<SuperballState>>> {
    let agent = match (&args.checkpoint, shipped::ntuple_model(game)) {
        (Some(_), _) => ntuple_agent(game, args)?,
        (None, Some(model)) => {
            match tabula_baselines::superball::ntuple_agent(game, Arc::new(model?), "td (shipped)") {
                Ok(agent) => agent,
                Err(why) => {
                    if args.verbose {
                        eprintln!("sb-play: the shipped model was {why}; playing lookahead instead");
                    }
                    return Ok(by_name("lookahead", args.budget_ms).expect("a baseline"));
                }
            }
        }
        (None, None) => anyhow::bail!("no n-tuple model is shipped for Superball: give --checkpoint"),
    };
    Ok(Box::new(match (args.width, args.samples) {
        (Some(width), Some(samples)) => {
            agent.with_search(Expectimax::new(width, samples).map_err(|e| anyhow::anyhow!("--width, --samples: {e}"))?)
        }
        _ => agent,
    }))
}

/// `td` from `--checkpoint` (or lookahead's policy): the n-tuple model there, over the base value
/// it learnt over.
fn ntuple_agent(game: &Superball, args: &Args) -> anyhow::Result<NTupleAgent<SuperballState>> {
    let path = args.checkpoint.as_deref().context("--agent lookahead takes an n-tuple model with --checkpoint")?;
    let file = ntuple_model_path(path).with_context(|| format!("{}: no model.ntuple there", path.display()))?;
    let model = Arc::new(NTupleModel::load(&file)?);
    tabula_baselines::superball::ntuple_agent(game, model, "td")
        .map_err(|why| anyhow::anyhow!("{}: {why}", file.display()))
}

/// `az` or `net` from `--checkpoint`, or else from the shipped model, searching with `chosen`
/// (`--advisor`) or, for the shipped model, `advice` (its advisor's answers on this board).
fn trained(
    game: &Superball,
    args: &Args,
    chosen: Option<SharedAdvisor<SuperballState>>,
    advice: Option<Remembered<SuperballState>>,
) -> anyhow::Result<Box<dyn Agent<SuperballState>>> {
    match &args.checkpoint {
        Some(path) => trained_agent(game, TrainedModel::load(game, path)?, args, chosen),
        // The shipped model fits one board size; on others the bot still plays.
        None => match shipped::model(game) {
            Ok(model) => {
                let advisor = advice.map(|a| Arc::new(a) as SharedAdvisor<SuperballState>).or(chosen);
                trained_agent(game, model, args, advisor)
            }
            Err(e) => {
                if args.verbose {
                    eprintln!("sb-play: {e:#}; playing lookahead instead");
                }
                Ok(by_name("lookahead", args.budget_ms).expect("a baseline"))
            }
        },
    }
}

fn main() {
    let args = Args::parse();
    let four = [args.rows.clone(), args.cols.clone(), args.mss.clone(), args.colors.clone()];
    let params = cli::params_from_args("sb-play", &four).unwrap_or_else(|e| fail(&e));
    let game = Superball::new(params.clone());
    let baseline = baseline(&game, &args).unwrap_or_else(|e| fail(&format!("{e:#}")));
    let chosen = chosen_advisor(&args).unwrap_or_else(|e| fail(&format!("{e:#}")));
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut input) {
        fail(&format!("cannot read the board: {e}"));
    }
    let state = SuperballState::from_text(params, &input).unwrap_or_else(|e| fail(&e.to_string()));
    let legal = state.legal_actions();
    if legal.is_empty() {
        fail("no legal move on this board (fewer than two filled cells and nothing to score)");
    }
    let start = std::time::Instant::now();
    let advice = shipped_advice(&game, &args, chosen.as_ref(), &state);
    let only = advice.as_ref().and_then(|a| match a.advice[..] {
        [only] => Some(only),
        _ => None,
    });
    if let Some(action) = only.filter(|a| legal.binary_search(a).is_ok()) {
        println!("{}", state.action_to_string(action));
        if args.verbose {
            eprintln!("sb-play: the advisor's only move {} in {:?}", state.action_to_string(action), start.elapsed());
        }
        return;
    }
    let mut agent = match baseline {
        Some(agent) => agent,
        None => trained(&game, &args, chosen, advice).unwrap_or_else(|e| fail(&format!("{e:#}"))),
    };
    let seed = args.seed.unwrap_or_else(|| {
        // FNV-1a of the board: deterministic per board, different across boards.
        input.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
    });
    let mut rng = tabula_core::GameRng::seed_from_u64(seed);
    // A failing agent gives way to a legal move: the harness must always get one.
    let chosen = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| agent.act(&state, &mut rng)));
    let action = match chosen {
        Ok(a) if legal.binary_search(&a).is_ok() => a,
        _ => {
            eprintln!("sb-play: {} failed to choose a legal move; playing a legal one instead", agent.name());
            legal[0]
        }
    };
    println!("{}", state.action_to_string(action));
    if args.verbose {
        eprintln!("sb-play: {} chose {} in {:?}", agent.name(), state.action_to_string(action), start.elapsed());
    }
}
