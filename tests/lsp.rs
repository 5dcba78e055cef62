//! `gamut lsp` driven as an editor drives it: the real binary over
//! JSON-RPC on its standard input and output. A session opens a file with
//! errors, fixes it, asks for hovers, completions, definitions and
//! references, feeds it garbage, and shuts the server down.

mod common;

use common::lsp_client::Client;
use serde_json::{Value, json};

const BROKEN: &str = "game \"Tiny\"
board 3 x 3
players Dark, Light
reserve 5 each
region home for Dark = rank 1
region home for Light = rank 3
move place on hmoe
goal each wins with chain between rank 1 and rank 3
";

fn at(text: &str, needle: &str, skip: usize) -> Value {
    let offset = text.find(needle).expect("needle") + skip;
    let line = text[..offset].matches('\n').count();
    let column = offset - text[..offset].rfind('\n').map_or(0, |i| i + 1);
    json!({ "line": line, "character": column })
}

#[test]
fn an_editor_session() {
    let dir = common::scratch("lsp-session");
    let path = dir
        .join("tiny.game")
        .canonicalize()
        .unwrap_or(dir.join("tiny.game"));
    std::fs::write(&path, BROKEN).unwrap();
    let path = path.canonicalize().unwrap();
    let uri = format!("file://{}", path.display());
    let shown = |v: &Value| {
        serde_json::to_string_pretty(v)
            .unwrap()
            .replace(&uri, "file:///tiny.game")
    };

    let mut client = Client::start();
    let init = client.request("initialize", json!({ "capabilities": {} }));
    let caps = &init["result"]["capabilities"];
    assert_eq!(caps["positionEncoding"], "utf-16");
    assert_eq!(caps["hoverProvider"], true);
    assert_eq!(caps["definitionProvider"], true);
    assert_eq!(caps["referencesProvider"], true);
    client.notify("initialized", json!({}));

    // A file with an error: its diagnostic, with the range, code and help.
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "gamut", "version": 1, "text": BROKEN } }),
    );
    let diagnostics = client.diagnostics(&uri);
    insta::assert_snapshot!("lsp-diagnostics", shown(&diagnostics));

    // Fixed: no diagnostic left.
    let fixed = BROKEN.replace("hmoe", "home");
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [{ "text": fixed }] }),
    );
    assert_eq!(client.diagnostics(&uri), json!([]));

    // A buffer past what gamut reads is not checked (its parse alone took
    // most of a minute): one error says so, at once.
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 3 },
                "contentChanges": [{ "text": "z\n".repeat(600_000) }] }),
    );
    let diagnostics = client.diagnostics(&uri);
    assert_eq!(
        diagnostics.as_array().map(Vec::len),
        Some(1),
        "{diagnostics}"
    );
    assert!(
        diagnostics[0]["message"]
            .as_str()
            .unwrap()
            .contains("larger than 1 MiB"),
        "{diagnostics}"
    );
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 4 }, "contentChanges": [{ "text": fixed }] }),
    );
    assert_eq!(client.diagnostics(&uri), json!([]));

    // Underlined as a terminal underlines: a setup item that ends its
    // line, and the earlier one it clashes with, each on its own line.
    let clash = "board 4 x 4\nplayers Red, Blue\nsetup\n  Red on ranks 1..3\n  Blue on rank 3\nmove place\n";
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 5 }, "contentChanges": [{ "text": clash }] }),
    );
    let diagnostics = client.diagnostics(&uri);
    assert_eq!(
        diagnostics[0]["range"],
        json!({ "start": { "line": 4, "character": 10 }, "end": { "line": 4, "character": 16 } }),
        "{diagnostics}"
    );
    assert_eq!(
        diagnostics[0]["relatedInformation"][0]["location"]["range"],
        json!({ "start": { "line": 3, "character": 2 }, "end": { "line": 3, "character": 19 } }),
        "{diagnostics}"
    );
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 6 }, "contentChanges": [{ "text": fixed }] }),
    );
    assert_eq!(client.diagnostics(&uri), json!([]));

    // Hover on a region: its cells for each player.
    let hover = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": at(&fixed, "on home", 4) }),
    );
    insta::assert_snapshot!(
        "lsp-hover-region",
        hover["result"]["contents"]["value"].as_str().unwrap()
    );

    // Hover on a primitive: the reference's words.
    let hover = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": at(&fixed, "place", 1) }),
    );
    let text = hover["result"]["contents"]["value"].as_str().unwrap();
    assert!(text.starts_with("**place**"), "{text}");
    assert!(
        text.contains("takes a piece from the mover's reserve"),
        "{text}"
    );

    // Completion after `move `: the primitives.
    let edited = format!("{fixed}move ");
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 7 }, "contentChanges": [{ "text": edited }] }),
    );
    // A change older than the text held is left out, not put over it.
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 4 }, "contentChanges": [{ "text": "stale" }] }),
    );
    let lines = edited.lines().count();
    let completion = client.request(
        "textDocument/completion",
        json!({ "textDocument": { "uri": uri }, "position": { "line": lines - 1, "character": 5 } }),
    );
    let labels: Vec<&str> = completion["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    for word in ["place", "enter", "step", "slide", "jump", "bear", "return"] {
        assert!(labels.contains(&word), "{labels:?}");
    }

    // Definition and references of `home`.
    let definition = client.request(
        "textDocument/definition",
        json!({ "textDocument": { "uri": uri }, "position": at(&edited, "on home", 4) }),
    );
    insta::assert_snapshot!("lsp-definition", shown(&definition["result"]));
    let references = client.request(
        "textDocument/references",
        json!({ "textDocument": { "uri": uri }, "position": at(&edited, "on home", 4),
                "context": { "includeDeclaration": false } }),
    );
    assert_eq!(references["result"].as_array().unwrap().len(), 1);

    // Garbage of every kind: diagnostics, and the server still answers.
    for (version, garbage) in [
        "\u{0}\u{1b}[31m\u{7f}",
        "board 999999999999999999999 x",
        "move (((((((",
        "é\u{feff}\t\r\n  x",
    ]
    .into_iter()
    .enumerate()
    {
        client.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": 8 + version }, "contentChanges": [{ "text": garbage }] }),
        );
        let diagnostics = client.diagnostics(&uri);
        assert!(!diagnostics.as_array().unwrap().is_empty(), "{garbage:?}");
        let hover = client.request(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": { "line": 0, "character": 3 } }),
        );
        assert!(hover.get("error").is_none(), "{hover}");
    }

    // Broken frames are answered with JSON-RPC errors, and the session
    // goes on: a body that is not JSON, JSON that is no message (with the
    // id it had), a frame without a length, a negative length, a length
    // too short, and a length of a hundred terabytes (the server once
    // tried to allocate it and aborted).
    let frame = |body: &str| format!("Content-Length: {}\r\n\r\n{body}", body.len());
    for (broken, code, id) in [
        (frame("{not json"), -32700, Value::Null),
        (frame(r#"{"jsonrpc":"2.0","id":77}"#), -32600, json!(77)),
        ("Content-Type: x\r\n\r\n".to_string(), -32600, Value::Null),
        (
            "Content-Length: -3\r\n\r\n".to_string(),
            -32600,
            Value::Null,
        ),
        (
            "Content-Length: 5\r\n\r\n{\"jsonrpc\"}".to_string(),
            -32700,
            Value::Null,
        ),
    ] {
        client.send_raw(broken.as_bytes());
        let answer = client.receive();
        assert_eq!(answer["error"]["code"], code, "{broken:?}: {answer}");
        assert_eq!(answer["id"], id, "{broken:?}: {answer}");
        let hover = client.request(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": { "line": 0, "character": 3 } }),
        );
        assert!(hover.get("error").is_none(), "after {broken:?}: {hover}");
    }

    // An unknown request is an error answer, not the end of the server.
    let unknown = client.request("textDocument/formatting", json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 2, "insertSpaces": true } }));
    assert_eq!(unknown["error"]["code"], -32601);

    let shutdown = client.request("shutdown", Value::Null);
    assert_eq!(shutdown["result"], Value::Null);
    client.notify("exit", Value::Null);
    let status = client.child.wait().unwrap();
    assert!(status.success(), "{status}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Opens `text` as `uri` on a fresh server and asks where the game its
/// `extends` names (at line 1, column 12) is defined: the link's URI.
fn extended_game_link(client: &mut Client, uri: &str, text: &str) -> String {
    client.request("initialize", json!({ "capabilities": {} }));
    client.notify("initialized", json!({}));
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "gamut", "version": 1, "text": text } }),
    );
    let definition = client.request(
        "textDocument/definition",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 0, "character": 11 } }),
    );
    definition["result"][0]["uri"]
        .as_str()
        .expect("a link")
        .to_string()
}

