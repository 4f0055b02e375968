package demo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"souk/app/internal/money"
	"souk/persistence"
)

type couponsFile struct {
	Coupons []struct {
		Code  string            `json:"code"`
		Owner string            `json:"owner"`
		Names map[string]string `json:"names"`
		Type  string            `json:"type"`
		Face  *struct {
			Currency string `json:"currency"`
			Amount   string `json:"amount"`
		} `json:"face"`
		MinSpend string `json:"minSpend"`
		Redeem   *struct {
			Type   string `json:"type"`
			Asset  string `json:"asset"`
			Amount int64  `json:"amount"`
		} `json:"redeem"`
		AllowPush      bool              `json:"allowPush"`
		ExpiredAt      int64             `json:"expiredAt"`
		UseRestrict    string            `json:"useRestrict"`
		RestrictUsers  []string          `json:"restrictUsers"`
		RestrictedType string            `json:"restrictedType"`
		Descriptions   map[string]string `json:"descriptions"`
	} `json:"coupons"`
	Tickets []struct {
		Key      string `json:"key"`
		Owner    string `json:"owner"`
		Subject  string `json:"subject"`
		Category string `json:"category"`
		Message  string `json:"message"`
		Answer   struct {
			By      string `json:"by"`
			Key     string `json:"key"`
			Message string `json:"message"`
		} `json:"answer"`
	} `json:"tickets"`
}

// seedCoupons writes the demo coupons under fixed codes (a coupon seeded
// before keeps its owner and use: one gifted or used stays so) and the
// demo ticket with its staff answer, each once by its creation key.
func seedCoupons(ctx context.Context, db *persistence.DB, now time.Time) error {
	var f couponsFile
	if err := load("coupons.json", &f); err != nil {
		return err
	}
	ids := map[string]int64{"": 0}
	idOf := func(slug string) (int64, error) {
		if id, ok := ids[slug]; ok {
			return id, nil
		}
		u, err := db.Users().GetBySlug(ctx, slug)
		if err != nil {
			return 0, fmt.Errorf("demo: coupon owner %q: %w", slug, err)
		}
		ids[slug] = u.ID
		return u.ID, nil
	}
	currencies, err := db.Currencies().List(ctx)
	if err != nil {
		return fmt.Errorf("demo: coupons: %w", err)
	}
	decimals := map[string]int{}
	for _, c := range currencies {
		decimals[c.Code] = c.Decimals
	}
	parse := func(currency, amount string) (int64, error) {
		if amount == "" {
			return 0, nil
		}
		d, ok := decimals[currency]
		if !ok {
			return 0, fmt.Errorf("demo: coupon currency %q", currency)
		}
		return money.Parse(amount, d, false)
	}
	for _, c := range f.Coupons {
		owner, err := idOf(c.Owner)
		if err != nil {
			return err
		}
		coupon := persistence.Coupon{Code: c.Code, OwnerID: owner, Names: c.Names, Type: c.Type, AllowPush: c.AllowPush,
			CreatedAt: persistence.Millis(now), ExpiredAt: c.ExpiredAt, RedeemType: "none", UseRestrict: c.UseRestrict,
			RestrictedType: c.RestrictedType, Descriptions: c.Descriptions}
		if c.Face != nil {
			coupon.FaceCurrency = c.Face.Currency
			if coupon.FaceValue, err = parse(c.Face.Currency, c.Face.Amount); err != nil {
				return fmt.Errorf("demo: coupon %s: %w", c.Code, err)
			}
			if coupon.MinSpend, err = parse(c.Face.Currency, c.MinSpend); err != nil {
				return fmt.Errorf("demo: coupon %s: %w", c.Code, err)
			}
		}
		if c.Redeem != nil {
			coupon.RedeemType, coupon.RedeemAsset, coupon.RedeemAmount = c.Redeem.Type, c.Redeem.Asset, c.Redeem.Amount
		}
		for _, slug := range c.RestrictUsers {
			id, err := idOf(slug)
			if err != nil {
				return err
			}
			coupon.RestrictUsers = append(coupon.RestrictUsers, id)
		}
		if err := db.Coupons().Upsert(ctx, coupon); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
	}
	for _, t := range f.Tickets {
		owner, err := idOf(t.Owner)
		if err != nil {
			return err
		}
		staff, err := idOf(t.Answer.By)
		if err != nil {
			return err
		}
		at := persistence.Millis(now)
		ticket := persistence.Ticket{UserID: owner, CreationKey: t.Key, Subject: t.Subject, Category: t.Category,
			LastMessage: t.Message, CreatedAt: at}
		first := persistence.TicketMessage{AuthorID: owner, CreationKey: t.Key, Content: t.Message, CreatedAt: at}
		if _, err := db.Tickets().CreateTicket(ctx, &ticket, &first, 1<<20); err != nil {
			return fmt.Errorf("demo: ticket %s: %w", t.Key, err)
		}
		answer := persistence.TicketMessage{TicketID: ticket.ID, AuthorID: staff, CreationKey: t.Answer.Key, Staff: true,
			Content: t.Answer.Message, CreatedAt: at + 60_000}
		_, _, err = db.Tickets().Reply(ctx, &answer, persistence.TicketAnswered, t.Answer.Message)
		if err != nil && !errors.Is(err, persistence.ErrConflict) {
			return fmt.Errorf("demo: ticket %s: %w", t.Key, err)
		}
	}
	return nil
}
