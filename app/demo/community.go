package demo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"souk/app/internal/richtext"
	"souk/persistence"
)

type communityFile struct {
	Categories []struct {
		Slug         string            `json:"slug"`
		Names        map[string]string `json:"names"`
		Descriptions map[string]string `json:"descriptions"`
	} `json:"categories"`
	Nodes []struct {
		ID           int64             `json:"id"`
		Slug         string            `json:"slug"`
		Category     string            `json:"category"`
		Owner        string            `json:"owner"` // a demo user's slug; "" is the site
		Admins       []string          `json:"admins"`
		NodeType     string            `json:"nodeType"`
		Names        map[string]string `json:"names"`
		Descriptions map[string]string `json:"descriptions"`
		Thumb        string            `json:"thumb"`
		Join         struct {
			Type     string `json:"type"`
			Currency string `json:"currency"`
			Value    string `json:"value"`
		} `json:"join"`
	} `json:"nodes"`
	Members []struct {
		Node string `json:"node"`
		User string `json:"user"`
	} `json:"members"`
	Topics []struct {
		ID      int64  `json:"id"`
		Node    string `json:"node"`
		Author  string `json:"author"`
		Type    string `json:"type"`
		Title   string `json:"title"`
		Content string `json:"content"`
		Roles   []struct {
			Type  string `json:"type"`
			Value string `json:"value"`
		} `json:"roles"`
		Bounty *struct {
			Currency string `json:"currency"`
			Value    string `json:"value"` // whole units (credit, or major units of a currency)
			Days     int    `json:"days"`
		} `json:"bounty"`
		Vote *struct {
			Options []string `json:"options"`
			Days    int      `json:"days"`
		} `json:"vote"`
		Votes map[string]int `json:"votes"` // member slug -> option index
	} `json:"topics"`
	Answers []struct {
		ID      int64  `json:"id"`
		Topic   int64  `json:"topic"`
		Author  string `json:"author"`
		Content string `json:"content"`
	} `json:"answers"`
	Comments []struct {
		Key     string `json:"key"`
		Type    string `json:"type"`
		Target  int64  `json:"target"`
		Author  string `json:"author"`
		Content string `json:"content"`
	} `json:"comments"`
}

