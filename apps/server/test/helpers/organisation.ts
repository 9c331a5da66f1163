import type { TMatrixRole } from "@openpermit/shared";
import { PNG } from "pngjs";
import type { TContext } from "../../src/context";
import { sectorPermissions, sectors, subSectors } from "../../src/db/schema";
import type { TPerson } from "./factories";

const tokens = new Map<string, string>();

/**
 * An access token for a person, signed like the server's and cached: organisation tests call as many
 * people, and signing in through argon2 each time would slow the suite for nothing (sign-in has its tests).
 */
export async function tokenOf(ctx: TContext, person: TPerson): Promise<string> {
  let token = tokens.get(person.id);
  if (!token) {
    token = await ctx.tokens.sign({ userId: person.id, email: person.email, role: person.role });
    tokens.set(person.id, token);
  }
  return token;
}

/**
 * Drops a person's cached token: after a password change the server honours only tokens issued since, and a
 * token cached before it stays valid only while the change falls in the same second (a flaky test otherwise).
 */
export function forgetTokenOf(person: TPerson) {
  tokens.delete(person.id);
}

/** A real PNG of the given size (a gradient, so it is not all one colour). */
export function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) {
    image.data[i * 4] = i % 256;
    image.data[i * 4 + 1] = (i >> 8) % 256;
    image.data[i * 4 + 2] = 128;
    image.data[i * 4 + 3] = 255;
  }
  return PNG.sync.write(image);
}

/** The smallest real JPEG and WebP images (1 × 1). */
export const JPEG_1X1 = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  "base64",
);
export const WEBP_1X1 = Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64");

/** The start of a real PDF: what a user sends by mistake. */
export const PDF_BYTES = Buffer.from(
  "%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
);

let sectorNumber = 1000;

/** A sector straight in the database (tests of other endpoints need one without going through the API). */
export async function addSector(
  ctx: TContext,
  division: { id: string; enterpriseId: string },
  fields: { name?: string; number?: number } = {},
) {
  sectorNumber += 1;
  const [row] = await ctx.db
    .insert(sectors)
    .values({
      enterpriseId: division.enterpriseId,
      divisionId: division.id,
      name: fields.name ?? `Sector ${sectorNumber}`,
      number: fields.number ?? sectorNumber,
      gatheringPoint: "Main gate",
    })
    .returning();
  return row!;
}

export async function addSubSector(ctx: TContext, sectorId: string, name = "Pump house") {
  const [row] = await ctx.db.insert(subSectors).values({ sectorId, name, x: 0.25, y: 0.75 }).returning();
  return row!;
}

/** Sets a matrix cell straight in the database. */
export async function grant(ctx: TContext, managerId: string, sectorId: string, role: Exclude<TMatrixRole, "none">) {
  await ctx.db
    .insert(sectorPermissions)
    .values({
      managerId,
      sectorId,
      canVerify: role === "verifier" || role === "both",
      canApprove: role === "approver" || role === "both",
    })
    .onConflictDoNothing();
}

export const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
