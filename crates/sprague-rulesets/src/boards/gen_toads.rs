//! CGSuite's generalised Toads and Frogs (`game/strip/GenToadsAndFrogs.cgs`)
//! for slides that only go forward, and its Elephants and Rhinos
//! (`game/strip/constants.cgs`: `GenToadsAndFrogs(maxJump => 0)`), on the
//! rows of `toads` (`T` Left's toads moving right, `F` Right's frogs moving
//! left, `.` empty):
//!
//! - a creature slides forward `k` cells, `min_slide <= k <= max_slide`,
//!   over empty cells onto an empty cell;
//! - it jumps over `1..=max_jump` adjacent creatures of the other kind
//!   (of either kind with `friendly=1`) onto the empty cell just past them.
//!
//! Every move takes a creature forward, so play ends: the game is short
//! and valued from its moves. CGSuite's back-slides (`minSlide <= 0`) make
//! it loopy, and are `backsliding_toads`'s (`minSlide => -1`); a parameter
//! is a whole number, so `min_slide` is at least 1 here.

use std::sync::Arc;

use sprague_core::budget::Budget;
use sprague_core::error::{ParseError, SolveError};
use sprague_game::syntax::ComponentSyntax;
use sprague_game::{Component, Key, Kind, Move, Partizan, Side};

use crate::boards::toads::{
    Cell, Hops, TOADS_AND_FROGS, read_rows, read_rows_after_params, row_bytes, row_moves, write_row,
};
use crate::common::{Ruleset, named_params};

pub(crate) const GEN_TOADS: Ruleset = Ruleset {
    name: "gen_toads",
    syntax: "gen_toads[min_slide=1, max_slide=1, max_jump=1, friendly=0](\"TT..FF\", ...)   \
             (each parameter optional)",
    rule: "partizan (CGSuite's GenToadsAndFrogs): a toad (right) or frog (left) slides \
           min_slide..max_slide empty cells forward, or jumps 1..max_jump creatures of the \
           other kind (any kind with friendly=1) onto the empty cell past them",
    example: "gen_toads[max_jump=2](\"TTTT..FFF\")",
    heaps_interact: false,
    build: build_gen,
    family: None,
};

pub(crate) const ELEPHANTS: Ruleset = Ruleset {
    name: "elephants_and_rhinos",
    syntax: "elephants_and_rhinos(\"TT..FF\", ...)   T: Left's elephants (move right), \
             F: Right's rhinos (move left), . empty",
    rule: "partizan (CGSuite's ElephantsAndRhinos): Toads and Frogs without jumps, \
           a creature steps into the empty cell ahead",
    example: "elephants_and_rhinos(\"TTTT..FFF\")",
    heaps_interact: false,
    build: build_elephants,
    family: None,
};

/// Elephants and Rhinos: no jumps.
const ELEPHANTS_AND_RHINOS: Hops = Hops {
    max_jump: 0,
    ..TOADS_AND_FROGS
};

/// A row of generalised Toads and Frogs under its rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GenToadsRow {
    rules: Hops,
    cells: Vec<Cell>,
}

/// `gen_toads`'s parameters, in the order they are written.
const PARAMETERS: [&str; 4] = ["min_slide", "max_slide", "max_jump", "friendly"];

/// The values of [`PARAMETERS`] under `rules` (`min_slide` is at least 1
/// here: back-slides are `backsliding_toads`'s).
fn parameter_values(rules: Hops) -> [u64; 4] {
    [
        rules.min_slide.unsigned_abs(),
        rules.max_slide,
        rules.max_jump,
        u64::from(rules.friendly),
    ]
}

impl GenToadsRow {
    fn written_rules(&self) -> String {
        if self.rules == ELEPHANTS_AND_RHINOS {
            return "elephants_and_rhinos".to_string();
        }
        let written: Vec<String> = PARAMETERS
            .iter()
            .zip(parameter_values(self.rules))
            .map(|(name, value)| format!("{name}={value}"))
            .collect();
        format!("gen_toads[{}]", written.join(", "))
    }
}

impl Component for GenToadsRow {
    fn ruleset(&self) -> String {
        self.written_rules()
    }

    fn args(&self) -> String {
        format!("\"{}\"", write_row(&self.cells))
    }

    fn key(&self) -> Key {
        Key::new(
            "gen_toads",
            parameter_values(self.rules)
                .into_iter()
                .chain(Key::pack(&row_bytes(&self.cells))),
        )
    }

    fn kind(&self) -> Kind<'_> {
        Kind::Partizan(self)
    }
}

impl Partizan for GenToadsRow {
    fn moves(&self, side: Side, budget: &Budget) -> Result<Vec<Move>, SolveError> {
        row_moves(&self.cells, side, self.rules, budget, |cells| {
            Arc::new(GenToadsRow {
                rules: self.rules,
                cells,
            })
        })
    }
}

