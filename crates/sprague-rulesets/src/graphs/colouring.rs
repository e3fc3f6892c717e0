//! Snort and Col, the map-colouring games of Winning Ways (Berlekamp,
//! Conway and Guy, ch. 2; Snort is Simon Norton's, Col Colin Vout's), with
//! the rules and the graph strings of CGSuite's `game.graph.Snort` and
//! `game.graph.Col` (both built by its `GenCol`).
//!
//! A player colours an uncoloured vertex in their colour. In Snort two
//! neighbours may never have different colours; in Col never the same one.
//! A coloured vertex matters only through its neighbours, so, as CGSuite
//! does, a position keeps only the uncoloured vertices, each *tinted* `L`
//! or `R` when it has a neighbour coloured by Left or Right (a vertex with
//! neighbours of both colours can never be coloured in either game, and is
//! dropped). So Left may colour an untinted vertex or, in Snort, one tinted
//! `L` (in Col one tinted `R`); Right likewise with the colours exchanged.
//! Colouring `v` removes `v`, tints its untinted neighbours with the
//! mover's letter and removes its neighbours tinted with the other letter.
//!
//! **Graph strings** (CGSuite's `Graph.Parse`): a vertex is `.` (or
//! nothing), `L` or `R`; `-` joins it to the next vertex; `(a;b;c)` after
//! a vertex are branches from it, each starting with `-` (nothing but `;`
//! or `)` may follow a `)`); `:A` or `:{name}` after a vertex names it,
//! and a name met again is the same vertex (with the same letter), which
//! closes cycles; `;` at the top separates graphs. So `".-.-.(-.;-.)"` is
//! a path of three with two leaves on its end, `".:A-.-.-:A"` a triangle.
//! A position has at most [`MAX_VERTICES`] vertices.
//!
//! The parts of a graph that no edge joins are independent games
//! ([`Partizan::regions`]); each is valued apart, from its moves, and
//! keyed up to isomorphism (tints kept), so that the solver values
//! isomorphic parts once, while a position keeps the numbering it was
//! written with. A position is written back by a depth-first walk from
//! its first vertex, naming the vertices that close cycles; vertices are
//! numbered in the order of that text, from 1, in the moves' descriptions.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::ops::Range;
use std::sync::{Arc, OnceLock};

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::ComponentSyntax;
use sprague_game::{Component, Key, Kind, Move, MoveLabel, Partizan, Side};

use crate::common::{Ruleset, check_move_count, quoted_components};
use crate::graphs::graph_canon::{Numbering, canonical_order};

pub(crate) const SNORT: Ruleset = Ruleset {
    name: "snort",
    syntax: "snort(\"L-.-.(-.;-R)\", ...)   CGSuite's graph strings: . uncoloured, L/R tinted \
             (next to Left's/Right's colour), - an edge, (a;b) branches, :A names a vertex",
    rule: "partizan: colour a vertex in your colour, never next to the other player's colour",
    example: "snort(\".-.-.(-.;-.)\")",
    heaps_interact: false,
    build: build_snort,
    family: None,
};

pub(crate) const COL: Ruleset = Ruleset {
    name: "col",
    syntax: "col(\"R-.-R-.-L\", ...)   CGSuite's graph strings: . uncoloured, L/R tinted \
             (next to Left's/Right's colour), - an edge, (a;b) branches, :A names a vertex",
    rule: "partizan: colour a vertex in your colour, never next to your own colour",
    example: "col(\"R-.-R-.-L-.-R-.-R-.\")",
    heaps_interact: false,
    build: build_col,
    family: None,
};

/// The most vertices a position may have (one bit a vertex).
pub const MAX_VERTICES: usize = 64;

/// The most symbols a graph string may have (the reader recurses once a
/// vertex).
const MAX_SYMBOLS: usize = 4096;

/// Which of the two games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColouringRules {
    /// Neighbours never have different colours.
    Snort,
    /// Neighbours never have the same colour.
    Col,
}

impl ColouringRules {
    fn name(self) -> &'static str {
        match self {
            ColouringRules::Snort => "snort",
            ColouringRules::Col => "col",
        }
    }
}

