//! Work on a trained agent needs the game's type: this module builds a game spec's game, its
//! baselines (read as player specs, see [`tabula::players`]) and a run's advisor and field, and
//! hands them to a [`GameJob`] (training).

use anyhow::Context;
use std::time::Duration;
use tabula::players::{BuildOptions, GameTask, KnownGame, parse_all, with_game};
use tabula_core::Game;
use tabula_search::SharedAdvisor;
use tabula_train::config::TrainConfig;
use tabula_train::field::FieldPlayer;
use tabula_train::trainer::Opponent;

/// A game's hand-written players as a job needs them: opponents, and the advisor and the field
/// (players to train against) a run's config may name.
pub struct Baselines<G: Game> {
    pub opponents: Vec<Opponent<G>>,
    pub advisor: Option<SharedAdvisor<G::State>>,
    pub field: Vec<FieldPlayer<G::State>>,
}

/// Something to do with a typed game and its baselines.
pub trait GameJob {
    fn run<G: Game>(self, game: G, baselines: Baselines<G>) -> anyhow::Result<()>;
}

/// Thinking time per move of the searching baselines a run is evaluated against.
pub const SEARCHING_BASELINE_MOVETIME: Duration = Duration::from_millis(100);

/// Builds the game of `game_spec`, the named opponents (`None`: the game's
/// [`KnownGame::TRAINING_OPPONENTS`]) and the advisor and field `config` names, and runs `job`
/// on them.
pub fn dispatch(
    game_spec: &str,
    opponent_names: Option<&[&str]>,
    config: &TrainConfig,
    job: impl GameJob,
) -> anyhow::Result<()> {
    with_game(game_spec, Dispatch { opponent_names, config, job })
}

struct Dispatch<'a, J> {
    opponent_names: Option<&'a [&'a str]>,
    config: &'a TrainConfig,
    job: J,
}

impl<J: GameJob> GameTask for Dispatch<'_, J> {
    type Output = ();

    fn run<G: KnownGame>(self, game: G) -> anyhow::Result<()> {
        let names: Vec<String> =
            self.opponent_names.unwrap_or(G::TRAINING_OPPONENTS).iter().map(|s| s.to_string()).collect();
        let options = BuildOptions { movetime: SEARCHING_BASELINE_MOVETIME, ..BuildOptions::default() };
        let opponents = parse_all(&names)?
            .iter()
            .map(|spec| Ok(spec.build(&game, &options)?.opponent))
            .collect::<anyhow::Result<_>>()?;
        let advisor = self.config.search.advisor.as_deref().map(G::advisor).transpose()?;
        // Named as the config writes them, which is how the trainer checks it was given them.
        let names = &self.config.selfplay.field;
        let field = parse_all(names)
            .context("selfplay.field")?
            .iter()
            .zip(names)
            .map(|(spec, name)| {
                let make = spec.build(&game, &options).context("selfplay.field")?.opponent.make;
                Ok(FieldPlayer { name: name.clone(), make: make.into() })
            })
            .collect::<anyhow::Result<_>>()?;
        self.job.run(game, Baselines { opponents, advisor, field })
    }
}
