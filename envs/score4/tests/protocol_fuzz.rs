//! Hostile input for the protocol reader and the bot's session, in-process: arbitrary bytes cut
//! into arbitrary reads (tabula's shared checks, [`tabula_core::protocol::hostile`]), and
//! arbitrary command sequences. Nothing panics, every reply is one well-formed line, and errors
//! leave the board as it was.

use proptest::prelude::*;
use score4::protocol::{BotSession, Command, Reply};
use score4::{Board, Color, Peg};
use tabula_core::protocol::hostile::{Subject, check_reader_edges, through_the_wire};

fn first_legal(board: &Board) -> Peg {
    board.legal_pegs().next().expect("the session asks only while the game is on")
}

/// Words that make real commands likely among the noise.
const WORDS: &[&str] = &[
    "play white",
    "PLAY Black",
    "move",
    "restart",
    "note: white plays ",
    "note:black plays ",
    "A1",
    "b2",
    "C4",
    "d3",
    "E1",
    "a0",
    "B5",
];

#[test]
fn hostile_input_gets_well_formed_replies_however_it_is_cut() {
    check_reader_edges(Command::Move, Command::Quit);
    let subject = Subject {
        new_session: || BotSession::new(first_legal),
        answer: |session, parsed| session.handle_parsed(parsed).to_string(),
        state: |session| *session.board(),
        well_formed: Reply::is_well_formed,
        words: WORDS,
    };
    subject.check_hostile_input(256, 1);
}

fn command() -> impl Strategy<Value = Command> {
    let colour = prop_oneof![Just(Color::White), Just(Color::Black)];
    let peg = (0usize..16).prop_map(|i| Peg::new(i).unwrap());
    prop_oneof![
        1 => Just(Command::Restart),
        2 => colour.clone().prop_map(Command::Play),
        4 => Just(Command::Move),
        8 => (colour, peg).prop_map(|(c, p)| Command::Note(c, p)),
    ]
}

proptest! {
    #[test]
    fn command_sequences_keep_the_board_consistent(cmds in proptest::collection::vec(command(), 0..120)) {
        let mut session = BotSession::new(first_legal);
        let mut mirror = Board::new();
        for cmd in cmds {
            // Through the wire form, as a referee would send it.
            let reply = session.handle(through_the_wire(&cmd));
            prop_assert!(Reply::is_well_formed(&reply.to_string()));
            match (cmd, &reply) {
                (Command::Restart, _) => mirror = Board::new(),
                (Command::Move, Reply::Move(p)) => { mirror.play(*p).unwrap(); }
                (Command::Note(..), Reply::Ok) => {
                    if mirror != *session.board() {
                        // Either a legal move or an ignored echo of the last one.
                        let mut m = mirror;
                        if let Command::Note(_, p) = cmd { m.play(p).unwrap(); }
                        mirror = m;
                    }
                }
                (Command::Move | Command::Note(..), Reply::Error(_)) => {}
                (Command::Play(_), Reply::Ok) => {}
                (c, r) => prop_assert!(false, "{:?} answered {:?}", c, r),
            }
            prop_assert_eq!(mirror, *session.board());
        }
    }
}
