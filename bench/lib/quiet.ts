/** Imported first: Medusa's logger reads LOG_LEVEL when it loads; request lines would drown the figures. */
process.env.LOG_LEVEL ??= "error"
process.env.MEDUSA_DISABLE_TELEMETRY ??= "true"
export {}
