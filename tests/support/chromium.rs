//! Headless Chromium driven through its DevTools protocol over
//! `--remote-debugging-pipe` (JSON messages ended by a NUL byte on file
//! descriptors 3 and 4): no websocket, no driver binary, only `serde_json`.
//! A shell's `exec … 3<&0 4>&1` hands Chromium the two pipes, so the test
//! needs no `unsafe` to set up its file descriptors.
//!
//! Chromium is Debian's `chromium` (or `chromium-browser`). Without it a
//! test that needs it passes without having looked at a page, but says so
//! loudly on standard error: which test, why, and how to run it. With
//! `SOWSPEC_REQUIRE_BROWSER=1` (`.ci/run` sets it, after installing
//! Chromium) a missing browser fails the test instead, so CI always looks.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// How long one protocol command or one wait may take.
const PATIENCE: Duration = Duration::from_secs(30);

/// The environment variable that makes the browser tests required: set to
/// anything but `0` or nothing, a missing Chromium fails them.
pub const REQUIRE_BROWSER: &str = "SOWSPEC_REQUIRE_BROWSER";

/// Whether a browser test must run, given `SOWSPEC_REQUIRE_BROWSER`'s value:
/// any value but none, the empty one or `0`.
pub fn browser_required(value: Option<&std::ffi::OsStr>) -> bool {
    value.is_some_and(|v| !v.is_empty() && v != "0")
}

/// What a browser test says when Chromium is missing: a block naming the
/// test, why it did not run, and how to run it; when `required`, why it
/// fails instead.
pub fn missing_browser(test: &str, required: bool) -> String {
    let bar = "=".repeat(72);
    let (verdict, variable) = if required {
        (
            format!(
                "{test} FAILED: {REQUIRE_BROWSER} is set, so the browser tests must run, and no Chromium was found."
            ),
            format!("Unset {REQUIRE_BROWSER} to let them pass without a browser, saying so."),
        )
    } else {
        (
            format!("{test} DID NOT RUN: it looks at a page in headless Chromium, and no Chromium was found."),
            format!("Set {REQUIRE_BROWSER}=1 to make a missing browser fail these tests (CI does)."),
        )
    };
    format!(
        "{bar}\n\
         {verdict}\n\
         Neither `chromium` nor `chromium-browser` is on the PATH. To run it:\n\
         \x20 apt-get install -y chromium      (Debian's package; `.ci/run` installs it as root)\n\
         \x20 cargo test --test html chromium_\n\
         {variable}\n\
         {bar}"
    )
}

/// A running headless Chromium.
pub struct Browser {
    child: Child,
    to: ChildStdin,
    from: Receiver<Value>,
    next: u64,
    /// Every event received, in order.
    pub events: Vec<Value>,
    _profile: tempfile::TempDir,
}

impl Browser {
    /// Starts Chromium for the test named `test`. Without Chromium: `None`,
    /// after a notice on standard error saying that `test` did not run and
    /// how to run it, so the caller returns and the test passes unseen.
    ///
    /// # Panics
    ///
    /// Without Chromium when `SOWSPEC_REQUIRE_BROWSER` asks for it
    /// ([`browser_required`]): the test fails, saying how to install it.
    pub fn launch(test: &str) -> Option<Browser> {
        let Some(program) = ["chromium", "chromium-browser"]
            .into_iter()
            .find(|p| Command::new(p).arg("--version").stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok())
        else {
            let required = browser_required(std::env::var_os(REQUIRE_BROWSER).as_deref());
            let notice = missing_browser(test, required);
            assert!(!required, "{notice}");
            // Written to the standard error itself, not through `eprintln!`,
            // which the test harness captures and shows only on failure.
            let _ = writeln!(std::io::stderr(), "\n{notice}");
            return None;
        };
        let profile = tempfile::tempdir().unwrap();
        let script = format!("exec {program} \"$@\" 3<&0 4>&1 0</dev/null 1>/dev/null");
        let mut child = Command::new("sh")
            .args(["-c", &script, "sh", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"])
            .args(["--disable-background-networking", "--disable-dev-shm-usage", "--remote-debugging-pipe"])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("sh starts chromium");
        let to = child.stdin.take().unwrap();
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        let (tx, from) = channel();
        std::thread::spawn(move || {
            let mut message = Vec::new();
            while reader.read_until(0, &mut message).is_ok_and(|n| n > 0) {
                message.pop();
                if let Ok(v) = serde_json::from_slice(&message) {
                    if tx.send(v).is_err() {
                        break;
                    }
                }
                message.clear();
            }
        });
        Some(Browser { child, to, from, next: 0, events: Vec::new(), _profile: profile })
    }

    /// Sends `method` (to the page `session`, if given) and waits for its result.
    pub fn call(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = self.next;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if let Some(s) = session {
            message["sessionId"] = json!(s);
        }
        let mut bytes = serde_json::to_vec(&message).unwrap();
        bytes.push(0);
        self.to.write_all(&bytes).unwrap_or_else(|e| panic!("chromium went away: {e}"));
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let reply = self.from.recv_timeout(left).unwrap_or_else(|_| panic!("no answer to {method} from chromium"));
            if reply["id"] == json!(id) {
                if let Some(error) = reply.get("error") {
                    panic!("{method}: {error}");
                }
                return reply["result"].clone();
            }
            self.events.push(reply);
        }
    }

    /// Opens `url` in a new tab and waits until it has loaded.
    pub fn open(&mut self, url: &str) -> Tab<'_> {
        let target = self.call(None, "Target.createTarget", json!({ "url": "about:blank" }));
        let attached =
            self.call(None, "Target.attachToTarget", json!({ "targetId": target["targetId"], "flatten": true }));
        let session = attached["sessionId"].as_str().unwrap().to_string();
        let mut tab = Tab { browser: self, session };
        for domain in ["Runtime.enable", "Log.enable", "Page.enable"] {
            tab.call(domain, json!({}));
        }
        let size = json!({ "width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": false });
        tab.call("Emulation.setDeviceMetricsOverride", size);
        tab.call("Page.navigate", json!({ "url": url }));
        tab.wait_for("document.readyState === 'complete'", "the page to load");
        tab
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A tab of the browser.
pub struct Tab<'a> {
    browser: &'a mut Browser,
    session: String,
}

impl Tab<'_> {
    fn call(&mut self, method: &str, params: Value) -> Value {
        self.browser.call(Some(&self.session), method, params)
    }

