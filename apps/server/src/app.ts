import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from "fastify";
import {
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { TContext } from "./context";
import { registerJsonBodyParser } from "./lib/json-body-parser";
import { serializeError } from "./lib/log-errors";
import { serializeRequest } from "./lib/log-redaction";
import { openApiTransform } from "./lib/openapi";
import { fastifyTrustProxy } from "./lib/trust-proxy";
import { accountRequestsRoutes } from "./modules/account-requests/account-requests.routes";
import { adminCompaniesRoutes } from "./modules/admin-companies";
import { affiliationsRoutes } from "./modules/affiliations";
import { auditRefusalsPlugin, auditRoutes } from "./modules/audit";
import { authRoutes } from "./modules/auth/auth.routes";
import { calendarRoutes } from "./modules/calendar";
import { clashesRoutes } from "./modules/clashes/clashes.routes";
import { complianceEvidenceRoutes } from "./modules/compliance/evidence.routes";
import { complianceOverviewRoutes } from "./modules/compliance/overview.routes";
import { complianceRemindersPlugin } from "./modules/compliance/reminders.plugin";
import { complianceRequirementsRoutes } from "./modules/compliance/requirements.routes";
import { contractorAccountsRoutes } from "./modules/contractor-accounts";
import { creditsRoutes } from "./modules/credits";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes";
import { divisionsRoutes } from "./modules/divisions/divisions.routes";
import { emergenciesRoutes } from "./modules/emergencies/emergencies.routes";
import { companyPageRoutes } from "./modules/enterprise-company/company-page.routes";
import { permitSettingsRoutes } from "./modules/enterprise-company/permit-settings.routes";
import { enterpriseEpisRoutes, episRoutes } from "./modules/epis/epis.routes";
import { gasTestsRoutes } from "./modules/gas-tests/gas-tests.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { isolationsRoutes } from "./modules/isolations/isolations.routes";
import { linksRoutes } from "./modules/links/links.routes";
import { managersRoutes } from "./modules/managers/managers.routes";
import { notificationsRoutes } from "./modules/notifications";
import { permissionsRoutes } from "./modules/permissions/permissions.routes";
import { permitDocumentsRoutes } from "./modules/permit-documents";
import { permitSchedulerPlugin } from "./modules/permit-scheduler";
import { permitsRoutes } from "./modules/permits";
import { profilesRoutes } from "./modules/profiles/profiles.routes";
import { riskAssignmentsRoutes } from "./modules/risk-assignments/risk-assignments.routes";
import { riskMatrixRoutes } from "./modules/risk-matrix/risk-matrix.routes";
import { risksRoutes } from "./modules/risks/risks.routes";
import { sectorsRoutes } from "./modules/sectors/sectors.routes";
import { siteMapRoutes } from "./modules/site-map/site-map.routes";
import { specificRisksRoutes } from "./modules/specific-risks/specific-risks.routes";
import { statisticsRoutes } from "./modules/statistics";
import { subSectorsRoutes } from "./modules/sub-sectors/sub-sectors.routes";
import { workTypesRoutes } from "./modules/work-types/work-types.routes";
import { workerCardsRoutes } from "./modules/worker-cards";
import { authPlugin } from "./plugins/auth";
import { clientErrorHandler, errorBody, errorsPlugin, frameworkErrors } from "./plugins/errors";
import { securityPlugin } from "./plugins/security";
import { uploadsPlugin } from "./plugins/uploads";
import { webAppPlugin } from "./plugins/web-app";

/** Keys whose values never reach the log, wherever they appear. */
export const LOG_REDACT = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "*.password",
  "*.oldPassword",
  "*.newPassword",
  "*.code",
  "*.token",
  "*.resetToken",
];

export interface TAppOptions {
  /** The server's pino logger; without it, logging is off (tests). */
  loggerInstance?: FastifyBaseLogger;
  /** Sees every route as it is added (the authorization matrix test reads the route table with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Adds hooks before any route is registered (the tests watch every exchange with the API document with it). */
  observe?: (app: FastifyInstance) => void;
}

/**
 * Builds the whole HTTP application without listening, so tests drive it through `inject`.
 * The context's logger is replaced by the app's own (request-bound logs carry request ids).
 */
