export { decideCreditDemand, listCreditDemandsForAdmin } from "./credit-demands.service";
export { creditsRoutes } from "./credits.routes";
export { lowCreditsWarning } from "./low-credits";
export { takeNumberAndCredit } from "./permit-account";
