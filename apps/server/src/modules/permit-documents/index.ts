export { permitDocumentsRoutes } from "./permit-documents.routes";
