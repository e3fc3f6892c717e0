//! Misère canonical forms against CGSuite's own tests (data files under
//! `tests/data/misere/`, each naming its source) and against brute force:
//! a plain misère search of whole sums.

use std::collections::HashMap;
use std::sync::Arc;

use proptest::prelude::*;
use sprague::{
    Budget, Component, Genus, Key, MisereArena, MisereId, MisereSolver, Position, parse_misere,
};

#[path = "support/misere_search.rs"]
mod misere_search;
use misere_search::{brute_misere_grundy, data, split_genera};

fn budget() -> Budget {
    Budget::positions(1 << 24)
}

fn read(arena: &mut MisereArena, text: &str) -> MisereId {
    let syntax = parse_misere(text, 0).unwrap_or_else(|e| panic!("{text}: {e}"));
    arena
        .eval(&syntax, &budget())
        .expect("within the budget")
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn cgsuite_misere_canonical_game_cases() {
    let mut arena = MisereArena::new();
    let b = budget();
    let mut checked = 0;
    for line in data("cgsuite_forms.txt") {
        let f: Vec<&str> = line.split(" | ").map(str::trim).collect();
        assert_eq!(f.len(), 13, "{line}");
        let g = read(&mut arena, f[0]);
        let figures = arena.figures(g, &b).unwrap();
        let mut check = |field: &str, got: String| {
            if field != "-" {
                assert_eq!(got, field, "{} of {}", field, f[0]);
                checked += 1;
            }
        };
        check(f[1], figures.form.clone().unwrap());
        check(f[2], figures.birthday.unwrap().to_string());
        check(f[3], figures.genus.clone());
        check(f[4], figures.even.unwrap().to_string());
        check(f[5], figures.restive.unwrap().to_string());
        check(f[6], figures.restless.unwrap().to_string());
        check(f[7], figures.tame.unwrap().to_string());
        check(f[8], figures.mate.clone().unwrap());
        check(f[9], figures.grundy.to_string());
        check(
            f[10],
            if figures.p_position { "P" } else { "N" }.to_string(),
        );
        check(f[11], figures.normal_grundy.to_string());
        if f[12] != "-" {
            let options = arena.sorted_options(g, &b).unwrap();
            let shown: Vec<String> = options
                .iter()
                .map(|&o| arena.display(o, &b).unwrap())
                .collect();
            assert_eq!(
                format!("[{}]", shown.join(",")),
                f[12],
                "options of {}",
                f[0]
            );
        }
        // The printed form reads back to the same form.
        let form = figures.form.unwrap();
        assert_eq!(read(&mut arena, &form), g, "{form}");
    }
    assert!(checked > 150, "only {checked} figures checked");
}

#[test]
fn cgsuite_sums_partitions_and_distinguishers() {
    let mut arena = MisereArena::new();
    let b = budget();
    let lines = data("cgsuite_sums.txt");
    assert!(lines.len() >= 10);
    for line in lines {
        if let Some(rest) = line
            .strip_prefix("P: ")
            .or_else(|| line.strip_prefix("N: "))
        {
            let g = read(&mut arena, rest);
            assert_eq!(arena.is_p_position(g), line.starts_with('P'), "{line}");
            continue;
        }
        let (terms, total) = line.split_once(" = ").expect("a sum");
        let total = read(&mut arena, total);
        let parts: Vec<MisereId> = terms.split(" + ").map(|t| read(&mut arena, t)).collect();
        assert_eq!(arena.sum(&parts, &b).unwrap(), total, "{line}");
    }
}

fn heap_form(solver: &mut MisereSolver, text: &str) -> MisereId {
    let p = Position::parse(text).unwrap();
    solver.position(&p, &budget()).unwrap()
}

#[test]
fn cgsuite_heap_genera_and_misere_grundy_values() {
    let b = budget();
    let mut grundy_form = None;
    for line in data("cgsuite_heaps.txt") {
        let f: Vec<&str> = line.split(" | ").collect();
        let mut solver = MisereSolver::new();
        if let Some(position) = f[0].strip_prefix("form ") {
            let g = heap_form(&mut solver, position);
            grundy_form = Some(solver.arena().display(g, &b).unwrap());
            assert_eq!(grundy_form.as_deref(), Some(f[1]), "{position}");
            continue;
        }
        let values: Vec<&str> = f[2].split(',').collect();
        let genera = split_genera(f[3]);
        assert_eq!(values.len(), 21);
        assert_eq!(genera.len(), 21, "{}", f[3]);
        for n in 0..=20 {
            let g = heap_form(&mut solver, &f[0].replace("{n}", &n.to_string()));
            let arena = solver.arena();
            assert_eq!(
                arena.misere_grundy(g).to_string(),
                values[n],
                "{} {n}",
                f[1]
            );
            assert_eq!(
                arena.genus(g).unwrap().to_string(),
                genera[n],
                "{} {n}",
                f[1]
            );
        }
    }
    assert!(grundy_form.is_some());
}

/// Checks the exponents `γk = G⁻(G + k·*2)` of `genus`, those it shows and
/// two more, against the plain misère search of `heap` (written `text`)
/// with k heaps of 2.
fn assert_genus_by_search(
    heap: &[Arc<dyn Component>],
    genus: &Genus,
    memo: &mut HashMap<Vec<Key>, u32>,
    text: &str,
) {
    let twos = Position::parse("nim(2)").unwrap().components()[0].clone();
    for k in 0..genus.shown() + 2 {
        let mut sum = heap.to_vec();
        sum.extend(std::iter::repeat_n(twos.clone(), k));
        assert_eq!(
            brute_misere_grundy(&sum, memo),
            genus.exponent(k),
            "γ{k} of {text}, genus {genus}"
        );
    }
}

/// G⁻ and every genus exponent γk = G⁻(G + k·*2) of heaps up to 25 of
/// Kayles, Dawson's Kayles, Dawson's chess, Officers and Treblecross
/// against the plain misère search of the heap with k heaps of 2.
/// Treblecross as a heap game is the octal game 0.007 (Winning Ways, 2nd
/// ed., vol. 1, ch. 4; Plambeck and Siegel's misère quotients of
/// "Treblecross" are those of 0.007): a heap is a strip's empty cells that
/// are safe to play. (The `treblecross` ruleset is the whole board, where
/// any three in a row ends the game; its own check is the test below.)
#[test]
fn heap_genera_match_the_misere_search() {
    for (ruleset, last) in [
        ("kayles", 25),
        ("dawson", 25),
        ("dawsonschess", 25),
        ("officers", 25),
        ("octal[0.007]", 25),
    ] {
        let mut solver = MisereSolver::new();
        let mut memo = HashMap::new();
        for n in 0..=last {
            let text = format!("{ruleset}({n})");
            let g = heap_form(&mut solver, &text);
            let genus = solver.arena().genus(g).unwrap();
            let heap = Position::parse(&text).unwrap().components().to_vec();
            assert_eq!(
                brute_misere_grundy(&heap, &mut memo),
                solver.arena().misere_grundy(g),
                "G⁻ of {text}"
            );
            assert_genus_by_search(&heap, &genus, &mut memo, &text);
        }
    }
}

/// Winning Ways (2nd ed., vol. 2, ch. 13, the table of Kayles' genera in
/// "Misère Kayles"): heaps 0 to 11 of Kayles have genera
/// 0^1 1^0 2^2 3^3 1^1 4^146 3^3 2^2 1^1 4^046 2^2 6^46, which CGSuite
/// writes as in `cgsuite_heaps.txt` (a nim heap's genus without exponent).
#[test]
fn kayles_genera_from_winning_ways() {
    let mut solver = MisereSolver::new();
    let expected = [
        "0", "1", "2", "3", "1", "4^146", "3", "2^2", "1^1", "4^046", "2^2", "6^46",
    ];
    for (n, want) in expected.iter().enumerate() {
        let g = heap_form(&mut solver, &format!("kayles({n})"));
        assert_eq!(
            &solver.arena().genus(g).unwrap().to_string(),
            want,
            "kayles({n})"
        );
    }
}

/// A random small game: options drawn from those built so far.
fn random_games(choices: Vec<Vec<usize>>, arena: &mut MisereArena) -> Vec<(MisereId, Vec<usize>)> {
    let b = budget();
    let mut games: Vec<(MisereId, Vec<usize>)> = vec![(MisereId::ZERO, Vec::new())];
    for pick in choices {
        let options: Vec<usize> = pick.into_iter().map(|i| i % games.len()).collect();
        let ids: Vec<MisereId> = options.iter().map(|&i| games[i].0).collect();
        let id = if ids.is_empty() {
            MisereId::ZERO
        } else {
            arena.form(ids, &b).unwrap()
        };
        games.push((id, options));
    }
    games
}

/// The misère outcome of a sum of explicit games (indices into `games`),
/// by searching the whole sum: P iff no move reaches a P-position, and
/// the end of play is an N-position.
fn brute_p(
    games: &[(MisereId, Vec<usize>)],
    sum: &mut Vec<usize>,
    memo: &mut HashMap<Vec<usize>, bool>,
) -> bool {
    sum.sort_unstable();
    if let Some(&p) = memo.get(sum.as_slice()) {
        return p;
    }
    let mut any = false;
    let mut p = true;
    'all: for i in 0..sum.len() {
        for &o in &games[sum[i]].1 {
            any = true;
            let mut next = sum.clone();
            next[i] = o;
            if brute_p(games, &mut next, memo) {
                p = false;
                break 'all;
            }
        }
    }
    let p = any && p;
    memo.insert(sum.clone(), p);
    p
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The form's outcome equals the search's, alone and in sums; equal
    /// forms have equal outcomes beside every test game; every form reads
    /// back from its text.
    #[test]
    fn forms_agree_with_the_misere_search(
        choices in prop::collection::vec(prop::collection::vec(0usize..64, 0..4), 1..14),
        pairs in prop::collection::vec((0usize..64, 0usize..64), 1..6),
    ) {
        let mut arena = MisereArena::new();
        let b = budget();
        let games = random_games(choices, &mut arena);
        let mut memo = HashMap::new();
        for (i, (g, _)) in games.iter().enumerate() {
            prop_assert_eq!(arena.is_p_position(*g), brute_p(&games, &mut vec![i], &mut memo));
            let text = arena.display(*g, &b).unwrap();
            prop_assert_eq!(read(&mut arena, &text), *g, "{}", text);
        }
        for (x, y) in pairs {
            let (x, y) = (x % games.len(), y % games.len());
            let s = arena.add(games[x].0, games[y].0, &b).unwrap();
            prop_assert_eq!(arena.is_p_position(s), brute_p(&games, &mut vec![x, y], &mut memo));
        }
        for i in 0..games.len() {
            for j in 0..i {
                if games[i].0 == games[j].0 {
                    for t in 0..games.len() {
                        prop_assert_eq!(
                            brute_p(&games, &mut vec![i, t], &mut memo),
                            brute_p(&games, &mut vec![j, t], &mut memo)
                        );
                    }
                }
            }
        }
    }
}

