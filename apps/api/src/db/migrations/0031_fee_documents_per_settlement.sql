DROP INDEX "fee_invoices_month_key";--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD COLUMN "settlement_id" uuid;--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD COLUMN "against_id" uuid;--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD CONSTRAINT "fee_invoices_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD CONSTRAINT "fee_invoices_against_id_fee_invoices_id_fk" FOREIGN KEY ("against_id") REFERENCES "public"."fee_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_invoices_settlement_key" ON "fee_invoices" USING btree ("settlement_id","recipient_gstin") WHERE "fee_invoices"."kind" = 'fee_invoice' and "fee_invoices"."settlement_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_invoices_credit_key" ON "fee_invoices" USING btree ("settlement_id","against_id") WHERE "fee_invoices"."against_id" is not null;--> statement-breakpoint
CREATE INDEX "fee_invoices_owner_idx" ON "fee_invoices" USING btree ("owner_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_invoices_month_key" ON "fee_invoices" USING btree ("owner_id","month","recipient_gstin") WHERE "fee_invoices"."settlement_id" is null;