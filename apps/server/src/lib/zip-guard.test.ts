import zlib from "node:zlib";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { assertZipWithin, ZipRefused } from "./zip-guard";

/** A zip of deflated entries, written by hand; `declared` overrides the uncompressed size it claims. */
function zipOf(entries: { name: string; data: Buffer; declared?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const compressed = zlib.deflateRawSync(entry.data);
    const size = entry.declared ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return error instanceof ZipRefused ? error.reason : "other";
  }
  return "accepted";
};

describe("assertZipWithin", () => {
  it("accepts a real XLSX and a small zip", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("Permissions").addRow(["Manager email", "Sector", "Role"]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(refusal(() => assertZipWithin(xlsx, 1024 * 1024))).toBe("accepted");
    expect(refusal(() => assertZipWithin(zipOf([{ name: "a.xml", data: Buffer.alloc(1000, 65) }]), 1000))).toBe(
      "accepted",
    );
  });

  it("refuses a zip that inflates beyond the limit, even when it claims to be small", () => {
    const bomb = Buffer.alloc(20 * 1024 * 1024);
    expect(refusal(() => assertZipWithin(zipOf([{ name: "sheet.xml", data: bomb }]), 1024 * 1024))).toBe("too-large");
    const liar = zipOf([{ name: "sheet.xml", data: bomb, declared: 10 }]);
    expect(liar.length).toBeLessThan(64 * 1024);
    expect(refusal(() => assertZipWithin(liar, 1024 * 1024))).toBe("too-large");
    const many = zipOf([
      { name: "a.xml", data: Buffer.alloc(600) },
      { name: "b.xml", data: Buffer.alloc(600) },
    ]);
    expect(refusal(() => assertZipWithin(many, 1000))).toBe("too-large");
    expect(refusal(() => assertZipWithin(many, 1200))).toBe("accepted");
  });

  it("refuses what is not a readable zip", () => {
    expect(refusal(() => assertZipWithin(Buffer.from("PK\x03\x04 not a zip at all", "latin1"), 1000))).toBe(
      "unreadable",
    );
    const zip = zipOf([{ name: "a.xml", data: Buffer.alloc(100) }]);
    expect(refusal(() => assertZipWithin(zip.subarray(10), 1000))).toBe("unreadable");
  });
});
