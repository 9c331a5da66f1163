import { Button, TextInput } from "@mantine/core";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { Providers } from "../app/providers";
import { createTestQueryClient } from "../test/query-client";
import { createTestI18n } from "../test/test-i18n";
import { FormFooter } from "./form-footer";
import { FormModal } from "./form-modal";
import { LeaveGuardProvider, useConfirmLeave, useLeaveGuard } from "./leave-guard";

/** A form whose text is unsaved until "Save" (which may then leave, as a permit's send does). */
function Editor({ leaveAfterSave = false }: { leaveAfterSave?: boolean }) {
  const [saved, setSaved] = useState("");
  const [text, setText] = useState("");
  const { release } = useLeaveGuard(text !== saved);
  const [signedOut, setSignedOut] = useState(false);
  const confirmLeave = useConfirmLeave();
  return (
    <>
      <TextInput label="Notes" value={text} onChange={(event) => setText(event.currentTarget.value)} />
      <Button
        onClick={() => {
          setSaved(text);
          if (leaveAfterSave) release(() => void router.navigate("/other"));
        }}
      >
        Save
      </Button>
      <Button onClick={() => confirmLeave(() => setSignedOut(true))}>Sign out</Button>
      {signedOut ? <p>Signed out</p> : null}
      <Link to="/other">Other page</Link>
      <Link to="#section">Same page anchor</Link>
    </>
  );
}

function ModalForm({ onDone }: { onDone: () => void }) {
  const [text, setText] = useState("");
  useLeaveGuard(text !== "");
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onDone();
      }}
    >
      <TextInput label="Name" value={text} onChange={(event) => setText(event.currentTarget.value)} data-autofocus />
      <FormFooter onCancel={onDone} submitLabel="Save" submitting={false} />
    </form>
  );
}

function ModalPage() {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <p>{opened ? "Modal open" : "Modal closed"}</p>
      <FormModal opened={opened} title="New item" onClose={() => setOpened(false)}>
        {opened ? <ModalForm onDone={() => setOpened(false)} /> : null}
      </FormModal>
    </>
  );
}

let router: ReturnType<typeof createMemoryRouter>;

