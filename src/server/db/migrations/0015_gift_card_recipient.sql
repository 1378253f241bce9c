ALTER TABLE "cart_entries" ADD COLUMN "gift_card_recipient" jsonb;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "gift_card_recipient" jsonb;