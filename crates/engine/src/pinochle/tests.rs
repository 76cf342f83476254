//! Unit tests of the Pinochle family.
