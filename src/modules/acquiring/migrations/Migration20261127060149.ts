import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261127060149 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "acquiring_notification_seal" drop constraint if exists "acquiring_notification_seal_signature_hash_unique";`);
    this.addSql(`create table if not exists "acquiring_notification_seal" ("id" text not null, "signature_hash" text not null, "digest" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_notification_seal_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_acquiring_notification_seal_signature_hash_unique" ON "acquiring_notification_seal" ("signature_hash") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_notification_seal_deleted_at" ON "acquiring_notification_seal" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_notification_seal_created_at" ON "acquiring_notification_seal" ("created_at") WHERE deleted_at IS NULL;`);

    this.addSql(`alter table if exists "acquiring_notification" add column if not exists "digest" text null, add column if not exists "deliveries" integer not null default 1, add column if not exists "last_seen_at" timestamptz null, add column if not exists "signature" text null;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_notification_digest" ON "acquiring_notification" ("digest") WHERE deleted_at IS NULL;`);

    // Rows written before: seen when received; the signature out of the fields (kept apart where the row may be processed again), the token masked.
    this.addSql(`update "acquiring_notification" set "last_seen_at" = "created_at" where "last_seen_at" is null;`);
    this.addSql(`update "acquiring_notification" set "signature" = coalesce("fields"->>'encryption_data', "fields"->>'signInfo') where "verdict" <> 'accepted' and "signature" is null;`);
    for (const key of ["encryption_data", "signInfo", "token_id", "card_expiry"]) {
      this.addSql(`update "acquiring_notification" set "fields" = jsonb_set("fields", '{${key}}', '"[masked]"') where "fields" ? '${key}';`);
    }
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "acquiring_notification_seal" cascade;`);

    this.addSql(`drop index if exists "IDX_acquiring_notification_digest";`);
    this.addSql(`alter table if exists "acquiring_notification" drop column if exists "digest", drop column if exists "deliveries", drop column if exists "last_seen_at", drop column if exists "signature";`);
  }

}
