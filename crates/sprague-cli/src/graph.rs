//! `sprague graph FILE [--json] [--summary]`: every vertex of a game graph,
//! with its outcome, remoteness and Grundy or loopy value.

use std::io::Write;

use serde::Serialize;
use sprague::Outcome;
use sprague::graph::{Graph, LoopyGrundy, Retrograde, grundy_where_acyclic};

use crate::failure::Failure;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The graph file: `n m` and `x y` lines, or `word1 word2` lines.
    file: String,
    /// Print JSON (the fields are described in the spec).
    #[arg(long)]
    json: bool,
    /// Only the counts of N, P and D vertices and the largest remoteness.
    #[arg(long)]
    summary: bool,
}

#[derive(Debug, Serialize)]
struct VertexJson<'a> {
    vertex: u32,
    name: Option<&'a str>,
    outcome: &'static str,
    remoteness: Option<u32>,
    grundy: Option<u32>,
    value: Option<String>,
}

#[derive(Debug, Serialize)]
struct SummaryJson {
    vertices: u32,
    edges: u64,
    #[serde(rename = "N")]
    n: u64,
    #[serde(rename = "P")]
    p: u64,
    #[serde(rename = "D")]
    d: u64,
    max_remoteness: Option<u32>,
}

pub fn run(args: &Args) -> Result<(), Failure> {
    let graph = Graph::read_file(std::path::Path::new(&args.file))
        .map_err(|e| Failure::user(format!("{}: {e}", args.file)))?;
    let reverse = graph.transpose();
    let retrograde = Retrograde::new(&graph, &reverse);
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    if args.summary {
        let summary = summarise(&graph, &retrograde);
        if args.json {
            serde_json::to_writer(&mut out, &summary).map_err(anyhow::Error::from)?;
            writeln!(out)?;
        } else {
            writeln!(
                out,
                "{} vertices, {} edges: {} N, {} P, {} D; largest remoteness {}",
                summary.vertices,
                summary.edges,
                summary.n,
                summary.p,
                summary.d,
                summary
                    .max_remoteness
                    .map_or_else(|| "-".to_string(), |r| r.to_string())
            )?;
        }
        out.flush()?;
        return Ok(());
    }
    let grundy = grundy_where_acyclic(&graph, &reverse);
    // The loopy values only where some vertex can reach a cycle.
    let loopy = grundy
        .iter()
        .any(Option::is_none)
        .then(|| LoopyGrundy::new(&graph, &reverse));
    let vertex = |v: u32| VertexJson {
        vertex: v,
        name: graph.name(v),
        outcome: retrograde.outcome(v).letter(),
        remoteness: retrograde.remoteness(v),
        grundy: grundy[v as usize],
        value: match (&loopy, grundy[v as usize]) {
            (Some(l), None) => Some(l.value(&graph, v).to_string()),
            _ => None,
        },
    };
    if args.json {
        writeln!(out, "{{\"vertices\": [")?;
        for v in 0..graph.n_vertices() {
            if v > 0 {
                writeln!(out, ",")?;
            }
            write!(out, "  ")?;
            serde_json::to_writer(&mut out, &vertex(v)).map_err(anyhow::Error::from)?;
        }
        if graph.n_vertices() > 0 {
            writeln!(out)?;
        }
        writeln!(out, "]}}")?;
    } else {
        writeln!(out, "vertex\toutcome\tremoteness\tvalue")?;
        for v in 0..graph.n_vertices() {
            let x = vertex(v);
            let label = graph.label(v);
            let remoteness = x
                .remoteness
                .map_or_else(|| "-".to_string(), |r| r.to_string());
            let value = match (x.grundy, x.value) {
                (Some(g), _) => g.to_string(),
                (None, Some(value)) => value,
                (None, None) => "-".to_string(),
            };
            writeln!(out, "{label}\t{}\t{remoteness}\t{value}", x.outcome)?;
        }
    }
    out.flush()?;
    Ok(())
}

fn summarise(graph: &Graph, retrograde: &Retrograde) -> SummaryJson {
    let mut counts = [0u64; 3];
    let mut max_remoteness = None;
    for v in 0..graph.n_vertices() {
        counts[match retrograde.outcome(v) {
            Outcome::N => 0,
            Outcome::P => 1,
            _ => 2,
        }] += 1;
        if let Some(r) = retrograde.remoteness(v) {
            max_remoteness = Some(max_remoteness.map_or(r, |m: u32| m.max(r)));
        }
    }
    SummaryJson {
        vertices: graph.n_vertices(),
        edges: graph.n_edges(),
        n: counts[0],
        p: counts[1],
        d: counts[2],
        max_remoteness,
    }
}
