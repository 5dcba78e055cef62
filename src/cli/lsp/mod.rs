//! `gamut lsp`: the Language Server Protocol over standard input and
//! output, on the same checker as `validate` (no second parser). The
//! protocol's framing and types come from `lsp-server` and `lsp-types`,
//! the crates rust-analyzer is built on; this module only answers.
//!
//! Documents are kept whole (full sync). Messages are read in batches:
//! every message already waiting is taken before any document is checked,
//! so text that a newer change replaces is never checked (the work on it
//! is cancelled by not starting it). A panic in an answer is caught and
//! reported as an error for that request; the server goes on.

mod analysis;
mod framing;
mod reference;
mod text;

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{
    Completion, GotoDefinition, HoverRequest, References, Request as LspRequest,
};
use lsp_types::{
    CompletionOptions, CompletionParams, CompletionResponse, GotoDefinitionParams,
    GotoDefinitionResponse, Hover, HoverContents, HoverParams, HoverProviderCapability,
    InitializeParams, MarkupContent, MarkupKind, OneOf, PositionEncodingKind,
    PublishDiagnosticsParams, ReferenceParams, ServerCapabilities, TextDocumentPositionParams,
    TextDocumentSyncCapability, TextDocumentSyncKind, Uri,
};
use serde_json::Value;

use analysis::Analysis;
use text::Encoding;

/// An open document: its latest text, and its analysis once made.
struct Document {
    uri: Uri,
    version: i32,
    text: String,
    analysis: Option<Analysis>,
    published: bool,
}

/// Runs the server until the editor says `exit`. The exit status is 0
/// after `shutdown`, 1 otherwise, as the protocol asks.
pub(crate) fn run() -> i32 {
    super::interrupt::survive_closed_pipes();
    let (connection, [reader, writer]) = framing::stdio();
    let code = match serve(&connection) {
        Ok(()) => super::OK,
        Err(e) => {
            errln!("gamut lsp: {e}");
            1
        }
    };
    // The writer ends once the server's side is dropped, having written
    // every answer; the reader has stopped at `exit` or at the end of the
    // input, or is waiting on an input that nothing will follow, and is
    // left to the process's end.
    drop(connection);
    let _ = writer.join();
    if reader.is_finished() {
        let _ = reader.join();
    }
    code
}

/// Waits for `initialize`: a request before it is answered with
/// `ServerNotInitialized`, a notification dropped, as the protocol asks.
fn initialize_request(connection: &Connection) -> Result<(lsp_server::RequestId, Value), String> {
    loop {
        let Ok(message) = connection.receiver.recv() else {
            return Err("the editor closed the connection before `initialize`".into());
        };
        match message {
            Message::Request(request) if request.method == "initialize" => {
                return Ok((request.id, request.params));
            }
            Message::Request(request) => {
                let _ = connection.sender.send(
                    Response::new_err(
                        request.id,
                        ErrorCode::ServerNotInitialized as i32,
                        format!(
                            "`{}` came before `initialize`: initialize the server first",
                            request.method
                        ),
                    )
                    .into(),
                );
            }
            Message::Notification(note) if note.method == "exit" => {
                return Err("`exit` came before `initialize`".into());
            }
            Message::Notification(_) | Message::Response(_) => {}
        }
    }
}

fn serve(connection: &Connection) -> Result<(), String> {
    let (id, params) = initialize_request(connection)?;
    let init: InitializeParams = serde_json::from_value(params).unwrap_or_default();
    let utf8 = init
        .capabilities
        .general
        .and_then(|g| g.position_encodings)
        .is_some_and(|kinds| kinds.contains(&PositionEncodingKind::UTF8));
    let encoding = if utf8 {
        Encoding::Utf8
    } else {
        Encoding::Utf16
    };
    let capabilities = ServerCapabilities {
        position_encoding: Some(if utf8 {
            PositionEncodingKind::UTF8
        } else {
            PositionEncodingKind::UTF16
        }),
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![" ".into(), "\"".into()]),
            ..CompletionOptions::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    };
    let result = serde_json::json!({
        "capabilities": capabilities,
        "serverInfo": { "name": "gamut", "version": env!("CARGO_PKG_VERSION") },
    });
    // The `initialized` notification that should follow is not waited
    // for: whatever comes first is answered (`lsp-server` ended the
    // session at any other message).
    let _ = connection.sender.send(Response::new_ok(id, result).into());
    let mut server = Server {
        connection,
        encoding,
        documents: HashMap::new(),
    };
    // After `shutdown` only `exit` is expected: requests are refused,
    // notifications dropped, and the exit status says whether it came.
    let mut shut_down = false;
    loop {
        let Ok(first) = connection.receiver.recv() else {
            return Err("the editor closed the connection without `exit`".into());
        };
        let mut batch = vec![first];
        batch.extend(connection.receiver.try_iter());
        for message in batch {
            match message {
                Message::Request(request) => {
                    let refusal = match request.method.as_str() {
                        _ if shut_down => Some("the server is shut down: only `exit` may follow"),
                        "initialize" => Some("the server is already initialized"),
                        "shutdown" => {
                            shut_down = true;
                            server.send(Response::new_ok(request.id, ()));
                            continue;
                        }
                        _ => None,
                    };
                    match refusal {
                        Some(why) => server.send(Response::new_err(
                            request.id,
                            ErrorCode::InvalidRequest as i32,
                            why.to_string(),
                        )),
                        None => server.answer(request),
                    }
                }
                Message::Notification(note) if note.method == "exit" => {
                    return if shut_down {
                        Ok(())
                    } else {
                        Err("`exit` came before `shutdown`".into())
                    };
                }
                Message::Notification(note) if !shut_down => server.note(note),
                Message::Notification(_) | Message::Response(_) => {}
            }
        }
        if !shut_down {
            server.publish();
        }
    }
}

