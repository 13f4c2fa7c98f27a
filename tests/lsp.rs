//! `senlac lsp`, driven through its protocol: the real binary spawned and
//! spoken to in JSON-RPC over its standard input and output, on the sample
//! of every system, with incremental edits and UTF-16 columns.

mod common;

use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use lsp_server::{Message, Notification, Request, RequestId};
use serde_json::{Value, json};

/// A client of one running server.
struct Client {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next: i32,
    /// Diagnostics published, in order: (version, diagnostics).
    published: Vec<(i64, Value)>,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_senlac"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("senlac lsp starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let mut client = Client {
            child,
            stdin,
            stdout,
            next: 0,
            published: Vec::new(),
        };
        let init = client.request("initialize", json!({ "capabilities": {} }));
        assert_eq!(init["serverInfo"]["name"], "senlac");
        assert_eq!(init["capabilities"]["textDocumentSync"], 2);
        client.notify("initialized", json!({}));
        client
    }

    fn send(&mut self, message: Message) {
        message.write(&mut self.stdin).expect("the server reads");
        self.stdin.flush().expect("flushed");
    }

    fn read(&mut self) -> Message {
        let message = Message::read(&mut self.stdout)
            .expect("the server writes")
            .expect("the server is still there");
        if let Message::Notification(note) = &message
            && note.method == "textDocument/publishDiagnostics"
        {
            let version = note.params["version"].as_i64().unwrap_or(-1);
            self.published
                .push((version, note.params["diagnostics"].clone()));
        }
        message
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(Message::Notification(Notification::new(
            method.to_string(),
            params,
        )));
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = RequestId::from(self.next);
        self.send(Message::Request(Request::new(
            id.clone(),
            method.to_string(),
            params,
        )));
        loop {
            if let Message::Response(response) = self.read()
                && response.id == id
            {
                assert!(response.error.is_none(), "{method}: {:?}", response.error);
                return response.result.unwrap_or(Value::Null);
            }
        }
    }

    /// The diagnostics published for `version`, once all battles are
    /// checked (the last publication of that version; the samples are one
    /// battle each, so it is the first).
    fn diagnostics(&mut self, version: i64) -> Value {
        loop {
            if let Some((_, d)) = self.published.iter().find(|(v, _)| *v == version) {
                return d.clone();
            }
            self.read();
        }
    }

    /// The first diagnostics published for `version` that `settled`
    /// accepts: a file of several battles is published as its battles are
    /// checked, so the last publication holds them all.
    fn diagnostics_where(&mut self, version: i64, settled: impl Fn(&Value) -> bool) -> Value {
        let mut seen = 0;
        loop {
            while seen < self.published.len() {
                let (v, d) = &self.published[seen];
                if *v == version && settled(d) {
                    return d.clone();
                }
                seen += 1;
            }
            self.read();
        }
    }

    fn open(&mut self, uri: &str, text: &str) -> Value {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "senlac", "version": 1, "text": text } }),
        );
        self.diagnostics(1)
    }

    /// Replaces the text between two positions, as version `version`.
    fn edit(&mut self, uri: &str, version: i64, from: (u32, u32), to: (u32, u32), text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri, "version": version },
                "contentChanges": [{ "range": range(from, to), "text": text }]
            }),
        );
    }

    fn at(&mut self, method: &str, uri: &str, (line, character): (u32, u32)) -> Value {
        let mut params = json!({
            "textDocument": { "uri": uri },
            "position": { "line": line, "character": character },
        });
        if method == "textDocument/references" {
            params["context"] = json!({ "includeDeclaration": true });
        }
        self.request(method, params)
    }

    fn whole(&mut self, method: &str, uri: &str) -> Value {
        self.request(
            method,
            json!({
                "textDocument": { "uri": uri },
                "options": { "tabSize": 2, "insertSpaces": true }
            }),
        )
    }

    /// Shuts the server down; its exit status.
    fn stop(mut self) -> Option<i32> {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        self.child.wait().expect("the server exits").code()
    }
}

fn range(from: (u32, u32), to: (u32, u32)) -> Value {
    json!({
        "start": { "line": from.0, "character": from.1 },
        "end": { "line": to.0, "character": to.1 }
    })
}

