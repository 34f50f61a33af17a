//! The transposition table: one slot per hash, replaced unless the slot holds a deeper result
//! for the same position.

/// What a stored score means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Bound {
    #[default]
    Empty,
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

#[derive(Debug, Clone, Copy, Default)]
pub struct Entry {
    pub occupied: u64,
    pub white: u64,
    pub score: i16,
    pub depth: i8,
    pub bound: Bound,
    /// Best peg (in the stored, possibly canonical, frame).
    pub peg: u8,
}

pub struct Table {
    slots: Vec<Entry>,
    shift: u32,
}

impl Table {
    /// A table of `2^bits` slots (24 bytes each).
    pub fn new(bits: u32) -> Table {
        Table { slots: vec![Entry::default(); 1 << bits], shift: 64 - bits }
    }

    #[inline]
    fn index(&self, occupied: u64, white: u64) -> usize {
        ((occupied ^ white.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    #[inline]
    pub fn probe(&self, occupied: u64, white: u64) -> Option<Entry> {
        let e = self.slots[self.index(occupied, white)];
        (e.bound != Bound::Empty && e.occupied == occupied && e.white == white).then_some(e)
    }

    /// Stores `entry`, unless its slot holds a deeper result for the same position. (Two-slot
    /// buckets, deepest + most recent, were measured: no fewer nodes at these search sizes.)
    #[inline]
    pub fn store(&mut self, entry: Entry) {
        let i = self.index(entry.occupied, entry.white);
        let old = &self.slots[i];
        let same = old.occupied == entry.occupied && old.white == entry.white && old.bound != Bound::Empty;
        if !same || entry.depth >= old.depth {
            self.slots[i] = entry;
        }
    }

    pub fn clear(&mut self) {
        self.slots.fill(Entry::default());
    }
}
