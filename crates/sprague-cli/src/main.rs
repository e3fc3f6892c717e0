//! `sprague`: who wins, with which move, and what the value is.
//!
//! Each subcommand lives in a module of its own; this file reads the
//! command line, runs the subcommand, and turns errors into one line on
//! stderr with the exit status the spec gives (2 for input the user must
//! fix, 1 for anything else) — and, for a command run with `--json`, into a
//! JSON object on stdout as well, so a program reading the output gets an
//! answer it can parse either way.

mod analyze;
mod coalitions;
mod compare;
mod failure;
mod files;
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
#[command(name = "sprague", version, about, long_about = None, after_long_help = POSITIONS)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The position language in brief, for `sprague --help` and the manual
/// page (docs/language.md has it whole).
const POSITIONS: &str = "Positions:
  A position is a sum of components joined by `+`. A component is
  a ruleset name (lower case), optional parameters in square
  brackets and arguments in parentheses: `nim(3, 6, 9)`,
  `subtraction[2,5](7)`, `octal[0.137](20)`,
  `hackenbush(\"LRRL\")`. Heaps that do not interact may share one
  pair of parentheses: `nim(3, 6, 9)` is `nim(3) + nim(6) +
  nim(9)`. A term may also be a game value as CGSuite writes it:
  `*3`, `1/2`, `^`, `{1|*}`, `+-1`. Integers go up to 2^64 - 1 and
  may be written as powers (`2^63`); strings are in double quotes.
  `sprague games` lists every ruleset with its syntax, rule and an
  example.

Examples:
  sprague analyze \"nim(3, 6, 9)\"
  sprague analyze \"kayles(10) + *3\" --all --misere
  sprague analyze '{1|*} + ^ + domineering(\"..|..\")' --json
  sprague table \"octal[0.137]\" --period --summary
  sprague play \"cut(3, 5)\" --right
  sprague man --dir man1     # one manual page per subcommand";

#[derive(Debug, Subcommand)]
enum Command {
    /// Outcome, value and winning moves of a position (a sum of components).
    #[command(after_help = "Examples:
  sprague analyze \"nim(3, 6, 9)\"
  sprague analyze \"kayles(10) + *3\" --all
  sprague analyze \"{1|*} + ^ + domineering(\\\"..|..\\\")\" --json
  sprague analyze \"subtraction[1,3](30, 31)\" --misere")]
    Analyze(analyze::Args),
    /// The value sequence of a one-heap family, or the grid of values of a
    /// game of two numbers (wythoff, maundy, euclid, cut).
    #[command(after_help = "Examples:
  sprague table kayles --to 100
  sprague table \"octal[0.137]\" --period --summary
  sprague table officers --to 2^20 --csv > officers.csv
  sprague table kayles --to 200 --plot kayles.svg
  sprague table wythoff --to 20x20
  sprague table euclid --to 30x30 --plot euclid.svg")]
    Table(Box<table::Args>),
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
    /// How two games compare: =, >, < or || (confused), from the outcome of
    /// G - H.
    #[command(after_help = "Examples:
  sprague compare '{1|*}' '^'
  sprague compare 'domineering(\"..|..\")' '+-1' --json
  sprague compare -- '-1/2' '{-1|0}'")]
    Compare(compare::Args),
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
    /// The manual page (roff) on stdout, or with --dir one page per
    /// subcommand.
    #[command(after_help = "Examples:
  sprague man > sprague.1 && man ./sprague.1
  sprague man --dir man1")]
    Man {
        /// Write `sprague.1` and a page for each subcommand
        /// (`sprague-analyze.1`, ...) into this directory instead.
        #[arg(long, value_name = "DIR")]
        dir: Option<std::path::PathBuf>,
    },
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
            Command::Compare(args) => args.json,
            _ => false,
        }
    }
}

/// The command as the manual pages show it: the pages of the subcommands
/// that read a position end with the position language after their
/// examples, so each page stands alone.
fn manual_command() -> clap::Command {
    let mut cmd = Cli::command();
    for name in ["analyze", "play", "roots"] {
        cmd = cmd.mut_subcommand(name, |sub| {
            let examples = sub
                .get_after_help()
                .map(ToString::to_string)
                .unwrap_or_default();
            let positions = POSITIONS.split("\n\nExamples:").next().unwrap_or(POSITIONS);
            sub.after_long_help(format!("{examples}\n\n{positions}"))
        });
    }
    cmd
}

/// The command as the completion scripts see it: the ruleset names are
/// offered where a ruleset or a position is expected. (Only the scripts see
/// them as a list: the commands take any text there.)
fn completion_command() -> clap::Command {
    let names: Vec<&'static str> = sprague::rulesets::RULESETS.iter().map(|r| r.name).collect();
    let mut cmd = Cli::command();
    for (sub, arg) in [
        ("table", "ruleset"),
        ("analyze", "position"),
        ("play", "position"),
    ] {
        let names = names.clone();
        cmd = cmd.mut_subcommand(sub, |c| {
            c.mut_arg(arg, |a| {
                a.value_parser(clap::builder::PossibleValuesParser::new(names))
            })
        });
    }
    cmd
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // A bad value is said in one line, as other bad input is: clap's
        // usage reminder after it adds nothing to the value's own message.
        Err(e) if e.kind() == clap::error::ErrorKind::ValueValidation => {
            let text = e.render().to_string();
            eprintln!("{}", text.lines().next().unwrap_or("error: bad argument"));
            return ExitCode::from(2);
        }
        Err(e) => e.exit(),
    };
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
        Command::Compare(args) => args
            .limits
            .budget()
            .and_then(|budget| compare::run(args, &budget)),
        Command::Quotient(args) => args
            .limits
            .budget()
            .and_then(|budget| quotient::run(args, &budget)),
        Command::Serve(args) => serve::run(args),
        Command::Completions { shell } => {
            clap_complete::generate(
                *shell,
                &mut completion_command(),
                "sprague",
                &mut std::io::stdout(),
            );
            Ok(())
        }
        Command::Man { dir: None } => clap_mangen::Man::new(manual_command())
            .render(&mut std::io::stdout())
            .map_err(failure::Failure::from),
        Command::Man { dir: Some(dir) } => std::fs::create_dir_all(dir)
            .and_then(|()| clap_mangen::generate_to(manual_command(), dir))
            .map_err(|e| failure::Failure::user(format!("--dir {}: {e}", dir.display()))),
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
