//! One search tree and the lockstep driver that batches leaves across many trees.

use crate::advisor::{SharedAdvisor, advised_marks};
use crate::config::{RootMode, SearchConfig};
use crate::evaluator::{Evaluation, Evaluator};
use crate::gumbel::{GumbelRoot, sigma, softmax};
use crate::minmax::MinMax;
use crate::rollout::{Rollout, advised_rollout};
use crate::tree::{Edge, NO_CHILD, Node, Tree};
use rand::{Rng, RngCore};
use rand_distr::{Distribution, Gamma};
use tabula_core::{Action, State, Turn};

/// What a search recommends.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchResult {
    /// The move to play.
    pub action: Action,
    /// The improved policy over the root's legal actions (a training target): Gumbel's
    /// completed-Q policy, or visit shares under PUCT.
    pub policy: Vec<(Action, f32)>,
    /// Mean rewards still to come at the root, per player.
    pub root_values: Vec<f32>,
    /// Simulations spent on this move (including reused ones).
    pub root_visits: u32,
}

/// A leaf waiting for its evaluation.
struct Pending<S> {
    path: Vec<u32>,
    /// With advised rollouts (`config.rollout_depth`): where the leaf's rollout stopped.
    rollout: Option<Rollout<S>>,
    /// Information-set search: the simulation's world at the leaf, and the rewards it paid on the
    /// way into each node of `path`.
    world: Option<World<S>>,
}

/// One determinization's walk down an information-set tree.
struct World<S> {
    state: S,
    rewards: Vec<Vec<f32>>,
}

/// MCTS from one root state.
#[derive(Debug, Clone)]
pub struct Search<S: State> {
    tree: Tree<S>,
    config: SearchConfig,
    minmax: MinMax,
    gumbel: Option<GumbelRoot>,
    /// The evaluator's values at the root (for Gumbel's v_mix).
    root_prior_values: Vec<f32>,
    noised: bool,
    /// Information-set search: the worlds drawn so far for this move (see `SearchConfig::worlds`).
    worlds: Vec<S>,
    simulations_done: usize,
    simulations_left: usize,
    advisor: Option<SharedAdvisor<S>>,
}

impl<S: State> Search<S> {
    pub fn new(root: S, config: SearchConfig) -> Self {
        assert!(
            matches!(root.turn(), Turn::Player(_)),
            "search starts at a decision node (resolve chance first; terminal states have no moves)"
        );
        let players = root.returns().len();
        let minmax = MinMax::with_min_range(config.min_value_range);
        Search {
            tree: Tree::new(root),
            config,
            minmax,
            gumbel: None,
            root_prior_values: vec![0.0; players],
            noised: false,
            worlds: Vec::new(),
            simulations_done: 0,
            simulations_left: 0,
            advisor: None,
        }
    }

    /// Lets `advisor` name actions the Gumbel root always considers (see [`crate::Advisor`]).
    pub fn with_advisor(mut self, advisor: Option<SharedAdvisor<S>>) -> Self {
        self.advisor = advisor;
        self
    }

    pub fn root_state(&self) -> &S {
        &self.tree.nodes[0].state
    }

    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Changes the temperature for the next move (e.g. self-play stops exploring after the
    /// opening); a Gumbel root already planned keeps its noise until the next `reroot`.
    pub fn set_temperature(&mut self, temperature: f32) {
        self.config.temperature = temperature;
    }

    /// Changes the simulation budget of the next move (self-play's playout-cap randomisation mixes
    /// full and fast searches in one game).
    pub fn set_simulations(&mut self, simulations: usize) {
        self.config.simulations = simulations;
    }

    /// Nodes in the tree (memory grows with it).
    pub fn tree_size(&self) -> usize {
        self.tree.nodes.len()
    }

    /// Moves the root to `state`, keeping the subtree already searched when `state` lies within
    /// a few plies below the root (our move, the opponents' replies, chance); otherwise starts a
    /// new tree.
    pub fn reroot(&mut self, state: &S) {
        const MAX_DEPTH: usize = 4;
        // An information-set tree's nodes hold one world each, not the state a player is in.
        let depth = if self.config.information_sets { 0 } else { MAX_DEPTH };
        let mut frontier = vec![0u32];
        let mut found = None;
        'search: for _ in 0..depth {
            let mut next = Vec::new();
            for &id in &frontier {
                let n = &self.tree.nodes[id as usize];
                let children = n.edges.iter().map(|e| e.child).chain(n.outcomes.iter().copied());
                for c in children.filter(|&c| c != NO_CHILD) {
                    if self.tree.nodes[c as usize].state == *state {
                        found = Some(c);
                        break 'search;
                    }
                    next.push(c);
                }
            }
            frontier = next;
        }
        let players = state.returns().len();
        self.tree = match found {
            Some(n) => self.tree.subtree(n),
            None => Tree::new(state.clone()),
        };
        self.tree.nodes[0].reward = vec![0.0; players];
        self.gumbel = None;
        self.noised = false;
        self.worlds.clear();
        self.simulations_done = 0;
        self.minmax = MinMax::with_min_range(self.config.min_value_range);
        self.root_prior_values = vec![0.0; players];
        if self.tree.nodes[0].expanded {
            self.root_prior_values = (0..players).map(|p| self.tree.nodes[0].mean(p)).collect();
        }
    }

