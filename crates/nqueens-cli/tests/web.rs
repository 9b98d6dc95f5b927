//! `nqueens web`, the server of the web page: it answers while connections are held open,
//! caps them, outlives slow and idle clients, and refuses to serve a page not built.
//! The page itself is tested in a browser by the web crate (`crates/queens-web/tests`).

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A child process killed when the test ends, however it ends.
struct Reaped(Child);

impl Drop for Reaped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `nqueens web --dir page` on a free port, and its address.
fn serve_dir(page: &Path) -> (Reaped, String) {
    let mut server = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(["web", "--port", "0", "--dir"])
        .arg(page)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    (Reaped(server), line.trim().to_owned())
}

#[test]
fn the_server_answers_while_browsers_hold_connections_open() {
    use std::io::{Read, Write};
    use std::net::TcpStream;

    let page = std::env::temp_dir().join(format!("nqueens-web-{}", std::process::id()));
    std::fs::create_dir_all(&page).unwrap();
    std::fs::write(page.join("index.html"), "<!doctype html>").unwrap();
    std::fs::write(page.join("a.js"), "export const a = 1;\n").unwrap();
    let (_server, url) = serve_dir(&page);
    let address = url.trim_start_matches("http://").trim_end_matches('/');
    // A browser keeps idle connections open for minutes, a dozen at a time.
    let idle: Vec<TcpStream> = (0..12)
        .map(|_| TcpStream::connect(address).unwrap())
        .collect();
    let started = Instant::now();
    for _ in 0..12 {
        let mut stream = TcpStream::connect(address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        stream
            .write_all(b"GET /a.js HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n")
            .unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        assert!(answer.starts_with("HTTP/1.1 200 OK\r\n"), "{answer}");
        assert!(answer.contains("Content-Type: text/javascript; charset=utf-8\r\n"));
        assert!(
            answer.ends_with("\r\n\r\nexport const a = 1;\n"),
            "{answer}"
        );
    }
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    drop(idle);
}

/// One GET of `path` from the server at `address`: the answer, or `None` when the
/// connection is refused or closed without one.
fn get(address: &str, path: &str) -> Option<String> {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(address).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(stream, "GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).ok()?;
    (!answer.is_empty()).then_some(answer)
}

#[test]
fn the_server_caps_its_connections_and_outlives_slow_and_idle_clients() {
    use std::io::{Read, Write};
    use std::net::TcpStream;

    let page = std::env::temp_dir().join(format!("nqueens-web-cap-{}", std::process::id()));
    std::fs::create_dir_all(&page).unwrap();
    std::fs::write(page.join("index.html"), "<!doctype html>").unwrap();
    let (mut server, url) = serve_dir(&page);
    let address = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_owned();
    // A client sending one byte a second is cut off by the deadline on the whole head.
    let slow = {
        let address = address.clone();
        std::thread::spawn(move || {
            let mut stream = TcpStream::connect(&address).unwrap();
            let started = Instant::now();
            for byte in
                b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
            {
                if stream.write_all(&[*byte]).is_err() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(500));
                if started.elapsed() > Duration::from_secs(20) {
                    break;
                }
            }
            let mut rest = Vec::new();
            let _ = stream.read_to_end(&mut rest);
            started.elapsed()
        })
    };
    // Far more idle connections than the cap: the ones past it are closed at once.
    let idle: Vec<TcpStream> = (0..300)
        .filter_map(|_| TcpStream::connect(&address).ok())
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let cut = slow.join().unwrap();
    assert!(
        cut < Duration::from_secs(14),
        "the slow client was held {cut:?}"
    );
    drop(idle);
    // The server is still there, and answers.
    let deadline = Instant::now() + Duration::from_secs(15);
    let answer = loop {
        if let Some(answer) = get(&address, "/") {
            break answer;
        }
        assert!(Instant::now() < deadline, "the server no longer answers");
        std::thread::sleep(Duration::from_millis(200));
    };
    assert!(answer.starts_with("HTTP/1.1 200 OK\r\n"), "{answer}");
    assert!(server.0.try_wait().unwrap().is_none(), "the server died");
    std::fs::remove_dir_all(&page).unwrap();
}

#[test]
fn serving_without_a_built_page_is_a_usage_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(["web", "--dir", "/no/such/page"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        "nqueens: no web page in '/no/such/page': build it with scripts/web/build.sh, or name the built page with --dir\n"
    );
}
