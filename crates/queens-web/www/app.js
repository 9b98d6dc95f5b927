// The page: draws the board and listens. Every rule is decided by the Rust engine
// (pkg/queens_web.js, built from crates/queens-web), the same code as the command line.
// Work that can take long (counting, solving, browsing) runs in worker.js; the little
// the drawing needs (attacked squares, the animation's next step) runs here.
import init, { Animation, Sum, Units, attacking_pair, class_size, images, max_n, picture, queen_path, smallest_image, solvable } from "./pkg/queens_web.js";
import {
  boardKey,
  buildBoard,
  columnsOfBoard,
  draw,
  flat,
  focusSquare,
  fromColumns,
  position,
  positionText,
  pairs,
  setQueenSvg,
  setQueens,
  spaceLabels,
} from "./board.js";
import { A000170, A002562 } from "./known.js";
import { Cancelled, Lane } from "./lanes.js";
import { CODE_LINE, bitsText, explain } from "./teach.js";
import { duration, number, plural, squareName } from "./words.js";

// The page counts by itself where it would take at most this long, by the estimate, and
// only where one worker's time is measured, not extrapolated (the estimate takes the
// workers to scale perfectly, and a browser's cores may be hyperthreads); above, it shows
// the published count and offers to count anyway.
const AUTO_COUNT_MAX_SECONDS = 60;
const AUTO_COUNT_MAX_N = 19;
// Seconds a count of n takes one worker, by n from 16 (measured in Node's V8 with
// scripts/web/bench.mjs on a 2-core AMD EPYC; n = 20 from the command line's growth), and
// how many times longer each n past the last takes.
const COUNT_SECONDS = [0.7, 5.9, 23, 200, 860];
const COUNT_GROWTH = 10;
// The longest count the page offers to run anyway: past a day, the offer is no help.
const COUNT_OFFER_MAX_SECONDS = 86400;
// The largest n the page offers to count: every worker holds the board's tables, about
// 90 MB at n = 21 and 1.1 GB at n = 22 (measured in Node), too much times the cores of a
// large machine.
const COUNT_OFFER_MAX_N = 21;
// Counting has workers of its own, one per core the browser reports (at most 16), so
// that browsing and solving answer while it counts. Each is given a range of units at a
// time, of about an equal share of the work: many more ranges than workers, so that
// they finish together.
const COUNT_WORKERS = Math.max(1, Math.min(16, navigator.hardwareConcurrency || 2));
const RANGES_PER_WORKER = 32;
// The animation's speeds, in steps per second.
const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000];
// The address is rewritten at most this often, in milliseconds.
const ADDRESS_EVERY_MS = 250;

// The largest n, as the engine says.
let maxN = 0;

const $ = (id) => document.getElementById(id);

const counters = Array.from({ length: COUNT_WORKERS }, () => new Lane());
const helper = new Lane();
// Numbering a solution costs up to a count: it has a worker of its own too, so that a
// click on Next never waits behind it.
const ranker = new Lane();

// The page's state beyond the position (board.js).
const state = {
  // Counts the board's changes, so that an answer about an older board is dropped.
  edit: 0,
  // Where the board stands among the solutions: { index, unique } (index from 0).
  solution: null,
  // Finished counts by n: { total, unique, classes, seconds, workers }.
  counts: new Map(),
  countRunning: false,
  // The running count's last progress: { progress, total }.
  countProgress: null,
  animation: null,
  // A message for the animation's next step to show.
  note: null,
  playing: false,
  // Whether the animation's search has ended.
  finished: false,
  // The learner's queens the animation keeps, as [row, column] pairs: the board when it
  // started, kept through Restart.
  givens: null,
};

function status(text, error = false) {
  $("status").textContent = text;
  $("status").classList.toggle("error", error);
}

function ignoreCancelled(err) {
  if (!(err instanceof Cancelled)) status(`The engine failed: ${err.message}`, true);
}

let addressTimer = null;
let addressWritten = 0;

// Keeps the address in step with the board, at most a few times a second.
function scheduleAddress() {
  const write = () => {
    addressTimer = null;
    addressWritten = performance.now();
    const q = positionText();
    history.replaceState(null, "", `#n=${position.n}${q ? `&q=${q}` : ""}`);
  };
  if (addressTimer !== null) return;
  const wait = ADDRESS_EVERY_MS - (performance.now() - addressWritten);
  if (wait <= 0) write();
  else addressTimer = setTimeout(write, wait);
}

