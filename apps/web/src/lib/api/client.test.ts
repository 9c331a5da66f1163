import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiError, fakeApi } from "../../test/fake-api";
import { fakeToken } from "../../test/tokens";
import { getStoredToken, storeToken } from "../session/token-storage";
import { ApiError, toApiError } from "./api-error";
import { api, STAYED_AFTER_MS, setSessionExpiredHandler, setTransport } from "./client";
import { isCancel } from "./request-error";
import { uploadWithProgress } from "./upload-with-progress";

const oldToken = fakeToken({ role: "Enterprise", email: "jo@example.com", v: 1 });
const newToken = fakeToken({ role: "Enterprise", email: "jo@example.com", v: 2 });
const expired = vi.fn();

beforeEach(() => {
  expired.mockReset();
  setSessionExpiredHandler(expired);
});

/** 401 for the old token, 200 for the new one; the refresh answers `refreshAnswer`. */
function serverRotating(refreshAnswer: () => { status: number; data?: unknown }) {
  return fakeApi(({ method, url, authorization }) => {
    if (url === "/auth/refresh-token") return refreshAnswer();
    if (authorization === `Bearer ${newToken}`) return { status: 200, data: { data: `${method} ${url} ok` } };
    return apiError(401, "UNAUTHENTICATED");
  });
}

