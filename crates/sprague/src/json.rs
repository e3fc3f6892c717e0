//! The JSON shapes of the public interface, field for field as the spec
//! gives them, so that the command line and the web explorer print the
//! same thing for the same question.
//!
//! These are plain data: build one from an [`Analysis`], a
//! [`Periodicity`] or a [`Ruleset`], then serialise it with any serde
//! format. The field order is the order of the spec.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::grid_table::{GridTable, GridValues};
use crate::position::Position;
use crate::solve::misere::MisereTable;
use crate::solve::{Analysis, MoveOutcome, SumMove, Value};
use sprague_misere::misere::MisereFigures;
use sprague_partizan::thermograph::Figures;
use sprague_rulesets::{HeapFamily, Periodicity, Ruleset};

/// The JSON of `analyze`: outcome, values and winning moves of a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnalysisJson {
    /// The position, normalised.
    pub position: String,
    /// `normal` or `misere`.
    pub play: String,
    /// `N`, `P`, `L`, `R` or `D`.
    pub outcome: String,
    /// Whether the player to move wins; `None` where no single answer
    /// exists (a draw, a partizan `L`/`R` position).
    pub first_player_wins: Option<bool>,
    /// The Sprague–Grundy value, for impartial normal-play loop-free
    /// positions.
    pub grundy: Option<u64>,
    /// The value in the usual notation, where one applies: the nimber of
    /// an impartial position (`*12`), the canonical form of a partizan
    /// one, the loopy value of a loopy one; `None` for misère sums.
    pub value: Option<String>,
    /// How many moves the game lasts with best play (the winner hurries,
    /// the loser delays), where it was computed; `None` for a draw or a
    /// position too large to search.
    pub remoteness: Option<u32>,
    /// One entry per component of the normalised sum, with its own value
    /// where the analysis computed it.
    pub components: Vec<ComponentJson>,
    /// For a partizan position under normal play, the figures CGSuite
    /// reports beside its canonical value, and for an impartial loop-free
    /// one those of its nimber; absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cgt: Option<Cgt>,
    /// For an impartial loop-free position under misère play, the figures
    /// CGSuite reports for its misère canonical form (`G⁻` and the genus
    /// from a search of the position where the form is beyond the budget);
    /// absent otherwise, or when neither fits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub misere: Option<MisereJson>,
    /// The winning moves found, in the spec's order.
    pub winning_moves: Vec<MoveJson>,
    /// Not in the spec's list: for a drawn position, the moves that keep
    /// the draw (empty otherwise).
    pub drawing_moves: Vec<MoveJson>,
    /// With `--moves`: every move of the position with what it leads to
    /// (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<MoveOutcomeJson>>,
}

/// The `misere` object of `analyze --misere`: CGSuite's figures of the
/// misère canonical form, each `null` where it was left out (the text
/// output says why).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MisereJson {
    /// The form in CGSuite's notation, `*[2#1]` (also the `value`).
    pub form: Option<String>,
    /// The misère Grundy value G⁻.
    pub grundy: u32,
    /// The genus in CGSuite's symbol, `2^1420`.
    pub genus: String,
    /// The birthday of the form.
    pub birthday: Option<u32>,
    /// Hereditarily tame.
    pub tame: Option<bool>,
    /// Hereditarily restive.
    pub restive: Option<bool>,
    /// Restless.
    pub restless: Option<bool>,
    /// Even.
    pub even: Option<bool>,
    /// The mate, in the notation.
    pub mate: Option<String>,
}

impl From<&MisereFigures> for MisereJson {
    fn from(f: &MisereFigures) -> MisereJson {
        MisereJson {
            form: f.form.clone(),
            grundy: f.grundy,
            genus: f.genus.clone(),
            birthday: f.birthday,
            tame: f.tame,
            restive: f.restive,
            restless: f.restless,
            even: f.even,
            mate: f.mate.clone(),
        }
    }
}

/// One move of `--moves`: the move, and the outcome, remoteness and value
/// of the position it leads to, for the player then to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveOutcomeJson {
    /// For a partizan position, who moves: `L` or `R` (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// The component that moves, counting from 0 in the normalised sum.
    pub component: usize,
    /// The move in words.
    pub description: String,
    /// The whole position after the move, normalised.
    pub to: String,
    /// The outcome after the move: `N`, `P` or `D` for the player then to
    /// move; `L`, `R`, `N` or `P` for a partizan position.
    pub outcome: String,
    /// The remoteness after the move, where known.
    pub remoteness: Option<u32>,
    /// The value after the move, where one applies.
    pub value: Option<String>,
}

