//! A trained Superball n-tuple model's mean score on sb-player's seeds, alone or looking one ply
//! of chance past its best moves ([`tabula_ntuple::Expectimax`]), and the time it took (one
//! core's seconds per 1,000 points: the handout allows 5). One line of per-seed scores follows
//! the summary, so two settings (or this and `superball_lookahead_seeds`) can be compared seed by
//! seed.
//!
//! ```text
//! cargo run --release --example superball_ntuple_seeds -- SEEDS FIRST MODEL [width=W] [samples=M]
//! ```
//! MODEL: an afterstate run's `model.ntuple`. `width` moves searched, `samples` draws of the
//! next fill each; without them, as the model file says (a run's `[play]`; the shipped
//! `checkpoints/superball/model.ntuple`: 4 and 8), and `width=0 samples=0` is the model's
//! one-move player. `untrained=1` zeroes the
//! network's weights, leaving the base value the model was learnt over (greedy's evaluation): the
//! same player with nothing learned, for an ablation.

use std::sync::Arc;
use superball::{Params, Superball};
use tabula_baselines::superball::{arena, arena::SeedArgs, ntuple_agent};
use tabula_ntuple::{Expectimax, NTupleAgent, NTupleModel};

fn main() {
    let args = SeedArgs::parse(std::env::args().skip(1)).unwrap_or_else(|e| fail(e));
    let Some(path) = args.words.first() else { fail("give a model file (an afterstate run's model.ntuple)".into()) };
    let params = Params::new(8, 10, 5, "pbyrg").expect("the default variant");
    let model = NTupleModel::load(std::path::Path::new(path)).unwrap_or_else(|e| fail(format!("{path}: {e}")));
    let agent = ntuple_agent(&Superball::new(params.clone()), Arc::new(model), "td").unwrap_or_else(|e| fail(e));
    let agent = args.player(agent, set_knob).unwrap_or_else(|e| fail(e));
    let label = format!("n-tuple {path} ({} )", args.knobs_label());
    let results = arena::play_seeds(&agent, &params, args.range());
    arena::report(&label, &results);
}

fn set_knob<S>(agent: &mut NTupleAgent<S>, key: &str, x: f64) -> Result<(), String> {
    let count = || if x >= 0.0 && x.fract() == 0.0 { Ok(x as usize) } else { Err(format!("{key}={x}: a count")) };
    let search = agent.search;
    agent.search = match key {
        "width" => Expectimax { width: count()?, ..search },
        "samples" => Expectimax { samples: count()?, ..search },
        "untrained" if x == 1.0 => {
            agent.model.net.fill(0.0);
            search
        }
        _ => return Err(format!("{key}={x}: the knobs are width, samples (counts) and untrained=1")),
    };
    Ok(())
}

fn fail(e: String) -> ! {
    eprintln!("superball_ntuple_seeds: {e}");
    std::process::exit(2)
}
