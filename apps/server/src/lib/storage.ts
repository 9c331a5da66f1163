import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * Where uploaded files live. Keys are random and carry no name or extension, so a stored file can be
 * neither guessed nor executed; the database keeps what a file is (type, size, owner). An S3-compatible
 * store can implement the same interface.
 */
export interface TStorage {
  /** Stores the bytes durably and returns their new key. */
  put(data: Buffer): Promise<string>;
  read(key: string): Promise<Buffer>;
  /** A stream of the file's bytes; fails (before any byte) when the file is missing. */
  open(key: string): Promise<Readable>;
  /** Removes a file; a key that is already gone is not an error. */
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[0-9a-f]{32}$/;
/** One entry per backup running (src/ops/backup.ts); while any is there, removed files are only moved aside. */
export const BACKUP_HOLDS_DIR = ".backup-holds";
export const HELD_FILES_DIR = ".held";

/** Files under DATA_DIR/files, outside anything the web server serves, readable by the server's user only. */
export class LocalDiskStorage implements TStorage {
  constructor(private readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  #pathOf(key: string): string {
    // Keys come from our own database, but a path is never built from anything unchecked.
    if (!KEY_PATTERN.test(key)) throw new Error("invalid storage key");
    return path.join(this.dir, key);
  }

  async put(data: Buffer): Promise<string> {
    const key = randomBytes(16).toString("hex");
    const target = this.#pathOf(key);
    const temporary = `${target}.partial`;
    // Written, flushed and renamed: a crash never leaves a half file under a key the database knows.
    const handle = await fs.promises.open(temporary, "wx", 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temporary, target);
    const dir = await fs.promises.open(this.dir, "r");
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
    return key;
  }

  read(key: string): Promise<Buffer> {
    return fs.promises.readFile(this.#pathOf(key));
  }

  async open(key: string): Promise<Readable> {
    const handle = await fs.promises.open(this.#pathOf(key), "r");
    return handle.createReadStream();
  }

  async remove(key: string): Promise<void> {
    const file = this.#pathOf(key);
    // A backup in progress may still need a file its snapshot refers to: set it aside, the backup deletes it.
    const holds = await fs.promises.readdir(path.join(this.dir, BACKUP_HOLDS_DIR)).catch(() => []);
    if (holds.length > 0) {
      await fs.promises.mkdir(path.join(this.dir, HELD_FILES_DIR), { recursive: true, mode: 0o700 });
      await fs.promises.rename(file, path.join(this.dir, HELD_FILES_DIR, key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      });
      return;
    }
    await fs.promises.rm(file, { force: true });
  }
}
