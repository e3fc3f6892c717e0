//! `sprague`: who wins, with which move, and what the value is.
//!
//! Each subcommand lives in a module of its own; this file reads the
//! command line, runs the subcommand, and turns errors into one line on
//! stderr with the exit status the spec gives (2 for input the user must
//! fix, 1 for anything else).

mod analyze;
mod coalitions;
mod failure;
mod games;
mod graph;
mod play;
mod plot;
mod roots;
mod serve;
mod table;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Exact answers for combinatorial games.
#[derive(Debug, Parser)]
#[command(name = "sprague", version, about, long_about = None)]
struct Cli {
    /// The most positions a search may store before it stops with an error.
    #[arg(long, global = true, default_value_t = sprague::Budget::DEFAULT.max_positions)]
    budget: u64,

    /// Stop a computation that takes longer than this many seconds, with
    /// an error (no limit by default; `serve` has its own per request).
    #[arg(long, global = true, value_name = "SECONDS")]
    time_limit: Option<f64>,

    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Outcome, value and winning moves of a position (a sum of components).
    Analyze(analyze::Args),
    /// The value sequence of a one-heap family.
    Table(table::Args),
    /// Every ruleset with its syntax, rule and an example.
    Games,
    /// Play against the engine in the terminal.
    Play(play::Args),
    /// Every vertex of a game graph: win / loss / draw, remoteness, Grundy
    /// or loopy value.
    Graph(graph::Args),
    /// The outcome of a game on a tree for every choice of root.
    Roots(roots::Args),
    /// Which coalitions of players can force a win in the race to a target.
    Coalitions(coalitions::Args),
    /// The web explorer on 127.0.0.1.
    Serve(serve::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut budget = sprague::Budget::positions(cli.budget);
    if let Some(seconds) = cli.time_limit {
        match std::time::Duration::try_from_secs_f64(seconds) {
            Ok(limit) if seconds > 0.0 => budget = budget.with_time_limit(limit),
            _ => {
                eprintln!("error: --time-limit needs a positive number of seconds, not {seconds}");
                return ExitCode::from(2);
            }
        }
    }
    let result = match &cli.command {
        Command::Analyze(args) => analyze::run(args, &budget),
        Command::Table(args) => table::run(args, &budget),
        Command::Games => games::run(),
        Command::Play(args) => play::run(args, &budget),
        Command::Graph(args) => graph::run(args, &budget),
        Command::Roots(args) => roots::run(args, &budget),
        Command::Coalitions(args) => coalitions::run(args, &budget),
        Command::Serve(args) => serve::run(args, &budget),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) if failure.is_broken_pipe() => ExitCode::SUCCESS,
        Err(failure) => {
            failure.report();
            failure.exit_code()
        }
    }
}
