//! A trained agent as users meet it: a model (weights + card) and the config of the run that
//! trained it (its search settings), loaded from a run directory, a `checkpoints/<game>/` folder,
//! a `model.bpk`, or bytes compiled into a binary — and turned into a player.
//!
//! ```no_run
//! use tabula_models::TrainedModel;
//! let game = score4::Score4;
//! let model = TrainedModel::load(&game, "checkpoints/score4".as_ref())?;
//! let agent = model.search_agent(&game, Some(800), None); // the net with tabula's search
//! let fast = model.policy_agent(&game);                   // the policy alone
//! # anyhow::Ok(())
//! ```

use crate::evaluator::NetEvaluator;
use crate::play_config::PlayConfig;
use crate::run_files::{CONFIG_FILE, MODEL_FILE, latest_learner};
use anyhow::Context;
use rand::RngCore;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tabula_core::{Action, Agent, Game, State};
use tabula_nets::{Expected, Learner, ModelCard, PolicyValueNet, masked_softmax};
use tabula_search::{MctsAgent, RootMode, SearchConfig, SharedAdvisor};

/// A trained network with the settings it is played with.
#[derive(Debug, Clone)]
pub struct TrainedModel {
    pub net: PolicyValueNet,
    pub card: ModelCard,
    pub config: PlayConfig,
    /// Where it came from, for names and messages (a path, or "shipped").
    pub source: String,
}

impl TrainedModel {
    /// Loads `path`: a directory holding `model.bpk`, `model.json` and `config.toml` (a run or a
    /// checkpoint folder), or a `model.bpk` with those two files beside it. A run directory
    /// without `model.bpk` (one packed by `scripts/pack-run.sh`) plays its latest checkpoint's
    /// weights. Every error names the file and what is wrong with it (missing, truncated, another
    /// game, another network shape).
    pub fn load<G: Game>(game: &G, path: &Path) -> anyhow::Result<Self> {
        Self::load_checked(game, path, &Expected::game(game))
    }

    /// Loads `path` as [`load`](Self::load) does, for `game` or any variant of it whose networks
    /// have the same shapes (Superply's random mode for its deterministic one, say): a network a
    /// new run of `game` can start from (`tabula train --init`).
    pub fn load_shaped_like<G: Game>(game: &G, path: &Path) -> anyhow::Result<Self> {
        Self::load_checked(game, path, &Expected { game_spec: None, ..Expected::game(game) })
    }

    fn load_checked<G: Game>(game: &G, path: &Path, expected: &Expected) -> anyhow::Result<Self> {
        let weights: PathBuf = if path.is_dir() { path.join(MODEL_FILE) } else { path.to_path_buf() };
        if path.is_dir()
            && !weights.exists()
            && let Some((_, learner)) = latest_learner(path, expected, tabula_nets::LearnerDevice::Cpu)?
        {
            return Self::from_learner(game, path, &learner);
        }
        anyhow::ensure!(
            weights.exists(),
            "{}: no such model (give a run directory, a checkpoint folder or a model.bpk)",
            weights.display()
        );
        let (net, card) = PolicyValueNet::load(&weights, expected)?;
        let config_path = weights.with_file_name(CONFIG_FILE);
        let config = PlayConfig::load(&config_path)
            .with_context(|| format!("{}: the model's training config", config_path.display()))?;
        Ok(TrainedModel { net, card, config, source: path.display().to_string() })
    }

    /// A run's learner weights, played with the run's config.
    fn from_learner<G: Game>(game: &G, run: &Path, learner: &Learner) -> anyhow::Result<Self> {
        let card = ModelCard::new(game.spec(), learner.net_config().clone(), learner.step());
        let config_path = run.join(CONFIG_FILE);
        let config = PlayConfig::load(&config_path)
            .with_context(|| format!("{}: the run's training config", config_path.display()))?;
        Ok(TrainedModel { net: learner.inference_net(), card, config, source: run.display().to_string() })
    }

    /// Builds a model from the three files' bytes, as a bot carries them inside its binary.
    pub fn from_embedded<G: Game>(game: &G, weights: &[u8], card: &str, config: &str) -> anyhow::Result<Self> {
        let card: ModelCard = serde_json::from_str(card).context("the embedded model card")?;
        Expected::game(game).check(&card, Path::new("embedded model.json"))?;
        let net = PolicyValueNet::from_bytes(weights, &card).context("the embedded model.bpk")?;
        let config = PlayConfig::from_toml(config).context("the embedded config.toml")?;
        Ok(TrainedModel { net, card, config, source: "shipped".into() })
    }

    /// The network with tabula's search, as evaluations play it: a Gumbel root with `simulations`
    /// per move (default: the run's `eval_simulations`) and the advisor the run's config names.
    pub fn search_agent<G: Game>(
        &self,
        game: &G,
        simulations: Option<usize>,
        advisor: Option<SharedAdvisor<G::State>>,
    ) -> MctsAgent<G::State, NetEvaluator> {
        let simulations = simulations.unwrap_or(self.config.search.eval_simulations);
        let search = self.config.search.eval_config(simulations, None);
        let name = format!("{}@{}({simulations} sims)", self.source, self.card.training_step);
        self.searching_agent(game, search, name).with_advisor(advisor)
    }

    /// The network with search for `budget` of thinking per move. Time-limited search uses a PUCT
    /// root (a Gumbel root plans a fixed number of simulations in advance).
    pub fn timed_agent<G: Game>(
        &self,
        game: &G,
        budget: Duration,
        advisor: Option<SharedAdvisor<G::State>>,
    ) -> MctsAgent<G::State, NetEvaluator> {
        let root = RootMode::Puct { dirichlet_alpha: self.config.search.dirichlet_alpha, dirichlet_fraction: 0.0 };
        let search = self.config.search.search_config(self.config.search.eval_simulations, root, 0.0);
        let name = format!("{}@{}({} ms)", self.source, self.card.training_step, budget.as_millis());
        self.searching_agent(game, search, name).with_advisor(advisor).with_time_budget(budget)
    }

    /// The network's search, remembering the network's answers for as long as the agent plays
    /// (`[search] cache_mib`).
    fn searching_agent<G: Game>(
        &self,
        game: &G,
        search: SearchConfig,
        name: String,
    ) -> MctsAgent<G::State, NetEvaluator> {
        let evaluator =
            NetEvaluator::new(game, self.net.clone(), self.config.value).with_cache(self.config.search.cache_mib << 20);
        MctsAgent::new(name, evaluator, search.for_game(game))
    }

    /// The policy head alone: the legal action with the highest logit, no search (fastest).
    pub fn policy_agent<G: Game>(&self, game: &G) -> PolicyAgent {
        PolicyAgent {
            net: self.net.clone(),
            obs_len: game.observation_len(),
            name: format!("{}@{}(policy)", self.source, self.card.training_step),
        }
    }
}

/// Plays the legal action the policy head likes best.
pub struct PolicyAgent {
    net: PolicyValueNet,
    obs_len: usize,
    name: String,
}

impl<S: State> Agent<S> for PolicyAgent {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn act(&mut self, state: &S, _rng: &mut dyn RngCore) -> Action {
        let legal = state.legal_actions();
        let mover = state.turn().player().unwrap_or(0);
        let mut observation = vec![0.0f32; self.obs_len];
        state.observation(mover, &mut observation);
        let out = self.net.infer(&observation, 1);
        let priors = masked_softmax(out.policy(0), &legal);
        let best = priors.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1)).map_or(0, |(i, _)| i);
        legal[best]
    }
}
