//! The web crate's integration tests, in one binary: the page in a real browser.

mod browser;
