package admin

import (
	"context"
	"errors"
	"strconv"

	"souk/app/action"
	"souk/persistence"
)

// NodeDraft is a community node or category as admin.saveNode takes it and
// admin.node answers it; ids are decimal text.
type NodeDraft struct {
	ID           string            `json:"id,omitempty" doc:"the node's databaseId as decimal text; absent (or empty) to create one"`
	Kind         string            `json:"kind" doc:"node or category; an edit keeps the stored kind"`
	CategoryID   string            `json:"categoryId,omitempty" doc:"a node's category databaseId; empty for none and for a category"`
	Slug         string            `json:"slug" doc:"lower-case letters and digits in words joined by hyphens, at most 80, unique per kind"`
	Names        map[string]string `json:"names" doc:"the name per language code, one for every offered language (at most 60 characters)"`
	Descriptions map[string]string `json:"descriptions" doc:"the description per language code, optional (at most 1000 characters)"`
	Thumb        string            `json:"thumb" doc:"the picture: an https URL or a site path (/media/...); empty for none"`
	NodeType     string            `json:"nodeType" doc:"the client's settings.nodeType key (letters, digits, - or _, at most 32); empty is forum"`
	JoinType     string            `json:"joinType" doc:"free, money (pays joinAmount of joinAsset), level (needs joinLevel) or other (the admins add members)"`
	JoinAsset    string            `json:"joinAsset" doc:"money: a currency code or CREDIT; empty otherwise"`
	JoinAmount   int64             `json:"joinAmount" doc:"money: the price in minor units of joinAsset, at least 1; 0 otherwise"`
	JoinLevel    string            `json:"joinLevel" doc:"level: a growth level key; empty otherwise"`
	Position     int64             `json:"position" doc:"orders the list, lowest first (0..1000000000)"`
	Admins       []string          `json:"admins" doc:"the databaseIds (decimal text) of the members who moderate it (at most 50)"`
}

// NodeChoices are the options of the node form's pickers.
type NodeChoices struct {
	Categories []TaxonomyOption `json:"categories" doc:"the community categories, in list order"`
	Levels     []TaxonomyOption `json:"levels" doc:"the growth levels, by rank"`
	Assets     []TaxonomyOption `json:"assets" doc:"the currencies a paid join may ask, then CREDIT"`
}

// TaxonomyOption is one option of a picker.
type TaxonomyOption struct {
	Key  string `json:"key" doc:"what the save action takes: a databaseId, a level key, a currency code"`
	Name string `json:"name" doc:"in the request's language"`
}

// NodeInput names the node an operator opens in the node form.
type NodeInput struct {
	ID action.ID `json:"id,omitempty" doc:"the node's databaseId; omitted for the choices of a new node only"`
}

// NodeReply is a stored node as admin.saveNode takes it.
type NodeReply struct {
	Node    *NodeDraft  `json:"node" doc:"the stored node exactly as admin.saveNode takes it; null when no id was given"`
	Choices NodeChoices `json:"choices" doc:"the pickers' options"`
}

// SaveNodeReply is the node as stored.
type SaveNodeReply struct {
	Node NodeDraft `json:"node" doc:"the node as stored (its id set when created)"`
}

// Node answers admin.node.
func (s *TaxonomyService) Node(ctx context.Context, in NodeInput) (NodeReply, error) {
	lang := action.NormalizeLang(action.RequestFrom(ctx).Lang)
	choices, err := s.nodeChoices(ctx, lang)
	if err != nil {
		return NodeReply{}, err
	}
	out := NodeReply{Choices: choices}
	if in.ID == 0 {
		return out, nil
	}
	n, err := s.db.Community().Node(ctx, int64(in.ID))
	if err != nil {
		return NodeReply{}, notFoundAs(err)
	}
	draft := draftOfNode(n)
	out.Node = &draft
	return out, nil
}

