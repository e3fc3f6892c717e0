//! A loopy partizan game as a graph with a start vertex, and the two-player
//! games on graphs that everything else is decided by: who wins with each
//! player to move (draws allowed), who survives, and the Büchi game that
//! compares sides.

use std::cell::Cell;
use std::fmt;

use rustc_hash::FxHashMap;

use crate::graph::PartizanGraph;
use sprague_core::budget::Budget;
use sprague_core::error::SolveError;

thread_local! {
    /// The states of every product game built on this thread (sums,
    /// comparisons, the simplification's products): the work of the
    /// loopy theory, as [`crate::loopy::LoopyArena::work`] reads it.
    static WORK: Cell<u64> = const { Cell::new(0) };
    /// The count of [`WORK`] past which a product is refused, if any.
    static WORK_LIMIT: Cell<Option<u64>> = const { Cell::new(None) };
    /// Whether a product was refused for [`WORK_LIMIT`] since it was set.
    static WORK_LIMIT_REACHED: Cell<bool> = const { Cell::new(false) };
}

/// Counts `states` of a product game as work, refused past the limit set
/// by [`set_work_limit`].
pub(crate) fn count_work(states: u64) -> Result<(), SolveError> {
    let work = WORK.with(|w| {
        let total = w.get().saturating_add(states);
        w.set(total);
        total
    });
    match WORK_LIMIT.with(Cell::get) {
        Some(limit) if work > limit => {
            WORK_LIMIT_REACHED.with(|r| r.set(true));
            Err(SolveError::BudgetExceeded { limit })
        }
        _ => Ok(()),
    }
}

/// The work counted on this thread so far.
pub(crate) fn work() -> u64 {
    WORK.with(Cell::get)
}

/// Refuses work past `until` (a count of [`work`]), or lifts the limit.
pub(crate) fn set_work_limit(until: Option<u64>) {
    WORK_LIMIT.with(|l| l.set(until));
    WORK_LIMIT_REACHED.with(|r| r.set(false));
}

/// Whether work was refused since the limit was last set.
pub(crate) fn work_limit_reached() -> bool {
    WORK_LIMIT_REACHED.with(Cell::get)
}

/// A loopy partizan game: the vertices `0..n` with Left's and Right's
/// options of each, and the vertex play starts from. A move may return to
/// an earlier position, so play may go on forever (a draw, unless a side
/// convention says otherwise).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LoopyGame {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
    start: u32,
}

/// Who wins a loopy game with one player to move: one of the players, or
/// neither (play goes on forever).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    /// Left wins.
    Left,
    /// Right wins.
    Right,
    /// Neither can force a win.
    Draw,
}

/// The outcome class of a loopy partizan game: who wins with Left moving
/// first and with Right moving first. The names are CGSuite's: `L`, `R`,
/// `N`, `P`, `D` (a draw either way), and the draw combinations `PHat`
/// (Left first draws, Right first Left wins), `PCheck` (Left first Right
/// wins, Right first draws), `NHat` (Left first Left wins, Right first
/// draws), `NCheck` (Left first draws, Right first Right wins).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopyOutcome {
    /// Left wins whoever starts.
    L,
    /// Right wins whoever starts.
    R,
    /// The player to move wins.
    N,
    /// The player to move loses.
    P,
    /// A draw whoever starts.
    D,
    /// Left moving first draws; Right moving first, Left wins.
    PHat,
    /// Left moving first, Right wins; Right moving first draws.
    PCheck,
    /// Left moving first, Left wins; Right moving first draws.
    NHat,
    /// Left moving first draws; Right moving first, Right wins.
    NCheck,
}

impl LoopyOutcome {
    /// The class from who wins with Left moving first and with Right
    /// moving first.
    pub fn from_winners(left_first: Winner, right_first: Winner) -> LoopyOutcome {
        use Winner::{Draw, Left, Right};
        match (left_first, right_first) {
            (Left, Left) => LoopyOutcome::L,
            (Right, Right) => LoopyOutcome::R,
            (Left, Right) => LoopyOutcome::N,
            (Right, Left) => LoopyOutcome::P,
            (Draw, Draw) => LoopyOutcome::D,
            (Draw, Left) => LoopyOutcome::PHat,
            (Right, Draw) => LoopyOutcome::PCheck,
            (Left, Draw) => LoopyOutcome::NHat,
            (Draw, Right) => LoopyOutcome::NCheck,
        }
    }

