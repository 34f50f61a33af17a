//! A network as the search's evaluator.

use crate::eval_cache::EvalCache;
use crate::value_codec::ValueCodec;
use rand::RngCore;
use std::sync::Mutex;
use tabula_core::{Game, State};
use tabula_nets::{PolicyValueNet, masked_softmax};
use tabula_search::{Evaluation, Evaluator, MctsAgent, SearchConfig};

/// Evaluates leaves with a policy/value network: priors are the softmax of the legal actions'
/// logits; values come back in the network's relative seat order and are turned into absolute
/// seats and raw return units (decoded by the run's [`ValueCodec`]). Players remember the
/// network's answers ([`NetEvaluator::with_cache`]); self-play does not (its short searches on a
/// network new every round meet few positions twice).
pub struct NetEvaluator {
    net: PolicyValueNet,
    obs_len: usize,
    players: usize,
    value: ValueCodec,
    cache: Option<Mutex<EvalCache>>,
}

impl NetEvaluator {
    pub fn new<G: Game>(game: &G, net: PolicyValueNet, value: ValueCodec) -> Self {
        NetEvaluator { net, obs_len: game.observation_len(), players: game.num_players(), value, cache: None }
    }

    /// Remembers up to `bytes` of the network's answers, looked up by observation (0: none).
    pub fn with_cache(mut self, bytes: usize) -> Self {
        let config = self.net.config();
        self.cache =
            (bytes > 0).then(|| Mutex::new(EvalCache::with_memory(config.num_actions, config.value_outputs, bytes)));
        self
    }

    /// The cache's hits and lookups so far (`None` without a cache).
    pub fn cache_hits(&self) -> Option<(u64, u64)> {
        Some(self.cache.as_ref()?.lock().unwrap_or_else(|e| e.into_inner()).hits())
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
        let Some(cache) = &self.cache else {
            let out = self.net.infer(&observations, batch);
            return (0..batch).map(|i| self.evaluation(states[i], movers[i], out.policy(i), out.value(i))).collect();
        };
        let keys: Vec<u64> = observations.chunks(self.obs_len).map(EvalCache::key).collect();
        let lock = || cache.lock().unwrap_or_else(|e| e.into_inner());
        let mut evaluations: Vec<Option<Evaluation>> = {
            let mut cache = lock();
            (0..batch)
                .map(|i| {
                    cache.get(keys[i]).map(|(logits, values)| self.evaluation(states[i], movers[i], logits, values))
                })
                .collect()
        };
        let missed: Vec<usize> = (0..batch).filter(|&i| evaluations[i].is_none()).collect();
        if !missed.is_empty() {
            // The network runs unlocked, so searches sharing this evaluator on other threads wait
            // for each other only to look up and store.
            let inputs: Vec<f32> =
                missed.iter().flat_map(|&i| &observations[i * self.obs_len..(i + 1) * self.obs_len]).copied().collect();
            let out = self.net.infer(&inputs, missed.len());
            let mut cache = lock();
            for (j, &i) in missed.iter().enumerate() {
                cache.put(keys[i], out.policy(j), out.value(j));
                evaluations[i] = Some(self.evaluation(states[i], movers[i], out.policy(j), out.value(j)));
            }
        }
        evaluations.into_iter().map(|e| e.expect("every state answered")).collect()
    }
}

impl NetEvaluator {
    /// One state's evaluation from the network's output for it.
    fn evaluation<S: State>(&self, state: &S, mover: usize, logits: &[f32], relative: &[f32]) -> Evaluation {
        let priors = masked_softmax(logits, &state.legal_actions());
        let mut values = vec![0.0f32; self.players];
        for (k, &v) in relative.iter().enumerate().take(self.players) {
            values[(mover + k) % self.players] = self.value.decode(v);
        }
        Evaluation { priors, values }
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

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;
    use score4::Score4;
    use tabula_core::rng_from_seed;
    use tabula_nets::NetConfig;

    /// Positions of a few random Score 4 games, each one twice (as a search meets transpositions).
    fn positions() -> Vec<<Score4 as Game>::State> {
        let mut rng = rng_from_seed(3);
        let mut out = Vec::new();
        for g in 0..4 {
            let mut s = Score4.new_initial_state(g);
            while !s.is_terminal() && out.len() < 20 * (g as usize + 1) {
                out.push(s);
                let legal = s.legal_actions();
                s.apply(legal[rng.random_range(0..legal.len())]).unwrap();
            }
        }
        let again = out.clone();
        out.extend(again);
        out
    }

    #[test]
    fn a_cached_evaluator_answers_as_the_network_does_and_asks_it_once_a_position() {
        let game = Score4;
        let config = NetConfig::mlp(game.observation_shape(), game.num_actions(), 2, vec![32]);
        let net = PolicyValueNet::new(config).unwrap();
        let plain = NetEvaluator::new(&game, net.clone(), ValueCodec::IDENTITY);
        let cached = NetEvaluator::new(&game, net.clone(), ValueCodec::IDENTITY).with_cache(1 << 20);
        assert_eq!(plain.cache_hits(), None);
        assert_eq!(NetEvaluator::new(&game, net, ValueCodec::IDENTITY).with_cache(0).cache_hits(), None);
        let states = positions();
        let refs: Vec<&_> = states.iter().collect();
        let mut rng = rng_from_seed(1);
        // One batch with every position twice, then each alone: the same answers every way.
        let expected: Vec<Evaluation> = refs.iter().flat_map(|s| plain.evaluate(&[*s], &mut rng)).collect();
        let together = cached.evaluate(&refs, &mut rng);
        let alone: Vec<Evaluation> = refs.iter().flat_map(|s| cached.evaluate(&[*s], &mut rng)).collect();
        for (i, e) in expected.iter().enumerate() {
            assert_eq!(e.priors.len(), states[i].legal_actions().len());
            assert_close(&together[i], e);
            assert_close(&alone[i], e);
        }
        // The first batch looked every position up before asking the network: all missed. Every
        // later lookup found its answer.
        let n = refs.len() as u64;
        assert_eq!(cached.cache_hits(), Some((n, 2 * n)));
    }

    fn assert_close(a: &Evaluation, b: &Evaluation) {
        for (x, y) in a.priors.iter().zip(&b.priors).chain(a.values.iter().zip(&b.values)) {
            assert!((x - y).abs() < 1e-5, "{a:?} against {b:?}");
        }
        assert_eq!((a.priors.len(), a.values.len()), (b.priors.len(), b.values.len()));
    }
}
