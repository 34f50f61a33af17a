//! Game spec strings: `name` or `name(key=value,key=value)`.

use crate::error::SpecError;
use std::fmt;
use std::str::FromStr;

/// A parsed spec string such as `superball(rows=8,cols=10,mss=5,colors=pbyrg)`.
///
/// ```
/// use tabula_core::GameSpec;
/// let spec: GameSpec = "superball(rows=8, cols=10)".parse().unwrap();
/// assert_eq!(spec.name, "superball");
/// assert_eq!(spec.get_or("superball", "rows", 5usize).unwrap(), 8);
/// assert_eq!(spec.get_or("superball", "mss", 5usize).unwrap(), 5);
/// assert!("superball(rows=8".parse::<GameSpec>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSpec {
    /// Lower-case game name.
    pub name: String,
    /// Parameters in the order given; keys lower-case, values as written.
    pub params: Vec<(String, String)>,
}

impl FromStr for GameSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<Self, SpecError> {
        let syntax = |reason: &str| SpecError::Syntax { spec: text.to_string(), reason: reason.into() };
        let t = text.trim();
        let (name, rest) = match t.find('(') {
            Some(i) => (&t[..i], Some(&t[i + 1..])),
            None => (t, None),
        };
        let name = name.trim().to_ascii_lowercase();
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
            return Err(syntax("expected a game name such as `score4` (letters, digits, - and _)"));
        }
        let mut params = Vec::new();
        if let Some(rest) = rest {
            let inner = rest.trim_end().strip_suffix(')').ok_or_else(|| syntax("missing `)` at the end"))?;
            if inner.contains('(') || inner.contains(')') {
                return Err(syntax("parentheses cannot nest"));
            }
            for item in inner.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let (k, v) =
                    item.split_once('=').ok_or_else(|| syntax(&format!("parameter {item:?} is not key=value")))?;
                let key = k.trim().to_ascii_lowercase();
                if key.is_empty() {
                    return Err(syntax("empty parameter name"));
                }
                if params.iter().any(|(k2, _)| *k2 == key) {
                    return Err(syntax(&format!("parameter {key:?} given twice")));
                }
                params.push((key, v.trim().to_string()));
            }
        }
        Ok(GameSpec { name, params })
    }
}

impl fmt::Display for GameSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        if !self.params.is_empty() {
            let items: Vec<String> = self.params.iter().map(|(k, v)| format!("{k}={v}")).collect();
            write!(f, "({})", items.join(","))?;
        }
        Ok(())
    }
}

impl GameSpec {
    /// The raw value of `key`, if given.
    pub fn raw(&self, key: &str) -> Option<&str> {
        self.params.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The value of `key` parsed as `T`, or `default` when absent.
    pub fn get_or<T: FromStr>(&self, game: &str, key: &str, default: T) -> Result<T, SpecError>
    where
        T::Err: fmt::Display,
    {
        match self.raw(key) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|e: T::Err| SpecError::BadValue {
                game: game.into(),
                key: key.into(),
                value: v.into(),
                reason: e.to_string(),
            }),
        }
    }

    /// Fails if a parameter outside `allowed` was given.
    pub fn only(&self, game: &str, allowed: &[&str]) -> Result<(), SpecError> {
        for (k, _) in &self.params {
            if !allowed.contains(&k.as_str()) {
                return Err(SpecError::UnknownParameter {
                    game: game.into(),
                    key: k.clone(),
                    allowed: if allowed.is_empty() { "no parameters".into() } else { allowed.join(", ") },
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names_and_parameters() {
        let s: GameSpec = "  Superball( rows = 8 ,COLS=10,colors=pbyrg) ".parse().unwrap();
        assert_eq!(s.name, "superball");
        assert_eq!(s.raw("cols"), Some("10"));
        assert_eq!(s.raw("colors"), Some("pbyrg"));
        assert_eq!(s.to_string(), "superball(rows=8,cols=10,colors=pbyrg)");
        let s: GameSpec = "score4".parse().unwrap();
        assert!(s.params.is_empty());
        let s: GameSpec = "score4()".parse().unwrap();
        assert!(s.params.is_empty());
    }

    #[test]
    fn rejects_bad_syntax() {
        for bad in ["", "(rows=3)", "a(b", "a(b=1", "a(b)", "a(b=1,b=2)", "a((b=1))", "a b", "a(=3)"] {
            assert!(bad.parse::<GameSpec>().is_err(), "{bad:?} should be rejected");
        }
    }

    #[test]
    fn typed_values_and_unknown_keys() {
        let s: GameSpec = "g(n=x)".parse().unwrap();
        let e = s.get_or("g", "n", 3usize).unwrap_err();
        assert!(e.to_string().contains("n=\"x\""), "{e}");
        let s: GameSpec = "g(q=1)".parse().unwrap();
        let e = s.only("g", &["n"]).unwrap_err();
        assert!(e.to_string().contains("unknown parameter \"q\""), "{e}");
    }
}
