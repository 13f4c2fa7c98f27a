//! The edit the re-check is measured on, shared by the `resume` bench and
//! the `recheck` example: a comment added at the end of the first action
//! of a battle's last turn.

/// The text with a comment added after the first action of its last turn,
/// and where the edit starts.
pub fn edited(text: &str) -> (String, usize) {
    let mut offset = 0;
    let mut last_turn = None;
    for line in text.split_inclusive('\n') {
        let first = line.split_whitespace().next().unwrap_or("");
        if first.ends_with('.') && first[..first.len() - 1].parse::<u32>().is_ok() {
            last_turn = Some(offset);
        }
        offset += line.len();
    }
    let from = last_turn.expect("a battle with turns");
    // The first line under the turn that is not a phase label or a comment.
    let mut at = from;
    for line in text[from..].split_inclusive('\n').skip(1) {
        at += line.len();
        let word = line.trim();
        if !word.is_empty() && !word.ends_with(':') && !word.starts_with([';', '{']) {
            break;
        }
    }
    let turn_line = text[from..].find('\n').map_or(0, |n| n + 1);
    let start = if at == from { from + turn_line } else { at };
    let line_end = text[start..].find('\n').map_or(text.len(), |n| start + n);
    let edit = line_end;
    let mut out = String::with_capacity(text.len() + 16);
    out.push_str(&text[..edit]);
    out.push_str(" { edited }");
    out.push_str(&text[edit..]);
    (out, edit)
}