/// A relative `XDG_CACHE_HOME` is ignored, as the XDG specification
/// asks: the shipped game's copy goes under the home folder, and its link
/// is an absolute `file://` URI.
#[test]
fn a_relative_cache_folder_is_ignored() {
    let dir = common::scratch("lsp-relative-cache");
    let path = dir.join("variant.game");
    let text = "extends \"network\"\n";
    std::fs::write(&path, text).unwrap();
    let uri = format!("file://{}", path.canonicalize().unwrap().display());
    let home = dir.join("home");
    let mut client = Client::start_with(&[
        ("XDG_CACHE_HOME", std::path::Path::new("relative-cache")),
        ("HOME", &home),
    ]);
    let target = extended_game_link(&mut client, &uri, text);
    let expected = format!(
        "file://{}",
        home.join(".cache/gamut/shipped/network.game").display()
    );
    assert_eq!(target, expected);
    client.request("shutdown", Value::Null);
    client.notify("exit", Value::Null);
    assert!(client.child.wait().unwrap().success());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn go_to_definition_reaches_the_game_a_variant_extends() {
    let dir = common::scratch("lsp-extends");
    let path = dir.join("variant.game");
    let text = "extends \"network\"\nboard 8 x 8\n";
    std::fs::write(&path, text).unwrap();
    std::fs::write(dir.join("sibling.game"), "board 3 x 3\n").unwrap();
    let uri = format!("file://{}", path.canonicalize().unwrap().display());
    // The copy goes to the user's own cache, read-only; a link planted at
    // its name is replaced, never written through.
    let cache = dir.join("cache");
    let copies = cache.join("gamut/shipped");
    std::fs::create_dir_all(&copies).unwrap();
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "mine").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(&victim, copies.join("network.game")).unwrap();
    let mut client = Client::start_with(&[("XDG_CACHE_HOME", &cache)]);
    let target = extended_game_link(&mut client, &uri, text);
    assert!(
        target.ends_with("cache/gamut/shipped/network.game"),
        "{target}"
    );
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "mine");
    let copy = copies.join("network.game");
    assert!(
        std::fs::symlink_metadata(&copy)
            .unwrap()
            .file_type()
            .is_file()
    );
    assert!(std::fs::metadata(&copy).unwrap().permissions().readonly());
    assert!(std::fs::read_to_string(&copy).unwrap().contains("Network"));
    // A name defined in the parent is found there too.
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 2 },
                "contentChanges": [{ "text": "extends \"network\"\nmove place on goal-1\n" }] }),
    );
    let definition = client.request(
        "textDocument/definition",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 1, "character": 16 } }),
    );
    let found = definition["result"].as_array().unwrap();
    assert_eq!(found.len(), 2, "{definition}");
    assert!(
        found
            .iter()
            .all(|l| l["uri"].as_str().unwrap().ends_with("network.game"))
    );
    // The games `extends` may name are offered so that what is inserted
    // is valid: quoted after `extends `, bare inside quotes, with the
    // closing quote only where the line lacks one.
    let cases = [
        ("extends ", 8, "\"network\""),
        ("extends \"", 9, "network\""),
        ("extends \"ne", 11, "network\""),
        ("extends \"bad\"", 9, "network"),
        ("extends \"\"", 9, "network"),
    ];
    for (version, (line, character, inserted)) in (3..).zip(cases) {
        client.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": version },
                    "contentChanges": [{ "text": format!("{line}\nboard 8 x 8\n") }] }),
        );
        let completion = client.request(
            "textDocument/completion",
            json!({ "textDocument": { "uri": uri }, "position": { "line": 0, "character": character } }),
        );
        let items = completion["result"].as_array().unwrap();
        let network = items.iter().find(|i| i["label"] == "network");
        assert_eq!(
            network.map(|i| &i["insertText"]),
            Some(&json!(inserted)),
            "{line:?}: {completion}"
        );
        // A game file beside this one is offered; this file itself is not.
        let sibling = items.iter().find(|i| i["label"] == "sibling");
        assert_eq!(
            sibling.map(|i| &i["detail"]),
            Some(&json!("file next to this one")),
            "{line:?}: {completion}"
        );
        assert!(
            !items.iter().any(|i| i["label"] == "variant"),
            "{completion}"
        );
    }
    client.request("shutdown", Value::Null);
    client.notify("exit", Value::Null);
    assert!(client.child.wait().unwrap().success());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_exit_without_shutdown_ends_with_status_1() {
    let mut client = Client::start();
    client.request("initialize", json!({ "capabilities": {} }));
    client.notify("exit", Value::Null);
    let status = client.child.wait().unwrap();
    assert_eq!(status.code(), Some(1));
}

