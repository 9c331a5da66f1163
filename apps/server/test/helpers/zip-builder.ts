import zlib from "node:zlib";

/**
 * Zips written by hand, byte by byte, so that a test can make one lie the way a hostile upload does: a count in
 * the end record smaller than the records that follow, central records sharing one entry's data, entries the
 * central directory does not list, sizes and data descriptors that do not match the data.
 */
export interface TZipEntrySpec {
  name: string;
  data: Buffer;
  /** Stored as is (method 0) instead of deflated (method 8). */
  stored?: boolean;
  /** The uncompressed size the headers claim (default: the real one). */
  declared?: number;
  /** Sizes go in a data descriptor after the data (flag bit 3); `uncompressed` makes the descriptor lie. */
  descriptor?: { uncompressed?: number };
  /** Its local header and data are written, but no central record lists it. */
  unlisted?: boolean;
  /** Extra flag bits (1: encrypted). */
  flags?: number;
}

export interface TZipOptions {
  /** The entry count the end record claims (default: the central records written). */
  claimedCount?: number;
  /** Central records that point at the local header of the entry with this index, as extra names for its data. */
  sharedRecords?: { of: number; name: string }[];
  /** Bytes written before the first entry (offsets are not shifted). */
  prefix?: Buffer;
  /** Sets the end record's sizes to 0xFFFFFFFF, as a zip64 archive does. */
  zip64?: boolean;
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const DESCRIPTOR = 0x08074b50;
const END = 0x06054b50;

interface TWritten {
  name: Buffer;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  offset: number;
}

function centralRecord(entry: TWritten): Buffer {
  const record = Buffer.alloc(46);
  record.writeUInt32LE(CENTRAL, 0);
  record.writeUInt16LE(20, 4);
  record.writeUInt16LE(20, 6);
  record.writeUInt16LE(entry.flags, 8);
  record.writeUInt16LE(entry.method, 10);
  record.writeUInt32LE(entry.compressedSize, 20);
  record.writeUInt32LE(entry.size, 24);
  record.writeUInt16LE(entry.name.length, 28);
  record.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([record, entry.name]);
}

export function zipOf(entries: TZipEntrySpec[], options: TZipOptions = {}): Buffer {
  const parts: Buffer[] = options.prefix ? [options.prefix] : [];
  const written: (TWritten & { unlisted: boolean })[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const method = entry.stored ? 0 : 8;
    const flags = (entry.flags ?? 0) | (entry.descriptor ? 8 : 0);
    const compressed = entry.stored ? entry.data : zlib.deflateRawSync(entry.data);
    const size = entry.declared ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    if (!entry.descriptor) {
      local.writeUInt32LE(compressed.length, 18);
      local.writeUInt32LE(size, 22);
    }
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, compressed);
    written.push({ name, method, flags, compressedSize: compressed.length, size, offset, unlisted: !!entry.unlisted });
    offset += 30 + name.length + compressed.length;
    if (entry.descriptor) {
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(DESCRIPTOR, 0);
      descriptor.writeUInt32LE(compressed.length, 8);
      descriptor.writeUInt32LE(entry.descriptor.uncompressed ?? size, 12);
      parts.push(descriptor);
      offset += 16;
    }
  }
  const records = written.filter((entry) => !entry.unlisted).map(centralRecord);
  for (const shared of options.sharedRecords ?? []) {
    records.push(centralRecord({ ...written[shared.of]!, name: Buffer.from(shared.name) }));
  }
  const directory = Buffer.concat(records);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(options.claimedCount ?? records.length, 8);
  end.writeUInt16LE(options.claimedCount ?? records.length, 10);
  end.writeUInt32LE(options.zip64 ? 0xffffffff : directory.length, 12);
  end.writeUInt32LE(options.zip64 ? 0xffffffff : offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
const SPREADSHEET_ML = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE_RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships";

/**
 * The entries of the smallest XLSX that exceljs reads (one sheet, cells as inline strings), to put in a zip of
 * `zipOf` among hostile entries. "[Content_Types].xml" comes first, as content sniffing expects.
 */
export function sheetEntries(rows: string[][]): TZipEntrySpec[] {
  const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`);
  const cells = rows.map(
    (row, r) =>
      `<row r="${r + 1}">${row
        .map((value, c) => `<c r="${"ABCDEFGHIJ"[c]}${r + 1}" t="inlineStr"><is><t>${escapeXml(value)}</t></is></c>`)
        .join("")}</row>`,
  );
  return [
    {
      name: "[Content_Types].xml",
      data: xml(
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
          `<Default Extension="xml" ContentType="application/xml"/>` +
          `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
          `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
          `</Types>`,
      ),
    },
    {
      name: "_rels/.rels",
      data: xml(
        `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" ` +
          `Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: "xl/workbook.xml",
      data: xml(
        `<workbook xmlns="${SPREADSHEET_ML}" xmlns:r="${RELATIONSHIPS}">` +
          `<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: xml(
        `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" ` +
          `Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
    },
    {
      name: "xl/worksheets/sheet1.xml",
      data: xml(`<worksheet xmlns="${SPREADSHEET_ML}"><sheetData>${cells.join("")}</sheetData></worksheet>`),
    },
  ];
}
