//! The language server driven through real JSON-RPC messages over an
//! in-memory connection: initialize, didOpen, didChange, diagnostics,
//! code actions, hover, completion, formatting, document symbols, shutdown
//! and exit; then garbage, huge documents and bad requests, which it
//! answers without dying.

use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use serde_json::{json, Value};
use std::thread::JoinHandle;
use std::time::Duration;

const URI: &str = "file:///work/mygame.rules";

/// A client talking to a server running on its own thread.
struct Client {
    conn: Connection,
    server: Option<JoinHandle<Result<(), lsp_server::ProtocolError>>>,
    next_id: i32,
}

impl Client {
    fn start() -> Client {
        let (server_side, conn) = Connection::memory();
        let server = std::thread::spawn(move || sowspec_lsp::serve(&server_side));
        let mut client = Client { conn, server: Some(server), next_id: 0 };
        let init = client.request("initialize", json!({"processId": null, "rootUri": null, "capabilities": {}}));
        let caps = &init["capabilities"];
        assert_eq!(caps["positionEncoding"], "utf-16");
        for provider in ["hoverProvider", "documentSymbolProvider", "documentFormattingProvider", "codeActionProvider"]
        {
            assert_eq!(caps[provider], true, "{provider}");
        }
        assert_eq!(init["serverInfo"]["name"], "sowspec");
        client.notify("initialized", json!({}));
        client
    }

    fn send(&self, msg: Message) {
        self.conn.sender.send(msg).expect("the server is listening");
    }

    fn receive(&self) -> Message {
        self.conn.receiver.recv_timeout(Duration::from_secs(20)).expect("the server answers within 20 s")
    }

    fn request_raw(&mut self, method: &str, params: Value) -> Response {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        self.send(Message::Request(Request::new(id.clone(), method.to_string(), params)));
        loop {
            match self.receive() {
                Message::Response(r) if r.id == id => return r,
                Message::Response(r) => panic!("a response to another request: {r:?}"),
                _ => {}
            }
        }
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let r = self.request_raw(method, params);
        assert!(r.error.is_none(), "{method}: {:?}", r.error);
        r.result.unwrap_or(Value::Null)
    }

    fn notify(&self, method: &str, params: Value) {
        self.send(Message::Notification(Notification::new(method.to_string(), params)));
    }

    /// The next diagnostics published.
    fn diagnostics(&self) -> Value {
        loop {
            if let Message::Notification(n) = self.receive() {
                if n.method == "textDocument/publishDiagnostics" {
                    return n.params;
                }
            }
        }
    }

    fn open(&self, text: &str) -> Value {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": URI, "languageId": "sowspec", "version": 1, "text": text}}),
        );
        self.diagnostics()
    }

    fn change(&self, version: i32, text: &str) -> Value {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": URI, "version": version}, "contentChanges": [{"text": text}]}),
        );
        self.diagnostics()
    }

    fn at(&mut self, method: &str, line: u32, character: u32) -> Value {
        self.request(method, json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}}))
    }

    fn shutdown(mut self) {
        assert_eq!(self.request("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        let server = self.server.take().unwrap();
        assert!(server.join().expect("the server thread does not panic").is_ok());
    }
}

fn labels(items: &Value) -> Vec<String> {
    items.as_array().unwrap().iter().map(|i| i["label"].as_str().unwrap().to_string()).collect()
}

/// Whether the completion items offer `hole` the name (the hole just sown),
/// not `hole(PLAYER, N)` the function (completion kind 3).
fn offers_hole_name(items: &Value) -> bool {
    items.as_array().unwrap().iter().any(|i| i["label"] == "hole" && i["kind"] != 3)
}

fn kalah() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/kalah.rules")).unwrap()
}

/// Position (line, UTF-16 column) of the first `needle` in `text`, plus `shift` columns.
fn find(text: &str, needle: &str, shift: u32) -> (u32, u32) {
    let at = text.find(needle).unwrap_or_else(|| panic!("{needle:?} not in the text"));
    let line = text[..at].matches('\n').count() as u32;
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    (line, text[start..at].encode_utf16().count() as u32 + shift)
}

