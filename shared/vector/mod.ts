export * from "./index.ts";