/// The 0-based line and UTF-16 column of the `nth` (from 0) `word` on the
/// first line holding `line`.
fn find(text: &str, line: &str, word: &str, nth: usize) -> (u32, u32) {
    let (number, found) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains(line))
        .unwrap_or_else(|| panic!("no line holds {line:?}"));
    let at = found
        .match_indices(word)
        .nth(nth)
        .unwrap_or_else(|| panic!("{word:?} not {nth} times in {found:?}"))
        .0;
    let column = found[..at].encode_utf16().count();
    (number as u32, column as u32)
}

fn sample(name: &str) -> (String, String) {
    let path = common::root().join("samples").join(name);
    let text = std::fs::read_to_string(&path).expect("the sample reads");
    (format!("file:///samples/{name}"), text)
}

/// A hover's markdown.
fn hover_text(hover: &Value) -> String {
    hover["contents"]["value"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// `line:col-line:col` of a range.
fn at(range: &Value) -> String {
    let p = |p: &Value| format!("{}:{}", p["line"], p["character"]);
    format!("{}-{}", p(&range["start"]), p(&range["end"]))
}

/// Each sample's outline, hover, completion, links, hints, tokens and
/// formatting, as one text: what the server answers, exactly.
fn survey(name: &str, probe: &str, actor: &str, target: &str) -> String {
    let (uri, text) = sample(name);
    let mut client = Client::start();
    let mut out = String::new();
    let diagnostics = client.open(&uri, &text);
    out.push_str(&format!("diagnostics: {diagnostics}\n"));
    let symbols = client.whole("textDocument/documentSymbol", &uri);
    for battle in symbols.as_array().expect("symbols") {
        out.push_str(&format!(
            "symbol {} ({})\n",
            battle["name"], battle["detail"]
        ));
        for child in battle["children"].as_array().expect("children") {
            let grand: Vec<String> = child["children"]
                .as_array()
                .map(|c| {
                    c.iter()
                        .map(|g| g["name"].as_str().unwrap_or("").to_string())
                        .collect()
                })
                .unwrap_or_default();
            out.push_str(&format!(
                "  {} {} [{}]\n",
                child["name"],
                at(&child["range"]),
                grand.join(" ")
            ));
        }
    }
    let actor_at = find(&text, probe, actor, 0);
    let hover = client.at("textDocument/hover", &uri, actor_at);
    out.push_str(&format!(
        "hover actor {}:\n{}\n",
        at(&hover["range"]),
        hover_text(&hover)
    ));
    let target_at = find(&text, probe, target, 1);
    let hover = client.at("textDocument/hover", &uri, target_at);
    out.push_str(&format!(
        "hover target {}:\n{}\n",
        at(&hover["range"]),
        hover_text(&hover)
    ));
    let verb = find(
        &text,
        probe,
        probe.split_whitespace().nth(1).expect("a verb"),
        0,
    );
    let hover = client.at("textDocument/hover", &uri, verb);
    out.push_str(&format!("hover verb:\n{}\n", hover_text(&hover)));
    let definition = client.at("textDocument/definition", &uri, target_at);
    out.push_str(&format!(
        "definition of target: {}\n",
        at(&definition["range"])
    ));
    let references = client.at("textDocument/references", &uri, target_at);
    let lines: Vec<String> = references
        .as_array()
        .expect("references")
        .iter()
        .map(|r| at(&r["range"]))
        .collect();
    out.push_str(&format!("references of target: {}\n", lines.join(" ")));
    // Completion at the end of the probe's line: what may follow it.
    let (line, _) = find(&text, probe, actor, 0);
    let end = text
        .lines()
        .nth(line as usize)
        .expect("line")
        .encode_utf16()
        .count() as u32;
    client.edit(&uri, 2, (line, end), (line, end), "\n    ");
    client.diagnostics(2);
    let completion = client.at("textDocument/completion", &uri, (line + 1, 4));
    let items = completion.as_array().expect("items");
    out.push_str(&format!("completion: {} items\n", items.len()));
    for item in items.iter().take(6) {
        out.push_str(&format!(
            "  {} | {} | {}\n",
            item["label"].as_str().unwrap_or(""),
            item["detail"].as_str().unwrap_or(""),
            item["textEdit"]["newText"]
                .as_str()
                .unwrap_or("")
                .replace('\n', "⏎")
        ));
    }
    client.edit(&uri, 3, (line, end), (line + 1, 4), "");
    assert_eq!(client.diagnostics(3), diagnostics, "the edit undone");
    let hints = client.request(
        "textDocument/inlayHint",
        json!({ "textDocument": { "uri": uri }, "range": range((line, 0), (line + 1, 0)) }),
    );
    for hint in hints.as_array().expect("hints") {
        out.push_str(&format!(
            "hint {}:{}{}\n",
            hint["position"]["line"],
            hint["position"]["character"],
            hint["label"].as_str().unwrap_or("")
        ));
    }
    let tokens = client.whole("textDocument/semanticTokens/full", &uri);
    out.push_str(&format!(
        "tokens on the probe's line: {}\n",
        tokens_on(&tokens, &text, line)
    ));
    let folding = client.whole("textDocument/foldingRange", &uri);
    out.push_str(&format!(
        "folding: {} ranges, the first {}-{}\n",
        folding.as_array().map_or(0, Vec::len),
        folding[0]["startLine"],
        folding[0]["endLine"]
    ));
    let formatting = client.whole("textDocument/formatting", &uri);
    out.push_str(&format!("formatting: {formatting}\n"));
    assert_eq!(client.stop(), Some(0));
    out
}

/// The tokens of line `line`, as `text:type` (types by the legend).
fn tokens_on(tokens: &Value, text: &str, line: u32) -> String {
    const TYPES: [&str; 12] = [
        "keyword",
        "property",
        "string",
        "comment",
        "number",
        "variable",
        "function",
        "type",
        "namespace",
        "operator",
        "enumMember",
        "parameter",
    ];
    let data: Vec<u64> = tokens["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|v| v.as_u64().expect("a number"))
        .collect();
    let source: Vec<u16> = text
        .lines()
        .nth(line as usize)
        .expect("line")
        .encode_utf16()
        .collect();
    let (mut l, mut c) = (0u64, 0u64);
    let mut out = Vec::new();
    for token in data.chunks(5) {
        if token[0] > 0 {
            c = 0;
        }
        l += token[0];
        c += token[1];
        if l == u64::from(line) {
            let piece = String::from_utf16_lossy(&source[c as usize..(c + token[2]) as usize]);
            out.push(format!("{piece}:{}", TYPES[token[3] as usize]));
        }
    }
    out.join(" ")
}

#[test]
fn mass_combat_a_hastings() {
    insta::assert_snapshot!(survey(
        "hastings.sbn",
        "    I volley VI > VI endure",
        "I",
        "VI"
    ));
}

#[test]
fn mass_combat_b_fulford() {
    insta::assert_snapshot!(survey("fulford.sbn", "    I attack I > I defend", "I", "I"));
}

#[test]
fn tdgs_harrow_ford() {
    insta::assert_snapshot!(survey(
        "harrow-ford.sbn",
        "    A attack R1 d20:14",
        "A",
        "R1"
    ));
}

#[test]
fn hastings_1066_st() {
    insta::assert_snapshot!(survey(
        "hastings-1066-st.sbn",
        "    SB1 fire NB1 high",
        "SB1",
        "NB1"
    ));
}

#[test]
fn feudal_usk_ford() {
    insta::assert_snapshot!(survey("usk-ford.sbn", "    B1 shoot S1 d6:5", "B1", "S1"));
}

/// Replaces the first `old` of `text` in the open document by `new`, as
/// an incremental edit of version `version`.
fn replace(client: &mut Client, uri: &str, text: &mut String, version: i64, old: &str, new: &str) {
    let at = text.find(old).expect("the text to replace");
    let position = |offset: usize| {
        let before = &text[..offset];
        let line = before.matches('\n').count() as u32;
        let start = before.rfind('\n').map_or(0, |n| n + 1);
        (line, before[start..].encode_utf16().count() as u32)
    };
    let (from, to) = (position(at), position(at + old.len()));
    client.edit(uri, version, from, to, new);
    text.replace_range(at..at + old.len(), new);
}

#[test]
fn incremental_edits_recheck_and_code_actions_fix() {
    let (uri, mut text) = sample("hastings.sbn");
    let mut client = Client::start();
    assert_eq!(client.open(&uri, &text), json!([]));
    // A turn without its dot: a syntax error and its fix.
    replace(
        &mut client,
        &uri,
        &mut text,
        2,
        "1. Normans\n  volley:",
        "1 Normans\n  volley:",
    );
    let found = client.diagnostics(2);
    assert_eq!(found.as_array().map(Vec::len), Some(1), "{found}");
    assert_eq!(found[0]["code"], "notation::missing-turn-dot");
    assert_eq!(at(&found[0]["range"]), "50:0-50:1");
    let actions = client.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": uri }, "range": found[0]["range"], "context": { "diagnostics": [] } }),
    );
    assert_eq!(actions[0]["title"], "insert `.` after the turn number");
    let edit = &actions[0]["edit"]["changes"][&uri][0];
    assert_eq!(
        (edit["newText"].as_str(), at(&edit["range"]).as_str()),
        (Some("."), "50:1-50:1")
    );
    client.edit(&uri, 3, (50, 1), (50, 1), ".");
    assert_eq!(client.diagnostics(3), json!([]));
    // A forced reaction left out: a rules error citing its ruling, and the
    // owed lines offered at the cursor.
    text.insert(text.find("1 Normans").expect("turn") + 1, '.');
    replace(
        &mut client,
        &uri,
        &mut text,
        4,
        "I volley VI > VI endure",
        "I volley VI",
    );
    let found = client.diagnostics(4);
    assert_eq!(found[0]["code"], "mass-combat::missing-reaction");
    assert_eq!(at(&found[0]["range"]), "52:4-52:15");
    assert_eq!(
        found[0]["codeDescription"]["href"],
        "https://example.invalid/senlac/blob/main/docs/rules/mass-combat.md"
    );
    let actions = client.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": uri }, "range": range((52, 15), (52, 15)), "context": { "diagnostics": [] } }),
    );
    let titles: Vec<&str> = actions
        .as_array()
        .expect("actions")
        .iter()
        .filter_map(|a| a["title"].as_str())
        .collect();
    assert_eq!(
        titles,
        [
            "insert the owed action `VI endure`",
            "insert the owed action `VI damage`",
            "insert the owed action `VI rout`"
        ]
    );
    // The Result tag's fix.
    replace(
        &mut client,
        &uri,
        &mut text,
        5,
        "I volley VI\n",
        "I volley VI > VI endure\n",
    );
    assert_eq!(client.diagnostics(5), json!([]));
    replace(
        &mut client,
        &uri,
        &mut text,
        6,
        "[Result \"Normans\"]",
        "[Result \"Saxons\"]",
    );
    let found = client.diagnostics(6);
    assert_eq!(found[0]["code"], "setup::wrong-result");
    assert_eq!(
        found[0]["codeDescription"]["href"],
        "https://example.invalid/senlac/blob/main/docs/notation.md"
    );
    let actions = client.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": uri }, "range": found[0]["range"], "context": { "diagnostics": [] } }),
    );
    assert_eq!(actions[0]["title"], "write `Normans` as the Result");
    assert_eq!(
        actions[0]["edit"]["changes"][&uri][0]["newText"],
        "\"Normans\""
    );
    // Formatting puts a misplaced line back.
    replace(
        &mut client,
        &uri,
        &mut text,
        7,
        "    I volley VI > VI endure",
        "I   volley VI >  VI endure",
    );
    let edits = client.whole("textDocument/formatting", &uri);
    assert_eq!(edits.as_array().map(Vec::len), Some(1));
    let canonical = edits[0]["newText"].as_str().expect("text");
    assert!(
        canonical.contains("\n    I volley VI > VI endure\n"),
        "{canonical}"
    );
    assert_eq!(at(&edits[0]["range"]), "0:0-201:0");
    assert_eq!(client.stop(), Some(0));
}

