//! Loopy partizan games written in CGSuite's loopy notation as terms of a
//! sum: `on`, `over`, `{0|pass}`, `a{0|{a|}}`.
//!
//! A term is a loopy partizan component whose moves are its options as
//! written: `{0|pass}` gives Left a move to `0` and Right a move back to
//! the same position, and a word (`on`, `off`, `over`, `under`, `upon`,
//! `dud`) moves as the game the theory builds for it. The solve layer
//! explores a sum containing such terms like any loopy partizan position
//! and asks the theory (stoppers, sided values) for its value.
//!
//! The game is kept as the theory's [`LoopyGame`], shared by every
//! position reached from the term. A node's text is its graph written out
//! in the notation, `pass` for a move back to the innermost form and a
//! label for a move back further out, so it reads back as the same game;
//! that text is also its key.
//!
//! A sided value `G & H` (Siegel, *Combinatorial Game Theory*, VI.4) is a
//! value, not a game with moves: as a term it is a [`SidedValueTerm`],
//! whose value the solve layer adds to the others' and whose moves are an
//! error. Its offside must be at most its onside (CGSuite refuses it
//! otherwise), and when the two sides are equal it is the stopper, a game
//! like any other term.

use std::sync::{Arc, OnceLock};

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, ParseErrorKind, SolveError};
use sprague_game::{Component, Key, Kind, LoopyPartizan, Move, Side};
use sprague_loopy::loopy::{LoopyArena, LoopyGame, LoopySyntax};
use sprague_partizan::dyadic::Dyadic;

/// Positions a loopy term may have when its graph is built.
const BUILD_POSITIONS: u64 = 1 << 16;

/// Forms a node's text may write out: every form of the graph, which a
/// term's text writes at most once each (a follower met again is named by
/// its label), so a position's text is never cut.
const MAX_TEXT_FORMS: usize = BUILD_POSITIONS as usize;

/// How many forms a move's description writes of the position it leads to.
const MAX_DESCRIPTION_FORMS: usize = 100;

/// How many more forms a text may write before it is cut with `...`.
struct FormsLeft(usize);

/// A position of a game written in the loopy notation.
#[derive(Clone, Debug)]
pub struct LoopyValueTerm {
    game: Arc<TermGraph>,
    node: u32,
}

/// The game every position of a term shares, with the numbers in it.
#[derive(Debug)]
struct TermGraph {
    game: LoopyGame,
    /// For each vertex, the number whose canonical form its follower is,
    /// if it is one: written as that number (`296`, `-3/2`), not as the
    /// form, whose braces nest as deep as the number is large.
    numbers: OnceLock<Vec<Option<Dyadic>>>,
}

impl TermGraph {
    fn new(game: LoopyGame) -> Arc<TermGraph> {
        Arc::new(TermGraph {
            game,
            numbers: OnceLock::new(),
        })
    }

    fn numbers(&self) -> &[Option<Dyadic>] {
        self.numbers.get_or_init(|| canonical_numbers(&self.game))
    }
}

/// For each vertex of `game`, the number `x` whose canonical form (`n =
/// {n-1|}`, `-n = {|-n+1}`, `p/2^q = {x - 2^-q | x + 2^-q}`) its follower is
/// exactly, form for form; `None` for any other vertex (one on a cycle
/// among them). A depth-first walk with its own stack, since a chain of
/// integers is as deep as the largest.
fn canonical_numbers(game: &LoopyGame) -> Vec<Option<Dyadic>> {
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let n = game.n_vertices() as usize;
    let mut state = vec![NEW; n];
    let mut number: Vec<Option<Dyadic>> = vec![None; n];
    for root in 0..n as u32 {
        if state[root as usize] != NEW {
            continue;
        }
        let mut stack = vec![(root, false)];
        while let Some((v, children_done)) = stack.pop() {
            let vi = v as usize;
            if children_done {
                number[vi] = number_of(game, v, &number, &state);
                state[vi] = DONE;
                continue;
            }
            if state[vi] != NEW {
                continue;
            }
            state[vi] = OPEN;
            stack.push((v, true));
            for &w in game.left(v).iter().chain(game.right(v)) {
                if state[w as usize] == NEW {
                    stack.push((w, false));
                }
            }
        }
    }
    number
}

