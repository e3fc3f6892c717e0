//! Weighted Arc Kayles, with the rules of CGSuite's
//! `game.graph.WeightedArcKayles` (its `GenArcKayles(weighted => true)`):
//! each vertex of a graph carries a weight, and a move picks an edge whose
//! two ends both weigh more than 0 and lowers each end by 1 (a loop lowers
//! its one vertex by 1). Whoever cannot move loses. With every weight 1 a
//! move removes both ends, which is Arc Kayles (`arc_kayles`).
//!
//! Graphs are CGSuite's weighted graph strings (its `Graph.Parse` with
//! integer vertex labels): a vertex is its weight, one digit or more in
//! braces (`{12}`); `-` joins it to the next vertex; `(a;b)` after a vertex
//! are branches from it, each starting with `-`; `:A` or `:{name}` after a
//! vertex names it, and a name met again is that vertex (its weight may be
//! left out there), which closes cycles and makes loops; `;` at the top
//! separates graphs. So `"2-3-1"` is a path weighing 2, 3 and 1,
//! `"1:A-1-1-:A"` a triangle, `"3:A-:A"` a vertex of weight 3 with a loop.
//!
//! A vertex of weight 0 takes part in no move and is dropped with its
//! edges (CGSuite's decomposition at label 0); the parts that no edge then
//! joins are independent games, one component each. A part is written back
//! by a walk from its first vertex of least degree, branches in
//! parentheses and a vertex met again by name; its vertices and edges are
//! numbered in the order of that text (from 1, in the moves'
//! descriptions), and the text is its key.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{Arg, ComponentSyntax};
use sprague_game::{Component, Impartial, Key, Kind, Move};

use crate::common::{Ruleset, check_move_count, edge_parts, no_params};

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "weighted_arc_kayles",
    syntax: "weighted_arc_kayles(\"2-3-1\", \"1:A-2-2-:A\", ...)   CGSuite's weighted graph strings: \
             a vertex is its weight (a digit, or {12}), - an edge, (a;b) branches, :A names a vertex \
             (equal names join; the weight may be left out where a name comes again)",
    rule: "take an edge whose two ends both weigh more than 0 and lower each end by 1 (a loop its one \
           vertex); all weights 1: Arc Kayles",
    example: "weighted_arc_kayles(\"2-3-1\", \"1:A-2-2-:A\")",
    heaps_interact: false,
    build,
    family: None,
};

/// The most vertices of a graph, and of edges.
pub const MAX_VERTICES: usize = 64;
const MAX_EDGES: usize = 256;

/// One connected part of a position of Weighted Arc Kayles: every vertex
/// weighs more than 0 and has an edge; vertices and edges are numbered in
/// the order of `text`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WeightedArcKaylesGraph {
    weights: Vec<u64>,
    edges: Vec<(usize, usize)>,
    text: String,
}

impl WeightedArcKaylesGraph {
    /// The graph in CGSuite's notation, as normalised.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The graph with no edge: the game 0.
    fn empty() -> WeightedArcKaylesGraph {
        WeightedArcKaylesGraph {
            weights: Vec::new(),
            edges: Vec::new(),
            text: String::new(),
        }
    }

    /// The parts of the graph of `weights` and `edges` that keep an edge
    /// once the vertices of weight 0 are dropped, each written out.
    fn parts(weights: &[u64], edges: &[(usize, usize)]) -> Vec<WeightedArcKaylesGraph> {
        let edges: Vec<(usize, usize)> = edges
            .iter()
            .copied()
            .filter(|&(a, b)| weights[a] > 0 && weights[b] > 0)
            .collect();
        let starts: Vec<usize> = edges.iter().map(|&(a, _)| a).collect();
        let (part, n_parts) = edge_parts(weights.len(), &edges, starts);
        (0..n_parts)
            .map(|p| {
                let own: Vec<(usize, usize)> = edges
                    .iter()
                    .copied()
                    .filter(|&(a, _)| part[a] == Some(p))
                    .collect();
                WeightedArcKaylesGraph::written(weights, &own)
            })
            .collect()
    }