    /// Who wins with Left moving first.
    pub fn left_first(self) -> Winner {
        match self {
            LoopyOutcome::L | LoopyOutcome::N | LoopyOutcome::NHat => Winner::Left,
            LoopyOutcome::R | LoopyOutcome::P | LoopyOutcome::PCheck => Winner::Right,
            LoopyOutcome::D | LoopyOutcome::PHat | LoopyOutcome::NCheck => Winner::Draw,
        }
    }

    /// Who wins with Right moving first.
    pub fn right_first(self) -> Winner {
        match self {
            LoopyOutcome::L | LoopyOutcome::P | LoopyOutcome::PHat => Winner::Left,
            LoopyOutcome::R | LoopyOutcome::N | LoopyOutcome::NCheck => Winner::Right,
            LoopyOutcome::D | LoopyOutcome::PCheck | LoopyOutcome::NHat => Winner::Draw,
        }
    }

    /// The class of the position's outcome in the position language's
    /// letters (`N`, `P`, `L`, `R`), `D` for every class with a draw.
    pub fn outcome(self) -> sprague_core::outcome::Outcome {
        match self {
            LoopyOutcome::L => sprague_core::outcome::Outcome::L,
            LoopyOutcome::R => sprague_core::outcome::Outcome::R,
            LoopyOutcome::N => sprague_core::outcome::Outcome::N,
            LoopyOutcome::P => sprague_core::outcome::Outcome::P,
            _ => sprague_core::outcome::Outcome::D,
        }
    }
}

impl fmt::Display for LoopyOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LoopyOutcome::L => "L",
            LoopyOutcome::R => "R",
            LoopyOutcome::N => "N",
            LoopyOutcome::P => "P",
            LoopyOutcome::D => "D",
            LoopyOutcome::PHat => "PHat",
            LoopyOutcome::PCheck => "PCheck",
            LoopyOutcome::NHat => "NHat",
            LoopyOutcome::NCheck => "NCheck",
        })
    }
}

impl LoopyGame {
    /// The game on `0..left.len()` with the given options, starting at
    /// `start`.
    ///
    /// # Panics
    ///
    /// If the two lists differ in length, an option or `start` is out of
    /// range, or there are `2^32` vertices or more: callers build both
    /// lists from one numbering.
    pub fn new(left: Vec<Vec<u32>>, right: Vec<Vec<u32>>, start: u32) -> LoopyGame {
        assert_eq!(left.len(), right.len(), "one vertex set for both players");
        let n = u32::try_from(left.len()).expect("fewer than 2^32 vertices");
        assert!(start < n, "the start is a vertex");
        assert!(
            left.iter().chain(&right).flatten().all(|&w| w < n),
            "options are vertices"
        );
        LoopyGame { left, right, start }
    }

    /// The game played on a partizan graph from `start`.
    ///
    /// # Panics
    ///
    /// If `start` is not a vertex of the graph.
    pub fn from_graph(graph: &PartizanGraph, start: u32) -> LoopyGame {
        let n = graph.n_vertices();
        let left = (0..n).map(|v| graph.left(v).to_vec()).collect();
        let right = (0..n).map(|v| graph.right(v).to_vec()).collect();
        LoopyGame::new(left, right, start)
    }

    /// The number of vertices (reachable from the start or not).
    pub fn n_vertices(&self) -> u32 {
        self.left.len() as u32
    }

    /// The vertex play starts from.
    pub fn start(&self) -> u32 {
        self.start
    }

    /// Left's options from `v`.
    pub fn left(&self, v: u32) -> &[u32] {
        &self.left[v as usize]
    }

    /// Right's options from `v`.
    pub fn right(&self, v: u32) -> &[u32] {
        &self.right[v as usize]
    }

    /// The options of `v` for Left (`left = true`) or Right.
    pub fn options(&self, v: u32, left: bool) -> &[u32] {
        if left { self.left(v) } else { self.right(v) }
    }

