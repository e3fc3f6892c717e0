//! `sprague play POSITION [--misere] [--human-first | --computer-first]`:
//! play against the engine in the terminal.
//!
//! The engine plays perfectly: from a winning position it makes the first
//! winning move `analyze` gives and says why it wins; from a losing one it
//! makes the smallest move it can, to make the game last, and hopes. The
//! human types the number of a move from the list, or the position after the
//! move, or `hint`, `moves`, `quit`.

use std::io::{BufRead, Write};

use sprague::{Budget, Move, Outcome, Play, Position, analyze};

use crate::failure::Failure;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The starting position, e.g. "nim(3, 6, 9)".
    position: String,
    /// Misère play: the player who cannot move wins.
    #[arg(long)]
    misere: bool,
    /// You move first (the default).
    #[arg(long, conflicts_with = "computer_first")]
    human_first: bool,
    /// The engine moves first.
    #[arg(long)]
    computer_first: bool,
}

/// The most moves listed with numbers before the human is asked to type the
/// position instead.
const MAX_LISTED: usize = 40;

/// Every move of the whole position: (component, move, position after).
fn all_moves(
    position: &Position,
    budget: &Budget,
) -> Result<Vec<(usize, Move, Position)>, Failure> {
    let mut moves = Vec::new();
    for (i, c) in position.components().iter().enumerate() {
        for m in c.moves(budget)? {
            let after = position.replace(i, &m.to);
            moves.push((i, m, after));
        }
    }
    Ok(moves)
}

pub fn run(args: &Args, budget: &Budget) -> Result<(), Failure> {
    let mut position = Position::parse(&args.position)
        .map_err(|e| Failure::parse("bad position", &args.position, &e))?;
    let play = if args.misere {
        Play::Misere
    } else {
        Play::Normal
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    let mut human_to_move = !args.computer_first;
    writeln!(
        out,
        "{} play: {}. Type a move's number, the position after your move, `moves`, `hint` or `quit`.",
        if args.misere { "Misère" } else { "Normal" },
        if args.misere {
            "whoever cannot move wins"
        } else {
            "whoever cannot move loses"
        }
    )?;
    loop {
        writeln!(out, "\nposition: {position}")?;
        let moves = all_moves(&position, budget)?;
        if moves.is_empty() {
            let mover_wins = play == Play::Misere;
            let verdict = match (human_to_move, mover_wins) {
                (true, false) | (false, true) => "I win.",
                (true, true) | (false, false) => "You win!",
            };
            let who = if human_to_move { "You" } else { "I" };
            writeln!(out, "{who} cannot move. {verdict}")?;
            return Ok(());
        }
        if human_to_move {
            match human_move(&mut input, &mut out, &position, &moves, play, budget)? {
                Some(next) => position = next,
                None => {
                    writeln!(out, "Game abandoned.")?;
                    return Ok(());
                }
            }
        } else {
            position = engine_move(&mut out, &position, &moves, play, budget)?;
        }
        human_to_move = !human_to_move;
    }
}

fn list_moves(out: &mut impl Write, moves: &[(usize, Move, Position)]) -> std::io::Result<()> {
    if moves.len() > MAX_LISTED {
        return writeln!(
            out,
            "({} moves: type the position after your move)",
            moves.len()
        );
    }
    for (k, (_, m, after)) in moves.iter().enumerate() {
        writeln!(out, "  {:>2}. {}  ->  {}", k + 1, m.description, after)?;
    }
    Ok(())
}

/// Asks until the human makes a legal move; `None` if they quit or the
/// input ends.
fn human_move(
    input: &mut impl BufRead,
    out: &mut impl Write,
    position: &Position,
    moves: &[(usize, Move, Position)],
    play: Play,
    budget: &Budget,
) -> Result<Option<Position>, Failure> {
    list_moves(out, moves)?;
    loop {
        write!(out, "your move> ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            return Ok(None);
        }
        let line = line.trim();
        match line {
            "" => continue,
            "quit" | "q" => return Ok(None),
            "moves" => {
                list_moves(out, moves)?;
                continue;
            }
            "hint" => {
                let a = analyze(position, play, false, budget)?;
                match a.winning_moves.first() {
                    Some(m) => writeln!(out, "hint: {}  ->  {}", m.description, m.to)?,
                    None => writeln!(out, "hint: every move loses against best play; play on")?,
                }
                continue;
            }
            _ => {}
        }
        if let Ok(k) = line.parse::<usize>() {
            if (1..=moves.len()).contains(&k) {
                return Ok(Some(moves[k - 1].2.clone()));
            }
            writeln!(out, "there is no move {k}: choose 1 to {}", moves.len())?;
            continue;
        }
        match Position::parse(line) {
            Ok(typed) => {
                let typed = typed.to_string();
                match moves
                    .iter()
                    .find(|(_, _, after)| after.to_string() == typed)
                {
                    Some((_, _, after)) => return Ok(Some(after.clone())),
                    None => writeln!(out, "{typed} is not one move away from {position}")?,
                }
            }
            Err(e) => writeln!(out, "not a move number or a position: {e}")?,
        }
    }
}

fn engine_move(
    out: &mut impl Write,
    position: &Position,
    moves: &[(usize, Move, Position)],
    play: Play,
    budget: &Budget,
) -> Result<Position, Failure> {
    let a = analyze(position, play, false, budget)?;
    if let Some(m) = a.winning_moves.first() {
        let why = match (play, a.grundy) {
            (Play::Normal, Some(_)) => {
                "it leaves Grundy value 0, a P-position: every reply of yours lets me restore 0"
            }
            _ => "it leaves a P-position: whatever you do, I can answer",
        };
        writeln!(out, "I {}  ->  {}   ({why})", m.description, m.to)?;
        return Ok(m.to.clone());
    }
    debug_assert_eq!(a.outcome, Outcome::P);
    // Losing: make the game last. The smallest move of the last component
    // that can move usually changes the least.
    let last = moves.last().expect("the caller checked there are moves").0;
    let (_, m, after) = moves
        .iter()
        .find(|(i, _, _)| *i == last)
        .expect("the last component has a move");
    writeln!(
        out,
        "I {}  ->  {}   (I am in a P-position: every move loses against best play)",
        m.description, after
    )?;
    Ok(after.clone())
}
