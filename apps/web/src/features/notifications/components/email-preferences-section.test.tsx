import { NOTIFICATION_KINDS, notificationKindsOf, type TNotificationKind } from "@openpermit/shared";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import en from "../../../../public/locales/en/notifications.json";
import fr from "../../../../public/locales/fr/notifications.json";
import { Providers } from "../../../app/providers";
import { apiError, fakeApi } from "../../../test/fake-api";
import { createTestQueryClient } from "../../../test/query-client";
import { createTestI18n } from "../../../test/test-i18n";
import { EmailPreferencesSection } from "./email-preferences-section";

/** The preferences API of a Supplier, kept in memory; `failSave` answers the next PUT with that error. */
function server(options: { failSave?: ReturnType<typeof apiError> } = {}) {
  const muted = new Set<TNotificationKind>(["permit.cancelled"]);
  const answer = () => ({
    status: 200,
    data: { data: { kinds: notificationKindsOf("Supplier").map((kind) => ({ kind, email: !muted.has(kind) })) } },
  });
  return fakeApi(({ method, url, body }) => {
    if (url === "/me/notification-preferences" && method === "GET") return answer();
    if (url === "/me/notification-preferences" && method === "PUT") {
      if (options.failSave) return options.failSave;
      for (const [kind, email] of Object.entries((body as { email: Record<string, boolean> }).email)) {
        if (email) muted.delete(kind as TNotificationKind);
        else muted.add(kind as TNotificationKind);
      }
      return answer();
    }
    return { status: 404, data: { error: { code: "NOT_FOUND", message: "not found" } } };
  });
}

/** The section alone (the profile page composes it), for a Supplier. */
function renderSection() {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <Providers queryClient={createTestQueryClient()} env="test">
        <EmailPreferencesSection />
      </Providers>
    </I18nextProvider>,
  );
}
const section = async () => screen.findByRole("region", { name: "E-mail notifications" });

describe("the profile's e-mail notifications", () => {
  it("shows a switch per kind the role receives, with its explanation, as the server holds them", async () => {
    server();
    renderSection();
    const region = await section();
    const switches = await within(region).findAllByRole("switch");
    expect(switches).toHaveLength(notificationKindsOf("Supplier").length);
    expect(within(region).queryByRole("switch", { name: /Permit sent for verification/ })).toBeNull();
    const recheck = within(region).getByRole("switch", { name: /^Recheck requested/ }) as HTMLInputElement;
    expect(recheck.checked).toBe(true);
    expect(recheck.getAttribute("aria-describedby")).toBeTruthy();
    expect(within(region).getByText("A permit you created needs changes, with the reason.")).toBeTruthy();
    expect((within(region).getByRole("switch", { name: /^Permit cancelled/ }) as HTMLInputElement).checked).toBe(false);
  });

  it("saves only what changed, says so, and keeps what the server answered", async () => {
    const calls = server();
    renderSection();
    const region = await section();
    const save = (await within(region).findByRole("button", { name: "Save preferences" })) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.click(within(region).getByRole("switch", { name: /^Recheck requested/ }));
    fireEvent.click(within(region).getByRole("switch", { name: /^Permit cancelled/ }));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText("E-mail preferences saved")).toBeTruthy();
    const put = calls.find((call) => call.method === "PUT");
    expect(put?.body).toEqual({ email: { "permit.recheck": false, "permit.cancelled": true } });

    await waitFor(() =>
      expect((within(region).getByRole("button", { name: "Save preferences" }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    expect((within(region).getByRole("switch", { name: /^Recheck requested/ }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect((within(region).getByRole("switch", { name: /^Permit cancelled/ }) as HTMLInputElement).checked).toBe(true);
  });

  it("shows a refusal and keeps the choices made", async () => {
    server({ failSave: apiError(400, "VALIDATION_FAILED", { "email.permit.recheck": "invalidValue" }) });
    renderSection();
    const region = await section();
    fireEvent.click(await within(region).findByRole("switch", { name: /^Recheck requested/ }));
    fireEvent.click(within(region).getByRole("button", { name: "Save preferences" }));
    expect(await within(region).findByRole("alert")).toBeTruthy();
    expect((within(region).getByRole("switch", { name: /^Recheck requested/ }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it("has a label and an explanation for every kind, in English and in French", () => {
    type TTexts = Record<string, Record<string, { label?: string; help?: string }>>;
    for (const locale of [en, fr]) {
      const texts = (locale as unknown as { preferences: TTexts }).preferences;
      for (const kind of NOTIFICATION_KINDS) {
        const [group, name] = kind.split(".") as [string, string];
        expect(texts[group]?.[name]?.label, kind).toBeTruthy();
        expect(texts[group]?.[name]?.help, kind).toBeTruthy();
      }
    }
  });
});
