import {
  ACCOUNT_STATUSES,
  AFFILIATION_DIRECTIONS,
  AFFILIATION_STATUSES,
  COMPANY_STATUSES,
  COMPLIANCE_KINDS,
  CREW_RULES,
  CRITICALITY_FLOWS,
  DEMAND_KINDS,
  DEMAND_STATUSES,
  EVIDENCE_STATUSES,
  LANGUAGES,
  ROLES,
  WORK_TYPE_KINDS,
} from "@openpermit/shared";
import { pgEnum } from "drizzle-orm/pg-core";

export const roleEnum = pgEnum("role", ROLES);
export const accountStatusEnum = pgEnum("account_status", ACCOUNT_STATUSES);
export const companyStatusEnum = pgEnum("company_status", COMPANY_STATUSES);
export const languageEnum = pgEnum("language", LANGUAGES);
export const demandKindEnum = pgEnum("demand_kind", DEMAND_KINDS);
export const demandStatusEnum = pgEnum("demand_status", DEMAND_STATUSES);
export const codePurposeEnum = pgEnum("code_purpose", ["confirm_account", "reset_password"]);
export const authOutcomeEnum = pgEnum("auth_outcome", ["success", "failure", "refused", "throttled"]);
export const workTypeKindEnum = pgEnum("work_type_kind", WORK_TYPE_KINDS);
export const criticalityFlowEnum = pgEnum("criticality_flow", CRITICALITY_FLOWS);
export const matrixAxisEnum = pgEnum("matrix_axis", ["probability", "severity"]);
export const affiliationStatusEnum = pgEnum("affiliation_status", AFFILIATION_STATUSES);
export const affiliationDirectionEnum = pgEnum("affiliation_direction", AFFILIATION_DIRECTIONS);
export const complianceKindEnum = pgEnum("compliance_kind", COMPLIANCE_KINDS);
export const evidenceStatusEnum = pgEnum("evidence_status", EVIDENCE_STATUSES);
export const crewRuleEnum = pgEnum("crew_rule", CREW_RULES);
