//! Games defined in Python as components of the library's game model: a
//! read game ([`Options`]) and the number of a position make a
//! [`Component`], impartial or partizan, so the library's own solvers value
//! it — `grundy_by_mex` (the default of [`Impartial::grundy`]), the
//! [`CanonicalSolver`], retrograde analysis for loopy games, the theory of
//! loopy partizan games ([`LoopyArena`]) and the [`GrundySolver`] for
//! one-heap tables. Nothing here values a game by itself.

use std::sync::Arc;

use sprague::graph::{Graph, Retrograde};
use sprague::json::{CgtJson, LoopyCgtJson};
use sprague::{
    Budget, CanonicalSolver, Component, GameId, GrundySolver, Impartial, ImpartialGame, Key, Kind,
    LoopyGame, Move, Nimber, Outcome, Partizan, Side, SolveError, Value, grundy_sequence,
};

use crate::explore::Options;

/// The family name in the keys of Python-defined positions; the keys also
/// hold the identity of the game's [`Options`], so two games never share
/// memo entries.
const FAMILY: &str = "python";

/// The longest canonical value written out (the text of a canonical form
/// can be exponentially longer than the form).
pub const MAX_VALUE_CHARS: usize = 1 << 20;

/// The moves of `options`' position `id`, each to the sum of its parts
/// made by `node`.
fn moves_of(options: &Options, id: u32, node: impl Fn(u32) -> Arc<dyn Component>) -> Vec<Move> {
    options
        .options(id)
        .enumerate()
        .map(|(i, o)| {
            let to = options.parts(o).iter().map(|&p| node(p)).collect();
            Move::to_sum(format!("option {i}"), to)
        })
        .collect()
}

/// A position of a game defined in Python: its number in `game`, the
/// options of an impartial game ([`Options`]) or of a partizan one
/// ([`PartizanGame`]).
#[derive(Debug)]
struct Node<G> {
    id: u32,
    game: Arc<G>,
}

impl<G: PythonGame> Node<G> {
    /// Position `id` of the same game.
    fn at(&self, id: u32) -> Arc<dyn Component> {
        Arc::new(Node {
            id,
            game: Arc::clone(&self.game),
        })
    }
}

/// A game defined in Python: which of the library's kinds its positions
/// are.
trait PythonGame: std::fmt::Debug + Send + Sync + Sized + 'static {
    fn kind(node: &Node<Self>) -> Kind<'_>;
}

impl PythonGame for Options {
    fn kind(node: &Node<Options>) -> Kind<'_> {
        Kind::Impartial(node)
    }
}

impl PythonGame for PartizanGame {
    fn kind(node: &Node<PartizanGame>) -> Kind<'_> {
        Kind::Partizan(node)
    }
}

impl<G: PythonGame> Component for Node<G> {
    fn ruleset(&self) -> String {
        FAMILY.to_string()
    }

    fn args(&self) -> String {
        self.id.to_string()
    }

    fn key(&self) -> Key {
        Key::shared(FAMILY, &self.game, [u64::from(self.id)])
    }

    fn kind(&self) -> Kind<'_> {
        G::kind(self)
    }
}

impl Impartial for Node<Options> {
    fn moves(&self, _: &Budget) -> Result<Vec<Move>, SolveError> {
        Ok(moves_of(&self.game, self.id, |id| self.at(id)))
    }
}

/// The Grundy value of position 0 of `game`, by the library's mex solver.
///
/// # Errors
///
/// [`SolveError::Loopy`] if a position repeats; beyond `budget`.
pub fn grundy(game: Options, budget: &Budget) -> Result<Nimber, SolveError> {
    let root = Node {
        id: 0,
        game: Arc::new(game),
    };
    root.grundy(budget)
}

/// Left's and Right's options of a partizan game defined in Python.
#[derive(Debug)]
struct PartizanGame {
    left: Options,
    right: Options,
}

impl Partizan for Node<PartizanGame> {
    fn moves(&self, side: Side, _: &Budget) -> Result<Vec<Move>, SolveError> {
        let options = match side {
            Side::Left => &self.game.left,
            Side::Right => &self.game.right,
        };
        Ok(moves_of(options, self.id, |id| self.at(id)))
    }
}

