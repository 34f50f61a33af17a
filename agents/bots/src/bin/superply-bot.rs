//! `superply-bot`: a Superply player that connects to a `superply-server` and plays its games.
//!
//! ```text
//! $ superply-bot --port 7777 --agent greedy --games 10
//! ```
//!
//! It keeps a copy of each game from the server's lines (`superply::protocol::Mirror`), asks its
//! agent for a claim under each hint, and checks the claim against the cells the server allows:
//! whatever the agent does, the bot claims an allowed cell (and says so under `-v`).

use clap::Parser;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use superply::protocol::{Client, Message, Mirror, Request, Seat};
use superply::{Side, Superply, SuperplyState};
use tabula_baselines::superply::{AGENT_NAMES, agent_by_name};
use tabula_core::{Agent, GameRng, State, rng_from_seed};

#[derive(Parser, Debug)]
#[command(
    name = "superply-bot",
    version,
    about = "A Superply player for superply-server: connects, joins, and plays --games games.",
    long_about = "A Superply player for superply-server: connects, joins, and plays --games games.\n\n\
        With no --agent it plays the trained agent shipped in checkpoints/superply (compiled into \
        this binary) with tabula's search, --movetime-ms a move; net plays its policy alone; random, \
        greedy, alphabeta (expectimax alpha-beta over a race evaluation) and mcts (random rollouts) \
        are the hand-written baselines."
)]
struct Args {
    /// The server's host.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// The server's line-protocol port.
    #[arg(long)]
    port: u16,
    /// Who chooses the claims: `az` (a trained model with tabula's search: the shipped one, or
    /// --checkpoint), `net` (its policy alone), or a baseline.
    #[arg(long, default_value = "az", value_parser = tabula_bots::agent_names(&AGENT_NAMES))]
    agent: String,
    /// The trained model for `az` and `net`: a model.bpk, a run directory or a checkpoint folder.
    #[arg(long, value_name = "PATH")]
    checkpoint: Option<PathBuf>,
    /// Thinking time per move in milliseconds (az, alphabeta, mcts).
    #[arg(long, default_value_t = 300)]
    movetime_ms: u64,
    /// Search simulations per move for `az` instead of a clock.
    #[arg(long)]
    simulations: Option<usize>,
    /// The seat to ask for: blue, red or either.
    #[arg(long, default_value = "either")]
    seat: String,
    /// Games to play, one after another.
    #[arg(long, default_value_t = 1)]
    games: usize,
    /// The name the opponent sees (default: the agent's).
    #[arg(long)]
    name: Option<String>,
    /// Seed for the agent's random choices (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Write what the bot hears, says and thinks to stderr.
    #[arg(short, long)]
    verbose: bool,
}

fn make_agent(args: &Args) -> anyhow::Result<Box<dyn Agent<SuperplyState>>> {
    let movetime = Duration::from_millis(args.movetime_ms.max(1));
    match args.agent.as_str() {
        "az" | "net" => {
            // The shipped model (random mode) plays both modes: the networks' shapes are the same,
            // though in deterministic mode it sees a plane it never saw set in training (the
            // next hint's cells, encode.rs plane 3). A deterministic model is not shipped yet.
            let game = Superply::default();
            let model = tabula_bots::shipped::model_or_checkpoint(&game, args.checkpoint.as_deref())?;
            Ok(tabula_bots::shipped::trained_agent(&game, &model, &args.agent, args.simulations, Some(movetime), None))
        }
        name => {
            anyhow::ensure!(args.checkpoint.is_none(), "--checkpoint needs --agent az or net, not {name}");
            agent_by_name(name, Some(movetime)).map_err(anyhow::Error::msg)
        }
    }
}

