package persistence

import "errors"

// Assets and system accounts of the ledger.
const (
	// AssetCredit is the site's points; every other asset is an ISO
	// currency code of the currencies table (amounts in minor units).
	AssetCredit = "CREDIT"

	// AccountExternal is the world outside the site: a top-up moves money
	// from it to a member, a payout back. Its balance runs negative.
	AccountExternal int64 = -1
	// AccountRevenue is what the site earned (purchases, memberships, fees).
	AccountRevenue int64 = -2
	// AccountEscrow holds amounts promised but not yet awarded (bounties).
	AccountEscrow int64 = -3
)

// Reasons of a ledger operation.
const (
	ReasonTopUp        = "topup"
	ReasonPurchase     = "purchase"
	ReasonMembership   = "membership"
	ReasonBountyEscrow = "bounty_escrow"
	ReasonBountyAward  = "bounty_award"
	ReasonNodeJoin     = "node_join"
	ReasonCoupon       = "coupon"
	ReasonRefund       = "refund"
	ReasonAdjust       = "adjust"
	ReasonGift         = "gift"
)

// Ledger errors.
var (
	// ErrInsufficientFunds: a member's balance would go below zero.
	ErrInsufficientFunds = errors.New("persistence: insufficient funds")
	// ErrIdemMismatch: the idempotency key was applied before to a
	// different operation (another amount, asset, reason or party).
	ErrIdemMismatch = errors.New("persistence: idempotency key reused for another operation")
	// ErrUnbalanced: the postings of an operation do not sum to zero per asset.
	ErrUnbalanced = errors.New("persistence: unbalanced operation")
)

// Posting is one leg of an operation: amount (minor units, signed) added
// to the account of UserID in Asset. A member's account is UserID > 0; a
// system account is one of the Account constants.
type Posting struct {
	UserID int64
	Asset  string
	Amount int64
}

// MembershipChange sets a member's VIP tier inside the same transaction
// as the payment: the tier becomes VIPKey and its end moves ExtendMillis
// later (from now when it had ended or was another tier).
type MembershipChange struct {
	UserID       int64
	VIPKey       string
	ExtendMillis int64
}

// WalletOp is one ledger operation, applied exactly once per IdemKey.
type WalletOp struct {
	// IdemKey is supplied by the caller; the same key again gives the
	// first answer and changes nothing (a different operation under the
	// same key is ErrIdemMismatch).
	IdemKey string
	// UserID is the member the operation belongs to (whose wallet grain
	// runs it).
	UserID int64
	Reason string
	// Ref is what the operation is about: a payment id, a tier key, a
	// product, a topic.
	Ref  string
	Memo string
	// Postings sum to zero per asset (double entry).
	Postings   []Posting
	Membership *MembershipChange
	// At is when, epoch ms.
	At int64
}

// WalletResult is the outcome of Apply.
type WalletResult struct {
	OpID int64
	// Replayed is set when the key had been applied before: nothing changed.
	Replayed bool
	// Members are the members the operation touched (postings with UserID > 0).
	Members []int64
	// VIPExpiresAt is the tier's new end when Membership was set.
	VIPExpiresAt int64
}

// WalletEntry is one leg of an applied operation, as a member's history shows it.
type WalletEntry struct {
	ID           int64
	OpID         int64
	UserID       int64
	Asset        string
	Amount       int64
	BalanceAfter int64
	Reason       string
	Ref          string
	Memo         string
	// PeerID is the other member of a transfer (0: a system account).
	PeerID    int64
	CreatedAt int64
}

// EntryFilter selects a member's history, newest first.
type EntryFilter struct {
	Asset  string // "" all
	Reason string // "" all
	Before int64  // entry id cursor; 0 from the newest
	Limit  int
}

// LedgerAudit is what a consistency check found.
type LedgerAudit struct {
	// Mismatched are members whose balance differs from the sum of their entries.
	Mismatched []int64
	// Negative are member accounts below zero.
	Negative []int64
	// Totals per asset: the sum of every member balance.
	MemberTotals map[string]int64
	// SystemTotals per account and asset: the sum of the entries of system accounts.
	SystemTotals map[int64]map[string]int64
	// Unbalanced are operations whose entries do not sum to zero per asset.
	Unbalanced []int64
	Ops        int64
}

// WalletsStore is the ledger.
type WalletsStore struct{ db *DB }

// Wallets returns the ledger store.
func (db *DB) Wallets() WalletsStore { return WalletsStore{db: db} }

// Payment statuses.
const (
	PaymentPending = "pending"
	PaymentPaid    = "paid"
	PaymentExpired = "expired"
)

// Purposes of a payment: what it buys once paid.
const (
	// PaymentTopUp credits the amount to the member's wallet.
	PaymentTopUp = "topup"
	// PaymentUnlock buys gated content (TargetType, TargetID) from PayeeID
	// (a member, or AccountRevenue) in the operation of UnlockKey.
	PaymentUnlock = "unlock"
)

// Payment is a payment through a payment provider: a top-up, or the
// purchase of gated content (Purpose).
type Payment struct {
	ID          int64
	UserID      int64
	Provider    string
	Asset       string
	Amount      int64
	Status      string
	ProviderRef string
	CreatedAt   int64
	ExpiresAt   int64
	PaidAt      int64
	// Purpose is PaymentTopUp or PaymentUnlock; "" is stored as PaymentTopUp.
	Purpose string
	// TargetType, TargetID and PayeeID are an unlock's: the content bought
	// and who is paid for it.
	TargetType string
	TargetID   int64
	PayeeID    int64
}

// PaymentsStore keeps the payments through providers.
type PaymentsStore struct{ db *DB }

// Payments returns the payments store.
func (db *DB) Payments() PaymentsStore { return PaymentsStore{db: db} }

// GrowthStore keeps growth points earned per member and day.
type GrowthStore struct{ db *DB }

// Growth returns the growth store.
func (db *DB) Growth() GrowthStore { return GrowthStore{db: db} }

// GrowthAward is the outcome of GrowthStore.Award.
type GrowthAward struct {
	// Added is how many points were added (0 when the day's cap was reached
	// or the key was seen).
	Added int64
	// Total is the member's points after.
	Total int64
	// LevelKey is the member's growth level key, read with Total.
	LevelKey string
	// Day is the member's points of the grant's reason on its day, after.
	Day int64
}