impl MoveOutcomeJson {
    /// The JSON of `m`; `partizan` says whether to name the side.
    pub fn new(m: &MoveOutcome, partizan: bool) -> MoveOutcomeJson {
        MoveOutcomeJson {
            side: partizan.then(|| m.side.name()[..1].to_string()),
            component: m.m.component,
            description: m.m.description(),
            to: m.m.to.to_string(),
            outcome: m.outcome.letter().to_string(),
            remoteness: m.remoteness,
            value: m.value.clone(),
        }
    }
}

/// One component of an analysed sum: how it is written alone, and its
/// Grundy value and value where they apply (left out where they do not).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComponentJson {
    /// The component written on its own: `nim(9)`.
    pub position: String,
    /// Its Sprague–Grundy value, for an impartial loop-free component under
    /// normal play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grundy: Option<u64>,
    /// Its value in the usual notation: `*9`, `{1|*}`, `∞{0,2}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
}

/// The `cgt` object of `analyze`: numbers and games in CGSuite's notation
/// (`"3/8"`, `"{1|0}"`), in the order of the spec.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CgtJson {
    /// The Left stop.
    pub left_stop: String,
    /// The Right stop.
    pub right_stop: String,
    /// The mean value.
    pub mean: String,
    /// The temperature (`-1` for an integer, `-1/2^k` for other numbers,
    /// `0` for a number plus an infinitesimal, as CGSuite gives it).
    pub temperature: String,
    /// The day the canonical form is born.
    pub birthday: u64,
    /// The atomic weight, `None` unless the game is atomic (or its text is
    /// too long to give).
    pub atomic_weight: Option<String>,
    /// The reduced canonical form, `None` only when its text is too long
    /// to give.
    pub reduced: Option<String>,
    /// The generalised thermograph in CGSuite's text:
    /// `Thermograph(0,[0],[0,-1],0,[],[0])`.
    pub thermograph: String,
    /// The incentives, Left's (`G^L - G`) then Right's (`G - G^R`), each
    /// once; `null` where they were left out for costing more than the
    /// value (`figure_allowance`).
    #[serde(default)]
    pub incentives: Option<Vec<String>>,
    /// The number of stops (CGSuite's `StopCount`) in decimal digits, of
    /// any size; `null` where it was left out (`figure_allowance`, or
    /// longer than a written value may be).
    #[serde(default)]
    pub stop_count: Option<String>,
}

impl From<&Figures> for CgtJson {
    fn from(f: &Figures) -> CgtJson {
        CgtJson {
            left_stop: f.left_stop.to_string(),
            right_stop: f.right_stop.to_string(),
            mean: f.mean.to_string(),
            temperature: f.temperature.to_string(),
            birthday: f.birthday,
            atomic_weight: f.atomic_weight.clone(),
            reduced: f.reduced.clone(),
            thermograph: f.thermograph.to_string(),
            incentives: f.incentives.clone(),
            stop_count: f.stop_count.clone(),
        }
    }
}

/// The `cgt` object of `analyze`: a short game's figures, or a loopy
/// partizan value's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Cgt {
    /// The figures of a canonical short game (or of a nimber).
    Short(CgtJson),
    /// The figures of a loopy partizan value.
    Loopy(LoopyCgtJson),
}

/// The `cgt` object of `analyze` for a loopy partizan position: CGSuite's
/// figures of its value, each `null` where undefined or left out (the
/// text output says why).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoopyCgtJson {
    /// Left's stop as a pseudonumber (`on`, `over`, `3/2under`, `0`): a
    /// stopper's only.
    pub left_stop: Option<String>,
    /// Right's stop.
    pub right_stop: Option<String>,
    /// The onside's simplest form (the value, for a stopper).
    pub onside: Option<String>,
    /// The offside's simplest form.
    pub offside: Option<String>,
    /// The degree, `G upsum -G` (a stopper's only).
    pub degree: Option<String>,
    /// The variety (a stable stopper's whose degree is idempotent).
    pub variety: Option<String>,
    /// The birthday (a loop-free stopper's only).
    pub birthday: Option<u64>,
}

