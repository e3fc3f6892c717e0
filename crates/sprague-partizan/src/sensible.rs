//! Sensible options and reversible moves: how each option of a game given
//! by its options stands towards the game's canonical form, as CGSuite's
//! explorer marks them.
//!
//! A Left option `G^L` is **sensible** when it is at least some Left
//! option `K^L` of the canonical form `K` of `G` (CGSuite's
//! `SensibleOptions`, `Game.cgs`: "there is some Left option `K^L` with
//! `G^L >= K^L`"); Right's `G^R` when it is at most some `K^R`. These are
//! the options that contribute to the canonical form: every `K^L` is at
//! most some option of `G`, so deleting the options that are not sensible
//! leaves a game equal to `G` (the tests check both). CGSuite's
//! `SensibleLeftOptions` lists, for each `K^L`, the first option at least
//! it; here every option at least some `K^L` is marked.
//!
//! A Left option is **reversible** when it has a Right option `G^LR <= G`
//! (Right's: a Left option `G^RL >= G`), the test the canonical form makes
//! when it bypasses options ([`CanonicalArena::reversals`]); it is made on
//! the canonical forms of the options.
//!
//! Must never change a canonical form or take a game's written form: it
//! reads the options as the arena holds them.

use sprague_core::error::SolveError;

use crate::cgt::{CanonicalArena, GameId};

/// How one option stands in the game it is an option of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionMarks {
    /// At least some Left option of the canonical form (for Left's
    /// options; at most some Right option for Right's).
    pub sensible: bool,
    /// The option of this option through which it reverses: for Left's
    /// `G^L`, its first Right option `G^LR <= G`; `None` when it does not
    /// reverse.
    pub reverses_through: Option<GameId>,
}

