//! Plays one Superball game with a trained run's agent (its config's search and advisor) and
//! prints each decision: the move, the advice, the points so far.
//!
//! ```text
//! cargo run --release --example superball_trace -- runs/superball-<time> [seed] [simulations]
//! ```

use superball::Superball;
use tabula_baselines::superball::advisor_by_name;
use tabula_core::{Agent, Game, State, Turn, rng_from_seed};
use tabula_models::net_agent;
use tabula_train::config::TrainConfig;
use tabula_train::trainer::load_model;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let run = std::path::PathBuf::from(args.get(1).map(String::as_str).unwrap_or("runs/superball"));
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let config = TrainConfig::load(&run.join("config.toml"))?;
    let game = Superball::from_spec(&config.game.parse()?)?;
    let simulations = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(config.search.eval_simulations);
    let (net, _) = load_model(&game, &run)?;
    let advisor = config.search.advisor.as_deref().map(advisor_by_name).transpose().map_err(anyhow::Error::msg)?;
    let search = config.search.eval_config(simulations, None);
    let mut agent = net_agent(&game, net, config.value_codec(), search, "model".into()).with_advisor(advisor.clone());
    let mut rng = rng_from_seed(seed);
    let mut s = game.new_initial_state(seed);
    while !s.is_terminal() {
        if s.turn() == Turn::Chance {
            s.sample_chance(&mut rng);
            continue;
        }
        let advice: Vec<String> =
            advisor.as_ref().map(|a| a.advise(&s)).unwrap_or_default().iter().map(|&a| s.action_to_string(a)).collect();
        let a = agent.act(&s, &mut rng);
        println!(
            "{:>5} empty {:>2} score {:>6}  plays {:<16} advice {}",
            s.move_number(),
            s.empty(),
            s.score(),
            s.action_to_string(a),
            advice.join(", ")
        );
        s.apply(a)?;
    }
    println!("final score {}", s.score());
    Ok(())
}
