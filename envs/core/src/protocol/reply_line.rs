//! The parts every protocol's answer lines share: a line ends in a period, and a bot that
//! cannot carry out a command answers `error: REASON.` Each game reads the rest of its own
//! answers; these keep the common part read and written alike everywhere.

use crate::command_reader::{ProtocolError, quote};
use std::fmt;

/// The text of an answer line before its period, without surrounding white space (a CR/LF
/// included); the error says the period is missing.
///
/// ```
/// use tabula_core::protocol::reply_line::body;
/// assert_eq!(body(" OK .\r\n"), Ok("OK"));
/// assert!(body("ok").is_err());
/// ```
pub fn body(line: &str) -> Result<&str, ProtocolError> {
    let text = line.trim();
    match text.strip_suffix('.') {
        Some(body) => Ok(body.trim()),
        None => Err(ProtocolError(format!("{} does not end in a period", quote(text.as_bytes())))),
    }
}

/// The reason of an error answer: a body starting with `error` in any case, an optional colon.
///
/// ```
/// use tabula_core::protocol::reply_line::error_reason;
/// assert_eq!(error_reason("ERROR: peg B1 is full"), Some("peg B1 is full"));
/// assert_eq!(error_reason("ok"), None);
/// ```
pub fn error_reason(body: &str) -> Option<&str> {
    // `get` keeps a multi-byte character at byte 5 from panicking.
    let head = body.get(..5)?;
    head.eq_ignore_ascii_case("error").then(|| body[5..].trim_start_matches(':').trim())
}

/// True for an error answer exactly as a bot writes it: `error...`, a period, printable ASCII.
pub fn is_error_line(line: &str) -> bool {
    line.starts_with("error") && line.ends_with('.') && line.bytes().all(|b| (0x20..0x7f).contains(&b))
}

/// Writes `error: REASON.`, or `error.` without a reason.
pub fn write_error(f: &mut fmt::Formatter<'_>, reason: &str) -> fmt::Result {
    if reason.is_empty() { f.write_str("error.") } else { write!(f, "error: {reason}.") }
}
