//! Evaluation seeds mean what the course's harness means by them.

use superball::{Params, Superball};
use tabula_baselines::superball::{GreedyPlayer, arena};
use tabula_core::Game;
use tabula_train::arena::play_scores;

#[test]
fn superball_seed_n_deals_what_sb_player_deals_for_seed_n() {
    // Five colours on a small board keep the greedy games short; the deal still covers many fills and scores.
    let params = Params::new(6, 6, 4, "pbyrg").unwrap();
    let game = Superball::new(params.clone());
    let scores = play_scores(&game, &|| Box::new(GreedyPlayer::default()), 8, 1);
    let harness: Vec<f64> = (1..=8)
        .map(|seed| arena::play_seed(&mut GreedyPlayer::default(), &params, seed, game.max_game_length()).score as f64)
        .collect();
    assert_eq!(scores, harness);
    assert!(harness.iter().any(|&s| s > 0.0), "some seeds score: {harness:?}");
}
