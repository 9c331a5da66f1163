export * from "./auth";
export * from "./companies";
export * from "./demands";
export * from "./enums";
export * from "./files";
export * from "./risks";
export * from "./sectors";
export * from "./users";
