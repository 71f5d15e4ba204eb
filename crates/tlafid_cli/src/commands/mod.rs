//! One file per subcommand.

pub mod parse;
