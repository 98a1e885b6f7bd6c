import { Migration } from "@medusajs/framework/mikro-orm/migrations";

const CHILDREN = ["acquiring_movement", "acquiring_dispute", "acquiring_notification", "acquiring_kept_authorisation"];

/**
 * The books' rows belong to their gateway order (DML relations): a gateway_order_id beside the order_no they
 * always had, filled from it for old rows and, by triggers, for every new row however it is written; and the
 * kept authorisations of order edits, which lived only in canceled payments' data, get their own table.
 */
export class Migration20261128000000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "acquiring_kept_authorisation" ("id" text not null, "payment_id" text not null, "order_id" text null, "payment_collection_id" text not null, "provider_id" text not null, "order_no" text not null, "gateway_order_id" text null, "amount" numeric not null, "currency_code" text not null, "since" timestamptz not null, "capture_by" timestamptz not null, "released_at" timestamptz null, "outcome" text check ("outcome" in ('voided_replacement_paid', 'voided_order_canceled', 'adopted')) null, "adopted_by_session" text null, "raw_amount" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "acquiring_kept_authorisation_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_acquiring_kept_authorisation_payment_id_unique" ON "acquiring_kept_authorisation" ("payment_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_kept_authorisation_deleted_at" ON "acquiring_kept_authorisation" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_kept_authorisation_order_id" ON "acquiring_kept_authorisation" ("order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_kept_authorisation_order_no" ON "acquiring_kept_authorisation" ("order_no") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_kept_authorisation_released_at" ON "acquiring_kept_authorisation" ("released_at") WHERE deleted_at IS NULL;`);

    for (const table of CHILDREN) {
      this.addSql(`alter table if exists "${table}" add column if not exists "gateway_order_id" text null;`);
      this.addSql(`alter table if exists "${table}" drop constraint if exists "${table}_gateway_order_id_foreign";`);
      this.addSql(`alter table if exists "${table}" add constraint "${table}_gateway_order_id_foreign" foreign key ("gateway_order_id") references "acquiring_gateway_order" ("id") on update cascade on delete set null;`);
      this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_${table}_gateway_order_id" ON "${table}" ("gateway_order_id") WHERE deleted_at IS NULL;`);
      this.addSql(`update "${table}" r set "gateway_order_id" = g."id" from "acquiring_gateway_order" g where g."order_no" = r."order_no" and g."deleted_at" is null and r."gateway_order_id" is null;`);
    }

    // A row names its gateway order by order_no; the id follows from it, so no writer has to look it up.
    this.addSql(`create or replace function "acquiring_row_gateway_order"() returns trigger language plpgsql as $$
begin
  if new."gateway_order_id" is null and new."order_no" is not null then
    select g."id" into new."gateway_order_id" from "acquiring_gateway_order" g
      where g."order_no" = new."order_no" and g."deleted_at" is null limit 1;
  end if;
  return new;
end $$;`);
    for (const table of CHILDREN) {
      this.addSql(`drop trigger if exists "${table}_gateway_order" on "${table}";`);
      this.addSql(`create trigger "${table}_gateway_order" before insert on "${table}" for each row execute function "acquiring_row_gateway_order"();`);
    }
    // Rows written before their gateway order (a notification of an order not yet in the books) join it later.
    this.addSql(`create or replace function "acquiring_gateway_order_rows"() returns trigger language plpgsql as $$
begin
${CHILDREN.map((t) => `  update "${t}" r set "gateway_order_id" = f."id" from fresh f where r."order_no" = f."order_no" and r."gateway_order_id" is null;`).join("\n")}
  return null;
end $$;`);
    this.addSql(`drop trigger if exists "acquiring_gateway_order_rows" on "acquiring_gateway_order";`);
    this.addSql(`create trigger "acquiring_gateway_order_rows" after insert on "acquiring_gateway_order" referencing new table as fresh for each statement execute function "acquiring_gateway_order_rows"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "acquiring_gateway_order_rows" on "acquiring_gateway_order";`);
    this.addSql(`drop function if exists "acquiring_gateway_order_rows"();`);
    for (const table of CHILDREN) this.addSql(`drop trigger if exists "${table}_gateway_order" on "${table}";`);
    this.addSql(`drop function if exists "acquiring_row_gateway_order"();`);
    for (const table of CHILDREN.slice(0, 3)) {
      this.addSql(`alter table if exists "${table}" drop constraint if exists "${table}_gateway_order_id_foreign";`);
      this.addSql(`drop index if exists "IDX_${table}_gateway_order_id";`);
      this.addSql(`alter table if exists "${table}" drop column if exists "gateway_order_id";`);
    }
    this.addSql(`drop table if exists "acquiring_kept_authorisation" cascade;`);
  }

}
