//! Misère canonical forms of components and positions, from their moves:
//! the glue between the game model and the theory's [`MisereArena`].
//!
//! A component's form is the canonical form of its options' forms (a move
//! to a sum of components gives the misère sum of their forms), computed
//! with an explicit stack and memoised by [`Key`]; a position's form is the
//! misère sum of its components'. Every form is stored in the arena and
//! counted against the budget, so a game too big for its form fails with
//! `BudgetExceeded` or `TimeLimit`.

use std::collections::HashMap;
use std::sync::Arc;

use super::analysis::{Analysis, SumMove, Value};
pub use super::figures::{MISERE_FIGURE_FORMS, misere_figure_allowance};
use crate::position::Position;
use sprague_core::budget::Budget;
use sprague_core::error::SolveError;
use sprague_core::outcome::Outcome;
use sprague_game::{ByOptions, Component, Key, Kind, Move, Play, value_by_options};
use sprague_impartial::octal::Periodicity;
use sprague_misere::misere::{Genus, MisereArena, MisereFigures, MisereId};
use sprague_rulesets::HeapFamily;

/// Misère canonical forms of components, memoised by key.
#[derive(Debug, Default)]
pub struct MisereSolver {
    arena: MisereArena,
    memo: HashMap<Key, MisereId>,
}

fn impartial_moves(c: &dyn Component, budget: &Budget) -> Result<Vec<Move>, SolveError> {
    match c.kind() {
        Kind::Impartial(g) => g.moves(budget),
        Kind::Loopy(_) => Err(SolveError::unsupported(
            "misère canonical forms of loopy games",
        )),
        Kind::Partizan(_) | Kind::LoopyPartizan(_) => Err(SolveError::unsupported(
            "misère canonical forms of partizan games",
        )),
    }
}

/// The misère canonical form by induction on the options: a position's
/// form is the form of its options' forms (`0` for none), a move to a sum
/// gives the misère sum of its parts' forms.
impl ByOptions for MisereSolver {
    type Value = MisereId;

    const ZERO: MisereId = MisereId::ZERO;

    fn known(
        &mut self,
        part: &Arc<dyn Component>,
        _: &Budget,
    ) -> Result<Option<MisereId>, SolveError> {
        Ok(self.memo.get(&part.key()).copied())
    }

    fn moves(&mut self, part: &dyn Component, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        impartial_moves(part, budget)
    }

    fn add(&mut self, a: MisereId, b: MisereId, budget: &Budget) -> Result<MisereId, SolveError> {
        self.arena.add(a, b, budget)
    }

    fn of_options(
        &mut self,
        options: Vec<MisereId>,
        budget: &Budget,
    ) -> Result<MisereId, SolveError> {
        if options.is_empty() {
            Ok(MisereId::ZERO)
        } else {
            self.arena.form(options, budget)
        }
    }

    fn remember(&mut self, key: Key, form: MisereId) {
        self.memo.insert(key, form);
    }

    fn n_remembered(&self) -> usize {
        self.memo.len()
    }
}

impl MisereSolver {
    /// A solver with an empty arena.
    pub fn new() -> MisereSolver {
        MisereSolver::default()
    }

    /// The arena the forms live in.
    pub fn arena(&mut self) -> &mut MisereArena {
        &mut self.arena
    }

    /// The misère canonical form of one impartial loop-free component.
    ///
    /// # Errors
    ///
    /// [`SolveError::Unsupported`] for a partizan or loopy component,
    /// [`SolveError::Loopy`] if a position repeats, the budget's errors.
    pub fn component(
        &mut self,
        root: &Arc<dyn Component>,
        budget: &Budget,
    ) -> Result<MisereId, SolveError> {
        if let Some(&g) = self.memo.get(&root.key()) {
            return Ok(g);
        }
        let moves = impartial_moves(&**root, budget)?;
        value_by_options(self, root.key(), moves, budget)
    }

    /// The misère canonical form of a whole position (the sum of its
    /// components' forms).
    ///
    /// # Errors
    ///
    /// As [`MisereSolver::component`].
    pub fn position(
        &mut self,
        position: &Position,
        budget: &Budget,
    ) -> Result<MisereId, SolveError> {
        self.components(position.components(), budget)
    }