#[test]
fn columns_are_utf16_on_lines_with_non_ascii_names() {
    // A unit named in Old English, a comment in musical notation before an
    // id on the same line: each column counts UTF-16 units.
    let (uri, text) = sample("fulford.sbn");
    let text = text
        .replace("unit II \"Bondi\"", "unit II \"Bóndi Æðelstan\"")
        .replace(
            "    II advance 0406-0405",
            "    { 𝄞 Æ } II advance 0406-0405",
        );
    let mut client = Client::start();
    assert_eq!(client.open(&uri, &text), json!([]));
    let (line, column) = find(&text, "{ 𝄞 Æ } II advance", "II", 0);
    // `    { ` is 6 units, 𝄞 two, ` Æ } ` five.
    assert_eq!(column, 13);
    let hover = client.at("textDocument/hover", &uri, (line, column + 1));
    assert_eq!(at(&hover["range"]), format!("{line}:13-{line}:15"));
    assert!(
        hover_text(&hover).starts_with("**Norse II** Bóndi Æðelstan\n"),
        "{}",
        hover_text(&hover)
    );
    // An error after them is placed in UTF-16 too.
    let mut text = text;
    replace(
        &mut client,
        &uri,
        &mut text,
        2,
        "II advance 0406-0405",
        "II advence 0406-0405",
    );
    let found = client.diagnostics(2);
    assert_eq!(at(&found[0]["range"]), format!("{line}:16-{line}:23"));
    let actions = client.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": uri }, "range": found[0]["range"], "context": { "diagnostics": [] } }),
    );
    assert_eq!(actions[0]["title"], "change `advence` to `advance`");
    let edit = &actions[0]["edit"]["changes"][&uri][0];
    assert_eq!(edit["newText"], "advance");
    assert_eq!(at(&edit["range"]), format!("{line}:16-{line}:23"));
    // The definition's column, after the non-ASCII name's line start.
    let definition = client.at("textDocument/definition", &uri, (line, 14));
    let (unit_line, _) = find(&text, "unit II \"Bóndi", "II", 0);
    assert_eq!(
        at(&definition["range"]),
        format!("{unit_line}:7-{unit_line}:9")
    );
    assert_eq!(client.stop(), Some(0));
}

