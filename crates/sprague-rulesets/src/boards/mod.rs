//! Games on a rectangular board, built on the board kit (`grid`):
//! Domineering, Cram, Clobber and its generalisations, Konane, Amazons,
//! Fission, Ski-Jumps, Toads and Frogs, Toppling Dominoes.

pub(crate) mod amazons;
pub(crate) mod clobber;
pub(crate) mod cram;
pub(crate) mod domineering;
pub(crate) mod fission;
pub(crate) mod gen_clobber;
pub(crate) mod gen_toads;
pub(crate) mod grid;
pub(crate) mod konane;
pub(crate) mod skijumps;
pub(crate) mod toads;
pub(crate) mod toppling;
