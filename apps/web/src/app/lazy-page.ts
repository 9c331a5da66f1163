import type { ComponentType } from "react";

/** A page chunk that has not arrived after 120 s counts as failed (docs/domain.md, Constants and limits). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeoutError extends Error {
  constructor(ms: number) {
    super(`The page did not load within ${ms / 1000} s`);
    this.name = "ChunkLoadTimeoutError";
  }
}

export function withTimeout<T>(load: () => Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadTimeoutError(ms)), ms);
  });
  return Promise.race([load(), timeout]).finally(() => clearTimeout(timer));
}

/** A route `lazy` that loads one named component of a page module, within the chunk timeout. */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return async () => {
    const module = await withTimeout(load);
    return { Component: module[name] as ComponentType };
  };
}