    /// The connected graph of `edges` (vertices numbered as in `weights`)
    /// written by a walk from its first vertex of least degree, and
    /// renumbered in the order of the text.
    fn written(weights: &[u64], edges: &[(usize, usize)]) -> WeightedArcKaylesGraph {
        let mut degree: HashMap<usize, usize> = HashMap::new();
        let mut incident: HashMap<usize, Vec<usize>> = HashMap::new();
        for (i, &(a, b)) in edges.iter().enumerate() {
            *degree.entry(a).or_default() += 1;
            *degree.entry(b).or_default() += 1;
            incident.entry(a).or_default().push(i);
            if a != b {
                incident.entry(b).or_default().push(i);
            }
        }
        let root = *degree
            .iter()
            .min_by_key(|&(&v, &d)| (d, v))
            .expect("a part has an edge")
            .0;
        // First the walk alone, to learn which vertices are met again and
        // need a name; then the walk that writes.
        let mut walk = Walk {
            weights,
            edges,
            incident: &incident,
            used: vec![false; edges.len()],
            order: Vec::new(),
            edge_order: Vec::new(),
            met_again: Vec::new(),
            names: None,
        };
        walk.visit(root);
        let met_again = std::mem::take(&mut walk.met_again);
        let names = met_again
            .iter()
            .enumerate()
            .map(|(k, &v)| (v, vertex_name(k)))
            .collect();
        let mut walk = Walk {
            used: vec![false; edges.len()],
            order: Vec::new(),
            edge_order: Vec::new(),
            met_again: Vec::new(),
            names: Some(names),
            ..walk
        };
        let text = walk.visit(root);
        let number: HashMap<usize, usize> = walk
            .order
            .iter()
            .enumerate()
            .map(|(i, &v)| (v, i))
            .collect();
        WeightedArcKaylesGraph {
            weights: walk.order.iter().map(|&v| weights[v]).collect(),
            edges: walk
                .edge_order
                .iter()
                .map(|&i| (number[&edges[i].0], number[&edges[i].1]))
                .collect(),
            text,
        }
    }

    /// Every move: the edges in order.
    fn moves_list(&self) -> Vec<Move> {
        self.edges
            .iter()
            .enumerate()
            .map(|(i, &(a, b))| {
                let mut weights = self.weights.clone();
                weights[a] -= 1;
                if b != a {
                    weights[b] -= 1;
                }
                let label = if a == b {
                    format!("play on edge {} (the loop at vertex {})", i + 1, a + 1)
                } else {
                    format!("play on edge {} (vertices {} and {})", i + 1, a + 1, b + 1)
                };
                let parts = WeightedArcKaylesGraph::parts(&weights, &self.edges)
                    .into_iter()
                    .map(|g| Arc::new(g) as Arc<dyn Component>)
                    .collect();
                Move::to_sum(label, parts)
            })
            .collect()
    }
}

/// The name of the `k`-th vertex met again: `A` to `Z`, then `{k}`.
fn vertex_name(k: usize) -> String {
    match u8::try_from(k).ok().filter(|&k| k < 26) {
        Some(k) => char::from(b'A' + k).to_string(),
        None => format!("{{{k}}}"),
    }
}

/// A walk that writes a connected graph: a vertex, then each unused edge
/// at it (in order) as `-` and the walk from its other end, several in
/// parentheses; an end met before is written by its name alone.
struct Walk<'a> {
    weights: &'a [u64],
    edges: &'a [(usize, usize)],
    incident: &'a HashMap<usize, Vec<usize>>,
    used: Vec<bool>,
    order: Vec<usize>,
    edge_order: Vec<usize>,
    /// The vertices met again, in the order first met again.
    met_again: Vec<usize>,
    /// Their names, on the writing walk.
    names: Option<HashMap<usize, String>>,
}

