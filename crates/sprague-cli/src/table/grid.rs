//! `sprague table NAME --to AxB` for a game of two interacting numbers
//! (Wythoff's two heaps, a cake, a bar to cut, a pair in Euclid): the value
//! of every `NAME(a, b)` as a grid (rows `a`, columns `b`), as CSV in long
//! form (`a,b,value`), as JSON, as a summary (how often each value occurs,
//! and the P-positions) or as a heat map.
//!
//! An impartial game's cells are Grundy values; a partizan game's are
//! canonical forms in CGSuite's notation, with the outcome class of each
//! cell in the JSON, and its heat map is coloured by outcome class.

use std::collections::BTreeMap;
use std::io::Write;

use serde::Serialize;
use sprague::json::{GridTableJson, GridValuesJson};
use sprague::syntax::RulesetSyntax;
use sprague::{Budget, GridTable, GridValues};

use super::{Args, Extent, listed};
use crate::failure::Failure;

/// The size of the table when `--to` is not given: `NAME(a, b)` for
/// `a, b = 0..=20`.
const DEFAULT_TO: u64 = 20;

/// What `table` makes of its ruleset and sizes.
pub(super) enum Plan {
    /// A table of two coordinates.
    Grid,
    /// A one-heap table of heaps `from..=to`.
    Heaps { from: u64, to: Option<u64> },
}

/// Decides between a one-heap table and a grid: a ruleset of two
/// interacting numbers without a one-heap family is tabulated as a grid,
/// and so is any of them given a size `AxB`; a size of the other kind is
/// the user's error, as are the one-heap table's options on a grid.
pub(super) fn plan(args: &Args, syntax: &RulesetSyntax) -> Result<Plan, Failure> {
    let Some(entry) = sprague::rulesets::find(&syntax.name) else {
        // An unknown name: the one-heap table says so, with a hint.
        return Ok(Plan::Heaps { from: 0, to: None });
    };
    let is_grid = |e: Option<Extent>| matches!(e, Some(Extent::Grid(..)));
    let grid_asked = is_grid(args.from_extent) || is_grid(args.to_extent);
    let two = sprague::is_two_coordinate(syntax);
    if grid_asked && !two {
        return Err(Failure::user(format!(
            "`{}` is not a game of two interacting numbers, so its table is a sequence: give --from and --to a heap size (--to 100), not AxB",
            entry.name
        )));
    }
    if !(grid_asked || two && entry.family.is_none()) {
        return heaps(args, entry.name);
    }
    // A grid asked for by one option and a heap size given to the other,
    // or a heap size for a game that has only a grid.
    let is_heap = |e: Option<Extent>| matches!(e, Some(Extent::Heap(_)));
    if is_heap(args.from_extent) || is_heap(args.to_extent) {
        return Err(Failure::user(format!(
            "`{}` is a game of two numbers: give --from and --to as AxB (the first and last row and column, as in --to 20x20)",
            entry.name
        )));
    }
    let one_heap_only = [
        // A figure's period is seen along a row or column of the grid.
        (
            args.period && args.field.is_empty() && args.layout.is_none(),
            "--period",
        ),
        (args.max.is_some(), "--max"),
        (args.misere, "--misere"),
        (args.checkpoint.is_some(), "--checkpoint"),
        (args.resume.is_some(), "--resume"),
        (args.certificate.is_some(), "--certificate"),
        (args.disk.is_some(), "--disk"),
    ];
    if let Some((_, flag)) = one_heap_only.iter().find(|(given, _)| *given) {
        return Err(Failure::user(format!(
            "{flag} is for tables of one heap; `{}` has a table of two numbers",
            entry.name
        )));
    }
    Ok(Plan::Grid)
}

/// The one-heap table's sizes, refusing a grid size.
fn heaps(args: &Args, name: &str) -> Result<Plan, Failure> {
    let heap = |e: Option<Extent>| match e {
        None => Ok(None),
        Some(Extent::Heap(n)) => Ok(Some(n)),
        Some(Extent::Grid(..)) => Err(Failure::user(format!(
            "`{name}` is not a game of two interacting numbers, so its table is a sequence: give --from and --to a heap size (--to 100), not AxB"
        ))),
    };
    Ok(Plan::Heaps {
        from: heap(args.from_extent)?.unwrap_or(0),
        to: heap(args.to_extent)?,
    })
}

/// The first and last cells `args` ask for (the corner and 20x20 by
/// default).
pub(super) fn extent(args: &Args, syntax: &RulesetSyntax) -> Result<([u64; 2], [u64; 2]), Failure> {
    let corner = sprague::grid_corner(syntax);
    let from = match args.from_extent {
        Some(Extent::Grid(a, b)) => [a, b],
        _ => corner,
    };
    let to = match args.to_extent {
        Some(Extent::Grid(a, b)) => [a, b],
        _ => [DEFAULT_TO.max(from[0]), DEFAULT_TO.max(from[1])],
    };
    if from[0] > to[0] || from[1] > to[1] {
        return Err(Failure::user(format!(
            "--from {}x{} is past --to {}x{}",
            from[0], from[1], to[0], to[1]
        )));
    }
    Ok((from, to))
}

