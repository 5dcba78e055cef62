//! The protocol's framing over standard input and output, read with
//! bounds: `lsp-server`'s own reader allocates whatever `Content-Length`
//! says (a bogus length aborted the server) and ends the session at the
//! first frame it cannot read. Here a header line, the headers and a body
//! each have a limit; a frame that breaks one, or whose body is not a
//! JSON-RPC message, is answered with a JSON-RPC error (and noted on
//! standard error), and the session goes on with the next frame.

use std::io::{self, BufRead, Read, Write};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use lsp_server::{Connection, Message};
use serde_json::Value;

/// The longest header line read; longer ones are skipped to their end.
const MAX_HEADER_LINE: usize = 8 * 1024;
/// The most header lines of one frame.
const MAX_HEADERS: usize = 32;
/// The largest body: a game file of the largest size gamut reads (16
/// MiB), escaped in JSON, with room to spare. A larger body is read past
/// in small pieces, never held.
pub(super) const MAX_BODY: usize = 64 * 1024 * 1024;

/// What one frame of the input held.
#[derive(Debug)]
pub(super) enum Frame {
    Message(Message),
    /// A frame that holds no message: why, the JSON-RPC error code that
    /// answers it, and the id of the request it seems to be, when one can
    /// be read.
    Malformed {
        why: String,
        code: i32,
        id: Value,
    },
    /// A body too large to hold: why, and its length, to be read past
    /// (with [`skip_body`]) once the error is answered, for a client that
    /// waits for the answer before it sends the rest.
    TooLarge {
        why: String,
        length: u64,
    },
}

/// JSON-RPC's code for a body that is not JSON.
const PARSE_ERROR: i32 = -32700;
/// JSON-RPC's code for JSON that is not a message.
const INVALID_REQUEST: i32 = -32600;

/// The server's side of a connection over standard input and output, and
/// the threads that read and write it. The reader stops after `exit` or
/// at the end of the input; the writer when the server's side is dropped.
pub(super) fn stdio() -> (Connection, [JoinHandle<()>; 2]) {
    let (server, client) = Connection::memory();
    let stdout = Arc::new(Mutex::new(io::stdout()));
    let out = Arc::clone(&stdout);
    let receiver = client.receiver;
    let writer = std::thread::spawn(move || {
        for message in receiver {
            let Ok(mut out) = out.lock() else { return };
            if message.write(&mut *out).and_then(|()| out.flush()).is_err() {
                return;
            }
        }
    });
    let sender = client.sender;
    let reader = std::thread::spawn(move || {
        let mut input = io::stdin().lock();
        loop {
            match read_frame(&mut input) {
                Ok(Some(Frame::Message(message))) => {
                    let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
                    if sender.send(message).is_err() || exit {
                        return;
                    }
                }
                Ok(Some(Frame::Malformed { why, code, id })) => {
                    errln!("gamut lsp: {why}");
                    if let Ok(mut out) = stdout.lock() {
                        let _ = write_error(&mut *out, &id, code, &why);
                    }
                }
                Ok(Some(Frame::TooLarge { why, length })) => {
                    errln!("gamut lsp: {why}");
                    if let Ok(mut out) = stdout.lock() {
                        let _ = write_error(&mut *out, &Value::Null, INVALID_REQUEST, &why);
                    }
                    if skip_body(&mut input, length).is_err() {
                        return;
                    }
                }
                Ok(None) | Err(_) => return,
            }
        }
    });
    (server, [reader, writer])
}

