// Times the web page's engine in Node's V8, the JavaScript engine of Chromium: the count
// of the plan's units on one worker (the page's constants COUNT_SECONDS come from here),
// the numbering of a solution, and completion at n = 32. Run after scripts/web/build.sh:
//   node scripts/web/bench.mjs [runs] [largest n counted, 18 by default]
// Each figure is the median of `runs` runs (3 by default).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const pkg = fileURLToPath(new URL("../../target/web/pkg/", import.meta.url));
const { default: init, Sum, Units, complete, neighbour, rank } = await import(`${pkg}queens_web.js`);
await init({ module_or_path: readFileSync(`${pkg}queens_web_bg.wasm`) });

const runs = Number(process.argv[2] ?? 3);
const countMax = Number(process.argv[3] ?? 18);

function median(work) {
  const times = [];
  let result;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    result = work();
    times.push((performance.now() - start) / 1000);
  }
  times.sort((a, b) => a - b);
  return [times[Math.floor(runs / 2)], result];
}

console.log(`node ${process.version}, median of ${runs}`);
console.log("| work | result | seconds |");
console.log("|---|---|---|");
for (let n = 12; n <= countMax; n++) {
  // The board's tables are set up by the first count of n and kept: the first run is
  // timed apart, and the median is of the runs after it.
  const count = () => {
    const units = new Units(n);
    const sum = new Sum(units);
    sum.add(0, units.length(), units.count(0, units.length()));
    const total = `${sum.total()} (${sum.unique()} up to symmetry)`;
    sum.free();
    units.free();
    return total;
  };
  const start = performance.now();
  count();
  const first = (performance.now() - start) / 1000;
  const [seconds, total] = median(count);
  console.log(`| count n = ${n}, one worker (first run ${first.toFixed(3)} s) | ${total} | ${seconds.toFixed(3)} |`);
}
for (const n of [12, 13, 14, 15]) {
  // The last solution in lexicographic order costs the most to number.
  const last = neighbour(n, false, Int32Array.from({ length: n }, () => n), false);
  const [seconds, place] = median(() => rank(last));
  console.log(`| number the last solution of n = ${n} | ${place} | ${seconds.toFixed(3)} |`);
}
for (const givens of [[], [0, 5, 1, 9, 2, 0], [0, 5, 1, 9, 2, 0, 31, 31]]) {
  const [seconds] = median(() => complete(32, Uint32Array.from(givens)));
  console.log(`| complete n = 32 with ${givens.length / 2} givens | a solution | ${seconds.toFixed(3)} |`);
}
