//! A position's options, one level of its game tree, each with its outcome
//! and value, and under normal play of a short game marked as CGSuite's
//! explorer marks them: sensible (it contributes to the canonical form)
//! and reversible (it reverses through one of its own options), by
//! [`sprague_partizan::sensible`] on the options' canonical forms.

use crate::position::Position;
use sprague_core::budget::Budget;
use sprague_core::error::SolveError;
use sprague_core::outcome::Outcome;
use sprague_game::{Play, Side};
use sprague_partizan::option_marks;

use super::analysis::SumMove;
use super::canonical::{CanonicalSolver, value_chars};
use super::{Kinds, analyze_for, moves};

/// One option of a position.
#[derive(Clone, Debug)]
pub struct OptionNode {
    /// Who moves to it (for an impartial position, Left: either may).
    pub side: Side,
    /// The move, with the whole position after it.
    pub m: SumMove,
    /// The option's outcome class: N, P or D for the player then to move,
    /// L, R, N or P for a partizan position.
    pub outcome: Outcome,
    /// Its value in the usual notation, where one applies (`None` also
    /// where the text is longer than the budget lets be written).
    pub value: Option<String>,
    /// The marks, under normal play of a short game (`None` otherwise).
    pub marks: Option<Marks>,
}

/// How an option stands in the canonical form of the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marks {
    /// At least some Left option of the position's canonical form (at
    /// most some Right option, for Right's): CGSuite's sensible option.
    pub sensible: bool,
    /// Whether the option reverses: it has a reply on the other side of
    /// the position (for Left's option, a Right option at most the
    /// position).
    pub reversible: bool,
    /// Where it reverses, the value of its first such reply in the
    /// notation (`None` also where the text is longer than the budget
    /// lets be written).
    pub reverses_through: Option<String>,
}

/// The options of `position` under `play`: Left's then, for a partizan
/// position, Right's, in the order of [`moves`], each with its outcome and
/// value; marked where canonical forms apply (normal play, no loopy
/// component). At most `max` options a side.
///
/// # Errors
///
/// [`SolveError::Unsupported`] when a side has more than `max` options (or
/// more than the budget lets be listed); otherwise as
/// [`analyze`](crate::analyze) for each option.
///
/// # Examples
///
/// ```
/// use sprague::{Budget, Play, Position, position_options};
/// // {0, * | 1} = 1/2: * reverses through 0, and only 0 is sensible.
/// let p = Position::parse("{0, * | 1}").unwrap();
/// let options = position_options(&p, Play::Normal, 100, &Budget::DEFAULT).unwrap();
/// let star = &options[1];
/// assert_eq!(star.value.as_deref(), Some("*"));
/// let marks = star.marks.as_ref().unwrap();
/// assert!(!marks.sensible);
/// assert_eq!(marks.reverses_through.as_deref(), Some("0"));
/// ```
pub fn position_options(
    position: &Position,
    play: Play,
    max: usize,
    budget: &Budget,
) -> Result<Vec<OptionNode>, SolveError> {
    let kinds = Kinds::of(position.components());
    let sides: &[Side] = if kinds.partizan {
        &[Side::Left, Side::Right]
    } else {
        &[Side::Left]
    };
    let mut lists = Vec::with_capacity(sides.len());
    for &side in sides {
        let list = moves(position, side, max, budget)?;
        if !list.complete {
            return Err(SolveError::unsupported(format!(
                "the position has more than {max} options for {} (or more than the budget lets be listed); the tree shows at most {max} a side",
                side.name()
            )));
        }
        lists.push((side, list.moves));
    }
    if play == Play::Normal && !kinds.loopy && !kinds.loopy_partizan {
        return canonical_options(lists, kinds.partizan, budget);
    }
    let mut options = Vec::new();
    for (side, list) in lists {
        for m in list {
            let after = analyze_for(&m.to, play, side.other(), false, budget)?;
            options.push(OptionNode {
                side,
                outcome: after.outcome,
                value: after.value_notation(),
                marks: None,
                m,
            });
        }
    }
    Ok(options)
}

