//! Childish Hackenbush (the rules of CGSuite's
//! `game.graph.ChildishHackenbush`, its `GenHackenbush` with blue and red
//! edges childish): Hackenbush in which a blue or red edge may be cut only
//! when nothing else falls with it, so only the edges whose removal leaves
//! every other edge connected to the ground (a top edge of a stalk, an edge
//! of a cycle). Green edges are cut as in Hackenbush, taking with them
//! what no longer reaches the ground. Blue (`l`) is Left's, red (`r`)
//! Right's, green (`e`) either's; whoever cannot cut loses.
//!
//! Positions are written in the graph strings of `hackenbush` (CGSuite's
//! `Graph.Parse`: `l(l;rl)`, `:Allr:A`, and the stalks `"LRRL"`), read by
//! its reader and normalised by its walk from the ground; so is every
//! position a move leaves. Unlike Hackenbush, a Blue–Red stalk is no
//! number by Berlekamp's rule (only its top edge may be cut), so every
//! graph is valued from its moves, the parts meeting only at the ground
//! apart ([`Partizan::regions`]).

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::ComponentSyntax;
use sprague_game::{Component, Key, Kind, Move, Partizan, Side};

use crate::common::{Ruleset, quoted_components};
use crate::graphs::hackenbush::{
    Colour, Edge, HackenbushGraph, RawGraph, ground_regions, read_graph,
};

pub(crate) const RULESET: Ruleset = Ruleset {
    name: "childish_hackenbush",
    syntax: "childish_hackenbush(\"l(l;rl)\", ...)   Hackenbush's graph strings \
             (l blue, r red, e green, from the ground; (a;b) branches; :A names a vertex)",
    rule: "partizan: Hackenbush, but a blue or red edge may be cut only if no other edge \
           falls with it (green edges are cut as in Hackenbush)",
    example: "childish_hackenbush(\"l(l;rl)\", \":Allllllrrrr:A\")",
    heaps_interact: false,
    build,
    family: None,
};

/// A position of Childish Hackenbush: every edge reaches the ground
/// (vertex 0), written and numbered as Hackenbush normalises a graph.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ChildishHackenbush {
    graph: HackenbushGraph,
}

impl ChildishHackenbush {
    /// The position left by a graph once what lost the ground has fallen.
    fn from_raw(graph: RawGraph) -> ChildishHackenbush {
        ChildishHackenbush {
            graph: HackenbushGraph::normal_form(&graph.grounded()),
        }
    }

    /// The graph in CGSuite's notation, as normalised.
    pub fn text(&self) -> &str {
        self.graph.text()
    }
}

impl Component for ChildishHackenbush {
    fn ruleset(&self) -> String {
        RULESET.name.to_string()
    }

    fn args(&self) -> String {
        format!("\"{}\"", self.graph.text())
    }

    fn key(&self) -> Key {
        // The normalised text describes the graph completely.
        Key::new(RULESET.name, Key::pack(self.graph.text().as_bytes()))
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Partizan(self)
    }
}

impl Partizan for ChildishHackenbush {
    fn moves(&self, side: Side, _budget: &Budget) -> Result<Vec<Move>, SolveError> {
        let edges: &[Edge] = self.graph.edge_list();
        let mut moves = Vec::new();
        for (i, &(_, _, colour)) in edges.iter().enumerate() {
            if !colour.cut_by(side) {
                continue;
            }
            let mut rest = self.graph.raw();
            rest.edges.remove(i);
            let rest = rest.grounded();
            // The childish colours may not bring anything down with them.
            if colour != Colour::Green && rest.edges.len() != edges.len() - 1 {
                continue;
            }
            moves.push(Move::new(
                format!("cut edge {} ({})", i + 1, colour.name()),
                Arc::new(ChildishHackenbush::from_raw(rest)),
            ));
        }
        Ok(moves)
    }

    fn regions(&self) -> Option<Vec<Arc<dyn Component>>> {
        let regions = ground_regions(self.graph.raw());
        (regions.len() > 1).then(|| {
            regions
                .into_iter()
                .map(|r| Arc::new(ChildishHackenbush::from_raw(r)) as Arc<dyn Component>)
                .collect()
        })
    }
}

fn build(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    quoted_components(
        c,
        "graph string in quotes, like \"l(l;rl)\"",
        |s, at, span| {
            let graph = read_graph(s, at, span.clone())?;
            let n_edges = graph.edges.len();
            let graph = graph.grounded();
            if graph.edges.len() != n_edges {
                return Err(ParseError::bad_arguments(
                    "every edge of a Childish Hackenbush graph must be connected to the ground \
                 (the first vertex of the string)",
                    span,
                ));
            }
            Ok(Arc::new(ChildishHackenbush::from_raw(graph)) as Arc<dyn Component>)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::assert_small_graphs_have_the_values_of_their_rules;
    use sprague::CanonicalSolver;

    #[test]
    fn every_small_graph_has_the_value_its_rules_give() {
        // A blue or red edge may be cut only when nothing else falls.
        assert_small_graphs_have_the_values_of_their_rules(
            &|graph| Arc::new(ChildishHackenbush::from_raw(graph)),
            &|colour, cut, after| colour == Colour::Green || after == cut,
        );
    }

    #[test]
    fn cgsuites_lollipop_has_atomic_weight_three_halves() {
        // CGSuite, GameGraphTest.scala, "define Childish Hackenbush
        // properly", "Childish Hackenbush lollipop 2" (its other values are
        // in tests/data/partizan/cgsuite-rulesets.txt).
        let p = crate::tests::parse("childish_hackenbush(\"(e:B;e:B;e:Blllllllllrr:B)\")").unwrap();
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let g = solver.sum(p.components()).unwrap();
        let weight = sprague_partizan::atomic::atomic_weight(&mut solver.arena, g)
            .unwrap()
            .unwrap();
        assert_eq!(solver.arena.display(weight).unwrap(), "3/2");
    }

    #[test]
    fn text_round_trips_and_moves_are_described() {
        let p = crate::tests::parse("childish_hackenbush(\"l(l;rl)\", \"LRR\")").unwrap();
        let again = crate::tests::parse(&p.to_string()).unwrap();
        assert_eq!(again.to_string(), p.to_string());
        let c = &p.components()[0];
        let moves = c.moves_of(Side::Left, &Budget::DEFAULT).unwrap();
        let described: Vec<String> = moves.iter().map(Move::description).collect();
        assert!(
            described.iter().all(|d| d.ends_with("(blue)")),
            "{described:?}"
        );
        // The two top blue edges of l(l;rl); the bottom one would bring
        // the others down.
        assert_eq!(moves.len(), 2, "{described:?}");
    }

    #[test]
    fn bad_graphs_are_parse_errors_with_spans() {
        let e = crate::tests::parse("childish_hackenbush(\"lr;lr\")").unwrap_err();
        assert!(e.to_string().contains("connected to the ground"), "{e}");
        let e = crate::tests::parse("childish_hackenbush(\"lx\")").unwrap_err();
        assert_eq!(e.span, 22..23);
        assert!(crate::tests::parse("childish_hackenbush(3)").is_err());
        assert!(crate::tests::parse("childish_hackenbush()").is_err());
    }
}
