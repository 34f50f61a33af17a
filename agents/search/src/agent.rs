//! MCTS as an [`Agent`], with tree reuse between moves.

use crate::advisor::SharedAdvisor;
use crate::config::SearchConfig;
use crate::evaluator::Evaluator;
use crate::search::{Search, SearchResult};
use rand::RngCore;
use std::time::{Duration, Instant};
use tabula_core::{Action, Agent, State, Thinking};

/// Plays the move an MCTS recommends. With a time budget it searches in rounds of simulations
/// until the time is spent (PUCT root); otherwise it spends `config.simulations`.
pub struct MctsAgent<S: State, E> {
    pub evaluator: E,
    pub config: SearchConfig,
    pub time_budget: Option<Duration>,
    search: Option<Search<S>>,
    name: String,
    advisor: Option<SharedAdvisor<S>>,
    /// The last move's result; with the tree still rooted at that move's state, it is all
    /// [`Agent::thinking`] reads (worked out only when asked).
    last: Option<SearchResult>,
}

impl<S: State, E: Evaluator<S> + Send> MctsAgent<S, E> {
    pub fn new(name: impl Into<String>, evaluator: E, config: SearchConfig) -> Self {
        MctsAgent { evaluator, config, time_budget: None, search: None, name: name.into(), advisor: None, last: None }
    }

    /// Hand-written advice for the Gumbel root (see [`crate::Advisor`]).
    pub fn with_advisor(mut self, advisor: Option<SharedAdvisor<S>>) -> Self {
        self.advisor = advisor;
        self
    }

    pub fn with_time_budget(mut self, budget: Duration) -> Self {
        self.time_budget = Some(budget);
        self
    }
}

impl<S: State, E: Evaluator<S> + Send> Agent<S> for MctsAgent<S, E> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn act(&mut self, state: &S, rng: &mut dyn RngCore) -> Action {
        let search = match self.search.as_mut() {
            Some(s) => {
                s.reroot(state);
                s
            }
            None => {
                self.search.insert(Search::new(state.clone(), self.config.clone()).with_advisor(self.advisor.clone()))
            }
        };
        let result = match self.time_budget {
            None => search.run(&self.evaluator, rng),
            Some(budget) => {
                let start = Instant::now();
                let chunk = 32;
                loop {
                    search.simulate(&self.evaluator, chunk, rng);
                    if start.elapsed() >= budget || search.is_solved() {
                        break;
                    }
                }
                search.result(rng)
            }
        };
        let action = result.action;
        self.last = Some(result);
        action
    }

    fn thinking(&self) -> Option<Thinking> {
        Some(self.search.as_ref()?.thinking(self.last.as_ref()?))
    }

    fn reset(&mut self) {
        self.search = None;
        self.last = None;
    }
}
