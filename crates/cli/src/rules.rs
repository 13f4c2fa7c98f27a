//! `senlac rules`: the rule systems, and each one's actions from the engine's tables.

use crate::Exit;

pub fn run(_ruleset: Option<&str>) -> Exit {
    eprintln!("error: rules is being written");
    Exit::Usage
}