/// The number vertex `v` is, from its options' numbers (an option still
/// open is on a cycle through `v`: no number).
fn number_of(game: &LoopyGame, v: u32, number: &[Option<Dyadic>], state: &[u8]) -> Option<Dyadic> {
    const DONE: u8 = 2;
    let of = |w: u32| {
        if state[w as usize] == DONE {
            number[w as usize].clone()
        } else {
            None
        }
    };
    match (game.left(v), game.right(v)) {
        ([], []) => Some(Dyadic::ZERO),
        (&[a], []) => {
            let a = of(a)?;
            (a.is_integer() && a.signum() >= 0)
                .then(|| a.checked_add(Dyadic::from(1)).ok())
                .flatten()
        }
        ([], &[b]) => {
            let b = of(b)?;
            (b.is_integer() && b.signum() <= 0)
                .then(|| b.checked_add(Dyadic::from(-1)).ok())
                .flatten()
        }
        (&[a], &[b]) => {
            let (a, b) = (of(a)?, of(b)?);
            let x = a.checked_add(&b).ok()?.half().ok()?;
            let q = x.exponent();
            let gap = b.checked_add(a.checked_neg().ok()?).ok()?;
            (q >= 1 && gap == Dyadic::new(1, q - 1).ok()?).then_some(x)
        }
        _ => None,
    }
}

/// A sided value `onside & offside` written as a term: a value with no
/// moves of its own, whose sides differ (stoppers or not).
#[derive(Clone, Debug)]
pub struct SidedValueTerm {
    /// The onside and offside, each a stopper in its simplest form or a
    /// simplified side that is not a stopper.
    sides: [Arc<dyn Component>; 2],
    /// `onside & offside`.
    text: String,
}

/// Builds the component a loopy term stands for.
///
/// # Errors
///
/// A [`ParseError`] with the term's span for a label or `pass` with nothing
/// to refer to, a sided value whose offside is not at most its onside or
/// whose sides are not stoppers, or a game too large to build.
pub fn build_loopy(syntax: &LoopySyntax) -> Result<Arc<dyn Component>, ParseError> {
    let bad =
        |reason: String| ParseError::new(ParseErrorKind::BadValue { reason }, syntax.span.clone());
    let mut arena = LoopyArena::new(Budget::positions(BUILD_POSITIONS));
    let game = if syntax.is_sided() {
        let value = arena.evaluate(syntax).map_err(|e| bad(e.to_string()))?;
        let equal = match (value.onside(), value.offside()) {
            (Some(on), Some(off)) => arena.equal(on, off).map_err(|e| bad(e.to_string()))?,
            _ => false,
        };
        if !equal {
            // `dud` would read back as the game `{pass|pass}`: the sides
            // are written out.
            let onside = arena
                .display_side(&value, true)
                .map_err(|e| bad(e.to_string()))?;
            let offside = arena
                .display_side(&value, false)
                .map_err(|e| bad(e.to_string()))?;
            let side = |game: &LoopyGame| -> Arc<dyn Component> {
                let game = game.clone();
                let node = game.start();
                Arc::new(LoopyValueTerm {
                    game: TermGraph::new(game),
                    node,
                })
            };
            return Ok(Arc::new(SidedValueTerm {
                sides: [side(value.onside_game()), side(value.offside_game())],
                text: sprague_loopy::loopy::sided_text(&onside, &offside),
            }));
        }
        value.onside_game().clone()
    } else {
        arena
            .game_of(&syntax.onside)
            .map_err(|e| bad(e.to_string()))?
    };
    let node = game.start();
    Ok(Arc::new(LoopyValueTerm {
        game: TermGraph::new(game),
        node,
    }))
}

impl Component for SidedValueTerm {
    fn ruleset(&self) -> String {
        "loopy".to_string()
    }

