import { Transform, type TransformCallback } from "node:stream";
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

/** `<link rel="modulepreload" href="`: the part of React's preload tag before its URL. */
const PRELOAD_HREF = `${PRELOAD_START} href="`;

/**
 * Works on the page's bytes (ADR 054; scripts/bench-measurements.md, seventh pass): the markers are ASCII, so the page is cut
 * and passed on in slices of React's own buffers, never decoded to a string and encoded again
 * (~300 KB of garbage a page view); only each preload tag is read as text.
 */
export function paintFirstTransform(nonce: string | undefined): Transform {
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  const preloads: string[] = [];
  let state: "looking" | "inScript" | "done" = "looking";
  let pending: Buffer = Buffer.alloc(0);

  /** The preload tag at `at` when it is whole and of React's shape, as text; else null. */
  function preloadTag(at: number): RegExpExecArray | null {
    const quote = pending.indexOf('"', at + PRELOAD_HREF.length);
    if (quote === -1 || !pending.subarray(at, at + PRELOAD_HREF.length).equals(Buffer.from(PRELOAD_HREF))) {
      return null;
    }
    const end = pending.indexOf(">", quote + 1);
    return end === -1 ? null : PRELOAD_TAG.exec(pending.toString("utf8", at, end + 1));
  }

  /** Emits what can no longer be part of a match; keeps a tail that could start one. */
  function process(chunk: Buffer, final: boolean): (Buffer | string)[] {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    const out: (Buffer | string)[] = [];
    while (state !== "done") {
      if (state === "looking") {
        const boot = pending.indexOf(MODULE_ATTRIBUTES);
        const preload = pending.indexOf(PRELOAD_START);
        if (preload !== -1 && (boot === -1 || preload < boot)) {
          const tag = preloadTag(preload);
          if (tag) {
            preloads.push(tag[1] ?? "");
            out.push(pending.subarray(0, preload));
            pending = pending.subarray(preload + Buffer.byteLength(tag[0]));
            continue;
          }
          if (pending.indexOf(">", preload) === -1 && !final) {
            // The tag goes on in the next chunk.
            out.push(pending.subarray(0, preload));
            pending = pending.subarray(preload);
            return out;
          }
          // Not a tag of React's shape: leave it as it is.
          out.push(pending.subarray(0, preload + PRELOAD_START.length));
          pending = pending.subarray(preload + PRELOAD_START.length);
          continue;
        }
        if (boot !== -1) {
          out.push(pending.subarray(0, boot), ` type="${DEFERRED_MODULE_TYPE}"`);
          pending = pending.subarray(boot + MODULE_ATTRIBUTES.length);
          state = "inScript";
          continue;
        }
        out.push(hold(Math.max(MODULE_ATTRIBUTES.length, PRELOAD_START.length) - 1, final));
        return out;
      }
      const end = pending.indexOf(SCRIPT_END);
      if (end === -1) {
        out.push(hold(SCRIPT_END.length - 1, final));
        return out;
      }
      const list = JSON.stringify(preloads).replace(/</g, "\\u003c");
      out.push(pending.subarray(0, end + SCRIPT_END.length));
      out.push(`<script${nonceAttribute}>__lavageBoot(${list})</script>`);
      pending = pending.subarray(end + SCRIPT_END.length);
      state = "done";
    }
    out.push(pending);
    pending = Buffer.alloc(0);
    return out;
  }

  /** Emits all of `pending` but its last `keep` bytes (all of it at the end). */
  function hold(keep: number, final: boolean): Buffer {
    const kept = final ? 0 : Math.min(pending.length, keep);
    const out = pending.subarray(0, pending.length - kept);
    pending = pending.subarray(pending.length - kept);
    return out;
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      for (const part of process(chunk, false)) if (part.length > 0) this.push(part);
      callback();
    },
    flush(callback: TransformCallback) {
      for (const part of process(Buffer.alloc(0), true)) if (part.length > 0) this.push(part);
      callback();
    },
  });
}
