// The game as a link: the rules, the moves and the settings, deflated and
// written in the URL's fragment (which no request carries), and read back.
const UNB64 = (s) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

async function through(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}

/** `state` (any JSON) as a fragment, `#g=…`. */
export async function encode(state) {
  const packed = await through(new TextEncoder().encode(JSON.stringify(state)), new CompressionStream("deflate-raw"));
  let text = "";
  for (let i = 0; i < packed.length; i += 0x8000) text += String.fromCharCode(...packed.subarray(i, i + 0x8000));
  return "#g=" + btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The state of a fragment made by `encode`, or null. */
export async function decode(hash) {
  const m = /^#g=([A-Za-z0-9_-]+)$/.exec(hash);
  if (!m) return null;
  try {
    const bytes = await through(UNB64(m[1]), new DecompressionStream("deflate-raw"));
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch { return null; }
}