/// `analyze --misere` answers impartial sums by their misère canonical
/// form: its outcome and every winning move agree with the whole-sum search
/// (a move wins iff the search says the position after it is lost).
#[test]
fn misere_analysis_by_forms_agrees_with_the_search() {
    use sprague::{Outcome, Play, Side, SumSearch, analyze};
    for text in [
        "kayles(3, 5)",
        "kayles(4, 7) + *[2#1]",
        "dawson(6) + officers(5)",
        "*[2]+*[2]+*[[2],0]",
        "kayles(2, 2, 9)",
        "treblecross(6) + kayles(5)",
    ] {
        let p = Position::parse(text).unwrap();
        let a = analyze(&p, Play::Misere, true, &Budget::DEFAULT).unwrap();
        assert!(a.misere().is_some(), "{text} answered by its form");
        let mut search = SumSearch::new(Play::Misere, Budget::DEFAULT);
        let wins = search.wins(p.components(), Side::Left).unwrap();
        assert_eq!(a.outcome == Outcome::N, wins, "{text}");
        let mut expected = Vec::new();
        for m in sprague::moves(&p, Side::Left, usize::MAX, &Budget::DEFAULT)
            .unwrap()
            .moves
        {
            if !search.wins(m.to.components(), Side::Left).unwrap() {
                expected.push(m.to.to_string());
            }
        }
        let got: Vec<String> = a.winning_moves.iter().map(|m| m.to.to_string()).collect();
        assert_eq!(got, expected, "{text}");
    }
}