/// The editor files are valid, and the highlighting knows every word that
/// starts a declaration.
#[test]
fn the_editor_files_are_valid_and_highlight_every_declaration() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("editors/vscode");
    for file in [
        "package.json",
        "language-configuration.json",
        "syntaxes/gamut.tmLanguage.json",
    ] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        serde_json::from_str::<Value>(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
    }
    let grammar: Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("syntaxes/gamut.tmLanguage.json")).unwrap(),
    )
    .unwrap();
    let declarations = grammar["patterns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "keyword.declaration.gamut")
        .and_then(|p| p["match"].as_str())
        .unwrap();
    for word in gamut::syntax::expected_at("", 0).unwrap().words {
        assert!(
            declarations.contains(&format!("|{word}|"))
                || declarations.contains(&format!("({word}|"))
                || declarations.contains(&format!("|{word})")),
            "{word}"
        );
    }
    // Every keyword of the grammar is highlighted by some pattern.
    let patterns: Vec<&str> = grammar["patterns"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["match"].as_str())
        .collect();
    let pest = include_str!("../grammar/game.pest");
    for line in pest.lines() {
        let Some(rest) = line.strip_prefix("kw_") else {
            continue;
        };
        let word: String = rest
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        let listed = |p: &&str| {
            ["(", "|"].iter().any(|before| {
                ["|", ")"]
                    .iter()
                    .any(|after| p.contains(&format!("{before}{word}{after}")))
            })
        };
        assert!(patterns.iter().any(listed), "kw_{word} is not highlighted");
    }
}