impl From<&crate::LoopyFigures> for LoopyCgtJson {
    fn from(f: &crate::LoopyFigures) -> LoopyCgtJson {
        LoopyCgtJson {
            left_stop: f.left_stop.clone().ok(),
            right_stop: f.right_stop.clone().ok(),
            onside: f.onside.clone().ok(),
            offside: f.offside.clone().ok(),
            degree: f.degree.clone().ok(),
            variety: f.variety.clone().ok(),
            birthday: f.birthday.clone().ok().flatten(),
        }
    }
}

/// One move of a position: which component, what it does, and the whole
/// position after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveJson {
    /// Whose move, among a partizan position's winning moves: `L` or `R`
    /// (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// The component that moves, counting from 0 in the normalised sum.
    pub component: usize,
    /// The move in words.
    pub description: String,
    /// The whole position after the move, normalised.
    pub to: String,
}

impl AnalysisJson {
    /// The JSON of `analysis`, the answer for `position`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague::{analyze, Budget, Play, Position, json::AnalysisJson};
    /// let p = Position::parse("nim(3,6,9)").unwrap();
    /// let a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
    /// let json = AnalysisJson::new(&p, &a);
    /// assert_eq!(json.position, "nim(3, 6, 9)");
    /// assert_eq!(json.grundy, Some(12));
    /// assert_eq!(json.winning_moves[0].to, "nim(3, 6, 5)");
    /// ```
    pub fn new(position: &Position, analysis: &Analysis) -> AnalysisJson {
        AnalysisJson {
            position: position.to_string(),
            play: analysis.play.name().to_string(),
            outcome: analysis.outcome.letter().to_string(),
            first_player_wins: analysis.outcome.first_player_wins(),
            grundy: analysis.grundy().map(|g| g.0),
            value: analysis.value_notation(),
            remoteness: analysis.remoteness,
            components: position
                .components()
                .iter()
                .zip(&analysis.components)
                .map(|(c, v)| ComponentJson {
                    position: Position::from_components(vec![Arc::clone(c)]).to_string(),
                    grundy: match v {
                        Some(Value::Nimber(g)) => Some(g.0),
                        _ => None,
                    },
                    value: v.as_ref().and_then(Value::notation),
                })
                .collect(),
            cgt: match analysis.loopy_figures() {
                Some(f) => Some(Cgt::Loopy(LoopyCgtJson::from(f))),
                None => analysis.figures().as_ref().map(|f| Cgt::Short(f.into())),
            },
            misere: analysis.misere().map(MisereJson::from),
            winning_moves: analysis.winning_moves.iter().map(MoveJson::from).collect(),
            drawing_moves: analysis.drawing_moves.iter().map(MoveJson::from).collect(),
            moves: None,
        }
    }
}

impl From<&SumMove> for MoveJson {
    fn from(m: &SumMove) -> MoveJson {
        MoveJson {
            side: m.side.map(|side| side.name()[..1].to_string()),
            component: m.component,
            description: m.description(),
            to: m.to.to_string(),
        }
    }
}

/// The JSON of `table`: the Grundy values of a one-heap family for the
/// heaps `from..=to`, and its period where one was asked for and found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableJson {
    /// The ruleset with its parameters, normalised.
    pub ruleset: String,
    /// The first heap size.
    pub from: u64,
    /// The last heap size.
    pub to: u64,
    /// `G(from), ..., G(to)`.
    pub values: Vec<u64>,
    /// The period, or `None` when none was found or asked for.
    pub period: Option<PeriodJson>,
}

impl TableJson {
    /// The JSON of the table of `family`: `values` are `G(from..=to)`, and
    /// `periodicity` the period found (if one was asked for).
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague::{Budget, json::TableJson, rulesets::family, syntax::parse_ruleset};
    /// let f = family(&parse_ruleset("subtraction[1,3,4]").unwrap()).unwrap();
    /// let values: Vec<u64> = f.grundy_values(0, 6, &Budget::DEFAULT).unwrap()
    ///     .into_iter().map(|g| g.0).collect();
    /// let json = TableJson::new(f.as_ref(), 0, values, None);
    /// assert_eq!((json.ruleset.as_str(), json.to), ("subtraction[1,3,4]", 6));
    /// assert_eq!(json.values, [0, 1, 0, 1, 2, 3, 2]);
    /// ```
    pub fn new(
        family: &dyn HeapFamily,
        from: u64,
        values: Vec<u64>,
        periodicity: Option<Periodicity>,
    ) -> TableJson {
        TableJson {
            ruleset: family.ruleset(),
            from,
            // `from + len - 1`, which is at most 2^64 - 1 where `from + len`
            // would not be.
            to: match values.len() as u64 {
                0 => from.saturating_sub(1),
                len => from + (len - 1),
            },
            values,
            period: periodicity.map(PeriodJson::from),
        }
    }
}

