import { NOTIFICATION_KINDS, type TNotification } from "@openpermit/shared";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import en from "../../../../public/locales/en/notifications.json";
import fr from "../../../../public/locales/fr/notifications.json";
import { formatRelative, notificationText } from "./notification-text";

function translator(language: "en" | "fr") {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    ns: ["notifications"],
    defaultNS: "notifications",
    initAsync: false,
    interpolation: { escapeValue: false },
    resources: { [language]: { notifications: language === "en" ? en : fr } },
  });
  return instance.getFixedT(language, "notifications");
}

const params = {
  documentNumber: "PTW-2026-000007",
  taskTitle: "Weld the flange",
  actorName: "Emma Stone",
  remark: null,
};
const word = (language: "en" | "fr", kind: TNotification["kind"], extra: TNotification["params"] = {}) =>
  notificationText(translator(language), { kind, params: { ...params, ...extra } });

// A credit notification's parameters: what its kind carries (quantity or remaining, not both).
const creditParams = (kind: TNotification["kind"]): TNotification["params"] =>
  kind === "credits.low"
    ? { enterpriseName: "Rhône Refinery", remaining: 5 }
    : kind.startsWith("credits.")
      ? { enterpriseName: "Rhône Refinery", quantity: 20, remark: kind === "credits.denied" ? "Budget frozen" : null }
      : kind === "compliance.expiring"
        ? { requirementName: "Liability insurance", holderName: "Acme Welding", validUntil: "2026-12-31", daysLeft: 7 }
        : kind === "compliance.evidenceGiven"
          ? { requirementName: "Liability insurance", supplierName: "Acme Welding", workerName: null }
          : kind === "compliance.evidenceReviewed"
            ? {
                requirementName: "Liability insurance",
                enterpriseName: "Rhône Refinery",
                workerName: null,
                decision: "refused",
                remark: "Cover below 5 M",
              }
            : {};

const ENGLISH: Record<TNotification["kind"], string> = {
  "permit.sent": "Emma Stone sent permit PTW-2026-000007 “Weld the flange” for verification",
  "permit.verified": "Emma Stone verified permit PTW-2026-000007 “Weld the flange”",
  "permit.recheck": "Emma Stone asks for a recheck of permit PTW-2026-000007 “Weld the flange”",
  "permit.rejected": "Emma Stone rejected permit PTW-2026-000007 “Weld the flange”",
  "permit.approved": "Emma Stone approved permit PTW-2026-000007 “Weld the flange”",
  "permit.accepted": "Emma Stone accepted permit PTW-2026-000007 “Weld the flange”",
  "permit.started": "Emma Stone started the work of permit PTW-2026-000007 “Weld the flange”",
  "permit.ended": "Emma Stone ended the work of permit PTW-2026-000007 “Weld the flange”",
  "permit.cancelled": "Emma Stone cancelled permit PTW-2026-000007 “Weld the flange”",
  "permit.rerated": "Emma Stone re-rated the criticality of permit PTW-2026-000007 “Weld the flange”",
  "permit.suspended": "Emma Stone suspended permit PTW-2026-000007 “Weld the flange”: stop the work",
  "permit.resumed": "Emma Stone signed the resumption of permit PTW-2026-000007 “Weld the flange”: the work may go on",
  "permit.emergencyStopped":
    "EMERGENCY STOP by Emma Stone: permit PTW-2026-000007 “Weld the flange” is suspended, stop the work now",
  "permit.emergencyLifted":
    "Emma Stone lifted the emergency stop: permit PTW-2026-000007 “Weld the flange” stays suspended until a manager signs its resumption",
  "permit.crewAdded": "Emma Stone named you on the crew of permit PTW-2026-000007 “Weld the flange”",
  "permit.startsSoon": "The work of permit PTW-2026-000007 “Weld the flange” starts soon",
  "permit.overdue": "The work of permit PTW-2026-000007 “Weld the flange” is past its end and not closed",
  "permit.overdueEscalated":
    "The work of permit PTW-2026-000007 “Weld the flange” still runs past its end, beyond the grace: see that it is closed",
  "permit.expired": "Permit PTW-2026-000007 “Weld the flange” expired: its window passed before the work started",
  "permit.complianceLapsed":
    "A required competence, induction or document of permit PTW-2026-000007 “Weld the flange” is no longer valid",
  "permit.gasRetestDue":
    "The gas re-test of permit PTW-2026-000007 “Weld the flange” is overdue: test the atmosphere again",
  "permit.waitingEscalated":
    "Permit PTW-2026-000007 “Weld the flange” has been waiting too long for verification, approval or hand-back",
  "permit.extensionAsked":
    "Emma Stone asks to extend permit PTW-2026-000007 “Weld the flange”: sign or refuse the extension",
  "permit.extensionSigned":
    "Emma Stone signed the extension of permit PTW-2026-000007 “Weld the flange”: its end moved",
  "permit.extensionRefused": "Emma Stone refused the extension of permit PTW-2026-000007 “Weld the flange”",
  "permit.isolationApplied":
    "Emma Stone applied an isolation for permit PTW-2026-000007 “Weld the flange”: a second person must prove it",
  "permit.isolationProven":
    "Emma Stone proved an isolation of permit PTW-2026-000007 “Weld the flange”: it no longer holds the start",
  "permit.handoverAsked":
    "Emma Stone hands permit PTW-2026-000007 “Weld the flange” over to you: read the note and sign to take it over",
  "permit.handedOver": "Emma Stone took over permit PTW-2026-000007 “Weld the flange” as its holder",
  "permit.handoverDue":
    "The work of permit PTW-2026-000007 “Weld the flange” has run longer than a shift without a recorded handover",
  "credits.requested": "Rhône Refinery asks for 20 permit credits",
  "credits.approved": "Your request for 20 permit credits was approved: purchase completed",
  "credits.denied": "Your request for 20 permit credits was denied: Budget frozen",
  "credits.low": "Only 5 permit credits left — request more",
  "compliance.expiring": "“Liability insurance” of Acme Welding ends on 2026-12-31: 7 days left to renew it",
  "compliance.evidenceGiven": "Acme Welding gave “Liability insurance” to review",
  "compliance.evidenceReviewed": "Rhône Refinery refused “Liability insurance”: Cover below 5 M",
};

