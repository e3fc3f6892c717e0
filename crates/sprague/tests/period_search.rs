//! The one period search: `analyze` (a heap's Grundy value), `table` (the
//! family's period) and the web explorer call the same function, so a game
//! whose period the table proves is answered at every heap by analyze,
//! with the same preperiod and period.

use sprague::rulesets::{HeapFamily, SearchEnd, family, table_budget};
use sprague::syntax::parse_ruleset;
use sprague::{Budget, Play, Position, analyze};

/// Heaps far beyond any value computed.
const HUGE: [u64; 2] = [1_000_000_000, 1_000_000_000_000_000_007];

/// `G(n)` by the period the table reports, from the table's own values
/// `G(0..n0 + p)`: `G(n0 + r) + q·s` for `n = n0 + q·p + r`.
fn by_table_period(f: &dyn HeapFamily, n: u64, budget: &Budget) -> u64 {
    let p = f
        .search_period(budget, &mut |_| true)
        .unwrap()
        .periodicity
        .unwrap();
    let (n0, period) = (p.preperiod, p.period);
    let first = f.grundy_values(0, n0 + period - 1, budget).unwrap();
    if n < n0 + period {
        return first[n as usize].0;
    }
    let (q, r) = ((n - n0) / period, (n - n0) % period);
    first[(n0 + r) as usize].0 + q * p.saltus
}

fn analyze_grundy(text: &str, budget: &Budget) -> Result<u64, String> {
    let position = Position::parse(text).unwrap();
    analyze(&position, Play::Normal, false, budget)
        .map(|a| a.grundy().unwrap().0)
        .map_err(|e| e.to_string())
}

fn heap_grundy(text: &str, budget: &Budget) -> u64 {
    let position = Position::parse(text).unwrap();
    match position.components()[0].kind() {
        sprague::Kind::Impartial(i) => i.grundy(budget).unwrap().0,
        _ => unreachable!("heaps of these games are impartial"),
    }
}

/// Checks one code both ways; returns whether the table proved a period.
fn agree(code: &str, budget: &Budget) -> bool {
    let f = family(&parse_ruleset(&format!("octal[{code}]")).unwrap()).unwrap();
    let report = f.search_period(budget, &mut |_| true).unwrap();
    let proved = report.end == SearchEnd::Proved;
    for n in HUGE {
        let heap = format!("octal[{code}]({n})");
        match analyze_grundy(&heap, budget) {
            Ok(g) => {
                assert!(
                    proved,
                    "{heap}: analyze answered {g}, the table proved nothing"
                );
                assert_eq!(g, by_table_period(f.as_ref(), n, budget), "{heap}");
            }
            Err(e) => {
                assert!(!proved, "{heap}: the table proved {report:?}, analyze: {e}");
                assert!(e.contains("no period is proved"), "{heap}: {e}");
            }
        }
    }
    proved
}

#[test]
fn analyze_answers_every_heap_of_every_game_whose_period_the_table_proves() {
    // Every octal code 0.d1d2 and 0.1d2d3: a budget of 2^15 values proves
    // most of them (Winning Ways, ch. 4 tabulates their periods) and leaves
    // some unsolved ones (0.007, 0.106, ...), which both must refuse alike.
    let budget = Budget::positions(1 << 15);
    let mut codes = Vec::new();
    for d1 in 0..8 {
        for d2 in 0..8 {
            codes.push(format!("0.{d1}{d2}"));
            codes.push(format!("0.1{d1}{d2}"));
        }
    }
    let proved = codes.iter().filter(|c| agree(c, &budget)).count();
    assert!(proved > 64, "{proved} of {} proved", codes.len());
    assert!(
        proved < codes.len(),
        "some codes stay unproved at this budget"
    );
}

