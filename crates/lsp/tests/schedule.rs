//! The main loop's order of work, in process: edits queued while nothing
//! was checked yet are applied together, the battle they touch is checked
//! and published first, and no diagnostics go out for a version an edit
//! has already replaced.

use std::path::Path;

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{Value, json};

const URI: &str = "file:///archive.sbn";

fn sample(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../samples")
        .join(name);
    std::fs::read_to_string(path).expect("the sample reads")
}

fn note(method: &str, params: Value) -> Message {
    Message::Notification(Notification::new(method.to_string(), params))
}

/// The first line of `text` holding `what`, 0-based.
fn line_of(text: &str, what: &str) -> u32 {
    text.lines()
        .position(|l| l.contains(what))
        .expect("the line") as u32
}

#[test]
fn queued_edits_are_checked_once_the_edited_battle_first() {
    // An error in the first battle too: published after the edited one's.
    let hastings =
        sample("hastings.sbn").replace("I volley VI > VI endure", "I volly VI > VI endure");
    let text = format!(
        "{}\n{}\n{}",
        hastings,
        sample("harrow-ford.sbn"),
        sample("fulford.sbn")
    );
    let line = line_of(&text, "    II advance 0406-0405");
    let (server, client) = Connection::memory();
    // Everything is queued before the server reads a message.
    let queued = [
        note(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": URI, "languageId": "senlac", "version": 1, "text": text } }),
        ),
        note(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": URI, "version": 2 },
                "contentChanges": [{ "range": {
                    "start": { "line": line, "character": 7 },
                    "end": { "line": line, "character": 14 }
                }, "text": "advence" }]
            }),
        ),
        note(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": URI, "version": 3 },
                "contentChanges": [{ "range": {
                    "start": { "line": line, "character": 7 },
                    "end": { "line": line, "character": 14 }
                }, "text": "advanse" }]
            }),
        ),
    ];
    for message in queued {
        client.sender.send(message).expect("queued");
    }
    let served = std::thread::spawn(move || senlac_lsp::Server::new().serve(&server));
    let mut published = Vec::new();
    // Until the publication that holds both findings.
    while published
        .last()
        .is_none_or(|(_, d): &(Value, Value)| d.as_array().map_or(0, Vec::len) < 2)
    {
        if let Message::Notification(n) = client.receiver.recv().expect("a message") {
            published.push((n.params["version"].clone(), n.params["diagnostics"].clone()));
        }
    }
    client
        .sender
        .send(Message::Request(Request::new(
            RequestId::from(1),
            "shutdown".to_string(),
            Value::Null,
        )))
        .expect("sent");
    client.sender.send(note("exit", Value::Null)).expect("sent");
    served.join().expect("the server ends").expect("cleanly");
    // Every publication is of the last version: the first two were
    // replaced before anything was checked.
    assert!(
        published.iter().all(|(v, _)| v == &json!(3)),
        "{published:?}"
    );
    // The first holds the edited battle's finding alone: it was checked
    // first, before the archive's first battle.
    let first = &published[0].1;
    assert_eq!(first.as_array().map(Vec::len), Some(1), "{first}");
    assert_eq!(first[0]["code"], "mass-combat::unknown-verb");
    assert_eq!(first[0]["range"]["start"]["line"], line);
    assert_eq!(
        first[0]["message"]
            .as_str()
            .map(|m| m.starts_with("`advanse`")),
        Some(true),
        "{first}"
    );
}
