//! What the octal engine's parts share: the cells that hold Grundy values
//! (bytes while the values fit, then 16-bit words) and the classification
//! of heaps as rare or common of the sparse space method
//! ([`super::engine`]'s documentation). The engine, the value store and the
//! pipeline all read them, so they sit below all three.

/// How many words of bits hold every value a pair can make when the
/// largest value is `largest`: values below the next power of two above
/// it, and at least one word.
pub(crate) fn bit_words(largest: u32) -> usize {
    ((largest + 1).next_power_of_two().max(64) / 64) as usize
}

/// A storage type for Grundy values: bytes while values fit, then words.
pub(crate) trait Cell: Copy + Send + Sync + 'static {
    /// How many values the type holds (256 for bytes).
    const LIMIT: u32;
    fn from_u32(v: u32) -> Self;
    fn to_u32(self) -> u32;
}

impl Cell for u8 {
    const LIMIT: u32 = 256;
    #[inline]
    fn from_u32(v: u32) -> u8 {
        v as u8
    }
    #[inline]
    fn to_u32(self) -> u32 {
        u32::from(self)
    }
}

impl Cell for u16 {
    const LIMIT: u32 = 65_536;
    #[inline]
    fn from_u32(v: u32) -> u16 {
        v as u16
    }
    #[inline]
    fn to_u32(self) -> u32 {
        u32::from(self)
    }
}

/// How a heap is classed rare or common.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Classifier {
    /// The bits of the value whose parity counts.
    pub mask: u32,
    /// Whether the parity of the heap size counts too ("sparse space in the
    /// domain", Flammenkamp).
    pub domain: bool,
    /// The class value that is rare.
    pub flip: bool,
}

impl Classifier {
    /// Every heap rare: the enumeration of rare pairs is then the plain
    /// method, which is where every sequence starts.
    pub(super) const ALL_RARE: Classifier = Classifier {
        mask: 0,
        domain: false,
        flip: false,
    };

    #[inline]
    pub(super) fn class(&self, n: usize, v: u32) -> bool {
        ((v & self.mask).count_ones() & 1 == 1) ^ (self.domain && n & 1 == 1)
    }

    #[inline]
    pub(crate) fn is_rare(&self, n: usize, v: u32) -> bool {
        self.class(n, v) == self.flip
    }

    /// The masked parity of the values that two common heaps of total `m`
    /// can make.
    #[inline]
    pub(super) fn searched_parity(&self, m: usize) -> u32 {
        u32::from(self.domain && m & 1 == 1)
    }
}
