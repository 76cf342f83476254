//! The International Skat Server's game-record format: reader, writer, conversion.
