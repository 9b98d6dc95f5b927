//! The web page in a real headless Chromium, driven through WebDriver (chromedriver) the
//! way a user drives it: clicks, keys, reading what the page shows.
//!
//! It needs the built page (scripts/web/build.sh) and Debian's chromium and
//! chromium-driver, so it is ignored by a plain `cargo test`; `scripts/web/test.sh`
//! builds and installs what it needs and runs it, and `.ci/run` calls that.

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine;
use serde_json::{Value, json};

/// The WebDriver id of an element reference.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A child process killed when the test ends, however it ends.
struct Reaped(Child);

impl Drop for Reaped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A WebDriver session.
struct Browser {
    base: String,
    _driver: Reaped,
}

impl Browser {
    fn start() -> Browser {
        let port = free_port();
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver is installed (Debian package chromium-driver)");
        let driver = Reaped(driver);
        let root = format!("http://127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(30);
        while ureq::get(&format!("{root}/status")).call().is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": "/usr/bin/chromium",
                "args": ["--headless", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--window-size=800,1400"]
            }
        }}});
        let session = send(&format!("{root}/session"), Some(capabilities));
        let id = session["sessionId"]
            .as_str()
            .expect("a session id")
            .to_owned();
        Browser {
            base: format!("{root}/session/{id}"),
            _driver: driver,
        }
    }

    fn post(&self, path: &str, body: Value) -> Value {
        send(&format!("{}/{path}", self.base), Some(body))
    }

    fn get(&self, path: &str) -> Value {
        send(&format!("{}/{path}", self.base), None)
    }

    fn open(&self, url: &str) {
        self.post("url", json!({ "url": url }));
        self.wait_for("document.body.dataset.ready === 'true'", 20);
    }

    fn script(&self, code: &str) -> Value {
        self.post("execute/sync", json!({ "script": code, "args": [] }))
    }

    /// Waits until the expression is true in the page.
    fn wait_for(&self, condition: &str, seconds: u64) {
        let deadline = Instant::now() + Duration::from_secs(seconds);
        while self.script(&format!("return Boolean({condition});")) != json!(true) {
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {condition}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn find(&self, css: &str) -> String {
        let found = self.post("element", json!({ "using": "css selector", "value": css }));
        found[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no {css}: {found}"))
            .to_owned()
    }

    fn click(&self, css: &str) {
        let id = self.find(css);
        self.post(&format!("element/{id}/click"), json!({}));
    }

    fn text(&self, css: &str) -> String {
        let id = self.find(css);
        self.get(&format!("element/{id}/text"))
            .as_str()
            .unwrap()
            .to_owned()
    }

    fn keys(&self, css: &str, keys: &str) {
        let id = self.find(css);
        self.post(&format!("element/{id}/value"), json!({ "text": keys }));
    }

    /// The queens of the position, read back from the page's address.
    fn queens(&self) -> Vec<(u32, u32)> {
        let hash = self.script("return location.hash;");
        let hash = hash.as_str().unwrap();
        let q = hash.split("&q=").nth(1).unwrap_or("");
        let mut queens: Vec<(u32, u32)> = q
            .split('_')
            .filter(|p| !p.is_empty())
            .map(|p| {
                let (r, c) = p.split_once('.').unwrap();
                (r.parse().unwrap(), c.parse().unwrap())
            })
            .collect();
        queens.sort_unstable();
        queens
    }

    fn screenshot(&self, name: &str) {
        let data = self.get("screenshot");
        let png = base64::engine::general_purpose::STANDARD
            .decode(data.as_str().unwrap())
            .unwrap();
        let dir = repo_root().join("target/web-test");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(name), png).unwrap();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = ureq::delete(&self.base).call();
    }
}

/// Sends a WebDriver command and returns its `value`.
fn send(url: &str, body: Option<Value>) -> Value {
    let response = match body {
        Some(body) => ureq::post(url).send_json(body),
        None => ureq::get(url).call(),
    };
    let mut response = response.unwrap_or_else(|e| panic!("{url}: {e}"));
    let reply: Value = response.body_mut().read_json().unwrap();
    reply["value"].clone()
}

/// `nqueens web` on a free port, and its address.
fn serve() -> (Reaped, String) {
    let page = repo_root().join("target/web");
    assert!(
        page.join("index.html").is_file(),
        "build the page first: scripts/web/build.sh"
    );
    let mut server = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(["web", "--port", "0", "--dir"])
        .arg(&page)
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
#[ignore = "needs the built page and Chromium: run scripts/web/test.sh"]
fn the_page_works_in_a_real_browser() {
    let (_server, url) = serve();
    let browser = Browser::start();
    browser.open(&format!("{url}#n=8"));

    // The board renders for n = 8.
    let squares = browser.script("return document.querySelectorAll('#board .square').length;");
    assert_eq!(squares, json!(64));

    // Clicking places a queen, and shows the squares it attacks; clicking again removes it.
    browser.click(r#".square[data-row="2"][data-col="3"]"#);
    assert_eq!(browser.queens(), [(2, 3)]);
    let attacked = browser.script("return document.querySelectorAll('#board .attacked').length;");
    assert_eq!(
        attacked,
        json!(7 + 7 + 6 + 5),
        "row, column and both diagonals of (2, 3)"
    );
    browser.click(r#".square[data-row="2"][data-col="4"]"#);
    assert!(browser.text("#status").contains("2 queens in conflict"));
    browser.click(r#".square[data-row="2"][data-col="4"]"#);
    assert_eq!(browser.queens(), [(2, 3)]);

    // The keyboard: arrows move, Enter places.
    browser.keys(
        r#".square[data-row="0"][data-col="0"]"#,
        "\u{E015}\u{E015}\u{E007}",
    );
    assert_eq!(
        browser.queens(),
        [(2, 0), (2, 3)],
        "Enter on the focused square"
    );
    browser.keys(r#".square[data-row="2"][data-col="0"]"#, "\u{E007}");
    assert_eq!(browser.queens(), [(2, 3)]);

    // Solving completes the position with a valid board that keeps the queen.
    browser.click("#solve");
    let solved = browser.queens();
    assert_eq!(solved.len(), 8);
    assert!(solved.contains(&(2, 3)));
    let columns: Vec<u32> = solved.iter().map(|&(_, c)| c).collect();
    assert!(queens::validate(&columns).is_ok(), "{columns:?}");
    assert!(browser.text("#status").starts_with("Solved"));
    browser.screenshot("solved.png");

    // The solution counter reads 92; next and previous step through them in order.
    browser.wait_for(
        "document.getElementById('count').dataset.value === '92'",
        20,
    );
    assert_eq!(browser.text("#count"), "92");
    browser.click("#next");
    browser.click("#next");
    assert_eq!(browser.text("#position"), "2");
    let second: Vec<u32> = browser.queens().iter().map(|&(_, c)| c).collect();
    assert_eq!(
        second,
        queens::Solutions::new(8).unwrap().nth(1).unwrap().columns()
    );
    browser.click("#prev");
    assert_eq!(browser.text("#position"), "1");
    browser.click("#unique");
    browser.wait_for(
        "document.getElementById('count').dataset.value === '12'",
        20,
    );
    browser.click("#next");
    let first_class: Vec<u32> = browser.queens().iter().map(|&(_, c)| c).collect();
    assert_eq!(
        first_class,
        queens::UniqueSolutions::new(8)
            .unwrap()
            .next()
            .unwrap()
            .columns()
    );
    browser.click("#unique");

    // The animation advances, step by step and playing.
    browser.click("#step");
    browser.click("#step");
    assert_eq!(browser.text("#nodes"), "1");
    assert_eq!(
        browser.text("#event"),
        "row 2, column 1: attacked by the queen in row 1"
    );
    browser.click("#step");
    browser.click("#step");
    assert_eq!(
        browser.text("#nodes"),
        "2",
        "place, conflict, conflict, place"
    );
    assert_eq!(browser.text("#event"), "place row 2, column 3");
    browser.click("#play");
    browser.wait_for(
        "Number(document.getElementById('nodes').textContent.replace(/,/g, '')) > 20",
        10,
    );
    browser.click("#play");
    browser.screenshot("animation.png");

    // A shared address opens the same position.
    browser.open(&format!("{url}#n=6&q=0.1_1.3"));
    assert_eq!(browser.queens(), [(0, 1), (1, 3)]);
    assert_eq!(
        browser.script("return document.getElementById('n').value;"),
        json!("6")
    );

    // n = 16: the count runs a slice at a time, so the page answers while it counts, and
    // the browser steps through solutions meanwhile.
    browser.open(&format!("{url}#n=16"));
    let started = Instant::now();
    browser.click("#next");
    browser.click("#next");
    assert_eq!(browser.text("#position"), "2");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "the tab froze: {:?}",
        started.elapsed()
    );
    browser.wait_for(
        "document.getElementById('count').dataset.value === '14772512'",
        180,
    );
    assert_eq!(browser.text("#count"), "14,772,512");

    // A phone-sized screen: nothing wider than the screen.
    browser.post("window/rect", json!({ "width": 390, "height": 844 }));
    browser.open(&format!("{url}#n=8&q=0.0"));
    let overflow =
        browser.script("return document.documentElement.scrollWidth - window.innerWidth;");
    assert!(
        overflow.as_i64().unwrap() <= 0,
        "wider than the screen by {overflow}"
    );
    browser.screenshot("phone.png");
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
