import { z } from "zod";
import { COMPLIANCE_BADGES } from "../compliance/badge";
import { STANDINGS } from "../compliance/standing";
import { LIMITS, V } from "../validation";
import {
  AT_LEAST_ONE_FIELD,
  ZCompanyNameSchema,
  ZComplianceGapSchema,
  ZEmailSchema,
  ZIdSchema,
  ZPersonNameSchema,
  ZPhoneSchema,
  ZSearchPageQuerySchema,
} from "./common";
import { ZDemandStatusSchema } from "./demand";
import { ZAccountStatusSchema } from "./profile";
import { ZHttpUrlSchema, ZIconSchema } from "./risks";

/**
 * Contractors: supplier companies, their employees, the affiliation of a supplier with a principal
 * (enterprise), and the affiliation demands between them. Routes are listed above each schema.
 */

// ── Companies ─────────────────────────────────────────────────────────────────────────────────────

export const COMPANY_STATUSES = ["pending_confirmation", "pending_verification", "active", "disabled"] as const;
export const ZCompanyStatusSchema = z.enum(COMPANY_STATUSES);
export type TCompanyStatus = z.infer<typeof ZCompanyStatusSchema>;

/** "" or null clears an optional address; otherwise trimmed, at most 150 characters. */
const ZOptionalAddressSchema = z.union([
  z.literal("").transform(() => null),
  z.null(),
  z.string().trim().max(LIMITS.medium, V.max150),
]);

