import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { Providers } from "../../../app/providers";
import { createTestQueryClient } from "../../../test/query-client";
import { createTestI18n } from "../../../test/test-i18n";
import { ChecklistEditor, movedPositions, removedPositions } from "./checklist-editor";

let state: { items: string[]; positions: number[] };
function Harness() {
  const [items, setItems] = useState(["Area ventilated", "Scaffold tagged", "Guard fitted"]);
  const [positions, setPositions] = useState<number[]>([1]);
  state = { items, positions };
  return (
    <ChecklistEditor
      items={items}
      mayBeNotApplicable={positions}
      onChange={(next, nextPositions) => {
        setItems(next);
        setPositions(nextPositions);
      }}
    />
  );
}

describe("the checklist editor's 'not applicable' marks", () => {
  it("follow their item when it moves or another goes", () => {
    expect(movedPositions([1], 1, -1)).toEqual([0]);
    expect(movedPositions([0], 1, -1)).toEqual([1]);
    expect(movedPositions([0, 1], 0, 1)).toEqual([0, 1]);
    expect(removedPositions([0, 2], 1)).toEqual([0, 1]);
    expect(removedPositions([1], 1)).toEqual([]);
  });

  it("are set per item, from the keyboard too, and stay with the item moved", () => {
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <Providers queryClient={createTestQueryClient()} env="test">
          <Harness />
        </Providers>
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole("checkbox", { name: "Item 3 may be answered “not applicable”" }));
    expect(state.positions).toEqual([1, 2]);
    fireEvent.click(screen.getByRole("button", { name: "Move checklist item 2 up" }));
    expect(state).toEqual({ items: ["Scaffold tagged", "Area ventilated", "Guard fitted"], positions: [0, 2] });
    fireEvent.click(screen.getByRole("button", { name: "Remove checklist item 1" }));
    expect(state).toEqual({ items: ["Area ventilated", "Guard fitted"], positions: [1] });
  });
});
