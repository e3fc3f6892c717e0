//! Outcome classes of positions.

use std::fmt;

/// The outcome class of a position: who wins with best play.
///
/// `N` and `P` are the classes of impartial (and some partizan) positions;
/// `L` and `R` are the partizan classes where one player wins whoever starts;
/// `D` is a draw, possible only in loopy games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// The next player (the one to move) wins.
    N,
    /// The previous player wins: the player to move loses.
    P,
    /// Left wins whoever starts.
    L,
    /// Right wins whoever starts.
    R,
    /// Neither player can force a win: best play goes on forever.
    D,
}

impl Outcome {
    /// Whether the player to move wins: `Some(true)` for `N`, `Some(false)`
    /// for `P`, and `None` where the answer depends on who starts or where
    /// play is drawn.
    pub fn first_player_wins(self) -> Option<bool> {
        match self {
            Outcome::N => Some(true),
            Outcome::P => Some(false),
            Outcome::L | Outcome::R | Outcome::D => None,
        }
    }

    /// The one-letter name used in JSON and in the literature.
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::N => "N",
            Outcome::P => "P",
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::D => "D",
        }
    }

    /// The class of a partizan position from who wins when each player
    /// starts: `left_starting` says whether Left wins moving first,
    /// `right_starting` whether Right wins moving first.
    pub fn from_partizan(left_starting: bool, right_starting: bool) -> Outcome {
        match (left_starting, right_starting) {
            (true, true) => Outcome::N,
            (false, false) => Outcome::P,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partizan_classes_follow_the_starting_player() {
        assert_eq!(Outcome::from_partizan(true, true), Outcome::N);
        assert_eq!(Outcome::from_partizan(false, false), Outcome::P);
        assert_eq!(Outcome::from_partizan(true, false), Outcome::L);
        assert_eq!(Outcome::from_partizan(false, true), Outcome::R);
        assert_eq!(Outcome::D.first_player_wins(), None);
        assert_eq!(Outcome::N.first_player_wins(), Some(true));
    }
}
