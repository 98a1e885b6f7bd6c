import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261125233827 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "acquiring_gateway_order" drop constraint if exists "acquiring_gateway_order_order_no_unique";`);
    this.addSql(`create table if not exists "acquiring_gateway_order" ("id" text not null, "order_no" text not null, "provider_id" text not null, "account_id" text null, "kind" text not null, "amount" numeric not null, "currency_code" text not null, "session_id" text not null, "payment_collection_id" text null, "cart_id" text null, "state" text check ("state" in ('open', 'attached', 'settled', 'unmatched', 'closed')) not null default 'open', "gateway_status" text null, "checked_at" timestamptz null, "page_expires_at" timestamptz null, "orphan_reason" text null, "settlement" text null, "settled_at" timestamptz null, "settlement_detail" text null, "raw_amount" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_gateway_order_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_acquiring_gateway_order_order_no_unique" ON "acquiring_gateway_order" ("order_no") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_gateway_order_deleted_at" ON "acquiring_gateway_order" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_gateway_order_state" ON "acquiring_gateway_order" ("state") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_gateway_order_session_id" ON "acquiring_gateway_order" ("session_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_gateway_order_payment_collection_id" ON "acquiring_gateway_order" ("payment_collection_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_gateway_order_created_at" ON "acquiring_gateway_order" ("created_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "acquiring_movement" ("id" text not null, "order_no" text not null, "kind" text check ("kind" in ('capture', 'cancel', 'refund', 'review')) not null, "source" text not null, "payment_id" text null, "amount" numeric null, "currency_code" text null, "outcome" text check ("outcome" in ('done', 'refused', 'failed')) not null, "answer" jsonb null, "raw_amount" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_movement_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_movement_deleted_at" ON "acquiring_movement" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_movement_order_no" ON "acquiring_movement" ("order_no") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_movement_created_at" ON "acquiring_movement" ("created_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "acquiring_notification" ("id" text not null, "hook" text check ("hook" in ('notify', 'payout')) not null, "dialect" text not null, "order_no" text null, "notify_type" text null, "verdict" text check ("verdict" in ('accepted', 'refused', 'failed')) not null, "reply_status" integer not null, "reply_body" text not null, "changed" text null, "fields" jsonb not null, "attempts" integer not null default 1, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_notification_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_notification_deleted_at" ON "acquiring_notification" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_notification_order_no" ON "acquiring_notification" ("order_no") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_notification_verdict" ON "acquiring_notification" ("verdict") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_notification_created_at" ON "acquiring_notification" ("created_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "acquiring_gateway_order" cascade;`);

    this.addSql(`drop table if exists "acquiring_movement" cascade;`);

    this.addSql(`drop table if exists "acquiring_notification" cascade;`);
  }

}