const FRENCH: Record<TNotification["kind"], string> = {
  "permit.sent": "Emma Stone a envoyé le permis PTW-2026-000007 « Weld the flange » pour vérification",
  "permit.verified": "Emma Stone a vérifié le permis PTW-2026-000007 « Weld the flange »",
  "permit.recheck": "Emma Stone demande une révision du permis PTW-2026-000007 « Weld the flange »",
  "permit.rejected": "Emma Stone a rejeté le permis PTW-2026-000007 « Weld the flange »",
  "permit.approved": "Emma Stone a approuvé le permis PTW-2026-000007 « Weld the flange »",
  "permit.accepted": "Emma Stone a accepté le permis PTW-2026-000007 « Weld the flange »",
  "permit.started": "Emma Stone a démarré les travaux du permis PTW-2026-000007 « Weld the flange »",
  "permit.ended": "Emma Stone a terminé les travaux du permis PTW-2026-000007 « Weld the flange »",
  "permit.cancelled": "Emma Stone a annulé le permis PTW-2026-000007 « Weld the flange »",
  "permit.rerated": "Emma Stone a réévalué la criticité du permis PTW-2026-000007 « Weld the flange »",
  "permit.suspended": "Emma Stone a suspendu le permis PTW-2026-000007 « Weld the flange » : arrêtez les travaux",
  "permit.resumed":
    "Emma Stone a signé la reprise du permis PTW-2026-000007 « Weld the flange » : les travaux peuvent continuer",
  "permit.emergencyStopped":
    "ARRÊT D’URGENCE par Emma Stone : le permis PTW-2026-000007 « Weld the flange » est suspendu, arrêtez les travaux immédiatement",
  "permit.emergencyLifted":
    "Emma Stone a levé l’arrêt d’urgence : le permis PTW-2026-000007 « Weld the flange » reste suspendu jusqu’à ce qu’un responsable signe sa reprise",
  "permit.crewAdded": "Emma Stone vous a inscrit dans l’équipe du permis PTW-2026-000007 « Weld the flange »",
  "permit.startsSoon": "Les travaux du permis PTW-2026-000007 « Weld the flange » commencent bientôt",
  "permit.overdue": "Les travaux du permis PTW-2026-000007 « Weld the flange » ont dépassé leur fin sans être clôturés",
  "permit.overdueEscalated":
    "Les travaux du permis PTW-2026-000007 « Weld the flange » continuent au-delà de leur fin et du délai de grâce : faites-les clôturer",
  "permit.expired":
    "Le permis PTW-2026-000007 « Weld the flange » a expiré : sa période est passée avant le début des travaux",
  "permit.complianceLapsed":
    "Une compétence, un accueil ou un document exigé du permis PTW-2026-000007 « Weld the flange » n’est plus valide",
  "permit.gasRetestDue":
    "Le nouveau contrôle d’atmosphère du permis PTW-2026-000007 « Weld the flange » est en retard : mesurez les gaz à nouveau",
  "permit.waitingEscalated":
    "Le permis PTW-2026-000007 « Weld the flange » attend sa vérification, son approbation ou sa restitution depuis trop longtemps",
  "permit.extensionAsked":
    "Emma Stone demande la prolongation du permis PTW-2026-000007 « Weld the flange » : signez-la ou refusez-la",
  "permit.extensionSigned":
    "Emma Stone a signé la prolongation du permis PTW-2026-000007 « Weld the flange » : sa fin est repoussée",
  "permit.extensionRefused": "Emma Stone a refusé la prolongation du permis PTW-2026-000007 « Weld the flange »",
  "permit.handoverAsked":
    "Emma Stone vous transmet le permis PTW-2026-000007 « Weld the flange » : lisez la note et signez pour le reprendre",
  "permit.isolationApplied":
    "Emma Stone a posé une consignation du permis PTW-2026-000007 « Weld the flange » : une deuxième personne doit la vérifier",
  "permit.isolationProven":
    "Emma Stone a vérifié une consignation du permis PTW-2026-000007 « Weld the flange » : elle ne retient plus le début des travaux",
  "permit.handedOver": "Emma Stone a repris le permis PTW-2026-000007 « Weld the flange » comme titulaire",
  "permit.handoverDue":
    "Les travaux du permis PTW-2026-000007 « Weld the flange » durent depuis plus d’un poste sans relève enregistrée",
  "credits.requested": "Rhône Refinery demande 20 crédits de permis",
  "credits.approved": "Votre demande de 20 crédits de permis a été approuvée : achat effectué",
  "credits.denied": "Votre demande de 20 crédits de permis a été refusée : Budget frozen",
  "credits.low": "Plus que 5 crédits de permis — demandez-en d'autres",
  "compliance.expiring": "« Liability insurance » de Acme Welding prend fin le 2026-12-31 : 7 jours pour le renouveler",
  "compliance.evidenceGiven": "Acme Welding a fourni « Liability insurance » à vérifier",
  "compliance.evidenceReviewed": "Rhône Refinery a refusé « Liability insurance » : Cover below 5 M",
};

