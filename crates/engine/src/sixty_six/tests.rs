//! Tests of the Sixty-Six family against the seed's worked example and figures.
