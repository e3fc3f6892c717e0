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

/// A node of a tree to draw, as [`TreeNode`] (read back from Python).
type DrawnNode = (Option<String>, Option<usize>, String, u64, u64);

/// Room between the rows of a drawn tree, and above the first.
const ROW: f64 = 50.0;
const TOP: f64 = 18.0;
/// Room left and right of the tree, and between a node's Left and Right
/// options.
const MARGIN: f64 = 10.0;
const GAP: f64 = 12.0;
/// The room of a side without options (see `tree_svg`).
const EMPTY_SIDE: f64 = 16.0;
/// The size of a node's label.
const LABEL: f64 = 12.0;

/// A label cut short past 14 characters, as [`sprague::picture::game_tree`]
/// cuts its options' (whole on hover).
fn short(text: &str) -> String {
    if text.chars().count() > 14 {
        text.chars().take(13).chain(['…']).collect()
    } else {
        text.to_string()
    }
}

/// The SVG of the game tree whose nodes `value_tree` listed: each node its
/// value (cut short past 14 characters, whole on hover), Left's options
/// below it on the left on blue edges, Right's on the right on red ones
/// (Winning Ways' pictures, the colours and shapes of
/// ``sprague::picture``), and ``+k`` beside a node whose ``k`` options of a
/// side are not listed. A node's options are set out under it, each given
/// the width of its own subtree, so no two labels meet. ``ValueError`` for
/// nodes that are not such a list (a parent listed after its option).
#[pyfunction]
pub fn tree_svg(nodes: Vec<DrawnNode>) -> PyResult<String> {
    use sprague::picture::{Anchor, Picture, Shape, colours, text_width};
    let n = nodes.len();
    if n == 0 || nodes[0].1.is_some() {
        return Err(PyValueError::new_err(
            "a tree's first node is its root, with no parent",
        ));
    }
    if n > MAX_NODES {
        return Err(PyValueError::new_err(format!(
            "a tree of more than {MAX_NODES} nodes is not drawn"
        )));
    }
    let mut kids: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut level = vec![0usize; n];
    for (i, node) in nodes.iter().enumerate().skip(1) {
        match node.1 {
            Some(p) if p < i && (node.2 == "L" || node.2 == "R") => {
                kids[p].push(i);
                level[i] = level[p] + 1;
            }
            _ => {
                return Err(PyValueError::new_err(format!(
                    "node {i} of the tree has no parent listed before it, or a side other than L or R"
                )));
            }
        }
    }
    let label = |i: usize| nodes[i].0.as_deref().map_or_else(|| "…".to_string(), short);
    // Which sides a node's options are of.
    let sides = |i: usize| {
        let left = kids[i].iter().any(|&k| nodes[k].2 == "L");
        let right = kids[i].iter().any(|&k| nodes[k].2 == "R");
        (left, right)
    };
    // Room beside a node's options: a gap between Left's and Right's, and
    // where one side has none, room for it, so that a lone Left option
    // stands to the left of its node and a lone Right one to the right.
    let gap = |i: usize| match sides(i) {
        (true, true) => GAP,
        (true, false) | (false, true) => GAP + EMPTY_SIDE,
        (false, false) => 0.0,
    };
    // Widths bottom up (an option comes after its node), places top down.
    let mut width = vec![0.0f64; n];
    for i in (0..n).rev() {
        let below: f64 = kids[i].iter().map(|&k| width[k]).sum::<f64>() + gap(i);
        width[i] = (text_width(&label(i), LABEL) + 14.0).max(30.0).max(below);
    }
    let mut start = vec![MARGIN; n];
    let mut x = vec![0.0f64; n];
    for i in 0..n {
        x[i] = start[i] + width[i] / 2.0;
        let below: f64 = kids[i].iter().map(|&k| width[k]).sum::<f64>() + gap(i);
        let mut at = start[i] + (width[i] - below) / 2.0;
        if sides(i) == (false, true) {
            at += GAP + EMPTY_SIDE;
        }
        let mut previous = "";
        for &k in &kids[i] {
            if previous == "L" && nodes[k].2 == "R" {
                at += GAP;
            }
            previous = nodes[k].2.as_str();
            start[k] = at;
            at += width[k];
        }
    }
    let y = |i: usize| TOP + level[i] as f64 * ROW;
    let mut shapes = Vec::new();
    for i in 1..n {
        let p = nodes[i].1.unwrap_or(0);
        let left = nodes[i].2 == "L";
        shapes.push(Shape::Line {
            from: (x[p], y(p) + 5.0),
            to: (x[i], y(i) - LABEL - 1.0),
            colour: if left { colours::BLUE } else { colours::RED },
            width: 2.0,
            dashed: false,
            class: if left { "left-option" } else { "right-option" },
            data: Vec::new(),
        });
    }
    for (i, node) in nodes.iter().enumerate() {
        let title = node
            .0
            .clone()
            .unwrap_or_else(|| format!("a canonical form longer than {NODE_CHARS} characters"));
        shapes.push(Shape::Text {
            at: (x[i], y(i)),
            text: label(i),
            anchor: Anchor::Middle,
            size: LABEL,
            colour: colours::INK,
            class: "option",
            title: Some(title),
        });
        let shown = |side: &str| kids[i].iter().filter(|&&k| nodes[k].2 == side).count() as u64;
        for (count, side, colour, anchor, dx, class) in [
            (node.3, "L", colours::BLUE, Anchor::End, -4.0, "more-left"),
            (node.4, "R", colours::RED, Anchor::Start, 4.0, "more-right"),
        ] {
            let hidden = count.saturating_sub(shown(side));
            if hidden > 0 {
                shapes.push(Shape::Text {
                    at: (x[i] + dx, y(i) + 15.0),
                    text: format!("+{hidden}"),
                    anchor,
                    size: 9.0,
                    colour,
                    class,
                    title: Some(format!("{hidden} more options not shown")),
                });
            }
        }
    }
    let depth = level.iter().copied().max().unwrap_or(0);
    let picture = Picture {
        width: width[0] + 2.0 * MARGIN,
        height: TOP + depth as f64 * ROW + 22.0,
        id: "",
        class: "game-tree",
        label: format!("the game tree of {}", label(0)),
        shapes,
    };
    Ok(picture.svg())
}
