//! `sprague graph FILE [--json] [--summary]`: every vertex of a game graph,
//! with its outcome, remoteness and Grundy or loopy value, and, when the
//! file has a `start` line, the analysis of that sum of tokens.

use std::io::Write;

use serde::Serialize;
use sprague::graph::{Graph, LoopyGrundy, Retrograde, grundy_where_acyclic};
use sprague::json::AnalysisJson;
use sprague::{Analysis, Budget, Outcome, Play, Position, analyze};

use crate::failure::Failure;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The graph file: `n m` and `x y` lines, or `word1 word2` lines.
    file: String,
    /// Print JSON (its fields: docs/graphs.md).
    #[arg(long)]
    pub json: bool,
    /// Only the counts of N, P and D vertices and the largest remoteness.
    #[arg(long)]
    summary: bool,
    #[command(flatten)]
    pub limits: crate::limits::Limits,
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
    /// The analysis of the file's `start` line, if it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<AnalysisJson>,
}

/// The position of the file's `start` line (`graph["FILE"]()`) and its
/// analysis; `None` without a start line.
fn start_analysis(
    file: &str,
    graph: &Graph,
    budget: &Budget,
) -> Result<Option<(Position, Analysis)>, Failure> {
    if graph.start().is_empty() {
        return Ok(None);
    }
    let quoted = file.replace('\\', "\\\\").replace('"', "\\\"");
    let text = format!("graph[\"{quoted}\"]()");
    let position = Position::parse_with(&text, &crate::files::CommandLineFiles)
        .map_err(|e| Failure::parse("bad start line", &text, &e))?;
    let mut analysis = analyze(&position, Play::Normal, false, budget)?;
    analysis.remoteness = sprague::remoteness(&position, Play::Normal, sprague::Side::Left, budget);
    Ok(Some((position, analysis)))
}

pub fn run(args: &Args, budget: &Budget) -> Result<(), Failure> {
    let graph = crate::files::read_graph(&args.file)
        .map_err(|e| Failure::user(format!("{}: {e}", args.file)))?;
    let start = start_analysis(&args.file, &graph, budget)?;
    let reverse = graph.transpose();
    let retrograde = Retrograde::new(&graph, &reverse);
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    if args.summary {
        let mut summary = summarise(&graph, &retrograde);
        summary.start = start.as_ref().map(|(p, a)| AnalysisJson::new(p, a));
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
            write_start(&mut out, start.as_ref())?;
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
        // Every vertex has a generalised Sprague-Grundy value; where no
        // cycle can be reached it is the Grundy value (Smith 1966), so one
        // field means one thing on every vertex. A finite one is written
        // as a nimber (`0`, `*`, `*2`), as `analyze` writes a value.
        value: match (&loopy, grundy[v as usize]) {
            (_, Some(g)) => sprague::Value::Nimber(sprague::Nimber(u64::from(g))).notation(),
            (Some(l), None) => Some(l.value(&graph, v).to_string()),
            (None, None) => None,
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
        write!(out, "]")?;
        if let Some((p, a)) = &start {
            write!(out, ", \"start\": ")?;
            serde_json::to_writer(&mut out, &AnalysisJson::new(p, a))
                .map_err(anyhow::Error::from)?;
        }
        writeln!(out, "}}")?;
    } else {
        writeln!(out, "vertex\toutcome\tremoteness\tvalue")?;
        for v in 0..graph.n_vertices() {
            let x = vertex(v);
            let label = graph.label(v);
            let remoteness = x
                .remoteness
                .map_or_else(|| "-".to_string(), |r| r.to_string());
            let value = x.value.unwrap_or_else(|| "-".to_string());
            writeln!(out, "{label}\t{}\t{remoteness}\t{value}", x.outcome)?;
        }
        write_start(&mut out, start.as_ref())?;
    }
    out.flush()?;
    Ok(())
}

/// The analysis of the start line, after a blank line.
fn write_start(out: &mut impl Write, start: Option<&(Position, Analysis)>) -> std::io::Result<()> {
    if let Some((position, analysis)) = start {
        writeln!(out)?;
        writeln!(out, "start: {position}")?;
        crate::analyze::write_text(out, analysis, false, true)?;
    }
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
        start: None,
    }
}
