//! The agents shipped in `checkpoints/<game>/`, compiled into every binary that links this crate,
//! so a bot copied alone to another machine (or handed to a course referee) still has its model.
//!
//! ```
//! let game = score4::Score4;
//! let model = tabula_bots::shipped::model(&game).unwrap();
//! assert_eq!(model.card.game_spec, "score4");
//! ```

use anyhow::Context;
use std::path::Path;
use std::time::Duration;
use tabula_core::{Agent, Game};
use tabula_models::{PlayConfig, TrainedModel};
use tabula_ntuple::NTupleModel;
use tabula_search::SharedAdvisor;

/// A checkpoint folder's three files, and the manifest of their checksums that `tabula export`
/// wrote beside them, as bytes in the binary.
struct Embedded {
    weights: &'static [u8],
    card: &'static str,
    config: &'static str,
    manifest: &'static str,
}

macro_rules! embed {
    ($game:literal) => {
        Embedded {
            weights: include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../checkpoints/", $game, "/model.bpk")),
            card: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../checkpoints/", $game, "/model.json")),
            config: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../checkpoints/", $game, "/config.toml")),
            manifest: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../checkpoints/", $game, "/manifest.json")),
        }
    };
}

/// The games with a shipped agent.
pub const GAMES: [&str; 5] = ["score4", "superball", "superply", "upright", "clue"];

/// The embedded files of `game`'s shipped agent.
fn embedded<G: Game>(game: &G) -> anyhow::Result<Embedded> {
    Ok(match game.spec().split('(').next().unwrap_or_default() {
        "score4" => embed!("score4"),
        "superball" => embed!("superball"),
        "superply" => embed!("superply"),
        "upright" => embed!("upright"),
        "clue" => embed!("clue"),
        other => anyhow::bail!("no trained agent is shipped for {other} yet (shipped: {})", GAMES.join(", ")),
    })
}

/// The shipped agent of `game` (checked against the game's spec and shapes: a Superball model
/// trained on 8×10 boards does not load for another size).
pub fn model<G: Game>(game: &G) -> anyhow::Result<TrainedModel> {
    let embedded = embedded(game)?;
    TrainedModel::from_embedded(game, embedded.weights, embedded.card, embedded.config)
}

/// Whether the files compiled in for `game` are the ones `tabula export` wrote (their sizes and
/// SHA-256 against its `manifest.json`): a damaged or hand-edited model is found before it ships.
pub fn verify<G: Game>(game: &G) -> anyhow::Result<()> {
    let e = embedded(game)?;
    let ntuple = ntuple_bytes(game).map(|bytes| ("model.ntuple", bytes));
    for (name, bytes) in
        [("model.bpk", e.weights), ("model.json", e.card.as_bytes()), ("config.toml", e.config.as_bytes())]
            .into_iter()
            .chain(ntuple)
    {
        tabula_models::manifest::verify_bytes(e.manifest, name, bytes).map_err(|why| {
            anyhow::anyhow!("checkpoints/{}: {why}", game.spec().split('(').next().unwrap_or_default())
        })?;
    }
    Ok(())
}

/// The shipped agent's config alone, without loading its network (cheap: a bot that only needs
/// its search settings reads this).
pub fn config<G: Game>(game: &G) -> anyhow::Result<PlayConfig> {
    PlayConfig::from_toml(embedded(game)?.config).context("the embedded config.toml")
}

/// The n-tuple model shipped for `game` where its shipped agent is one, `None` elsewhere.
/// Superball's is `checkpoints/superball/model.ntuple` (an afterstate run's model, whose file
/// says how it is played): `sb-play` and the `shipped` player play it; the network in
/// `model.bpk` stays as `sb-play --agent az`.
pub fn ntuple_model<G: Game>(game: &G) -> Option<anyhow::Result<NTupleModel>> {
    ntuple_bytes(game).map(|bytes| NTupleModel::from_bytes(bytes).context("checkpoints/superball/model.ntuple"))
}

fn ntuple_bytes<G: Game>(game: &G) -> Option<&'static [u8]> {
    match game.spec().split('(').next().unwrap_or_default() {
        "superball" => {
            Some(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../checkpoints/superball/model.ntuple")))
        }
        _ => None,
    }
}

/// `--checkpoint PATH` when given, else the shipped agent.
pub fn model_or_checkpoint<G: Game>(game: &G, checkpoint: Option<&Path>) -> anyhow::Result<TrainedModel> {
    match checkpoint {
        Some(path) => TrainedModel::load(game, path),
        None => model(game),
    }
}

/// A trained model as a bot plays it: `net` is its policy alone; `az` searches with it (advised
/// by `advisor`, the one its config names, if any), `simulations` a move when given, else for
/// `movetime` when given, else for the run's evaluation simulations.
pub fn trained_agent<G: Game>(
    game: &G,
    model: &TrainedModel,
    kind: &str,
    simulations: Option<usize>,
    movetime: Option<Duration>,
    advisor: Option<SharedAdvisor<G::State>>,
) -> Box<dyn Agent<G::State>>
where
    G::State: 'static,
{
    match (kind, simulations, movetime) {
        ("net", _, _) => Box::new(model.policy_agent(game)),
        (_, None, Some(budget)) => Box::new(model.timed_agent(game, budget, advisor)),
        (_, simulations, _) => Box::new(model.search_agent(game, simulations, advisor)),
    }
}
