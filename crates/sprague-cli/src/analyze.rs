//! `sprague analyze POSITION [--misere] [--json] [--all] [--moves]`.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use sprague::json::{AnalysisJson, MoveOutcomeJson};
use sprague::{
    Analysis, Budget, GameClass, Outcome, Play, Position, Progress, Side, analyze, move_outcomes,
    remoteness,
};

use crate::paint::Painter;

use crate::failure::Failure;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position, e.g. "nim(3, 6, 9)" or "kayles(10) + *3".
    position: String,
    /// Misère play: the player who cannot move wins.
    #[arg(long)]
    misere: bool,
    /// Print JSON (the fields are described in the spec); an error is
    /// then a JSON object too.
    #[arg(long)]
    pub json: bool,
    /// List every winning move, not only the first.
    #[arg(long)]
    all: bool,
    /// Every move of the position with the outcome, remoteness and value of
    /// the position it leads to (for a partizan position, Left's and
    /// Right's), coloured on a terminal: green wins, red loses, yellow
    /// draws, for the player who makes it.
    #[arg(long)]
    moves: bool,
    #[command(flatten)]
    pub limits: crate::limits::Limits,
}

/// How far the values of a take-and-break heap got, for the progress line.
static PROGRESS: Progress = Progress::new();

/// How long `analyze` works before a progress line appears, and how often
/// it is redrawn.
const PROGRESS_AFTER: Duration = Duration::from_secs(1);
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// Runs `work`, showing on standard error (a terminal only) how many values
/// of a take-and-break heap are known while it takes long: a heap past the
/// budget searches its game's period up to 2^32 values, which can take an
/// hour. The line is cleared when `work` ends.
fn with_progress<T>(show: bool, work: impl FnOnce(&Budget) -> T, budget: &Budget) -> T {
    if !show {
        return work(budget);
    }
    PROGRESS.set_values(0);
    let budget = budget.with_progress(&PROGRESS);
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let reporter = scope.spawn(|| {
            let start = Instant::now();
            let mut shown = 0;
            while !done.load(Ordering::Relaxed) {
                std::thread::park_timeout(PROGRESS_EVERY);
                let values = PROGRESS.values();
                if done.load(Ordering::Relaxed) || values == 0 || start.elapsed() < PROGRESS_AFTER {
                    continue;
                }
                let line =
                    progress_line(values, start.elapsed().as_secs_f64(), budget.period_values);
                // Padded to cover a longer line before it.
                eprint!("\r{line:shown$}");
                shown = shown.max(line.len());
            }
            if shown > 0 {
                // Clears the line for the answer.
                eprint!("\r{:shown$}\r", "");
            }
        });
        let answer = work(&budget);
        done.store(true, Ordering::Relaxed);
        reporter.thread().unpark();
        let _ = reporter.join();
        answer
    })
}

/// The progress line: `values` computed in `seconds`, of at most `limit`
/// (the period search's reach), short enough for an 80-column terminal.
fn progress_line(values: u64, seconds: f64, limit: Option<u64>) -> String {
    let rate = values as f64 / seconds.max(1e-9);
    let limit = limit.map_or(String::new(), |l| format!(" of at most {l}"));
    format!("heap values: {values}{limit}, {rate:.0}/s, {seconds:.0} s")
}

pub fn run(args: &Args, budget: &Budget) -> Result<(), Failure> {
    let position = Position::parse(&args.position)
        .map_err(|e| Failure::parse("bad position", &args.position, &e))?;
    let play = if args.misere {
        Play::Misere
    } else {
        Play::Normal
    };
    let terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let mut analysis = with_progress(
        terminal,
        |budget| analyze(&position, play, args.all, budget),
        budget,
    )?;
    analysis.remoteness = remoteness(&position, play, Side::Left, budget);
    let moves = if args.moves {
        Some(move_outcomes(&position, play, None, budget)?)
    } else {
        None
    };
    let partizan = position
        .components()
        .iter()
        .any(|c| c.class() == GameClass::Partizan);
    let mut out = std::io::stdout().lock();
    if args.json {
        let mut json = AnalysisJson::new(&position, &analysis);
        json.moves = moves.as_ref().map(|ms| {
            ms.iter()
                .map(|m| MoveOutcomeJson::new(m, partizan))
                .collect()
        });
        serde_json::to_writer_pretty(&mut out, &json).map_err(anyhow::Error::from)?;
        writeln!(out)?;
    } else {
        write_text(&mut out, &analysis, args.all)?;
        if let Some(moves) = moves {
            let painter = Painter::for_stdout();
            writeln!(out, "moves ({}):", moves.len())?;
            for m in &moves {
                let side = if partizan {
                    format!("{}: ", m.side.name())
                } else {
                    String::new()
                };
                writeln!(out, "  {side}{}", painter.move_line(m))?;
            }
        }
    }
    Ok(())
}

