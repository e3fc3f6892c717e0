//! Conway's genus (*On Numbers and Games*, ch. 12) and the phyla CGSuite
//! files misère forms under to print it.
//!
//! The genus of `G` is `g^(γ0 γ1 γ2 ...)` with `g = G⁺` and
//! `γk = G⁻(G + k·*2)`. Since `G + k·*2` moves to `G' + k·*2`, to
//! `G + (k-1)·*2` and to `G + (k-1)·*2 + *1` (whose `G⁻` is `γ(k-1) ⊕ 1`),
//! `γ0` is the mex of the options' `γ0` (`1` for `0`) and `γk` the mex of
//! the options' `γk` with `γ(k-1)` and `γ(k-1) ⊕ 1`. The sequence is
//! eventually periodic of period 2, so it is written up to where it starts
//! repeating. The tests check every exponent against a plain misère search
//! of `G + k·*2`.
//!
//! CGSuite prints the genus of a *tame* game (a nim heap, `0^1`, `1^0`,
//! `0^0`, `1^1` or `n^n`, reached through tame options) and of a *restive*
//! one with one exponent, `γ0` (a nim heap with none), and of any other
//! game the sequence up to its period (`2^1420`, `0^120`), at least two
//! exponents. Which games count as tame or restive is the phylum below, as
//! CGSuite decides it (Conway's tame and restive games, and the games that
//! become tame through reversible moves).

use std::fmt;

/// The phylum of a misère form, as CGSuite classifies it; later is wilder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phylum {
    /// A nim heap.
    NimHeap,
    /// Tame genus, every option a nim heap or hereditarily tame.
    HereditarilyTame,
    /// Tame genus reached through tame-reversible options.
    ReversiblyTame,
    /// Determines the genus with any set of tame games.
    Tameable,
    /// Tame genus, otherwise wild.
    WildOfTameGenus,
    /// Restive genus (`G⁺ ≤ 1 < G⁻`), every option hereditarily tame.
    HereditarilyRestive,
    /// Restive genus through restive-reversible options.
    ReversiblyRestive,
    /// Restive genus, otherwise wild.
    WildOfRestiveGenus,
    /// Every option tame, `G⁻ ≤ 1 < G⁺`.
    Restless,
    /// Restless genus, otherwise wild.
    WildOfRestlessGenus,
    /// `G⁺` and `G⁻` differ and both exceed 1.
    Wild,
}

impl Phylum {
    /// Nim heap, hereditarily or reversibly tame.
    pub fn is_generally_tame(self) -> bool {
        matches!(
            self,
            Phylum::NimHeap | Phylum::HereditarilyTame | Phylum::ReversiblyTame
        )
    }

    /// Tame or tameable.
    pub fn is_tameable(self) -> bool {
        self.is_generally_tame() || self == Phylum::Tameable
    }

    /// Hereditarily or reversibly restive.
    pub fn is_generally_restive(self) -> bool {
        matches!(
            self,
            Phylum::HereditarilyRestive | Phylum::ReversiblyRestive
        )
    }

    /// Generally tame or generally restive.
    pub fn is_restive_or_tame(self) -> bool {
        self.is_generally_tame() || self.is_generally_restive()
    }

    fn is_wild(self) -> bool {
        matches!(
            self,
            Phylum::WildOfTameGenus
                | Phylum::WildOfRestiveGenus
                | Phylum::WildOfRestlessGenus
                | Phylum::Wild
        )
    }
}

fn first_free(set: &[bool]) -> u32 {
    set.iter().position(|&s| !s).unwrap_or(set.len()) as u32
}

fn mark(set: &mut Vec<bool>, v: u32) {
    let v = v as usize;
    if v >= set.len() {
        set.resize(v + 1, false);
    }
    set[v] = true;
}

/// What the classification needs of a form: its phylum and values.
#[derive(Clone, Copy, Debug)]
pub(super) struct Traits {
    pub phylum: Phylum,
    pub gplus: u32,
    pub gminus: u32,
}

/// What the classification needs of an option: its traits and its own
/// options'.
#[derive(Clone, Debug)]
pub(super) struct OptionTraits {
    pub own: Traits,
    pub options: Vec<Traits>,
}

