import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** payout.status_source: whether the current status came from the gateway's answer or a notification. */
export class Migration20261125203000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "payout" add column if not exists "status_source" text check ("status_source" in ('response', 'notification')) null;`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "payout" drop column if exists "status_source";`)
  }
}
