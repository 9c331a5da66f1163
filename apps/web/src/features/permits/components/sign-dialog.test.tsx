import { MantineProvider } from "@mantine/core";
import { SIGNATURE_DECLARATIONS, type TPermitActionInput } from "@openpermit/shared";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api/api-error";
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

function renderIn(node: React.ReactNode) {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <MantineProvider env="test">{node}</MantineProvider>
    </I18nextProvider>,
  );
}

const wrongPassword = () => new ApiError(401, "SIGNATURE_PASSWORD_INVALID", "wrong");

describe("the sign dialog", () => {
  it("shows what is signed and the declaration in the reader's language, and needs both the box and the password", async () => {
    const onConfirm = vi.fn(async (_input: TPermitActionInput) => undefined);
    renderIn(<SignDialog action="verify" permit={SENT} onConfirm={onConfirm} onClose={() => {}} />);
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
    const dialog = (shown: typeof SENT) => (
      <I18nextProvider i18n={createTestI18n()}>
        <MantineProvider env="test">
          <SignDialog action="verify" permit={shown} onConfirm={onConfirm} onClose={() => {}} />
        </MantineProvider>
      </I18nextProvider>
    );
    const { rerender } = render(dialog(SENT));
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