func (s *TaxonomyService) nodeChoices(ctx context.Context, lang string) (NodeChoices, error) {
	out := NodeChoices{Categories: []TaxonomyOption{}, Levels: []TaxonomyOption{}, Assets: []TaxonomyOption{}}
	cats, err := s.db.Community().Nodes(ctx, persistence.NodeKindCategory, persistence.NodeCursor{}, 500)
	if err != nil {
		return out, err
	}
	for _, c := range cats {
		out.Categories = append(out.Categories, TaxonomyOption{Key: idText(c.ID), Name: nameIn(c.Names, lang, c.Slug)})
	}
	levels, err := s.db.Levels().List(ctx, persistence.LevelKindGrowth)
	if err != nil {
		return out, err
	}
	for _, l := range levels {
		out.Levels = append(out.Levels, TaxonomyOption{Key: l.Key, Name: nameIn(l.Names, lang, l.Key)})
	}
	currencies, err := s.db.Currencies().List(ctx)
	if err != nil {
		return out, err
	}
	for _, c := range currencies {
		out.Assets = append(out.Assets, TaxonomyOption{Key: c.Code, Name: nameIn(c.Names, lang, c.Code)})
	}
	out.Assets = append(out.Assets, TaxonomyOption{Key: persistence.AssetCredit, Name: persistence.AssetCredit})
	return out, nil
}

// nameIn is names in lang, else in zh-hans, else fallback.
func nameIn(names map[string]string, lang, fallback string) string {
	for _, l := range []string{lang, zhHans} {
		if n := names[l]; n != "" {
			return n
		}
	}
	return fallback
}

func draftOfNode(n persistence.Node) NodeDraft {
	d := NodeDraft{ID: idText(n.ID), Kind: n.Kind, CategoryID: idText(n.CategoryID), Slug: n.Slug,
		Names: nonNilNames(n.Names), Descriptions: nonNilNames(n.Descriptions), Thumb: n.Thumb, NodeType: n.NodeType,
		JoinType: n.JoinType, JoinAsset: n.JoinAsset, JoinAmount: n.JoinAmount, JoinLevel: n.JoinLevel,
		Position: n.Position, Admins: make([]string, 0, len(n.Admins))}
	for _, id := range n.Admins {
		d.Admins = append(d.Admins, idText(id))
	}
	return d
}

// SaveNode answers admin.saveNode.
func (s *TaxonomyService) SaveNode(ctx context.Context, in NodeDraft) (SaveNodeReply, error) {
	id, err := parseID("id", in.ID)
	if err != nil {
		return SaveNodeReply{}, err
	}
	var before *persistence.Node
	if id != 0 {
		stored, err := s.db.Community().Node(ctx, id)
		if err != nil {
			return SaveNodeReply{}, notFoundAs(err)
		}
		before = &stored
	}
	n, err := s.validNode(ctx, id, in, before)
	if err != nil {
		return SaveNodeReply{}, err
	}
	if err := s.db.Community().SaveNode(ctx, &n); errors.Is(err, persistence.ErrConflict) {
		return SaveNodeReply{}, errSlugTaken(n.Slug)
	} else if err != nil {
		return SaveNodeReply{}, notFoundAs(err)
	}
	after := draftOfNode(n)
	var beforeDraft any
	if before != nil {
		beforeDraft = draftOfNode(*before)
	}
	action.AuditChange(ctx, "node:"+strconv.FormatInt(n.ID, 10), beforeDraft, after)
	return SaveNodeReply{Node: after}, nil
}

// validNode is the row in would store, or the refusal naming its field;
// before is the stored row of an edit (nil to create).
func (s *TaxonomyService) validNode(ctx context.Context, id int64, in NodeDraft, before *persistence.Node) (persistence.Node, error) {
	categoryID, err := parseID("categoryId", in.CategoryID)
	if err != nil {
		return persistence.Node{}, err
	}
	n := persistence.Node{ID: id, Kind: in.Kind, CategoryID: categoryID, Slug: in.Slug,
		Names: trimNames(in.Names), Descriptions: trimNames(in.Descriptions), Thumb: in.Thumb, NodeType: in.NodeType,
		JoinType: in.JoinType, JoinAsset: in.JoinAsset, JoinAmount: in.JoinAmount, JoinLevel: in.JoinLevel,
		Position: in.Position}
	if n.NodeType == "" {
		n.NodeType = "forum"
	}
	if n.JoinType == "" {
		n.JoinType = persistence.JoinFree
	}
	if before != nil {
		n.OwnerID, n.MemberCount, n.TopicCount, n.CreatedAt = before.OwnerID, before.MemberCount, before.TopicCount, before.CreatedAt
		if n.Kind == "" {
			n.Kind = before.Kind
		}
		if n.Kind != before.Kind {
			return n, taxonomyFieldError("kind", "kindFixed")
		}
	}
	if err := checkOneOf("kind", n.Kind, []string{persistence.NodeKindNode, persistence.NodeKindCategory}); err != nil {
		return n, err
	}
	if err := checkSlug(n.Slug); err != nil {
		return n, err
	}
	offered, err := s.offeredLanguages(ctx)
	if err != nil {
		return n, err
	}
	if err := checkTaxonomyNames("names", n.Names, offered); err != nil {
		return n, err
	}
	if err := checkDescriptions("descriptions", n.Descriptions); err != nil {
		return n, err
	}
	if err := checkThumb(n.Thumb); err != nil {
		return n, err
	}
	if !settingKey.MatchString(n.NodeType) {
		return n, settingsFieldError("nodeType", reasonKey)
	}
	if err := checkRange("position", n.Position, 0, maxPosition); err != nil {
		return n, err
	}
	if err := s.checkCategory(ctx, n); err != nil {
		return n, err
	}
	if err := s.checkJoin(ctx, &n); err != nil {
		return n, err
	}
	admins, err := s.checkAdmins(ctx, in.Admins)
	n.Admins = admins
	return n, err
}