/// The canonical value of position 0 of the partizan game with Left's
/// options `left` and Right's `right`, in the library's notation, by the
/// library's canonical-form solver; `None` if it is longer than
/// [`MAX_VALUE_CHARS`].
///
/// # Errors
///
/// [`SolveError::Loopy`] if a position repeats; beyond `budget`.
pub fn canonical(
    left: Options,
    right: Options,
    budget: Budget,
) -> Result<Option<String>, SolveError> {
    let (mut solver, g) = canonical_solver(left, right, budget)?;
    solver.arena.display_at_most(g, MAX_VALUE_CHARS)
}

/// As [`canonical`], with the outcome and what CGSuite reports beside the
/// value (the `cgt` object of `analyze --json`).
///
/// # Errors
///
/// As [`canonical`].
pub fn canonical_figures(
    left: Options,
    right: Options,
    budget: Budget,
) -> Result<(Option<String>, Outcome, CgtJson), SolveError> {
    let (mut solver, g) = canonical_solver(left, right, budget)?;
    let value = solver.arena.display_at_most(g, MAX_VALUE_CHARS)?;
    let outcome = solver.arena.outcome(g)?;
    let figures = solver.figures(g)?;
    Ok((value, outcome, CgtJson::from(&figures)))
}

/// The solver that valued position 0 of the partizan game with Left's
/// options `left` and Right's `right`, and that value.
fn canonical_solver(
    left: Options,
    right: Options,
    budget: Budget,
) -> Result<(CanonicalSolver, GameId), SolveError> {
    let root: Arc<dyn Component> = Arc::new(Node {
        id: 0,
        game: Arc::new(PartizanGame { left, right }),
    });
    let mut solver = CanonicalSolver::new(budget);
    let g = solver.component(&root)?;
    Ok((solver, g))
}

/// Whether a position of the partizan game with Left's options `left` and
/// Right's `right` can come back: a cycle through the options (and the
/// parts of options that are sums).
pub fn is_loopy(left: &Options, right: &Options) -> bool {
    let n = left.n_positions();
    // 0: not seen, 1: on the path, 2: done. An explicit stack: no game is
    // too deep to check.
    let mut state = vec![0u8; n];
    let successors = |v: u32| {
        left.options(v)
            .flat_map(|o| left.parts(o).iter().copied())
            .chain(
                right
                    .options(v)
                    .flat_map(|o| right.parts(o).iter().copied()),
            )
            .collect::<Vec<u32>>()
    };
    for root in 0..n as u32 {
        if state[root as usize] != 0 {
            continue;
        }
        let mut stack = vec![(root, successors(root), 0usize)];
        state[root as usize] = 1;
        while let Some((v, next, i)) = stack.last_mut() {
            if let Some(&w) = next.get(*i) {
                *i += 1;
                match state[w as usize] {
                    1 => return true,
                    0 => {
                        state[w as usize] = 1;
                        let succ = successors(w);
                        stack.push((w, succ, 0));
                    }
                    _ => {}
                }
            } else {
                state[*v as usize] = 2;
                stack.pop();
            }
        }
    }
    false
}

/// The value of a loopy partizan game defined in Python, with what is
/// defined beside it.
#[derive(Debug)]
pub struct LoopyCanonical {
    /// The value in CGSuite's notation: a stopper's simplest form or
    /// `onside & offside`.
    pub value: String,
    /// The outcome class, draws included (`D`, `PHat`, ...).
    pub outcome: String,
    /// The figures of `analyze --json`'s `cgt` object for a loopy value.
    pub cgt: LoopyCgtJson,
}