#[test]
fn setup_completion_offers_the_keywords_and_the_terrain_the_rules_read() {
    let (uri, mut text) = sample("hastings.sbn");
    let mut client = Client::start();
    client.open(&uri, &text);
    let (line, _) = find(&text, "map hex 10x10 parity odd", "map", 0);
    replace(
        &mut client,
        &uri,
        &mut text,
        2,
        "map hex 10x10 parity odd\n",
        "map hex 10x10 parity odd\nte\n",
    );
    client.diagnostics(2);
    let labels = |items: &Value| -> Vec<String> {
        items
            .as_array()
            .expect("items")
            .iter()
            .filter_map(|i| i["label"].as_str().map(str::to_string))
            .collect()
    };
    let keywords = client.at("textDocument/completion", &uri, (line + 1, 2));
    assert_eq!(
        labels(&keywords),
        [
            "map", "terrain", "hexside", "army", "unit", "roll", "bonus", "deploy", "first",
            "option"
        ]
    );
    assert_eq!(
        at(&keywords[1]["textEdit"]["range"]),
        format!("{}:0-{}:2", line + 1, line + 1)
    );
    replace(&mut client, &uri, &mut text, 3, "\nte\n", "\nterrain fo\n");
    client.diagnostics(3);
    let kinds = client.at("textDocument/completion", &uri, (line + 1, 10));
    assert_eq!(
        labels(&kinds),
        ["forest", "stream", "impassable", "hill", "crest"]
    );
    assert_eq!(
        at(&kinds[0]["textEdit"]["range"]),
        format!("{}:8-{}:10", line + 1, line + 1)
    );
    assert_eq!(client.stop(), Some(0));
}