// The message under the board: what the position is.
function describeBoard(conflicts) {
  const n = position.n;
  if (conflicts > 0) {
    const [r1, c1, r2, c2] = attacking_pair(n, flat());
    status(`${conflicts} queens in conflict: ${squareName(r1, c1)} and ${squareName(r2, c2)} attack each other.`, true);
  } else if (position.queens.size === n) {
    status(`Solved: ${plural(n, "queen")}, none attacking another.`);
  } else if (!solvable(n)) {
    status(`n = ${n} has no solution: every way to place ${n} queens puts two in one line.`);
  } else {
    // The learner's kept queens the animation has not reached count as placed.
    status(`${position.queens.size + position.pending.length} of ${plural(n, "queen")} placed.`);
  }
}

// Everything that follows a change of the board: the drawing, the message, the address,
// and where the board stands among the solutions (`solution`, when the change says; the
// animation says for each solution it finds, so its boards are never numbered again).
function boardChanged(solution = null) {
  state.edit++;
  state.solution = solution;
  describeBoard(draw());
  scheduleAddress();
  showWhere();
  showImages();
  if (solution === null && !state.animation) rankBoard();
  else ranker.cancel();
}

// Numbers a board that is a solution, when no one said which it is: among all
// solutions, or with one per class ticked, its class among the classes.
function rankBoard() {
  ranker.cancel();
  const columns = columnsOfBoard();
  if (!columns) return;
  const unique = $("unique").checked;
  const edit = state.edit;
  ranker
    .ask({ op: "rank", columns, unique })
    .then(({ rank }) => {
      if (edit !== state.edit || rank === "" || unique !== $("unique").checked) return;
      state.solution = { index: BigInt(rank), unique };
      showWhere();
    })
    .catch(ignoreCancelled);
}

// The user's own change of the board: the animation, if any, gives the board back.
function edited() {
  helper.cancel();
  resetAnimation();
  boardChanged();
}

// The solutions the count line speaks of: "92", or with one per class "12 classes (92
// solutions)".
function solutionsText(n, unique, value, total) {
  if (!unique) return number(value);
  const classes = `${number(value)} ${BigInt(value) === 1n ? "class" : "classes"}`;
  return total === null || total === undefined ? classes : `${classes} (${number(total)} ${BigInt(total) === 1n ? "solution" : "solutions"})`;
}

function toggle(r, c) {
  const key = `${r},${c}`;
  if (!position.queens.delete(key)) position.queens.add(key);
  edited();
}

// ---- Solutions: the count and the browser ----

function countFor(n, unique) {
  const done = state.counts.get(n);
  return done ? (unique ? done.unique : done.total) : null;
}

// About how many seconds this page would take to count n on its workers.
function countSeconds(n) {
  // The nearest n measured, and the growth from there (below 16, a fraction of a second).
  const i = Math.max(0, Math.min(n - 16, COUNT_SECONDS.length - 1));
  return (COUNT_SECONDS[i] * COUNT_GROWTH ** (n - 16 - i)) / COUNT_WORKERS;
}

// About how long this page would take to count n, in words.
function estimate(n) {
  const seconds = countSeconds(n);
  const units = [
    [365 * 86400, "year"],
    [86400, "day"],
    [3600, "hour"],
    [60, "minute"],
  ];
  for (const [size, name] of units) {
    if (seconds >= size) return `about ${plural(Math.round(seconds / size), name)}`;
  }
  return `about ${plural(Math.round(seconds), "second")}`;
}

// How the classes of a finished count are made up: "11 classes of 8 boards, 1 of 4".
function classesText(classes) {
  const parts = [8, 4, 2, 1]
    .map((size, i) => [BigInt(classes[i]), size])
    .filter(([count]) => count > 0n)
    .map(([count, size], i) => (i === 0 ? `${number(count)} ${count === 1n ? "class" : "classes"} of ${plural(size, "board")}` : `${number(count)} of ${size}`));
  return parts.join(", ");
}

