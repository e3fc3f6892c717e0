//! Integration tests of `sprague-misere`.

mod misere_solver;