    /// The misère canonical form of a sum of components.
    ///
    /// # Errors
    ///
    /// As [`MisereSolver::component`].
    pub fn components(
        &mut self,
        components: &[Arc<dyn Component>],
        budget: &Budget,
    ) -> Result<MisereId, SolveError> {
        let mut total = MisereId::ZERO;
        for c in components {
            let g = self.component(c, budget)?;
            total = self.arena.add(total, g, budget)?;
        }
        Ok(total)
    }
}

/// The misère analysis of an impartial loop-free position by canonical
/// forms: the outcome from the whole sum's `G⁻`, the winning moves those to
/// misère P-positions (by component, then in each component's order of
/// moves), and the figures.
///
/// # Errors
///
/// As [`MisereSolver::component`], when a form is beyond the budget.
pub(super) fn analyze(
    position: &Position,
    max: usize,
    budget: &Budget,
) -> Result<Analysis, SolveError> {
    let mut solver = MisereSolver::new();
    let total = solver.position(position, budget)?;
    let p_position = solver.arena.is_p_position(total);
    let mut winning_moves = Vec::new();
    if !p_position {
        'moves: for (i, c) in position.components().iter().enumerate() {
            for m in impartial_moves(&**c, budget)? {
                if winning_moves.len() >= max {
                    break 'moves;
                }
                let m = SumMove::new(position, i, m);
                let after = solver.position(&m.to, budget)?;
                if solver.arena.is_p_position(after) {
                    winning_moves.push(m);
                }
            }
        }
    }
    // The figures are extra: each gets as many more forms as the value
    // took, and is left out with the reason past them.
    let allowance = Some(misere_figure_allowance(solver.arena.work()));
    let figures = solver.arena.figures_within(total, budget, allowance)?;
    let mut components = Vec::with_capacity(position.components().len());
    for c in position.components() {
        let g = solver.component(c, budget)?;
        components.push(Some(Value::Misere(Box::new(
            solver.arena.figures_within(g, budget, allowance)?,
        ))));
    }
    Ok(Analysis {
        play: Play::Misere,
        outcome: if p_position { Outcome::P } else { Outcome::N },
        value: Some(Value::Misere(Box::new(figures))),
        components,
        winning_moves,
        drawing_moves: Vec::new(),
        remoteness: None,
        remoteness_left_out: None,
        work: None,
    })
}

/// The sums of a search by the genus: the sorted keys of a sum's
/// components, which equal sums share.
fn sum_key(components: &[Arc<dyn Component>]) -> Vec<Key> {
    let mut keys: Vec<Key> = components.iter().map(|c| c.key()).collect();
    keys.sort_unstable();
    keys
}

/// A sum on the genus search's stack: its options, listed, and the genera
/// of those already searched.
struct GenusFrame {
    key: Vec<Key>,
    options: Vec<Vec<Arc<dyn Component>>>,
    genera: Vec<Genus>,
}