impl Walk<'_> {
    fn visit(&mut self, v: usize) -> String {
        self.order.push(v);
        let weight = self.weights[v];
        let mut text = if weight < 10 {
            weight.to_string()
        } else {
            format!("{{{weight}}}")
        };
        if let Some(name) = self.names.as_ref().and_then(|n| n.get(&v)) {
            text.push(':');
            text.push_str(name);
        }
        let mut branches = Vec::new();
        for &i in &self.incident[&v] {
            if self.used[i] {
                continue;
            }
            self.used[i] = true;
            self.edge_order.push(i);
            let (a, b) = self.edges[i];
            let u = if a == v { b } else { a };
            if self.order.contains(&u) {
                if !self.met_again.contains(&u) {
                    self.met_again.push(u);
                }
                let name = self
                    .names
                    .as_ref()
                    .and_then(|n| n.get(&u))
                    .cloned()
                    .unwrap_or_default();
                branches.push(format!("-:{name}"));
            } else {
                branches.push(format!("-{}", self.visit(u)));
            }
        }
        match branches.as_slice() {
            [] => {}
            [one] => text.push_str(one),
            _ => {
                text.push('(');
                text.push_str(&branches.join(";"));
                text.push(')');
            }
        }
        text
    }
}

impl Component for WeightedArcKaylesGraph {
    fn ruleset(&self) -> String {
        RULESET.name.to_string()
    }

    fn args(&self) -> String {
        format!("\"{}\"", self.text)
    }

    fn key(&self) -> Key {
        // The text (with its weights) describes the part completely.
        Key::new(RULESET.name, Key::pack(self.text.as_bytes()))
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Impartial(self)
    }
}

impl Impartial for WeightedArcKaylesGraph {
    fn moves(&self, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        check_move_count(self.edges.len() as u64, budget)?;
        Ok(self.moves_list())
    }
}

/// A symbol of a graph string: one character, or the text inside `{…}`.
struct Symbol<'a> {
    text: &'a str,
    braced: bool,
    span: Range<usize>,
}

/// The reader of a weighted graph string, after CGSuite's `GraphParser`.
struct Reader<'a> {
    symbols: Vec<Symbol<'a>>,
    pos: usize,
    weights: Vec<u64>,
    edges: Vec<(usize, usize)>,
    names: HashMap<&'a str, usize>,
    end: usize,
}

impl<'a> Reader<'a> {
    fn new(s: &'a str, at: usize, span: &Range<usize>) -> Result<Reader<'a>, ParseError> {
        let mut symbols = Vec::new();
        let mut i = 0;
        while let Some(ch) = s[i..].chars().next() {
            if ch == '{' {
                let Some(inner) = s[i + 1..].find('}') else {
                    return Err(ParseError::bad_arguments(
                        "a `{` in a graph string needs its `}`",
                        at + i..at + i + 1,
                    ));
                };
                symbols.push(Symbol {
                    text: &s[i + 1..i + 1 + inner],
                    braced: true,
                    span: at + i..at + i + inner + 2,
                });
                i += inner + 2;
            } else {
                if ch != ' ' {
                    symbols.push(Symbol {
                        text: &s[i..i + ch.len_utf8()],
                        braced: false,
                        span: at + i..at + i + ch.len_utf8(),
                    });
                }
                i += ch.len_utf8();
            }
        }
        Ok(Reader {
            symbols,
            pos: 0,
            weights: Vec::new(),
            edges: Vec::new(),
            names: HashMap::new(),
            end: span.end.saturating_sub(1),
        })
    }

    fn peek(&self) -> Option<&Symbol<'a>> {
        self.symbols.get(self.pos)
    }

