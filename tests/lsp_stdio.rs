//! `sowspec lsp` through the real binary's standard input and output: the
//! framed JSON-RPC messages an editor sends, from `initialize` to `exit`.

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn frame(message: &Value) -> Vec<u8> {
    let body = message.to_string();
    format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

/// The messages in `out`, unframed.
fn unframe(mut out: &[u8]) -> Vec<Value> {
    let mut messages = Vec::new();
    while !out.is_empty() {
        let text = std::str::from_utf8(out).unwrap();
        let header_end = text.find("\r\n\r\n").expect("a header");
        let length: usize = text[..header_end]
            .lines()
            .find_map(|l| l.strip_prefix("Content-Length: "))
            .expect("a Content-Length header")
            .parse()
            .unwrap();
        let body = &out[header_end + 4..header_end + 4 + length];
        messages.push(serde_json::from_slice(body).unwrap());
        out = &out[header_end + 4 + length..];
    }
    messages
}

/// Runs `sowspec lsp` on `input` (its whole standard input) to its end, within
/// a minute: its exit status, standard output and standard error.
fn serve(input: &[u8]) -> (std::process::ExitStatus, Vec<u8>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sowspec"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input).unwrap();
    drop(stdin);
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            child.kill().ok();
            panic!("the server did not exit within a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut out = Vec::new();
    child.stdout.take().unwrap().read_to_end(&mut out).unwrap();
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    (status, out, err)
}

#[test]
fn an_editor_session_over_stdio() {
    let uri = "file:///tmp/typo.rules";
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/sadeqa3.rules")).unwrap();
    let typo = text.replace("relay lift", "relya lift");
    let messages = [
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": null, "rootUri": null, "capabilities": {}}}),
        json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "sowspec", "version": 1, "text": typo}}}),
        json!({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}}),
        json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": text}]}}),
        json!({"jsonrpc": "2.0", "id": 3, "method": "textDocument/formatting", "params": {"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": true}}}),
        json!({"jsonrpc": "2.0", "id": 4, "method": "shutdown"}),
        json!({"jsonrpc": "2.0", "method": "exit"}),
    ];
    let input: Vec<u8> = messages.iter().flat_map(frame).collect();
    let (status, out, err) = serve(&input);
    assert!(status.success(), "exit status {status}; stderr: {err}");
    let replies = unframe(&out);
    let by_id =
        |id: i64| replies.iter().find(|m| m["id"] == id).unwrap_or_else(|| panic!("no reply {id}: {replies:#?}"));
    assert_eq!(by_id(1)["result"]["serverInfo"]["name"], "sowspec");
    assert!(by_id(2)["result"].is_null(), "a comment has no hover");
    assert_eq!(by_id(3)["result"], json!([]), "the bundled file is formatted");
    assert!(by_id(4)["result"].is_null());
    let published: Vec<&Value> = replies.iter().filter(|m| m["method"] == "textDocument/publishDiagnostics").collect();
    assert_eq!(published.len(), 2);
    assert_eq!(published[0]["params"]["diagnostics"][0]["code"], "sowspec::unknown-word");
    assert_eq!(
        published[0]["params"]["diagnostics"][0]["relatedInformation"][0]["message"],
        "help: did you mean `relay`?"
    );
    assert_eq!(published[1]["params"]["diagnostics"], json!([]));
}

#[test]
fn a_client_that_sends_garbage_is_refused_without_a_hang() {
    let (status, _, err) = serve(b"Content-Length: 5\r\n\r\n{{{{{");
    assert_eq!(status.code(), Some(2), "stderr: {err}");
    assert!(err.contains("language server:"), "{err}");
    assert!(!err.contains("internal error"), "{err}");
}
