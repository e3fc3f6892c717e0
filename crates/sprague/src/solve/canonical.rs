//! Strategy 2 for sums with partizan components under normal play: the
//! canonical form of every component ([`CanonicalSolver`]), their sum in the
//! arena of [`sprague_partizan::cgt`], the outcome class from comparing it with 0, and
//! the winning moves of the side to move as the moves after which the sum
//! is won for that side moving second.

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::position::Position;
use sprague_core::budget::Budget;
use sprague_core::error::SolveError;
use sprague_core::outcome::Outcome;
use sprague_game::{Component, GameClass, Key, Kind, Move, Play, Side};
use sprague_partizan::cgt::{CanonicalArena, GameId};
use sprague_partizan::thermograph::Figures;

use super::analysis::{Analysis, SumMove, Value};
use super::figures::figures;
pub use super::figures::{FIGURE_STEPS, MAX_VALUE_CHARS, figure_allowance, value_chars};

/// The most positions the canonical value of a hot sum is tried with when a
/// sum rule already knows its outcome (a sum of unfair heaps): beyond it the
/// rule's answer is given without the value.
const HOT_SUM_BUDGET: u64 = 200_000;

/// The budget for the canonical value of a sum whose sum rule says values
/// are expensive.
pub(super) fn hot_sum_budget(budget: &Budget) -> Budget {
    Budget {
        max_positions: budget.max_positions.min(HOT_SUM_BUDGET),
        ..*budget
    }
}

/// The canonical values of components in one arena: by the ruleset's closed
/// form ([`Partizan::canonical`](crate::Partizan::canonical)), as the nimber
/// of the Grundy value for an impartial component, otherwise from the Left
/// and Right moves with an explicit stack, memoised by [`Component::key`].
#[derive(Debug)]
pub struct CanonicalSolver {
    /// The arena the values live in.
    pub arena: CanonicalArena,
    values: FxHashMap<Key, GameId>,
}

/// A component being valued: every move, Left's then Right's, as what it
/// leaves, the next one to value, and the values found.
struct Frame {
    key: Key,
    moves: Vec<(Side, Vec<Arc<dyn Component>>)>,
    next: usize,
    left: Vec<GameId>,
    right: Vec<GameId>,
}

impl CanonicalSolver {
    /// A solver whose arena and memo together store at most `budget`
    /// entries.
    pub fn new(budget: Budget) -> CanonicalSolver {
        CanonicalSolver {
            arena: CanonicalArena::new(budget),
            values: FxHashMap::default(),
        }
    }

    /// What CGSuite reports beside the value `g` of this solver's arena:
    /// stops, mean, temperature, birthday, thermograph, and the atomic
    /// weight, reduced form and incentives where they are given. Asked for
    /// explicitly, so bounded by the arena's budget alone, not by the
    /// allowance [`analyze`](crate::analyze) gives each figure
    /// ([`figure_allowance`](crate::figure_allowance)).
    ///
    /// # Errors
    ///
    /// Beyond the budget, for the thermograph.
    pub fn figures(&mut self, g: GameId) -> Result<Figures, SolveError> {
        figures(&mut self.arena, g, None).map_err(|left_out| left_out.error)
    }

    /// The canonical value of one component.
    ///
    /// # Errors
    ///
    /// [`SolveError::Loopy`] if a position repeats; [`SolveError::Unsupported`]
    /// for a loopy component; otherwise as [`CanonicalArena::add`] and the
    /// component's own move lists.
    pub fn component(&mut self, component: &Arc<dyn Component>) -> Result<GameId, SolveError> {
        if let Some(g) = self.known(component)? {
            return Ok(g);
        }
        let mut open: FxHashSet<Key> = FxHashSet::default();
        let mut stack = vec![self.open_frame(component, &mut open)?];
        loop {
            let frame = stack.last_mut().expect("the root stays until it returns");
            let mut pending = None;
            while frame.next < frame.moves.len() {
                let (side, ref to) = frame.moves[frame.next];
                let mut value = self.arena.zero();
                for c in to {
                    match self.known(c)? {
                        Some(g) => value = self.arena.add(value, g)?,
                        None => {
                            pending = Some(Arc::clone(c));
                            break;
                        }
                    }
                }
                if pending.is_some() {
                    break;
                }
                match side {
                    Side::Left => frame.left.push(value),
                    Side::Right => frame.right.push(value),
                }
                frame.next += 1;
            }
            match pending {
                Some(c) => {
                    self.arena
                        .charge_with((stack.len() + self.values.len()) as u64)?;
                    let next = self.open_frame(&c, &mut open)?;
                    stack.push(next);
                }
                None => {
                    let frame = stack.pop().expect("a frame was just inspected");
                    let g = self.arena.form(&frame.left, &frame.right)?;
                    open.remove(&frame.key);
                    self.arena.charge_with(self.values.len() as u64)?;
                    self.values.insert(frame.key, g);
                    if stack.is_empty() {
                        return Ok(g);
                    }
                }
            }
        }
    }

