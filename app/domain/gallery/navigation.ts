/** Index arithmetic of the gallery viewer: indexes are 0-based and wrap around at both ends. */

/** The index after `index`: the last image leads back to the first. */
export function nextIndex(index: number, count: number): number {
  return wrapIndex(index + 1, count);
}

/** The index before `index`: the first image leads to the last. */
export function previousIndex(index: number, count: number): number {
  return wrapIndex(index - 1, count);
}

/** Brings any integer back into 0..count-1 (count must be at least 1). */
export function wrapIndex(index: number, count: number): number {
  if (!Number.isInteger(count) || count < 1)
    throw new RangeError(`count must be a positive integer: ${count}`);
  return ((index % count) + count) % count;
}