// The line that says how many solutions there are: counted here, counting (with the
// workers' progress), or known.
function showCount(progress = state.countProgress) {
  const n = position.n;
  const unique = $("unique").checked;
  const el = $("count");
  const note = $("count-note");
  const button = $("count-here");
  const value = countFor(n, unique);
  el.classList.remove("known");
  delete el.dataset.known;
  button.hidden = true;
  if (value !== null) {
    const done = state.counts.get(n);
    el.textContent = solutionsText(n, unique, value, countFor(n, false));
    el.dataset.value = value;
    note.textContent = `counted here in ${duration(done.seconds)} by ${plural(done.workers, "worker")}: ${classesText(done.classes)}`;
    return;
  }
  delete el.dataset.value;
  if (state.countRunning) {
    const percent = (progress?.progress ?? 0) * 100;
    el.textContent = `counting… ${percent < 10 ? percent.toFixed(1) : Math.floor(percent)}%`;
    note.textContent = progress ? `${number(progress.total)} found so far by ${plural(COUNT_WORKERS, "worker")}` : "";
    button.textContent = "Stop counting";
    button.hidden = false;
    return;
  }
  const known = (unique ? A002562 : A000170)[n];
  const sequence = unique ? "A002562" : "A000170";
  button.textContent = "Count here anyway";
  // No offer where no count is known or the browser would take more than a day.
  button.hidden = known === undefined || n > COUNT_OFFER_MAX_N || countSeconds(n) > COUNT_OFFER_MAX_SECONDS;
  if (known !== undefined) {
    el.textContent = solutionsText(n, unique, known, A000170[n]);
    el.classList.add("known");
    el.dataset.known = known;
    note.innerHTML = `known from <a href="https://oeis.org/${sequence}">OEIS ${sequence}</a>, not counted here: this browser would take ${estimate(n)}; <code>nqueens count ${n}</code> counts it on every core.`;
  } else {
    el.textContent = "unknown";
    note.innerHTML = `no one has counted n = ${n} yet (<a href="https://oeis.org/${sequence}">OEIS ${sequence}</a> ends at n = 27).`;
  }
}

// The plan's units cut into ranges of about equal work, for the workers to take in turn:
// [first, end, cost] each.
function unitRanges(units) {
  const cuts = units.cuts(COUNT_WORKERS * RANGES_PER_WORKER);
  return Array.from(cuts.slice(0, -1), (first, i) => [first, cuts[i + 1], units.cost(first, cuts[i + 1])]);
}

function startCount(force = false) {
  stopCount();
  const n = position.n;
  const auto = n <= AUTO_COUNT_MAX_N && countSeconds(n) <= AUTO_COUNT_MAX_SECONDS;
  if (state.counts.has(n) || (!auto && !force)) {
    showCount();
    return;
  }
  state.countRunning = true;
  state.countProgress = null;
  document.body.dataset.counting = n;
  showCount();
  const units = new Units(n);
  const sum = new Sum(units);
  const ranges = unitRanges(units);
  const whole = units.cost(0, units.length());
  units.free();
  const started = performance.now();
  let next = 0;
  let done = 0;
  // Each worker takes the next range as soon as it has given back its last; a stopped
  // count rejects every request in flight, which ends every chain.
  const work = (lane) => {
    if (next === ranges.length) return Promise.resolve();
    const [first, end, cost] = ranges[next++];
    return lane.ask({ op: "units", n, first, end }).then(({ share }) => {
      sum.add(first, end, share);
      done += cost;
      state.countProgress = { progress: done / whole, total: sum.total() };
      if (position.n === n) showCount();
      return work(lane);
    });
  };
  Promise.all(counters.map(work))
    .then(() => {
      const seconds = (performance.now() - started) / 1000;
      state.counts.set(n, { total: sum.total(), unique: sum.unique(), classes: sum.classes(), seconds, workers: COUNT_WORKERS });
      // Each worker holds the board's tables (90 MB at n = 21): ended, they give it back.
      for (const lane of counters) lane.close();
      if (position.n !== n) return;
      state.countRunning = false;
      delete document.body.dataset.counting;
      showCount();
      showWhere();
    })
    .catch((err) => {
      if (err instanceof Cancelled) return;
      // A worker that failed leaves the others nothing to add to; a stopped count's
      // requests were all cancelled already, and a newer count's must be left alone.
      for (const lane of counters) lane.cancel();
      state.countRunning = false;
      delete document.body.dataset.counting;
      showCount();
      ignoreCancelled(err);
    })
    .finally(() => sum.free());
}

function stopCount() {
  for (const lane of counters) lane.cancel();
  state.countRunning = false;
  delete document.body.dataset.counting;
  showCount();
}

// The number of solutions (or classes) of n: counted here, else published.
function solutionsOf(n, unique) {
  return countFor(n, unique) ?? (unique ? A002562 : A000170)[n] ?? null;
}

