import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { DEFERRED_MODULE_TYPE } from "~/lib/paint-first";

/**
 * Paint first, hydrate next (ADR 040). React Router's boot script is a `<script type="module"
 * async>` whose imports evaluate the whole app, and React hoists a `<link rel="modulepreload">` per
 * module into the head: the app's JavaScript downloads and runs while the page is not yet painted,
 * and the first paint waits for it on a slow phone.
 *
 * This transform takes the module preloads out of the page, renames the boot script's type so
 * that the browser keeps it inert, and follows it with `__lavageBoot([...preloads])` (defined by
 * the head's boot script, app/lib/paint-first.ts), which, once the first contentful paint has
 * happened, adds the preloads back (no request waterfall) and starts the boot script.
 */
const MODULE_ATTRIBUTES = ' type="module" async=""';
const PRELOAD_START = '<link rel="modulepreload"';
const PRELOAD_TAG = /^<link rel="modulepreload" href="([^"]+)"[^>]*>/;
const SCRIPT_END = "</script>";

export function paintFirstTransform(nonce: string | undefined): Transform {
  const decoder = new StringDecoder("utf8");
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  const preloads: string[] = [];
  let state: "looking" | "inScript" | "done" = "looking";
  let pending = "";

  /** Emits what can no longer be part of a match; keeps a tail that could start one. */
  function process(text: string, final: boolean): string {
    pending += text;
    let out = "";
    while (state !== "done") {
      if (state === "looking") {
        const boot = pending.indexOf(MODULE_ATTRIBUTES);
        const preload = pending.indexOf(PRELOAD_START);
        if (preload !== -1 && (boot === -1 || preload < boot)) {
          const tag = PRELOAD_TAG.exec(pending.slice(preload));
          if (tag) {
            preloads.push(tag[1] ?? "");
            out += pending.slice(0, preload);
            pending = pending.slice(preload + tag[0].length);
            continue;
          }
          if (pending.indexOf(">", preload) === -1 && !final) {
            // The tag goes on in the next chunk.
            out += pending.slice(0, preload);
            pending = pending.slice(preload);
            return out;
          }
          // Not a tag of React's shape: leave it as it is.
          out += pending.slice(0, preload + PRELOAD_START.length);
          pending = pending.slice(preload + PRELOAD_START.length);
          continue;
        }
        if (boot !== -1) {
          out += pending.slice(0, boot) + ` type="${DEFERRED_MODULE_TYPE}"`;
          pending = pending.slice(boot + MODULE_ATTRIBUTES.length);
          state = "inScript";
          continue;
        }
        return out + hold(Math.max(MODULE_ATTRIBUTES.length, PRELOAD_START.length) - 1, final);
      }
      const end = pending.indexOf(SCRIPT_END);
      if (end === -1) return out + hold(SCRIPT_END.length - 1, final);
      const list = JSON.stringify(preloads).replace(/</g, "\\u003c");
      out += pending.slice(0, end + SCRIPT_END.length);
      out += `<script${nonceAttribute}>__lavageBoot(${list})</script>`;
      pending = pending.slice(end + SCRIPT_END.length);
      state = "done";
    }
    out += pending;
    pending = "";
    return out;
  }

  /** Emits all of `pending` but its last `keep` characters (all of it at the end). */
  function hold(keep: number, final: boolean): string {
    const kept = final ? 0 : Math.min(pending.length, keep);
    const out = pending.slice(0, pending.length - kept);
    pending = pending.slice(pending.length - kept);
    return out;
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      const out = process(decoder.write(chunk), false);
      callback(null, out.length > 0 ? out : undefined);
    },
    flush(callback: TransformCallback) {
      const out = process(decoder.end(), true);
      callback(null, out.length > 0 ? out : undefined);
    },
  });
}