/// The JSON of `table --misere`: the misère Grundy values `G⁻(n)` and the
/// genus of each heap, with the period observed in the values (never
/// certified: no theorem proves a misère sequence periodic).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MisereTableJson {
    /// The ruleset with its parameters, normalised.
    pub ruleset: String,
    /// The first heap size.
    pub from: u64,
    /// The last heap size.
    pub to: u64,
    /// `G⁻(from), ..., G⁻(to)`.
    pub values: Vec<u64>,
    /// Each heap's genus symbol, as CGSuite prints it (`4^146`).
    pub genus: Vec<String>,
    /// The period observed in `values`, or `None` when none was seen (or
    /// `--period` was not given).
    pub period: Option<PeriodJson>,
}

impl MisereTableJson {
    /// The JSON of `table`, with the observed period if asked for.
    pub fn new(
        family: &dyn HeapFamily,
        table: &MisereTable,
        periodicity: Option<Periodicity>,
    ) -> MisereTableJson {
        MisereTableJson {
            ruleset: family.ruleset(),
            from: table.from,
            to: table.to(),
            values: table.values.clone(),
            genus: table.genus.iter().map(ToString::to_string).collect(),
            period: periodicity.map(PeriodJson::from),
        }
    }
}

/// The JSON of `table` for a game of two interacting numbers (`table
/// wythoff --to 20x20`): the value of `NAME(a, b)` for every `a` in
/// `from[0]..=to[0]` (a row each) and `b` in `from[1]..=to[1]` (a column
/// each).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GridTableJson {
    /// The ruleset with its parameters, normalised.
    pub ruleset: String,
    /// The first row's `a` and the first column's `b`.
    pub from: [u64; 2],
    /// The last row's `a` and the last column's `b`.
    pub to: [u64; 2],
    /// The number of rows (values of `a`).
    pub rows: u64,
    /// The number of columns (values of `b`).
    pub cols: u64,
    /// `values[i][j]`, the value of `NAME(from[0] + i, from[1] + j)`.
    pub values: GridValuesJson,
    /// For a partizan ruleset, the outcome class of each cell (`L`, `R`,
    /// `N` or `P`); absent for an impartial one, whose cells are `P` where
    /// the value is 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcomes: Option<Vec<Vec<String>>>,
}

/// The cells of a [`GridTableJson`]: Grundy values as integers, or
/// canonical forms as text in CGSuite's notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum GridValuesJson {
    /// The Grundy values of an impartial ruleset.
    Grundy(Vec<Vec<u64>>),
    /// The canonical forms of a partizan ruleset.
    Canonical(Vec<Vec<String>>),
}

impl From<&GridTable> for GridTableJson {
    fn from(t: &GridTable) -> GridTableJson {
        let [rows, cols] = t.shape();
        let (values, outcomes) = match &t.values {
            GridValues::Grundy(v) => (GridValuesJson::Grundy(v.clone()), None),
            GridValues::Canonical(v) => (
                GridValuesJson::Canonical(
                    v.iter()
                        .map(|row| row.iter().map(|(text, _)| text.clone()).collect())
                        .collect(),
                ),
                Some(
                    v.iter()
                        .map(|row| row.iter().map(|(_, o)| o.letter().to_string()).collect())
                        .collect(),
                ),
            ),
        };
        GridTableJson {
            ruleset: t.ruleset.clone(),
            from: t.from,
            to: t.to,
            rows,
            cols,
            values,
            outcomes,
        }
    }
}

/// The period of a Grundy sequence, as in the JSON of `table`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PeriodJson {
    /// The least `n0` from which the sequence repeats.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
    /// Whether a theorem proves the period for every heap size.
    pub certified: bool,
    /// The heap size at which the proof was complete: for take-and-break
    /// games, the number of values the proof reads (`G(0..certified_at)`),
    /// see [`Periodicity::certified_at`].
    pub certified_at: u64,
    /// `s` in `G(n + period) = G(n) + s` past the preperiod: 0 for a plain
    /// period, 1 for Nim.
    pub saltus: u64,
}

