//! The rulesets: every named game the position language knows, each in a
//! file of its own, and the registry that turns syntax into components.
//!
//! A ruleset module supplies a `build` function (syntax to validated
//! components), optionally a `family` function (the one-heap family that
//! `sprague table` tabulates), and a [`Ruleset`] entry in [`RULESETS`].

mod boards;
mod coins;
pub mod common;
mod graphs;
mod heaps;
mod loopy;
mod rule;
mod written;

use std::sync::Arc;

use sprague_core::budget::Budget;

use sprague_core::error::{ParseError, ParseErrorKind};
use sprague_game::Component;
use sprague_game::syntax::{
    ComponentSyntax, Param, PositionSyntax, RulesetSyntax, Spanned, TermSyntax,
};

pub use boards::amazons::AmazonsBoard;
pub use boards::clobber::ClobberBoard;
pub use boards::cram::CramBoard;
pub use boards::domineering::{DomineeringBoard, MAX_CELLS as DOMINEERING_MAX_CELLS};
pub use boards::fission::FissionBoard;
pub use boards::gen_clobber::{
    AntiClobberBoard, Directions as ClobberDirections, GenClobber, GenClobberBoard,
    HotClobberBoard, KingsBoard, KnightsBoard, QueensBoard, RooksBoard,
};
pub use boards::gen_toads::GenToadsRow;
pub use boards::konane::KonaneBoard;
pub use boards::skijumps::SkiJumpsBoard;
pub use boards::toads::{MAX_CELLS as TOADS_MAX_CELLS, ToadsAndFrogs};
pub use boards::toppling::{MAX_DOMINOES as TOPPLING_MAX_DOMINOES, TopplingDominoes};
pub use coins::leftward::{LeftwardBoard, LeftwardSolver};
pub use coins::staircase::{GeorgiaPosition, StaircasePosition, staircase_grundy};
pub use coins::treblecross::{TreblecrossBoard, treblecross_winning_cells};
pub use coins::turning::{RugsAnswer, RugsBoard, mock_turtles_grundy, ruler_grundy};
pub use common::{
    BuildFn, FamilyFn, HeapFamily, MemoryShortfall, PeriodReport, Periodicity, RareValues, Ruleset,
    SearchEnd, Values, table_budget, table_end,
};
pub use graphs::arc_kayles::ArcKaylesGraph;
pub use graphs::childish_hackenbush::ChildishHackenbush;
pub use graphs::colouring::{
    ColouringGraph, ColouringRules, MAX_VERTICES as COLOURING_MAX_VERTICES,
};
pub use graphs::graph::PartizanToken;
pub use graphs::hackenbush::{
    HackenbushGraph, HackenbushString, MAX_EDGES as HACKENBUSH_MAX_EDGES,
    MAX_GRAPH_EDGES as HACKENBUSH_MAX_GRAPH_EDGES, hackenbush_value,
};
pub use graphs::tree_staircase::TreeStaircase;
pub use graphs::weighted_arc_kayles::WeightedArcKaylesGraph;
pub use heaps::bash::{Bash, BashHeap};
pub use heaps::cake::{CakePosition, CakeRules, MAX_SIDE as CAKE_MAX_SIDE};
pub use heaps::circle::CirclePosition;
pub use heaps::compose::{CakeProductPosition, DirectProductPosition, JoinHeap};
pub use heaps::coordinate_rule::RulePosition;
pub use heaps::cut::{CutBar, MAX_SIDE as CUT_MAX_SIDE, cut_value};
pub use heaps::disjoint::{
    DISJOINT_TABLE_LIMIT, Disjoint, DisjointHeap, DisjointTable, disjoint_grundy_table,
    disjoint_grundy_table_by_submasks, disjoint_is_p, winning_takes as disjoint_winning_takes,
};
pub use heaps::divisor::{Divisor, DivisorHeap, divisor_grundy, is_prime, prime_factors};
pub use heaps::fibonacci::{FibonacciPosition, zeckendorf};
pub use heaps::gen_mem::GenMemPosition;
pub use heaps::gen_wythoff::GenWythoffPosition;
pub use heaps::heap::{Heap, HeapRules, Takes, TakesOutcome};
pub use heaps::heap_rule::RuleHeap;
pub use heaps::mem::MemPosition;
pub use heaps::moore::{MoorePosition, moore_is_p, moore_winning_move};
pub use heaps::nim::{Nim, NimHeap};
pub use heaps::nosum::{NosumPosition, nosum_is_p};
pub use heaps::nullify::NullifyPosition;
pub use heaps::octal::{LaskerHeap, OctalHeap, OctalRules};
pub use heaps::partizan_subtraction::PartizanSubtractionHeap;
pub use heaps::sequential::{SequentialPosition, sequential_grundy};
pub use heaps::spawning::TurningStrip;
pub use heaps::submask::{Submask, SubmaskHeap};
pub use heaps::subtraction::{SubtractionHeap, SubtractionRules};
pub use heaps::takeaway::{Takeaway, TakeawayHeap, takeaway_grundy};
pub use heaps::unfair::{UnfairHeap, unfair_mover_wins};
pub use heaps::wythoff::{
    TABLE_MAX as WYTHOFF_TABLE_MAX, WythoffPosition, floor_k_phi, wythoff_grundy_array,
    wythoff_is_p, wythoff_partner,
};
pub use loopy::backsliding_toads::BackslidingToads;
pub use loopy::foxgeese::FoxAndGeese;
pub use written::loopy_value::{LoopyValueTerm, SidedValueTerm, build_loopy};
pub use written::misere_value::{MisereValue, build_misere};
pub use written::value::{GameValue, MAX_UPS, build_value, non_dyadic_rational};

