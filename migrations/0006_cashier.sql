-- The cashier (SPEC §3 Deposit, §7 cashier.*, decision 0011): payment methods, banks, deposit and
-- withdrawal transactions, the callbacks payment systems sent, and the demo payment system's own
-- storage. Money is integer minor units; times are Unix milliseconds. Balances move only through
-- the wallet (decision 0010); a transaction records why and keeps its status.

-- A way to pay in or out. `currencies` is a JSON object of currency code → {min, max, step,
-- presets:[{value}]}; `fields` a JSON array of the requisites the method asks for (CashierField).
-- The same sysname may exist once per direction (a card pays in and out with other requisites).
CREATE TABLE cashier_methods (
  id INTEGER PRIMARY KEY,
  direction TEXT NOT NULL CHECK (direction IN ('deposit', 'withdrawal')),
  sysname TEXT NOT NULL,
  name TEXT NOT NULL,
  icon TEXT NOT NULL,
  flow TEXT NOT NULL CHECK (flow IN ('redirect', 'mobile', 'new_window')),
  provider TEXT NOT NULL,
  currencies TEXT NOT NULL CHECK (json_valid(currencies)),
  fields TEXT NOT NULL CHECK (json_valid(fields)),
  position INTEGER NOT NULL DEFAULT 0,
  is_enabled INTEGER NOT NULL DEFAULT 1 CHECK (is_enabled IN (0, 1)),
  UNIQUE (direction, sysname)
);

-- Banks for bank-transfer requisites (cashier.getbanks), per country.
CREATE TABLE cashier_banks (
  id TEXT PRIMARY KEY,
  country_code TEXT NOT NULL,
  name TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX cashier_banks_by_country ON cashier_banks (country_code, position);

-- A deposit or a withdrawal. `id` is 128 random bits in hex: it appears in URLs, so it must not
-- be guessable. A repeated idempotency key of the same player answers the first transaction.
-- `requisites` are stored with card numbers masked. `settle_at`: when a pending deposit is due
-- to settle at the payment system, or when a pending withdrawal is paid out. Statuses move only
-- forward; every change is an UPDATE … WHERE status IN (…) so concurrent callbacks cannot apply
-- one twice (workers/platform/cashier/transactions.ts).
CREATE TABLE cashier_transactions (
  id TEXT PRIMARY KEY CHECK (length(id) = 32),
  uid INTEGER NOT NULL REFERENCES users (uid),
  type TEXT NOT NULL CHECK (type IN ('deposit', 'withdrawal')),
  status TEXT NOT NULL CHECK (status IN ('new', 'pending', 'success', 'fail', 'cancel')),
  amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
  currency TEXT NOT NULL,
  method TEXT NOT NULL,
  flow TEXT NOT NULL,
  locale TEXT NOT NULL,
  requisites TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(requisites)),
  idempotency_key TEXT NOT NULL,
  settle_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (uid, idempotency_key)
);
CREATE INDEX cashier_transactions_by_player ON cashier_transactions (uid, type, created_at DESC);
CREATE INDEX cashier_transactions_due ON cashier_transactions (uid, status, settle_at);

-- Callbacks of payment systems already accepted, by the provider's event id: a replayed
-- callback (the same signed body sent again) is refused.
CREATE TABLE payment_callbacks (
  provider TEXT NOT NULL,
  event_id TEXT NOT NULL,
  transaction_id TEXT NOT NULL,
  status TEXT NOT NULL,
  received_at INTEGER NOT NULL,
  PRIMARY KEY (provider, event_id)
) WITHOUT ROWID;

-- The demo payment system's own books (it stands for an external PSP): the payments merchants
-- created, with the outcome the payer chose and when a pending one completes. `return_path` is
-- where the merchant asked the payer to come back (its result pages, e.g. '/es/cashier').
CREATE TABLE demo_payments (
  transaction_id TEXT PRIMARY KEY,
  merchant TEXT NOT NULL,
  return_path TEXT NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  method TEXT NOT NULL,
  method_name TEXT NOT NULL,
  flow TEXT NOT NULL,
  locale TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('new', 'pending', 'success', 'fail', 'cancel')),
  settle_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;

