//! Atomic weights, reduced canonical forms, cooling and heating: CGSuite's
//! published values, textbook values, and the theorems checked on random
//! games (some against play, which knows nothing of canonical forms).

use proptest::prelude::*;
use sprague::{
    Budget, CanonicalArena, CanonicalSolver, Dyadic, GameId, Outcome, atomic_weight, cool, heat,
    infinitesimally_close, is_all_small, overheat, reduced_canonical_form,
};

use crate::data_file::entries;
use crate::game_values::{components, dyadic, searched_outcome};

/// The canonical value of the written game `text` in `solver`'s arena.
fn value(solver: &mut CanonicalSolver, text: &str) -> GameId {
    solver
        .sum(&components(text))
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn cgsuite_atomic_weights_reduced_forms_and_freezes() {
    let data = include_str!("data/partizan/cgsuite-atomic-reduced.txt");
    let mut solver = CanonicalSolver::new(Budget::DEFAULT);
    let mut n_checked = 0;
    for (line_no, line, game, expected) in entries(data) {
        let at = format!("line {line_no}: {line}");
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
        let frozen = sprague::freeze(arena, g).unwrap();
        assert_eq!(frozen, value_in(arena, freeze), "{at}: freeze");
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

#[test]
fn heating_and_overheating_by_their_definitions() {
    // Heating fixes numbers and adds t to Left's options and -t to
    // Right's (Winning Ways ch. 6): * = {0|0} heated by 1 is ±1, by 2 is
    // ±2, ^ = {0|*} heated by 1 is {1 | ±1 - 1} = {1||0|-2}. Overheating
    // from s takes an integer n to n copies of s: 3 overheated from ^ is
    // ^3, and * overheated by t is {t|-t} whatever s is.
    let mut solver = CanonicalSolver::new(Budget::DEFAULT);
    let [star, up, three, one, two, pm1, pm2, heated_up, up3] =
        ["*", "^", "3", "1", "2", "±1", "±2", "{1||0|-2}", "^3"]
            .map(|text| value(&mut solver, text));
    let arena = &mut solver.arena;
    assert_eq!(heat(arena, star, one).unwrap(), pm1);
    assert_eq!(heat(arena, star, two).unwrap(), pm2);
    assert_eq!(heat(arena, up, one).unwrap(), heated_up);
    assert_eq!(heat(arena, three, two).unwrap(), three);
    assert_eq!(overheat(arena, three, up, one).unwrap(), up3);
    assert_eq!(overheat(arena, star, up, one).unwrap(), pm1);
    assert_eq!(overheat(arena, star, three, two).unwrap(), pm2);
}

/// Random short games as text: small numbers, nimbers, ups and switches,
/// and forms of those up to three levels deep.
fn game() -> impl Strategy<Value = String> {
    let leaf = prop::sample::select(vec![
        "0", "1", "-1", "2", "1/2", "-3/4", "*", "*2", "^", "v", "^*", "±1", "{1|*}",
    ])
    .prop_map(str::to_string);
    leaf.prop_recursive(3, 24, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| format!("{{{}|{}}}", l.join(", "), r.join(", ")))
    })
}

/// Random all-small games as text: forms whose sides are both empty or
/// both not, over all-small leaves.
fn all_small() -> impl Strategy<Value = String> {
    let leaf = prop::sample::select(vec!["0", "*", "*2", "^", "v", "^*", "v*", "^2", "*3"])
        .prop_map(str::to_string);
    leaf.prop_recursive(3, 24, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 1..3),
            prop::collection::vec(inner, 1..3),
        )
            .prop_map(|(l, r)| format!("{{{}|{}}}", l.join(", "), r.join(", ")))
    })
}

/// Random infinitesimals: all-small games, tinies and minies.
fn infinitesimal() -> impl Strategy<Value = String> {
    prop_oneof![
        all_small(),
        prop::sample::select(vec![
            "{0||0|-2}",
            "{2|0||0}",
            "{0||0|-1/2}",
            "{0|||0||-1|-3}"
        ])
        .prop_map(str::to_string),
    ]
}

/// `a < b`.
fn less(arena: &mut CanonicalArena, a: GameId, b: GameId) -> bool {
    arena.le(a, b).unwrap() && !arena.le(b, a).unwrap()
}

