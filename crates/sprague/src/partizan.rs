//! Partizan sums: Left and Right have different moves. The outcome class of
//! a sum comes from two questions — does Left win moving first, does Right
//! win moving first — answered by a closed form where a ruleset has one and
//! otherwise by a direct search of the whole sum, with the player to move as
//! part of the state.
//!
//! Convention: the winning moves reported are Left's, with Left moving
//! first (the usual reading of "the player to move" in a partizan position
//! written without further context). Impartial components take part in a
//! partizan sum with the same moves for both players.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::error::SolveError;
use crate::impartial::Budget;
use crate::outcome::Outcome;
use crate::position::{Component, Position};
use crate::rulesets::{unfair_left_winning_takes, unfair_outcome_of_sum};
use crate::sum::{Analysis, Play, WinningMove};

/// One of the two players of a partizan game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Left (Blue, Black, the first player by this engine's convention).
    Left,
    /// Right (Red, White).
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
}

/// The moves of `side` in component `c`.
fn side_moves(
    c: &Arc<dyn Component>,
    side: Side,
    budget: &Budget,
) -> Result<Vec<crate::position::Move>, SolveError> {
    match side {
        Side::Left => c.left_moves(budget),
        Side::Right => c.right_moves(budget),
    }
}

/// A sum as a memo key: the texts of its components, sorted (a sum does
/// not depend on the order of its parts), and who is to move.
type Key = (Vec<String>, Side);

fn key_of(components: &[Arc<dyn Component>], side: Side) -> Key {
    let mut texts: Vec<String> = components.iter().map(|c| c.text()).collect();
    texts.sort();
    (texts, side)
}

/// The direct search of partizan sums under normal play: a position is won
/// for the player to move when one of their moves leads to a position lost
/// for the other player moving next. Memoised, with an explicit stack (no
/// recursion, so long games do not overflow the call stack) and at most
/// `budget` stored positions.
#[derive(Debug)]
pub struct PartizanSearch {
    budget: Budget,
    table: HashMap<Key, bool>,
    /// The positions on the search stack, to report a cycle instead of
    /// searching it forever.
    open: HashSet<Key>,
}

/// A position being searched: its options, and the next one to look at.
struct Frame {
    key: Key,
    children: Vec<Vec<Arc<dyn Component>>>,
    next_child: usize,
    side: Side,
}

impl PartizanSearch {
    /// A search that stores at most `budget` positions.
    pub fn new(budget: Budget) -> PartizanSearch {
        PartizanSearch {
            budget,
            table: HashMap::new(),
            open: HashSet::new(),
        }
    }

    fn open(&mut self, components: &[Arc<dyn Component>], side: Side) -> Result<Frame, SolveError> {
        let key = key_of(components, side);
        if !self.open.insert(key.clone()) {
            return Err(SolveError::Loopy);
        }
        let mut children = Vec::new();
        for (i, c) in components.iter().enumerate() {
            for m in side_moves(c, side, &self.budget)? {
                let mut next = components.to_vec();
                next.splice(i..=i, m.to);
                children.push(next);
            }
        }
        Ok(Frame {
            key,
            children,
            next_child: 0,
            side,
        })
    }

    /// Whether `side`, moving first in the sum of `components`, wins.
    ///
    /// # Errors
    ///
    /// [`SolveError::BudgetExceeded`] when the search needs more than the
    /// budget; any error a component gives listing its moves.
    pub fn wins(
        &mut self,
        components: &[Arc<dyn Component>],
        side: Side,
    ) -> Result<bool, SolveError> {
        if let Some(&w) = self.table.get(&key_of(components, side)) {
            return Ok(w);
        }
        self.open.clear();
        let mut stack = vec![self.open(components, side)?];
        loop {
            let frame = stack.last_mut().expect("the root stays until it returns");
            let mut result = None;
            while frame.next_child < frame.children.len() {
                let child = &frame.children[frame.next_child];
                match self.table.get(&key_of(child, frame.side.other())) {
                    // A move to a position the opponent loses: won.
                    Some(false) => {
                        result = Some(true);
                        break;
                    }
                    Some(true) => frame.next_child += 1,
                    None => break,
                }
            }
            if result.is_none() && frame.next_child == frame.children.len() {
                result = Some(false);
            }
            match result {
                Some(won) => {
                    let frame = stack.pop().expect("a frame was just inspected");
                    self.budget.check_positions(self.table.len() as u64)?;
                    self.open.remove(&frame.key);
                    self.table.insert(frame.key, won);
                    if stack.is_empty() {
                        return Ok(won);
                    }
                }
                None => {
                    let child = frame.children[frame.next_child].clone();
                    let side = frame.side.other();
                    let next = self.open(&child, side)?;
                    stack.push(next);
                }
            }
        }
    }
}

