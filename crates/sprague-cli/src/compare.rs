//! `sprague compare G H [--json]`: how two games compare (`=`, `>`, `<` or
//! `||`), from the outcome class of `G - H`.

use std::io::Write;

use sprague::json::CompareJson;
use sprague::{Budget, Position, compare};

use crate::failure::Failure;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The first game (a position: `{1|*}`, `domineering("..|..")`, ...).
    left: String,
    /// The second game.
    right: String,
    /// Print JSON: left, right, relation, difference (the outcome class of
    /// G - H).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub limits: crate::limits::Limits,
}

pub fn run(args: &Args, budget: &Budget) -> Result<(), Failure> {
    let left = Position::parse_within(&args.left, &crate::files::CommandLineFiles, budget)
        .map_err(|e| Failure::parse("bad first game", &args.left, &e))?;
    let right = Position::parse_within(&args.right, &crate::files::CommandLineFiles, budget)
        .map_err(|e| Failure::parse("bad second game", &args.right, &e))?;
    let comparison = compare(&left, &right, budget)?;
    let json = CompareJson::new(&left, &right, comparison);
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &json).map_err(anyhow::Error::from)?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "{} {} {}   (G - H is {}: {})",
            json.left,
            json.relation,
            json.right,
            json.difference,
            match json.relation.as_str() {
                "=" => "the games are equal",
                ">" => "the first is greater",
                "<" => "the first is less",
                _ => "the games are confused",
            }
        )?;
    }
    Ok(())
}
