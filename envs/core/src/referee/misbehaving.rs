//! The checks every two-player referee must pass against misbehaving bots, written as tiny
//! shell scripts (`sh -c`): a bot that crashes, cannot start, hangs, prints garbage or refuses
//! a note loses the game with a message saying why, a person can quit while a bot thinks, and
//! the referee neither hangs nor dies. Games call [`Referee::check_misbehaving_bots`] from
//! their tests, and use [`play`] and [`forfeit_by`] for their own cases.

use super::outcome::Outcome;
use super::refereed::RefereedGame;
use super::tally::{MatchConfig, MatchSummary, run_match};
use crate::keyboard::Keyboard;
use std::fmt;
use std::io::Cursor;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Plays a match of one game of `game` between two seats (`human` or a command line), a person
/// typing `typed`, bots allowed `timeout_ms` per answer; returns the summary and the output.
pub fn play<G: RefereedGame>(
    game: G,
    first: &str,
    second: &str,
    typed: &str,
    timeout_ms: u64,
) -> (MatchSummary<G::Record>, String) {
    let seats = [first.parse().unwrap(), second.parse().unwrap()];
    let config = MatchConfig { game, seats, games: 1, timeout: Duration::from_millis(timeout_ms), verbose: false };
    let mut keyboard = Keyboard::new(Cursor::new(typed.to_string()));
    let mut out = Vec::new();
    let summary = run_match(&config, &mut keyboard, &mut out);
    (summary, String::from_utf8_lossy(&out).into_owned())
}

/// The record of the one game the match played (panics otherwise).
pub fn only_game<R: fmt::Debug>(summary: &MatchSummary<R>) -> &R {
    assert_eq!(summary.games.len(), 1, "{summary:?}");
    &summary.games[0].1
}

/// Panics unless the one game was lost by forfeit by side `loser` (0 moves first), for a
/// reason that says `reason`.
pub fn forfeit_by<R: Outcome + fmt::Debug>(summary: &MatchSummary<R>, loser: usize, reason: &str) {
    let record = only_game(summary);
    let Some(why) = record.forfeit() else { panic!("expected a forfeit, got {record:?}") };
    assert_eq!(record.winner(), Some(1 - loser), "{why}");
    assert!(why.contains(reason), "{why:?} does not say {reason:?}");
}

/// A game's referee under test.
pub struct Referee<G> {
    pub game: G,
    /// The sides' titles in messages: `["White", "Black"]`.
    pub titles: [&'static str; 2],
    /// A person's legal first move, and the note the other side's bot gets for it.
    pub first_move: &'static str,
    pub first_note: &'static str,
    /// The game's name, for a bot that does not exist and for temporary files.
    pub name: &'static str,
}

impl<G: RefereedGame + Clone> Referee<G>
where
    G::Record: fmt::Debug,
{
    /// Every check below, in turn.
    pub fn check_misbehaving_bots(&self) {
        self.a_bot_that_crashes_loses();
        self.a_bot_that_cannot_start_loses();
        self.a_bot_that_hangs_loses_on_time_and_is_killed();
        self.a_bot_that_prints_garbage_loses();
        self.a_bot_that_refuses_a_note_loses();
        self.a_person_can_quit_while_a_bot_thinks();
    }

    fn play(&self, first: &str, second: &str, typed: &str, timeout_ms: u64) -> (MatchSummary<G::Record>, String) {
        play(self.game.clone(), first, second, typed, timeout_ms)
    }

    pub fn a_bot_that_crashes_loses(&self) {
        let (summary, out) = self.play("sh -c 'read l; exit 3'", "human", "", 5000);
        forfeit_by(&summary, 0, "exited before answering (exit status: 3)");
        assert!(out.contains(&format!("{} (human) wins.", self.titles[1])), "{out}");
    }

    pub fn a_bot_that_cannot_start_loses(&self) {
        let (summary, _) = self.play("human", &format!("/nonexistent/{}-bot --agent random", self.name), "", 5000);
        forfeit_by(&summary, 1, "could not be started");
        let (summary, _) = self.play("human", "bot 'unterminated", "", 5000);
        forfeit_by(&summary, 1, "unterminated single quote");
    }

    pub fn a_bot_that_hangs_loses_on_time_and_is_killed(&self) {
        let pid_file = std::env::temp_dir().join(format!("{}-hang-{}.pid", self.name, std::process::id()));
        let bot = format!("sh -c 'echo $$ > {}; read l; echo ok.; exec sleep 60'", pid_file.display());
        let start = Instant::now();
        let (summary, _) = self.play(&bot, "human", "", 300);
        forfeit_by(&summary, 0, "did not answer within 300 ms");
        assert!(start.elapsed() < Duration::from_secs(5));
        let pid = std::fs::read_to_string(&pid_file).unwrap();
        let _ = std::fs::remove_file(&pid_file);
        // The referee reaped it: no such process any more.
        let alive = Command::new("kill").args(["-0", pid.trim()]).stderr(Stdio::null()).status().unwrap().success();
        assert!(!alive, "the hanging bot {pid} is still running");
    }

    pub fn a_bot_that_prints_garbage_loses(&self) {
        let (summary, _) = self.play("human", "sh -c 'while read -r l; do echo \"hello there\"; done'", "", 5000);
        forfeit_by(&summary, 1, "answered garbage");
        // Binary noise without newlines: a line too long to be a reply.
        let (summary, _) = self.play("sh -c 'head -c 100000 /dev/urandom | tr \"\\n\" x; sleep 5'", "human", "", 2000);
        forfeit_by(&summary, 0, "answered garbage");
    }

    pub fn a_bot_that_refuses_a_note_loses(&self) {
        let bot = r#"sh -c 'while read -r l; do case "$l" in note*) echo "error: no.";; *) echo ok.;; esac; done'"#;
        let (summary, _) = self.play("human", bot, &format!("{}\n", self.first_move), 5000);
        forfeit_by(&summary, 1, &format!("refused a command: {} got \"error: no.\"", self.first_note));
    }

    pub fn a_person_can_quit_while_a_bot_thinks(&self) {
        let start = Instant::now();
        let (summary, out) = self.play("sh -c 'read l; echo ok.; exec sleep 60'", "human", "quit\n", 30_000);
        assert!(summary.quit && summary.games.is_empty());
        assert!(start.elapsed() < Duration::from_secs(10));
        assert!(out.contains("Quit."));
    }
}
