//! The main loop: messages in, answers and diagnostics out, and the checks
//! scheduled between them.
//!
//! The loop is synchronous (lsp-server): it reads every message waiting
//! before it does any checking, so edits queued while it worked are applied
//! together and the battles they made stale are never checked; then it
//! checks one battle at a time, the edited one first, and looks for
//! messages again between battles, so a request or an edit never waits for
//! more than one battle's check. Diagnostics are published as soon as the
//! first stale battle is checked, then every [`PUBLISH_EVERY`] while the
//! rest are, and once all are. When every battle is checked and the client
//! has been quiet for [`WARM_AFTER`], the legal lines at the last edit are
//! worked out, so completion there finds them ready.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use crossbeam_channel::{RecvTimeoutError, TryRecvError};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, FoldingRangeRequest, Formatting,
    GotoDefinition, HoverRequest, InlayHintRequest, References, Request as _,
    SemanticTokensFullRequest,
};
use lsp_types::{PublishDiagnosticsParams, Uri};
use serde_json::Value;

use crate::document::Document;
use crate::{actions, complete, diagnostics, hints, hover, symbols, tokens};

/// How often diagnostics are published while a large file is checked.
pub const PUBLISH_EVERY: Duration = Duration::from_millis(200);

/// How long the client must be quiet, once every battle is checked, before
/// the legal lines at the last edit are worked out for completion: while
/// typing goes on, that work would only delay the next diagnostics.
pub const WARM_AFTER: Duration = Duration::from_millis(150);

/// The open documents and what is owed to the client.
pub struct Server {
    pub docs: HashMap<Uri, Document>,
    /// Documents with battles left to check, and whether their first
    /// diagnostics since the last change are out, and when they last were.
    pending: HashMap<Uri, (bool, Instant)>,
    /// A document checked since its last edit whose legal lines at that
    /// edit are not worked out yet.
    warm: Option<Uri>,
}

impl Default for Server {
    fn default() -> Self {
        Self::new()
    }
}

impl Server {
    pub fn new() -> Server {
        Server {
            docs: HashMap::new(),
            pending: HashMap::new(),
            warm: None,
        }
    }

    /// Serves `connection` until the client says exit; the connection must
    /// be initialized already.
    pub fn serve(&mut self, connection: &Connection) -> Result<(), String> {
        loop {
            let message = if !self.pending.is_empty() {
                match connection.receiver.try_recv() {
                    Ok(message) => message,
                    Err(TryRecvError::Empty) => {
                        self.work(connection)?;
                        continue;
                    }
                    Err(TryRecvError::Disconnected) => return Ok(()),
                }
            } else if let Some(uri) = self.warm.clone() {
                match connection.receiver.recv_timeout(WARM_AFTER) {
                    Ok(message) => message,
                    Err(RecvTimeoutError::Timeout) => {
                        self.warm = None;
                        if let Some(doc) = self.docs.get_mut(&uri) {
                            doc.warm_up();
                        }
                        continue;
                    }
                    Err(RecvTimeoutError::Disconnected) => return Ok(()),
                }
            } else {
                match connection.receiver.recv() {
                    Ok(message) => message,
                    Err(_) => return Ok(()),
                }
            };
            match message {
                Message::Request(request) => {
                    if connection
                        .handle_shutdown(&request)
                        .map_err(|e| e.to_string())?
                    {
                        return Ok(());
                    }
                    let response = self.request(request);
                    send(connection, Message::Response(response))?;
                }
                Message::Notification(note) => self.notification(note),
                Message::Response(_) => {}
            }
        }
    }

    /// Checks one waiting battle and publishes when it is time.
    fn work(&mut self, connection: &Connection) -> Result<(), String> {
        let Some(uri) = self.pending.keys().next().cloned() else {
            return Ok(());
        };
        let Some(doc) = self.docs.get_mut(&uri) else {
            self.pending.remove(&uri);
            return Ok(());
        };
        if let Some(index) = doc.next_unchecked() {
            doc.ensure(index);
        }
        let done = doc.next_unchecked().is_none();
        let (published, last) = self
            .pending
            .get(&uri)
            .copied()
            .unwrap_or((true, Instant::now()));
        if done || !published || last.elapsed() >= PUBLISH_EVERY {
            self.publish(connection, &uri)?;
            if done {
                self.pending.remove(&uri);
                self.warm = Some(uri);
            } else {
                self.pending.insert(uri, (true, Instant::now()));
            }
        }
        Ok(())
    }

