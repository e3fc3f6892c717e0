//! Arc Kayles (Schaefer, "On the complexity of some two-person
//! perfect-information games", 1978), with the rules of CGSuite's
//! `game.graph.ArcKayles` (its `GenArcKayles`) and, with coloured edges,
//! of its `game.graph.PartizanArcKayles`: a move picks an edge and removes
//! both its ends, with every edge that touches them. In the partizan game
//! Left may pick a blue edge (`l`), Right a red one (`r`), either a green
//! one (`e`); a graph of green edges only is impartial Arc Kayles, valued
//! by its nimber. Whoever cannot move loses. A loop (an edge from a vertex
//! to itself) removes its one vertex, so a path with a loop at every vertex
//! is a row of Kayles pins, and a plain path of `n` vertices is a heap of
//! Dawson's Kayles (0.07) of `n` (CGSuite's tests).
//!
//! Graphs are written in CGSuite's graph strings for edge-coloured graphs,
//! the ones `hackenbush` reads (its `Graph.Parse`): each edge letter leads
//! from the current vertex to a new one, `(a;b)` are branches, `:A` or
//! `:{name}` names the vertex an edge reaches (a name met again is that
//! vertex, which closes cycles and, at the same vertex, makes loops), and
//! `;` at the top starts a part joined to nothing. So `"llr"` is a path of
//! four vertices, `":Aeee:A"` a triangle, `":Ae:A"` one vertex with a
//! loop. There is no ground: the first vertex is a vertex like the others.
//!
//! The parts of a graph that no edge joins are independent games, so a
//! graph is built as one component per part, and a move leaves the sum of
//! the parts that remain; a vertex left without edges is dropped. A part is
//! written back by Hackenbush's walk, from its first vertex of least
//! degree; the text is its key, so the same path reached by different
//! moves shares one.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::{Arg, ComponentSyntax};
use sprague_game::{Component, Impartial, Key, Kind, Move, Partizan, Side};

use crate::common::{Ruleset, edge_parts, no_params};
use crate::graphs::hackenbush::{Colour, Edge, HackenbushGraph, RawGraph, read_graph};

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "arc_kayles",
    syntax: "arc_kayles(\"eeee\", \"lrlr(ll;ree)\", ...)   CGSuite's graph strings \
             (edges l blue, r red, e green; (a;b) branches; :A names a vertex, equal names join)",
    rule: "take an edge (Left a blue one, Right a red one, either a green one) and remove \
           its two ends with every edge touching them; green edges only: impartial Arc Kayles",
    example: "arc_kayles(\"eeeeee\", \"llr\")",
    heaps_interact: false,
    build,
    family: None,
};

/// One connected part of a position of Arc Kayles, with at least one edge.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ArcKaylesGraph {
    graph: HackenbushGraph,
    /// Every edge is green: the game is impartial.
    impartial: bool,
}

impl ArcKaylesGraph {
    /// The graph in CGSuite's notation, as normalised.
    pub fn text(&self) -> &str {
        self.graph.text()
    }

    /// The graph with no edge: the game 0.
    fn empty() -> ArcKaylesGraph {
        ArcKaylesGraph {
            graph: HackenbushGraph::normal_form(&RawGraph {
                n_vertices: 1,
                edges: Vec::new(),
            }),
            impartial: true,
        }
    }

    /// The edges of `raw`, one component per connected part with an edge.
    fn parts(raw: &RawGraph) -> Vec<Arc<dyn Component>> {
        connected_parts(raw)
            .into_iter()
            .map(|part| Arc::new(ArcKaylesGraph::normal_form(part)) as Arc<dyn Component>)
            .collect()
    }