/// An editor that counts in bytes gets byte columns: after `é`, a name
/// starts at column 2, not 1.
#[test]
fn positions_are_in_bytes_when_the_editor_asks() {
    let mut client = Client::start();
    let init = client.request(
        "initialize",
        json!({ "capabilities": { "general": { "positionEncodings": ["utf-8", "utf-16"] } } }),
    );
    assert_eq!(init["result"]["capabilities"]["positionEncoding"], "utf-8");
    client.notify("initialized", json!({}));
    let uri = "untitled:bytes.game";
    let text = "game \"é\" extends\n";
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "gamut", "version": 1, "text": text } }),
    );
    let diagnostics = client.diagnostics(uri);
    let start = &diagnostics[0]["range"]["start"];
    // `extends` starts at byte 10 (`é` is two bytes), character 9.
    assert_eq!(start["character"], 10, "{diagnostics}");
    client.request("shutdown", Value::Null);
    client.notify("exit", Value::Null);
    assert!(client.child.wait().unwrap().success());
}

/// The protocol's lifecycle, as the specification words it: a request
/// before `initialize` is refused and the server waits on; `initialized`
/// need not come first; after `shutdown` a request is refused and a
/// notification dropped until `exit`, which then ends with status 0.
#[test]
fn the_lifecycle_refuses_out_of_turn_requests_and_goes_on() {
    let mut client = Client::start();
    let early = client.request("textDocument/hover", json!({}));
    assert_eq!(early["error"]["code"], -32002, "{early}");
    client.request("initialize", json!({ "capabilities": {} }));
    client.notify("$/setTrace", json!({ "value": "off" }));
    let again = client.request("initialize", json!({ "capabilities": {} }));
    assert_eq!(again["error"]["code"], -32600, "{again}");
    client.notify("initialized", json!({}));
    let down = client.request("shutdown", Value::Null);
    assert_eq!(down["result"], Value::Null, "{down}");
    client.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": "file:///x.game" } }),
    );
    let late = client.request("shutdown", Value::Null);
    assert_eq!(late["error"]["code"], -32600, "{late}");
    // An id that is neither a string nor a whole number is an error too,
    // answered with no id.
    client.send(
        &json!({ "jsonrpc": "2.0", "id": 1.5, "method": "textDocument/hover", "params": {} }),
    );
    let odd = client.receive();
    assert_eq!(odd["error"]["code"], -32600, "{odd}");
    assert_eq!(odd["id"], Value::Null, "{odd}");
    // A length past what a message may have is answered at once, before
    // its body is read past (a client may wait for the answer).
    client.send_raw(b"Content-Length: 70000000\r\n\r\n");
    let huge = client.receive();
    assert_eq!(huge["error"]["code"], -32600, "{huge}");
    assert!(huge.to_string().contains("more than the"), "{huge}");
    client.send_raw(&vec![b' '; 70_000_000]);
    client.notify("exit", Value::Null);
    assert!(client.child.wait().unwrap().success());
}