pub(crate) fn write_text(
    out: &mut impl Write,
    analysis: &Analysis,
    all: bool,
) -> std::io::Result<()> {
    let who = match analysis.outcome {
        Outcome::N => "N-position: the player to move wins",
        Outcome::P => "P-position: the player to move loses",
        Outcome::L => "L-position: Left wins whoever starts",
        Outcome::R => "R-position: Right wins whoever starts",
        Outcome::D => "D-position: a draw with best play",
    };
    write!(out, "{who}")?;
    match (analysis.play, analysis.grundy()) {
        (Play::Misere, _) => write!(out, " (misère play)")?,
        (Play::Normal, Some(g)) => write!(out, " (Grundy value {})", g.0)?,
        (Play::Normal, None) => {
            if let Some(value) = analysis.value_text() {
                write!(out, " (value {value})")?;
            }
        }
    }
    writeln!(out)?;
    if let Some(m) = analysis.misere() {
        writeln!(
            out,
            "misère canonical form {}, genus {}, misère Grundy value {}",
            m.form, m.genus, m.grundy
        )?;
    }
    if let Some(r) = analysis.remoteness {
        writeln!(
            out,
            "remoteness {r}: the game lasts {r} more move{} with best play",
            if r == 1 { "" } else { "s" }
        )?;
    }
    if let Some(f) = analysis.figures() {
        writeln!(
            out,
            "stops {} and {}, mean {}, temperature {}, born on day {}",
            f.left_stop, f.right_stop, f.mean, f.temperature, f.birthday
        )?;
        let weight = f.atomic_weight.iter().map(|w| format!("atomic weight {w}"));
        // The reduced form of a game that is its own (a number, a switch
        // between numbers) would repeat the value.
        let reduced = f
            .reduced
            .iter()
            .filter(|r| analysis.value_text().as_ref() != Some(*r))
            .map(|r| format!("reduced canonical form {r}"));
        let line: Vec<String> = weight.chain(reduced).collect();
        if !line.is_empty() {
            writeln!(out, "{}", line.join(", "))?;
        }
        writeln!(out, "thermograph {}", f.thermograph)?;
    }
    match analysis.winning_moves.as_slice() {
        [] if analysis.outcome == Outcome::N => {}
        [] => writeln!(out, "no winning move")?,
        [m] if !all => writeln!(out, "winning move: {}  ->  {}", m.description(), m.to)?,
        moves => {
            writeln!(out, "winning moves ({}):", moves.len())?;
            for m in moves {
                writeln!(out, "  {}  ->  {}", m.description(), m.to)?;
            }
        }
    }
    match analysis.drawing_moves.as_slice() {
        [] => {}
        [m] if !all => writeln!(out, "drawing move: {}  ->  {}", m.description(), m.to)?,
        moves => {
            writeln!(out, "drawing moves ({}):", moves.len())?;
            for m in moves {
                writeln!(out, "  {}  ->  {}", m.description(), m.to)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::progress_line;

    #[test]
    fn the_progress_line_fits_a_terminal() {
        let line = progress_line(1_376_256, 3.5, Some(4_294_967_297));
        assert_eq!(
            line,
            "heap values: 1376256 of at most 4294967297, 393216/s, 4 s"
        );
        // Wide figures: 2^40 values and limit, a million seconds.
        assert!(progress_line(1 << 40, 1e6, Some(1 << 40)).len() < 80);
        assert_eq!(progress_line(10, 1.0, None), "heap values: 10, 10/s, 1 s");
    }
}
