//! The figures beside a value cost no more than the value (issue 40): they
//! are computed together within an allowance of the arena's work, and one
//! past what is left is left out with the reason, never computed for
//! minutes.

use std::time::{Duration, Instant};

use sprague::{
    Budget, CanonicalArena, CanonicalSolver, FIGURE_STEPS, Play, Position, analyze,
    figure_allowance, incentives,
};

/// A hot 6 × 6 Domineering board whose value (70 908 characters) takes a
/// fraction of a second and whose incentives took minutes: the difference
/// of the whole value with each of its options, canonicalised by
/// comparisons.
const HOT_BOARD: &str = "domineering(\"##..##|#....#|......|......|#....#|##..##\")";

#[test]
fn a_large_values_analysis_takes_a_bounded_multiple_of_its_canonical_form() {
    let position = Position::parse(HOT_BOARD).unwrap();
    // The canonical form alone, with a fresh solver, as the peer bench
    // times it; the best of two runs, so that a descheduled run on a shared
    // machine does not shrink the bound below.
    let mut canonical = Duration::MAX;
    let mut value = String::new();
    for _ in 0..2 {
        let start = Instant::now();
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let g = solver.sum(position.components()).unwrap();
        canonical = canonical.min(start.elapsed());
        value = solver.arena.display(g).unwrap();
    }
    // The default analysis, no time limit: value, outcome, winning move and
    // every figure. The figures together may cost the value's own work, so
    // they and the moves stay within a few times it; before the figures
    // were bounded this took minutes against the value's fraction of a
    // second, hundreds of times over. Twenty times (and a second for a
    // machine busy with other builds) tells the two apart.
    let start = Instant::now();
    let analysis = analyze(&position, Play::Normal, false, &Budget::DEFAULT).unwrap();
    let took = start.elapsed();
    assert_eq!(analysis.value_text(), Some(value));
    assert!(
        took <= canonical * 20 + Duration::from_secs(1),
        "analyze took {took:?}, the canonical form alone {canonical:?}"
    );
    // The thermographic figures are given; the incentives, which would
    // cost far more than the value, are left out, and the analysis says
    // why.
    let figures = analysis.figures().expect("the thermograph fits");
    assert_eq!(figures.incentives, None);
    let left_out = analysis.figures_left_out();
    assert!(
        left_out
            .iter()
            .any(|why| why
                .starts_with("incentives: left out, it would take more work than the value")),
        "{left_out:?}"
    );
}

#[test]
fn a_small_values_figures_are_all_given() {
    // `{1|*}` costs a handful of steps: each figure still gets
    // FIGURE_STEPS, and every one is given.
    let position = Position::parse("{1|*} + ^").unwrap();
    let analysis = analyze(&position, Play::Normal, false, &Budget::DEFAULT).unwrap();
    assert!(analysis.figures_left_out().is_empty());
    let figures = analysis.figures().unwrap();
    assert!(figures.incentives.is_some());
    assert!(
        figure_allowance(0) == FIGURE_STEPS && figure_allowance(FIGURE_STEPS + 1) > FIGURE_STEPS
    );
}

#[test]
fn work_stopped_at_its_limit_leaves_the_arena_correct() {
    // The incentives of the hot board, stopped part way by a limit on work,
    // then finished with the limit lifted, are those of an arena that
    // never stopped: what a stopped computation stored is whole.
    let position = Position::parse("domineering(\"#....|.....|..#..|.....\")").unwrap();
    let texts = |arena: &mut CanonicalArena, g| {
        let (l, r) = incentives(arena, g).unwrap();
        l.into_iter()
            .chain(r)
            .map(|i| arena.display(i).unwrap())
            .collect::<Vec<_>>()
    };
    let mut fresh = CanonicalSolver::new(Budget::DEFAULT);
    let g = fresh.sum(position.components()).unwrap();
    let expected = texts(&mut fresh.arena, g);

    let mut solver = CanonicalSolver::new(Budget::DEFAULT);
    let g = solver.sum(position.components()).unwrap();
    let before = solver.arena.work();
    solver.arena.limit_work(Some(before + 10));
    assert!(incentives(&mut solver.arena, g).is_err());
    assert!(solver.arena.work_limit_reached());
    solver.arena.limit_work(None);
    assert!(!solver.arena.work_limit_reached());
    assert_eq!(texts(&mut solver.arena, g), expected);
}

/// The remoteness beside a value follows the same rule, in positions of
/// its search (`remoteness_allowance`, never the clock): a small board
/// whose value costs little leaves it out with the reason, though the
/// plain search (100 000 positions) finds it; a game played out by hand
/// keeps it; and the same position gets the same answer every time.
#[test]
fn the_remoteness_beside_a_value_costs_no_more_than_the_value() {
    use sprague::{REMOTENESS_FLOOR, Side, remoteness, remoteness_allowance, remoteness_beside};
    let p = Position::parse("domineering(\"#....|.....|.....|.....|....#\")").unwrap();
    let mut a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
    let work = a.work.expect("a canonical value's work is counted");
    let allowance = remoteness_allowance(Some(work));
    assert!(allowance < 100_000, "{allowance}");
    remoteness_beside(&mut a, &p, &Budget::DEFAULT);
    assert_eq!(a.remoteness, None);
    assert_eq!(
        a.remoteness_left_out.as_deref(),
        Some(
            format!(
                "remoteness: left out, it would take more work than the value itself (over {allowance} positions)"
            )
            .as_str()
        )
    );
    // Not undefined: the plain search, with its fixed 100 000 positions,
    // finds it (the first player, Left, loses a P-position).
    let plain = remoteness(&p, Play::Normal, Side::Left, &Budget::DEFAULT);
    assert!(plain.is_some_and(|r| r % 2 == 0), "{plain:?}");
    let mut again = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
    remoteness_beside(&mut again, &p, &Budget::DEFAULT);
    assert_eq!(again.remoteness_left_out, a.remoteness_left_out);
    // Small games keep theirs within the floor: each agrees with the plain
    // search.
    for text in [
        "{1|*}",
        "domineering(\"....|....|....\")",
        "domineering(\"#...|....|...#\") + {2|-1}",
        "clobber(\"xoxo|oxox\")",
    ] {
        let p = Position::parse(text).unwrap();
        let mut a = analyze(&p, Play::Normal, false, &Budget::DEFAULT).unwrap();
        assert!(remoteness_allowance(a.work) >= REMOTENESS_FLOOR);
        remoteness_beside(&mut a, &p, &Budget::DEFAULT);
        assert_eq!(
            a.remoteness,
            remoteness(&p, Play::Normal, Side::Left, &Budget::DEFAULT),
            "{text}"
        );
        assert!(a.remoteness.is_some(), "{text}");
        assert_eq!(a.remoteness_left_out, None, "{text}");
    }
}
