// A Vite plugin for the server build: its chunks' sources stay one byte a character in V8.
import { parseAst, type Plugin } from "vite";

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

/**
 * Where an escape means the same as the character it replaces: string literals, regular
 * expressions and the text of untagged template literals. A tagged template's text is left as
 * it is: its tag can read the raw text (`String.raw`), where `\u2026` is not `…`.
 */
function literalRanges(code: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const visit = (node: Node, parent: Node | null): void => {
    if (node.type === "Literal" && (typeof node.value === "string" || node.regex)) {
      ranges.push([node.start, node.end]);
      return;
    }
    if (node.type === "TemplateElement") {
      if (parent?.type !== "TaggedTemplateExpression") ranges.push([node.start, node.end]);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "quasi" && node.type === "TaggedTemplateExpression" && isNode(value)) {
        // Its text is left as it is (the tag's own text); its expressions are visited.
        for (const expression of value.expressions as Node[]) visit(expression, value);
        for (const quasi of value.quasis as Node[]) visit(quasi, node);
      } else if (Array.isArray(value)) {
        for (const child of value) if (isNode(child)) visit(child, node);
      } else if (isNode(value)) visit(value, node);
    }
  };
  visit(parseAst(code) as unknown as Node, null);
  return ranges.sort((a, b) => a[0] - b[0]);
}

/**
 * `code` with every UTF-16 unit above U+00FF written as a `\uXXXX` escape where that means the
 * same (literals, regular expressions, untagged templates) or means nothing (comments); null
 * when `code` has none. V8 keeps a module's source in memory for as long as the module lives, as
 * one byte a character when every character is in Latin-1 (U+0000-U+00FF), else as two: one `…`
 * or `–` in a French text doubled the whole chunk's source (the server's route bundle: 1.2 MB
 * more). What runs is the same; a regular expression's `source` text shows the escape.
 */
export function escapeAboveLatin1(code: string): string | null {
  if (!/[\u0100-\uffff]/.test(code)) return null;
  const ranges = literalRanges(code);
  const parts: string[] = [];
  let copied = 0;
  const escape = (from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const unit = code.charCodeAt(i);
      if (unit <= 0xff) continue;
      // `\…` (an identity escape) is `…`: the backslash goes with the character.
      let backslashes = 0;
      for (let j = i - 1; j >= from && code[j] === "\\"; j--) backslashes++;
      parts.push(
        code.slice(copied, backslashes % 2 === 1 ? i - 1 : i),
        `\\u${unit.toString(16).padStart(4, "0")}`,
      );
      copied = i + 1;
    }
  };
  let next = 0;
  for (let i = 0; i < code.length;) {
    while (next < ranges.length && ranges[next]![1] <= i) next++;
    const range = ranges[next];
    if (range && range[0] <= i) {
      escape(i, range[1]);
      i = range[1];
    } else if (code.startsWith("//", i)) {
      const end = code.indexOf("\n", i);
      const stop = end === -1 ? code.length : end;
      escape(i, stop);
      i = stop;
    } else if (code.startsWith("/*", i)) {
      const end = code.indexOf("*/", i + 2);
      const stop = end === -1 ? code.length : end + 2;
      escape(i, stop);
      i = stop;
    } else {
      i++;
    }
  }
  parts.push(code.slice(copied));
  return parts.join("");
}

/**
 * The plugin: each chunk of the server build, escaped once written (after the transform that
 * prints the chunks last, which would write the characters back; ADR 054, eleventh pass).
 */
export function oneByteServerSources(): Plugin {
  return {
    name: "one-byte-server-sources",
    apply: "build",
    generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== "server") return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        const escaped = escapeAboveLatin1(chunk.code);
        if (escaped === null) continue;
        const left = escaped.match(/[\u0100-\uffff]/g)?.length ?? 0;
        if (left > 0) this.warn(`${chunk.fileName}: ${left} characters above U+00FF left (tagged templates)`);
        chunk.code = escaped;
      }
    },
  };
}
