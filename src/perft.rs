//! Perft (draft).
