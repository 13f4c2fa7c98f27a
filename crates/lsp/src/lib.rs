//! The senlac language server (`senlac lsp`): battle logs checked as they
//! are typed, over LSP on standard input and output.
//!
//! It owns the editor's view of a log and nothing of the rules: every
//! diagnostic, state, legal line and catalog entry it shows comes from the
//! notation's tree and the engine's contract (`dyn Game`: `index_at`,
//! `step_source`, `legal`, `view`, `resume`). Built on lsp-server and
//! lsp-types (rust-analyzer's own): a synchronous main loop we control, so
//! the order of checks and the dropping of stale ones are ours
//! ([`server`]).
//!
//! - [`document`]: the open documents, their UTF-16 position index, and their battles, kept across edits.
//! - [`analysis`]: one battle's check, resumable.
//! - [`server`]: the main loop and the scheduling of checks.
//! - [`diagnostics`], [`hover`], [`complete`], [`actions`], [`symbols`],
//!   [`tokens`], [`hints`]: one module per family of requests; [`names`]
//!   resolves unit ids, [`here`] is a battle as a request sees it.

pub mod actions;
pub mod analysis;
pub mod complete;
pub mod diagnostics;
pub mod document;
pub mod here;
pub mod hints;
pub mod hover;
pub mod names;
pub mod server;
pub mod symbols;
pub mod tokens;

use lsp_server::Connection;
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionProviderCapability, CompletionOptions,
    HoverProviderCapability, InitializeResult, OneOf, SemanticTokensFullOptions,
    SemanticTokensOptions, SemanticTokensServerCapabilities, ServerCapabilities, ServerInfo,
    TextDocumentSyncCapability, TextDocumentSyncKind,
};

pub use server::Server;

/// What the server answers.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![" ".into()]),
            ..CompletionOptions::default()
        }),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![CodeActionKind::QUICKFIX]),
            ..CodeActionOptions::default()
        })),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(lsp_types::FoldingRangeProviderCapability::Simple(true)),
        inlay_hint_provider: Some(OneOf::Left(true)),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: tokens::legend(),
                full: Some(SemanticTokensFullOptions::Bool(true)),
                range: None,
                ..SemanticTokensOptions::default()
            },
        )),
        ..ServerCapabilities::default()
    }
}

/// Serves a client over `connection`: the handshake, then the main loop
/// until the client shuts the server down.
pub fn serve(connection: &Connection) -> Result<(), String> {
    let result = InitializeResult {
        capabilities: capabilities(),
        server_info: Some(ServerInfo {
            name: "senlac".into(),
            version: Some(env!("CARGO_PKG_VERSION").into()),
        }),
    };
    let result = serde_json::to_value(result).map_err(|e| e.to_string())?;
    let handshake = |e: lsp_server::ProtocolError| format!("the client's handshake failed: {e}");
    let (id, _params) = connection.initialize_start().map_err(handshake)?;
    connection
        .initialize_finish(id, result)
        .map_err(handshake)?;
    Server::new().serve(connection)
}

/// `senlac lsp`: serves over standard input and output.
pub fn run_stdio() -> Result<(), String> {
    let (connection, io) = Connection::stdio();
    let served = serve(&connection);
    drop(connection);
    io.join().map_err(|e| e.to_string())?;
    served
}
