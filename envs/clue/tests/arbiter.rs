//! The arbitrator: tournaments of real player processes across the course's grid, faulty
//! programs (crash, hang, garbage, refusing a note, not starting) written as tiny shell scripts,
//! liars played in process, and a person typing. A faulty player is removed with the reason and
//! ranked last; the game goes on and the arbitrator neither hangs nor dies.

use clue::arbiter::{Contestant, Fault, GameResult, Human, Seat, TournamentConfig, play_game, run_tournament};
use clue::protocol::{BotSession, Command, Reply};
use clue::{ClueState, Deal, Item, ItemSet, Params};
use rand::Rng;
use std::io::Cursor;
use std::time::{Duration, Instant};
use tabula_core::{Action, rng_from_seed};

const RANDOM: &str = env!("CARGO_BIN_EXE_clue-random-player");
const ARBITER: &str = env!("CARGO_BIN_EXE_clue-arbiter");

fn set(items: &[usize]) -> ItemSet {
    items.iter().map(|&n| Item::new(n).unwrap()).collect()
}

type Chooser = Box<dyn FnMut(&ClueState) -> Action + Send>;

fn random_chooser(seed: u64) -> Chooser {
    let mut rng = rng_from_seed(seed);
    Box::new(move |s: &ClueState| {
        let legal = s.legal();
        legal[rng.random_range(0..legal.len())]
    })
}

/// How an in-process player bends its answers to `show`.
#[derive(Clone, Copy)]
enum Lie {
    Honest,
    /// Answers none although it holds a listed item.
    SaysNone,
    /// Shows a listed item it does not hold (or, if it holds them all, one not listed).
    ShowsUnheld,
}

/// A protocol player run in this process: the bots' own session, its answers bent by `lie`.
struct InProcess {
    session: BotSession<Chooser>,
    lie: Lie,
    hand: ItemSet,
}

impl InProcess {
    fn boxed(seed: u64, lie: Lie) -> Result<Box<dyn Contestant>, Fault> {
        Ok(Box::new(InProcess { session: BotSession::new(random_chooser(seed), seed), lie, hand: ItemSet::EMPTY }))
    }
}

impl Contestant for InProcess {
    fn ask(&mut self, command: &Command) -> Result<Reply, Fault> {
        if let Command::New { hand, .. } = command {
            self.hand = *hand;
        }
        let reply = self.session.handle(command.clone());
        Ok(match (command, self.lie) {
            (Command::Show { .. }, Lie::SaysNone) => Reply::None,
            (Command::Show { list, .. }, Lie::ShowsUnheld) => {
                let unheld = list.difference(self.hand).iter().next();
                let outside = (1..).map(|n| Item::new(n).unwrap()).find(|i| !list.contains(*i)).unwrap();
                Reply::Show(unheld.unwrap_or(outside))
            }
            _ => reply,
        })
    }
    fn leave(self: Box<Self>) {}
}

fn program(line: &str) -> Result<Box<dyn Contestant>, Fault> {
    clue::arbiter::spawn_program(line, Duration::from_millis(2000), false).map(|p| Box::new(p) as _)
}

fn random_program(seed: u64) -> Result<Box<dyn Contestant>, Fault> {
    program(&format!("{RANDOM} --seed {seed}"))
}

/// Plays a 3-player game (items 1-13, 4 hidden) dealt from `seed` with `faulty` in seat 2.
fn with_faulty(faulty: Result<Box<dyn Contestant>, Fault>, seed: u64) -> (GameResult, String) {
    let params = Params::new(3, 13, 4).unwrap();
    let deal = Deal::random(&params, &mut rng_from_seed(seed));
    let mut out = Vec::new();
    let result = play_game(params, deal, vec![random_program(seed), faulty, random_program(seed + 1)], &mut out);
    (result, String::from_utf8_lossy(&out).into_owned())
}