// The line that says which solution the board is, and how large its symmetry class is:
// for any solution on the board, numbered where its number is known. Hidden, it keeps its
// room, so the panel below never moves.
function showWhere() {
  const where = $("where");
  const s = state.solution;
  const columns = columnsOfBoard();
  const size = columns ? class_size(Uint32Array.from(columns)) : 0;
  $("class-size").textContent = size > 0 ? `; its symmetry class holds ${plural(size, "board")}` : "";
  const numbered = s !== null && s.unique === $("unique").checked;
  if (!numbered && size === 0) {
    where.hidden = true;
    $("position").textContent = "";
    return;
  }
  if (numbered) {
    const of = solutionsOf(position.n, s.unique);
    $("where-kind").textContent = s.unique ? "in class " : "solution ";
    $("position").textContent = number(s.index + 1n);
    $("of").textContent = of === null ? "" : ` of ${number(of)}`;
    $("order").textContent = ", in lexicographic order";
  } else {
    $("where-kind").textContent = "a solution";
    $("position").textContent = "";
    $("of").textContent = "";
    $("order").textContent = "";
  }
  where.hidden = false;
}

async function browse(forward) {
  stopAnimation();
  const n = position.n;
  if (!solvable(n)) {
    status(`n = ${n} has no solution to show.`);
    return;
  }
  const unique = $("unique").checked;
  const edit = state.edit;
  // Next and Prev go from the board shown, whatever put it there: its number, when known,
  // numbers its neighbour. With one per class, from the board's class: its smallest image.
  const isSolution = columnsOfBoard() !== null && attacking_pair(n, flat()).length === 0;
  const key = unique && isSolution ? Array.from(smallest_image(Uint32Array.from(columnsOfBoard()))) : boardKey();
  const here = state.solution?.unique === unique ? state.solution.index : null;
  // Past n = 30 the first solution in lexicographic order can take the search seconds.
  const slow = setTimeout(() => {
    if (edit === state.edit) status(`Looking for the ${forward ? "next" : "previous"} solution in lexicographic order…`);
  }, 300);
  try {
    const { columns } = await helper.ask({ op: "browse", n, unique, key, forward });
    clearTimeout(slow);
    if (edit !== state.edit) return;
    if (columns.length === 0) {
      const which = unique ? "class" : "solution";
      if (isSolution && (here !== null || !unique)) status(forward ? `That was the last ${which}.` : `That was the first ${which}.`);
      else status(`No ${which} comes ${forward ? "after" : "before"} this board in lexicographic order.`);
      return;
    }
    let index = here === null ? null : here + (forward ? 1n : -1n);
    if (index !== null && index < 0n) index = null;
    if (index === null && forward && key.every((c) => c === -1)) index = 0n;
    resetAnimation();
    fromColumns(columns);
    boardChanged(index === null ? null : { index, unique });
  } catch (err) {
    clearTimeout(slow);
    ignoreCancelled(err);
  }
}

async function solve() {
  // Solve completes the learner's board: during the animation, the queens they had when
  // it started, not the search's.
  if (state.animation) {
    giveBack();
    boardChanged();
  }
  const n = position.n;
  if (!solvable(n)) {
    status(`n = ${n} has no solution: no board of ${n} queens can be completed.`, true);
    return;
  }
  const pair = attacking_pair(n, flat());
  if (pair.length > 0) {
    const [r1, c1, r2, c2] = pair;
    status(`${squareName(r1, c1)} and ${squareName(r2, c2)} attack each other: take one away, then solve.`, true);
    return;
  }
  // A solution already: it stays, with its number.
  if (columnsOfBoard() !== null) {
    status(`This board is already solved: ${plural(n, "queen")}, none attacking another.`);
    return;
  }
  helper.cancel();
  const edit = ++state.edit;
  const given = position.queens.size;
  status(given ? `Looking for a solution with these ${plural(given, "queen")}…` : "Looking for a solution…");
  try {
    const { columns, seconds } = await helper.ask({ op: "solve", n, queens: Array.from(flat()) });
    if (edit !== state.edit) return;
    if (columns === null) {
      status(`No solution of n = ${n} keeps ${given === 1 ? "this queen" : `these ${given} queens`}: the search ruled out every way to complete the board.`, true);
      return;
    }
    resetAnimation();
    fromColumns(columns);
    boardChanged();
    status(`Solved in ${duration(seconds)}: ${plural(n, "queen")}, none attacking another${given ? `, keeping the ${plural(given, "queen")} given` : ""}.`);
  } catch (err) {
    if (err instanceof Cancelled || edit !== state.edit) return;
    status(`Could not solve: ${err.message}`, true);
  }
}