    fn publish(&self, connection: &Connection, uri: &Uri) -> Result<(), String> {
        let Some(doc) = self.docs.get(uri) else {
            return Ok(());
        };
        let params = PublishDiagnosticsParams {
            uri: uri.clone(),
            diagnostics: diagnostics::of(uri, doc),
            version: Some(doc.version),
        };
        send(
            connection,
            Message::Notification(Notification::new(
                PublishDiagnostics::METHOD.to_string(),
                params,
            )),
        )
    }

    fn notification(&mut self, note: Notification) {
        match note.method.as_str() {
            DidOpenTextDocument::METHOD => {
                if let Ok(params) = note
                    .extract::<lsp_types::DidOpenTextDocumentParams>(DidOpenTextDocument::METHOD)
                {
                    let doc = params.text_document;
                    self.docs
                        .insert(doc.uri.clone(), Document::new(doc.text, doc.version));
                    self.pending.insert(doc.uri, (false, Instant::now()));
                }
            }
            DidChangeTextDocument::METHOD => {
                if let Ok(params) = note.extract::<lsp_types::DidChangeTextDocumentParams>(
                    DidChangeTextDocument::METHOD,
                ) {
                    let uri = params.text_document.uri;
                    if let Some(doc) = self.docs.get_mut(&uri) {
                        doc.change(params.content_changes, params.text_document.version);
                        self.pending.insert(uri, (false, Instant::now()));
                    }
                }
            }
            DidCloseTextDocument::METHOD => {
                if let Ok(params) = note
                    .extract::<lsp_types::DidCloseTextDocumentParams>(DidCloseTextDocument::METHOD)
                {
                    self.docs.remove(&params.text_document.uri);
                    self.pending.remove(&params.text_document.uri);
                }
            }
            _ => {}
        }
    }

    /// Answers a request.
    pub fn request(&mut self, request: Request) -> Response {
        let id = request.id.clone();
        match self.answer(request) {
            Ok(value) => Response {
                id,
                result: Some(value),
                error: None,
            },
            Err((code, message)) => Response::new_err(id, code as i32, message),
        }
    }

    fn answer(&mut self, request: Request) -> Result<Value, (ErrorCode, String)> {
        let params = request.params;
        let result = match request.method.as_str() {
            HoverRequest::METHOD => to_value(hover::hover(self, parse(params)?)),
            Completion::METHOD => to_value(complete::completion(self, parse(params)?)),
            CodeActionRequest::METHOD => to_value(actions::code_actions(self, parse(params)?)),
            Formatting::METHOD => to_value(actions::formatting(self, parse(params)?)),
            DocumentSymbolRequest::METHOD => {
                to_value(symbols::document_symbols(self, parse(params)?))
            }
            FoldingRangeRequest::METHOD => to_value(symbols::folding(self, parse(params)?)),
            GotoDefinition::METHOD => to_value(symbols::definition(self, parse(params)?)),
            References::METHOD => to_value(symbols::references(self, parse(params)?)),
            SemanticTokensFullRequest::METHOD => to_value(tokens::full(self, parse(params)?)),
            InlayHintRequest::METHOD => to_value(hints::inlay_hints(self, parse(params)?)),
            method => {
                return Err((
                    ErrorCode::MethodNotFound,
                    format!("senlac lsp does not answer {method}"),
                ));
            }
        };
        result.map_err(|e| (ErrorCode::InternalError, e.to_string()))
    }

    /// The document at `uri`, with battle `battle` checked and its
    /// timeline kept.
    pub fn checked(&mut self, uri: &Uri, battle: usize) -> Option<&Document> {
        let doc = self.docs.get_mut(uri)?;
        doc.ensure_keeping(battle, crate::analysis::Keep::Timeline);
        Some(doc)
    }
}

fn parse<P: serde::de::DeserializeOwned>(params: Value) -> Result<P, (ErrorCode, String)> {
    serde_json::from_value(params).map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
}

fn to_value<T: serde::Serialize>(value: T) -> Result<Value, serde_json::Error> {
    serde_json::to_value(value)
}

fn send(connection: &Connection, message: Message) -> Result<(), String> {
    connection
        .sender
        .send(message)
        .map_err(|_| "the client went away".to_string())
}

/// A request's id, for tests that build requests.
pub fn request_id(n: i32) -> RequestId {
    RequestId::from(n)
}
