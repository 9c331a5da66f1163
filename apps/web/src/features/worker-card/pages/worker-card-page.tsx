import { useParams } from "react-router";
import { QueryState } from "../../../components/query-state";
import { useSession } from "../../../lib/session/session-context";
import { useWorkerCard } from "../api/worker-card";
import { WorkerCardView } from "../components/worker-card-view";

/** A worker's card: an employee's own (`card`), or one of the supplier's employees (`employeelist/:id`). */
export function WorkerCardPage() {
  const session = useSession();
  const id = useParams().id ?? session.id ?? "";
  const query = useWorkerCard(id);
  return <QueryState query={query}>{(card) => <WorkerCardView card={card} />}</QueryState>;
}