    /// Runs `config.simulations` simulations and recommends a move.
    pub fn run<E: Evaluator<S>>(&mut self, evaluator: &E, rng: &mut dyn RngCore) -> SearchResult {
        run_lockstep(std::slice::from_mut(self), evaluator, rng).pop().expect("one search, one result")
    }

    /// Runs `n` more simulations (PUCT root only; Gumbel plans its whole budget up front).
    pub fn simulate<E: Evaluator<S>>(&mut self, evaluator: &E, n: usize, rng: &mut dyn RngCore) {
        self.simulations_left = n;
        drive(std::slice::from_mut(self), evaluator, rng);
    }

    fn begin(&mut self) {
        self.simulations_left = self.config.simulations.max(1);
        self.gumbel = None;
    }

    /// This simulation's world: a fresh draw, or one of the move's `config.worlds` in turn.
    fn next_world(&mut self, me: usize, rng: &mut dyn RngCore) -> S {
        let root = &self.tree.nodes[0].state;
        let k = self.simulations_done;
        self.simulations_done += 1;
        match self.config.worlds {
            0 => root.resample(me, rng),
            n if self.worlds.len() < n => {
                let world = root.resample(me, rng);
                self.worlds.push(world.clone());
                world
            }
            n => self.worlds[k % n].clone(),
        }
    }

    /// Walks from the root to a leaf. Terminal leaves are backed up at once (`None`).
    fn select(&mut self, rng: &mut dyn RngCore) -> Option<Pending<S>> {
        self.simulations_left = self.simulations_left.saturating_sub(1);
        self.prepare_root(rng);
        if self.gumbel.as_ref().is_some_and(|g| g.remaining.len() == 1) {
            // One action considered: it is the move whatever the simulations say.
            self.simulations_left = 0;
            return None;
        }
        if self.config.information_sets {
            return self.select_in_world(rng);
        }
        let mut path = vec![0u32];
        let mut node = 0u32;
        loop {
            let n = &self.tree.nodes[node as usize];
            // A node the solver proved: its value is known, nothing to ask.
            if let Some(exact) = &n.exact {
                let exact = exact.clone();
                self.backup(&path, &exact);
                return None;
            }
            match n.turn {
                Turn::Terminal => {
                    let zeros = vec![0.0; n.value_sum.len()];
                    self.backup(&path, &zeros);
                    return None;
                }
                Turn::Chance => {
                    node = self.chance_child(node, rng);
                }
                Turn::Player(p) => {
                    if !n.expanded {
                        let rollout = match &self.advisor {
                            Some(advisor) if self.config.rollout_depth > 0 => {
                                Some(advised_rollout(&n.state, advisor.as_ref(), self.config.rollout_depth, rng))
                            }
                            _ => None,
                        };
                        return Some(Pending { path, rollout, world: None });
                    }
                    let e = if node == 0 { self.root_edge(p) } else { self.puct_edge(node, p) };
                    node = self.child(node, e);
                }
            }
            path.push(node);
        }
    }

