//! A network as the search's evaluator.

use crate::value_codec::ValueCodec;
use rand::RngCore;
use tabula_core::{Game, State};
use tabula_nets::{PolicyValueNet, masked_softmax};
use tabula_search::{Evaluation, Evaluator, MctsAgent, SearchConfig};

/// Evaluates leaves with a policy/value network: priors are the softmax of the legal actions'
/// logits; values come back in the network's relative seat order and are turned into absolute
/// seats and raw return units (decoded by the run's [`ValueCodec`]).
pub struct NetEvaluator {
    net: PolicyValueNet,
    obs_len: usize,
    num_actions: usize,
    players: usize,
    value: ValueCodec,
}

impl NetEvaluator {
    pub fn new<G: Game>(game: &G, net: PolicyValueNet, value: ValueCodec) -> Self {
        NetEvaluator {
            net,
            obs_len: game.observation_len(),
            num_actions: game.num_actions(),
            players: game.num_players(),
            value,
        }
    }

    pub fn net(&self) -> &PolicyValueNet {
        &self.net
    }
}

impl<S: State> Evaluator<S> for NetEvaluator {
    fn evaluate(&self, states: &[&S], _rng: &mut dyn RngCore) -> Vec<Evaluation> {
        let batch = states.len();
        let mut observations = vec![0.0f32; batch * self.obs_len];
        let movers: Vec<usize> = states.iter().map(|s| s.turn().player().unwrap_or(0)).collect();
        for ((s, chunk), &p) in states.iter().zip(observations.chunks_mut(self.obs_len)).zip(&movers) {
            s.observation(p, chunk);
        }
        let out = self.net.infer(&observations, batch);
        let value_outputs = out.values.len() / batch.max(1);
        states
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let logits = &out.policy_logits[i * self.num_actions..(i + 1) * self.num_actions];
                let priors = masked_softmax(logits, &s.legal_actions());
                let relative = &out.values[i * value_outputs..(i + 1) * value_outputs];
                let mut values = vec![0.0f32; self.players];
                for (k, &v) in relative.iter().enumerate().take(self.players) {
                    values[(movers[i] + k) % self.players] = self.value.decode(v);
                }
                Evaluation { priors, values }
            })
            .collect()
    }
}

/// A network with `search`, as played in evaluations and by bots.
pub fn net_agent<G: Game>(
    game: &G,
    net: PolicyValueNet,
    value: ValueCodec,
    search: SearchConfig,
    name: String,
) -> MctsAgent<G::State, NetEvaluator> {
    MctsAgent::new(name, NetEvaluator::new(game, net, value), search.for_game(game))
}