describe("the wording of a notification", () => {
  it.each(NOTIFICATION_KINDS)("words %s in English and in French", (kind) => {
    expect(word("en", kind, creditParams(kind))).toBe(ENGLISH[kind]);
    expect(word("fr", kind, creditParams(kind))).toBe(FRENCH[kind]);
  });

  it("names the worker of a certificate, and says whether evidence was accepted", () => {
    const certificate = { requirementName: "Hot-work training", supplierName: "Acme Welding", workerName: "Bob" };
    expect(word("en", "compliance.evidenceGiven", certificate)).toBe(
      "Acme Welding gave “Hot-work training” of Bob to review",
    );
    const accepted = { ...certificate, enterpriseName: "Rhône Refinery", decision: "accepted", remark: null };
    expect(word("en", "compliance.evidenceReviewed", accepted)).toBe(
      "Rhône Refinery accepted “Hot-work training” of Bob",
    );
    expect(word("fr", "compliance.evidenceReviewed", { ...accepted, workerName: null })).toBe(
      "Rhône Refinery a accepté « Hot-work training »",
    );
    expect(word("fr", "compliance.evidenceReviewed", { ...accepted, decision: "refused", remark: "Illisible" })).toBe(
      "Rhône Refinery a refusé « Hot-work training » de Bob : Illisible",
    );
  });

  it("names the isolation point's tag when the notice carries it", () => {
    expect(word("en", "permit.isolationProven", { remark: "TF-MV-07" })).toBe(
      "Emma Stone proved isolation TF-MV-07 of permit PTW-2026-000007 “Weld the flange”: it no longer holds the start",
    );
    expect(word("fr", "permit.isolationApplied", { remark: "TF-MV-07" })).toBe(
      "Emma Stone a posé la consignation TF-MV-07 du permis PTW-2026-000007 « Weld the flange » : une deuxième personne doit la vérifier",
    );
  });

  it("words a low-credit warning by what remains, one or none", () => {
    expect(word("en", "credits.low", { remaining: 1 })).toBe("Only 1 permit credit left — request more");
    expect(word("en", "credits.low", { remaining: 0 })).toBe("No permit credit left — request more");
    expect(word("fr", "credits.low", { remaining: 0 })).toBe("Plus aucun crédit de permis — demandez-en d'autres");
    expect(word("fr", "credits.approved", { quantity: 1 })).toBe(
      "Votre demande de 1 crédit de permis a été approuvée : achat effectué",
    );
  });

  it("gives the reason of a suspension and of an emergency stop", () => {
    expect(word("en", "permit.suspended", { remark: "Gas alarm" })).toBe(
      "Emma Stone suspended permit PTW-2026-000007 “Weld the flange”: stop the work. Reason: Gas alarm",
    );
    expect(word("fr", "permit.emergencyStopped", { remark: "Fuite" })).toBe(
      "ARRÊT D’URGENCE par Emma Stone : le permis PTW-2026-000007 « Weld the flange » est suspendu, arrêtez les travaux immédiatement. Motif : Fuite",
    );
  });

  it("adds the remark of a recheck or a rejection", () => {
    expect(word("en", "permit.recheck", { remark: "Add the gas test" })).toBe(
      "Emma Stone asks for a recheck of permit PTW-2026-000007 “Weld the flange”: Add the gas test",
    );
    expect(word("fr", "permit.rejected", { remark: "Trop de vent" })).toBe(
      "Emma Stone a rejeté le permis PTW-2026-000007 « Weld the flange » : Trop de vent",
    );
  });

  it("says a verification on a verify-only level approved the permit", () => {
    expect(word("en", "permit.verified", { status: "Approved" })).toBe(
      "Emma Stone verified permit PTW-2026-000007 “Weld the flange”: it is approved",
    );
    expect(word("fr", "permit.verified", { status: "Approved" })).toBe(
      "Emma Stone a vérifié le permis PTW-2026-000007 « Weld the flange » : il est approuvé",
    );
  });

  it("words a start nobody made (the scheduler's) and a permit without a number", () => {
    expect(word("en", "permit.started", { actorName: null })).toBe(
      "The work of permit PTW-2026-000007 “Weld the flange” started at its start time",
    );
    expect(word("en", "permit.cancelled", { documentNumber: null })).toBe(
      "Emma Stone cancelled permit “Weld the flange”",
    );
  });
});

describe("the relative time of a notification", () => {
  const now = new Date("2026-11-20T12:00:00Z");
  it("uses the largest unit that fits, in the reader's language", () => {
    expect(formatRelative("2026-11-20T11:59:50Z", now, "en")).toBe("now");
    expect(formatRelative("2026-11-20T11:55:00Z", now, "en")).toBe("5 minutes ago");
    expect(formatRelative("2026-11-20T09:00:00Z", now, "en")).toBe("3 hours ago");
    expect(formatRelative("2026-11-19T12:00:00Z", now, "en")).toBe("yesterday");
    expect(formatRelative("2026-11-20T11:55:00Z", now, "fr")).toBe("il y a 5 minutes");
  });
});
