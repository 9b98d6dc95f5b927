// The page's worker: counting, solving and browsing solutions run here, so the thread
// that draws never waits on them; a count runs on several, each given ranges of units.
// The page stops work by ending the worker and starting a fresh one, which stops even a
// search that would never end.
import init, { Units, class_rank, complete, neighbour, rank } from "./pkg/queens_web.js";

const ready = init();

// The plan of the count under way: the next range of the same n reuses it, and the
// engine keeps the board's tables with it.
let plan = null;

function countUnits(id, { n, first, end }) {
  if (plan?.n !== n) {
    plan?.units.free();
    plan = { n, units: new Units(n) };
  }
  postMessage({ id, share: plan.units.count(first, end) });
}

onmessage = async ({ data }) => {
  await ready;
  const { id, op } = data;
  try {
    if (op === "units") {
      countUnits(id, data);
    } else if (op === "solve") {
      const started = performance.now();
      const found = complete(data.n, Uint32Array.from(data.queens));
      const columns = found === undefined ? null : Array.from(found);
      postMessage({ id, columns, seconds: (performance.now() - started) / 1000 });
    } else if (op === "browse") {
      // The solution after (or before) the board itself, whatever it is.
      const columns = neighbour(data.n, data.unique, Int32Array.from(data.key), data.forward);
      postMessage({ id, columns: Array.from(columns) });
    } else if (op === "rank") {
      const columns = Uint32Array.from(data.columns);
      postMessage({ id, rank: data.unique ? class_rank(columns) : rank(columns) });
    } else {
      throw new Error(`unknown request ${op}`);
    }
  } catch (err) {
    postMessage({ id, error: String(err.message || err) });
  }
};
