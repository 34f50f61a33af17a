//! Where the tuples lie: every placement of each pattern (an `HxW` rectangle of cells) on the
//! board, and which placements share one weight table because a mirror image of the board maps
//! one onto the other (the cells listed in matching order, so one index means the same local
//! picture in every placement of the table).
//!
//! ```
//! use tabula_core::cells::CellShape;
//! use tabula_ntuple::tuples::Tuples;
//! let shape = CellShape { rows: 4, cols: 4, codes: 3, mirror_rows: true, mirror_cols: true };
//! let t = Tuples::new(shape, &["2x2".parse().unwrap()]);
//! // Corner, edge (two kinds) and centre squares; the edge and centre squares, which a mirror
//! // maps onto themselves, are also read in mirrored order.
//! assert_eq!(t.tables(), 4);
//! assert_eq!(t.placements().len(), 16);
//! ```

use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;
use tabula_core::cells::CellShape;

/// A rectangle of cells, written `HxW` (`2x3`: two rows, three columns).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Pattern {
    pub height: usize,
    pub width: usize,
}

impl Pattern {
    pub fn len(&self) -> usize {
        self.height * self.width
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl FromStr for Pattern {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        let bad =
            || format!("{text:?} is not a tuple pattern: write HxW, e.g. 2x3 (2 rows, 3 columns, at most 8 cells)");
        let (h, w) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
        let (height, width) = (h.trim().parse().map_err(|_| bad())?, w.trim().parse().map_err(|_| bad())?);
        let p = Pattern { height, width };
        if p.is_empty() || p.len() > 8 {
            return Err(bad());
        }
        Ok(p)
    }
}

impl TryFrom<String> for Pattern {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        text.parse()
    }
}

impl From<Pattern> for String {
    fn from(p: Pattern) -> String {
        p.to_string()
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.height, self.width)
    }
}

/// One tuple on the board: its weight table and its cells, in the table's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    pub table: usize,
    pub cells: Vec<usize>,
}

/// Every placement of some patterns on one board shape.
#[derive(Debug, Clone)]
pub struct Tuples {
    shape: CellShape,
    placements: Vec<Placement>,
    /// Cells of each table (its placements all have this many).
    table_len: Vec<usize>,
    /// The placements holding each cell.
    by_cell: Vec<Vec<usize>>,
}

impl Tuples {
    pub fn new(shape: CellShape, patterns: &[Pattern]) -> Self {
        let (rows, cols) = (shape.rows, shape.cols);
        let mut mirrors: Vec<Box<dyn Fn(usize) -> usize>> = vec![Box::new(|i| i)];
        if shape.mirror_rows {
            mirrors.push(Box::new(move |i| (rows - 1 - i / cols) * cols + i % cols));
        }
        if shape.mirror_cols {
            mirrors.push(Box::new(move |i| (i / cols) * cols + cols - 1 - i % cols));
        }
        if shape.mirror_rows && shape.mirror_cols {
            mirrors.push(Box::new(move |i| rows * cols - 1 - i));
        }
        let mut placements = Vec::new();
        let mut table_len = Vec::new();
        // Every image of a placement under the mirrors, in the image's order, joins its table:
        // a placement that a mirror maps onto itself is then read in both orders, so that a
        // board and its mirror image have exactly one value.
        let mut covered: HashSet<Vec<usize>> = HashSet::new();
        let mut placed: HashSet<Vec<usize>> = HashSet::new();
        for p in patterns {
            if p.height > rows || p.width > cols {
                continue;
            }
            for top in 0..=rows - p.height {
                for left in 0..=cols - p.width {
                    let cells: Vec<usize> =
                        (0..p.height).flat_map(|r| (0..p.width).map(move |c| (top + r) * cols + left + c)).collect();
                    if covered.contains(&sorted(&cells)) {
                        continue;
                    }
                    let table = table_len.len();
                    table_len.push(cells.len());
                    for mirror in &mirrors {
                        let image: Vec<usize> = cells.iter().map(|&i| mirror(i)).collect();
                        covered.insert(sorted(&image));
                        if placed.insert(image.clone()) {
                            placements.push(Placement { table, cells: image });
                        }
                    }
                }
            }
        }
        let mut by_cell = vec![Vec::new(); shape.cells()];
        for (k, p) in placements.iter().enumerate() {
            for &c in &p.cells {
                by_cell[c].push(k);
            }
        }
        Tuples { shape, placements, table_len, by_cell }
    }

