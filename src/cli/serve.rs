//! `sowspec serve [RULES…] [--bind ADDR] [--port N]`: the playground over
//! HTTP. The page and its API are [`sowspec::playground`]; this is the
//! server around them: a few threads taking requests, each body read to
//! at most [`MAX_BODY_BYTES`] (413 past it).

use super::{read_text, rules_files_under, CliError, CmdResult};
use sowspec::playground::{Playground, Reply, RulesFile, MAX_BODY_BYTES};
use std::io::Read;
use std::path::PathBuf;
use std::sync::Arc;

/// Threads answering requests: a slow request leaves the others served.
const WORKERS: usize = 4;

/// Serves the playground on `bind:port` (port 0: any free one) until stopped.
pub fn run(rules: &[PathBuf], bind: &str, port: u16) -> CmdResult {
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
            std::thread::spawn(move || {
                for request in server.incoming_requests() {
                    answer(&playground, request);
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
    let header = |name: &str, value: &str| tiny_http::Header::from_bytes(name, value).expect("a valid header");
    let response = tiny_http::Response::from_string(reply.body)
        .with_status_code(reply.status)
        .with_header(header("Content-Type", reply.content_type))
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"));
    // The client may have gone; nothing to do then.
    let _ = request.respond(response);
}