/// A Snort or Col position: its uncoloured vertices, their tints and
/// edges, as bit sets.
#[derive(Clone, Debug)]
pub struct ColouringGraph {
    rules: ColouringRules,
    /// The vertices tinted `L` (next to a vertex Left coloured).
    tint_left: u64,
    /// The vertices tinted `R`.
    tint_right: u64,
    /// Each vertex's neighbours (never itself).
    adj: Vec<u64>,
    /// The key, found once: the solver asks for it when it looks a
    /// position up and again when it opens it, and finding it is a search.
    key: OnceLock<Key>,
}

impl PartialEq for ColouringGraph {
    fn eq(&self, other: &ColouringGraph) -> bool {
        (self.rules, self.tint_left, self.tint_right, &self.adj)
            == (other.rules, other.tint_left, other.tint_right, &other.adj)
    }
}

impl Eq for ColouringGraph {}

impl Hash for ColouringGraph {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.rules, self.tint_left, self.tint_right, &self.adj).hash(state);
    }
}

fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

/// What follows a vertex in the written text: the vertex an edge leads
/// to, and whether it is written there (a tree edge) or named there as a
/// vertex written before (an edge that closes a cycle).
type Step = (usize, bool);

/// The vertex names of the written text: `A` to `Z`, then `{v27}`, ...
fn vertex_name(i: usize) -> String {
    if i < 26 {
        char::from(b'A' + i as u8).to_string()
    } else {
        format!("{{v{}}}", i + 1)
    }
}

impl ColouringGraph {
    fn new(rules: ColouringRules, tint_left: u64, tint_right: u64, adj: Vec<u64>) -> Self {
        ColouringGraph {
            rules,
            tint_left,
            tint_right,
            adj,
            key: OnceLock::new(),
        }
    }

    fn len(&self) -> usize {
        self.adj.len()
    }

    fn all(&self) -> u64 {
        if self.len() == 64 {
            u64::MAX
        } else {
            (1u64 << self.len()) - 1
        }
    }

    fn letter(&self, v: usize) -> char {
        if self.tint_left >> v & 1 == 1 {
            'L'
        } else if self.tint_right >> v & 1 == 1 {
            'R'
        } else {
            '.'
        }
    }

    /// The vertices `side` may colour.
    fn playable(&self, side: Side) -> u64 {
        let barred = match (self.rules, side) {
            (ColouringRules::Snort, Side::Left) | (ColouringRules::Col, Side::Right) => {
                self.tint_right
            }
            (ColouringRules::Snort, Side::Right) | (ColouringRules::Col, Side::Left) => {
                self.tint_left
            }
        };
        self.all() & !barred
    }

    /// The position after `side` colours `v`.
    fn colour(&self, side: Side, v: usize) -> ColouringGraph {
        let near = self.adj[v];
        let (own, other) = match side {
            Side::Left => (self.tint_left, self.tint_right),
            Side::Right => (self.tint_right, self.tint_left),
        };
        let removed = (1u64 << v) | (near & other);
        let own = own | (near & !other);
        let (tint_left, tint_right) = match side {
            Side::Left => (own, other),
            Side::Right => (other, own),
        };
        ColouringGraph::new(self.rules, tint_left, tint_right, self.adj.clone())
            .keep(self.all() & !removed)
    }

    /// The subgraph on the vertices of `keep`, numbered in their order.
    fn keep(&self, keep: u64) -> ColouringGraph {
        let kept: Vec<usize> = bits(keep).collect();
        let mut index = [usize::MAX; 64];
        for (new, &old) in kept.iter().enumerate() {
            index[old] = new;
        }
        let renumber = |m: u64| {
            bits(m & keep)
                .map(|old| 1u64 << index[old])
                .fold(0, |a, b| a | b)
        };
        ColouringGraph::new(
            self.rules,
            renumber(self.tint_left),
            renumber(self.tint_right),
            kept.iter().map(|&old| renumber(self.adj[old])).collect(),
        )
    }

    /// The vertices joined to `v` by paths.
    fn component_of(&self, v: usize) -> u64 {
        let mut seen = 1u64 << v;
        let mut frontier = seen;
        while frontier != 0 {
            let mut next = 0;
            for u in bits(frontier) {
                next |= self.adj[u];
            }
            frontier = next & !seen;
            seen |= next;
        }
        seen
    }

