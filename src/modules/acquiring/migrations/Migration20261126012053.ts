import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261126012053 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "acquiring_capture_due" drop constraint if exists "acquiring_capture_due_order_id_unique";`);
    this.addSql(`create table if not exists "acquiring_capture_due" ("id" text not null, "order_id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_capture_due_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_acquiring_capture_due_order_id_unique" ON "acquiring_capture_due" ("order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_capture_due_deleted_at" ON "acquiring_capture_due" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "acquiring_capture_due" cascade;`);
  }

}