#[test]
fn every_battle_of_an_archive_is_checked_and_an_edit_keeps_the_others() {
    let (_, hastings) = sample("hastings.sbn");
    let (_, fulford) = sample("fulford.sbn");
    let broken = fulford.replace("    II advance 0406-0405", "    II advence 0406-0405");
    let mut text = format!("{hastings}\n{broken}");
    let uri = "file:///archive.sbn";
    let mut client = Client::start();
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "senlac", "version": 1, "text": text } }),
    );
    let one = |d: &Value| d.as_array().map(Vec::len) == Some(1);
    let found = client.diagnostics_where(1, one);
    let (line, column) = find(&text, "II advence 0406-0405", "advence", 0);
    assert_eq!(found.as_array().map(Vec::len), Some(1), "{found}");
    assert_eq!(found[0]["code"], "mass-combat::unknown-verb");
    assert_eq!(
        at(&found[0]["range"]),
        format!("{line}:{column}-{line}:{}", column + 7)
    );
    // An edit in the first battle that adds a line: the second's finding
    // moves with it.
    replace(
        &mut client,
        uri,
        &mut text,
        2,
        "    I volley VI > VI endure\n",
        "    I volley VI > VI endure\n\n",
    );
    // Only the edited battle is checked again: the first publication of
    // the edit holds the other's finding already.
    let found = client.diagnostics(2);
    assert_eq!(found.as_array().map(Vec::len), Some(1), "{found}");
    assert_eq!(
        at(&found[0]["range"]),
        format!("{}:{column}-{}:{}", line + 1, line + 1, column + 7)
    );
    // Its outline names both battles.
    let symbols = client.whole("textDocument/documentSymbol", uri);
    let names: Vec<&str> = symbols
        .as_array()
        .expect("symbols")
        .iter()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert_eq!(names, ["Hastings", "Fulford"]);
    assert_eq!(client.stop(), Some(0));
}