    /// The walk that writes the graph: for each vertex, in the order of
    /// the text, what follows it (tree edges to new vertices and edges back
    /// to vertices already written), and the vertices edges come back to.
    fn walk(&self) -> (Vec<usize>, Vec<Vec<Step>>, u64) {
        let n = self.len();
        let mut order = Vec::with_capacity(n);
        let mut next: Vec<Vec<Step>> = vec![Vec::new(); n];
        let mut written = vec![0u64; n];
        let mut visited = 0u64;
        let mut targets = 0u64;
        for root in 0..n {
            if visited >> root & 1 == 1 {
                continue;
            }
            // An explicit stack of (vertex, neighbours still to look at).
            visited |= 1 << root;
            order.push(root);
            let mut stack = vec![(root, self.adj[root])];
            while let Some((u, rest)) = stack.last_mut() {
                let u = *u;
                if *rest == 0 {
                    stack.pop();
                    continue;
                }
                let w = rest.trailing_zeros() as usize;
                *rest &= *rest - 1;
                if written[u] >> w & 1 == 1 {
                    continue;
                }
                written[u] |= 1 << w;
                written[w] |= 1 << u;
                if visited >> w & 1 == 0 {
                    visited |= 1 << w;
                    order.push(w);
                    next[u].push((w, true));
                    stack.push((w, self.adj[w]));
                } else {
                    next[u].push((w, false));
                    targets |= 1 << w;
                }
            }
        }
        (order, next, targets)
    }

    /// The graph as written (see the module documentation), and the
    /// vertices in the order the text names them.
    fn text_and_order(&self) -> (String, Vec<usize>) {
        let (order, next, targets) = self.walk();
        let mut names: Vec<Option<String>> = vec![None; self.len()];
        let mut named = 0;
        for &v in &order {
            if targets >> v & 1 == 1 {
                names[v] = Some(vertex_name(named));
                named += 1;
            }
        }
        let mut out = String::new();
        let mut first_of_graph = true;
        let mut done = 0u64;
        for &root in &order {
            if done >> root & 1 == 1 {
                continue;
            }
            if !first_of_graph {
                out.push(';');
            }
            first_of_graph = false;
            self.write(root, &next, &names, &mut out, &mut done);
        }
        (out, order)
    }

    fn write(
        &self,
        v: usize,
        next: &[Vec<Step>],
        names: &[Option<String>],
        out: &mut String,
        done: &mut u64,
    ) {
        *done |= 1 << v;
        out.push(self.letter(v));
        if let Some(name) = &names[v] {
            out.push(':');
            out.push_str(name);
        }
        let many = next[v].len() > 1;
        if many {
            out.push('(');
        }
        for (i, &(w, tree)) in next[v].iter().enumerate() {
            if i > 0 {
                out.push(';');
            }
            out.push('-');
            if tree {
                self.write(w, next, names, out, done);
            } else {
                out.push(self.letter(w));
                out.push(':');
                out.push_str(names[w].as_deref().unwrap_or("?"));
            }
        }
        if many {
            out.push(')');
        }
    }

    /// The vertices in the order of the graph's canonical labelling
    /// ([`graph_canon`](crate::graphs::graph_canon), the tints as colour classes):
    /// two graphs renumbered by theirs are the same graph exactly when an
    /// isomorphism maps one onto the other, tints kept, so keying a part by
    /// the renumbered graph values each isomorphism class once. A key made
    /// from a graph as stored is still exact beside these (equal keys are
    /// then the same graph, or a graph and its renumbered one, which are
    /// isomorphic), so a graph whose labelling gives up
    /// (past [`graph_canon::MAX_SEARCH_NODES`](crate::graphs::graph_canon::MAX_SEARCH_NODES)
    /// nodes) is keyed as stored. A disconnected graph is keyed as stored
    /// too: its value is the sum of its parts', each keyed canonically, and
    /// parts that are copies of each other would make its automorphisms
    /// many.
    fn canonical_order(&self) -> Option<Numbering> {
        let untinted = self.all() & !(self.tint_left | self.tint_right);
        canonical_order(&self.adj, &[untinted, self.tint_left, self.tint_right])
    }