    /// Information-set search: one simulation in a fresh determinization of the root for its
    /// mover. The tree is walked by actions; at each node only the actions legal in this world
    /// are offered (new ones get edges of their own), and the world's rewards are backed up.
    fn select_in_world(&mut self, rng: &mut dyn RngCore) -> Option<Pending<S>> {
        let root = &self.tree.nodes[0];
        let me = root.turn.player().expect("the root is a decision node");
        let players = root.value_sum.len();
        let mut state = self.next_world(me, rng);
        let (mut path, mut rewards) = (vec![0u32], vec![vec![0.0f32; players]]);
        let mut node = 0u32;
        loop {
            match state.turn() {
                Turn::Terminal => {
                    self.backup_world(&path, &rewards, &vec![0.0; players]);
                    return None;
                }
                Turn::Chance => {
                    state.sample_chance(rng);
                    let last = rewards.last_mut().expect("the root's entry");
                    last.iter_mut().zip(state.rewards()).for_each(|(r, x)| *r += x as f32);
                }
                Turn::Player(p) => {
                    if !self.tree.nodes[node as usize].expanded {
                        // Advised rollouts play on in this world (the advisor reads each mover's
                        // own information, as a player would).
                        let rollout = match &self.advisor {
                            Some(advisor) if self.config.rollout_depth > 0 => {
                                Some(advised_rollout(&state, advisor.as_ref(), self.config.rollout_depth, rng))
                            }
                            _ => None,
                        };
                        return Some(Pending { path, rollout, world: Some(World { state, rewards }) });
                    }
                    let e = if node == 0 {
                        self.root_edge(p)
                    } else {
                        let legal = state.legal_actions();
                        self.offer_only(node, &legal);
                        self.puct_edge_among(node, p, &legal)
                    };
                    let edge = &self.tree.nodes[node as usize].edges[e];
                    let action = edge.action;
                    state.apply(action).expect("search only plays actions legal in its world");
                    rewards.push(state.rewards().iter().map(|&r| r as f32).collect());
                    node = match edge.child {
                        NO_CHILD => {
                            let id = self.tree.add(Node::new(state.clone(), vec![0.0; players]));
                            self.tree.nodes[node as usize].edges[e].child = id;
                            id
                        }
                        child => child,
                    };
                    path.push(node);
                }
            }
        }
    }

    /// Gives `node` an edge for every action in `legal` it lacks (another world's expansion did
    /// not have them), with a uniform share of prior.
    fn offer_only(&mut self, node: u32, legal: &[Action]) {
        let edges = &mut self.tree.nodes[node as usize].edges;
        for &action in legal {
            if !edges.iter().any(|e| e.action == action) {
                edges.push(Edge { action, prior: 1.0 / legal.len() as f32, child: NO_CHILD });
            }
        }
    }

    fn prepare_root(&mut self, rng: &mut dyn RngCore) {
        if !self.tree.nodes[0].expanded {
            return;
        }
        match self.config.root {
            RootMode::Puct { dirichlet_alpha, dirichlet_fraction } if dirichlet_fraction > 0.0 && !self.noised => {
                self.noised = true;
                let edges = &mut self.tree.nodes[0].edges;
                if let Ok(gamma) = Gamma::new(dirichlet_alpha.max(1e-3), 1.0) {
                    let noise: Vec<f32> = edges.iter().map(|_| gamma.sample(rng)).collect();
                    let total: f32 = noise.iter().sum::<f32>().max(1e-12);
                    for (e, n) in edges.iter_mut().zip(noise) {
                        e.prior = (1.0 - dirichlet_fraction) * e.prior + dirichlet_fraction * n / total;
                    }
                }
            }
            RootMode::Gumbel { considered } if self.gumbel.is_none() => {
                let priors: Vec<f32> = self.tree.nodes[0].edges.iter().map(|e| e.prior).collect();
                // The simulation being started is part of the budget. Gumbel noise is the
                // exploration: on when the temperature is positive.
                let budget = self.simulations_left + 1;
                let noise = self.config.temperature > 0.0;
                let mut first = if self.config.consider_rewarding_moves && !self.config.information_sets {
                    self.rewarding_root_edges()
                } else {
                    Vec::new()
                };
                // With all the prior on the advice, the others have none and are not considered.
                let priors = match self.advised_root_edges() {
                    Some(advised) => {
                        first.resize(advised.len(), false);
                        first.iter_mut().zip(&advised).for_each(|(f, &a)| *f |= a.is_some());
                        self.bias_root_priors(&first, &advised)
                    }
                    None => priors,
                };
                self.gumbel = Some(GumbelRoot::new(&priors, &first, considered, budget, noise, rng));
            }
            _ => {}
        }
    }

    /// Per root edge: its rank in the advice, if advised. `None` without an advisor.
    fn advised_root_edges(&self) -> Option<Vec<Option<usize>>> {
        let advisor = self.advisor.as_ref()?;
        let root = &self.tree.nodes[0];
        let actions: Vec<Action> = root.edges.iter().map(|e| e.action).collect();
        Some(advised_marks(advisor.as_ref(), &root.state, &actions))
    }

