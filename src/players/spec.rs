//! A player spec as text: what `--players`, `--opponent` and `--against` accept, parsed and printed.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// The spec syntax, for `--help`.
pub const SPEC_HELP: &str = "\
PLAYER SPECS:
  NAME               a baseline: Score 4 random, greedy, alphabeta, mcts; Superply and
                     Upward-Rightward random, greedy, alphabeta, mcts (alphabeta and mcts think
                     --movetime-ms a move); Superball random, greedy, lookahead; Clue random,
                     deduce, sly, bold, shrewd, quick, ismcts (also deduce:N, sly:PERCENT,
                     bold:PERCENT, reads-NAME: a deduction player that reads questions, and
                     bluffs-NAME: one that lists an item of its own in every question)
  alphabeta:DEPTH    alpha-beta to a fixed depth, no clock (Score 4, Superply, Upward-Rightward;
                     reproducible, fast at 1-3)
  mcts:SIMS          random-rollout MCTS with SIMS simulations a move, no clock
  lookahead:MS       Superball's lookahead with MS milliseconds a move
  NAME(KEY=X,...)    a baseline with its knobs: Superball's greedy(reserve=X) and
                     lookahead(reserve=X,samples=N,width=N,budget_ms=N)
  run:DIR[:SIMS]     the model of a training run with tabula's search, SIMS simulations a move
                     (default: the run's eval_simulations), advised as its config says;
  run:DIR:250ms      ... or thinking 250 ms (or 1s, ...) a move: equal time with mcts, alphabeta
  ckpt:PATH[:SIMS]   the same from a checkpoint folder or a model.bpk (config.toml beside it)
  shipped[:SIMS]     the model compiled into the bots (also shipped:MSms)
  cmd:\"PROGRAM ARGS\" an external program speaking the game's protocol: Score 4's Casperson
                     protocol, Upward-Rightward's referee protocol and Clue's arbitrator
                     protocol (a fresh process each game); a Superply client of superply-server's protocol (tabula serves each
                     game on 127.0.0.1 and passes the port in place of {port}, else after
                     --port); Superball's sb-play interface (`PROGRAM rows cols mss colors`,
                     board on stdin, run each move). A program that fails is counted as a fault
                     and random legal moves stand in for it.
Quote a spec that holds spaces: --players random 'cmd:score4-bot --agent greedy'.";

/// A player, as named on the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerSpec {
    /// One of the game's baselines, with its number (`alphabeta:DEPTH`, `mcts:SIMS`, `lookahead:MS`).
    Baseline { name: String, arg: Option<u64> },
    /// The model of a training run.
    Run { dir: PathBuf, budget: Option<Budget> },
    /// A checkpoint folder or model file.
    Checkpoint { path: PathBuf, budget: Option<Budget> },
    /// The model compiled into the bots.
    Shipped { budget: Option<Budget> },
    /// An external program speaking the game's protocol.
    Command(String),
}

/// How long a trained model searches a move: a number of simulations, or a thinking time
/// (`:800`, `:250ms`, `:1s`), so that it can meet a timed baseline on equal terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    Simulations(usize),
    Time(Duration),
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Simulations(n) => write!(f, "{n}"),
            Budget::Time(t) => write!(f, "{}ms", t.as_millis()),
        }
    }
}

/// Why a spec does not read; one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadSpec(String);

impl fmt::Display for BadSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadSpec {}

fn bad(text: &str, why: impl fmt::Display) -> BadSpec {
    BadSpec(format!("bad player spec {text:?}: {why}"))
}

/// `"x"` or `'x'` → `x`; anything else as it is; an opening quote must be closed.
fn unquote<'a>(text: &str, value: &'a str) -> Result<&'a str, BadSpec> {
    match value.chars().next() {
        Some(q @ ('"' | '\'')) => {
            if value.len() >= 2 && value.ends_with(q) {
                Ok(&value[1..value.len() - 1])
            } else {
                Err(bad(text, format!("the quote {q} is not closed")))
            }
        }
        _ => Ok(value),
    }
}

/// `SIMS`, `MSms` or `Ss`.
fn budget(text: &str, word: &str) -> Result<Budget, BadSpec> {
    let (digits, unit) = match word.strip_suffix("ms") {
        Some(d) => (d, Some(1)),
        None => match word.strip_suffix('s') {
            Some(d) => (d, Some(1000)),
            None => (word, None),
        },
    };
    let n = digits
        .parse::<u64>()
        .map_err(|_| bad(text, format!("{word:?} is not a number of simulations nor a time like 250ms or 1s")))?;
    match unit {
        _ if n == 0 => Err(bad(text, "the number of simulations or the time must be at least 1")),
        Some(ms) => Ok(Budget::Time(Duration::from_millis(n * ms))),
        None => Ok(Budget::Simulations(n as usize)),
    }
}