/// The phylum of a new form with options of these traits and these values.
pub(super) fn classify(options: &[OptionTraits], gp: u32, gm: u32) -> Phylum {
    // The wildest option, looked at only while every option so far is
    // generally tame (beyond that the case does not matter).
    let mut wildest = Phylum::NimHeap;
    for o in options {
        if !wildest.is_generally_tame() {
            break;
        }
        wildest = wildest.max(o.own.phylum);
    }
    let tame_genus = gp == gm || (gp | gm) <= 1;
    let mut phylum = if tame_genus {
        Phylum::WildOfTameGenus
    } else if gp < 2 {
        Phylum::WildOfRestiveGenus
    } else if gm < 2 {
        Phylum::WildOfRestlessGenus
    } else {
        Phylum::Wild
    };
    let nim_like = tame_genus && (gp > 1 || gp != gm);
    match wildest {
        Phylum::NimHeap if nim_like => phylum = Phylum::NimHeap,
        Phylum::NimHeap | Phylum::HereditarilyTame => {
            phylum = match phylum {
                Phylum::WildOfTameGenus => Phylum::HereditarilyTame,
                Phylum::WildOfRestiveGenus => Phylum::HereditarilyRestive,
                Phylum::WildOfRestlessGenus => Phylum::Restless,
                other => other,
            }
        }
        Phylum::ReversiblyTame => {
            phylum = match phylum {
                Phylum::WildOfTameGenus => Phylum::ReversiblyTame,
                Phylum::WildOfRestiveGenus => Phylum::ReversiblyRestive,
                Phylum::WildOfRestlessGenus => Phylum::Restless,
                other => other,
            }
        }
        _ => {}
    }
    if matches!(phylum, Phylum::WildOfTameGenus | Phylum::WildOfRestiveGenus)
        && let Some(p) = reversibly(options, gp, gm, phylum == Phylum::WildOfTameGenus)
    {
        phylum = p;
    }
    if phylum.is_wild() {
        Phylum::Wild
    } else {
        phylum
    }
}

/// Whether a game of tame (or restive) genus with some wild option is
/// still tame (restive) because each wild option reverses through a tame
/// (restive) game of the same values, or is tameable.
fn reversibly(options: &[OptionTraits], gp: u32, gm: u32, tame_genus: bool) -> Option<Phylum> {
    let mut reversible = true;
    let mut tameable = tame_genus;
    let mut plus = Vec::new();
    let mut minus = Vec::new();
    let mut tameable_plus = Vec::new();
    let mut tameable_minus = Vec::new();
    for o in options {
        let op = o.own.phylum;
        if op.is_generally_tame() {
            mark(&mut plus, o.own.gplus);
            mark(&mut minus, o.own.gminus);
            continue;
        }
        let mut tameable_minus_found = false;
        let mut tameable_plus_found = false;
        if tameable && op == Phylum::Tameable {
            mark(&mut tameable_minus, o.own.gminus);
            mark(&mut tameable_plus, o.own.gplus);
            tameable_minus_found = true;
            tameable_plus_found = true;
        }
        let mut minus_found = false;
        let mut plus_found = false;
        for s in &o.options {
            let sp = s.phylum;
            let looked_at = sp.is_generally_tame()
                || (!tame_genus && reversible && sp.is_restive_or_tame())
                || (tameable && sp.is_tameable());
            if !looked_at {
                continue;
            }
            let (s_minus, s_plus) = (s.gminus, s.gplus);
            if sp.is_generally_tame() && tame_genus {
                minus_found |= gm == s_minus;
                plus_found |= gp == s_plus;
            } else if sp.is_restive_or_tame() && !tame_genus {
                minus_found |= gm == s_minus && (s_plus <= 1 || (s_plus ^ gm) <= 1);
                plus_found |= gp == s_plus && (s_minus <= 1 || (s_minus ^ gm) <= 1);
            } else if sp == Phylum::Tameable && tameable {
                tameable_minus_found |= gm == s_minus;
                tameable_plus_found |= gp == s_plus;
            }
        }
        if !(minus_found && plus_found) {
            reversible = false;
            if !(tameable_minus_found && tameable_plus_found) {
                tameable = false;
            }
            if !tameable {
                return None;
            }
        }
    }
    if reversible && (gp != first_free(&plus) || gm != first_free(&minus)) {
        reversible = false;
    }
    if tameable {
        for (v, &s) in tameable_plus.iter().enumerate() {
            if s {
                mark(&mut plus, v as u32);
            }
        }
        for (v, &s) in tameable_minus.iter().enumerate() {
            if s {
                mark(&mut minus, v as u32);
            }
        }
        if (gp != first_free(&plus) || gm != first_free(&minus))
            && (plus.iter().any(|&s| s) || gp > 0)
        {
            tameable = false;
        }
    }
    if reversible {
        Some(if tame_genus {
            Phylum::ReversiblyTame
        } else {
            Phylum::ReversiblyRestive
        })
    } else if tameable {
        Some(Phylum::Tameable)
    } else {
        None
    }
}

