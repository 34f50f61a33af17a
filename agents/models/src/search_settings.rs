//! The `[search]` section of a run's config: how its network searches, in self-play (where the
//! trainer reads it) and in play (evaluations, the arena, the bots).

use serde::{Deserialize, Serialize};
use tabula_search::{RootMode, SearchConfig};

/// The search settings of a run. Unknown keys are errors, so a typo does not silently play with a
/// default.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchSettings {
    /// Simulations per self-play move (Gumbel root).
    pub simulations: usize,
    /// Actions sampled at the Gumbel root.
    pub considered: usize,
    #[serde(default = "default_c_visit")]
    pub c_visit: f32,
    #[serde(default = "one_f32")]
    pub c_scale: f32,
    /// Simulations per move when evaluating against baselines.
    pub eval_simulations: usize,
    #[serde(default = "default_chance_children")]
    pub max_chance_children: usize,
    /// Self-play root: `gumbel` (Gumbel-top-k + sequential halving, improved-policy targets) or
    /// `puct` (AlphaZero: Dirichlet noise at the root, visit-share targets, moves sampled from
    /// visits while exploring).
    #[serde(default)]
    pub root: SelfPlayRoot,
    /// Dirichlet noise at a PUCT root: concentration and the share of the prior it replaces.
    #[serde(default = "default_dirichlet_alpha")]
    pub dirichlet_alpha: f32,
    #[serde(default = "default_dirichlet_fraction")]
    pub dirichlet_fraction: f32,
    /// PUCT's exploration constant (inside the tree for both roots).
    #[serde(default = "default_c_puct")]
    pub c_puct: f32,
    /// Check every expanded node for a game-ending move (see `SearchConfig::decisive_moves`).
    #[serde(default = "yes")]
    pub decisive_moves: bool,
    /// The Gumbel root always considers moves that score at once
    /// (see `SearchConfig::consider_rewarding_moves`).
    #[serde(default)]
    pub consider_rewarding_moves: bool,
    /// A baseline of the game whose advice the Gumbel root always considers (self-play,
    /// evaluations and bots alike), e.g. `"greedy"`; see `tabula_search::Advisor`. None by default:
    /// the agent then learns from scratch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub advisor: Option<String>,
    /// The share of the root's prior moved onto the advised actions (see
    /// `SearchConfig::advice_prior`).
    #[serde(default)]
    pub advice_prior: f32,
    /// Decisions of the advisor's rollout from each new leaf (see `SearchConfig::rollout_depth`);
    /// 0 (the default) values leaves by the network alone. Needs `advisor`.
    #[serde(default)]
    pub rollout_depth: usize,
    /// The narrowest spread of values the search normalises by, in points of the game's return
    /// (see `SearchConfig::min_value_range`); 0 (the default) normalises by the spread alone.
    #[serde(default)]
    pub min_value_range: f32,
    /// Games of hidden information: distinct worlds (determinizations) a search draws and its
    /// simulations share in turn (see `SearchConfig::worlds`); 0 (the default): a fresh world
    /// every simulation.
    #[serde(default)]
    pub worlds: usize,
    /// Prove exact values where the tree reaches the end of the game (see
    /// `SearchConfig::solver`); off by default.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub solver: bool,
    /// Mebibytes of the network's answers a player remembers by observation, so positions its
    /// search reaches again cost no inference (the arena, the bots, `tabula serve`; not self-play,
    /// whose short searches on a network new every round meet few positions twice, measured in
    /// checkpoints/superply/README.md); 0 turns it off. The answers are the network's own, so
    /// only the speed changes.
    #[serde(default = "default_cache_mib", skip_serializing_if = "is_default_cache_mib")]
    pub cache_mib: usize,
}

impl SearchSettings {
    /// The search these settings describe, with `simulations` per move from `root`; a positive
    /// `temperature` explores (self-play), 0 plays the best move (evaluations, bots).
    pub fn search_config(&self, simulations: usize, root: RootMode, temperature: f32) -> SearchConfig {
        SearchConfig {
            simulations,
            root,
            temperature,
            c_puct: self.c_puct,
            c_visit: self.c_visit,
            c_scale: self.c_scale,
            decisive_moves: self.decisive_moves,
            consider_rewarding_moves: self.consider_rewarding_moves,
            advice_prior: self.advice_prior,
            rollout_depth: self.rollout_depth,
            min_value_range: self.min_value_range,
            max_chance_children: self.max_chance_children,
            // Set from the game where the search is built (`SearchConfig::for_game`).
            information_sets: false,
            worlds: self.worlds,
            solver: self.solver,
        }
    }

    /// The search a trained network plays with in evaluations and bots: a Gumbel root over
    /// `considered` actions (default: the run's) with `simulations` per move, no exploration noise.
    pub fn eval_config(&self, simulations: usize, considered: Option<usize>) -> SearchConfig {
        let root = RootMode::Gumbel { considered: considered.unwrap_or(self.considered) };
        self.search_config(simulations, root, 0.0)
    }

    /// The search self-play plays with: the configured root, exploring (temperature 1).
    pub fn selfplay_config(&self) -> SearchConfig {
        let root = match self.root {
            SelfPlayRoot::Gumbel => RootMode::Gumbel { considered: self.considered },
            SelfPlayRoot::Puct => {
                RootMode::Puct { dirichlet_alpha: self.dirichlet_alpha, dirichlet_fraction: self.dirichlet_fraction }
            }
        };
        self.search_config(self.simulations, root, 1.0)
    }

    /// Checks the values serde cannot: counts at least 1, shares in [0, 1].
    pub fn validate(&self) -> anyhow::Result<()> {
        for (name, v) in [
            ("search.simulations", self.simulations),
            ("search.considered", self.considered),
            ("search.eval_simulations", self.eval_simulations),
        ] {
            anyhow::ensure!(v > 0, "{name} must be at least 1");
        }
        anyhow::ensure!((0.0..=1.0).contains(&self.advice_prior), "search.advice_prior must lie in [0, 1]");
        anyhow::ensure!(self.min_value_range >= 0.0, "search.min_value_range must not be negative");
        anyhow::ensure!(self.cache_mib <= 1 << 16, "search.cache_mib is in MiB: at most 65536 (64 GiB)");
        anyhow::ensure!(
            self.rollout_depth == 0 || self.advisor.is_some(),
            "search.rollout_depth plays the advisor's moves: name one in search.advisor"
        );
        anyhow::ensure!((0.0..=1.0).contains(&self.dirichlet_fraction), "search.dirichlet_fraction must lie in [0, 1]");
        Ok(())
    }
}

/// How self-play searches its root.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SelfPlayRoot {
    #[default]
    Gumbel,
    Puct,
}

fn yes() -> bool {
    true
}
fn one_f32() -> f32 {
    1.0
}
fn default_c_visit() -> f32 {
    50.0
}
fn default_chance_children() -> usize {
    8
}
fn default_dirichlet_alpha() -> f32 {
    0.3
}
fn default_dirichlet_fraction() -> f32 {
    0.25
}
fn default_c_puct() -> f32 {
    1.25
}
fn default_cache_mib() -> usize {
    32
}
fn is_default_cache_mib(mib: &usize) -> bool {
    *mib == default_cache_mib()
}