    /// A connected graph written by Hackenbush's walk from its first
    /// vertex of least degree (the end of a path), its vertices otherwise
    /// in the order they have. A move leaves its parts numbered in the
    /// order of the graph moved in, so the same path or cycle reached by
    /// different moves is written alike, at the cost of one walk (a
    /// search meets each part once a move).
    fn normal_form(part: RawGraph) -> ArcKaylesGraph {
        let mut degree = vec![0usize; part.n_vertices];
        for &(a, b, _) in &part.edges {
            degree[a] += 1;
            degree[b] += 1;
        }
        let root = (0..part.n_vertices)
            .min_by_key(|&v| (degree[v], v))
            .expect("a part has a vertex");
        let swap = |v: usize| {
            if v == root {
                0
            } else if v == 0 {
                root
            } else {
                v
            }
        };
        let best = HackenbushGraph::as_numbered(&RawGraph {
            n_vertices: part.n_vertices,
            edges: part
                .edges
                .iter()
                .map(|&(a, b, colour)| (swap(a), swap(b), colour))
                .collect(),
        });
        let impartial = best
            .edge_list()
            .iter()
            .all(|&(_, _, colour)| colour == Colour::Green);
        ArcKaylesGraph {
            graph: best,
            impartial,
        }
    }

    /// The moves of `side` (every move when the game is impartial).
    fn moves_of(&self, side: Option<Side>) -> Vec<Move> {
        let edges: &[Edge] = self.graph.edge_list();
        let raw = self.graph.raw();
        edges
            .iter()
            .enumerate()
            .filter(|&(_, &(_, _, colour))| side.is_none_or(|s| colour.cut_by(s)))
            .map(|(i, &(a, b, colour))| {
                let rest = RawGraph {
                    n_vertices: raw.n_vertices,
                    edges: edges
                        .iter()
                        .copied()
                        .filter(|&(x, y, _)| x != a && x != b && y != a && y != b)
                        .collect(),
                };
                let label = if self.impartial {
                    format!("take edge {} with its ends", i + 1)
                } else {
                    format!("take edge {} ({}) with its ends", i + 1, colour.name())
                };
                Move::to_sum(label, ArcKaylesGraph::parts(&rest))
            })
            .collect()
    }
}

/// The connected parts of `graph` that have an edge, each renumbered from
/// 0 in the order of its vertices.
fn connected_parts(graph: &RawGraph) -> Vec<RawGraph> {
    let n = graph.n_vertices;
    let ends: Vec<(usize, usize)> = graph.edges.iter().map(|&(a, b, _)| (a, b)).collect();
    let (part, n_parts) = edge_parts(n, &ends, 0..n);
    (0..n_parts)
        .map(|p| {
            let vertices: Vec<usize> = (0..n).filter(|&v| part[v] == Some(p)).collect();
            let number = |v: usize| vertices.binary_search(&v).expect("in the part");
            RawGraph {
                n_vertices: vertices.len(),
                edges: graph
                    .edges
                    .iter()
                    .filter(|&&(a, _, _)| part[a] == Some(p))
                    .map(|&(a, b, colour)| (number(a), number(b), colour))
                    .collect(),
            }
        })
        .collect()
}

impl Component for ArcKaylesGraph {
    fn ruleset(&self) -> String {
        RULESET.name.to_string()
    }

    fn args(&self) -> String {
        format!("\"{}\"", self.graph.text())
    }

    fn key(&self) -> Key {
        // The text (with its edges' colours) describes the part completely.
        Key::new(RULESET.name, Key::pack(self.graph.text().as_bytes()))
    }

    fn kind(&self) -> Kind<'_> {
        if self.impartial {
            Kind::Impartial(self)
        } else {
            Kind::Partizan(self)
        }
    }
}

impl Impartial for ArcKaylesGraph {
    fn moves(&self, _budget: &Budget) -> Result<Vec<Move>, SolveError> {
        Ok(self.moves_of(None))
    }
}

