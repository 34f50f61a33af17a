//! `sb-play rows cols min-score-size colors [--agent NAME] [--budget-ms MS] [--seed N] [-v]`:
//! reads a Superball board on stdin (the handout's format) and prints one move, `SWAP r1 c1 r2 c2`
//! or `SCORE r c`, for sb-player. sb-player passes only the four arguments, so the options can
//! also come from the environment: `SB_PLAY_AGENT` (random, greedy, lookahead; default
//! lookahead), `SB_PLAY_BUDGET_MS`, `SB_PLAY_SEED`.
//!
//! It never prints an illegal move: the agent's choice is checked against the rules and replaced
//! by a legal move if it fails. With fewer than 5 empty cells and nothing to score it swaps, which
//! ends the game.
use clap::Parser;
use rand::SeedableRng;
use std::io::Read;
use superball::{SuperballState, cli};
use tabula_baselines::superball::{PLAYERS, by_name};
use tabula_core::State;

#[derive(Parser, Debug)]
#[command(name = "sb-play", about = "Print one Superball move for the board on standard input")]
struct Args {
    rows: String,
    cols: String,
    /// min-score-size
    mss: String,
    colors: String,
    /// random, greedy or lookahead.
    #[arg(long, short, env = "SB_PLAY_AGENT", default_value = "lookahead")]
    agent: String,
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

fn main() {
    let args = Args::parse();
    let four = [args.rows.clone(), args.cols.clone(), args.mss.clone(), args.colors.clone()];
    let params = cli::params_from_args("sb-play", &four).unwrap_or_else(|e| fail(&e));
    let mut agent = by_name(&args.agent, args.budget_ms)
        .unwrap_or_else(|| fail(&format!("unknown agent {:?}; choose one of {}", args.agent, PLAYERS.join(", "))));
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut input) {
        fail(&format!("cannot read the board: {e}"));
    }
    let state = SuperballState::from_text(params, &input).unwrap_or_else(|e| fail(&e.to_string()));
    let legal = state.legal_actions();
    if legal.is_empty() {
        fail("no legal move on this board (fewer than two filled cells and nothing to score)");
    }
    let seed = args.seed.unwrap_or_else(|| {
        // FNV-1a of the board: deterministic per board, different across boards.
        input.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
    });
    let mut rng = tabula_core::GameRng::seed_from_u64(seed);
    let start = std::time::Instant::now();
    let mut action = agent.act(&state, &mut rng);
    if legal.binary_search(&action).is_err() {
        eprintln!("sb-play: {} chose an illegal action {action}; playing a legal one instead", agent.name());
        action = legal[0];
    }
    println!("{}", state.action_to_string(action));
    if args.verbose {
        eprintln!("sb-play: {} chose {} in {:?}", agent.name(), state.action_to_string(action), start.elapsed());
    }
}
