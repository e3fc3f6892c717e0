//! Games of coins and marks on a strip: coin turning (Rugs, Ruler, Mock
//! Turtles), staircase Nim and Georgia, leftward moves, Treblecross.

pub(crate) mod leftward;
pub(crate) mod staircase;
pub(crate) mod treblecross;
pub(crate) mod turning;
