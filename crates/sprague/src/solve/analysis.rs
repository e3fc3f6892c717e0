//! What the solve layer answers: an [`Analysis`] (outcome, value, winning
//! and drawing moves) and the moves in it ([`SumMove`]).

use crate::position::Position;
use sprague_core::outcome::Outcome;
use sprague_game::{Move, MoveLabel, Play, Side, SumVerdict};
use sprague_impartial::nimber::Nimber;
use sprague_loopy::graph::LoopyValue;
use sprague_misere::misere::MisereFigures;
use sprague_partizan::thermograph::Figures;

/// The value of a position in the theory that applies to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A nimber: an impartial loop-free sum under normal play.
    Nimber(Nimber),
    /// A canonical form in CGSuite's notation (`1/2`, `{1|*}`), whole;
    /// `None` when its text would be longer than the budget allows
    /// ([`crate::value_chars`]: a character a position). With the
    /// figures CGSuite reports beside it (stops, mean, temperature,
    /// birthday, atomic weight, reduced canonical form, thermograph,
    /// incentives), each where it could be computed within its allowance
    /// ([`crate::figure_allowance`]) and the budget (boxed: they hold walls
    /// and numbers of any size, far larger than the other variants), or
    /// why they were left out; `None` where the value has no such figures
    /// (a loopy value's onside and offside).
    Canonical(Option<String>, Option<Result<Box<Figures>, String>>),
    /// The generalised Sprague–Grundy value of a loopy sum.
    Loopy(LoopyValue),
    /// The value of a loopy partizan position in CGSuite's notation (a
    /// stopper in its simplest form, or `onside & offside`), whole, with
    /// the figures CGSuite gives for it (boxed: several texts).
    LoopyPartizan(String, Box<LoopyFigures>),
    /// The misère canonical form of an impartial loop-free sum under misère
    /// play, with the figures CGSuite gives for it (boxed: several texts).
    Misere(Box<MisereFigures>),
    /// A value the theory defines but that was not computed, and why (one
    /// line: "the graph has 70 positions in one strongly connected
    /// component, more than 36"): the value of a
    /// loopy partizan position beyond its limit. It has no notation.
    NotComputed(String),
}

impl Value {
    /// The value in CGSuite's notation: `*12`, `*`, `0` for a nimber, the
    /// canonical form's text (if not left out for length), the loopy value.
    pub fn notation(&self) -> Option<String> {
        match self {
            Value::Nimber(g) => Some(match g.0 {
                0 => "0".to_string(),
                1 => "*".to_string(),
                n => format!("*{n}"),
            }),
            Value::Canonical(text, _) => text.clone(),
            Value::Loopy(v) => Some(v.to_string()),
            Value::LoopyPartizan(text, _) => Some(text.clone()),
            Value::Misere(figures) => figures.form.clone(),
            Value::NotComputed(_) => None,
        }
    }
}

/// The figures CGSuite gives beside a loopy partizan value (its
/// `CanonicalStopper` and `StopperSidedValue` members): each the text in
/// CGSuite's notation, or why it is not given (undefined for this value,
/// or left out for costing more than the value: [`crate::figure_allowance`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyFigures {
    /// Left's stop, a pseudonumber (`on`, `over`, `3/2under`, `0`): a
    /// stopper's only.
    pub left_stop: Result<String, String>,
    /// Right's stop.
    pub right_stop: Result<String, String>,
    /// The onside in its simplest form (the value, for a stopper).
    pub onside: Result<String, String>,
    /// The offside in its simplest form.
    pub offside: Result<String, String>,
    /// The degree, `G upsum -G` (a stopper's only).
    pub degree: Result<String, String>,
    /// The variety (a stable stopper's whose degree is idempotent).
    pub variety: Result<String, String>,
    /// The birthday of a loop-free stopper; `None` for a stopper with a
    /// cycle, which is born on no day.
    pub birthday: Result<Option<u64>, String>,
}

