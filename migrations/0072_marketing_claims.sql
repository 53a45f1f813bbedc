-- Marketing claims (issue 40, decision 0084): the objects a banner's or a campaign popup's texts
-- advertise, as {"key": "kind:sysname"}; the texts write {{key.field}} where a number goes and the
-- platform fills it from the object (core/claims.mjs). Site tables (D1 only).
ALTER TABLE banners ADD COLUMN claims TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(claims));
ALTER TABLE popups ADD COLUMN claims TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(claims));