describe("the api client", () => {
  it("sends the stored token as a bearer token, and none without one", async () => {
    const calls = fakeApi(() => ({ status: 200, data: {} }));
    await api.get("/anything");
    storeToken(oldToken);
    await api.get("/anything");
    expect(calls.map((call) => call.authorization)).toEqual([null, `Bearer ${oldToken}`]);
  });

  it("refreshes once on a 401 and repeats the call with the new token", async () => {
    storeToken(oldToken);
    const calls = serverRotating(() => ({ status: 200, data: { data: newToken } }));
    const response = await api.get("/enterprise/things");
    expect(response.data).toEqual({ data: "GET /enterprise/things ok" });
    expect(getStoredToken()).toBe(newToken);
    const refresh = calls.filter((call) => call.url === "/auth/refresh-token");
    expect(refresh).toHaveLength(1);
    expect(refresh[0]!.body).toEqual({ email: "jo@example.com" });
    expect(calls.map((call) => call.url)).toEqual(["/enterprise/things", "/auth/refresh-token", "/enterprise/things"]);
  });

  it("answers a refused signing password at once: no refresh, no second try (it would count twice)", async () => {
    storeToken(oldToken);
    const calls = fakeApi(() => apiError(401, "SIGNATURE_PASSWORD_INVALID"));
    const refused = await api.post("/permits/x/verify", { password: "wrong" }).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe("SIGNATURE_PASSWORD_INVALID");
    expect(calls.map((call) => call.url)).toEqual(["/permits/x/verify"]);
    expect(getStoredToken()).toBe(oldToken);
    expect(expired).not.toHaveBeenCalled();
  });

  it("shares one refresh among concurrent 401s", async () => {
    storeToken(oldToken);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = fakeApi(async ({ url, authorization }) => {
      if (url === "/auth/refresh-token") {
        await gate;
        return { status: 200, data: { data: newToken } };
      }
      return authorization === `Bearer ${newToken}`
        ? { status: 200, data: { data: url } }
        : apiError(401, "UNAUTHENTICATED");
    });
    const pending = Promise.all([api.get("/a"), api.get("/b"), api.get("/c")]);
    await vi.waitFor(() => expect(calls.filter((call) => call.url === "/auth/refresh-token")).toHaveLength(1));
    release();
    const answers = await pending;
    expect(answers.map((answer) => answer.data.data)).toEqual(["/a", "/b", "/c"]);
    expect(calls.filter((call) => call.url === "/auth/refresh-token")).toHaveLength(1);
  });

  it("retries at most once: a second 401 is passed on", async () => {
    storeToken(oldToken);
    const calls = fakeApi(({ url }) =>
      url === "/auth/refresh-token" ? { status: 200, data: { data: newToken } } : apiError(401, "UNAUTHENTICATED"),
    );
    await expect(api.get("/x")).rejects.toMatchObject({ status: 401, code: "UNAUTHENTICATED" });
    expect(calls.map((call) => call.url)).toEqual(["/x", "/auth/refresh-token", "/x"]);
  });

  it("drops the token and goes to sign-in when the refresh fails", async () => {
    storeToken(oldToken);
    serverRotating(() => apiError(401, "REFRESH_FAILED"));
    await expect(api.get("/x")).rejects.toBeInstanceOf(ApiError);
    expect(getStoredToken()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it("leaves the calls that failed for the ended session unsettled while the page goes to sign-in", async () => {
    // The app told of them would react (a router move), and that move would cancel the way to sign-in.
    setSessionExpiredHandler(expired, { leavesPage: true });
    storeToken(oldToken);
    const calls = serverRotating(() => apiError(401, "REFRESH_FAILED"));
    const outcome = (path: string) =>
      Promise.race([
        api.get(path).then(
          () => "settled",
          () => "settled",
        ),
        new Promise((resolve) => setTimeout(() => resolve("pending"), 50)),
      ]);
    expect(await outcome("/x")).toBe("pending");
    expect(expired).toHaveBeenCalledTimes(1);
    // A later call (no token left) hangs too, and asks for no second refresh.
    storeToken(oldToken);
    expect(await outcome("/y")).toBe("pending");
    expect(calls.filter((call) => call.url === "/auth/refresh-token")).toHaveLength(1);
  });

  describe("when the page is still here a while after it was sent to sign-in", () => {
    /** The call, failed for an ended session, and whether it settled yet. */
    async function heldCall() {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      setSessionExpiredHandler(expired, { leavesPage: true });
      storeToken(oldToken);
      serverRotating(() => apiError(401, "REFRESH_FAILED"));
      const outcome: { error?: unknown } = {};
      const call = api.get("/x").catch((error: unknown) => {
        outcome.error = error;
      });
      await vi.waitFor(() => expect(expired).toHaveBeenCalledTimes(1));
      return { call, outcome };
    }

    afterEach(() => {
      vi.useRealTimers();
    });

    it("fails the held calls after all, and later ones at once: the person stayed to keep their typing", async () => {
      const { call, outcome } = await heldCall();
      await vi.advanceTimersByTimeAsync(STAYED_AFTER_MS - 500);
      expect(outcome.error).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1_000);
      await call;
      expect(outcome.error).toMatchObject({ status: 401, code: "UNAUTHENTICATED" });
      await expect(api.get("/y")).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    });

    it("keeps them held once the page is leaving (pagehide)", async () => {
      const { outcome } = await heldCall();
      window.dispatchEvent(new Event("pagehide"));
      await vi.advanceTimersByTimeAsync(STAYED_AFTER_MS * 2);
      expect(outcome.error).toBeUndefined();
    });
  });

  it("treats a refresh that returns no token as failed", async () => {
    storeToken(oldToken);
    serverRotating(() => ({ status: 200, data: { data: "" } }));
    await expect(api.get("/x")).rejects.toBeInstanceOf(ApiError);
    expect(getStoredToken()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it("passes the 401 on when there is no token, or no email in it", async () => {
    const calls = serverRotating(() => ({ status: 200, data: { data: newToken } }));
    await expect(api.get("/x")).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    storeToken(fakeToken({ role: "Enterprise", email: "" }));
    await expect(api.get("/y")).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(calls.map((call) => call.url)).toEqual(["/x", "/y"]);
    expect(expired).not.toHaveBeenCalled();
  });

  it("never refreshes for the public auth calls", async () => {
    storeToken(oldToken);
    const calls = fakeApi(() => apiError(401, "INVALID_CREDENTIALS"));
    await expect(api.post("/auth/sign-in", {})).rejects.toMatchObject({ code: "INVALID_CREDENTIALS" });
    await expect(api.post("/auth/refresh-token", { email: "x" })).rejects.toBeInstanceOf(ApiError);
    expect(calls.map((call) => call.url)).toEqual(["/auth/sign-in", "/auth/refresh-token"]);
    expect(getStoredToken()).toBe(oldToken);
  });

  it("repeats a call with a token another call has refreshed meanwhile, without refreshing again", async () => {
    storeToken(oldToken);
    const calls = fakeApi(({ url, authorization }) => {
      if (url === "/auth/refresh-token") return { status: 200, data: { data: newToken } };
      if (authorization === `Bearer ${oldToken}`) {
        storeToken(newToken); // as if a concurrent call had just refreshed
        return apiError(401, "UNAUTHENTICATED");
      }
      return { status: 200, data: { data: "ok" } };
    });
    await api.get("/x");
    expect(calls.map((call) => call.url)).toEqual(["/x", "/x"]);
  });

  it("turns error bodies into typed ApiErrors and network failures into CONNECTION_ERROR", async () => {
    fakeApi(({ url }) =>
      url === "/down" ? "network-error" : apiError(400, "VALIDATION_FAILED", { email: "invalidEmail" }),
    );
    await expect(api.post("/auth/sign-up", {})).rejects.toMatchObject({
      status: 400,
      code: "VALIDATION_FAILED",
      fields: { email: "invalidEmail" },
    });
    await expect(api.get("/down")).rejects.toMatchObject({ status: 0, code: "CONNECTION_ERROR" });
  });

  it("passes on a failure that is not the network's as it is (a bug is not a lost connection)", async () => {
    const bug = new RangeError("a bug");
    fakeApi(() => {
      throw bug;
    });
    await expect(api.get("/x")).rejects.toBe(bug);
  });

  it("gives answers without an error body a code from their status", async () => {
    fakeApi(() => ({ status: 502, data: "<html>Bad gateway</html>" }));
    await expect(api.get("/x")).rejects.toMatchObject({ status: 502, code: "SERVER_ERROR" });
  });

  it("keeps what explains a refusal: details and the rows of a refused import", async () => {
    fakeApi(() => ({
      status: 409,
      data: { error: { code: "DIVISION_NOT_EMPTY", message: "x", details: { sectors: 2, people: 1, bad: {} } } },
    }));
    await expect(api.delete("/divisions/d1")).rejects.toMatchObject({
      code: "DIVISION_NOT_EMPTY",
      details: { sectors: 2, people: 1 },
      rows: [],
    });
    fakeApi(() => ({
      status: 400,
      data: {
        error: {
          code: "IMPORT_INVALID",
          message: "x",
          rows: [{ row: 4, errors: ["unknownEmail", "badRole", "somethingNew"] }, { row: "x" }],
        },
      },
    }));
    await expect(api.post("/permissions/import", {})).rejects.toMatchObject({
      code: "IMPORT_INVALID",
      rows: [{ row: 4, errors: ["unknownEmail", "badRole"] }],
    });
  });

  it("reads the error body of a file download as JSON", async () => {
    const body = JSON.stringify({ error: { code: "FORBIDDEN", message: "no" } });
    fakeApi(() => ({ status: 403, data: new Blob([body], { type: "application/json" }) }));
    await expect(api.get("/permissions/export", { responseType: "blob" })).rejects.toMatchObject({
      status: 403,
      code: "FORBIDDEN",
    });
  });
});

describe("the api client over the browser's fetch", () => {
  /** fetch as the browser's: `answer` unless the call is cancelled first (then its signal's reason); the calls seen. */
  function browserFetch(answer: () => Response | "never" | "offline") {
    const seen: Array<{ url: string; init: RequestInit }> = [];
    vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Promise<Response>((resolve, reject) => {
        const { signal } = init;
        if (signal?.aborted) return reject(signal.reason);
        signal?.addEventListener("abort", () => reject(signal.reason));
        const answered = answer();
        if (answered === "offline") reject(new TypeError("Failed to fetch"));
        else if (answered !== "never") resolve(answered);
      });
    });
    setTransport(null);
    return seen;
  }

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

  it("writes the query as the former client did: lists as key[], nothing for undefined or null, dates in ISO", async () => {
    const seen = browserFetch(() => json(200, { data: [] }));
    await api.get("/permits", {
      params: {
        status: ["draft", "active"],
        list: "draft,active",
        q: "pipe 3 & co: $5!",
        from: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
        none: undefined,
        nil: null,
        page: 1,
        urgent: true,
        é: "ü",
        mixed: [1, null, "x"],
      },
    });
    // What the former client wrote for the same params (docs/decisions.md, fetch).
    expect(seen[0]!.url).toBe(
      "/api/permits?status%5B%5D=draft&status%5B%5D=active&list=draft,active&q=pipe+3+%26+co:+$5!" +
        "&from=2026-01-02T03:04:05.000Z&page=1&urgent=true&%C3%A9=%C3%BC&mixed%5B%5D=1&mixed%5B%5D=x",
    );
    await api.get("/permits", { params: { q: undefined } });
    expect(seen[1]!.url).toBe("/api/permits");
  });

  it("sends the token, JSON as JSON, FormData as it is, and the refresh cookie when asked", async () => {
    storeToken(oldToken);
    const seen = browserFetch(() => json(200, { data: "ok" }));
    const answer = await api.post("/things", { name: "x" });
    const form = new FormData();
    await api.put("/things/1/file", form, { withCredentials: true, headers: { Accept: "*/*" } });
    expect(answer).toMatchObject({ status: 200, data: { data: "ok" } });
    expect(seen[0]!.init).toMatchObject({
      method: "POST",
      body: JSON.stringify({ name: "x" }),
      credentials: "same-origin",
      headers: { accept: "application/json", "content-type": "application/json", authorization: `Bearer ${oldToken}` },
    });
    expect(seen[1]!.init).toMatchObject({ method: "PUT", body: form, credentials: "include" });
    expect(seen[1]!.init.headers).toEqual({ accept: "*/*", authorization: `Bearer ${oldToken}` });
  });

  it("keeps an answer that is not JSON as its text", async () => {
    browserFetch(() => new Response("plain words", { status: 200 }));
    expect((await api.get("/x")).data).toBe("plain words");
  });

  it("gives a refused file download the code of its JSON body", async () => {
    browserFetch(() => json(409, { error: { code: "DIVISION_NOT_EMPTY", message: "no", details: { sectors: 2 } } }));
    await expect(api.get("/permissions/export", { responseType: "blob" })).rejects.toMatchObject({
      status: 409,
      code: "DIVISION_NOT_EMPTY",
      details: { sectors: 2 },
    });
  });

  it("answers a failed network with CONNECTION_ERROR", async () => {
    browserFetch(() => "offline");
    await expect(api.get("/x")).rejects.toMatchObject({ status: 0, code: "CONNECTION_ERROR" });
  });

  it("rejects a cancelled call with its cancellation, which toApiError passes on untouched", async () => {
    const seen = browserFetch(() => "never");
    const controller = new AbortController();
    const call = api.get("/x", { signal: controller.signal }).catch((caught: unknown) => caught);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    controller.abort();
    const cancelled = await call;
    expect(isCancel(cancelled)).toBe(true);
    expect(cancelled).not.toBeInstanceOf(ApiError);
    expect(toApiError(cancelled)).toBe(cancelled);
  });

  it("does not send a call cancelled before it left", async () => {
    const calls = fakeApi(() => ({ status: 200 }));
    const controller = new AbortController();
    controller.abort();
    const cancelled = await api.get("/x", { signal: controller.signal }).catch((caught: unknown) => caught);
    expect(isCancel(cancelled)).toBe(true);
    expect(calls).toEqual([]);
  });
});

describe("an upload with progress", () => {
  /** XMLHttpRequest as the browser's, sending in two halves, then answering `status` with `body`. */
  function browserXhr(answers: Array<{ status: number; body: unknown }>) {
    const sent: Array<{ method: string; url: string; headers: Record<string, string>; body: unknown }> = [];
    class FakeXhr {
      upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      responseType = "";
      withCredentials = false;
      status = 0;
      responseText = "";
      response: unknown = null;
      onload?: () => void;
      onerror?: () => void;
      onabort?: () => void;
      private request = { method: "", url: "", headers: {} as Record<string, string>, body: null as unknown };
      open(method: string, url: string) {
        Object.assign(this.request, { method, url });
      }
      setRequestHeader(name: string, value: string) {
        this.request.headers[name] = value;
      }
      getAllResponseHeaders() {
        return "content-type: application/json\r\n";
      }
      send(body: unknown) {
        sent.push({ ...this.request, body });
        const answer = answers.shift()!;
        setTimeout(() => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
          this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
          this.status = answer.status;
          this.responseText = JSON.stringify(answer.body);
          this.onload?.();
        });
      }
    }
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    setTransport(null);
    return sent;
  }

  it("reports its progress, and refreshes the token on a 401 as any call does", async () => {
    storeToken(oldToken);
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ data: newToken }), { status: 200 }));
    const sent = browserXhr([
      { status: 401, body: { error: { code: "UNAUTHENTICATED", message: "x" } } },
      { status: 201, body: { data: { id: "f1" } } },
    ]);
    const progress: number[] = [];
    const body = new FormData();
    const answer = await uploadWithProgress({
      method: "POST",
      url: "/permits/p1/files",
      body,
      onProgress: (f) => progress.push(f),
    });
    expect(answer).toMatchObject({ status: 201, data: { data: { id: "f1" } } });
    expect(sent.map((request) => [request.method, request.url, request.headers.authorization])).toEqual([
      ["POST", "/api/permits/p1/files", `Bearer ${oldToken}`],
      ["POST", "/api/permits/p1/files", `Bearer ${newToken}`],
    ]);
    expect(sent[0]!.body).toBe(body);
    expect(progress).toEqual([0.5, 1, 0.5, 1]);
  });

  it("goes to the tests' fake server like every call", async () => {
    const calls = fakeApi(() => ({ status: 200, data: { data: "ok" } }));
    const body = new FormData();
    await uploadWithProgress({ method: "PUT", url: "/sectors/s1/map", body });
    expect(calls).toEqual([{ method: "PUT", url: "/sectors/s1/map", params: {}, body, authorization: null }]);
  });
});
