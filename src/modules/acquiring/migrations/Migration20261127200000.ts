import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261127200000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "acquiring_settings" ("id" text not null, "provider_id" text not null, "version" integer not null, "values" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_settings_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_acquiring_settings_provider_id_version_unique" ON "acquiring_settings" ("provider_id", "version") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_settings_deleted_at" ON "acquiring_settings" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "acquiring_settings_audit" ("id" text not null, "provider_id" text not null, "version" integer not null, "actor_id" text not null, "actor_email" text null, "changes" jsonb not null, "check_overridden" boolean not null default false, "check" jsonb null, "restored_from" integer null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_settings_audit_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_settings_audit_provider_id_version" ON "acquiring_settings_audit" ("provider_id", "version") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_settings_audit_deleted_at" ON "acquiring_settings_audit" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`alter table if exists "acquiring_gateway_order" add column if not exists "settings_version" integer not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "acquiring_settings" cascade;`);
    this.addSql(`drop table if exists "acquiring_settings_audit" cascade;`);
    this.addSql(`alter table if exists "acquiring_gateway_order" drop column if exists "settings_version";`);
  }

}