// seedCommunity writes the demo community: a category, three nodes (free,
// paid, level-gated, upserted by slug), their members, and topics of each
// type with answers, votes and comments (fixed ids and creation keys, so a
// second run finds them and changes nothing). The bounty's escrow is a
// ledger operation under the topic's creation key, applied once.
func seedCommunity(ctx context.Context, db *persistence.DB, now time.Time) error {
	var f communityFile
	if err := load("community.json", &f); err != nil {
		return err
	}
	users := map[string]int64{}
	user := func(slug string) (int64, error) {
		if id, ok := users[slug]; ok || slug == "" {
			return id, nil
		}
		u, err := db.Users().GetBySlug(ctx, slug)
		if err != nil {
			return 0, fmt.Errorf("demo: community: user %q: %w", slug, err)
		}
		users[slug] = u.ID
		return u.ID, nil
	}
	categories := map[string]int64{}
	for i, c := range f.Categories {
		n := persistence.Node{Kind: persistence.NodeKindCategory, Slug: c.Slug, Names: c.Names, Descriptions: c.Descriptions,
			Position: int64(i)}
		if err := db.Community().UpsertNode(ctx, &n); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
		categories[c.Slug] = n.ID
	}
	nodes := map[string]int64{}
	for i, d := range f.Nodes {
		n := persistence.Node{ID: d.ID, Kind: persistence.NodeKindNode, CategoryID: categories[d.Category], Slug: d.Slug,
			Names: d.Names, Descriptions: d.Descriptions, Thumb: d.Thumb, NodeType: d.NodeType, JoinType: d.Join.Type,
			Position: int64(i)}
		var err error
		if n.OwnerID, err = user(d.Owner); err != nil {
			return err
		}
		for _, a := range d.Admins {
			id, err := user(a)
			if err != nil {
				return err
			}
			n.Admins = append(n.Admins, id)
		}
		switch d.Join.Type {
		case persistence.JoinMoney:
			c, err := db.Currencies().Get(ctx, d.Join.Currency)
			if err != nil {
				return fmt.Errorf("demo: node %q: %w", d.Slug, err)
			}
			n.JoinAsset, n.JoinAmount = c.Code, minorUnits(d.Join.Value, c.Decimals)
		case persistence.JoinLevel:
			n.JoinLevel = d.Join.Value
		}
		if err := db.Community().UpsertNode(ctx, &n); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
		nodes[d.Slug] = n.ID
	}
	for _, m := range f.Members {
		id, err := user(m.User)
		if err != nil {
			return err
		}
		if _, err := db.Community().Join(ctx, nodes[m.Node], id, now.UnixMilli()); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
	}
	for _, d := range f.Topics {
		author, err := user(d.Author)
		if err != nil {
			return err
		}
		content := richtext.Sanitize(d.Content)
		roles, err := encodeRoles(d.Roles)
		if err != nil {
			return err
		}
		t := persistence.Topic{ID: d.ID, NodeID: nodes[d.Node], AuthorID: author, CreationKey: "demo:topic:" + strconv.FormatInt(d.ID, 10),
			Title: d.Title, Content: content, Excerpt: richtext.Excerpt(content, 160), Roles: roles, Type: d.Type,
			CreatedAt: now.UnixMilli()}
		switch {
		case d.Bounty != nil:
			decimals := 0
			if d.Bounty.Currency != persistence.AssetCredit {
				c, err := db.Currencies().Get(ctx, d.Bounty.Currency)
				if err != nil {
					return fmt.Errorf("demo: topic %d: %w", d.ID, err)
				}
				decimals = c.Decimals
			}
			t.BountyAsset, t.BountyAmount, t.BountyState = d.Bounty.Currency, minorUnits(d.Bounty.Value, decimals), persistence.BountyOpen
			t.Deadline = now.Add(time.Duration(d.Bounty.Days) * 24 * time.Hour).UnixMilli()
			if err := demoEscrow(ctx, db, t); err != nil {
				return err
			}
		case d.Vote != nil:
			t.VoteOptions, t.Deadline = d.Vote.Options, now.Add(time.Duration(d.Vote.Days)*24*time.Hour).UnixMilli()
		}
		if _, err := db.Community().CreateTopic(ctx, &t); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
		for slug, option := range d.Votes {
			id, err := user(slug)
			if err != nil {
				return err
			}
			if err := db.Community().Vote(ctx, t.ID, id, option, now.UnixMilli()); err != nil &&
				!errors.Is(err, persistence.ErrVoted) {
				return fmt.Errorf("demo: %w", err)
			}
		}
	}
	for _, d := range f.Answers {
		author, err := user(d.Author)
		if err != nil {
			return err
		}
		a := persistence.Answer{ID: d.ID, TopicID: d.Topic, AuthorID: author, Content: richtext.Sanitize(d.Content),
			CreationKey: "demo:answer:" + strconv.FormatInt(d.ID, 10), CreatedAt: now.UnixMilli()}
		if _, err := db.Community().CreateAnswer(ctx, &a); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
	}
	for _, d := range f.Comments {
		author, err := user(d.Author)
		if err != nil {
			return err
		}
		c := persistence.Comment{TargetType: d.Type, TargetID: d.Target, AuthorID: author, IdemKey: d.Key,
			Content: richtext.Sanitize(d.Content)}
		if _, err := db.Comments().Create(ctx, &c); err != nil {
			return fmt.Errorf("demo: comment %s: %w", d.Key, err)
		}
	}
	return nil
}

// demoEscrow takes a demo bounty from its author into escrow, once, under
// the topic's creation key (as mutates.createTopic does).
func demoEscrow(ctx context.Context, db *persistence.DB, t persistence.Topic) error {
	_, err := db.Wallets().Apply(ctx, persistence.WalletOp{IdemKey: t.CreationKey, UserID: t.AuthorID,
		Reason: persistence.ReasonBountyEscrow, Ref: t.CreationKey, At: t.CreatedAt,
		Postings: []persistence.Posting{
			{UserID: t.AuthorID, Asset: t.BountyAsset, Amount: -t.BountyAmount},
			{UserID: persistence.AccountEscrow, Asset: t.BountyAsset, Amount: t.BountyAmount},
		}})
	if err != nil {
		return fmt.Errorf("demo: escrow of topic %d: %w", t.ID, err)
	}
	return nil
}

// encodeRoles writes a demo topic's gate as the community stores it.
func encodeRoles(roles any) (string, error) {
	b, err := json.Marshal(roles)
	if err != nil {
		return "", err
	}
	if string(b) == "null" {
		return "[]", nil
	}
	return string(b), nil
}

// minorUnits reads a demo amount ("2.99", "500") into minor units.
func minorUnits(value string, decimals int) int64 {
	whole, frac, _ := strings.Cut(value, ".")
	for len(frac) < decimals {
		frac += "0"
	}
	n, _ := strconv.ParseInt(whole+frac[:decimals], 10, 64)
	return n
}
