//! Loopy partizan rulesets, valued through the loopy theory: Backsliding
//! Toads and Frogs, Fox and Geese.

pub(crate) mod backsliding_toads;
pub(crate) mod foxgeese;
