//! A spec built for a game: models loaded, programs checked, baselines known, so that a bad spec
//! fails before any game is played.

use super::known_game::KnownGame;
use super::options::{BuildOptions, Factory};
use super::spec::{Budget, PlayerSpec};
use anyhow::Context;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use tabula_core::Game;
use tabula_models::TrainedModel;
use tabula_models::run_files::ntuple_model_path;
use tabula_ntuple::NTupleModel;
use tabula_train::trainer::Opponent;

/// A built player: its spec, its name and factory, and how often its program failed (`cmd:`).
pub struct Player<G: Game> {
    pub spec: PlayerSpec,
    pub opponent: Opponent<G>,
    pub faults: Arc<AtomicUsize>,
}

impl<G: Game> Player<G> {
    pub fn name(&self) -> &str {
        &self.opponent.name
    }

    pub fn faults(&self) -> usize {
        self.faults.load(Ordering::Relaxed)
    }
}

impl PlayerSpec {
    /// Builds the player for `game`: loads models, checks that programs exist and that baselines
    /// are known, so that a bad spec fails before any game is played.
    pub fn build<G: KnownGame>(&self, game: &G, options: &BuildOptions) -> anyhow::Result<Player<G>> {
        let faults = Arc::new(AtomicUsize::new(0));
        let make: Factory<G> = match self {
            PlayerSpec::Baseline { name, arg } => G::baseline(name, *arg, options)?,
            PlayerSpec::Run { dir: path, .. } | PlayerSpec::Checkpoint { path, .. }
                if let Some(file) = ntuple_model_path(path) =>
            {
                let model = NTupleModel::load(&file).with_context(|| format!("player {self}"))?;
                game.ntuple_player(Arc::new(model), self.to_string()).with_context(|| format!("player {self}"))?
            }
            PlayerSpec::Run { dir: path, budget } | PlayerSpec::Checkpoint { path, budget } => {
                let model = TrainedModel::load(game, path).with_context(|| format!("player {self}"))?;
                trained(game, model, *budget, options)?
            }
            // Superball ships an n-tuple player, which plays as its model file says.
            PlayerSpec::Shipped { budget } if let Some(model) = tabula_bots::shipped::ntuple_model(game) => {
                anyhow::ensure!(
                    budget.is_none(),
                    "player {self}: the shipped agent of {} is an n-tuple player, which takes no simulations or time; use `shipped`",
                    game.spec()
                );
                let model = model.with_context(|| format!("player {self}"))?;
                game.ntuple_player(Arc::new(model), self.to_string()).with_context(|| format!("player {self}"))?
            }
            PlayerSpec::Shipped { budget } => {
                let model = tabula_bots::shipped::model(game).with_context(|| format!("player {self}"))?;
                trained(game, model, *budget, options)?
            }
            PlayerSpec::Command(command) => {
                check_program(command).with_context(|| format!("player {self}"))?;
                G::program(command, options, faults.clone())?
            }
        };
        Ok(Player { spec: self.clone(), opponent: Opponent { name: self.to_string(), make }, faults })
    }
}

/// A trained model as a player: its search, with the advisor its config names.
fn trained<G: KnownGame>(
    game: &G,
    mut model: TrainedModel,
    budget: Option<Budget>,
    options: &BuildOptions,
) -> anyhow::Result<Factory<G>> {
    if let Some(considered) = options.considered {
        model.config.search.considered = considered;
    }
    let advisor = model.config.search.advisor.as_deref().map(G::advisor).transpose()?;
    let game = game.clone();
    Ok(match budget {
        Some(Budget::Time(time)) => Box::new(move || Box::new(model.timed_agent(&game, time, advisor.clone()))),
        Some(Budget::Simulations(n)) => Box::new(move || Box::new(model.search_agent(&game, Some(n), advisor.clone()))),
        None => Box::new(move || Box::new(model.search_agent(&game, None, advisor.clone()))),
    })
}

