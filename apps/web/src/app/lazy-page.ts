import type { ComponentType } from "react";
import { allTranslations } from "../lib/i18n/all-translations";

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

/**
 * A route `lazy` that loads one named component of a page module, and every translation (`allTranslations`: no text of
 * the page can suspend it once open), within the chunk timeout.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return async () => {
    const module = await withTranslations(load);
    return { Component: module[name] as ComponentType };
  };
}

/** A page's module and every translation (`allTranslations`), within the chunk timeout: the module. */
export async function withTranslations<M>(load: () => Promise<M>): Promise<M> {
  const [module] = await withTimeout(() => Promise.all([load(), allTranslations()]));
  return module;
}

/**
 * The same for the sign-in page, a visitor's first screen: its module alone, since its texts are among those the app
 * starts with (FIRST_NAMESPACES; `first-screen-texts.test.tsx` holds it to them).
 */
export function lazyFirstPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return async () => {
    const module = await withTimeout(load);
    return { Component: module[name] as ComponentType };
  };
}