// ---- Show and share: the symmetric images, pictures to download, large text ----

// The 8 symmetries in the engine's order (Symmetry::ALL).
const IMAGE_NAMES = [
  "as it is",
  "turned a quarter right",
  "turned half round",
  "turned a quarter left",
  "mirrored left to right",
  "mirrored top to bottom",
  "reflected in the main diagonal",
  "reflected in the other diagonal",
];

// The board under the 8 symmetries, side by side; a click puts an image on the board.
function showImages() {
  const box = $("images");
  box.hidden = !$("show-images").checked;
  if (box.hidden) return;
  const n = position.n;
  const queens = flat();
  const all = images(n, queens);
  const size = queens.length;
  box.replaceChildren(
    ...IMAGE_NAMES.map((name, i) => {
      const squares = all.slice(i * size, (i + 1) * size);
      const figure = document.createElement("button");
      figure.type = "button";
      figure.className = "image";
      figure.title = `Put this image on the board (${name})`;
      figure.innerHTML = `${picture(n, squares, 88)}<span>${name}</span>`;
      figure.addEventListener("click", () => {
        const list = [];
        for (let j = 0; j < squares.length; j += 2) list.push([squares[j], squares[j + 1]]);
        setQueens(list);
        edited();
      });
      return figure;
    }),
  );
}

function download(name, blob) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

// The file name of a picture of the board: its n and queens, as in the address.
function pictureName(extension) {
  const q = positionText();
  return `queens-${position.n}${q ? `-${q}` : ""}.${extension}`;
}

function saveSvg() {
  download(pictureName("svg"), new Blob([picture(position.n, flat(), 480)], { type: "image/svg+xml" }));
  status(`Saved ${pictureName("svg")}: the board as the library draws it, attacking queens joined in red.`);
}

