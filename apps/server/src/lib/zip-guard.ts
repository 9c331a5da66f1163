import zlib from "node:zlib";

export class ZipRefused extends Error {
  constructor(
    readonly reason: "unreadable" | "too-large",
    message: string,
  ) {
    super(message);
  }
}

export interface TZipLimits {
  /** The most bytes all the entries may hold together once inflated. */
  maxBytes: number;
  /** The most entries the archive may hold. */
  maxEntries: number;
}

const END = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const ENCRYPTED = 0x0001 | 0x0040;
const HAS_DESCRIPTOR = 0x0008;
const UTF8_NAME = 0x0800;

const unreadable = (message: string) => new ZipRefused("unreadable", message);
const tooLarge = (message: string) => new ZipRefused("too-large", message);

/** One entry as its central record lists it, with where its data lies (found from its local header). */
interface TEntry {
  name: Buffer;
  madeBy: number;
  flags: number;
  method: number;
  time: number;
  date: number;
  crc: number;
  compressedSize: number;
  size: number;
  internalAttributes: number;
  externalAttributes: number;
  localOffset: number;
  dataStart: number;
}

/**
 * The archive a zip reader may read, checked and copied: every entry any reader could find, counted and inflated
 * under `limits` whatever the archive says of itself (docs/decisions.md, "Archives: the guard reads all, the
 * parser reads its copy"). Readers differ in what they trust — the end record's count, the central records
 * found one after the other, the local headers — so an archive on which they could disagree is refused: counts
 * that differ, entries that overlap or leave unlisted bytes between them, headers, data descriptors or sizes that
 * do not match the data, zip64, encryption. Entries are inflated as a stream, each chunk counted and dropped.
 * The copy holds the same compressed data with plain headers (no extra fields, comments or descriptors), so the
 * reader is handed exactly what was checked. Too large: "too-large"; anything else wrong: "unreadable".
 */
export async function guardZip(data: Buffer, limits: TZipLimits): Promise<Buffer> {
  const end = readEndRecord(data);
  const entries = readCentralDirectory(data, end, limits);
  locateData(data, entries, end.directoryOffset);
  let budget = limits.maxBytes;
  for (const entry of entries) budget -= await inflatedSize(data, entry, budget);
  return plainCopy(data, entries);
}

interface TEndRecord {
  at: number;
  count: number;
  directoryOffset: number;
}

function readEndRecord(data: Buffer): TEndRecord {
  const at = findEndRecord(data);
  const count = data.readUInt16LE(at + 10);
  const directorySize = data.readUInt32LE(at + 12);
  const directoryOffset = data.readUInt32LE(at + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    throw unreadable("zip64 archive");
  }
  // One disk, and nothing before the directory's end but the directory, nothing after the comment.
  const oneDisk = data.readUInt16LE(at + 4) === 0 && data.readUInt16LE(at + 6) === 0;
  if (!oneDisk || data.readUInt16LE(at + 8) !== count) throw unreadable("split archive");
  if (directoryOffset + directorySize !== at || at + 22 + data.readUInt16LE(at + 20) !== data.length) {
    throw unreadable("the end record does not match the archive");
  }
  return { at, count, directoryOffset };
}

function findEndRecord(data: Buffer): number {
  // The record is 22 bytes, followed by a comment of at most 65535.
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 65_535); at--) {
    if (data.readUInt32LE(at) === END) return at;
  }
  throw unreadable("not a zip");
}

/**
 * Every central record, found one after the other by its signature as readers walk them (not as many as the end
 * record says): the bounds apply to what is there, and the count must then agree with the end record's.
 */
function readCentralDirectory(data: Buffer, end: TEndRecord, limits: TZipLimits): TEntry[] {
  const entries: TEntry[] = [];
  let declared = 0;
  let at = end.directoryOffset;
  while (at + 4 <= end.at && data.readUInt32LE(at) === CENTRAL) {
    if (entries.length === limits.maxEntries) throw tooLarge("too many entries");
    if (at + 46 > end.at) throw unreadable("truncated central record");
    const nameLength = data.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    if (next > end.at) throw unreadable("truncated central record");
    const entry: TEntry = {
      name: data.subarray(at + 46, at + 46 + nameLength),
      madeBy: data.readUInt16LE(at + 4),
      flags: data.readUInt16LE(at + 8),
      method: data.readUInt16LE(at + 10),
      time: data.readUInt16LE(at + 12),
      date: data.readUInt16LE(at + 14),
      crc: data.readUInt32LE(at + 16),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      internalAttributes: data.readUInt16LE(at + 36),
      externalAttributes: data.readUInt32LE(at + 38),
      localOffset: data.readUInt32LE(at + 42),
      dataStart: 0,
    };
    checkRecord(entry, data.readUInt16LE(at + 34));
    // What the archive declares is refused before anything is inflated; what it hides is caught while inflating.
    declared += entry.size;
    if (declared > limits.maxBytes) throw tooLarge("too large once inflated");
    entries.push(entry);
    at = next;
  }
  if (at !== end.at) throw unreadable("unexpected bytes in the central directory");
  if (entries.length !== end.count) throw unreadable("the end record's entry count is wrong");
  const names = new Set(entries.map((entry) => entry.name.toString("latin1")));
  if (names.size !== entries.length) throw unreadable("two entries of the same name");
  return entries;
}