#[test]
fn a_session_from_a_typo_to_a_fix() {
    let mut c = Client::start();
    // A misspelt statement after a line of curly quotes and a long dash:
    // columns are counted in UTF-16 units.
    let typo = kalah()
        .replace("    direction counterclockwise", "    # “sowing” — as in the book\n    direktion counterclockwise");
    let published = c.open(&typo);
    assert_eq!(published["uri"], URI);
    let diags = published["diagnostics"].as_array().unwrap();
    assert_eq!(diags.len(), 1, "{published:#}");
    let d = &diags[0];
    let (line, col) = find(&typo, "direktion", 0);
    assert_eq!(
        d["range"],
        json!({"start": {"line": line, "character": col}, "end": {"line": line, "character": col + 9}})
    );
    assert_eq!(d["code"], "sowspec::unknown-word");
    assert_eq!(d["source"], "sowspec");
    assert_eq!(d["severity"], 1);
    assert!(d["message"].as_str().unwrap().starts_with("unknown statement `direktion` in `sowing`"), "{d}");
    assert_eq!(d["relatedInformation"][0]["message"], "help: did you mean `direction`?");

    // The quick fix replaces the word.
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI}, "range": d["range"], "context": {"diagnostics": [d]}}),
    );
    let fix = &actions[0];
    assert_eq!(fix["kind"], "quickfix");
    assert_eq!(fix["title"], "Replace with `direction`");
    assert_eq!(fix["edit"]["changes"][URI][0], json!({"range": d["range"], "newText": "direction"}));
    let elsewhere = json!({"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}});
    let none = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI}, "range": elsewhere, "context": {"diagnostics": []}}),
    );
    assert_eq!(none, json!([]));

    // Fixed: no diagnostics.
    let fixed = typo.replace("direktion", "direction");
    assert_eq!(c.change(2, &fixed)["diagnostics"], json!([]));

    // Hover: a statement, a function, a section, an operator, a hole.
    for (needle, shift, expect) in [
        ("holes 6", 1, "holes in each row (even on one, three and five rows), at most 96 on one row, 48 on two"),
        ("count(landing)", 2, "seeds in a hole"),
        ("  board {", 3, "The board's shape"),
        ("== 1", 0, "comparisons of numbers"),
        ("opposite(landing)) > 0", 10, "where the last seed of the lap fell"),
        ("counterclockwise", 3, "counterclockwise is"),
        ("extra_turn", 0, "the mover moves again"),
    ] {
        let (line, col) = find(&fixed, needle, shift);
        let hover = c.at("textDocument/hover", line, col);
        let text = hover["contents"]["value"].as_str().unwrap_or_else(|| panic!("no hover on {needle:?}: {hover}"));
        assert!(text.contains(expect), "hover on {needle:?}: {text}");
        assert!(text.contains("```sowspec\n"), "hover on {needle:?} has an example: {text}");
    }
    let (line, col) = find(&fixed, "# The last seed", 3);
    assert_eq!(c.at("textDocument/hover", line, col), Value::Null, "no hover in a comment");

    // Formatting: one edit, the formatter's text.
    let messy = fixed.replace("    rows 2\n", "  rows   2\n");
    c.change(3, &messy);
    let edits = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": URI}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    assert_eq!(edits.as_array().unwrap().len(), 1);
    assert_eq!(edits[0]["newText"], fixed.as_str());
    assert_eq!(edits[0]["range"]["start"], json!({"line": 0, "character": 0}));
    c.change(4, &fixed);
    let edits = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": URI}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    assert_eq!(edits, json!([]));

    // Document symbols: the game, then its sections.
    let symbols = c.request("textDocument/documentSymbol", json!({"textDocument": {"uri": URI}}));
    assert_eq!(symbols[0]["name"], "game \"Kalah\"");
    let sections: Vec<&str> =
        symbols[0]["children"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(sections, ["about", "board", "setup", "sowing", "on sowing_end", "on sowing_end", "moves", "end"]);
    assert_eq!(symbols[0]["children"][1]["children"][1]["name"], "holes");
    c.shutdown();
}

