//! Splits a command line the way a POSIX shell splits words (without expanding anything), so a
//! referee's `--black "score4-bot --agent 'alpha beta'"` starts `score4-bot` with two arguments.
//! Every referee that starts bot programs from a command line uses it.

/// Words of `line`: white space separates; `'...'` is literal; `"..."` keeps spaces and lets `\`
/// escape `"`, `\`, `$` and `` ` ``; a `\` outside quotes escapes the next character.
///
/// ```
/// use tabula_core::argv::split_words;
/// assert_eq!(split_words(r#"bot --name "big  bot" 'a b' c\ d"#).unwrap(), ["bot", "--name", "big  bot", "a b", "c d"]);
/// assert!(split_words("bot 'open").is_err());
/// ```
pub fn split_words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(format!("unterminated single quote in {line:?}")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(format!("unterminated double quote in {line:?}")),
                        },
                        Some(c) => word.push(c),
                        None => return Err(format!("unterminated double quote in {line:?}")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => word.push(c),
                    None => return Err(format!("{line:?} ends with a backslash")),
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_like_a_shell() {
        assert_eq!(split_words("  a  b\tc ").unwrap(), ["a", "b", "c"]);
        assert_eq!(split_words(r#"sh -c 'echo "hi"; exit 3'"#).unwrap(), ["sh", "-c", r#"echo "hi"; exit 3"#]);
        assert_eq!(split_words(r#""a\"b" '' x"#).unwrap(), ["a\"b", "", "x"]);
        assert!(split_words("").unwrap().is_empty());
        assert!(split_words("a \"b").is_err());
        assert!(split_words("a\\").is_err());
    }
}
