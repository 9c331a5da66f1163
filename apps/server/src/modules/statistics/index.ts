export { statisticsRoutes } from "./statistics.routes";
