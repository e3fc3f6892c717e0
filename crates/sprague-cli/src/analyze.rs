//! `sprague analyze POSITION [--misere] [--json] [--all] [--moves]`.

use std::io::Write;

use sprague::json::{AnalysisJson, MoveOutcomeJson};
use sprague::{
    Analysis, Budget, GameClass, Outcome, Play, Position, Side, analyze, move_outcomes, remoteness,
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

pub fn run(args: &Args, budget: &Budget) -> Result<(), Failure> {
    let position = Position::parse(&args.position)
        .map_err(|e| Failure::parse("bad position", &args.position, &e))?;
    let play = if args.misere {
        Play::Misere
    } else {
        Play::Normal
    };
    let mut analysis = analyze(&position, play, args.all, budget)?;
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
