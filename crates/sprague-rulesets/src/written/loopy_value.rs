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

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, ParseErrorKind, SolveError};
use sprague_game::{Component, Key, Kind, LoopyPartizan, Move, Side};
use sprague_loopy::loopy::{LoopyArena, LoopyGame, LoopySyntax};
use sprague_partizan::{CanonicalArena, GameId};

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

/// The game every position of a term shares, with the texts of its short
/// followers.
#[derive(Debug)]
struct TermGraph {
    game: LoopyGame,
    /// The followers that are short games in canonical form, form for
    /// form: written as the short game's printer writes them (`*645`,
    /// `296`, `{1|*}`), not as labelled braces, which for `*n` are
    /// quadratic in `n` and for an integer nest as deep as it is large.
    short: OnceLock<ShortFollowers>,
}

impl TermGraph {
    fn new(game: LoopyGame) -> Arc<TermGraph> {
        Arc::new(TermGraph {
            game,
            short: OnceLock::new(),
        })
    }

    /// The short game's text of vertex `v` if its follower is a short game
    /// in canonical form whose text is at most [`MAX_SHORT_TEXT`] long.
    fn short_text(&self, v: u32) -> Option<String> {
        self.short
            .get_or_init(|| ShortFollowers::of(&self.game))
            .text(v)
    }
}

/// The longest text of a short follower written as a short game; a longer
/// one is written as braces around its options' texts.
const MAX_SHORT_TEXT: usize = 4096;

/// The loop-free vertices of a term's graph that are canonical forms, with
/// the arena holding those forms and the texts written so far.
#[derive(Debug)]
struct ShortFollowers {
    ids: Vec<Option<GameId>>,
    arena: Mutex<(CanonicalArena, HashMap<u32, Option<String>>)>,
}

impl ShortFollowers {
    /// Each loop-free vertex's canonical form, kept where the vertex's
    /// options are exactly that form's options (no dominated or
    /// reversible option, no option written twice): then the short
    /// game's text reads back as the same game, form for form. A walk with
    /// its own stack, options first, since a chain of integers is as deep
    /// as the largest; a vertex past the arena's budget is not kept.
    fn of(game: &LoopyGame) -> ShortFollowers {
        let n = game.n_vertices() as usize;
        let loopfree = game.loopfree_vertices();
        let mut arena = CanonicalArena::new(Budget::positions(BUILD_POSITIONS));
        let mut ids: Vec<Option<GameId>> = vec![None; n];
        let mut done = vec![false; n];
        for root in (0..n as u32).filter(|&v| loopfree[v as usize]) {
            let mut stack = vec![(root, false)];
            while let Some((v, options_done)) = stack.pop() {
                let vi = v as usize;
                if done[vi] {
                    continue;
                }
                if !options_done {
                    stack.push((v, true));
                    for &w in game.left(v).iter().chain(game.right(v)) {
                        if !done[w as usize] {
                            stack.push((w, false));
                        }
                    }
                    continue;
                }
                done[vi] = true;
                ids[vi] = exact_form(&mut arena, &ids, game.left(v), game.right(v));
            }
        }
        ShortFollowers {
            ids,
            arena: Mutex::new((arena, HashMap::new())),
        }
    }

    fn text(&self, v: u32) -> Option<String> {
        let id = self.ids[v as usize]?;
        let mut guard = self.arena.lock().unwrap_or_else(|e| e.into_inner());
        let (arena, texts) = &mut *guard;
        texts
            .entry(v)
            .or_insert_with(|| arena.display_at_most(id, MAX_SHORT_TEXT).ok().flatten())
            .clone()
    }
}

/// The canonical form with exactly these options, if it is one: each
/// option a kept canonical form, and the form of them canonical as it
/// stands.
fn exact_form(
    arena: &mut CanonicalArena,
    ids: &[Option<GameId>],
    left: &[u32],
    right: &[u32],
) -> Option<GameId> {
    let of = |options: &[u32]| -> Option<Vec<GameId>> {
        let mut list: Vec<GameId> = options
            .iter()
            .map(|&w| ids[w as usize])
            .collect::<Option<_>>()?;
        list.sort_unstable();
        Some(list)
    };
    let (l, r) = (of(left)?, of(right)?);
    let id = arena.form(&l, &r).ok()?;
    let mut cl = arena.left_options(id).ok()?;
    let mut cr = arena.right_options(id).ok()?;
    cl.sort_unstable();
    cr.sort_unstable();
    (cl == l && cr == r).then_some(id)
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
/// whose sides are not stoppers, or a game too large to build; a
/// [`ParseErrorKind::Stopped`] one when `budget`'s time runs out while the
/// game is built (`^*645` takes a while).
pub fn build_loopy(
    syntax: &LoopySyntax,
    budget: &Budget,
) -> Result<Arc<dyn Component>, ParseError> {
    let bad = |e: SolveError| {
        let kind = match e {
            // The caller's clock, not the text: said as its time limit.
            e @ SolveError::TimeLimit { .. } => ParseErrorKind::Stopped(e),
            e => ParseErrorKind::BadValue {
                reason: e.to_string(),
            },
        };
        ParseError::new(kind, syntax.span.clone())
    };
    let mut arena = LoopyArena::new(Budget {
        max_positions: budget.max_positions.min(BUILD_POSITIONS),
        ..*budget
    });
    let game = if syntax.is_sided() {
        let value = arena.evaluate(syntax).map_err(bad)?;
        let equal = match (value.onside(), value.offside()) {
            (Some(on), Some(off)) => arena.equal(on, off).map_err(bad)?,
            _ => false,
        };
        if !equal {
            // `dud` would read back as the game `{pass|pass}`: the sides
            // are written out.
            let onside = arena.display_side(&value, true).map_err(bad)?;
            let offside = arena.display_side(&value, false).map_err(bad)?;
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
        arena.game_of(&syntax.onside).map_err(bad)?
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
            if let Some(text) = self.game.short_text(v) {
                push(out, &text);
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
    ///
    /// A short follower in canonical form is its text instead (`*645`
    /// rather than its 646 vertices), which names the form as exactly.
    fn key(&self) -> Key {
        if let Some(text) = self.game.short_text(self.node) {
            return Key::new("loopy_short", Key::pack(text.as_bytes()));
        }
        let n = self.game.game.n_vertices() as usize;
        let mut id = vec![u32::MAX; n];
        let mut order = vec![self.node];
        id[self.node as usize] = 0;
        let mut bytes = Vec::new();
        let mut next = 0;
        while next < order.len() {
            let v = order[next];
            next += 1;
            if v != self.node
                && let Some(text) = self.game.short_text(v)
            {
                // Length first, so that no text runs into the next vertex.
                bytes.extend_from_slice(&u32::MAX.to_le_bytes());
                bytes.extend_from_slice(&(text.len() as u32).to_le_bytes());
                bytes.extend_from_slice(text.as_bytes());
                continue;
            }
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