impl From<Periodicity> for PeriodJson {
    fn from(p: Periodicity) -> PeriodJson {
        PeriodJson {
            preperiod: p.preperiod,
            period: p.period,
            certified: p.certified,
            certified_at: p.certified_at,
            saltus: p.saltus,
        }
    }
}

/// One ruleset as `sprague games` describes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesetJson {
    /// The name, as written in positions.
    pub name: String,
    /// The syntax, with parameters and arguments named.
    pub syntax: String,
    /// The rule in words.
    pub rule: String,
    /// A position to try.
    pub example: String,
    /// Whether the arguments form one position rather than a sum of heaps.
    pub heaps_interact: bool,
    /// Whether the ruleset has a one-heap family, so `table` applies.
    pub has_table: bool,
}

impl From<&Ruleset> for RulesetJson {
    fn from(r: &Ruleset) -> RulesetJson {
        RulesetJson {
            name: r.name.to_string(),
            syntax: r.syntax.to_string(),
            rule: r.rule.to_string(),
            example: r.example.to_string(),
            heaps_interact: r.heaps_interact,
            has_table: r.family.is_some(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Budget, Play, analyze};

    #[test]
    fn analysis_fields_come_in_the_order_of_the_spec() {
        // The example of SPEC.md, compact, with `cgt` and `drawing_moves`.
        let p = Position::parse("nim(3, 6, 9)").unwrap();
        let mut a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
        a.remoteness = crate::remoteness(&p, Play::Normal, crate::Side::Left, &Budget::DEFAULT);
        let text = serde_json::to_string(&AnalysisJson::new(&p, &a)).unwrap();
        assert_eq!(
            text,
            concat!(
                r#"{"position":"nim(3, 6, 9)","play":"normal","outcome":"N","#,
                r#""first_player_wins":true,"grundy":12,"value":"*12","remoteness":15,"#,
                r#""components":[{"position":"nim(3)","grundy":3,"value":"*3"},"#,
                r#"{"position":"nim(6)","grundy":6,"value":"*6"},"#,
                r#"{"position":"nim(9)","grundy":9,"value":"*9"}],"#,
                // SPEC: an impartial position has the figures of its
                // nimber, as CGSuite gives them; *12's incentives are
                // *k - *12 = *(k xor 12) over its options *0..*11.
                r#""cgt":{"left_stop":"0","right_stop":"0","mean":"0","temperature":"0","#,
                r#""birthday":12,"atomic_weight":"0","reduced":"0","#,
                r#""thermograph":"Thermograph(0,[0],[0,-1],0,[0],[0,1])","#,
                r#""incentives":["*12","*13","*14","*15","*8","*9","*10","*11","*4","*5","*6","*7"],"#,
                // CGSuite's stop count of *n is 2·3^(n-1): 2·3^11.
                r#""stop_count":"354294"},"#,
                r#""winning_moves":[{"component":2,"description":"take 4 from the heap of 9","#,
                r#""to":"nim(3, 6, 5)"}],"drawing_moves":[]}"#
            )
        );
    }

    #[test]
    fn period_fields_come_in_the_order_of_the_spec() {
        let p = PeriodJson::from(Periodicity {
            preperiod: 52,
            period: 34,
            saltus: 0,
            certified: true,
            certified_at: 175,
        });
        assert_eq!(
            serde_json::to_string(&p).unwrap(),
            r#"{"preperiod":52,"period":34,"certified":true,"certified_at":175,"saltus":0}"#
        );
    }
}

/// The JSON of `compare`: the two games as written, how the first compares
/// with the second (`=`, `>`, `<`, `||`) and the outcome class of their
/// difference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CompareJson {
    /// The first game, normalised.
    pub left: String,
    /// The second game, normalised.
    pub right: String,
    /// `=`, `>`, `<` or `||`.
    pub relation: String,
    /// The outcome class of `left - right`: `P`, `L`, `R` or `N`.
    pub difference: String,
}

impl CompareJson {
    /// The JSON of comparing `left` with `right`.
    pub fn new(left: &Position, right: &Position, comparison: crate::Comparison) -> CompareJson {
        CompareJson {
            left: left.to_string(),
            right: right.to_string(),
            relation: comparison.relation().to_string(),
            difference: comparison.difference.letter().to_string(),
        }
    }
}

/// The JSON of `quotient`: the misère quotient of a heap game restricted
/// to heaps `0..=heaps` (Plambeck and Siegel), as the spec gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuotientJson {
    /// The ruleset with its parameters, normalised.
    pub ruleset: String,
    /// `N`: the quotient is of the sums of heaps `0..=N`.
    pub heaps: u64,
    /// `|Q|`.
    pub order: usize,
    /// Whether the game is tame (every sum plays as misère Nim on its
    /// heaps' Grundy values).
    pub tame: bool,
    /// The generators' names.
    pub generators: Vec<String>,
    /// The relations, `a^2 = 1`.
    pub relations: Vec<String>,
    /// Each element as a word in the generators; `elements[0]` is `1`.
    pub elements: Vec<String>,
    /// `product[i][j]`: the index of the product of elements `i` and `j`.
    pub product: Vec<Vec<usize>>,
    /// The indices of the elements whose sums the player to move loses.
    pub p_portion: Vec<usize>,
    /// `heap_elements[n]`: the element of a heap of `n`.
    pub heap_elements: Vec<usize>,
    /// Whether the quotient is proved to hold for every heap size.
    pub stable: bool,
    /// The heap through which the proof reads, when it is proved.
    pub stable_from: Option<u64>,
}

