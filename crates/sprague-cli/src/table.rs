//! `sprague table RULESET [--from A] [--to N] [--json | --csv] [--summary] [--plot FILE] [--checkpoint FILE] [--resume FILE]`: the Grundy
//! values of a one-heap family, for making tables and finding patterns.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde::Serialize;
use sprague::Budget;
use sprague::json::{PeriodJson, TableJson};
use sprague::syntax::parse_ruleset;

use crate::failure::Failure;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The family, e.g. `subtraction[2,5]` or `takeaway[1,3]`.
    ruleset: String,
    /// The first heap size.
    #[arg(long, default_value_t = 0, value_parser = heap_size)]
    from: u64,
    /// The last heap size (default: 100, or two periods past the
    /// preperiod with `--period`).
    #[arg(long, value_parser = heap_size)]
    to: Option<u64>,
    /// Find the period (least preperiod and period) and say whether a
    /// theorem certifies it for every heap size.
    #[arg(long)]
    period: bool,
    /// Print what describes the sequence instead of its values: the
    /// period, the largest value and where it first occurs, and for
    /// take-and-break games the rare values.
    #[arg(long, conflicts_with = "csv")]
    summary: bool,
    /// Print JSON.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Print one `n,value` line per heap.
    #[arg(long)]
    csv: bool,
    /// Draw a scatter of G(n) against n to FILE (.svg or .png), rare values
    /// in red, and with --period the periodic part shaded.
    #[arg(long, value_name = "FILE")]
    plot: Option<std::path::PathBuf>,
    /// Save the values computed so far to FILE as the run goes (every
    /// 2^20 heaps and at the end), for `--resume`.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<std::path::PathBuf>,
    /// Continue from a checkpoint FILE written by `--checkpoint` for the
    /// same ruleset: the values are the same as an uninterrupted run's.
    #[arg(long, value_name = "FILE")]
    resume: Option<std::path::PathBuf>,
}

/// Heaps computed between two checkpoints.
const CHECKPOINT_EVERY: u64 = 1 << 20;

/// Writes the family's checkpoint to `path` (through a temporary file, so
/// an interruption never leaves half a checkpoint).
fn save_checkpoint(
    family: &dyn sprague::HeapFamily,
    path: &std::path::Path,
) -> Result<(), Failure> {
    let Some(bytes) = family.checkpoint() else {
        return Err(Failure::user(format!(
            "`{}` has no checkpoints (its values are quick to compute)",
            family.ruleset()
        )));
    };
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, bytes)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| Failure::user(format!("cannot write checkpoint {}: {e}", path.display())))
}

#[derive(Debug, Serialize)]
struct SummaryJson {
    ruleset: String,
    from: u64,
    to: u64,
    largest: u64,
    largest_at: u64,
    period: Option<PeriodJson>,
    rare: Option<RareJson>,
}

#[derive(Debug, Serialize)]
struct RareJson {
    mask: u32,
    domain: bool,
    count: usize,
    heaps: Vec<[u64; 2]>,
}

/// The most rare heaps a summary lists.
const SUMMARY_RARE: usize = 100;

/// A heap size on the command line: decimal, or a power `a^b` as in
/// positions (`--to 2^20`).
fn heap_size(text: &str) -> Result<u64, String> {
    let number = |s: &str| {
        s.trim()
            .parse::<u64>()
            .map_err(|_| format!("`{text}` is not a heap size (write 1000000 or 2^20)"))
    };
    match text.split_once('^') {
        None => number(text),
        Some((base, exponent)) => {
            let (base, exponent) = (number(base)?, number(exponent)?);
            u32::try_from(exponent)
                .ok()
                .and_then(|e| base.checked_pow(e))
                .ok_or_else(|| format!("`{text}` is larger than {}", u64::MAX))
        }
    }
}