    /// The key: the renumbered graph of a connected part, the graph as
    /// stored otherwise.
    fn find_key(&self) -> Key {
        let numbering = if self.len() > 1 && self.component_of(0) == self.all() {
            self.canonical_order()
        } else {
            None
        };
        let n = self.len() as u64;
        let Some(numbering) = numbering else {
            return Key::new(
                self.rules.name(),
                [n, self.tint_left, self.tint_right]
                    .into_iter()
                    .chain(self.adj.iter().copied()),
            );
        };
        Key::new(
            self.rules.name(),
            [
                n,
                numbering.set(self.tint_left),
                numbering.set(self.tint_right),
            ]
            .into_iter()
            .chain(numbering.rows(&self.adj)),
        )
    }

    /// The graph as CGSuite's graph string.
    pub fn text(&self) -> String {
        self.text_and_order().0
    }

    /// Snort or Col.
    pub fn rules(&self) -> ColouringRules {
        self.rules
    }

    /// Each vertex's letter (`.`, `L` or `R`), by vertex number from 0.
    pub fn letters(&self) -> Vec<char> {
        (0..self.len()).map(|v| self.letter(v)).collect()
    }

    /// The edges, each once, as pairs of vertex numbers (the smaller
    /// first), in order.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        (0..self.len())
            .flat_map(|a| bits(self.adj[a] >> a >> 1).map(move |d| (a, a + 1 + d)))
            .collect()
    }
}

impl Component for ColouringGraph {
    fn ruleset(&self) -> String {
        self.rules.name().to_string()
    }

    fn args(&self) -> String {
        format!("\"{}\"", self.text())
    }

    /// The graph up to isomorphism when it is connected (a part the solver
    /// values from its moves), as stored otherwise or when the canonical
    /// labelling gives up (see `ColouringGraph::canonical_order`).
    fn key(&self) -> Key {
        self.key.get_or_init(|| self.find_key()).clone()
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Partizan(self)
    }
}

impl Partizan for ColouringGraph {
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let playable = self.playable(side);
        check_move_count(u64::from(playable.count_ones()), budget)?;
        // The order of the text, without writing it.
        let (order, _, _) = self.walk();
        Ok(order
            .iter()
            .enumerate()
            .filter(|&(_, &v)| playable >> v & 1 == 1)
            .map(|(k, &v)| {
                let label = format!("colour vertex {} ({})", k + 1, self.letter(v));
                Move::new(MoveLabel::Words(label), Arc::new(self.colour(side, v)))
            })
            .collect())
    }

    fn regions(&self) -> Option<Vec<Arc<dyn Component>>> {
        let mut rest = self.all();
        let mut parts = Vec::new();
        while rest != 0 {
            let part = self.component_of(rest.trailing_zeros() as usize);
            rest &= !part;
            parts.push(part);
        }
        (parts.len() > 1).then(|| {
            parts
                .into_iter()
                .map(|p| Arc::new(self.keep(p)) as Arc<dyn Component>)
                .collect()
        })
    }
}

/// A symbol of a graph string: one character, or the text inside `{…}`.
struct Symbol<'a> {
    text: &'a str,
    span: Range<usize>,
}

fn symbols(s: &str, at: usize) -> Result<Vec<Symbol<'_>>, ParseError> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(ch) = s[i..].chars().next() {
        let len = match ch {
            ' ' => 1,
            '{' => {
                let Some(inner) = s[i + 1..].find('}') else {
                    return Err(ParseError::bad_arguments(
                        "a `{` in a graph string needs its `}`",
                        at + i..at + i + 1,
                    ));
                };
                out.push(Symbol {
                    text: &s[i + 1..i + 1 + inner],
                    span: at + i..at + i + inner + 2,
                });
                inner + 2
            }
            _ => {
                out.push(Symbol {
                    text: &s[i..i + ch.len_utf8()],
                    span: at + i..at + i + ch.len_utf8(),
                });
                ch.len_utf8()
            }
        };
        i += len;
        if out.len() > MAX_SYMBOLS {
            return Err(ParseError::bad_arguments(
                format!("a graph string has at most {MAX_SYMBOLS} symbols"),
                at..at + s.len(),
            ));
        }
    }
    Ok(out)
}

