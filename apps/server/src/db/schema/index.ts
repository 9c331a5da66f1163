export * from "./auth";
export * from "./companies";
export * from "./demands";
export * from "./enums";
export * from "./users";