/// The genus of the sum of `components` (impartial, loop-free) from its
/// game tree, without its misère canonical form: each sum's genus from its
/// options' ([`Genus::of_options`]), memoised by the sorted keys of its
/// components, with an explicit stack. Its exponent 0 is `G⁻`, its base
/// `G⁺`. Where a position's form is too large to build, this still
/// decides its `G⁻` and genus as far as `budget` lets the search store the
/// sums (each counted by its number of components, as the whole-sum search
/// counts them).
///
/// # Examples
///
/// ```
/// use sprague::{Budget, Position, misere_genus_by_search};
/// // Kayles' heap 5: genus 4^146 (Winning Ways, ch. 13), wild.
/// let p = Position::parse("kayles(5)").unwrap();
/// let genus = misere_genus_by_search(p.components(), &Budget::DEFAULT).unwrap();
/// assert_eq!(genus.to_string(), "4^146");
/// ```
///
/// # Errors
///
/// [`SolveError::Unsupported`] for a partizan or loopy component,
/// [`SolveError::Loopy`] if a position repeats, the budget's errors.
pub fn misere_genus_by_search(
    components: &[Arc<dyn Component>],
    budget: &Budget,
) -> Result<Genus, SolveError> {
    let mut memo: HashMap<Vec<Key>, Genus> = HashMap::new();
    let mut stored = 0u64;
    let open = |components: &[Arc<dyn Component>],
                key: Vec<Key>,
                stored: &mut u64|
     -> Result<GenusFrame, SolveError> {
        budget.check_time()?;
        let mut options = Vec::new();
        for (i, c) in components.iter().enumerate() {
            for m in impartial_moves(&**c, budget)? {
                let mut next = components.to_vec();
                next.splice(i..=i, m.to);
                *stored += next.len().max(1) as u64;
                budget.check_positions(*stored)?;
                options.push(next);
            }
        }
        Ok(GenusFrame {
            key,
            genera: Vec::with_capacity(options.len()),
            options,
        })
    };
    let root = sum_key(components);
    let mut stack = vec![open(components, root, &mut stored)?];
    loop {
        let frame = stack.last_mut().expect("the root stays until it returns");
        let mut unsearched = None;
        while frame.genera.len() < frame.options.len() {
            let option = &frame.options[frame.genera.len()];
            let key = sum_key(option);
            match memo.get(&key) {
                Some(genus) => frame.genera.push(genus.clone()),
                None => {
                    unsearched = Some((option.clone(), key));
                    break;
                }
            }
        }
        match unsearched {
            Some((option, key)) => {
                if stack.iter().any(|f| f.key == key) {
                    return Err(SolveError::Loopy);
                }
                let next = open(&option, key, &mut stored)?;
                stack.push(next);
            }
            None => {
                let frame = stack.pop().expect("a frame was just inspected");
                let genus = Genus::of_options(&frame.genera);
                // The options listed are let go; the sum stays in the memo.
                stored = stored
                    .saturating_sub(frame.options.iter().map(|o| o.len().max(1) as u64).sum())
                    + frame.key.len().max(1) as u64;
                if stack.is_empty() {
                    return Ok(genus);
                }
                memo.insert(frame.key, genus);
            }
        }
    }
}

/// The misère figures of `position` by [`misere_genus_by_search`], where
/// its canonical form was left out (`why`): `G⁻`, `G⁺` and the genus, the
/// figures read off the form `None`.
pub(super) fn figures_by_search(
    position: &Position,
    why: &SolveError,
    budget: &Budget,
) -> Result<MisereFigures, SolveError> {
    let genus = misere_genus_by_search(position.components(), budget)?;
    let grundy = genus.exponent(0);
    Ok(MisereFigures {
        form: None,
        grundy,
        normal_grundy: genus.base(),
        genus: genus.to_string(),
        birthday: None,
        p_position: grundy == 0,
        tame: None,
        restive: None,
        restless: None,
        even: None,
        mate: None,
        left_out: vec![format!(
            "misère canonical form (and its birthday, tame, restive, restless, even, mate): \
             left out: {why}; the genus is from a search of the position, in Conway's full symbol"
        )],
    })
}

/// The misère table of a one-heap family: `G⁻(n)` and Conway's genus of
/// each heap `n` in `from..`, as `sprague table --misere` prints it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereTable {
    /// The first heap size.
    pub from: u64,
    /// `G⁻(from), G⁻(from + 1), ...`: 1 for a heap with no move.
    pub values: Vec<u64>,
    /// The genus of each heap, in the same order.
    pub genus: Vec<Genus>,
}

impl MisereTable {
    /// The last heap size (`from - 1` for an empty table).
    pub fn to(&self) -> u64 {
        match self.values.len() as u64 {
            0 => self.from.saturating_sub(1),
            len => self.from + (len - 1),
        }
    }
}