    fn args(&self) -> String {
        self.text.clone()
    }

    fn text(&self) -> String {
        self.text.clone()
    }

    fn is_heap(&self) -> bool {
        false
    }

    fn key(&self) -> Key {
        Key::new("loopy_sided", Key::pack(self.text.as_bytes()))
    }

    fn kind(&self) -> Kind<'_> {
        Kind::LoopyPartizan(self)
    }
}

impl LoopyPartizan for SidedValueTerm {
    fn moves(&self, _side: Side, _budget: &Budget) -> Result<Vec<Move>, SolveError> {
        Err(SolveError::unsupported(format!(
            "`{}` is a sided value, not a game: it has no moves to list or play",
            self.text
        )))
    }

    fn sides(&self) -> Option<[Arc<dyn Component>; 2]> {
        Some(self.sides.clone())
    }
}

impl LoopyValueTerm {
    /// The node's graph in the notation (see the module documentation).
    fn node_text(&self) -> String {
        self.node_text_within(MAX_TEXT_FORMS)
    }

    /// [`LoopyValueTerm::node_text`], cut with `...` after `limit` forms.
    fn node_text_within(&self, limit: usize) -> String {
        let n = self.game.game.n_vertices() as usize;
        let mut labels: Vec<Option<usize>> = vec![None; n];
        let mut n_labels = 0;
        // First pass: which nodes need a label, being moved back to from
        // further in than their own braces or reached a second time (a
        // follower two options share, written once and named after);
        // second pass: the text.
        let mut out = String::new();
        for mut text in [None, Some(&mut out)] {
            self.write(
                self.node,
                &mut Writing {
                    stack: Vec::new(),
                    open: vec![false; n],
                    met: vec![false; n],
                    labels: &mut labels,
                    n_labels: &mut n_labels,
                    forms: FormsLeft(limit),
                },
                &mut text,
            );
        }
        out
    }

    /// Writes node `root`'s text, with a stack of its own: a graph built
    /// from a short text can be deep (`^[on]*1000`), though a number in it,
    /// which could be deeper still, is written as the number.
    fn write(&self, root: u32, w: &mut Writing<'_>, out: &mut Option<&mut String>) {
        /// What is left to write, last first.
        enum Step {
            Node(u32),
            Text(&'static str),
            Close,
        }
        let push = |out: &mut Option<&mut String>, s: &str| {
            if let Some(o) = out.as_deref_mut() {
                o.push_str(s);
            }
        };
        let game = &self.game.game;
        let mut todo = vec![Step::Node(root)];
        while let Some(step) = todo.pop() {
            let v = match step {
                Step::Text(text) => {
                    push(out, text);
                    continue;
                }
                Step::Close => {
                    if let Some(v) = w.stack.pop() {
                        w.open[v as usize] = false;
                    }
                    push(out, "}");
                    continue;
                }
                Step::Node(v) => v,
            };
            if let Some(x) = &self.game.numbers()[v as usize] {
                push(out, &x.to_string());
                continue;
            }
            if w.stack.last() == Some(&v) {
                push(out, "pass");
                continue;
            }
            if w.open[v as usize] || w.met[v as usize] {
                let label = *w.labels[v as usize].get_or_insert_with(|| {
                    *w.n_labels += 1;
                    *w.n_labels - 1
                });
                push(out, &label_name(label));
                continue;
            }
            if w.forms.0 == 0 {
                push(out, "...");
                continue;
            }
            w.forms.0 -= 1;
            w.met[v as usize] = true;
            if let (Some(_), Some(label)) = (out.as_ref(), w.labels[v as usize]) {
                push(out, &label_name(label));
            }
            push(out, "{");
            w.stack.push(v);
            w.open[v as usize] = true;
            todo.push(Step::Close);
            // Last first: the right side, the bar, then the left side.
            for (options, then) in [(game.right(v), Some("|")), (game.left(v), None)] {
                for (i, &x) in options.iter().enumerate().rev() {
                    todo.push(Step::Node(x));
                    if i > 0 {
                        todo.push(Step::Text(","));
                    }
                }
                if let Some(text) = then {
                    todo.push(Step::Text(text));
                }
            }
        }
    }
}

/// One pass of [`LoopyValueTerm::write`]: the forms open around the node,
/// the nodes already written, the labels given.
struct Writing<'a> {
    stack: Vec<u32>,
    /// Whether each node is on `stack`.
    open: Vec<bool>,
    met: Vec<bool>,
    labels: &'a mut Vec<Option<usize>>,
    n_labels: &'a mut usize,
    forms: FormsLeft,
}

