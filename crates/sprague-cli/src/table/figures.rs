//! `sprague table NAME --field F,... [--where EXPR] [--layout K|period]`:
//! any figure of `analyze --json` over a one-coordinate family (an
//! impartial heap game, or a partizan one such as `subtraction[1,3|2,3]`)
//! or a game of two numbers (`euclid`), as text, CSV (the coordinates, then
//! each field) or JSON; `--where` lists only the positions whose figures
//! satisfy it; `--layout` lays a sequence out K to a row, as CGSuite's
//! `PeriodicTable`. The library's `figure_table` computes every figure.

use std::io::Write;

use sprague::json::FigureTableJson;
use sprague::syntax::RulesetSyntax;
use sprague::{Budget, FigureCell, FigureError, FigureQuery, FigureTable, Layout, Play};

use super::{Args, grid};
use crate::failure::Failure;

/// Whether `table` is one of figures: a field, a filter or a layout is
/// asked for, or the family is a partizan heap game, whose values only
/// this table gives.
pub(super) fn wanted(args: &Args, syntax: &RulesetSyntax) -> bool {
    !args.field.is_empty()
        || args.filter.is_some()
        || args.layout.is_some()
        || (sprague::rulesets::family(syntax).is_err() && sprague::is_partizan_heap_game(syntax))
}

pub(super) fn run(args: &Args, syntax: &RulesetSyntax, budget: &Budget) -> Result<(), Failure> {
    let (from, to) = match grid::plan(args, syntax)? {
        grid::Plan::Grid => {
            let (from, to) = grid::extent(args, syntax)?;
            (from.to_vec(), to.to_vec())
        }
        grid::Plan::Heaps { from, to } => (
            vec![from],
            vec![sprague::rulesets::table_end(from, to, None)],
        ),
    };
    if from.iter().zip(&to).any(|(f, t)| f > t) {
        return Err(Failure::user(format!(
            "--from is past --to: {} is after {}",
            coordinates(&from),
            coordinates(&to)
        )));
    }
    if args.summary {
        return Err(Failure::user(
            "--summary is for a table of the value: leave out --field, --where and --layout",
        ));
    }
    if args.plot.is_some() && args.layout.is_none() {
        return Err(Failure::user(
            "--plot with --field or --where: only a layout (--layout K) is drawn, as a heat map",
        ));
    }
    let query = FigureQuery {
        from,
        to,
        to_given: args.to_extent.is_some(),
        fields: args.field.clone(),
        filter: args.filter.clone(),
        play: if args.misere {
            Play::Misere
        } else {
            Play::Normal
        },
        period: args.period,
        layout: args
            .layout
            .as_deref()
            .map(Layout::parse)
            .transpose()
            .map_err(|e| Failure::user(format!("--{e}")))?,
    };
    let report = sprague::figure_report(syntax, &query, budget).map_err(|e| match e {
        FigureError::Filter(e) => Failure::User {
            message: format!("bad --where: {}", e.message),
            source_text: Some((args.filter.clone().unwrap_or_default(), e.span)),
        },
        // Every position and every character written count: canonical
        // forms can grow fast along a family.
        FigureError::Solve(e @ sprague::SolveError::BudgetExceeded { .. }) => Failure::user(format!(
            "{e} (a table of figures counts its positions and the characters of its values against --budget: give a smaller --to, fewer or smaller fields such as temperature, or raise --budget)"
        )),
        FigureError::Solve(e) => e.into(),
    })?;
    let table = &report.table;
    let two = table.from.len() == 2;
    if let (Some(path), Some(k), Some(along)) = (&args.plot, report.layout, report.along) {
        plot_layout(path, table, along, k)?;
        if !(args.json || args.csv) {
            return Ok(());
        }
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if args.json {
        serde_json::to_writer_pretty(&mut out, &FigureTableJson(&report))
            .map_err(anyhow::Error::from)?;
        writeln!(out)?;
    } else if args.csv {
        match (report.layout, report.along) {
            (Some(k), Some(along)) => write_layout_csv(&mut out, table, along, k)?,
            _ => write_csv(&mut out, table, two)?,
        }
    } else {
        match (report.layout, report.along, &report.filter) {
            (Some(k), Some(along), _) => write_layout(&mut out, table, along, k)?,
            (_, _, Some(expr)) => write_list(&mut out, table, expr)?,
            (_, None, _) => write_grids(&mut out, table)?,
            (_, Some(along), _) => write_columns(&mut out, table, along)?,
        }
        match &report.period {
            Some(p) => writeln!(out, "{}", p.line(&table.fields[0]))?,
            None if report.period_asked && report.filter.is_none() => {
                writeln!(out, "{}: no period seen in this table", table.fields[0])?;
            }
            None => {}
        }
    }
    out.flush()?;
    Ok(())
}

/// `--layout K --plot FILE`: the laid-out sequence as a heat map, a row
/// per row of the layout, coloured as Grundy values (0 red, larger darker);
/// for a field of whole numbers only, and the whole rows only (the last,
/// shorter row is left out, and said so).
fn plot_layout(
    path: &std::path::Path,
    table: &FigureTable,
    along: usize,
    k: u64,
) -> Result<(), Failure> {
    let values: Option<Vec<u64>> = table
        .rows
        .iter()
        .map(|r| match &r.cells[0] {
            FigureCell::Integer(n) => Some(*n),
            FigureCell::Text(t) => t.parse().ok(),
            _ => None,
        })
        .collect();
    let Some(values) = values else {
        return Err(Failure::user(format!(
            "--plot draws a layout of whole numbers (grundy, birthday, stop_count): {} is not one",
            table.fields[0]
        )));
    };
    let whole = values.len() / k as usize;
    if whole == 0 {
        return Err(Failure::user(format!(
            "--plot: the table has fewer than {k} values, not one whole row"
        )));
    }
    crate::plot::HeatMap::check(path, whole as u128, u128::from(k))?;
    let rows: Vec<Vec<u64>> = values
        .chunks_exact(k as usize)
        .map(<[u64]>::to_vec)
        .collect();
    let first = table.from[along];
    let grid = sprague::GridTable {
        ruleset: table.ruleset.clone(),
        from: [0, 0],
        to: [whole as u64 - 1, k - 1],
        values: sprague::GridValues::Grundy(rows),
    };
    let title = format!(
        "{}: {} laid out {k} to a row: row r, column c is n = {} + {k}r + c",
        table.ruleset, table.fields[0], first
    );
    crate::plot::HeatMap::new(&grid).titled(title).write(path)?;
    let left = values.len() % k as usize;
    let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    // On standard error: standard output may be the table itself.
    eprintln!(
        "heat map of {whole} rows of {k} written to {} ({bytes} bytes){}",
        path.display(),
        if left > 0 {
            format!("; the last {left} values, not a whole row, are left out")
        } else {
            String::new()
        }
    );
    Ok(())
}

fn coordinates(at: &[u64]) -> String {
    let texts: Vec<String> = at.iter().map(u64::to_string).collect();
    format!("({})", texts.join(", "))
}

/// The names of the coordinates: `n`, or `a` and `b`.
fn coordinate_names(two: bool) -> &'static [&'static str] {
    if two { &["a", "b"] } else { &["n"] }
}

