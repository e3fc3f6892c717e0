//! `sprague analyze POSITION [--misere] [--json] [--all]`.

use std::io::Write;

use sprague::json::AnalysisJson;
use sprague::{Analysis, Budget, Outcome, Play, Position, analyze};

use crate::failure::Failure;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The position, e.g. "nim(3, 6, 9)" or "kayles(10) + *3".
    position: String,
    /// Misère play: the player who cannot move wins.
    #[arg(long)]
    misere: bool,
    /// Print JSON (the fields are described in the spec).
    #[arg(long)]
    json: bool,
    /// List every winning move, not only the first.
    #[arg(long)]
    all: bool,
}

pub fn run(args: &Args, budget: &Budget) -> Result<(), Failure> {
    let position = Position::parse(&args.position)
        .map_err(|e| Failure::parse("bad position", &args.position, &e))?;
    let play = if args.misere {
        Play::Misere
    } else {
        Play::Normal
    };
    let analysis = analyze(&position, play, args.all, budget)?;
    let mut out = std::io::stdout().lock();
    if args.json {
        let json = AnalysisJson::new(&position, &analysis);
        serde_json::to_writer_pretty(&mut out, &json).map_err(anyhow::Error::from)?;
        writeln!(out)?;
    } else {
        write_text(&mut out, &analysis, args.all)?;
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