    fn peek_text(&self) -> Option<&'a str> {
        self.symbols.get(self.pos).map(|s| s.text)
    }

    fn error(&self, message: impl Into<String>) -> ParseError {
        let span = self
            .symbols
            .get(self.pos)
            .map_or(self.end..self.end, |s| s.span.clone());
        ParseError::bad_arguments(message, span)
    }

    /// The weight at the cursor, if one is there.
    fn weight(&mut self) -> Result<Option<u64>, ParseError> {
        let Some(symbol) = self.peek() else {
            return Ok(None);
        };
        let digits = symbol.text;
        let is_weight = (symbol.braced || digits.len() == 1)
            && !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit());
        if !is_weight {
            return Ok(None);
        }
        let weight = digits
            .parse::<u64>()
            .map_err(|_| self.error("a weight is at most 2^64 - 1"))?;
        self.pos += 1;
        Ok(Some(weight))
    }

    /// A vertex and what follows it, joined to `from` by an edge first if
    /// given.
    fn chain(&mut self, from: Option<usize>) -> Result<(), ParseError> {
        if self.pos >= self.symbols.len() && from.is_some() {
            return Ok(());
        }
        if let Some(from) = from {
            match self.peek_text() {
                Some("(") if !self.peek().is_some_and(|s| s.braced) => {
                    loop {
                        self.pos += 1;
                        self.chain(Some(from))?;
                        if self.peek_text() != Some(";") {
                            break;
                        }
                    }
                    if self.peek_text() != Some(")") {
                        return Err(self.error("a `(` in a graph string needs its `)`"));
                    }
                    self.pos += 1;
                    return Ok(());
                }
                Some("-") => self.pos += 1,
                Some(";" | ")") => return Ok(()),
                _ => {
                    return Err(self
                        .error("after a vertex comes `-` (an edge), `(` (branches), `;` or `)`"));
                }
            }
        }
        let weight = self.weight()?;
        let mut vertex = None;
        if self.peek_text() == Some(":") {
            self.pos += 1;
            let Some(name) = self.peek_text() else {
                return Err(self.error("a `:` names the vertex: `:A` or `:{name}`"));
            };
            if let Some(&v) = self.names.get(name) {
                if weight.is_some_and(|w| w != self.weights[v]) {
                    return Err(self.error(format!(
                        "the vertex named `{name}` has another weight where it was named"
                    )));
                }
                vertex = Some(v);
            } else {
                let Some(w) = weight else {
                    return Err(self.error(format!(
                        "the vertex named `{name}` needs its weight where it is first named, like 2:{name}"
                    )));
                };
                let v = self.new_vertex(w)?;
                self.names.insert(name, v);
                vertex = Some(v);
            }
            self.pos += 1;
        }
        let v = match (vertex, weight) {
            (Some(v), _) => v,
            (None, Some(w)) => self.new_vertex(w)?,
            (None, None) => {
                return Err(
                    self.error("a vertex is its weight: a digit, or a number in braces like {12}")
                );
            }
        };
        if let Some(from) = from {
            if self.edges.len() == MAX_EDGES {
                return Err(self.error(format!("a graph has at most {MAX_EDGES} edges")));
            }
            self.edges.push((from, v));
        }
        self.chain(Some(v))
    }

    fn new_vertex(&mut self, weight: u64) -> Result<usize, ParseError> {
        if self.weights.len() == MAX_VERTICES {
            return Err(self.error(format!("a graph has at most {MAX_VERTICES} vertices")));
        }
        self.weights.push(weight);
        Ok(self.weights.len() - 1)
    }
}

/// A graph as read: each vertex's weight, and the edges between them.
type WeightedGraph = (Vec<u64>, Vec<(usize, usize)>);

