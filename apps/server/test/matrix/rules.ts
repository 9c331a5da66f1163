import type { TRuleTable } from "./rule";
import { COMPLIANCE_RULES } from "./rules-compliance";
import { CONFIGURATION_RULES } from "./rules-configuration";
import { GAS_TEST_RULES } from "./rules-gas-tests";
import { ISOLATION_RULES } from "./rules-isolations";
import { ORGANISATION_RULES } from "./rules-organisation";
import { PARTY_RULES } from "./rules-parties";
import { PERMIT_RULES, SKIPPED } from "./rules-permits";
import { WORKER_CARD_RULES } from "./rules-worker-cards";

/** Every /api route's scope rule, keyed by "METHOD /api/url" as the app registers it. */
export const RULES: TRuleTable = {
  ...ORGANISATION_RULES,
  ...ISOLATION_RULES,
  ...GAS_TEST_RULES,
  ...COMPLIANCE_RULES,
  ...CONFIGURATION_RULES,
  ...PARTY_RULES,
  ...PERMIT_RULES,
  ...WORKER_CARD_RULES,
};

export { SKIPPED };

/**
 * The only /api routes without a declared policy: the OpenAPI UI's pages and assets (@fastify/swagger-ui), which
 * plugins/auth.ts lets through by name. Any other route without one fails the test.
 */
export const UNDECLARED = [
  "GET /api/docs",
  "GET /api/docs/static/index.html",
  "GET /api/docs/static/swagger-initializer.js",
  "GET /api/docs/json",
  "GET /api/docs/yaml",
  "GET /api/docs/static/*",
];
