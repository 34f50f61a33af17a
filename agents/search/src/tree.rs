//! The search tree: an arena of nodes addressed by index.

use tabula_core::{Action, State, Turn};

pub(crate) const NO_CHILD: u32 = u32::MAX;

/// An action out of a decision node.
#[derive(Debug, Clone)]
pub(crate) struct Edge {
    pub action: Action,
    pub prior: f32,
    pub child: u32,
}

#[derive(Debug, Clone)]
pub(crate) struct Node<S> {
    pub state: S,
    pub turn: Turn,
    /// Rewards earned by the transition into this node.
    pub reward: Vec<f32>,
    /// Decision nodes: one edge per legal action, once expanded.
    pub edges: Vec<Edge>,
    /// Chance nodes: the distinct outcomes sampled so far.
    pub outcomes: Vec<u32>,
    pub expanded: bool,
    pub visits: u32,
    /// Sum over visits of the rewards still to come from this node, per player.
    pub value_sum: Vec<f64>,
    /// The rewards still to come from this node under best play, once the solver has proven them
    /// (see `SearchConfig::solver`): zero at a terminal node, the best move's at a decision node.
    pub exact: Option<Vec<f32>>,
}

impl<S: State> Node<S> {
    pub fn new(state: S, reward: Vec<f32>) -> Self {
        let players = reward.len();
        let turn = state.turn();
        Node {
            state,
            turn,
            reward,
            edges: Vec::new(),
            outcomes: Vec::new(),
            expanded: false,
            visits: 0,
            value_sum: vec![0.0; players],
            exact: None,
        }
    }

    /// Mean rewards still to come from here for `player`.
    pub fn mean(&self, player: usize) -> f32 {
        if self.visits == 0 { 0.0 } else { (self.value_sum[player] / self.visits as f64) as f32 }
    }
}

/// All nodes of one search; node 0 is the root.
#[derive(Debug, Clone)]
pub(crate) struct Tree<S> {
    pub nodes: Vec<Node<S>>,
}

impl<S: State> Tree<S> {
    pub fn new(root: S) -> Self {
        let players = root.returns().len();
        Tree { nodes: vec![Node::new(root, vec![0.0; players])] }
    }

    pub fn add(&mut self, node: Node<S>) -> u32 {
        self.nodes.push(node);
        (self.nodes.len() - 1) as u32
    }

    /// Q of `edge` (rewards of the step plus what follows) for `player`, if visited: the proven
    /// value where there is one, else the mean.
    pub fn q(&self, edge: &Edge, player: usize) -> Option<f32> {
        if edge.child == NO_CHILD {
            return None;
        }
        let child = &self.nodes[edge.child as usize];
        match &child.exact {
            Some(exact) => Some(child.reward[player] + exact[player]),
            None => (child.visits > 0).then(|| child.reward[player] + child.mean(player)),
        }
    }

    /// The proven Q of `edge` for `player` (see [`Tree::q`]), if its child is proven.
    pub fn exact_q(&self, edge: &Edge, player: usize) -> Option<f32> {
        let child = self.nodes.get(edge.child as usize)?;
        Some(child.reward[player] + child.exact.as_ref()?[player])
    }

    pub fn visits(&self, edge: &Edge) -> u32 {
        if edge.child == NO_CHILD { 0 } else { self.nodes[edge.child as usize].visits }
    }

    /// A new tree holding the subtree under `new_root` (indices renumbered, root first).
    pub fn subtree(&self, new_root: u32) -> Tree<S> {
        let mut map = vec![NO_CHILD; self.nodes.len()];
        let mut order = vec![new_root];
        map[new_root as usize] = 0;
        let mut i = 0;
        while i < order.len() {
            let n = &self.nodes[order[i] as usize];
            for c in n.edges.iter().map(|e| e.child).chain(n.outcomes.iter().copied()) {
                if c != NO_CHILD && map[c as usize] == NO_CHILD {
                    map[c as usize] = order.len() as u32;
                    order.push(c);
                }
            }
            i += 1;
        }
        let nodes = order
            .iter()
            .map(|&old| {
                let mut n = self.nodes[old as usize].clone();
                for e in &mut n.edges {
                    if e.child != NO_CHILD {
                        e.child = map[e.child as usize];
                    }
                }
                for c in &mut n.outcomes {
                    *c = map[*c as usize];
                }
                n
            })
            .collect();
        Tree { nodes }
    }
}
