import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../test/timeouts";
import {
  affiliationServer,
  contractor,
  demand,
  enterpriseToken,
  responsibleToken,
} from "../../demands/testing/affiliation-server";

/** The first page of a file waits for its lazy chunk to compile, which is slow when every file runs at once. */

const openInvite = async () => {
  fireEvent.click(await screen.findByRole("button", { name: "Invite a contractor" }, { timeout: patient(10_000) }));
  return screen.findByRole("dialog", { name: "Invite a contractor" });
};

describe("contractors list", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("lists contractors with their status and links each to its profile; filters by status on the server", async () => {
    const server = affiliationServer({
      contractors: [contractor(1, { employeeCount: 4 }), contractor(2, { affiliationStatus: "detached" })],
    });
    renderPage("/enterprise/suppliers", { token: enterpriseToken() });
    const link = await screen.findByRole("link", { name: "Contractor 1" }, { timeout: patient(10_000) });
    expect(link.getAttribute("href")).toBe(`/enterprise/suppliers/profile?id=${contractor(1).id}`);
    const rows = screen.getAllByTestId("contractor-row");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText("Affiliated")).toBeTruthy();
    expect(within(rows[0]!).getByText("4")).toBeTruthy();
    expect(within(rows[1]!).getByText("Detached")).toBeTruthy();

    fireEvent.click(screen.getByLabelText("Status", { selector: "input" }));
    fireEvent.click(await screen.findByRole("option", { name: "Detached" }));
    await waitFor(() => expect(screen.getAllByTestId("contractor-row")).toHaveLength(1));
    expect(server.gets("/contractors").at(-1)?.params).toMatchObject({ status: "detached", page: 1 });
  });

  it("shows each contractor's compliance badge, and with what a contractor is not compliant", async () => {
    const missing = { requirement: "Liability insurance", standing: "missing" as const };
    affiliationServer({
      contractors: [
        contractor(1, { compliance: { status: "notCompliant", items: [missing] } }),
        contractor(2, { compliance: { status: "compliant", items: [] } }),
      ],
    });
    renderPage("/enterprise/suppliers", { token: enterpriseToken() });
    const badges = await screen.findAllByTestId("compliance-badge", {}, { timeout: patient(10_000) });
    expect(badges.map((b) => b.textContent)).toEqual(["Not compliantLiability insurance: Missing", "Compliant"]);
  });

  it("lets a responsible read only, with an empty state that says who invites", async () => {
    affiliationServer();
    renderPage("/responsible/suppliers", { token: responsibleToken() });
    expect(
      await screen.findByText("No contractors yet — invite one by e-mail", {}, { timeout: patient(10_000) }),
    ).toBeTruthy();
    expect(screen.getByText(/Your enterprise account or an on-site manager can invite/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Invite a contractor" })).toBeNull();
  });
});

describe("inviting a contractor", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  const sent = (email: string) => ({
    status: 201,
    data: { data: { demand: demand(1, "Enterprise", { direction: "invitation", email, supplier: null }) } },
  });

  it("sends only the e-mail when the names are left empty, and says the invitation went to it", async () => {
    const server = affiliationServer({}, ({ method }) => (method === "POST" ? sent("new@acme.io") : undefined));
    renderPage("/enterprise/suppliers", { token: enterpriseToken() });
    const dialog = await openInvite();
    fireEvent.change(within(dialog).getByLabelText("Contractor email"), { target: { value: " new@acme.io " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText("Invitation sent to new@acme.io")).toBeTruthy();
    expect(server.writes()).toEqual([
      expect.objectContaining({ url: "/affiliations/invitations", body: { email: "new@acme.io" } }),
    ]);
  });

  it("sends the names when given, and says the same whoever holds the address", async () => {
    const server = affiliationServer({}, ({ method }) => (method === "POST" ? sent("office@acme.io") : undefined));
    renderPage("/enterprise/suppliers", { token: enterpriseToken() });
    const dialog = await openInvite();
    fireEvent.change(within(dialog).getByLabelText("Contractor email"), { target: { value: "office@acme.io" } });
    fireEvent.change(within(dialog).getByLabelText("Company name (optional)"), { target: { value: "Acme" } });
    fireEvent.change(within(dialog).getByLabelText("Contact name (optional)"), { target: { value: "Sam Acme" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText("Invitation sent to office@acme.io")).toBeTruthy();
    expect(server.writes()[0]?.body).toEqual({ email: "office@acme.io", companyName: "Acme", contactName: "Sam Acme" });
  });

  it.each([
    ["ALREADY_AFFILIATED", 409, "This contractor is already affiliated with your company."],
    [
      "AFFILIATION_PENDING",
      409,
      "An invitation or a request between these two companies is already waiting for an answer.",
    ],
  ])("puts %s on the e-mail field and keeps the dialog open", async (code, status, message) => {
    affiliationServer({}, ({ method }) => (method === "POST" ? apiError(status, code) : undefined));
    renderPage("/enterprise/suppliers", { token: enterpriseToken() });
    const dialog = await openInvite();
    const email = within(dialog).getByLabelText("Contractor email");
    fireEvent.change(email, { target: { value: "someone@x.io" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect((email as HTMLInputElement).value).toBe("someone@x.io");
  });

  it("checks the e-mail before sending", async () => {
    const server = affiliationServer();
    renderPage("/enterprise/suppliers", { token: enterpriseToken() });
    const dialog = await openInvite();
    fireEvent.change(within(dialog).getByLabelText("Contractor email"), { target: { value: "not-an-email" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await within(dialog).findByText("Invalid email address")).toBeTruthy();
    expect(server.writes()).toHaveLength(0);
  });
});
