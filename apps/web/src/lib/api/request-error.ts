import type { TResponse } from "./transport";

/** A call that got no answer (`response` undefined: the network failed) or an answer outside 2xx. */
export class RequestError extends Error {
  readonly response: TResponse | undefined;

  constructor(message: string, response?: TResponse) {
    super(message);
    this.name = "RequestError";
    this.response = response;
  }
}

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError;
}

/** What a call cancelled through its `signal` rejects with: the signal's reason, an AbortError unless told otherwise. */
export function isCancel(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";
}