/// The reader of a graph string, after CGSuite's `GraphParser`.
struct Reader<'a> {
    symbols: Vec<Symbol<'a>>,
    pos: usize,
    tints: Vec<u8>,
    edges: Vec<(usize, usize)>,
    names: HashMap<&'a str, usize>,
    end: usize,
}

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<&'a str> {
        self.symbols.get(self.pos).map(|s| s.text)
    }

    fn span(&self) -> Range<usize> {
        self.symbols
            .get(self.pos)
            .map_or(self.end..self.end, |s| s.span.clone())
    }

    fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError::bad_arguments(message, self.span())
    }

    /// A vertex and what follows it, joined to `from` by an edge first if
    /// given.
    fn chain(&mut self, from: Option<usize>) -> Result<(), ParseError> {
        if self.pos >= self.symbols.len() {
            return Ok(());
        }
        if let Some(from) = from {
            match self.peek() {
                Some("(") => {
                    loop {
                        self.pos += 1;
                        self.chain(Some(from))?;
                        if self.peek() != Some(";") {
                            break;
                        }
                    }
                    if self.peek() != Some(")") {
                        return Err(self.error("a `(` in a graph string needs its `)`"));
                    }
                    self.pos += 1;
                    return Ok(());
                }
                Some("-") => self.pos += 1,
                Some(";" | ")") => return Ok(()),
                Some(">" | "<") => {
                    return Err(self.error("edges have no direction here: join vertices by `-`"));
                }
                _ => {
                    return Err(self
                        .error("after a vertex comes `-` (an edge), `(` (branches), `;` or `)`"));
                }
            }
        }
        let tint = match self.peek() {
            Some("L") => 1,
            Some("R") => 2,
            Some("." | "") => 0,
            _ => 3,
        };
        if tint < 3 {
            self.pos += 1;
        }
        let tint = tint % 3;
        let mut vertex = None;
        if self.peek() == Some(":") {
            self.pos += 1;
            let Some(name) = self.peek() else {
                return Err(self.error("a `:` names the vertex: `:A` or `:{name}`"));
            };
            if let Some(&v) = self.names.get(name) {
                if self.tints[v] != tint {
                    return Err(self.error(format!(
                        "the vertex named `{name}` has another letter where it was named"
                    )));
                }
                vertex = Some(v);
            } else {
                vertex = Some(self.new_vertex(tint)?);
                self.names.insert(name, self.tints.len() - 1);
            }
            self.pos += 1;
        }
        let v = match vertex {
            Some(v) => v,
            None => self.new_vertex(tint)?,
        };
        if let Some(from) = from {
            self.edges.push((from, v));
        }
        self.chain(Some(v))
    }

    fn new_vertex(&mut self, tint: u8) -> Result<usize, ParseError> {
        if self.tints.len() == MAX_VERTICES {
            return Err(self.error(format!("a graph has at most {MAX_VERTICES} vertices")));
        }
        self.tints.push(tint);
        Ok(self.tints.len() - 1)
    }
}

fn parse_graph(
    rules: ColouringRules,
    s: &str,
    at: usize,
    span: Range<usize>,
) -> Result<ColouringGraph, ParseError> {
    let mut reader = Reader {
        symbols: symbols(s, at)?,
        pos: 0,
        tints: Vec::new(),
        edges: Vec::new(),
        names: HashMap::new(),
        end: span.end.saturating_sub(1),
    };
    reader.chain(None)?;
    while reader.pos < reader.symbols.len() {
        if reader.peek() != Some(";") {
            return Err(reader.error("graphs in one string are separated by `;`"));
        }
        reader.pos += 1;
        reader.chain(None)?;
    }
    let mut adj = vec![0u64; reader.tints.len()];
    for &(a, b) in &reader.edges {
        // A loop changes nothing: a vertex leaves the game when coloured.
        if a != b {
            adj[a] |= 1 << b;
            adj[b] |= 1 << a;
        }
    }
    let mask = |t: u8| {
        reader
            .tints
            .iter()
            .enumerate()
            .filter(|&(_, &x)| x == t)
            .fold(0u64, |m, (i, _)| m | 1 << i)
    };
    Ok(ColouringGraph::new(rules, mask(1), mask(2), adj))
}

fn build(
    c: &ComponentSyntax,
    rules: ColouringRules,
) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    quoted_components(
        c,
        "graph string in quotes, like \"L-.-.(-.;-R)\"",
        |text, at, span| Ok(Arc::new(parse_graph(rules, text, at, span)?) as Arc<dyn Component>),
    )
}

