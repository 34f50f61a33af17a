//! Agents for Python: a player spec (a baseline, a run's model, the shipped model, a program)
//! built for whichever game it is asked to play, once per game, as `tabula arena` builds it.

use crate::players::{Budget, BuildOptions, GameTask, KnownGame, PlayerSpec, with_game};
use std::any::Any;
use std::collections::HashMap;
use std::path::Path;
use tabula_core::{Action, Agent, GameRng, State, Thinking, rng_from_seed};

/// Reads what `load_agent` was given: a path to a run or checkpoint folder (or a `model.bpk`),
/// or a player spec (`random`, `alphabeta:3`, `shipped`, `run:DIR`, ...). `simulations` sets a
/// model's search budget.
pub fn parse(text: &str, simulations: Option<usize>) -> Result<PlayerSpec, String> {
    let spec = if !text.trim().is_empty() && Path::new(text).exists() {
        PlayerSpec::Checkpoint { path: text.into(), budget: None }
    } else {
        text.parse::<PlayerSpec>().map_err(|e| e.to_string())?
    };
    let Some(n) = simulations else { return Ok(spec) };
    if n == 0 {
        return Err("sims must be at least 1".into());
    }
    let budget = Some(Budget::Simulations(n));
    match spec {
        PlayerSpec::Run { dir, .. } => Ok(PlayerSpec::Run { dir, budget }),
        PlayerSpec::Checkpoint { path, .. } => Ok(PlayerSpec::Checkpoint { path, budget }),
        PlayerSpec::Shipped { .. } => Ok(PlayerSpec::Shipped { budget }),
        other => Err(format!(
            "sims is for trained models (a run or checkpoint folder, or \"shipped\"), not {other}; \
             baselines take their number in the spec (mcts:200, alphabeta:3)"
        )),
    }
}

/// One player spec, built for each game it meets.
pub struct AgentCache {
    spec: PlayerSpec,
    options: BuildOptions,
    rng: GameRng,
    built: HashMap<String, Built>,
    /// What the agent weighed in its last move, if it shows that (a search does).
    thinking: Option<Thinking>,
}

struct Built {
    /// A `Box<dyn Agent<G::State>>` for the game of its key.
    agent: Box<dyn Any + Send>,
    /// The episode it last played in; a new one resets it.
    episode: u64,
}

impl AgentCache {
    pub fn new(spec: PlayerSpec, options: BuildOptions, seed: u64) -> Self {
        AgentCache { spec, options, rng: rng_from_seed(seed), built: HashMap::new(), thinking: None }
    }

    /// The player spec this cache builds.
    pub fn spec(&self) -> &PlayerSpec {
        &self.spec
    }

    /// What the agent weighed in its last [`act`](AgentCache::act), if it shows that.
    pub fn thinking(&self) -> Option<&Thinking> {
        self.thinking.as_ref()
    }

    /// Builds the agent for the game of a spec string now, so that a bad model or name fails here.
    pub fn prepare(&mut self, game_spec: &str) -> Result<(), String> {
        with_game(game_spec, Prepare(self)).map_err(|e| format!("{e:#}"))
    }

    /// The agent built for `game`, built now if it is the first time (a function of the fields it
    /// needs, so that the generator stays free to borrow beside it).
    fn built_for<'a, G: KnownGame>(
        built: &'a mut HashMap<String, Built>,
        spec: &PlayerSpec,
        options: &BuildOptions,
        game: &G,
    ) -> Result<&'a mut Built, String> {
        use std::collections::hash_map::Entry;
        match built.entry(game.spec()) {
            Entry::Occupied(built) => Ok(built.into_mut()),
            Entry::Vacant(slot) => {
                let player = spec.build(game, options).map_err(|e| format!("{e:#}"))?;
                let agent: Box<dyn Agent<G::State>> = (player.opponent.make)();
                Ok(slot.insert(Built { agent: Box::new(agent), episode: 0 }))
            }
        }
    }

    /// The agent's action in `state` of episode `episode`; checked to be legal.
    pub fn act<G: KnownGame>(&mut self, game: &G, state: &G::State, episode: u64) -> Result<Action, String> {
        let built = Self::built_for(&mut self.built, &self.spec, &self.options, game)?;
        let agent = built.agent.downcast_mut::<Box<dyn Agent<G::State>>>().expect("built for this game's type");
        if built.episode != episode {
            agent.reset();
            built.episode = episode;
        }
        let action = agent.act(state, &mut self.rng);
        self.thinking = agent.thinking();
        if state.legal_actions().contains(&action) {
            Ok(action)
        } else {
            Err(format!("agent {} chose {action}, which is not legal here", self.spec))
        }
    }
}

struct Prepare<'a>(&'a mut AgentCache);

impl GameTask for Prepare<'_> {
    type Output = ();

    fn run<G: KnownGame>(self, game: G) -> anyhow::Result<()> {
        let cache = self.0;
        AgentCache::built_for(&mut cache.built, &cache.spec, &cache.options, &game)
            .map(|_| ())
            .map_err(anyhow::Error::msg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::build_env;

    #[test]
    fn paths_specs_and_budgets_read_as_arena_specs() {
        assert_eq!(parse("random", None).unwrap().to_string(), "random");
        assert_eq!(parse("shipped", Some(8)).unwrap().to_string(), "shipped:8");
        assert_eq!(parse("run:runs/a", Some(5)).unwrap().to_string(), "run:runs/a:5");
        // An existing folder is a checkpoint, whatever its name.
        let dir = tempfile::tempdir().unwrap();
        let text = dir.path().to_str().unwrap();
        assert_eq!(parse(text, None).unwrap(), PlayerSpec::Checkpoint { path: text.into(), budget: None });
        assert!(parse("greedy", Some(3)).unwrap_err().contains("sims is for trained models"));
        assert!(parse("shipped", Some(0)).unwrap_err().contains("at least 1"));
        assert!(parse("my bot", None).unwrap_err().contains("bad player spec"));
    }

    #[test]
    fn an_agent_is_built_once_per_game_it_meets() {
        let spec = parse("random", None).unwrap();
        let mut agent = AgentCache::new(spec, BuildOptions::default(), 3);
        for game in ["score4", "upright", "clue(players=3,items=19,hidden=4)"] {
            let mut env = build_env(game).unwrap();
            env.reset(1);
            for _ in 0..5 {
                let action = env.act(&mut agent).unwrap();
                env.step(action).unwrap();
            }
        }
        assert_eq!(agent.built.len(), 3);
        assert!(agent.prepare("score4(size=9)").unwrap_err().contains("score4"));
        let mut unknown = AgentCache::new(parse("deduce", None).unwrap(), BuildOptions::default(), 0);
        let mut env = build_env("score4").unwrap();
        assert!(env.act(&mut unknown).unwrap_err().contains("unknown agent \"deduce\"; Score 4 offers"));
        unknown.prepare("clue").unwrap();
    }
}
