//! `nqueens web`: serve the built web page on 127.0.0.1.

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;

use crate::cli::WebArgs;
use crate::error::{Exit, say, shown, usage};
use crate::limits::MAX_CONNECTIONS;

/// The longest request head read; a page's requests are a few hundred bytes.
const MAX_HEAD: u64 = 16 * 1024;

/// How long a connection may take to send its whole request head, however slowly its
/// bytes come: a client sending one byte every few seconds is cut off then.
const HEAD_DEADLINE: Duration = Duration::from_secs(10);

/// How long one write of the answer may wait for a client that does not read it.
const WRITE_TIMEOUT: Duration = Duration::from_secs(30);

/// Serves the page: one thread per connection, one request per connection.
///
/// Every answer closes its connection. A browser holds idle keep-alive connections for
/// minutes, and a server that parks a thread on each one can leave a new connection
/// queued behind them: a page of a dozen modules then stalls on its last ones for minutes
/// (tiny_http 0.12's task pool does, which is why this server is written out here).
/// Closing costs one local connection per file.
pub(crate) fn run(args: &WebArgs) -> anyhow::Result<Exit> {
    if !args.dir.join("index.html").is_file() {
        return Err(usage(format!(
            "no web page in {}: build it with scripts/web/build.sh, or name the built page with --dir",
            shown(&args.dir)
        )));
    }
    let listener = TcpListener::bind(("127.0.0.1", args.port))
        .map_err(|e| usage(format!("cannot listen on 127.0.0.1:{}: {e}", args.port)))?;
    let address = listener.local_addr().context("the server has no address")?;
    let mut out = super::stdout();
    writeln!(out, "http://{address}/")?;
    out.flush()?;
    drop(out);
    say!(
        "nqueens: serving {} at http://{address}/ (Ctrl-C to stop)",
        shown(&args.dir)
    );
    let root = Arc::new(args.dir.clone());
    let open = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        // A connection that fails before it is accepted is no reason to stop serving.
        let Ok(stream) = stream else { continue };
        // Past the cap, or when no thread can be started, the connection is closed: the
        // worst a client gets is a refusal, and the server goes on.
        if open.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            open.fetch_sub(1, Ordering::SeqCst);
            continue;
        }
        let (root, served) = (Arc::clone(&root), Arc::clone(&open));
        let spawned = std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(move || {
                // Nor is a browser that goes away mid-answer.
                let _ = answer(&root, stream);
                served.fetch_sub(1, Ordering::SeqCst);
            });
        if spawned.is_err() {
            open.fetch_sub(1, Ordering::SeqCst);
        }
    }
    Ok(Exit::Answer)
}

/// A connection read against one deadline for the whole request head, not per read.
struct Deadline<'a> {
    stream: &'a TcpStream,
    until: Instant,
}

impl Read for Deadline<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let left = self.until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(std::io::ErrorKind::TimedOut.into());
        }
        self.stream.set_read_timeout(Some(left))?;
        self.stream.read(buf)
    }
}

/// Reads one request from the connection and answers it.
fn answer(root: &Path, stream: TcpStream) -> std::io::Result<()> {
    stream.set_write_timeout(Some(WRITE_TIMEOUT))?;
    let deadline = Deadline {
        stream: &stream,
        until: Instant::now() + HEAD_DEADLINE,
    };
    let mut reader = BufReader::new(deadline).take(MAX_HEAD);
    let mut line = String::new();
    reader.read_line(&mut line)?;
    let mut words = line.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
    // The rest of the head, up to its blank line, is read and ignored.
    let mut header = String::new();
    while reader.read_line(&mut header)? > 0 && !header.trim().is_empty() {
        header.clear();
    }
    let (status, content_type, body) = respond(root, method, target);
    let mut out = std::io::BufWriter::new(stream);
    write!(
        out,
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\
         Cache-Control: no-cache\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    if method != "HEAD" {
        out.write_all(&body)?;
    }
    out.flush()
}

/// The status line's code and reason, the media type and the body of the answer to
/// `method` on `target`.
fn respond(root: &Path, method: &str, target: &str) -> (&'static str, &'static str, Vec<u8>) {
    const TEXT: &str = "text/plain; charset=utf-8";
    if !matches!(method, "GET" | "HEAD") {
        return (
            "405 Method Not Allowed",
            TEXT,
            b"only GET and HEAD are served".to_vec(),
        );
    }
    match file_for(root, target).and_then(|path| Some((fs::read(&path).ok()?, path))) {
        Some((bytes, path)) => ("200 OK", content_type(&path), bytes),
        None => ("404 Not Found", TEXT, b"not found".to_vec()),
    }
}

/// Maps a URL to a file under `root`, never outside it: `/` is `index.html`, the query
/// and fragment are dropped, and any `..` is refused.
fn file_for(root: &Path, url: &str) -> Option<PathBuf> {
    let path = url.split(['?', '#']).next().unwrap_or("/");
    let relative = Path::new(path.trim_start_matches('/'));
    if relative
        .components()
        .any(|c| !matches!(c, Component::Normal(_)))
    {
        return None;
    }
    let mut file = root.join(relative);
    if path.ends_with('/') {
        file.push("index.html");
    }
    file.is_file().then_some(file)
}

/// The media type of a served file; `application/wasm` lets browsers compile the engine
/// while it downloads.
fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_map_inside_the_root_only() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        assert_eq!(
            file_for(root, "/Cargo.toml?x=1"),
            Some(root.join("Cargo.toml"))
        );
        assert_eq!(
            file_for(root, "/src/main.rs#top"),
            Some(root.join("src/main.rs"))
        );
        assert_eq!(file_for(root, "/../Cargo.toml"), None);
        assert_eq!(file_for(root, "/src/../Cargo.toml"), None);
        assert_eq!(file_for(root, "/no-such-file"), None);
        assert_eq!(
            content_type(Path::new("a/queens_web_bg.wasm")),
            "application/wasm"
        );
    }

    #[test]
    fn answers_get_and_head_only() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let (status, kind, body) = respond(root, "GET", "/Cargo.toml");
        assert_eq!((status, kind), ("200 OK", "application/octet-stream"));
        assert_eq!(body, fs::read(root.join("Cargo.toml")).unwrap());
        assert_eq!(
            respond(root, "POST", "/Cargo.toml").0,
            "405 Method Not Allowed"
        );
        assert_eq!(respond(root, "GET", "/../Cargo.toml").0, "404 Not Found");
    }
}
