//! Plays a trained Score 4 model against `greedy` and counts the model's tactical errors: wins
//! it could take at once and did not, immediate threats it did not block, and moves that hand
//! the opponent a win it did not have before (playing under its threat).
//!
//! ```text
//! cargo run --release --example score4_match_probe -- runs/score4-<time> [games] [simulations] [considered]
//! ```

use rand::Rng;
use score4::Score4;
use tabula_core::{Action, Agent, Game, State, rng_from_seed};
use tabula_train::config::TrainConfig;
use tabula_train::evaluator::{eval_search_config, net_agent};
use tabula_train::trainer::load_model;

type S4 = <Score4 as Game>::State;

fn wins_for_mover(state: &S4) -> Vec<Action> {
    let mover = state.turn().player().expect("a decision");
    state
        .legal_actions()
        .into_iter()
        .filter(|&a| {
            let mut s = *state;
            s.apply(a).expect("legal");
            s.is_terminal() && s.returns()[mover] > 0.0
        })
        .collect()
}

/// Pegs where the opponent would win if it moved now: the mover's must-block moves.
fn threats_against_mover(state: &S4) -> Vec<Action> {
    let board = state.board();
    let theirs = board.beads(board.to_move().other());
    board
        .legal_pegs()
        .filter(|&peg| {
            let cell = board.landing_cell(peg).expect("a legal peg has room");
            score4::lines::wins_through(theirs | cell.bit(), cell.index()).is_some()
        })
        .map(|peg| peg.index() as Action)
        .collect()
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let run = std::path::PathBuf::from(args.get(1).map(String::as_str).unwrap_or("runs/score4"));
    let games: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let game = Score4;
    let config = TrainConfig::load(&run.join("config.toml"))?;
    let simulations = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(config.search.eval_simulations);
    let considered = args.get(4).and_then(|s| s.parse().ok());
    let (net, card) = load_model(&game, &run)?;
    let search = eval_search_config(&config, simulations, considered);
    let mut agent = net_agent(&game, net, &config, search, "model".into());
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
            let wins = wins_for_mover(&s);
            let threats = threats_against_mover(&s);
            let a = agent.act(&s, &mut rng);
            let mut t = s;
            t.apply(a)?;
            if !wins.is_empty() && !wins.contains(&a) {
                missed_wins += 1;
            } else if wins.is_empty() && threats.len() == 1 && !threats.contains(&a) {
                missed_blocks += 1;
            } else if threats.is_empty() && !t.is_terminal() && !wins_for_mover(&t).is_empty() {
                // Was there a move that did not hand over a win?
                let safe = s.legal_actions().into_iter().any(|b| {
                    let mut u = s;
                    u.apply(b).expect("legal");
                    u.is_terminal() || wins_for_mover(&u).is_empty()
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
