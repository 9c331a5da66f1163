/**
 * Every rule of who may see or do what, in one folder. Services call these checks; nothing outside access/
 * builds a 403 (`forbidden` is the only factory of one). Read it in this order, each layer narrowing the last:
 *
 * 0. Route policy (routes.ts) — `requireRoutePolicy`: the roles a route declares (packages/shared/src/auth),
 *    checked by plugins/auth.ts before any service runs.
 * 1. Tenant scope — which company the caller acts for, once it is known to be open:
 *    organisation.ts `organisationScope` (a principal's enterprise, and division for a manager), `editorScope`
 *    (the same, refused to a permit manager), `readScope` (an enterprise's configuration, also for affiliated
 *    contractors), `riskScope`; contractors.ts `supplierScope` (a contractor's supplier), `supplierAccountScope`
 *    (its account holder alone); affiliations.ts `principalScope`, `principalEditorScope`, `partyOf` (the two
 *    sides of affiliations).
 * 2. Division / sector scope — what of the tenant the scope sees: organisation.ts `visibleDivisions`,
 *    `visibleDivision`, `assertDivisionVisible`; sectors.ts `visibleSectors`, `visibleSubSectors` (a manager: the
 *    sectors the permissions matrix names it in), `visibleSector`, `visibleSubSector`, `visiblePlace`.
 *    Records of the tenant, each one the scope does not see answering 404: configuration.ts (its live work types,
 *    risks and specific risks: `enterpriseWorkTypes`/`visibleWorkType`, `enterpriseRisks`/`visibleRisk`,
 *    `enterpriseSpecificRisks`/`visibleSpecificRisk`); isolations.ts `visibleIsolationPoints` (the register's points,
 *    seen through their sector); managers.ts `managedBy`/`managedManager` (the managers a
 *    scope manages); contractors.ts `ownEmployee`/`managedEmployee` (a supplier's employees); affiliations.ts
 *    `demandsOf`/`visibleDemand` (a party's affiliation demands).
 * 3. Party on a permit — permits.ts `permitPartyOf`, `visiblePermits` (which permits a party sees, else 404),
 *    `relationOf` (how it stands to one permit: creator, its supplier, verifier, approver, principal editor).
 * 4. Action table — packages/shared/src/permits/workflow.ts says which relation may take which action in which
 *    status; permits.ts `refusePermitAction`, `requireDraftEditor`, `requireDraftCreator`, `requireMayCreateFor`,
 *    `requireRerater` (a verifier's re-rating), `requireCrewChanger` and `requireCrewSigner` (a permit's crew,
 *    packages/shared/src/permits/crew.ts), gas-tests.ts `requireGasTester` (who records a permit's gas test,
 *    packages/shared/src/permits/gas-tests.ts), `requireExtensionAsker`, `requireExtensionSigner`,
 *    `requireHandoverStarter`, `requireIncomingHolder`, `requireHandoverParty` (extension and shift handover,
 *    packages/shared/src/permits/shift.ts) enforce it (the affiliation demands' table: affiliations.ts `requireDemandAction`).
 *
 * 5. A contractor's standing — live-contractor.ts `requireLiveContractor` (every contractor write on a permit, in its
 *    transaction: affiliated now, enterprise and supplier active), `requireLiveContractorFor` (the workflow actions;
 *    stopping ones exempt, a start checked whoever presses it), `inGoodStanding` / `contractorMayWork` (the same as
 *    SQL: the scheduler's auto-start, `mayCreatePermitsColumn`), `offersOf` (what the permit page offers).
 *
 * Role checks within a scope: organisation.ts `requireEditor` (no permit manager), `requireEnterprise` (the
 * Enterprise account alone), `requireEnterpriseCaller`, `requireMayCreateManager`, `mayEditRiskSetup` /
 * `requireRiskSetupEditor`; gas-tests.ts `gasesOwner` (the enterprise's gases: its Enterprise account); compliance.ts
 * `requirementsReader` / `requirementsOwner` (compliance requirements: its SuperResponsibles read, its Enterprise sets), `overviewReader` (where its contractors stand), `inductionRecorder` (its staff record site inductions); isolations.ts `requireSecondPerson` (an isolation's prover is not its applier); contractors.ts `requireSupplier` (the supplier account, not an employee).
 * A worker's card: worker-cards.ts `cardReaderOf` (the worker, their supplier, an affiliated enterprise's staff),
 * `cardIssuerOf` (the supplier re-issues its code).
 * Visibility of things served by URL: files.ts `logoVisibleTo`, `contractorEnterprises`; profiles.ts
 * `canSeeProfile`. Refusals: refusal.ts `forbidden`, `REFUSAL_CODES`, `isRefusal` (audit/refusals.ts records them).
 *
 * What a caller may not see answers 404 (existence stays private); what it sees but may not do answers 403.
 */
export * from "./affiliations";
export * from "./compliance";
export * from "./configuration";
export * from "./contractors";
export * from "./emergencies";
export * from "./files";
export * from "./gas-tests";
export * from "./isolations";
export * from "./live-contractor";
export * from "./managers";
export * from "./organisation";
export * from "./permits";
export * from "./profiles";
export * from "./refusal";
export * from "./routes";
export * from "./sectors";
export * from "./worker-cards";
