// How the page words numbers, squares and times: counted from 1, as the board's labels.

/** A count in decimal (a string or a BigInt, since counts pass 2^53), with separators. */
export const number = (value) => BigInt(value).toLocaleString("en");

/** "1 queen", "3 queens". */
export const plural = (k, one, many = `${one}s`) => `${k.toLocaleString("en")} ${k === 1 ? one : many}`;

/** A square as the labels name it: "row 3, column 5" for (2, 4). */
export const squareName = (r, c) => `row ${r + 1}, column ${c + 1}`;

/** The line along which a queen attacks, by the engine's number for it. */
export const LINES = ["its column", "its diagonal", "its diagonal"];

/** A time in milliseconds below a second, else in seconds. */
export function duration(seconds) {
  return seconds < 1 ? `${Math.max(1, Math.round(seconds * 1000))} ms` : `${seconds.toFixed(1)} s`;
}
