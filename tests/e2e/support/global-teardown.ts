/** Stops the run's server (SIGTERM, then waits for it to exit) and removes its temporary DATA_DIR and the database template. */
import fs from "node:fs";
import { removeDataDirTemplate } from "./server";

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export default async function globalTeardown() {
  const pid = Number(process.env.E2E_SERVER_PID);
  if (pid && alive(pid)) {
    process.kill(pid, "SIGTERM");
    const deadline = Date.now() + 15_000;
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if (alive(pid)) process.kill(pid, "SIGKILL");
  }
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir && dataDir.includes("seo-e2e-")) fs.rmSync(dataDir, { recursive: true, force: true });
  removeDataDirTemplate();
}
