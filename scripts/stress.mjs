// A bounded CPU load, like `stress --cpu N`, to reproduce races that only show on a busy machine
// (CI shares two cores with other work). Each worker thread spins until the time is up.
//   node scripts/stress.mjs [seconds=600] [threads=all cores]
// It stops by itself; Ctrl-C (or SIGTERM to its pid) stops it early.
import { availableParallelism } from "node:os";
import { Worker, isMainThread, workerData } from "node:worker_threads";

if (isMainThread) {
  const seconds = Number(process.argv[2] ?? 600);
  const threads = Number(process.argv[3] ?? availableParallelism());
  if (!(seconds > 0 && seconds <= 3600) || !(Number.isInteger(threads) && threads > 0 && threads <= 64)) {
    console.error("usage: node scripts/stress.mjs [seconds 1–3600] [threads 1–64]");
    process.exit(2);
  }
  const until = Date.now() + seconds * 1000;
  console.log(`stress: ${threads} busy thread(s) for ${seconds} s (pid ${process.pid})`);
  for (let i = 0; i < threads; i++) new Worker(new URL(import.meta.url), { workerData: { until } });
} else {
  // Spin in slices so the clock is checked often and the thread exits on time.
  let x = 0;
  while (Date.now() < workerData.until) {
    for (let i = 0; i < 1e6; i++) x = (x * 31 + i) | 0;
  }
  if (x === 42) console.log(""); // keeps the loop from being optimised away
}
