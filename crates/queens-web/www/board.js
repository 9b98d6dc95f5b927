// The board: the position, its squares on the page, and drawing one onto the other.
import { squares } from "./pkg/queens_web.js";
import { LINES, squareName } from "./words.js";

const $ = (id) => document.getElementById(id);

/** The position shown: n, the queens as "row,column" keys, the animation's mark
 * ({ kind, row, col, by, byCol, line }, or null), the square with the keyboard focus, and
 * the learner's queens the animation keeps but has not reached yet ([row, column] pairs). */
export const position = { n: 8, queens: new Set(), mark: null, focus: [0, 0], pending: [] };

// The queen's drawing, from the engine.
let queenSvg = "";

export function setQueenSvg(svg) {
  queenSvg = svg;
}

export function flat() {
  return Uint32Array.from(pairs().flat());
}

export function pairs() {
  return [...position.queens].map((k) => k.split(",").map(Number));
}

export function setQueens(list) {
  position.queens = new Set(list.map(([r, c]) => `${r},${c}`));
}

export function fromColumns(columns) {
  setQueens(Array.from(columns, (c, r) => [r, c]));
}

/** The board as the order of solutions sees it: per row, the column of its queen (the
 * leftmost, if several), or -1 for a row without one. */
export function boardKey() {
  const key = new Array(position.n).fill(-1);
  // The learner's kept queens the animation has not reached are on the board too.
  for (const [r, c] of [...pairs(), ...position.pending]) if (key[r] === -1 || c < key[r]) key[r] = c;
  return key;
}

/** The board's queens as a column array when it holds n queens one per row, else null. */
export function columnsOfBoard() {
  if (position.queens.size !== position.n) return null;
  const columns = new Array(position.n).fill(-1);
  for (const [r, c] of pairs()) columns[r] = c;
  return columns.includes(-1) ? null : columns;
}

// The board: one button per square, rebuilt when n changes, with rank and file labels.
export function buildBoard() {
  const n = position.n;
  const board = $("board");
  board.replaceChildren();
  board.style.setProperty("--n", n);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const square = document.createElement("button");
      square.type = "button";
      square.className = `square ${(r + c) % 2 ? "dark" : "light"}`;
      square.dataset.row = r;
      square.dataset.col = c;
      square.tabIndex = r === position.focus[0] && c === position.focus[1] ? 0 : -1;
      square.setAttribute("role", "gridcell");
      board.append(square);
    }
  }
  const labels = (id) => {
    const el = $(id);
    el.replaceChildren(
      ...Array.from({ length: n }, (_, i) => {
        const label = document.createElement("span");
        label.textContent = i + 1;
        return label;
      }),
    );
  };
  labels("files");
  labels("ranks");
  spaceLabels();
  $("frame").style.setProperty("--n", n);
  $("lines").setAttribute("viewBox", `0 0 ${n} ${n}`);
  drawn = [];
}

// The width a label needs per character, in ems, and the numbers' largest width.
const LABEL_EM = 0.62;

/** Labels every other row and column where a square is too narrow for its number (n = 32
 * on a phone), so that numbers never run into each other. Called when the board is built
 * and when its size changes. */
export function spaceLabels() {
  const files = $("files");
  const width = files.getBoundingClientRect().width / position.n;
  const font = parseFloat(getComputedStyle(files).fontSize);
  const needed = String(position.n).length * LABEL_EM * font + 2;
  const sparse = width > 0 && width < needed;
  files.classList.toggle("sparse", sparse);
  $("ranks").classList.toggle("sparse", sparse);
}

export function square(r, c) {
  return $("board").children[r * position.n + c];
}

// What each square showed last, so that a redraw touches only squares that change.
let drawn = [];

// Redraws queens, attacked squares, conflicts and the animation's mark.
export function draw() {
  const n = position.n;
  const shown = squares(n, flat());
  const mark = position.mark;
  // The row the animation is filling; none once it has found a solution.
  const currentRow = mark && mark.kind !== 3 ? mark.row : -1;
  const classes = new Map();
  for (const [r, c] of position.pending) classes.set(`${r},${c}`, "pending");
  if (mark) {
    classes.set(`${mark.row},${mark.col}`, ["placed", "rejected", "removed", "placed"][mark.kind]);
    if (mark.kind === 1) classes.set(`${mark.by},${mark.byCol}`, "attacker");
  }
  let conflicts = 0;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const kind = shown[i];
      const extra = classes.get(`${r},${c}`) || "";
      const current = r === currentRow ? "current" : "";
      const key = `${kind}|${extra}|${current}`;
      if (kind === 3) conflicts++;
      if (drawn[i] === key) continue;
      drawn[i] = key;
      const el = square(r, c);
      el.classList.toggle("attacked", kind === 1);
      el.classList.toggle("conflict", kind === 3);
      for (const name of ["placed", "rejected", "removed", "attacker", "pending"]) {
        el.classList.toggle(name, extra === name);
      }
      el.classList.toggle("current", current !== "");
      const queen = kind >= 2 || extra === "removed" || extra === "pending";
      el.innerHTML = queen ? queenSvg : "";
      let label = squareName(r, c);
      if (kind >= 2) label += kind === 3 ? ", queen in conflict" : ", queen";
      else if (kind === 1) label += ", attacked";
      if (extra === "rejected") {
        label += `, rejected: attacked by the queen in ${squareName(mark.by, mark.byCol)} along ${LINES[mark.line]}`;
        el.dataset.attacker = squareName(mark.by, mark.byCol);
      } else {
        delete el.dataset.attacker;
      }
      if (extra === "removed") label += ", queen taken back";
      if (extra === "pending") label += ", your queen, kept: the search has not reached its row";
      el.setAttribute("aria-label", label);
    }
  }
  drawAttackLine(mark);
  [...$("ranks").children].forEach((el, r) => el.classList.toggle("current", r === currentRow));
  $("frame").classList.toggle("solved", !!mark && mark.kind === 3);
  const board = $("board");
  board.dataset.queens = position.queens.size;
  board.dataset.position = positionText();
  return conflicts;
}

// The line from the attacking queen to the square it rejects, over the board.
function drawAttackLine(mark) {
  const svg = $("lines");
  if (!mark || mark.kind !== 1) {
    svg.replaceChildren();
    return;
  }
  const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
  line.id = "attack-line";
  line.setAttribute("x1", mark.byCol + 0.5);
  line.setAttribute("y1", mark.by + 0.5);
  line.setAttribute("x2", mark.col + 0.5);
  line.setAttribute("y2", mark.row + 0.5);
  line.dataset.from = `${mark.by},${mark.byCol}`;
  line.dataset.to = `${mark.row},${mark.col}`;
  svg.replaceChildren(line);
}

// The position in the address's form: row.column pairs joined by "_", the learner's
// kept queens that the animation has not reached included.
export function positionText() {
  return [...pairs(), ...position.pending]
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([r, c]) => `${r}.${c}`)
    .join("_");
}

export function focusSquare(r, c) {
  const old = square(...position.focus);
  if (old) old.tabIndex = -1;
  position.focus = [r, c];
  const el = square(r, c);
  el.tabIndex = 0;
  el.focus();
}
