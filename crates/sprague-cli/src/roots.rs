//! `sprague roots POSITION [--json]`: the outcome of a game on a tree for
//! every choice of root (Codeforces 1498F asks exactly this), in one pass.

use std::io::Write;

use serde::Serialize;
use sprague::Budget;
use sprague::rulesets::TreeStaircase;
use sprague::syntax::parse_position;

use crate::failure::Failure;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// A tree game, e.g. "tree_staircase[1](\"1-2 1-3 5-2 4-3\", 0, 3, 2, 4, 4)";
    /// its root, if given, is ignored: every node is tried.
    position: String,
    /// Print JSON: {"roots": [{"root": 1, "outcome": "N", "first_player_wins": true}, ...]}.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub limits: crate::limits::Limits,
}

#[derive(Debug, Serialize)]
struct RootsJson {
    position: String,
    roots: Vec<RootJson>,
}

#[derive(Debug, Serialize)]
struct RootJson {
    root: usize,
    outcome: &'static str,
    first_player_wins: bool,
}

pub fn run(args: &Args, budget: &Budget) -> Result<(), Failure> {
    let text = &args.position;
    let syntax = parse_position(text).map_err(|e| Failure::parse("bad position", text, &e))?;
    let [component] = syntax.components.as_slice() else {
        return Err(Failure::user(
            "`roots` takes one tree game, not a sum of several components",
        ));
    };
    let component = match component.as_ruleset() {
        Some(c) if c.ruleset.name == "tree_staircase" => c,
        _ => {
            return Err(Failure::user(format!(
                "`roots` answers games on trees (tree_staircase), not `{}`",
                &text[component.span()]
            )));
        }
    };
    let game = TreeStaircase::from_syntax(component)
        .map_err(|e| Failure::parse("bad position", text, &e))?;
    let wins = game.first_player_wins_for_every_root(budget)?;
    let mut out = std::io::stdout().lock();
    if args.json {
        let json = RootsJson {
            position: text.clone(),
            roots: wins
                .iter()
                .enumerate()
                .map(|(i, &w)| RootJson {
                    root: i + 1,
                    outcome: if w { "N" } else { "P" },
                    first_player_wins: w,
                })
                .collect(),
        };
        serde_json::to_writer_pretty(&mut out, &json).map_err(anyhow::Error::from)?;
        writeln!(out)?;
    } else {
        for (i, &w) in wins.iter().enumerate() {
            let who = if w {
                "N: the first player wins"
            } else {
                "P: the first player loses"
            };
            writeln!(out, "root {}: {who}", i + 1)?;
        }
    }
    Ok(())
}