/// Who wins the partizan sum `position` under normal play with each player
/// starting, by closed form where the sum is made of `unfair` heaps of one
/// ruleset, otherwise by search; `Some((left_starting, right_starting))`.
fn outcomes(position: &Position, search: &mut PartizanSearch) -> Result<(bool, bool), SolveError> {
    if let Some(o) = unfair_outcome_of_sum(position.components()) {
        return Ok(o);
    }
    Ok((
        search.wins(position.components(), Side::Left)?,
        search.wins(position.components(), Side::Right)?,
    ))
}

/// The outcome class of a partizan position and Left's winning moves with
/// Left moving first (every one with `all`, else the first in the order of
/// components, then places, then sizes).
///
/// # Errors
///
/// [`SolveError::Unsupported`] under misère play; otherwise as
/// [`PartizanSearch::wins`].
pub fn analyze_partizan(
    position: &Position,
    play: Play,
    all: bool,
    budget: &Budget,
) -> Result<Analysis, SolveError> {
    if play == Play::Misere {
        return Err(SolveError::unsupported(
            "misère play of partizan positions is not supported",
        ));
    }
    let mut search = PartizanSearch::new(*budget);
    let (left_starting, right_starting) = outcomes(position, &mut search)?;
    let mut winning_moves = Vec::new();
    if left_starting
        && let Some(takes) = unfair_left_winning_takes(position.components(), all, budget)
    {
        for (i, t) in takes? {
            let c = &position.components()[i];
            let size: u64 = c
                .args()
                .parse()
                .map_err(|_| SolveError::unsupported(format!("`{}` is not one heap", c.text())))?;
            let text = format!("{}({})", c.ruleset(), size - t);
            let after = Position::parse(&text)
                .map_err(|e| SolveError::unsupported(format!("cannot rebuild `{text}`: {e}")))?;
            winning_moves.push(WinningMove {
                component: i,
                description: crate::rulesets::take_description(t, size),
                to: position.replace(i, after.components()),
            });
        }
    } else if left_starting {
        'components: for (i, c) in position.components().iter().enumerate() {
            for m in c.left_moves(budget)? {
                let after = position.replace(i, &m.to);
                let right_wins = match unfair_outcome_of_sum(after.components()) {
                    Some((_, r)) => r,
                    None => search.wins(after.components(), Side::Right)?,
                };
                if !right_wins {
                    winning_moves.push(WinningMove {
                        component: i,
                        description: m.description,
                        to: after,
                    });
                    if !all {
                        break 'components;
                    }
                }
            }
        }
    }
    Ok(Analysis {
        play,
        outcome: Outcome::from_partizan(left_starting, right_starting),
        grundy: None,
        value: None,
        winning_moves,
        drawing_moves: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_on_impartial_sums_follows_bouton() {
        let mut search = PartizanSearch::new(Budget::DEFAULT);
        for a in 0..6u64 {
            for b in 0..6u64 {
                for c in 0..6u64 {
                    let p = Position::parse(&format!("nim({a}, {b}, {c})")).unwrap();
                    let expected = a ^ b ^ c != 0;
                    assert_eq!(search.wins(p.components(), Side::Left), Ok(expected));
                    assert_eq!(search.wins(p.components(), Side::Right), Ok(expected));
                }
            }
        }
    }

    #[test]
    fn winning_moves_are_left_moves_to_positions_right_loses() {
        let budget = Budget::DEFAULT;
        let p = Position::parse("unfair[3,2](5, 4)").unwrap();
        let a = analyze_partizan(&p, Play::Normal, true, &budget).unwrap();
        assert_eq!(a.outcome, Outcome::L);
        assert_eq!(a.outcome.first_player_wins(), None);
        let mut search = PartizanSearch::new(budget);
        let mut expected = Vec::new();
        for (i, c) in p.components().iter().enumerate() {
            for m in c.left_moves(&budget).unwrap() {
                let after = p.replace(i, &m.to);
                if !search.wins(after.components(), Side::Right).unwrap() {
                    expected.push(after.to_string());
                }
            }
        }
        let found: Vec<String> = a.winning_moves.iter().map(|m| m.to.to_string()).collect();
        assert_eq!(found, expected);
        assert!(!found.is_empty());
    }

    #[test]
    fn mixed_sums_are_searched_and_budgets_hold() {
        let p = Position::parse("unfair[2,3](5) + nim(2)").unwrap();
        let a = analyze_partizan(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
        // Not a sum of unfair heaps alone: the class comes from the search.
        let mut search = PartizanSearch::new(Budget::DEFAULT);
        let left = search.wins(p.components(), Side::Left).unwrap();
        let right = search.wins(p.components(), Side::Right).unwrap();
        assert_eq!(a.outcome, Outcome::from_partizan(left, right));
        let big = Position::parse("unfair[2,3](30, 30, 30) + nim(40)").unwrap();
        assert_eq!(
            analyze_partizan(&big, Play::Normal, false, &Budget::positions(100)).err(),
            Some(SolveError::BudgetExceeded { limit: 100 })
        );
    }
}
