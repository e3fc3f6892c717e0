//! Outcome classes of positions, and the two players of a partizan game.

use std::fmt;

/// One of the two players of a partizan game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Left (Blue, Black, vertical in Domineering).
    Left,
    /// Right (Red, White, horizontal in Domineering).
    Right,
}

impl Side {
    /// The other player.
    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }

    /// `Left` or `Right`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Left => "Left",
            Side::Right => "Right",
        }
    }
}

/// The outcome class of a position: who wins with best play.
///
/// `N` and `P` are the classes of impartial (and some partizan) positions;
/// `L` and `R` are the partizan classes where one player wins whoever starts;
/// `D` is a draw, possible only in loopy games. A loopy partizan position
/// may be won by one player when one starts and drawn when the other does:
/// CGSuite's four further classes (`NHat`, `NCheck`, `PHat`, `PCheck`, as
/// its `LoopyOutcomeClass` names them).
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
    /// Left wins moving first; Right moving first draws.
    NHat,
    /// Left moving first draws; Right wins moving first.
    NCheck,
    /// Left moving first draws; Left wins when Right moves first.
    PHat,
    /// Right wins when Left moves first; Right moving first draws.
    PCheck,
}

impl Outcome {
    /// Whether the player to move wins: `Some(true)` for `N`, `Some(false)`
    /// for `P`, and `None` where the answer depends on who starts or where
    /// play is drawn.
    pub fn first_player_wins(self) -> Option<bool> {
        match self {
            Outcome::N => Some(true),
            Outcome::P => Some(false),
            _ => None,
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
            Outcome::NHat => "NHat",
            Outcome::NCheck => "NCheck",
            Outcome::PHat => "PHat",
            Outcome::PCheck => "PCheck",
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

    /// The class from who wins when Left starts and when Right starts
    /// (`None` for a draw), as CGSuite's `LoopyOutcomeClass` combines them.
    pub fn from_winners(left_starting: Option<Side>, right_starting: Option<Side>) -> Outcome {
        use Side::{Left, Right};
        match (left_starting, right_starting) {
            (Some(Left), Some(Right)) => Outcome::N,
            (Some(Right), Some(Left)) => Outcome::P,
            (Some(Left), Some(Left)) => Outcome::L,
            (Some(Right), Some(Right)) => Outcome::R,
            (None, None) => Outcome::D,
            (Some(Left), None) => Outcome::NHat,
            (Some(Right), None) => Outcome::PCheck,
            (None, Some(Left)) => Outcome::PHat,
            (None, Some(Right)) => Outcome::NCheck,
        }
    }

    /// Who wins when `starter` moves first (`None` for a draw): the inverse
    /// of [`Outcome::from_winners`]; for `N` and `P` the player to move or
    /// the other.
    pub fn winner_when(self, starter: Side) -> Option<Side> {
        match self {
            Outcome::N => Some(starter),
            Outcome::P => Some(starter.other()),
            Outcome::L => Some(Side::Left),
            Outcome::R => Some(Side::Right),
            Outcome::D => None,
            Outcome::NHat => (starter == Side::Left).then_some(Side::Left),
            Outcome::NCheck => (starter == Side::Right).then_some(Side::Right),
            Outcome::PHat => (starter == Side::Right).then_some(Side::Left),
            Outcome::PCheck => (starter == Side::Left).then_some(Side::Right),
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

    #[test]
    fn loopy_classes_are_read_back_from_who_wins_each_start() {
        let results = [None, Some(Side::Left), Some(Side::Right)];
        let mut seen = Vec::new();
        for l in results {
            for r in results {
                let class = Outcome::from_winners(l, r);
                assert_eq!(class.winner_when(Side::Left), l);
                assert_eq!(class.winner_when(Side::Right), r);
                seen.push(class);
            }
        }
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 9);
    }
}
