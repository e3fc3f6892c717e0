//! `sprague coalitions --players M --step A..B --target N [--json]`: which
//! coalitions of players can force that one of their members wins the race
//! to N (seed note 000, many-player games).

use std::io::Write;

use serde::Serialize;
use sprague::{Budget, Race};

use crate::failure::Failure;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The number of players (2 to 16); player 1 moves first.
    #[arg(long)]
    players: usize,
    /// What a move adds to the running total: a range A..B, or one number.
    #[arg(long)]
    step: String,
    /// The target: whoever brings the total to it or beyond wins.
    #[arg(long)]
    target: u64,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub limits: crate::limits::Limits,
}

#[derive(Debug, Serialize)]
struct CoalitionsJson {
    players: usize,
    step: [u64; 2],
    target: u64,
    /// Every coalition that can force a win, each as its players (from 1),
    /// by size and then in lexicographic order.
    winning_coalitions: Vec<Vec<usize>>,
}

/// Reads `A..B` or `A`.
fn parse_step(text: &str) -> Result<(u64, u64), Failure> {
    let bad = || {
        Failure::user(format!(
            "bad --step `{text}`: expected a range A..B, like 1..3"
        ))
    };
    let number = |s: &str| s.trim().parse::<u64>().map_err(|_| bad());
    match text.split_once("..") {
        Some((a, b)) => Ok((number(a)?, number(b)?)),
        None => {
            let a = number(text)?;
            Ok((a, a))
        }
    }
}

fn members(players: usize, coalition: u32) -> Vec<usize> {
    (0..players)
        .filter(|&i| coalition >> i & 1 == 1)
        .map(|i| i + 1)
        .collect()
}

pub fn run(args: &Args, budget: &Budget) -> Result<(), Failure> {
    let (a, b) = parse_step(&args.step)?;
    let race = Race::new(args.players, a, b)?;
    let mut winning: Vec<Vec<usize>> = race
        .winning_coalitions(args.target, budget)?
        .into_iter()
        .map(|c| members(args.players, c))
        .collect();
    winning.sort_by(|x, y| x.len().cmp(&y.len()).then_with(|| x.cmp(y)));
    let mut out = std::io::stdout().lock();
    if args.json {
        let json = CoalitionsJson {
            players: args.players,
            step: [a, b],
            target: args.target,
            winning_coalitions: winning,
        };
        serde_json::to_writer_pretty(&mut out, &json).map_err(anyhow::Error::from)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(
        out,
        "race to {}: {} players in turn add {a}..{b} to a total from 0, player 1 first; \
         whoever brings it to {} or beyond wins",
        args.target, args.players, args.target
    )?;
    let total = (1u64 << args.players) - 1;
    writeln!(
        out,
        "coalitions that can force a win for one of their members ({} of {total}):",
        winning.len()
    )?;
    for c in &winning {
        let names: Vec<String> = c.iter().map(usize::to_string).collect();
        writeln!(out, "  {{{}}}", names.join(", "))?;
    }
    let alone: Vec<String> = winning
        .iter()
        .filter(|c| c.len() == 1)
        .map(|c| c[0].to_string())
        .collect();
    if alone.is_empty() {
        writeln!(out, "no player can force a win alone")?;
    } else {
        writeln!(out, "player {} can force a win alone", alone.join(", "))?;
    }
    Ok(())
}
