//! Generalized Clue baselines: `random` (tabula's [`RandomAgent`]: uniformly random sub-actions,
//! so random lists and a guess with probability 1/p at each turn); `deduce` ([`Deduce`]: exact
//! deduction, guesses only what it has proven, asks the most informative question; `deduce:N`
//! only considers lists of up to N items); `sly` (deduce that also weighs what its question tells
//! the other players: [`Deduce::sly`]; `sly:PERCENT` sets that weight, default 150); `bold` (sly
//! that also guesses before it is certain when an opponent probably is: [`Deduce::bold`];
//! `bold:PERCENT` sets how bold, default 70); `shrewd` (bold that also reads opponents' questions
//! as naming only items the asker lacks: [`Deduce::reading`]; `reads-NAME` reads so for any of the
//! deduction players, e.g. the advisor `reads-sly`; `bluffs-NAME` lists one item of its own in
//! every question, which misleads readers and costs itself nothing: [`Deduce::bluffing`]); `quick` ([`QuickRollout`]: deduction without
//! sampling, the widest useful question); `ismcts` (tabula's information-set search with `quick`
//! rollouts).
//!
//! ```
//! use tabula_baselines::clue::agent_by_name;
//! use tabula_core::{Agent, Game, State, rng_from_seed};
//! let game = clue::Clue::default();
//! let mut agent = agent_by_name("deduce").unwrap();
//! let state = game.new_initial_state(0);
//! let action = agent.act(&state, &mut rng_from_seed(1));
//! assert!(state.action_to_string(action).starts_with("ask"));
//! ```

mod deduce;
mod rollout;

pub use deduce::{BOLD_SAMPLES, DEFAULT_SAMPLES, Deduce};
pub use rollout::QuickRollout;

use clue::{ClueState, Phase, SubAction};
use tabula_core::{Action, Agent, GameSpec, RandomAgent, State};
use tabula_search::{Advisor, IsmctsAgent, IsmctsConfig, SharedAdvisor};

/// What a deduction player's name may start with, any number of times: `reads-` (it reads the
/// others' questions, [`Deduce::reading`]) and `bluffs-` (it lists an item of its own in every
/// question, [`Deduce::bluffing`]).
pub const DEDUCTION_PREFIXES: [&str; 2] = ["reads-", "bluffs-"];

/// The names [`agent_by_name`] knows.
pub const AGENT_NAMES: [&str; 7] = ["random", "deduce", "sly", "bold", "shrewd", "ismcts", "quick"];

/// The strongest hand-written player measured (checkpoints/clue/README.md, stop 88): `shrewd` that
/// bluffs, first in every game against three `deduce`, nearly every one against three `shrewd`,
/// and level with `shrewd` against its own kind, at 3, 4 and 5 players. `clue-bot` plays it where
/// the shipped model does not fit the game.
pub const STRONGEST: &str = "bluffs-shrewd";

/// `sly`'s default weight of what a question tells the other players (measured best of 0.25 to
/// 3: see `Deduce::sly`).
pub const SLY_LEAK: f64 = 1.5;

/// `bold`'s default: it guesses early when the chance of being right beats this times the chance
/// that no opponent is certain yet (measured best of 0.3 to 1: see `Deduce::bold`).
pub const BOLD: f64 = 0.7;

/// Iterations of `ismcts` per decision.
pub const ISMCTS_ITERATIONS: usize = 200;

/// Information-set search (tabula's generic IS-MCTS) with [`QuickRollout`] rollouts.
pub fn ismcts(iterations: usize) -> IsmctsAgent<QuickRollout> {
    let config = IsmctsConfig { iterations, ..IsmctsConfig::default() };
    IsmctsAgent::new(format!("ismcts({iterations})"), config, QuickRollout)
}