/// The first word of `command` must be a program: a file, or a name found on `PATH`.
fn check_program(command: &str) -> anyhow::Result<()> {
    let words = score4::referee::split_words(command).map_err(|e| anyhow::anyhow!("{e}"))?;
    let program = words.first().context("the command is empty")?;
    let found = if program.contains('/') {
        Path::new(program).is_file()
    } else {
        std::env::var_os("PATH").is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
    };
    anyhow::ensure!(found, "no program {program:?} (not a file, and not found on PATH)");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> PlayerSpec {
        text.parse().unwrap()
    }

    #[test]
    fn players_are_built_for_their_game_or_refused_clearly() {
        let options = BuildOptions::default();
        let score4 = score4::Score4;
        let built = spec("alphabeta:1").build(&score4, &options).unwrap();
        assert_eq!(built.name(), "alphabeta:1");
        (built.opponent.make)();
        for text in ["random", "greedy", "mcts:4", "alphabeta"] {
            spec(text).build(&score4, &options).unwrap();
        }
        let error = |text: &str| spec(text).build(&score4, &options).err().map(|e| format!("{e:#}")).unwrap();
        assert!(error("deep-blue").contains("unknown agent \"deep-blue\"; Score 4 offers random"));
        assert!(error("greedy:3").contains("greedy takes no number"));
        assert!(error("lookahead").contains("unknown agent \"lookahead\""));
        assert!(error("run:/nonexistent/run").contains("player run:/nonexistent/run: /nonexistent/run: no such model"));
        // The model compiled into the bots, as the bots play it.
        let shipped = spec("shipped:8").build(&score4, &options).unwrap();
        let mut agent = (shipped.opponent.make)();
        let state = tabula_core::Game::new_initial_state(&score4, 0);
        let action = agent.act(&state, &mut tabula_core::rng_from_seed(1));
        assert!(tabula_core::State::legal_actions(&state).contains(&action));
        assert!(error("cmd:/nonexistent/bot -v").contains("no program \"/nonexistent/bot\""));
        assert!(error("cmd:'bot \"open'").contains("player cmd:bot \"open"));
        spec("cmd:sh -c true").build(&score4, &options).unwrap();

        let superball = superball::Superball::default();
        spec("lookahead:50").build(&superball, &options).unwrap();
        let e = spec("mcts:5").build(&superball, &options).err().unwrap().to_string();
        assert!(e.contains("Superball offers random, greedy, lookahead[:MS]"), "{e}");
        // Superball's shipped agent is its n-tuple player, which takes no budget.
        let shipped = spec("shipped").build(&superball, &options).unwrap();
        let agent = (shipped.opponent.make)();
        assert_eq!(agent.name(), "shipped");
        let e = spec("shipped:8").build(&superball, &options).err().map(|e| format!("{e:#}")).unwrap();
        assert!(e.contains("is an n-tuple player, which takes no simulations or time"), "{e}");
        let small = superball::Superball::new(superball::Params::new(5, 5, 5, "pbyrg").unwrap());
        let e = spec("shipped").build(&small, &options).err().map(|e| format!("{e:#}")).unwrap();
        assert!(e.contains("trained for 8x10 boards"), "{e}");

        // Clue's deduction players, reading or not, bluffing or not, with their numbers.
        let clue = clue::Clue::default();
        for text in
            ["shrewd", "bold:40", "reads-bold:40", "reads-deduce", "reads-sly:150", "bluffs-shrewd", "bluffs-reads-sly"]
        {
            assert_eq!(spec(text).build(&clue, &options).unwrap().name(), text);
        }
        let error = |text: &str| spec(text).build(&clue, &options).err().map(|e| format!("{e:#}")).unwrap();
        assert!(error("reads-ismcts").contains("unknown agent \"reads-ismcts\""), "{}", error("reads-ismcts"));
        assert!(error("reads-nobody").contains("unknown agent \"nobody\"; Clue offers"));
    }
}
