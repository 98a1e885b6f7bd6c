const { MetadataStorage } = require("@medusajs/framework/mikro-orm/core")

MetadataStorage.clear()

// Medusa logs every boot step at info; in jest that buries a failure under thousands of
// lines. Warnings and errors still print; log-capture helpers wrap the logger itself, so
// they see every level. Child processes that tests read set their own level.
process.env.LOG_LEVEL = process.env.ACQUIRING_TEST_LOG_LEVEL || "warn"
