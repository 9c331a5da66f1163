import { describe, expect, it } from "vitest";
import { slugify } from "./save-blob";

describe("file names", () => {
  it("slugifies names for file names", () => {
    expect(slugify("Nord – Usine 2")).toBe("nord-usine-2");
    expect(slugify("Énergie & Côte")).toBe("energie-cote");
    expect(slugify("../../etc")).toBe("etc");
  });
});