export async function buildApp(ctx: TContext, options: TAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Request lines with their secrets (tokens in paths and links) redacted; errors without query parameters.
    ...(options.loggerInstance
      ? {
          loggerInstance: options.loggerInstance.child(
            {},
            // Errors without the data their queries were given (lib/log-errors.ts).
            { serializers: { req: serializeRequest, err: serializeError } },
          ),
        }
      : { logger: false }),
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A broken URL or an overlong path parameter, refused by the router itself: in our error shape too.
    frameworkErrors,
    // Headers too large, a request too slow, bytes that are not HTTP: in our error shape too.
    clientErrorHandler,
    // Ids are opaque to clients; a request id helps join log lines.
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON, and multipart for files: plain text is refused with 415, not parsed.
  app.removeContentTypeParser("text/plain");
  registerJsonBodyParser(app);
  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  options.observe?.(app);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(cookie);
  await app.register(uploadsPlugin);
  await app.register(rateLimit, {
    global: true,
    max: ctx.config.rateLimitPerMinute,
    timeWindow: "1 minute",
    // The web app's static files are not worth limiting; the API is.
    allowList: (request) => !request.url.startsWith("/api/"),
    // A client that hung up mid-request has no address any more; the default key (request.ip) then throws a 500.
    keyGenerator: (request) => request.ip ?? request.socket?.remoteAddress ?? "gone",
    errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, ...errorBody("RATE_LIMITED") }),
  });
  await app.register(authPlugin, { db: ctx.db, tokens: ctx.tokens });
  await app.register(auditRefusalsPlugin, { pool: ctx.pool });

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "OpenPermit API", version: "0.1.0", description: "Permit-to-work and contractor management." },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      security: [{ bearer: [] }],
    },
    transform: openApiTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get("/api/openapi.json", { config: { access: "public" }, schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  // Every module is registered under /api alone; each of its routes declares the rest of its path.
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx });
      await api.register(authRoutes, { ctx });
      await api.register(accountRequestsRoutes, { ctx });
      await api.register(divisionsRoutes, { ctx });
      await api.register(sectorsRoutes, { ctx });
      await api.register(subSectorsRoutes, { ctx });
      await api.register(isolationsRoutes, { ctx });
      await api.register(gasTestsRoutes, { ctx });
      await api.register(complianceRequirementsRoutes, { ctx });
      await api.register(complianceOverviewRoutes, { ctx });
      await api.register(complianceEvidenceRoutes, { ctx });
      await api.register(managersRoutes, { ctx });
      await api.register(permissionsRoutes, { ctx });
      await api.register(episRoutes, { ctx });
      await api.register(enterpriseEpisRoutes, { ctx });
      await api.register(risksRoutes, { ctx });
      await api.register(workTypesRoutes, { ctx });
      await api.register(clashesRoutes, { ctx });
      await api.register(specificRisksRoutes, { ctx });
      await api.register(linksRoutes, { ctx });
      await api.register(riskMatrixRoutes, { ctx });
      await api.register(riskAssignmentsRoutes, { ctx });
      await api.register(contractorAccountsRoutes, { ctx });
      await api.register(adminCompaniesRoutes, { ctx });
      await api.register(affiliationsRoutes, { ctx });
      await api.register(creditsRoutes, { ctx });
      await api.register(companyPageRoutes, { ctx });
      await api.register(permitSettingsRoutes, { ctx });
      await api.register(permitsRoutes, { ctx });
      await api.register(emergenciesRoutes, { ctx });
      await api.register(siteMapRoutes, { ctx });
      await api.register(notificationsRoutes, { ctx });
      await api.register(dashboardRoutes, { ctx });
      await api.register(permitDocumentsRoutes, { ctx });
      await api.register(workerCardsRoutes, { ctx });
      await api.register(statisticsRoutes, { ctx });
      await api.register(calendarRoutes, { ctx });
      await api.register(auditRoutes, { ctx });
      // Last: its `/:role/:id` must not shadow the static paths above.
      await api.register(profilesRoutes, { ctx });
    },
    { prefix: "/api" },
  );

  await app.register(permitSchedulerPlugin, { ctx });
  await app.register(complianceRemindersPlugin, { ctx });
  await app.register(webAppPlugin, { webDist: ctx.config.webDist });
  return app;
}
