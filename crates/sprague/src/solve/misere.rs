//! Misère canonical forms of components and positions, from their moves:
//! the glue between the game model and the theory's [`MisereArena`].
//!
//! A component's form is the canonical form of its options' forms (a move
//! to a sum of components gives the misère sum of their forms), computed
//! with an explicit stack and memoised by [`Key`]; a position's form is the
//! misère sum of its components'. Every form is stored in the arena and
//! counted against the budget, so a game too big for its form fails with
//! `BudgetExceeded` or `TimeLimit`.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use super::analysis::{Analysis, SumMove, Value};
use crate::budget::Budget;
use crate::error::SolveError;
use crate::game::{Component, Key, Kind, Move, Play};
use crate::misere::{MisereArena, MisereId};
use crate::outcome::Outcome;
use crate::position::Position;

/// Misère canonical forms of components, memoised by key.
#[derive(Debug, Default)]
pub struct MisereSolver {
    arena: MisereArena,
    memo: HashMap<Key, MisereId>,
}

struct Frame {
    key: Key,
    moves: Vec<Move>,
    next: usize,
    part: usize,
    sum: MisereId,
    options: Vec<MisereId>,
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
        let mut open: HashSet<Key> = HashSet::new();
        open.insert(root.key());
        let mut stack = vec![Frame {
            key: root.key(),
            moves: impartial_moves(&**root, budget)?,
            next: 0,
            part: 0,
            sum: MisereId::ZERO,
            options: Vec::new(),
        }];
        loop {
            let top = stack.last_mut().expect("the root stays until it returns");
            let mut descend: Option<Arc<dyn Component>> = None;
            'moves: while top.next < top.moves.len() {
                let parts = &top.moves[top.next].to;
                while top.part < parts.len() {
                    let c = &parts[top.part];
                    let Some(&g) = self.memo.get(&c.key()) else {
                        descend = Some(Arc::clone(c));
                        break 'moves;
                    };
                    top.sum = self.arena.add(top.sum, g, budget)?;
                    top.part += 1;
                }
                top.options.push(top.sum);
                top.sum = MisereId::ZERO;
                top.part = 0;
                top.next += 1;
            }
            match descend {
                Some(c) => {
                    let key = c.key();
                    if !open.insert(key.clone()) {
                        return Err(SolveError::Loopy);
                    }
                    budget.check_positions((self.memo.len() + stack.len()) as u64)?;
                    stack.push(Frame {
                        key,
                        moves: impartial_moves(&*c, budget)?,
                        next: 0,
                        part: 0,
                        sum: MisereId::ZERO,
                        options: Vec::new(),
                    });
                }
                None => {
                    let frame = stack.pop().expect("a frame was just inspected");
                    let form = if frame.options.is_empty() {
                        MisereId::ZERO
                    } else {
                        self.arena.form(frame.options, budget)?
                    };
                    open.remove(&frame.key);
                    self.memo.insert(frame.key, form);
                    if stack.is_empty() {
                        return Ok(form);
                    }
                }
            }
        }
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
    let figures = solver.arena.figures(total, budget)?;
    let mut components = Vec::with_capacity(position.components().len());
    for c in position.components() {
        let g = solver.component(c, budget)?;
        components.push(Some(Value::Misere(Box::new(
            solver.arena.figures(g, budget)?,
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
    })
}