fn main() {
    let args = Args::parse();
    let seat = match args.seat.to_ascii_lowercase().as_str() {
        "blue" => Seat::Side(Side::Blue),
        "red" => Seat::Side(Side::Red),
        "either" => Seat::Either,
        other => fail(&format!("--seat {other:?}: expected blue, red or either")),
    };
    let loading = Instant::now();
    let mut agent = make_agent(&args).unwrap_or_else(|e| fail(&format!("{e:#}")));
    if args.verbose {
        eprintln!(
            "superply-bot: agent {} ({}) ready in {} ms",
            args.agent,
            agent.name(),
            loading.elapsed().as_millis()
        );
    }
    let seed = args.seed.unwrap_or_else(tabula_bots::clock_seed);
    let mut rng = rng_from_seed(seed);
    let addr = format!("{}:{}", args.host, args.port);
    let mut client = Client::connect(&addr).unwrap_or_else(|e| fail(&format!("cannot connect to {addr}: {e}")));
    let name = args.name.clone().unwrap_or_else(|| agent.name().replace(' ', "-"));
    let log = |text: String| {
        if args.verbose {
            eprintln!("superply-bot: {text}");
        }
    };
    let say = |client: &mut Client, request: Request| {
        log(format!("> {request}"));
        client.send(&request).unwrap_or_else(|e| fail(&format!("the server went away: {e}")));
    };
    say(&mut client, Request::Hello(name.chars().filter(|c| c.is_ascii_graphic()).take(32).collect()));
    say(&mut client, Request::Join(seat));
    let (mut played, mut won) = (0, 0);
    let mut game: Option<Mirror> = None;
    while played < args.games {
        let message = match client.next_message() {
            Ok(Some(m)) => m,
            Ok(None) => {
                report(won, played);
                fail("the server closed the connection")
            }
            Err(e) => {
                report(won, played);
                fail(&format!("{e}"))
            }
        };
        log(format!("< {message}"));
        match &message {
            Message::Start { game: id, size, mode, side, .. } => {
                game = Some(Mirror::new(*id, *size, *mode, *side).unwrap_or_else(|e| fail(&e)));
            }
            Message::Hint { .. } | Message::Moved { .. } => {
                let Some(mirror) = game.as_mut() else { continue };
                let in_step = mirror.follow(&message);
                if let Err(e) = &in_step {
                    log(e.clone());
                }
                if matches!(message, Message::Hint { .. }) && mirror.my_turn() {
                    let cell = choose(mirror, in_step.is_ok(), agent.as_mut(), &mut rng, &log);
                    say(&mut client, Request::Move(cell));
                }
            }
            Message::Over { winner, .. } => {
                played += 1;
                won += usize::from(game.as_ref().is_some_and(|g| g.side() == *winner));
                game = None;
                if played < args.games {
                    say(&mut client, Request::Join(seat));
                }
            }
            Message::Error { text } => log(format!("the server says: {text}")),
            _ => {}
        }
    }
    report(won, played);
    let _ = client.send(&Request::Quit);
}

/// The one line a bot that played several games ends with, as the referees do.
fn report(won: usize, played: usize) {
    eprintln!("superply-bot: {played} game(s): won {won}, lost {}", played - won);
}

/// The agent's claim when it is one the server allows, else an allowed cell at random.
fn choose(
    mirror: &Mirror,
    in_step: bool,
    agent: &mut dyn Agent<SuperplyState>,
    rng: &mut GameRng,
    log: &dyn Fn(String),
) -> String {
    let start = Instant::now();
    let state = mirror.state();
    let picked = in_step
        .then(|| catch_unwind(AssertUnwindSafe(|| agent.act(state, rng))).ok())
        .flatten()
        .filter(|a| state.legal_actions().contains(a))
        .map(|a| state.action_to_string(a))
        .filter(|cell| mirror.allowed().contains(cell));
    match picked {
        Some(cell) => {
            log(format!("{} chose {cell} in {} ms", agent.name(), start.elapsed().as_millis()));
            cell
        }
        None => {
            let allowed = mirror.allowed();
            let cell = allowed[rand::Rng::random_range(rng, 0..allowed.len())].clone();
            log(format!("{} gave no allowed cell; claiming {cell}", agent.name()));
            cell
        }
    }
}

fn fail(text: &str) -> ! {
    eprintln!("superply-bot: {text}");
    std::process::exit(2);
}