#[test]
fn completion_offers_what_fits_the_cursor() {
    let mut c = Client::start();
    let text = "game \"G\" {\n  \n  sowing {\n    \n    direction \n  }\n  moves {\n    lift when \n  }\n  on drop when  {\n  }\n  on sowing_end when count( {\n    sweep backward from landing while  {\n    }\n  }\n}\n";
    c.open(text);
    let at = |c: &mut Client, line, col| labels(&c.at("textDocument/completion", line, col));
    let top = at(&mut c, 1, 2);
    assert!(top.contains(&"board".into()) && top.contains(&"match".into()) && top.contains(&"on".into()), "{top:?}");
    assert!(!top.contains(&"holes".into()));
    let sowing = at(&mut c, 3, 4);
    assert_eq!(sowing, ["direction", "first_seed", "origin", "relay", "toll", "take", "skip", "closed_toll"]);
    assert_eq!(at(&mut c, 4, 14), ["counterclockwise", "clockwise", "chosen"]);
    let lift_items = c.at("textDocument/completion", 7, 14);
    let lift = labels(&lift_items);
    assert!(
        lift.contains(&"count".into()) && lift.contains(&"origin".into()) && lift.contains(&"and".into()),
        "{lift:?}"
    );
    assert!(!lift.contains(&"landing".into()) && !offers_hole_name(&lift_items), "{lift_items:?}");
    let on_drop = at(&mut c, 9, 15);
    assert!(on_drop.contains(&"hole".into()) && on_drop.contains(&"landing".into()), "{on_drop:?}");
    let in_call_items = c.at("textDocument/completion", 11, 27);
    let in_call = labels(&in_call_items);
    assert!(in_call.contains(&"landing".into()) && !offers_hole_name(&in_call_items), "{in_call_items:?}");
    let sweep = at(&mut c, 12, 38);
    assert!(sweep.contains(&"hole".into()), "{sweep:?}");
    let in_sweep = at(&mut c, 13, 4);
    assert!(in_sweep.contains(&"capture".into()) && in_sweep.contains(&"forfeit".into()), "{in_sweep:?}");
    let typing = at(&mut c, 0, 2);
    assert_eq!(typing, ["game"], "a word being typed at the top of the file");
    let event = at(&mut c, 9, 5);
    assert_eq!(event[..2], ["drop".to_string(), "sowing_end".to_string()], "{event:?}");
    c.shutdown();
}

#[test]
fn garbage_huge_documents_and_bad_requests_are_survived() {
    let mut c = Client::start();
    // Garbage: control characters, a lone surrogate's replacement, stray braces.
    let garbage = "\u{0}\u{1b}[31m }}}{{{ ((( \"\n\u{FFFD}é𝄞 when and or ==\r\r\n#";
    let d = c.open(garbage);
    assert!(!d["diagnostics"].as_array().unwrap().is_empty());
    for (line, col) in [(0, 0), (0, 3), (1, 2), (1, 9), (2, 0), (99, 99)] {
        c.at("textDocument/hover", line, col);
        c.at("textDocument/completion", line, col);
    }
    assert_eq!(c.request("textDocument/documentSymbol", json!({"textDocument": {"uri": URI}})), json!([]));
    let r = c.request_raw(
        "textDocument/formatting",
        json!({"textDocument": {"uri": URI}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    assert_eq!(r.error.unwrap().code, -32803, "formatting a file that does not parse fails the request");

    // A document over the 1 MiB limit: the checker's one diagnostic, nothing else.
    let huge = format!("game \"H\" {{\n{}}}\n", "  # padding padding padding padding padding\n".repeat(30_000));
    let d = c.change(2, &huge);
    let diags = d["diagnostics"].as_array().unwrap();
    assert_eq!(diags.len(), 1);
    assert_eq!(diags[0]["code"], "sowspec::too-large");
    assert_eq!(c.at("textDocument/hover", 0, 0), Value::Null);
    assert_eq!(c.at("textDocument/completion", 1, 2), json!([]));
    let r = c.request_raw(
        "textDocument/formatting",
        json!({"textDocument": {"uri": URI}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    assert!(r.error.is_some());

    // Bad requests get errors, and the server goes on.
    let r = c.request_raw("textDocument/hover", json!({"nonsense": true}));
    assert_eq!(r.error.unwrap().code, -32602);
    let r = c.request_raw(
        "textDocument/hover",
        json!({"textDocument": {"uri": "file:///not/open.rules"}, "position": {"line": 0, "character": 0}}),
    );
    assert_eq!(r.error.unwrap().code, -32602);
    let r = c.request_raw("workspace/symbol", json!({"query": ""}));
    assert_eq!(r.error.unwrap().code, -32601);
    c.notify("textDocument/didChange", json!({"garbage": [1, 2, 3]}));
    c.notify("$/unknownNotification", json!(null));
    assert_eq!(c.change(3, &kalah())["diagnostics"], json!([]));

    // Closing clears the diagnostics.
    c.notify("textDocument/didClose", json!({"textDocument": {"uri": URI}}));
    assert_eq!(c.diagnostics()["diagnostics"], json!([]));
    c.shutdown();
}
