//! The parts of the controlled language that the grammar's readings stand on: the tokens of a
//! text and the class of every verb of the vocabulary ([`words`]), the data a parameter may
//! describe and which tool takes which ([`data`]), units of measure ([`units`]), and the closed
//! set of what a statement may say a thing is ([`predicates`]). Nothing here reads a whole text
//! or reports a shape: the readings and their orchestration are in `crate::grammar`, above.

pub(crate) mod data;
pub(crate) mod predicates;
pub(crate) mod units;
pub(crate) mod words;