/// Reads a weighted graph string: the weights and the edges.
fn read(s: &str, at: usize, span: Range<usize>) -> Result<WeightedGraph, ParseError> {
    let mut reader = Reader::new(s, at, &span)?;
    if reader.symbols.is_empty() {
        return Ok((Vec::new(), Vec::new()));
    }
    reader.chain(None)?;
    while reader.pos < reader.symbols.len() {
        if reader.peek_text() != Some(";") {
            return Err(reader.error("graphs in one string are separated by `;`"));
        }
        reader.pos += 1;
        reader.chain(None)?;
    }
    Ok((reader.weights, reader.edges))
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    no_params(&c.ruleset)?;
    if c.args.is_empty() {
        return Err(ParseError::bad_arguments(
            "`weighted_arc_kayles` needs at least one weighted graph string in quotes, like \"2-3-1\"",
            c.args_span.clone(),
        ));
    }
    let mut parts: Vec<Arc<dyn Component>> = Vec::new();
    for arg in &c.args {
        let Arg::Str(text) = &arg.value else {
            return Err(ParseError::bad_arguments(
                "each argument is a weighted graph string in quotes, like \"2-3-1\"",
                arg.span.clone(),
            ));
        };
        // The string starts after its opening quote.
        let (weights, edges) = read(text, arg.span.start + 1, arg.span.clone())?;
        let found = WeightedArcKaylesGraph::parts(&weights, &edges);
        if found.is_empty() {
            // A graph without a move is still written, as the game 0.
            parts.push(Arc::new(WeightedArcKaylesGraph::empty()));
        }
        parts.extend(found.into_iter().map(|g| Arc::new(g) as Arc<dyn Component>));
    }
    Ok(parts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;

    /// Every multigraph of up to `max_edges` edges (loops allowed) whose
    /// edges are added one by one, each from an old vertex or a new one to
    /// an old vertex, a new one or, from a new one, the next: `(n, edges)`.
    fn small_graphs(max_edges: usize) -> Vec<(usize, Vec<(usize, usize)>)> {
        let mut all = vec![(0, Vec::new())];
        let mut graphs: Vec<(usize, Vec<(usize, usize)>)> = vec![(0, Vec::new())];
        for _ in 0..max_edges {
            let mut longer = Vec::new();
            for (n, edges) in &graphs {
                for a in 0..=*n {
                    let last = if a == *n { n + 1 } else { *n };
                    for b in a..=last {
                        let mut e = edges.clone();
                        e.push((a, b));
                        longer.push(((*n).max(b + 1), e));
                    }
                }
            }
            all.extend(longer.iter().cloned());
            graphs = longer;
        }
        all
    }

    /// The graph written edge by edge with every vertex named: `w:{v}-w:{v}`
    /// for each edge, `;` between (`letter` writes a vertex, `edge` an edge).
    fn edge_by_edge(
        edges: &[(usize, usize)],
        vertex: impl Fn(usize) -> String,
        edge: &str,
    ) -> String {
        edges
            .iter()
            .map(|&(a, b)| format!("{}:{{{a}}}{edge}{}:{{{b}}}", vertex(a), vertex(b)))
            .collect::<Vec<_>>()
            .join(";")
    }

    fn nim_sum(text: &str) -> u64 {
        let p = crate::tests::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        p.components()
            .iter()
            .map(|c| c.grundy(&Budget::DEFAULT).unwrap().0)
            .fold(0, |a, b| a ^ b)
    }

    /// The Grundy value of the weights `w` on `edges` from the rules alone.
    fn grundy_by_rules(
        edges: &[(usize, usize)],
        w: Vec<u64>,
        memo: &mut FxHashMap<Vec<u64>, u64>,
    ) -> u64 {
        if let Some(&g) = memo.get(&w) {
            return g;
        }
        let mut seen = Vec::new();
        for &(a, b) in edges {
            if w[a] > 0 && w[b] > 0 {
                let mut after = w.clone();
                after[a] -= 1;
                if b != a {
                    after[b] -= 1;
                }
                seen.push(grundy_by_rules(edges, after, memo));
            }
        }
        let g = (0..).find(|g| !seen.contains(g)).unwrap();
        memo.insert(w, g);
        g
    }

    #[test]
    fn all_weights_one_is_arc_kayles() {
        // Every multigraph of up to 5 edges (loops allowed): weights 1
        // against arc_kayles on the same graph, green edges.
        let graphs = small_graphs(5);
        for (_, edges) in &graphs {
            let weighted = edge_by_edge(edges, |_| "1".into(), "-");
            let arc = edge_by_edge(edges, |_| String::new(), "e");
            assert_eq!(
                nim_sum(&format!("weighted_arc_kayles(\"{weighted}\")")),
                nim_sum(&format!("arc_kayles(\"{arc}\")")),
                "{edges:?}"
            );
        }
        assert!(graphs.len() > 1000, "{}", graphs.len());
    }

    #[test]
    fn every_small_weighted_graph_has_the_value_of_its_rules() {
        // Every multigraph of up to 3 edges with every weighting of its
        // vertices from 0 to 3: the nim-sum of the normalised parts (keyed
        // by their text) against the mex over the weight vectors.
        let mut n_checked = 0;
        for (n, edges) in small_graphs(3) {
            let mut memo = FxHashMap::default();
            for code in 0..4usize.pow(n as u32) {
                let w: Vec<u64> = (0..n)
                    .map(|i| (code / 4usize.pow(i as u32) % 4) as u64)
                    .collect();
                let text = edge_by_edge(&edges, |v| w[v].to_string(), "-");
                assert_eq!(
                    nim_sum(&format!("weighted_arc_kayles(\"{text}\")")),
                    grundy_by_rules(&edges, w.clone(), &mut memo),
                    "{text}"
                );
                n_checked += 1;
            }
        }
        assert!(n_checked > 5000, "{n_checked}");
    }

    #[test]
    fn small_graphs_by_hand_and_written_back() {
        // n-n: n moves in a row, *(n mod 2); a loop of weight 3, three.
        assert_eq!(nim_sum("weighted_arc_kayles(\"1-1\")"), 1);
        assert_eq!(nim_sum("weighted_arc_kayles(\"2-2\")"), 0);
        assert_eq!(nim_sum("weighted_arc_kayles(\"{11}-{11}\")"), 1);
        assert_eq!(nim_sum("weighted_arc_kayles(\"3:A-:A\")"), 1);
        // 1-2-1: either move leaves one move (0-1-1 or 1-1-0, each *), so
        // the value is 0.
        assert_eq!(nim_sum("weighted_arc_kayles(\"1-2-1\")"), 0);
        // Vertices of weight 0 split the graph: 1-0-1 has no move.
        assert_eq!(nim_sum("weighted_arc_kayles(\"1-0-1\")"), 0);
        let p =
            crate::tests::parse("weighted_arc_kayles(\"1-0-2-3(-1;-{12}:A-1-:A)\", \"3:A-:A\")")
                .unwrap();
        // The vertex of weight 0 goes with its edges, and the isolated 1;
        // the rest is written from its end of least degree.
        let args: Vec<String> = p.components().iter().map(|c| c.args()).collect();
        assert_eq!(args, ["\"2-3(-1;-{12}:A-1-:A)\"", "\"3:A-:A\""]);
        let again = crate::tests::parse(&p.to_string()).unwrap();
        assert_eq!(again.to_string(), p.to_string());
    }

    #[test]
    fn bad_graphs_are_parse_errors_with_spans() {
        let err = |text: &str| crate::tests::parse(text).unwrap_err();
        // weighted_arc_kayles(" is 21 bytes: the string starts at 21.
        for (text, span) in [
            ("weighted_arc_kayles(\"1-x\")", 23..24),
            ("weighted_arc_kayles(\"1--1\")", 23..24),
            ("weighted_arc_kayles(\"1-:A\")", 24..25),
            ("weighted_arc_kayles(\"1:A-2:A\")", 27..28),
        ] {
            assert_eq!(err(text).span, span, "{text}");
        }
        assert!(
            err("weighted_arc_kayles(\"1-{99999999999999999999}\")")
                .to_string()
                .contains("2^64")
        );
        assert!(crate::tests::parse("weighted_arc_kayles(\"1-{2\")").is_err());
        assert!(crate::tests::parse("weighted_arc_kayles(\"1(-1\")").is_err());
        assert!(crate::tests::parse("weighted_arc_kayles(3)").is_err());
        assert!(crate::tests::parse("weighted_arc_kayles()").is_err());
        assert!(crate::tests::parse("weighted_arc_kayles[2](\"1-1\")").is_err());
        assert_eq!(nim_sum("weighted_arc_kayles(\"\")"), 0);
    }
}
