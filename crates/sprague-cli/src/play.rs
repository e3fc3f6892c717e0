//! `sprague play POSITION [--misere] [--human-first | --computer-first]
//! [--left | --right] [--blind]`: play against the engine in the terminal.
//!
//! The engine plays perfectly, by the library's [`sprague::reply`]: from a
//! winning position the winning move that wins soonest (and it says why it
//! wins), from a drawn one a move that keeps the draw, from a losing one the
//! move that holds out longest. In a partizan position the human plays Left
//! (the default) or Right and the engine the other side. The moves listed
//! are the library's one move list, each with what it leads to
//! ([`sprague::move_outcomes`], coloured on a terminal as GamesmanUni
//! does). The human types the number of a move from the list, or the
//! position after the move, or `hint`, `moves`, `value`, `history`, `undo`,
//! `draw`, `quit`.
//!
//! In a loopy game a position may come back: each repetition is announced
//! ("position repeated: ..."). Once a position has repeated, the human may
//! offer a draw (`draw`), which the engine accepts unless it can force a
//! win from there; the engine offers one itself when it cannot win. After
//! [`MOVE_LIMIT`] moves the game stops as a draw.
//!
//! With `--blind` nothing says who is winning before the human chooses:
//! the moves are listed without what they lead to, the engine's moves
//! without why, and the engine offers no draw; after each of the human's
//! moves the game says what that move did (wins, loses or draws with best
//! play), and `hint`, `value` and `history` answer when asked, as always.

use std::io::{BufRead, Write};

use sprague::{
    Budget, MoveList, MoveOutcome, Play, Position, ReplyReason, Side, SolveError, SumMove,
    analyze_for, move_outcomes, moves, remoteness, reply,
};

use crate::failure::Failure;
use crate::paint::Painter;

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
    /// Blind play: no verdicts before you choose (moves listed without
    /// what they lead to, the engine's moves without why); what your move
    /// did is said after it is played.
    #[arg(long)]
    blind: bool,
    #[command(flatten)]
    pub limits: crate::limits::Limits,
}

/// The most moves a game may last before it stops as a draw: a loopy game
/// played out by two drawing sides never ends.
pub const MOVE_LIMIT: usize = 200;

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

/// What the player may type, said at the start and on `help`.
const COMMANDS: &str = "Type a move's number, the position after your move, `moves`, `hint`, `value`, `history`, `undo`, `draw`, `help` or `quit`.";

