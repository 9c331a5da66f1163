import { useRef } from "react";

/**
 * The last value that was not null: a closing modal keeps its title through the close transition
 * (a dialog without a name, even briefly, is an accessibility error).
 */
export function useRetained<T>(value: T | null | undefined): T | null {
  const last = useRef<T | null>(null);
  if (value !== null && value !== undefined) last.current = value;
  return last.current;
}
