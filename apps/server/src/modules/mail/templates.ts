import type { TCreditNotificationKind, TLanguage, TPermitNotificationKind } from "@openpermit/shared";
import { quoted } from "./user-text";

type TTemplate<P> = (params: P) => { subject: string; text: string };
type TTemplates<P> = Record<TLanguage, TTemplate<P>>;

const signature = { en: "— OpenPermit", fr: "— OpenPermit" };

/** What a permit's notification e-mail says (the same facts as the in-app notification). */
interface TPermitNotice {
  kind: TPermitNotificationKind;
  documentNumber: string | null;
  taskTitle: string;
  actorName: string | null;
  remark: string | null;
  /** The permit's status after the transition. */
  status: string;
  url: string;
}

// Quoted on one line whatever the title holds: it goes into the subject header too.
const permitName = (p: TPermitNotice) => {
  const title = quoted(p.taskTitle);
  return p.documentNumber ? `${p.documentNumber} ${title}` : title;
};

const PERMIT_EVENT_EN: Record<TPermitNotificationKind, (p: TPermitNotice) => string> = {
  "permit.sent": (p) => `${quoted(p.actorName)} sent permit ${permitName(p)} for verification.`,
  "permit.verified": (p) =>
    p.status === "Approved"
      ? `${quoted(p.actorName)} verified permit ${permitName(p)}: it is approved.`
      : `${quoted(p.actorName)} verified permit ${permitName(p)}.`,
  "permit.recheck": (p) => `${quoted(p.actorName)} asks for a recheck of permit ${permitName(p)}.`,
  "permit.rejected": (p) => `${quoted(p.actorName)} rejected permit ${permitName(p)}.`,
  "permit.approved": (p) => `${quoted(p.actorName)} approved permit ${permitName(p)}.`,
  "permit.accepted": (p) => `${quoted(p.actorName)} accepted permit ${permitName(p)}.`,
  "permit.started": (p) =>
    p.actorName
      ? `${quoted(p.actorName)} started the work of permit ${permitName(p)}.`
      : `The work of permit ${permitName(p)} started at its start time.`,
  "permit.ended": (p) => `${quoted(p.actorName)} ended the work of permit ${permitName(p)}.`,
  "permit.cancelled": (p) => `${quoted(p.actorName)} cancelled permit ${permitName(p)}.`,
  "permit.rerated": (p) =>
    `${quoted(p.actorName)} re-rated the criticality of permit ${permitName(p)}: ${quoted(p.remark)}`,
  "permit.suspended": (p) =>
    `${quoted(p.actorName)} suspended permit ${permitName(p)}: stop the work. Reason: ${quoted(p.remark)}`,
  "permit.resumed": (p) =>
    `${quoted(p.actorName)} signed the resumption of permit ${permitName(p)}: the work may go on.`,
  "permit.emergencyStopped": (p) =>
    `EMERGENCY STOP declared by ${quoted(p.actorName)}: permit ${permitName(p)} is suspended, stop the work now. Reason: ${quoted(p.remark)}`,
  "permit.emergencyLifted": (p) =>
    `${quoted(p.actorName)} lifted the emergency stop: permit ${permitName(p)} stays suspended until a manager signs its resumption.${p.remark ? ` Remark: ${quoted(p.remark)}` : ""}`,
  "permit.crewAdded": (p) =>
    `${quoted(p.actorName)} named you on the crew of permit ${permitName(p)}: you will be briefed and signed on before the work starts.`,
  "permit.isolationApplied": (p) =>
    `${quoted(p.actorName)} applied isolation ${quoted(p.remark)} needed by permit ${permitName(p)}: a second person must now prove it (zero-energy test) before the work may start.`,
  "permit.isolationProven": (p) =>
    `${quoted(p.actorName)} proved isolation ${quoted(p.remark)} needed by permit ${permitName(p)}: it is in place and no longer holds the start.`,
  "permit.startsSoon": (p) => `The work of permit ${permitName(p)} starts soon.`,
  "permit.overdue": (p) => `The work of permit ${permitName(p)} is past its end and not yet closed.`,
  "permit.overdueEscalated": (p) =>
    `The work of permit ${permitName(p)} still runs past its end, beyond the grace: see that it is made safe and closed.`,
  "permit.expired": (p) => `Permit ${permitName(p)} expired: its period of validity passed before the work started.`,
  "permit.complianceLapsed": (p) =>
    `A required competence, induction or document of permit ${permitName(p)} is no longer valid: the work may not resume until it is renewed.`,
  "permit.gasRetestDue": (p) =>
    `The gas re-test of permit ${permitName(p)} is overdue: test the atmosphere again before the work goes on.`,
  "permit.waitingEscalated": (p) =>
    `Permit ${permitName(p)} has been waiting too long for verification, approval or hand-back.`,
  "permit.extensionAsked": (p) =>
    `${quoted(p.actorName)} asks to extend permit ${permitName(p)}: sign or refuse the extension. Reason: ${quoted(p.remark)}`,
  "permit.extensionSigned": (p) =>
    `${quoted(p.actorName)} signed the extension of permit ${permitName(p)}: its end moved.`,
  "permit.extensionRefused": (p) =>
    `${quoted(p.actorName)} refused the extension of permit ${permitName(p)}: the work ends at its current end. Remark: ${quoted(p.remark)}`,
  "permit.handoverAsked": (p) =>
    `${quoted(p.actorName)} hands permit ${permitName(p)} over to you: read the handover note and sign to take it over.`,
  "permit.handedOver": (p) => `${quoted(p.actorName)} took over permit ${permitName(p)} as its holder.`,
  "permit.handoverDue": (p) =>
    `The work of permit ${permitName(p)} has run longer than a shift without a recorded handover: it is not valid until one is.`,
};

