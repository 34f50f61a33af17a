//! Turns Rust source into the few tokens the import analysis needs: identifiers, `::`, and single
//! punctuation characters. Comments, string and character literals, lifetimes and numbers are
//! dropped (a literal becomes [`Tok::Literal`] so that it still separates the tokens around it).

/// One token of Rust source, as coarse as the analysis allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    /// An identifier or keyword (`r#` stripped from raw identifiers).
    Ident(String),
    /// The path separator `::`.
    PathSep,
    /// Any other single punctuation character.
    Punct(char),
    /// A string, character or number literal, or a lifetime.
    Literal,
}

impl Tok {
    pub fn is_ident(&self, word: &str) -> bool {
        matches!(self, Tok::Ident(w) if w == word)
    }

    pub fn ident(&self) -> Option<&str> {
        match self {
            Tok::Ident(w) => Some(w),
            _ => None,
        }
    }
}

/// The tokens of `source`.
pub fn tokenize(source: &str) -> Vec<Tok> {
    let chars: Vec<char> = source.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            i = skip_line(&chars, i);
        } else if c == '/' && next == Some('*') {
            i = skip_block_comment(&chars, i);
        } else if let Some(end) = string_literal_end(&chars, i) {
            toks.push(Tok::Literal);
            i = end;
        } else if c == '\'' {
            toks.push(Tok::Literal);
            i = quote_end(&chars, i);
        } else if c.is_ascii_digit() {
            toks.push(Tok::Literal);
            i = word_end(&chars, i);
        } else if c == '_' || c.is_alphabetic() {
            let start = if c == 'r' && next == Some('#') { i + 2 } else { i };
            let end = word_end(&chars, start);
            toks.push(Tok::Ident(chars[start..end].iter().collect()));
            i = end;
        } else if c == ':' && next == Some(':') {
            toks.push(Tok::PathSep);
            i += 2;
        } else {
            toks.push(Tok::Punct(c));
            i += 1;
        }
    }
    toks
}

fn word_end(chars: &[char], mut i: usize) -> usize {
    while i < chars.len() && (chars[i] == '_' || chars[i].is_alphanumeric()) {
        i += 1;
    }
    i
}

fn skip_line(chars: &[char], mut i: usize) -> usize {
    while i < chars.len() && chars[i] != '\n' {
        i += 1;
    }
    i
}

/// Block comments nest in Rust.
fn skip_block_comment(chars: &[char], mut i: usize) -> usize {
    let mut depth = 0;
    while i < chars.len() {
        if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
            depth += 1;
            i += 2;
        } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    i
}

/// Where the string literal starting at `i` ends (`"…"`, `b"…"`, `c"…"`, `r#"…"#`, `br"…"`, `b'x'`),
/// or `None` when no string literal starts there.
fn string_literal_end(chars: &[char], i: usize) -> Option<usize> {
    let mut j = i;
    if matches!(chars[j], 'b' | 'c') {
        j += 1;
    }
    if chars.get(j) == Some(&'\'') && j > i {
        return Some(quote_end(chars, j));
    }
    let raw = chars.get(j) == Some(&'r');
    if raw {
        j += 1;
    }
    let hashes = chars[j.min(chars.len())..].iter().take_while(|&&c| c == '#').count();
    if !raw && hashes > 0 {
        return None;
    }
    j += hashes;
    if chars.get(j) != Some(&'"') {
        return None;
    }
    j += 1;
    while j < chars.len() {
        match chars[j] {
            '\\' if !raw => j += 2,
            '"' if chars[j + 1..].iter().take(hashes).filter(|&&c| c == '#').count() == hashes => {
                return Some(j + 1 + hashes);
            }
            _ => j += 1,
        }
    }
    Some(j)
}

/// The end of a character literal (`'x'`, `'\n'`, `'\u{1F600}'`) or a lifetime (`'a`) at `i`.
fn quote_end(chars: &[char], i: usize) -> usize {
    match (chars.get(i + 1), chars.get(i + 2)) {
        (Some('\\'), _) => {
            let mut j = i + 3;
            while j < chars.len() && chars[j] != '\'' {
                j += 1;
            }
            j + 1
        }
        (Some(_), Some('\'')) => i + 3,
        _ => word_end(chars, i + 1),
    }
}
