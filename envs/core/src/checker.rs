//! The env checker: one conformance suite every game runs in its tests (in the spirit of
//! PettingZoo's `api_test`/`seed_test` and OpenSpiel's basic tests).
//!
//! ```
//! use tabula_core::checker::{CheckConfig, assert_conforms, check_game};
//! use tabula_core::testing::{Bug, Nim};
//! assert_conforms(&Nim::new(9).with_chance());
//! let broken = Nim::new(9).with_bug(Bug::MaskDisagrees);
//! let failure = check_game(&broken, &CheckConfig::default()).unwrap_err();
//! assert!(failure.to_string().contains("action mask"));
//! ```

use crate::env::Env;
use crate::game::{ChanceMode, Game, Information};
use crate::rng::rng_from_seed;
use crate::state::{Action, State, Turn};
use rand::{Rng, RngCore};
use std::collections::BTreeSet;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// How hard to look.
#[derive(Debug, Clone)]
pub struct CheckConfig {
    /// Random playouts to run.
    pub playouts: usize,
    /// Seed of the first playout; playout `i` uses `seed + i`.
    pub seed: u64,
    /// Seeds tried when checking that different seeds give different episodes.
    pub seed_pairs: usize,
    /// Check notation round trips and illegal actions on every state (slower for big games).
    pub every_state: bool,
}

impl Default for CheckConfig {
    fn default() -> Self {
        CheckConfig { playouts: 200, seed: 1, seed_pairs: 12, every_state: true }
    }
}

/// What a passing check saw.
#[derive(Debug, Clone, Default)]
pub struct CheckReport {
    pub playouts: usize,
    pub states: usize,
    pub longest_game: usize,
    pub chance_events: usize,
}

/// Every rule a game broke (the first few examples of each).
#[derive(Debug, Clone)]
pub struct CheckFailure {
    pub game: String,
    pub violations: Vec<String>,
}

impl fmt::Display for CheckFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} fails the env checker:", self.game)?;
        for v in &self.violations {
            writeln!(f, "  - {v}")?;
        }
        Ok(())
    }
}

impl std::error::Error for CheckFailure {}

/// Runs the checker and panics with every violation found. For game tests.
pub fn assert_conforms<G: Game>(game: &G) -> CheckReport {
    assert_conforms_with(game, &CheckConfig::default())
}

/// [`assert_conforms`] with a chosen configuration.
pub fn assert_conforms_with<G: Game>(game: &G, config: &CheckConfig) -> CheckReport {
    match check_game(game, config) {
        Ok(report) => report,
        Err(failure) => panic!("{failure}"),
    }
}

struct Findings {
    list: Vec<String>,
    kinds: BTreeSet<&'static str>,
}

impl Findings {
    fn add(&mut self, kind: &'static str, detail: String) {
        // Keep the first example of each kind, so one broken rule does not drown the rest.
        if self.kinds.insert(kind) {
            self.list.push(format!("{kind}: {detail}"));
        }
    }
}

/// Runs every check on `game`.
pub fn check_game<G: Game>(game: &G, config: &CheckConfig) -> Result<CheckReport, CheckFailure> {
    let mut findings = Findings { list: Vec::new(), kinds: BTreeSet::new() };
    let mut report = CheckReport::default();
    let mut any_hidden_difference = false;

    for i in 0..config.playouts {
        let seed = config.seed.wrapping_add(i as u64);
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            playout(game, seed, config, &mut findings, &mut report, &mut any_hidden_difference)
        }));
        if let Err(panic) = outcome {
            findings.add("panic", format!("seed {seed}: the game panicked: {}", panic_message(&panic)));
        }
        report.playouts += 1;
    }

    if game.information() == Information::Imperfect && game.num_players() > 1 && !any_hidden_difference {
        findings.add(
            "hidden information",
            "the game declares imperfect information but every player always observes the same thing".into(),
        );
    }

    let seeds = catch_unwind(AssertUnwindSafe(|| check_seeds(game, config, &mut findings)));
    if let Err(panic) = seeds {
        findings.add("panic", format!("during the seed checks: {}", panic_message(&panic)));
    }

    if findings.list.is_empty() {
        Ok(report)
    } else {
        Err(CheckFailure { game: game.spec(), violations: findings.list })
    }
}

fn panic_message(panic: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".into()
    }
}

