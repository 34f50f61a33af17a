//! Hostile input for the protocol reader, the bot's session and `serve`, in-process: arbitrary
//! bytes cut into arbitrary reads and protocol-like noise (tabula's shared checks,
//! [`tabula_core::protocol::hostile`]), and arbitrary command sequences.
//! Nothing panics, every reply is one well-formed line, and errors leave the game as it was.

use proptest::prelude::*;
use std::io::{self, Write};
use tabula_core::protocol::hostile::{Subject, check_reader_edges, through_the_wire};
use tabula_core::{Action, State};
use upright::moves::{MoveSquare, whole_move};
use upright::protocol::{BotSession, Command, Reply, serve};
use upright::{Side, Square, UprightState, Variant};

fn first_legal(s: &UprightState) -> Vec<Action> {
    whole_move(s, |s| s.legal_actions()[0])
}

/// Words that make real commands likely among the noise.
const WORDS: &[&str] = &[
    "new 3 first",
    "NEW 4 Second reach=line",
    "new 2 first colour=free",
    "move",
    "quit",
    "end: first 3 second 4",
    "note: first plays ",
    "note:second plays ",
    "a1",
    "B2x",
    "c3o",
    "d4",
    "e0",
    "A5X",
];

#[test]
fn hostile_input_gets_well_formed_replies_however_it_is_cut() {
    check_reader_edges(Command::Move, Command::Quit);
    Subject {
        new_session: || BotSession::new(first_legal),
        answer: |session, parsed| session.handle_parsed(parsed).to_string(),
        state: |session| *session.state(),
        well_formed: Reply::is_well_formed,
        words: WORDS,
    }
    .check_hostile_input(256, 2);
}

/// Protocol-like noise as proptest makes it, for `serve`.
fn protocol_bytes() -> impl Strategy<Value = Vec<u8>> {
    let word = proptest::sample::select(WORDS).prop_map(|w| w.as_bytes().to_vec());
    let token =
        prop_oneof![word, Just(b";".to_vec()), Just(b"\r\n".to_vec()), proptest::collection::vec(any::<u8>(), 0..8)];
    proptest::collection::vec(token, 0..80).prop_map(|parts| parts.concat())
}

fn square(size: usize) -> impl Strategy<Value = MoveSquare> {
    (0..size, 0..size, prop_oneof![Just(None), Just(Some(upright::Colour::O)), Just(Some(upright::Colour::X))])
        .prop_map(|(r, c, colour)| MoveSquare { square: Square::at(r, c).unwrap(), colour })
}

fn command() -> impl Strategy<Value = Command> {
    let side = prop_oneof![Just(Side::First), Just(Side::Second)];
    prop_oneof![
        1 => (2usize..5, side.clone()).prop_map(|(size, side)| Command::New { size, side, variant: Variant::default() }),
        4 => Just(Command::Move),
        8 => (side, proptest::collection::vec(square(4), 1..4)).prop_map(|(side, squares)| Command::Note { side, squares }),
    ]
}

/// A writer that fails like a closed pipe after `left` bytes.
struct BrokenPipe {
    left: usize,
}

impl Write for BrokenPipe {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.left == 0 {
            return Err(io::Error::new(io::ErrorKind::BrokenPipe, "the referee has gone"));
        }
        let n = buf.len().min(self.left);
        self.left -= n;
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

proptest! {
    #[test]
    fn serve_answers_each_command_once_and_survives_a_broken_pipe(bytes in protocol_bytes(), left in 0usize..200) {
        let mut out = Vec::new();
        serve(bytes.as_slice(), &mut out, first_legal, io::sink()).unwrap();
        let text = String::from_utf8(out).unwrap();
        for line in text.lines() {
            prop_assert!(Reply::is_well_formed(line), "{:?}", line);
        }
        // A referee that closes our output: an error comes back, no panic.
        let _ = serve(bytes.as_slice(), BrokenPipe { left }, first_legal, io::sink());
    }

    #[test]
    fn command_sequences_keep_the_game_consistent(cmds in proptest::collection::vec(command(), 0..120)) {
        let mut session = BotSession::new(first_legal);
        let mut mirror = *session.state();
        for cmd in cmds {
            // Through the wire form, as a referee would send it.
            let reply = session.handle(through_the_wire(&cmd));
            prop_assert!(Reply::is_well_formed(&reply.to_string()));
            match (&cmd, &reply) {
                (Command::New { size, variant, .. }, Reply::Ok) => mirror = UprightState::new(*size, *variant).unwrap(),
                (Command::Move, Reply::Move(squares)) => { mirror.play_move(squares).unwrap(); }
                (Command::Note { squares, .. }, Reply::Ok) => {
                    // Either a legal move or an ignored echo of the last one.
                    if mirror != *session.state() {
                        mirror.play_move(squares).unwrap();
                    }
                }
                (Command::Move | Command::Note { .. }, Reply::Error(_)) => {}
                (c, r) => prop_assert!(false, "{:?} answered {:?}", c, r),
            }
            prop_assert_eq!(mirror, *session.state());
        }
    }
}

#[test]
fn a_whole_game_between_two_sessions_ends_with_both_scores() {
    // Two bots, each told of the other's moves, play a 5 x 5 game to the end.
    let mut bots = [BotSession::new(first_legal), BotSession::new(first_legal)];
    for (side, bot) in Side::BOTH.into_iter().zip(&mut bots) {
        assert_eq!(bot.handle(Command::New { size: 5, side, variant: Variant::default() }), Reply::Ok);
    }
    let mut moves = 0;
    while !bots[0].state().is_over() {
        let side = bots[0].state().to_move();
        let Reply::Move(squares) = bots[side.index()].handle(Command::Move) else { panic!("no move") };
        assert_eq!(bots[side.other().index()].handle(Command::Note { side, squares }), Reply::Ok);
        moves += 1;
    }
    assert_eq!(bots[0].state(), bots[1].state());
    assert!(moves > 9, "phase 1 alone is 9 one-square moves on 5 x 5; phase 2 adds at least one");
    let scores = bots[0].state().scores();
    assert_eq!(bots[1].handle(Command::End { scores }), Reply::Ok);
    assert!(bots[1].take_diagnostics().is_empty());
    assert_eq!(bots[0].handle(Command::Move), Reply::error("the game is over"));
}
