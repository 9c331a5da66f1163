import { JSDOM } from "jsdom";
import { type Environment, populateGlobal } from "vitest/runtime";

/**
 * Vitest's built-in `jsdom` environment imports `jsdom` from vitest's own folder, but npm installed
 * jsdom under apps/web/node_modules (it is this workspace's dev dependency), where only code in this
 * workspace can resolve it. This is the same set-up, resolved from here.
 */
export default {
  name: "jsdom",
  viteEnvironment: "client",
  async setup(global) {
    const dom = new JSDOM("<!DOCTYPE html>", {
      url: "http://localhost:3000",
      pretendToBeVisual: true,
      runScripts: "dangerously",
    });
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
