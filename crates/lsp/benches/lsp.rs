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
        // lsp-server waits for `exit` after `shutdown` (30 s at most).
        self.notify("exit", Value::Null);
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

/// Times `run` per iteration, for criterion and for the printed p95s:
/// wall time, and the process's CPU time (the server's work and the
/// client's, which a machine busy with other work does not inflate).
fn timed(c: &mut Criterion, name: &str, run: impl FnMut()) {
    timed_after(c, name, || {}, run);
}

/// [`timed`], with `before` run untimed ahead of each iteration.
fn timed_after(c: &mut Criterion, name: &str, mut before: impl FnMut(), mut run: impl FnMut()) {
    let times = Arc::new(Mutex::new(Vec::new()));
    let kept = Arc::clone(&times);
    c.bench_function(name, |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                before();
                let cpu = cpu_time::ProcessTime::now();
                let start = Instant::now();
                run();
                let took = start.elapsed();
                total += took;
                kept.lock().expect("times").push((took, cpu.elapsed()));
            }
            total
        })
    });
    let times = times.lock().expect("times").clone();
    print_p95(name, times);
}

fn print_p95(name: &str, times: Vec<(Duration, Duration)>) {
    let p95 = |mut all: Vec<Duration>| {
        all.sort();
        all.get((all.len() * 95 / 100).min(all.len().saturating_sub(1)))
            .map_or(0.0, |d| d.as_secs_f64() * 1e3)
    };
    eprintln!(
        "{name}: p95 {:.3} ms wall, {:.3} ms CPU, over {} runs",
        p95(times.iter().map(|t| t.0).collect()),
        p95(times.iter().map(|t| t.1).collect()),
        times.len()
    );
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
    // The first completion at a state, after an edit: the legal lines are
    // worked out then (each candidate line tried by the rules).
    let client = std::cell::RefCell::new(client);
    let mut typed = false;
    let end = text.lines().nth(line as usize).expect("line").len() as u32;
    timed_after(
        c,
        "completion, first asked after an edit",
        || {
            let mut client = client.borrow_mut();
            match typed {
                false => client.edit(line, end, 0, " "),
                true => client.edit(line, end, 1, ""),
            }
            typed = !typed;
            client.diagnostics();
        },
        || {
            client
                .borrow_mut()
                .at("textDocument/completion", (line, 27));
        },
    );
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
                let cpu = cpu_time::ProcessTime::now();
                let start = Instant::now();
                client.open(&text);
                client.diagnostics();
                let took = start.elapsed();
                times.push((took, cpu.elapsed()));
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
    print_p95(
        &format!("first diagnostics of a {} byte archive", text.len()),
        times,
    );
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