#[test]
fn arithmetic_periods_are_answered_only_when_certified() {
    let budget = Budget::DEFAULT;
    // 0.FF: G(n) = n, certified (see `sprague::nim_sequence_bound`).
    assert!(agree("0.FF", &budget));
    assert_eq!(
        analyze_grundy("octal[0.ff](1000000000000000007)", &budget),
        Ok(HUGE[1])
    );
    // 0.8F: G(n + 7) = G(n) + 4 from heap 7, observed, not certified.
    let f = family(&parse_ruleset("octal[0.8F]").unwrap()).unwrap();
    let report = f.search_period(&budget, &mut |_| true).unwrap();
    assert_eq!(report.end, SearchEnd::Unprovable);
    let p = report.periodicity.unwrap();
    assert_eq!(
        (p.preperiod, p.period, p.saltus, p.certified),
        (7, 7, 4, false)
    );
    let err = analyze_grundy("octal[0.8F](1000000000)", &budget).unwrap_err();
    assert!(
        err.contains("no theorem the engine knows certifies"),
        "{err}"
    );
    // Nim and Lasker's Nim: by their closed forms.
    for (ruleset, expected) in [("nim", (0, 1, 1)), ("lasker", (1, 4, 4))] {
        let f = family(&parse_ruleset(ruleset).unwrap()).unwrap();
        let p = f.periodicity(&budget).unwrap().unwrap();
        assert_eq!(
            (p.preperiod, p.period, p.saltus, p.certified),
            (expected.0, expected.1, expected.2, true)
        );
        for n in HUGE.into_iter().chain(0..40) {
            // The heap's value (analyze would also list a winning move,
            // which for Lasker's Nim scans the splits of a huge heap).
            let g = heap_grundy(&format!("{ruleset}({n})"), &budget);
            assert_eq!(g, by_table_period(f.as_ref(), n, &budget), "{ruleset}({n})");
        }
    }
}

#[test]
fn the_search_says_why_it_stopped() {
    let officers = family(&parse_ruleset("officers").unwrap()).unwrap();
    let r = officers
        .search_period(&Budget::positions(3000), &mut |_| true)
        .unwrap();
    assert_eq!(
        (r.end, r.computed),
        (SearchEnd::Budget { values: 3000 }, 3000)
    );
    // 4 bytes a heap at this length (2 kept, 2 of the period detector's
    // scratch): 60 000 bytes hold 15 000 heaps.
    let officers = family(&parse_ruleset("officers").unwrap()).unwrap();
    let r = officers
        .search_period(&Budget::positions(1 << 20).with_memory(60_000), &mut |_| {
            true
        })
        .unwrap();
    assert_eq!(
        r.end,
        SearchEnd::Memory {
            values: 15_000,
            bytes: 60_000
        }
    );
    assert_eq!(r.computed, 15_000);
    let err = analyze_grundy(
        "officers(1000000000000)",
        &Budget::positions(1 << 20).with_memory(60_000),
    )
    .unwrap_err();
    assert!(
        err.contains("where memory would run out: 15000 values"),
        "{err}"
    );
    // A caller that shows progress sees the values as they are computed:
    // the search's and those of a heap within the budget.
    static PROGRESS: sprague::Progress = sprague::Progress::new();
    let officers = family(&parse_ruleset("officers").unwrap()).unwrap();
    let r = officers
        .search_period(
            &Budget::positions(3000).with_progress(&PROGRESS),
            &mut |_| true,
        )
        .unwrap();
    assert_eq!((r.computed, PROGRESS.values()), (3000, 3000));
    analyze_grundy("officers(4999)", &Budget::DEFAULT.with_progress(&PROGRESS)).unwrap();
    assert_eq!(PROGRESS.values(), 5000);
    // A caller that stops the search.
    let officers = family(&parse_ruleset("officers").unwrap()).unwrap();
    let r = officers
        .search_period(&Budget::DEFAULT, &mut |n| n < 5000)
        .unwrap();
    assert_eq!(r.end, SearchEnd::Stopped);
}