/// Reads one frame: its headers, then a body of `Content-Length` bytes.
/// `None` at the end of the input.
pub(super) fn read_frame(input: &mut impl BufRead) -> io::Result<Option<Frame>> {
    // The body's length, or why there is none (and how many bytes to read
    // past, for one too large to hold).
    let mut length: Option<Result<usize, (String, u64)>> = None;
    let mut headers = 0;
    loop {
        let Some(line) = read_header_line(input)? else {
            return Ok(None);
        };
        // A blank line ends the headers; blank lines before any header
        // (between frames) are passed over.
        if line.is_empty() {
            if headers == 0 {
                continue;
            }
            break;
        }
        headers += 1;
        if headers > MAX_HEADERS {
            return Ok(Some(malformed(format!(
                "a frame with more than {MAX_HEADERS} header lines"
            ))));
        }
        // The length may follow the leftovers of a frame whose length
        // was short (its body ran on, without a line break, into this
        // header): read from the header's name on.
        let at = line.to_ascii_lowercase().find("content-length:");
        if let Some((_, value)) = at.and_then(|at| line[at..].split_once(':')) {
            let earlier = length.take();
            length = Some(match value.trim().parse::<u64>() {
                // Two lengths that disagree: which the sender meant is
                // not known (HTTP refuses such a message too).
                Ok(n) if earlier.as_ref().is_some_and(|e| *e != Ok(n as usize)) => Err((
                    "a frame with two `Content-Length` headers that differ".into(),
                    0,
                )),
                Ok(n) if n <= MAX_BODY as u64 => Ok(n as usize),
                Ok(n) => Err((
                    format!("a body of {n} bytes, more than the {MAX_BODY} a message may have"),
                    n,
                )),
                Err(_) => Err((format!("`Content-Length:{value}` is not a length"), 0)),
            });
        }
    }
    match length {
        None => Ok(Some(malformed("a frame without `Content-Length`".into()))),
        Some(Err((why, 0))) => Ok(Some(malformed(why))),
        Some(Err((why, length))) => Ok(Some(Frame::TooLarge { why, length })),
        Some(Ok(n)) => {
            let mut body = vec![0; n];
            if input.read_exact(&mut body).is_err() {
                return Ok(None);
            }
            Ok(Some(parse_body(&body)))
        }
    }
}

/// Reads past a body too large to hold, a piece at a time.
pub(super) fn skip_body(input: &mut impl BufRead, length: u64) -> io::Result<u64> {
    io::copy(&mut input.take(length), &mut io::sink())
}

/// A body as a message, or why it is none.
fn parse_body(body: &[u8]) -> Frame {
    let value: Value = match serde_json::from_slice(body) {
        Ok(value) => value,
        Err(e) => {
            return Frame::Malformed {
                why: format!("a body that is not JSON: {e}"),
                code: PARSE_ERROR,
                id: Value::Null,
            };
        }
    };
    let id = value.get("id").cloned().unwrap_or(Value::Null);
    let is_message = value.is_object()
        && (value.get("method").is_some_and(Value::is_string)
            || value.get("result").is_some()
            || value.get("error").is_some());
    if !is_message {
        return Frame::Malformed {
            why: "a JSON body that is no request, notification or response".into(),
            code: INVALID_REQUEST,
            id,
        };
    }
    // An id that is neither a string nor a whole number of 32 bits would
    // be read as no id at all (a notification, never answered).
    let id_readable =
        |id: &Value| id.is_string() || id.as_i64().is_some_and(|n| i32::try_from(n).is_ok());
    if value.get("method").is_some() && value.get("id").is_some_and(|id| !id_readable(id)) {
        return Frame::Malformed {
            why: format!("a request whose id, {id}, is neither a string nor a whole number"),
            code: INVALID_REQUEST,
            id: Value::Null,
        };
    }
    match serde_json::from_value::<Message>(value) {
        Ok(message) => Frame::Message(message),
        Err(e) => Frame::Malformed {
            why: format!("a message that cannot be read: {e}"),
            code: INVALID_REQUEST,
            id,
        },
    }
}

/// A frame whose framing is broken: no request to name.
fn malformed(why: String) -> Frame {
    Frame::Malformed {
        why,
        code: INVALID_REQUEST,
        id: Value::Null,
    }
}

/// One header line without its line break (`\r\n` or `\n`); a line
/// longer than [`MAX_HEADER_LINE`] is read to its end and kept short.
/// `None` at the end of the input.
fn read_header_line(input: &mut impl BufRead) -> io::Result<Option<String>> {
    let mut line = Vec::new();
    let mut any = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(any.then(|| String::from_utf8_lossy(&line).into_owned()));
        }
        any = true;
        let (taken, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let room = MAX_HEADER_LINE.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..taken.min(room)]);
        input.consume(taken);
        if done {
            while matches!(line.last(), Some(b'\n' | b'\r')) {
                line.pop();
            }
            return Ok(Some(String::from_utf8_lossy(&line).into_owned()));
        }
    }
}