/// Reads `gen_toads[...]`'s named parameters.
fn read_hops(c: &ComponentSyntax) -> Result<Hops, ParseError> {
    let [min_slide, max_slide, max_jump, friendly] =
        named_params(&c.ruleset, PARAMETERS, "max_jump=2")?;
    let mut rules = TOADS_AND_FROGS;
    if let Some((v, span)) = min_slide {
        if v == 0 {
            return Err(ParseError::bad_parameters(
                "min_slide is at least 1 (slides back make the game loopy: \
                 backsliding_toads plays min_slide -1)",
                span,
            ));
        }
        rules.min_slide = i64::try_from(v).unwrap_or(i64::MAX);
    }
    if let Some((v, _)) = max_slide {
        rules.max_slide = v;
    }
    if let Some((v, _)) = max_jump {
        rules.max_jump = v;
    }
    if let Some((v, span)) = friendly {
        if v > 1 {
            return Err(ParseError::bad_parameters(
                format!("friendly is 0 or 1, not {v}"),
                span,
            ));
        }
        rules.friendly = v == 1;
    }
    Ok(rules)
}

fn build_gen(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let rules = read_hops(c)?;
    read_rows_after_params(c, |cells| Arc::new(GenToadsRow { rules, cells }))
}

fn build_elephants(c: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    read_rows(c, |cells| {
        Arc::new(GenToadsRow {
            rules: ELEPHANTS_AND_RHINOS,
            cells,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::toads::every_row;
    use crate::tests::{canonical_text as value, outcome_by_search, outcome_of};

    /// CGSuite's rule written again on the row as text, independently of
    /// the engine's moves: the rows `side` can move to.
    fn options(
        row: &[u8],
        left: bool,
        min: usize,
        max: usize,
        jump: usize,
        friendly: bool,
    ) -> Vec<Vec<u8>> {
        let (us, them) = if left { (b'T', b'F') } else { (b'F', b'T') };
        let n = row.len() as isize;
        let at = |i: isize| {
            if (0..n).contains(&i) {
                row[i as usize]
            } else {
                b'#'
            }
        };
        let dir: isize = if left { 1 } else { -1 };
        let mut out = Vec::new();
        for i in 0..n {
            if at(i) != us {
                continue;
            }
            let moved = |j: isize| {
                let mut r = row.to_vec();
                r[i as usize] = b'.';
                r[j as usize] = us;
                r
            };
            let mut k = 1;
            while k <= max as isize && at(i + k * dir) == b'.' {
                if k >= min as isize {
                    out.push(moved(i + k * dir));
                }
                k += 1;
            }
            let mut k = 1;
            while k <= jump as isize
                && (at(i + k * dir) == them || (friendly && at(i + k * dir) == us))
            {
                if at(i + (k + 1) * dir) == b'.' {
                    out.push(moved(i + (k + 1) * dir));
                }
                k += 1;
            }
        }
        out
    }

    #[test]
    fn rows_agree_with_the_search_of_the_whole_game() {
        for (params, min, max, jump, friendly) in [
            ("max_jump=0", 1, 1, 0, false),
            ("max_jump=2", 1, 1, 2, false),
            ("max_slide=2", 1, 2, 1, false),
            ("min_slide=2, max_slide=3", 2, 3, 1, false),
            ("friendly=1, max_jump=2", 1, 1, 2, true),
        ] {
            let moves = |row: &Vec<u8>, left: bool| {
                options(row, left, min, max, jump, friendly)
                    .into_iter()
                    .map(|r| vec![r])
                    .collect()
            };
            for cells in every_row(6) {
                let row = write_row(&cells);
                let text = format!("gen_toads[{params}](\"{row}\")");
                assert_eq!(
                    outcome_of(&text),
                    outcome_by_search(vec![row.into_bytes()], &moves),
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn elephants_and_rhinos_is_gen_toads_without_jumps_and_one_jump_is_toads() {
        for row in ["TTTT..FFF", "T.TF.F", "TT.F.F.T", "..TF.TF"] {
            assert_eq!(
                value(&format!(
                    "elephants_and_rhinos(\"{row}\") - gen_toads[max_jump=0](\"{row}\")"
                )),
                "0"
            );
            assert_eq!(
                value(&format!("gen_toads(\"{row}\") - toads(\"{row}\")")),
                "0"
            );
        }
    }

    #[test]
    fn rows_print_their_rules_and_read_back() {
        for text in [
            "elephants_and_rhinos(\"TT.F\")",
            "gen_toads[min_slide=1, max_slide=2, max_jump=3, friendly=1](\"T..F\")",
        ] {
            assert_eq!(crate::tests::parse(text).unwrap().to_string(), text);
        }
    }

    #[test]
    fn bad_parameters_are_parse_errors_saying_where() {
        for (bad, at) in [
            ("gen_toads[min_slide=0](\"T.F\")", "min_slide=0"),
            ("gen_toads[friendly=2](\"T.F\")", "friendly=2"),
            ("gen_toads[jumps=2](\"T.F\")", "jumps=2"),
            ("gen_toads[2](\"T.F\")", "2"),
            ("gen_toads[max_jump=1, max_jump=2](\"T.F\")", "max_jump=2"),
            ("elephants_and_rhinos[max_jump=1](\"T.F\")", "[max_jump=1]"),
            ("gen_toads(\"T.x\")", "x"),
        ] {
            let e = crate::tests::parse(bad).expect_err(bad);
            assert_eq!(&bad[e.span.clone()], at, "{bad}: {e}");
        }
    }
}