/// Every ruleset, in the order `sprague games` lists them.
pub static RULESETS: &[Ruleset] = &[
    heaps::nim::RULESET,
    heaps::subtraction::RULESET,
    heaps::takeaway::RULESET,
    graphs::graph::GRAPH,
    graphs::graph::WORDCHAIN,
    graphs::graph::GEOGRAPHY,
    graphs::graph::BOARD,
    heaps::bash::RULESET,
    heaps::wythoff::RULESET,
    heaps::gen_wythoff::RULESET,
    heaps::mem::RULESET,
    heaps::fibonacci::RULESET,
    coins::staircase::STAIRCASE,
    coins::staircase::GEORGIA,
    graphs::tree_staircase::RULESET,
    heaps::moore::RULESET,
    heaps::sequential::RULESET,
    heaps::nosum::RULESET,
    heaps::circle::RULESET,
    heaps::nullify::RULESET,
    heaps::disjoint::RULESET,
    heaps::submask::RULESET,
    heaps::divisor::RULESET,
    heaps::unfair::RULESET,
    graphs::hackenbush::RULESET,
    graphs::childish_hackenbush::RULESET,
    graphs::arc_kayles::RULESET,
    graphs::weighted_arc_kayles::RULESET,
    heaps::cut::RULESET,
    heaps::cake::MAUNDY,
    heaps::cake::EATCAKE,
    heaps::cake::TURN_AND_EATCAKE,
    heaps::cake::EUCLID,
    heaps::compose::JOIN,
    heaps::compose::CAKE_PRODUCT,
    heaps::compose::TWISTED_CAKE_PRODUCT,
    heaps::compose::DIRECT_PRODUCT,
    boards::domineering::RULESET,
    boards::cram::RULESET,
    graphs::colouring::SNORT,
    graphs::colouring::COL,
    boards::toads::RULESET,
    boards::gen_toads::GEN_TOADS,
    boards::gen_toads::ELEPHANTS,
    loopy::backsliding_toads::RULESET,
    loopy::foxgeese::RULESET,
    boards::clobber::RULESET,
    boards::gen_clobber::ANTI_CLOBBER,
    boards::gen_clobber::HOT_CLOBBER,
    boards::gen_clobber::KINGS,
    boards::gen_clobber::KNIGHTS,
    boards::gen_clobber::ROOKS,
    boards::gen_clobber::QUEENS,
    boards::gen_clobber::GEN_CLOBBER,
    boards::konane::RULESET,
    boards::amazons::RULESET,
    boards::skijumps::RULESET,
    boards::fission::RULESET,
    boards::toppling::RULESET,
    coins::leftward::RULESET,
    heaps::octal::OCTAL,
    heaps::octal::KAYLES,
    heaps::octal::DAWSON,
    heaps::octal::DAWSONS_CHESS,
    heaps::octal::OFFICERS,
    heaps::octal::GUILES,
    heaps::octal::GRUNDY,
    heaps::octal::LASKER,
    coins::treblecross::RULESET,
    coins::turning::RUGS,
    heaps::spawning::SPAWNING,
    heaps::spawning::TURNING,
    heaps::heap_rule::RULESET,
    heaps::coordinate_rule::RULESET,
    heaps::gen_mem::RULESET,
];

