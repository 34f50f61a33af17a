//! How much a search could gain by overruling greedy's swap on a tight board: wherever a guarded
//! [`GreedyAdvisor`] offers alternatives along greedy's own games, each advised swap is played and
//! followed by greedy for `HORIZON` moves, `ROLLOUTS` times (fresh random cells each time); the
//! table compares how often greedy's swap dies within the horizon with how often the best
//! alternative does. The best of several noisy estimates is optimistic, so the gap is an upper
//! bound on what choosing among these swaps can save.
//!
//! ```text
//! cargo run --release -p tabula-baselines --example superball_guard_leverage -- \
//!     [SEEDS] [HORIZON] [ROLLOUTS] [ADVISOR]
//! ```
//! Defaults: seeds 1-6, horizon 10, 20 rollouts, `greedy(swaps=3, ready=1, empty=9)`.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use superball::action::Move;
use superball::{Lrand48, Params, SuperballState};
use tabula_baselines::superball::position::Position;
use tabula_baselines::superball::{GreedyAdvisor, GreedyPlayer};
use tabula_core::{Action, State, Turn};
use tabula_search::Advisor;

/// Whether greedy, playing from `state`, loses the game within `horizon` moves.
fn dies_within(
    state: &SuperballState,
    horizon: usize,
    rng: &mut Xoshiro256PlusPlus,
    greedy: &mut GreedyPlayer,
) -> bool {
    let mut s = state.clone();
    let mut pos = Position::new(s.params(), s.cells());
    let mut moves = 0;
    loop {
        match s.turn() {
            Turn::Terminal => return true,
            Turn::Chance => s.sample_chance(rng),
            Turn::Player(_) if moves == horizon => return false,
            Turn::Player(_) => {
                pos.set_cells(s.cells());
                let m = greedy.choose(&mut pos);
                s.apply(s.action_space().encode(m).expect("greedy's moves encode")).expect("greedy plays legal moves");
                moves += 1;
            }
        }
    }
}

/// Per tight board: the death rate of each advised swap, greedy's first.
fn probe(seed: i64, horizon: usize, rollouts: usize, advisor: &GreedyAdvisor) -> Vec<Vec<f64>> {
    let params = Params::new(8, 10, 5, "pbyrg").expect("the default variant");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed as u64);
    let mut chance = Lrand48::new(seed);
    let mut state = SuperballState::new(params.clone());
    state.sample_chance(&mut chance);
    let mut greedy = GreedyPlayer::default();
    let mut boards = Vec::new();
    while !state.is_terminal() {
        let advice: Vec<Action> = advisor.advise(&state);
        let space = state.action_space();
        let swaps = advice.iter().filter(|&&a| matches!(space.decode(a), Some(Move::Swap(..)))).count();
        if swaps > 1 {
            let rates = advice
                .iter()
                .map(|&a| {
                    let mut after = state.clone();
                    after.apply(a).expect("advice is legal");
                    let deaths = (0..rollouts).filter(|_| dies_within(&after, horizon, &mut rng, &mut greedy)).count();
                    deaths as f64 / rollouts as f64
                })
                .collect();
            boards.push(rates);
        }
        state.apply(advice[0]).expect("greedy's move is legal");
        state.sample_chance(&mut chance);
    }
    boards
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seeds: i64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(6).max(1);
    let horizon: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
    let rollouts: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(20).max(1);
    let spec = args.get(4).map_or("greedy(swaps=3, ready=1, empty=9)", String::as_str);
    let advisor = GreedyAdvisor::from_spec(spec).unwrap_or_else(|e| {
        eprintln!("superball_guard_leverage: {e}");
        std::process::exit(2)
    });
    let all: Vec<i64> = (1..=seeds).collect();
    let (odd, even): (Vec<i64>, Vec<i64>) = all.iter().partition(|&&s| s % 2 != 0);
    let run = |seeds: Vec<i64>| -> Vec<Vec<f64>> {
        seeds.into_iter().flat_map(|s| probe(s, horizon, rollouts, &advisor)).collect()
    };
    let boards: Vec<Vec<f64>> = std::thread::scope(|scope| {
        let odd = scope.spawn(|| run(odd));
        let even = run(even);
        odd.join().expect("no panic").into_iter().chain(even).collect()
    });
    let n = boards.len().max(1) as f64;
    let greedys = boards.iter().map(|r| r[0]).sum::<f64>() / n;
    let best = boards.iter().map(|r| r.iter().copied().fold(1.0, f64::min)).sum::<f64>() / n;
    let clear = boards.iter().filter(|r| r[0] - r.iter().copied().fold(1.0, f64::min) >= 0.3).count();
    println!("{spec}, seeds 1-{seeds}: {} tight boards", boards.len());
    println!(
        "death within {horizon} moves ({rollouts} rollouts each): greedy's swap {greedys:.3}, best advised swap {best:.3}"
    );
    println!("boards where the best advised swap dies at least 0.3 less often: {clear}");
}
