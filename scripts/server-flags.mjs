// The Node and V8 flags of the production server, on its command line and nowhere in the
// application's code (ADR 069). package.json's `serve` and `start` scripts spell them out; the
// HTTP tests, the benchmarks and the browser tests start the server with this same list, and a
// unit test checks that package.json says the same.
//
// --heap-growing-percent=25  the old generation grows by a quarter over what the last full
//                            collection kept, not V8's own factor (up to 4x): about 150 MB less
//                            at a booking burst's peak, for more frequent collections (ADR 065).
// --max-semi-space-size=8    Node 24's V8 sizes the young generation from the machine's memory
//                            (up to 64 MB a semi-space here): idle resident memory was 367 MB
//                            against 210 MB on Node 20; 8 MB brings it back (ADR 069).
// --wasm-num-compilation-tasks=1  PGlite's WebAssembly is compiled on one background thread, not
//                            one per core (ADR 054).
// --liftoff-only             PGlite's WebAssembly stays on V8's baseline compiler (Liftoff): the
//                            optimizing compiler's pass over PostgreSQL's largest function took
//                            600 MB for two seconds after start, and again later under load; the
//                            server peaked at 730 MB at start and 336 MB under hostile traffic,
//                            against 245 and 272 MB with this flag, bookings no slower (ADR 081).
export const SERVER_NODE_FLAGS = [
  "--heap-growing-percent=25",
  "--max-semi-space-size=8",
  "--wasm-num-compilation-tasks=1",
  "--liftoff-only",
];
