-- What was the quote's one description, labelled 'Only staff see this.' but shown on the payment
-- page, becomes the staff's internal notes; the summary for the customer starts empty, so nothing
-- that was written as internal becomes public.
ALTER TABLE "custom_quotes" RENAME COLUMN "description" TO "internal_notes";--> statement-breakpoint
ALTER TABLE "custom_quotes" ADD COLUMN "summary" text DEFAULT '' NOT NULL;