/// `G⁻(n)` and the genus of the heaps `from..=to` of an impartial one-heap
/// family, from each heap's misère canonical form. The forms are memoised
/// across heaps (a heap's options are sums of smaller heaps), and every
/// form is counted against `budget`, so a table whose forms grow too large
/// (Kayles past about 30, Treblecross past about 20) stops with
/// `BudgetExceeded` or `TimeLimit`.
///
/// # Examples
///
/// ```
/// use sprague::{Budget, misere_table, rulesets::family, syntax::parse_ruleset};
/// let kayles = family(&parse_ruleset("kayles").unwrap()).unwrap();
/// let t = misere_table(kayles.as_ref(), 0, 7, &Budget::DEFAULT).unwrap();
/// // Winning Ways, ch. 13: misère Kayles' genera 0^1 1^0 2^2 3^3 1^1 4^146 3^3 2^2.
/// assert_eq!(t.values, [1, 0, 2, 3, 0, 1, 3, 2]);
/// assert_eq!(t.genus[5].to_string(), "4^146");
/// ```
///
/// # Errors
///
/// [`SolveError::Unsupported`] for a family whose heaps are not impartial
/// loop-free games, the budget's errors.
pub fn misere_table(
    family: &dyn HeapFamily,
    from: u64,
    to: u64,
    budget: &Budget,
) -> Result<MisereTable, SolveError> {
    match misere_table_partial(family, from, to, budget) {
        (table, None) => Ok(table),
        (_, Some(e)) => Err(e),
    }
}

/// As [`misere_table`], but where the budget runs out the heaps computed
/// before are kept: the table of `from..` as far as it got, and the error
/// that stopped it (`None` when every heap to `to` was computed), so that
/// a caller can say how far a table fits.
///
/// # Examples
///
/// ```
/// use sprague::{Budget, misere_table_partial, rulesets::family, syntax::parse_ruleset};
/// let f = family(&parse_ruleset("treblecross").unwrap()).unwrap();
/// let (table, stop) = misere_table_partial(f.as_ref(), 0, 40, &Budget::positions(10_000));
/// assert!(stop.is_some() && table.to() < 40);
/// ```
pub fn misere_table_partial(
    family: &dyn HeapFamily,
    from: u64,
    to: u64,
    budget: &Budget,
) -> (MisereTable, Option<SolveError>) {
    let mut solver = MisereSolver::new();
    let mut table = MisereTable {
        from,
        values: Vec::new(),
        genus: Vec::new(),
    };
    for n in from..=to {
        let heap = (|| {
            budget.check_time()?;
            let heap = family.heap(n)?;
            let form = solver.components(&heap, budget)?;
            let genus = solver.arena.genus(form)?;
            Ok((u64::from(solver.arena.misere_grundy(form)), genus))
        })();
        match heap {
            Ok((value, genus)) => {
                table.values.push(value);
                table.genus.push(genus);
            }
            Err(e) => return (table, Some(e)),
        }
    }
    (table, None)
}

/// The least period of `values` as far as they go, never certified: no
/// theorem we implement proves a misère sequence periodic. A period `p`
/// from `n0` is reported when the values repeat with it from `n0` to the
/// end and the repeating stretch is at least `n0 + 2·p` values long (the
/// shape of the octal periodicity theorem's bound, so that a few equal
/// values at the end are not taken for a period); the least `p`, then the
/// least `n0`. `certified_at` is the number of values looked at.
///
/// # Examples
///
/// ```
/// use sprague::observed_period;
/// let p = observed_period(&[5, 0, 1, 0, 1, 0, 1, 0, 1]).unwrap();
/// assert_eq!((p.preperiod, p.period, p.certified), (1, 2, false));
/// assert!(observed_period(&[0, 1, 2, 3, 3]).is_none());
/// ```
pub fn observed_period(values: &[u64]) -> Option<Periodicity> {
    observed_period_by(values.len(), |n, p| values[n] == values[n + p])
}

/// The least period seen in a sequence of `len` values, as
/// [`observed_period`] finds it, where `repeats(n, p)` says whether the
/// value at `n + p` is what the period `p` makes of the value at `n`
/// (equal, or for an arithmetic period the same difference as at the end).
pub fn observed_period_by(
    len: usize,
    mut repeats: impl FnMut(usize, usize) -> bool,
) -> Option<Periodicity> {
    for p in 1..=len / 2 {
        // The least n0 from which the relation holds to the end.
        let mut n0 = len - p;
        while n0 > 0 && repeats(n0 - 1, p) {
            n0 -= 1;
        }
        if len - n0 >= n0 + 2 * p {
            return Some(Periodicity {
                preperiod: n0 as u64,
                period: p as u64,
                saltus: 0,
                certified: false,
                certified_at: len as u64,
            });
        }
    }
    None
}
