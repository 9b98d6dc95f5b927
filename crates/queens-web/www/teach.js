// What the animation says beside the board: the explanation of each step, the line of
// pseudo-code it runs, and the bitboard view.
import { LINES, plural, squareName } from "./words.js";

/** The line of the pseudo-code each kind of event runs (place, reject, take back, solution). */
export const CODE_LINE = [5, 4, 7, 2];

/** The explanation of the animation `a` of n queens at its event `mark`. */
export function explain(a, n, mark, finished) {
  const kept = a && Array.from({ length: n }, (_, r) => a.is_given(r)).some(Boolean);
  if (finished) {
    if (kept && a.solutions() === 0) {
      return "Search finished: every square was tried, and no solution keeps your queens. Play or Restart watches it again.";
    }
    return `Search finished: every square was tried, ${plural(a.solutions(), "solution")} found${kept ? " with your queens" : ""}. Play or Restart watches it again.`;
  }
  if (!a || !mark) return "Press Play or Step to watch the search fill the board row by row.";
  const here = squareName(mark.row, mark.col);
  if (a.is_given(mark.row) && mark.kind !== 3) {
    // A row of the learner's: the search tries their square only.
    switch (mark.kind) {
      case 0:
        return `Keep your queen on ${here}: no queen above attacks it.${mark.row + 1 === n ? "" : ` Go on to row ${mark.row + 2}.`}`;
      case 1:
        return `Your queen on ${here} is attacked by the queen on ${squareName(mark.by, mark.byCol)} along ${LINES[mark.line]}, and the search may not move it: go back up.`;
      default:
        return `Everything below your queen on ${here} has been tried: lift it for now, and the row above tries further right.`;
    }
  }
  switch (mark.kind) {
    case 0:
      return mark.row + 1 === n
        ? `Place a queen on ${here}: no queen above attacks it, and it is the last row.`
        : `Place a queen on ${here}: no queen above attacks it. Go on to row ${mark.row + 2}.`;
    case 1:
      return `Reject ${here}: the queen on ${squareName(mark.by, mark.byCol)} attacks it along ${LINES[mark.line]}.`;
    case 2:
      return mark.row + 1 === n
        ? `Take back the queen on ${here} to look for the next solution.`
        : `Row ${mark.row + 2} has no safe square left: take back the queen on ${here} and try further right.`;
    default:
      return `Solution ${a.solutions().toLocaleString("en")}: ${n === 1 ? "the one queen stands, and no other can attack it" : `all ${n} queens stand and none attacks another`}. Play goes on from here.`;
  }
}

/** The bitboard view: the three masks the fast counter keeps for the row the search fills
 * next (squares attacked down a column, a falling and a rising diagonal), and the free
 * squares, one character per column from the left. */
export function bitsText(a, n) {
  const row = a ? a.columns().length : 0;
  if (row >= n) return "All rows are filled.";
  const masks = a ? Array.from(a.masks()) : [0, 0, 0, (2 ** n - 1) >>> 0];
  const bits = (m) => Array.from({ length: n }, (_, c) => ((m >>> c) & 1 ? "1" : "·")).join("");
  const names = ["columns ", "falling ", "rising  ", "free    "];
  const words = [
    "",
    "In words: bit c stands for column c of the row about to be filled.",
    "columns: the columns a queen above already holds.",
    "falling: the squares a queen above reaches down its diagonal to the right; each row",
    "  down it moves one column right, so the next row's mask is (falling | queen) << 1.",
    "rising: the same down the diagonal to the left: (rising | queen) >> 1.",
    "free = ~(columns | falling | rising): the squares no queen above attacks. The search",
    "  tries only these, lowest bit first: queen = free & -free, then free ^= queen.",
  ];
  return `row ${row + 1}, column 1 on the left:\n${masks.map((m, i) => names[i] + bits(m)).join("\n")}\n${words.join("\n")}`;
}
