//! `sprague quotient RULESET [--heaps N] [--json]`: the misère quotient
//! (Plambeck and Siegel) of a take-and-break game restricted to heaps
//! `0..=N`, or taken heap by heap until it is proved for every heap size.

use std::io::Write;

use sprague::json::QuotientJson;
use sprague::syntax::parse_ruleset;
use sprague::{Budget, MisereQuotient, QuotientSolver, SolveError};

use crate::failure::Failure;

/// Without `--heaps`, the last heap tried when no proof of stability comes
/// first.
pub const DEFAULT_MAX_HEAPS: u64 = 1000;

/// The largest multiplication table printed as text.
const TABLE_MAX_ORDER: usize = 16;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A take-and-break game: `octal[0.75]`, `kayles`, `dawson`, ...
    ruleset: String,
    /// The largest heap (default: until the quotient is proved for every
    /// heap size, the budget ends, or heap 1000).
    #[arg(long)]
    heaps: Option<u64>,
    /// Print JSON (the fields: ruleset, heaps, order, tame, generators,
    /// relations, elements, product, p_portion, heap_elements, stable,
    /// stable_from).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub limits: crate::limits::Limits,
}

/// Why a run without `--heaps` stopped.
enum End {
    Asked,
    Stable,
    Cap,
    Budget(SolveError),
}

pub fn run(args: &Args, budget: &Budget) -> Result<(), Failure> {
    let syntax = parse_ruleset(&args.ruleset)
        .map_err(|e| Failure::parse("bad ruleset", &args.ruleset, &e))?;
    let family = sprague::rulesets::family(&syntax)
        .map_err(|e| Failure::parse("bad ruleset", &args.ruleset, &e))?;
    let Some(rules) = family.take_break() else {
        return Err(Failure::user(format!(
            "`quotient` takes a take-and-break game (octal, hexadecimal, kayles, dawson, ...), not `{}`",
            family.ruleset()
        )));
    };
    let mut solver = QuotientSolver::new(rules);
    let end = match args.heaps {
        Some(n) => {
            if let Err(e) = solver.extend_to(n, budget) {
                // Say how far it got, so the user can ask for that much.
                let reached = solver.heaps();
                let mut failure = Failure::from(e);
                if let Failure::User { message, .. } = &mut failure {
                    *message = format!(
                        "{message}; the quotient is known for heaps 0..={reached} \
                         ({} elements): ask for `--heaps {reached}`, or leave `--heaps` out",
                        solver.quotient().order()
                    );
                }
                return Err(failure);
            }
            End::Asked
        }
        None => match solver.extend_until_stable(DEFAULT_MAX_HEAPS, budget) {
            Ok(true) => End::Stable,
            Ok(false) => End::Cap,
            Err(e @ (SolveError::BudgetExceeded { .. } | SolveError::TimeLimit { .. })) => {
                End::Budget(e)
            }
            Err(e) => return Err(e.into()),
        },
    };
    let q = solver.quotient();
    let mut out = std::io::stdout().lock();
    if args.json {
        let json = QuotientJson::new(family.ruleset(), &q);
        serde_json::to_writer(&mut out, &json).map_err(anyhow::Error::from)?;
        writeln!(out)?;
    } else {
        write_text(&mut out, &family.ruleset(), &q, &end)?;
    }
    Ok(())
}

fn write_text(
    out: &mut impl Write,
    ruleset: &str,
    q: &MisereQuotient,
    end: &End,
) -> std::io::Result<()> {
    writeln!(out, "misère quotient of {ruleset}, heaps 0..={}", q.heaps)?;
    let kind = if q.tame { "tame" } else { "wild" };
    writeln!(
        out,
        "order {}, P-portion of {}, {kind}",
        q.order(),
        q.p_portion.len()
    )?;
    let gens: Vec<String> = q
        .generators
        .iter()
        .zip(&q.generator_heaps)
        .map(|(g, h)| format!("{g} = heap {h}"))
        .collect();
    writeln!(out, "generators: {}", or_none(&gens.join(", ")))?;
    writeln!(out, "relations: {}", or_none(&q.relations.join(", ")))?;
    writeln!(out, "elements: {}", q.elements.join(" "))?;
    let p: Vec<&str> = q
        .p_portion
        .iter()
        .map(|&i| q.elements[i].as_str())
        .collect();
    writeln!(out, "P-portion: {}", p.join(" "))?;
    writeln!(out, "pretending function (heap n: element):")?;
    for (row, chunk) in q.heap_elements.chunks(10).enumerate() {
        let cells: Vec<&str> = chunk.iter().map(|&e| q.elements[e].as_str()).collect();
        writeln!(out, "  {:>5}+  {}", row * 10, cells.join(" "))?;
    }
    if q.order() <= TABLE_MAX_ORDER {
        let width = q
            .elements
            .iter()
            .map(|e| e.chars().count())
            .max()
            .unwrap_or(1);
        writeln!(out, "multiplication table:")?;
        write!(out, "  {:>width$} |", "")?;
        for e in &q.elements {
            write!(out, " {e:>width$}")?;
        }
        writeln!(out)?;
        for (i, row) in q.product.iter().enumerate() {
            write!(out, "  {:>width$} |", q.elements[i])?;
            for &c in row {
                write!(out, " {:>width$}", q.elements[c])?;
            }
            writeln!(out)?;
        }
    }
    match (&q.stability, end) {
        (Some(s), _) => writeln!(
            out,
            "stable: proved for every heap size (the pretending function has period {} from heap {}; the proof reads heaps 0..={})",
            s.period, s.preperiod, s.stable_from
        )?,
        (None, End::Budget(e)) => writeln!(
            out,
            "not proved stable: stopped after heap {}: {e}",
            q.heaps
        )?,
        (None, End::Cap) => writeln!(
            out,
            "not proved stable by heap {} (give --heaps to go further)",
            q.heaps
        )?,
        (None, _) => writeln!(
            out,
            "not proved stable: the quotient is for heaps 0..={} only",
            q.heaps
        )?,
    }
    Ok(())
}

fn or_none(s: &str) -> &str {
    if s.is_empty() { "none" } else { s }
}