fn build_snort(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    build(c, ColouringRules::Snort)
}

fn build_col(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    build(c, ColouringRules::Col)
}

#[cfg(test)]
mod tests {
    use rustc_hash::FxHashMap;

    use super::*;
    use crate::tests::{assert_value_agrees_with_search, canonical_text as value};
    use sprague::CanonicalSolver;
    use sprague_partizan::cgt::{CanonicalArena, GameId};

    fn graph(rules: ColouringRules, text: &str) -> ColouringGraph {
        parse_graph(rules, text, 0, 0..text.len()).unwrap()
    }

    #[test]
    fn graph_strings_read_as_cgsuite_reads_them() {
        let g = graph(ColouringRules::Snort, ".-.-.(-.;-.)");
        assert_eq!(g.adj, [0b10, 0b101, 0b11010, 0b100, 0b100]);
        assert_eq!(g.edges(), [(0, 1), (1, 2), (2, 3), (2, 4)]);
        assert_eq!(g.letters(), ['.'; 5]);
        // A name met again is the same vertex: a triangle.
        let t = graph(ColouringRules::Snort, ".:A-.-.-:A");
        assert_eq!(t.adj, [0b110, 0b101, 0b011]);
        // `.` may be left out; `;` separates graphs; letters are tints.
        let g = graph(ColouringRules::Col, "--;L-R");
        assert_eq!(g.adj, [0b10, 0b101, 0b10, 0b10000, 0b1000]);
        assert_eq!((g.tint_left, g.tint_right), (0b1000, 0b10000));
        assert_eq!(graph(ColouringRules::Col, "").len(), 0);
        assert_eq!(
            graph(ColouringRules::Col, ".:{long name}-:{long name}").len(),
            1
        );
    }

    #[test]
    fn graphs_are_written_back_and_read_again() {
        for text in [
            ".",
            "L-.-R",
            ".(-.;-.;-L)",
            ".:A-.-.-.:A",
            ".-.-.(-.;-.)",
            "L:A(-.:B-.-L:A;-:B)",
            ".;.-.",
            "R-.-R-.-L-.-R-.-R-.",
        ] {
            let g = graph(ColouringRules::Snort, text);
            let written = g.text();
            let again = graph(ColouringRules::Snort, &written);
            assert_eq!(again.text(), written, "{text}");
            assert_eq!(
                value(&format!("snort(\"{text}\")")),
                value(&format!("snort(\"{written}\")"))
            );
        }
        assert_eq!(
            graph(ColouringRules::Snort, ".:A-.-.-:A").text(),
            ".:A-.-.-.:A"
        );
    }

    #[test]
    fn colouring_tints_and_removes_as_cgsuite_does() {
        // Snort: Left colours the middle of L-.-R: the L end stays
        // Left's, the R end is next to both colours and goes.
        let g = graph(ColouringRules::Snort, "L-.-R");
        assert_eq!(g.colour(Side::Left, 1).text(), "L");
        // Col: Left colours the end of .-.-.: its neighbour is tinted L
        // (only Right may colour it now).
        let g = graph(ColouringRules::Col, ".-.-.");
        assert_eq!(g.colour(Side::Left, 0).text(), "L-.");
        assert_eq!(g.playable(Side::Left), 0b111);
        let g = graph(ColouringRules::Col, "L-R-.");
        assert_eq!(g.playable(Side::Left), 0b110);
        assert_eq!(g.playable(Side::Right), 0b101);
        let p = crate::tests::parse("snort(\"L-.-R\")").unwrap();
        let moves = p.components()[0]
            .moves_of(Side::Right, &Budget::DEFAULT)
            .unwrap();
        let labels: Vec<String> = moves.iter().map(Move::description).collect();
        assert_eq!(labels, ["colour vertex 2 (.)", "colour vertex 3 (R)"]);
    }

