import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

/** Directories this process holds. A lock file naming our own pid but not in here is stale: a container's
 * pid 1 from an earlier life, say. */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * One server per data directory: a lock file holding the owner's pid, created atomically.
 * A lock left by a process that no longer runs (killed, crashed) is taken over.
 * Returns the function that releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "server.lock");
  if (heldHere.has(file)) {
    throw new DataDirLockedError(
      `Another OpenPermit server in this process is already using the data directory ${dataDir}.`,
    );
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx", mode: 0o600 });
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `Another OpenPermit server (pid ${owner}) is already using the data directory ${dataDir}. ` +
            "Stop it first, or give this one another DATA_DIR.",
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}
