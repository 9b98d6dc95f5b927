// Work sent to a Web Worker, and taken back: a page's heavy work runs off the thread
// that draws, and a newer request can end an older one however long it would run.

/** A request that a newer one made pointless; not an error. */
export class Cancelled extends Error {}

// One worker and its requests. `cancel` ends the worker: nothing it was doing can hold
// the page, and the next request starts a fresh one.
export class Lane {
  constructor() {
    this.worker = null;
    this.waiting = new Map();
    this.last = 0;
  }

  ask(message, progress = null) {
    if (!this.worker) this.start();
    const id = ++this.last;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, progress });
      this.worker.postMessage({ ...message, id });
    });
  }

  start() {
    this.worker = new Worker("worker.js", { type: "module" });
    this.worker.onmessage = ({ data }) => {
      const request = this.waiting.get(data.id);
      if (!request) return;
      if (data.progress !== undefined) {
        request.progress?.(data);
        return;
      }
      this.waiting.delete(data.id);
      if (data.error !== undefined) request.reject(new Error(data.error));
      else request.resolve(data);
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.fail(new Error(event.message || "the engine stopped"));
    };
  }

  get busy() {
    return this.waiting.size > 0;
  }

  cancel() {
    if (this.busy) this.fail(new Cancelled());
  }

  // Ends an idle worker, and what it holds; the next request starts a fresh one.
  close() {
    if (!this.busy) this.fail(new Cancelled());
  }

  fail(error) {
    this.worker?.terminate();
    this.worker = null;
    for (const request of this.waiting.values()) request.reject(error);
    this.waiting.clear();
  }
}
