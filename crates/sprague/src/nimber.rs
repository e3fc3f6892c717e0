//! Nimbers: the values of impartial games, and the field GF(2^64).
//!
//! PLACEHOLDER: the fast field arithmetic lands with the nimber work.

use std::fmt;
use std::ops::{Add, AddAssign};

/// A nimber `*n`, the Sprague–Grundy value of an impartial game.
///
/// Nim-addition is bitwise exclusive or (Bouton's theorem).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The nimber `*0`, the value of every P-position.
    pub const ZERO: Nimber = Nimber(0);

    /// The underlying integer.
    pub fn value(self) -> u64 {
        self.0
    }
}

// Nim-addition is exclusive or: the `^` is the point, not a slip.
#[allow(clippy::suspicious_arithmetic_impl)]
impl Add for Nimber {
    type Output = Nimber;
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

#[allow(clippy::suspicious_op_assign_impl)]
impl AddAssign for Nimber {
    fn add_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}
