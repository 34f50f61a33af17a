//! Plays a trained Score 4 model against `greedy` and counts the model's tactical errors: wins
//! it could take at once and did not, immediate threats it did not block, and moves that hand
//! the opponent a win it did not have before (playing under its threat).
//!
//! ```text
//! cargo run --release --example score4_match_probe -- runs/score4-<time> [games] [simulations] [considered]
//! ```

use rand::Rng;
use score4::Score4;
use tabula_baselines::score4::immediate_wins;
use tabula_core::{Agent, Game, State, rng_from_seed};
use tabula_models::net_agent;
use tabula_train::config::TrainConfig;
use tabula_train::trainer::load_model;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let run = std::path::PathBuf::from(args.get(1).map(String::as_str).unwrap_or("runs/score4"));
    let games: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let game = Score4;
    let config = TrainConfig::load(&run.join("config.toml"))?;
    let simulations = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(config.search.eval_simulations);
    let considered = args.get(4).and_then(|s| s.parse().ok());
    let (net, card) = load_model(&game, &run)?;
    let search = config.search.eval_config(simulations, considered);
    let mut agent = net_agent(&game, net, config.value_codec(), search, "model".into());
    let mut greedy =
        tabula_baselines::score4::agent_by_name("greedy", &Default::default()).map_err(anyhow::Error::msg)?;
    let mut rng = rng_from_seed(5);
    let (mut won, mut lost, mut drawn) = (0, 0, 0);
    let (mut decisions, mut missed_wins, mut missed_blocks, mut gifts) = (0, 0, 0, 0);
    for g in 0..games {
        let model_seat = g % 2;
        let mut s = game.new_initial_state(0);
        for _ in 0..2 {
            let legal = s.legal_actions();
            s.apply(legal[rng.random_range(0..legal.len())])?;
        }
        while !s.is_terminal() {
            let mover = s.turn().player().expect("a decision");
            if mover != model_seat {
                let a = greedy.act(&s, &mut rng);
                s.apply(a)?;
                continue;
            }
            decisions += 1;
            let (wins, threats) = immediate_wins(s.board());
            let a = agent.act(&s, &mut rng);
            let mut t = s;
            t.apply(a)?;
            let played = 1u16 << a;
            if wins != 0 && wins & played == 0 {
                missed_wins += 1;
            } else if wins == 0 && threats.count_ones() == 1 && threats & played == 0 {
                missed_blocks += 1;
            } else if threats == 0 && !t.is_terminal() && immediate_wins(t.board()).0 != 0 {
                // Was there a move that did not hand over a win?
                let safe = s.legal_actions().into_iter().any(|b| {
                    let mut u = s;
                    u.apply(b).expect("legal");
                    u.is_terminal() || immediate_wins(u.board()).0 == 0
                });
                gifts += usize::from(safe);
            }
            s = t;
        }
        let r = s.returns()[model_seat];
        if r > 0.0 {
            won += 1;
        } else if r < 0.0 {
            lost += 1;
        } else {
            drawn += 1;
        }
    }
    println!("model {} at step {}, {simulations} simulations", run.display(), card.training_step);
    println!("vs greedy: {won} won, {lost} lost, {drawn} drawn");
    println!(
        "over {decisions} decisions: {missed_wins} missed wins, {missed_blocks} missed blocks, \
         {gifts} avoidable moves under the opponent's threat"
    );
    Ok(())
}
