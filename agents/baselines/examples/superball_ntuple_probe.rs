//! Probe of a trained Superball n-tuple model (`model.ntuple` of an afterstate run) on
//! sb-player's seeds 1..=SEEDS: played freely (every move its base offers, by reward plus
//! afterstate value, as `run:DIR` plays it) or held to greedy's discipline (swaps while a swap is
//! possible, the swap chosen by afterstate value; the set to cash chosen by reward plus value
//! only when forced), to tell a value that cannot rank swaps from one that cashes too early.
//!
//! ```text
//! cargo run --release -p tabula-baselines --example superball_ntuple_probe -- MODEL SEEDS free|hold
//! ```

use rayon::prelude::*;
use std::sync::Arc;
use std::time::Instant;
use superball::action::Move;
use superball::rules::MIN_EMPTY_AFTER_SWAP;
use superball::{Params, Superball, SuperballState};
use tabula_baselines::superball::arena;
use tabula_core::{Action, Agent};
use tabula_ntuple::{NTupleAgent, NTupleModel};

#[derive(Clone)]
struct Held(NTupleAgent<SuperballState>);

impl Agent<SuperballState> for Held {
    fn name(&self) -> String {
        "held".into()
    }
    fn act(&mut self, state: &SuperballState, rng: &mut dyn rand::RngCore) -> Action {
        let m = &self.0.model;
        let valuer = self.0.valuer();
        let forced = state.empty() < MIN_EMPTY_AFTER_SWAP;
        let space = state.action_space();
        let mut best: Option<(f32, Action)> = None;
        for c in valuer.afterstates(state) {
            let is_score = matches!(space.decode(c.action), Some(Move::Score(_)));
            if is_score != forced {
                continue;
            }
            let w = c.worth(m.reward_scale);
            if best.is_none_or(|b| w > b.0) {
                best = Some((w, c.action));
            }
        }
        best.map(|b| b.1).unwrap_or_else(|| self.0.clone().act(state, rng))
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let model = Arc::new(NTupleModel::load(std::path::Path::new(&args[0])).expect("model"));
    let seeds: i64 = args[1].parse().unwrap();
    let game = Superball::new(Params::default());
    let agent = tabula_baselines::superball::ntuple_agent(&game, model, "nt").unwrap();
    let params = Params::new(8, 10, 5, "pbyrg").unwrap();
    let hold = args[2] == "hold";
    let results: Vec<_> = (1..=seeds)
        .into_par_iter()
        .map(|seed| {
            let start = Instant::now();
            let r = if hold {
                arena::play_seed(&mut Held(agent.clone()), &params, seed, usize::MAX)
            } else {
                arena::play_seed(&mut agent.clone(), &params, seed, usize::MAX)
            };
            (r, start.elapsed().as_secs_f64())
        })
        .collect();
    arena::report(&args[2], &results);
}
