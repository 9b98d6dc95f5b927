//! The web page in a real headless Chromium, driven through WebDriver (chromedriver) the
//! way a user drives it: clicks, keys, reading what the page shows.
//!
//! It needs the built page (scripts/web/build.sh), the `nqueens` command that serves it
//! (`nqueens web`, named by the `NQUEENS` environment variable) and Debian's chromium and
//! chromium-driver, so it is ignored by a plain `cargo test`; `scripts/web/test.sh`
//! builds and installs what it needs and runs it, and `.ci/run` calls that. The server's
//! own tests are the command's (`crates/nqueens-cli/tests/web.rs`).

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
            "goog:loggingPrefs": {"browser": "ALL"},
            "timeouts": {"pageLoad": 30_000},
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
        // A new address on the same page is taken in by a hashchange event, which may
        // still be queued when the navigation returns.
        if let Some(at) = url.find('#') {
            self.wait_for(
                &format!("document.body.dataset.address === {}", json!(&url[at..])),
                10,
            );
        }
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

    /// The queens of the position, as the board shows them.
    fn queens(&self) -> Vec<(u32, u32)> {
        let q = self.script("return document.getElementById('board').dataset.position;");
        let mut queens: Vec<(u32, u32)> = q
            .as_str()
            .unwrap()
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

    /// The columns of a board holding one queen per row.
    fn columns(&self) -> Vec<u32> {
        self.queens().iter().map(|&(_, c)| c).collect()
    }

    fn window(&self, width: u32, height: u32) {
        self.post("window/rect", json!({ "width": width, "height": height }));
    }

    /// Sets n as a user does: types it and leaves the field.
    fn set_n(&self, n: u32) {
        self.script(&format!(
            "const e = document.getElementById('n'); e.value = '{n}'; \
             e.dispatchEvent(new Event('change'));"
        ));
    }

    /// The browser's console since the last call: `(level, message)` pairs.
    fn console(&self) -> Vec<(String, String)> {
        let log = self.post("se/log", json!({ "type": "browser" }));
        log.as_array()
            .unwrap()
            .iter()
            .map(|e| {
                let field = |k: &str| e[k].as_str().unwrap_or_default().to_owned();
                (field("level"), field("message"))
            })
            .collect()
    }

    /// Runs a Chrome DevTools command.
    fn devtools(&self, cmd: &str, params: Value) -> Value {
        self.post("goog/cdp/execute", json!({ "cmd": cmd, "params": params }))
    }

    /// Whether the whole element lies within the window.
    fn in_view(&self, css: &str) -> bool {
        let code = format!(
            "const r = document.querySelector('{css}').getBoundingClientRect(); \
             return r.top >= -1 && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1;"
        );
        self.script(&code) == json!(true)
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
    serve_dir(&page)
}

/// `nqueens web --dir page` on a free port, and its address.
fn serve_dir(page: &Path) -> (Reaped, String) {
    let nqueens = std::env::var_os("NQUEENS")
        .expect("NQUEENS names the nqueens command that serves the page (scripts/web/test.sh)");
    let mut server = Command::new(nqueens)
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

/// The page's address, with `hash` after it.
fn at(url: &str, hash: &str) -> String {
    format!("{url}{hash}")
}

#[test]
#[ignore = "needs the built page and Chromium: run scripts/web/test.sh"]
fn the_page_works_in_a_real_browser() {
    let (_server, url) = serve();
    let browser = Browser::start();
    browser.open(&at(&url, "#n=8"));

    // The board renders for n = 8, with its rank and file labels.
    let squares = browser.script("return document.querySelectorAll('#board .square').length;");
    assert_eq!(squares, json!(64));
    assert_eq!(browser.text("#ranks span:last-child"), "8");

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
    assert_eq!(
        browser.text("#status"),
        "2 queens in conflict: row 3, column 4 and row 3, column 5 attack each other.",
        "counted from 1, as the labels"
    );
    browser.click("#solve");
    assert!(
        browser
            .text("#status")
            .starts_with("row 3, column 4 and row 3, column 5 attack each other"),
        "{}",
        browser.text("#status")
    );
    browser.click(r#".square[data-row="2"][data-col="4"]"#);
    assert_eq!(browser.queens(), [(2, 3)]);
    browser.wait_for("location.hash === '#n=8&q=2.3'", 2);

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

    // Solving completes the position with a valid board that keeps the queen, and says
    // which solution it is.
    browser.click("#solve");
    browser.wait_for(
        "document.getElementById('status').textContent.startsWith('Solved')",
        5,
    );
    let solved = browser.queens();
    assert_eq!(solved.len(), 8);
    assert!(solved.contains(&(2, 3)));
    let columns = browser.columns();
    assert!(queens::validate(&columns).is_ok(), "{columns:?}");
    browser.wait_for(
        "document.getElementById('count').dataset.value === '92'",
        20,
    );
    // The line says at once that the board is a solution, and its number once the
    // ranker has it.
    browser.wait_for("document.getElementById('position').textContent !== ''", 5);
    let index = queens::Solutions::new(8)
        .unwrap()
        .position(|p| p.columns() == columns)
        .unwrap();
    assert_eq!(browser.text("#position"), (index + 1).to_string());
    assert_eq!(browser.text("#of"), "of 92");
    browser.screenshot("solved.png");

    // The solution index follows the board: a click or Clear takes it away.
    browser.click("#clear");
    assert!(browser.queens().is_empty());
    assert_eq!(
        browser.script("return document.getElementById('where').hidden;"),
        json!(true)
    );

    // Next and previous step through the solutions in order.
    assert_eq!(browser.text("#count"), "92");
    browser.click("#next");
    browser.wait_for("document.getElementById('position').textContent === '1'", 5);
    browser.click("#next");
    browser.wait_for("document.getElementById('position').textContent === '2'", 5);
    assert_eq!(
        browser.columns(),
        queens::Solutions::new(8).unwrap().nth(1).unwrap().columns()
    );
    browser.click("#prev");
    browser.wait_for("document.getElementById('position').textContent === '1'", 5);
    browser.click(r#".square[data-row="7"][data-col="7"]"#);
    assert_eq!(
        browser.script("return document.getElementById('where').hidden;"),
        json!(true)
    );
    browser.click("#unique");
    browser.wait_for(
        "document.getElementById('count').dataset.value === '12'",
        20,
    );
    browser.click("#clear");
    browser.click("#next");
    browser.wait_for("document.getElementById('position').textContent === '1'", 5);
    assert_eq!(
        browser.columns(),
        queens::UniqueSolutions::new(8)
            .unwrap()
            .next()
            .unwrap()
            .columns()
    );
    browser.click("#unique");

    // A position with no completion says so, from the engine's answer rather than from
    // the words of an error: no solution of 4 queens has one in a corner.
    browser.open(&at(&url, "#n=4&q=0.0"));
    browser.click("#solve");
    browser.wait_for(
        "document.getElementById('status').textContent.startsWith('No solution of n = 4 keeps this queen')",
        5,
    );
    assert_eq!(browser.queens(), [(0, 0)]);

    // An address that asks for what the page cannot show says so; it keeps what it can.
    browser.open(&at(&url, "#n=99&q=0.1_8.0_x.2_1.2.3"));
    assert_eq!(browser.queens(), [(0, 1)]);
    assert_eq!(
        browser.text("#status"),
        "The address asks for n = 99, and the page shows n = 1 to 32; \
         it names 3 squares not on the 8×8 board, left out."
    );
    browser.open(&at(&url, "#n=5&q=4.4_5.0"));
    assert_eq!(browser.queens(), [(4, 4)]);
    assert_eq!(
        browser.text("#status"),
        "The address names 1 square not on the 5×5 board, left out."
    );

    // A shared address opens the same position.
    browser.open(&at(&url, "#n=6&q=0.1_1.3"));
    assert_eq!(browser.queens(), [(0, 1), (1, 3)]);
    assert_eq!(
        browser.script("return document.getElementById('n').value;"),
        json!("6")
    );

    // n outside 1 to 32, or no n, is refused with the bounds, and the board stays.
    browser.set_n(0);
    assert_eq!(
        browser.text("#status"),
        "n must be a whole number from 1 to 32; “0” is not. The board stays at n = 6."
    );
    assert_eq!(browser.queens(), [(0, 1), (1, 3)]);
    browser.set_n(3);
    assert_eq!(
        browser.text("#status"),
        "n = 3 has no solution: every way to place 3 queens puts two in one line. \
         1 queen stood off the 3×3 board and came off."
    );
    browser.click("#solve");
    assert!(browser.text("#status").starts_with("n = 3 has no solution"));
    browser.wait_for("document.getElementById('count').dataset.value === '0'", 5);
    browser.set_n(1);
    browser.click("#solve");
    browser.wait_for(
        "document.getElementById('status').textContent.startsWith('Solved')",
        5,
    );
    assert!(
        browser.text("#status").contains("1 queen, none"),
        "{}",
        browser.text("#status")
    );

    // n = 16: the workers count the plan's units, and the page browses solutions
    // meanwhile.
    browser.open(&at(&url, "#n=16"));
    let started = Instant::now();
    browser.click("#next");
    browser.click("#next");
    browser.wait_for("document.getElementById('position').textContent === '2'", 5);
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
    let note = browser.text("#count-note");
    assert!(
        note.ends_with(": 1,846,189 classes of 8 boards, 734 of 4, 32 of 2"),
        "{note}"
    );
    eprintln!("n = 16: {note}");
    browser.click("#unique");
    assert_eq!(
        browser.text("#count"),
        "1,846,955 classes (14,772,512 solutions)"
    );

    // A phone-sized screen: nothing wider than the screen.
    browser.window(390, 844);
    browser.open(&at(&url, "#n=8&q=0.0"));
    let overflow =
        browser.script("return document.documentElement.scrollWidth - window.innerWidth;");
    assert!(
        overflow.as_i64().unwrap() <= 0,
        "wider than the screen by {overflow}"
    );
    browser.screenshot("phone.png");
}

#[test]
#[ignore = "needs the built page and Chromium: run scripts/web/test.sh"]
fn large_boards_never_freeze_the_page() {
    let (_server, url) = serve();
    let browser = Browser::start();
    browser.window(1280, 800);

    // n = 32 draws at once; there is no count to wait for, and the published counts stop
    // at 27, which the page says.
    let started = Instant::now();
    browser.open(&at(&url, "#n=32"));
    browser.wait_for(
        "document.querySelectorAll('#board .square').length === 1024",
        2,
    );
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "n = 32 took {:?} to draw",
        started.elapsed()
    );
    assert_eq!(browser.text("#count"), "unknown");
    assert!(browser.text("#count-note").contains("OEIS A000170"));

    // Solve with a few givens answers well within a second.
    browser.open(&at(&url, "#n=32&q=0.5_1.9_2.0_31.31"));
    let started = Instant::now();
    browser.click("#solve");
    browser.wait_for(
        "document.getElementById('status').textContent.startsWith('Solved')",
        5,
    );
    let took = started.elapsed();
    assert!(
        took < Duration::from_secs(1),
        "solving n = 32 took {took:?}"
    );
    let columns = browser.columns();
    assert!(queens::validate(&columns).is_ok());
    assert_eq!(
        (columns[0], columns[1], columns[2], columns[31]),
        (5, 9, 0, 31)
    );
    browser.screenshot("n32-solved.png");

    // No count of n = 32 exists, and a browser would take ages: none is offered.
    assert_eq!(
        browser.script("return document.getElementById('count-here').hidden;"),
        json!(true)
    );

    // n = 18 is counted by the workers (on two cores, in well under a minute): the count
    // and the classes.
    browser.set_n(18);
    browser.wait_for(
        "document.getElementById('count').dataset.value === '666090624'",
        180,
    );
    let note = browser.text("#count-note");
    assert!(
        note.ends_with(": 83,259,065 classes of 8 boards, 4,526 of 4"),
        "{note}"
    );
    // For docs/web.md: how long the workers took.
    eprintln!("n = 18: {note}");

    // Boards whose count would take the page more than a minute show the published
    // count, marked as known, with the command that counts it; n = 20 counted anyway
    // stops when n changes.
    browser.set_n(20);
    assert_eq!(browser.text("#count"), "39,029,188,884");
    assert_eq!(
        browser.script("return document.getElementById('count').dataset.known;"),
        json!("39029188884"),
        "marked as known, not counted"
    );
    assert_eq!(
        browser.script("return document.getElementById('count').dataset.value;"),
        Value::Null
    );
    assert!(browser.text("#count-note").contains("nqueens count 20"));
    browser.click("#count-here");
    browser.wait_for(
        "document.getElementById('count-note').textContent.includes('found so far')",
        10,
    );
    // The page keeps answering clicks while the worker counts.
    for c in 0..10 {
        let started = Instant::now();
        browser.click(&format!(r#".square[data-row="15"][data-col="{c}"]"#));
        assert!(
            started.elapsed() < Duration::from_millis(500),
            "a click took {:?} while counting",
            started.elapsed()
        );
    }
    assert_eq!(
        browser.script("return document.body.dataset.counting;"),
        json!("20")
    );
    std::thread::sleep(Duration::from_millis(1500));
    browser.screenshot("n20-counting.png");
    browser.set_n(8);
    assert_eq!(
        browser.script("return document.body.dataset.counting;"),
        json!("8")
    );
    browser.wait_for("document.getElementById('count').dataset.value === '92'", 5);
    assert_eq!(
        browser.script("return document.body.dataset.counting;"),
        Value::Null
    );
}

/// The steps the animation has taken.
fn steps(browser: &Browser) -> u64 {
    browser
        .script("return Number(document.getElementById('event').dataset.steps);")
        .as_u64()
        .unwrap()
}

#[test]
#[ignore = "needs the built page and Chromium: run scripts/web/test.sh"]
fn the_animation_shows_why_the_search_backtracks() {
    let (_server, url) = serve();
    let browser = Browser::start();
    browser.window(1280, 800);
    browser.open(&at(&url, "#n=8"));

    // At 1280 × 800 the board and the animation's explanation are both in view.
    for part in ["#frame", "#event", "#code", ".counters", "#play"] {
        assert!(browser.in_view(part), "{part} is out of view at 1280 × 800");
    }

    // A rejected square names its attacker, and a line is drawn from it.
    browser.click("#step");
    assert_eq!(browser.text("#nodes"), "1");
    let after_one = browser.text("#event");
    assert!(
        after_one.starts_with("Place a queen on row 1, column 1"),
        "{after_one}"
    );
    browser.click("#step");
    assert_eq!(
        browser.text("#event"),
        "Reject row 2, column 1: the queen on row 1, column 1 attacks it along its column."
    );
    let rejected = browser.find(".square.rejected");
    let attacker = browser.get(&format!("element/{rejected}/attribute/data-attacker"));
    assert_eq!(attacker, json!("row 1, column 1"));
    let line = browser.script(
        "const l = document.getElementById('attack-line'); return [l.dataset.from, l.dataset.to];",
    );
    assert_eq!(line, json!(["0,0", "1,0"]));
    assert_eq!(
        browser.text("#code li.now").trim(),
        "if a queen above attacks it: reject it"
    );
    assert_eq!(browser.text("#rejections"), "1");
    browser.click("#step");
    assert!(browser.text("#event").contains("along its diagonal"));
    browser.screenshot("rejected.png");

    // Step back returns to the state before.
    browser.click("#back");
    browser.click("#back");
    assert_eq!(browser.text("#event"), after_one);
    assert_eq!(
        (browser.text("#nodes"), browser.text("#rejections")),
        ("1".into(), "0".into())
    );
    assert_eq!(browser.queens(), [(0, 0)]);
    assert_eq!(
        browser.script("return document.getElementById('attack-line');"),
        Value::Null
    );

    // Running to the next solution stops on it and names it: solution 1 of 92.
    browser.click("#show-bits");
    browser.click("#to-solution");
    browser.wait_for("document.getElementById('found').textContent === '1'", 5);
    assert_eq!(
        browser.columns(),
        queens::Solutions::new(8).unwrap().next().unwrap().columns()
    );
    browser.wait_for(
        "document.getElementById('count').dataset.value === '92'",
        20,
    );
    assert_eq!(
        (browser.text("#position"), browser.text("#of")),
        ("1".into(), "of 92".into())
    );
    assert!(
        browser
            .text("#event")
            .starts_with("Solution 1: all 8 queens")
    );
    assert_eq!(
        browser.text("#code li.now").trim(),
        "if row > n: a solution! return"
    );
    browser.screenshot("solution.png");
    browser.click("#step");
    assert!(
        browser
            .text("#event")
            .starts_with("Take back the queen on row 8")
    );
    assert_eq!(
        browser.script("return document.getElementById('where').hidden;"),
        json!(true)
    );
    browser.click("#clear");
    assert!(browser.queens().is_empty());
    assert_eq!(
        browser.text("#nodes"),
        "0",
        "the animation gives the board back"
    );

    // The search's end says so, and Play then watches it again from the start.
    browser.set_n(4);
    for found in ["1", "2"] {
        browser.click("#to-solution");
        browser.wait_for(
            &format!("document.getElementById('found').textContent === '{found}'"),
            5,
        );
    }
    browser.click("#to-solution");
    browser.wait_for(
        "document.getElementById('event').textContent.startsWith('Search finished')",
        5,
    );
    assert!(browser.text("#event").contains("2 solutions found"));
    browser.click("#step");
    assert!(browser.text("#event").starts_with("Search finished"));
    browser.click("#play");
    browser.click("#play");
    assert_eq!(browser.text("#found"), "0", "{}", browser.text("#event"));
    browser.set_n(8);

    // Play after a long idle starts from the moment it is pressed: at 20 steps a second,
    // a fifth of a second is a few steps, not the page's age in steps.
    std::thread::sleep(Duration::from_secs(30));
    assert_eq!(browser.text("#speed-value"), "20 steps/s");
    let pressed = Instant::now();
    browser.click("#play");
    std::thread::sleep(Duration::from_millis(200));
    browser.click("#play");
    let owed = 20.0 * pressed.elapsed().as_secs_f64();
    let taken = steps(&browser);
    assert!(
        taken >= 1 && taken as f64 <= owed + 2.0,
        "{taken} steps in {owed:.1} steps' time at 20 steps/s"
    );

    // A minute at full speed on a board whose search lasts longer: no error or warning in
    // the console, the address rewritten only a few times a second, and a solution pauses
    // the play each time.
    browser.click("#clear");
    browser.set_n(12);
    browser.script("console.warn('probe');");
    assert!(
        browser
            .console()
            .iter()
            .any(|(level, m)| level == "WARNING" && m.contains("probe")),
        "the console is read"
    );
    browser.keys("#speed", "\u{E010}");
    assert_eq!(browser.text("#speed-value"), "5,000 steps/s");
    browser.script(
        "window.addressWrites = 0; const replace = history.replaceState.bind(history); \
         history.replaceState = (...a) => { window.addressWrites++; return replace(...a); };",
    );
    browser.click("#play");
    let started = Instant::now();
    let mut pauses = 0;
    while started.elapsed() < Duration::from_secs(60) {
        if browser.text("#play") == "Play" {
            assert!(browser.text("#event").starts_with("Solution"));
            pauses += 1;
            browser.click("#play");
        }
        std::thread::sleep(Duration::from_millis(250));
    }
    browser.click("#play");
    let writes = browser
        .script("return window.addressWrites;")
        .as_u64()
        .unwrap();
    assert!(writes <= 5 * 60, "{writes} address writes in a minute");
    assert!(
        pauses > 10,
        "only {pauses} solutions in a minute at full speed"
    );
    assert!(steps(&browser) > 20_000, "{} steps", steps(&browser));
    let console = browser.console();
    assert!(
        console
            .iter()
            .all(|(level, _)| level != "SEVERE" && level != "WARNING"),
        "{console:?}"
    );
    browser.screenshot("played.png");

    // The dark theme follows the system's, and its text keeps AA contrast as the light one
    // (n = 20 shows a link to OEIS).
    browser.set_n(20);
    for theme in ["light", "dark"] {
        browser.devtools(
            "Emulation.setEmulatedMedia",
            json!({ "features": [{ "name": "prefers-color-scheme", "value": theme }] }),
        );
        let worst = browser.script(CONTRAST).as_f64().unwrap();
        assert!(
            worst >= 4.5,
            "{theme}: text contrast {worst:.2} is below WCAG AA"
        );
        browser.screenshot(&format!("{theme}.png"));
    }
}

/// The address of a position: `#n=…&q=row.column_…`.
fn position_hash(columns: &[u32]) -> String {
    let q: Vec<String> = columns
        .iter()
        .enumerate()
        .map(|(r, c)| format!("{r}.{c}"))
        .collect();
    format!("#n={}&q={}", columns.len(), q.join("_"))
}

/// Whether any element of the page is cut off: `#code` and its lines, the panels and the
/// page itself no wider inside than they show, nothing past the window's right edge.
const CLIPPED: &str = r#"
const cut = [];
for (const el of [document.documentElement, ...document.querySelectorAll('#code, #code li, .panel, .teach, #event, #status')]) {
  if (el.scrollWidth > el.clientWidth + 1) cut.push(`${el.id || el.className || el.tagName} scrolls: ${el.scrollWidth} > ${el.clientWidth}`);
  const r = el.getBoundingClientRect();
  if (r.width > 0 && r.right > innerWidth + 1) cut.push(`${el.id || el.className || el.tagName} ends at ${r.right} of ${innerWidth}`);
}
return cut.join('; ');
"#;

/// The visible column labels whose numbers overlap their neighbour's.
const LABELS_OVERLAP: &str = r#"
const rects = [...document.querySelectorAll('#files span')]
  .filter((s) => getComputedStyle(s).visibility !== 'hidden')
  .map((s) => { const r = document.createRange(); r.selectNodeContents(s); return r.getBoundingClientRect(); });
let overlaps = 0;
for (let i = 1; i < rects.length; i++) if (rects[i].left < rects[i - 1].right) overlaps++;
return overlaps;
"#;

#[test]
#[ignore = "needs the built page and Chromium: run scripts/web/test.sh"]
fn the_page_follows_the_board_at_every_size() {
    let (_server, url) = serve();
    let browser = Browser::start();
    browser.window(1280, 800);
    let all: Vec<Vec<u32>> = queens::Solutions::new(8)
        .unwrap()
        .map(|p| p.into_columns())
        .collect();
    let position = |browser: &Browser, k: usize| {
        browser.wait_for(
            &format!("document.getElementById('position').textContent === '{k}' && !document.getElementById('where').hidden"),
            10,
        );
    };

    // Next and Prev go from the board shown: a shared link of solution 78, then Solve's
    // board, then a cleared board, then a board that is no solution.
    browser.open(&at(&url, &position_hash(&all[77])));
    browser.wait_for(
        "document.getElementById('count').dataset.value === '92'",
        20,
    );
    position(&browser, 78);
    assert!(
        browser
            .text("#where")
            .contains("its symmetry class holds 8 boards")
    );
    browser.click("#next");
    position(&browser, 79);
    assert_eq!(browser.columns(), all[78]);
    browser.click("#prev");
    browser.click("#prev");
    position(&browser, 77);
    assert_eq!(browser.columns(), all[76]);
    browser.click("#clear");
    browser.click("#next");
    position(&browser, 1);
    browser.open(&at(&url, "#n=8&q=0.5_1.7"));
    browser.click("#next");
    browser.wait_for(
        "document.querySelectorAll('#board .square svg').length === 8",
        5,
    );
    let after = all
        .iter()
        .find(|s| s[0] > 5 || (s[0] == 5 && s[1] >= 7))
        .unwrap();
    assert_eq!(
        &browser.columns(),
        after,
        "the first solution after 5, 7 and empty rows"
    );
    browser.open(&at(&url, &position_hash(&all[91])));
    position(&browser, 92);
    browser.click("#next");
    browser.wait_for(
        "document.getElementById('status').textContent === 'That was the last solution.'",
        5,
    );
    assert_eq!(browser.columns(), all[91]);

    // One per class: the count names classes and solutions.
    browser.click("#unique");
    browser.wait_for(
        "document.getElementById('count').dataset.value === '12'",
        20,
    );
    assert_eq!(browser.text("#count"), "12 classes (92 solutions)");
    browser.click("#clear");
    browser.click("#next");
    position(&browser, 1);
    assert!(
        browser
            .text("#where")
            .starts_with("This board is in class 1 of 12")
    );
    // A board no one numbered (a shared link, Solve's) is numbered by its class, and the
    // class's size is named: solution 78 is in the 12th class, as its mirror image.
    let reps: Vec<Vec<u32>> = queens::UniqueSolutions::new(8)
        .unwrap()
        .map(|p| p.into_columns())
        .collect();
    let class = reps
        .iter()
        .position(|r| *r == queens::symmetry::canonical(&all[77]))
        .unwrap();
    browser.open(&at(&url, &position_hash(&all[77])));
    position(&browser, class + 1);
    assert_eq!(
        browser.text("#where"),
        format!(
            "This board is in class {} of 12, in lexicographic order; its symmetry class holds {} boards.",
            class + 1,
            queens::symmetry::class_size(&all[77])
        )
    );
    // Solve keeps a board that is a solution already, and its number.
    browser.click("#solve");
    assert!(
        browser
            .text("#status")
            .starts_with("This board is already solved")
    );
    assert_eq!(browser.text("#position"), (class + 1).to_string());
    // Next and Prev step from the board's class, whichever of its images is shown.
    if class + 1 < reps.len() {
        browser.click("#next");
        position(&browser, class + 2);
        assert_eq!(browser.columns(), reps[class + 1]);
        browser.click("#prev");
        position(&browser, class + 1);
        assert_eq!(browser.columns(), reps[class]);
    }
    // A solution the animation finds is numbered by its class too.
    browser.open(&at(&url, "#n=6"));
    browser.click("#to-solution");
    browser.wait_for(
        "document.getElementById('where').textContent.startsWith('This board is in class 1 of 1')",
        5,
    );
    browser.open(&at(&url, "#n=8&q=0.0"));
    browser.click("#solve");
    browser.wait_for(
        "document.getElementById('status').textContent.startsWith('Solved in')",
        5,
    );
    browser.wait_for(
        "document.getElementById('where').textContent.startsWith('This board is in class')",
        5,
    );
    browser.click("#unique");

    // When the animation's search ends, nothing of its last solution stays.
    browser.open(&at(&url, "#n=4"));
    for _ in 0..3 {
        browser.click("#to-solution");
        std::thread::sleep(Duration::from_millis(150));
    }
    browser.wait_for(
        "document.getElementById('event').textContent.startsWith('Search finished')",
        5,
    );
    assert_eq!(
        browser.script(
            "return [document.getElementById('frame').classList.contains('solved'), \
             document.querySelectorAll('#code li.now').length, document.getElementById('where').hidden, \
             document.querySelectorAll('#board .square svg').length];"
        ),
        json!([false, 0, true, 0])
    );

    // A search that ends keeps the learner's queens in the address.
    browser.open(&at(&url, "#n=6&q=0.1"));
    browser.click("#step");
    for _ in 0..3 {
        browser.click("#to-solution");
        std::thread::sleep(Duration::from_millis(150));
    }
    browser.wait_for(
        "document.getElementById('event').textContent.startsWith('Search finished')",
        5,
    );
    browser.wait_for("location.hash === '#n=6&q=0.1'", 5);
    // The kept queen is on the board: counted, and Next goes on from it.
    assert_eq!(browser.text("#status"), "1 of 6 queens placed.");
    browser.click("#next");
    browser.wait_for(
        "document.querySelectorAll('#board .square svg').length === 6",
        5,
    );
    assert_eq!(
        browser.columns(),
        queens::Solutions::with_prefix(6, &[1])
            .unwrap()
            .next()
            .unwrap()
            .columns()
    );
    // Clear empties the board, during the animation and after it, kept queens and all.
    browser.open(&at(&url, "#n=6&q=3.1"));
    browser.click("#step");
    browser.click("#clear");
    assert!(browser.queens().is_empty());
    browser.wait_for("location.hash === '#n=6'", 5);

    // Solve and a new n during the animation work from the learner's queens, never the
    // search's: here none, then one.
    for (hash, kept) in [("#n=8", 0), ("#n=8&q=4.1", 1)] {
        browser.open(&at(&url, hash));
        browser.script("document.getElementById('speed').value = 11;");
        browser.click("#play");
        browser.wait_for(
            "document.querySelectorAll('#board .square svg').length >= 4",
            5,
        );
        browser.click("#solve");
        browser.wait_for(
            "document.getElementById('status').textContent.startsWith('Solved in')",
            5,
        );
        let said = browser.text("#status");
        match kept {
            0 => assert!(!said.contains("keeping"), "{said}"),
            _ => assert!(said.ends_with("keeping the 1 queen given."), "{said}"),
        }
        // The address Solve writes comes a moment later: once it has, the same address
        // again is a change.
        browser.wait_for(&format!("location.hash !== '{hash}'"), 5);
        browser.open(&at(&url, hash));
        browser.click("#play");
        browser.wait_for(
            "document.querySelectorAll('#board .square svg').length >= 4",
            5,
        );
        browser.set_n(9);
        assert_eq!(browser.queens().len(), kept, "{hash}");
    }

    // Past the boards the page counts, a solution is numbered of the published count.
    browser.open(&at(&url, "#n=19"));
    browser.click("#next");
    position(&browser, 1);
    assert_eq!(browser.text("#of"), "of 4,968,057,848");

    // The animation starts from the learner's queens and keeps them: Nauck's puzzle.
    browser.open(&at(&url, "#n=8&q=4.1_3.3"));
    browser.click("#step");
    assert!(
        browser
            .text("#status")
            .starts_with("The search keeps your 2 queens")
    );
    assert_eq!(
        browser.script("return document.querySelectorAll('#board .square.pending').length;"),
        json!(2)
    );
    browser.click("#to-solution");
    browser.wait_for(
        "document.getElementById('frame').classList.contains('solved')",
        10,
    );
    let columns = browser.columns();
    assert_eq!((columns[4], columns[3]), (1, 3));
    assert!(queens::validate(&columns).is_ok());

    // Smaller things: the words, an address past the largest n, n changed with queens on.
    browser.open(&at(&url, "#n=1"));
    assert_eq!(browser.text("#status"), "0 of 1 queen placed.");
    browser.click("#to-solution");
    browser.wait_for(
        "document.getElementById('event').textContent.startsWith('Solution 1: the one queen stands')",
        5,
    );
    browser.open(&at(&url, "#n=40"));
    assert!(
        browser
            .text("#status")
            .starts_with("The address asks for n = 40"),
        "{}",
        browser.text("#status")
    );
    browser.open(&at(&url, "#n=8&q=0.0_7.7"));
    browser.set_n(6);
    assert!(
        browser
            .text("#status")
            .ends_with("1 queen stood off the 6×6 board and came off."),
        "{}",
        browser.text("#status")
    );
    assert_eq!(browser.queens(), [(0, 0)]);
    browser.open(&at(&url, "#n=32"));
    assert_eq!(
        browser.script("return document.getElementById('count-here').hidden;"),
        json!(true)
    );

    // What teachers asked for next: the 8 symmetric images (a click puts one on the
    // board), the board saved as SVG and PNG, large text, the bitboard view in words.
    browser.open(&at(&url, &position_hash(&all[0])));
    browser.click("#show-images");
    assert_eq!(
        browser.script("return document.querySelectorAll('#images .image svg').length;"),
        json!(8)
    );
    browser.click("#images .image:nth-child(2)");
    assert_eq!(
        browser.columns(),
        queens::symmetry::Symmetry::Rotate90.apply(&all[0])
    );
    browser.script(
        "window.saved = []; const make = URL.createObjectURL; \
         URL.createObjectURL = (b) => { window.saved.push([b.type, b.size]); return make(b); };",
    );
    browser.click("#save-svg");
    browser.click("#save-png");
    // One blob for the SVG saved, one for the picture the PNG is drawn from, the PNG.
    browser.wait_for("window.saved.length === 3", 5);
    let saved = browser.script("return window.saved;");
    let types: Vec<&str> = saved
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e[0].as_str().unwrap())
        .collect();
    assert_eq!(types, ["image/svg+xml", "image/svg+xml", "image/png"]);
    assert!(
        saved
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e[1].as_u64().unwrap() > 1000),
        "{saved}"
    );
    assert!(browser.text("#status").starts_with("Saved queens-8-"));
    browser.click("#show-images");
    assert!(
        !browser
            .script("return document.getElementById('images').getBoundingClientRect().height > 0;")
            .as_bool()
            .unwrap()
    );
    browser.click("#presenter");
    assert_eq!(
        browser
            .script("return parseFloat(getComputedStyle(document.documentElement).fontSize) > 20;"),
        json!(true)
    );
    assert_eq!(
        browser.script(CLIPPED),
        json!(""),
        "presenter mode at 1280 × 800"
    );
    browser.screenshot("presenter.png");
    browser.click("#presenter");
    browser.click("#show-bits");
    browser.click("#step");
    assert!(
        browser
            .text("#bits")
            .contains("free = ~(columns | falling | rising)")
    );
    browser.click("#show-bits");

    // The search tree, in step with the board: at n = 4 after (0, 0) placed, (1, 0) and
    // (1, 1) rejected and (1, 2) placed, then one step back.
    browser.open(&at(&url, "#n=4"));
    browser.click("#show-tree");
    for _ in 0..4 {
        browser.click("#step");
    }
    let states = "return [...document.querySelectorAll('#tree .node')].filter((g) => g.dataset.row < 2).map((g) => Number(g.dataset.state));";
    assert_eq!(browser.script(states), json!([3, 0, 0, 0, 1, 1, 3, 0]));
    assert_eq!(
        browser.script("const g = document.querySelector('#tree .node.now'); return [g.dataset.row, g.dataset.col];"),
        json!(["1", "2"])
    );
    browser.click("#back");
    assert_eq!(browser.script(states), json!([3, 0, 0, 0, 1, 1, 0, 0]));
    browser.screenshot("tree.png");
    browser.click("#show-tree");

    // Nothing cut off at any width from a phone's to a projector's, in both themes; on a
    // phone the board and the explanation of a step are in view together, and the labels
    // of n = 32 do not run into each other.
    for (w, h) in [
        (360, 740),
        (390, 844),
        (1024, 768),
        (1280, 800),
        (1280, 863),
        (1366, 768),
        (1920, 1080),
    ] {
        browser.window(w, h);
        for theme in ["light", "dark"] {
            browser.devtools(
                "Emulation.setEmulatedMedia",
                json!({ "features": [{ "name": "prefers-color-scheme", "value": theme }] }),
            );
            browser.open(&at(&url, "#n=8&q=0.0"));
            browser.click("#step");
            browser.click("#step");
            let cut = browser.script(CLIPPED);
            assert_eq!(cut, json!(""), "{w}×{h} {theme}");
            if w < 640 {
                browser
                    .script("document.getElementById('event').scrollIntoView({ block: 'end' });");
            }
            browser.screenshot(&format!("size-{w}x{h}-{theme}.png"));
            if w < 640 {
                let rects = browser.script("return ['board-area', 'event'].map((id) => { const r = document.getElementById(id).getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right, innerWidth, innerHeight]; });");
                assert!(
                    browser.in_view("#board-area") && browser.in_view("#event"),
                    "{w}×{h}: the board and the explanation are not in view together: {rects}"
                );
            }
        }
        browser.open(&at(&url, "#n=32"));
        assert_eq!(
            browser.script(LABELS_OVERLAP),
            json!(0),
            "{w}×{h}: labels of n = 32 overlap"
        );
    }
}

/// The lowest contrast ratio (WCAG 2) between the page's text and the page's background.
const CONTRAST: &str = r#"
const rgb = (s) => s.match(/[\d.]+/g).slice(0, 3).map(Number);
const lum = ([r, g, b]) => {
  const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
};
const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
const bg = rgb(getComputedStyle(document.documentElement).backgroundColor);
document.getElementById('status').classList.add('error');
const texts = ['body', 'h1', '.note', '#status', 'footer', '#ranks span', 'a', '#code li'];
const worst = Math.min(...texts.map((css) => {
  const el = document.querySelector(css);
  if (!el) throw new Error(`no ${css} on the page`);
  return ratio(rgb(getComputedStyle(el).color), bg);
}));
document.getElementById('status').classList.remove('error');
return worst;
"#;

#[test]
fn the_published_counts_the_page_shows_agree_with_the_library() {
    let known =
        std::fs::read_to_string(repo_root().join("crates/queens-web/www/known.js")).unwrap();
    let list = |name: &str| -> Vec<u128> {
        let start = known.find(&format!("{name} = [")).unwrap();
        let end = start + known[start..].find("];").unwrap();
        known[start..end]
            .split('"')
            .skip(1)
            .step_by(2)
            .map(|v| v.parse().unwrap())
            .collect()
    };
    let (all, unique) = (list("A000170"), list("A002562"));
    assert_eq!((all.len(), unique.len()), (28, 28), "n = 0 to 27");
    for n in 0..=12 {
        let tally = queens::Counter::new().count(n).unwrap();
        assert_eq!(
            (all[n], unique[n]),
            (tally.total, tally.unique()),
            "n = {n}"
        );
    }
}
