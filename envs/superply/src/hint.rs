//! [`Hint`]: what the product of the claimed cell must satisfy, and the default hint list.
//!
//! ```
//! use superply::Hint;
//! let hint: Hint = " Between 0 18 ".parse().unwrap();
//! assert!(hint.matches(18) && !hint.matches(19));
//! assert_eq!(hint.to_string(), "between 0 18");
//! assert!("contains 4".parse::<Hint>().unwrap().matches(24));
//! assert!("prime".parse::<Hint>().is_err());
//! ```

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One hint about the product `row · column` of the cell to claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Hint {
    Odd,
    Even,
    /// `lo ≤ product ≤ hi`.
    Between(u32, u32),
    /// The product's decimal digits contain this digit.
    Contains(u8),
    /// `product < x`.
    Less(u32),
    /// `product > x`.
    Greater(u32),
    /// Any cell: what a player gets when no hint of the list fits any unclaimed cell.
    Any,
}

impl Hint {
    pub fn matches(self, product: u32) -> bool {
        match self {
            Hint::Odd => !product.is_multiple_of(2),
            Hint::Even => product.is_multiple_of(2),
            Hint::Between(lo, hi) => (lo..=hi).contains(&product),
            Hint::Contains(d) => contains_digit(product, d),
            Hint::Less(x) => product < x,
            Hint::Greater(x) => product > x,
            Hint::Any => true,
        }
    }
}

/// Whether `d` is among the decimal digits of `n` (searches ask this millions of times: no
/// string is built).
fn contains_digit(mut n: u32, d: u8) -> bool {
    loop {
        if n % 10 == u32::from(d) {
            return true;
        }
        n /= 10;
        if n == 0 {
            return false;
        }
    }
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Hint::Odd => write!(f, "odd"),
            Hint::Even => write!(f, "even"),
            Hint::Between(lo, hi) => write!(f, "between {lo} {hi}"),
            Hint::Contains(d) => write!(f, "contains {d}"),
            Hint::Less(x) => write!(f, "less {x}"),
            Hint::Greater(x) => write!(f, "greater {x}"),
            Hint::Any => write!(f, "any"),
        }
    }
}

/// Why a hint's text was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HintError(pub String);

impl fmt::Display for HintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for HintError {}

const FORMS: &str = "odd, even, between X Y, contains D, less X, greater X or any";

impl FromStr for Hint {
    type Err = HintError;

    /// Any case, any spacing: `odd`, `even`, `between X Y`, `contains D`, `less X`, `greater X`,
    /// `any`.
    fn from_str(text: &str) -> Result<Hint, HintError> {
        let lower = text.to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let number = |w: &str| {
            w.parse::<u32>().map_err(|_| HintError(format!("{w:?} is not a whole number in hint {:?}", text.trim())))
        };
        let hint = match words.as_slice() {
            ["odd"] => Hint::Odd,
            ["even"] => Hint::Even,
            ["any"] => Hint::Any,
            ["between", lo, hi] => {
                let (lo, hi) = (number(lo)?, number(hi)?);
                if lo > hi {
                    return Err(HintError(format!("between {lo} {hi}: the first bound must not exceed the second")));
                }
                Hint::Between(lo, hi)
            }
            ["contains", d] => match number(d)? {
                d @ 0..=9 => Hint::Contains(d as u8),
                d => return Err(HintError(format!("contains {d}: a hint names one digit, 0 to 9"))),
            },
            ["less", x] => Hint::Less(number(x)?),
            ["greater", x] => Hint::Greater(number(x)?),
            _ => return Err(HintError(format!("unknown hint {:?}: expected {FORMS}", text.trim()))),
        };
        Ok(hint)
    }
}

/// The course server's hint list of 2004, in order.
pub fn default_hints() -> Vec<Hint> {
    use Hint::*;
    vec![
        Odd,
        Even,
        Between(0, 18),
        Between(18, 81),
        Contains(4),
        Odd,
        Even,
        Between(0, 16),
        Between(16, 36),
        Contains(2),
        Odd,
        Even,
        Between(12, 42),
        Between(20, 54),
        Contains(5),
        Odd,
        Even,
        Between(8, 20),
        Between(18, 30),
        Contains(1),
    ]
}

/// Reads a hint list: one hint per line; blank lines and lines starting with `#` are skipped.
/// Errors name the line.
pub fn parse_hint_list(text: &str) -> Result<Vec<Hint>, HintError> {
    let mut hints = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        hints.push(line.parse().map_err(|e: HintError| HintError(format!("line {}: {e}", i + 1)))?);
    }
    if hints.is_empty() {
        return Err(HintError("the hint list is empty".into()));
    }
    Ok(hints)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contains_reads_every_digit_as_the_decimal_text_does() {
        for n in [0u32, 1, 7, 10, 24, 100, 121, 4_294_967_295] {
            for d in 0..10u8 {
                assert_eq!(contains_digit(n, d), n.to_string().bytes().any(|b| b - b'0' == d), "{n} {d}");
            }
        }
    }

    #[test]
    fn every_hint_reads_back_what_it_writes() {
        for h in default_hints().into_iter().chain([Hint::Less(30), Hint::Greater(7), Hint::Any]) {
            assert_eq!(h.to_string().parse::<Hint>(), Ok(h));
            assert_eq!(h.to_string().to_uppercase().parse::<Hint>(), Ok(h));
        }
    }

    #[test]
    fn hints_match_as_the_handout_says() {
        assert!(Hint::Odd.matches(21) && !Hint::Odd.matches(20));
        assert!(Hint::Between(18, 81).matches(18) && Hint::Between(18, 81).matches(81));
        assert!(Hint::Contains(1).matches(81) && Hint::Contains(1).matches(12) && !Hint::Contains(1).matches(42));
        assert!(Hint::Contains(0).matches(10) && !Hint::Contains(0).matches(9));
        assert!(Hint::Less(30).matches(29) && !Hint::Less(30).matches(30));
        assert!(Hint::Greater(30).matches(31) && !Hint::Greater(30).matches(30));
    }

    #[test]
    fn bad_hints_say_what_is_wrong() {
        assert!("between 9 3".parse::<Hint>().unwrap_err().0.contains("must not exceed"));
        assert!("contains 12".parse::<Hint>().unwrap_err().0.contains("one digit"));
        assert!("less x".parse::<Hint>().unwrap_err().0.contains("not a whole number"));
        assert!("".parse::<Hint>().unwrap_err().0.contains("unknown hint"));
        let err = parse_hint_list("odd\n# comment\n\nbetween 1\n").unwrap_err();
        assert!(err.0.starts_with("line 4:"), "{err}");
        assert_eq!(parse_hint_list("odd\n  EVEN \n").unwrap(), vec![Hint::Odd, Hint::Even]);
        assert!(parse_hint_list("# nothing\n").is_err());
    }
}
