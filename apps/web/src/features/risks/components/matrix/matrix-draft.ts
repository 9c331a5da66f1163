import type { TCriticalityFlow, TRiskMatrix, TRiskMatrixInput } from "@openpermit/shared";

/**
 * The matrix as edited on the page, before it is saved in one PUT /api/risk-matrix. Axes are in rank
 * order (rank = position + 1, lowest first); new items get local keys ("new-1") that the server turns
 * into ids; cells map "probabilityKey severityKey" to a level key ("" = not chosen yet).
 */
export interface TAxisItem {
  key: string;
  label: string;
}

export interface TLevelItem {
  key: string;
  name: string;
  colour: string;
  description: string;
  flow: TCriticalityFlow;
}

export interface TMatrixDraft {
  probabilities: TAxisItem[];
  severities: TAxisItem[];
  levels: TLevelItem[];
  cells: Record<string, string>;
}

export type TAxis = "probabilities" | "severities";

export const cellKey = (probabilityKey: string, severityKey: string) => `${probabilityKey} ${severityKey}`;

export function draftOf(matrix: Pick<TRiskMatrix, "probabilities" | "severities" | "levels" | "cells">): TMatrixDraft {
  const byRank = <T extends { rank: number }>(items: T[]) => [...items].sort((a, b) => a.rank - b.rank);
  const cells: Record<string, string> = {};
  for (const cell of matrix.cells) cells[cellKey(cell.probabilityId, cell.severityId)] = cell.levelId;
  return {
    probabilities: byRank(matrix.probabilities).map(({ id, label }) => ({ key: id, label })),
    severities: byRank(matrix.severities).map(({ id, label }) => ({ key: id, label })),
    levels: matrix.levels.map(({ id, name, colour, description, flow }) => ({
      key: id,
      name,
      colour,
      description,
      flow,
    })),
    cells,
  };
}

let counter = 0;
/** A key no saved item has (server ids are uuids). */
export const newKey = () => `new-${++counter}`;

/** Both axes need a level before there is a grid ("Severity and probability must be added to the table"). */
export const hasGrid = (draft: TMatrixDraft) => draft.probabilities.length > 0 && draft.severities.length > 0;

export function addAxisItem(draft: TMatrixDraft, axis: TAxis, label = ""): TMatrixDraft {
  return { ...draft, [axis]: [...draft[axis], { key: newKey(), label }] };
}

export function setAxisLabel(draft: TMatrixDraft, axis: TAxis, key: string, label: string): TMatrixDraft {
  return { ...draft, [axis]: draft[axis].map((item) => (item.key === key ? { ...item, label } : item)) };
}

/** Moves an item one place (-1 lower rank, +1 higher); at an end nothing changes. */
export function moveAxisItem(draft: TMatrixDraft, axis: TAxis, key: string, by: -1 | 1): TMatrixDraft {
  return { ...draft, [axis]: move(draft[axis], key, by) };
}

export function move<T extends { key: string }>(items: T[], key: string, by: -1 | 1): T[] {
  const from = items.findIndex((item) => item.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= items.length) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** Removes an axis item and its row or column of cells. */
export function removeAxisItem(draft: TMatrixDraft, axis: TAxis, key: string): TMatrixDraft {
  const cells = Object.fromEntries(
    Object.entries(draft.cells).filter(([cell]) => {
      const [probability, severity] = cell.split(" ");
      return (axis === "probabilities" ? probability : severity) !== key;
    }),
  );
  return { ...draft, [axis]: draft[axis].filter((item) => item.key !== key), cells };
}

export function addLevel(draft: TMatrixDraft, colour: string): TMatrixDraft {
  const level: TLevelItem = { key: newKey(), name: "", colour, description: "", flow: "verify" };
  return { ...draft, levels: [...draft.levels, level] };
}

export function updateLevel(draft: TMatrixDraft, key: string, patch: Partial<Omit<TLevelItem, "key">>): TMatrixDraft {
  return { ...draft, levels: draft.levels.map((level) => (level.key === key ? { ...level, ...patch } : level)) };
}

/** Removes a level; the cells that pointed at it are left to choose again. */
export function removeLevel(draft: TMatrixDraft, key: string): TMatrixDraft {
  const cells = Object.fromEntries(Object.entries(draft.cells).filter(([, level]) => level !== key));
  return { ...draft, levels: draft.levels.filter((level) => level.key !== key), cells };
}

export function setCell(
  draft: TMatrixDraft,
  probabilityKey: string,
  severityKey: string,
  levelKey: string,
): TMatrixDraft {
  return { ...draft, cells: { ...draft.cells, [cellKey(probabilityKey, severityKey)]: levelKey } };
}

/** The level of a cell, if one is chosen and still exists. */
export function levelOfCell(draft: TMatrixDraft, probabilityKey: string, severityKey: string): TLevelItem | undefined {
  const key = draft.cells[cellKey(probabilityKey, severityKey)];
  return key ? draft.levels.find((level) => level.key === key) : undefined;
}

/** How many cells still have no level. */
export function missingCells(draft: TMatrixDraft): number {
  let missing = 0;
  for (const probability of draft.probabilities)
    for (const severity of draft.severities) if (!levelOfCell(draft, probability.key, severity.key)) missing++;
  return missing;
}

/** The PUT /api/risk-matrix body: ranks from the order, one cell per probability × severity that has a level. */
export function inputOf(draft: TMatrixDraft): TRiskMatrixInput {
  const axis = (items: TAxisItem[]) =>
    items.map((item, index) => ({ id: item.key, rank: index + 1, label: item.label }));
  const cells: TRiskMatrixInput["cells"] = [];
  for (const probability of draft.probabilities)
    for (const severity of draft.severities) {
      const level = levelOfCell(draft, probability.key, severity.key);
      if (level) cells.push({ probabilityId: probability.key, severityId: severity.key, levelId: level.key });
    }
  return {
    probabilities: axis(draft.probabilities),
    severities: axis(draft.severities),
    levels: draft.levels.map(({ key, name, colour, description, flow }) => ({
      id: key,
      name,
      colour,
      description,
      flow,
    })),
    cells,
  };
}

// ── Colours ─────────────────────────────────────────────────────────────────────────────────────────

/** WCAG relative luminance of "#rrggbb" (null when it is not such a colour). */
export function luminance(colour: string): number | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour.trim());
  if (!match) return null;
  const [r, g, b] = match.slice(1).map((hex) => {
    const channel = Number.parseInt(hex, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: number, b: number): number {
  const [light, dark] = a > b ? [a, b] : [b, a];
  return (light + 0.05) / (dark + 0.05);
}

const DARK_TEXT = "#000000";
const LIGHT_TEXT = "#ffffff";

/** The text colour (black or white) that reads best on a background: at least 4.58:1 on any colour. */
export function textColourOn(background: string): string {
  const bg = luminance(background);
  if (bg === null) return DARK_TEXT;
  const dark = luminance(DARK_TEXT)!;
  return contrastRatio(bg, dark) >= contrastRatio(bg, 1) ? DARK_TEXT : LIGHT_TEXT;
}

/** Colours offered for new levels, in turn. */
export const LEVEL_SWATCHES = ["#2f9e44", "#fab005", "#fd7e14", "#e03131", "#1971c2", "#7048e8", "#868e96"];