/// A variant is checked against its parent as the editor holds it:
/// fixing the parent, unsaved, clears the variant's error; references
/// reach into the parent; and lines end at a lone `\r` as the protocol
/// counts them.
#[test]
fn a_variant_follows_its_open_parent_and_references_reach_it() {
    let dir = common::scratch("lsp-parent");
    let broken =
        "board 3 x 3\nplayers X, O\nreserve 5 each\nregion top = rank 3\nmove place on nowhere\n";
    std::fs::write(dir.join("base.game"), broken).unwrap();
    let variant = "extends \"base\"\nmove place on top\n";
    std::fs::write(dir.join("kid.game"), variant).unwrap();
    let dir = dir.canonicalize().unwrap();
    let base = format!("file://{}/base.game", dir.display());
    let kid = format!("file://{}/kid.game", dir.display());
    let open = |client: &mut Client, uri: &str, text: &str| {
        client.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "gamut", "version": 1, "text": text } }),
        );
    };
    let mut client = Client::start();
    client.request("initialize", json!({ "capabilities": {} }));
    client.notify("initialized", json!({}));
    open(&mut client, &kid, variant);
    let told = client.diagnostics(&kid);
    assert!(told.to_string().contains("nowhere"), "{told}");
    open(&mut client, &base, broken);
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": base, "version": 2 },
                "contentChanges": [{ "text": broken.replace("nowhere", "board") }] }),
    );
    // The variant is told again until its parent's fix reaches it.
    let mut told = client.diagnostics(&kid);
    for _ in 0..3 {
        if told == json!([]) {
            break;
        }
        told = client.diagnostics(&kid);
    }
    assert_eq!(told, json!([]));
    let references = client.request(
        "textDocument/references",
        json!({ "textDocument": { "uri": kid }, "position": { "line": 1, "character": 15 },
                "context": { "includeDeclaration": true } }),
    );
    let found: Vec<(String, u64)> = references["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            let uri = l["uri"].as_str().unwrap();
            let file = uri.rsplit('/').next().unwrap().to_string();
            (file, l["range"]["start"]["line"].as_u64().unwrap())
        })
        .collect();
    assert_eq!(
        found,
        [("kid.game".to_string(), 1), ("base.game".to_string(), 3)],
        "{references}"
    );
    // A parent grown in the editor past what gamut reads is not read for
    // its variant either (its parse took gigabytes): the variant is told.
    let huge = format!("{}move place on {}a1\n", broken, "a1, ".repeat(300_000));
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": base, "version": 3 },
                "contentChanges": [{ "text": huge }] }),
    );
    let mut told = client.diagnostics(&kid);
    for _ in 0..3 {
        if told.to_string().contains("G016") {
            break;
        }
        told = client.diagnostics(&kid);
    }
    assert!(told.to_string().contains("larger than 1 MiB"), "{told}");
    // Lines broken by `\r` alone: the error is on the second line.
    let cr = format!("file://{}/cr.game", dir.display());
    open(&mut client, &cr, "board 3 x 3\rplayers X, O board\r");
    let told = client.diagnostics(&cr);
    assert_eq!(told[0]["range"]["start"]["line"], 1, "{told}");
    client.request("shutdown", Value::Null);
    client.notify("exit", Value::Null);
    assert!(client.child.wait().unwrap().success());
}

