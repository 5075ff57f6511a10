CREATE TABLE "site_links" (
	"id" text PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"label" text NOT NULL,
	"kind" text NOT NULL,
	"target_id" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "site_links_area_idx" ON "site_links" USING btree ("area","position");--> statement-breakpoint
-- The links every shop had until now, so an upgrade shows the same header and footer.
INSERT INTO "site_links" ("id", "area", "position", "label", "kind", "target_id")
SELECT substr(md5(v.area || v.position::text || random()::text), 1, 16), v.area, v.position, v.label, v.kind, v.target_id
FROM (VALUES
  ('header', 0, 'Social Media Management', 'page', 'social-media-management'),
  ('header', 1, 'Marketing Materials', 'page', 'marketing-materials'),
  ('header', 2, 'Content Creations', 'page', 'content-creations'),
  ('header', 3, 'Website', 'page', 'website'),
  ('header', 4, 'Business Accelerator', 'service', 'business-accelerator'),
  ('header', 5, 'Branding', 'service', 'branding'),
  ('header', 6, 'SEO', 'service', 'seo'),
  ('header', 7, 'Meta Ads', 'service', 'meta-ads'),
  ('header', 8, 'Google Ads', 'service', 'google-ads'),
  ('footer', 0, 'Business Accelerator', 'service', 'business-accelerator'),
  ('footer', 1, 'Branding', 'service', 'branding'),
  ('footer', 2, 'SEO', 'service', 'seo'),
  ('footer', 3, 'Meta Ads', 'service', 'meta-ads'),
  ('footer', 4, 'Google Ads', 'service', 'google-ads'),
  ('footer', 5, 'Graphic Design', 'service', 'graphic-design'),
  ('footer', 6, 'Content Creation', 'service', 'content-creation'),
  ('footer', 7, 'Website Development', 'service', 'website-development')
) AS v(area, position, label, kind, target_id);
