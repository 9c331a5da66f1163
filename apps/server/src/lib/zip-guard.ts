import zlib from "node:zlib";

export class ZipRefused extends Error {
  constructor(
    readonly reason: "unreadable" | "too-large",
    message: string,
  ) {
    super(message);
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * Checks that a zip (an XLSX) holds at most `maxBytes` once inflated, by inflating each entry under that
 * bound — not by trusting the sizes it declares. Spreadsheet readers inflate everything into memory; a
 * few megabytes of zip can claim gigabytes. Zip64 and encryption are refused: an export never needs them.
 */
export function assertZipWithin(data: Buffer, maxBytes: number, maxEntries = 500): void {
  const eocd = findEndOfCentralDirectory(data);
  const entries = data.readUInt16LE(eocd + 10);
  let at = data.readUInt32LE(eocd + 16);
  if (entries > maxEntries) throw new ZipRefused("too-large", "too many entries");
  let budget = maxBytes;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) throw new ZipRefused("unreadable", "bad entry");
    const flags = data.readUInt16LE(at + 8);
    const method = data.readUInt16LE(at + 10);
    const compressedSize = data.readUInt32LE(at + 20);
    const local = data.readUInt32LE(at + 42);
    if (flags & 1 || compressedSize === 0xffffffff || local === 0xffffffff) {
      throw new ZipRefused("unreadable", "encrypted or zip64 entry");
    }
    if (local + 30 > data.length || data.readUInt32LE(local) !== LOCAL)
      throw new ZipRefused("unreadable", "bad header");
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    const compressed = data.subarray(start, start + compressedSize);
    if (compressed.length !== compressedSize) throw new ZipRefused("unreadable", "truncated entry");
    const size = inflatedSize(method, compressed, budget);
    if (size > budget) throw new ZipRefused("too-large", "too large once inflated");
    budget -= size;
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
}

function inflatedSize(method: number, compressed: Buffer, budget: number): number {
  if (method === 0) {
    if (compressed.length > budget) throw new ZipRefused("too-large", "too large once inflated");
    return compressed.length;
  }
  if (method !== 8) throw new ZipRefused("unreadable", "unknown compression");
  try {
    return zlib.inflateRawSync(compressed, { maxOutputLength: Math.max(budget, 1) }).length;
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
      throw new ZipRefused("too-large", "too large once inflated");
    }
    throw new ZipRefused("unreadable", "bad deflate data");
  }
}

function findEndOfCentralDirectory(data: Buffer): number {
  // The record is 22 bytes, followed by a comment of at most 65535.
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 65_535); at--) {
    if (data.readUInt32LE(at) === EOCD) return at;
  }
  throw new ZipRefused("unreadable", "not a zip");
}