/// The canonical form of the game `{left | right}` and the marks of each
/// of its options: `[Left's, Right's]`, in the order given.
///
/// # Errors
///
/// As [`CanonicalArena::form`]; the canonical form's options may be
/// beyond the budget (`*n` has `n`).
///
/// # Examples
///
/// ```
/// use sprague_core::budget::Budget;
/// use sprague_partizan::{CanonicalArena, sensible::option_marks};
/// let mut a = CanonicalArena::new(Budget::DEFAULT);
/// let (zero, one) = (a.zero(), a.integer(1).unwrap());
/// let star = a.nimber(1).unwrap();
/// // {0, * | 1} = 1/2: * reverses through 0 <= 1/2, and only 0 is sensible.
/// let (g, [left, right]) = option_marks(&mut a, &[zero, star], &[one]).unwrap();
/// assert_eq!(a.display(g).unwrap(), "1/2");
/// assert!(left[0].sensible && left[0].reverses_through.is_none());
/// assert!(!left[1].sensible && left[1].reverses_through == Some(zero));
/// assert!(right[0].sensible);
/// ```
pub fn option_marks(
    arena: &mut CanonicalArena,
    left: &[GameId],
    right: &[GameId],
) -> Result<(GameId, [Vec<OptionMarks>; 2]), SolveError> {
    let g = arena.form(left, right)?;
    let reversals = arena.reversals(left, right)?;
    let canonical = [arena.left_options(g)?, arena.right_options(g)?];
    let mut marks = [
        Vec::with_capacity(left.len()),
        Vec::with_capacity(right.len()),
    ];
    for (k, options) in [left, right].into_iter().enumerate() {
        for (&option, &through) in options.iter().zip(&reversals[k]) {
            let mut sensible = false;
            for &c in &canonical[k] {
                // Left's option at least a canonical Left option, Right's
                // at most a canonical Right option.
                let (low, high) = if k == 0 { (c, option) } else { (option, c) };
                if arena.le(low, high)? {
                    sensible = true;
                    break;
                }
            }
            marks[k].push(OptionMarks {
                sensible,
                reverses_through: through,
            });
        }
    }
    Ok((g, marks))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use sprague_core::budget::Budget;

    /// Canonical games of several kinds (numbers, nimbers, infinitesimals,
    /// switches, a hot game with a hot option), built in `a`, for options.
    fn pool(a: &mut CanonicalArena) -> Vec<GameId> {
        let zero = a.zero();
        let one = a.integer(1).unwrap();
        let minus_one = a.integer(-1).unwrap();
        let two = a.integer(2).unwrap();
        let star = a.nimber(1).unwrap();
        let star2 = a.nimber(2).unwrap();
        let up = a.form(&[zero], &[star]).unwrap();
        let down = a.neg(up).unwrap();
        let up_star = a.add(up, star).unwrap();
        let half = a.form(&[zero], &[one]).unwrap();
        let pm1 = a.form(&[one], &[minus_one]).unwrap();
        let one_zero = a.form(&[one], &[zero]).unwrap();
        let hot = a.form(&[two, pm1], &[minus_one]).unwrap();
        let tiny = a.form(&[zero], &[pm1]).unwrap();
        vec![
            zero, one, minus_one, two, star, star2, up, down, up_star, half, pm1, one_zero, hot,
            tiny,
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1500))]

        /// Against the definitions, with nothing but `le` and the options
        /// of the canonical form: the sensible options are those at least
        /// (at most) some canonical option; the reversible ones those with
        /// a reply on the other side of `G`; and the game with only its
        /// sensible options is still `G`.
        #[test]
        fn marks_agree_with_the_definitions(
            l in proptest::collection::vec(0usize..14, 0..5),
            r in proptest::collection::vec(0usize..14, 0..5),
        ) {
            let mut a = CanonicalArena::new(Budget::DEFAULT);
            let games = pool(&mut a);
            let left: Vec<GameId> = l.iter().map(|&i| games[i]).collect();
            let right: Vec<GameId> = r.iter().map(|&i| games[i]).collect();
            let (g, [lm, rm]) = option_marks(&mut a, &left, &right).unwrap();
            prop_assert_eq!(g, a.form(&left, &right).unwrap());
            let kl = a.left_options(g).unwrap();
            let kr = a.right_options(g).unwrap();
            for (&o, m) in left.iter().zip(&lm) {
                let sensible = kl.iter().any(|&k| a.le(k, o).unwrap());
                prop_assert_eq!(m.sensible, sensible);
                let replies = a.right_options(o).unwrap();
                let below: Vec<GameId> =
                    replies.into_iter().filter(|&x| a.le(x, g).unwrap()).collect();
                prop_assert_eq!(m.reverses_through, below.first().copied());
            }
            for (&o, m) in right.iter().zip(&rm) {
                let sensible = kr.iter().any(|&k| a.le(o, k).unwrap());
                prop_assert_eq!(m.sensible, sensible);
                let replies = a.left_options(o).unwrap();
                let above: Vec<GameId> =
                    replies.into_iter().filter(|&x| a.le(g, x).unwrap()).collect();
                prop_assert_eq!(m.reverses_through, above.first().copied());
            }
            // Every canonical option is matched by a sensible one, so the
            // sensible options alone make the same game.
            let keep = |options: &[GameId], marks: &[OptionMarks]| -> Vec<GameId> {
                options.iter().zip(marks).filter(|(_, m)| m.sensible).map(|(&o, _)| o).collect()
            };
            let (sl, sr) = (keep(&left, &lm), keep(&right, &rm));
            prop_assert_eq!(a.form(&sl, &sr).unwrap(), g);
        }
    }

    #[test]
    fn a_reversible_option_can_be_sensible() {
        let mut a = CanonicalArena::new(Budget::DEFAULT);
        let (zero, one) = (a.zero(), a.integer(1).unwrap());
        let star = a.nimber(1).unwrap();
        let up = a.form(&[zero], &[star]).unwrap();
        // {0, ^ | 1} = {0 | 1} = 1/2: ^ reverses through * <= 1/2 (and is
        // replaced by *'s Left option 0), yet ^ > 0, the canonical form's
        // Left option, so it is sensible; so is 0, equal to it.
        let (g, [left, right]) = option_marks(&mut a, &[zero, up], &[one]).unwrap();
        assert_eq!(a.display(g).unwrap(), "1/2");
        assert_eq!(
            left[0],
            OptionMarks {
                sensible: true,
                reverses_through: None
            }
        );
        assert_eq!(
            left[1],
            OptionMarks {
                sensible: true,
                reverses_through: Some(star)
            }
        );
        assert_eq!(
            right[0],
            OptionMarks {
                sensible: true,
                reverses_through: None
            }
        );
    }
}
