export * from "./applications";
export * from "./auth";
export * from "./booking";
export * from "./catalog";
export * from "./loyalty";
export * from "./messaging";
export * from "./network";
export * from "./restock";