/** An address typed without its scheme ("refinery.example") is taken as https, as a browser's address bar does. */
const withScheme = (value: string) => (/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`);

/**
 * "" or null clears an optional URL; otherwise an http(s) URL of at most 250 characters (the column's size), https
 * when typed without a scheme.
 */
export const ZOptionalUrlSchema = z.union(
  [
    z.literal("").transform(() => null),
    z.null(),
    z
      .string()
      .trim()
      .transform(withScheme)
      .pipe(ZHttpUrlSchema.refine((v) => v.length <= LIMITS.long, V.validUrl)),
  ],
  { error: V.validUrl },
);
/** "" or null clears an optional phone; otherwise a phone number. */
export const ZOptionalPhoneSchema = z.union([z.literal("").transform(() => null), z.null(), ZPhoneSchema], {
  error: V.invalidNumberFormat,
});

/** A supplier's logo: PNG, JPEG or WebP by content (415 otherwise), at most 2 MB (413). */
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The supplier's own company (`/supplier/profile`).
 * GET /api/supplier-company (Supplier; Employee reads its supplier's) → `{ data: TSupplierCompany }`;
 * PATCH /api/supplier-company (Supplier) with TSupplierCompanyUpdate → `{ data }`;
 * PUT /api/supplier-company/logo (Supplier; multipart, field `logo`, LOGO_TYPES, LOGO_MAX_BYTES) → `{ data }`;
 * DELETE /api/supplier-company/logo (Supplier; idempotent) → `{ data }`;
 * GET /api/suppliers/:id/logo?v → the image bytes, for the supplier's people, principals with any affiliation
 * row with it, and the admin (404 for anyone else).
 */
export const ZSupplierCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  logo: ZIconSchema.nullable(),
  status: ZCompanyStatusSchema,
  createdAt: z.iso.datetime(),
});
export type TSupplierCompany = z.infer<typeof ZSupplierCompanySchema>;

export const ZSupplierCompanyUpdateSchema = z
  .object({
    name: ZCompanyNameSchema,
    phone: ZOptionalPhoneSchema,
    address: ZOptionalAddressSchema,
    website: ZOptionalUrlSchema,
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: V.atLeastOneField })
  .meta(AT_LEAST_ONE_FIELD);
export type TSupplierCompanyUpdate = z.input<typeof ZSupplierCompanyUpdateSchema>;

// ── Employees (the supplier manages them at /supplier/employeelist) ──────────────────────────────────

/**
 * POST /api/employees (Supplier): the new employee gets an invitation e-mail to Complete-Account
 * (EMAIL_EXISTS 409 when the e-mail is taken by anyone).
 */
export const ZEmployeeInputSchema = z.object({
  name: ZPersonNameSchema,
  email: ZEmailSchema,
  phone: ZOptionalPhoneSchema.default(null),
});
export type TEmployeeInput = z.input<typeof ZEmployeeInputSchema>;

/** PATCH /api/employees/:id (the e-mail does not change). */
export const ZEmployeeUpdateSchema = z
  .object({ name: ZPersonNameSchema, phone: ZOptionalPhoneSchema })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: V.atLeastOneField })
  .meta(AT_LEAST_ONE_FIELD);

export const ZEmployeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: ZAccountStatusSchema,
  createdAt: z.iso.datetime(),
});
export type TEmployee = z.infer<typeof ZEmployeeSchema>;

/**
 * GET /api/employees?q&status&page&pageSize (Supplier: its own employees only; q searches name and e-mail)
 * → ZPageSchema(TEmployee). GET /api/employees/:id. Each answering `{ data: TEmployee }`:
 * POST /api/employees/:id/disable, /enable (idempotent), /resend-invitation (409 CONFLICT unless `invited`).
 * DELETE /api/employees/:id → 204. Another supplier's employee is 404.
 */
export const ZEmployeeListQuerySchema = ZSearchPageQuerySchema.extend({ status: ZAccountStatusSchema.optional() });

// ── Affiliation (enterprise ↔ supplier) ───────────────────────────────────────────────────────────

export const AFFILIATION_STATUSES = ["invited", "requested", "affiliated", "detached", "denied", "cancelled"] as const;
export const ZAffiliationStatusSchema = z.enum(AFFILIATION_STATUSES);
export type TAffiliationStatus = z.infer<typeof ZAffiliationStatusSchema>;

/** A new invitation or request may start from no affiliation or from one of these (re-affiliation). */
export const AFFILIATION_RESTARTABLE: readonly TAffiliationStatus[] = ["detached", "denied", "cancelled"];

const ZNamedRef = z.object({ id: z.string(), name: z.string() });
/** A person who acted; null once the account is deleted. */
const ZActorSchema = z.object({ id: z.string(), name: z.string(), role: z.string() }).nullable();

/** One change of an affiliation: the status it moved to, who and when. Newest first in lists. */
export const ZAffiliationEventSchema = z.object({
  id: z.string(),
  status: ZAffiliationStatusSchema,
  at: z.iso.datetime(),
  actor: ZActorSchema,
  remark: z.string().nullable(),
});
export type TAffiliationEvent = z.infer<typeof ZAffiliationEventSchema>;

// ── Affiliation demands and what each side may do with them ──────────────────────────────────────

/**
 * `invitation`: a principal invited the supplier (it waits for the supplier);
 * `request`: the supplier asked to work for the principal (it waits for the principal).
 */
export const AFFILIATION_DIRECTIONS = ["invitation", "request"] as const;
export const ZAffiliationDirectionSchema = z.enum(AFFILIATION_DIRECTIONS);
export type TAffiliationDirection = z.infer<typeof ZAffiliationDirectionSchema>;

export const DEMAND_ACTIONS = ["approve", "deny", "cancel"] as const;
export type TDemandAction = (typeof DEMAND_ACTIONS)[number];

/** Which side of an affiliation a role stands on. */
export type TAffiliationSide = "principal" | "supplier";

/** Principal roles that may invite, decide, cancel and detach (Responsibles read only). */
export const AFFILIATION_PRINCIPAL_EDITORS = ["Enterprise", "SuperResponsible"] as const;

/**
 * The actions a role may take on a pending affiliation demand — one table for the server (which enforces it)
 * and the web app (which shows only these buttons). The side that receives a demand approves or denies it; the
 * side that sent it may cancel it. Decided demands allow nothing.
 */
export function affiliationDemandActions(
  demand: { direction: TAffiliationDirection; status: z.infer<typeof ZDemandStatusSchema> },
  role: string,
): TDemandAction[] {
  if (demand.status !== "pending") return [];
  const side: TAffiliationSide | null =
    role === "Supplier"
      ? "supplier"
      : (AFFILIATION_PRINCIPAL_EDITORS as readonly string[]).includes(role)
        ? "principal"
        : null;
  if (side === null) return [];
  const receiver: TAffiliationSide = demand.direction === "invitation" ? "supplier" : "principal";
  return side === receiver ? ["approve", "deny"] : ["cancel"];
}

/** An affiliation demand, as both sides see it. */
export const ZAffiliationDemandSchema = z.object({
  id: z.string(),
  kind: z.literal("affiliation"),
  direction: ZAffiliationDirectionSchema,
  status: ZDemandStatusSchema,
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  remark: z.string().nullable(),
  enterprise: ZNamedRef,
  /**
   * The supplier company. null for the inviting side while its invitation has not been accepted (and always for
   * an address that no supplier can answer): who holds an address is not told before they answer
   * (docs/decisions.md, "Sign-up and invitations answer alike").
   */
  supplier: ZNamedRef.nullable(),
  /** The e-mail the invitation went to, or the supplier company's e-mail for a request. */
  email: z.string(),
  requestedBy: ZActorSchema,
  decidedBy: ZActorSchema,
  /** What the caller may do now (affiliationDemandActions). */
  actions: z.array(z.enum(DEMAND_ACTIONS)),
  /**
   * A pending demand with a known supplier: the company documents the enterprise requires that it does not meet
   * today (approving it is refused until they are; docs/safety.md, "Contractor compliance: the gates").
   */
  missingDocuments: z.array(ZComplianceGapSchema),
});
export type TAffiliationDemand = z.infer<typeof ZAffiliationDemandSchema>;

/**
 * GET /api/demands?status&direction&waiting&q&page&pageSize (Enterprise, SuperResponsible, Responsible: the
 * affiliation demands of their enterprise; Supplier: its own) → ZPageSchema(TAffiliationDemand), newest first.
 * `waiting=true`: only the pending ones the caller may approve or deny. `q` searches company names and e-mails.
 * POST /api/demands/:id/approve | /deny | /cancel with TDecideDemand (optional remark) → `{ data }`;
 * 403 FORBIDDEN when the action is not the caller's (affiliationDemandActions), 409 CONFLICT when the demand is
 * no longer pending (two people deciding at once: one wins). Approving moves the affiliation to `affiliated`,
 * denying to `denied`, cancelling to `cancelled`, each with an event.
 * GET /api/demands/waiting-count (Admin: pending enterprise-account demands; principal roles and Supplier: the
 * demands waiting for them) → `{ data: { count } }` — the badge in the navigation.
 */
export const ZDemandsQuerySchema = ZSearchPageQuerySchema.extend({
  status: ZDemandStatusSchema.optional(),
  direction: ZAffiliationDirectionSchema.optional(),
  waiting: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
});
export const ZWaitingCountSchema = z.object({ count: z.number().int() });

/**
 * POST /api/affiliations/invitations (Enterprise, SuperResponsible) → 201 `{ data: TAffiliationInvitationResult }`,
 * the same answer whoever holds the address (a pending `invitation` demand whose `supplier` is null); the outcome
 * goes by mail to the address:
 * - an active supplier account: its account holders are told to sign in and accept or decline;
 * - an unknown address: a supplier company and its Supplier account are created (status invited) and an invitation
 *   e-mail leads to complete/supplier; completing it makes the affiliation `affiliated` (the demand approved). A
 *   company still completing its account is invited the same way (a fresh link; completing accepts every invitation);
 * - anyone else (an employee, a manager, an enterprise, the admin, a disabled supplier): the demand has no supplier
 *   and stays pending until the inviter cancels it; the address is told it cannot take the invitation.
 * - Already affiliated: 409 ALREADY_AFFILIATED; an invitation or request already pending: 409 AFFILIATION_PENDING
 *   (the inviter's own relations, which it knows already).
 */
export const ZAffiliationInvitationSchema = z.object({
  email: ZEmailSchema,
  /** Used only for an unknown e-mail: the placeholder company name and contact name until they complete it. */
  companyName: ZCompanyNameSchema.optional(),
  contactName: ZPersonNameSchema.optional(),
});
export type TAffiliationInvitation = z.input<typeof ZAffiliationInvitationSchema>;
export const ZAffiliationInvitationResultSchema = z.object({ demand: ZAffiliationDemandSchema });

/**
 * POST /api/affiliations/requests (Supplier) `{ enterpriseId }` → 201 `{ data: TAffiliationDemand }`
 * ("Request registered"). An unknown or inactive enterprise: 404 COMPANY_NOT_LISTED. Same 409s as invitations.
 */
export const ZAffiliationRequestSchema = z.object({ enterpriseId: ZIdSchema });

/**
 * GET /api/enterprise-directory?q&page&pageSize (Supplier): active enterprises by name, with the caller's
 * affiliation status with each (null: none) → ZPageSchema(TDirectoryEnterprise). Empty: "Company not listed".
 */
export const ZDirectoryEnterpriseSchema = z.object({
  id: z.string(),
  name: z.string(),
  affiliationStatus: ZAffiliationStatusSchema.nullable(),
});
export type TDirectoryEnterprise = z.infer<typeof ZDirectoryEnterpriseSchema>;

/**
 * GET /api/principals?status&page&pageSize (Supplier, Employee): the enterprises the caller's supplier has an
 * affiliation with (default: all statuses) → ZPageSchema(TPrincipal). The permit form offers the `affiliated` ones.
 */
export const ZPrincipalSchema = z.object({
  enterprise: ZNamedRef,
  status: ZAffiliationStatusSchema,
  since: z.iso.datetime(),
});
export type TPrincipal = z.infer<typeof ZPrincipalSchema>;
export const ZPrincipalsQuerySchema = z.object({
  status: ZAffiliationStatusSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

// ── Contractors as a principal sees them ─────────────────────────────────────────────────────────

/** Only `affiliated` and `detached` contractors are listed and readable by a principal. */
export const CONTRACTOR_VISIBLE_STATUSES = ["affiliated", "detached"] as const;

/** The contractor's compliance badge (compliance/badge.ts): from the company documents the enterprise requires. */
const ZComplianceBadgeSchema = z.object({
  status: z.enum(COMPLIANCE_BADGES),
  items: z.array(z.object({ requirement: z.string(), standing: z.enum(STANDINGS) })),
});

export const ZContractorSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  logo: ZIconSchema.nullable(),
  affiliationStatus: z.enum(CONTRACTOR_VISIBLE_STATUSES),
  /** When the affiliation last changed status. */
  since: z.iso.datetime(),
  employeeCount: z.number().int(),
  compliance: ZComplianceBadgeSchema,
});
export type TContractorSummary = z.infer<typeof ZContractorSummarySchema>;

/**
 * GET /api/contractors?q&status&page&pageSize (Enterprise, SuperResponsible, Responsible) →
 * ZPageSchema(TContractorSummary). GET /api/contractors/:id → `{ data: TContractorProfile }`; a supplier never
 * affiliated with the caller's enterprise: 404 CONTRACTOR_OR_COMPANY_NOT_LISTED.
 * POST /api/contractors/:id/detach (Enterprise, SuperResponsible) with TDecideDemand → `{ data: TContractorProfile }`
 * ("detach"; 409 CONFLICT unless affiliated).
 * POST /api/contractors/:id/reaffiliate (Enterprise, SuperResponsible) → 201 `{ data: TAffiliationDemand }`: a new
 * invitation to a detached contractor (409 unless detached, denied or cancelled).
 */
export const ZContractorListQuerySchema = ZSearchPageQuerySchema.extend({
  status: z.enum(CONTRACTOR_VISIBLE_STATUSES).optional(),
});

export const ZContractorProfileSchema = ZContractorSummarySchema.extend({
  address: z.string().nullable(),
  website: z.string().nullable(),
  /** Names only: a principal never sees an employee's e-mail. Active and invited employees. */
  employees: z.array(ZNamedRef),
  /** Newest first. */
  history: z.array(ZAffiliationEventSchema),
});
export type TContractorProfile = z.infer<typeof ZContractorProfileSchema>;

// ── Admin ────────────────────────────────────────────────────────────────────────────────────────

/**
 * GET /api/admin/suppliers?q&status&page&pageSize → ZPageSchema(TAdminSupplier).
 * POST /api/admin/suppliers/:id/disable | /enable → `{ data: TAdminSupplier }` (idempotent; enabling a supplier
 * that never confirmed its e-mail is 409 CONFLICT). A disabled supplier's people cannot sign in (ACCOUNT_DISABLED).
 */
export const ZAdminSupplierSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: ZCompanyStatusSchema,
  createdAt: z.iso.datetime(),
  employeeCount: z.number().int(),
  /** Enterprises it is affiliated with now. */
  affiliationCount: z.number().int(),
});
export type TAdminSupplier = z.infer<typeof ZAdminSupplierSchema>;
export const ZCompanyListQuerySchema = ZSearchPageQuerySchema.extend({ status: ZCompanyStatusSchema.optional() });

/**
 * GET /api/admin/suppliers/:id → `{ data: TAdminSupplierProfile }`: the contractor as the admin supports it — its
 * company, every principal it has dealt with (the affiliation's status and since when) and, with each, where its
 * company documents stand today against what that principal requires (its badge, as the principal sees it).
 */
export const ZAdminSupplierProfileSchema = ZAdminSupplierSchema.extend({
  address: z.string().nullable(),
  website: z.string().nullable(),
  principals: z.array(
    z.object({
      enterprise: z.object({ id: z.string(), name: z.string() }),
      status: ZAffiliationStatusSchema,
      since: z.iso.datetime(),
      compliance: ZComplianceBadgeSchema,
      documents: z.array(
        z.object({
          requirement: z.string(),
          /** Required of every contractor (the affiliation and send gates read it). */
          required: z.boolean(),
          standing: z.enum(STANDINGS),
          validUntil: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type TAdminSupplierProfile = z.infer<typeof ZAdminSupplierProfileSchema>;

/**
 * GET /api/admin/enterprises?q&status&page&pageSize → ZPageSchema(TAdminEnterprise);
 * GET /api/admin/enterprises/:id → `{ data: TAdminEnterpriseProfile }`;
 * POST /api/admin/enterprises/:id/disable | /enable → `{ data: TAdminEnterprise }` (idempotent; a pending
 * enterprise is activated by approving its account demand, so enabling one is 409 CONFLICT).
 */
export const ZAdminEnterpriseSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: ZCompanyStatusSchema,
  createdAt: z.iso.datetime(),
  divisionCount: z.number().int(),
  managerCount: z.number().int(),
  contractorCount: z.number().int(),
});
export type TAdminEnterprise = z.infer<typeof ZAdminEnterpriseSchema>;

export const ZAdminEnterpriseProfileSchema = ZAdminEnterpriseSchema.extend({
  address: z.string().nullable(),
  website: z.string().nullable(),
  /** The enterprise's own accounts (role Enterprise). */
  accounts: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      status: ZAccountStatusSchema,
    }),
  ),
  /** Its pending enterprise-account demand, to approve from the profile. */
  pendingDemandId: z.string().nullable(),
});
export type TAdminEnterpriseProfile = z.infer<typeof ZAdminEnterpriseProfileSchema>;
