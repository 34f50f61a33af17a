//! Where greedy dies: its reserve of ready sets (sets it could cash now) and its empty cells at
//! every swap, and the last moves of each game. Greedy fills the board and cashes a set only when
//! fewer than 5 cells are empty, so a game ends where that forced cash finds no set; the tails
//! show the swaps that led there (`s6/0` = a swap with 6 empty cells and no ready set, `S1/1` = a
//! cash with 1 empty cell and 1 ready set). This suggested the guard of
//! `greedy(swaps=3, ready=1, empty=9)` (see `GreedyAdvisor`); `superball_guard_leverage` measures
//! how little choosing among the guarded swaps can save.
//!
//! ```text
//! cargo run --release -p tabula-baselines --example superball_reserve -- [SEEDS]
//! ```

use superball::action::Move;
use superball::{Lrand48, Params, SuperballState};
use tabula_baselines::superball::GreedyPlayer;
use tabula_baselines::superball::position::Position;
use tabula_core::State;

/// Empty-cell counts above this share one row of the table.
const EMPTY_ROWS: usize = 12;
/// Ready-set counts above this share one column.
const READY_COLUMNS: usize = 3;

fn main() {
    let seeds: i64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(20).max(1);
    let params = Params::new(8, 10, 5, "pbyrg").expect("the default variant");
    let mut swaps = [[0usize; READY_COLUMNS + 1]; EMPTY_ROWS + 1];
    let mut sets = Vec::new();
    for seed in 1..=seeds {
        let mut chance = Lrand48::new(seed);
        let mut state = SuperballState::new(params.clone());
        state.sample_chance(&mut chance);
        let mut greedy = GreedyPlayer::default();
        let mut history: Vec<String> = Vec::new();
        while !state.is_terminal() {
            let mut pos = Position::new(state.params(), state.cells());
            pos.scoring_sets(&mut sets);
            let (empty, ready) = (pos.empty, sets.len());
            let m = greedy.choose(&mut pos);
            let kind = match m {
                Move::Swap(..) => {
                    swaps[empty.min(EMPTY_ROWS)][ready.min(READY_COLUMNS)] += 1;
                    's'
                }
                Move::Score(_) => 'S',
            };
            history.push(format!("{kind}{empty}/{ready}"));
            let action = state.action_space().encode(m).expect("greedy's moves are in the action space");
            state.apply(action).expect("greedy plays legal moves");
            state.sample_chance(&mut chance);
        }
        let tail = &history[history.len().saturating_sub(8)..];
        println!("seed {seed:3}  score {:6}  moves {:5}  last moves {}", state.score(), history.len(), tail.join(" "));
    }
    println!(
        "\ngreedy's swaps by empty cells (rows) and ready sets (columns, {READY_COLUMNS} = {READY_COLUMNS} or more):"
    );
    println!("empty {}", (0..=READY_COLUMNS).map(|r| format!("{r:>7}")).collect::<String>());
    for (empty, row) in swaps.iter().enumerate() {
        let label = if empty == EMPTY_ROWS { format!("{EMPTY_ROWS}+") } else { empty.to_string() };
        println!("{label:>5} {}", row.iter().map(|n| format!("{n:>7}")).collect::<String>());
    }
}
