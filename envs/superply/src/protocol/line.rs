//! [`LineReader`]: bytes in, lines out, whatever the reads' boundaries.

use std::collections::VecDeque;

/// The longest line kept; a longer one is reported as [`Err`] once and the rest of it dropped.
pub const MAX_LINE_BYTES: usize = 1024;

/// Splits a byte stream at `\n` (a `\r` before it is dropped). Blank lines yield nothing;
/// bytes that are not UTF-8 are replaced, so any input gives text.
///
/// ```
/// use superply::protocol::LineReader;
/// let mut reader = LineReader::new();
/// reader.feed(b"move 3x");
/// assert_eq!(reader.next_line(), None);
/// reader.feed(b"7\r\n\r\nhistory\n");
/// assert_eq!(reader.next_line(), Some(Ok("move 3x7".to_string())));
/// assert_eq!(reader.next_line(), Some(Ok("history".to_string())));
/// ```
#[derive(Debug, Default)]
pub struct LineReader {
    partial: Vec<u8>,
    overflowed: bool,
    ready: VecDeque<Result<String, usize>>,
}

impl LineReader {
    pub fn new() -> LineReader {
        LineReader::default()
    }

    pub fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if b == b'\n' {
                self.finish();
            } else if self.partial.len() < MAX_LINE_BYTES {
                self.partial.push(b);
            } else if !self.overflowed {
                self.overflowed = true;
                // Reported at once: a client that never sends `\n` must not hold the server.
                self.ready.push_back(Err(MAX_LINE_BYTES));
            }
        }
    }

    /// The next complete line, or `Err(limit)` for one that was too long.
    pub fn next_line(&mut self) -> Option<Result<String, usize>> {
        self.ready.pop_front()
    }

    fn finish(&mut self) {
        let bytes = std::mem::take(&mut self.partial);
        if std::mem::take(&mut self.overflowed) {
            return;
        }
        let text = String::from_utf8_lossy(&bytes).trim().to_string();
        if !text.is_empty() {
            self.ready.push_back(Ok(text));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn several_lines_in_one_read_and_one_line_over_many() {
        let mut r = LineReader::new();
        r.feed(b"hello ann\njoin blue\nmo");
        r.feed(b"ve 1x1\n");
        let lines: Vec<_> = std::iter::from_fn(|| r.next_line()).collect();
        assert_eq!(lines, vec![Ok("hello ann".into()), Ok("join blue".into()), Ok("move 1x1".into())]);
    }

    #[test]
    fn an_overlong_line_is_reported_once_and_the_next_line_reads() {
        let mut r = LineReader::new();
        r.feed(&vec![b'a'; MAX_LINE_BYTES + 10]);
        assert_eq!(r.next_line(), Some(Err(MAX_LINE_BYTES)));
        r.feed(&vec![b'a'; 5000]);
        r.feed(b"\nhistory\n");
        assert_eq!(r.next_line(), Some(Ok("history".into())));
        assert_eq!(r.next_line(), None);
    }

    proptest! {
        #[test]
        fn any_bytes_in_any_pieces(bytes in proptest::collection::vec(any::<u8>(), 0..3000), cut in 0usize..3000) {
            let mut r = LineReader::new();
            let cut = cut.min(bytes.len());
            r.feed(&bytes[..cut]);
            r.feed(&bytes[cut..]);
            while let Some(line) = r.next_line() {
                if let Ok(text) = line {
                    prop_assert!(!text.is_empty() && text.len() <= 3 * MAX_LINE_BYTES && !text.contains('\n'));
                }
            }
        }
    }
}