// The same picture, drawn onto a canvas by the browser and saved as PNG.
async function savePng() {
  const pixels = 960;
  const url = URL.createObjectURL(new Blob([picture(position.n, flat(), pixels)], { type: "image/svg+xml" }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = pixels;
    canvas.getContext("2d").drawImage(image, 0, 0, pixels, pixels);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
    download(pictureName("png"), blob);
    status(`Saved ${pictureName("png")} (${pixels} × ${pixels} pixels).`);
  } catch (err) {
    status(`Could not draw the PNG: ${err.message}. Save SVG works in every browser.`, true);
  } finally {
    URL.revokeObjectURL(url);
  }
}

// ---- The animation: the textbook backtracking search, one event per step ----

// Ends the animation; its kept queens are forgotten unless `keepGivens` (Restart).
function resetAnimation(keepGivens = false) {
  stopAnimation();
  // The board goes back to the learner with their kept queens on it, reached or not.
  if (!keepGivens) for (const [r, c] of position.pending) position.queens.add(`${r},${c}`);
  state.finished = false;
  state.animation?.free();
  state.animation = null;
  if (!keepGivens) state.givens = null;
  position.mark = null;
  position.pending = [];
  showAnimation(null);
}

// Ends the animation and puts back the learner's own queens, as they were when it
// started: what Solve and a new n work from, never the search's queens.
function giveBack() {
  const givens = state.givens ?? pairs();
  resetAnimation();
  setQueens(givens);
}

function stopAnimation() {
  state.playing = false;
  $("play").textContent = "Play";
  $("play").setAttribute("aria-pressed", "false");
}

// The animation starts from the learner's position: the search keeps their queens and
// fills the other rows around them, which shows how they can be completed, or why not.
// Null, with the reason shown, when it cannot (two queens in one row).
function animation() {
  if (!state.animation) {
    state.givens ??= pairs();
    try {
      state.animation = Animation.with_queens(position.n, Uint32Array.from(state.givens.flat()));
    } catch (err) {
      status(`The search cannot start from this board: ${err.message}. Take a queen away, or Clear.`, true);
      state.givens = null;
      return null;
    }
    const kept = state.givens.length;
    if (kept > 0) {
      position.note = `The search keeps your ${plural(kept, "queen")} and fills the other rows around ${kept === 1 ? "it" : "them"}, row by row. Clear, then Play, to watch it from an empty board.`;
    }
  }
  return state.animation;
}

function eventOf(e) {
  if (e.length === 0) return null;
  const [kind, row, col, by, line] = e;
  const columns = state.animation.columns();
  return { kind, row, col, by, line, byCol: kind === 1 ? columns[by] : 0 };
}

// Shows the animation's current state: board, mark, explanation, counters, code line.
function showAnimation(mark, finished = false) {
  const a = state.animation;
  if (a) {
    const columns = a.columns();
    fromColumns(columns);
    position.pending = (state.givens ?? []).filter(([r]) => r >= columns.length);
    position.mark = mark;
    // The search's k-th solution is the k-th of all only when it keeps no queens of the
    // learner's; otherwise the ranker numbers it.
    // With one per class the class is numbered by the ranker too.
    const kept = (state.givens ?? []).length > 0 || $("unique").checked;
    boardChanged(mark?.kind === 3 && !kept ? { index: BigInt(a.solutions() - 1), unique: false } : null);
    if (mark?.kind === 3 && kept) rankBoard();
    if (position.note) status(position.note);
    position.note = null;
  }
  $("nodes").textContent = (a ? a.nodes() : 0).toLocaleString("en");
  $("rejections").textContent = (a ? a.rejections() : 0).toLocaleString("en");
  $("backtracks").textContent = (a ? a.backtracks() : 0).toLocaleString("en");
  $("found").textContent = (a ? a.solutions() : 0).toLocaleString("en");
  $("event").textContent = explain(a, position.n, mark, finished);
  $("event").dataset.steps = a ? a.steps() : 0;
  showTree();
  const line = mark ? CODE_LINE[mark.kind] : 1;
  [...$("code").children].forEach((li, i) => li.classList.toggle("now", !!a && !finished && i + 1 === line));
  showBits();
}

// The search tree down the path, in step with the board: the root (the empty board),
// then per row every column tried below the queen above, by its state in the engine's
// tree (0 untried, 1 rejected, 2 searched and taken back, 3 on the path).
function showTree() {
  const view = $("tree-view");
  view.hidden = !$("show-tree").checked;
  if (view.hidden) return;
  const svg = $("tree");
  const n = position.n;
  const a = state.animation;
  const tree = a ? a.tree() : new Uint8Array(n * n);
  const columns = a ? Array.from(a.columns()) : [];
  const levels = Math.min(n, columns.length + 1);
  const mark = position.mark;
  const [dx, dy] = [10, 14];
  const x = (c) => c * dx + dx / 2;
  const y = (level) => level * dy + dx / 2;
  const parts = [`<circle class="root" cx="${(n * dx) / 2}" cy="${y(0)}" r="3"/>`];
  for (let r = 0; r < levels; r++) {
    const parentX = r === 0 ? (n * dx) / 2 : x(columns[r - 1]);
    for (let c = 0; c < n; c++) {
      const s = tree[r * n + c];
      const now = mark && mark.kind !== 3 && mark.row === r && mark.col === c ? " now" : "";
      if (s !== 0) parts.push(`<line class="edge st-${s}" x1="${parentX}" y1="${y(r) + 3}" x2="${x(c)}" y2="${y(r + 1) - 3}"/>`);
      const cross = s === 1 ? `<path d="M${x(c) - 2.2} ${y(r + 1) - 2.2}l4.4 4.4m0 -4.4l-4.4 4.4"/>` : "";
      parts.push(`<g class="node st-${s}${now}" data-row="${r}" data-col="${c}" data-state="${s}"><circle cx="${x(c)}" cy="${y(r + 1)}" r="${s === 0 ? 1.4 : 3}"/>${cross}</g>`);
    }
  }
  svg.style.setProperty("--n", n);
  svg.setAttribute("viewBox", `0 0 ${n * dx} ${y(levels) + dx}`);
  svg.innerHTML = parts.join("");
  const path = columns.map((c, r) => squareName(r, c)).join(", ");
  svg.setAttribute("aria-label", `The search tree: ${path ? `the path ${path}` : "the empty board"}`);
}

function showBits() {
  const view = $("bits");
  view.hidden = !$("show-bits").checked;
  if (!view.hidden) view.textContent = bitsText(state.animation, position.n);
}

// Step: pauses the play and takes one step of the search.
function step() {
  stopAnimation();
  const a = animation();
  if (!a) return;
  const e = a.step();
  if (e.length === 0) finish();
  else showAnimation(eventOf(e));
}

// The search has tried every square: the board is as empty as the search left it, with
// no solution outlined, no code line lit and no solution number.
function finish() {
  stopAnimation();
  state.finished = true;
  showAnimation(null, true);
}

function stepBack() {
  stopAnimation();
  if (!state.animation) return;
  state.finished = false;
  showAnimation(eventOf(state.animation.back()));
}

// Starts the search again, keeping the queens it kept.
function restart() {
  resetAnimation(true);
  position.queens.clear();
  if (animation()) showAnimation(null);
}

// Runs to the next solution, a bounded number of steps per frame so the page answers.
function runToSolution() {
  stopAnimation();
  const a = animation();
  if (!a) return;
  state.playing = true;
  const frame = () => {
    if (!state.playing || state.animation !== a) return;
    const e = a.run_to_solution(50000);
    if (e.length === 0) {
      finish();
    } else if (e[0] === 3) {
      stopAnimation();
      showAnimation(eventOf(e));
    } else {
      showAnimation(eventOf(e));
      requestAnimationFrame(frame);
    }
  };
  requestAnimationFrame(frame);
}

function speed() {
  return SPEEDS[Number($("speed").value)];
}

function showSpeed() {
  $("speed-value").textContent = `${speed().toLocaleString("en")} steps/s`;
}

// Plays at the chosen speed from the moment Play is pressed: a frame takes the steps its
// time is owed, drawn once, and a solution pauses the play.
function play() {
  if (state.playing) {
    stopAnimation();
    return;
  }
  // Play after the search has finished watches it again.
  if (state.finished) restart();
  const a = animation();
  if (!a) return;
  state.playing = true;
  $("play").textContent = "Pause";
  $("play").setAttribute("aria-pressed", "true");
  let last = null;
  let owed = 1;
  const frame = (now) => {
    if (!state.playing || state.animation !== a) return;
    // A frame late by more than a tenth of a second (a hidden tab) owes no more.
    if (last !== null) owed += (Math.min(now - last, 100) * speed()) / 1000;
    last = now;
    let e = null;
    while (owed >= 1) {
      owed -= 1;
      const next = a.step();
      if (next.length === 0) {
        finish();
        return;
      }
      e = next;
      if (e[0] === 3) {
        stopAnimation();
        owed = 0;
        break;
      }
    }
    if (e) showAnimation(eventOf(e));
    if (state.playing) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

// ---- n, the address and the keys ----

// Changes the board size, keeping the queens that stand on the new board; returns how
// many came off.
function setN(n) {
  if (state.animation) giveBack();
  const before = position.queens.size;
  position.n = n;
  $("n").value = n;
  position.queens = new Set([...position.queens].filter((k) => k.split(",").every((v) => Number(v) < n)));
  position.focus = [0, 0];
  helper.cancel();
  resetAnimation();
  buildBoard();
  startCount();
  boardChanged();
  return before - position.queens.size;
}

function readN() {
  const input = $("n");
  const text = input.value.trim();
  const n = Number(text);
  if (input.validity.badInput || text === "" || !Number.isInteger(n) || n < 1 || n > maxN) {
    // A number field hands over nothing at all for text that is no number.
    const what = input.validity.badInput ? "what was typed is not a number" : text === "" ? "the field is empty" : `“${text}” is not`;
    status(`n must be a whole number from 1 to ${maxN}; ${what}. The board stays at n = ${position.n}.`, true);
    input.value = position.n;
    return;
  }
  if (n === position.n) return;
  // The queens that still stand on the board stay; those that do not are named.
  const dropped = setN(n);
  if (dropped > 0) {
    const said = $("status");
    status(`${said.textContent} ${plural(dropped, "queen")} stood off the ${n}×${n} board and came off.`, said.classList.contains("error"));
  }
}

// The address: #n=8&q=0.1_3.2 (row.column pairs, from 0). What it asks for that the page
// cannot show is named, never silently replaced.
function fromAddress(event) {
  // The address navigated to: a write of the old board's address that ran between the
  // navigation and this event has replaced it in `location`, and is undone here.
  const address = event?.newURL ? new URL(event.newURL).hash : location.hash;
  clearTimeout(addressTimer);
  addressTimer = null;
  if (location.hash !== address) history.replaceState(null, "", address);
  const params = new URLSearchParams(address.slice(1));
  const asked = Number(params.get("n") || 8);
  const n = Number.isInteger(asked) && asked >= 1 && asked <= maxN ? asked : 8;
  const pairs = (params.get("q") || "").split("_").filter(Boolean);
  const q = pairs
    .map((p) => p.split(".").map(Number))
    .filter((p) => p.length === 2 && p.every((v) => Number.isInteger(v) && v >= 0 && v < n));
  // The address's queens are the board: a running animation's queens do not come back.
  resetAnimation();
  setQueens(q);
  setN(n);
  const problems = [];
  if (n !== asked) problems.push(`asks for n = ${params.get("n")}, and the page shows n = 1 to ${maxN}`);
  const dropped = pairs.length - q.length;
  if (dropped > 0) problems.push(`names ${plural(dropped, "square")} not on the ${n}×${n} board, left out`);
  if (problems.length > 0) status(`The address ${problems.join("; it ")}.`, true);
  // Which address the board shows: the browser tests wait for it after a navigation.
  document.body.dataset.address = address;
}

async function share() {
  scheduleAddress();
  try {
    await navigator.clipboard.writeText(location.href);
    status("Link copied: it opens this position.");
  } catch {
    status(`Link: ${location.href}`);
  }
}

// Clear empties the board: an animation ends without giving back the queens it kept.
function clear() {
  resetAnimation();
  position.queens.clear();
  edited();
}

// One key per control; listed on the page.
const KEYS = {
  s: () => solve(),
  c: () => clear(),
  l: () => share(),
  n: () => browse(true),
  p: () => browse(false),
  u: () => $("unique").click(),
  k: () => play(),
  ".": () => step(),
  ",": () => stepBack(),
  f: () => runToSolution(),
  r: () => restart(),
  b: () => $("show-bits").click(),
  t: () => $("show-tree").click(),
  "+": () => nudgeSpeed(1),
  "=": () => nudgeSpeed(1),
  "-": () => nudgeSpeed(-1),
  g: () => $("n").focus(),
};

function nudgeSpeed(by) {
  const el = $("speed");
  el.value = Math.min(SPEEDS.length - 1, Math.max(0, Number(el.value) + by));
  showSpeed();
}

async function main() {
  await init();
  setQueenSvg(`<svg viewBox="0 0 100 100" width="80%" height="80%" aria-hidden="true"><path d="${queen_path()}"/></svg>`);
  maxN = max_n();
  $("n").max = maxN;
  $("n-max").textContent = maxN;
  $("speed").max = SPEEDS.length - 1;
  showSpeed();

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
      focusSquare(Math.min(position.n - 1, Math.max(0, r + dr)), Math.min(position.n - 1, Math.max(0, c + dc)));
      e.preventDefault();
    }
  });
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.target.closest("input, textarea, select")) return;
    const action = KEYS[e.key.toLowerCase()];
    if (!action) return;
    e.preventDefault();
    action();
  });
  $("n").addEventListener("change", readN);
  $("clear").addEventListener("click", clear);
  $("solve").addEventListener("click", solve);
  $("share").addEventListener("click", share);
  $("next").addEventListener("click", () => browse(true));
  $("prev").addEventListener("click", () => browse(false));
  $("unique").addEventListener("change", () => {
    showCount();
    state.solution = null;
    showWhere();
    rankBoard();
  });
  $("count-here").addEventListener("click", () => (state.countRunning ? stopCount() : startCount(true)));
  $("play").addEventListener("click", play);
  $("step").addEventListener("click", step);
  $("back").addEventListener("click", stepBack);
  $("to-solution").addEventListener("click", runToSolution);
  $("restart").addEventListener("click", restart);
  $("speed").addEventListener("input", showSpeed);
  $("show-bits").addEventListener("change", showBits);
  $("show-images").addEventListener("change", showImages);
  $("show-tree").addEventListener("change", showTree);
  $("save-svg").addEventListener("click", saveSvg);
  $("save-png").addEventListener("click", savePng);
  $("presenter").addEventListener("change", () => {
    document.documentElement.classList.toggle("presenter", $("presenter").checked);
    spaceLabels();
  });
  // Only an address typed or pasted fires this: the page's own updates replace it.
  window.addEventListener("hashchange", fromAddress);

  // The labels thin out when the board grows narrow (a phone turned, a window resized).
  new ResizeObserver(spaceLabels).observe($("files"));

  fromAddress();
  document.body.dataset.ready = "true";
}

main().catch((err) => status(`The engine did not load: ${err}`, true));
