//! `clue-bot`: a Generalized Clue player speaking `clue-arbiter`'s line protocol on stdin/stdout
//! (`envs/clue/PROTOCOL.md`).
//!
//! ```text
//! $ printf 'new players 2 items 5 hidden 1 seat 1 hand 1 2;\nturn;\nquit;\n' | clue-bot --agent deduce
//! ok.
//! ask 2: 3.
//! ok.
//! ```
//!
//! The protocol lives in `clue::protocol`, shared with `clue-arbiter`: the bot keeps a view of
//! what it has seen, draws a full state consistent with it before each answer, and lets the
//! agent choose sub-actions in that state. Stdout carries protocol answers only, stderr nothing
//! unless `-v`. Answers are held back to a fixed pace (`--pace-ms`, `--note-pace-ms`) so that
//! their timing does not tell the others what the bot holds.

use clap::Parser;
use clue::protocol::Pace;
use clue::{Clue, ClueState, Params};
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tabula_baselines::clue::{AGENT_NAMES, STRONGEST, advisor_by_name, agent_by_name};
use tabula_core::{Agent, Game, rng_from_seed};

#[derive(Parser, Debug)]
#[command(
    name = "clue-bot",
    version,
    about = "A Generalized Clue player for clue-arbiter's line protocol (stdin/stdout).",
    long_about = "A Generalized Clue player for clue-arbiter's line protocol (stdin/stdout).\n\n\
        `az` (the default) is the trained agent shipped in checkpoints/clue (compiled in) with \
        tabula's information-set search over the steps of sly that reads the others' questions \
        (see shrewd) and bluffs (lists one item of its own in every question, which misleads \
        readers), `net` its policy alone; `deduce` \
        reasons exactly from everything it has seen, guesses only what it has proven and asks \
        the most informative question (weaker than the shipped agent, and faster); `sly` and `bold` are deduce that \
        weighs what its questions tell the others and, for bold, guesses early when an opponent \
        is probably certain; `shrewd` is bold that also reads what the others' questions say of \
        their hands (the deduction players never list an item they hold: it takes every listed \
        item as one the asker lacks), which wins nearly every game against deduce, sly and bold, \
        and loses nearly every game to the shipped agent's bluffs; `ismcts` is tabula's \
        information-set search with cheap deduction-guided rollouts; `random` takes random \
        legal steps. A model plays only the game it was trained on (players, items, hidden): \
        for other parameters the shipped model gives way to bluffs-shrewd, the strongest \
        hand-written player (said on stderr with -v), and a --checkpoint that cannot play the game \
        is an error."
)]
struct Args {
    /// Who chooses the turns.
    #[arg(long, default_value = "az", value_parser = tabula_bots::agent_names(&AGENT_NAMES))]
    agent: String,
    /// The trained model for `az` and `net`: a model.bpk (with model.json and config.toml beside
    /// it), a run directory or a checkpoint folder (default: the shipped model).
    #[arg(long, value_name = "PATH")]
    checkpoint: Option<PathBuf>,
    /// Search simulations per sub-action for `az` (default: the model's evaluation simulations).
    #[arg(long, conflicts_with = "movetime_ms")]
    simulations: Option<usize>,
    /// Thinking time per sub-action in milliseconds for `az`, instead of simulations.
    #[arg(long)]
    movetime_ms: Option<u64>,
    /// Search iterations per decision for `ismcts`.
    #[arg(long, default_value_t = tabula_baselines::clue::ISMCTS_ITERATIONS)]
    iterations: usize,
    /// Seed for the agent's random choices and the bot's draws of consistent deals (default:
    /// from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Answer `turn;` and `show` no sooner than this many milliseconds after reading them, so
    /// that how long the bot thinks, which depends on its hand, tells the others nothing. Keep it
    /// above the agent's slowest answer (`-v` reports any answer that took longer): the shipped
    /// agent's take up to about 300 ms on a shared 2-core machine. 0 answers every command at
    /// once (for tournaments among your own programs, where nobody times the answers).
    #[arg(long, default_value_t = 500, value_name = "MS")]
    pace_ms: u64,
    /// The same for every other command (the notes of what happened, `new`, `end`), which the bot
    /// answers after updating what it knows (unless --pace-ms is 0).
    #[arg(long, default_value_t = 20, value_name = "MS")]
    note_pace_ms: u64,
    /// Write what the bot thinks to stderr.
    #[arg(short, long)]
    verbose: bool,
}