impl LoopyFigures {
    /// Each figure not given, with why, one line a reason (`degree,
    /// variety: undefined: ...`).
    pub fn left_out(&self) -> Vec<String> {
        let birthday = self
            .birthday
            .as_ref()
            .map(|_| String::new())
            .map_err(Clone::clone);
        let figures = [
            ("left stop", &self.left_stop),
            ("right stop", &self.right_stop),
            ("onside", &self.onside),
            ("offside", &self.offside),
            ("degree", &self.degree),
            ("variety", &self.variety),
            ("birthday", &birthday),
        ];
        let mut reasons: Vec<(Vec<&str>, &String)> = Vec::new();
        for (name, figure) in figures {
            if let Err(why) = figure {
                match reasons.iter_mut().find(|(_, w)| *w == why) {
                    Some((names, _)) => names.push(name),
                    None => reasons.push((vec![name], why)),
                }
            }
        }
        reasons
            .into_iter()
            .map(|(names, why)| format!("{}: {why}", names.join(", ")))
            .collect()
    }
}

/// What [`analyze`](crate::analyze) found.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The play convention.
    pub play: Play,
    /// Who wins with best play.
    pub outcome: Outcome,
    /// The value, where a theory gives one (none for misère play, or for
    /// outcomes found by a closed form or a search alone).
    pub value: Option<Value>,
    /// Each component's own value, in the order of the normalised sum,
    /// where the strategy that answered computed it (the nim-sum, the
    /// canonical sum, the loopy sum); `None` otherwise.
    pub components: Vec<Option<Value>>,
    /// The winning moves found: the first one, or all with `all`. For a
    /// partizan position from [`analyze`](crate::analyze), Left's (Left
    /// moving first) then Right's (Right moving first), each with its
    /// [`SumMove::side`]; from [`analyze_for`](crate::analyze_for), the
    /// given side's alone.
    pub winning_moves: Vec<SumMove>,
    /// For a drawn position (`Outcome::D`), the moves that keep the draw
    /// (every other move loses): the first one, or all with `all`. Empty
    /// otherwise.
    pub drawing_moves: Vec<SumMove>,
    /// How many moves the game lasts with best play (the winner hurries,
    /// the loser delays), where it was computed: by
    /// [`remoteness`](crate::remoteness), which front ends call for the
    /// positions they show. `None` for a draw or a position too large to
    /// search.
    pub remoteness: Option<u32>,
    /// Why the remoteness was left out where the search gave up on it
    /// (`remoteness: left out, ...`, one line), as
    /// [`remoteness_beside`](crate::remoteness_beside) sets it; `None`
    /// where it was found, is not defined (a draw) or was not asked for.
    pub remoteness_left_out: Option<String>,
    /// The steps of work the value took where they are counted
    /// ([`CanonicalArena::work`](crate::CanonicalArena::work) of the arena
    /// that found a canonical value, its outcome and winning moves
    /// included): what the figures beside it and the remoteness are sized
    /// by. `None` for a value whose work is not counted (a nimber, a loopy
    /// value, a misère form, an outcome by search).
    pub work: Option<u64>,
}

impl Analysis {
    /// The Sprague–Grundy value (normal play, impartial, loop-free only).
    pub fn grundy(&self) -> Option<Nimber> {
        match self.value {
            Some(Value::Nimber(g)) => Some(g),
            _ => None,
        }
    }

    /// The value in the usual notation where it is not a nimber: the
    /// canonical form of a partizan position or the loopy value (`∞{0,2}`).
    pub fn value_text(&self) -> Option<String> {
        match &self.value {
            Some(Value::Canonical(text, _)) => text.clone(),
            Some(Value::Loopy(v)) => Some(v.to_string()),
            Some(Value::LoopyPartizan(text, _)) => Some(text.clone()),
            Some(Value::Misere(figures)) => figures.form.clone(),
            _ => None,
        }
    }