function renderGuarded(page: React.ReactNode, initialEntries = ["/form"]) {
  router = createMemoryRouter(
    [
      {
        element: (
          <LeaveGuardProvider>
            <Outlet />
          </LeaveGuardProvider>
        ),
        children: [
          { path: "/start", element: <p>Start page</p> },
          { path: "/form", element: page },
          { path: "/other", element: <p>Other page content</p> },
        ],
      },
    ],
    { initialEntries, initialIndex: initialEntries.length - 1 },
  );
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <Providers queryClient={createTestQueryClient()} env="test">
        <RouterProvider router={router} />
      </Providers>
    </I18nextProvider>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const dialog = () => screen.queryByRole("dialog", { name: "Leave without saving?" });

describe("the leave guard", () => {
  it("lets a form with nothing unsaved go", async () => {
    renderGuarded(<Editor />);
    fireEvent.click(screen.getByRole("link", { name: "Other page" }));
    expect(await screen.findByText("Other page content")).toBeTruthy();
    expect(dialog()).toBeNull();
  });

  it("asks before a link leaves unsaved typing; Stay keeps it, Leave goes", async () => {
    renderGuarded(<Editor />);
    type("Notes", "Isolate the pump first");
    fireEvent.click(screen.getByRole("link", { name: "Other page" }));
    expect(await screen.findByRole("dialog", { name: "Leave without saving?" })).toBeTruthy();
    expect(screen.getByText("What you typed has not been saved. If you leave now, it will be lost.")).toBeTruthy();
    // Staying is the default: it has the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Stay" })));
    fireEvent.click(screen.getByRole("button", { name: "Stay" }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(router.state.location.pathname).toBe("/form");
    expect((screen.getByLabelText("Notes") as HTMLInputElement).value).toBe("Isolate the pump first");

    fireEvent.click(screen.getByRole("link", { name: "Other page" }));
    fireEvent.click(await screen.findByRole("button", { name: "Leave without saving" }));
    expect(await screen.findByText("Other page content")).toBeTruthy();
  });

  it("asks before the browser's Back leaves; Escape stays", async () => {
    renderGuarded(<Editor />, ["/start", "/form"]);
    type("Notes", "Isolate the pump first");
    await act(() => router.navigate(-1));
    const asked = await screen.findByRole("dialog", { name: "Leave without saving?" });
    fireEvent.keyDown(asked, { key: "Escape" });
    await waitFor(() => expect(dialog()).toBeNull());
    expect(router.state.location.pathname).toBe("/form");
    expect((screen.getByLabelText("Notes") as HTMLInputElement).value).toBe("Isolate the pump first");

    await act(() => router.navigate(-1));
    fireEvent.click(await screen.findByRole("button", { name: "Leave without saving" }));
    expect(await screen.findByText("Start page")).toBeTruthy();
  });

  it("makes the browser ask before a reload or closing the tab, only while unsaved", () => {
    renderGuarded(<Editor />);
    const unload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    type("Notes", "Isolate the pump first");
    expect(unload()).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(unload()).toBe(false);
  });

  it("does not fire after a save, nor for an anchor on the same page", async () => {
    renderGuarded(<Editor />);
    type("Notes", "Isolate the pump first");
    fireEvent.click(screen.getByRole("link", { name: "Same page anchor" }));
    await waitFor(() => expect(router.state.location.hash).toBe("#section"));
    expect(dialog()).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    fireEvent.click(screen.getByRole("link", { name: "Other page" }));
    expect(await screen.findByText("Other page content")).toBeTruthy();
    expect(dialog()).toBeNull();
  });

  it("lets a form's own navigation after its save through, even if typing went on meanwhile", async () => {
    renderGuarded(<Editor leaveAfterSave />);
    type("Notes", "Isolate the pump first");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Other page content")).toBeTruthy();
    expect(dialog()).toBeNull();
  });

  it("asks before signing out with unsaved typing", async () => {
    renderGuarded(<Editor />);
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("Signed out")).toBeTruthy();
    type("Notes", "Isolate the pump first");
    fireEvent.click(screen.getByRole("button", { name: "Sign out" }));
    fireEvent.click(await screen.findByRole("button", { name: "Leave without saving" }));
    expect(await screen.findByText("Signed out")).toBeTruthy();
  });
});

describe("a form's modal", () => {
  const closeDialog = () => screen.queryByRole("dialog", { name: "Close without saving?" });

  it("closes at once with nothing typed", async () => {
    renderGuarded(<ModalPage />);
    await screen.findByRole("dialog", { name: "New item" });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("Modal closed")).toBeTruthy();
    expect(closeDialog()).toBeNull();
  });

  it("asks before Escape, the close button or Cancel throw away what was typed", async () => {
    renderGuarded(<ModalPage />);
    const modal = await screen.findByRole("dialog", { name: "New item" });
    type("Name", "Hot work");

    fireEvent.keyDown(screen.getByLabelText("Name"), { key: "Escape" });
    expect(await screen.findByRole("dialog", { name: "Close without saving?" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Keep editing" }));
    await waitFor(() => expect(closeDialog()).toBeNull());
    expect(screen.getByText("Modal open")).toBeTruthy();
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Hot work");

    fireEvent.click(modal.querySelector("button.mantine-Modal-close")!);
    fireEvent.click(await screen.findByRole("button", { name: "Keep editing" }));
    await waitFor(() => expect(closeDialog()).toBeNull());

    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    fireEvent.click(await screen.findByRole("button", { name: "Close without saving" }));
    expect(await screen.findByText("Modal closed")).toBeTruthy();
  });

  it("guards the page too while open, and closes without asking after a save", async () => {
    renderGuarded(<ModalPage />, ["/start", "/form"]);
    await screen.findByRole("dialog", { name: "New item" });
    type("Name", "Hot work");
    await act(() => router.navigate(-1));
    fireEvent.click(await screen.findByRole("button", { name: "Stay" }));
    await waitFor(() => expect(dialog()).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Modal closed")).toBeTruthy();
    expect(closeDialog()).toBeNull();
  });
});
