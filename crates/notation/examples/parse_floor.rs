//! How far the parser is from the cheapest tokenizer of the same text:
//! count instructions of each mode with callgrind and subtract `read`.
//!
//! ```text
//! cargo build --release --example parse_floor -p senlac-notation
//! valgrind --tool=callgrind target/release/examples/parse_floor MODE FILE.sbn
//! ```
//!
//! - `read`: reads the file, the baseline;
//! - `scan`: finds the runs of bytes between delimiters, the atoms a
//!   tokenizer must find, by the parser's delimiters in a table, and nothing
//!   else (no kind, no span, no item);
//! - `kinds`: finds each atom and tells its kind as the parser does (one
//!   table lookup a byte for its end and its classes, then
//!   `classify_scanned`), and nothing else: no item, no check;
//! - `atoms`: `kinds`, keeping each atom as its kind and offsets in one
//!   reused vector, the least a tree of atoms needs;
//! - `visit`: the parser with a visitor that only counts (no tree);
//! - `tree`: the parser building each battle's tree, as `lint` does.
//!
//! docs/speed.md gives the figures.

use senlac_notation::atom::ends_atom;
use senlac_notation::{Battle, Counts, Parser};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(mode), Some(path)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: parse_floor read|scan|kinds|atoms|visit|tree FILE");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    };
    match mode.as_str() {
        "read" => println!("{} bytes", text.len()),
        "scan" => {
            // The parser's own table, copied into a plain array of flags.
            let table: [bool; 256] = std::array::from_fn(|b| ends_atom(b as u8));
            let (mut atoms, mut inside) = (0usize, false);
            for &byte in text.as_bytes() {
                let ends = table[usize::from(byte)];
                atoms += usize::from(inside && ends);
                inside = !ends;
            }
            println!("{} runs", atoms + usize::from(inside));
        }
        "kinds" | "atoms" => {
            use senlac_notation::atom::{classify_scanned, scan_atom};
            let bytes = text.as_bytes();
            let keep = mode == "atoms";
            let mut kinds = [0usize; 32];
            let mut atoms: Vec<(senlac_notation::AtomKind, u32, u32)> = Vec::with_capacity(4096);
            let mut i = 0;
            while let Some(&byte) = bytes.get(i) {
                if ends_atom(byte) {
                    i += 1;
                    continue;
                }
                // The parser's atom step: one table lookup a byte for the
                // end and the classes OR-ed, then the kind from the mask.
                let start = i;
                let (end, mask) = scan_atom(bytes, start);
                i = end;
                let kind = classify_scanned(&text[start..i], mask);
                kinds[kind as usize & 31] += 1;
                if keep {
                    if atoms.len() == 4096 {
                        atoms.clear();
                    }
                    atoms.push((kind, start as u32, i as u32));
                }
            }
            println!(
                "{} atoms, {} kept",
                kinds.iter().sum::<usize>(),
                atoms.len()
            );
        }
        "visit" => {
            let counts = Counts::of(&text);
            println!(
                "{} items, {} atoms, {} errors",
                counts.items, counts.atoms, counts.errors
            );
        }
        "tree" => {
            let mut parser = Parser::new(&text);
            let mut battle = Battle::empty(&text);
            let (mut items, mut atoms) = (0, 0);
            while parser.next_tree(&mut battle).is_some() {
                items += battle.items.len();
                atoms += battle.atoms.len();
            }
            println!("{items} items, {atoms} atoms");
        }
        _ => {
            eprintln!("unknown mode {mode}: read, scan, kinds, atoms, visit or tree");
            std::process::exit(2);
        }
    }
}
