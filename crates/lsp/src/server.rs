//! The server's loop: the open documents, and one handler per request or
//! notification. A handler that fails (bad parameters, or a bug) answers
//! with an error and the server goes on.

use crate::{diagnostics, features};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _, PublishDiagnostics,
};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, Formatting, HoverRequest, Request as _,
};
use lsp_types::{
    CodeActionOrCommand, CodeActionParams, CodeActionProviderCapability, CompletionOptions, CompletionParams,
    CompletionResponse, DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams,
    DocumentFormattingParams, DocumentSymbolParams, DocumentSymbolResponse, HoverParams, HoverProviderCapability,
    InitializeResult, OneOf, PositionEncodingKind, PublishDiagnosticsParams, ServerCapabilities, ServerInfo,
    TextDocumentSyncCapability, TextDocumentSyncKind, Uri,
};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// What the server can do.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(PositionEncodingKind::UTF16),
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec!["(".to_string()]),
            ..CompletionOptions::default()
        }),
        document_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        ..ServerCapabilities::default()
    }
}

/// A failed request: its error code and message.
type Failure = (ErrorCode, String);

/// The open documents, by URI.
#[derive(Default)]
struct Server {
    documents: HashMap<Uri, String>,
}

fn params<P: DeserializeOwned>(value: Value) -> Result<P, Failure> {
    serde_json::from_value(value).map_err(|e| (ErrorCode::InvalidParams, format!("invalid parameters: {e}")))
}

fn to_value(result: impl serde::Serialize) -> Result<Value, Failure> {
    serde_json::to_value(result).map_err(|e| (ErrorCode::InternalError, e.to_string()))
}

impl Server {
    fn text(&self, uri: &Uri) -> Result<&str, Failure> {
        self.documents
            .get(uri)
            .map(String::as_str)
            .ok_or_else(|| (ErrorCode::InvalidParams, format!("{} is not open", uri.as_str())))
    }

    fn request(&self, req: Request) -> Result<Value, Failure> {
        match req.method.as_str() {
            HoverRequest::METHOD => {
                let p: HoverParams = params(req.params)?;
                let doc = &p.text_document_position_params;
                to_value(features::hover(self.text(&doc.text_document.uri)?, doc.position))
            }
            Completion::METHOD => {
                let p: CompletionParams = params(req.params)?;
                let doc = &p.text_document_position;
                let items = features::completion(self.text(&doc.text_document.uri)?, doc.position);
                to_value(CompletionResponse::Array(items))
            }
            DocumentSymbolRequest::METHOD => {
                let p: DocumentSymbolParams = params(req.params)?;
                to_value(DocumentSymbolResponse::Nested(features::symbols(self.text(&p.text_document.uri)?)))
            }
            Formatting::METHOD => {
                let p: DocumentFormattingParams = params(req.params)?;
                let edits = features::formatting(self.text(&p.text_document.uri)?)
                    .map_err(|message| (ErrorCode::RequestFailed, message))?;
                to_value(edits)
            }
            CodeActionRequest::METHOD => {
                let p: CodeActionParams = params(req.params)?;
                let uri = &p.text_document.uri;
                let fixes = diagnostics::quick_fixes(self.text(uri)?, uri, p.range);
                to_value(fixes.into_iter().map(CodeActionOrCommand::CodeAction).collect::<Vec<_>>())
            }
            method => Err((ErrorCode::MethodNotFound, format!("sowspec does not answer `{method}`"))),
        }
    }

    /// Handles a notification; returns the document whose diagnostics changed.
    fn notification(&mut self, note: Notification) -> Result<Option<Uri>, Failure> {
        match note.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let p: DidOpenTextDocumentParams = params(note.params)?;
                self.documents.insert(p.text_document.uri.clone(), p.text_document.text);
                Ok(Some(p.text_document.uri))
            }
            DidChangeTextDocument::METHOD => {
                let p: DidChangeTextDocumentParams = params(note.params)?;
                // Full synchronisation: the last change holds the whole text.
                let Some(change) = p.content_changes.into_iter().last() else { return Ok(None) };
                self.documents.insert(p.text_document.uri.clone(), change.text);
                Ok(Some(p.text_document.uri))
            }
            DidCloseTextDocument::METHOD => {
                let p: DidCloseTextDocumentParams = params(note.params)?;
                self.documents.remove(&p.text_document.uri);
                Ok(Some(p.text_document.uri))
            }
            _ => Ok(None),
        }
    }

    fn publish(&self, uri: Uri) -> Notification {
        let diagnostics = self.documents.get(&uri).map_or_else(Vec::new, |text| diagnostics::diagnostics(text, &uri));
        let params = PublishDiagnosticsParams { uri, diagnostics, version: None };
        Notification::new(PublishDiagnostics::METHOD.to_string(), params)
    }
}

/// Runs `f`, turning a panic into a failure.
fn guarded<T>(f: impl FnOnce() -> Result<T, Failure>) -> Result<T, Failure> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| Err((ErrorCode::InternalError, "internal error".into())))
}

fn response(id: RequestId, result: Result<Value, Failure>) -> Response {
    match result {
        Ok(value) => Response::new_ok(id, value),
        Err((code, message)) => Response::new_err(id, code as i32, message),
    }
}

/// The initialize handshake, then requests and notifications until
/// `shutdown` and `exit`.
///
/// # Errors
/// The client broke the protocol (no `initialize` first, or the connection closed).
pub fn serve(connection: &Connection) -> Result<(), lsp_server::ProtocolError> {
    let (id, _params) = connection.initialize_start()?;
    let result = InitializeResult {
        capabilities: capabilities(),
        server_info: Some(ServerInfo { name: "sowspec".to_string(), version: Some(env!("CARGO_PKG_VERSION").into()) }),
    };
    connection.initialize_finish(id, serde_json::to_value(result).expect("the capabilities serialise"))?;
    let mut server = Server::default();
    for msg in &connection.receiver {
        let out = match msg {
            Message::Request(req) => {
                if connection.handle_shutdown(&req)? {
                    return Ok(());
                }
                let id = req.id.clone();
                Message::Response(response(id, guarded(|| server.request(req))))
            }
            Message::Notification(note) => match guarded(|| server.notification(note)) {
                Ok(Some(uri)) => Message::Notification(server.publish(uri)),
                _ => continue,
            },
            Message::Response(_) => continue,
        };
        if connection.sender.send(out).is_err() {
            break;
        }
    }
    Ok(())
}
