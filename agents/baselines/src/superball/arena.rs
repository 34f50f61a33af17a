//! Plays whole games in-process on the harness's own random numbers (`lrand48` seeded like
//! `sb-player ... seed`), so a score here is the score sb-player would print for that seed.

use superball::{Lrand48, Params, SuperballState};
use tabula_core::{Agent, State};

/// The result of one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameResult {
    pub seed: i64,
    pub score: u64,
    pub moves: usize,
}

/// Plays seed `seed` with `agent`, stopping after `max_moves` moves.
pub fn play_seed(agent: &mut dyn Agent<SuperballState>, params: &Params, seed: i64, max_moves: usize) -> GameResult {
    let mut chance = Lrand48::new(seed);
    let mut own = tabula_core::rng_from_seed(seed as u64);
    let mut state = SuperballState::new(params.clone());
    state.sample_chance(&mut chance);
    let mut moves = 0;
    while !state.is_terminal() && moves < max_moves {
        let action = agent.act(&state, &mut own);
        state.apply(action).expect("players only play legal moves");
        moves += 1;
        state.sample_chance(&mut chance);
    }
    GameResult { seed, score: state.score(), moves }
}

/// Plays each of `seeds` with its own copy of `agent`, the seeds in parallel (rayon), each game
/// with the wall-clock seconds it took: what [`report`] prints.
pub fn play_seeds<A>(agent: &A, params: &Params, seeds: std::ops::Range<i64>) -> Vec<(GameResult, f64)>
where
    A: Agent<SuperballState> + Clone + Send + Sync,
{
    use rayon::prelude::*;
    seeds
        .into_par_iter()
        .map(|seed| {
            let mut player = agent.clone();
            let start = std::time::Instant::now();
            let result = play_seed(&mut player, params, seed, usize::MAX);
            (result, start.elapsed().as_secs_f64())
        })
        .collect()
}

/// Prints a seed example's summary, `LABEL seeds A-B  mean M ± S  median D  T s per 1,000 points`
/// (one core's seconds: the handout allows 5), then one line of per-seed scores, so that two
/// settings can be compared seed by seed. `results` holds each game and its seconds.
pub fn report(label: &str, results: &[(GameResult, f64)]) {
    let scores: Vec<f64> = results.iter().map(|r| r.0.score as f64).collect();
    let s = tabula_core::summary::Summary::of(&scores);
    let points: f64 = scores.iter().sum::<f64>().max(1.0);
    let seconds: f64 = results.iter().map(|r| r.1).sum();
    let (first, last) = (results.first().map_or(0, |r| r.0.seed), results.last().map_or(0, |r| r.0.seed));
    println!(
        "{label} seeds {first}-{last}  mean {:.0} ± {:.0}  median {:.0}  {:.2} s per 1,000 points",
        s.mean,
        s.std_error,
        s.median,
        1000.0 * seconds / points
    );
    println!("scores {}", results.iter().map(|r| r.0.score.to_string()).collect::<Vec<_>>().join(" "));
}

/// The seed examples' command line: `[SEEDS] [FIRST] [WORD ...] [KNOB=VALUE ...]`, where a knob
/// is any argument with `=` (anywhere on the line) and a knob's value is a number.
#[derive(Debug, Clone, PartialEq)]
pub struct SeedArgs {
    /// How many seeds (default 100).
    pub seeds: i64,
    /// The first seed (default 1).
    pub first: i64,
    /// The other arguments after SEEDS and FIRST.
    pub words: Vec<String>,
    pub knobs: Vec<(String, f64)>,
}

impl SeedArgs {
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Self, String> {
        let (knobs, plain): (Vec<String>, Vec<String>) = args.into_iter().partition(|a| a.contains('='));
        let knobs = knobs
            .iter()
            .map(|knob| {
                let (key, value) = knob.split_once('=').expect("partitioned on '='");
                let x = value.trim().parse().map_err(|_| format!("{knob:?}: the value is not a number"))?;
                Ok((key.trim().to_string(), x))
            })
            .collect::<Result<_, String>>()?;
        let number = |i: usize, default: i64| -> Result<i64, String> {
            plain
                .get(i)
                .map_or(Ok(default), |s| s.parse().map_err(|_| format!("{s:?}: SEEDS and FIRST are whole numbers")))
        };
        Ok(SeedArgs {
            seeds: number(0, 100)?.max(1),
            first: number(1, 1)?,
            words: plain.into_iter().skip(2).collect(),
            knobs,
        })
    }

    /// The knobs as a summary line shows them: ` a=1 b=2`.
    pub fn knobs_label(&self) -> String {
        self.knobs.iter().map(|(k, x)| format!(" {k}={x}")).collect()
    }

    /// `player` with each knob set on it by `set`, which refuses a knob it does not know.
    pub fn player<P>(&self, mut player: P, set: impl Fn(&mut P, &str, f64) -> Result<(), String>) -> Result<P, String> {
        for (key, x) in &self.knobs {
            set(&mut player, key, *x)?;
        }
        Ok(player)
    }

    /// The seeds, `first` on.
    pub fn range(&self) -> std::ops::Range<i64> {
        self.first..self.first + self.seeds
    }
}

#[cfg(test)]
mod tests {
    use super::SeedArgs;

    fn parse(line: &str) -> Result<SeedArgs, String> {
        SeedArgs::parse(line.split_whitespace().map(String::from))
    }

    #[test]
    fn seed_args_take_knobs_anywhere_and_refuse_what_is_not_a_number() {
        let a = parse("tight=6 20 1001 all goal_factor=2.5").unwrap();
        assert_eq!((a.seeds, a.first, a.words.clone()), (20, 1001, vec!["all".to_string()]));
        assert_eq!(a.knobs, vec![("tight".to_string(), 6.0), ("goal_factor".to_string(), 2.5)]);
        assert_eq!(a.knobs_label(), " tight=6 goal_factor=2.5");
        assert_eq!(a.range(), 1001..1021);
        let d = parse("").unwrap();
        assert_eq!((d.seeds, d.first, d.range().count()), (100, 1, 100));
        assert!(parse("tight=six").unwrap_err().contains("not a number"));
        assert!(parse("ten").unwrap_err().contains("whole numbers"));
        assert!(parse("10 first").unwrap_err().contains("whole numbers"));
    }
}
