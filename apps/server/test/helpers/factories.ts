import { randomBytes } from "node:crypto";
import type { TRole } from "@openpermit/shared";
import type { FastifyInstance } from "fastify";
import type { TContext } from "../../src/context";
import { divisions, enterprises, suppliers, users } from "../../src/db/schema";
import { hashPassword } from "../../src/lib/passwords";

export const PASSWORD = "Correct-horse-9";
let passwordHash: Promise<string> | undefined;
// One hash for every factory user: argon2 is slow on purpose, and tests make many people.
const hashed = () => {
  passwordHash ??= hashPassword(PASSWORD);
  return passwordHash;
};

const unique = () => randomBytes(4).toString("hex");

export interface TPerson {
  id: string;
  email: string;
  role: TRole;
  enterpriseId: string | null;
  divisionId: string | null;
  supplierId: string | null;
}

type TStatus = (typeof users.$inferInsert)["status"];

export async function createUser(
  ctx: TContext,
  role: TRole,
  parents: { enterpriseId?: string; divisionId?: string; supplierId?: string } = {},
  status: TStatus = "active",
): Promise<TPerson> {
  const email = `${role.toLowerCase()}-${unique()}@example.com`;
  const [user] = await ctx.db
    .insert(users)
    .values({
      email,
      name: `${role} ${unique()}`,
      phone: "+33 1 23 45 67 89",
      role,
      status,
      passwordHash: status === "invited" ? null : await hashed(),
      enterpriseId: parents.enterpriseId ?? null,
      divisionId: parents.divisionId ?? null,
      supplierId: parents.supplierId ?? null,
    })
    .returning();
  return {
    id: user!.id,
    email,
    role,
    enterpriseId: user!.enterpriseId,
    divisionId: user!.divisionId,
    supplierId: user!.supplierId,
  };
}

export async function createEnterprise(
  ctx: TContext,
  status: "active" | "pending_verification" | "disabled" = "active",
) {
  const [enterprise] = await ctx.db
    .insert(enterprises)
    .values({ name: `Enterprise ${unique()}`, email: `e-${unique()}@example.com`, status })
    .returning();
  const [division] = await ctx.db
    .insert(divisions)
    .values({
      enterpriseId: enterprise!.id,
      name: `Division ${unique()}`,
      description: "Plant",
      address: "1 rue",
      country: "France",
    })
    .returning();
  return { enterprise: enterprise!, division: division! };
}

export async function createSupplierCompany(ctx: TContext) {
  const [supplier] = await ctx.db
    .insert(suppliers)
    .values({ name: `Supplier ${unique()}`, email: `s-${unique()}@example.com`, status: "active" })
    .returning();
  return supplier!;
}

/** One tenant with a person of each role (and a second division), plus a supplier with an employee. */
export async function createTenant(ctx: TContext) {
  const { enterprise, division } = await createEnterprise(ctx);
  const [otherDivision] = await ctx.db
    .insert(divisions)
    .values({
      enterpriseId: enterprise.id,
      name: `Division ${unique()}`,
      description: "Other",
      address: "2 rue",
      country: "France",
    })
    .returning();
  const supplier = await createSupplierCompany(ctx);
  const inDivision = { enterpriseId: enterprise.id, divisionId: division.id };
  return {
    enterprise,
    division,
    otherDivision: otherDivision!,
    supplier,
    enterpriseUser: await createUser(ctx, "Enterprise", { enterpriseId: enterprise.id }),
    superResponsible: await createUser(ctx, "SuperResponsible", inDivision),
    responsible: await createUser(ctx, "Responsible", inDivision),
    otherDivisionResponsible: await createUser(ctx, "Responsible", {
      enterpriseId: enterprise.id,
      divisionId: otherDivision!.id,
    }),
    supplierUser: await createUser(ctx, "Supplier", { supplierId: supplier.id }),
    employee: await createUser(ctx, "Employee", { supplierId: supplier.id }),
  };
}

export function json(body: unknown) {
  return { headers: { "content-type": "application/json" }, payload: JSON.stringify(body) };
}

/** Signs in through the API; returns the access token and the refresh cookie. */
export async function signIn(app: FastifyInstance, email: string, password = PASSWORD) {
  const response = await app.inject({ method: "POST", url: "/api/auth/sign-in", ...json({ email, password }) });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === "op_refresh");
  return { token: response.json().data.token as string, refreshCookie: cookie!.value };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