/// Builds a baseline by name (`random`, `deduce`, `deduce:N`, `sly`, `sly:PERCENT`, `bold`,
/// `bold:PERCENT`, `shrewd`, `reads-NAME`, `bluffs-NAME`, `quick`, `ismcts`, `ismcts:ITERATIONS`).
pub fn agent_by_name(name: &str) -> Result<Box<dyn Agent<ClueState>>, String> {
    if let Some(deduce) = deduce_by_name(name) {
        return Ok(Box::new(deduce?));
    }
    if let Some(n) = name.strip_prefix("ismcts:") {
        let n = n.parse::<usize>().ok().filter(|&n| n > 0).ok_or_else(|| format!("{name:?}: ismcts:ITERATIONS"))?;
        return Ok(Box::new(ismcts(n)));
    }
    Ok(match name {
        "random" => Box::new(RandomAgent),
        "ismcts" => Box::new(ismcts(ISMCTS_ITERATIONS)),
        "quick" => Box::new(QuickRollout),
        other => return Err(format!("unknown agent {other:?}: choose one of {}", AGENT_NAMES.join(", "))),
    })
}

/// The deduction players by name (`deduce`, `deduce:N`, `sly`, `sly:PERCENT`, `bold`,
/// `bold:PERCENT`, `shrewd`, and `reads-` or `bluffs-` before any of these); `None` for any
/// other name.
fn deduce_by_name(name: &str) -> Option<Result<Deduce, String>> {
    for (prefix, with) in
        DEDUCTION_PREFIXES.into_iter().zip([Deduce::reading as fn(Deduce) -> Deduce, Deduce::bluffing])
    {
        if let Some(plain) = name.strip_prefix(prefix) {
            return deduce_by_name(plain).map(|player| player.map(with));
        }
    }
    // sly:PERCENT and bold:PERCENT: a weight from 0 to 10, in percent.
    let percent = |n: &str, what: &str| {
        let n = n.parse::<u32>().ok().filter(|n| *n <= 1000);
        n.map(|n| n as f64 / 100.0).ok_or_else(|| format!("{name:?}: {what}, 0 to 1000 percent"))
    };
    let (family, number) = match name.split_once(':') {
        Some((family, number)) => (family, Some(number)),
        None => (name, None),
    };
    Some(match (family, number) {
        ("deduce", None) => Ok(Deduce::default()),
        ("deduce", Some(n)) => {
            let n = n.parse::<usize>().ok().filter(|n| (1..=4).contains(n));
            n.map(|n| Deduce::default().with_max_list(n))
                .ok_or_else(|| format!("{name:?}: deduce:N asks lists of 1 to N items, N from 1 to 4"))
        }
        ("sly", None) => Ok(Deduce::default().sly(SLY_LEAK)),
        ("sly", Some(n)) => {
            percent(n, "sly:PERCENT weighs what a question tells the others").map(|leak| Deduce::default().sly(leak))
        }
        ("bold", None) => Ok(Deduce::default().sly(SLY_LEAK).bold(BOLD)),
        ("shrewd", None) => Ok(Deduce::default().sly(SLY_LEAK).bold(BOLD).reading()),
        ("bold", Some(n)) => {
            percent(n, "bold:PERCENT sets how bold").map(|bold| Deduce::default().sly(SLY_LEAK).bold(bold))
        }
        _ => return None,
    })
}

/// `deduce`, `sly` or `bold` as an advisor for tabula's search (`search.advisor = "deduce"` in
/// a training config): the sub-action that player would take next ([`Deduce::next_step`]) and, at
/// the start of a turn, the other side of the one decision the search is there to make: guessing
/// now where it would ask, or (`bold` guessing before it is certain) its question where it would
/// guess. A root that considers only the advice (`advice_prior = 1`) then decides when to guess
/// and plays the player's questions, lists and likeliest items otherwise; advised rollouts
/// (`rollout_depth`) play the cautious player (`bold` without its early guesses, whose 100 drawn
/// worlds a step would cost every rollout step), or another deduction player chosen for them
/// ([`DeduceAdvisor::with_rollouts`]: `sly(rollouts=bold)`, so that the search meets opponents
/// who guess early). It reads only the mover's knowledge.
#[derive(Debug, Clone)]
pub struct DeduceAdvisor {
    player: Deduce,
    /// `player` guessing only when certain.
    cautious: Deduce,
    /// Who opens each turn of a rollout (the rest of the turn is `cautious`'s, as in the advice).
    rollout: Deduce,
}

impl Default for DeduceAdvisor {
    fn default() -> Self {
        DeduceAdvisor::new(Deduce::default())
    }
}

impl DeduceAdvisor {
    /// Advice from `player`'s next steps.
    pub fn new(player: Deduce) -> Self {
        let cautious = player.clone().bold(0.0);
        DeduceAdvisor { rollout: cautious.clone(), cautious, player }
    }

