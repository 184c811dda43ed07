//! The `sow` command line: parses arguments, calls the library, prints, and sets the exit
//! code (0 ok, 1 runtime error, 2 bad input or usage). The work is done in the library; the
//! commands in `cli/` only arrange its results for the terminal.

mod cli;

use std::process::ExitCode;

use clap::Parser as _;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    cli::run(args)
}
