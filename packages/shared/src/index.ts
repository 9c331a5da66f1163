export * from "./auth/policies";
export * from "./auth/roles";
export * from "./errors";
export * from "./schemas/auth";
export * from "./schemas/common";
export * from "./schemas/demand";
export * from "./schemas/profile";
export * from "./validation";
