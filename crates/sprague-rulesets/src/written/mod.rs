//! Game values written as text and used as components: CGSuite's
//! notation for short games, loopy games and misère impartial games.

pub(crate) mod loopy_value;
pub(crate) mod misere_value;
pub(crate) mod value;
