//! Games on graphs: a token moves along the edges of a directed graph, and
//! whoever cannot move loses.
//!
//! The graph is stored compactly ([`Graph`]: compressed sparse rows, 32-bit
//! vertex ids) and read from the text format of the SPEC ([`Graph::parse`],
//! [`Graph::read`], [`Graph::read_file`]: regular files only, within
//! [`MAX_FILE_BYTES`] and lines of [`MAX_LINE_BYTES`]). On it:
//!
//! - [`acyclic`](crate::graph::grundy_acyclic): the Sprague–Grundy value of
//!   every vertex of an acyclic graph, in reverse topological order;
//! - [`Retrograde`]: win / loss / draw and remoteness of every vertex of any
//!   graph, by retrograde analysis from the terminal vertices;
//! - [`LoopyGrundy`]: the generalised Sprague–Grundy function of Smith and
//!   Fraenkel, which decides sums of tokens on loopy graphs;
//! - [`Geography`]: undirected vertex geography,
//!   decided by maximum matching;
//! - [`word_chain`]: the word-chain game of seed note 004 as a graph;
//! - [`Board`]: a token on a grid with obstacles, its graph built from the
//!   moves;
//! - [`PartizanGraph`]: Left's and Right's moves on the same vertices, the
//!   shape of a loopy partizan game, read from graph files whose move lines
//!   name a side ([`PartizanGraph::parse`]);
//! - [`PartizanRetrograde`]: win / loss / draw and remoteness of every
//!   vertex of a partizan game graph for each player to move, and
//!   [`partizan_sum`], the reachable part of a sum of such games.

mod acyclic;
mod board;
mod file;
mod geography;
mod loopy;
mod matching;
mod partizan;
mod partizan_retrograde;
mod read;
mod retrograde;
mod words;

pub use acyclic::{grundy_acyclic, grundy_where_acyclic};
pub use board::{Board, Direction, MoveSet};
pub use file::read_game_from;
pub use file::{FileSource, FileSystem, open_bounded, read_text_file, read_text_from};
pub use geography::Geography;
pub use loopy::{LoopyGrundy, LoopyValue};
pub use matching::{Matching, max_matching};
pub use partizan::PartizanGraph;
pub use partizan_retrograde::{PartizanRetrograde, partizan_sum};
pub use read::GameFile;
pub use read::{
    GraphError, GraphErrorKind, MAX_FILE_BYTES, MAX_LINE_BYTES, MAX_VERTICES, ReadLimits,
    VERTICES_PER_BYTE,
};
pub use retrograde::{Retrograde, retrograde_fixed_point};
pub use words::word_chain;

/// A directed graph in compressed sparse row form: the successors of vertex
/// `v` are `targets[offsets[v]..offsets[v + 1]]`.
///
/// Vertices are `0..n` with `n < 2^32`; edges keep the order in which they
/// were given (the order in which moves are listed). Parallel edges and
/// loops are allowed: a loop is a move that leaves the token where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    offsets: Vec<u32>,
    targets: Vec<u32>,
    names: Option<Vec<String>>,
    start: Vec<u32>,
}

