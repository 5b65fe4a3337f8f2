/**
 * sharp (and libvips behind it) loaded on the first image to process rather than when the server
 * starts: few requests need it, and it held ~25 MB of the idle server's memory (ADR 054).
 */
export async function loadSharp() {
  return (await import("sharp")).default;
}