/// The options of a short game under normal play, valued in one arena and
/// marked against the canonical form they make. An impartial position's
/// moves are both players' options.
fn canonical_options(
    lists: Vec<(Side, Vec<SumMove>)>,
    partizan: bool,
    budget: &Budget,
) -> Result<Vec<OptionNode>, SolveError> {
    let mut solver = CanonicalSolver::new(*budget);
    let mut values = Vec::with_capacity(lists.len());
    for (_, list) in &lists {
        let side_values = list
            .iter()
            .map(|m| solver.sum(m.to.components()))
            .collect::<Result<Vec<_>, _>>()?;
        values.push(side_values);
    }
    let (left, right) = match values.as_slice() {
        [left, right] => (left.as_slice(), right.as_slice()),
        [both] => (both.as_slice(), both.as_slice()),
        _ => (&[][..], &[][..]),
    };
    let (_, [left_marks, right_marks]) = option_marks(&mut solver.arena, left, right)?;
    let longest = value_chars(budget);
    let mut options = Vec::new();
    for (k, (side, list)) in lists.into_iter().enumerate() {
        let marks = if k == 0 || !partizan {
            &left_marks
        } else {
            &right_marks
        };
        for ((m, &v), mark) in list.into_iter().zip(&values[k]).zip(marks) {
            let reverses_through = match mark.reverses_through {
                Some(reply) => solver.arena.display_at_most(reply, longest)?,
                None => None,
            };
            options.push(OptionNode {
                side,
                outcome: solver.arena.outcome(v)?,
                value: solver.arena.display_at_most(v, longest)?,
                marks: Some(Marks {
                    sensible: mark.sensible,
                    reversible: mark.reverses_through.is_some(),
                    reverses_through,
                }),
                m,
            });
        }
    }
    Ok(options)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The options' values and outcomes are those `analyze` gives each
    /// position after a move, on a partizan board, an impartial sum and
    /// a misère one.
    #[test]
    fn values_and_outcomes_are_analyzes() {
        for (text, play) in [
            ("domineering(\"...|...|..#\")", Play::Normal),
            ("clobber(\"xoxo|ox..\")", Play::Normal),
            ("nim(2, 3) + kayles(4)", Play::Normal),
            ("kayles(5) + nim(2)", Play::Misere),
        ] {
            let p = Position::parse(text).unwrap();
            let options = position_options(&p, play, 1000, &Budget::DEFAULT).unwrap();
            assert!(!options.is_empty(), "{text}");
            for o in &options {
                let a =
                    analyze_for(&o.m.to, play, o.side.other(), false, &Budget::DEFAULT).unwrap();
                assert_eq!(o.outcome, a.outcome, "{text} -> {}", o.m.to);
                assert_eq!(o.value, a.value_notation(), "{text} -> {}", o.m.to);
                assert_eq!(o.marks.is_some(), play == Play::Normal, "{text}");
            }
        }
    }

    /// An impartial position `*n`'s moves to `*k`: sensible for `k < n`,
    /// reversible (through `*n`'s own value) for `k > n`.
    #[test]
    fn nimbers_options_marked_by_the_mex() {
        let p = Position::parse("nim(3) + nim(1)").unwrap();
        let options = position_options(&p, Play::Normal, 100, &Budget::DEFAULT).unwrap();
        let seen: Vec<(String, bool, Option<String>)> = options
            .iter()
            .map(|o| {
                let m = o.marks.clone().unwrap();
                (o.value.clone().unwrap(), m.sensible, m.reverses_through)
            })
            .collect();
        // nim(3) + nim(1) = *2: taking 1, 2 or 3 from the 3 leaves *3,
        // 0 and *, taking the 1 leaves *3.
        let expected = [
            ("*3", false, Some("*2")),
            ("0", true, None),
            ("*", true, None),
            ("*3", false, Some("*2")),
        ];
        assert_eq!(seen.len(), expected.len());
        for (s, e) in seen.iter().zip(expected) {
            assert_eq!((s.0.as_str(), s.1, s.2.as_deref()), e);
        }
    }

    #[test]
    fn too_many_options_are_refused() {
        let p = Position::parse("nim(50)").unwrap();
        let e = position_options(&p, Play::Normal, 10, &Budget::DEFAULT).unwrap_err();
        assert!(matches!(e, SolveError::Unsupported { .. }), "{e}");
    }
}