    /// The value of `c` if it is memoised or needs no expansion of moves.
    fn known(&mut self, c: &Arc<dyn Component>) -> Result<Option<GameId>, SolveError> {
        let key = c.key();
        if let Some(&g) = self.values.get(&key) {
            return Ok(Some(g));
        }
        let g = match c.kind() {
            Kind::Loopy(_) | Kind::LoopyPartizan(_) => {
                return Err(SolveError::unsupported(format!(
                    "`{}` is loopy: it has no canonical form as a short game",
                    c.text()
                )));
            }
            Kind::Impartial(g) => {
                let budget = self.arena.budget();
                let n = g.grundy(&budget)?;
                self.arena.nimber(n.0)?
            }
            Kind::Partizan(g) => {
                if let Some(regions) = g.regions() {
                    let value = self.sum(&regions)?;
                    self.arena.charge_with(self.values.len() as u64)?;
                    self.values.insert(key, value);
                    return Ok(Some(value));
                }
                match g.canonical(&mut self.arena) {
                    Some(g) => g?,
                    None => return Ok(None),
                }
            }
        };
        self.arena.charge_with(self.values.len() as u64)?;
        self.values.insert(key, g);
        Ok(Some(g))
    }

    fn open_frame(
        &mut self,
        c: &Arc<dyn Component>,
        open: &mut FxHashSet<Key>,
    ) -> Result<Frame, SolveError> {
        let key = c.key();
        if !open.insert(key.clone()) {
            return Err(SolveError::Loopy);
        }
        let budget = self.arena.budget();
        let mut moves = Vec::new();
        for side in [Side::Left, Side::Right] {
            for m in c.moves_of(side, &budget)? {
                moves.push((side, m.to));
            }
        }
        Ok(Frame {
            key,
            moves,
            next: 0,
            left: Vec::new(),
            right: Vec::new(),
        })
    }

    /// The canonical value of the sum of `components`.
    ///
    /// # Errors
    ///
    /// As [`CanonicalSolver::component`].
    pub fn sum(&mut self, components: &[Arc<dyn Component>]) -> Result<GameId, SolveError> {
        let mut total = self.arena.zero();
        for c in components {
            let g = self.component(c)?;
            total = self.arena.add(total, g)?;
        }
        Ok(total)
    }

    /// The value of a move: the sum of what it leaves.
    fn move_value(&mut self, m: &Move) -> Result<GameId, SolveError> {
        self.sum(&m.to)
    }

    /// Whether `g` is won by `side` moving second: `g >= 0` for Left,
    /// `g <= 0` for Right.
    fn won_moving_second(&mut self, g: GameId, side: Side) -> Result<bool, SolveError> {
        let zero = self.arena.zero();
        match side {
            Side::Left => self.arena.le(zero, g),
            Side::Right => self.arena.le(g, zero),
        }
    }
}