    /// The value of a JavaScript expression in the page (promises awaited).
    pub fn eval(&mut self, expression: &str) -> Value {
        let params = json!({ "expression": expression, "returnByValue": true, "awaitPromise": true });
        let r = self.call("Runtime.evaluate", params);
        if let Some(e) = r.get("exceptionDetails") {
            panic!("`{expression}` threw: {e}");
        }
        r["result"]["value"].clone()
    }

    /// The text of the element with id `id`.
    pub fn text(&mut self, id: &str) -> String {
        let v = self.eval(&format!("document.getElementById({id:?}).textContent"));
        v.as_str().unwrap_or_else(|| panic!("no element #{id}")).to_string()
    }

    /// Waits until `expression` is true, failing with `what` after a while.
    pub fn wait_for(&mut self, expression: &str, what: &str) {
        let deadline = Instant::now() + PATIENCE;
        while self.eval(expression) != json!(true) {
            assert!(Instant::now() < deadline, "waited in vain for {what} (`{expression}`)");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Clicks the middle of the first element `selector` matches, with the mouse.
    pub fn click(&mut self, selector: &str) {
        let at = self.eval(&format!(
            "(() => {{ const r = document.querySelector({selector:?}).getBoundingClientRect(); \
             return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
        ));
        let (x, y) = (at[0].as_f64().unwrap(), at[1].as_f64().unwrap());
        for kind in ["mousePressed", "mouseReleased"] {
            let event = json!({ "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1 });
            self.call("Input.dispatchMouseEvent", event);
        }
    }

    /// Presses and releases a key (`ArrowLeft`, `End`).
    pub fn key(&mut self, key: &str) {
        for kind in ["keyDown", "keyUp"] {
            self.call("Input.dispatchKeyEvent", json!({ "type": kind, "key": key, "code": key }));
        }
    }

    /// Writes a PNG of the page as it is now, as tall as its content.
    pub fn screenshot(&mut self, path: &Path) {
        let height = self.eval("Math.ceil(document.body.getBoundingClientRect().bottom) + 16");
        let clip = json!({ "x": 0, "y": 0, "width": 1280, "height": height, "scale": 1 });
        let shot = self
            .call("Page.captureScreenshot", json!({ "format": "png", "clip": clip, "captureBeyondViewport": true }));
        let png = decode_base64(shot["data"].as_str().unwrap());
        assert!(png.starts_with(b"\x89PNG"), "a PNG");
        std::fs::write(path, png).unwrap();
    }

    /// Errors the page reported: uncaught exceptions, `console.error`, and
    /// the browser's own error log (a failed load, a refused script).
    pub fn errors(&mut self) -> Vec<String> {
        self.eval("0"); // a round trip, so that events sent before it have arrived
        let session = json!(self.session);
        let mine = self.browser.events.iter().filter(|e| e["sessionId"] == session);
        mine.filter_map(|e| match e["method"].as_str()? {
            "Runtime.exceptionThrown" => Some(e["params"]["exceptionDetails"].to_string()),
            "Runtime.consoleAPICalled" if e["params"]["type"] == "error" => Some(e["params"]["args"].to_string()),
            "Log.entryAdded" if e["params"]["entry"]["level"] == "error" => Some(e["params"]["entry"].to_string()),
            _ => None,
        })
        .collect()
    }
}

/// Standard base64 (with padding), as the protocol sends screenshots.
fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let digits: Vec<u8> = text.bytes().filter(|&c| c != b'=').map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &d)| n | u32::from(d) << (18 - 6 * i));
        out.extend(n.to_be_bytes()[1..chunk.len()].iter());
    }
    out
}
