//! Colour on a terminal, GamesmanUni's: a winning move green, a losing one
//! red, a drawing one yellow. Plain text when stdout is not a terminal or
//! `NO_COLOR` is set (no-color.org), so pipes and tests see no escapes.

use std::io::IsTerminal;

use sprague::MoveOutcome;

/// Whether to colour, decided once per command.
#[derive(Clone, Copy, Debug)]
pub struct Painter {
    on: bool,
}

impl Painter {
    /// Colour when stdout is a terminal and `NO_COLOR` is unset or empty.
    pub fn for_stdout() -> Painter {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Painter {
            on: std::io::stdout().is_terminal() && !no_color,
        }
    }

    /// A move of a list, with what it leads to, coloured by what it does
    /// for its mover: `take 4 from the heap of 9  ->  nim(3, 6, 5)   wins
    /// (leaves P, remoteness 14, value 0)`.
    pub fn move_line(&self, m: &MoveOutcome) -> String {
        let (verb, colour) = match m.wins_for_mover() {
            Some(true) => ("wins", "32"),
            Some(false) => ("loses", "31"),
            None => ("draws", "33"),
        };
        let mut leaves = format!("leaves {}", m.outcome.letter());
        if let Some(r) = m.remoteness {
            leaves.push_str(&format!(", remoteness {r}"));
        }
        if let Some(v) = &m.value {
            leaves.push_str(&format!(", value {v}"));
        }
        let verdict = format!("{verb} ({leaves})");
        let verdict = if self.on {
            format!("\x1b[{colour}m{verdict}\x1b[0m")
        } else {
            verdict
        };
        format!("{}  ->  {}   {verdict}", m.m.description(), m.m.to)
    }
}

/// The line that says how the squares of a board's moves are numbered,
/// `None` where no move names one: a board ruleset's move says
/// "... on (r, c)", its row then its column, each from 0 at the top left
/// of the board as written.
pub fn squares_note<S: AsRef<str>>(
    mut descriptions: impl Iterator<Item = S>,
) -> Option<&'static str> {
    descriptions
        .any(|d| d.as_ref().contains(" on ("))
        .then_some("(squares are (row, column), each counted from 0, row 0 the first row written)")
}
