//! The referee (library) runs real `score4-bot` processes: alphabeta beats random 20 times out of
//! 20 without an illegal move, and a bot flooding its stderr still plays a normal game.

use score4::referee::{Ending, Keyboard, MatchConfig, Seat, run_match};
use std::time::Duration;

const BOT: &str = env!("CARGO_BIN_EXE_score4-bot");

fn bot(args: &str) -> Seat {
    Seat::Program(format!("{BOT} {args}"))
}

#[test]
fn alphabeta_beats_random_twenty_times() {
    let mut config = MatchConfig::new(bot("--agent alphabeta --movetime-ms 20"), bot("--agent random"));
    config.games = 20;
    config.timeout = Duration::from_secs(10);
    let summary = run_match(&config, &mut Keyboard::none(), &mut std::io::sink());
    assert!(summary.forfeits().is_empty(), "{:?}", summary.forfeits());
    assert_eq!(summary.games.len(), 20);
    for (white_seat, game) in &summary.games {
        assert!(matches!(game.ending, Ending::Line { .. }), "{:?}", game.ending);
        let winner_seat =
            if game.ending.winner() == Some(score4::Color::White) { *white_seat } else { 1 - *white_seat };
        assert_eq!(winner_seat, 0, "random won a game: {:?}", game.moves);
    }
    assert_eq!(summary.wins, [20, 0]);
    // Colours alternated.
    assert_eq!(summary.games.iter().filter(|(w, _)| *w == 0).count(), 10);
}

#[test]
fn a_bot_flooding_stderr_still_plays_its_game() {
    let flood = format!("sh -c 'head -c 2000000 /dev/zero >&2; exec {BOT} -v --agent greedy'");
    let mut config = MatchConfig::new(Seat::Program(flood), bot("--agent random --seed 3"));
    config.timeout = Duration::from_secs(10);
    let summary = run_match(&config, &mut Keyboard::none(), &mut std::io::sink());
    assert!(summary.forfeits().is_empty(), "{:?}", summary.forfeits());
    assert_eq!(summary.games.len(), 1);
}