// checkCategory requires a node's category to be a category, and a
// category to have none.
func (s *TaxonomyService) checkCategory(ctx context.Context, n persistence.Node) error {
	if n.CategoryID == 0 {
		return nil
	}
	if n.Kind == persistence.NodeKindCategory {
		return taxonomyFieldError("categoryId", "categoryOfCategory")
	}
	c, err := s.db.Community().Node(ctx, n.CategoryID)
	if errors.Is(err, persistence.ErrNotFound) || (err == nil && c.Kind != persistence.NodeKindCategory) {
		return taxonomyFieldError("categoryId", "unknownCategory")
	}
	return err
}

// checkJoin requires the join fields the join type uses, and no others.
func (s *TaxonomyService) checkJoin(ctx context.Context, n *persistence.Node) error {
	if err := checkOneOf("joinType", n.JoinType, []string{persistence.JoinFree, persistence.JoinMoney,
		persistence.JoinLevel, persistence.JoinOther}); err != nil {
		return err
	}
	if n.JoinType != persistence.JoinMoney && (n.JoinAsset != "" || n.JoinAmount != 0) {
		return taxonomyFieldError("joinAsset", "joinUnused", "joinType", n.JoinType)
	}
	if n.JoinType != persistence.JoinLevel && n.JoinLevel != "" {
		return taxonomyFieldError("joinLevel", "joinUnused", "joinType", n.JoinType)
	}
	switch n.JoinType {
	case persistence.JoinMoney:
		if n.JoinAsset != persistence.AssetCredit {
			_, err := s.db.Currencies().Get(ctx, n.JoinAsset)
			if errors.Is(err, persistence.ErrNotFound) {
				return settingsFieldError("joinAsset", reasonUnknownCurr, "value", n.JoinAsset)
			} else if err != nil {
				return err
			}
		}
		return checkRange("joinAmount", n.JoinAmount, 1, maxJoinAmount)
	case persistence.JoinLevel:
		_, err := s.db.Levels().Get(ctx, persistence.LevelKindGrowth, n.JoinLevel)
		if errors.Is(err, persistence.ErrNotFound) {
			return taxonomyFieldError("joinLevel", "unknownLevel", "value", n.JoinLevel)
		}
		return err
	}
	return nil
}

// checkAdmins requires the admins to be members, each once.
func (s *TaxonomyService) checkAdmins(ctx context.Context, ids []string) ([]int64, error) {
	if err := checkCount("admins", len(ids), maxNodeAdmins); err != nil {
		return nil, err
	}
	out := make([]int64, 0, len(ids))
	for i, text := range ids {
		field := "admins[" + strconv.Itoa(i) + "]"
		id, err := parseID(field, text)
		if err != nil || id == 0 {
			return nil, taxonomyFieldError(field, "unknownMember")
		}
		_, err = s.db.Users().Get(ctx, id)
		if errors.Is(err, persistence.ErrNotFound) {
			return nil, taxonomyFieldError(field, "unknownMember")
		} else if err != nil {
			return nil, err
		}
		if !containsID(out, id) {
			out = append(out, id)
		}
	}
	return out, nil
}

func containsID(ids []int64, id int64) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}