impl Partizan for ArcKaylesGraph {
    fn moves(&self, side: Side, _budget: &Budget) -> Result<Vec<Move>, SolveError> {
        Ok(self.moves_of(Some(side)))
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    no_params(&c.ruleset)?;
    if c.args.is_empty() {
        return Err(ParseError::bad_arguments(
            "`arc_kayles` needs at least one graph string in quotes, like \"eeee\"",
            c.args_span.clone(),
        ));
    }
    let mut parts = Vec::new();
    for arg in &c.args {
        let Arg::Str(text) = &arg.value else {
            return Err(ParseError::bad_arguments(
                "each argument is a graph string in quotes, like \"eeee\"",
                arg.span.clone(),
            ));
        };
        // The string starts after its opening quote.
        let graph = read_graph(text, arg.span.start + 1, arg.span.clone())?;
        let found = ArcKaylesGraph::parts(&graph);
        if found.is_empty() {
            // A graph without edges is still written, as the game 0.
            parts.push(Arc::new(ArcKaylesGraph::empty()) as Arc<dyn Component>);
        }
        parts.extend(found);
    }
    Ok(parts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::{assert_value_agrees_with_search, canonical_text};
    use rustc_hash::FxHashMap;
    use sprague::CanonicalSolver;
    use sprague_partizan::cgt::{CanonicalArena, GameId};

    /// The value of the graph `edges` on `n` vertices from the rules alone:
    /// positions are the sets of vertices still there, and an edge may be
    /// taken while both its ends are.
    fn value_by_rules(n: usize, edges: &[Edge], arena: &mut CanonicalArena) -> GameId {
        fn value(
            edges: &[Edge],
            present: u32,
            memo: &mut FxHashMap<u32, GameId>,
            arena: &mut CanonicalArena,
        ) -> GameId {
            if let Some(&g) = memo.get(&present) {
                return g;
            }
            let mut sides = [Vec::new(), Vec::new()];
            for &(a, b, colour) in edges {
                if present >> a & 1 == 0 || present >> b & 1 == 0 {
                    continue;
                }
                let after = present & !(1 << a) & !(1 << b);
                for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
                    if colour.cut_by(side) {
                        let g = value(edges, after, memo, arena);
                        sides[k].push(g);
                    }
                }
            }
            let g = arena.form(&sides[0], &sides[1]).unwrap();
            memo.insert(present, g);
            g
        }
        value(edges, (1 << n) - 1, &mut FxHashMap::default(), arena)
    }

    /// Every multigraph of up to `max_edges` edges (loops allowed) whose
    /// edges are added one by one, each at an old vertex or a new one, or
    /// between two new ones (so parts joined to nothing occur too).
    fn small_graphs(max_edges: usize, colours: &[Colour]) -> Vec<(usize, Vec<Edge>)> {
        let mut all = vec![(0, Vec::new())];
        let mut graphs: Vec<(usize, Vec<Edge>)> = vec![(0, Vec::new())];
        for _ in 0..max_edges {
            let mut longer = Vec::new();
            for &(n, ref edges) in &graphs {
                // An edge from an old vertex or the first new one (n), to
                // an old vertex, the first new one or, from n, the next.
                for a in 0..=n {
                    let last = if a == n { n + 1 } else { n };
                    for b in a..=last {
                        for &colour in colours {
                            let mut e = edges.clone();
                            e.push((a, b, colour));
                            longer.push((n.max(b + 1), e));
                        }
                    }
                }
            }
            all.extend(longer.iter().cloned());
            graphs = longer;
        }
        all
    }

    #[test]
    fn every_small_graph_has_the_value_its_rules_give() {
        // Every graph of up to 4 edges of any of the three colours: the
        // value through normalised parts and keys, with one solver for all
        // so that a key shared by two different graphs would show, against
        // the value from the rules on the raw vertex sets; up to 3 edges,
        // also the outcome of the search of the whole graph.
        let colours = [Colour::Blue, Colour::Red, Colour::Green];
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let graphs = small_graphs(4, &colours);
        for (n, edges) in &graphs {
            let parts = ArcKaylesGraph::parts(&RawGraph {
                n_vertices: *n,
                edges: edges.clone(),
            });
            let g = solver.sum(&parts).unwrap();
            let expected = value_by_rules(*n, edges, &mut solver.arena);
            assert_eq!(g, expected, "{edges:?}");
            if edges.len() <= 3 && parts.len() == 1 {
                assert_value_agrees_with_search(Arc::clone(&parts[0]));
            }
        }
        assert!(graphs.len() > 10_000, "{}", graphs.len());
    }

    #[test]
    fn green_graphs_are_impartial_and_their_nimbers_are_the_rules() {
        // Every green graph of up to 5 edges: the nimber by mex through the
        // normalised parts against the value from the rules.
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        for (n, edges) in small_graphs(5, &[Colour::Green]) {
            let parts = ArcKaylesGraph::parts(&RawGraph {
                n_vertices: n,
                edges: edges.clone(),
            });
            let mut nim_sum = 0;
            for part in &parts {
                let Kind::Impartial(g) = part.kind() else {
                    panic!("{} is not impartial", part.text());
                };
                nim_sum ^= g.grundy(&Budget::DEFAULT).unwrap().0;
            }
            let expected = value_by_rules(n, &edges, &mut solver.arena);
            let nimber = solver.arena.nimber(nim_sum).unwrap();
            assert_eq!(nimber, expected, "{edges:?}");
        }
    }

    #[test]
    fn paths_are_dawsons_kayles_and_looped_paths_kayles() {
        // A path of n vertices is a heap of n in Dawson's Kayles (0.07); a
        // path with a loop at every vertex is a heap of n in Kayles (0.77):
        // CGSuite's GameGraphTest, "define ArcKayles properly" (its data
        // are in tests/data/partizan/cgsuite-rulesets.txt); here against our
        // octal engine, further than CGSuite's 50.
        for n in 1..=60usize {
            let path = format!("arc_kayles(\"{}\")", "e".repeat(n - 1));
            let looped: String = (0..n)
                .map(|v| {
                    let step = if v == 0 {
                        String::new()
                    } else {
                        "e".to_string()
                    };
                    format!("{step}:{{{v}}}e:{{{v}}}")
                })
                .collect();
            let looped = format!("arc_kayles(\"{looped}\")");
            for (arc, heap) in [
                (path, format!("dawson({n})")),
                (looped, format!("kayles({n})")),
            ] {
                let grundy = |text: &str| {
                    let p = crate::tests::parse(text).unwrap();
                    p.components()
                        .iter()
                        .map(|c| c.grundy(&Budget::DEFAULT).unwrap().0)
                        .fold(0, |a, b| a ^ b)
                };
                assert_eq!(grundy(&arc), grundy(&heap), "{arc}");
            }
        }
    }

    #[test]
    fn text_round_trips_and_parts_split() {
        let p = crate::tests::parse("arc_kayles(\"llr;e\", \":Aeee:A\")").unwrap();
        assert_eq!(p.components().len(), 3);
        let again = crate::tests::parse(&p.to_string()).unwrap();
        assert_eq!(again.to_string(), p.to_string());
        // A triangle is one vertex whatever the first move: *1.
        assert_eq!(canonical_text("arc_kayles(\":Aeee:A\")"), "*");
        assert_eq!(canonical_text("arc_kayles(\"\")"), "0");
        assert_eq!(canonical_text("arc_kayles(\"l\")"), "1");
    }

    #[test]
    fn bad_graphs_are_parse_errors_with_spans() {
        let e = crate::tests::parse("arc_kayles(\"lx\")").unwrap_err();
        assert_eq!(e.span, 13..14);
        assert!(crate::tests::parse("arc_kayles(3)").is_err());
        assert!(crate::tests::parse("arc_kayles()").is_err());
        assert!(crate::tests::parse("arc_kayles(\"l(l\")").is_err());
    }
}