/// The analysis of a normal-play sum of short partizan (and impartial)
/// components by canonical forms: the value of the sum in CGSuite's
/// notation (left out beyond [`value_chars`]), the outcome class from
/// comparing it with 0, and the winning moves of each of `sides` moving
/// first (its moves after which the sum is won for it moving second), the
/// first one or, with `all`, every one, in the order of components, then
/// moves; with two sides, each move tagged with its side.
///
/// # Errors
///
/// As [`CanonicalSolver::component`]; a component's move lists may fail
/// too.
pub(super) fn analyze(
    position: &Position,
    sides: &[Side],
    all: bool,
    budget: &Budget,
) -> Result<Analysis, SolveError> {
    // With both sides asked for, each move names its side.
    let tagged = |m: SumMove, side| SumMove {
        side: (sides.len() > 1).then_some(side),
        ..m
    };
    let mut solver = CanonicalSolver::new(*budget);
    let values = position
        .components()
        .iter()
        .map(|c| solver.component(c))
        .collect::<Result<Vec<_>, _>>()?;
    let mut total = solver.arena.zero();
    for &v in &values {
        total = solver.arena.add(total, v)?;
    }
    let outcome = solver.arena.outcome(total)?;
    let mut winning_moves = Vec::new();
    let wins_first = |side: Side| match side {
        Side::Left => matches!(outcome, Outcome::L | Outcome::N),
        Side::Right => matches!(outcome, Outcome::R | Outcome::N),
    };
    // The rest of the sum beside each component, as the sum of the others
    // (prefix and suffix sums), never as `total - value`: the difference of
    // a large value with itself is canonicalised by comparisons that cost
    // many times the value (minutes against seconds on a hot 6 x 6
    // Domineering board). Needed only if some side asked for wins first.
    let mut rests = Vec::new();
    if sides.iter().any(|&s| wins_first(s)) {
        let mut before = Vec::with_capacity(values.len());
        let mut acc = solver.arena.zero();
        for &v in &values {
            before.push(acc);
            acc = solver.arena.add(acc, v)?;
        }
        rests = vec![solver.arena.zero(); values.len()];
        let mut after = solver.arena.zero();
        for i in (0..values.len()).rev() {
            rests[i] = solver.arena.add(before[i], after)?;
            after = solver.arena.add(after, values[i])?;
        }
    }
    for &side in sides {
        if !wins_first(side) {
            continue;
        }
        let before = winning_moves.len();
        'components: for (i, c) in position.components().iter().enumerate() {
            let rest = rests[i];
            let wanted = if all {
                usize::MAX
            } else {
                1 - (winning_moves.len() - before)
            };
            if let Kind::Partizan(g) = c.kind()
                && let Some(moves) = g.winning_moves_against(side, rest, wanted, &mut solver.arena)
            {
                for m in moves? {
                    winning_moves.push(tagged(SumMove::new(position, i, m), side));
                }
                if !all && winning_moves.len() > before {
                    break 'components;
                }
                continue;
            }
            for m in c.moves_of(side, budget)? {
                let after = solver.move_value(&m)?;
                let after = solver.arena.add(rest, after)?;
                if solver.won_moving_second(after, side)? {
                    winning_moves.push(tagged(SumMove::new(position, i, m), side));
                    if !all {
                        break 'components;
                    }
                }
            }
        }
    }
    let value_work = solver.arena.work();
    let longest = value_chars(budget);
    let mut component_values = Vec::with_capacity(values.len());
    for &v in &values {
        let text = solver.arena.display_at_most(v, longest)?;
        component_values.push(Some(Value::Canonical(text, None)));
    }
    Ok(Analysis {
        play: Play::Normal,
        outcome,
        components: component_values,
        value: Some(Value::Canonical(
            solver.arena.display_at_most(total, longest)?,
            // The figures are extra: a game too deep for them, or whose
            // figures would cost more than the value, still has its value
            // and winning moves.
            Some(
                figures(&mut solver.arena, total, Some(figure_allowance(value_work)))
                    .map(Box::new)
                    .map_err(|left_out| left_out.to_string()),
            ),
        )),
        winning_moves,
        drawing_moves: Vec::new(),
        remoteness: None,
        remoteness_left_out: None,
        work: Some(value_work),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budgets_deadline_stops_the_solver() {
        let p = Position::parse("unfair[3,2](20, 21, 22)").unwrap();
        let budget = Budget::DEFAULT.with_time_limit(std::time::Duration::ZERO);
        let mut solver = CanonicalSolver::new(budget);
        assert!(matches!(
            solver.sum(p.components()),
            Err(SolveError::TimeLimit { .. })
        ));
    }

    #[test]
    fn long_values_are_written_whole_within_the_budget() {
        // Sums of unfair heaps are hot games whose forms share options in
        // the arena but are long written out.
        let p = Position::parse("unfair[3,2](6, 7)").unwrap();
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let g = solver.sum(p.components()).unwrap();
        let full = solver.arena.display(g).unwrap();
        let n = full.chars().count();
        assert!(n > MAX_VALUE_CHARS);
        assert_eq!(
            solver.arena.display_at_most(g, n).unwrap(),
            Some(full.clone())
        );
        assert_eq!(solver.arena.display_at_most(g, n - 1).unwrap(), None);
        let analysis = crate::analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
        assert_eq!(analysis.value_text(), Some(full));
        assert_eq!(analysis.outcome, solver.arena.outcome(g).unwrap());
        // The bound on writing is the budget's, a character a position.
        assert_eq!(value_chars(&Budget::positions(10)), MAX_VALUE_CHARS);
        assert_eq!(value_chars(&Budget::DEFAULT), 10_000_000);
    }

    #[test]
    fn right_wins_by_moves_to_positions_at_most_zero() {
        // cut(3, 5): Right (cutting across) has the better of it; every
        // winning move of Right's leaves a sum that Left, moving first,
        // loses.
        let p = Position::parse("cut(3, 5) + hackenbush(\"LR\")").unwrap();
        let a = analyze(&p, &[Side::Right], true, &Budget::DEFAULT).unwrap();
        let mut search = super::super::search::SumSearch::new(Play::Normal, Budget::DEFAULT);
        let mut expected = Vec::new();
        for (i, c) in p.components().iter().enumerate() {
            for m in c.moves_of(Side::Right, &Budget::DEFAULT).unwrap() {
                let after = p.replace(i, &m.to);
                if !search.wins(after.components(), Side::Left).unwrap() {
                    expected.push(after.to_string());
                }
            }
        }
        let found: Vec<String> = a.winning_moves.iter().map(|m| m.to.to_string()).collect();
        assert_eq!(found, expected);
    }
}

/// How two games compare: the outcome class of their difference `G - H`
/// (`P`: equal, `L`: `G > H`, `R`: `G < H`, `N`: confused).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// The outcome class of `G - H`.
    pub difference: Outcome,
    /// For loopy games, `(G <= H, H <= G)` in CGSuite's order of sided
    /// values, which decides the relation (`over - over` is a draw, yet
    /// `over = over`); `None` for short games, whose difference decides it.
    pub loopy_order: Option<(bool, bool)>,
}