    /// Moves `config.advice_prior` of the root's prior mass onto the marked (advised or, with
    /// `consider_rewarding_moves`, rewarding) edges: the advisor's first choice weighs twice any
    /// other, so that with little search the root follows the advice. The improved-policy target
    /// starts from these priors, so the network learns the advice too. Returns the new priors.
    fn bias_root_priors(&mut self, marked: &[bool], ranks: &[Option<usize>]) -> Vec<f32> {
        let share = self.config.advice_prior.clamp(0.0, 1.0);
        let weight = |e: usize| match (marked.get(e), ranks.get(e)) {
            (_, Some(Some(0))) => 2.0,
            (Some(true), _) => 1.0,
            _ => 0.0,
        };
        let edges = &mut self.tree.nodes[0].edges;
        let total: f32 = (0..edges.len()).map(weight).sum();
        if total > 0.0 && share > 0.0 {
            for (i, e) in edges.iter_mut().enumerate() {
                e.prior = (1.0 - share) * e.prior + share * weight(i) / total;
            }
        }
        edges.iter().map(|e| e.prior).collect()
    }

    /// Per root edge: does its action earn the mover a reward at once?
    fn rewarding_root_edges(&self) -> Vec<bool> {
        let root = &self.tree.nodes[0];
        let Some(mover) = root.state.turn().player() else { return Vec::new() };
        root.edges
            .iter()
            .map(|e| {
                let mut child = root.state.clone();
                child.apply(e.action).is_ok() && child.rewards().get(mover).is_some_and(|&r| r > 0.0)
            })
            .collect()
    }

    fn root_edge(&mut self, player: usize) -> usize {
        let Some(mut g) = self.gumbel.take() else { return self.puct_edge(0, player) };
        let max_visits = self.max_root_visits();
        let e = g.next(|e| self.sigma_q(e, player, max_visits));
        self.gumbel = Some(g);
        e
    }

    fn max_root_visits(&self) -> u32 {
        self.tree.nodes[0].edges.iter().map(|e| self.tree.visits(e)).max().unwrap_or(0)
    }

    /// σ of root edge `e`'s completed, normalised Q.
    fn sigma_q(&self, e: usize, player: usize, max_visits: u32) -> f32 {
        let edge = &self.tree.nodes[0].edges[e];
        let q = self.tree.q(edge, player).map_or_else(|| self.v_mix(player), |q| self.minmax.normalize(q));
        sigma(q, max_visits, self.config.c_visit, self.config.c_scale)
    }

    fn gumbel_score(&self, g: &GumbelRoot, e: usize, player: usize, max_visits: u32) -> f32 {
        g.gumbel[e] + g.logits[e] + self.sigma_q(e, player, max_visits)
    }

    /// Gumbel's v_mix: the root's prior value mixed with the prior-weighted Q of visited actions,
    /// normalised. Used as the Q of unvisited actions ("completed Q").
    fn v_mix(&self, player: usize) -> f32 {
        let root = &self.tree.nodes[0];
        let v_hat = self.minmax.normalize(self.root_prior_values[player]);
        let mut visits_total = 0.0f32;
        let mut prior_visited = 0.0f32;
        let mut weighted_q = 0.0f32;
        for e in &root.edges {
            let n = self.tree.visits(e);
            if let (true, Some(q)) = (n > 0, self.tree.q(e, player)) {
                visits_total += n as f32;
                prior_visited += e.prior;
                weighted_q += e.prior * self.minmax.normalize(q);
            }
        }
        if prior_visited <= 0.0 {
            return v_hat;
        }
        (v_hat + visits_total * weighted_q / prior_visited) / (1.0 + visits_total)
    }

    fn puct_edge(&self, node: u32, player: usize) -> usize {
        self.puct_edge_among(node, player, &[])
    }