    /// The same graph played from `v`.
    pub fn at(&self, v: u32) -> LoopyGame {
        LoopyGame {
            left: self.left.clone(),
            right: self.right.clone(),
            start: v,
        }
    }

    /// The negative: Left's and Right's options exchanged.
    pub fn negative(&self) -> LoopyGame {
        LoopyGame {
            left: self.right.clone(),
            right: self.left.clone(),
            start: self.start,
        }
    }

    /// The vertices reachable from the start only, renumbered in the order
    /// a breadth-first walk from the start meets them (the start is 0);
    /// each option list keeps its order, without repeats.
    pub fn reachable(&self) -> LoopyGame {
        let mut number = vec![u32::MAX; self.left.len()];
        let mut order = vec![self.start];
        number[self.start as usize] = 0;
        let mut i = 0;
        while i < order.len() {
            let v = order[i] as usize;
            for &w in self.left[v].iter().chain(&self.right[v]) {
                if number[w as usize] == u32::MAX {
                    number[w as usize] = order.len() as u32;
                    order.push(w);
                }
            }
            i += 1;
        }
        let renumber = |list: &[u32]| {
            let mut out: Vec<u32> = Vec::with_capacity(list.len());
            for &w in list {
                let w = number[w as usize];
                if !out.contains(&w) {
                    out.push(w);
                }
            }
            out
        };
        LoopyGame {
            left: order
                .iter()
                .map(|&v| renumber(&self.left[v as usize]))
                .collect(),
            right: order
                .iter()
                .map(|&v| renumber(&self.right[v as usize]))
                .collect(),
            start: 0,
        }
    }

    /// The disjunctive sum: a vertex is a pair of vertices, and a move is a
    /// move in either part. Only the pairs reachable from the pair of
    /// starts are built (each counted against the budget).
    ///
    /// # Errors
    ///
    /// `BudgetExceeded` or `TimeLimit` from the budget.
    pub fn sum(&self, other: &LoopyGame, budget: &Budget) -> Result<LoopyGame, SolveError> {
        let mut index: FxHashMap<(u32, u32), u32> = FxHashMap::default();
        let mut pairs = vec![(self.start, other.start)];
        index.insert((self.start, other.start), 0);
        let mut left = Vec::new();
        let mut right = Vec::new();
        let mut i = 0;
        while i < pairs.len() {
            let (g, h) = pairs[i];
            let mut sides = [Vec::new(), Vec::new()];
            for (side, is_left) in sides.iter_mut().zip([true, false]) {
                let moves = self
                    .options(g, is_left)
                    .iter()
                    .map(|&g2| (g2, h))
                    .chain(other.options(h, is_left).iter().map(|&h2| (g, h2)));
                for pair in moves {
                    let id = match index.get(&pair) {
                        Some(&id) => id,
                        None => {
                            budget.check_positions(pairs.len() as u64)?;
                            count_work(1)?;
                            let id = pairs.len() as u32;
                            index.insert(pair, id);
                            pairs.push(pair);
                            id
                        }
                    };
                    side.push(id);
                }
            }
            let [l, r] = sides;
            left.push(l);
            right.push(r);
            i += 1;
        }
        Ok(LoopyGame {
            left,
            right,
            start: 0,
        })
    }

    /// Whether no infinite alternating sequence of moves starts from any
    /// follower (any position reachable by any moves, not only alternating
    /// ones; Siegel, *Combinatorial Game Theory*, VI.1): a stopper, a game
    /// where play ends whenever neither player moves twice in a row.
    pub fn is_stopper(&self) -> bool {
        let stopper = self.stopper_vertices();
        self.reachable_vertices()
            .iter()
            .zip(stopper)
            .all(|(&r, s)| !r || s)
    }

    /// For each vertex, whether no infinite alternating sequence of moves
    /// starts from it with either player to move (then none starts from
    /// any follower either: an alternating sequence from a follower reached
    /// by an alternating sequence continues one from the vertex).
    pub(crate) fn stopper_vertices(&self) -> Vec<bool> {
        let acyclic = Arena::of_game(self).cannot_reach_cycle();
        (0..self.left.len())
            .map(|v| acyclic[2 * v] && acyclic[2 * v + 1])
            .collect()
    }

