//! The rulesets: every named game the position language knows, each in a
//! file of its own, and the registry that turns syntax into components.
//!
//! A ruleset module supplies a `build` function (syntax to validated
//! components), optionally a `family` function (the one-heap family that
//! `sprague table` tabulates), and a [`Ruleset`] entry in [`RULESETS`].

mod amazons;
mod arc_kayles;
mod backsliding_toads;
mod bash;
mod cake;
mod childish_hackenbush;
mod circle;
mod clobber;
mod coins;
mod colouring;
pub(crate) mod common;
mod cram;
mod cut;
mod disjoint;
mod divisor;
mod domineering;
mod fibonacci;
mod fission;
mod foxgeese;
mod gen_clobber;
mod graph;
mod graph_canon;
mod grid;
mod hackenbush;
mod heap;
mod konane;
mod leftward;
mod loopy_value;
mod misere_bash;
mod misere_quotient;
mod misere_value;
mod moore;
mod nim;
mod nosum;
mod nullify;
mod octal;
mod partizan_subtraction;
mod sequential;
mod skijumps;
mod staircase;
mod submask;
mod subtraction;
mod take_and_break;
mod takeaway;
mod toads;
mod toppling;
mod treblecross;
mod tree_staircase;
mod unfair;
mod value;
mod weighted_arc_kayles;
mod wythoff;

use std::sync::Arc;

use crate::error::{ParseError, ParseErrorKind};
use crate::game::{Component, SumRule};
use crate::syntax::{ComponentSyntax, RulesetSyntax};

pub use amazons::AmazonsBoard;
pub use arc_kayles::ArcKaylesGraph;
pub use backsliding_toads::BackslidingToads;
pub use bash::{Bash, BashHeap};
pub use cake::{CakePosition, CakeRules, MAX_SIDE as CAKE_MAX_SIDE};
pub use childish_hackenbush::ChildishHackenbush;
pub use circle::CirclePosition;
pub use clobber::ClobberBoard;
pub use coins::{RugsAnswer, RugsBoard, mock_turtles_grundy, ruler_grundy};
pub use colouring::{ColouringGraph, ColouringRules, MAX_VERTICES as COLOURING_MAX_VERTICES};
pub use common::{
    BuildFn, FamilyFn, HeapFamily, MemoryShortfall, PeriodReport, Periodicity, RareValues, Ruleset,
    SearchEnd, Values, table_budget, table_end,
};
pub use cram::CramBoard;
pub use cut::{CutBar, MAX_SIDE as CUT_MAX_SIDE, cut_value};
pub use disjoint::{
    DISJOINT_TABLE_LIMIT, Disjoint, DisjointHeap, DisjointTable, disjoint_grundy_table,
    disjoint_grundy_table_by_submasks, disjoint_is_p, winning_takes as disjoint_winning_takes,
};
pub use divisor::{Divisor, DivisorHeap, divisor_grundy, is_prime, prime_factors};
pub use domineering::{DomineeringBoard, MAX_CELLS as DOMINEERING_MAX_CELLS};
pub use fibonacci::{FibonacciPosition, zeckendorf};
pub use fission::FissionBoard;
pub use foxgeese::FoxAndGeese;
pub use gen_clobber::{
    AntiClobberBoard, Directions as ClobberDirections, GenClobber, GenClobberBoard,
    HotClobberBoard, KingsBoard, KnightsBoard, QueensBoard, RooksBoard,
};
pub use graph::PartizanToken;
pub use hackenbush::{
    HackenbushGraph, HackenbushString, MAX_EDGES as HACKENBUSH_MAX_EDGES,
    MAX_GRAPH_EDGES as HACKENBUSH_MAX_GRAPH_EDGES, hackenbush_value,
};
pub use heap::{Heap, HeapRules, Takes, TakesOutcome};
pub use konane::KonaneBoard;
pub use leftward::{LeftwardBoard, LeftwardSolver};
pub use loopy_value::{LoopyValueTerm, SidedValueTerm, build_loopy};
pub use misere_value::{MisereValue, build_misere};
pub use moore::{MoorePosition, moore_is_p, moore_winning_move};
pub use nim::{Nim, NimHeap};
pub use nosum::{NosumPosition, nosum_is_p};
pub use nullify::NullifyPosition;
pub use octal::{LaskerHeap, OctalHeap, OctalRules};
pub use partizan_subtraction::PartizanSubtractionHeap;
pub use sequential::{SequentialPosition, sequential_grundy};
pub use skijumps::SkiJumpsBoard;
pub use staircase::{GeorgiaPosition, StaircasePosition, staircase_grundy};
pub use submask::{Submask, SubmaskHeap};
pub use subtraction::{SubtractionHeap, SubtractionRules};
pub use takeaway::{Takeaway, TakeawayHeap, takeaway_grundy};
pub use toads::{MAX_CELLS as TOADS_MAX_CELLS, ToadsAndFrogs};
pub use toppling::{MAX_DOMINOES as TOPPLING_MAX_DOMINOES, TopplingDominoes};
pub use treblecross::{TreblecrossBoard, treblecross_winning_cells};
pub use tree_staircase::TreeStaircase;
pub use unfair::{UnfairHeap, unfair_mover_wins};
pub use value::{GameValue, MAX_UPS, build_value};
pub use weighted_arc_kayles::WeightedArcKaylesGraph;
pub use wythoff::{
    TABLE_MAX as WYTHOFF_TABLE_MAX, WythoffPosition, floor_k_phi, wythoff_grundy_array,
    wythoff_is_p, wythoff_partner,
};

