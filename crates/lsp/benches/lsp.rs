//! The language server's answers, timed through its protocol (an in-memory
//! connection to the real main loop): diagnostics after an edit in the
//! Hastings sample's last turn and in its setup, hover, completion, and the
//! first diagnostics of a 10 MB archive. Each benchmark also prints its
//! 95th percentile, the figure the issue asks for.

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{Value, json};

struct Client {
    connection: Connection,
    server: Option<JoinHandle<()>>,
    next: i32,
    version: i64,
}

impl Client {
    fn start() -> Client {
        let (server, client) = Connection::memory();
        let server = std::thread::spawn(move || {
            let _ = senlac_lsp::Server::new().serve(&server);
        });
        Client {
            connection: client,
            server: Some(server),
            next: 0,
            version: 1,
        }
    }

    fn notify(&self, method: &str, params: Value) {
        let note = Notification::new(method.to_string(), params);
        self.connection
            .sender
            .send(Message::Notification(note))
            .expect("the server listens");
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = RequestId::from(self.next);
        let request = Request::new(id.clone(), method.to_string(), params);
        self.connection
            .sender
            .send(Message::Request(request))
            .expect("the server listens");
        loop {
            match self.connection.receiver.recv().expect("an answer") {
                Message::Response(r) if r.id == id => return r.result.unwrap_or(Value::Null),
                _ => {}
            }
        }
    }

    /// Waits for the diagnostics of the current version.
    fn diagnostics(&self) -> Value {
        loop {
            if let Message::Notification(note) = self.connection.receiver.recv().expect("a message")
                && note.method == "textDocument/publishDiagnostics"
                && note.params["version"] == self.version
            {
                return note.params["diagnostics"].clone();
            }
        }
    }

    fn open(&mut self, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": URI, "languageId": "senlac", "version": 1, "text": text } }),
        );
    }

    fn edit(&mut self, line: u32, character: u32, remove: u32, text: &str) {
        self.version += 1;
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": URI, "version": self.version },
                "contentChanges": [{
                    "range": {
                        "start": { "line": line, "character": character },
                        "end": { "line": line, "character": character + remove }
                    },
                    "text": text
                }]
            }),
        );
    }

    fn at(&mut self, method: &str, (line, character): (u32, u32)) -> Value {
        self.request(
            method,
            json!({ "textDocument": { "uri": URI }, "position": { "line": line, "character": character } }),
        )
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.request("shutdown", Value::Null);
        if let Some(server) = self.server.take() {
            let _ = server.join();
        }
    }
}

const URI: &str = "file:///bench.sbn";

fn hastings() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/hastings.sbn");
    std::fs::read_to_string(path).expect("the sample reads")
}

/// 0-based line of the first line of `text` holding `what`.
fn line_of(text: &str, what: &str) -> u32 {
    text.lines()
        .position(|l| l.contains(what))
        .expect("the line") as u32
}

/// Times `run` per iteration, for criterion and for the printed p95.
fn timed(c: &mut Criterion, name: &str, mut run: impl FnMut()) {
    let times = Arc::new(Mutex::new(Vec::new()));
    let kept = Arc::clone(&times);
    c.bench_function(name, |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let start = Instant::now();
                run();
                let took = start.elapsed();
                total += took;
                kept.lock().expect("times").push(took);
            }
            total
        })
    });
    let mut times = times.lock().expect("times").clone();
    times.sort();
    if !times.is_empty() {
        let p95 = times[(times.len() * 95 / 100).min(times.len() - 1)];
        eprintln!(
            "{name}: p95 {:.3} ms over {} runs",
            p95.as_secs_f64() * 1e3,
            times.len()
        );
    }
}

fn edits(c: &mut Criterion) {
    let text = hastings();
    let mut client = Client::start();
    client.open(&text);
    client.diagnostics();
    // A space typed and taken back at the end of the last turn's last
    // action, then in a setup line: each a re-check and a publication.
    let last = line_of(&text, "VII resolve IX > IX rout > VII slaughter");
    let mut typed = false;
    timed(c, "diagnostics after an edit in the last turn", || {
        match typed {
            false => client.edit(last, 4, 0, " "),
            true => client.edit(last, 4, 1, ""),
        }
        typed = !typed;
        client.diagnostics();
    });
    let setup = line_of(&text, "roll Saxons leadership 18");
    timed(c, "diagnostics after an edit in the setup", || {
        match typed {
            false => client.edit(setup, 4, 0, " "),
            true => client.edit(setup, 4, 1, ""),
        }
        typed = !typed;
        client.diagnostics();
    });
}

fn requests(c: &mut Criterion) {
    let text = hastings();
    let mut client = Client::start();
    client.open(&text);
    client.diagnostics();
    let line = line_of(&text, "I volley VI > VI endure");
    timed(c, "hover on a unit", || {
        client.at("textDocument/hover", (line, 13));
    });
    timed(c, "completion after an action", || {
        client.at("textDocument/completion", (line, 27));
    });
}

/// A 10 MB archive of random legal Mass Combat battles.
fn archive() -> String {
    let system = senlac_engine::system("mass-combat/a").expect("the system");
    let mut out = String::new();
    let mut seed = 1;
    while out.len() < 10 << 20 {
        system.generate(50, seed, &mut |battle| {
            out.push_str(battle);
            out.push('\n');
        });
        seed += 1;
    }
    out
}

fn large(c: &mut Criterion) {
    let text = archive();
    let mut group = c.benchmark_group("large");
    group.sample_size(10);
    let mut times = Vec::new();
    group.bench_function("first diagnostics of a 10 MB archive", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let mut client = Client::start();
                let start = Instant::now();
                client.open(&text);
                client.diagnostics();
                let took = start.elapsed();
                times.push(took);
                total += took;
                // The rest are checked while it answers: a hover now waits
                // for one battle's check at most.
                let asked = Instant::now();
                client.at("textDocument/hover", (0, 1));
                times_hover(asked.elapsed());
            }
            total
        })
    });
    group.finish();
    times.sort();
    if let Some(p95) = times.get((times.len() * 95 / 100).min(times.len().saturating_sub(1))) {
        eprintln!(
            "first diagnostics of a 10 MB archive ({} bytes): p95 {:.1} ms over {} runs",
            text.len(),
            p95.as_secs_f64() * 1e3,
            times.len()
        );
    }
}

/// The hover asked while a large archive is being checked, printed.
fn times_hover(took: Duration) {
    eprintln!(
        "hover during the archive's check: {:.2} ms",
        took.as_secs_f64() * 1e3
    );
}

criterion_group!(benches, edits, requests, large);
criterion_main!(benches);
