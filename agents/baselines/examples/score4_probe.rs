//! Measures `alphabeta` on Score 4: depth reached and nodes per second under a time budget, with
//! and without symmetry-folded table keys.
//!
//! ```text
//! cargo run --release -p tabula-baselines --example score4_probe -- [movetime_ms | dDEPTH] [moves...]
//! cargo run --release -p tabula-baselines --example score4_probe -- 1000
//! cargo run --release -p tabula-baselines --example score4_probe -- 1000 B2 C3 C2
//! cargo run --release -p tabula-baselines --example score4_probe -- d11
//! ```

use score4::Board;
use std::time::Duration;
use tabula_baselines::score4::AlphaBeta;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `d12` instead of milliseconds searches 12 plies whatever the time (node counts compare
    // variants without the noise of a busy machine).
    let depth = args.first().and_then(|a| a.strip_prefix('d')).and_then(|d| d.parse::<u32>().ok());
    let movetime = args.first().and_then(|a| a.parse::<u64>().ok()).unwrap_or(1000);
    let moves = args.iter().skip(1).cloned().collect::<Vec<_>>().join(" ");
    let board = match Board::from_moves(&moves) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("score4_probe: bad moves: {e}");
            std::process::exit(2);
        }
    };
    match depth {
        Some(d) => println!("position after {moves:?}, {d} plies"),
        None => println!("position after {moves:?}, {movetime} ms per search"),
    }
    for symmetry in [true, false] {
        let clock = if depth.is_some() { None } else { Some(Duration::from_millis(movetime)) };
        let mut ab = AlphaBeta::new(clock, depth).with_symmetry(symmetry);
        let r = ab.search(&board);
        println!(
            "symmetry {:5}: best {} score {:6} depth {:2} exact {:5} nodes {:10} in {:6.3} s = {:9.0} nodes/s",
            symmetry,
            r.best,
            r.score,
            r.depth,
            r.exact,
            r.nodes,
            r.elapsed.as_secs_f64(),
            r.nodes_per_second()
        );
    }
}