function checkRecord(entry: TEntry, disk: number): void {
  if (entry.flags & ENCRYPTED) throw unreadable("encrypted entry");
  const sizes = [entry.compressedSize, entry.size, entry.localOffset];
  if (sizes.includes(0xffffffff) || disk !== 0) throw unreadable("zip64 or split entry");
  if (entry.method !== 0 && entry.method !== 8) throw unreadable("unknown compression");
  if (entry.method === 0 && entry.compressedSize !== entry.size) throw unreadable("stored entry's sizes differ");
}

/**
 * Finds each entry's data from its local header. Taken in the order of their offsets, the entries must tile the
 * archive from its first byte to the central directory: a gap could hold an entry no record lists (some readers
 * walk local headers), an overlap lets many records inflate the same data.
 */
function locateData(data: Buffer, entries: TEntry[], directoryOffset: number): void {
  let expected = 0;
  for (const entry of [...entries].sort((a, b) => a.localOffset - b.localOffset)) {
    const at = entry.localOffset;
    if (at !== expected) throw unreadable("entries overlap or leave unlisted bytes");
    if (at + 30 > directoryOffset || data.readUInt32LE(at) !== LOCAL) throw unreadable("bad local header");
    const flags = data.readUInt16LE(at + 6);
    const nameLength = data.readUInt16LE(at + 26);
    entry.dataStart = at + 30 + nameLength + data.readUInt16LE(at + 28);
    const dataEnd = entry.dataStart + entry.compressedSize;
    if (dataEnd > directoryOffset) throw unreadable("truncated entry");
    const sameHeader =
      (flags & (ENCRYPTED | HAS_DESCRIPTOR)) === (entry.flags & (ENCRYPTED | HAS_DESCRIPTOR)) &&
      data.readUInt16LE(at + 8) === entry.method &&
      data.subarray(at + 30, at + 30 + nameLength).equals(entry.name);
    if (!sameHeader) throw unreadable("local header differs from its central record");
    expected = entry.flags & HAS_DESCRIPTOR ? afterDescriptor(data, entry, dataEnd) : dataEnd;
    if (!(entry.flags & HAS_DESCRIPTOR) && !sameSizes(data, at + 14, entry)) {
      throw unreadable("local header's sizes differ from its central record");
    }
  }
  if (expected !== directoryOffset) throw unreadable("unlisted bytes before the central directory");
}

/** Where a data descriptor ends; it must repeat the central record's CRC and sizes. */
function afterDescriptor(data: Buffer, entry: TEntry, at: number): number {
  const signed = at + 4 <= data.length && data.readUInt32LE(at) === DESCRIPTOR;
  const fields = signed ? at + 4 : at;
  if (fields + 12 > data.length || !sameSizes(data, fields, entry)) throw unreadable("data descriptor lies");
  return fields + 12;
}

/** CRC, compressed and uncompressed sizes at `at` (as a local header and a data descriptor write them). */
const sameSizes = (data: Buffer, at: number, entry: TEntry) =>
  data.readUInt32LE(at) === entry.crc &&
  data.readUInt32LE(at + 4) === entry.compressedSize &&
  data.readUInt32LE(at + 8) === entry.size;

/**
 * The entry's real size once inflated, read as a stream whose chunks are counted and dropped: past `budget` it
 * stops and refuses. It must be the size the entry declares, and the deflate data must end where the entry does.
 */
async function inflatedSize(data: Buffer, entry: TEntry, budget: number): Promise<number> {
  const compressed = data.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  // No data is an empty entry whatever its method (some writers mark empty folders as deflated).
  const size = entry.method === 0 || !compressed.length ? compressed.length : await inflatedLength(compressed, budget);
  if (size > budget) throw tooLarge("too large once inflated");
  if (size !== entry.size) throw unreadable("an entry's declared size is wrong");
  return size;
}

function inflatedLength(compressed: Buffer, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = zlib.createInflateRaw();
    let size = 0;
    inflate.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) {
        inflate.destroy();
        reject(tooLarge("too large once inflated"));
      }
    });
    inflate.on("error", () => reject(unreadable("bad deflate data")));
    inflate.on("end", () =>
      inflate.bytesWritten === compressed.length ? resolve(size) : reject(unreadable("bytes after deflate data")),
    );
    inflate.end(compressed);
  });
}

/** The checked entries again, in their central order, with their sizes in plain local headers. */
function plainCopy(data: Buffer, entries: TEntry[]): Buffer {
  const parts: Buffer[] = [];
  const records: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    writeCommonFields(local, 6, entry);
    const compressed = data.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    parts.push(local, entry.name, compressed);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(CENTRAL, 0);
    record.writeUInt16LE(entry.madeBy, 4);
    record.writeUInt16LE(20, 6);
    writeCommonFields(record, 8, entry);
    record.writeUInt16LE(entry.internalAttributes, 36);
    record.writeUInt32LE(entry.externalAttributes, 38);
    record.writeUInt32LE(offset, 42);
    records.push(record, entry.name);
    offset += 30 + entry.name.length + compressed.length;
  }
  const directory = Buffer.concat(records);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

/** Flags to name length: the same fields, in the same order, in a local header and a central record. */
function writeCommonFields(header: Buffer, at: number, entry: TEntry): void {
  header.writeUInt16LE(entry.flags & UTF8_NAME, at);
  header.writeUInt16LE(entry.method, at + 2);
  header.writeUInt16LE(entry.time, at + 4);
  header.writeUInt16LE(entry.date, at + 6);
  header.writeUInt32LE(entry.crc, at + 8);
  header.writeUInt32LE(entry.compressedSize, at + 12);
  header.writeUInt32LE(entry.size, at + 16);
  header.writeUInt16LE(entry.name.length, at + 20);
}
