fn main() {
    let path = std::env::args().nth(1).unwrap();
    let bytes = std::fs::read(path).unwrap();
    let (text, _) = senlac_notation::decode(&bytes);
    let archive = senlac_notation::parse(&text);
    for e in archive.all_errors() {
        eprintln!("{} {:?} {}", e.code, e.span, e.message);
    }
    print!("{}", senlac_notation::format(&archive));
}
