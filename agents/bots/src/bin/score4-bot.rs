//! `score4-bot`: a Score 4 computer opponent speaking the Casperson protocol on stdin/stdout.
//!
//! ```text
//! $ printf 'play white;\nmove;\nnote: black plays A1;\nmove;\nquit;\n' | score4-bot
//! ok.
//! B2.
//! ok.
//! C3.
//! ok.
//! ```
//!
//! With no arguments it plays the trained agent shipped in `checkpoints/score4`, compiled into
//! the binary; `--agent` names another (`net`, or a baseline) and `--checkpoint` another model.
//!
//! The protocol (parsing, answers, the board) lives in `score4::protocol`, shared with
//! `score4-referee`; this file wires stdin/stdout and an agent to it. It writes to stdout only
//! protocol answers, and to stderr nothing unless `-v` is given, because a referee that never
//! reads our stderr would hang us once the pipe filled. End of input or a closed stdout ends it
//! quietly with status 0.

use clap::Parser;
use score4::protocol::{BotSession, CommandReader};
use score4::{Board, Peg, Score4, Score4State};
use std::io::{Read, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tabula_baselines::score4::{AGENT_NAMES, AgentOptions, agent_by_name};
use tabula_bots::shipped;
use tabula_core::{Agent, State, rng_from_seed};

#[derive(Parser, Debug)]
#[command(
    name = "score4-bot",
    version,
    about = "A Score 4 computer opponent for the Casperson referee protocol (stdin/stdout).",
    long_about = "A Score 4 computer opponent for the Casperson referee protocol (stdin/stdout).\n\n\
        With no arguments it plays the trained agent shipped in checkpoints/score4 (compiled into \
        this binary) with tabula's search, --movetime-ms a move."
)]
struct Args {
    /// Who chooses the moves: `az` (a trained network with tabula's search), `net` (the network's
    /// policy alone, fastest), or a hand-written baseline.
    #[arg(long, default_value = "az", value_parser = tabula_bots::agent_names(&AGENT_NAMES))]
    agent: String,
    /// The trained model for `az` and `net`: a model.bpk (with model.json and config.toml beside
    /// it), a run directory or a checkpoint folder (default: the shipped model).
    #[arg(long, value_name = "PATH")]
    checkpoint: Option<PathBuf>,
    /// Thinking time per move in milliseconds (az, alphabeta, mcts); 0 for none (alphabeta then
    /// searches to --depth, 6 plies by default; az uses the model's evaluation simulations).
    #[arg(long, default_value_t = 300)]
    movetime_ms: u64,
    /// Search simulations per move for `az` instead of a clock.
    #[arg(long)]
    simulations: Option<usize>,
    /// Depth limit in plies for alphabeta (with --movetime-ms, whichever comes first).
    #[arg(long)]
    depth: Option<u32>,
    /// Seed for the agent's random choices (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Write what the bot receives, answers and thinks to stderr.
    #[arg(short, long)]
    verbose: bool,
}

/// The agent the arguments ask for; a model that cannot be loaded is an error naming the file.
fn make_agent(args: &Args, movetime: Option<Duration>) -> anyhow::Result<Box<dyn Agent<Score4State>>> {
    let game = Score4;
    match args.agent.as_str() {
        "az" | "net" => {
            let model = shipped::model_or_checkpoint(&game, args.checkpoint.as_deref())?;
            Ok(shipped::trained_agent(&game, &model, &args.agent, args.simulations, movetime, None))
        }
        name => {
            anyhow::ensure!(args.checkpoint.is_none(), "--checkpoint needs --agent az or net, not {name}");
            let options = AgentOptions { movetime, depth: args.depth };
            agent_by_name(name, &options).map_err(anyhow::Error::msg)
        }
    }
}

fn main() {
    let args = Args::parse();
    let verbose = args.verbose;
    if !verbose {
        // A panic message on stderr could block on a pipe nobody reads.
        std::panic::set_hook(Box::new(|_| {}));
    }
    // 0 ms: no clock, only the depth limit (alphabeta searches 6 plies when none is given).
    let movetime = (args.movetime_ms > 0).then(|| Duration::from_millis(args.movetime_ms));
    let loading = Instant::now();
    let mut agent = match make_agent(&args, movetime) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("score4-bot: {e:#}");
            std::process::exit(2);
        }
    };
    let seed = args.seed.unwrap_or_else(tabula_bots::clock_seed);
    let mut rng = rng_from_seed(seed);
    let name = agent.name();
    let choose = move |board: &Board| -> Peg {
        let state = Score4State::from_board(*board);
        let start = Instant::now();
        // Whatever an agent does, the bot answers: a failing agent gives way to the first legal peg.
        let action = catch_unwind(AssertUnwindSafe(|| agent.act(&state, &mut rng))).ok();
        let legal = action.filter(|a| state.legal_actions().contains(a)).and_then(|a| Peg::new(a as usize));
        let peg = legal.unwrap_or_else(|| {
            if verbose {
                eprintln!("score4-bot: {name} failed to choose a legal move; playing the first legal peg");
            }
            let first = state.legal_actions().first().copied().unwrap_or(0);
            Peg::new(first as usize).expect("16 pegs")
        });
        if verbose {
            eprintln!("score4-bot: {name} chose {peg} in {} ms", start.elapsed().as_millis());
        }
        peg
    };
    if verbose {
        eprintln!("score4-bot: agent {}, seed {seed}, ready in {} ms", args.agent, loading.elapsed().as_millis());
    }
    serve(BotSession::new(choose), verbose);
}

/// Answers commands until `quit;`, the end of input, or a closed stdout.
fn serve<F: FnMut(&Board) -> Peg>(mut session: BotSession<F>, verbose: bool) {
    let mut reader = CommandReader::new();
    let mut stdin = std::io::stdin().lock();
    let mut stdout = std::io::stdout().lock();
    let mut buf = [0u8; 4096];
    loop {
        let n = match stdin.read(&mut buf) {
            Ok(0) => {
                if verbose {
                    eprintln!("score4-bot: end of input");
                }
                return;
            }
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return,
        };
        reader.feed(&buf[..n]);
        while let Some(parsed) = reader.next_command() {
            if verbose {
                eprintln!("score4-bot: < {parsed:?}");
            }
            let reply = session.handle_parsed(parsed);
            if verbose {
                for note in session.take_diagnostics() {
                    eprintln!("score4-bot: {note}");
                }
                eprintln!("score4-bot: > {reply}");
            } else {
                session.take_diagnostics();
            }
            // The referee may have gone: a write error (EPIPE; Rust ignores SIGPIPE) ends us quietly.
            if writeln!(stdout, "{reply}").and_then(|()| stdout.flush()).is_err() {
                return;
            }
            if session.wants_quit() {
                return;
            }
        }
    }
}