impl Graph {
    /// The graph on vertices `0..n` with the edges `sources[i] -> targets[i]`.
    ///
    /// # Panics
    ///
    /// If the slices differ in length, an endpoint is not below `n`, or
    /// there are `2^32` edges or more: callers validate first (the reader
    /// does, with line-numbered errors).
    pub fn from_edges(n: u32, sources: &[u32], targets: &[u32]) -> Graph {
        assert_eq!(sources.len(), targets.len(), "one source per target");
        assert!(
            u32::try_from(sources.len()).is_ok(),
            "at most 2^32 - 1 edges"
        );
        let n = n as usize;
        // A counting sort by source: stable, so each vertex keeps its edges
        // in the order given.
        let mut offsets = vec![0u32; n + 1];
        for &s in sources {
            offsets[s as usize + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut fill = offsets[..n].to_vec();
        let mut sorted = vec![0u32; targets.len()];
        for (&s, &t) in sources.iter().zip(targets) {
            assert!((t as usize) < n, "edge target out of range");
            let slot = &mut fill[s as usize];
            sorted[*slot as usize] = t;
            *slot += 1;
        }
        Graph {
            offsets,
            targets: sorted,
            names: None,
            start: Vec::new(),
        }
    }

    /// The graph with the edges `(x, y)` on vertices `0..n`.
    ///
    /// # Panics
    ///
    /// As [`Graph::from_edges`].
    pub fn from_pairs(n: u32, edges: &[(u32, u32)]) -> Graph {
        let (s, t): (Vec<u32>, Vec<u32>) = edges.iter().copied().unzip();
        Graph::from_edges(n, &s, &t)
    }

    /// The number of vertices.
    pub fn n_vertices(&self) -> u32 {
        (self.offsets.len() - 1) as u32
    }

    /// The number of edges.
    pub fn n_edges(&self) -> u64 {
        self.targets.len() as u64
    }

    /// The successors (followers) of `v`, in the order the edges were given.
    pub fn successors(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// The number of moves from `v`.
    pub fn out_degree(&self, v: u32) -> u32 {
        self.offsets[v as usize + 1] - self.offsets[v as usize]
    }

    /// The graph with every edge reversed: its successors are this graph's
    /// predecessors. Retrograde analysis walks it backwards from the
    /// terminal vertices.
    pub fn transpose(&self) -> Graph {
        let n = self.n_vertices() as usize;
        let mut offsets = vec![0u32; n + 1];
        for &t in &self.targets {
            offsets[t as usize + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut fill = offsets[..n].to_vec();
        let mut sources = vec![0u32; self.targets.len()];
        for v in 0..n {
            for &t in self.successors(v as u32) {
                let slot = &mut fill[t as usize];
                sources[*slot as usize] = v as u32;
                *slot += 1;
            }
        }
        Graph {
            offsets,
            targets: sources,
            names: None,
            start: Vec::new(),
        }
    }

    /// The names of the vertices, for a graph read with named vertices.
    pub fn names(&self) -> Option<&[String]> {
        self.names.as_deref()
    }

    /// The name of `v`, if the graph has names.
    pub fn name(&self, v: u32) -> Option<&str> {
        self.names.as_ref().map(|n| n[v as usize].as_str())
    }

    /// The vertex called `name`, for a graph with named vertices.
    pub fn vertex_named(&self, name: &str) -> Option<u32> {
        self.names
            .as_ref()?
            .iter()
            .position(|n| n == name)
            .map(|v| v as u32)
    }

    /// The token positions of the `start` line (empty if there is none).
    pub fn start(&self) -> &[u32] {
        &self.start
    }

    /// The same graph with vertex names.
    ///
    /// # Panics
    ///
    /// If there is not exactly one name per vertex.
    pub fn with_names(mut self, names: Vec<String>) -> Graph {
        assert_eq!(
            names.len(),
            self.n_vertices() as usize,
            "one name per vertex"
        );
        self.names = Some(names);
        self
    }

    /// The same graph with the token positions of a `start` line.
    pub fn with_start(mut self, start: Vec<u32>) -> Graph {
        self.start = start;
        self
    }

    /// Which vertices can reach a cycle (and so may see play go on
    /// forever): those left over when vertices all of whose successors are
    /// already removed are removed repeatedly, starting from the terminal
    /// vertices (Kahn's algorithm run backwards).
    pub fn reaches_cycle(&self, reverse: &Graph) -> Vec<bool> {
        let n = self.n_vertices() as usize;
        let mut remaining: Vec<u32> = (0..n as u32).map(|v| self.out_degree(v)).collect();
        let mut queue: Vec<u32> = (0..n as u32)
            .filter(|&v| remaining[v as usize] == 0)
            .collect();
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            for &p in reverse.successors(v) {
                remaining[p as usize] -= 1;
                if remaining[p as usize] == 0 {
                    queue.push(p);
                }
            }
        }
        remaining.iter().map(|&r| r > 0).collect()
    }

    /// How vertex `v` is written: its name, or its number.
    pub fn label(&self, v: u32) -> String {
        match self.name(v) {
            Some(name) => name.to_string(),
            None => v.to_string(),
        }
    }
}
