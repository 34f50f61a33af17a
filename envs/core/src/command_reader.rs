//! The incremental reader of `;`-terminated commands that the line protocols of Score 4 and
//! Upward-Rightward share: raw bytes in, parsed commands out, whatever the reads' boundaries.
//! Each game says how one command's text parses and how long a command may be ([`ParseCommand`]).

use std::collections::VecDeque;

/// A game's command type, as the reader needs it.
pub trait ParseCommand: Sized {
    type Error;
    /// The longest command text kept. Longer text is dropped as it arrives, so hostile input
    /// without `;` cannot eat memory, and the command is answered with an error once its `;` comes.
    const MAX_BYTES: usize;
    /// Parses the text between two semicolons (not only white space).
    fn parse(text: &[u8]) -> Result<Self, Self::Error>;
    /// The error for a command longer than [`Self::MAX_BYTES`].
    fn too_long() -> Self::Error;
}

/// Splits a byte stream into commands at `;`.
///
/// Text between semicolons that is only white space (`move;;`, a CR/LF after the last `;`) is
/// not a command and gets no answer; anything else yields one `Ok` or one `Err`, so a bot answers
/// exactly one line for it.
///
/// ```
/// use tabula_core::command_reader::{CommandReader, ParseCommand};
/// struct Word(String);
/// impl ParseCommand for Word {
///     type Error = String;
///     const MAX_BYTES: usize = 8;
///     fn parse(text: &[u8]) -> Result<Word, String> {
///         Ok(Word(String::from_utf8_lossy(text).trim().to_lowercase()))
///     }
///     fn too_long() -> String {
///         "too long".into()
///     }
/// }
/// let mut reader = CommandReader::<Word>::new();
/// reader.feed(b"MOVE; qu");
/// assert_eq!(reader.next_command().unwrap().unwrap().0, "move");
/// assert!(reader.next_command().is_none()); // "qu" waits for the rest
/// reader.feed(b"it;\r\n;;");
/// assert_eq!(reader.next_command().unwrap().unwrap().0, "quit");
/// assert!(reader.next_command().is_none());
/// ```
pub struct CommandReader<C: ParseCommand> {
    partial: Vec<u8>,
    overflowed: bool,
    ready: VecDeque<Result<C, C::Error>>,
}

impl<C: ParseCommand> Default for CommandReader<C> {
    fn default() -> Self {
        CommandReader { partial: Vec::new(), overflowed: false, ready: VecDeque::new() }
    }
}

impl<C: ParseCommand> std::fmt::Debug for CommandReader<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CommandReader")
            .field("partial_bytes", &self.partial.len())
            .field("overflowed", &self.overflowed)
            .field("ready", &self.ready.len())
            .finish()
    }
}

impl<C: ParseCommand> CommandReader<C> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Takes the next chunk of input, of any size and content.
    pub fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if b == b';' {
                self.finish_command();
            } else if self.partial.len() < C::MAX_BYTES {
                self.partial.push(b);
            } else {
                self.overflowed = true;
            }
        }
    }

    /// The next complete command, in order of arrival.
    pub fn next_command(&mut self) -> Option<Result<C, C::Error>> {
        self.ready.pop_front()
    }

    /// True while text after the last `;` is waiting for its semicolon (white space aside).
    pub fn has_partial_command(&self) -> bool {
        self.overflowed || self.partial.iter().any(|b| !b.is_ascii_whitespace())
    }

    fn finish_command(&mut self) {
        let text = std::mem::take(&mut self.partial);
        if std::mem::take(&mut self.overflowed) {
            self.ready.push_back(Err(C::too_long()));
        } else if text.iter().any(|b| !b.is_ascii_whitespace()) {
            self.ready.push_back(C::parse(&text));
        }
    }
}

/// Shows untrusted text inside a one-line message: printable ASCII only, at most 32 characters,
/// in double quotes.
///
/// ```
/// assert_eq!(tabula_core::command_reader::quote(b"move\n\xff"), "\"move??\"");
/// ```
pub fn quote(bytes: &[u8]) -> String {
    let mut out = String::from("\"");
    for (i, &b) in bytes.iter().enumerate() {
        if i == 32 {
            out.push_str("...");
            break;
        }
        out.push(if (0x20..0x7f).contains(&b) && b != b'"' { b as char } else { '?' });
    }
    out.push('"');
    out
}

/// The reason of an `error: REASON.` answer: one line of printable ASCII (anything else becomes
/// `?`), at most 200 characters, without surrounding space or a final period.
///
/// ```
/// assert_eq!(tabula_core::command_reader::one_line(" bad\nthing. "), "bad?thing");
/// ```
pub fn one_line(reason: impl std::fmt::Display) -> String {
    let text = reason.to_string();
    let clean: String =
        text.chars().map(|c| if c.is_ascii_graphic() || c == ' ' { c } else { '?' }).take(200).collect();
    clean.trim().trim_end_matches('.').to_string()
}

/// Why a command or an answer line is not one: a short phrase without a final period. Games
/// name it after its use (`ParseError`, `ReplyError`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProtocolError(pub String);

impl std::fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ProtocolError {}