    /// The moves `(from, to, by Left)` that lie on an infinite alternating
    /// sequence: those whose two states are in one strongly connected
    /// component of the alternating state graph.
    pub(crate) fn alternating_cycle_moves(&self) -> rustc_hash::FxHashSet<(u32, u32, bool)> {
        let arena = Arena::of_game(self);
        let component = arena.strong_components();
        let mut out = rustc_hash::FxHashSet::default();
        for v in 0..self.n_vertices() {
            for left in [true, false] {
                for &w in self.options(v, left) {
                    if component[state(v, left)] == component[state(w, !left)] {
                        out.insert((v, w, left));
                    }
                }
            }
        }
        out
    }

    /// For each vertex, whether some moves lead to it from the start.
    pub(crate) fn reachable_vertices(&self) -> Vec<bool> {
        let mut seen = vec![false; self.left.len()];
        seen[self.start as usize] = true;
        let mut stack = vec![self.start];
        while let Some(v) = stack.pop() {
            for &w in self.left[v as usize].iter().chain(&self.right[v as usize]) {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    stack.push(w);
                }
            }
        }
        seen
    }

    /// The number of positions in the largest strongly connected component
    /// (positions each reachable from the other) of the part the start
    /// reaches: what the cost of its value grows with (see
    /// [`LoopyArena::value`](crate::loopy::LoopyArena::value)).
    pub fn largest_component(&self) -> u32 {
        let reachable = self.reachable_vertices();
        let n = self.left.len();
        let successors: Vec<Vec<u32>> = (0..n)
            .map(|v| {
                if reachable[v] {
                    self.left[v].iter().chain(&self.right[v]).copied().collect()
                } else {
                    Vec::new()
                }
            })
            .collect();
        let component = Arena::new(vec![true; n], &successors).strong_components();
        let mut size: FxHashMap<u32, u32> = FxHashMap::default();
        for v in (0..n).filter(|&v| reachable[v]) {
            *size.entry(component[v]).or_default() += 1;
        }
        size.into_values().max().unwrap_or(0)
    }

    /// Whether no position reachable from the start can be reached again.
    pub fn is_loopfree(&self) -> bool {
        self.loopfree_vertices()[self.start as usize]
    }

    /// For each vertex, whether no cycle can be reached from it.
    pub fn loopfree_vertices(&self) -> Vec<bool> {
        peel(self.left.len(), |v| {
            self.left[v].iter().chain(&self.right[v]).copied()
        })
    }

    /// For each vertex, whether no cycle of two or more vertices can be
    /// reached from it (passes, a move from a vertex to itself, allowed):
    /// CGSuite's plumtrees.
    pub fn plumtree_vertices(&self) -> Vec<bool> {
        peel(self.left.len(), |v| {
            self.left[v]
                .iter()
                .chain(&self.right[v])
                .copied()
                .filter(move |&w| w as usize != v)
        })
    }

    /// Who wins with each player moving first (the standard retrograde
    /// labelling: a player who cannot move loses, and a position from which
    /// neither can force a win is a draw).
    pub fn outcome(&self) -> LoopyOutcome {
        let arena = Arena::of_game(self);
        let left_wins = arena.attractor(true, &arena.dead_ends(false), None);
        let right_wins = arena.attractor(false, &arena.dead_ends(true), None);
        let winner = |s: usize| {
            if left_wins[s] {
                Winner::Left
            } else if right_wins[s] {
                Winner::Right
            } else {
                Winner::Draw
            }
        };
        LoopyOutcome::from_winners(
            winner(state(self.start, true)),
            winner(state(self.start, false)),
        )
    }
}

/// The state of vertex `v` with Left (`true`) or Right to move.
fn state(v: u32, left_to_move: bool) -> usize {
    2 * v as usize + usize::from(!left_to_move)
}

