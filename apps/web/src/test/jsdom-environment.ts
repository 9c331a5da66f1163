import { JSDOM } from "jsdom";
import { type Environment, populateGlobal } from "vitest/runtime";

/**
 * Vitest's built-in `jsdom` environment imports `jsdom` from vitest's own folder, but npm installed
 * jsdom under apps/web/node_modules (this workspace's dev dependency), where only code in this
 * workspace can resolve it. This is the same set-up as the built-in one, resolved from here.
 */

/**
 * AbortController stays Node's (fetch and Request need it), but jsdom's addEventListener accepts only
 * its own AbortSignal: hand it a jsdom signal that follows the Node one (as vitest's environment does).
 */
function acceptNodeAbortSignals(window: Window & typeof globalThis): void {
  const JsdomAbortController = window.AbortController;
  const JsdomAbortSignal = window.AbortSignal;
  const mirrors = new WeakMap<AbortSignal, AbortController>();
  const mirrorOf = (signal: AbortSignal) => {
    let mirror = mirrors.get(signal);
    if (!mirror) {
      const created = new JsdomAbortController();
      signal.addEventListener("abort", () => created.abort(signal.reason));
      mirrors.set(signal, created);
      mirror = created;
    }
    return mirror.signal;
  };
  const original = window.EventTarget.prototype.addEventListener;
  window.EventTarget.prototype.addEventListener = function addEventListener(type, listener, options) {
    if (typeof options === "object" && options?.signal && !(options.signal instanceof JsdomAbortSignal)) {
      return original.call(this, type, listener, { ...options, signal: mirrorOf(options.signal) });
    }
    return original.call(this, type, listener, options);
  };
}

export default {
  name: "jsdom",
  viteEnvironment: "client",
  async setup(global) {
    const dom = new JSDOM("<!DOCTYPE html>", {
      url: "http://localhost:3000",
      pretendToBeVisual: true,
      runScripts: "dangerously",
    });
    acceptNodeAbortSignals(dom.window);
    const { keys, originals } = populateGlobal(global, dom.window, { bindFunctions: true });
    return {
      teardown(target) {
        dom.window.close();
        for (const key of keys) delete target[key];
        for (const [key, value] of originals) target[key] = value;
      },
    };
  },
} satisfies Environment;