    /// Every graph on `n` vertices: each edge set and each tint.
    fn all_graphs(rules: ColouringRules, n: usize) -> Vec<ColouringGraph> {
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect();
        let mut out = Vec::new();
        for edges in 0u32..(1 << pairs.len()) {
            let mut adj = vec![0u64; n];
            for (i, &(a, b)) in pairs.iter().enumerate() {
                if edges >> i & 1 == 1 {
                    adj[a] |= 1 << b;
                    adj[b] |= 1 << a;
                }
            }
            for tints in 0..3u32.pow(n as u32) {
                let (mut l, mut r, mut t) = (0, 0, tints);
                for v in 0..n {
                    match t % 3 {
                        1 => l |= 1 << v,
                        2 => r |= 1 << v,
                        _ => {}
                    }
                    t /= 3;
                }
                out.push(ColouringGraph::new(rules, l, r, adj.clone()));
            }
        }
        out
    }

    /// A graph as stored (tints and edges), for a memo of one game's
    /// positions.
    type Stored = (u64, u64, Vec<u64>);

    /// The canonical value by the plain recursion: every colouring of
    /// each side, the graph kept whole, memoised by the graph as it is.
    fn value_by_moves(
        g: &ColouringGraph,
        arena: &mut CanonicalArena,
        memo: &mut FxHashMap<Stored, GameId>,
    ) -> GameId {
        let stored = (g.tint_left, g.tint_right, g.adj.clone());
        if let Some(&v) = memo.get(&stored) {
            return v;
        }
        let mut options = [Vec::new(), Vec::new()];
        for (i, side) in [Side::Left, Side::Right].into_iter().enumerate() {
            for v in bits(g.playable(side)) {
                let after = g.colour(side, v);
                let x = value_by_moves(&after, arena, memo);
                options[i].push(x);
            }
        }
        let v = arena.form(&options[0], &options[1]).unwrap();
        memo.insert(stored, v);
        v
    }