/// For each of `n` vertices, whether every path from it ends (no cycle is
/// reachable): the vertices removed by repeatedly removing those all of
/// whose successors are removed.
fn peel<I: Iterator<Item = u32>>(n: usize, successors: impl Fn(usize) -> I) -> Vec<bool> {
    let mut remaining = vec![0usize; n];
    let mut predecessors: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (v, count) in remaining.iter_mut().enumerate() {
        for w in successors(v) {
            *count += 1;
            predecessors[w as usize].push(v as u32);
        }
    }
    let mut done = vec![false; n];
    let mut queue: Vec<usize> = (0..n).filter(|&v| remaining[v] == 0).collect();
    for &v in &queue {
        done[v] = true;
    }
    while let Some(v) = queue.pop() {
        for &p in &predecessors[v] {
            let p = p as usize;
            remaining[p] -= 1;
            if remaining[p] == 0 && !done[p] {
                done[p] = true;
                queue.push(p);
            }
        }
    }
    done
}

/// A two-player game on an explicit graph of states: each state is owned
/// by the player to move (Left or Right), its successors are the states
/// that player can move to, and a player with no move loses.
pub(crate) struct Arena {
    left_to_move: Vec<bool>,
    offsets: Vec<u32>,
    targets: Vec<u32>,
    pred_offsets: Vec<u32>,
    pred_sources: Vec<u32>,
}

impl Arena {
    /// The arena of states from successor lists.
    pub(crate) fn new(left_to_move: Vec<bool>, successors: &[Vec<u32>]) -> Arena {
        let mut offsets = Vec::with_capacity(successors.len() + 1);
        offsets.push(0u32);
        let mut targets = Vec::new();
        for list in successors {
            targets.extend_from_slice(list);
            offsets.push(targets.len() as u32);
        }
        Arena::from_csr(left_to_move, offsets, targets)
    }

    /// The arena of states whose successors are `targets[offsets[s]..offsets[s + 1]]`.
    pub(crate) fn from_csr(left_to_move: Vec<bool>, offsets: Vec<u32>, targets: Vec<u32>) -> Arena {
        let n = left_to_move.len();
        debug_assert_eq!(offsets.len(), n + 1);
        let mut in_degree = vec![0u32; n + 1];
        for &t in &targets {
            in_degree[t as usize + 1] += 1;
        }
        for i in 0..n {
            in_degree[i + 1] += in_degree[i];
        }
        let pred_offsets = in_degree.clone();
        let mut fill = in_degree;
        let mut pred_sources = vec![0u32; targets.len()];
        for s in 0..n {
            for &t in &targets[offsets[s] as usize..offsets[s + 1] as usize] {
                pred_sources[fill[t as usize] as usize] = s as u32;
                fill[t as usize] += 1;
            }
        }
        Arena {
            left_to_move,
            offsets,
            targets,
            pred_offsets,
            pred_sources,
        }
    }

    /// The arena of one game: state `2v` is `v` with Left to move, `2v + 1`
    /// with Right to move.
    pub(crate) fn of_game(game: &LoopyGame) -> Arena {
        let n = game.left.len();
        let mut owners = Vec::with_capacity(2 * n);
        let mut successors = Vec::with_capacity(2 * n);
        for v in 0..n {
            owners.push(true);
            successors.push(
                game.left[v]
                    .iter()
                    .map(|&w| state(w, false) as u32)
                    .collect(),
            );
            owners.push(false);
            successors.push(
                game.right[v]
                    .iter()
                    .map(|&w| state(w, true) as u32)
                    .collect(),
            );
        }
        Arena::new(owners, &successors)
    }

    pub(crate) fn len(&self) -> usize {
        self.left_to_move.len()
    }

    fn successors(&self, s: usize) -> &[u32] {
        &self.targets[self.offsets[s] as usize..self.offsets[s + 1] as usize]
    }

    fn predecessors(&self, s: usize) -> &[u32] {
        &self.pred_sources[self.pred_offsets[s] as usize..self.pred_offsets[s + 1] as usize]
    }

    /// The states where `left` (or Right) is to move and has no move.
    pub(crate) fn dead_ends(&self, left: bool) -> Vec<bool> {
        (0..self.len())
            .map(|s| self.left_to_move[s] == left && self.successors(s).is_empty())
            .collect()
    }

