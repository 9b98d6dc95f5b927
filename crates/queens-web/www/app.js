// The page: draws the board and listens. Every rule is decided by the Rust engine
// (pkg/queens_web.js, built from crates/queens-web), the same code as the command line.
import init, { Animation, Browser, Count, complete, queen_path, squares } from "./pkg/queens_web.js";

const MAX_N = 32;
const $ = (id) => document.getElementById(id);

const state = {
  n: 8,
  // The queens on the board, as "row,column" keys.
  queens: new Set(),
  browser: null,
  count: null,
  animation: null,
  playing: false,
  focus: [0, 0],
};

let queenSvg = "";

function flat() {
  return Uint32Array.from([...state.queens].flatMap((k) => k.split(",").map(Number)));
}

function setQueens(pairs) {
  state.queens = new Set(pairs.map(([r, c]) => `${r},${c}`));
}

function fromColumns(columns) {
  setQueens(Array.from(columns, (c, r) => [r, c]));
}

function status(text, error = false) {
  $("status").textContent = text;
  $("status").classList.toggle("error", error);
}

// The board: one button per square, rebuilt when n changes.
function buildBoard() {
  const board = $("board");
  board.replaceChildren();
  board.style.gridTemplateColumns = `repeat(${state.n}, minmax(0, 1fr))`;
  board.style.gridTemplateRows = `repeat(${state.n}, minmax(0, 1fr))`;
  board.style.setProperty("--glyph", `${Math.max(0.5, 20 / state.n)}rem`);
  for (let r = 0; r < state.n; r++) {
    for (let c = 0; c < state.n; c++) {
      const square = document.createElement("button");
      square.type = "button";
      square.className = `square ${(r + c) % 2 ? "dark" : "light"}`;
      square.dataset.row = r;
      square.dataset.col = c;
      square.tabIndex = r === state.focus[0] && c === state.focus[1] ? 0 : -1;
      square.setAttribute("role", "gridcell");
      board.append(square);
    }
  }
}

function square(r, c) {
  return $("board").children[r * state.n + c];
}

// Redraws queens, attacked squares and conflicts, and keeps the address in step.
function draw(trying = null) {
  const shown = squares(state.n, flat());
  let conflicts = 0;
  for (let r = 0; r < state.n; r++) {
    for (let c = 0; c < state.n; c++) {
      const kind = shown[r * state.n + c];
      const el = square(r, c);
      const queen = kind >= 2;
      el.classList.toggle("attacked", kind === 1);
      el.classList.toggle("conflict", kind === 3);
      el.classList.toggle("trying", trying !== null && trying[0] === r && trying[1] === c);
      el.innerHTML = queen ? queenSvg : "";
      el.setAttribute(
        "aria-label",
        `row ${r + 1}, column ${c + 1}${queen ? ", queen" : ""}${kind === 3 ? " in conflict" : kind === 1 ? ", attacked" : ""}`,
      );
      if (kind === 3) conflicts++;
    }
  }
  $("board").dataset.queens = state.queens.size;
  if (conflicts > 0) {
    status(`${conflicts} queens in conflict`, true);
  } else if (state.queens.size === state.n) {
    status(`Solved: ${state.n} queens, none attacking another.`);
  } else {
    status(`${state.queens.size} of ${state.n} queens placed.`);
  }
  const q = [...state.queens].map((k) => k.replace(",", ".")).join("_");
  history.replaceState(null, "", `#n=${state.n}${q ? `&q=${q}` : ""}`);
}

function toggle(r, c) {
  const key = `${r},${c}`;
  if (!state.queens.delete(key)) state.queens.add(key);
  stopAnimation();
  draw();
}

function focusSquare(r, c) {
  const old = square(...state.focus);
  if (old) old.tabIndex = -1;
  state.focus = [r, c];
  const el = square(r, c);
  el.tabIndex = 0;
  el.focus();
}

// The solution browser and its count, counted a few units per frame so the tab never
// freezes (n = 16 has 14.7 million solutions).
function resetBrowser() {
  const unique = $("unique").checked;
  state.browser = new Browser(state.n, unique);
  $("position").textContent = "–";
  $("count").textContent = "counting…";
  const count = new Count(state.n);
  state.count = count;
  const work = () => {
    if (state.count !== count) return;
    const start = performance.now();
    while (!count.finished() && performance.now() - start < 25) count.step(1);
    const value = unique ? count.unique() : count.total();
    if (count.finished()) {
      $("count").textContent = Number(value).toLocaleString("en");
      $("count").dataset.value = value;
    } else {
      $("count").textContent = `counting… ${Math.floor(count.progress() * 100)}%`;
      requestAnimationFrame(work);
    }
  };
  requestAnimationFrame(work);
}