/// The name of the `i`th label: `a` to `z` (no `v`, which reads as a
/// down), then `a1`, `b1`, ...
fn label_name(i: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuwxyz";
    let letter = char::from(LETTERS[i % LETTERS.len()]);
    match i / LETTERS.len() {
        0 => letter.to_string(),
        n => format!("{letter}{n}"),
    }
}

impl Component for LoopyValueTerm {
    fn ruleset(&self) -> String {
        "loopy".to_string()
    }

    fn args(&self) -> String {
        self.node_text()
    }

    fn text(&self) -> String {
        self.node_text()
    }

    fn is_heap(&self) -> bool {
        false
    }

    /// The node's reachable graph, numbered in the order a walk from the
    /// node first meets each vertex: linear in the graph, where its text
    /// can be exponential (a shared follower is written out at each
    /// occurrence) and is cut past 10 000 forms, which would let two
    /// different games share a key. Equal keys are equal graphs; the same
    /// game drawn as two different graphs gets two keys, which only costs
    /// a search some sharing.
    fn key(&self) -> Key {
        let n = self.game.game.n_vertices() as usize;
        let mut id = vec![u32::MAX; n];
        let mut order = vec![self.node];
        id[self.node as usize] = 0;
        let mut bytes = Vec::new();
        let mut next = 0;
        while next < order.len() {
            let v = order[next];
            next += 1;
            for options in [self.game.game.left(v), self.game.game.right(v)] {
                bytes.extend_from_slice(&(options.len() as u32).to_le_bytes());
                for &w in options {
                    if id[w as usize] == u32::MAX {
                        id[w as usize] = order.len() as u32;
                        order.push(w);
                    }
                    bytes.extend_from_slice(&id[w as usize].to_le_bytes());
                }
            }
        }
        Key::new("loopy", Key::pack(&bytes))
    }

    fn kind(&self) -> Kind<'_> {
        Kind::LoopyPartizan(self)
    }
}

impl LoopyPartizan for LoopyValueTerm {
    fn moves(&self, side: Side, _budget: &Budget) -> Result<Vec<Move>, SolveError> {
        Ok(self
            .game
            .game
            .options(self.node, side == Side::Left)
            .iter()
            .map(|&o| {
                let to = LoopyValueTerm {
                    game: Arc::clone(&self.game),
                    node: o,
                };
                // A description, not a position: the position after the
                // move is written whole where it is shown.
                let text = to.node_text_within(MAX_DESCRIPTION_FORMS);
                let to: Arc<dyn Component> = Arc::new(to);
                Move::new(format!("move to {text}"), to)
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn text_reads_back_as_the_same_game() {
        for (written, text) in [
            ("on", "{pass|}"),
            ("over", "{0|pass}"),
            ("{0|pass}", "{0|pass}"),
            ("a{0|{a|}}", "a{0|{a|}}"),
            // A number is written as one, not as braces 296 deep (past
            // the reader's nesting limit).
            ("296under", "{pass|296}"),
            ("{-3/2, {1|{pass|0}}|pass}", "{-3/2,{1|{pass|0}}|pass}"),
            // A form equal to a number but not its canonical form stays
            // a form: its moves are not the number's.
            ("{{0, {|0}|}|pass}", "{{0,-1|}|pass}"),
        ] {
            let p = crate::tests::parse(written).unwrap();
            assert_eq!(p.to_string(), text, "{written}");
            assert_eq!(crate::tests::parse(text).unwrap().to_string(), text);
        }
    }
}
