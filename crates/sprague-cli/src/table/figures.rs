//! `sprague table NAME --field F,... [--where EXPR] [--layout K|period]`:
//! any figure of `analyze --json` over a one-coordinate family (an
//! impartial heap game, or a partizan one such as `subtraction[1,3|2,3]`)
//! or a game of two numbers (`euclid`), as text, CSV (the coordinates, then
//! each field) or JSON; `--where` lists only the positions whose figures
//! satisfy it; `--layout` lays a sequence out K to a row, as CGSuite's
//! `PeriodicTable`. The library's `figure_table` computes every figure.

use std::io::Write;

use serde_json::{Value, json};
use sprague::syntax::RulesetSyntax;
use sprague::{
    Budget, Field, FigureCell, FigurePeriod, FigureTable, Filter, Periodicity, Play,
    figure_period,
};

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

/// How a sequence is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    Every(u64),
    Period,
}

fn layout(text: &str) -> Result<Layout, Failure> {
    if text == "period" {
        return Ok(Layout::Period);
    }
    match text.parse::<u64>() {
        Ok(k) if k > 0 => Ok(Layout::Every(k)),
        _ => Err(Failure::user(format!(
            "--layout: `{text}` is not a row length (write a whole number of 1 or more, or period)"
        ))),
    }
}

