//! The words both sides of Clue's protocol are written in: lower-case words, player numbers and
//! item numbers, read alike in commands and replies.

pub(super) use tabula_core::command_reader::quote;

/// Words of a command or reply: lower case, colons and commas as spaces.
pub(super) fn words(text: &str) -> Vec<String> {
    text.to_ascii_lowercase().replace([':', ','], " ").split_ascii_whitespace().map(str::to_string).collect()
}

/// A player number as written (from 1), as a seat (from 0).
pub(super) fn seat(word: &str) -> Option<tabula_core::Player> {
    word.parse::<usize>().ok().filter(|&n| (1..=9).contains(&n)).map(|n| n - 1)
}

/// Item numbers, all of them (`None` if a word is not an item).
pub(super) fn items(words: &[String]) -> Option<crate::ItemSet> {
    words
        .iter()
        .map(|w| w.parse::<usize>().ok().and_then(crate::Item::new))
        .collect::<Option<Vec<_>>>()
        .map(|v| v.into_iter().collect())
}
