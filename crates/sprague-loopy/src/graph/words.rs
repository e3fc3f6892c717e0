//! The word-chain game of seed note 004 as a graph.
//!
//! "Wiwi and Haola play a game with a set S of N words. Wiwi says an English
//! word a; Haola must say a word of S whose first three letters are the last
//! three letters of a, and so on. A word may be said many times; who cannot
//! say a word loses. Example: purple → please → ase..." The note then asks
//! "surely Wiwi wins!?": since words repeat, play can go on forever, so
//! the game has draws, and it is solved backwards from the words nobody can
//! answer (the note's section on loopy games).
//!
//! A vertex is a word just said; its successors are the words that answer
//! it. The outcome of a vertex is for the player who must answer it: a word
//! is P when saying it wins, N when the opponent has a winning answer, D
//! when neither side can force a win. Letters are Unicode scalar values; a
//! word shorter than three letters has no first or last three letters, so it
//! neither answers nor is answered.

use std::collections::HashMap;

use super::Graph;

/// The graph of the word-chain game on `words` (repeats are dropped; the
/// vertices keep the order of first appearance and are named by the words).
///
/// # Examples
///
/// ```
/// use sprague_loopy::graph::word_chain;
/// let g = word_chain(&["purple", "please", "aseptic"]);
/// assert_eq!(g.successors(0), &[1]); // purple → please
/// assert_eq!(g.successors(1), &[2]); // please → aseptic
/// assert_eq!(g.name(2), Some("aseptic"));
/// ```
pub fn word_chain<S: AsRef<str>>(words: &[S]) -> Graph {
    let mut names: Vec<String> = Vec::new();
    let mut seen: HashMap<&str, ()> = HashMap::new();
    for w in words {
        let w = w.as_ref();
        if seen.insert(w, ()).is_none() {
            names.push(w.to_string());
        }
    }
    let first3 = |w: &str| -> Option<String> {
        (w.chars().count() >= 3).then(|| w.chars().take(3).collect())
    };
    let last3 = |w: &str| -> Option<String> {
        let n = w.chars().count();
        (n >= 3).then(|| w.chars().skip(n - 3).collect())
    };
    // Words grouped by their first three letters: the answers to a word are
    // the group of its last three.
    let mut by_prefix: HashMap<String, Vec<u32>> = HashMap::new();
    for (i, w) in names.iter().enumerate() {
        if let Some(p) = first3(w) {
            by_prefix.entry(p).or_default().push(i as u32);
        }
    }
    let mut sources = Vec::new();
    let mut targets = Vec::new();
    for (i, w) in names.iter().enumerate() {
        if let Some(answers) = last3(w).and_then(|s| by_prefix.get(&s)) {
            for &j in answers {
                sources.push(i as u32);
                targets.push(j);
            }
        }
    }
    let n = names.len() as u32;
    Graph::from_edges(n, &sources, &targets).with_names(names)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{LoopyGrundy, LoopyValue, Retrograde};
    use sprague_core::outcome::Outcome;

    /// The notes' chain purple → please → ase..., continued with a few
    /// real words: aseptic → ticket → ketchup (nobody can answer ketchup),
    /// and aseptic → tictac → tactic → tictac → ..., where whoever must
    /// answer tactic avoids ticket (which loses: the opponent answers
    /// ketchup) by saying tictac again.
    const WORDS: [&str; 7] = [
        "purple", "please", "aseptic", "ticket", "ketchup", "tictac", "tactic",
    ];

    #[test]
    fn the_notes_example_has_draws() {
        let g = word_chain(&WORDS);
        let r = Retrograde::new(&g, &g.transpose());
        let outcome = |w| r.outcome(g.vertex_named(w).unwrap());
        let remoteness = |w| r.remoteness(g.vertex_named(w).unwrap());
        // Nobody can answer ketchup: saying it wins at once.
        assert_eq!(
            (outcome("ketchup"), remoteness("ketchup")),
            (Outcome::P, Some(0))
        );
        // Ticket is answered by ketchup.
        assert_eq!(
            (outcome("ticket"), remoteness("ticket")),
            (Outcome::N, Some(1))
        );
        // Every other word leads into the tictac-tactic loop: a draw. So
        // the note's "surely Wiwi wins" holds only because Wiwi may open
        // with ketchup; opening with purple is a draw.
        for w in ["purple", "please", "aseptic", "tictac", "tactic"] {
            assert_eq!((outcome(w), remoteness(w)), (Outcome::D, None), "{w}");
        }
    }

    #[test]
    fn the_notes_example_has_these_loopy_values() {
        // By the definition: ketchup is terminal, 0; ticket moves only to
        // ketchup, 1. Tictac and tactic have no successor of value 0 and
        // reach each other, so they are ∞; then so are aseptic, please and
        // purple, none of which has a successor of value 0 or one that can
        // reverse to it.
        let g = word_chain(&WORDS);
        let values = LoopyGrundy::new(&g, &g.transpose());
        let value = |w| values.value(&g, g.vertex_named(w).unwrap()).to_string();
        assert_eq!(value("ketchup"), "0");
        assert_eq!(value("ticket"), "1");
        assert_eq!(value("tactic"), "∞{1}");
        assert_eq!(value("tictac"), "∞{}");
        assert_eq!(value("aseptic"), "∞{1}");
        assert_eq!(value("please"), "∞{}");
        assert_eq!(value("purple"), "∞{}");
        // Two games at once, tactic and ticket: ∞{1} + 1 = ∞{0}, a win for
        // the player to answer: answer tactic with ticket, leaving
        // ticket + ticket = 0.
        let sum = LoopyValue::infinite(vec![1]).sum(&LoopyValue::Finite(1));
        assert_eq!(sum.outcome(), Outcome::N);
        let tactic = g.vertex_named("tactic").unwrap();
        let ticket = g.vertex_named("ticket").unwrap();
        assert_eq!(values.best_move(&g, &[tactic, ticket]), Some((0, ticket)));
    }

    #[test]
    fn short_words_and_repeats() {
        let g = word_chain(&["ab", "abcab", "abcab", "cab"]);
        assert_eq!(g.n_vertices(), 3);
        // abcab ends with "cab", which starts cab; cab ends with "cab" too.
        assert_eq!(g.successors(1), &[2]);
        assert_eq!(g.successors(2), &[2]);
        assert_eq!(g.successors(0), &[] as &[u32]);
    }
}
