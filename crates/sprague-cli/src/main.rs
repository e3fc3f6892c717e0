//! `sprague`: who wins, with which move, and what the value is.
//!
//! Each subcommand lives in a module of its own; this file reads the
//! command line, runs the subcommand, and turns errors into one line on
//! stderr with the exit status the spec gives (2 for input the user must
//! fix, 1 for anything else) — and, for a command run with `--json`, into a
//! JSON object on stdout as well, so a program reading the output gets an
//! answer it can parse either way.

mod analyze;
mod atomic;
mod certificate;
mod coalitions;
mod failure;
mod games;
mod graph;
mod limits;
mod paint;
mod play;
mod plot;
mod quotient;
mod roots;
mod serve;
mod table;

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

/// Exact answers for combinatorial games.
#[derive(Debug, Parser)]
#[command(name = "sprague", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Outcome, value and winning moves of a position (a sum of components).
    #[command(after_help = "Examples:
  sprague analyze \"nim(3, 6, 9)\"
  sprague analyze \"kayles(10) + *3\" --all
  sprague analyze \"{1|*} + ^ + domineering(\\\"..|..\\\")\" --json
  sprague analyze \"subtraction[1,3](30, 31)\" --misere")]
    Analyze(analyze::Args),
    /// The value sequence of a one-heap family.
    #[command(after_help = "Examples:
  sprague table kayles --to 100
  sprague table \"octal[0.137]\" --period --summary
  sprague table officers --to 2^20 --csv > officers.csv
  sprague table kayles --to 200 --plot kayles.svg")]
    Table(table::Args),
    /// Every ruleset with its syntax, rule and an example.
    #[command(after_help = "Example:
  sprague games")]
    Games,
    /// Play against the engine in the terminal.
    #[command(after_help = "Examples:
  sprague play \"nim(3, 5, 7)\"
  sprague play \"kayles(12)\" --computer-first
  sprague play \"cut(3, 5)\" --right")]
    Play(play::Args),
    /// Every vertex of a game graph: win / loss / draw, remoteness, Grundy
    /// or loopy value.
    #[command(after_help = "Examples:
  sprague graph games/words.txt
  sprague graph games/words.txt --summary --json")]
    Graph(graph::Args),
    /// The outcome of a game on a tree for every choice of root.
    #[command(after_help = "Example:
  sprague roots 'tree_staircase[1](\"1-2 1-3 5-2 4-3\", 0, 3, 2, 4, 4)'")]
    Roots(roots::Args),
    /// Which coalitions of players can force a win in the race to a target.
    #[command(after_help = "Example:
  sprague coalitions --players 3 --step 1..3 --target 20")]
    Coalitions(coalitions::Args),
    /// The misère quotient of a take-and-break game (Plambeck and Siegel).
    #[command(after_help = "Examples:
  sprague quotient \"octal[0.75]\"
  sprague quotient kayles --heaps 40
  sprague quotient dawson --json")]
    Quotient(quotient::Args),
    /// The web explorer on 127.0.0.1.
    #[command(after_help = "Examples:
  sprague serve
  sprague serve --port 8080 --budget 5000000
  sprague serve --graphs my-graphs")]
    Serve(serve::Args),
    /// A completion script for bash, zsh, fish, elvish or PowerShell, on
    /// stdout.
    #[command(after_help = "Examples:
  sprague completions bash > ~/.local/share/bash-completion/completions/sprague
  sprague completions zsh > ~/.zfunc/_sprague
  sprague completions fish > ~/.config/fish/completions/sprague.fish")]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// The manual page (roff), on stdout.
    #[command(after_help = "Example:
  sprague man > sprague.1 && man ./sprague.1")]
    Man,
}

impl Command {
    /// Whether the command was asked for JSON, so that its errors are JSON
    /// too.
    fn wants_json(&self) -> bool {
        match self {
            Command::Analyze(args) => args.json,
            Command::Table(args) => args.json,
            Command::Graph(args) => args.json,
            Command::Roots(args) => args.json,
            Command::Coalitions(args) => args.json,
            Command::Quotient(args) => args.json,
            _ => false,
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Analyze(args) => args
            .limits
            .budget()
            .and_then(|budget| analyze::run(args, &budget)),
        Command::Table(args) => args
            .limits
            .budget()
            .and_then(|budget| table::run(args, &budget)),
        Command::Games => games::run(),
        Command::Play(args) => args
            .limits
            .budget()
            .and_then(|budget| play::run(args, &budget)),
        Command::Graph(args) => args
            .limits
            .budget()
            .and_then(|budget| graph::run(args, &budget)),
        Command::Roots(args) => args
            .limits
            .budget()
            .and_then(|budget| roots::run(args, &budget)),
        Command::Coalitions(args) => args
            .limits
            .budget()
            .and_then(|budget| coalitions::run(args, &budget)),
        Command::Quotient(args) => args
            .limits
            .budget()
            .and_then(|budget| quotient::run(args, &budget)),
        Command::Serve(args) => serve::run(args),
        Command::Completions { shell } => {
            clap_complete::generate(
                *shell,
                &mut Cli::command(),
                "sprague",
                &mut std::io::stdout(),
            );
            Ok(())
        }
        Command::Man => clap_mangen::Man::new(Cli::command())
            .render(&mut std::io::stdout())
            .map_err(failure::Failure::from),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) if failure.is_broken_pipe() => ExitCode::SUCCESS,
        Err(failure) => {
            if cli.command.wants_json() {
                failure.report_json();
            }
            failure.report();
            failure.exit_code()
        }
    }
}