/// The rulesets given by a rule (`gen_mem[a >= k]`), whose brackets hold
/// text that is not parameters.
const RULE_READERS: [&str; 3] = ["heap_rule", "coordinate_rule", "gen_mem"];

/// The ruleset called `name`, if there is one.
pub fn find(name: &str) -> Option<&'static Ruleset> {
    RULESETS.iter().find(|r| r.name == name)
}

fn lookup(ruleset: &RulesetSyntax) -> Result<&'static Ruleset, ParseError> {
    // Only subtraction games, gen_clobber and the partizan compositions
    // split their parameters into Left's and Right's with a `|`.
    if ruleset.bar.is_some()
        && ![
            "subtraction",
            "gen_clobber",
            "join",
            "cake_product",
            "twisted_cake_product",
        ]
        .contains(&ruleset.name.as_str())
        && find(&ruleset.name).is_some()
    {
        return Err(ParseError::bad_parameters(
            format!(
                "`{}` takes no `|` in its parameters (only subtraction[L|R], gen_clobber[L|R], \
                 join[L|R], cake_product[L|R] and twisted_cake_product[L|R] do)",
                ruleset.name
            ),
            ruleset
                .params_span
                .clone()
                .unwrap_or(ruleset.name_span.clone()),
        ));
    }
    // Brackets the grammar of parameters could not read are a rule: any
    // other ruleset reports why they are not parameters.
    if let [
        Spanned {
            value: Param::Rule(rule),
            ..
        },
    ] = ruleset.params.as_slice()
        && find(&ruleset.name).is_some()
        && !RULE_READERS.contains(&ruleset.name.as_str())
    {
        return Err((*rule.not_params).clone());
    }
    find(&ruleset.name).ok_or_else(|| {
        let error = ParseError::new(
            ParseErrorKind::UnknownRuleset {
                name: ruleset.name.clone(),
            },
            ruleset.name_span.clone(),
        );
        match nearest_names(&ruleset.name).as_slice() {
            [] => error,
            [one] => error.with_hint(format!("did you mean `{one}`?")),
            several => error.with_hint(format!(
                "did you mean one of {}?",
                several
                    .iter()
                    .map(|n| format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        }
    })
}

/// The registered names closest to `name`, for a "did you mean": those at
/// the least edit distance (insertions, deletions, substitutions and
/// swaps of neighbouring letters), if it is at most a third of the name's
/// length (and at least 1), and the names that `name` begins or that begin
/// with it (`dawson` for `dawsons`); at most three, in the registry's order.
fn nearest_names(name: &str) -> Vec<&'static str> {
    let most = (name.len() / 3).max(1);
    let scored: Vec<(usize, &'static str)> = RULESETS
        .iter()
        .map(|r| (edit_distance(name, r.name), r.name))
        .collect();
    let Some(best) = scored.iter().map(|(d, _)| *d).min() else {
        return Vec::new();
    };
    let mut names: Vec<&'static str> = scored
        .iter()
        .filter(|(d, n)| {
            (*d == best && best <= most)
                || (name.len() >= 3 && (n.starts_with(name) || name.starts_with(*n)))
        })
        .map(|(_, n)| *n)
        .collect();
    names.truncate(3);
    names
}

/// The optimal string alignment distance between `a` and `b` (Levenshtein
/// with swaps of neighbouring characters), on bytes: names are ASCII.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = d;
        }
    }
    rows[a.len()][b.len()]
}

