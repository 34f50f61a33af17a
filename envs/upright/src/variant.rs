//! The two readings of the post that the rules leave as game parameters (both off by default).
//!
//! * `reach=line`: the post does not say "immediately" for phase 2. With `reach=adjacent` (the
//!   default) a phase-2 square is the square immediately above or to the right of a filled one
//!   (the move's first square) or of the square the move filled just before; with `reach=line` it
//!   may be anywhere above in the same column or anywhere to the right in the same row, jumping
//!   over filled squares.
//! * `colour=free`: "any empty square (of any color)" can be read as "fill it with either colour".
//!   With `colour=own` (the default) everyone fills with their own pen; with `colour=free` the
//!   mover picks the colour of each square it fills in phase 2 (phase 1 is always drawn with
//!   one's own pen: the post says so there).
//!
//! ```
//! use upright::{ColourRule, Reach};
//! assert_eq!("LINE".parse::<Reach>(), Ok(Reach::Line));
//! assert_eq!("free".parse::<ColourRule>(), Ok(ColourRule::Free));
//! assert_eq!(Reach::default().to_string(), "adjacent");
//! ```

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Where a phase-2 square may be, relative to the square it follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Reach {
    /// Immediately above or immediately to the right.
    #[default]
    Adjacent,
    /// Anywhere above in the same column, or anywhere to the right in the same row.
    Line,
}

/// Which colours a phase-2 square may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum ColourRule {
    /// The mover's own colour.
    #[default]
    Own,
    /// Either colour, the mover's choice, square by square.
    Free,
}

/// Both parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Variant {
    pub reach: Reach,
    pub colour: ColourRule,
}

impl Variant {
    /// The parameters that differ from the defaults, as spec items: `["reach=line"]`.
    pub fn spec_items(&self) -> Vec<String> {
        let mut items = Vec::new();
        if self.reach != Reach::default() {
            items.push(format!("reach={}", self.reach));
        }
        if self.colour != ColourRule::default() {
            items.push(format!("colour={}", self.colour));
        }
        items
    }

    /// Reads one `key=value` item (`reach=line`, `colour=free`, also `color=...`) into `self`.
    pub fn set(&mut self, item: &str) -> Result<(), String> {
        let (key, value) =
            item.split_once('=').ok_or_else(|| format!("{item:?} is not a variant (reach=... or colour=...)"))?;
        match key.trim().to_ascii_lowercase().as_str() {
            "reach" => self.reach = value.parse()?,
            "colour" | "color" => self.colour = value.parse()?,
            other => return Err(format!("unknown variant {other:?}: the variants are reach and colour")),
        }
        Ok(())
    }
}

impl FromStr for Reach {
    type Err = String;
    fn from_str(s: &str) -> Result<Reach, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "adjacent" => Ok(Reach::Adjacent),
            "line" => Ok(Reach::Line),
            other => Err(format!("reach {other:?} is neither adjacent nor line")),
        }
    }
}

impl fmt::Display for Reach {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reach::Adjacent => "adjacent",
            Reach::Line => "line",
        })
    }
}

impl FromStr for ColourRule {
    type Err = String;
    fn from_str(s: &str) -> Result<ColourRule, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "own" => Ok(ColourRule::Own),
            "free" => Ok(ColourRule::Free),
            other => Err(format!("colour {other:?} is neither own nor free")),
        }
    }
}

impl fmt::Display for ColourRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ColourRule::Own => "own",
            ColourRule::Free => "free",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_set_and_print_the_variants() {
        let mut v = Variant::default();
        assert!(v.spec_items().is_empty());
        v.set("Reach=line").unwrap();
        v.set("color=FREE").unwrap();
        assert_eq!(v.spec_items(), ["reach=line", "colour=free"]);
        assert!(v.set("reach=far").is_err());
        assert!(v.set("speed=3").is_err());
        assert!(v.set("reach").is_err());
    }
}