    pub fn shape(&self) -> CellShape {
        self.shape
    }
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }
    /// How many weight tables the placements share.
    pub fn tables(&self) -> usize {
        self.table_len.len()
    }
    /// Entries of table `t`: one per way of coding its cells.
    pub fn table_size(&self, t: usize) -> usize {
        self.shape.codes.pow(self.table_len[t] as u32)
    }
    /// The placements that hold `cell`.
    pub fn holding(&self, cell: usize) -> &[usize] {
        &self.by_cell[cell]
    }

    /// The entry of placement `k` for these cells (within its table).
    #[inline]
    pub fn entry(&self, k: usize, codes: &[u8]) -> usize {
        let n = self.shape.codes;
        self.placements[k].cells.iter().fold(0, |acc, &c| acc * n + codes[c] as usize)
    }
}

fn sorted(cells: &[usize]) -> Vec<usize> {
    let mut v = cells.to_vec();
    v.sort_unstable();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(rows: usize, cols: usize, mirror: bool) -> CellShape {
        CellShape { rows, cols, codes: 2, mirror_rows: mirror, mirror_cols: mirror }
    }

    #[test]
    fn patterns_read_and_write_as_hxw() {
        let p: Pattern = " 2x3 ".parse().unwrap();
        assert_eq!((p.height, p.width, p.to_string()), (2, 3, "2x3".to_string()));
        for bad in ["", "2", "0x3", "3x3", "ax2", "2x3x4", "-1x2"] {
            assert!(bad.parse::<Pattern>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn without_mirrors_every_placement_has_its_own_table() {
        let t = Tuples::new(shape(8, 10, false), &["2x3".parse().unwrap(), "3x2".parse().unwrap()]);
        assert_eq!(t.placements().len(), 7 * 8 + 6 * 9);
        assert_eq!(t.tables(), t.placements().len());
        let mut sets: Vec<Vec<usize>> = t.placements().iter().map(|p| sorted(&p.cells)).collect();
        sets.sort();
        sets.dedup();
        assert_eq!(sets.len(), t.placements().len(), "each rectangle once");
    }

    #[test]
    fn mirror_images_share_a_table_with_the_cells_in_matching_order() {
        let s = shape(8, 10, true);
        let t = Tuples::new(s, &["2x3".parse().unwrap()]);
        // 56 placements; the 2x3 rectangles come in orbits of 4 (or 2 on a middle line).
        assert!(t.tables() < t.placements().len() / 2, "{} tables", t.tables());
        let flip = |i: usize| (i / 10) * 10 + 9 - i % 10;
        for a in t.placements() {
            let image: Vec<usize> = a.cells.iter().map(|&c| flip(c)).collect();
            let b = t
                .placements()
                .iter()
                .find(|b| b.cells == image)
                .expect("the mirror image is placed, in mirrored order");
            assert_eq!(a.table, b.table);
            // Same local picture, same entry: a board and its mirror image read the same.
            let codes: Vec<u8> = (0..80).map(|i| ((i * 7 + i / 3) % 2) as u8).collect();
            let mirrored: Vec<u8> = (0..80).map(|i| codes[flip(i)]).collect();
            let ka = t.placements().iter().position(|p| p == a).unwrap();
            let kb = t.placements().iter().position(|p| p == b).unwrap();
            assert_eq!(t.entry(ka, &codes), t.entry(kb, &mirrored));
        }
    }

    #[test]
    fn each_cell_knows_its_placements() {
        let t = Tuples::new(shape(3, 3, false), &["2x2".parse().unwrap()]);
        assert_eq!(t.holding(4).len(), 4);
        assert_eq!(t.holding(0).len(), 1);
    }
}
