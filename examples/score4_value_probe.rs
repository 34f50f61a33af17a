//! Probes a trained Score 4 model on tactical positions reached by random play: the value it
//! gives the side to move when that side can win at once, the prior mass on winning and on
//! blocking moves, and the value error against the outcome of greedy-vs-greedy continuations.
//!
//! ```text
//! cargo run --release --example score4_value_probe -- runs/score4-<time> [positions]
//! ```

use score4::Score4;
use tabula_baselines::score4::immediate_wins;
use tabula_core::{Action, Game, State, rng_from_seed};
use tabula_nets::masked_softmax;
use tabula_train::trainer::load_model;

mod probe;
use probe::random_position;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let run = std::path::PathBuf::from(args.get(1).map(String::as_str).unwrap_or("runs/score4"));
    let positions: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let game = Score4;
    let (net, card) = load_model(&game, &run)?;
    let mut rng = rng_from_seed(7);
    let mut obs = vec![0.0f32; game.observation_len()];
    let (mut win_value, mut win_prior, mut wins) = (0.0, 0.0, 0usize);
    let (mut block_prior, mut blocks) = (0.0, 0usize);
    let (mut sq_err, mut sq_zero, mut outcomes) = (0.0, 0.0, 0usize);
    let mut greedy =
        tabula_baselines::score4::agent_by_name("greedy", &Default::default()).map_err(anyhow::Error::msg)?;
    for _ in 0..positions {
        let Some(s) = random_position(&mut rng, 4..40) else { continue };
        let mover = s.turn().player().expect("a decision");
        s.observation(mover, &mut obs);
        let out = net.infer(&obs, 1);
        let legal = s.legal_actions();
        let priors = masked_softmax(&out.policy_logits, &legal);
        let value = out.values[0] as f64;
        // Prior mass on a set of pegs (bit i: action i).
        let prior_of = |set: u16| {
            legal.iter().zip(&priors).filter(|(a, _)| set >> **a & 1 == 1).map(|(_, &p)| p as f64).sum::<f64>()
        };
        // The mover's wins in one, and the opponent's (the blocks the mover owes).
        let (my_wins, threats) = immediate_wins(s.board());
        if my_wins != 0 {
            wins += 1;
            win_value += value;
            win_prior += prior_of(my_wins);
            continue;
        }
        if threats != 0 {
            blocks += 1;
            block_prior += prior_of(threats);
        }
        // Outcome of greedy against itself from here.
        let mut t = s;
        while !t.is_terminal() {
            let a = greedy.act(&t, &mut rng);
            t.apply(a)?;
        }
        let z = t.returns()[mover];
        sq_err += (value - z).powi(2);
        sq_zero += z * z;
        outcomes += 1;
    }
    // The inference net's losses on the replay buffer of the latest checkpoint, to compare with
    // the learner's training losses in log.jsonl (a mismatch points at inference-mode layers).
    if let Ok(ckpt) = std::fs::read_to_string(run.join("checkpoints/latest")) {
        let bytes = std::fs::read(run.join("checkpoints").join(ckpt.trim()).join("replay.bin"))?;
        let replay = tabula_train::replay::ReplayBuffer::from_bytes(&bytes)?;
        let samples = replay.sample(1024, &mut rng);
        let (mut ce, mut mse) = (0.0, 0.0);
        for s in &samples {
            let out = net.infer(&s.observation, 1);
            let legal: Vec<Action> = s.policy.iter().map(|p| p.0).collect();
            let priors = masked_softmax(&out.policy_logits, &legal);
            ce -= s.policy.iter().zip(&priors).map(|(t, &p)| t.1 as f64 * (p.max(1e-12) as f64).ln()).sum::<f64>();
            mse += out.values.iter().zip(&s.value).map(|(&v, &z)| ((v - z) as f64).powi(2)).sum::<f64>()
                / s.value.len() as f64;
        }
        let n = samples.len().max(1) as f64;
        println!(
            "inference net on {} replay samples: policy cross-entropy {:.3}, value MSE {:.3}",
            samples.len(),
            ce / n,
            mse / n
        );
    }
    println!("model {} at step {}", run.display(), card.training_step);
    println!(
        "mover can win at once: {wins} positions, mean value {:.3}, prior on winning moves {:.3}",
        win_value / wins.max(1) as f64,
        win_prior / wins.max(1) as f64
    );
    println!(
        "mover must block: {blocks} positions, prior on the blocking moves {:.3}",
        block_prior / blocks.max(1) as f64
    );
    println!(
        "value MSE vs greedy-continuation outcome: {:.3} (predicting 0: {:.3}) over {outcomes}",
        sq_err / outcomes.max(1) as f64,
        sq_zero / outcomes.max(1) as f64
    );
    Ok(())
}
