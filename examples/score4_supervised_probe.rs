//! A check of the learner apart from self-play: fit the Score 4 net to greedy-vs-greedy games
//! (games opened by random moves; policy target = greedy's choice, value target = outcome) and
//! report the held-out value error. If this does not fall well below the error of predicting 0,
//! the network or learner is at fault; if it does, self-play's data is.
//!
//! ```text
//! cargo run --release --example score4_supervised_probe -- [games] [steps]
//! ```

use rand::Rng;
use score4::Score4;
use tabula_baselines::score4::agent_by_name;
use tabula_core::{Game, State, rng_from_seed};
use tabula_nets::{Learner, LearnerConfig, NetConfig};

mod probe;
use probe::{Position, batch};

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(4000);
    let steps: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let game = Score4;
    let mut rng = rng_from_seed(11);
    let mut greedy = agent_by_name("greedy", &Default::default()).map_err(anyhow::Error::msg)?;
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut s = game.new_initial_state(0);
        for _ in 0..rng.random_range(0..8) {
            let legal = s.legal_actions();
            s.apply(legal[rng.random_range(0..legal.len())])?;
        }
        let mut record = Vec::new();
        while !s.is_terminal() {
            let mover = s.turn().player().expect("a decision");
            let mut observation = vec![0.0; game.observation_len()];
            s.observation(mover, &mut observation);
            let action = greedy.act(&s, &mut rng);
            record.push((mover, observation, s.legal_actions(), action));
            s.apply(action)?;
        }
        let returns = s.returns();
        for (mover, observation, legal, action) in record {
            positions.push(Position { observation, legal, action, value: returns[mover] as f32 });
        }
    }
    let held_out = positions.split_off(positions.len() * 9 / 10);
    let config = NetConfig::resnet(game.observation_shape(), game.num_actions(), 2, 32, 3);
    let mut learner = Learner::new(
        config,
        LearnerConfig { lr: 0.002, weight_decay: 1e-4, value_weight: 1.0, seed: 1, ..Default::default() },
    )?;
    println!("{} training positions, {} held out", positions.len(), held_out.len());
    for step in 1..=steps {
        let picks: Vec<&Position> = (0..128).map(|_| &positions[rng.random_range(0..positions.len())]).collect();
        let losses = learner.train_step(&batch(&picks));
        if step % (steps / 10).max(1) == 0 {
            let net = learner.inference_net();
            let mse_of = |ps: &[Position]| {
                let (mut mse, mut zero) = (0.0, 0.0);
                for p in ps.iter().take(5000) {
                    let out = net.infer(&p.observation, 1);
                    mse += ((out.values[0] - p.value) as f64).powi(2);
                    zero += (p.value as f64).powi(2);
                }
                let n = ps.len().min(5000) as f64;
                (mse / n, zero / n)
            };
            let (held, zero) = mse_of(&held_out);
            let (seen, _) = mse_of(&positions);
            println!(
                "step {step}: batch policy {:.3} value {:.3} | inference-mode value MSE: training positions {seen:.3}, held out {held:.3} (predicting 0: {zero:.3})",
                losses.policy, losses.value,
            );
        }
    }
    Ok(())
}
