//! Can the Score 4 net learn values at all? Fit it to positions whose value alpha-beta has
//! *proven* (a forced win or loss within a few plies), and report the held-out error and sign
//! accuracy. Labels here are exact, unlike self-play outcomes, so a net that cannot fit them
//! held-out has a capacity or optimisation problem; one that can points at self-play's data.
//!
//! ```text
//! cargo run --release --example score4_solved_probe -- [positions] [steps] [channels] [blocks] [norm]
//! ```
//! `norm` is `batch` (default) or `none`.

use rand::Rng;
use score4::Score4;
use tabula_baselines::score4::AlphaBeta;
use tabula_core::{Game, State, rng_from_seed};
use tabula_nets::{Learner, LearnerConfig, NetConfig, Norm, TrunkConfig};

mod probe;
use probe::{Position, batch, random_position};

/// Alpha-beta scores beyond this are proven wins or losses.
const PROVEN: i32 = 9_900;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, default: usize| args.get(i).and_then(|s| s.parse().ok()).unwrap_or(default);
    let (wanted, steps, channels, blocks) = (arg(1, 20_000), arg(2, 3000), arg(3, 32), arg(4, 3));
    let norm = if args.get(5).map(String::as_str) == Some("none") { Norm::None } else { Norm::Batch };
    let game = Score4;
    let mut rng = rng_from_seed(5);
    let mut solver = AlphaBeta::new(None, Some(5)).with_lmr(false);
    let (mut positions, mut tried) = (Vec::new(), 0usize);
    while positions.len() < wanted {
        tried += 1;
        let Some(s) = random_position(&mut rng, 8..48) else { continue };
        let report = solver.search(s.board());
        if report.score.abs() < PROVEN {
            continue;
        }
        let mover = s.turn().player().expect("a decision");
        let mut observation = vec![0.0; game.observation_len()];
        s.observation(mover, &mut observation);
        let value = report.score.signum() as f32;
        positions.push(Position { observation, legal: s.legal_actions(), action: report.best.index() as u32, value });
    }
    let wins = positions.iter().filter(|p| p.value > 0.0).count();
    println!(
        "{} proven positions from {tried} random ones ({wins} won for the mover); net {channels}x{blocks} {norm:?}",
        positions.len()
    );
    let held_out = positions.split_off(positions.len() * 9 / 10);
    let mut config = NetConfig::resnet(game.observation_shape(), game.num_actions(), 2, channels, blocks);
    if let TrunkConfig::ResNet { norm: n, .. } = &mut config.trunk {
        *n = norm;
    }
    let mut learner = Learner::new(
        config,
        LearnerConfig { lr: 0.002, weight_decay: 1e-4, value_weight: 1.0, seed: 1, ..Default::default() },
    )?;
    for step in 1..=steps {
        let picks: Vec<&Position> = (0..128).map(|_| &positions[rng.random_range(0..positions.len())]).collect();
        let losses = learner.train_step(&batch(&picks));
        if step % (steps / 10).max(1) == 0 {
            let net = learner.inference_net();
            let measure = |ps: &[Position]| {
                let ps = &ps[..ps.len().min(2000)];
                let obs: Vec<f32> = ps.iter().flat_map(|p| p.observation.iter().copied()).collect();
                let out = net.infer(&obs, ps.len());
                let (mut mse, mut right) = (0.0, 0usize);
                for (i, p) in ps.iter().enumerate() {
                    let v = out.values[i * 2];
                    mse += ((v - p.value) as f64).powi(2);
                    right += usize::from((v > 0.0) == (p.value > 0.0));
                }
                (mse / ps.len() as f64, right as f64 / ps.len() as f64)
            };
            let (seen, seen_acc) = measure(&positions);
            let (held, held_acc) = measure(&held_out);
            println!(
                "step {step}: batch policy {:.3} value {:.3} | inference MSE train {seen:.3} ({:.0}% sign) held out {held:.3} ({:.0}% sign)",
                losses.policy,
                losses.value,
                seen_acc * 100.0,
                held_acc * 100.0
            );
        }
    }
    Ok(())
}