/// Every ruleset, in the order `sprague games` lists them.
pub static RULESETS: &[Ruleset] = &[
    nim::RULESET,
    subtraction::RULESET,
    takeaway::RULESET,
    graph::GRAPH,
    graph::WORDCHAIN,
    graph::GEOGRAPHY,
    graph::BOARD,
    bash::RULESET,
    wythoff::RULESET,
    fibonacci::RULESET,
    staircase::STAIRCASE,
    staircase::GEORGIA,
    tree_staircase::RULESET,
    moore::RULESET,
    sequential::RULESET,
    nosum::RULESET,
    circle::RULESET,
    nullify::RULESET,
    disjoint::RULESET,
    submask::RULESET,
    divisor::RULESET,
    unfair::RULESET,
    hackenbush::RULESET,
    childish_hackenbush::RULESET,
    arc_kayles::RULESET,
    weighted_arc_kayles::RULESET,
    cut::RULESET,
    cake::MAUNDY,
    cake::EATCAKE,
    cake::TURN_AND_EATCAKE,
    cake::EUCLID,
    domineering::RULESET,
    cram::RULESET,
    colouring::SNORT,
    colouring::COL,
    toads::RULESET,
    backsliding_toads::RULESET,
    foxgeese::RULESET,
    clobber::RULESET,
    gen_clobber::ANTI_CLOBBER,
    gen_clobber::HOT_CLOBBER,
    gen_clobber::KINGS,
    gen_clobber::KNIGHTS,
    gen_clobber::ROOKS,
    gen_clobber::QUEENS,
    gen_clobber::GEN_CLOBBER,
    konane::RULESET,
    amazons::RULESET,
    skijumps::RULESET,
    fission::RULESET,
    toppling::RULESET,
    leftward::RULESET,
    octal::OCTAL,
    octal::KAYLES,
    octal::DAWSON,
    octal::DAWSONS_CHESS,
    octal::OFFICERS,
    octal::GUILES,
    octal::GRUNDY,
    octal::LASKER,
    treblecross::RULESET,
    coins::RUGS,
];

/// The ruleset called `name`, if there is one.
pub fn find(name: &str) -> Option<&'static Ruleset> {
    RULESETS.iter().find(|r| r.name == name)
}

/// The sum rules registered with the rulesets, in the order of [`RULESETS`]
/// (a rule registered with several rulesets comes once for each: asking a
/// rule about a sum it does not cover costs a type check).
pub fn sum_rules() -> impl Iterator<Item = &'static dyn SumRule> {
    RULESETS.iter().filter_map(|r| r.sum_rule)
}
fn lookup(ruleset: &RulesetSyntax) -> Result<&'static Ruleset, ParseError> {
    // Only subtraction games and gen_clobber split their parameters into
    // Left's and Right's with a `|`.
    if ruleset.bar.is_some()
        && !["subtraction", "gen_clobber"].contains(&ruleset.name.as_str())
        && find(&ruleset.name).is_some()
    {
        return Err(ParseError::bad_parameters(
            format!(
                "`{}` takes no `|` in its parameters (only subtraction[L|R] and gen_clobber[L|R] do)",
                ruleset.name
            ),
            ruleset
                .params_span
                .clone()
                .unwrap_or(ruleset.name_span.clone()),
        ));
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

/// As [`build`], but the rulesets that read a file (`graph`, `wordchain`,
/// `geography`) read it from `files` instead of the file system.
///
/// # Errors
///
/// As [`build`], and a [`ParseError`] on the file name when `files`
/// refuses it.
pub fn build_from(
    component: &ComponentSyntax,
    files: &dyn crate::graph::FileSource,
) -> Result<Vec<Arc<dyn Component>>, ParseError> {
    lookup(&component.ruleset)?;
    graph::build_reading(component, files).unwrap_or_else(|| build(component))
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
    files: &dyn crate::graph::FileSource,
) -> Result<(crate::graph::Graph, bool), ParseError> {
    lookup(ruleset)?;
    graph::game_graph(ruleset, files).unwrap_or_else(|| {
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
