// Loaded into the server by scripts/bench/live-streams.mjs (node --expose-gc --import): on
// SIGUSR2 it collects garbage and writes the process's memory to MEMORY_PROBE_FILE, so the bench
// can read the heap of a server it only started. Never loaded outside the bench.
import { writeFileSync } from 'node:fs';

process.on('SIGUSR2', () => {
  if (typeof globalThis.gc === 'function') {
    globalThis.gc();
    globalThis.gc();
  }
  writeFileSync(process.env.MEMORY_PROBE_FILE, JSON.stringify(process.memoryUsage()));
});