/// The JSON-RPC error that answers a frame holding no message.
fn write_error(out: &mut impl Write, id: &Value, code: i32, why: &str) -> io::Result<()> {
    let text = serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": { "code": code, "message": why },
    })
    .to_string();
    write!(out, "Content-Length: {}\r\n\r\n{text}", text.len())?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> Vec<String> {
        let mut input = input;
        let mut out = Vec::new();
        while let Some(frame) = read_frame(&mut input).expect("reads") {
            out.push(match frame {
                Frame::Message(Message::Request(r)) => format!("request {}", r.method),
                Frame::Message(Message::Notification(n)) => format!("note {}", n.method),
                Frame::Message(Message::Response(_)) => "response".into(),
                Frame::Malformed { why, id, .. } => format!("bad {id}: {why}"),
                Frame::TooLarge { why, length } => {
                    skip_body(&mut input, length).expect("reads");
                    format!("bad null: {why}")
                }
            });
        }
        out
    }

    fn frame(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    /// Each broken frame is told apart and the next one still read: bad
    /// JSON, an array, a request without a method, a bogus or missing or
    /// negative length, two lengths that differ, a huge length (read past, never held), bare `\n`
    /// line breaks, an endless header line.
    #[test]
    fn broken_frames_are_told_and_the_next_one_is_read() {
        let ok = frame(r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#);
        let cases: Vec<(Vec<u8>, &str)> = vec![
            (
                frame("{not json").into_bytes(),
                "bad null: a body that is not JSON",
            ),
            (
                frame("[1,2]").into_bytes(),
                "bad null: a JSON body that is no",
            ),
            (
                frame(r#"{"jsonrpc":"2.0","id":7}"#).into_bytes(),
                "bad 7: a JSON body",
            ),
            (
                b"Content-Length: -3\r\n\r\n".to_vec(),
                "bad null: `Content-Length: -3`",
            ),
            (
                b"Content-Type: x\r\n\r\n".to_vec(),
                "bad null: a frame without",
            ),
            (
                b"Content-Length: 2\r\ncontent-length: 5\r\n\r\n{}".to_vec(),
                "bad null: a frame with two `Content-Length` headers",
            ),
            (
                format!(
                    "Content-Length: {}\r\n\r\n{}",
                    MAX_BODY + 10,
                    " ".repeat(MAX_BODY + 10)
                )
                .into_bytes(),
                "bad null: a body of 67108874 bytes",
            ),
            (
                format!("X-{}: y\r\n\r\n", "a".repeat(100_000)).into_bytes(),
                "bad null: a frame without",
            ),
        ];
        for (broken, told) in cases {
            let mut input = broken;
            input.extend_from_slice(ok.as_bytes());
            let read = frames(&input);
            assert_eq!(read.len(), 2, "{read:?}");
            assert!(read[0].starts_with(told), "{read:?}");
            assert_eq!(read[1], "note initialized");
        }
        // A length too short: the rest of the body runs into the next
        // frame's header, which is still found.
        let short = "Content-Length: 5\r\n\r\n{\"jsonrpc\":\"2.0\"}".to_string() + &ok;
        let read = frames(short.as_bytes());
        assert!(read.len() == 2 && read[1] == "note initialized", "{read:?}");
        let lf_only = "Content-Length: 2\n\n{}".to_string() + &ok;
        assert_eq!(frames(lf_only.as_bytes()).len(), 2);
        // A body cut short by the end of the input ends the session.
        assert!(frames(b"Content-Length: 99\r\n\r\n{}").is_empty());
    }

    /// A huge length that the input never fills ends at the end of the
    /// input, having held none of it.
    #[test]
    fn a_bogus_length_holds_nothing() {
        let read = frames(b"Content-Length: 99999999999999\r\n\r\n{}");
        assert_eq!(read.len(), 1);
        assert!(read[0].contains("more than the"), "{read:?}");
    }
}