/// Seat 2 was removed for `reason`, is ranked last, and the others played on to the end.
fn removed_last(result: &GameResult, reason: &str) {
    assert_eq!(result.removals.len(), 1, "{:?}", result.removals);
    let removal = &result.removals[0];
    assert_eq!(removal.player, 1);
    assert!(removal.reason.contains(reason), "{:?} does not say {reason:?}", removal.reason);
    assert_eq!(result.ranking.len(), 3);
    assert_eq!(*result.ranking.last().unwrap(), 1, "the removed player ranks last: {:?}", result.ranking);
    assert_eq!(result.utilities[1], -1.0);
    // Everyone has left: the game ended by the rules, not by the arbitrator giving up.
    assert!(tabula_core::State::is_terminal(&result.state));
    assert!((0..3).all(|p| !result.state.is_active(p)));
}

#[test]
fn random_players_finish_tournaments_across_the_grid() {
    // (players, items, hidden) from the course's grid.
    for (p, n, k) in [(2, 8, 2), (3, 13, 4), (5, 13, 3), (7, 8, 1), (9, 9 * 2 + 5, 5)] {
        let params = Params::new(p, n, k).unwrap();
        let seats = (0..p).map(|i| Seat::Program(format!("{RANDOM} --seed {i}"))).collect();
        let config = TournamentConfig { games: 2 * p, seed: 11, ..TournamentConfig::new(params, seats) };
        let summary = run_tournament(&config, &mut std::io::sink());
        for stats in &summary.programs {
            assert_eq!(stats.ranks.len(), 2 * p, "{}", stats.name);
            assert_eq!(stats.removed, 0, "{:?}", stats.first_removal);
        }
        // Every game's utilities sum to 0 and every rank is taken once.
        let total: f64 = summary.programs.iter().map(|s| s.utilities.iter().sum::<f64>()).sum();
        assert!(total.abs() < 1e-9, "{total}");
        for g in 0..2 * p {
            let mut ranks: Vec<usize> = summary.programs.iter().map(|s| s.ranks[g]).collect();
            ranks.sort_unstable();
            assert_eq!(ranks, (1..=p).collect::<Vec<_>>());
        }
        // Seats rotate: each program sat in every seat.
        assert!(
            (0..p).all(|i| (0..p).map(|g| config.seat_of(i, g)).collect::<std::collections::BTreeSet<_>>().len() == p)
        );
    }
}

#[test]
fn a_player_that_answers_none_while_holding_an_item_is_removed_as_a_liar() {
    let (result, out) = (0..200)
        .map(|seed| with_faulty(InProcess::boxed(seed, Lie::SaysNone), seed))
        .find(|(r, _)| !r.removals.is_empty())
        .expect("someone asks the liar about an item it holds");
    removed_last(&result, "lied: answered none while holding");
    assert!(out.contains("player 2 removed"), "{out}");
}

#[test]
fn a_player_that_shows_an_item_it_does_not_hold_is_removed_as_a_liar() {
    let (result, _) = (0..200)
        .map(|seed| with_faulty(InProcess::boxed(seed, Lie::ShowsUnheld), seed))
        .find(|(r, _)| !r.removals.is_empty())
        .expect("someone asks the liar about an item it holds");
    let reason = &result.removals[0].reason;
    assert!(reason.contains("which it does not hold") || reason.contains("not asked about"), "{reason}");
    removed_last(&result, "showed");
}

#[test]
fn honest_in_process_players_are_never_removed() {
    for seed in 0..30 {
        let (result, _) = with_faulty(InProcess::boxed(seed, Lie::Honest), seed);
        assert!(result.removals.is_empty(), "seed {seed}: {:?}", result.removals);
    }
}

#[test]
fn a_program_that_crashes_is_removed() {
    let (result, _) = with_faulty(program("sh -c 'read l; exit 3'"), 1);
    removed_last(&result, "exited");
}

#[test]
fn a_program_that_cannot_start_is_removed() {
    let (result, out) = with_faulty(program("no-such-clue-player-here"), 1);
    removed_last(&result, "could not be started");
    assert!(out.contains("ranking:"), "{out}");
}