    /// The states from which `left` (or Right) can force play into
    /// `target`, moving only among the states `within` (all if `None`): a
    /// state of the player's with a successor in the set, or a state of the
    /// opponent's all of whose successors are in it (an opponent with no
    /// move at all is attracted).
    pub(crate) fn attractor(
        &self,
        left: bool,
        target: &[bool],
        within: Option<&[bool]>,
    ) -> Vec<bool> {
        let n = self.len();
        let inside = |s: usize| within.is_none_or(|w| w[s]);
        let mut set = vec![false; n];
        let mut count: Vec<u32> = (0..n).map(|s| self.successors(s).len() as u32).collect();
        let mut queue = Vec::new();
        for s in 0..n {
            if inside(s)
                && (target[s] || (self.left_to_move[s] != left && self.successors(s).is_empty()))
            {
                set[s] = true;
                queue.push(s);
            }
        }
        while let Some(s) = queue.pop() {
            for &p in self.predecessors(s) {
                let p = p as usize;
                if set[p] || !inside(p) {
                    continue;
                }
                if self.left_to_move[p] == left {
                    set[p] = true;
                    queue.push(p);
                } else {
                    count[p] -= 1;
                    if count[p] == 0 {
                        set[p] = true;
                        queue.push(p);
                    }
                }
            }
        }
        set
    }

    /// The states from which Left wins the Büchi game: Right with no move
    /// loses and Left with no move loses, and an infinite play is Left's
    /// exactly when it visits `accepting` infinitely often. The classical
    /// algorithm: remove what Right can force into the states from which
    /// Left cannot reach an accepting state, until nothing changes.
    pub(crate) fn buchi_left(&self, accepting: &[bool]) -> Vec<bool> {
        let n = self.len();
        let mut alive = vec![true; n];
        loop {
            let target: Vec<bool> = (0..n)
                .map(|s| {
                    alive[s]
                        && if self.successors(s).is_empty() {
                            !self.left_to_move[s]
                        } else {
                            accepting[s]
                        }
                })
                .collect();
            let reach = self.attractor(true, &target, Some(&alive));
            let mut trap: Vec<bool> = (0..n).map(|s| alive[s] && !reach[s]).collect();
            if !trap.iter().any(|&t| t) {
                return alive;
            }
            for s in 0..n {
                trap[s] |= !alive[s];
            }
            let lost = self.attractor(false, &trap, None);
            for s in 0..n {
                alive[s] &= !lost[s];
            }
        }
    }

    /// The strongly connected component of each state (Tarjan's
    /// algorithm with an explicit stack).
    pub(crate) fn strong_components(&self) -> Vec<u32> {
        let n = self.len();
        let mut index = vec![u32::MAX; n];
        let mut low = vec![0u32; n];
        let mut on_stack = vec![false; n];
        let mut component = vec![u32::MAX; n];
        let mut stack: Vec<usize> = Vec::new();
        let mut next = 0u32;
        let mut n_components = 0u32;
        for root in 0..n {
            if index[root] != u32::MAX {
                continue;
            }
            // (state, next successor to look at)
            let mut calls: Vec<(usize, usize)> = vec![(root, 0)];
            index[root] = next;
            low[root] = next;
            next += 1;
            stack.push(root);
            on_stack[root] = true;
            while let Some(&mut (s, ref mut i)) = calls.last_mut() {
                let successors = self.successors(s);
                if *i < successors.len() {
                    let t = successors[*i] as usize;
                    *i += 1;
                    if index[t] == u32::MAX {
                        index[t] = next;
                        low[t] = next;
                        next += 1;
                        stack.push(t);
                        on_stack[t] = true;
                        calls.push((t, 0));
                    } else if on_stack[t] {
                        low[s] = low[s].min(index[t]);
                    }
                } else {
                    calls.pop();
                    if let Some(&(p, _)) = calls.last() {
                        low[p] = low[p].min(low[s]);
                    }
                    if low[s] == index[s] {
                        loop {
                            let t = stack.pop().expect("on the stack");
                            on_stack[t] = false;
                            component[t] = n_components;
                            if t == s {
                                break;
                            }
                        }
                        n_components += 1;
                    }
                }
            }
        }
        component
    }

    /// The states cannot reach a cycle of states.
    pub(crate) fn cannot_reach_cycle(&self) -> Vec<bool> {
        peel(self.len(), |s| self.successors(s).iter().copied())
    }
}