/// The genus from a search of a position's game tree (what `analyze
/// --misere` gives where the form does not fit): every exponent it shows
/// and two more against the plain misère search of the position with `k`
/// heaps of 2, and its base against the form's `G⁺`, on heaps 0..=20 of five
/// games and on sums of them.
#[test]
fn the_genus_by_search_matches_the_misere_search() {
    use sprague::misere_genus_by_search;
    let mut texts: Vec<String> = Vec::new();
    for ruleset in ["kayles", "dawson", "grundy", "dawsonschess", "officers"] {
        texts.extend((0..=20).map(|n| format!("{ruleset}({n})")));
    }
    texts.extend(
        [
            "kayles(4, 7) + nim(2, 2)",
            "dawson(6) + officers(5)",
            "kayles(3, 5, 9)",
        ]
        .map(str::to_string),
    );
    let mut memo = HashMap::new();
    for text in texts {
        let p = Position::parse(&text).unwrap();
        let genus = misere_genus_by_search(p.components(), &budget()).unwrap();
        assert_genus_by_search(p.components(), &genus, &mut memo, &text);
        let mut solver = MisereSolver::new();
        let g = solver.position(&p, &budget()).unwrap();
        assert_eq!(
            genus.base(),
            solver.arena().normal_grundy(g),
            "G⁺ of {text}"
        );
    }
}

