// jsdom ships no types and @types/jsdom is not installed; the test environment needs only this much.
declare module "jsdom" {
  export class JSDOM {
    constructor(html: string, options?: { url?: string; pretendToBeVisual?: boolean; runScripts?: "dangerously" });
    readonly window: Window & typeof globalThis;
  }
}