#[test]
fn hover_on_a_cell_and_a_table_point_tells_what_stands_there() {
    let (uri, text) = sample("hastings.sbn");
    let mut client = Client::start();
    client.open(&uri, &text);
    let cell = find(&text, "deploy Saxons VI@0404", "0404", 0);
    let hover = client.at("textDocument/hover", &uri, (cell.0, cell.1 + 1));
    assert_eq!(
        hover_text(&hover),
        "**0404**\n\nHere: Saxons VI (active)\n\nTerrain: hill, crest\n"
    );
    assert_eq!(client.stop(), Some(0));
    let (uri, text) = sample("usk-ford.sbn");
    let mut client = Client::start();
    client.open(&uri, &text);
    let point = find(&text, "S1 move 5in => S1@18.5x11in^90deg", "18.5x11in", 0);
    let hover = client.at("textDocument/hover", &uri, (point.0, point.1 + 2));
    assert_eq!(
        hover_text(&hover),
        "**18.5x11in**\n\nHere: Angevins S1 (0.0in away)\n\nTerrain: road\n"
    );
    // In the woods drawn from 2x24in to 11x31in: the notation's frame, not
    // the picture's.
    let point = find(&text, "deploy Welsh", "7x25in", 0);
    let hover = client.at("textDocument/hover", &uri, (point.0, point.1 + 1));
    assert_eq!(
        hover_text(&hover),
        "**7x25in**\n\nHere: Welsh W1 (0.0in away)\n\nTerrain: woods\n"
    );
    assert_eq!(client.stop(), Some(0));
}

/// The labels of a completion's items, in order.
fn labels(completion: &Value) -> Vec<String> {
    completion
        .as_array()
        .expect("items")
        .iter()
        .map(|item| item["label"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// Completion offers what may stand on the line at the cursor: at the start
/// of a line already written, the same as on a new line opened above it
/// (the line there is not yet played), and under a phase label already
/// written, lines that do not write the label again.
#[test]
fn completion_lists_what_may_stand_on_the_line_and_writes_no_label_twice() {
    let (uri, mut text) = sample("fulford.sbn");
    let mut client = Client::start();
    assert_eq!(client.open(&uri, &text), json!([]));
    let (line, _) = find(&text, "I resolve I > I lose", "I", 0);
    let on_the_line = labels(&client.at("textDocument/completion", &uri, (line, 4)));
    assert!(
        on_the_line.iter().any(|l| l.starts_with("I resolve I")),
        "{on_the_line:?}"
    );
    // A new line opened above it, under `resolve:`.
    replace(
        &mut client,
        &uri,
        &mut text,
        2,
        "    I resolve I > I lose",
        "    \n    I resolve I > I lose",
    );
    client.diagnostics(2);
    let completion = client.at("textDocument/completion", &uri, (line, 4));
    assert_eq!(labels(&completion), on_the_line);
    let items = completion.as_array().expect("items");
    let resolve = items
        .iter()
        .find(|item| {
            item["label"]
                .as_str()
                .is_some_and(|l| l.starts_with("I resolve I"))
        })
        .expect("the resolution is offered");
    assert_eq!(
        resolve["textEdit"]["newText"].as_str(),
        resolve["label"].as_str(),
        "under `resolve:` the line is written alone"
    );
    assert!(
        items.iter().all(|item| item["label"] != "resolve:"),
        "the label written above is not offered again"
    );
    client.stop();
}
