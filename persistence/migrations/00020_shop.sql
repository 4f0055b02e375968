-- Shop (issue 16): products, their variants and digital codes, the members'
-- carts, and orders with their lines and status history.
--
-- A product is a content kind: titles and descriptions are JSON objects per
-- language, images a JSON list of URLs, its category and tags article_terms
-- of their own kinds (shop_category, shop_tag; tags linked in product_tags).
-- vip_only is a JSON list of VIP tier keys (empty: anyone), min_level a
-- growth level key ('' none), vip_discounts a JSON object {tier: percent}.
-- A digital product delivers a download (digital_url) or one code per unit
-- (product_codes, reserved by the order that took it: order_id 0 is free).
--
-- Every product has at least one variant; stock and prices (JSON {asset:
-- minor units}, an asset being a currency code or CREDIT) live on the
-- variant. Stock is taken by one conditional update (stock >= quantity) and
-- can never go below zero (CHECK).
--
-- An order is written once per (user_id, client_id). Its lines snapshot the
-- prices, titles and variant names (JSON per language) at checkout; address
-- is the address's JSON snapshot; coupon the coupon's brief. A pending order
-- (QR payment) holds its stock until expires_at; the sweeper expires it
-- with one conditional update and gives the stock and coupon back.
-- order_history keeps each status change.

-- +goose Up
CREATE TABLE products (
    id            BIGINT PRIMARY KEY,
    slug          TEXT NOT NULL,
    titles        TEXT NOT NULL,
    descriptions  TEXT NOT NULL,
    images        TEXT NOT NULL,
    kind          TEXT NOT NULL,
    category_id   BIGINT NOT NULL,
    vip_only      TEXT NOT NULL,
    min_level     TEXT NOT NULL,
    vip_discounts TEXT NOT NULL,
    digital_type  TEXT NOT NULL,
    digital_url   TEXT NOT NULL,
    sold          BIGINT NOT NULL,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    deleted_at    BIGINT NOT NULL
);
CREATE INDEX products_list ON products (deleted_at, id);
CREATE INDEX products_category ON products (category_id, deleted_at, id);

CREATE TABLE product_tags (
    tag_id     BIGINT NOT NULL,
    product_id BIGINT NOT NULL,
    PRIMARY KEY (tag_id, product_id)
);
CREATE INDEX product_tags_product ON product_tags (product_id);

CREATE TABLE product_variants (
    id         BIGINT PRIMARY KEY,
    product_id BIGINT NOT NULL,
    position   BIGINT NOT NULL,
    names      TEXT NOT NULL,
    prices     TEXT NOT NULL,
    stock      BIGINT NOT NULL CHECK (stock >= 0),
    deleted_at BIGINT NOT NULL
);
CREATE INDEX product_variants_product ON product_variants (product_id, position);

CREATE TABLE product_codes (
    id         BIGINT PRIMARY KEY,
    product_id BIGINT NOT NULL,
    code       TEXT NOT NULL,
    order_id   BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX product_codes_free ON product_codes (product_id, order_id, id);

CREATE TABLE carts (
    user_id    BIGINT NOT NULL,
    variant_id BIGINT NOT NULL,
    quantity   BIGINT NOT NULL CHECK (quantity > 0),
    added_at   BIGINT NOT NULL,
    PRIMARY KEY (user_id, variant_id)
);

CREATE TABLE orders (
    id          BIGINT PRIMARY KEY,
    user_id     BIGINT NOT NULL,
    client_id   TEXT NOT NULL,
    status      TEXT NOT NULL,
    currency    TEXT NOT NULL,
    subtotal    BIGINT NOT NULL,
    discount    BIGINT NOT NULL,
    total       BIGINT NOT NULL,
    coupon_code TEXT NOT NULL,
    coupon      TEXT NOT NULL,
    payment     TEXT NOT NULL,
    payment_id  BIGINT NOT NULL,
    address     TEXT NOT NULL,
    tracking_no TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL,
    paid_at     BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL
);
CREATE UNIQUE INDEX orders_client ON orders (user_id, client_id);
CREATE INDEX orders_user ON orders (user_id, id);
CREATE INDEX orders_pending ON orders (status, expires_at);

CREATE TABLE order_lines (
    order_id     BIGINT NOT NULL,
    line_no      BIGINT NOT NULL,
    variant_id   BIGINT NOT NULL,
    product_id   BIGINT NOT NULL,
    kind         TEXT NOT NULL,
    titles       TEXT NOT NULL,
    variant_names TEXT NOT NULL,
    thumb        TEXT NOT NULL,
    quantity     BIGINT NOT NULL,
    unit_price   BIGINT NOT NULL,
    line_total   BIGINT NOT NULL,
    PRIMARY KEY (order_id, line_no)
);

CREATE TABLE order_history (
    order_id BIGINT NOT NULL,
    seq      BIGINT NOT NULL,
    status   TEXT NOT NULL,
    at       BIGINT NOT NULL,
    PRIMARY KEY (order_id, seq)
);

-- +goose Down
DROP TABLE order_history;
DROP TABLE order_lines;
DROP TABLE orders;
DROP TABLE carts;
DROP TABLE product_codes;
DROP TABLE product_variants;
DROP TABLE product_tags;
DROP TABLE products;