/// The table of `syntax` as `args` ask for it.
pub(super) fn run(args: &Args, syntax: &RulesetSyntax, budget: &Budget) -> Result<(), Failure> {
    let (from, to) = extent(args, syntax)?;
    let [rows, cols] = [to[0] - from[0], to[1] - from[1]].map(|d| u128::from(d) + 1);
    // Each side is at most 2^64, so the count overflows only at 2^64 x
    // 2^64 (it was reported as 2^128 - 1).
    let cells = match rows.checked_mul(cols) {
        Some(cells) if cells <= u128::from(budget.max_positions) => cells,
        count => {
            let count = count.map_or_else(|| "2^128".to_string(), |c| c.to_string());
            return Err(Failure::user(format!(
                "a table of {rows}x{cols} cells ({count}) is more than the budget of {} positions: ask for a smaller --to, or raise --budget",
                budget.max_positions
            )));
        }
    };
    if let Some(path) = &args.plot {
        crate::plot::HeatMap::check(path, rows, cols)?;
    }
    let table = sprague::grid_table(syntax, from, to, budget)?;
    if let Some(path) = &args.plot {
        crate::plot::HeatMap::new(&table).write(path)?;
        let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        // On standard error: standard output may be the table itself.
        eprintln!(
            "heat map of {cells} cells written to {} ({bytes} bytes)",
            path.display()
        );
        if !(args.json || args.csv || args.summary) {
            return Ok(());
        }
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if args.summary {
        write_summary(&mut out, &table, args.json)?;
    } else if args.json {
        write_json(&mut out, &GridTableJson::from(&table)).map_err(anyhow::Error::from)?;
    } else if args.csv {
        write_csv(&mut out, &table)?;
    } else {
        write_grid(&mut out, &table)?;
    }
    out.flush()?;
    Ok(())
}

/// The JSON of the table, pretty printed as `serde_json` does but with
/// each row of `values` (and `outcomes`) on one line, so that the grid
/// reads as a grid. The fields are [`GridTableJson`]'s, in its order.
fn write_json(out: &mut impl Write, json: &GridTableJson) -> Result<(), serde_json::Error> {
    use serde_json::to_string as text;
    fn rows<T: Serialize>(rows: &[T]) -> Result<String, serde_json::Error> {
        let lines = rows
            .iter()
            .map(|r| Ok(format!("    {}", serde_json::to_string(r)?)))
            .collect::<Result<Vec<_>, serde_json::Error>>()?;
        Ok(format!("[\n{}\n  ]", lines.join(",\n")))
    }
    let values = match &json.values {
        GridValuesJson::Grundy(v) => rows(v)?,
        GridValuesJson::Canonical(v) => rows(v)?,
    };
    let mut fields = vec![
        ("ruleset", text(&json.ruleset)?),
        ("from", text(&json.from)?),
        ("to", text(&json.to)?),
        ("rows", text(&json.rows)?),
        ("cols", text(&json.cols)?),
        ("values", values),
    ];
    if let Some(outcomes) = &json.outcomes {
        fields.push(("outcomes", rows(outcomes)?));
    }
    let body: Vec<String> = fields
        .into_iter()
        .map(|(name, value)| format!("  \"{name}\": {value}"))
        .collect();
    writeln!(out, "{{\n{}\n}}", body.join(",\n")).map_err(serde_json::Error::io)
}

/// What the cells are, for headings: `G(a, b)` or the canonical value.
fn what(table: &GridTable) -> String {
    match table.values {
        GridValues::Grundy(_) => format!("{}: G(a, b)", table.ruleset),
        GridValues::Canonical(_) => format!("{}: the canonical value of (a, b)", table.ruleset),
    }
}

/// The grid: a heading, a header line of the columns' `b`, then one line
/// per row led by its `a`, each column right-aligned to its widest cell.
fn write_grid(out: &mut impl Write, table: &GridTable) -> std::io::Result<()> {
    let [rows, cols] = table.shape();
    let (rows, cols) = (rows as usize, cols as usize);
    writeln!(
        out,
        "{} for a = {}..={} (rows) and b = {}..={} (columns)",
        what(table),
        table.from[0],
        table.to[0],
        table.from[1],
        table.to[1]
    )?;
    let texts: Vec<Vec<String>> = (0..rows)
        .map(|i| (0..cols).map(|j| table.text(i, j)).collect())
        .collect();
    let widths: Vec<usize> = (0..cols)
        .map(|j| {
            texts
                .iter()
                .map(|row| row[j].chars().count())
                .chain([(table.from[1] + j as u64).to_string().len()])
                .max()
                .unwrap_or(1)
        })
        .collect();
    let label = table.to[0].to_string().len().max("a\\b".len());
    write!(out, "{:>label$}", "a\\b")?;
    for (j, w) in widths.iter().enumerate() {
        write!(out, " {:>w$}", table.from[1] + j as u64)?;
    }
    writeln!(out)?;
    for (i, row) in texts.iter().enumerate() {
        write!(out, "{:>label$}", table.from[0] + i as u64)?;
        for (text, w) in row.iter().zip(&widths) {
            let pad = w - text.chars().count();
            write!(out, " {}{text}", " ".repeat(pad))?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// Long form, one cell a line: `a,b,value` (what pandas' `read_csv` and a
/// pivot make a grid of again). A canonical form with a comma is quoted.
fn write_csv(out: &mut impl Write, table: &GridTable) -> std::io::Result<()> {
    let [rows, cols] = table.shape();
    writeln!(out, "a,b,value")?;
    for i in 0..rows as usize {
        for j in 0..cols as usize {
            let text = table.text(i, j);
            let (a, b) = (table.from[0] + i as u64, table.from[1] + j as u64);
            if text.contains([',', '"']) {
                writeln!(out, "{a},{b},\"{}\"", text.replace('"', "\"\""))?;
            } else {
                writeln!(out, "{a},{b},{text}")?;
            }
        }
    }
    Ok(())
}

#[derive(Serialize)]
struct GridSummaryJson {
    ruleset: String,
    from: [u64; 2],
    to: [u64; 2],
    rows: u64,
    cols: u64,
    /// Each value with the number of cells that have it: by value for
    /// Grundy values, by count (most first) for canonical forms.
    counts: Vec<ValueCount>,
    /// The number of cells of each outcome class.
    outcomes: BTreeMap<&'static str, u64>,
    /// Every cell the player to move loses, `[a, b]`, row by row.
    p_positions: Vec<[u64; 2]>,
}

#[derive(Serialize)]
struct ValueCount {
    value: CellValue,
    count: u64,
}

#[derive(Serialize)]
#[serde(untagged)]
enum CellValue {
    Grundy(u64),
    Canonical(String),
}

/// `--summary`: how often each value and each outcome class occurs, and
/// the P-positions (for Wythoff's game, the pairs `(⌊kφ⌋, ⌊kφ²⌋)` and
/// their mirror images).
fn write_summary(out: &mut impl Write, table: &GridTable, json: bool) -> Result<(), Failure> {
    let [rows, cols] = table.shape();
    let mut outcomes: BTreeMap<&'static str, u64> = BTreeMap::new();
    for i in 0..rows as usize {
        for j in 0..cols as usize {
            *outcomes.entry(table.outcome(i, j).letter()).or_default() += 1;
        }
    }
    let counts: Vec<ValueCount> = match &table.values {
        GridValues::Grundy(values) => {
            let mut counts: BTreeMap<u64, u64> = BTreeMap::new();
            for &v in values.iter().flatten() {
                *counts.entry(v).or_default() += 1;
            }
            counts
                .into_iter()
                .map(|(v, count)| ValueCount {
                    value: CellValue::Grundy(v),
                    count,
                })
                .collect()
        }
        GridValues::Canonical(values) => {
            // In the order values first occur, then the most frequent first.
            let mut counts: Vec<(String, u64)> = Vec::new();
            for (text, _) in values.iter().flatten() {
                match counts.iter_mut().find(|(t, _)| t == text) {
                    Some((_, n)) => *n += 1,
                    None => counts.push((text.clone(), 1)),
                }
            }
            counts.sort_by_key(|c| std::cmp::Reverse(c.1));
            counts
                .into_iter()
                .map(|(v, count)| ValueCount {
                    value: CellValue::Canonical(v),
                    count,
                })
                .collect()
        }
    };
    let p_positions = table.p_positions();
    if json {
        let summary = GridSummaryJson {
            ruleset: table.ruleset.clone(),
            from: table.from,
            to: table.to,
            rows,
            cols,
            counts,
            outcomes,
            p_positions,
        };
        serde_json::to_writer_pretty(&mut *out, &summary).map_err(anyhow::Error::from)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(
        out,
        "{}: summary of a = {}..={}, b = {}..={} ({} cells)",
        what(table),
        table.from[0],
        table.to[0],
        table.from[1],
        table.to[1],
        rows * cols
    )?;
    let value_text = |v: &CellValue| match v {
        CellValue::Grundy(g) => g.to_string(),
        CellValue::Canonical(t) => t.clone(),
    };
    writeln!(
        out,
        "values ({} distinct, value: cells): {}",
        counts.len(),
        listed(
            counts
                .iter()
                .map(|c| format!("{}: {}", value_text(&c.value), c.count)),
            counts.len(),
            ", "
        )
    )?;
    writeln!(
        out,
        "outcome classes: {}",
        outcomes
            .iter()
            .map(|(o, n)| format!("{o} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    )?;
    writeln!(
        out,
        "P-positions, the player to move loses ({}): {}",
        p_positions.len(),
        listed(
            p_positions.iter().map(|[a, b]| format!("({a}, {b})")),
            p_positions.len(),
            ", "
        )
    )?;
    Ok(())
}
