//! `tabula play <game>`: a person against a computer opponent, in the terminal.

use super::opponents::{self, DynAgent};
use anyhow::Context;
use clap::Args;
use rand::Rng;
use std::io::{BufRead, Write};
use tabula::registry::registry;
use tabula::session::board::outcome_in_words;
use tabula_core::{DynGame, DynState, GameRng, Player, Turn, rng_from_seed};

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Game spec, e.g. `score4` (see `tabula games`).
    game: String,
    /// Your seat: 1 moves first (White in Score 4), 2 second, and so on.
    #[arg(long, default_value_t = 1)]
    seat: usize,
    /// The computer opponent, a player spec: a baseline (Score 4, Superply, Upward-Rightward:
    /// random, greedy, alphabeta, mcts; Superball: random, greedy, lookahead), run:DIR[:SIMS],
    /// ckpt:PATH[:SIMS], shipped[:SIMS] or cmd:"PROGRAM ARGS" (see PLAYER SPECS in
    /// `tabula arena --help`).
    #[arg(long, default_value = "random")]
    opponent: String,
    /// Seed for the opponent's choices and the game's chance events (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
}

const HELP: &str = "Type a move in the game's notation (B3 in Score 4, 3x7 in Superply), `moves` for the legal moves, \
`restart` for a new game, `quit` to leave.";

pub fn run(args: PlayArgs) -> anyhow::Result<()> {
    let game = registry().build(&args.game).context("see `tabula games` for the games and their parameters")?;
    if args.seat == 0 || args.seat > game.num_players() {
        anyhow::bail!("--seat must be between 1 and {} for {}", game.num_players(), game.name());
    }
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0)
    });
    let opponent = opponents::make(&args.game, &args.opponent)?;
    let stdin = std::io::stdin();
    let mut session = Session { game, human: args.seat - 1, rng: rng_from_seed(seed), input: stdin.lock(), opponent };
    session.play()
}

struct Session<R: BufRead> {
    game: Box<dyn DynGame>,
    opponent: Box<dyn DynAgent>,
    human: Player,
    rng: GameRng,
    input: R,
}

enum Command {
    Quit,
    Restart,
}

impl<R: BufRead> Session<R> {
    fn play(&mut self) -> anyhow::Result<()> {
        println!("{} — you are {}. {HELP}", self.game.name(), self.game.player_name(self.human));
        loop {
            match self.one_game()? {
                Command::Quit => return Ok(()),
                Command::Restart => println!("\nNew game."),
            }
        }
    }

    fn one_game(&mut self) -> anyhow::Result<Command> {
        let seed = self.rng.random::<u64>();
        let mut state = self.game.new_initial_state(seed);
        let mut shown = false;
        loop {
            match state.turn() {
                Turn::Chance => {
                    state.sample_chance(&mut self.rng);
                    shown = false;
                }
                Turn::Terminal => {
                    print!("{state}");
                    println!("{}", self.result_line(&*state));
                    println!("Type `restart` for a new game or `quit` to leave.");
                    loop {
                        match self.prompt("> ")?.as_deref().map(str::to_ascii_lowercase).as_deref() {
                            None | Some("quit") | Some("exit") => return Ok(Command::Quit),
                            Some("restart") | Some("new") => return Ok(Command::Restart),
                            Some(_) => println!("The game is over: type `restart` or `quit`."),
                        }
                    }
                }
                Turn::Player(p) if p == self.human => {
                    if !shown {
                        print!("{state}");
                        shown = true;
                    }
                    let Some(line) = self.prompt(&format!("Your move ({})> ", self.game.player_name(p)))? else {
                        return Ok(Command::Quit);
                    };
                    let word = line.to_ascii_lowercase();
                    match word.as_str() {
                        "" => continue,
                        "quit" | "exit" => return Ok(Command::Quit),
                        "restart" | "new" => return Ok(Command::Restart),
                        "help" | "?" => println!("{HELP}"),
                        "moves" => println!("Legal moves: {}", legal_moves(&*state)),
                        _ => match state.string_to_action(&line) {
                            Err(e) => println!("{e}. Legal moves: {}. Type `help` for help.", legal_moves(&*state)),
                            Ok(action) => match state.apply(action) {
                                Err(e) => println!("{e}. Legal moves: {}.", legal_moves(&*state)),
                                Ok(()) => shown = false,
                            },
                        },
                    }
                }
                Turn::Player(p) => {
                    let action = self.opponent.act(&*state, &mut self.rng)?;
                    println!(
                        "{} ({}) plays {}.",
                        self.game.player_name(p),
                        self.opponent.name(),
                        state.action_to_string(action)
                    );
                    state.apply(action).map_err(|e| anyhow::anyhow!("the opponent chose an illegal move: {e}"))?;
                    shown = false;
                }
            }
        }
    }

    fn result_line(&self, state: &dyn DynState) -> String {
        let returns = state.returns();
        let best = returns.iter().cloned().fold(f64::MIN, f64::max);
        let sole_winner = returns.iter().filter(|&&r| r == best).count() == 1;
        if returns.len() > 1 && sole_winner && returns[self.human] == best {
            return format!("Game over: you ({}) win!", self.game.player_name(self.human));
        }
        format!("Game over: {}.", outcome_in_words(&returns, |p| self.game.player_name(p)))
    }

    /// Reads one trimmed line; `None` at end of input.
    fn prompt(&mut self, text: &str) -> anyhow::Result<Option<String>> {
        print!("{text}");
        std::io::stdout().flush()?;
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            println!();
            return Ok(None);
        }
        Ok(Some(line.trim().to_string()))
    }
}

fn legal_moves(state: &dyn DynState) -> String {
    state.legal_actions().into_iter().map(|a| state.action_to_string(a)).collect::<Vec<_>>().join(" ")
}