/// The figures beside a misère form cost no more than the form (issue
/// 40's rule): Kayles' heap 20 has its form within a few thousand forms,
/// but writing it (and its mate) would build more than that, so both are
/// left out with the reason; `G⁻` and the genus, read off the form, are
/// still given, and agree with CGSuite's table (`cgsuite_heaps.txt`: G⁻ 0,
/// genus 1^031).
#[test]
fn a_misere_figure_past_its_allowance_is_left_out_with_the_reason() {
    use sprague::{Play, analyze, misere_figure_allowance};
    let p = Position::parse("kayles(20)").unwrap();
    let a = analyze(&p, Play::Misere, false, &Budget::DEFAULT).unwrap();
    let m = a.misere().expect("the figures of the form");
    assert_eq!((m.grundy, m.genus.as_str()), (0, "1^031"));
    assert!(m.birthday.is_some() && m.tame.is_some());
    assert_eq!((m.form.as_ref(), m.mate.as_ref()), (None, None));
    assert_eq!(a.value_text(), None);
    let form_line = &m.left_out[0];
    assert!(
        form_line
            .starts_with("form: left out, it would take more work than the value itself (over "),
        "{form_line}"
    );
    // The allowance is the form's own work, at least the floor.
    let over: u64 = form_line
        .rsplit_once("(over ")
        .and_then(|(_, n)| n.strip_suffix(" forms)"))
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(over >= misere_figure_allowance(0), "{over}");
    assert_eq!(a.figures_left_out(), m.left_out);
}

/// `misere_table` (what `table --misere` prints) against the plain misère
/// search of each heap with `k` heaps of 2, and against CGSuite's own
/// values and genera of heaps 0 to 20 (`cgsuite_heaps.txt`, its source
/// named there).
#[test]
fn misere_table_matches_the_search_and_cgsuite() {
    use sprague::{misere_table, rulesets::family, syntax::parse_ruleset};
    let b = budget();
    for (ruleset, from, to) in [
        ("kayles", 0, 16),
        ("dawson", 3, 18),
        ("grundy", 0, 16),
        ("subtraction[2,3,7]", 0, 20),
        ("octal[0.3F]", 5, 14),
        ("officers", 0, 14),
        ("treblecross", 0, 9),
    ] {
        let f = family(&parse_ruleset(ruleset).unwrap()).unwrap();
        let table = misere_table(f.as_ref(), from, to, &b).unwrap();
        assert_eq!((table.from, table.to()), (from, to), "{ruleset}");
        let mut memo = HashMap::new();
        for (n, (&value, genus)) in (from..).zip(table.values.iter().zip(&table.genus)) {
            let heap = Position::parse(&format!("{ruleset}({n})"))
                .unwrap()
                .components()
                .to_vec();
            assert_eq!(
                u64::from(brute_misere_grundy(&heap, &mut memo)),
                value,
                "G⁻ of {ruleset}({n})"
            );
            assert_genus_by_search(&heap, genus, &mut memo, &format!("{ruleset}({n})"));
        }
    }
    let mut checked = 0;
    for line in data("cgsuite_heaps.txt") {
        let f: Vec<&str> = line.split(" | ").collect();
        let Some(ruleset) = f[0].strip_suffix("({n})") else {
            continue;
        };
        let fam = family(&parse_ruleset(ruleset).unwrap()).unwrap();
        let table = misere_table(fam.as_ref(), 0, 20, &b).unwrap();
        let values: Vec<String> = table.values.iter().map(u64::to_string).collect();
        assert_eq!(values.join(","), f[2], "{ruleset}");
        let genera: Vec<String> = table.genus.iter().map(ToString::to_string).collect();
        assert_eq!(genera, split_genera(f[3]), "{ruleset}");
        checked += 1;
    }
    assert_eq!(checked, 6);
}

/// A table stops at the budget with its error, not a panic or a partial
/// answer.
#[test]
fn misere_table_stops_at_the_budget() {
    use sprague::{SolveError, misere_table, rulesets::family, syntax::parse_ruleset};
    let f = family(&parse_ruleset("treblecross").unwrap()).unwrap();
    let err = misere_table(f.as_ref(), 0, 40, &Budget::positions(10_000)).unwrap_err();
    assert!(matches!(err, SolveError::BudgetExceeded { .. }), "{err}");
}