/// Does `word` read as a budget (digits, optionally followed by `ms` or `s`)?
fn looks_like_budget(word: &str) -> bool {
    let digits = word.strip_suffix("ms").or_else(|| word.strip_suffix('s')).unwrap_or(word);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// `PATH`, `PATH:BUDGET`, `"PATH"` or `"PATH":BUDGET`.
fn path_and_budget(text: &str, rest: &str, what: &str) -> Result<(PathBuf, Option<Budget>), BadSpec> {
    let (path, sims) = if let Some(q @ ('"' | '\'')) = rest.chars().next() {
        let close = rest[1..].find(q).ok_or_else(|| bad(text, format!("the quote {q} is not closed")))? + 1;
        let after = &rest[close + 1..];
        match after.strip_prefix(':') {
            Some(n) => (&rest[1..close], Some(budget(text, n)?)),
            None if after.is_empty() => (&rest[1..close], None),
            None => return Err(bad(text, format!("{after:?} after the quoted {what}"))),
        }
    } else {
        match rest.rsplit_once(':') {
            Some((path, n)) if looks_like_budget(n) => (path, Some(budget(text, n)?)),
            _ => (rest, None),
        }
    };
    if path.trim().is_empty() {
        return Err(bad(text, format!("the {what} is missing")));
    }
    Ok((PathBuf::from(path), sims))
}

impl FromStr for PlayerSpec {
    type Err = BadSpec;

    fn from_str(text: &str) -> Result<Self, BadSpec> {
        let t = text.trim();
        if t.is_empty() {
            return Err(BadSpec("an empty player spec (see PLAYER SPECS in --help)".into()));
        }
        if let Some(rest) = t.strip_prefix("cmd:") {
            let command = unquote(text, rest.trim())?.trim();
            if command.is_empty() {
                return Err(bad(text, "cmd: needs a command line, e.g. cmd:\"score4-bot --agent greedy\""));
            }
            return Ok(PlayerSpec::Command(command.to_string()));
        }
        if let Some(rest) = t.strip_prefix("run:") {
            let (dir, budget) = path_and_budget(text, rest, "run directory")?;
            return Ok(PlayerSpec::Run { dir, budget });
        }
        if let Some(rest) = t.strip_prefix("ckpt:") {
            let (path, budget) = path_and_budget(text, rest, "checkpoint path")?;
            return Ok(PlayerSpec::Checkpoint { path, budget });
        }
        if t == "shipped" {
            return Ok(PlayerSpec::Shipped { budget: None });
        }
        if let Some(n) = t.strip_prefix("shipped:") {
            return Ok(PlayerSpec::Shipped { budget: Some(budget(text, n)?) });
        }
        let word =
            |name: &str| !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        // A baseline with its knobs, `lookahead(samples=8,budget_ms=150)`: the game reads them.
        if let Some((name, _)) = t.split_once('(')
            && word(name)
            && t.ends_with(')')
        {
            return Ok(PlayerSpec::Baseline { name: t.to_ascii_lowercase().replace(' ', ""), arg: None });
        }
        let (name, arg) = match t.split_once(':') {
            Some((name, arg)) => (name, Some(arg)),
            None => (t, None),
        };
        if !word(name) {
            return Err(bad(
                text,
                "a player is a baseline NAME[:N] (or NAME(KEY=VALUE,...) where the game has knobs), run:DIR[:SIMS], \
                 ckpt:PATH[:SIMS], shipped[:SIMS] or cmd:\"PROGRAM ARGS\"",
            ));
        }
        let arg = match arg {
            None => None,
            Some(a) => Some(a.parse::<u64>().map_err(|_| {
                bad(
                    text,
                    format!(
                        "after \"{name}:\" comes a number (alphabeta:DEPTH, mcts:SIMS, lookahead:MS); \
                         paths and programs take run:, ckpt: or cmd:"
                    ),
                )
            })?),
        };
        Ok(PlayerSpec::Baseline { name: name.to_ascii_lowercase(), arg })
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sims = |n: &Option<Budget>| n.map(|n| format!(":{n}")).unwrap_or_default();
        match self {
            PlayerSpec::Baseline { name, arg: None } => write!(f, "{name}"),
            PlayerSpec::Baseline { name, arg: Some(n) } => write!(f, "{name}:{n}"),
            PlayerSpec::Run { dir, budget } => write!(f, "run:{}{}", dir.display(), sims(budget)),
            PlayerSpec::Checkpoint { path, budget } => write!(f, "ckpt:{}{}", path.display(), sims(budget)),
            PlayerSpec::Shipped { budget } => write!(f, "shipped{}", sims(budget)),
            PlayerSpec::Command(command) => write!(f, "cmd:{command}"),
        }
    }
}

impl PlayerSpec {
    /// The `random` baseline, which anchors ratings at 0.
    pub fn is_random(&self) -> bool {
        matches!(self, PlayerSpec::Baseline { name, arg: None } if name == "random")
    }
}

/// Parses every spec, naming the first bad one.
pub fn parse_all(texts: &[String]) -> anyhow::Result<Vec<PlayerSpec>> {
    texts.iter().map(|t| t.parse::<PlayerSpec>().map_err(anyhow::Error::from)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> PlayerSpec {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn error(text: &str) -> String {
        text.parse::<PlayerSpec>().unwrap_err().to_string()
    }

    #[test]
    fn baselines_with_and_without_numbers() {
        assert_eq!(spec("random"), PlayerSpec::Baseline { name: "random".into(), arg: None });
        assert_eq!(spec(" Greedy "), PlayerSpec::Baseline { name: "greedy".into(), arg: None });
        assert_eq!(spec("alphabeta:3"), PlayerSpec::Baseline { name: "alphabeta".into(), arg: Some(3) });
        assert_eq!(spec("mcts:200").to_string(), "mcts:200");
        assert!(spec("random").is_random() && !spec("random:1").is_random() && !spec("greedy").is_random());
        // With knobs, for the game to read.
        let knobs = spec("Lookahead(samples=8, budget_ms=150)");
        assert_eq!(knobs, PlayerSpec::Baseline { name: "lookahead(samples=8,budget_ms=150)".into(), arg: None });
        assert_eq!(knobs.to_string(), "lookahead(samples=8,budget_ms=150)");
    }

    #[test]
    fn models_with_and_without_budgets() {
        let sims = |n| Some(Budget::Simulations(n));
        let ms = |n| Some(Budget::Time(Duration::from_millis(n)));
        assert_eq!(spec("run:runs/a"), PlayerSpec::Run { dir: "runs/a".into(), budget: None });
        assert_eq!(spec("run:runs/a:800"), PlayerSpec::Run { dir: "runs/a".into(), budget: sims(800) });
        assert_eq!(spec("run:runs/a:250ms"), PlayerSpec::Run { dir: "runs/a".into(), budget: ms(250) });
        assert_eq!(spec("run:runs/a:2s"), PlayerSpec::Run { dir: "runs/a".into(), budget: ms(2000) });
        assert_eq!(
            spec("ckpt:/x/model.bpk:16"),
            PlayerSpec::Checkpoint { path: "/x/model.bpk".into(), budget: sims(16) }
        );
        // A colon that is not followed by a budget belongs to the path.
        assert_eq!(spec("run:runs/a:b"), PlayerSpec::Run { dir: "runs/a:b".into(), budget: None });
        assert_eq!(spec("run:runs/a:ms"), PlayerSpec::Run { dir: "runs/a:ms".into(), budget: None });
        assert_eq!(spec("run:\"my runs/a\":4"), PlayerSpec::Run { dir: "my runs/a".into(), budget: sims(4) });
        assert_eq!(spec("ckpt:'my ckpt'"), PlayerSpec::Checkpoint { path: "my ckpt".into(), budget: None });
        assert_eq!(spec("shipped"), PlayerSpec::Shipped { budget: None });
        assert_eq!(spec("shipped:400"), PlayerSpec::Shipped { budget: sims(400) });
        assert_eq!(spec("shipped:100ms"), PlayerSpec::Shipped { budget: ms(100) });
        for text in ["run:runs/a:800", "run:runs/a:1000ms", "ckpt:c/model.bpk", "shipped:400", "shipped"] {
            assert_eq!(spec(text).to_string(), text);
        }
    }

    #[test]
    fn commands_keep_their_inner_quotes() {
        assert_eq!(spec("cmd:score4-bot --agent greedy"), PlayerSpec::Command("score4-bot --agent greedy".into()));
        assert_eq!(spec("cmd:\"score4-bot --agent greedy\""), PlayerSpec::Command("score4-bot --agent greedy".into()));
        assert_eq!(spec("cmd:'bot --name \"big bot\"'"), PlayerSpec::Command("bot --name \"big bot\"".into()));
        assert_eq!(spec("cmd:\"sb-play\"").to_string(), "cmd:sb-play");
    }

    #[test]
    fn bad_specs_say_what_is_wrong_in_one_line() {
        for (text, expected) in [
            ("", "empty player spec"),
            ("cmd:", "cmd: needs a command line"),
            ("cmd:\"score4-bot --agent greedy", "the quote \" is not closed"),
            ("run:", "the run directory is missing"),
            ("run::5", "the run directory is missing"),
            ("ckpt:\"a b", "the quote \" is not closed"),
            ("ckpt:\"a b\"x", "\"x\" after the quoted checkpoint path"),
            ("run:dir:0", "at least 1"),
            ("shipped:many", "\"many\" is not a number of simulations nor a time"),
            ("shipped:0ms", "at least 1"),
            ("alphabeta:deep", "after \"alphabeta:\" comes a number"),
            ("rn:runs/a", "paths and programs take run:, ckpt: or cmd:"),
            ("my bot", "a player is a baseline NAME[:N]"),
            ("(samples=8)", "a player is a baseline NAME[:N]"),
            ("lookahead(samples=8", "a player is a baseline NAME[:N]"),
        ] {
            let e = error(text);
            assert!(e.contains(expected), "{text:?} gave {e:?}");
            assert!(!e.contains('\n'), "{e:?}");
        }
    }
}
