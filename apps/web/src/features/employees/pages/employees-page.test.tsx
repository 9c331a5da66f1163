import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError } from "../../../test/fake-api";
import { renderPage } from "../../../test/render-app";
import { LAZY_PAGE_TIMEOUT_MS, patient } from "../../../test/timeouts";
import { supplierToken } from "../../supplier-company/testing/supplier-server";
import { employeeActions } from "../components/employee-actions-menu";
import { employeeChanges } from "../components/employee-form-schema";
import { employee, employeesServer } from "../testing/employees-server";

/** The first page of a file waits for its lazy chunk to compile, which is slow when every file runs at once. */

const eve = employee(1, "Eve Worker", "invited");
const bob = employee(2, "Bob Builder", "active");

const openPage = async (path = "/supplier/employeelist") => {
  renderPage(path, { token: supplierToken() });
  await screen.findByRole("heading", { level: 1, name: "Employees" }, { timeout: patient(10_000) });
};

const openActions = async (name: string) => {
  fireEvent.click(await screen.findByRole("button", { name: `Actions for ${name}` }));
  return screen.findByRole("menu");
};

describe("what an employee's status allows", () => {
  it("resends only while invited and enables only once disabled", () => {
    expect(employeeActions({ status: "invited" })).toEqual(["edit", "resend", "disable", "delete"]);
    expect(employeeActions({ status: "active" })).toEqual(["edit", "disable", "delete"]);
    expect(employeeActions({ status: "disabled" })).toEqual(["edit", "enable", "delete"]);
  });

  it("sends only what changed, and an emptied phone as null", () => {
    const withPhone = { ...bob, phone: "+33 6 12 34 56 78" };
    expect(employeeChanges(withPhone, { name: withPhone.name, phone: withPhone.phone })).toBeNull();
    expect(employeeChanges(withPhone, { name: "Bob B.", phone: null })).toEqual({
      id: bob.id,
      name: "Bob B.",
      phone: null,
    });
    expect(employeeChanges(bob, { name: bob.name, phone: null })).toBeNull();
  });
});

describe("the supplier's employees page", { timeout: LAZY_PAGE_TIMEOUT_MS }, () => {
  it("says what to do when there is no employee, and invites one (a taken e-mail lands on the field)", async () => {
    let taken = true;
    const server = employeesServer([], ({ method, url, body }, state) => {
      if (method !== "POST" || url !== "/employees") return undefined;
      if (taken) return apiError(409, "EMAIL_EXISTS");
      const created = { ...employee(9, "Zoe New", "invited"), ...(body as object) };
      state.employees.push(created);
      return { status: 201, data: { data: created } };
    });
    await openPage();
    expect(await screen.findByText("No employees yet — invite your first employee")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Invite an employee" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite an employee" });
    fireEvent.change(within(dialog).getByLabelText("Full name"), { target: { value: "Zoe New" } });
    fireEvent.change(within(dialog).getByLabelText("Email"), { target: { value: "zoe@acme.io" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await within(dialog).findByText("Email already exists")).toBeTruthy();
    expect((within(dialog).getByLabelText("Full name") as HTMLInputElement).value).toBe("Zoe New");

    taken = false;
    fireEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText("Employee created — an invitation e-mail was sent")).toBeTruthy();
    expect(server.writes()[1]).toMatchObject({
      url: "/employees",
      body: { name: "Zoe New", email: "zoe@acme.io", phone: null },
    });
    expect(await screen.findByRole("button", { name: "Actions for Zoe New" })).toBeTruthy();
  });

  it("searches and filters on the server", async () => {
    const server = employeesServer([eve, bob]);
    await openPage("/supplier/employeelist?status=invited");
    expect(await screen.findByRole("button", { name: "Actions for Eve Worker" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Actions for Bob Builder" })).toBeNull();
    expect(server.calls.find((call) => call.url === "/employees")?.params).toMatchObject({
      status: "invited",
      page: 1,
      pageSize: 20,
    });
    fireEvent.change(screen.getByLabelText("Search by name or email"), { target: { value: "nobody" } });
    fireEvent.keyDown(screen.getByLabelText("Search by name or email"), { key: "Enter" });
    expect(await screen.findByText("No data to display")).toBeTruthy();
    expect(server.calls.at(-1)?.params).toMatchObject({ q: "nobody", status: "invited" });
  });

  it("resends an invitation, and disables and deletes only after a confirmation naming the person", async () => {
    const server = employeesServer([eve, bob], ({ method, url }, state) => {
      if (method === "POST" && url === `/employees/${eve.id}/resend-invitation`) return { status: 200 };
      if (method === "POST" && url === `/employees/${bob.id}/disable`) {
        state.employees = state.employees.map((e) => (e.id === bob.id ? { ...e, status: "disabled" as const } : e));
        return { status: 200, data: { data: state.employees.find((e) => e.id === bob.id) } };
      }
      if (method === "DELETE" && url === `/employees/${eve.id}`) {
        state.employees = state.employees.filter((e) => e.id !== eve.id);
        return { status: 204 };
      }
      return undefined;
    });
    await openPage();

    let menu = await openActions("Bob Builder");
    expect(within(menu).queryByRole("menuitem", { name: "Resend invitation" })).toBeNull();
    fireEvent.click(within(menu).getByRole("menuitem", { name: "Disable" }));
    let dialog = await screen.findByRole("dialog", { name: "Disable Bob Builder?" });
    expect(server.writes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Disable" }));
    expect(await screen.findByText("Bob Builder disabled")).toBeTruthy();

    menu = await openActions("Eve Worker");
    fireEvent.click(within(menu).getByRole("menuitem", { name: "Resend invitation" }));
    expect(await screen.findByText("Invitation sent again to eve@acme.io")).toBeTruthy();

    menu = await openActions("Eve Worker");
    fireEvent.click(within(menu).getByRole("menuitem", { name: "Delete" }));
    dialog = await screen.findByRole("dialog", { name: "Delete Eve Worker?" });
    expect(within(dialog).getByText(/eve@acme\.io/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Eve Worker deleted")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Actions for Eve Worker" })).toBeNull());
    expect(server.writes().map((call) => `${call.method} ${call.url}`)).toEqual([
      `POST /employees/${bob.id}/disable`,
      `POST /employees/${eve.id}/resend-invitation`,
      `DELETE /employees/${eve.id}`,
    ]);
  });

  it("edits the name and clears the phone", async () => {
    const withPhone = { ...bob, phone: "+33 6 12 34 56 78" };
    const server = employeesServer([withPhone], ({ method, url, body }) =>
      method === "PATCH" && url === `/employees/${bob.id}`
        ? { status: 200, data: { data: { ...withPhone, ...(body as object) } } }
        : undefined,
    );
    await openPage();
    const menu = await openActions("Bob Builder");
    fireEvent.click(within(menu).getByRole("menuitem", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Bob Builder" });
    expect((within(dialog).getByLabelText(/^Email/) as HTMLInputElement).readOnly).toBe(true);
    fireEvent.change(within(dialog).getByLabelText("Phone (optional)"), { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Bob Builder updated")).toBeTruthy();
    expect(server.writes()).toMatchObject([{ method: "PATCH", body: { phone: null } }]);
    expect(Object.keys(server.writes()[0]!.body as object)).toEqual(["phone"]);
  });
});