const PERMIT_EVENT_FR: Record<TPermitNotificationKind, (p: TPermitNotice) => string> = {
  "permit.sent": (p) => `${quoted(p.actorName)} a envoyé le permis ${permitName(p)} pour vérification.`,
  "permit.verified": (p) =>
    p.status === "Approved"
      ? `${quoted(p.actorName)} a vérifié le permis ${permitName(p)} : il est approuvé.`
      : `${quoted(p.actorName)} a vérifié le permis ${permitName(p)}.`,
  "permit.recheck": (p) => `${quoted(p.actorName)} demande une révision du permis ${permitName(p)}.`,
  "permit.rejected": (p) => `${quoted(p.actorName)} a rejeté le permis ${permitName(p)}.`,
  "permit.approved": (p) => `${quoted(p.actorName)} a approuvé le permis ${permitName(p)}.`,
  "permit.accepted": (p) => `${quoted(p.actorName)} a accepté le permis ${permitName(p)}.`,
  "permit.started": (p) =>
    p.actorName
      ? `${quoted(p.actorName)} a démarré les travaux du permis ${permitName(p)}.`
      : `Les travaux du permis ${permitName(p)} ont démarré à l'heure prévue.`,
  "permit.ended": (p) => `${quoted(p.actorName)} a terminé les travaux du permis ${permitName(p)}.`,
  "permit.cancelled": (p) => `${quoted(p.actorName)} a annulé le permis ${permitName(p)}.`,
  "permit.rerated": (p) =>
    `${quoted(p.actorName)} a réévalué la criticité du permis ${permitName(p)} : ${quoted(p.remark)}`,
  "permit.suspended": (p) =>
    `${quoted(p.actorName)} a suspendu le permis ${permitName(p)} : arrêtez les travaux. Motif : ${quoted(p.remark)}`,
  "permit.resumed": (p) =>
    `${quoted(p.actorName)} a signé la reprise du permis ${permitName(p)} : les travaux peuvent continuer.`,
  "permit.emergencyStopped": (p) =>
    `ARRÊT D'URGENCE déclaré par ${quoted(p.actorName)} : le permis ${permitName(p)} est suspendu, arrêtez les travaux immédiatement. Motif : ${quoted(p.remark)}`,
  "permit.emergencyLifted": (p) =>
    `${quoted(p.actorName)} a levé l'arrêt d'urgence : le permis ${permitName(p)} reste suspendu jusqu'à ce qu'un responsable signe sa reprise.${p.remark ? ` Remarque : ${quoted(p.remark)}` : ""}`,
  "permit.crewAdded": (p) =>
    `${quoted(p.actorName)} vous a inscrit dans l'équipe du permis ${permitName(p)} : vous serez informé et pointé avant le début des travaux.`,
  "permit.isolationApplied": (p) =>
    `${quoted(p.actorName)} a posé la consignation ${quoted(p.remark)} dont le permis ${permitName(p)} a besoin : une deuxième personne doit maintenant la vérifier (absence d'énergie) avant le début des travaux.`,
  "permit.isolationProven": (p) =>
    `${quoted(p.actorName)} a vérifié la consignation ${quoted(p.remark)} dont le permis ${permitName(p)} a besoin : elle est en place et ne retient plus le début des travaux.`,
  "permit.startsSoon": (p) => `Les travaux du permis ${permitName(p)} commencent bientôt.`,
  "permit.overdue": (p) => `Les travaux du permis ${permitName(p)} ont dépassé leur fin sans être clôturés.`,
  "permit.overdueEscalated": (p) =>
    `Les travaux du permis ${permitName(p)} continuent au-delà de leur fin et du délai de grâce : faites-les mettre en sécurité et clôturer.`,
  "permit.complianceLapsed": (p) =>
    `Une compétence, un accueil ou un document exigé du permis ${permitName(p)} n’est plus valide : les travaux ne peuvent pas reprendre avant son renouvellement.`,
  "permit.gasRetestDue": (p) =>
    `Le nouveau contrôle d’atmosphère du permis ${permitName(p)} est en retard : mesurez les gaz avant de poursuivre les travaux.`,
  "permit.expired": (p) =>
    `Le permis ${permitName(p)} a expiré : sa période de validité est passée avant le début des travaux.`,
  "permit.waitingEscalated": (p) =>
    `Le permis ${permitName(p)} attend sa vérification, son approbation ou sa restitution depuis trop longtemps.`,
  "permit.extensionAsked": (p) =>
    `${quoted(p.actorName)} demande la prolongation du permis ${permitName(p)} : signez-la ou refusez-la. Motif : ${quoted(p.remark)}`,
  "permit.extensionSigned": (p) =>
    `${quoted(p.actorName)} a signé la prolongation du permis ${permitName(p)} : sa fin est repoussée.`,
  "permit.extensionRefused": (p) =>
    `${quoted(p.actorName)} a refusé la prolongation du permis ${permitName(p)} : les travaux finissent à la fin prévue. Remarque : ${quoted(p.remark)}`,
  "permit.handoverAsked": (p) =>
    `${quoted(p.actorName)} vous transmet le permis ${permitName(p)} : lisez la note de relève et signez pour le reprendre.`,
  "permit.handedOver": (p) => `${quoted(p.actorName)} a repris le permis ${permitName(p)} comme titulaire.`,
  "permit.handoverDue": (p) =>
    `Les travaux du permis ${permitName(p)} durent depuis plus d'un poste sans relève enregistrée : il n'est pas valide tant qu'elle ne l'est pas.`,
};

