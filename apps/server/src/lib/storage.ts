import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

/** What `putStream` stored: its key, its size and its digest. */
export interface TStoredBytes {
  key: string;
  byteSize: number;
  sha256: string;
}

/**
 * Where uploaded files live. Keys are random and carry no name or extension, so a stored file can be
 * neither guessed nor executed; the database keeps what a file is (type, size, owner). An S3-compatible
 * store can implement the same interface.
 */
export interface TStorage {
  /** Stores the bytes durably and returns their new key. */
  put(data: Buffer): Promise<string>;
  /**
   * Stores a stream's bytes as they arrive, never holding them whole (an upload of many megabytes costs a few
   * kilobytes of memory), durably once it ends; a stream that fails leaves nothing behind.
   */
  putStream(source: Readable): Promise<TStoredBytes>;
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
    await this.#commit(temporary, target);
    return key;
  }

  async putStream(source: Readable): Promise<TStoredBytes> {
    const key = randomBytes(16).toString("hex");
    const target = this.#pathOf(key);
    const temporary = `${target}.partial`;
    const hash = createHash("sha256");
    let byteSize = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        byteSize += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, measure, fs.createWriteStream(temporary, { flags: "wx", mode: 0o600 }));
      // Flushed through a descriptor of its own: fsync covers the file's data whoever wrote it.
      const handle = await fs.promises.open(temporary, "r+");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
    await this.#commit(temporary, target);
    return { key, byteSize, sha256: hash.digest("hex") };
  }

  /** Renames a flushed temporary file to its key, and flushes the directory: the file then survives a crash. */
  async #commit(temporary: string, target: string): Promise<void> {
    await fs.promises.rename(temporary, target);
    const dir = await fs.promises.open(this.dir, "r");
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
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
