/** The accounts `npm run demo` creates (apps/server/src/demo/seed.ts). */
export const DEMO_PASSWORD = "Demo-Permit-2026";
export const DEMO = {
  admin: { email: "admin@demo.openpermit.test", area: "admin" },
  enterprise: { email: "enterprise@demo.openpermit.test", area: "enterprise" },
  superresponsible: { email: "superresponsible@demo.openpermit.test", area: "superresponsible" },
  responsible: { email: "responsible@demo.openpermit.test", area: "responsible" },
  supplier: { email: "supplier@demo.openpermit.test", area: "supplier" },
  employee: { email: "employee@demo.openpermit.test", area: "employee" },
} as const;

/** The other contractors of the demo: one asked to work for the refinery, one was invited by it. */
export const DEMO_CONTRACTORS = {
  acme: { name: "Acme Maintenance", email: "supplier@demo.openpermit.test" },
  borealis: { name: "Borealis Scaffolding", email: "supplier2@demo.openpermit.test" },
  coastal: { name: "Coastal Electrical", email: "supplier3@demo.openpermit.test" },
} as const;
export const DEMO_ENTERPRISE_NAME = "Rhône Refinery";
