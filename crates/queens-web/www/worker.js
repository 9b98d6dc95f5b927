// The page's worker: counting, solving and browsing solutions run here, so the thread
// that draws never waits on them. The page stops work by ending the worker and starting
// a fresh one, which stops even a search that would never end.
import init, { Count, class_rank, complete, neighbour, rank } from "./pkg/queens_web.js";

const ready = init();

// A count reports after each slice of this many milliseconds.
const SLICE_MS = 50;
// Queens placed between two looks at the clock: well under a millisecond.
const NODES_PER_LOOK = 20000;

function count(id, n) {
  const count = new Count(n);
  const started = performance.now();
  const slice = () => {
    const end = performance.now() + SLICE_MS;
    let done = false;
    while (!done && performance.now() < end) done = count.step(NODES_PER_LOOK);
    if (!done) {
      postMessage({ id, progress: count.progress(), total: count.total() });
      setTimeout(slice, 0);
      return;
    }
    postMessage({
      id,
      total: count.total(),
      unique: count.unique(),
      seconds: (performance.now() - started) / 1000,
    });
    count.free();
  };
  slice();
}

onmessage = async ({ data }) => {
  await ready;
  const { id, op } = data;
  try {
    if (op === "count") {
      count(id, data.n);
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