    /// Rollouts whose turns `player` opens: its question, or (a bold player) its early guess.
    pub fn with_rollouts(self, player: Deduce) -> Self {
        DeduceAdvisor { rollout: player, ..self }
    }
}

impl Advisor<ClueState> for DeduceAdvisor {
    fn advise(&self, state: &ClueState) -> Vec<Action> {
        let Some(me) = state.turn().player() else { return Vec::new() };
        let params = state.params();
        if state.phase() != Phase::Choose {
            // The turn's decision is made: its list, guess or answer is the cautious player's
            // (bold re-deciding mid-list would guess where the search chose to ask).
            return vec![self.cautious.next_step(state).to_action(params)];
        }
        let step = self.player.next_step(state);
        let mut advice = vec![step.to_action(params)];
        if !state.must_guess() {
            let guess = SubAction::Guess;
            if step != guess {
                advice.push(guess.to_action(params));
            } else if state.knowledge(me).hidden_if_certain().is_none() {
                // A guess before certainty: waiting is the alternative.
                let wait = self.cautious.next_step(state);
                if wait != guess {
                    advice.push(wait.to_action(params));
                }
            }
        }
        advice
    }

    fn rollout_action(&self, state: &ClueState) -> Option<Action> {
        state.turn().player()?;
        let by = if state.phase() == Phase::Choose { &self.rollout } else { &self.cautious };
        Some(by.next_step(state).to_action(state.params()))
    }
}

/// States a bold player in a rollout draws to decide an early guess (`bold` itself draws
/// [`BOLD_SAMPLES`]): a rollout asks at every turn of every simulation.
pub const ROLLOUT_BOLD_SAMPLES: usize = 20;

/// The names [`advisor_by_name`] knows.
pub const ADVISORS: &[&str] = &[
    "deduce",
    "deduce:N",
    "sly",
    "sly:PERCENT",
    "bold",
    "bold:PERCENT",
    "shrewd",
    "reads-ADVISOR",
    "bluffs-ADVISOR",
    "ADVISOR(rollouts=PLAYER)",
];

