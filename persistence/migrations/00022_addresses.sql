-- Addresses (issue 16): the places a member ships to. A SELECTED address
-- names its country, province, city and district by GeoNames id (the
-- names are copied from the shipped place data in the language it was
-- saved in); a MANUAL one has a country id and free text below it (ids 0).
-- Each member has at most one default address (is_default); the store
-- keeps exactly one while the member has any. position is the member's
-- own ordering (the wire's index).

-- +goose Up
CREATE TABLE addresses (
    id             BIGINT PRIMARY KEY,
    user_id        BIGINT NOT NULL,
    type           TEXT NOT NULL,
    is_default     BOOLEAN NOT NULL,
    country_id     BIGINT NOT NULL,
    province_id    BIGINT NOT NULL,
    city_id        BIGINT NOT NULL,
    district_id    BIGINT NOT NULL,
    country        TEXT NOT NULL,
    province       TEXT NOT NULL,
    city           TEXT NOT NULL,
    district       TEXT NOT NULL,
    line           TEXT NOT NULL,
    address_string TEXT NOT NULL,
    phone          TEXT NOT NULL,
    dial_code      TEXT NOT NULL,
    name           TEXT NOT NULL,
    postcode       TEXT NOT NULL,
    position       INTEGER NOT NULL,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);
CREATE INDEX addresses_user ON addresses (user_id, created_at, id);

-- +goose Down
DROP TABLE addresses;
