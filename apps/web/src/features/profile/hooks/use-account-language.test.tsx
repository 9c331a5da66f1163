import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { i18n as TI18n } from "i18next";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { Providers } from "../../../app/providers";
import { LanguageSwitch } from "../../../components/language-switch";
import { fakeApi, type TFakeAnswer } from "../../../test/fake-api";
import { createTestQueryClient } from "../../../test/query-client";
import { createTestI18n } from "../../../test/test-i18n";
import { takeAccountLanguage } from "./take-account-language";
import { useAccountLanguage } from "./use-account-language";

const me = (language: string) => ({
  status: 200,
  data: {
    data: {
      id: "u1",
      name: "Lena",
      email: "lena@x.io",
      role: "Responsible",
      phone: null,
      language,
      status: "active",
      createdAt: "2026-01-01T00:00:00.000Z",
    },
  },
});

function Header() {
  return <LanguageSwitch onChosen={useAccountLanguage()} />;
}

function renderHeader(): TI18n {
  const i18n = createTestI18n();
  render(
    <I18nextProvider i18n={i18n}>
      <Providers queryClient={createTestQueryClient()} env="test">
        <Header />
      </Providers>
    </I18nextProvider>,
  );
  return i18n;
}

describe("the language follows the person", () => {
  it("takes the account's language on signing in, whatever this browser had", async () => {
    fakeApi(({ url }) => (url === "/auth/me" ? me("fr") : { status: 404 }));
    const i18n = createTestI18n();
    await takeAccountLanguage(createTestQueryClient(), i18n);
    expect(i18n.language).toBe("fr");
  });

  it("keeps the language as it is when the account cannot be read", async () => {
    fakeApi(() => ({ status: 503 }));
    const i18n = createTestI18n();
    await takeAccountLanguage(createTestQueryClient(), i18n);
    expect(i18n.language).toBe("en");
  });

  it("saves a choice on the account, and a read of the account still on its way does not undo it", async () => {
    let answerRead: (answer: TFakeAnswer) => void = () => {};
    const calls = fakeApi(({ method, url, body }) => {
      if (method === "GET" && url === "/auth/me") return new Promise((resolve) => (answerRead = resolve)) as never;
      if (method === "PATCH" && url === "/auth/me") return me((body as { language: string }).language);
      return { status: 404 };
    });
    const i18n = renderHeader();
    await waitFor(() => expect(calls.some((c) => c.method === "GET")).toBe(true));
    fireEvent.click(screen.getByText("FR"));
    await waitFor(() => expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ language: "fr" }));
    // The read sent before the choice answers now, with the language the account had before.
    answerRead(me("en"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(i18n.language).toBe("fr");
  });
});
