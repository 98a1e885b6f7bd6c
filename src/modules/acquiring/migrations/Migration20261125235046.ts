import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261125235046 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "acquiring_dispute" drop constraint if exists "acquiring_dispute_payment_id_dispute_id_unique";`);
    this.addSql(`create table if not exists "acquiring_dispute" ("id" text not null, "dispute_id" text not null, "order_no" text not null, "payment_id" text not null, "status" text check ("status" in ('opened', 'under_review', 'won', 'lost', 'closed')) not null, "gateway_status" text not null, "reason" text null, "amount" numeric null, "deadline" text null, "opened_at" text not null, "closed_at" text null, "history" jsonb not null, "raw_amount" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_dispute_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_dispute_deleted_at" ON "acquiring_dispute" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_acquiring_dispute_payment_id_dispute_id_unique" ON "acquiring_dispute" ("payment_id", "dispute_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_dispute_order_no" ON "acquiring_dispute" ("order_no") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "acquiring_dispute" cascade;`);
  }

}
