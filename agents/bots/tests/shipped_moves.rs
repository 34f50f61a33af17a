//! The shipped agents' moves on a fixed set of positions, compared with the moves recorded in
//! `tests/fixtures/shipped_moves.json`: a change that was meant to move code around but changes
//! what a shipped bot plays fails here. Each game's agent is built as its bot builds it with no
//! arguments (the model compiled in, the advisor its config names), with a fixed number of
//! simulations and a seed instead of the bots' clock, so the moves are reproducible.
//!
//! After a change that is meant to change the moves (a new model shipped), record them again:
//! `SHIPPED_MOVES_RECORD=1 cargo test -p tabula-bots --test shipped_moves`.

use std::collections::BTreeMap;
use std::path::PathBuf;
use tabula_core::{Game, GameSpec, State, Turn, rng_from_seed};
use tabula_search::SharedAdvisor;

/// Positions per game, and the random plies played from each seed's start to reach them.
const POSITIONS: u64 = 12;
const PLIES: [usize; 4] = [0, 5, 12, 20];
/// Simulations a move: few, so the test is quick, yet the search and the network both decide.
const SIMULATIONS: usize = 16;

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/shipped_moves.json")
}

/// The shipped model of `G`, on the game its card names, played as its bot plays it.
fn moves<G: Game>(spec: &str, advisor: impl Fn(&str) -> Option<SharedAdvisor<G::State>>) -> Vec<String>
where
    G::State: 'static,
{
    let game = G::from_spec(&spec.parse::<GameSpec>().unwrap()).unwrap();
    let model = tabula_bots::shipped::model(&game).unwrap();
    assert_eq!(model.card.game_spec, game.spec());
    let advisor = model.config.search.advisor.as_deref().and_then(&advisor);
    let mut agent = tabula_bots::shipped::trained_agent(&game, &model, "az", Some(SIMULATIONS), None, advisor);
    let mut played = Vec::new();
    for seed in 0..POSITIONS {
        let plies = PLIES[seed as usize % PLIES.len()];
        let Some(state) = position(&game, seed, plies) else { continue };
        let mut rng = rng_from_seed(1000 + seed);
        let action = agent.act(&state, &mut rng);
        played.push(format!("seed {seed} ply {plies}: {}", state.action_to_string(action)));
    }
    played
}

/// The position `plies` uniformly random decisions (and sampled chance) after seed's start, if
/// the game is still on there.
fn position<G: Game>(game: &G, seed: u64, plies: usize) -> Option<G::State> {
    let mut state = game.new_initial_state(seed);
    let mut rng = rng_from_seed(seed);
    let mut decisions = 0;
    loop {
        match state.turn() {
            Turn::Terminal => return None,
            Turn::Chance => state.sample_chance(&mut rng),
            Turn::Player(_) if decisions == plies => return Some(state),
            Turn::Player(_) => {
                let legal = state.legal_actions();
                let pick = legal[(rand::RngCore::next_u64(&mut rng) % legal.len() as u64) as usize];
                state.apply(pick).unwrap();
                decisions += 1;
            }
        }
    }
}

/// The lookahead advisor without its clock: the shipped spec caps a decision at 150 ms, which a
/// loaded machine would reach with fewer samples and another move.
fn untimed(spec: &str) -> String {
    assert!(spec.contains("budget_ms="), "the shipped Superball advisor is timed: {spec}");
    let start = spec.find("budget_ms=").unwrap();
    let end = spec[start..].find([',', ')']).map_or(spec.len(), |i| start + i);
    format!("{}budget_ms=600000{}", &spec[..start], &spec[end..])
}

#[test]
fn the_shipped_agents_play_the_recorded_moves() {
    use tabula_baselines as b;
    let mut all: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    all.insert("score4", moves::<score4::Score4>("score4", |_| None));
    all.insert(
        "superball",
        moves::<superball::Superball>("superball(rows=8,cols=10,mss=5,colors=pbyrg)", |spec| {
            Some(b::superball::advisor_by_name(&untimed(spec)).unwrap())
        }),
    );
    all.insert("superply", moves::<superply::Superply>("superply(size=9,mode=random)", |_| None));
    all.insert(
        "upright",
        moves::<upright::Upright>("upright(size=6)", |spec| Some(b::upright::advisor_by_name(spec).unwrap())),
    );
    all.insert(
        "clue",
        moves::<clue::Clue>("clue(players=4,items=24,hidden=4,rounds=100)", |spec| {
            Some(b::clue::advisor_by_name(spec).unwrap())
        }),
    );
    let recorded = serde_json::to_string_pretty(&all).unwrap() + "\n";
    if std::env::var_os("SHIPPED_MOVES_RECORD").is_some() {
        std::fs::write(fixture(), &recorded).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(fixture()).expect("the recorded moves (see the file's doc to record them)");
    let expected: BTreeMap<String, Vec<String>> = serde_json::from_str(&expected).unwrap();
    for (game, moves) in &all {
        assert!(moves.len() >= 3, "{game}: too few positions still on: {moves:?}");
        assert_eq!(Some(moves), expected.get(*game), "{game}: the shipped agent's moves changed");
    }
    assert_eq!(expected.len(), all.len());
}

/// Every model compiled into the bots is byte for byte the one `tabula export` wrote: its sizes
/// and SHA-256 match the folder's `manifest.json`.
#[test]
fn the_models_compiled_in_are_the_ones_exported() {
    fn check<G: Game>(spec: &str) {
        let game = G::from_spec(&spec.parse::<GameSpec>().unwrap()).unwrap();
        tabula_bots::shipped::verify(&game).unwrap_or_else(|e| panic!("{e:#}"));
    }
    check::<score4::Score4>("score4");
    check::<superball::Superball>("superball");
    check::<superply::Superply>("superply");
    check::<upright::Upright>("upright");
    check::<clue::Clue>("clue");
}