/// The observed period of misère values is never certified, and is found
/// where a pattern repeats long enough: misère Nim with heaps of one and two
/// only (subtraction {1, 2}) has G⁻ = 1, 0, 2, 1, 0, 2, ... (by hand: heap
/// 0 ends play, heap n moves to n - 1 and n - 2).
#[test]
fn observed_periods_are_never_certified() {
    use sprague::{misere_table, observed_period, rulesets::family, syntax::parse_ruleset};
    let f = family(&parse_ruleset("subtraction[1,2]").unwrap()).unwrap();
    let t = misere_table(f.as_ref(), 0, 30, &budget()).unwrap();
    assert_eq!(&t.values[..6], &[1, 0, 2, 1, 0, 2]);
    let p = observed_period(&t.values).unwrap();
    assert_eq!((p.preperiod, p.period, p.saltus), (0, 3, 0));
    assert!(!p.certified);
    assert_eq!(p.certified_at, 31);
    assert!(observed_period(&[1, 0, 2, 3, 4, 5, 6, 6]).is_none());
}

/// The misère Grundy value of a Treblecross strip of `len` cells with X on
/// the cells of `board`, beside `twos` heaps of 2 and `ones` heaps of 1, by
/// the definition (1 when no move is left, else the mex of the options'),
/// on bit masks. A strip with three X in a row has no move left, as a full
/// one; every other empty cell is a move.
struct TreblecrossSearch {
    len: u32,
    memo: HashMap<(u32, u8, u8), u32>,
}

impl TreblecrossSearch {
    fn new(len: u32) -> TreblecrossSearch {
        TreblecrossSearch {
            len,
            memo: HashMap::new(),
        }
    }

    fn grundy(&mut self, board: u32, twos: u8, ones: u8) -> u32 {
        if let Some(&v) = self.memo.get(&(board, twos, ones)) {
            return v;
        }
        let three = board & (board >> 1) & (board >> 2) != 0;
        let mut seen = [false; 64];
        let mut any = false;
        if !three {
            for c in 0..self.len {
                if board & (1 << c) == 0 {
                    any = true;
                    seen[self.grundy(board | (1 << c), twos, ones) as usize] = true;
                }
            }
        }
        if twos > 0 {
            any = true;
            seen[self.grundy(board, twos - 1, ones + 1) as usize] = true;
            seen[self.grundy(board, twos - 1, ones) as usize] = true;
        }
        if ones > 0 {
            any = true;
            seen[self.grundy(board, twos, ones - 1) as usize] = true;
        }
        let v = if any {
            seen.iter()
                .position(|&s| !s)
                .expect("fewer than 64 options' values") as u32
        } else {
            1
        };
        self.memo.insert((board, twos, ones), v);
        v
    }
}

/// The search above agrees with the engine's own moves of Treblecross
/// (a strip of 5, with heaps of 2 beside it, searched as a sum).
#[test]
fn the_treblecross_bit_mask_search_agrees_with_the_engines_moves() {
    let twos = Position::parse("nim(2)").unwrap().components()[0].clone();
    let mut memo = HashMap::new();
    for len in 0..=7u32 {
        let strip = Position::parse(&format!("treblecross({len})"))
            .unwrap()
            .components()
            .to_vec();
        let mut search = TreblecrossSearch::new(len);
        for k in 0..3u8 {
            let mut sum = strip.clone();
            sum.extend(std::iter::repeat_n(twos.clone(), usize::from(k)));
            assert_eq!(
                search.grundy(0, k, 0),
                brute_misere_grundy(&sum, &mut memo),
                "treblecross({len}) + {k}·*2"
            );
        }
    }
}

/// G⁻ and every genus exponent of Treblecross strips up to 18 cells against
/// the bit-mask search. A board never splits into independent parts (three
/// in a row anywhere ends it), so the boards of a strip of `n` are the
/// strings without three X in a row, about 1.84^n of them: both the forms
/// and this search grow so (BENCHMARKS.md, "Misère tables").
#[test]
fn treblecross_genera_match_the_misere_search() {
    let mut solver = MisereSolver::new();
    for n in 0..=18u32 {
        let g = heap_form(&mut solver, &format!("treblecross({n})"));
        let genus = solver.arena().genus(g).unwrap();
        let mut search = TreblecrossSearch::new(n);
        assert_eq!(
            search.grundy(0, 0, 0),
            solver.arena().misere_grundy(g),
            "G⁻ of treblecross({n})"
        );
        for k in 0..genus.shown() + 2 {
            assert_eq!(
                search.grundy(0, k as u8, 0),
                genus.exponent(k),
                "γ{k} of treblecross({n}), genus {genus}"
            );
        }
    }
}
