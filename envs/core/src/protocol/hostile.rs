//! The checks every game's bot session must pass against hostile input, written once: any
//! bytes, cut into reads anywhere, get one well-formed answer line per command, never a panic;
//! an error answer leaves the session's game as it was; how the bytes are cut changes nothing;
//! and every command survives its trip through the wire form. Games call these from their
//! tests with their own session, answer check and words.

use super::move_reply::{MoveReply, Notation};
use crate::command_reader::{CommandReader, ParseCommand};
use crate::rng::rng_from_seed;
use rand::Rng;
use std::fmt;

/// How a bot's session `S` answers one command `C` (or text that did not parse).
pub type Answer<S, C> = fn(&mut S, Result<C, <C as ParseCommand>::Error>) -> String;

/// Feeds `bytes` to `session` in reads of the sizes in `cuts` (taken in turn), and returns every
/// answer. Panics if an error answer changed what `state` shows of the session.
pub fn answers_in_reads<S, C: ParseCommand, T: PartialEq + fmt::Debug>(
    session: &mut S,
    answer: Answer<S, C>,
    bytes: &[u8],
    cuts: &[usize],
    state: impl Fn(&S) -> T,
) -> Vec<String> {
    let mut reader = CommandReader::<C>::new();
    let mut answers = Vec::new();
    let mut rest = bytes;
    let mut cuts = cuts.iter().cycle();
    while !rest.is_empty() {
        let n = (*cuts.next().unwrap_or(&1)).clamp(1, rest.len());
        reader.feed(&rest[..n]);
        rest = &rest[n..];
        while let Some(parsed) = reader.next_command() {
            let before = state(session);
            let line = answer(session, parsed);
            if line.starts_with("error") {
                assert_eq!(state(session), before, "the answer {line:?} changed the game");
            }
            answers.push(line);
        }
    }
    answers
}

/// A bot's session under test: how to make one and how it answers, what of it an error must
/// leave alone, and which answer lines are well formed.
pub struct Subject<S, C: ParseCommand, T> {
    pub new_session: fn() -> S,
    pub answer: Answer<S, C>,
    pub state: fn(&S) -> T,
    pub well_formed: fn(&str) -> bool,
    /// Words of the game's commands (`play white`, `note: first plays `, `b3`), so that real
    /// commands turn up among the noise.
    pub words: &'static [&'static str],
}

impl<S, C: ParseCommand, T: PartialEq + fmt::Debug> Subject<S, C, T> {
    /// Random bytes and random protocol-like noise, `cases` of each from `seed`, cut into
    /// random reads: every answer is well formed and the cuts change no answer.
    pub fn check_hostile_input(&self, cases: usize, seed: u64) {
        let mut rng = rng_from_seed(seed);
        for case in 0..2 * cases {
            let bytes = if case % 2 == 0 { random_bytes(&mut rng, 600) } else { self.noise(&mut rng) };
            let cuts: Vec<usize> = (0..rng.random_range(1..8)).map(|_| rng.random_range(1..40)).collect();
            let whole = self.answers(&bytes, &[usize::MAX]);
            for line in &whole {
                assert!((self.well_formed)(line), "{line:?} answers {:?}", String::from_utf8_lossy(&bytes));
            }
            assert_eq!(self.answers(&bytes, &cuts), whole, "reads of {cuts:?} answer {bytes:?} otherwise");
        }
    }

    fn answers(&self, bytes: &[u8], cuts: &[usize]) -> Vec<String> {
        answers_in_reads(&mut (self.new_session)(), self.answer, bytes, cuts, self.state)
    }

    /// Up to 80 pieces: the game's words, separators, or a few random bytes.
    fn noise(&self, rng: &mut impl Rng) -> Vec<u8> {
        const SEPARATORS: [&str; 5] = [";", ";", "\r\n", " ", ","];
        let mut bytes = Vec::new();
        for _ in 0..rng.random_range(0..80) {
            match rng.random_range(0..3) {
                0 => bytes.extend(self.words[rng.random_range(0..self.words.len())].bytes()),
                1 => bytes.extend(SEPARATORS[rng.random_range(0..SEPARATORS.len())].bytes()),
                _ => bytes.extend(random_bytes(rng, 8)),
            }
        }
        bytes
    }
}

fn random_bytes(rng: &mut impl Rng, most: usize) -> Vec<u8> {
    (0..rng.random_range(0..most)).map(|_| rng.random()).collect()
}

/// `command` as a referee sends it (its `Display`, with a newline), read back by a bot's
/// reader; panics unless exactly the same command comes back.
pub fn through_the_wire<C>(command: &C) -> C
where
    C: ParseCommand + fmt::Display + PartialEq + fmt::Debug,
    C::Error: fmt::Debug,
{
    let mut reader = CommandReader::<C>::new();
    reader.feed(format!("{command}\n").as_bytes());
    let parsed = reader.next_command().expect("one command per send");
    let parsed = parsed.unwrap_or_else(|e| panic!("{command} reads back as the error {e:?}"));
    assert_eq!(&parsed, command, "the wire form {command}");
    assert!(reader.next_command().is_none() && !reader.has_partial_command(), "{command} is more than one command");
    parsed
}

/// The reader's edges with a game's commands (`move` and `quit` as the game reads them):
/// empty commands get no answer, and an overlong one gets one error once its `;` comes, after
/// which the reader goes on.
pub fn check_reader_edges<C>(move_command: C, quit_command: C)
where
    C: ParseCommand + PartialEq + fmt::Debug,
    C::Error: fmt::Display + fmt::Debug,
{
    let drain = |r: &mut CommandReader<C>| std::iter::from_fn(|| r.next_command()).collect::<Vec<_>>();
    let mut r = CommandReader::<C>::new();
    r.feed(b";; \r\n;move;;");
    let out = drain(&mut r);
    assert!(out.len() == 1 && out[0].as_ref().is_ok_and(|c| *c == move_command), "{out:?}");
    r.feed(&vec![b'x'; 10 * C::MAX_BYTES]);
    assert!(r.has_partial_command());
    assert!(drain(&mut r).is_empty());
    r.feed(b"; quit;");
    let out = drain(&mut r);
    assert_eq!(out.len(), 2);
    assert!(out[0].as_ref().is_err_and(|e| e.to_string().contains("longer")), "{out:?}");
    assert!(out[1].as_ref().is_ok_and(|c| *c == quit_command), "{out:?}");
}

/// A game's answers through their wire form: `ok.`, `a_move` and an error each read back as
/// themselves, also shouted with spaces and a CR/LF around; an error's reason stays one line of
/// printable ASCII; and none of `bad` is an answer.
pub fn check_move_replies<N: Notation + Clone + PartialEq + fmt::Debug>(a_move: N::Move, bad: &[&str]) {
    let replies = [MoveReply::<N>::Ok, MoveReply::Move(a_move), MoveReply::error("not now")];
    for r in replies {
        let line = r.to_string();
        assert!(MoveReply::<N>::is_well_formed(&line), "{line}");
        assert_eq!(MoveReply::parse(&line), Ok(r.clone()));
        let shouted = MoveReply::<N>::parse(&format!("  {}\r\n", line.to_uppercase())).unwrap();
        assert_eq!(std::mem::discriminant(&shouted), std::mem::discriminant(&r));
    }
    let line = MoveReply::<N>::error("bad\nthing\u{1b}[31m é").to_string();
    assert!(MoveReply::<N>::is_well_formed(&line), "{line}");
    assert!(!line.contains('\n'));
    for line in bad {
        assert!(MoveReply::<N>::parse(line).is_err(), "{line:?}");
    }
}