/// Validates one written component and builds its components (one per heap
/// where heaps do not interact).
///
/// # Errors
///
/// A [`ParseError`] for an unknown ruleset or parameters and arguments the
/// ruleset rejects.
pub fn build(component: &ComponentSyntax) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    (lookup(&component.ruleset)?.build)(component)
}

/// The components of a whole position: each written component built by its
/// ruleset (one per heap where heaps do not interact), each value, misère
/// and loopy term by its theory, with files read from `files`. What
/// `crate::tests::Position::parse` validates a position's syntax with.
///
/// # Errors
///
/// The first term's [`ParseError`], as [`build_from`], [`build_value`],
/// [`build_misere`] and [`build_loopy`] give it.
pub fn components(
    syntax: &PositionSyntax,
    files: &dyn sprague_loopy::graph::FileSource,
) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    components_within(syntax, files, &Budget::DEFAULT)
}

/// As [`components`], building within `budget`'s time (and at most its
/// positions) where building is a computation (misère forms): a caller
/// with a time limit or a request's lane passes its own.
///
/// # Errors
///
/// As [`components`], and a [`ParseErrorKind::Stopped`] error when the
/// budget runs out while a term is built.
pub fn components_within(
    syntax: &PositionSyntax,
    files: &dyn sprague_loopy::graph::FileSource,
    budget: &Budget,
) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    let mut components = Vec::new();
    let values: Vec<_> = syntax
        .components
        .iter()
        .filter_map(|t| match t {
            TermSyntax::Value(v) => Some(v.clone()),
            _ => None,
        })
        .collect();
    if values.len() == syntax.components.len()
        && let Some(sum) = written::value::calculated_sum(&values)
    {
        // `1/3 + 1/6`: a calculation on numbers, worked out as one.
        components.push(build_value(&sum, files)?);
        return Ok(components);
    }
    for term in &syntax.components {
        match term {
            TermSyntax::Ruleset(c) => components.extend(build_from(c, files)?),
            TermSyntax::Value(v) => components.push(build_value(v, files)?),
            TermSyntax::Misere(m) => components.push(build_misere(m, budget)?),
            TermSyntax::Loopy(l) => components.push(build_loopy(l, budget)?),
        }
    }
    Ok(components)
}

/// As [`build`], but the rulesets that read a file (`graph`, `wordchain`,
/// `geography`) read it from `files` instead of the file system.
///
/// # Errors
///
/// As [`build`], and a [`ParseError`] on the file name when `files`
/// refuses it.
pub fn build_from(
    component: &ComponentSyntax,
    files: &dyn sprague_loopy::graph::FileSource,
) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    lookup(&component.ruleset)?;
    graphs::graph::build_reading(component, files).unwrap_or_else(|| build(component))
}

/// The graph the tokens of a ruleset that reads a file move on (`graph`,
/// `wordchain`, `geography`), read from `files`, and whether its edges are
/// directed (geography's are not): what a page draws.
///
/// # Errors
///
/// A [`ParseError`] for an unknown ruleset, one that reads no file, a bad
/// parameter, or a file `files` refuses or cannot read.
pub fn game_graph(
    ruleset: &RulesetSyntax,
    files: &dyn sprague_loopy::graph::FileSource,
) -> Result<(sprague_loopy::graph::Graph, bool), ParseError> {
    lookup(ruleset)?;
    graphs::graph::game_graph(ruleset, files).unwrap_or_else(|| {
        Err(ParseError::bad_parameters(
            format!(
                "`{}` is not a game on a graph read from a file",
                ruleset.name
            ),
            ruleset.name_span.clone(),
        ))
    })
}

/// The one-heap family named by `ruleset`, for `sprague table`.
///
/// # Errors
///
/// A [`ParseError`] for an unknown ruleset, one without a one-heap family,
/// or bad parameters.
pub fn family(ruleset: &RulesetSyntax) -> Result<Arc<dyn HeapFamily>, ParseError> {
    let entry = lookup(ruleset)?;
    let build = entry.family.ok_or_else(|| {
        ParseError::bad_parameters(
            format!(
                "`{}` is not a one-heap family, so it has no table",
                entry.name
            ),
            ruleset.name_span.clone(),
        )
    })?;
    build(ruleset)
}

#[cfg(test)]
mod tests;
