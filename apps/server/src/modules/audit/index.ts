export { appendAudit, appendAuditAlone, auditSignIn, PLATFORM_CHAIN, type TAuditActor } from "./append";
export { auditRoutes } from "./audit.routes";
export { auditRefusalsPlugin } from "./refusals";
export { verifyAuditChains } from "./verify";
