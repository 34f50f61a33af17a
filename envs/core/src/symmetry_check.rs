//! The check every game with symmetries runs in its tests: a position and its image under a
//! symmetry, played side by side, stay each other's images to the end.
//!
//! ```
//! use tabula_core::symmetry_check::{Image, assert_symmetry};
//! use tabula_core::{Game, testing::Nim};
//! // Nim has only the identity: a game is its own image, each player their own.
//! let game = Nim::new(7).with_chance();
//! let start = game.new_initial_state(0);
//! assert_symmetry(&game, 0, &start, Image::Start(&start), &[0, 1], 5, 1);
//! // Where the game can say what any state becomes, every step is checked against it too.
//! assert_symmetry(&game, 0, &start, Image::Every(&|s| s.clone()), &[0, 1], 5, 1);
//! ```

use crate::game::Game;
use crate::rng::rng_from_seed;
use crate::state::{Player, State, Turn};
use rand::Rng;

/// What a state becomes under the symmetry checked.
pub enum Image<'a, S> {
    /// The start's image only (a game with no state-level map: its states' images are found by
    /// playing the mapped moves).
    Start(&'a S),
    /// The map of every state: the start's image, and at every step the image played so far must
    /// equal the map of the state played so far.
    Every(&'a dyn Fn(&S) -> S),
}

/// Plays `games` random games (seeds from `seed`) from `start` and from its image under
/// symmetry `k`, side by side: each player's move mapped by [`Game::transform_action`], nature's
/// draws made alike (the symmetries are of boards, not of what nature draws). Panics unless, at
/// every step, the symmetry maps the legal moves to the image's, nature's outcomes are the
/// image's, and each player `p`'s observation maps to the observation of `players[p]` (the
/// player `p` becomes: a symmetry that exchanges the sides exchanges the players); and at the end
/// each player's return is its image's.
pub fn assert_symmetry<G: Game>(
    game: &G,
    k: usize,
    start: &G::State,
    image: Image<'_, G::State>,
    players: &[Player],
    games: usize,
    seed: u64,
) {
    assert!(k < game.symmetry_count(), "{} has no symmetry {k}", game.name());
    assert_eq!(players.len(), game.num_players(), "one image for each player");
    let len = game.observation_len();
    let (mut here, mut there, mut mapped) = (vec![0.0; len], vec![0.0; len], vec![0.0; len]);
    for g in 0..games as u64 {
        let mut rng = rng_from_seed(seed + g);
        let mut s = start.clone();
        let mut t = match &image {
            Image::Start(t) => (*t).clone(),
            Image::Every(map) => map(start),
        };
        loop {
            if let Image::Every(map) = &image {
                assert_eq!(t, map(&s), "symmetry {k}: the image played is not the map of the state played\n{s}");
            }
            for (p, &q) in players.iter().enumerate() {
                s.observation(p, &mut here);
                t.observation(q, &mut there);
                game.transform_observation(k, &here, &mut mapped);
                assert_eq!(mapped, there, "symmetry {k}: player {p}'s observation is not player {q}'s there\n{s}\n{t}");
            }
            let (a, b) = match s.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let outcomes = s.chance_outcomes();
                    assert_eq!(outcomes, t.chance_outcomes(), "symmetry {k}: nature draws differently\n{s}\n{t}");
                    let a = outcomes[rng.random_range(0..outcomes.len())].0;
                    (a, a)
                }
                Turn::Player(p) => {
                    assert_eq!(t.turn(), Turn::Player(players[p]), "symmetry {k}: another player moves\n{s}\n{t}");
                    let legal = s.legal_actions();
                    let mut images: Vec<_> = legal.iter().map(|&a| game.transform_action(k, a)).collect();
                    images.sort_unstable();
                    assert_eq!(images, t.legal_actions(), "symmetry {k}: the legal moves differ\n{s}\n{t}");
                    let a = legal[rng.random_range(0..legal.len())];
                    (a, game.transform_action(k, a))
                }
            };
            s.apply(a).unwrap_or_else(|e| panic!("{e}"));
            t.apply(b).unwrap_or_else(|e| panic!("symmetry {k}: the image of a legal move is not legal there: {e}"));
        }
        assert!(t.is_terminal(), "symmetry {k}: the image goes on after the game ends\n{t}");
        let (rs, rt) = (s.returns(), t.returns());
        for (p, &q) in players.iter().enumerate() {
            assert_eq!(rs[p], rt[q], "symmetry {k}: player {p}'s return is not player {q}'s there");
        }
    }
}
