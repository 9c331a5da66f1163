import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { affiliationServer, uuid } from "../../features/demands/testing/affiliation-server";
import { renderApp } from "../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../test/timeouts";
import { fakeToken } from "../../test/tokens";

/** The first page of a file waits for its lazy chunk to compile, which is slow when every file runs at once. */

const EMPLOYEE_ID = uuid(7);
const ADMIN_ID = uuid(8);

describe("the requests badge in the navigation", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("puts the admin's waiting count in the requests link's name", async () => {
    affiliationServer({ waitingCount: 3 }, ({ url }) =>
      url === `/Admin/${ADMIN_ID}`
        ? { status: 200, data: { data: { id: ADMIN_ID, name: "Ada", email: "ada@x.io", role: "Admin" } } }
        : undefined,
    );
    renderApp("/admin/profile", { token: fakeToken({ role: "Admin", id: ADMIN_ID }) });
    const link = await screen.findByRole("link", { name: "Requests, 3 waiting" }, { timeout: patient(10_000) });
    expect(link.getAttribute("href")).toBe("/admin/demands");
  });

  it("never asks for a count in the employee's area, which has no requests page", async () => {
    const server = affiliationServer({ waitingCount: 3 }, ({ url }) =>
      url === `/Employee/${EMPLOYEE_ID}`
        ? { status: 200, data: { data: { id: EMPLOYEE_ID, name: "Emma", email: "emma@x.io", role: "Employee" } } }
        : undefined,
    );
    renderApp("/employee/profile", { token: fakeToken({ role: "Employee", id: EMPLOYEE_ID }) });
    await screen.findByRole("link", { name: "Saved permits" }, { timeout: patient(10_000) });
    await waitFor(() => expect(server.calls.some((call) => call.url === `/Employee/${EMPLOYEE_ID}`)).toBe(true));
    expect(server.gets("/demands/waiting-count")).toHaveLength(0);
  });
});
