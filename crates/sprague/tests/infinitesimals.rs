//! Atomic weights, reduced canonical forms, cooling and heating: CGSuite's
//! published values, textbook values, and the theorems checked on random
//! games (some against play, which knows nothing of canonical forms).

use std::sync::Arc;

use proptest::prelude::*;
use sprague::{
    Budget, CanonicalArena, CanonicalSolver, Component, Dyadic, GameId, Outcome, Play, Position,
    Side, SumSearch, atomic_weight, cool, heat, infinitesimally_close, is_all_small,
    reduced_canonical_form,
};

fn components(text: &str) -> Vec<Arc<dyn Component>> {
    Position::parse(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .components()
        .to_vec()
}

/// The canonical value of the written game `text` in `solver`'s arena.
fn value(solver: &mut CanonicalSolver, text: &str) -> GameId {
    solver
        .sum(&components(text))
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn dyadic(text: &str) -> Dyadic {
    let (n, e) = match text.split_once('/') {
        Some((n, den)) => (
            n.parse::<i128>().unwrap(),
            den.parse::<u64>().unwrap().trailing_zeros(),
        ),
        None => (text.parse::<i128>().unwrap(), 0),
    };
    Dyadic::new(n, e).unwrap()
}

#[test]
fn cgsuite_atomic_weights_reduced_forms_and_freezes() {
    let data = include_str!("data/partizan/cgsuite-atomic-reduced.txt");
    let mut solver = CanonicalSolver::new(Budget::DEFAULT);
    let mut n_checked = 0;
    for (line_no, line) in data.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("line {}: {line}", line_no + 1);
        let (game, expected) = line.split_once("=>").expect("a `=>`");
        let fields: Vec<&str> = expected.split(';').map(str::trim).collect();
        let [weight, reduced, freeze] = fields[..] else {
            panic!("{at}: three fields after `=>`");
        };
        let g = value(&mut solver, game.trim());
        let arena = &mut solver.arena;
        let w = atomic_weight(arena, g).unwrap();
        let expected_weight = (weight != "-").then(|| value_in(arena, weight));
        assert_eq!(w, expected_weight, "{at}: atomic weight");
        let r = reduced_canonical_form(arena, g).unwrap();
        assert_eq!(r, value_in(arena, reduced), "{at}: reduced form");
        if freeze != "-" {
            let t = sprague::Thermography::new()
                .thermograph(arena, g)
                .unwrap()
                .temperature;
            let frozen = cool(arena, g, t).unwrap();
            assert_eq!(frozen, value_in(arena, freeze), "{at}: freeze");
        }
        n_checked += 1;
    }
    assert_eq!(n_checked, 25, "the data file lost entries");
}

/// The value of `text` computed in `arena` (through a solver sharing it).
fn value_in(arena: &mut CanonicalArena, text: &str) -> GameId {
    let mut solver = CanonicalSolver::new(Budget::DEFAULT);
    std::mem::swap(&mut solver.arena, arena);
    let g = value(&mut solver, text);
    std::mem::swap(&mut solver.arena, arena);
    g
}

#[test]
fn textbook_atomic_weights() {
    // Winning Ways ch. 8 and Siegel, Combinatorial Game Theory, II.7:
    // aw(^) = 1, aw(*) = 0 (nimbers have weight 0), aw(^*) = 1, and the
    // weight of n.^ + *m is n (weights add, and aw(v) = -1).
    let mut solver = CanonicalSolver::new(Budget::DEFAULT);
    for (game, weight) in [
        ("0", 0),
        ("*", 0),
        ("*2", 0),
        ("*5", 0),
        ("^", 1),
        ("v", -1),
        ("^*", 1),
        ("v*", -1),
        ("^2", 2),
        ("^2*", 2),
        ("^3*3", 3),
        ("v4*2", -4),
        ("^ + ^ + ^ + ^ + ^", 5),
    ] {
        let g = value(&mut solver, game);
        let arena = &mut solver.arena;
        let w = atomic_weight(arena, g).unwrap();
        let expected = arena.integer(weight).unwrap();
        assert_eq!(w, Some(expected), "aw({game})");
    }
    // Hot games and numbers have none (CGSuite: "That game is not atomic").
    for game in ["1", "-1/2", "±1", "{1|*}", "1/2*", "{2|0}"] {
        let g = value(&mut solver, game);
        assert_eq!(atomic_weight(&mut solver.arena, g).unwrap(), None, "{game}");
    }
}

#[test]
fn textbook_reduced_forms_and_coolings() {
    // Siegel II.6: a game infinitesimally close to a number x reduces to
    // x; a form whose options are numbers is already reduced. Cooling by
    // the definition (Winning Ways ch. 6; Siegel II.5): ±3 cooled by 2 is
    // ±1, by its temperature 3 is *, and above it 0; {3|0} (temperature
    // 3/2, mean 3/2) cooled by 1 is {2|1} and by 3/2 is 3/2*; {2|-1} cooled
    // by 1 is {1|0}.
    let mut solver = CanonicalSolver::new(Budget::DEFAULT);
    for (game, reduced) in [
        ("1/2*", "1/2"),
        ("3^*", "3"),
        ("{1|-1}", "{1|-1}"),
        ("{2|0}", "{2|0}"),
        ("{1|*}", "{1|0}"),
        ("{2^|-1*}", "{2|-1}"),
    ] {
        let g = value(&mut solver, game);
        let r = reduced_canonical_form(&mut solver.arena, g).unwrap();
        let expected = value(&mut solver, reduced);
        assert_eq!(r, expected, "rcf({game})");
    }
    for (game, t, cooled) in [
        ("±3", "2", "±1"),
        ("±3", "3", "*"),
        ("±3", "4", "0"),
        ("{3|0}", "1", "{2|1}"),
        ("{3|0}", "3/2", "3/2*"),
        ("{3|0}", "2", "3/2"),
        ("{2|-1}", "1", "{1|0}"),
        ("5/8", "7", "5/8"),
        ("^", "0", "^"),
        ("^", "1/4", "0"),
    ] {
        let g = value(&mut solver, game);
        let c = cool(&mut solver.arena, g, dyadic(t)).unwrap();
        let expected = value(&mut solver, cooled);
        assert_eq!(c, expected, "{game} cooled by {t}");
    }
    let g = value(&mut solver, "±1");
    assert!(cool(&mut solver.arena, g, dyadic("-1/2")).is_err());
}