function browse(columns) {
  if (columns.length === 0) return;
  stopAnimation();
  fromColumns(columns);
  $("position").textContent = (state.browser.index() + 1).toLocaleString("en");
  draw();
}

// The animation: the textbook backtracking search, one event per tick.
const EVENTS = ["place", "conflict", "remove", "solution"];

function stopAnimation() {
  state.playing = false;
  $("play").textContent = "Play";
}

function tick() {
  if (!state.animation) state.animation = new Animation(state.n);
  const a = state.animation;
  const e = a.step();
  if (e.length === 0) {
    stopAnimation();
    $("event").textContent = "search finished";
    return false;
  }
  const [kind, row, col, by] = e;
  fromColumns(a.columns());
  draw(kind === 1 ? [row, col] : null);
  $("nodes").textContent = a.nodes().toLocaleString("en");
  $("found").textContent = a.solutions().toLocaleString("en");
  $("event").textContent =
    kind === 1
      ? `row ${row + 1}, column ${col + 1}: attacked by the queen in row ${by + 1}`
      : kind === 3
        ? "a solution!"
        : `${EVENTS[kind]} row ${row + 1}, column ${col + 1}`;
  return true;
}

function play() {
  if (state.playing) {
    stopAnimation();
    return;
  }
  state.playing = true;
  $("play").textContent = "Pause";
  let last = 0;
  const frame = (now) => {
    if (!state.playing) return;
    const perSecond = Number($("speed").value);
    const steps = Math.max(1, Math.floor(((now - last) * perSecond) / 1000));
    if (now - last >= 1000 / perSecond) {
      for (let i = 0; i < steps && state.playing; i++) {
        if (!tick()) return;
      }
      last = now;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

function setN(n) {
  n = Math.min(MAX_N, Math.max(1, Math.trunc(n) || 8));
  state.n = n;
  $("n").value = n;
  state.queens = new Set([...state.queens].filter((k) => k.split(",").every((v) => Number(v) < n)));
  state.animation = null;
  state.focus = [0, 0];
  stopAnimation();
  buildBoard();
  resetBrowser();
  draw();
}

// The address: #n=8&q=0.1_3.2 (row.column pairs).
function fromAddress() {
  const params = new URLSearchParams(location.hash.slice(1));
  const n = Number(params.get("n")) || 8;
  const q = (params.get("q") || "")
    .split("_")
    .filter(Boolean)
    .map((p) => p.split(".").map(Number))
    .filter(([r, c]) => Number.isInteger(r) && Number.isInteger(c) && r >= 0 && c >= 0);
  setQueens(q);
  setN(n);
}

async function main() {
  await init();
  queenSvg = `<svg viewBox="0 0 100 100" width="80%" height="80%" aria-hidden="true"><path d="${queen_path()}" fill="currentColor" stroke="#f8f8f8" stroke-width="3"/></svg>`;

  $("board").addEventListener("click", (e) => {
    const el = e.target.closest(".square");
    if (!el) return;
    const r = Number(el.dataset.row);
    const c = Number(el.dataset.col);
    focusSquare(r, c);
    toggle(r, c);
  });
  $("board").addEventListener("keydown", (e) => {
    const el = e.target.closest(".square");
    if (!el) return;
    const [r, c] = [Number(el.dataset.row), Number(el.dataset.col)];
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (e.key in moves) {
      const [dr, dc] = moves[e.key];
      focusSquare(Math.min(state.n - 1, Math.max(0, r + dr)), Math.min(state.n - 1, Math.max(0, c + dc)));
      e.preventDefault();
    }
  });
  $("n").addEventListener("change", () => {
    state.queens.clear();
    setN(Number($("n").value));
  });
  $("clear").addEventListener("click", () => {
    state.queens.clear();
    stopAnimation();
    draw();
  });
  $("solve").addEventListener("click", () => {
    stopAnimation();
    try {
      fromColumns(complete(state.n, flat()));
      draw();
    } catch (err) {
      status(String(err.message || err), true);
    }
  });
  $("share").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      status("Link copied: it opens this position.");
    } catch {
      status(`Link: ${location.href}`);
    }
  });
  $("next").addEventListener("click", () => browse(state.browser.next()));
  $("prev").addEventListener("click", () => browse(state.browser.prev()));
  $("unique").addEventListener("change", resetBrowser);
  $("play").addEventListener("click", play);
  $("step").addEventListener("click", () => {
    stopAnimation();
    tick();
  });
  // Only an address typed or pasted fires this: the page's own updates replace it.
  window.addEventListener("hashchange", fromAddress);

  fromAddress();
  document.body.dataset.ready = "true";
}

main().catch((err) => status(`The engine did not load: ${err}`, true));