/// Builds an advisor by name: the deduction player [`agent_by_name`] builds for that name
/// (`deduce`, `deduce:N`, `sly`, `sly:PERCENT`, `bold`, `bold:PERCENT`), giving advice
/// ([`DeduceAdvisor`]); `NAME(rollouts=PLAYER)` has the deduction player PLAYER open the turns of
/// the search's rollouts (a bold one drawing [`ROLLOUT_BOLD_SAMPLES`] states).
///
/// ```
/// use tabula_baselines::clue::advisor_by_name;
/// assert!(advisor_by_name("sly(rollouts=bold)").is_ok());
/// assert!(advisor_by_name("sly(rollouts=ismcts)").is_err());
/// ```
pub fn advisor_by_name(name: &str) -> Result<SharedAdvisor<ClueState>, String> {
    let unknown = || format!("unknown Clue advisor {name:?}: choose one of {}", ADVISORS.join(", "));
    let lower = name.trim().to_ascii_lowercase();
    // The player's own name may hold a `:` (`sly:150`), which a spec's name may not: only the
    // parameter list goes through the shared spec parser.
    let (advice, rollouts) = match lower.split_once('(') {
        Some((advice, parameters)) => {
            let spec: GameSpec = format!("advisor({parameters}").parse().map_err(|e| format!("{e}"))?;
            spec.only("advisor", &["rollouts"]).map_err(|e| format!("{e}"))?;
            (advice.trim(), spec.raw("rollouts").map(str::to_string))
        }
        None => (lower.as_str(), None),
    };
    let advisor = DeduceAdvisor::new(deduce_by_name(advice).ok_or_else(unknown)??);
    Ok(std::sync::Arc::new(match rollouts {
        None => advisor,
        Some(player) => {
            let player = deduce_by_name(&player).ok_or_else(unknown)??;
            advisor.with_rollouts(player.with_bold_samples(ROLLOUT_BOLD_SAMPLES))
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::deduce::watch_deduce_games;
    use super::*;
    use clue::{Clue, Params};
    use tabula_core::{Game, rng_from_seed};

    #[test]
    fn rollouts_by_a_bold_player_guess_early_where_the_cautious_ones_ask() {
        let game = Clue::new(Params::new(4, 24, 4).unwrap()).unwrap();
        let cautious = advisor_by_name("sly").unwrap();
        let bold = advisor_by_name(" SLY ( rollouts = bold:1 )").unwrap();
        let mut rng = rng_from_seed(3);
        let (mut early, mut uncertain) = (0, 0);
        watch_deduce_games(&game, 0..6, &mut rng, |state, p, _| {
            let guess = Some(SubAction::Guess.to_action(state.params()));
            if state.phase() == Phase::Choose && !state.must_guess() && state.knowledge(p).hidden_if_certain().is_none()
            {
                uncertain += 1;
                assert_ne!(cautious.rollout_action(state), guess, "{state}");
                early += usize::from(bold.rollout_action(state) == guess);
                // The advice itself is sly's either way: only the rollouts differ.
                assert_eq!(bold.advise(state), cautious.advise(state));
            }
        });
        assert!(early > 0 && early < uncertain, "early guesses in {early} of {uncertain} uncertain turns");
        for bad in ["sly(rollouts=ismcts)", "sly(alternatives=2)", "sly(rollouts=bold", "(rollouts=bold)"] {
            assert!(advisor_by_name(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn following_the_deduce_advisor_step_by_step_plays_like_deduce() {
        // Seat 0 takes the advisor's first advice at every step, the others are deduce: it must
        // finish every game and, like deduce, never guess wrong before the turn limit.
        let game = Clue::new(Params::new(4, 24, 4).unwrap()).unwrap();
        let advisor = advisor_by_name("deduce").unwrap();
        let mut rng = rng_from_seed(5);
        for seed in 0..12 {
            let mut state = game.new_initial_state(seed);
            let mut others: Vec<Deduce> = (0..4).map(|_| Deduce::default()).collect();
            while !state.is_terminal() {
                let p = state.turn().player().unwrap();
                let action = if p == 0 {
                    let advice = advisor.advise(&state);
                    if state.phase() == Phase::Choose && state.knowledge(0).hidden_if_certain().is_none() {
                        // Guessing now is the alternative to deduce's question.
                        assert_eq!(advice.len(), 2, "{state}");
                        assert_eq!(advice[1], SubAction::Guess.to_action(state.params()));
                    }
                    advice[0]
                } else {
                    others[p].act(&state, &mut rng)
                };
                state.apply(action).unwrap();
            }
            assert!(state.right_guessers().contains(&0), "deal {seed}: the advised seat guessed wrong\n{state}");
        }
    }

    #[test]
    fn advisors_follow_their_player_and_offer_the_other_side_of_the_guess() {
        // A bold advisor whose player guesses before it is certain offers waiting (its cautious
        // question) as the alternative; wherever its player asks, guessing now is offered.
        let game = Clue::new(Params::new(4, 24, 4).unwrap()).unwrap();
        let bold = advisor_by_name("bold:1").unwrap();
        let mut rng = rng_from_seed(9);
        let (mut early, mut asked) = (0, 0);
        watch_deduce_games(&game, 0..6, &mut rng, |state, p, _| {
            if state.phase() == Phase::Choose && !state.must_guess() {
                let advice = bold.advise(state);
                let guess = SubAction::Guess.to_action(state.params());
                let certain = state.knowledge(p).hidden_if_certain().is_some();
                if advice[0] == guess && !certain {
                    early += 1;
                    assert_eq!(advice.len(), 2, "waiting is the alternative\n{state}");
                    assert!(matches!(SubAction::from_action(advice[1], state.params()), Some(SubAction::Ask(_))));
                } else if advice[0] != guess {
                    asked += 1;
                    assert_eq!(advice.get(1), Some(&guess), "{state}");
                }
            }
        });
        assert!(early > 0 && asked > 0, "bold:1 guesses early somewhere in six games ({early} early, {asked} asked)");
        assert!(advisor_by_name("sly:50").is_ok() && advisor_by_name("deduce:2").is_ok());
        let unknown = advisor_by_name("brave").unwrap_err();
        assert!(unknown.contains("deduce, deduce:N, sly"), "{unknown}");
        assert!(advisor_by_name("bold:x").unwrap_err().contains("0 to 1000 percent"));
    }
}