fn playout<G: Game>(
    game: &G,
    seed: u64,
    config: &CheckConfig,
    findings: &mut Findings,
    report: &mut CheckReport,
    any_hidden_difference: &mut bool,
) {
    let n = game.num_players();
    let num_actions = game.num_actions();
    let mut rng = rng_from_seed(seed);
    let mut state = game.new_initial_state(seed);
    let mut totals = vec![0.0f64; n];
    let mut mask = vec![false; num_actions];
    let obs_len = game.observation_len();
    let mut obs = vec![vec![0.0f32; obs_len]; n.max(1)];
    let mut applied = 0usize;
    // Each player's settled return where the game first gave one, and where.
    let mut settled: Vec<Option<(f64, usize)>> = vec![None; n];
    // Each player's lowest bound on its final return (`State::max_return`) given so far.
    let mut bounds: Vec<Option<f64>> = vec![None; n];

    if state.move_number() != 0 {
        findings.add("move number", format!("seed {seed}: the initial state has move_number {}", state.move_number()));
    }

    loop {
        report.states += 1;
        let at = |applied: usize| format!("seed {seed}, after {applied} actions");

        if state.move_number() != applied {
            findings.add(
                "move number",
                format!(
                    "{}: move_number() says {} but {applied} actions were applied",
                    at(applied),
                    state.move_number()
                ),
            );
        }

        // Rewards and returns.
        let returns = state.returns();
        if returns.len() != n || state.rewards().len() != n {
            findings.add("rewards", format!("{}: rewards/returns must have one entry per player ({n})", at(applied)));
        } else if returns.iter().zip(&totals).any(|(r, t)| !r.is_finite() || (r - t).abs() > 1e-6 * (1.0 + t.abs())) {
            findings.add(
                "returns",
                format!("{}: returns {returns:?} differ from the sum of rewards {totals:?}", at(applied)),
            );
        }

        check_settled(&state, &mut settled, applied, &at(applied), findings);
        check_max_return(&state, &mut bounds, &at(applied), findings);

        // Observations.
        for (p, buf) in obs.iter_mut().enumerate().take(n) {
            buf.fill(0.0);
            state.observation(p, buf);
            if let Some(bad) = buf.iter().position(|v| !(0.0..=1.0).contains(v)) {
                findings.add(
                    "observation",
                    format!(
                        "{}: player {p}'s observation has {} at {bad} (observations lie in [0, 1])",
                        at(applied),
                        buf[bad]
                    ),
                );
            }
        }
        if n > 1 && obs[1..n].iter().any(|o| *o != obs[0]) {
            *any_hidden_difference = true;
        }
        // A resampled state must look the same to the player it was drawn for.
        if game.information() == Information::Imperfect && (config.every_state || applied == 0) {
            let mut draws = rng_from_seed(seed ^ (applied as u64).rotate_left(32));
            let mut seen = vec![0.0f32; obs_len];
            for (p, mine) in obs.iter().enumerate().take(n) {
                let other = state.resample(p, &mut draws);
                seen.fill(0.0);
                other.observation(p, &mut seen);
                if seen != *mine || other.turn() != state.turn() || other.move_number() != state.move_number() {
                    findings.add(
                        "resample",
                        format!("{}: a state resampled for player {p} looks different to that player", at(applied)),
                    );
                }
            }
        }

        // Serialization round trip.
        match serde_json::to_string(&state).map(|j| serde_json::from_str::<G::State>(&j)) {
            Ok(Ok(copy)) if copy == state => {}
            Ok(Ok(_)) => {
                findings.add("serde", format!("{}: a deserialized copy differs from the original", at(applied)))
            }
            Ok(Err(e)) => findings.add("serde", format!("{}: the JSON does not read back: {e}", at(applied))),
            Err(e) => findings.add("serde", format!("{}: cannot serialize: {e}", at(applied))),
        }

        if applied > game.max_game_length() {
            findings.add(
                "max length",
                format!(
                    "{}: the game is still going past its declared max length {}",
                    at(applied),
                    game.max_game_length()
                ),
            );
            return;
        }

        let legal = state.legal_actions();
        state.action_mask(&mut mask);
        let from_mask: Vec<Action> = (0..num_actions as Action).filter(|&a| mask[a as usize]).collect();
        match state.turn() {
            Turn::Terminal => {
                if !legal.is_empty() || !from_mask.is_empty() {
                    findings.add("terminal", format!("{}: a terminal state offers actions {legal:?}", at(applied)));
                }
                report.longest_game = report.longest_game.max(applied);
                return;
            }
            Turn::Chance => {
                if game.chance_mode() == ChanceMode::Deterministic {
                    findings.add("chance", format!("{}: a chance node in a game declared deterministic", at(applied)));
                }
                if game.chance_mode() == ChanceMode::Explicit {
                    check_outcomes(&state.chance_outcomes(), num_actions, &at(applied), findings);
                }
                let before = state.clone();
                state.sample_chance(&mut rng);
                if state == before && state.turn() == Turn::Chance {
                    findings.add("chance", format!("{}: sample_chance changed nothing", at(applied)));
                    return;
                }
                report.chance_events += 1;
            }
            Turn::Player(p) => {
                if p >= n {
                    findings.add("turn", format!("{}: player {p} to move in a {n}-player game", at(applied)));
                    return;
                }
                if legal.is_empty() {
                    findings.add("legal actions", format!("{}: a non-terminal state offers no action", at(applied)));
                    return;
                }
                let sorted = legal.windows(2).all(|w| w[0] < w[1]);
                if !sorted || legal.iter().any(|&a| a as usize >= num_actions) {
                    findings.add(
                        "legal actions",
                        format!("{}: legal actions must be increasing and below {num_actions}: {legal:?}", at(applied)),
                    );
                    return;
                }
                if from_mask != legal {
                    findings.add(
                        "action mask",
                        format!(
                            "{}: the action mask allows {from_mask:?} but the legal actions are {legal:?}",
                            at(applied)
                        ),
                    );
                }
                if config.every_state || applied == 0 {
                    check_notation(&state, &legal, &at(applied), findings);
                    check_illegal(&state, &legal, num_actions, &at(applied), findings);
                }
                let action = legal[rng.random_range(0..legal.len())];
                if let Err(e) = state.apply(action) {
                    findings.add("apply", format!("{}: a legal action was refused: {e}", at(applied)));
                    return;
                }
            }
        }
        applied += 1;
        for (t, r) in totals.iter_mut().zip(state.rewards()) {
            *t += r;
        }
    }
}