/// Conway's genus `g^(γ0 γ1 ...)`, as CGSuite keeps and prints it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Genus {
    base: u32,
    sup: Vec<u32>,
    kind: Kind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    NimHeap,
    Tame,
    Restive,
    Wild,
}

impl Genus {
    pub(super) fn simple(phylum: Phylum, gp: u32, gm: u32) -> Genus {
        let kind = if phylum == Phylum::NimHeap {
            Kind::NimHeap
        } else if phylum.is_generally_tame() {
            Kind::Tame
        } else {
            Kind::Restive
        };
        Genus {
            base: gp,
            sup: if kind == Kind::NimHeap {
                Vec::new()
            } else {
                vec![gm]
            },
            kind,
        }
    }

    /// The genus of a game with these options' genera, by the recurrence
    /// above (the game with no option is `0`, a nim heap, genus `0`): the
    /// genus of any game tree, canonical or not, which a search of a
    /// position's options gives without its misère canonical form. Written
    /// in Conway's full symbol up to where the exponents repeat
    /// (`2^20`): CGSuite's shorter symbol for a tame or restive game
    /// (`2^2`) needs the form's phylum, which the options' genera do not
    /// tell.
    pub fn of_options(options: &[Genus]) -> Genus {
        if options.is_empty() {
            Genus::simple(Phylum::NimHeap, 0, 1)
        } else {
            Genus::from_options(options)
        }
    }

    pub(super) fn from_options(options: &[Genus]) -> Genus {
        let base = mex_of(options.iter().map(|g| g.base));
        let longest = options.iter().map(Genus::settles).max().unwrap_or(1).max(1) + 2;
        let mut sup = Vec::with_capacity(longest + 1);
        sup.push(mex_of(options.iter().map(|g| g.exponent(0))));
        for k in 1..=longest {
            let prev = sup[k - 1];
            let own = [prev, prev ^ 1];
            sup.push(mex_of(
                own.into_iter().chain(options.iter().map(|g| g.exponent(k))),
            ));
        }
        let mut last = longest;
        while last > 1 && sup[last] == sup[last - 2] {
            last -= 1;
        }
        sup.truncate(last + 1);
        Genus {
            base,
            sup,
            kind: Kind::Wild,
        }
    }

    /// `G⁺`, the base.
    pub fn base(&self) -> u32 {
        self.base
    }

    /// The exponent `γk = G⁻(G + k·*2)`, for any `k`.
    pub fn exponent(&self, k: usize) -> u32 {
        if k < self.sup.len() {
            return self.sup[k];
        }
        let flip = ((k & 1) as u32) << 1;
        match self.kind {
            Kind::NimHeap | Kind::Tame => {
                if k == 0 && self.base < 2 {
                    1 - self.base
                } else {
                    self.base ^ flip
                }
            }
            Kind::Restive => {
                (if self.sup[0] < 4 {
                    self.sup[0]
                } else {
                    self.base
                }) ^ flip
            }
            Kind::Wild => {
                let n = self.sup.len();
                self.sup[n - 2 + ((n ^ k) & 1)]
            }
        }
    }

    /// The least index from which the exponents repeat with period 2
    /// (every exponent past it equals the one two before).
    fn settles(&self) -> usize {
        match self.kind {
            Kind::NimHeap | Kind::Tame => {
                if self.base < 2 && (self.sup.is_empty() || self.sup[0] != self.base) {
                    2
                } else {
                    1
                }
            }
            Kind::Restive => {
                if self.sup[0] < 4 {
                    1
                } else {
                    2
                }
            }
            Kind::Wild => self.sup.len() - 1,
        }
    }

    /// How many exponents the printed symbol shows.
    pub fn shown(&self) -> usize {
        self.sup.len()
    }
}

fn mex_of(values: impl Iterator<Item = u32>) -> u32 {
    let mut set = Vec::new();
    for v in values {
        mark(&mut set, v);
    }
    first_free(&set)
}

impl fmt::Display for Genus {
    /// CGSuite's text: `2`, `0^0`, `2^1420`, and exponents of two digits
    /// or more in parentheses with commas, `0^(1,10)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.base)?;
        if self.sup.is_empty() {
            return Ok(());
        }
        f.write_str("^")?;
        let big = self.sup.iter().any(|&s| s >= 10);
        if big {
            f.write_str("(")?;
        }
        for (i, s) in self.sup.iter().enumerate() {
            if big && i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{s}")?;
        }
        if big {
            f.write_str(")")?;
        }
        Ok(())
    }
}
