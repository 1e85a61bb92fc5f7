// Highlighting for rules files, read from the TextMate grammar the editor
// integrations use (editors/vscode/syntaxes/sowspec.tmLanguage.json): its
// `match` patterns are tried in order at each point of a line, as a
// TextMate engine does, and its one `begin`/`end` rule (strings) is a
// state. The grammar's scope names map to CodeMirror's highlighting tags.
import { StreamLanguage, HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { tags as t } from "@lezer/highlight";
import grammar from "../../editors/vscode/syntaxes/sowspec.tmLanguage.json";

// A scope name's tag: the longest matching prefix wins.
const TAGS = [
  ["comment", t.lineComment], ["string", t.string], ["constant.character.escape", t.escape],
  ["keyword.control.section", t.heading], ["keyword.other.statement", t.keyword],
  ["keyword.control.condition", t.controlKeyword], ["keyword.operator", t.operator],
  ["support.function", t.function(t.variableName)], ["variable.language", t.special(t.variableName)],
  ["constant.language", t.atom], ["constant.numeric", t.number], ["punctuation", t.punctuation],
];
const tokenOf = (scope) => {
  let best = null;
  for (const [prefix] of TAGS) if (scope.startsWith(prefix) && (!best || prefix.length > best.length)) best = prefix;
  return best ? best.replace(/\./g, "-") : null;
};

// The grammar's rules in order, each { re (sticky), token } or a string rule { begin, end, inner }.
function flatten(patterns) {
  const out = [];
  for (const p of patterns) {
    if (p.include) out.push(...flatten([grammar.repository[p.include.slice(1)]]));
    else if (p.begin) out.push({ begin: new RegExp(p.begin, "y"), end: new RegExp(p.end, "y"), token: tokenOf(p.name),
                                  inner: flatten(p.patterns || []) });
    else if (p.match) out.push({ re: new RegExp(p.match, "y"), token: tokenOf(p.name) });
    else if (p.patterns) out.push(...flatten(p.patterns.map((q) => ({ name: p.name, ...q }))));
  }
  return out;
}
const RULES = flatten(grammar.patterns);

// Tries `re` at the stream's position on the whole line (so that `^` and
// look-aheads see what they would in a TextMate engine).
function at(stream, re) {
  re.lastIndex = stream.pos;
  const m = re.exec(stream.string);
  if (!m || m[0].length === 0) return false;
  stream.pos += m[0].length;
  return true;
}

const parser = {
  name: "sowspec",
  startState: () => ({ inside: null }),
  token(stream, state) {
    if (state.inside) {
      const rule = state.inside;
      for (const r of rule.inner) if (at(stream, r.re)) return r.token;
      if (at(stream, rule.end)) { state.inside = null; return rule.token; }
      stream.next();
      if (stream.eol()) state.inside = null; // `end` is `"|$`: a string ends with its line
      return rule.token;
    }
    for (const r of RULES) {
      if (r.begin) { if (at(stream, r.begin)) { state.inside = stream.eol() ? null : r; return r.token; } }
      else if (at(stream, r.re)) return r.token;
    }
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: "#" } },
  tokenTable: Object.fromEntries(TAGS.map(([p, tag]) => [p.replace(/\./g, "-"), tag])),
};

/** The rules language for CodeMirror, with its colours. */
export const sowspec = [
  StreamLanguage.define(parser),
  syntaxHighlighting(HighlightStyle.define([
    { tag: t.lineComment, color: "#7a7a6a", fontStyle: "italic" },
    { tag: t.string, color: "#2d7d2d" },
    { tag: t.heading, color: "#8a2be2", fontWeight: "bold" },
    { tag: [t.keyword, t.controlKeyword], color: "#1f5fbf", fontWeight: "bold" },
    { tag: t.operator, color: "#a0522d" },
    { tag: t.function(t.variableName), color: "#b35c00" },
    { tag: t.special(t.variableName), color: "#0b7285" },
    { tag: t.atom, color: "#8b3a62" },
    { tag: t.number, color: "#c2185b" },
  ])),
];
