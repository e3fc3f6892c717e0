//! A bounded memo of comparisons `g <= h` between canonical forms, for
//! [`crate::cgt::CanonicalArena`].
//!
//! Comparisons are by far the most numerous memo entries of a canonical
//! computation (about thirty per stored form on Domineering boards of 25 to
//! 30 cells), so an unbounded table of them is what runs a large board out
//! of memory long before its forms do. This memo is a cache, not a record:
//! a comparison is a pure function of its two ids, so an entry may be
//! overwritten and recomputed later without changing any answer. A key may
//! sit in either slot of its pair: a new entry takes a free one, else it
//! takes the first and the first's entry moves to the second (the second's
//! is dropped), so two hot keys that hash alike do not evict each other and
//! the oldest of three goes. The memo doubles (keeping its entries) when as
//! many entries were written as half its slots, up to a fixed number of
//! slots; past that it only evicts. Each entry is one `u64`: the two ids,
//! the answer and a mark that the slot is used.
//!
//! It must never answer for a pair it was not told about: an entry is read
//! back only when both ids match exactly.

/// Ids above this cannot be packed (31 bits each).
pub(crate) const MAX_ID: u32 = (1 << 31) - 1;

const USED: u64 = 1 << 63;
const ANSWER: u64 = 1 << 62;
const ID_BITS: u32 = 31;
const ID_MASK: u64 = (1 << ID_BITS) - 1;

/// The fewest slots (a power of two).
const MIN_SLOTS: usize = 1 << 12;

/// A bounded memo from pairs of ids `< 2^31` to `bool`.
#[derive(Debug)]
pub(crate) struct Comparisons {
    slots: Vec<u64>,
    /// Entries written since the last doubling (an upper bound on the
    /// entries held).
    written: usize,
    max_slots: usize,
}

impl Comparisons {
    /// An empty memo that grows to at most `max_slots` slots (rounded down
    /// to a power of two, at least [`MIN_SLOTS`]): `8 * max_slots` bytes.
    pub(crate) fn new(max_slots: usize) -> Comparisons {
        let max_slots = if max_slots < MIN_SLOTS {
            MIN_SLOTS
        } else {
            1 << (usize::BITS - 1 - max_slots.leading_zeros())
        };
        Comparisons {
            slots: vec![0; MIN_SLOTS],
            written: 0,
            max_slots,
        }
    }

    /// The slots in use.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.slots.iter().filter(|&&s| s & USED != 0).count()
    }

    fn key(g: u32, h: u32) -> u64 {
        debug_assert!(g <= MAX_ID && h <= MAX_ID);
        (u64::from(g) << ID_BITS) | u64::from(h)
    }

    /// The first slot of the key's pair: Fibonacci hashing of the key, the
    /// pair being this slot and its neighbour (`index ^ 1`).
    fn index(key: u64, slots: usize) -> usize {
        let hash = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (hash >> (64 - slots.trailing_zeros())) as usize
    }

    /// The remembered answer for `(g, h)`, if it is still held.
    pub(crate) fn get(&self, g: u32, h: u32) -> Option<bool> {
        let key = Self::key(g, h);
        let i = Self::index(key, self.slots.len());
        for slot in [self.slots[i], self.slots[i ^ 1]] {
            if slot & USED != 0 && slot & (ID_MASK << ID_BITS | ID_MASK) == key {
                return Some(slot & ANSWER != 0);
            }
        }
        None
    }

    /// Remembers `answer` for `(g, h)`, evicting an older entry if the
    /// memo is full.
    pub(crate) fn insert(&mut self, g: u32, h: u32, answer: bool) {
        if self.written >= self.slots.len() / 2 && self.slots.len() < self.max_slots {
            self.grow();
        }
        let key = Self::key(g, h);
        let entry = USED | if answer { ANSWER } else { 0 } | key;
        self.place(entry);
        self.written += 1;
    }

    /// Puts `entry` in a free slot of its pair, or in the first, moving
    /// that slot's entry to the second (dropping the second's).
    fn place(&mut self, entry: u64) {
        let i = Self::index(entry & !(USED | ANSWER), self.slots.len());
        let first = self.slots[i];
        if first & USED == 0 {
            self.slots[i] = entry;
        } else if self.slots[i ^ 1] & USED == 0 {
            self.slots[i ^ 1] = entry;
        } else {
            self.slots[i ^ 1] = first;
            self.slots[i] = entry;
        }
    }

    fn grow(&mut self) {
        let doubled = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.written = 0;
        for entry in old.into_iter().filter(|&s| s & USED != 0) {
            self.place(entry);
            self.written += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;

    #[test]
    fn answers_only_for_pairs_it_was_told_about() {
        // A small memo under heavy eviction against a full table: every
        // answer it gives must be the one inserted for that exact pair.
        let mut memo = Comparisons::new(1 << 12);
        let mut truth = FxHashMap::default();
        let mut state = 0x1234_5678_u64;
        for _ in 0..200_000 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let g = (state >> 33) as u32 & 0xFFFF;
            let h = (state >> 17) as u32 & 0xFFFF;
            if let Some(answer) = memo.get(g, h) {
                assert_eq!(Some(&answer), truth.get(&(g, h)), "({g}, {h})");
            } else {
                let answer = state & 1 == 1;
                let answer = *truth.entry((g, h)).or_insert(answer);
                memo.insert(g, h, answer);
                assert_eq!(memo.get(g, h), Some(answer));
            }
        }
        assert_eq!(memo.slots.len(), 1 << 12);
    }

    #[test]
    fn keeps_nearly_every_entry_while_it_may_grow() {
        // At most half the slots are written before it doubles, so only
        // keys whose pair already holds two others are dropped: a few per
        // cent (under Poisson occupancy of mean 1, about 10 % at worst).
        let mut memo = Comparisons::new(1 << 20);
        for g in 0..300u32 {
            for h in 0..300u32 {
                memo.insert(g, h, (g ^ h) % 3 == 0);
            }
        }
        let mut kept = 0;
        for g in 0..300u32 {
            for h in 0..300u32 {
                if let Some(answer) = memo.get(g, h) {
                    assert_eq!(answer, (g ^ h) % 3 == 0);
                    kept += 1;
                }
            }
        }
        assert_eq!(memo.len(), kept);
        assert!(kept >= 81_000, "{kept} of 90000 kept");
        // The largest ids pack without touching the marks.
        memo.insert(MAX_ID, MAX_ID, false);
        memo.insert(MAX_ID, 0, true);
        assert_eq!(memo.get(MAX_ID, MAX_ID), Some(false));
        assert_eq!(memo.get(MAX_ID, 0), Some(true));
        assert_eq!(memo.get(0, MAX_ID), None);
    }
}
