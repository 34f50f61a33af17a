//! Hostile input for the protocol reader and the bot's session, in-process: arbitrary bytes cut
//! into arbitrary reads, and arbitrary command sequences. Nothing panics, every reply is one
//! well-formed line, and errors leave the board as it was.

use proptest::prelude::*;
use score4::protocol::{BotSession, Command, CommandReader, Reply};
use score4::{Board, Color, Peg};

fn first_legal(board: &Board) -> Peg {
    board.legal_pegs().next().expect("the session asks only while the game is on")
}

/// Feeds `bytes` in chunks of the given sizes; returns every reply.
fn run(bytes: &[u8], cuts: &[usize]) -> Vec<String> {
    let mut reader = CommandReader::new();
    let mut session = BotSession::new(first_legal);
    let mut replies = Vec::new();
    let mut rest = bytes;
    let mut cuts = cuts.iter().cycle();
    while !rest.is_empty() {
        let n = (*cuts.next().unwrap_or(&1)).clamp(1, rest.len());
        reader.feed(&rest[..n]);
        rest = &rest[n..];
        while let Some(parsed) = reader.next_command() {
            let before = *session.board();
            let reply = session.handle_parsed(parsed);
            if matches!(reply, Reply::Error(_)) {
                assert_eq!(*session.board(), before, "an error changed the board");
            }
            replies.push(reply.to_string());
        }
    }
    replies
}

/// Words that make real commands likely among the noise.
fn protocol_bytes() -> impl Strategy<Value = Vec<u8>> {
    let token = prop_oneof![
        Just(b"play white".to_vec()),
        Just(b"PLAY Black".to_vec()),
        Just(b"move".to_vec()),
        Just(b"restart".to_vec()),
        Just(b"note: white plays ".to_vec()),
        Just(b"note:black plays ".to_vec()),
        "[A-Ea-e][0-5]".prop_map(|s| s.into_bytes()),
        Just(b";".to_vec()),
        Just(b"\r\n".to_vec()),
        Just(b"  ".to_vec()),
        proptest::collection::vec(any::<u8>(), 0..8),
    ];
    proptest::collection::vec(token, 0..60).prop_map(|parts| parts.concat())
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
    fn arbitrary_bytes_get_well_formed_replies(bytes in proptest::collection::vec(any::<u8>(), 0..600),
                                               cuts in proptest::collection::vec(1usize..40, 1..8)) {
        for line in run(&bytes, &cuts) {
            prop_assert!(Reply::is_well_formed(&line), "{:?}", line);
        }
    }

    #[test]
    fn protocol_like_noise_gets_well_formed_replies(bytes in protocol_bytes(),
                                                    cuts in proptest::collection::vec(1usize..40, 1..8)) {
        let whole = run(&bytes, &[usize::MAX]);
        for line in &whole {
            prop_assert!(Reply::is_well_formed(line), "{:?}", line);
        }
        // How the bytes are cut into reads changes nothing.
        prop_assert_eq!(run(&bytes, &cuts), whole);
    }

    #[test]
    fn command_sequences_keep_the_board_consistent(cmds in proptest::collection::vec(command(), 0..120)) {
        let mut session = BotSession::new(first_legal);
        let mut reader = CommandReader::new();
        let mut mirror = Board::new();
        for cmd in cmds {
            // Through the wire form, as a referee would send it.
            reader.feed(format!("{cmd}\n").as_bytes());
            let parsed = reader.next_command().expect("one command per send");
            prop_assert_eq!(&parsed, &Ok(cmd));
            let reply = session.handle_parsed(parsed);
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
