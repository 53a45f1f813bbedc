import { readdirSync, readFileSync } from "node:fs";

const TICKS = 100; // USER_HZ on Linux

/** CPU seconds so far of every workerd process in the server's process group (Linux: /proc). */
export function workerdCpu(server) {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[0] is the state (field 3): the process group is field 5, utime and stime 14 and 15.
    if (comm === "workerd" && Number(fields[2]) === server.child.pid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS;
}
