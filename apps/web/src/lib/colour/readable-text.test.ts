import { describe, expect, it } from "vitest";
import { readableTextOn } from "./readable-text";

describe("readableTextOn", () => {
  it("puts black on the default matrix's light and mid-tone levels, white on dark ones", () => {
    expect(readableTextOn("#2f9e44")).toBe("#000000"); // green: 4.6:1 with black, 3.4:1 with white
    expect(readableTextOn("#fab005")).toBe("#000000");
    expect(readableTextOn("#fd7e14")).toBe("#000000");
    expect(readableTextOn("#e03131")).toBe("#000000");
    expect(readableTextOn("#1971c2")).toBe("#ffffff");
    expect(readableTextOn("#000000")).toBe("#ffffff");
  });

  it("falls back to black for anything that is not #rrggbb", () => {
    expect(readableTextOn("red")).toBe("#000000");
  });
});
