/** Location state of a visit an area guard refused: where the user tried to go. */
export interface TDeniedState {
  deniedFrom: string;
}

export function deniedFrom(state: unknown): string | null {
  const value = (state as Partial<TDeniedState> | null)?.deniedFrom;
  return typeof value === "string" ? value : null;
}