impl QuotientJson {
    /// The JSON of quotient `q` of the game named `ruleset`.
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague::{Budget, OctalCode, TakeBreak, json::QuotientJson, misere_quotient};
    /// let rules = TakeBreak::from_code(&OctalCode::parse("0.75").unwrap());
    /// let q = misere_quotient(&rules, 20, &Budget::DEFAULT).unwrap();
    /// let json = QuotientJson::new("octal[0.75]", &q);
    /// assert_eq!((json.order, json.elements[0].as_str()), (8, "1"));
    /// ```
    pub fn new(ruleset: impl Into<String>, q: &crate::MisereQuotient) -> QuotientJson {
        QuotientJson {
            ruleset: ruleset.into(),
            heaps: q.heaps,
            order: q.order(),
            tame: q.tame,
            generators: q.generators.clone(),
            relations: q.relations.clone(),
            elements: q.elements.clone(),
            product: q.product.clone(),
            p_portion: q.p_portion.clone(),
            heap_elements: q.heap_elements.clone(),
            stable: q.stability.is_some(),
            stable_from: q.stability.map(|s| s.stable_from),
        }
    }
}

/// The JSON of `table` with `--field`, `--where` or `--layout`
/// (docs/table.md), keys in this order: `ruleset`, `from`, `to` (numbers
/// for a sequence, `[a, b]` for a grid); for a grid `rows` and `cols`;
/// then without `--where` the table of the value alone as `values`
/// (unchanged), or `fields` (the names, in order) and `columns` (each
/// field's sequence, or grid a row a list); with `--where`, `where`,
/// `examined`, `count`, `fields` and `positions` (each match's
/// coordinates, `n` or `a` and `b`, then its fields); with `--period`,
/// `period`; with `--layout`, `layout` (`k`, `field`, and `rows`, each
/// `{"n", "values"}`).
#[derive(Clone, Copy, Debug)]
pub struct FigureTableJson<'a>(pub &'a crate::FigureReport);

/// The period of a table of figures in its JSON.
#[derive(Serialize)]
struct FigurePeriodJson<'a> {
    field: &'a str,
    preperiod: u64,
    period: u64,
    /// What a period adds, as text (`"0"` for a plain period); `None`
    /// where each place of the period adds its own.
    saltus: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    saltus_by_place: Option<&'a [String]>,
    certified: bool,
}

/// A row of a layout.
#[derive(Serialize)]
struct LayoutRowJson<'a> {
    n: u64,
    values: Vec<&'a crate::FigureCell>,
}

#[derive(Serialize)]
struct LayoutJson<'a> {
    k: u64,
    field: &'a str,
    rows: Vec<LayoutRowJson<'a>>,
}

/// One position of `--where`'s list: its coordinates, then its fields.
struct MatchJson<'a> {
    names: &'static [&'static str],
    row: &'a crate::FigureRow,
    fields: &'a [String],
}

