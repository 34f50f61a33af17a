//! Tournaments: many games, the programs rotated through the seats, a table per program.

use super::contestant::{Contestant, Seat, spawn_program};
use super::game::{GameResult, play_game};
use super::human::Human;
use crate::deal::Deal;
use crate::params::Params;
use std::io::Write;
use std::time::Duration;
use tabula_core::rng_from_seed;
use tabula_core::summary::Summary;

/// What to play.
#[derive(Debug, Clone)]
pub struct TournamentConfig {
    pub params: Params,
    /// The programs (or people), one per seat of the first game.
    pub seats: Vec<Seat>,
    /// Games to play: in blocks of `players`, each block one deal with the programs rotated one
    /// seat further every game.
    pub games: usize,
    /// Game `g` is dealt from seed `seed + g / players`.
    pub seed: u64,
    /// A program that takes longer than this to answer any command is removed.
    pub timeout: Duration,
    /// Let the programs' stderr through.
    pub verbose: bool,
}

impl TournamentConfig {
    /// One game, seed 1, 10 s to answer.
    pub fn new(params: Params, seats: Vec<Seat>) -> TournamentConfig {
        TournamentConfig { params, seats, games: 1, seed: 1, timeout: Duration::from_secs(10), verbose: false }
    }

    /// The seat program `index` takes in game `game`.
    pub fn seat_of(&self, index: usize, game: usize) -> usize {
        (index + game) % self.params.players
    }
}

/// One program's results.
#[derive(Debug, Clone, PartialEq)]
pub struct ProgramStats {
    pub name: String,
    /// Ranks (1 = first), one per game.
    pub ranks: Vec<usize>,
    pub utilities: Vec<f64>,
    /// Games it guessed right.
    pub right: usize,
    /// Games it was removed from, and the first reason.
    pub removed: usize,
    pub first_removal: Option<String>,
}

impl ProgramStats {
    pub fn firsts(&self) -> usize {
        self.ranks.iter().filter(|&&r| r == 1).count()
    }
    pub fn mean_rank(&self) -> Summary {
        Summary::of(&self.ranks.iter().map(|&r| r as f64).collect::<Vec<_>>())
    }
    pub fn utility(&self) -> Summary {
        Summary::of(&self.utilities)
    }
}

/// What a tournament found.
#[derive(Debug, Clone)]
pub struct TournamentSummary {
    pub programs: Vec<ProgramStats>,
    /// Questions asked per game.
    pub questions: Vec<usize>,
}

impl TournamentSummary {
    /// The table printed at the end: games, mean rank, mean utility (± standard error), firsts,
    /// right guesses and removals per program.
    pub fn table(&self) -> String {
        let width = self.programs.iter().map(|p| p.name.len()).max().unwrap_or(7).max(7);
        let mut out = format!("{:width$}  games  mean rank  utility          firsts  right  removed\n", "program");
        for p in &self.programs {
            let (rank, utility) = (p.mean_rank(), p.utility());
            let n = p.ranks.len().max(1) as f64;
            out += &format!(
                "{:width$}  {:5}  {:9.2}  {:+.3} ± {:.3}  {:5.1}%  {:4.1}%  {:7}\n",
                p.name,
                p.ranks.len(),
                rank.mean,
                utility.mean,
                utility.std_error,
                100.0 * p.firsts() as f64 / n,
                100.0 * p.right as f64 / n,
                p.removed
            );
        }
        for p in self.programs.iter().filter(|p| p.first_removal.is_some()) {
            out += &format!("{} was removed, first: {}\n", p.name, p.first_removal.as_deref().unwrap_or(""));
        }
        out
    }
}

/// Plays the tournament, printing each game's events and ranking to `out` (a person's seat
/// reads the terminal).
pub fn run_tournament(config: &TournamentConfig, out: &mut dyn Write) -> TournamentSummary {
    let p = config.params.players;
    assert_eq!(config.seats.len(), p, "one program a seat");
    let mut names: Vec<String> = config.seats.iter().map(|s| s.to_string()).collect();
    for i in 0..p {
        if names.iter().filter(|n| **n == names[i]).count() > 1 {
            names[i] = format!("{} #{}", names[i], i + 1);
        }
    }
    let mut programs: Vec<ProgramStats> = names
        .into_iter()
        .map(|name| ProgramStats { name, ranks: vec![], utilities: vec![], right: 0, removed: 0, first_removal: None })
        .collect();
    let mut questions = vec![];
    for game in 0..config.games {
        let deal_seed = config.seed + (game / p) as u64;
        let deal = Deal::random(&config.params, &mut rng_from_seed(deal_seed));
        // by_seat[s] = the program in seat s.
        let mut by_seat = vec![0; p];
        for index in 0..p {
            by_seat[config.seat_of(index, game)] = index;
        }
        let _ = writeln!(
            out,
            "game {} (deal {deal_seed}): {}",
            game + 1,
            by_seat
                .iter()
                .enumerate()
                .map(|(s, &i)| format!("{}={}", s + 1, programs[i].name))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let contestants = by_seat
            .iter()
            .map(|&i| -> Result<Box<dyn Contestant>, _> {
                match &config.seats[i] {
                    Seat::Human => Ok(Box::new(Human::at_terminal())),
                    Seat::Program(line) => {
                        spawn_program(line, config.timeout, config.verbose).map(|c| Box::new(c) as _)
                    }
                }
            })
            .collect();
        let result: GameResult = play_game(config.params, deal, contestants, out);
        for (seat, &index) in by_seat.iter().enumerate() {
            let stats = &mut programs[index];
            stats.ranks.push(result.ranking.iter().position(|&s| s == seat).expect("everyone is ranked") + 1);
            stats.utilities.push(result.utilities[seat]);
            stats.right += result.right.contains(&seat) as usize;
            if let Some(r) = result.removals.iter().find(|r| r.player == seat) {
                stats.removed += 1;
                stats.first_removal.get_or_insert_with(|| format!("game {}: {}", game + 1, r.reason));
            }
        }
        questions.push(result.questions);
    }
    TournamentSummary { programs, questions }
}