/// The value of position 0 of the loopy partizan game with Left's options
/// `left` and Right's `right`, by the library's theory of loopy games
/// (stoppers and sided values), its outcome by retrograde analysis, and
/// its figures (the `cgt` object of `analyze --json`).
///
/// # Errors
///
/// `Unsupported` for an option that is a sum of several positions, a game
/// with more than [`sprague::MAX_VALUE_VERTICES`] positions in one strongly
/// connected component (the limit of `analyze`), or one whose side's
/// simplification does not end; beyond `budget`.
pub fn loopy_canonical(
    left: Options,
    right: Options,
    budget: Budget,
) -> Result<LoopyCanonical, SolveError> {
    let n = left.n_positions() as u32;
    // A move to a finished game goes to one more vertex, 0.
    let zero = n;
    let mut graph: [Vec<Vec<u32>>; 2] = [Vec::new(), Vec::new()];
    for (side, options) in [&left, &right].into_iter().enumerate() {
        for v in 0..n {
            let mut to = Vec::new();
            for o in options.options(v) {
                match options.parts(o) {
                    [] => to.push(zero),
                    [one] => to.push(*one),
                    _ => {
                        return Err(SolveError::unsupported(
                            "a loopy game's options must be single positions: a sum (a list of \
                             several positions) is not supported here",
                        ));
                    }
                }
            }
            graph[side].push(to);
        }
        graph[side].push(Vec::new());
    }
    let [l, r] = graph;
    let game = LoopyGame::new(l, r, 0).reachable();
    match sprague::loopy_game_value(&game, &budget) {
        Value::LoopyPartizan(value, figures) => Ok(LoopyCanonical {
            value,
            outcome: game.outcome().to_string(),
            cgt: LoopyCgtJson::from(&*figures),
        }),
        Value::NotComputed(why) => Err(SolveError::unsupported(format!(
            "the game is loopy and its value is not computed: {why}"
        ))),
        _ => unreachable!("a loopy game's value is a loopy partizan value"),
    }
}

/// The outcome (`N`, `P` or `D`) and remoteness of position 0 of a loopy
/// impartial game whose options are single positions, by the library's
/// retrograde analysis.
pub fn solve_loopy(game: &Options) -> (Outcome, Option<u32>) {
    let n = game.n_positions() as u32;
    let (mut sources, mut targets) = (Vec::new(), Vec::new());
    for v in 0..n {
        for o in game.options(v) {
            for &to in game.parts(o) {
                sources.push(v);
                targets.push(to);
            }
        }
    }
    let graph = Graph::from_edges(n, &sources, &targets);
    let retrograde = Retrograde::new(&graph, &graph.transpose());
    (retrograde.outcome(0), retrograde.remoteness(0))
}

/// A position of a one-heap family defined in Python, for the
/// [`GrundySolver`]: a heap (by number), or an option that splits into
/// several heaps (by the number of the option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum HeapPosition {
    Heap(u32),
    Split(u32),
}

/// A one-heap family defined in Python, as an [`ImpartialGame`].
#[derive(Debug)]
struct HeapGame {
    options: Options,
}

impl ImpartialGame for HeapGame {
    type Position = HeapPosition;

    fn moves(&self, position: &HeapPosition, out: &mut Vec<HeapPosition>) {
        // A split into no heap at all is a finished game: no moves.
        if let HeapPosition::Heap(v) = *position {
            for o in self.options.options(v) {
                out.push(match self.options.parts(o) {
                    [one] => HeapPosition::Heap(*one),
                    _ => HeapPosition::Split(o),
                });
            }
        }
    }

    fn split(&self, position: &HeapPosition, out: &mut Vec<HeapPosition>) -> bool {
        match *position {
            HeapPosition::Split(o) if !self.options.parts(o).is_empty() => {
                out.extend(self.options.parts(o).iter().map(|&v| HeapPosition::Heap(v)));
                true
            }
            _ => false,
        }
    }
}

/// The Grundy values of the positions `0..count` of a one-heap family
/// (position `h` is the heap of `h`): by the library's table of one-heap
/// families ([`grundy_sequence`]) where every move leads to smaller heaps
/// (the usual case: one pass, no hashing), otherwise by its memoised
/// solver, whose table all the heaps share.
///
/// # Errors
///
/// [`SolveError::Loopy`] if a heap can be reached from itself; beyond
/// `budget`.
pub fn grundy_table(options: Options, count: u32, budget: Budget) -> Result<Vec<u64>, SolveError> {
    let to_smaller_heaps = options.n_positions() == count as usize
        && (0..count).all(|h| {
            options
                .options(h)
                .all(|o| options.parts(o).iter().all(|&part| part < h))
        });
    if to_smaller_heaps && count > 0 {
        return Ok(grundy_sequence(count as usize - 1, |h, g, emit| {
            for o in options.options(h as u32) {
                emit(
                    options
                        .parts(o)
                        .iter()
                        .fold(0, |sum, &part| sum ^ g[part as usize]),
                );
            }
        }));
    }
    let mut solver = GrundySolver::new(HeapGame { options }, budget);
    (0..count)
        .map(|h| Ok(solver.grundy(&HeapPosition::Heap(h))?.0))
        .collect()
}
