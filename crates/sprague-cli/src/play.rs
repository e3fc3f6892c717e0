//! `sprague play POSITION [--misere] [--human-first | --computer-first]
//! [--left | --right]`: play against the engine in the terminal.
//!
//! The engine plays perfectly, by the library's [`sprague::reply`]: from a
//! winning position its first winning move (and it says why it wins), from
//! a drawn one a move that keeps the draw, from a losing one its first move.
//! In a partizan position the human plays Left (the default) or Right and
//! the engine the other side. The moves listed are the library's one move
//! list ([`sprague::moves`]), the same the web explorer shows. The human
//! types the number of a move from the list, or the position after the
//! move, or `hint`, `moves`, `quit`.

use std::io::{BufRead, Write};

use sprague::{
    Budget, GameClass, MoveList, Play, Position, ReplyReason, Side, SolveError, SumMove,
    analyze_for, moves, reply,
};

use crate::failure::Failure;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The starting position, e.g. "nim(3, 6, 9)" or "cut(3, 5)".
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
    /// In a partizan game, you play Left (the default).
    #[arg(long, conflicts_with = "right")]
    left: bool,
    /// In a partizan game, you play Right.
    #[arg(long)]
    right: bool,
    #[command(flatten)]
    pub limits: crate::limits::Limits,
}

/// The most moves listed with numbers before the human is asked to type the
/// position instead.
const MAX_LISTED: usize = 40;

/// Every move of `side`, or an error if there are more than the budget
/// allows (the human's typed position could not be checked against them).
fn all_moves(position: &Position, side: Side, budget: &Budget) -> Result<Vec<SumMove>, Failure> {
    let MoveList { moves, complete } = moves(position, side, usize::MAX, budget)?;
    if !complete {
        return Err(SolveError::BudgetExceeded {
            limit: budget.max_positions,
        }
        .into());
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
    let partizan = position
        .components()
        .iter()
        .any(|c| c.class() == GameClass::Partizan);
    let human = if args.right { Side::Right } else { Side::Left };
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
    if partizan {
        writeln!(
            out,
            "A partizan game: you play {}, I play {}.",
            human.name(),
            human.other().name()
        )?;
    }
    loop {
        writeln!(out, "\nposition: {position}")?;
        let side = if human_to_move { human } else { human.other() };
        let moves = all_moves(&position, side, budget)?;
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
        if partizan {
            writeln!(out, "{} to move.", side.name())?;
        }
        if human_to_move {
            match human_move(&mut input, &mut out, &position, &moves, play, side, budget)? {
                Some(next) => position = next,
                None => {
                    writeln!(out, "Game abandoned.")?;
                    return Ok(());
                }
            }
        } else {
            position = engine_move(&mut out, &position, play, side, partizan, budget)?;
        }
        human_to_move = !human_to_move;
    }
}

fn list_moves(out: &mut impl Write, moves: &[SumMove]) -> std::io::Result<()> {
    if moves.len() > MAX_LISTED {
        return writeln!(
            out,
            "({} moves: type the position after your move)",
            moves.len()
        );
    }
    for (k, m) in moves.iter().enumerate() {
        writeln!(out, "  {:>2}. {}  ->  {}", k + 1, m.description(), m.to)?;
    }
    Ok(())
}

/// Asks until the human makes a legal move; `None` if they quit or the
/// input ends.
fn human_move(
    input: &mut impl BufRead,
    out: &mut impl Write,
    position: &Position,
    moves: &[SumMove],
    play: Play,
    side: Side,
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
                let a = analyze_for(position, play, side, false, budget)?;
                match a.winning_moves.first() {
                    Some(m) => writeln!(out, "hint: {}  ->  {}", m.description(), m.to)?,
                    None => writeln!(out, "hint: every move loses against best play; play on")?,
                }
                continue;
            }
            _ => {}
        }
        if let Ok(k) = line.parse::<usize>() {
            if (1..=moves.len()).contains(&k) {
                return Ok(Some(moves[k - 1].to.clone()));
            }
            writeln!(out, "there is no move {k}: choose 1 to {}", moves.len())?;
            continue;
        }
        match Position::parse(line) {
            Ok(typed) => {
                let typed = typed.to_string();
                match moves.iter().find(|m| m.to.to_string() == typed) {
                    Some(m) => return Ok(Some(m.to.clone())),
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
    play: Play,
    side: Side,
    partizan: bool,
    budget: &Budget,
) -> Result<Position, Failure> {
    let r = reply(position, play, side, budget)?;
    let m = r
        .chosen
        .expect("the caller checked that the engine has a move");
    let why = match r.reason {
        ReplyReason::Winning => match (play, r.analysis.grundy()) {
            (Play::Normal, Some(_)) => {
                "it leaves Grundy value 0, a P-position: every reply of yours lets me restore 0"
            }
            _ if partizan => {
                "it leaves a position you lose moving first: whatever you do, I can answer"
            }
            _ => "it leaves a P-position: whatever you do, I can answer",
        },
        ReplyReason::Drawing => "neither of us can force a win: this move keeps the draw",
        ReplyReason::Losing if partizan => "every move of mine loses against best play",
        ReplyReason::Losing => "I am in a P-position: every move loses against best play",
    };
    writeln!(out, "I {}  ->  {}   ({why})", m.description(), m.to)?;
    Ok(m.to)
}