impl Serialize for MatchJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.names.len() + self.fields.len()))?;
        for (name, v) in self.names.iter().zip(&self.row.at) {
            map.serialize_entry(name, v)?;
        }
        for (name, cell) in self.fields.iter().zip(&self.row.cells) {
            map.serialize_entry(name, cell)?;
        }
        map.end()
    }
}

/// A field's column: a sequence, or a grid's rows.
struct ColumnJson<'a> {
    report: &'a crate::FigureReport,
    field: usize,
}

impl Serialize for ColumnJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let t = &self.report.table;
        let cells = t.rows.iter().map(|r| &r.cells[self.field]);
        if t.from.len() == 2 {
            let cols = (t.to[1] - t.from[1] + 1) as usize;
            let all: Vec<&crate::FigureCell> = cells.collect();
            s.collect_seq(all.chunks(cols))
        } else {
            s.collect_seq(cells)
        }
    }
}

/// The fields' columns by name, in order.
struct ColumnsJson<'a>(&'a crate::FigureReport);

impl Serialize for ColumnsJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let fields = &self.0.table.fields;
        let mut map = s.serialize_map(Some(fields.len()))?;
        for (field, name) in fields.iter().enumerate() {
            map.serialize_entry(
                name,
                &ColumnJson {
                    report: self.0,
                    field,
                },
            )?;
        }
        map.end()
    }
}

impl Serialize for FigureTableJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let r = self.0;
        let t = &r.table;
        let two = t.from.len() == 2;
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("ruleset", &t.ruleset)?;
        if two {
            map.serialize_entry("from", &t.from)?;
            map.serialize_entry("to", &t.to)?;
            map.serialize_entry("rows", &(t.to[0] - t.from[0] + 1))?;
            map.serialize_entry("cols", &(t.to[1] - t.from[1] + 1))?;
        } else {
            map.serialize_entry("from", &t.from[0])?;
            map.serialize_entry("to", &t.to[0])?;
        }
        match &r.filter {
            Some(expr) => {
                map.serialize_entry("where", expr)?;
                map.serialize_entry("examined", &t.examined)?;
                map.serialize_entry("count", &t.rows.len())?;
                map.serialize_entry("fields", &t.fields)?;
                let names: &'static [&'static str] = if two { &["a", "b"] } else { &["n"] };
                let matches: Vec<MatchJson> = t
                    .rows
                    .iter()
                    .map(|row| MatchJson {
                        names,
                        row,
                        fields: &t.fields,
                    })
                    .collect();
                map.serialize_entry("positions", &matches)?;
            }
            None if r.plain => {
                map.serialize_entry(
                    "values",
                    &ColumnJson {
                        report: r,
                        field: 0,
                    },
                )?;
            }
            None => {
                map.serialize_entry("fields", &t.fields)?;
                map.serialize_entry("columns", &ColumnsJson(r))?;
            }
        }
        if r.period_asked || r.period.is_some() {
            let field = t.fields.first().map_or("", String::as_str);
            let period = r.period.as_ref().map(|p| match p {
                crate::FoundPeriod::Certified(p) => FigurePeriodJson {
                    field,
                    preperiod: p.preperiod,
                    period: p.period,
                    saltus: Some(p.saltus.to_string()),
                    saltus_by_place: None,
                    certified: p.certified,
                },
                crate::FoundPeriod::Seen(p) => FigurePeriodJson {
                    field,
                    preperiod: p.preperiod,
                    period: p.period,
                    saltus: p
                        .saltus
                        .clone()
                        .or_else(|| p.saltus_by_place.is_none().then(|| "0".to_string())),
                    saltus_by_place: p.saltus_by_place.as_deref(),
                    certified: false,
                },
            });
            map.serialize_entry("period", &period)?;
        }
        if let (Some(k), Some(along)) = (r.layout, r.along) {
            let layout = LayoutJson {
                k,
                field: t.fields.first().map_or("", String::as_str),
                rows: t
                    .rows
                    .chunks(k as usize)
                    .map(|chunk| LayoutRowJson {
                        n: chunk[0].at[along],
                        values: chunk.iter().map(|r| &r.cells[0]).collect(),
                    })
                    .collect(),
            };
            map.serialize_entry("layout", &layout)?;
        }
        map.end()
    }
}
