use super::*;

fn budget() -> Budget {
    Budget::positions(1 << 22)
}

fn read(arena: &mut MisereArena, text: &str) -> MisereId {
    let syntax = parse_misere(text, 0).expect("parses");
    arena
        .eval(&syntax, &budget())
        .expect("budget")
        .expect("evaluates")
}

/// Conway (ONAG ch. 12): 1, 2, 3, 5 and 22 misère games are born by days
/// 0 to 4.
#[test]
fn canonical_forms_born_by_day_four_are_twenty_two() {
    let mut arena = MisereArena::new();
    let mut born = vec![MisereId::ZERO];
    let mut counts = vec![1];
    for _ in 0..4 {
        let mut next = Vec::new();
        for mask in 0u32..(1 << born.len()) {
            let options: Vec<MisereId> = (0..born.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| born[i])
                .collect();
            let g = if options.is_empty() {
                MisereId::ZERO
            } else {
                arena.form(options, &budget()).unwrap()
            };
            next.push(g);
        }
        next.sort_unstable();
        next.dedup();
        born = next;
        counts.push(born.len());
    }
    assert_eq!(counts, vec![1, 2, 3, 5, 22]);
}

#[test]
fn star_one_plus_star_one_is_zero() {
    let mut arena = MisereArena::new();
    let one = arena.nimber(1, &budget()).unwrap();
    assert_eq!(arena.add(one, one, &budget()).unwrap(), MisereId::ZERO);
    let g = read(&mut arena, "*[[1]]");
    assert_eq!(g, MisereId::ZERO);
}

#[test]
fn printing_matches_cgsuite_examples() {
    let mut arena = MisereArena::new();
    for (input, output) in [
        ("*[2]", "*[2]"),
        ("*[[2]]", "*[2#]"),
        ("*[[2],1]", "*[2#1]"),
        ("*[2]+*[2]", "*[2[2]]"),
        ("*[[*[4]+*[2]]]", "*[4[2#]]"),
    ] {
        let g = read(&mut arena, input);
        assert_eq!(arena.display(g, &budget()).unwrap(), output, "{input}");
    }
}
