//! What the Python module's notebook views need from the library: the
//! thermograph drawn by [`sprague::picture`] (the drawing of `analyze
//! --plot` and `/api/picture`, so a notebook never draws one of its own),
//! and the first levels of a canonical form's game tree, read off the
//! library's [`CanonicalSolver`]. The HTML around them is Python's
//! (`python/sprague/display.py`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use sprague::{Budget, CanonicalSolver, GameId, Position, SolveError};

use crate::{interruptible, solve_error};

/// The longest label of a node of a game tree; a longer canonical form is
/// given as `None` (the tree shows its options instead).
const NODE_CHARS: usize = 200;

/// The deepest tree asked for: the levels shown grow as the product of the
/// options, so a deeper one is never readable.
const MAX_DEPTH: u32 = 8;

/// The most nodes a tree may be asked to list.
const MAX_NODES: usize = 1000;

/// The SVG of the thermograph whose text is `text` (as in the `cgt` object
/// of ``analyze()``: ``"Thermograph(1/2,[3/2],[0,-1],1/2,[3/2],[0,1])"``),
/// drawn as ``sprague analyze --plot`` draws it; ``None`` for a text that is
/// not a thermograph or whose numbers are too large to draw.
#[pyfunction]
pub fn thermograph_svg(text: &str) -> Option<String> {
    let mut picture = sprague::picture::thermograph(text)?;
    // A notebook shows many on one page: an `id` would repeat.
    picture.id = "";
    Some(picture.svg())
}

/// One node of a game tree: its canonical form as text (`None` when longer
/// than [`NODE_CHARS`]), the index of its parent (`None` for the root), the
/// side whose option it is (`"L"` or `"R"`, `""` for the root), and how
/// many options Left and Right have in all (those listed are the nodes
/// whose parent it is).
type TreeNode = (Option<String>, Option<usize>, &'static str, u64, u64);

/// The canonical form of `position` (a position or a value, as on the
/// command line: ``"{1|*}"``, ``"domineering(\"..|..\")"``) and its options
/// `depth` levels down, breadth first, at most `max_nodes` nodes: a list of
/// ``(value, parent, side, left_count, right_count)``, the root first. A
/// node's options are listed Left's then Right's, each in the canonical
/// form's order; where the limit cuts a level, the nodes listed are the
/// first in that order. ``ValueError`` for a position that does not parse,
/// a loopy or misère position (no canonical form of a short game), or a
/// tree past the budget.
#[pyfunction]
#[pyo3(signature = (position, depth = 3, max_nodes = 60))]
pub fn value_tree(
    py: Python<'_>,
    position: &str,
    depth: u32,
    max_nodes: usize,
) -> PyResult<Vec<TreeNode>> {
    if depth > MAX_DEPTH {
        return Err(PyValueError::new_err(format!(
            "depth {depth} is more than {MAX_DEPTH}: a tree that deep is never readable"
        )));
    }
    if !(1..=MAX_NODES).contains(&max_nodes) {
        return Err(PyValueError::new_err(format!(
            "max_nodes must be from 1 to {MAX_NODES}, not {max_nodes}"
        )));
    }
    let parsed = Position::parse(position).map_err(|e| {
        let err = PyValueError::new_err(format!("bad position: {e}"));
        let _ = err.value(py).setattr("span", (e.span.start, e.span.end));
        err
    })?;
    interruptible(py, move |budget| tree(&parsed, depth, max_nodes, budget))?.map_err(solve_error)
}

/// [`value_tree`] without the interpreter.
fn tree(
    position: &Position,
    depth: u32,
    max_nodes: usize,
    budget: &Budget,
) -> Result<Vec<TreeNode>, SolveError> {
    let mut solver = CanonicalSolver::new(*budget);
    let mut root = solver.arena.zero();
    for c in position.components() {
        let g = solver.component(c)?;
        root = solver.arena.add(root, g)?;
    }
    let arena = &mut solver.arena;
    // Breadth first through a queue of (form, parent, side, level): a
    // level is listed whole before the next is opened, no recursion.
    let mut queue: Vec<(GameId, Option<usize>, &'static str, u32)> = vec![(root, None, "", 0)];
    let mut nodes: Vec<TreeNode> = Vec::with_capacity(max_nodes);
    let mut next = 0;
    while let Some(&(g, parent, side, level)) = queue.get(next) {
        let left = arena.left_options(g)?;
        let right = arena.right_options(g)?;
        nodes.push((
            arena.display_at_most(g, NODE_CHARS)?,
            parent,
            side,
            left.len() as u64,
            right.len() as u64,
        ));
        if level < depth {
            let room = max_nodes - queue.len().min(max_nodes);
            let children = left
                .into_iter()
                .map(|o| (o, "L"))
                .chain(right.into_iter().map(|o| (o, "R")));
            queue.extend(
                children
                    .take(room)
                    .map(|(o, side)| (o, Some(next), side, level + 1)),
            );
        }
        next += 1;
    }
    Ok(nodes)
}
