//! Solves Upward-Rightward on small boards: tabula's alpha-beta (`tabula_search::AlphaBeta`, with
//! `alphabeta`'s evaluation ordering the moves) deepened from the start until every line reaches
//! the end of the game. Prints who wins with best play (+1: the first player, who scores the
//! rows; -1: the second; 0: a draw).
//!
//! ```text
//! cargo run --release --example upright_solve -- 3 4 5
//! ```
//! Arguments: board sizes (default 3 4). Each solve stops at `--max-secs` (default 600) and
//! then says it is not exact.

use std::time::{Duration, Instant};
use tabula_baselines::upright::ExpectedProducts;
use tabula_core::{Game, GameSpec, State};
use tabula_search::{AlphaBeta, AlphaBetaConfig};
use upright::Upright;

fn main() {
    let mut sizes = Vec::new();
    let mut max_secs = 600.0;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--max-secs" => max_secs = args.next().and_then(|v| v.parse().ok()).expect("--max-secs SECONDS"),
            size => sizes.push(size.parse::<usize>().unwrap_or_else(|_| panic!("{size:?} is not a board size"))),
        }
    }
    if sizes.is_empty() {
        sizes = vec![3, 4];
    }
    for size in sizes {
        let spec: GameSpec = format!("upright(size={size})").parse().expect("a spec");
        let game = Upright::from_spec(&spec).expect("a board size Upward-Rightward allows");
        let start = game.new_initial_state(0);
        let config = AlphaBetaConfig {
            movetime: Some(Duration::from_secs_f64(max_secs)),
            max_depth: (2 * size * size + 2) as u32,
            table_bits: 24,
            ..AlphaBetaConfig::default()
        };
        let mut search = AlphaBeta::new(ExpectedProducts::default(), config);
        let mut rng = tabula_core::rng_from_seed(1);
        let t = Instant::now();
        let report = search.search(&start, &mut rng);
        println!(
            "{size}x{size}: value {:+.0} for the first player ({}), best first move {}, depth {}, {} nodes, {:.1} s",
            report.value,
            if report.exact { "exact" } else { "NOT exact: time ran out" },
            start.action_to_string(report.action),
            report.depth,
            report.nodes,
            t.elapsed().as_secs_f64()
        );
    }
}