    /// Why the value was not computed, where the theory defines one but it
    /// was left out (a loopy partizan position beyond its limit).
    pub fn value_not_computed(&self) -> Option<&str> {
        match &self.value {
            Some(Value::NotComputed(why)) => Some(why),
            _ => None,
        }
    }

    /// The figures of the misère canonical form (misère play only).
    pub fn misere(&self) -> Option<&MisereFigures> {
        match &self.value {
            Some(Value::Misere(figures)) => Some(figures),
            _ => None,
        }
    }

    /// The stops, mean, temperature, birthday, atomic weight, reduced
    /// canonical form and thermograph of a partizan position's canonical
    /// value.
    pub fn figures(&self) -> Option<Figures> {
        match &self.value {
            Some(Value::Canonical(_, Some(Ok(figures)))) => Some((**figures).clone()),
            // An impartial position's figures are its nimber's, as CGSuite
            // gives them (`*8`: stops 0, temperature 0, birthday 8).
            Some(Value::Nimber(n)) if self.play == Play::Normal => {
                super::figures::nimber_figures(n.0)
            }
            _ => None,
        }
    }

    /// The figures of a loopy partizan position's value: stops, onside,
    /// offside, degree, variety, birthday, each where defined.
    pub fn loopy_figures(&self) -> Option<&LoopyFigures> {
        match &self.value {
            Some(Value::LoopyPartizan(_, figures)) => Some(figures),
            _ => None,
        }
    }

    /// The figures left out beside the value, each with why, one line each
    /// (`incentives: left out, ...`): all of them in one line where the
    /// thermograph, which the rest come with, was left out.
    pub fn figures_left_out(&self) -> Vec<String> {
        match &self.value {
            Some(Value::Canonical(_, Some(Ok(figures)))) => figures.left_out.clone(),
            Some(Value::Canonical(_, Some(Err(why)))) => vec![format!("figures: {why}")],
            Some(Value::Misere(figures)) => figures.left_out.clone(),
            Some(Value::LoopyPartizan(_, figures)) => figures.left_out(),
            _ => Vec::new(),
        }
    }

    /// The value in CGSuite's notation whatever the kind: the nimber of an
    /// impartial position (`*12`, `*`, `0`), else as
    /// [`Analysis::value_text`].
    pub fn value_notation(&self) -> Option<String> {
        self.value.as_ref().and_then(Value::notation)
    }

    /// The analysis of `position` from a sum rule's verdict.
    pub(super) fn from_verdict(position: &Position, play: Play, verdict: SumVerdict) -> Analysis {
        Analysis {
            play,
            outcome: verdict.outcome,
            value: None,
            components: vec![None; position.components().len()],
            winning_moves: verdict
                .winning_moves
                .into_iter()
                .map(|(i, m)| SumMove::new(position, i, m))
                .collect(),
            drawing_moves: Vec::new(),
            remoteness: None,
            remoteness_left_out: None,
            work: None,
        }
    }
}

/// A move in a sum: which component moves, what the move does, and the
/// whole position after it.
#[derive(Clone, Debug)]
pub struct SumMove {
    /// Which component moves, counting from 0 in the normalised sum.
    pub component: usize,
    /// What the move does.
    pub label: MoveLabel,
    /// The whole position after the move.
    pub to: Position,
    /// Whose move it is, among a partizan position's winning moves from
    /// [`analyze`](crate::analyze) (which lists both players'); `None`
    /// otherwise.
    pub side: Option<Side>,
}

impl SumMove {
    /// The move `m` of component `component` of `position`.
    pub fn new(position: &Position, component: usize, m: Move) -> SumMove {
        SumMove {
            component,
            to: position.replace(component, &m.to),
            label: m.label,
            side: None,
        }
    }

    /// The move in words: "take 4 from the heap of 9".
    pub fn description(&self) -> String {
        self.label.to_string()
    }
}