pub(super) fn run(args: &Args, syntax: &RulesetSyntax, budget: &Budget) -> Result<(), Failure> {
    let play = if args.misere { Play::Misere } else { Play::Normal };
    let (from, to, two) = match grid::plan(args, syntax)? {
        grid::Plan::Grid => {
            let (from, to) = grid::extent(args, syntax)?;
            (from.to_vec(), to.to_vec(), true)
        }
        grid::Plan::Heaps { from, to } => {
            (vec![from], vec![sprague::rulesets::table_end(from, to, None)], false)
        }
    };
    if from.iter().zip(&to).any(|(f, t)| f > t) {
        return Err(Failure::user(format!(
            "--from is past --to: {} is after {}",
            coordinates(&from),
            coordinates(&to)
        )));
    }
    let impartial_family = !two && sprague::rulesets::family(syntax).is_ok();
    let default = if impartial_family || play == Play::Misere {
        "grundy"
    } else if two && grid_is_impartial(&args.ruleset, &from) {
        "grundy"
    } else {
        "value"
    };
    let names: Vec<&str> = if args.field.is_empty() {
        vec![default]
    } else {
        args.field.iter().map(String::as_str).collect()
    };
    let mut fields = Vec::new();
    for name in &names {
        let field = Field::parse(name, play).map_err(|e| Failure::user(format!("--field: {e}")))?;
        if !fields.contains(&field) {
            fields.push(field);
        }
    }
    let filter = match &args.filter {
        Some(expr) => Some(Filter::parse(expr, play).map_err(|e| Failure::User {
            message: format!("bad --where: {}", e.message),
            source_text: Some((expr.clone(), e.span)),
        })?),
        None => None,
    };
    let layout = args.layout.as_deref().map(layout).transpose()?;
    // The varying coordinate of a sequence: the heap, or the one a grid of
    // a single row or column runs along.
    let along = if !two {
        Some(0)
    } else if from[0] == to[0] {
        Some(1)
    } else if from[1] == to[1] {
        Some(0)
    } else {
        None
    };
    if layout.is_some() {
        if along.is_none() {
            return Err(Failure::user(
                "--layout lays out a sequence: give one coordinate, or a grid of one row or column (--from 10x1 --to 10x100)",
            ));
        }
        if filter.is_some() {
            return Err(Failure::user("--layout lays out every position: it does not go with --where"));
        }
        if fields.len() > 1 {
            return Err(Failure::user(format!(
                "--layout lays out one field: {} were given",
                fields.len()
            )));
        }
    }
    if args.period && along.is_none() {
        return Err(Failure::user("--period is for a sequence: give one coordinate"));
    }
    if args.plot.is_some() || args.summary {
        return Err(Failure::user(
            "--plot and --summary are for a table of the value: leave out --field, --where and --layout",
        ));
    }
    let mut table = sprague::figure_table(syntax, &from, &to, &fields, filter.as_ref(), play, budget)?;
    // For an impartial family's own Grundy values, the engine's period
    // search, which may certify the period; for any other figure, the
    // period seen in its sequence.
    let certified = if impartial_family && play == Play::Normal && args.field.is_empty() {
        if args.period || layout == Some(Layout::Period) {
            let family = sprague::rulesets::family(syntax)
                .map_err(|e| Failure::parse("bad ruleset", &args.ruleset, &e))?;
            family.periodicity(budget)?
        } else {
            None
        }
    } else {
        None
    };
    if let Some(p) = certified
        && args.to.is_none()
    {
        // Without --to, the table runs two periods past the preperiod.
        let end = sprague::rulesets::table_end(from[0], None, Some(p));
        if end != to[0] {
            table = sprague::figure_table(syntax, &from, &[end], &fields, None, play, budget)?;
        }
    }
    let period = if filter.is_some() || !(args.period || layout == Some(Layout::Period)) {
        None
    } else {
        let k = along.expect("checked above");
        let cells: Vec<FigureCell> = table.rows.iter().map(|r| r.cells[0].clone()).collect();
        match certified {
            Some(p) => Some(Found::Certified(p)),
            None => figure_period(&fields[0], table.from[k], &cells, budget)?.map(Found::Seen),
        }
    };
    let k = match layout {
        None => None,
        Some(Layout::Every(k)) => Some(k),
        Some(Layout::Period) => match &period {
            Some(p) => Some(p.period()),
            None => {
                return Err(Failure::user(format!(
                    "--layout period: no period was seen in {} of {}: give --layout K, or a longer --to",
                    fields[0].name(),
                    table.ruleset
                )));
            }
        },
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let expr = args.filter.as_deref();
    if args.json {
        let json = to_json(&table, two, along, expr, period.as_ref(), k, args.field.is_empty());
        serde_json::to_writer_pretty(&mut out, &json).map_err(anyhow::Error::from)?;
        writeln!(out)?;
    } else if args.csv {
        match (k, along) {
            (Some(k), Some(along)) => write_layout_csv(&mut out, &table, along, k)?,
            _ => write_csv(&mut out, &table, two)?,
        }
    } else {
        match (k, along) {
            (Some(k), Some(along)) => write_layout(&mut out, &table, along, k)?,
            _ if expr.is_some() => write_list(&mut out, &table, expr.unwrap_or_default())?,
            _ if two && along.is_none() => write_grids(&mut out, &table)?,
            _ => write_columns(&mut out, &table, along.unwrap_or(0))?,
        }
        match &period {
            Some(p) => writeln!(out, "{}", p.line(&fields[0].name()))?,
            None if args.period && filter.is_none() => {
                writeln!(out, "{}: no period seen in this table", fields[0].name())?;
            }
            None => {}
        }
    }
    out.flush()?;
    Ok(())
}

/// Whether the grid's positions are impartial (their table's value is a
/// Grundy value).
fn grid_is_impartial(ruleset: &str, from: &[u64]) -> bool {
    let text = format!("{ruleset}{}", coordinates(from));
    sprague::Position::parse(&text).is_ok_and(|p| {
        p.components()
            .iter()
            .all(|c| matches!(c.kind(), sprague::Kind::Impartial(_)))
    })
}

/// A period found: certified by the engine's search for a family's Grundy
/// values, or seen in a figure's sequence.
enum Found {
    Certified(Periodicity),
    Seen(FigurePeriod),
}

impl Found {
    fn period(&self) -> u64 {
        match self {
            Found::Certified(p) => p.period,
            Found::Seen(p) => p.period,
        }
    }

    fn line(&self, field: &str) -> String {
        match self {
            Found::Certified(p) => {
                let saltus = if p.saltus > 0 {
                    format!(", saltus {}", p.saltus)
                } else {
                    String::new()
                };
                let how = if p.certified {
                    "certified"
                } else {
                    "not certified"
                };
                format!(
                    "{field}: period {}, preperiod {}{saltus}, {how}",
                    p.period, p.preperiod
                )
            }
            Found::Seen(p) => {
                let saltus = match (&p.saltus, &p.saltus_by_place) {
                    (Some(s), _) => {
                        format!(", saltus {s} (arithmetic: f(n + {}) = f(n) + {s})", p.period)
                    }
                    (None, Some(s)) => format!(
                        ", saltus by place {} (arithmetic: f(n + {}) = f(n) + the saltus of n's place, from n = {})",
                        s.join(" "),
                        p.period,
                        p.preperiod
                    ),
                    (None, None) => String::new(),
                };
                format!(
                    "{field}: period {}, preperiod {}{saltus}, observed on this table, not certified",
                    p.period, p.preperiod
                )
            }
        }
    }

    fn json(&self, field: &str) -> Value {
        match self {
            Found::Certified(p) => json!({
                "field": field,
                "preperiod": p.preperiod,
                "period": p.period,
                "saltus": p.saltus.to_string(),
                "certified": p.certified,
            }),
            Found::Seen(p) => json!({
                "field": field,
                "preperiod": p.preperiod,
                "period": p.period,
                // `null` where the saltus depends on the place.
                "saltus": p.saltus.clone().or_else(|| p.saltus_by_place.is_none().then(|| "0".to_string())),
                "saltus_by_place": p.saltus_by_place,
                "certified": false,
            }),
        }
    }
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

/// JSON whose objects keep their keys in the order written (the order
/// of the spec: the ruleset first, then the coordinates, then the fields).
enum Json {
    Value(Value),
    Object(Vec<(String, Json)>),
    Array(Vec<Json>),
}

impl serde::Serialize for Json {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            Json::Value(v) => v.serialize(s),
            Json::Array(items) => items.serialize(s),
            Json::Object(fields) => {
                let mut map = s.serialize_map(Some(fields.len()))?;
                for (k, v) in fields {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

fn j(v: impl serde::Serialize) -> Json {
    Json::Value(serde_json::to_value(v).unwrap_or(Value::Null))
}

/// The JSON of a table of figures (docs/table.md): `fields` names the
/// fields in order and `columns` maps each to its sequence (or grid, a row
/// a list), or without `--field` `values` is the value's as before; with
/// `--where`, `positions` lists the matches, each with its coordinates and
/// fields; with `--period`, `period`; with `--layout`, `layout`.
fn to_json(
    table: &FigureTable,
    two: bool,
    along: Option<usize>,
    expr: Option<&str>,
    period: Option<&Found>,
    k: Option<u64>,
    plain: bool,
) -> Json {
    let mut object: Vec<(String, Json)> = Vec::new();
    let mut put = |k: &str, v: Json| object.push((k.to_string(), v));
    put("ruleset", j(&table.ruleset));
    let coordinate = |v: &[u64]| if two { j(v) } else { j(v[0]) };
    put("from", coordinate(&table.from));
    put("to", coordinate(&table.to));
    let names = coordinate_names(two);
    match expr {
        Some(expr) => {
            put("where", j(expr));
            put("examined", j(table.examined));
            put("count", j(table.rows.len()));
            put("fields", j(&table.fields));
            let positions: Vec<Json> = table
                .rows
                .iter()
                .map(|row| {
                    let mut p: Vec<(String, Json)> = Vec::new();
                    for (name, v) in names.iter().zip(&row.at) {
                        p.push(((*name).to_string(), j(v)));
                    }
                    for (name, cell) in table.fields.iter().zip(&row.cells) {
                        p.push((name.clone(), j(cell)));
                    }
                    Json::Object(p)
                })
                .collect();
            put("positions", Json::Array(positions));
        }
        None => {
            let mut columns: Vec<(String, Json)> = Vec::new();
            for (i, name) in table.fields.iter().enumerate() {
                let column: Vec<Json> = table.rows.iter().map(|r| j(&r.cells[i])).collect();
                let value = if two {
                    let cols = (table.to[1] - table.from[1] + 1) as usize;
                    let mut rows = Vec::new();
                    let mut column = column.into_iter();
                    loop {
                        let row: Vec<Json> = column.by_ref().take(cols).collect();
                        if row.is_empty() {
                            break;
                        }
                        rows.push(Json::Array(row));
                    }
                    Json::Array(rows)
                } else {
                    Json::Array(column)
                };
                columns.push((name.clone(), value));
            }
            if two {
                put("rows", j(table.to[0] - table.from[0] + 1));
                put("cols", j(table.to[1] - table.from[1] + 1));
            }
            if plain {
                // The table of the value alone keeps the shape of `values`.
                let (_, values) = columns.remove(0);
                put("values", values);
            } else {
                put("fields", j(&table.fields));
                put("columns", Json::Object(columns));
            }
        }
    }
    if let Some(p) = period {
        put("period", Json::Value(p.json(&table.fields[0])));
    }
    if let (Some(k), Some(along)) = (k, along) {
        let rows: Vec<Json> = table
            .rows
            .chunks(k as usize)
            .map(|chunk| {
                Json::Object(vec![
                    ("n".to_string(), j(chunk[0].at[along])),
                    (
                        "values".to_string(),
                        Json::Array(chunk.iter().map(|r| j(&r.cells[0])).collect()),
                    ),
                ])
            })
            .collect();
        put(
            "layout",
            Json::Object(vec![
                ("k".to_string(), j(k)),
                ("field".to_string(), j(&table.fields[0])),
                ("rows".to_string(), Json::Array(rows)),
            ]),
        );
    }
    Json::Object(object)
}

/// CSV: the coordinates, then each field, one position a line.
fn write_csv(out: &mut impl Write, table: &FigureTable, two: bool) -> std::io::Result<()> {
    let mut header: Vec<String> = coordinate_names(two).iter().map(|s| s.to_string()).collect();
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
