import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261127201500 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "acquiring_gateway_order" add column if not exists "payment_method" text null;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_gateway_order_settled_at" ON "acquiring_gateway_order" ("settled_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_movement_kind_created_at" ON "acquiring_movement" ("kind", "created_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_acquiring_dispute_created_at" ON "acquiring_dispute" ("created_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_acquiring_gateway_order_settled_at";`);
    this.addSql(`drop index if exists "IDX_acquiring_movement_kind_created_at";`);
    this.addSql(`drop index if exists "IDX_acquiring_dispute_created_at";`);
    this.addSql(`alter table if exists "acquiring_gateway_order" drop column if exists "payment_method";`);
  }

}