-- Demo methods. Amount rules: 10.00–5,000.00 in whole units (USD, EUR), 50.00–25,000.00 (BRL).
INSERT OR IGNORE INTO cashier_methods (id, direction, sysname, name, icon, flow, provider, currencies, fields, position) VALUES
  (1, 'deposit', 'demo_card', 'Card', '/images/payments/card.svg', 'redirect', 'demo',
   '{"USD":{"min":1000,"max":500000,"step":100,"presets":[{"value":2000},{"value":5000},{"value":10000},{"value":20000},{"value":50000}]},"EUR":{"min":1000,"max":500000,"step":100,"presets":[{"value":2000},{"value":5000},{"value":10000},{"value":20000},{"value":50000}]},"BRL":{"min":5000,"max":2500000,"step":100,"presets":[{"value":10000},{"value":25000},{"value":50000},{"value":100000},{"value":250000}]}}',
   '[]', 1),
  (2, 'deposit', 'demo_ewallet', 'E-wallet', '/images/payments/ewallet.svg', 'redirect', 'demo',
   '{"USD":{"min":1000,"max":500000,"step":500,"presets":[{"value":2000},{"value":5000},{"value":10000},{"value":20000},{"value":50000}]},"EUR":{"min":1000,"max":500000,"step":500,"presets":[{"value":2000},{"value":5000},{"value":10000},{"value":20000},{"value":50000}]},"BRL":{"min":5000,"max":2500000,"step":500,"presets":[{"value":10000},{"value":25000},{"value":50000},{"value":100000},{"value":250000}]}}',
   '[]', 2),
  (3, 'deposit', 'demo_bank', 'Bank transfer', '/images/payments/bank.svg', 'redirect', 'demo',
   '{"USD":{"min":1000,"max":500000,"step":100,"presets":[{"value":5000},{"value":10000},{"value":20000},{"value":50000}]},"EUR":{"min":1000,"max":500000,"step":100,"presets":[{"value":5000},{"value":10000},{"value":20000},{"value":50000}]},"BRL":{"min":5000,"max":2500000,"step":100,"presets":[{"value":25000},{"value":50000},{"value":100000},{"value":250000}]}}',
   '[{"sysname":"bank","type":"bank","label":"cashier.fields.bank","is_required":true,"regex":null}]', 3),
  (4, 'deposit', 'demo_mobile', 'Mobile pay', '/images/payments/mobile.svg', 'mobile', 'demo',
   '{"USD":{"min":1000,"max":500000,"step":100,"presets":[{"value":2000},{"value":5000},{"value":10000},{"value":20000}]},"EUR":{"min":1000,"max":500000,"step":100,"presets":[{"value":2000},{"value":5000},{"value":10000},{"value":20000}]},"BRL":{"min":5000,"max":2500000,"step":100,"presets":[{"value":10000},{"value":25000},{"value":50000},{"value":100000}]}}',
   '[{"sysname":"phone","type":"phone","label":"cashier.fields.phone","is_required":true,"regex":null}]', 4),
  (5, 'deposit', 'demo_newwindow', 'Online banking', '/images/payments/online.svg', 'new_window', 'demo',
   '{"USD":{"min":1000,"max":500000,"step":100,"presets":[{"value":2000},{"value":5000},{"value":10000},{"value":20000},{"value":50000}]},"EUR":{"min":1000,"max":500000,"step":100,"presets":[{"value":2000},{"value":5000},{"value":10000},{"value":20000},{"value":50000}]},"BRL":{"min":5000,"max":2500000,"step":100,"presets":[{"value":10000},{"value":25000},{"value":50000},{"value":100000},{"value":250000}]}}',
   '[]', 5),
  (11, 'withdrawal', 'demo_card', 'Card', '/images/payments/card.svg', 'redirect', 'demo',
   '{"USD":{"min":1000,"max":1000000,"step":100,"presets":[]},"EUR":{"min":1000,"max":1000000,"step":100,"presets":[]},"BRL":{"min":5000,"max":5000000,"step":100,"presets":[]}}',
   '[{"sysname":"card_number","type":"card_number","label":"cashier.fields.card_number","is_required":true,"regex":null},{"sysname":"card_holder","type":"card_holder","label":"cashier.fields.card_holder","is_required":true,"regex":null}]', 1),
  (12, 'withdrawal', 'demo_bank', 'Bank transfer', '/images/payments/bank.svg', 'redirect', 'demo',
   '{"USD":{"min":1000,"max":1000000,"step":100,"presets":[]},"EUR":{"min":1000,"max":1000000,"step":100,"presets":[]},"BRL":{"min":5000,"max":5000000,"step":100,"presets":[]}}',
   '[{"sysname":"iban","type":"iban","label":"cashier.fields.iban","is_required":true,"regex":null},{"sysname":"bank","type":"bank","label":"cashier.fields.bank","is_required":true,"regex":null}]', 2);

INSERT OR IGNORE INTO cashier_banks (id, country_code, name, position) VALUES
  ('us-first-national', 'US', 'First National Demo Bank', 1),
  ('us-liberty', 'US', 'Liberty Savings (demo)', 2),
  ('us-pacific', 'US', 'Pacific Trust (demo)', 3),
  ('ca-maple', 'CA', 'Maple Bank (demo)', 1),
  ('ca-northern', 'CA', 'Northern Credit Union (demo)', 2),
  ('gb-crown', 'GB', 'Crown Bank (demo)', 1),
  ('gb-thames', 'GB', 'Thames Building Society (demo)', 2),
  ('de-rhein', 'DE', 'Rheinbank (Demo)', 1),
  ('de-sparkasse', 'DE', 'Demo Sparkasse', 2),
  ('fr-lumiere', 'FR', 'Banque Lumière (démo)', 1),
  ('fr-provence', 'FR', 'Crédit de Provence (démo)', 2),
  ('es-iberia', 'ES', 'Banco Iberia (demo)', 1),
  ('es-sol', 'ES', 'Caja del Sol (demo)', 2),
  ('pt-atlantico', 'PT', 'Banco Atlântico (demo)', 1),
  ('pt-douro', 'PT', 'Caixa do Douro (demo)', 2),
  ('br-cruzeiro', 'BR', 'Banco Cruzeiro (demo)', 1),
  ('br-ipe', 'BR', 'Banco Ipê (demo)', 2),
  ('br-pix', 'BR', 'Pix Demo Pagamentos', 3),
  ('mx-azteca', 'MX', 'Banco Azteca Demo', 1),
  ('mx-pacifico', 'MX', 'Banco del Pacífico (demo)', 2),
  ('ar-plata', 'AR', 'Banco de la Plata (demo)', 1),
  ('ar-pampa', 'AR', 'Banco Pampa (demo)', 2),
  ('ae-gulf', 'AE', 'Gulf Demo Bank', 1),
  ('ae-oasis', 'AE', 'Oasis Bank (demo)', 2),
  ('eg-nile', 'EG', 'Nile Demo Bank', 1),
  ('eg-delta', 'EG', 'Delta Bank (demo)', 2);
