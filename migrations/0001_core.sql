-- Playfront platform core: locales, messages, site settings, content management, storage.

CREATE TABLE locales (
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  icon TEXT NOT NULL DEFAULT '',
  dir TEXT NOT NULL DEFAULT 'ltr' CHECK (dir IN ('ltr', 'rtl')),
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  is_enabled INTEGER NOT NULL DEFAULT 1 CHECK (is_enabled IN (0, 1)),
  position INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX locales_one_default ON locales (is_default) WHERE is_default = 1;

CREATE TABLE messages (
  locale TEXT NOT NULL REFERENCES locales (code) ON DELETE CASCADE,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (locale, key)
);

-- One JSON document per key: 'metadata' (site metadata), 'general_info' (general info).
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL CHECK (json_valid(value))
);

-- The content-management configuration of a locale (menus, banner, SEO, custom code, switches).
CREATE TABLE cms_configs (
  locale TEXT PRIMARY KEY REFERENCES locales (code) ON DELETE CASCADE,
  config TEXT NOT NULL CHECK (json_valid(config))
);

CREATE TABLE redirects (
  id INTEGER PRIMARY KEY,
  from_url TEXT NOT NULL UNIQUE CHECK (from_url LIKE '/%'),
  to_url TEXT NOT NULL,
  is_external INTEGER NOT NULL DEFAULT 0 CHECK (is_external IN (0, 1)),
  status INTEGER NOT NULL DEFAULT 301 CHECK (status IN (301, 302)),
  position INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE content_pages (
  slug TEXT NOT NULL,
  locale TEXT NOT NULL REFERENCES locales (code) ON DELETE CASCADE,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  seo TEXT NOT NULL CHECK (json_valid(seo)),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (slug, locale)
);

CREATE TABLE banners (
  id INTEGER PRIMARY KEY,
  locale TEXT NOT NULL REFERENCES locales (code) ON DELETE CASCADE,
  position TEXT NOT NULL,
  title TEXT NOT NULL,
  subtitle TEXT NOT NULL DEFAULT '',
  button_title TEXT NOT NULL DEFAULT '',
  link TEXT NOT NULL DEFAULT '',
  display TEXT NOT NULL CHECK (json_valid(display)),
  sort INTEGER NOT NULL DEFAULT 0,
  starts_at INTEGER,
  finished_at INTEGER
);
CREATE INDEX banners_by_locale ON banners (locale, position, sort);

CREATE TABLE popups (
  id INTEGER PRIMARY KEY,
  locale TEXT NOT NULL REFERENCES locales (code) ON DELETE CASCADE,
  sysname TEXT NOT NULL,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  image TEXT NOT NULL DEFAULT '',
  button_title TEXT NOT NULL DEFAULT '',
  button_link TEXT NOT NULL DEFAULT '',
  is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  UNIQUE (locale, sysname)
);

-- Per-player (u:<uid>) or per-visitor (v:<id>) key/value storage of the storage.* methods.
CREATE TABLE storage (
  subject TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (subject, key)
);

-- Contacts that asked for no more mailings, through a signed unsubscribe link.
CREATE TABLE unsubscribes (
  contact TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL
);