    #[test]
    fn parts_valued_apart_agree_with_the_whole_graph() {
        // Every graph of up to 4 vertices with every tint, both games: the
        // value with the graph split into its parts (the solver's) equals
        // the plain recursion over the whole graph's moves, and the class
        // from it equals the search of the whole graph as one game.
        let mut checked = 0;
        for rules in [ColouringRules::Snort, ColouringRules::Col] {
            let mut solver = CanonicalSolver::new(Budget::DEFAULT);
            let mut memo = FxHashMap::default();
            for n in 1..=4 {
                for g in all_graphs(rules, n) {
                    let plain = value_by_moves(&g, &mut solver.arena, &mut memo);
                    let c: Arc<dyn Component> = Arc::new(g.clone());
                    let split = solver.sum(std::slice::from_ref(&c)).unwrap();
                    assert_eq!(split, plain, "{}", g.text());
                    if n <= 3 {
                        assert_value_agrees_with_search(c);
                    }
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 2 * (3 + 2 * 9 + 8 * 27 + 64 * 81));
    }

    /// The graph with vertex `v` renamed `p[v]`.
    fn renamed(g: &ColouringGraph, p: &[usize]) -> ColouringGraph {
        let set = |m: u64| bits(m).fold(0u64, |a, v| a | 1 << p[v]);
        let mut adj = vec![0u64; g.len()];
        for v in 0..g.len() {
            adj[p[v]] = set(g.adj[v]);
        }
        ColouringGraph::new(g.rules, set(g.tint_left), set(g.tint_right), adj)
    }

    #[test]
    fn connected_parts_are_keyed_up_to_isomorphism() {
        // Every connected graph of up to 5 vertices with every tint: each
        // renaming (a rotation and a reversal of the vertex numbers) has
        // the graph's key; exchanging the tints of a graph whose Left and
        // Right vertices differ in number gives another key (no isomorphism
        // keeps tints and swaps them); and a disconnected graph is keyed as
        // stored, so its renamings may differ.
        let mut checked = 0;
        for n in 2..=5 {
            for g in all_graphs(ColouringRules::Snort, n) {
                let key = g.key();
                if g.component_of(0) != g.all() {
                    continue;
                }
                for p in [
                    (0..n).map(|v| (v + 1) % n).collect::<Vec<_>>(),
                    (0..n).rev().collect(),
                ] {
                    assert_eq!(renamed(&g, &p).key(), key, "{}", g.text());
                }
                if g.tint_left.count_ones() != g.tint_right.count_ones() {
                    let swapped =
                        ColouringGraph::new(g.rules, g.tint_right, g.tint_left, g.adj.clone());
                    assert_ne!(swapped.key(), key, "{}", g.text());
                }
                checked += 1;
            }
        }
        // Connected labelled graphs on 2..=5 vertices (OEIS A001187: 1, 4,
        // 38, 728), each with 3^n tints.
        assert_eq!(checked, 9 + 4 * 27 + 38 * 81 + 728 * 243);
    }

    /// A graph given by its edges, untinted.
    fn from_edges(rules: ColouringRules, n: usize, edges: &[(usize, usize)]) -> ColouringGraph {
        let mut adj = vec![0u64; n];
        for &(a, b) in edges {
            adj[a] |= 1 << b;
            adj[b] |= 1 << a;
        }
        ColouringGraph::new(rules, 0, 0, adj)
    }

    #[test]
    fn values_keyed_up_to_isomorphism_agree_with_the_plain_recursion() {
        // One solver for many graphs, so that its memo, keyed up to
        // isomorphism, is shared across them as much as it can be: every
        // graph on 5 vertices (untinted and with two tintings), and the
        // symmetric graphs where most positions are isomorphic (the
        // Petersen graph, the cube, K(3,3), the cycle of 8, the 5-wheel),
        // valued by the solver and by the plain recursion, which keys
        // nothing up to isomorphism.
        let petersen: Vec<(usize, usize)> = (0..5)
            .flat_map(|i| [(i, (i + 1) % 5), (i, i + 5), (i + 5, 5 + (i + 2) % 5)])
            .collect();
        let cube: Vec<(usize, usize)> = (0..8usize)
            .flat_map(|v| (0..3).map(move |k| (v, v ^ 1 << k)))
            .filter(|&(a, b)| a < b)
            .collect();
        let k33: Vec<(usize, usize)> = (0..3).flat_map(|a| (3..6).map(move |b| (a, b))).collect();
        let cycle: Vec<(usize, usize)> = (0..8).map(|v| (v, (v + 1) % 8)).collect();
        let wheel: Vec<(usize, usize)> = (0..5).flat_map(|v| [(v, (v + 1) % 5), (v, 5)]).collect();
        for rules in [ColouringRules::Snort, ColouringRules::Col] {
            let mut solver = CanonicalSolver::new(Budget::DEFAULT);
            let mut memo = FxHashMap::default();
            let mut graphs: Vec<ColouringGraph> = all_graphs(rules, 5)
                .into_iter()
                .enumerate()
                // Untinted, and two tintings spread over the 243.
                .filter(|(i, _)| matches!(i % 243, 0 | 100 | 201))
                .map(|(_, g)| g)
                .collect();
            for (n, edges) in [
                (10, &petersen),
                (8, &cube),
                (6, &k33),
                (8, &cycle),
                (6, &wheel),
            ] {
                graphs.push(from_edges(rules, n, edges));
            }
            assert_eq!(graphs.len(), 3 * 1024 + 5);
            for g in graphs {
                let plain = value_by_moves(&g, &mut solver.arena, &mut memo);
                let c: Arc<dyn Component> = Arc::new(g.clone());
                assert_eq!(solver.sum(&[c]).unwrap(), plain, "{}", g.text());
            }
        }
    }

    #[test]
    fn exchanging_the_tints_gives_the_negative() {
        for text in ["L-.-.-.-L", ".-R-.(-L;-.)", "L:A-.-R-.-L:A"] {
            let swapped: String = text
                .chars()
                .map(|c| match c {
                    'L' => 'R',
                    'R' => 'L',
                    c => c,
                })
                .collect();
            for game in ["snort", "col"] {
                let sum = value(&format!("{game}(\"{text}\", \"{swapped}\")"));
                assert_eq!(sum, "0", "{game} {text}");
            }
        }
    }

    #[test]
    fn bad_graph_strings_are_parse_errors() {
        for bad in [
            "snort(\".-.x\")",
            "snort(\".(-.\")",
            "snort(\".>.\")",
            "snort(\"L:A-R:A\")",
            "snort(\".:\")",
            "snort(\"{.\")",
            "col(3)",
            "col[2](\".\")",
        ] {
            assert!(crate::tests::parse(bad).is_err(), "{bad}");
        }
        let long = vec!["."; 65].join("-");
        let e = crate::tests::parse(&format!("snort(\"{long}\")")).unwrap_err();
        assert!(e.to_string().contains("at most 64 vertices"), "{e}");
    }
}
