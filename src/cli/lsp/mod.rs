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
    let (connection, [reader, writer]) = framing::stdio();
    let code = match serve(&connection) {
        Ok(()) => super::OK,
        Err(e) => {
            eprintln!("gamut lsp: {e}");
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

fn serve(connection: &Connection) -> Result<(), String> {
    let (id, params) = connection.initialize_start().map_err(|e| e.to_string())?;
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
    connection
        .initialize_finish(id, result)
        .map_err(|e| e.to_string())?;
    let mut server = Server {
        connection,
        encoding,
        documents: HashMap::new(),
    };
    loop {
        let Ok(first) = connection.receiver.recv() else {
            return Err("the editor closed the connection without `exit`".into());
        };
        let mut batch = vec![first];
        batch.extend(connection.receiver.try_iter());
        for message in batch {
            match message {
                Message::Request(request) => {
                    if connection
                        .handle_shutdown(&request)
                        .map_err(|e| e.to_string())?
                    {
                        return Ok(());
                    }
                    server.answer(request);
                }
                Message::Notification(note) if note.method == "exit" => {
                    return Err("`exit` came before `shutdown`".into());
                }
                Message::Notification(note) => server.note(note),
                Message::Response(_) => {}
            }
        }
        server.publish();
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

    /// A change to the open documents.
    fn note(&mut self, note: Notification) {
        match note.method.as_str() {
            DidOpenTextDocument::METHOD => {
                if let Ok(p) = note
                    .extract::<lsp_types::DidOpenTextDocumentParams>(DidOpenTextDocument::METHOD)
                {
                    let doc = p.text_document;
                    self.documents.insert(
                        doc.uri.as_str().to_string(),
                        Document {
                            uri: doc.uri,
                            version: doc.version,
                            text: doc.text,
                            analysis: None,
                            published: false,
                        },
                    );
                }
            }
            DidChangeTextDocument::METHOD => {
                if let Ok(p) = note.extract::<lsp_types::DidChangeTextDocumentParams>(
                    DidChangeTextDocument::METHOD,
                ) && let Some(doc) = self.documents.get_mut(p.text_document.uri.as_str())
                    && let Some(change) = p.content_changes.into_iter().last()
                {
                    // Full sync: the last change holds the whole text.
                    doc.text = change.text;
                    doc.version = p.text_document.version;
                    doc.analysis = None;
                    doc.published = false;
                }
            }
            DidCloseTextDocument::METHOD => {
                if let Ok(p) = note
                    .extract::<lsp_types::DidCloseTextDocumentParams>(DidCloseTextDocument::METHOD)
                    && let Some(doc) = self.documents.remove(p.text_document.uri.as_str())
                {
                    // A closed file's diagnostics go with it.
                    self.send(Notification::new(
                        PublishDiagnostics::METHOD.into(),
                        PublishDiagnosticsParams::new(doc.uri, Vec::new(), None),
                    ));
                }
            }
            _ => {}
        }
    }

    /// Checks every document whose latest text has not been published, and
    /// publishes its diagnostics.
    fn publish(&mut self) {
        let encoding = self.encoding;
        let mut out = Vec::new();
        for doc in self.documents.values_mut() {
            if doc.published {
                continue;
            }
            doc.published = true;
            let diagnostics =
                catch_unwind(AssertUnwindSafe(|| analysed(doc, encoding).diagnostics()));
            let diagnostics = diagnostics.unwrap_or_default();
            out.push(PublishDiagnosticsParams::new(
                doc.uri.clone(),
                diagnostics,
                Some(doc.version),
            ));
        }
        for params in out {
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
        let encoding = self.encoding;
        let doc = self.documents.get_mut(uri.as_str())?;
        Some(analysed(doc, encoding))
    }
}

fn analysed(doc: &mut Document, encoding: Encoding) -> &Analysis {
    if doc.analysis.is_none() {
        doc.analysis = Some(Analysis::new(doc.uri.clone(), doc.text.clone(), encoding));
    }
    doc.analysis.as_ref().expect("just made")
}