/// A CSV field: quoted where it holds a comma, a quote or a line end.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// CSV: the coordinates, then each field, one position a line.
fn write_csv(out: &mut impl Write, table: &FigureTable, two: bool) -> std::io::Result<()> {
    let mut header: Vec<String> = coordinate_names(two)
        .iter()
        .map(|s| s.to_string())
        .collect();
    header.extend(table.fields.iter().cloned());
    writeln!(out, "{}", header.join(","))?;
    for row in &table.rows {
        let mut line: Vec<String> = row.at.iter().map(u64::to_string).collect();
        line.extend(row.cells.iter().map(|c| csv_field(&c.text())));
        writeln!(out, "{}", line.join(","))?;
    }
    Ok(())
}

/// Laid out `k` to a row, CSV: `n` (the row's first coordinate) then the
/// row's `k` values (fewer on the last row).
fn write_layout_csv(
    out: &mut impl Write,
    table: &FigureTable,
    along: usize,
    k: u64,
) -> std::io::Result<()> {
    let mut header = vec!["n".to_string()];
    header.extend((0..k).map(|i| format!("+{i}")));
    writeln!(out, "{}", header.join(","))?;
    for chunk in table.rows.chunks(k as usize) {
        let mut line = vec![chunk[0].at[along].to_string()];
        line.extend(chunk.iter().map(|r| csv_field(&r.cells[0].text())));
        writeln!(out, "{}", line.join(","))?;
    }
    Ok(())
}