/// Makes Ctrl-C ask a checkpointed run to stop after its current step,
/// once the checkpoint is written; a second Ctrl-C ends the program at once
/// (the checkpoint on disk is always whole: it is written to a temporary
/// file and renamed).
fn stop_on_ctrl_c() -> Result<Arc<AtomicBool>, Failure> {
    let flag = Arc::new(AtomicBool::new(false));
    let handler_flag = Arc::clone(&flag);
    ctrlc::set_handler(move || {
        if handler_flag.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
        eprintln!("\nstopping after the current step, once the checkpoint is saved (Ctrl-C again to quit now)");
    })
    .map_err(|e| Failure::Internal(anyhow::anyhow!("cannot catch Ctrl-C: {e}")))?;
    Ok(flag)
}

pub fn run(args: &Args, budget: &Budget) -> Result<(), Failure> {
    let syntax = parse_ruleset(&args.ruleset)
        .map_err(|e| Failure::parse("bad ruleset", &args.ruleset, &e))?;
    let family = sprague::rulesets::family(&syntax)
        .map_err(|e| Failure::parse("bad ruleset", &args.ruleset, &e))?;
    if let Some(path) = &args.resume {
        let bytes = std::fs::read(path).map_err(|e| {
            Failure::user(format!("cannot read checkpoint {}: {e}", path.display()))
        })?;
        family.resume(&bytes)?;
    }
    let periodicity = if args.period {
        family.periodicity(budget)?
    } else {
        None
    };
    let to = match (args.to, periodicity) {
        (Some(to), _) => to,
        (None, Some(p)) => p
            .preperiod
            .saturating_add(p.period.saturating_mul(2))
            .saturating_sub(1)
            .max(args.from),
        (None, None) => 100.max(args.from),
    };
    if args.from > to {
        return Err(Failure::user(format!(
            "--from {} is larger than --to {to}",
            args.from
        )));
    }
    // A long run of a family that keeps its values is computed in steps:
    // saving a checkpoint after each (so an interrupted run loses at most
    // one step) and, on a terminal, showing the progress with rate and ETA.
    let show_progress = std::io::IsTerminal::is_terminal(&std::io::stderr())
        && to >= CHECKPOINT_EVERY
        && family.checkpoint().is_some();
    if args.checkpoint.is_some() || show_progress {
        let interrupted = args
            .checkpoint
            .as_ref()
            .map(|_| stop_on_ctrl_c())
            .transpose()?;
        let start = std::time::Instant::now();
        // Beyond the budget a heap can only be answered from a proved
        // period, in one step.
        let last = to.min(budget.max_positions);
        let mut reached = 0u64;
        while reached < last {
            reached = reached.saturating_add(CHECKPOINT_EVERY).min(last);
            family.grundy_values(reached, reached, budget)?;
            if let Some(path) = &args.checkpoint {
                save_checkpoint(family.as_ref(), path)?;
                if interrupted
                    .as_ref()
                    .is_some_and(|flag| flag.load(Ordering::SeqCst))
                {
                    if show_progress {
                        eprintln!();
                    }
                    return Err(Failure::Internal(anyhow::anyhow!(
                        "interrupted at heap {reached}: {} holds every value so far; \
                         continue with --resume {}",
                        path.display(),
                        path.display()
                    )));
                }
            }
            if show_progress {
                let seconds = start.elapsed().as_secs_f64().max(1e-9);
                let rate = reached as f64 / seconds;
                let eta = (last - reached) as f64 / rate.max(1.0);
                eprint!(
                    "\r{reached}/{last} heaps ({:.0}%), {rate:.0} heaps/s, {eta:.0} s left   ",
                    reached as f64 * 100.0 / last as f64
                );
            }
        }
        if show_progress {
            eprintln!();
        }
        if let Some(path) = &args.checkpoint {
            save_checkpoint(family.as_ref(), path)?;
        }
    }
    let values: Vec<u64> = family
        .grundy_values(args.from, to, budget)?
        .into_iter()
        .map(|g| g.0)
        .collect();
    if let Some(path) = &args.plot {
        let rare = family
            .rare_values(usize::MAX)
            .map(|r| {
                r.heaps
                    .iter()
                    .map(|&(n, _)| n)
                    .filter(|&n| n >= args.from && n <= to)
                    .collect()
            })
            .unwrap_or_default();
        crate::plot::Plot {
            title: format!("{}: G(n) for n = {}..{to}", family.ruleset(), args.from),
            from: args.from,
            values: &values,
            rare,
            period: periodicity.map(|p| (p.preperiod, p.period)),
        }
        .write(path)?;
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if args.summary {
        let (largest_at, largest) =
            (args.from..)
                .zip(values.iter().copied())
                .fold(
                    (args.from, 0),
                    |best, (n, v)| if v > best.1 { (n, v) } else { best },
                );
        let rare = family.rare_values(SUMMARY_RARE);
        let period = periodicity.map(PeriodJson::from);
        if args.json {
            let json = SummaryJson {
                ruleset: family.ruleset(),
                from: args.from,
                to,
                largest,
                largest_at,
                period,
                rare: rare.map(|r| RareJson {
                    mask: r.mask,
                    domain: r.domain,
                    count: r.count,
                    heaps: r.heaps.iter().map(|&(n, v)| [n, v]).collect(),
                }),
            };
            serde_json::to_writer_pretty(&mut out, &json).map_err(anyhow::Error::from)?;
            writeln!(out)?;
        } else {
            writeln!(out, "{}: G({}..={to})", family.ruleset(), args.from)?;
            writeln!(out, "largest value {largest}, first at heap {largest_at}")?;
            match period {
                Some(p) => writeln!(
                    out,
                    "period {}, preperiod {}{}",
                    p.period,
                    p.preperiod,
                    if p.certified {
                        format!(", certified at heap {}", p.certified_at)
                    } else {
                        ", not certified".to_string()
                    }
                )?,
                None if args.period => writeln!(out, "no period found")?,
                None => {}
            }
            if let Some(r) = rare {
                let listed: Vec<String> = r
                    .heaps
                    .iter()
                    .map(|(n, v)| format!("G({n}) = {v}"))
                    .collect();
                writeln!(
                    out,
                    "rare values (mask {}{}): {} heaps{}{}",
                    r.mask,
                    if r.domain { ", with heap parity" } else { "" },
                    r.count,
                    if listed.is_empty() { "" } else { ": " },
                    listed.join(", ")
                )?;
            }
        }
        out.flush()?;
        return Ok(());
    }
    if args.json {
        let json = TableJson {
            ruleset: family.ruleset(),
            from: args.from,
            to,
            values,
            period: periodicity.map(PeriodJson::from),
        };
        serde_json::to_writer_pretty(&mut out, &json).map_err(anyhow::Error::from)?;
        writeln!(out)?;
    } else if args.csv {
        for (n, v) in (args.from..).zip(&values) {
            writeln!(out, "{n},{v}")?;
        }
    } else {
        write_rows(&mut out, &family.ruleset(), args.from, &values)?;
        if args.period {
            match periodicity {
                Some(p) => writeln!(
                    out,
                    "period {}, preperiod {}{}",
                    p.period,
                    p.preperiod,
                    if p.certified {
                        format!(", certified at heap {}", p.certified_at)
                    } else {
                        ", not certified".to_string()
                    }
                )?,
                None => writeln!(out, "no period found")?,
            }
        }
    }
    out.flush()?;
    Ok(())
}

/// Rows of ten values, each row led by the heap size of its first value,
/// aligned to a multiple of ten so columns line up with the last digit.
fn write_rows(
    out: &mut impl Write,
    ruleset: &str,
    from: u64,
    values: &[u64],
) -> std::io::Result<()> {
    let to = from + values.len() as u64 - 1;
    writeln!(out, "{ruleset}: G({from}..={to})")?;
    let width = values
        .iter()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1);
    let label = to.to_string().len();
    let mut n = from - from % 10;
    while n <= to {
        write!(out, "{n:>label$}:")?;
        for k in n..n + 10 {
            if k < from || k > to {
                write!(out, " {:>width$}", "")?;
            } else {
                write!(out, " {:>width$}", values[(k - from) as usize])?;
            }
        }
        writeln!(out)?;
        n += 10;
    }
    Ok(())
}