pub fn run(args: &Args, budget: &Budget) -> Result<(), Failure> {
    let start = Position::parse_within(&args.position, &crate::files::CommandLineFiles, budget)
        .map_err(|e| Failure::parse("bad position", &args.position, &e))?;
    let play = if args.misere {
        Play::Misere
    } else {
        Play::Normal
    };
    let partizan = start.components().iter().any(|c| c.class().is_partizan());
    let game = Game {
        explained: std::cell::Cell::new([false; 3]),
        play,
        partizan,
        human: if args.right { Side::Right } else { Side::Left },
        budget: *budget,
        painter: Painter::for_stdout(),
        blind: args.blind,
        squares_said: std::cell::Cell::new(false),
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{} play: {}. {COMMANDS}",
        if args.misere { "Misère" } else { "Normal" },
        if args.misere {
            "whoever cannot move wins"
        } else {
            "whoever cannot move loses"
        }
    )?;
    if args.blind {
        writeln!(
            out,
            "Blind play: no verdicts before you choose; after each of your moves I say what it did."
        )?;
    }
    if partizan {
        writeln!(
            out,
            "A partizan game: you play {}, I play {}.",
            game.human.name(),
            game.human.other().name()
        )?;
    }
    // The positions so far, each with whether the human is to move there,
    // and the moves between them (for `history` and `undo`).
    let mut positions = vec![(start, !args.computer_first)];
    let mut played: Vec<(bool, SumMove)> = Vec::new();
    // Whether a position has repeated since the start: a draw may then be
    // agreed. The engine offers one at most once.
    let mut repeated = false;
    let mut offered = false;
    loop {
        let (position, human_to_move) = positions.last().cloned().expect("the start stays");
        writeln!(out, "\nposition: {position}")?;
        let side = game.side(human_to_move);
        let text = position.to_string();
        let last = positions.len() - 1;
        if let Some(k) = positions[..last]
            .iter()
            .position(|(p, h)| *h == human_to_move && p.to_string() == text)
        {
            repeated = true;
            let when = match k {
                0 => "at the start".to_string(),
                k => format!("after move {k}"),
            };
            writeln!(
                out,
                "position repeated: {position}, {} to move, as {when}.",
                if human_to_move { "you" } else { "me" }
            )?;
        }
        if played.len() >= MOVE_LIMIT {
            writeln!(out, "{MOVE_LIMIT} moves played: the game stops as a draw.")?;
            return Ok(());
        }
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
        if repeated
            && !offered
            && !game.blind
            && human_to_move
            && !game.engine_wins(&position, side)?
        {
            offered = true;
            writeln!(out, "I cannot force a win: type `draw` to agree to a draw.")?;
        }
        if !human_to_move {
            let m = game.engine_move(&mut out, &position)?;
            positions.push((m.to.clone(), true));
            played.push((false, m));
            continue;
        }
        match game.human_move(&mut input, &mut out, &position, &moves, &played)? {
            Action::Move(m) => {
                if game.blind {
                    game.write_verdict(&mut out, &m)?;
                }
                positions.push((m.to.clone(), false));
                played.push((true, m));
            }
            Action::Undo => {
                // Back to the human's last turn: their move and the
                // engine's answer after it are taken back.
                let last_human = played.iter().rposition(|(human, _)| *human);
                match last_human {
                    Some(k) => {
                        positions.truncate(k + 1);
                        played.truncate(k);
                        writeln!(out, "taken back.")?;
                    }
                    None => writeln!(out, "nothing of yours to take back.")?,
                }
            }
            Action::Quit => {
                writeln!(out, "Game abandoned.")?;
                return Ok(());
            }
            Action::Draw => {
                if !repeated {
                    writeln!(
                        out,
                        "a draw can be agreed once a position has repeated; play on."
                    )?;
                } else if game.engine_wins(&position, side)? {
                    writeln!(out, "No: I can force a win from here. Play on.")?;
                } else {
                    writeln!(out, "Agreed: the game is drawn.")?;
                    return Ok(());
                }
            }
        }
    }
}

/// What the human chose.
enum Action {
    Move(SumMove),
    Undo,
    Draw,
    Quit,
}

/// The settings of one game.
struct Game {
    play: Play,
    partizan: bool,
    human: Side,
    budget: Budget,
    painter: Painter,
    /// No verdicts before the human chooses (`--blind`).
    blind: bool,
    /// Whether the numbering of a board's squares has been said.
    squares_said: std::cell::Cell<bool>,
    /// The reasons the engine has already explained in full (winning,
    /// drawing, losing): later moves for the same reason say it in short.
    explained: std::cell::Cell<[bool; 3]>,
}

impl Game {
    /// Who moves: the human's side or the engine's.
    fn side(&self, human_to_move: bool) -> Side {
        if human_to_move {
            self.human
        } else {
            self.human.other()
        }
    }

    /// The moves with what each leads to, numbered and coloured, or (too
    /// many to list) how to type one.
    fn list_moves(
        &self,
        out: &mut impl Write,
        position: &Position,
        moves: &[SumMove],
    ) -> Result<(), Failure> {
        if moves.len() > MAX_LISTED {
            writeln!(
                out,
                "({} moves: type the position after your move)",
                moves.len()
            )?;
            return Ok(());
        }
        if !self.squares_said.get()
            && let Some(note) = crate::paint::squares_note(moves.iter().map(SumMove::description))
        {
            self.squares_said.set(true);
            writeln!(out, "{note}")?;
        }
        if self.blind {
            for (k, m) in moves.iter().enumerate() {
                writeln!(out, "  {:>2}. {}  ->  {}", k + 1, m.description(), m.to)?;
            }
            return Ok(());
        }
        let outcomes: Vec<MoveOutcome> =
            move_outcomes(position, self.play, Some(self.human), &self.budget)?;
        for (k, m) in outcomes.iter().enumerate() {
            writeln!(out, "  {:>2}. {}", k + 1, self.painter.move_line(m))?;
        }
        Ok(())
    }

