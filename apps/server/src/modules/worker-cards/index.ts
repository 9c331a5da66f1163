export { workerCardsRoutes } from "./worker-cards.routes";
