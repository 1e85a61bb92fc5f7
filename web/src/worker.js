// The page's worker: runs sowspec's WebAssembly functions so that the
// page never waits on them. A message is { id, fn, args }; the answer
// { id, result } or { id, error }, with { id, progress: [done, of] } on
// the way for the long ones. The page cancels by ending the worker.
import init, * as wasm from "./sowspec_web.js";

const ready = init({ module_or_path: new URL("sowspec_web_bg.wasm", import.meta.url) });

// Games of `stats` played between two progress messages.
const CHUNK = 100;

const jobs = {
  api: ([method, path, body]) => JSON.parse(wasm.api(method, path, body)),
  diagnostics: ([text]) => JSON.parse(wasm.diagnostics(text)),
  hover: ([text, line, ch]) => JSON.parse(wasm.hover(text, line, ch)),
  completion: ([text, line, ch]) => JSON.parse(wasm.completion(text, line, ch)),
  format: ([text]) => JSON.parse(wasm.format(text)),
  // Every fixture of a game, one verdict each.
  fixtures: ([rulesName, rulesText, list], progress) => list.map((f, i) => {
    progress(i, list.length);
    return JSON.parse(wasm.fixture(rulesName, rulesText, f.name, f.text));
  }),
  stats: ([text, name, player, depth, games, seed], progress) => {
    const survey = new wasm.Survey(text, name, player, depth, BigInt(games), BigInt(seed));
    try {
      let done = 0;
      while (done < games) { done = Number(survey.play(BigInt(CHUNK))); progress(done, games); }
      return JSON.parse(survey.finish());
    } finally { survey.free(); }
  },
  // Random playouts, timed here: moves per second in the page.
  bench: ([text, games, seed]) => {
    const t = performance.now();
    const r = JSON.parse(wasm.playouts(text, BigInt(games), BigInt(seed)));
    return { ...r, seconds: (performance.now() - t) / 1000 };
  },
};

self.onmessage = async ({ data: { id, fn, args } }) => {
  try {
    await ready;
    const progress = (done, of) => self.postMessage({ id, progress: [done, of] });
    self.postMessage({ id, result: jobs[fn](args, progress) });
  } catch (e) {
    self.postMessage({ id, error: String(e && e.message ? e.message : e) });
  }
};