/// Which comparison: of stoppers (Left survives: every infinite play is
/// hers), or of onsides or offsides of any games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    /// Stoppers: Left survives `H - G`.
    Stopper,
    /// Onsides: an infinite play of `H - G` is Left's when it has
    /// infinitely many moves in `H`.
    On,
    /// Offsides: an infinite play of `H - G` is Left's when it has
    /// infinitely many moves in `-G`.
    Off,
}

/// `g <= h` for every pair of vertices at once: entry `u * h.n + v` says
/// whether `g` from `u` is at most `h` from `v`, in the sense of `side`.
///
/// The game is `H - G` with Right to move (Siegel, *Combinatorial Game
/// Theory*, VI.2 for stoppers: `G <= H` iff Left, playing second, survives
/// `H - G`; VI.4 for sides, where an infinite play must also be infinite
/// in `H` for the onside, in `-G` for the offside).
///
/// # Errors
///
/// `BudgetExceeded` or `TimeLimit` if the product has more states than the
/// budget.
pub(crate) fn le_all(
    g: &LoopyGame,
    h: &LoopyGame,
    side: Side,
    budget: &Budget,
) -> Result<Vec<bool>, SolveError> {
    let ng = g.left.len();
    let nh = h.left.len();
    let pairs = ng.checked_mul(nh).ok_or(SolveError::BudgetExceeded {
        limit: budget.max_positions,
    })?;
    let flags = if side == Side::Stopper { 1 } else { 2 };
    let states = pairs * 2 * flags;
    budget.check_positions(states as u64)?;
    budget.check_time()?;
    count_work(states as u64)?;
    // State ((u * nh + v) * 2 + mover) * flags + flag, flag 1 when the
    // move into it was in the component that counts for Left.
    let id = |u: u32, v: u32, left_to_move: bool, flag: usize| -> u32 {
        (((u as usize * nh + v as usize) * 2 + usize::from(!left_to_move)) * flags + flag) as u32
    };
    let mut owners = Vec::with_capacity(states);
    let mut successors = Vec::with_capacity(states);
    let mut accepting = Vec::with_capacity(states);
    for u in 0..ng as u32 {
        for v in 0..nh as u32 {
            for left_to_move in [true, false] {
                // Left moves in -G as Right does in G, and in H as Left.
                let in_g = g.options(u, !left_to_move);
                let in_h = h.options(v, left_to_move);
                let g_flag = usize::from(side == Side::Off);
                let h_flag = usize::from(side == Side::On);
                let list: Vec<u32> = in_g
                    .iter()
                    .map(|&u2| id(u2, v, !left_to_move, g_flag.min(flags - 1)))
                    .chain(
                        in_h.iter()
                            .map(|&v2| id(u, v2, !left_to_move, h_flag.min(flags - 1))),
                    )
                    .collect();
                for flag in 0..flags {
                    owners.push(left_to_move);
                    successors.push(list.clone());
                    accepting.push(flags == 1 || flag == 1);
                }
            }
        }
    }
    let arena = Arena::new(owners, &successors);
    let left_wins = if side == Side::Stopper {
        let lost = arena.attractor(false, &arena.dead_ends(true), None);
        lost.iter().map(|&l| !l).collect()
    } else {
        arena.buchi_left(&accepting)
    };
    Ok((0..ng as u32)
        .flat_map(|u| (0..nh as u32).map(move |v| (u, v)))
        .map(|(u, v)| {
            // Right moves first; for sides, no move has been made yet, so
            // neither flag is owed: both copies agree except on the flag of
            // the move into them, and the start is entered by no move.
            left_wins[id(u, v, false, 0) as usize]
        })
        .collect())
}

/// `g <= h` from their starts, in the sense of `side`.
///
/// # Errors
///
/// As [`le_all`].
pub(crate) fn le(
    g: &LoopyGame,
    h: &LoopyGame,
    side: Side,
    budget: &Budget,
) -> Result<bool, SolveError> {
    let g = g.reachable();
    let h = h.reachable();
    Ok(le_all(&g, &h, side, budget)?[0])
}