/// A settled return ([`State::settled_return`]) never changes once given, and the game pays it.
fn check_settled<S: State>(
    state: &S,
    settled: &mut [Option<(f64, usize)>],
    applied: usize,
    at: &str,
    findings: &mut Findings,
) {
    let terminal = state.is_terminal();
    let returns = if terminal { state.returns() } else { Vec::new() };
    for (p, first) in settled.iter_mut().enumerate() {
        let now = state.settled_return(p);
        if let (Some((before, since)), Some(now)) = (*first, now)
            && before != now
        {
            findings.add(
                "settled return",
                format!("{at}: player {p}'s settled return is {now}, but it was {before} after {since} actions"),
            );
        }
        if let (Some(now), true) = (now, first.is_none()) {
            *first = Some((now, applied));
        }
        if let (true, Some((promised, since))) = (terminal, *first) {
            let paid = returns.get(p).copied().unwrap_or(f64::NAN);
            if (paid - promised).abs() > 1e-9 {
                findings.add(
                    "settled return",
                    format!(
                        "{at}: player {p} was settled at {promised} after {since} actions, but the game paid {paid}"
                    ),
                );
            }
        }
    }
}

/// No game pays a player more than a bound it gave ([`State::max_return`]) on the way.
fn check_max_return<S: State>(state: &S, bounds: &mut [Option<f64>], at: &str, findings: &mut Findings) {
    for (p, bound) in bounds.iter_mut().enumerate() {
        if let Some(now) = state.max_return(p) {
            *bound = Some(bound.map_or(now, |b: f64| b.min(now)));
        }
    }
    if !state.is_terminal() {
        return;
    }
    for (p, (bound, paid)) in bounds.iter().zip(state.returns()).enumerate() {
        if let Some(bound) = bound
            && paid > bound + 1e-9
        {
            findings
                .add("max return", format!("{at}: player {p} was paid {paid}, above the bound {bound} its game gave"));
        }
    }
}

fn check_outcomes(outcomes: &[(Action, f64)], num_actions: usize, at: &str, findings: &mut Findings) {
    if outcomes.is_empty() {
        findings.add("chance", format!("{at}: an explicit chance node lists no outcome"));
        return;
    }
    let sum: f64 = outcomes.iter().map(|o| o.1).sum();
    if outcomes.iter().any(|o| o.1.is_nan() || o.1 <= 0.0 || !o.1.is_finite()) || (sum - 1.0).abs() > 1e-9 {
        findings.add("chance", format!("{at}: probabilities must be positive and sum to 1: {outcomes:?}"));
    }
    let distinct: BTreeSet<Action> = outcomes.iter().map(|o| o.0).collect();
    if distinct.len() != outcomes.len() || outcomes.iter().any(|o| o.0 as usize >= num_actions.max(1) * 1_000_000) {
        findings.add("chance", format!("{at}: chance outcomes repeat: {outcomes:?}"));
    }
}

fn check_notation<S: State>(state: &S, legal: &[Action], at: &str, findings: &mut Findings) {
    for &a in legal {
        let text = state.action_to_string(a);
        for variant in [text.clone(), text.to_ascii_lowercase(), text.to_ascii_uppercase(), format!("  {text} ")] {
            match state.string_to_action(&variant) {
                Ok(b) if b == a => {}
                Ok(b) => {
                    findings.add("notation", format!("{at}: action {a} is written {text:?}, which reads back as {b}"));
                    return;
                }
                Err(e) => {
                    findings.add(
                        "notation",
                        format!("{at}: action {a} is written {text:?}, which does not read back: {e}"),
                    );
                    return;
                }
            }
        }
    }
}

