//! `sowspec serve` started on a free port of 127.0.0.1 for a test, stopped
//! when dropped, and a minimal HTTP/1.1 client to talk to it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running playground.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub address: String,
}

impl Server {
    /// Starts `sowspec serve --port 0 ARGS…` and waits for the line that says where it listens.
    pub fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sowspec"))
            .current_dir(super::binary::root())
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("sowspec serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Server { child, address }
    }

    /// The page's address.
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// Sends a request with `body` (`Content-Length` as given, or the body's
    /// length) and reads the answer.
    pub fn request(&self, method: &str, path: &str, body: &[u8], length: Option<usize>) -> Response {
        let mut s = TcpStream::connect(&self.address).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let length = length.unwrap_or(body.len());
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {length}\r\nConnection: close\r\n\r\n",
            self.address
        );
        s.write_all(head.as_bytes()).unwrap();
        // The server may answer (413) and close before the body is all sent.
        let _ = s.write_all(body);
        let mut raw = Vec::new();
        let _ = s.read_to_end(&mut raw);
        let raw = String::from_utf8_lossy(&raw).into_owned();
        let (head, body) = raw.split_once("\r\n\r\n").unwrap_or_else(|| panic!("no HTTP answer: {raw:?}"));
        let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status");
        let content_type = head
            .lines()
            .find_map(|l| l.strip_prefix("Content-Type: ").or_else(|| l.strip_prefix("content-type: ")))
            .unwrap_or("")
            .to_string();
        Response { status, content_type, body: body.to_string() }
    }

    /// `POST path` with a JSON body.
    pub fn post(&self, path: &str, json: &serde_json::Value) -> Response {
        self.request("POST", path, json.to_string().as_bytes(), None)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An answer.
pub struct Response {
    pub status: u16,
    pub content_type: String,
    pub body: String,
}

impl Response {
    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
}