impl Comparison {
    /// `=`, `>`, `<` or `||` (confused, incomparable).
    pub fn relation(self) -> &'static str {
        if let Some(order) = self.loopy_order {
            return match order {
                (true, true) => "=",
                (false, true) => ">",
                (true, false) => "<",
                (false, false) => "||",
            };
        }
        match self.difference {
            Outcome::P => "=",
            Outcome::L => ">",
            Outcome::R => "<",
            _ => "||",
        }
    }
}

/// How the sum `left` compares with the sum `right` under normal play, from
/// the canonical value of `left - right` ([`Comparison`]). Impartial
/// components count as nimbers. Where either has loopy partizan
/// components, from their sided values (stoppers, `onside & offside`):
/// CGSuite's order, and the outcome of the difference, which may be a draw.
///
/// # Examples
///
/// ```
/// use sprague::{Budget, Position, compare};
/// let up = Position::parse("^").unwrap();
/// let star = Position::parse("*").unwrap();
/// assert_eq!(compare(&up, &star, &Budget::DEFAULT).unwrap().relation(), "||");
/// let half = Position::parse("{0|1}").unwrap();
/// assert_eq!(compare(&half, &up, &Budget::DEFAULT).unwrap().relation(), ">");
/// ```
///
/// # Errors
///
/// As [`CanonicalSolver::component`]: a loopy component, or a budget error.
pub fn compare(
    left: &Position,
    right: &Position,
    budget: &Budget,
) -> Result<Comparison, SolveError> {
    let loopy = |p: &Position| {
        p.components()
            .iter()
            .any(|c| c.class() == GameClass::LoopyPartizan)
    };
    if loopy(left) || loopy(right) {
        let (order, difference) = super::loopy_partizan::compare(left, right, budget)?;
        return Ok(Comparison {
            difference,
            loopy_order: Some(order),
        });
    }
    let mut solver = CanonicalSolver::new(*budget);
    let g = solver.sum(left.components())?;
    let h = solver.sum(right.components())?;
    let d = solver.arena.sub(g, h)?;
    Ok(Comparison {
        difference: solver.arena.outcome(d)?,
        loopy_order: None,
    })
}
