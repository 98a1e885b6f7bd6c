import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261121083823 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "payout" drop constraint if exists "payout_request_id_unique";`)
    this.addSql(
      `create table if not exists "payout" ("id" text not null, "request_id" text not null, "status" text check ("status" in ('pending', 'processing', 'completed', 'failed')) not null default 'pending', "gateway_status" text null, "account_id" text null, "payment_amount" numeric not null, "payment_currency" text not null, "source_amount" numeric null, "source_currency" text null, "fee_amount" numeric null, "fee_currency" text null, "amount_beneficiary_receives" numeric null, "amount_payer_pays" numeric null, "fee_paid_by" text null, "payment_method" text null, "payment_date" text null, "beneficiary_id" text null, "beneficiary_name" text null, "beneficiary_entity_type" text null, "beneficiary_country" text null, "beneficiary_account_last4" text null, "beneficiary_bank_name" text null, "transaction_id" text null, "short_reference_id" text null, "payer_id" text null, "failure_type" text null, "failure_reason" text null, "reason" text null, "reference" text null, "client_data" text null, "submitted_at" timestamptz null, "created_at_gateway" timestamptz null, "last_updated_at_gateway" timestamptz null, "raw_payment_amount" jsonb not null, "raw_source_amount" jsonb null, "raw_fee_amount" jsonb null, "raw_amount_beneficiary_receives" jsonb null, "raw_amount_payer_pays" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "payout_pkey" primary key ("id"));`,
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_payout_request_id_unique" ON "payout" ("request_id") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_payout_deleted_at" ON "payout" ("deleted_at") WHERE deleted_at IS NULL;`,
    )
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_payout_status" ON "payout" ("status") WHERE deleted_at IS NULL;`)
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_payout_payment_currency" ON "payout" ("payment_currency") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_payout_transaction_id" ON "payout" ("transaction_id") WHERE deleted_at IS NULL;`,
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_payout_created_at" ON "payout" ("created_at") WHERE deleted_at IS NULL;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "payout" cascade;`)
  }
}