fn check_illegal<S: State>(state: &S, legal: &[Action], num_actions: usize, at: &str, findings: &mut Findings) {
    let mut candidates: Vec<Action> = vec![num_actions as Action, Action::MAX];
    if let Some(a) = (0..num_actions as Action).find(|a| !legal.contains(a)) {
        candidates.push(a);
    }
    for a in candidates {
        let mut copy = state.clone();
        match catch_unwind(AssertUnwindSafe(|| copy.apply(a))) {
            Err(_) => findings.add("illegal action", format!("{at}: applying illegal action {a} panicked")),
            Ok(Ok(())) => findings.add("illegal action", format!("{at}: illegal action {a} was accepted")),
            Ok(Err(_)) if copy != *state => {
                findings.add("illegal action", format!("{at}: refusing illegal action {a} still changed the state"))
            }
            Ok(Err(_)) => {}
        }
    }
}

/// Plays one episode through the Env, choosing actions with a generator seeded by `action_seed`.
fn episode<G: Game>(game: &G, env_seed: u64, action_seed: u64) -> Vec<String> {
    let mut env = Env::new(game.clone()).with_step_limit(game.max_game_length() + 1);
    env.reset(env_seed);
    let mut chooser = rng_from_seed(action_seed);
    let mut trace = vec![serde_json::to_string(env.state()).unwrap_or_default()];
    while !env.is_done() {
        let mask = env.action_mask();
        let legal: Vec<usize> = (0..mask.len()).filter(|&i| mask[i]).collect();
        if legal.is_empty() {
            break;
        }
        let a = legal[(chooser.next_u64() % legal.len() as u64) as usize] as Action;
        if env.step(a).is_err() {
            break;
        }
        trace.push(serde_json::to_string(env.state()).unwrap_or_default());
    }
    trace
}

fn check_seeds<G: Game>(game: &G, config: &CheckConfig, findings: &mut Findings) {
    for k in 0..config.seed_pairs.min(4) as u64 {
        let seed = config.seed + 1000 + k;
        if episode(game, seed, seed) != episode(game, seed, seed) {
            findings.add("seeding", format!("seed {seed}: the same seed and actions gave two different episodes"));
            return;
        }
    }
    let has_chance = game.chance_mode() != ChanceMode::Deterministic
        || (0..4).any(|s| {
            serde_json::to_string(&game.new_initial_state(s)).ok()
                != serde_json::to_string(&game.new_initial_state(s + 1)).ok()
        });
    if has_chance {
        let base = episode(game, config.seed, 0);
        let differs = (1..=config.seed_pairs as u64).any(|k| episode(game, config.seed + k, 0) != base);
        if !differs {
            findings.add(
                "seeding",
                format!(
                    "the game has chance but {} other seeds all replayed seed {}'s episode",
                    config.seed_pairs, config.seed
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{Bug, Nim};

    fn violations(game: Nim) -> String {
        let cfg = CheckConfig { playouts: 60, ..CheckConfig::default() };
        match check_game(&game, &cfg) {
            Ok(_) => String::new(),
            Err(f) => f.to_string(),
        }
    }

    #[test]
    fn sound_games_pass() {
        assert_conforms(&Nim::new(9));
        let report = assert_conforms(&Nim::new(9).with_chance());
        assert!(report.chance_events > 0);
        assert!(report.longest_game >= 5);
    }

    #[test]
    fn every_bug_is_caught_by_the_matching_check() {
        let cases = [
            (Bug::MaskDisagrees, "action mask"),
            (Bug::AcceptsIllegal, "illegal action"),
            (Bug::PanicsOnIllegal, "panicked"),
            (Bug::WrongReturns, "returns"),
            (Bug::BadProbabilities, "sum to 1"),
            (Bug::MaxLengthTooSmall, "max length"),
            (Bug::BadNotation, "notation"),
            (Bug::LossySerde, "serde"),
            (Bug::Nondeterministic, "same seed"),
            (Bug::IgnoresRng, "other seeds"),
            (Bug::NanObservation, "NaN"),
            (Bug::SameObservations, "imperfect information"),
            (Bug::ResampleLeaks, "resampled for player"),
            (Bug::WrongSettledReturn, "settled return"),
            (Bug::LowMaxReturn, "max return"),
        ];
        for (bug, expected) in cases {
            let report = violations(Nim::new(9).with_chance().with_bug(bug));
            assert!(report.contains(expected), "{bug:?} should be reported with {expected:?}; got:\n{report}");
        }
    }
}
