//! `nqueens web`: serve the built web page on 127.0.0.1.

use std::fs;
use std::io::Write;
use std::path::{Component, Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use tiny_http::{Header, Method, Request, Response, Server};

use crate::cli::WebArgs;
use crate::error::usage;

pub(crate) fn run(args: &WebArgs) -> anyhow::Result<ExitCode> {
    if !args.dir.join("index.html").is_file() {
        return Err(usage(format!(
            "no web page in '{}': build it with scripts/web/build.sh, or name the built page with --dir",
            args.dir.display()
        )));
    }
    let server = Server::http(("127.0.0.1", args.port))
        .map_err(|e| usage(format!("cannot listen on 127.0.0.1:{}: {e}", args.port)))?;
    let address = server
        .server_addr()
        .to_ip()
        .context("the server has no IP address")?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "http://{address}/")?;
    out.flush()?;
    eprintln!(
        "nqueens: serving '{}' at http://{address}/ (Ctrl-C to stop)",
        args.dir.display()
    );
    for request in server.incoming_requests() {
        let response = respond(&args.dir, &request);
        // A browser that goes away mid-answer is no reason to stop serving.
        let _ = request.respond(response);
    }
    Ok(ExitCode::SUCCESS)
}

/// The file a request asks for, or an error status.
fn respond(root: &Path, request: &Request) -> Response<std::io::Cursor<Vec<u8>>> {
    if !matches!(request.method(), Method::Get | Method::Head) {
        return Response::from_string("only GET and HEAD are served").with_status_code(405);
    }
    let Some(path) = file_for(root, request.url()) else {
        return Response::from_string("not found").with_status_code(404);
    };
    match fs::read(&path) {
        Ok(bytes) => {
            let header = Header::from_bytes("Content-Type", content_type(&path))
                .expect("content types are valid header values");
            Response::from_data(bytes).with_header(header)
        }
        Err(_) => Response::from_string("not found").with_status_code(404),
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
}
