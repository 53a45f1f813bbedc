import { readdirSync, readFileSync } from "node:fs";

const TICKS = 100; // USER_HZ on Linux

/** The workerd processes in the server's process group, each with its /proc stat fields (Linux). */
function workerdProcesses(server) {
  const found = [];
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[0] is the state (field 3): the process group is field 5.
    if (comm === "workerd" && Number(fields[2]) === server.child.pid) found.push({ pid, fields });
  }
  return found;
}

/** CPU seconds so far of every workerd process in the server's process group (utime + stime, fields 14 and 15). */
export function workerdCpu(server) {
  let ticks = 0;
  for (const { fields } of workerdProcesses(server)) ticks += Number(fields[11]) + Number(fields[12]);
  return ticks / TICKS;
}

/**
 * The same CPU time in nanoseconds, from each thread's scheduler statistics
 * (`/proc/<pid>/task/<tid>/schedstat`: time on a CPU), precise enough to time one request where
 * utime and stime count 10 ms ticks. Linux with schedstats; null where they are not kept.
 */
export function workerdCpuNs(server) {
  let ns = 0;
  for (const { pid } of workerdProcesses(server)) {
    let tids;
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const onCpu = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
        if (!Number.isFinite(onCpu)) return null;
        ns += onCpu;
      } catch {
        // a thread gone meanwhile
      }
    }
  }
  return ns;
}
