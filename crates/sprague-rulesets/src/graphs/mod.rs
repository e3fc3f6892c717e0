//! Games on graphs: tokens on graphs read from files, Hackenbush,
//! Arc Kayles, Snort and Col (with the canonical labelling that keys their
//! parts), staircase Nim on a tree.

pub(crate) mod arc_kayles;
pub(crate) mod childish_hackenbush;
pub(crate) mod colouring;
pub(crate) mod graph;
pub(crate) mod graph_canon;
pub(crate) mod hackenbush;
pub(crate) mod tree_staircase;
pub(crate) mod weighted_arc_kayles;
