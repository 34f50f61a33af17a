//! `superply-server` as its users meet it: real sockets on 127.0.0.1, lines as a person types them.

use std::net::SocketAddr;
use std::thread;
use std::time::Duration;
use superply::protocol::{Client, MAX_LINE_BYTES, Message, Mirror};
use superply::server::{MAX_BAD_LINES, Settings, spawn};
use superply::{Mode, Side};

fn server(settings: Settings) -> SocketAddr {
    spawn(Settings { seed: Some(7), ..settings }, "127.0.0.1:0".parse().unwrap(), None, 2).unwrap().tcp
}

/// A person at a terminal: sends lines, reads the server's.
struct Person(Client);

impl Person {
    fn connect(addr: SocketAddr) -> Person {
        let client = Client::connect(addr).unwrap();
        client.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        let mut person = Person(client);
        assert_eq!(person.line(), "superply 1");
        person
    }

    fn say(&mut self, text: &str) {
        self.0.send_raw(text).unwrap();
    }

    /// Bytes as they are, no newline added.
    fn send_bytes(&mut self, bytes: &[u8]) {
        use std::io::Write;
        self.0.try_clone_stream().unwrap().write_all(bytes).unwrap();
    }

    /// The next line; panics at the end of the connection.
    fn line(&mut self) -> String {
        self.0.next_line().unwrap().expect("the server closed the connection")
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> String {
        loop {
            let line = self.line();
            if line.starts_with(prefix) {
                return line;
            }
        }
    }

    /// Whether the server closes the connection (after any lines still queued).
    fn closed(&mut self) -> bool {
        loop {
            match self.0.next_line() {
                Ok(None) => return true,
                Ok(Some(_)) => continue,
                Err(_) => return true,
            }
        }
    }
}

/// Plays as `side` to the end, claiming the first cell of each hint; every line it heard.
fn first_cell_player(mut person: Person, side: Side) -> thread::JoinHandle<Vec<String>> {
    thread::spawn(move || {
        let mut heard = Vec::new();
        loop {
            let line = person.line();
            heard.push(line.clone());
            match Message::parse(&line) {
                Ok(Message::Hint { side: s, cells, .. }) if s == side => person.say(&format!("move {}", cells[0])),
                Ok(Message::Over { .. }) => return heard,
                _ => {}
            }
        }
    })
}

#[test]
fn two_people_play_whole_games_in_both_modes() {
    for mode in [Mode::Deterministic, Mode::Random] {
        let addr = server(Settings { mode, ..Settings::default() });
        let (mut ann, mut bob) = (Person::connect(addr), Person::connect(addr));
        ann.say("  HELLO   Ann\r");
        assert_eq!(ann.line(), "hello Ann");
        ann.say("join blue");
        assert_eq!(ann.line(), "waiting 1 blue");
        // A command split over two packets still reads as one line.
        bob.send_bytes(b"hello Bob\njo");
        thread::sleep(Duration::from_millis(50));
        bob.say("in either");
        assert_eq!(bob.until("start"), format!("start 1 9 {mode} red Ann"));
        assert_eq!(ann.line(), format!("start 1 9 {mode} blue Bob"));
        let hint = ann.line();
        assert!(hint.starts_with("hint blue "), "{hint}");
        ann.say("board");
        assert_eq!(ann.line(), "board 1 : .........".to_string() + &"/.........".repeat(8));
        // Play on from here: Ann claims the first allowed cell of the hint she already has.
        let first = Message::parse(&hint).unwrap();
        let Message::Hint { cells, .. } = &first else { unreachable!() };
        ann.say(&format!("move {}", cells[0]));
        let players = [first_cell_player(ann, Side::Blue), first_cell_player(bob, Side::Red)];
        let [ann_heard, bob_heard] = players.map(|p| p.join().unwrap());
        let (ann_over, bob_over) = (ann_heard.last().unwrap(), bob_heard.last().unwrap());
        assert_eq!(ann_over, bob_over);
        // Replaying what Bob heard gives a board on which the named path is the winner's and joins.
        let mut mirror = Mirror::new(1, 9, mode, Side::Red).unwrap();
        mirror.follow(&first).unwrap();
        for line in &bob_heard {
            mirror.follow(&Message::parse(line).unwrap()).unwrap_or_else(|e| panic!("{line}: {e}"));
        }
        let Ok(Message::Over { winner, path, reason: None, .. }) = Message::parse(ann_over) else {
            panic!("{ann_over}")
        };
        let board = mirror.state().board();
        assert!(board.connected(winner), "{ann_over}");
        assert!(!path.is_empty());
        for cell in &path {
            assert_eq!(board.owner(mirror.state().parse_cell(cell).unwrap()), Some(winner), "{cell} in {ann_over}");
        }
    }
}

/// Two connections seated at one game: (blue, red), both past the `start` line.
fn seated(addr: SocketAddr) -> (Person, Person) {
    let (mut blue, mut red) = (Person::connect(addr), Person::connect(addr));
    blue.say("join blue");
    blue.until("waiting");
    red.say("join red");
    blue.until("start");
    red.until("start");
    (blue, red)
}

#[test]
fn a_player_who_leaves_loses_and_other_games_go_on() {
    let addr = server(Settings::default());
    let (mut blue, mut red) = seated(addr);
    let (other_blue, other_red) = seated(addr);
    blue.until("hint blue");
    drop(blue);
    assert_eq!(red.until("over"), "over 1 red wins by leaving");
    // The second game, untouched, plays to its end.
    let heard =
        [first_cell_player(other_blue, Side::Blue), first_cell_player(other_red, Side::Red)].map(|h| h.join().unwrap());
    assert!(heard[0].last().unwrap().starts_with("over 2 "), "{:?}", heard[0].last());
    // Red, back in the lobby, can play again.
    red.say("join either");
    assert_eq!(red.line(), "waiting 3 blue");
}

#[test]
fn a_silent_mover_loses_on_time() {
    let addr = server(Settings { move_time: Duration::from_millis(300), ..Settings::default() });
    let (mut blue, mut red) = seated(addr);
    assert_eq!(red.until("over"), "over 1 red wins by timeout");
    assert_eq!(blue.until("over"), "over 1 red wins by timeout");
}

#[test]
fn claims_out_of_turn_are_refused_and_a_cell_outside_the_hint_loses() {
    let addr = server(Settings { mode: Mode::Deterministic, ..Settings::default() });
    let (mut blue, mut red) = seated(addr);
    // The list starts with `odd`: 2x2 shows 4.
    assert!(blue.until("hint").starts_with("hint blue odd : 1x1 1x3"));
    red.say("move 1x1");
    assert_eq!(red.until("error"), "error it is blue's turn");
    blue.say("move 2x2");
    assert_eq!(blue.line(), "error 2x2 shows 4, which is not odd");
    assert_eq!(blue.line(), "over 1 red wins by illegal-move");
    assert_eq!(red.until("over"), "over 1 red wins by illegal-move");
}

#[test]
fn a_cell_off_the_board_loses_too() {
    let addr = server(Settings::default());
    let (mut blue, mut red) = seated(addr);
    blue.until("hint");
    blue.say("move 12x3");
    assert_eq!(blue.line(), "error \"12x3\": rows and columns run from 1 to 9");
    assert_eq!(red.until("over"), "over 1 red wins by illegal-move");
}

#[test]
fn malformed_lines_get_an_error_each_and_too_many_close_the_connection() {
    let addr = server(Settings::default());
    let mut person = Person::connect(addr);
    person.say("dance");
    assert!(person.line().starts_with("error unknown request \"dance\""));
    person.say("history");
    assert_eq!(person.line(), "error not in a game: join blue, red or either");
    let (mut blue, mut red) = seated(addr);
    blue.until("hint");
    for _ in 0..MAX_BAD_LINES {
        blue.0.send_raw("\u{0}\u{7f}garbage \u{fffd}").unwrap();
    }
    assert_eq!(blue.until("error 10"), "error 10 lines in a row not understood; closing");
    assert!(blue.closed());
    assert_eq!(red.until("over"), "over 1 red wins by leaving");
}

#[test]
fn an_over_long_line_closes_the_connection_and_loses_the_game() {
    let addr = server(Settings::default());
    let (mut blue, mut red) = seated(addr);
    blue.until("hint");
    blue.0.send_raw(&"x".repeat(MAX_LINE_BYTES + 10)).unwrap();
    assert_eq!(blue.until("error"), format!("error a line longer than {MAX_LINE_BYTES} bytes; closing"));
    assert!(blue.closed());
    assert_eq!(red.until("over"), "over 1 red wins by leaving");
}

#[test]
fn idle_connections_are_closed_and_a_waiting_seat_is_freed() {
    let addr = server(Settings { idle: Duration::from_millis(300), ..Settings::default() });
    let mut idle = Person::connect(addr);
    idle.say("join blue");
    assert_eq!(idle.line(), "waiting 1 blue");
    assert_eq!(idle.line(), "error idle for 300ms; closing");
    assert!(idle.closed());
    // The seat it waited at is gone: the next two players get a new game.
    let mut ann = Person::connect(addr);
    ann.say("join red");
    assert_eq!(ann.line(), "waiting 2 red");
}