/** What a permit-credits notification e-mail says (the same facts as the in-app notification). */
interface TCreditNotice {
  kind: TCreditNotificationKind;
  enterpriseName: string;
  quantity: number | null;
  remaining: number | null;
  remark: string | null;
  url: string;
}

const credits = (n: number | null, en: boolean) =>
  en ? `${n} permit credit${n === 1 ? "" : "s"}` : `${n} crédit${n === 1 ? "" : "s"} de permis`;

const CREDIT_EVENT_EN: Record<TCreditNotificationKind, (p: TCreditNotice) => string> = {
  "credits.requested": (p) => `${quoted(p.enterpriseName)} asks for ${credits(p.quantity, true)}.`,
  "credits.approved": (p) => `Your request for ${credits(p.quantity, true)} was approved: purchase completed.`,
  "credits.denied": (p) => `Your request for ${credits(p.quantity, true)} was denied.`,
  "credits.low": (p) =>
    p.remaining === 0
      ? "No permit credit left: request more to send new permits."
      : `Only ${credits(p.remaining, true)} left: request more.`,
};

const CREDIT_EVENT_FR: Record<TCreditNotificationKind, (p: TCreditNotice) => string> = {
  "credits.requested": (p) => `${quoted(p.enterpriseName)} demande ${credits(p.quantity, false)}.`,
  "credits.approved": (p) => `Votre demande de ${credits(p.quantity, false)} a été approuvée : achat effectué.`,
  "credits.denied": (p) => `Votre demande de ${credits(p.quantity, false)} a été refusée.`,
  "credits.low": (p) =>
    p.remaining === 0
      ? "Plus aucun crédit de permis : demandez-en d'autres pour envoyer de nouveaux permis."
      : `Plus que ${credits(p.remaining, false)} : demandez-en d'autres.`,
};