fn main() {
    let args = Args::parse();
    let verbose = args.verbose;
    if !verbose {
        // A panic message on stderr could block on a pipe nobody reads.
        std::panic::set_hook(Box::new(|_| {}));
    }
    let seed = args.seed.unwrap_or_else(tabula_bots::clock_seed);
    let mut rng = rng_from_seed(seed);
    if args.checkpoint.is_some() && !matches!(args.agent.as_str(), "az" | "net") {
        eprintln!("clue-bot: --checkpoint needs --agent az or net, not {}", args.agent);
        std::process::exit(2);
    }
    if let Some(path) = args.checkpoint.as_deref().filter(|p| !p.exists()) {
        eprintln!(
            "clue-bot: {}: no such model (give a run directory, a checkpoint folder or a model.bpk)",
            path.display()
        );
        std::process::exit(2);
    }
    if verbose {
        eprintln!("clue-bot: agent {}, seed {seed}", args.agent);
    }
    // One agent per game (the arbitrator's `new` names the parameters), built on first use.
    let mut agents: HashMap<Params, Box<dyn Agent<ClueState>>> = HashMap::new();
    let make = {
        let args_agent = args.agent.clone();
        move |state: &ClueState| -> Result<Box<dyn Agent<ClueState>>, String> {
            let game = Clue::new(*state.params()).map_err(|e| e.to_string())?;
            match args_agent.as_str() {
                "az" | "net" => match tabula_bots::shipped::model_or_checkpoint(&game, args.checkpoint.as_deref()) {
                    Ok(model) => {
                        let movetime = args.movetime_ms.map(|ms| Duration::from_millis(ms.max(1)));
                        // The model searches as it was trained: advised by deduce when its config says so.
                        let advisor = model.config.search.advisor.as_deref().map(advisor_by_name).transpose()?;
                        Ok(tabula_bots::shipped::trained_agent(
                            &game,
                            &model,
                            &args_agent,
                            args.simulations,
                            movetime,
                            advisor,
                        ))
                    }
                    // A model the user named must load; only the shipped one gives way, to the
                    // strongest hand-written player.
                    Err(e) if args.checkpoint.is_some() => Err(format!("{e:#}")),
                    Err(e) => {
                        if verbose {
                            eprintln!("clue-bot: no model for {}: {e:#}; playing {STRONGEST}", game.spec());
                        }
                        agent_by_name(STRONGEST)
                    }
                },
                "ismcts" => agent_by_name(&format!("ismcts:{}", args.iterations.max(1))),
                name => agent_by_name(name),
            }
        }
    };
    let choose = move |state: &ClueState| {
        let start = Instant::now();
        let agent = agents.entry(*state.params()).or_insert_with(|| {
            make(state).unwrap_or_else(|e| {
                eprintln!("clue-bot: {e}");
                std::process::exit(2);
            })
        });
        let name = agent.name();
        // Whatever the agent does, the bot answers: a failing agent gives way to a legal step
        // (the session replaces an illegal one).
        let action = catch_unwind(AssertUnwindSafe(|| agent.act(state, &mut rng))).unwrap_or_else(|_| {
            if verbose {
                eprintln!("clue-bot: {name} failed to choose; taking the first legal step");
            }
            state.legal()[0]
        });
        if verbose {
            eprintln!("clue-bot: {name} chose {} in {} ms", action, start.elapsed().as_millis());
        }
        action
    };
    let log: Box<dyn std::io::Write> = if verbose { Box::new(std::io::stderr()) } else { Box::new(std::io::sink()) };
    // A closed stdout means the arbitrator has gone: nothing is left to do but stop.
    let pace = match args.pace_ms {
        0 => Pace::NONE,
        ms => Pace { decision: Duration::from_millis(ms), other: Duration::from_millis(args.note_pace_ms) },
    };
    let _ = clue::protocol::serve(std::io::stdin().lock(), std::io::stdout().lock(), choose, seed ^ 0x5eed, pace, log);
}