    /// Asks until the human makes a legal move, takes one back or quits
    /// (the end of the input is quitting).
    fn human_move(
        &self,
        input: &mut impl BufRead,
        out: &mut impl Write,
        position: &Position,
        moves: &[SumMove],
        played: &[(bool, SumMove)],
    ) -> Result<Action, Failure> {
        let side = self.human;
        self.list_moves(out, position, moves)?;
        loop {
            write!(out, "your move> ")?;
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                writeln!(out)?;
                return Ok(Action::Quit);
            }
            let line = line.trim();
            match line {
                "" => continue,
                "quit" | "q" => return Ok(Action::Quit),
                "help" | "h" | "?" => {
                    writeln!(out, "{COMMANDS}")?;
                    continue;
                }
                "undo" | "u" => return Ok(Action::Undo),
                "draw" => return Ok(Action::Draw),
                "moves" => {
                    self.list_moves(out, position, moves)?;
                    continue;
                }
                "hint" => {
                    let r = reply(position, self.play, side, &self.budget)?;
                    match (r.reason, r.chosen) {
                        (ReplyReason::Winning, Some(m)) => {
                            writeln!(out, "hint: {}  ->  {} (it wins)", m.description(), m.to)?;
                        }
                        (ReplyReason::Drawing, Some(m)) => writeln!(
                            out,
                            "hint: {}  ->  {} (no win is to be had; it keeps the draw)",
                            m.description(),
                            m.to
                        )?,
                        (_, Some(m)) => writeln!(
                            out,
                            "hint: every move loses against best play; try {}  ->  {}{}",
                            m.description(),
                            m.to,
                            if r.by_remoteness {
                                " (it holds out longest)"
                            } else {
                                ""
                            }
                        )?,
                        (_, None) => writeln!(out, "hint: there is no move")?,
                    }
                    continue;
                }
                "value" => {
                    self.write_value(out, position, side)?;
                    continue;
                }
                "history" => {
                    self.write_history(out, played)?;
                    continue;
                }
                _ => {}
            }
            if let Ok(k) = line.parse::<usize>() {
                if (1..=moves.len()).contains(&k) {
                    return Ok(Action::Move(moves[k - 1].clone()));
                }
                writeln!(out, "there is no move {k}: choose 1 to {}", moves.len())?;
                continue;
            }
            match Position::parse_with(line, &crate::files::CommandLineFiles) {
                Ok(typed) => {
                    let typed = typed.to_string();
                    match moves.iter().find(|m| m.to.to_string() == typed) {
                        Some(m) => return Ok(Action::Move(m.clone())),
                        None => writeln!(out, "{typed} is not one move away from {position}")?,
                    }
                }
                Err(e) => writeln!(out, "not a move number or a position: {e}")?,
            }
        }
    }

    /// What the human's move `m` did, said after it in blind play: whether
    /// it wins, loses or draws against best play from there.
    fn write_verdict(&self, out: &mut impl Write, m: &SumMove) -> Result<(), Failure> {
        let engine = self.human.other();
        let after = analyze_for(&m.to, self.play, engine, false, &self.budget)?;
        let verdict = match after.outcome.winner_when(engine) {
            Some(w) if w == self.human => "that move wins: you can win from here whatever I do",
            Some(_) => "that move loses against best play",
            None => "that move keeps a draw with best play",
        };
        writeln!(out, "({verdict}, leaves {})", after.outcome.letter())?;
        Ok(())
    }

    /// Whether the engine can force a win from `position`, `side` (the
    /// human) to move.
    fn engine_wins(&self, position: &Position, side: Side) -> Result<bool, Failure> {
        let a = analyze_for(position, self.play, side, false, &self.budget)?;
        Ok(a.outcome.winner_when(side) == Some(side.other()))
    }

    /// The outcome, value and remoteness of `position` with `side` to move.
    fn write_value(
        &self,
        out: &mut impl Write,
        position: &Position,
        side: Side,
    ) -> Result<(), Failure> {
        let mut a = analyze_for(position, self.play, side, false, &self.budget)?;
        a.remoteness = remoteness(position, self.play, side, &self.budget);
        // Asked for here only: the moves never wait for a loopy partizan
        // position's simplest form.
        if self.play == Play::Normal
            && let Some(value) = sprague::loopy_partizan_value(position, &self.budget)?
        {
            a.value = Some(value);
        }
        crate::analyze::write_text(out, &a, false, true)?;
        Ok(())
    }

    /// GamesmanUni's value history: each move so far, by whom, and the
    /// outcome and value of the position it left.
    fn write_history(
        &self,
        out: &mut impl Write,
        played: &[(bool, SumMove)],
    ) -> Result<(), Failure> {
        if played.is_empty() {
            writeln!(out, "no moves yet")?;
        }
        for (k, (human, m)) in played.iter().enumerate() {
            let side = self.side(*human);
            let after = analyze_for(&m.to, self.play, side.other(), false, &self.budget)?;
            let mut leaves = format!("leaves {}", after.outcome.letter());
            if let Some(v) = after.value_notation() {
                leaves.push_str(&format!(", value {v}"));
            }
            writeln!(
                out,
                "  {:>2}. {}: {}  ->  {}   ({leaves})",
                k + 1,
                if *human { "you" } else { "me" },
                m.description(),
                m.to
            )?;
        }
        Ok(())
    }

    fn engine_move(&self, out: &mut impl Write, position: &Position) -> Result<SumMove, Failure> {
        let side = self.human.other();
        let r = reply(position, self.play, side, &self.budget)?;
        let m = r
            .chosen
            .expect("the caller checked that the engine has a move");
        let why = match r.reason {
            ReplyReason::Winning => match (self.play, r.analysis.grundy()) {
                (Play::Normal, Some(_)) => {
                    "it leaves Grundy value 0, a P-position: every reply of yours lets me restore 0"
                }
                _ if self.partizan => {
                    "it leaves a position you lose moving first: whatever you do, I can answer"
                }
                _ => "it leaves a P-position: whatever you do, I can answer",
            },
            ReplyReason::Drawing => "neither of us can force a win: this move keeps the draw",
            ReplyReason::Losing if self.partizan => "every move of mine loses against best play",
            ReplyReason::Losing => "I am in a P-position: every move loses against best play",
        };
        let index = match r.reason {
            ReplyReason::Winning => 0,
            ReplyReason::Drawing => 1,
            ReplyReason::Losing => 2,
        };
        let mut explained = self.explained.get();
        let why = if explained[index] {
            match r.reason {
                ReplyReason::Winning => "again a position you lose moving first",
                ReplyReason::Drawing => "the draw is kept",
                ReplyReason::Losing => "every move of mine still loses",
            }
        } else {
            explained[index] = true;
            self.explained.set(explained);
            why
        };
        let longest = if r.by_remoteness && r.reason == ReplyReason::Losing {
            "; this one holds out longest"
        } else {
            ""
        };
        // How long the game has left, where the remoteness was searched:
        // it changes with every move, as the explanation does not.
        let left = match (r.reason, r.analysis.remoteness) {
            (ReplyReason::Drawing, _) | (_, None) => String::new(),
            (_, Some(n)) => match n.saturating_sub(1) {
                0 => "; the game is over".to_string(),
                1 => "; 1 more move with best play".to_string(),
                k => format!("; {k} more moves with best play"),
            },
        };
        if self.blind {
            writeln!(out, "I {}  ->  {}", m.description(), m.to)?;
        } else {
            writeln!(
                out,
                "I {}  ->  {}   ({why}{longest}{left})",
                m.description(),
                m.to
            )?;
        }
        Ok(m)
    }
}
