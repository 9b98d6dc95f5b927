// Times the web page's engine in Node's V8, the JavaScript engine of Chromium: the count
// in slices, the numbering of a solution, and completion at n = 32. Run after
// scripts/web/build.sh:  node scripts/web/bench.mjs [runs]
// Each figure is the median of `runs` runs (3 by default).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const pkg = fileURLToPath(new URL("../../target/web/pkg/", import.meta.url));
const { default: init, Browser, Count, complete, rank } = await import(`${pkg}queens_web.js`);
await init({ module_or_path: readFileSync(`${pkg}queens_web_bg.wasm`) });

const runs = Number(process.argv[2] ?? 3);

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
for (const n of [12, 13, 14, 15, 16]) {
  const [seconds, total] = median(() => {
    const count = new Count(n);
    while (!count.step(20000)) {}
    const total = `${count.total()} (${count.unique()} up to symmetry)`;
    count.free();
    return total;
  });
  console.log(`| count n = ${n} in slices | ${total} | ${seconds.toFixed(3)} |`);
}
for (const n of [12, 13, 14, 15]) {
  // The last solution in lexicographic order costs the most to number.
  const browser = new Browser(n, false);
  const last = Uint32Array.from(browser.next(), (c) => n - 1 - c);
  browser.free();
  const [seconds, place] = median(() => rank(last));
  console.log(`| number the last solution of n = ${n} | ${place} | ${seconds.toFixed(3)} |`);
}
for (const givens of [[], [0, 5, 1, 9, 2, 0], [0, 5, 1, 9, 2, 0, 31, 31]]) {
  const [seconds] = median(() => complete(32, Uint32Array.from(givens)));
  console.log(`| complete n = 32 with ${givens.length / 2} givens | a solution | ${seconds.toFixed(3)} |`);
}
