//! Cooling, heating, overheating and reduced canonical forms against the
//! values CGSuite's and cgt-tools' own test suites assert
//! (`data/partizan/cooling-published.txt`, each block naming its source
//! file). Answers are compared as games: equal canonical forms.

use std::sync::Arc;

use sprague::{
    Budget, CanonicalSolver, Component, GameId, Position, cool, heat, overheat,
    reduced_canonical_form,
};

use crate::data_file::entries;
use crate::game_values::dyadic;

fn id(solver: &mut CanonicalSolver, text: &str) -> GameId {
    let components: Vec<Arc<dyn Component>> = Position::parse(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .components()
        .to_vec();
    solver
        .sum(&components)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn published_coolings_heatings_and_reduced_forms() {
    let data = include_str!("data/partizan/cooling-published.txt");
    let (mut checked, mut refused) = (0, 0);
    for (_, line, call, expected) in entries(data) {
        let fields: Vec<&str> = call.split(';').map(str::trim).collect();
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let g = id(&mut solver, fields[1]);
        let got = match (fields[0], &fields[2..]) {
            ("cool", [t]) if t.starts_with('-') => {
                // CGSuite cools down to t > -1; here only t >= 0 is offered.
                assert!(cool(&mut solver.arena, g, dyadic(t)).is_err(), "{line}");
                refused += 1;
                continue;
            }
            ("cool", [t]) => cool(&mut solver.arena, g, dyadic(t)),
            ("reduced", []) => reduced_canonical_form(&mut solver.arena, g),
            ("heat", [t]) => {
                let t = id(&mut solver, t);
                heat(&mut solver.arena, g, t)
            }
            ("overheat", [s, t]) => {
                let s = id(&mut solver, s);
                let t = id(&mut solver, t);
                overheat(&mut solver.arena, g, s, t)
            }
            _ => panic!("unknown line: {line}"),
        }
        .unwrap_or_else(|e| panic!("{line}: {e}"));
        let want = id(&mut solver, expected.trim());
        assert_eq!(
            solver.arena.display(got).unwrap(),
            solver.arena.display(want).unwrap(),
            "{line}"
        );
        checked += 1;
    }
    assert_eq!((checked, refused), (33, 4));
}