struct Server<'c> {
    connection: &'c Connection,
    encoding: Encoding,
    documents: HashMap<String, Document>,
}

impl Server<'_> {
    fn send(&self, message: impl Into<Message>) {
        // The writer thread is gone only when the editor is: nothing to do.
        let _ = self.connection.sender.send(message.into());
    }

    /// A change to the open documents, or to files on disk.
    fn note(&mut self, note: Notification) {
        let method = note.method.clone();
        let changed = match method.as_str() {
            DidOpenTextDocument::METHOD => note
                .extract::<lsp_types::DidOpenTextDocumentParams>(DidOpenTextDocument::METHOD)
                .map(|p| self.open(p.text_document)),
            DidChangeTextDocument::METHOD => note
                .extract::<lsp_types::DidChangeTextDocumentParams>(DidChangeTextDocument::METHOD)
                .map(|p| self.change(p)),
            DidCloseTextDocument::METHOD => note
                .extract::<lsp_types::DidCloseTextDocumentParams>(DidCloseTextDocument::METHOD)
                .map(|p| self.close(p.text_document.uri)),
            // A file saved or changed on disk may be a parent of an open
            // variant that is not open itself.
            "textDocument/didSave" | "workspace/didChangeWatchedFiles" => Ok(String::new()),
            _ => return,
        };
        match changed {
            Ok(key) => self.parents_changed(&key),
            // Nothing to answer a notification with; the log says why it
            // was dropped.
            Err(e) => errln!("gamut lsp: `{method}` could not be read: {e}"),
        }
    }

    fn open(&mut self, doc: lsp_types::TextDocumentItem) -> String {
        let key = doc.uri.as_str().to_string();
        self.documents.insert(
            key.clone(),
            Document {
                uri: doc.uri,
                version: doc.version,
                text: doc.text,
                analysis: None,
                published: false,
            },
        );
        key
    }

    fn change(&mut self, p: lsp_types::DidChangeTextDocumentParams) -> String {
        let key = p.text_document.uri.as_str().to_string();
        let Some(doc) = self.documents.get_mut(&key) else {
            return key;
        };
        // Versions only grow: a change that is not newer than the text
        // held would put an older text over a newer one (told in the log).
        if p.text_document.version <= doc.version {
            errln!(
                "gamut lsp: a change to version {} of {key}, which is at version {}, was left out",
                p.text_document.version,
                doc.version
            );
            return key;
        }
        // Full sync is asked for, so each change is the whole text; a
        // change given with a range (an editor that sends them anyway) is
        // applied where it says.
        for change in p.content_changes {
            match change.range {
                None => doc.text = change.text,
                Some(range) => {
                    let index = text::LineIndex::new(&doc.text, self.encoding);
                    let start = index.offset(&doc.text, range.start);
                    let end = index.offset(&doc.text, range.end).max(start);
                    doc.text.replace_range(start..end, &change.text);
                }
            }
        }
        doc.version = p.text_document.version;
        doc.analysis = None;
        doc.published = false;
        key
    }

    fn close(&mut self, uri: Uri) -> String {
        let key = uri.as_str().to_string();
        if let Some(doc) = self.documents.remove(&key) {
            // A closed file's diagnostics go with it.
            self.send(Notification::new(
                PublishDiagnostics::METHOD.into(),
                PublishDiagnosticsParams::new(doc.uri, Vec::new(), None),
            ));
        }
        key
    }

    /// Checks every document whose latest text has not been published, and
    /// publishes its diagnostics.
    fn publish(&mut self) {
        let encoding = self.encoding;
        let waiting: Vec<String> = self
            .documents
            .iter()
            .filter(|(_, doc)| !doc.published)
            .map(|(key, _)| key.clone())
            .collect();
        for key in waiting {
            let diagnostics = catch_unwind(AssertUnwindSafe(|| {
                analysed(&mut self.documents, &key, encoding).map(Analysis::diagnostics)
            }));
            let Some(doc) = self.documents.get_mut(&key) else {
                continue;
            };
            doc.published = true;
            let params = PublishDiagnosticsParams::new(
                doc.uri.clone(),
                diagnostics.ok().flatten().unwrap_or_default(),
                Some(doc.version),
            );
            self.send(Notification::new(PublishDiagnostics::METHOD.into(), params));
        }
    }

    /// Answers a request; an answer that fails is an error response, never
    /// the end of the server.
    fn answer(&mut self, request: Request) {
        let id = request.id.clone();
        let response = match catch_unwind(AssertUnwindSafe(|| self.result(&request))) {
            Ok(Ok(value)) => Response::new_ok(id, value),
            Ok(Err((code, message))) => Response::new_err(id, code as i32, message),
            Err(_) => Response::new_err(
                id,
                ErrorCode::InternalError as i32,
                format!("gamut failed while answering {}", request.method),
            ),
        };
        self.send(response);
    }

    fn result(&mut self, request: &Request) -> Result<Value, (ErrorCode, String)> {
        fn params<P: serde::de::DeserializeOwned>(
            request: &Request,
        ) -> Result<P, (ErrorCode, String)> {
            serde_json::from_value(request.params.clone())
                .map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
        }
        match request.method.as_str() {
            HoverRequest::METHOD => {
                let p: HoverParams = params(request)?;
                self.at_position(&p.text_document_position_params, |a, at| {
                    a.hover(at).map(|(text, range)| Hover {
                        contents: HoverContents::Markup(MarkupContent {
                            kind: MarkupKind::Markdown,
                            value: text,
                        }),
                        range: Some(range),
                    })
                })
            }
            Completion::METHOD => {
                let p: CompletionParams = params(request)?;
                self.at_position(&p.text_document_position, |a, at| {
                    CompletionResponse::Array(a.completions(at))
                })
            }
            GotoDefinition::METHOD => {
                let p: GotoDefinitionParams = params(request)?;
                self.at_position(&p.text_document_position_params, |a, at| {
                    GotoDefinitionResponse::Array(a.definition(at))
                })
            }
            References::METHOD => {
                let p: ReferenceParams = params(request)?;
                let declarations = p.context.include_declaration;
                self.at_position(&p.text_document_position, |a, at| {
                    a.references(at, declarations)
                })
            }
            other => Err((
                ErrorCode::MethodNotFound,
                format!("gamut lsp does not answer `{other}`"),
            )),
        }
    }

    /// The answer of `answer` at a place of an open document, as JSON;
    /// `null` for a document that is not open.
    fn at_position<T: serde::Serialize>(
        &mut self,
        at: &TextDocumentPositionParams,
        answer: impl FnOnce(&Analysis, usize) -> T,
    ) -> Result<Value, (ErrorCode, String)> {
        let Some(a) = self.analysis(&at.text_document.uri) else {
            return Ok(Value::Null);
        };
        let offset = a.offset(at.position);
        serde_json::to_value(answer(a, offset))
            .map_err(|e| (ErrorCode::InternalError, e.to_string()))
    }

    /// The analysis of an open document, made now if its text is new.
    fn analysis(&mut self, uri: &Uri) -> Option<&Analysis> {
        analysed(&mut self.documents, uri.as_str(), self.encoding)
    }

    /// Another document changed (or a file on disk did): every open
    /// variant is checked again, since the game it extends may be that
    /// one.
    fn parents_changed(&mut self, changed: &str) {
        for (key, doc) in &mut self.documents {
            let extends = doc.analysis.as_ref().is_none_or(Analysis::extends_another);
            if key != changed && extends {
                doc.analysis = None;
                doc.published = false;
            }
        }
    }
}

/// The analysis of the open document `key`, made now if its text is new,
/// with the parents it extends read from the open documents first.
fn analysed<'d>(
    documents: &'d mut HashMap<String, Document>,
    key: &str,
    encoding: Encoding,
) -> Option<&'d Analysis> {
    if documents.get(key)?.analysis.is_none() {
        // Looked up only for the parents a file extends.
        let held = |parent: &std::path::Path| {
            let open = |d: &&Document| {
                text::uri_path(d.uri.as_str())
                    .is_some_and(|p| p.canonicalize().unwrap_or(p) == parent)
            };
            documents.values().find(open).map(|d| d.text.clone())
        };
        let doc = &documents[key];
        let analysis = Analysis::new(doc.uri.clone(), doc.text.clone(), encoding, &held);
        documents.get_mut(key)?.analysis = Some(analysis);
    }
    documents.get(key)?.analysis.as_ref()
}