fn temperatures() -> impl Strategy<Value = Dyadic> {
    prop::sample::select(vec!["0", "1/4", "1/2", "1", "3/2", "2", "3"]).prop_map(dyadic)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn atomic_weights_add(g in all_small(), h in all_small()) {
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let gi = value(&mut solver, &g);
        let hi = value(&mut solver, &h);
        let sum = value(&mut solver, &format!("{g} + {h}"));
        let arena = &mut solver.arena;
        prop_assert!(is_all_small(arena, gi).unwrap(), "{}", g);
        let wg = atomic_weight(arena, gi).unwrap().expect("all-small games are atomic");
        let wh = atomic_weight(arena, hi).unwrap().expect("all-small games are atomic");
        let ws = atomic_weight(arena, sum).unwrap().expect("all-small games are atomic");
        prop_assert_eq!(arena.add(wg, wh).unwrap(), ws, "{} + {}", g, h);
        let minus_g = arena.neg(gi).unwrap();
        let w_minus = atomic_weight(arena, minus_g).unwrap().unwrap();
        prop_assert_eq!(arena.neg(wg).unwrap(), w_minus, "-({})", g);
    }

    #[test]
    fn the_two_ahead_rule_holds_in_play(g in all_small(), h in all_small()) {
        // Siegel, Combinatorial Game Theory, II.7 (the two-ahead rule) and
        // Winning Ways ch. 8: for an all-small G, aw(G) >= 2 implies G > 0
        // (Left wins whoever starts), and aw(G) >= 1 implies G |> 0 (Left
        // wins moving first); the same for Right with the signs exchanged.
        // Checked on sums, whose weights reach 2 often, against play.
        for text in [g.clone(), format!("{g} + {h}"), format!("{g} + {h} + ^")] {
            let mut solver = CanonicalSolver::new(Budget::DEFAULT);
            let id = value(&mut solver, &text);
            let arena = &mut solver.arena;
            let w = atomic_weight(arena, id).unwrap().unwrap();
            let [two, one, minus_one, minus_two] = [2, 1, -1, -2].map(|n| arena.integer(n).unwrap());
            let outcome = searched_outcome(&text);
            if arena.le(two, w).unwrap() {
                prop_assert_eq!(outcome, Outcome::L, "{}", text);
            }
            if arena.le(w, minus_two).unwrap() {
                prop_assert_eq!(outcome, Outcome::R, "{}", text);
            }
            if arena.le(one, w).unwrap() {
                prop_assert!(matches!(outcome, Outcome::L | Outcome::N), "{}: {:?}", text, outcome);
            }
            if arena.le(w, minus_one).unwrap() {
                prop_assert!(matches!(outcome, Outcome::R | Outcome::N), "{}: {:?}", text, outcome);
            }
        }
    }

    #[test]
    fn a_game_is_infinitesimally_close_to_its_reduced_form(g in game()) {
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let id = value(&mut solver, &g);
        let arena = &mut solver.arena;
        let r = reduced_canonical_form(arena, id).unwrap();
        let d = arena.sub(id, r).unwrap();
        for k in 0..=8 {
            let x = arena.number(Dyadic::new(1, k).unwrap()).unwrap();
            let minus_x = arena.neg(x).unwrap();
            prop_assert!(less(arena, minus_x, d) && less(arena, d, x), "{} - rcf at 1/2^{}", g, k);
        }
        prop_assert_eq!(reduced_canonical_form(arena, r).unwrap(), r, "rcf(rcf({}))", g);
        prop_assert!(arena.birthday(r).unwrap() <= arena.birthday(id).unwrap(), "{}", g);
    }

    #[test]
    fn infinitesimally_close_games_have_one_reduced_form(g in game(), e in infinitesimal()) {
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let id = value(&mut solver, &g);
        let moved = value(&mut solver, &format!("{g} + {e}"));
        let arena = &mut solver.arena;
        prop_assert!(infinitesimally_close(arena, id, moved).unwrap());
        prop_assert_eq!(
            reduced_canonical_form(arena, id).unwrap(),
            reduced_canonical_form(arena, moved).unwrap(),
            "{} + {}", g, e
        );
    }

    #[test]
    fn cooling_obeys_its_laws(g in game(), h in game(), t in temperatures(), u in temperatures()) {
        // Siegel II.5 and Winning Ways ch. 6: cooling distributes over
        // sums, (G_t)_u = G_(t+u), keeps order, fixes numbers and the mean;
        // above the temperature a game cools to its mean.
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let gi = value(&mut solver, &g);
        let hi = value(&mut solver, &h);
        let sum = value(&mut solver, &format!("{g} + {h}"));
        let arena = &mut solver.arena;
        let gt = cool(arena, gi, t.clone()).unwrap();
        let ht = cool(arena, hi, t.clone()).unwrap();
        let st = cool(arena, sum, t.clone()).unwrap();
        prop_assert_eq!(arena.add(gt, ht).unwrap(), st, "({} + {}) cooled by {}", g, h, t);
        let gtu = cool(arena, gt, u.clone()).unwrap();
        prop_assert_eq!(gtu, cool(arena, gi, &t + &u).unwrap(), "{} by {} then {}", g, t, u);
        if arena.le(hi, gi).unwrap() {
            prop_assert!(arena.le(ht, gt).unwrap(), "{} >= {} cooled by {}", g, h, t);
        }
        let mut thermography = sprague::Thermography::new();
        let before = thermography.thermograph(arena, gi).unwrap();
        let after = thermography.thermograph(arena, gt).unwrap();
        prop_assert_eq!(&after.mean, &before.mean, "{}", g);
        if before.temperature < t {
            prop_assert_eq!(arena.as_number(gt), Some(before.mean), "{} cooled by {}", g, t);
        }
        if arena.as_number(gi).is_some() {
            prop_assert_eq!(gt, gi);
        }
    }

    #[test]
    fn cooling_undoes_heating(g in game(), t in prop::sample::select(vec!["1/2", "1", "2"]).prop_map(dyadic)) {
        // Siegel II.5: heating by t and then cooling by t gives the game
        // back.
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let id = value(&mut solver, &g);
        let arena = &mut solver.arena;
        let t_id = arena.number(t.clone()).unwrap();
        let heated = heat(arena, id, t_id).unwrap();
        prop_assert_eq!(cool(arena, heated, t.clone()).unwrap(), id, "{} heated and cooled by {}", g, t);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn overheating_an_all_small_game_is_heating_it(g in all_small(), s in game(), t in game()) {
        // An all-small game's only number follower is 0 = 0 copies of s,
        // which heating fixes too; the recursions are then the same.
        let mut solver = CanonicalSolver::new(Budget::DEFAULT);
        let [gi, si, ti] = [&g, &s, &t].map(|text| value(&mut solver, text));
        let arena = &mut solver.arena;
        prop_assert_eq!(overheat(arena, gi, si, ti).unwrap(), heat(arena, gi, ti).unwrap(), "{} from {} by {}", g, s, t);
    }
}

/// Every canonical form born by day 2 (Siegel I.4: there are 22).
fn born_by_day_two(arena: &mut CanonicalArena) -> Vec<GameId> {
    let mut games = vec![arena.zero()];
    for _ in 0..2 {
        let mut next = Vec::new();
        let n = games.len();
        for left in 0..1u32 << n {
            for right in 0..1u32 << n {
                let pick = |mask: u32| -> Vec<GameId> {
                    (0..n)
                        .filter(|i| mask >> i & 1 == 1)
                        .map(|i| games[i])
                        .collect()
                };
                let g = arena.form(&pick(left), &pick(right)).unwrap();
                if !next.contains(&g) {
                    next.push(g);
                }
            }
        }
        games = next;
    }
    games
}

#[test]
fn reduced_forms_are_the_simplest_close_games_by_day_two() {
    // Brute force: for every game G born by day 2, and G plus a few
    // infinitesimals, the reduced form is infinitesimally close to G and
    // born no later than any game born by day 2 that is.
    let mut solver = CanonicalSolver::new(Budget::DEFAULT);
    let shifts: Vec<GameId> = ["0", "^", "*", "v*", "{0||0|-2}", "^2*3", "{2|0||0}"]
        .iter()
        .map(|e| value(&mut solver, e))
        .collect();
    let arena = &mut solver.arena;
    let day_two = born_by_day_two(arena);
    assert_eq!(day_two.len(), 22);
    for &c in &day_two {
        for &e in &shifts {
            let g = arena.add(c, e).unwrap();
            let r = reduced_canonical_form(arena, g).unwrap();
            assert!(infinitesimally_close(arena, g, r).unwrap());
            let mut simplest = u64::MAX;
            for &candidate in &day_two {
                if infinitesimally_close(arena, g, candidate).unwrap() {
                    simplest = simplest.min(arena.birthday(candidate).unwrap());
                }
            }
            assert_eq!(arena.birthday(r).unwrap(), simplest);
        }
    }
}
