export * from "./payouts"
export * from "./acquiring"
