// A worker the page calls like a function: `call(fn, args, onProgress)`
// returns a promise; `cancel()` ends the worker (whatever it was doing)
// and starts a fresh one, rejecting what was pending.
export class Worker1 {
  constructor(url) { this.url = url; this.next = 0; this.pending = new Map(); this.start(); }

  start() {
    this.worker = new Worker(this.url, { type: "module" });
    this.worker.onmessage = ({ data }) => {
      const p = this.pending.get(data.id);
      if (!p) return;
      if (data.progress) { p.progress?.(...data.progress); return; }
      this.pending.delete(data.id);
      if ("error" in data) p.reject(new Error(data.error)); else p.resolve(data.result);
    };
  }

  call(fn, args, progress) {
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, progress });
      this.worker.postMessage({ id, fn, args });
    });
  }

  busy() { return this.pending.size > 0; }

  cancel() {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Error("cancelled"));
    this.pending.clear();
    this.start();
  }
}