#[test]
fn a_table_that_does_not_fit_is_refused_before_it_starts() {
    let officers = family(&parse_ruleset("officers").unwrap()).unwrap();
    let small = Budget::DEFAULT.with_memory(1 << 20);
    // 2^24 heaps at 4 bytes (2 kept, 2 of the period detector's scratch,
    // which is under its 1 GiB bound) and 16 more held per printed value.
    let err = table_budget(officers.as_ref(), 0, 1 << 24, 16, None, small).unwrap_err();
    assert_eq!(err.needed, ((1u64 << 24) + 1) * 20);
    assert_eq!(
        err.to_string(),
        // (2^24 + 1) * 20 bytes = 320 MiB: 4 a heap kept (64 MiB), 16 printed.
        "the table up to heap 16777216 needs about 320.0 MiB (64.0 MiB of values kept, 256.0 MiB of values printed), more than the 1.0 MiB of memory available"
    );
    // An explicit budget is taken as given; a family computed by formula
    // keeps the budget it had.
    assert_eq!(
        table_budget(officers.as_ref(), 0, 1 << 24, 16, Some(500), small)
            .unwrap()
            .max_positions,
        500
    );
    let nim = family(&parse_ruleset("nim").unwrap()).unwrap();
    assert_eq!(
        table_budget(nim.as_ref(), 0, 1 << 24, 16, None, small).unwrap(),
        small
    );
    // What fits runs: the budget grows to the table.
    let roomy = Budget::DEFAULT.with_memory(1 << 30);
    let b = table_budget(officers.as_ref(), 0, 1 << 24, 0, None, roomy).unwrap();
    assert_eq!(b.max_positions, (1 << 24) + 1);
}

/// 0.376: period 4 from heap 2 268 248 (Flammenkamp's table of octal
/// games), proved by G(0..4 536 507), beyond the 2^22 heaps analyze used to
/// stop at. About 10 s each for the table and for analyze in release mode,
/// so only there.
#[cfg(not(debug_assertions))]
#[test]
fn analyze_answers_0_376_at_huge_heaps() {
    let budget = Budget::DEFAULT;
    let f = family(&parse_ruleset("octal[0.376]").unwrap()).unwrap();
    let r = f.search_period(&budget, &mut |_| true).unwrap();
    let p = r.periodicity.unwrap();
    assert_eq!(
        (r.end, p.preperiod, p.period, p.saltus, p.certified_at),
        (SearchEnd::Proved, 2_268_248, 4, 0, 4_536_507)
    );
    let position = Position::parse("octal[0.376](1000000000, 1000000000000000007)").unwrap();
    let heaps: Vec<u64> = position
        .components()
        .iter()
        .map(|c| match c.kind() {
            sprague::Kind::Impartial(i) => i.grundy(&budget).unwrap().0,
            _ => unreachable!("take-and-break heaps are impartial"),
        })
        .collect();
    let expected: Vec<u64> = HUGE
        .iter()
        .map(|&n| by_table_period(f.as_ref(), n, &budget))
        .collect();
    assert_eq!(heaps, expected);
    let a = analyze(&position, Play::Normal, false, &budget).unwrap();
    assert_eq!(a.grundy().unwrap().0, expected[0] ^ expected[1]);
}

#[test]
fn a_heap_in_a_position_reaches_as_far_as_the_period_values_allow() {
    // Dawson's Chess (0.137): period 34 from heap 52, proved by G(0..=174)
    // (Winning Ways, ch. 4). A budget of 100 values cannot prove it; the
    // same budget with the period search allowed 1000 values (what the
    // command line gives analyze without --budget, at 2^32) can, and the
    // heap's value is the one the period gives.
    let small = Budget::positions(100);
    assert!(analyze_grundy("dawsonschess(1000000000)", &small).is_err());
    let reach = small.with_period_values(1000);
    let chess = family(&parse_ruleset("dawsonschess").unwrap()).unwrap();
    assert_eq!(
        analyze_grundy("dawsonschess(1000000000)", &reach).unwrap(),
        by_table_period(chess.as_ref(), 1_000_000_000, &Budget::DEFAULT)
    );
    // Within max_positions the search never goes past it either way.
    assert!(
        analyze_grundy(
            "dawsonschess(1000000000)",
            &Budget::positions(150).with_period_values(150)
        )
        .is_err()
    );
}
