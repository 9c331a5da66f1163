import zlib from "node:zlib";
import ExcelJS from "exceljs";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type TZipEntrySpec, zipOf } from "../../test/helpers/zip-builder";
import { guardZip, type TZipLimits, ZipRefused } from "./zip-guard";

const MB = 1024 * 1024;

/** Bytes inflated by the guard, counted at zlib: a refusal must come before the work, not after it. */
let inflated = 0;
const createInflateRaw = zlib.createInflateRaw;
vi.spyOn(zlib, "createInflateRaw").mockImplementation((options) => {
  const stream = createInflateRaw(options);
  stream.on("data", (chunk: Buffer) => {
    inflated += chunk.length;
  });
  return stream;
});
beforeEach(() => {
  inflated = 0;
});
afterAll(() => {
  vi.restoreAllMocks();
});

const refusal = async (data: Buffer, limits: Partial<TZipLimits> = {}) => {
  try {
    await guardZip(data, { maxBytes: MB, maxEntries: 500, ...limits });
  } catch (error) {
    return error instanceof ZipRefused ? error.reason : "other";
  }
  return "accepted";
};

const zeros = (name: string, size: number, more: Partial<TZipEntrySpec> = {}) => ({
  name,
  data: Buffer.alloc(size),
  ...more,
});

describe("guardZip", () => {
  it("accepts a real XLSX, and exceljs reads its copy the same", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("Permissions").addRow(["Manager email", "Sector", "Role"]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const copy = await guardZip(xlsx, { maxBytes: MB, maxEntries: 500 });
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(copy as unknown as ExcelJS.Buffer);
    expect(read.worksheets[0]!.getRow(1).values).toEqual([undefined, "Manager email", "Sector", "Role"]);
    expect(await refusal(zipOf([{ name: "a.xml", data: Buffer.alloc(1000, 65) }]), { maxBytes: 1000 })).toBe(
      "accepted",
    );
  });

  it("hands on entries written with data descriptors as the same zip written plainly", async () => {
    const entries = [zeros("a.xml", 5000), { name: "b.bin", data: Buffer.from("stored"), stored: true }];
    const described = zipOf(entries.map((entry) => ({ ...entry, descriptor: {} })));
    expect(await guardZip(described, { maxBytes: MB, maxEntries: 500 })).toEqual(zipOf(entries));
  });

  it("refuses a zip that inflates beyond the limit, even when it claims to be small, inflating no more", async () => {
    expect(await refusal(zipOf([zeros("sheet.xml", 20 * MB)]))).toBe("too-large");
    expect(inflated).toBe(0);
    const liar = zipOf([zeros("sheet.xml", 20 * MB, { declared: 10 })]);
    expect(liar.length).toBeLessThan(64 * 1024);
    expect(await refusal(liar)).toBe("too-large");
    expect(inflated).toBeGreaterThan(MB);
    expect(inflated).toBeLessThan(MB + 64 * 1024);
    const two = zipOf([zeros("a.xml", 600), zeros("b.xml", 600)]);
    expect(await refusal(two, { maxBytes: 1000 })).toBe("too-large");
    expect(await refusal(two, { maxBytes: 1200 })).toBe("accepted");
  });

  it("counts the central records that are there, not the count the end record claims", async () => {
    // The attack: the end record says one entry; twelve follow it, each inflating to 1 MB.
    const twelve = Array.from({ length: 12 }, (_, i) => zeros(`xl/media/image${i}.bin`, MB));
    const bomb = zipOf(twelve, { claimedCount: 1 });
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(await refusal(bomb, { maxBytes: 10 * MB })).toBe("too-large");
    expect(await refusal(bomb, { maxBytes: 50 * MB, maxEntries: 10 })).toBe("too-large");
    // The same, declaring small sizes: the counts disagree, and the archive is refused before any inflating.
    const liars = twelve.map((entry) => ({ ...entry, declared: 10 }));
    expect(await refusal(zipOf(liars, { claimedCount: 1 }), { maxBytes: 10 * MB })).toBe("unreadable");
    expect(inflated).toBe(0);
  });

  it("refuses entries that overlap, or that the central directory does not list", async () => {
    // Many names for the same 1 MB of data: each would be inflated again by a reader.
    const shared = Array.from({ length: 30 }, (_, i) => ({ of: 0, name: `copy${i}.xml` }));
    expect(await refusal(zipOf([zeros("a.xml", MB)], { sharedRecords: shared }), { maxBytes: 50 * MB })).toBe(
      "unreadable",
    );
    expect(inflated).toBe(0);
    const hidden = zipOf([zeros("a.xml", 100), zeros("hidden.xml", 100, { unlisted: true }), zeros("b.xml", 100)]);
    expect(await refusal(hidden)).toBe("unreadable");
    expect(await refusal(zipOf([zeros("a.xml", 100)], { prefix: Buffer.alloc(64) }))).toBe("unreadable");
    expect(await refusal(zipOf([zeros("a.xml", 100), zeros("a.xml", 100)]))).toBe("unreadable");
  });

  it("refuses sizes and data descriptors that lie, even within the limit", async () => {
    expect(await refusal(zipOf([zeros("a.xml", 5000, { declared: 1000 })]))).toBe("unreadable");
    expect(await refusal(zipOf([zeros("a.xml", 5000, { declared: 9000 })]))).toBe("unreadable");
    expect(await refusal(zipOf([zeros("a.xml", 5000, { descriptor: { uncompressed: 10 } })]))).toBe("unreadable");
    const stored = { name: "a.bin", data: Buffer.alloc(100), stored: true };
    expect(await refusal(zipOf([{ ...stored, declared: 10 }]))).toBe("unreadable");
  });

  it("refuses what is not a readable zip: garbage, truncated, zip64, encrypted", async () => {
    expect(await refusal(Buffer.from("PK\x03\x04 not a zip at all", "latin1"))).toBe("unreadable");
    const zip = zipOf([zeros("a.xml", 100)]);
    expect(await refusal(zip.subarray(10))).toBe("unreadable");
    expect(await refusal(zipOf([zeros("a.xml", 100)], { zip64: true }))).toBe("unreadable");
    expect(await refusal(zipOf([zeros("a.xml", 100, { flags: 1 })]))).toBe("unreadable");
    const badDeflate = zipOf([{ name: "a.xml", data: Buffer.alloc(100, 0xff), stored: true }]);
    badDeflate.writeUInt16LE(8, 8); // local header: deflated
    badDeflate.writeUInt16LE(8, 30 + 5 + 100 + 10); // central record: deflated
    expect(await refusal(badDeflate)).toBe("unreadable");
  });
});
