//! Search settings.

/// How the root chooses which action to simulate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RootMode {
    /// PUCT at the root too, optionally with Dirichlet noise mixed into the priors.
    Puct { dirichlet_alpha: f32, dirichlet_fraction: f32 },
    /// Gumbel-top-k sampling of `considered` actions, then sequential halving.
    Gumbel { considered: usize },
}

#[derive(Debug, Clone, PartialEq)]
pub struct SearchConfig {
    /// Simulations per move.
    pub simulations: usize,
    /// Exploration constant of PUCT.
    pub c_puct: f32,
    pub root: RootMode,
    /// 0 plays the best move. Above 0 the search explores, for self-play: under PUCT the move is
    /// sampled from visit counts raised to 1/temperature; at a Gumbel root, Gumbel noise is added.
    pub temperature: f32,
    /// Gumbel's σ(q) = (c_visit + max N) · c_scale · q.
    pub c_visit: f32,
    pub c_scale: f32,
    /// Distinct sampled outcomes kept under a chance node before outcomes are reused.
    pub max_chance_children: usize,
    /// On expanding a node, try every legal action and, when one ends the game better for the
    /// mover than the evaluator's value, back up that exact outcome instead ("decisive moves",
    /// Teytaud & Teytaud 2010): a win in one is never missed, and a move that allows one is seen
    /// as lost after a single visit. Costs one `apply` per legal action per expansion.
    pub decisive_moves: bool,
    /// A Gumbel root gives up to half its considered places to the actions that earn the mover a
    /// reward at once (found by applying each legal action once per search); Gumbel-top-k fills
    /// the rest.
    /// For games where a few scoring moves hide among many others (Superball: a handful of
    /// scores among 3,160 swaps), which sampling from a young network's prior would rarely pick.
    pub consider_rewarding_moves: bool,
    /// With an [`crate::Advisor`] at a Gumbel root: the share of the root's prior moved onto the
    /// advised actions (0 keeps the evaluator's priors; the advised actions are considered anyway).
    /// At 1 the root considers the advised (and, with `consider_rewarding_moves`, rewarding)
    /// actions only: the search then chooses among the advice.
    pub advice_prior: f32,
    /// With an [`crate::Advisor`]: from each new leaf, play the advisor's first choice for this
    /// many decisions (chance sampled), and value the leaf by the rewards on the way plus the
    /// evaluator's value where the rollout stopped (see `rollout.rs`). 0: the evaluator alone.
    pub rollout_depth: usize,
    /// Values are normalised by the spread seen in the tree, but never by less than this (in the
    /// game's return units): differences far below it count for little. 0: pure min-max.
    pub min_value_range: f32,
    /// Search the mover's information set (for games of hidden information): every simulation
    /// starts from a fresh [`tabula_core::State::resample`] of the root for the player to move
    /// there and walks the tree by actions (single-observer IS-MCTS with the evaluator's priors
    /// and values); a node offers only the actions legal in the simulation's world, and rewards
    /// are the world's. The root's hidden parts are never read: `decisive_moves` and
    /// `consider_rewarding_moves` are off in this mode, because each would look at the true state
    /// (a guess checked against the true hand); advised rollouts play in the simulation's world.
    pub information_sets: bool,
    /// Information-set search: the distinct worlds one search draws, used in turn by its
    /// simulations (0: a fresh world every simulation). Drawing a world can cost far more than a
    /// simulation (Clue replays the whole history through every player's deductions).
    pub worlds: usize,
    /// Prove values where the tree reaches the end (MCTS-Solver, Winands et al. 2008): a decision
    /// node whose every move leads to a proven node is proven, worth its mover's best; a
    /// simulation that reaches a proven node backs up that exact value and asks the evaluator
    /// nothing; a proven move counts at its exact value, however few its visits; and the search
    /// stops once its root is proven. Perfect information only (chance nodes are never proven;
    /// an information-set search never proves).
    pub solver: bool,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            simulations: 100,
            c_puct: 1.25,
            root: RootMode::Puct { dirichlet_alpha: 0.3, dirichlet_fraction: 0.0 },
            temperature: 0.0,
            c_visit: 50.0,
            c_scale: 1.0,
            max_chance_children: 8,
            decisive_moves: true,
            consider_rewarding_moves: false,
            advice_prior: 0.0,
            rollout_depth: 0,
            min_value_range: 0.0,
            information_sets: false,
            worlds: 0,
            solver: false,
        }
    }
}

impl SearchConfig {
    /// Settings for cheap self-play: Gumbel root with few simulations.
    pub fn gumbel(simulations: usize, considered: usize) -> Self {
        SearchConfig { simulations, root: RootMode::Gumbel { considered }, ..SearchConfig::default() }
    }
}

impl SearchConfig {
    /// These settings fitted to `game`: information-set search where it hides information.
    pub fn for_game<G: tabula_core::Game>(mut self, game: &G) -> Self {
        self.information_sets = game.information() != tabula_core::Information::Perfect;
        self
    }
}