    /// PUCT's choice among the edges whose action is in `legal` (all edges when it is empty).
    fn puct_edge_among(&self, node: u32, player: usize, legal: &[Action]) -> usize {
        let n = &self.tree.nodes[node as usize];
        let sqrt_n = (n.visits.max(1) as f32).sqrt();
        // Unvisited actions start from the node's own (normalised) value: first-play urgency.
        let fpu = if n.visits > 0 { self.minmax.normalize(n.mean(player)) } else { 0.5 };
        let mut best = 0;
        let mut best_score = f32::NEG_INFINITY;
        for (i, e) in n.edges.iter().enumerate() {
            if !legal.is_empty() && !legal.contains(&e.action) {
                continue;
            }
            let visits = self.tree.visits(e);
            let q = self.tree.q(e, player).map_or(fpu, |q| self.minmax.normalize(q));
            // A proven move's value is exact: nothing to explore there.
            let proven = self.solving() && self.tree.exact_q(e, player).is_some();
            let u = if proven { 0.0 } else { self.config.c_puct * e.prior * sqrt_n / (1.0 + visits as f32) };
            let score = q + u;
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        best
    }

    /// The child along edge `e` of `node`, created on first use.
    fn child(&mut self, node: u32, e: usize) -> u32 {
        let edge = &self.tree.nodes[node as usize].edges[e];
        if edge.child != NO_CHILD {
            return edge.child;
        }
        let action = edge.action;
        let mut state = self.tree.nodes[node as usize].state.clone();
        state.apply(action).expect("search only plays legal actions");
        let reward = state.rewards().iter().map(|&r| r as f32).collect();
        let id = self.tree.add(self.new_node(state, reward));
        self.tree.nodes[node as usize].edges[e].child = id;
        id
    }

    /// A node for the tree; with the solver, a terminal one is proven at once (nothing to come).
    fn new_node(&self, state: S, reward: Vec<f32>) -> Node<S> {
        let mut node = Node::new(state, reward);
        if self.solving() && node.turn == Turn::Terminal {
            node.exact = Some(vec![0.0; node.reward.len()]);
        }
        node
    }

    /// Samples an outcome at a chance node; an outcome seen before reuses its subtree. Past
    /// `max_chance_children` distinct outcomes, existing ones are revisited in proportion to visits.
    fn chance_child(&mut self, node: u32, rng: &mut dyn RngCore) -> u32 {
        let mut state = self.tree.nodes[node as usize].state.clone();
        state.sample_chance(rng);
        let outcomes = &self.tree.nodes[node as usize].outcomes;
        if let Some(&o) = outcomes.iter().find(|&&o| self.tree.nodes[o as usize].state == state) {
            return o;
        }
        if outcomes.len() >= self.config.max_chance_children.max(1) {
            let total: u32 = outcomes.iter().map(|&o| self.tree.nodes[o as usize].visits.max(1)).sum();
            let mut pick = rng.random_range(0..total);
            for &o in outcomes {
                let w = self.tree.nodes[o as usize].visits.max(1);
                if pick < w {
                    return o;
                }
                pick -= w;
            }
            return outcomes[outcomes.len() - 1];
        }
        let reward = state.rewards().iter().map(|&r| r as f32).collect();
        let id = self.tree.add(self.new_node(state, reward));
        self.tree.nodes[node as usize].outcomes.push(id);
        id
    }

    fn expand(&mut self, pending: &Pending<S>, eval: &Evaluation) {
        let leaf = *pending.path.last().expect("a path has a leaf");
        let solver = self.solving();
        let node = &mut self.tree.nodes[leaf as usize];
        if !node.expanded {
            let legal = match &pending.world {
                Some(world) => world.state.legal_actions(),
                None => node.state.legal_actions(),
            };
            let total: f32 = eval.priors.iter().take(legal.len()).map(|p| p.max(0.0)).sum();
            node.edges = legal
                .iter()
                .enumerate()
                .map(|(i, &action)| {
                    let p = eval.priors.get(i).copied().unwrap_or(0.0).max(0.0);
                    let prior = if total > 0.0 { p / total } else { 1.0 / legal.len() as f32 };
                    Edge { action, prior, child: NO_CHILD }
                })
                .collect();
            node.expanded = true;
            if pending.world.is_none() && (self.config.decisive_moves || solver) {
                let endings = ending_moves(&node.state, &legal);
                let mover = node.state.turn().player();
                let values = match mover {
                    Some(mover) if self.config.decisive_moves => decisive_value(mover, &endings, &eval.values),
                    _ => eval.values.clone(),
                };
                if solver {
                    // The game's end is known at once: the solver may prove this node now.
                    for (e, state) in endings {
                        let reward = state.rewards().iter().map(|&r| r as f32).collect();
                        let id = self.tree.add(self.new_node(state, reward));
                        self.tree.nodes[leaf as usize].edges[e].child = id;
                    }
                }
                if leaf == 0 {
                    self.root_prior_values = values.clone();
                }
                self.backup(&pending.path, &values);
                return;
            }
            if leaf == 0 {
                self.root_prior_values = eval.values.clone();
            }
        }
        match &pending.world {
            Some(world) => self.backup_world(&pending.path, &world.rewards, &eval.values),
            None => self.backup(&pending.path, &eval.values),
        }
    }

    fn backup(&mut self, path: &[u32], leaf_values: &[f32]) {
        let mut g: Vec<f64> = leaf_values.iter().map(|&v| v as f64).collect();
        for &id in path.iter().rev() {
            let node = &mut self.tree.nodes[id as usize];
            node.visits += 1;
            for (s, v) in node.value_sum.iter_mut().zip(&g) {
                *s += v;
            }
            for (v, r) in g.iter_mut().zip(&node.reward) {
                *v += *r as f64;
            }
            if id != 0 {
                for &v in &g {
                    self.minmax.update(v as f32);
                }
            }
        }
        if self.solving() {
            self.prove(path);
        }
    }

    /// The solver's step after a backup: proves the path's nodes from the leaf up, as long as
    /// each can be (only a node just proven can make its parent provable).
    fn prove(&mut self, path: &[u32]) {
        for &id in path.iter().rev() {
            if self.tree.nodes[id as usize].exact.is_some() {
                continue;
            }
            match self.proven_value(id) {
                Some(value) => self.tree.nodes[id as usize].exact = Some(value),
                None => return,
            }
        }
    }

    /// A decision node's value under best play, when one of its moves is proven to reach the
    /// most its mover can get ([`State::max_return`]) or every one is proven: the values of the
    /// move best for its mover (chance nodes are never proven).
    fn proven_value(&self, id: u32) -> Option<Vec<f32>> {
        let n = &self.tree.nodes[id as usize];
        let player = n.turn.player()?;
        if !n.expanded || n.edges.is_empty() {
            return None;
        }
        let proven = |e: &Edge| {
            let child = self.tree.nodes.get(e.child as usize)?;
            Some(child.reward.iter().zip(child.exact.as_ref()?).map(|(r, x)| r + x).collect::<Vec<f32>>())
        };
        let mut best: Option<Vec<f32>> = None;
        let mut all_proven = true;
        for q in n.edges.iter().map(proven) {
            match q {
                Some(q) if best.as_ref().is_none_or(|b| q[player] > b[player]) => best = Some(q),
                Some(_) => {}
                None => all_proven = false,
            }
        }
        if all_proven {
            return best;
        }
        // Values are returns still to come: the most left to get is the bound less what is had.
        let best = best?;
        let most = n.state.max_return(player)? - n.state.returns()[player];
        (best[player] as f64 >= most - 1e-6).then_some(best)
    }

    /// True once the solver has proven the root: more simulations would change nothing.
    pub fn is_solved(&self) -> bool {
        self.proven_root_values().is_some()
    }

    /// The rewards still to come from the root under best play, per player, once the solver has
    /// proven them.
    pub fn proven_root_values(&self) -> Option<&[f32]> {
        self.tree.nodes[0].exact.as_deref().filter(|_| self.solving())
    }

    /// Whether this search proves values: the solver is on and the information perfect (an
    /// information-set tree's nodes hold one world each, whose end is not the player's).
    fn solving(&self) -> bool {
        self.config.solver && !self.config.information_sets
    }

    /// Information-set backup: a node's value sum holds the reward paid into it in this world
    /// too (its stored reward stays zero, since it differs from world to world).
    fn backup_world(&mut self, path: &[u32], rewards: &[Vec<f32>], leaf_values: &[f32]) {
        let mut g: Vec<f64> = leaf_values.iter().map(|&v| v as f64).collect();
        for (&id, reward) in path.iter().zip(rewards).rev() {
            for (v, r) in g.iter_mut().zip(reward) {
                *v += *r as f64;
            }
            let node = &mut self.tree.nodes[id as usize];
            node.visits += 1;
            for (s, v) in node.value_sum.iter_mut().zip(&g) {
                *s += v;
            }
            if id != 0 {
                for &v in &g {
                    self.minmax.update(v as f32);
                }
            }
        }
    }

    /// The recommendation from the simulations done so far.
    /// The root as people may look at it after `result`: visit shares and priors per action,
    /// and the values the search expects.
    pub fn thinking(&self, result: &SearchResult) -> tabula_core::Thinking {
        let root = &self.tree.nodes[0];
        let total = root.edges.iter().map(|e| self.tree.visits(e)).sum::<u32>().max(1) as f32;
        let actions = root
            .edges
            .iter()
            .map(|e| tabula_core::ActionThought {
                action: e.action,
                visits: self.tree.visits(e) as f32 / total,
                prior: e.prior,
            })
            .collect();
        tabula_core::Thinking { simulations: result.root_visits, values: result.root_values.clone(), actions }
    }

    pub fn result(&self, rng: &mut dyn RngCore) -> SearchResult {
        let root = &self.tree.nodes[0];
        let player = root.turn.player().expect("root is a decision node");
        let edges = &root.edges;
        let players = root.value_sum.len();
        let root_values = (0..players).map(|p| root.mean(p)).collect();
        let (action, policy) = match (&self.gumbel, self.config.root) {
            (Some(g), RootMode::Gumbel { .. }) => {
                let max_visits = self.max_root_visits();
                let best = *g
                    .remaining
                    .iter()
                    .max_by(|&&a, &&b| {
                        self.gumbel_score(g, a, player, max_visits)
                            .total_cmp(&self.gumbel_score(g, b, player, max_visits))
                    })
                    .expect("at least one action remains");
                let v_mix = self.v_mix(player);
                let scores: Vec<f32> = edges
                    .iter()
                    .enumerate()
                    .map(|(i, e)| {
                        let q = self.tree.q(e, player).map_or(v_mix, |q| self.minmax.normalize(q));
                        g.logits[i] + sigma(q, max_visits, self.config.c_visit, self.config.c_scale)
                    })
                    .collect();
                let pi = softmax(&scores);
                (edges[best].action, edges.iter().zip(pi).map(|(e, p)| (e.action, p)).collect())
            }
            _ => {
                let visits: Vec<f32> = edges.iter().map(|e| self.tree.visits(e) as f32).collect();
                let total: f32 = visits.iter().sum::<f32>().max(1.0);
                let policy = edges.iter().zip(&visits).map(|(e, &v)| (e.action, v / total)).collect();
                let pick = if self.config.temperature > 0.0 {
                    let w: Vec<f64> =
                        visits.iter().map(|&v| (v as f64).powf(1.0 / self.config.temperature as f64)).collect();
                    let sum: f64 = w.iter().sum();
                    let mut u = rng.random::<f64>() * sum;
                    let mut chosen = w.len() - 1;
                    for (i, &x) in w.iter().enumerate() {
                        if u < x {
                            chosen = i;
                            break;
                        }
                        u -= x;
                    }
                    chosen
                } else {
                    // Most visited; ties broken by Q.
                    (0..edges.len())
                        .max_by(|&a, &b| {
                            visits[a].total_cmp(&visits[b]).then_with(|| {
                                let qa = self.tree.q(&edges[a], player).unwrap_or(f32::NEG_INFINITY);
                                let qb = self.tree.q(&edges[b], player).unwrap_or(f32::NEG_INFINITY);
                                qa.total_cmp(&qb)
                            })
                        })
                        .unwrap_or(0)
                };
                (edges[pick].action, policy)
            }
        };
        let action = self.proven_root_action(player).unwrap_or(action);
        let action = self.decisive_root_action(player).unwrap_or(action);
        SearchResult { action, policy, root_values, root_visits: root.visits }
    }

    /// With the solver, at a proven root: the most visited of its best proven moves. Against a
    /// player who may still err, a lost or drawn position is best played the way the search liked
    /// before the proof, not by the first move that reaches the value. (Elsewhere the most
    /// visited move stands: a move proven worse than another's mean may still be the better
    /// one, the mean being an estimate.)
    fn proven_root_action(&self, player: usize) -> Option<Action> {
        self.proven_root_values()?;
        let edges = &self.tree.nodes[0].edges;
        let exact = |e: &Edge| self.tree.exact_q(e, player).unwrap_or(f32::NEG_INFINITY);
        let best = edges.iter().map(exact).fold(f32::NEG_INFINITY, f32::max);
        edges.iter().filter(|e| exact(e) >= best).max_by_key(|e| self.tree.visits(e)).map(|e| e.action)
    }

    /// A searched root move that ends the game at least as well for `player` as any other
    /// move's Q: equal values would otherwise let a longer forced win stand in for this one.
    fn decisive_root_action(&self, player: usize) -> Option<Action> {
        if !self.config.decisive_moves || self.config.information_sets {
            return None;
        }
        let edges = &self.tree.nodes[0].edges;
        let best_q = edges.iter().filter_map(|e| self.tree.q(e, player)).fold(f32::NEG_INFINITY, f32::max);
        edges
            .iter()
            .filter(|e| e.child != NO_CHILD && self.tree.nodes[e.child as usize].turn == Turn::Terminal)
            .find(|e| self.tree.q(e, player).is_some_and(|q| q >= best_q))
            .map(|e| e.action)
    }
}

/// The moves of `legal` (by index) that end the game, with the states they end it in.
fn ending_moves<S: State>(state: &S, legal: &[Action]) -> Vec<(usize, S)> {
    legal
        .iter()
        .enumerate()
        .filter_map(|(i, &action)| {
            let mut child = state.clone();
            (child.apply(action).is_ok() && child.is_terminal()).then_some((i, child))
        })
        .collect()
}

/// The leaf's values, or the outcome of a game-ending move when that is better for the mover.
fn decisive_value<S: State>(mover: usize, endings: &[(usize, S)], evaluated: &[f32]) -> Vec<f32> {
    let mut best = evaluated.to_vec();
    for (_, child) in endings {
        let outcome: Vec<f32> = child.rewards().iter().map(|&r| r as f32).collect();
        if outcome.get(mover).copied().unwrap_or(f32::NEG_INFINITY) > best.get(mover).copied().unwrap_or(0.0) {
            best = outcome;
        }
    }
    best
}

/// Runs every search's full budget in lockstep: each round, every search walks to one leaf, all
/// leaves go to the evaluator together, then every search backs up. Returns one result per search.
pub fn run_lockstep<S: State, E: Evaluator<S>>(
    searches: &mut [Search<S>],
    evaluator: &E,
    rng: &mut dyn RngCore,
) -> Vec<SearchResult> {
    for s in searches.iter_mut() {
        s.begin();
    }
    drive(searches, evaluator, rng);
    searches.iter().map(|s| s.result(rng)).collect()
}

/// Puts the returns the game already knows ([`State::settled_return`]) in place of the
/// evaluator's guesses: values are returns still to come, so a settled one is what is left of it.
fn settle<S: State>(state: &S, values: &mut [f32]) {
    let mut so_far: Option<Vec<f64>> = None;
    for (player, value) in values.iter_mut().enumerate() {
        if let Some(settled) = state.settled_return(player) {
            let so_far = so_far.get_or_insert_with(|| state.returns());
            *value = (settled - so_far[player]) as f32;
        }
    }
}

fn drive<S: State, E: Evaluator<S>>(searches: &mut [Search<S>], evaluator: &E, rng: &mut dyn RngCore) {
    loop {
        let mut pending: Vec<(usize, Pending<S>)> = Vec::with_capacity(searches.len());
        for (i, s) in searches.iter_mut().enumerate() {
            while s.simulations_left > 0 {
                if let Some(p) = s.select(rng) {
                    pending.push((i, p));
                    break;
                }
            }
        }
        if pending.is_empty() {
            return;
        }
        // Each leaf is evaluated for its priors; a rollout's end, for the leaf's value.
        let mut states: Vec<&S> = pending
            .iter()
            .map(|(i, p)| match &p.world {
                Some(world) => &world.state,
                None => &searches[*i].tree.nodes[*p.path.last().expect("non-empty") as usize].state,
            })
            .collect();
        states.extend(pending.iter().filter_map(|(_, p)| p.rollout.as_ref().and_then(|r| r.end.as_ref())));
        let mut evals = evaluator.evaluate(&states, rng);
        assert_eq!(evals.len(), states.len(), "the evaluator must answer every state");
        for (state, e) in states.iter().zip(&mut evals) {
            settle(*state, &mut e.values);
        }
        let mut ends = evals.split_off(pending.len()).into_iter();
        for ((i, p), mut e) in pending.iter().zip(evals) {
            if let Some(r) = &p.rollout {
                e.values = match r.end.as_ref().and_then(|_| ends.next()) {
                    Some(end) => {
                        r.rewards.iter().zip(&end.values).map(|(on_the_way, after)| on_the_way + after).collect()
                    }
                    None => r.rewards.clone(),
                };
            }
            searches[*i].expand(p, &e);
        }
    }
}