/// Cells padded to their column's width.
fn write_aligned(out: &mut impl Write, lines: &[Vec<String>], right: bool) -> std::io::Result<()> {
    let columns = lines.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|j| {
            lines
                .iter()
                .filter_map(|l| l.get(j))
                .map(|t| t.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for line in lines {
        let mut text = String::new();
        for (j, cell) in line.iter().enumerate() {
            let pad = " ".repeat(widths[j] - cell.chars().count());
            if j > 0 {
                text.push_str("  ");
            }
            if right || j == 0 {
                text.push_str(&pad);
                text.push_str(cell);
            } else {
                text.push_str(cell);
                text.push_str(&pad);
            }
        }
        writeln!(out, "{}", text.trim_end())?;
    }
    Ok(())
}

/// One position a line: the coordinates, then each field.
fn write_columns(out: &mut impl Write, table: &FigureTable, along: usize) -> std::io::Result<()> {
    writeln!(
        out,
        "{}: {} for {}",
        table.ruleset,
        table.fields.join(", "),
        range_text(table)
    )?;
    let two = table.from.len() == 2;
    let mut lines = vec![{
        let mut h: Vec<String> = if two {
            vec![coordinate_names(true)[along].to_string()]
        } else {
            vec!["n".to_string()]
        };
        h.extend(table.fields.iter().cloned());
        h
    }];
    for row in &table.rows {
        let mut line = vec![row.at[along].to_string()];
        line.extend(row.cells.iter().map(FigureCell::text));
        lines.push(line);
    }
    write_aligned(out, &lines, false)
}

fn range_text(table: &FigureTable) -> String {
    match table.from.len() {
        2 => format!(
            "a = {}..={}, b = {}..={}",
            table.from[0], table.to[0], table.from[1], table.to[1]
        ),
        _ => format!("n = {}..={}", table.from[0], table.to[0]),
    }
}

/// `--where`: the positions kept, one a line, with their fields.
fn write_list(out: &mut impl Write, table: &FigureTable, expr: &str) -> std::io::Result<()> {
    writeln!(
        out,
        "{}: {} of {} positions ({}) with {expr}",
        table.ruleset,
        table.rows.len(),
        table.examined,
        range_text(table)
    )?;
    if table.rows.is_empty() {
        return Ok(());
    }
    let mut lines = vec![{
        let mut h = vec!["position".to_string()];
        h.extend(table.fields.iter().cloned());
        h
    }];
    for row in &table.rows {
        let mut line = vec![format!("{}{}", table.ruleset, coordinates(&row.at))];
        line.extend(row.cells.iter().map(FigureCell::text));
        lines.push(line);
    }
    write_aligned(out, &lines, false)
}

/// A grid per field: a heading, the columns' `b`, then a row per `a`.
fn write_grids(out: &mut impl Write, table: &FigureTable) -> std::io::Result<()> {
    let cols = (table.to[1] - table.from[1] + 1) as usize;
    for (i, name) in table.fields.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        writeln!(
            out,
            "{}: {name} of (a, b) for a = {}..={} (rows) and b = {}..={} (columns)",
            table.ruleset, table.from[0], table.to[0], table.from[1], table.to[1]
        )?;
        let mut lines = vec![{
            let mut h = vec!["a\\b".to_string()];
            h.extend((table.from[1]..=table.to[1]).map(|b| b.to_string()));
            h
        }];
        for chunk in table.rows.chunks(cols) {
            let mut line = vec![chunk[0].at[0].to_string()];
            line.extend(chunk.iter().map(|r| r.cells[i].text()));
            lines.push(line);
        }
        write_aligned(out, &lines, true)?;
    }
    Ok(())
}

/// Laid out `k` to a row, each row led by its first coordinate.
fn write_layout(
    out: &mut impl Write,
    table: &FigureTable,
    along: usize,
    k: u64,
) -> std::io::Result<()> {
    let name = match table.from.len() {
        2 if along == 1 => format!("{}({}, n)", table.ruleset, table.from[0]),
        2 => format!("{}(n, {})", table.ruleset, table.from[1]),
        _ => format!("{}(n)", table.ruleset),
    };
    writeln!(
        out,
        "{name}: {} for n = {}..={}, {k} to a row",
        table.fields[0], table.from[along], table.to[along]
    )?;
    let lines: Vec<Vec<String>> = table
        .rows
        .chunks(k as usize)
        .map(|chunk| {
            let mut line = vec![format!("{}:", chunk[0].at[along])];
            line.extend(chunk.iter().map(|r| r.cells[0].text()));
            line
        })
        .collect();
    write_aligned(out, &lines, true)
}
