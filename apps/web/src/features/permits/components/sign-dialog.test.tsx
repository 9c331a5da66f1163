import { MantineProvider } from "@mantine/core";
import {
  SIGNATURE_DECLARATIONS,
  type TPermitActionInput,
  type TPermitClash,
  type TPermitClashes,
} from "@openpermit/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api/api-error";
import { fakeApi } from "../../../test/fake-api";
import { createTestI18n } from "../../../test/test-i18n";
import { permit, WINDOW } from "../testing/permit-server";
import { CloseOutDialog } from "./close-out-dialog";
import { SignDialog } from "./sign-dialog";

const SENT = permit(7, {
  status: "sended",
  documentNumber: "PTW-2026-000007",
  taskTitle: "Weld the flange",
  ...WINDOW,
  criticality: { name: "High", colour: "#e03131", flow: "verify_and_approve" },
});

/** The clashes the fake server answers for the permit (none unless a test says otherwise). */
let clashes: TPermitClashes = { clashes: [], acknowledgements: [] };
beforeEach(() => {
  clashes = { clashes: [], acknowledgements: [] };
  fakeApi((request) =>
    request.url.endsWith("/clashes") ? { status: 200, data: { data: clashes } } : { status: 404, data: {} },
  );
});

function Providers({ children, client }: { children: React.ReactNode; client: QueryClient }) {
  return (
    <I18nextProvider i18n={createTestI18n()}>
      <QueryClientProvider client={client}>
        <MantineProvider env="test">{children}</MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

function renderIn(node: React.ReactNode) {
  render(<Providers client={new QueryClient()}>{node}</Providers>);
}

/** The dialog has read the permit's clashes (its sign button waits for them). */
const clashesRead = () => waitFor(() => expect(screen.queryByText(/Looking for other work/)).toBeNull());

const CLASH: TPermitClash = {
  permit: {
    id: "p-9",
    documentNumber: "PTW-2026-000009",
    taskTitle: "Enter tank 3",
    status: "Approved",
    ...WINDOW,
    sectorName: "Tank farm",
    subSectorName: "Tank 3",
    workTypeName: "Confined-space entry",
  },
  rules: ["samePlace", "incompatibleWork"],
};

const wrongPassword = () => new ApiError(401, "SIGNATURE_PASSWORD_INVALID", "wrong");

describe("the sign dialog", () => {
  it("shows what is signed and the declaration in the reader's language, and needs both the box and the password", async () => {
    const onConfirm = vi.fn(async (_input: TPermitActionInput) => undefined);
    renderIn(<SignDialog action="verify" permit={SENT} onConfirm={onConfirm} onClose={() => {}} />);
    await clashesRead();
    const content = screen.getByTestId("sign-content");
    expect(content.textContent).toContain("PTW-2026-000007");
    expect(content.textContent).toContain("Weld the flange");
    expect(content.textContent).toContain("High");
    expect(screen.getByLabelText(SIGNATURE_DECLARATIONS.verify.en)).toBeTruthy();
    fireEvent.click(screen.getByTestId("sign-confirm"));
    expect(await screen.findByText("Tick the declaration to go on")).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("keeps what was typed after a wrong password and shows why, then signs", async () => {
    const onConfirm = vi
      .fn<(input: TPermitActionInput) => Promise<unknown>>()
      .mockRejectedValueOnce(wrongPassword())
      .mockResolvedValueOnce(undefined);
    const onClose = vi.fn();
    renderIn(<SignDialog action="approve" permit={SENT} onConfirm={onConfirm} onClose={onClose} />);
    await clashesRead();
    fireEvent.click(screen.getByLabelText(SIGNATURE_DECLARATIONS.approve.en));
    const password = screen.getByTestId("sign-password") as HTMLInputElement;
    fireEvent.change(password, { target: { value: "Not-mine-1" } });
    fireEvent.click(screen.getByTestId("sign-confirm"));
    expect((await screen.findByRole("alert")).textContent).toContain("This is not your password");
    const hash = SENT.contentHash;
    expect(onConfirm).toHaveBeenLastCalledWith({
      password: "Not-mine-1",
      declaration: true,
      language: "en",
      contentHash: hash,
    });
    expect(password.value).toBe("Not-mine-1");
    expect((screen.getByLabelText(SIGNATURE_DECLARATIONS.approve.en) as HTMLInputElement).checked).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.change(password, { target: { value: "Correct-horse-9" } });
    fireEvent.click(screen.getByTestId("sign-confirm"));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onConfirm).toHaveBeenLastCalledWith({
      password: "Correct-horse-9",
      declaration: true,
      language: "en",
      contentHash: hash,
    });
  });

  it("vouches for the content it opened on, even when the permit is read again meanwhile", async () => {
    const onConfirm = vi.fn(async (_input: TPermitActionInput) => undefined);
    const client = new QueryClient();
    const dialog = (shown: typeof SENT) => (
      <Providers client={client}>
        <SignDialog action="verify" permit={shown} onConfirm={onConfirm} onClose={() => {}} />
      </Providers>
    );
    const { rerender } = render(dialog(SENT));
    await clashesRead();
    // A recheck and a resend in another tab: the page reads the permit again with other content.
    rerender(dialog({ ...SENT, taskTitle: "Weld the other flange", contentHash: "d".repeat(64) }));
    fireEvent.click(screen.getByLabelText(SIGNATURE_DECLARATIONS.verify.en));
    fireEvent.change(screen.getByTestId("sign-password"), { target: { value: "Correct-horse-9" } });
    fireEvent.click(screen.getByTestId("sign-confirm"));
    // The server compares it with the content now and refuses (409): nobody signs what they did not read.
    await waitFor(() =>
      expect(onConfirm).toHaveBeenCalledWith(expect.objectContaining({ contentHash: SENT.contentHash })),
    );
  });
});

describe("the clashes in the sign dialog", () => {
  it("asks a remark for each clash before verifying, and sends each with the other permit's number", async () => {
    clashes = { clashes: [CLASH], acknowledgements: [] };
    const onConfirm = vi.fn(async (_input: TPermitActionInput) => undefined);
    renderIn(<SignDialog action="verify" permit={SENT} onConfirm={onConfirm} onClose={() => {}} />);
    const remark = await screen.findByLabelText(/How is the work coordinated with PTW-2026-000009/);
    const list = screen.getByTestId("clash-remarks");
    expect(list.textContent).toContain("Enter tank 3");
    expect(list.textContent).toContain("Same place");
    expect(list.textContent).toContain("Incompatible work in the sector");
    fireEvent.click(screen.getByLabelText(SIGNATURE_DECLARATIONS.verify.en));
    fireEvent.change(screen.getByTestId("sign-password"), { target: { value: "Correct-horse-9" } });
    fireEvent.click(screen.getByTestId("sign-confirm"));
    expect(await screen.findByText("Say how the work is coordinated with this permit")).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.change(remark, { target: { value: "Entry waits until the hot work is over" } });
    fireEvent.click(screen.getByTestId("sign-confirm"));
    await waitFor(() =>
      expect(onConfirm).toHaveBeenCalledWith(
        expect.objectContaining({
          clashAcknowledgements: [
            { documentNumber: "PTW-2026-000009", remark: "Entry waits until the hot work is over" },
          ],
        }),
      ),
    );
  });

  it("lists a clash that appeared after it opened once the server refuses, keeping what was typed", async () => {
    const onConfirm = vi.fn(async (_input: TPermitActionInput) => {
      throw new ApiError(
        409,
        "CLASHES_UNACKNOWLEDGED",
        "refused",
        {},
        { details: { permits: "PTW-2026-000009 (Enter tank 3)" } },
      );
    });
    renderIn(<SignDialog action="approve" permit={SENT} onConfirm={onConfirm} onClose={() => {}} />);
    fireEvent.click(screen.getByLabelText(SIGNATURE_DECLARATIONS.approve.en));
    const password = screen.getByTestId("sign-password") as HTMLInputElement;
    fireEvent.change(password, { target: { value: "Correct-horse-9" } });
    await clashesRead();
    clashes = { clashes: [CLASH], acknowledgements: [] };
    fireEvent.click(screen.getByTestId("sign-confirm"));
    expect(
      await screen.findByText(/acknowledge each clash with a remark first \(PTW-2026-000009 \(Enter tank 3\)\)/),
    ).toBeTruthy();
    expect(await screen.findByLabelText(/How is the work coordinated with PTW-2026-000009/)).toBeTruthy();
    expect(password.value).toBe("Correct-horse-9");
  });
});

describe("the close-out form", () => {
  it("names each unanswered or unsafe answer and sends nothing", async () => {
    const onConfirm = vi.fn(async (_input: TPermitActionInput) => undefined);
    renderIn(<CloseOutDialog opened onConfirm={onConfirm} onClose={() => {}} />);
    fireEvent.click(screen.getByTestId("close-out-confirm"));
    expect(await screen.findByText("The area must be left safe to close out")).toBeTruthy();
    expect(screen.getByText("Tools and materials must be removed to close out")).toBeTruthy();
    expect(screen.getByText("Everyone must be out of the area to close out")).toBeTruthy();
    fireEvent.click(screen.getByLabelText("No"));
    fireEvent.click(screen.getByTestId("close-out-confirm"));
    expect(await screen.findByText("Describe what remains to be done")).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("records a close-out with what remains when the work is not complete", async () => {
    const onConfirm = vi.fn(async (_input: TPermitActionInput) => undefined);
    const onClose = vi.fn();
    renderIn(<CloseOutDialog opened onConfirm={onConfirm} onClose={onClose} />);
    fireEvent.click(screen.getByLabelText("No"));
    fireEvent.change(screen.getByTestId("close-out-remaining-work"), { target: { value: "Paint the rail" } });
    for (const label of [
      "The area is left in a safe condition",
      "Tools and materials are removed",
      "Everyone is out of the area",
    ]) {
      fireEvent.click(screen.getByLabelText(label));
    }
    fireEvent.click(screen.getByTestId("close-out-confirm"));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onConfirm).toHaveBeenCalledWith({
      workComplete: false,
      remainingWork: "Paint the rail",
      areaSafe: true,
      toolsRemoved: true,
      peopleOut: true,
    });
  });
});