#[test]
fn a_program_that_hangs_is_removed_on_time() {
    let started = Instant::now();
    let (result, _) = with_faulty(program("sh -c 'read l; echo ok.; exec sleep 60'"), 1);
    removed_last(&result, "did not answer within 2000 ms");
    assert!(started.elapsed() < Duration::from_secs(30), "{:?}", started.elapsed());
}

#[test]
fn a_program_that_answers_garbage_is_removed() {
    let (result, _) = with_faulty(program(r#"sh -c 'while read -r l; do echo "hello there"; done'"#), 1);
    removed_last(&result, "garbage");
    let flood = program(r#"sh -c 'head -c 100000 /dev/urandom | tr "\n" x; sleep 5'"#);
    removed_last(&with_faulty(flood, 2).0, "garbage");
}

#[test]
fn a_program_that_refuses_a_note_is_removed() {
    let bot = r#"sh -c 'while read -r l; do case "$l" in note*) echo "error: no.";; *) echo ok.;; esac; done'"#;
    let (result, _) = (1..50)
        .map(|seed| with_faulty(program(bot), seed))
        .find(|(r, _)| {
            // It answers `ok.` to `turn;` (garbage) unless a note comes first.
            r.removals.iter().any(|x| x.reason.contains("error: no"))
        })
        .expect("a note reaches it before its turn");
    removed_last(&result, "refused");
}

#[test]
fn a_person_is_asked_again_until_an_answer_is_legal() {
    // Two players; the person (player 1) holds 1-3, the hidden items are 7 and 8.
    let params = Params::new(2, 8, 2).unwrap();
    let deal = Deal { hidden: set(&[7, 8]), hands: vec![set(&[1, 2, 3]), set(&[4, 5, 6])] };
    let typed = "hello\nask 1: 4\nguess: 7\nguess: 7 8.\n";
    let mut screen = Vec::new();
    let person = Human::new(Box::new(Cursor::new(typed)), Box::new(SharedScreen(&mut screen as *mut Vec<u8>)));
    let mut out = Vec::new();
    let result = play_game(params, deal, vec![Ok(Box::new(person)), random_program(3)], &mut out);
    let screen = String::from_utf8_lossy(&screen).into_owned();
    assert!(screen.contains("you are player 1, holding 1 2 3"), "{screen}");
    assert!(screen.contains("type e.g."), "garbage gets help: {screen}");
    assert!(screen.contains("Not allowed: player 1 cannot be asked"), "{screen}");
    assert!(screen.contains("Not allowed: a guess names exactly 2 items"), "{screen}");
    assert_eq!(result.ranking[0], 0, "the person guessed right first\n{screen}");
    assert!(result.right.contains(&0));
    assert!(result.removals.is_empty());
}

/// The person's screen, read after the game (the arbitrator owns the writer during it).
struct SharedScreen(*mut Vec<u8>);

impl std::io::Write for SharedScreen {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        // SAFETY: the vector outlives the game and nothing else touches it meanwhile.
        unsafe { (*self.0).extend_from_slice(buf) };
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn the_arbiter_binary_prints_a_table_and_refuses_bad_parameters() {
    let run = |args: &[&str]| std::process::Command::new(ARBITER).args(args).output().unwrap();
    let r1 = format!("{RANDOM} --seed 1");
    let r2 = format!("{RANDOM} --seed 2");
    let r3 = format!("{RANDOM} --seed 3");
    let ok = run(&["--items", "13", "--hidden", "4", "--games", "6", "--seed", "4", &r1, &r2, &r3]);
    assert!(ok.status.success());
    let text = String::from_utf8_lossy(&ok.stdout);
    assert!(text.contains("game 6 (deal 5)"), "{text}");
    assert!(text.contains("mean rank") && text.contains("6 games,"), "{text}");
    let quiet = run(&["-q", "--items", "13", "--hidden", "4", "--games", "3", &r1, &r2, &r3]);
    let text = String::from_utf8_lossy(&quiet.stdout);
    assert!(!text.contains("game 1"), "{text}");
    let bad = run(&["--items", "12", "--hidden", "4", &r1, &r2, &r3]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("not a multiple of 3"));
    let one = run(&[&r1]);
    assert_eq!(one.status.code(), Some(2));
}
