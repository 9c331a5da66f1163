import { jsx } from "react/jsx-runtime";
import { describe, expect, it } from "vitest";

describe("the test setup (src/test/setup.ts)", () => {
  // Each element React's development build creates carries the trace of where it was created (`_debugStack`), an
  // `Error` each unless its owner stacks are off. If a React version stops reading the counter the setup holds, this
  // fails and the suite is a tenth slower until the setup follows it.
  it("turns off React's owner stack per element", () => {
    const first = jsx("div", {}) as unknown as { _debugStack?: unknown };
    const second = jsx("div", {}) as unknown as { _debugStack?: unknown };
    expect(first._debugStack).toBeDefined();
    expect(second._debugStack).toBe(first._debugStack);
  });
});