/** What a compliance evidence notification e-mail says (the same facts as the in-app notification). */
interface TEvidenceNotice {
  requirementName: string;
  supplierName: string;
  /** The worker a certificate is of; null for a company document. */
  workerName: string | null;
  enterpriseName: string;
  url: string;
}

const evidenceOf = (p: TEvidenceNotice, en: boolean) =>
  p.workerName ? `${quoted(p.requirementName)} ${en ? "of" : "de"} ${quoted(p.workerName)}` : quoted(p.requirementName);

/**
 * The e-mails the accounts capability sends, in the recipient's language. One-time codes go in the body alone:
 * a subject shows on lock screens and in notifications.
 */
export const templates = {
  confirmAccount: {
    en: ({ code, minutes }) => ({
      subject: "Your OpenPermit confirmation code",
      text: `Welcome to OpenPermit.\n\nYour confirmation code is: ${code}\n\nIt expires in ${minutes} minutes. If you did not create an account, ignore this message.\n\n${signature.en}`,
    }),
    fr: ({ code, minutes }) => ({
      subject: "Votre code de confirmation OpenPermit",
      text: `Bienvenue sur OpenPermit.\n\nVotre code de confirmation est : ${code}\n\nIl expire dans ${minutes} minutes. Si vous n'avez pas créé de compte, ignorez ce message.\n\n${signature.fr}`,
    }),
  } satisfies TTemplates<{ code: string; minutes: number }>,
  resetPassword: {
    en: ({ code, minutes }) => ({
      subject: "Your OpenPermit password reset code",
      text: `Someone asked to reset the password of your OpenPermit account.\n\nYour verification code is: ${code}\n\nIt expires in ${minutes} minutes and works once. If this was not you, ignore this message: your password stays as it is.\n\n${signature.en}`,
    }),
    fr: ({ code, minutes }) => ({
      subject: "Votre code de réinitialisation OpenPermit",
      text: `Une réinitialisation du mot de passe de votre compte OpenPermit a été demandée.\n\nVotre code de vérification est : ${code}\n\nIl expire dans ${minutes} minutes et ne sert qu'une fois. Si ce n'était pas vous, ignorez ce message : votre mot de passe reste inchangé.\n\n${signature.fr}`,
    }),
  } satisfies TTemplates<{ code: string; minutes: number }>,
  signUpTaken: {
    en: ({ signInUrl, invitationUrl, days }) => ({
      subject: "Sign-up attempt with your e-mail address",
      text: `Someone, perhaps you, tried to open an OpenPermit account with this e-mail address. It already has an account, so no new one was created.\n\n${
        invitationUrl
          ? `An invitation is waiting for you: complete your account and choose your password here (the link works for ${days} days):\n${invitationUrl}`
          : `If it was you, sign in: ${signInUrl}\nForgot your password? Reset it from the sign-in page.`
      }\n\nIf it was not you, ignore this message: your account is unchanged.\n\n${signature.en}`,
    }),
    fr: ({ signInUrl, invitationUrl, days }) => ({
      subject: "Tentative d'inscription avec votre adresse e-mail",
      text: `Quelqu'un, peut-être vous, a tenté d'ouvrir un compte OpenPermit avec cette adresse e-mail. Elle a déjà un compte : aucun nouveau compte n'a été créé.\n\n${
        invitationUrl
          ? `Une invitation vous attend : complétez votre compte et choisissez votre mot de passe ici (le lien est valable ${days} jours) :\n${invitationUrl}`
          : `Si c'était vous, connectez-vous : ${signInUrl}\nMot de passe oublié ? Réinitialisez-le depuis la page de connexion.`
      }\n\nSi ce n'était pas vous, ignorez ce message : votre compte est inchangé.\n\n${signature.fr}`,
    }),
  } satisfies TTemplates<{ signInUrl: string; invitationUrl: string | null; days: number }>,
  enterpriseApproved: {
    en: ({ company, url }) => ({
      subject: "Your OpenPermit company account is active",
      text: `The company account of ${quoted(company)} has been verified and is now active.\n\nSign in: ${url}\n\n${signature.en}`,
    }),
    fr: ({ company, url }) => ({
      subject: "Votre compte entreprise OpenPermit est actif",
      text: `Le compte entreprise de ${quoted(company)} a été vérifié et est maintenant actif.\n\nConnexion : ${url}\n\n${signature.fr}`,
    }),
  } satisfies TTemplates<{ company: string; url: string }>,
  enterpriseDenied: {
    en: ({ company, remark }) => ({
      subject: "Your OpenPermit company account request",
      text: `The company account request of ${quoted(company)} was not accepted.${remark ? `\n\nRemark: ${quoted(remark)}` : ""}\n\n${signature.en}`,
    }),
    fr: ({ company, remark }) => ({
      subject: "Votre demande de compte entreprise OpenPermit",
      text: `La demande de compte entreprise de ${quoted(company)} n'a pas été acceptée.${remark ? `\n\nRemarque : ${quoted(remark)}` : ""}\n\n${signature.fr}`,
    }),
  } satisfies TTemplates<{ company: string; remark: string | null }>,
  invitation: {
    en: ({ name, inviter, url, days }) => ({
      subject: "You are invited to OpenPermit",
      text: `Hello ${quoted(name)},\n\n${quoted(inviter)} invited you to OpenPermit. Complete your account and choose your password here:\n${url}\n\nThe link works for ${days} days.\n\n${signature.en}`,
    }),
    fr: ({ name, inviter, url, days }) => ({
      subject: "Vous êtes invité sur OpenPermit",
      text: `Bonjour ${quoted(name)},\n\n${quoted(inviter)} vous a invité sur OpenPermit. Complétez votre compte et choisissez votre mot de passe ici :\n${url}\n\nLe lien est valable ${days} jours.\n\n${signature.fr}`,
    }),
  } satisfies TTemplates<{ name: string; inviter: string; url: string; days: number }>,
  affiliationInvitation: {
    en: ({ enterprise, url }) => ({
      subject: `${quoted(enterprise)} invites you to work with them on OpenPermit`,
      text: `${quoted(enterprise)} invites your company to work with them as a contractor on OpenPermit.\n\nSign in to accept or decline the invitation: ${url}\n\n${signature.en}`,
    }),
    fr: ({ enterprise, url }) => ({
      subject: `${quoted(enterprise)} vous invite à travailler avec elle sur OpenPermit`,
      text: `${quoted(enterprise)} invite votre entreprise à travailler avec elle comme prestataire sur OpenPermit.\n\nConnectez-vous pour accepter ou refuser l'invitation : ${url}\n\n${signature.fr}`,
    }),
  } satisfies TTemplates<{ enterprise: string; url: string }>,
  affiliationUnanswerable: {
    en: ({ enterprise }) => ({
      subject: `${quoted(enterprise)} invited this address to OpenPermit`,
      text: `${quoted(enterprise)} invited this e-mail address to work with them as a contractor on OpenPermit. This address already belongs to an OpenPermit account that cannot take such an invitation, so nothing changed for it.\n\nIf your company is a contractor that wants to work with them, ask them to invite the address of your company's own account.\n\n${signature.en}`,
    }),
    fr: ({ enterprise }) => ({
      subject: `${quoted(enterprise)} a invité cette adresse sur OpenPermit`,
      text: `${quoted(enterprise)} a invité cette adresse e-mail à travailler avec elle comme prestataire sur OpenPermit. Cette adresse appartient déjà à un compte OpenPermit qui ne peut pas recevoir une telle invitation : rien n'a changé pour lui.\n\nSi votre entreprise est un prestataire qui souhaite travailler avec elle, demandez-lui d'inviter l'adresse du compte de votre entreprise.\n\n${signature.fr}`,
    }),
  } satisfies TTemplates<{ enterprise: string }>,
  affiliationRequest: {
    en: ({ supplier, url }) => ({
      subject: `${quoted(supplier)} asks to work for you on OpenPermit`,
      text: `The contractor ${quoted(supplier)} asks to work for your company on OpenPermit.\n\nSign in to approve or deny the request: ${url}\n\n${signature.en}`,
    }),
    fr: ({ supplier, url }) => ({
      subject: `${quoted(supplier)} demande à travailler pour vous sur OpenPermit`,
      text: `Le prestataire ${quoted(supplier)} demande à travailler pour votre entreprise sur OpenPermit.\n\nConnectez-vous pour approuver ou refuser la demande : ${url}\n\n${signature.fr}`,
    }),
  } satisfies TTemplates<{ supplier: string; url: string }>,
  permitNotification: {
    en: (p) => ({
      subject: `OpenPermit: ${PERMIT_EVENT_EN[p.kind](p)}`,
      text: `${PERMIT_EVENT_EN[p.kind](p)}${p.remark ? `\n\nRemark: ${quoted(p.remark)}` : ""}\n\nOpen the permit: ${p.url}\n\n${signature.en}`,
    }),
    fr: (p) => ({
      subject: `OpenPermit : ${PERMIT_EVENT_FR[p.kind](p)}`,
      text: `${PERMIT_EVENT_FR[p.kind](p)}${p.remark ? `\n\nRemarque : ${quoted(p.remark)}` : ""}\n\nOuvrir le permis : ${p.url}\n\n${signature.fr}`,
    }),
  } satisfies TTemplates<TPermitNotice>,
  creditNotification: {
    en: (p) => ({
      subject: `OpenPermit: ${CREDIT_EVENT_EN[p.kind](p)}`,
      text: `${CREDIT_EVENT_EN[p.kind](p)}${p.remark ? `\n\nReason: ${quoted(p.remark)}` : ""}\n\nOpen: ${p.url}\n\n${signature.en}`,
    }),
    fr: (p) => ({
      subject: `OpenPermit : ${CREDIT_EVENT_FR[p.kind](p)}`,
      text: `${CREDIT_EVENT_FR[p.kind](p)}${p.remark ? `\n\nMotif : ${quoted(p.remark)}` : ""}\n\nOuvrir : ${p.url}\n\n${signature.fr}`,
    }),
  } satisfies TTemplates<TCreditNotice>,
  complianceExpiring: {
    en: (p) => {
      const left = `${p.daysLeft} day${p.daysLeft === 1 ? "" : "s"} left`;
      return {
        subject: `OpenPermit: ${quoted(p.requirementName)} of ${p.holderName} ends on ${p.validUntil}`,
        text: `${quoted(p.requirementName)} of ${p.holderName} is valid until ${p.validUntil} (${left}). Give the renewed one before then: once it ends, the work it is needed for cannot start.\n\nOpen: ${p.url}\n\n${signature.en}`,
      };
    },
    fr: (p) => {
      const left = `${p.daysLeft} jour${p.daysLeft > 1 ? "s" : ""} restant${p.daysLeft > 1 ? "s" : ""}`;
      return {
        subject: `OpenPermit : ${quoted(p.requirementName)} de ${p.holderName} prend fin le ${p.validUntil}`,
        text: `${quoted(p.requirementName)} de ${p.holderName} est valable jusqu’au ${p.validUntil} (${left}). Fournissez le renouvellement avant : une fois échu, le travail qui l’exige ne peut pas commencer.\n\nOuvrir : ${p.url}\n\n${signature.fr}`,
      };
    },
  } satisfies TTemplates<{
    requirementName: string;
    holderName: string;
    validUntil: string;
    daysLeft: number;
    url: string;
  }>,
  complianceEvidenceGiven: {
    en: (p) => ({
      subject: `OpenPermit: ${quoted(p.supplierName)} gave ${evidenceOf(p, true)} to review`,
      text: `The contractor ${quoted(p.supplierName)} gave ${evidenceOf(p, true)} for ${quoted(p.enterpriseName)}. It counts once accepted: check it, then accept or refuse it with a reason.\n\nReview it: ${p.url}\n\n${signature.en}`,
    }),
    fr: (p) => ({
      subject: `OpenPermit : ${quoted(p.supplierName)} a fourni ${evidenceOf(p, false)} à vérifier`,
      text: `Le prestataire ${quoted(p.supplierName)} a fourni ${evidenceOf(p, false)} pour ${quoted(p.enterpriseName)}. Il compte une fois accepté : vérifiez-le, puis acceptez-le ou refusez-le avec un motif.\n\nLe vérifier : ${p.url}\n\n${signature.fr}`,
    }),
  } satisfies TTemplates<TEvidenceNotice>,
  complianceEvidenceReviewed: {
    en: (p) => {
      const what = evidenceOf(p, true);
      const event =
        p.decision === "accepted"
          ? `${quoted(p.enterpriseName)} accepted ${what}`
          : `${quoted(p.enterpriseName)} refused ${what}`;
      const next =
        p.decision === "accepted"
          ? "It now counts for the work that needs it."
          : `Reason: ${quoted(p.reason)}\n\nGive it again, corrected: until then it does not count.`;
      return { subject: `OpenPermit: ${event}`, text: `${event}.\n\n${next}\n\nOpen: ${p.url}\n\n${signature.en}` };
    },
    fr: (p) => {
      const what = evidenceOf(p, false);
      const event =
        p.decision === "accepted"
          ? `${quoted(p.enterpriseName)} a accepté ${what}`
          : `${quoted(p.enterpriseName)} a refusé ${what}`;
      const next =
        p.decision === "accepted"
          ? "Il compte désormais pour les travaux qui l’exigent."
          : `Motif : ${quoted(p.reason)}\n\nFournissez-le de nouveau, corrigé : d’ici là, il ne compte pas.`;
      return { subject: `OpenPermit : ${event}`, text: `${event}.\n\n${next}\n\nOuvrir : ${p.url}\n\n${signature.fr}` };
    },
  } satisfies TTemplates<TEvidenceNotice & { decision: "accepted" | "refused"; reason: string | null }>,
};
