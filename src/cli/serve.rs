//! `sowspec serve [RULES…] [--bind ADDR] [--port N] [--site DIR]`: the
//! playground over HTTP. The page and its API are [`sowspec::playground`];
//! this is the server around them: a few threads taking requests, each body
//! read to at most [`MAX_BODY_BYTES`] (413 past it). With `--site`, the
//! static playground that `web/build` made (the page that runs sowspec as
//! WebAssembly, as published) is served from that folder instead of the
//! built-in page, and asks the API only for the files offered.

use super::{read_text, rules_files_under, CliError, CmdResult};
use sowspec::playground::{Playground, Reply, RulesFile, MAX_BODY_BYTES};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Threads answering requests: a slow request leaves the others served.
const WORKERS: usize = 4;

/// Serves the playground on `bind:port` (port 0: any free one) until stopped.
pub fn run(rules: &[PathBuf], bind: &str, port: u16, site: Option<&Path>) -> CmdResult {
    if let Some(site) = site.filter(|s| !s.join("index.html").is_file()) {
        return Err(CliError::bad(format!("{} holds no index.html: build the site with `web/build`", site.display())));
    }
    let mut files = Vec::new();
    for path in rules {
        let found = if path.is_dir() { rules_files_under(path)? } else { vec![path.clone()] };
        for f in found {
            files.push(RulesFile { file: f.display().to_string(), text: read_text(&f)? });
        }
    }
    let server = tiny_http::Server::http((bind, port))
        .map_err(|e| CliError::bad(format!("cannot listen on {bind}:{port}: {e}")))?;
    let address = server.server_addr().to_ip().map_or_else(|| format!("{bind}:{port}"), |a| a.to_string());
    println!("sowspec playground on http://{address}/ (Ctrl-C stops it)");
    let server = Arc::new(server);
    let playground = Arc::new(Playground::new(files));
    let workers: Vec<_> = (0..WORKERS)
        .map(|_| {
            let (server, playground) = (Arc::clone(&server), Arc::clone(&playground));
            let site = site.map(Path::to_path_buf);
            std::thread::spawn(move || {
                for request in server.incoming_requests() {
                    match site.as_deref().and_then(|s| site_file(s, &request)) {
                        Some((body, kind)) => respond(request, 200, kind, body),
                        None => answer(&playground, request),
                    }
                }
            })
        })
        .collect();
    for w in workers {
        w.join().map_err(|_| CliError::bad("a server thread failed"))?;
    }
    Ok(std::process::ExitCode::SUCCESS)
}

fn answer(playground: &Playground, mut request: tiny_http::Request) {
    let path = request.url().split('?').next().unwrap_or("/").to_string();
    let method = request.method().as_str().to_string();
    let declared = request.body_length().unwrap_or(0);
    let mut body = Vec::new();
    let reply = if declared > MAX_BODY_BYTES
        || request.as_reader().take(MAX_BODY_BYTES as u64 + 1).read_to_end(&mut body).is_ok_and(|n| n > MAX_BODY_BYTES)
    {
        Reply::error(413, format!("the request is larger than the playground's {MAX_BODY_BYTES} bytes"))
    } else {
        // A bug in a handler answers 500 and leaves the server serving.
        let handled =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| playground.handle(&method, &path, &body)));
        handled.unwrap_or_else(|_| Reply::error(500, "internal error: this is a bug in sowspec, please report it"))
    };
    respond(request, reply.status, reply.content_type, reply.body.into_bytes());
}

fn respond(request: tiny_http::Request, status: u16, content_type: &str, body: Vec<u8>) {
    let header = |name: &str, value: &str| tiny_http::Header::from_bytes(name, value).expect("a valid header");
    let response = tiny_http::Response::from_data(body)
        .with_status_code(status)
        .with_header(header("Content-Type", content_type))
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"));
    // The client may have gone; nothing to do then.
    let _ = request.respond(response);
}

/// The site's file a `GET` asks for (`/` is `index.html`), and its type;
/// none for other requests, for the API's paths, and for paths that are
/// not plain names inside the folder (so nothing outside it is served).
fn site_file(site: &Path, request: &tiny_http::Request) -> Option<(Vec<u8>, &'static str)> {
    let path = request.url().split(['?', '#']).next().unwrap_or("/");
    if *request.method() != tiny_http::Method::Get || path.starts_with("/api/") {
        return None;
    }
    let rel = if path.ends_with('/') { format!("{path}index.html") } else { path.to_string() };
    let plain = |part: &str| !part.is_empty() && part != "." && part != ".." && !part.contains('\\');
    if !rel.trim_start_matches('/').split('/').all(plain) {
        return None;
    }
    let file = site.join(rel.trim_start_matches('/'));
    let kind = match file.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript",
        Some("css") => "text/css",
        Some("wasm") => "application/wasm",
        Some("json") => "application/json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        _ => "text/plain; charset=utf-8",
    };
    std::fs::read(&file).ok().map(|body| (body, kind))
}