/// A parent the editor holds but has not saved yet (a new file) is read
/// as held: a variant of it, itself unsaved, is checked against it.
#[test]
fn a_variant_extends_an_open_parent_not_yet_saved() {
    let dir = common::scratch("lsp-unsaved-parent")
        .canonicalize()
        .unwrap();
    let base = format!("file://{}/new-base.game", dir.display());
    let kid = format!("file://{}/new-kid.game", dir.display());
    let mut client = Client::start();
    client.request("initialize", json!({ "capabilities": {} }));
    client.notify("initialized", json!({}));
    let open = |client: &mut Client, uri: &str, text: &str| {
        client.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "gamut", "version": 1, "text": text } }),
        );
    };
    open(
        &mut client,
        &base,
        "board 3 x 3\nplayers X, O\nreserve 5 each\nregion top = rank 3\nmove place on top\n",
    );
    assert_eq!(client.diagnostics(&base), json!([]));
    open(
        &mut client,
        &kid,
        "extends \"new-base\"\nmove place on top, next to the last cell\n",
    );
    assert_eq!(client.diagnostics(&kid), json!([]));
    assert!(!dir.join("new-base.game").exists());
    client.request("shutdown", Value::Null);
    client.notify("exit", Value::Null);
    assert!(client.child.wait().unwrap().success());
}

/// A diagnostic that quotes a name of a megabyte is cut, as the
/// terminal's report is: the editor gets a few hundred characters.
#[test]
fn a_diagnostic_quoting_a_huge_name_is_cut() {
    let mut client = Client::start();
    client.request("initialize", json!({ "capabilities": {} }));
    client.notify("initialized", json!({}));
    let uri = "file:///tmp/huge-name.game";
    let text = format!(
        "board 3 x 3\nplayers A, B\nreserve 5 each\nmove place on {}\n",
        "z".repeat(1_000_000)
    );
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "gamut", "version": 1, "text": text } }),
    );
    let diagnostics = client.diagnostics(uri);
    let all = diagnostics.as_array().expect("a list");
    assert!(!all.is_empty());
    for d in all {
        let message = d["message"].as_str().unwrap();
        assert!(
            message.chars().count() < 1_000,
            "{} characters",
            message.len()
        );
    }
}
