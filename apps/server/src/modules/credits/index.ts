export { creditsRoutes } from "./credits.routes";
export { takeNumberAndCredit } from "./permit-account";
