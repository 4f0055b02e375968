package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The wallet driver is the load of the wallet scenario and of the wallet
// Jepsen test (wallet_jepsen_test.go): members topping up through the
// sandbox payment provider (wallet.topUp, then payments.sandboxPay with the
// token of the QR URL, which makes the server deliver the provider's signed
// callback to itself), buying memberships (wallet.buyMembership) with money
// or credit, and giving each other money (wallet.gift), each operation
// under an idempotency key. A share of the acknowledged calls is sent again
// with the same key, a share of first attempts is given up after a few
// milliseconds (the server may or may not have applied it), and every call
// that failed without a definite answer (a timeout, a connection closed by
// a node going away, a 5xx) is sent again with the same key to another
// node. The driver records what each operation meant to do and whether the
// server acknowledged it; Check then reads every member's wallet and ledger
// history back through the API and reports what was lost (acknowledged,
// not applied) or duplicated (applied twice).

// Wallet operation kinds, and the ledger reasons their entries carry.
const (
	WalletTopUp      = "topup"
	WalletMembership = "membership"
	WalletGift       = "gift"
)

// walletCredit is the credit asset (persistence.AssetCredit).
const walletCredit = "CREDIT"

// WalletOutcome is what became of an operation.
type WalletOutcome int

const (
	// OutcomePending: not finished yet.
	OutcomePending WalletOutcome = iota
	// OutcomeApplied: the server acknowledged it.
	OutcomeApplied
	// OutcomeRefused: the server refused it (insufficient funds, …) and no
	// earlier attempt could have been applied: nothing changed.
	OutcomeRefused
	// OutcomeMaybe: no definite answer; it was applied at most once, or
	// not at all.
	OutcomeMaybe
)

func (o WalletOutcome) String() string {
	return [...]string{"pending", "applied", "refused", "maybe"}[o]
}

// WalletMember is a member taking part: the id other members give money to
// and the access token their calls carry.
type WalletMember struct {
	ID    string
	Token string
}

// WalletOp is one operation of the driver and what became of it.
type WalletOp struct {
	Kind   string
	Member int // index into the members
	Peer   int // the gift's recipient; -1 otherwise
	Asset  string
	// Amount is what the operation moves, in minor units (credit: units).
	Amount int64
	Tier   string
	// Key is the idempotency key sent (wallet.buyMembership, wallet.gift);
	// a top-up's is the server's, "topup:" and the payment id.
	Key       string
	PaymentID string
	token     string // the sandbox payment's token

	Outcome WalletOutcome
	// Code is the refusal's error code.
	Code string
	// Attempts counts the calls of the ledger step; Repeats the calls sent
	// again with the same key after an acknowledgement; Unanswered the
	// attempts without a definite answer (timeouts, connections lost, 5xx).
	Attempts, Repeats, Unanswered int
	Start, Done                   time.Time
	// ambiguous: an attempt went unanswered, so a later refusal does not
	// prove that nothing was applied.
	ambiguous bool
}

// walletLeg is an entry an applied operation writes in a member's history.
type walletLeg struct {
	member int
	reason string
	asset  string
	amount int64 // signed
	peer   int   // the other member of a gift; -1
}

// legs are the entries op writes when applied.
func (op *WalletOp) legs() []walletLeg {
	switch op.Kind {
	case WalletTopUp:
		return []walletLeg{{op.Member, WalletTopUp, op.Asset, op.Amount, -1}}
	case WalletMembership:
		return []walletLeg{{op.Member, WalletMembership, op.Asset, -op.Amount, -1}}
	case WalletGift:
		return []walletLeg{{op.Member, WalletGift, op.Asset, -op.Amount, op.Peer},
			{op.Peer, WalletGift, op.Asset, op.Amount, op.Member}}
	}
	return nil
}

// WalletConfig is what the driver runs with.
type WalletConfig struct {
	// Client makes the calls; its own Timeout should be 0 or above Timeout.
	Client *http.Client
	// Targets returns the base URLs of the nodes up now; each call goes to
	// one of them, picked at random.
	Targets func() []string
	Members []WalletMember
	// KeyPrefix starts every idempotency key (8..100 characters of
	// [A-Za-z0-9:_-] in all); keys must not repeat across runs.
	KeyPrefix string
	// RepeatShare of the acknowledged calls are sent again with the same
	// key (default 0.2); ShortTimeoutShare of the first attempts are given
	// up after 1–20 ms (default 0.05), then sent again.
	RepeatShare, ShortTimeoutShare float64
	// Timeout is one call's limit (default 10 s).
	Timeout time.Duration
	// Weights of top-ups, purchases and gifts (default 3, 2, 5).
	TopUps, Purchases, Gifts int
	// PerMember is how many operations each member runs at once (default
	// 2), so that a member's purchases and gifts race for the same balance.
	PerMember int
	// OverspendShare of the gifts ask for more than the member has as far
	// as the driver knows (default 0.05): refused, and nothing changes.
	OverspendShare float64
	// Seed makes the choices repeatable (0: random).
	Seed uint64
}

// walletTier is a membership on sale and its prices per asset.
type walletTier struct {
	key    string
	prices map[string]int64
}

// WalletDriver runs the operations of WalletConfig's members.
type WalletDriver struct {
	cfg        WalletConfig
	currencies []string
	tiers      []walletTier
	// start is each member's balances and newest history entry before the run.
	startBal   []map[string]int64
	startEntry []string

	mu                sync.Mutex
	ops               []*WalletOp        // guarded by mu
	est               []map[string]int64 // guarded by mu: balances from acknowledged operations
	lat               []time.Duration    // guarded by mu: from the first attempt to the acknowledgement
	bad               map[string]int64   // guarded by mu: answers that break the contract, by kind
	seq               atomic.Int64       // numbers the idempotency keys
	calls, unanswered atomic.Int64
	acked             atomic.Int64
}

// NewWalletDriver reads what is on sale, the site's currencies and every
// member's wallet and newest ledger entry (Check counts what came after).
func NewWalletDriver(ctx context.Context, cfg WalletConfig) (*WalletDriver, error) {
	if len(cfg.Members) < 2 {
		return nil, errors.New("wallet: want at least 2 members")
	}
	if cfg.RepeatShare == 0 {
		cfg.RepeatShare = 0.2
	}
	if cfg.ShortTimeoutShare == 0 {
		cfg.ShortTimeoutShare = 0.05
	}
	if cfg.PerMember <= 0 {
		cfg.PerMember = 2
	}
	if cfg.OverspendShare == 0 {
		cfg.OverspendShare = 0.05
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	if cfg.TopUps+cfg.Purchases+cfg.Gifts == 0 {
		cfg.TopUps, cfg.Purchases, cfg.Gifts = 3, 2, 5
	}
	if cfg.Seed == 0 {
		cfg.Seed = rand.Uint64()
	}
	if cfg.KeyPrefix == "" {
		cfg.KeyPrefix = "wb" + strconv.FormatInt(time.Now().UnixNano(), 36)
	}
	d := &WalletDriver{cfg: cfg, bad: map[string]int64{}}
	body, err := d.must(ctx, cfg.Members[0].Token, "wallet.memberships", map[string]any{})
	if err != nil {
		return nil, err
	}
	if d.tiers, err = parseTiers(body); err != nil {
		return nil, err
	}
	for i, m := range cfg.Members {
		body, err := d.must(ctx, m.Token, "wallet.get", map[string]any{})
		if err != nil {
			return nil, err
		}
		bal, currencies, err := parseWallet(body, "wallet")
		if err != nil {
			return nil, err
		}
		if i == 0 {
			d.currencies = currencies
		}
		d.startBal = append(d.startBal, bal)
		d.est = append(d.est, maps(bal))
		page, err := d.entries(ctx, m.Token, "", 1)
		if err != nil {
			return nil, err
		}
		newest := ""
		if len(page.entries) > 0 {
			newest = page.entries[0].ID
		}
		d.startEntry = append(d.startEntry, newest)
	}
	if len(d.currencies) == 0 {
		return nil, errors.New("wallet: wallet.get lists no currency")
	}
	return d, nil
}

func maps(m map[string]int64) map[string]int64 {
	out := make(map[string]int64, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// Run has every member run operations one after another until load ends;
// an operation under way then goes on (retrying) until it has an answer or
// settle ends, so that few are left without one.
func (d *WalletDriver) Run(load, settle context.Context) {
	var wg sync.WaitGroup
	for i := range d.cfg.Members {
		for k := range d.cfg.PerMember {
			rng := rand.New(rand.NewPCG(d.cfg.Seed, uint64(i)<<8|uint64(k)))
			wg.Go(func() {
				for load.Err() == nil {
					op := d.next(rng, i)
					d.exec(settle, rng, op)
				}
			})
		}
	}
	wg.Wait()
}

// next picks member i's next operation; one the member cannot afford as far
// as the driver knows becomes a top-up.
func (d *WalletDriver) next(rng *rand.Rand, i int) *WalletOp {
	c := d.cfg
	n := rng.IntN(c.TopUps + c.Purchases + c.Gifts)
	d.mu.Lock()
	est := maps(d.est[i])
	d.mu.Unlock()
	op := &WalletOp{Member: i, Peer: -1, Start: time.Now()}
	switch {
	case n >= c.TopUps+c.Purchases:
		op.Kind, op.Asset = WalletGift, d.currencies[rng.IntN(len(d.currencies))]
		if est[walletCredit] > 0 && rng.IntN(3) == 0 {
			op.Asset = walletCredit
		}
		// Amounts differ from gift to gift (1 minor unit to 5.00), so the
		// history shows which entry is which.
		op.Amount = 1 + rng.Int64N(500)
		op.Peer = (i + 1 + rng.IntN(len(c.Members)-1)) % len(c.Members)
		switch {
		case est[op.Asset] > 0 && rng.Float64() < c.OverspendShare:
			op.Amount = est[op.Asset] + 1 + rng.Int64N(100)
		case est[op.Asset] < op.Amount:
			op.Kind = ""
		}
	case n >= c.TopUps:
		type offer struct {
			tier  string
			asset string
			price int64
		}
		var offers []offer
		for _, t := range d.tiers {
			for asset, price := range t.prices {
				if price > 0 && price <= est[asset] && (asset == walletCredit || slices.Contains(d.currencies, asset)) {
					offers = append(offers, offer{t.key, asset, price})
				}
			}
		}
		if len(offers) > 0 {
			slices.SortFunc(offers, func(a, b offer) int { return strings.Compare(a.tier+a.asset, b.tier+b.asset) })
			o := offers[rng.IntN(len(offers))]
			op.Kind, op.Tier, op.Asset, op.Amount = WalletMembership, o.tier, o.asset, o.price
		}
	}
	if op.Kind == "" || n < c.TopUps {
		op.Kind, op.Asset = WalletTopUp, d.currencies[rng.IntN(len(d.currencies))]
		op.Amount = 1000 + rng.Int64N(19_001) // 10.00 to 200.00
	}
	if op.Kind != WalletTopUp {
		op.Key = d.cfg.KeyPrefix + "-" + strconv.Itoa(i) + "-" + strconv.FormatInt(d.seq.Add(1), 10)
	}
	d.mu.Lock()
	d.ops = append(d.ops, op)
	d.mu.Unlock()
	return op
}

// exec runs op to a definite answer, or until ctx ends.
func (d *WalletDriver) exec(ctx context.Context, rng *rand.Rand, op *WalletOp) {
	m := d.cfg.Members[op.Member]
	var action string
	var data map[string]any
	switch op.Kind {
	case WalletTopUp:
		// Creating the payment changes no balance: a payment made by an
		// unanswered call is left pending, and a new one is asked for.
		for op.PaymentID == "" {
			res := d.call(ctx, rng, m.Token, "wallet.topUp", map[string]any{"currency": op.Asset,
				"amount": formatMinor(op.Amount, op.Asset), "provider": "sandbox"}, d.cfg.Timeout)
			switch {
			case res.ok():
				id, token, err := parseCheckout(res.body)
				if err != nil {
					d.anomaly("wallet.topUp reply: " + err.Error())
					op.Outcome, op.Done = OutcomeRefused, time.Now()
					return
				}
				op.PaymentID, op.token, op.Key = id, token, "topup:"+id
			case res.refused():
				op.Outcome, op.Code, op.Done = OutcomeRefused, res.code, time.Now()
				return
			case !pause(ctx, rng, 0):
				op.Outcome, op.Done = OutcomeRefused, time.Now()
				return
			}
		}
		action, data = "payments.sandboxPay", map[string]any{"id": op.PaymentID, "token": op.token}
	case WalletMembership:
		action, data = "wallet.buyMembership", map[string]any{"tier": op.Tier, "currency": op.Asset, "idemKey": op.Key}
	case WalletGift:
		action, data = "wallet.gift", map[string]any{"toUserId": d.cfg.Members[op.Peer].ID, "currency": op.Asset,
			"amount": formatMinor(op.Amount, op.Asset), "idemKey": op.Key}
	}
	d.apply(ctx, rng, op, m.Token, action, data)
}

// apply sends the ledger step of op until it is answered.
func (d *WalletDriver) apply(ctx context.Context, rng *rand.Rand, op *WalletOp, token, action string, data map[string]any) {
	for try := 0; ; try++ {
		timeout := d.cfg.Timeout
		if try == 0 && rng.Float64() < d.cfg.ShortTimeoutShare {
			// The client gives up early: the server may still apply it.
			timeout = time.Duration(1+rng.IntN(20)) * time.Millisecond
		}
		op.Attempts++
		res := d.call(ctx, rng, token, action, data, timeout)
		switch {
		case res.ok():
			op.Done = time.Now()
			d.settled(op, OutcomeApplied, "")
			if rng.Float64() < d.cfg.RepeatShare {
				op.Repeats++
				again := d.call(ctx, rng, token, action, data, d.cfg.Timeout)
				if again.refused() {
					// The same key again must get the first answer.
					d.anomaly(action + " repeated with its key refused: " + again.code)
				}
			}
			return
		case res.refused():
			outcome := OutcomeRefused
			if op.ambiguous {
				outcome = OutcomeMaybe
			}
			op.Done = time.Now()
			d.settled(op, outcome, res.code)
			return
		}
		op.Unanswered++
		op.ambiguous = true
		if !pause(ctx, rng, try) {
			op.Done = time.Now()
			d.settled(op, OutcomeMaybe, "")
			return
		}
	}
}

// settled records op's outcome and, when applied, its effect on the
// balances the driver expects.
func (d *WalletDriver) settled(op *WalletOp, outcome WalletOutcome, code string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	op.Outcome, op.Code = outcome, code
	if outcome != OutcomeApplied {
		return
	}
	d.acked.Add(1)
	d.lat = append(d.lat, op.Done.Sub(op.Start))
	for _, l := range op.legs() {
		d.est[l.member][l.asset] += l.amount
	}
}

func (d *WalletDriver) anomaly(kind string) {
	d.mu.Lock()
	d.bad[kind]++
	d.mu.Unlock()
}

// pause waits before attempt try+1 (50 ms doubling to 1 s, jittered); it
// reports false when ctx ended.
func pause(ctx context.Context, rng *rand.Rand, try int) bool {
	d := min(50*time.Millisecond<<min(try, 5), time.Second)
	return sleepCtx(ctx, d/2+time.Duration(rng.Int64N(int64(d))))
}

// Settle waits out grace (so that no attempt is still under way on a
// server), then sends each operation without a definite answer again with
// its key: acknowledged, it was applied once (before or now); refused, it
// never was. What is still unanswered when ctx ends stays a maybe.
func (d *WalletDriver) Settle(ctx context.Context, grace time.Duration) {
	rng := rand.New(rand.NewPCG(d.cfg.Seed, 1<<32))
	// A resend may itself go unanswered while an earlier attempt of the
	// same key is still held by the server, and then be refused before
	// that attempt applies: its answer is ambiguous again. Each round
	// waits out grace first, so a later round's answer is definite.
	for {
		if !sleepCtx(ctx, grace) {
			return
		}
		again := false
		for _, op := range d.Ops() {
			if op.Outcome != OutcomeMaybe {
				continue
			}
			m := d.cfg.Members[op.Member]
			switch op.Kind {
			case WalletTopUp:
				if op.PaymentID == "" {
					continue
				}
				op.ambiguous = false
				d.apply(ctx, rng, op, m.Token, "payments.sandboxPay", map[string]any{"id": op.PaymentID, "token": op.token})
			case WalletMembership:
				op.ambiguous = false
				d.apply(ctx, rng, op, m.Token, "wallet.buyMembership", map[string]any{"tier": op.Tier, "currency": op.Asset, "idemKey": op.Key})
			case WalletGift:
				op.ambiguous = false
				d.apply(ctx, rng, op, m.Token, "wallet.gift", map[string]any{"toUserId": d.cfg.Members[op.Peer].ID,
					"currency": op.Asset, "amount": formatMinor(op.Amount, op.Asset), "idemKey": op.Key})
			default:
				continue
			}
			again = again || op.Outcome == OutcomeMaybe
		}
		if !again {
			return
		}
	}
}

// Ops returns every operation so far.
func (d *WalletDriver) Ops() []*WalletOp {
	d.mu.Lock()
	defer d.mu.Unlock()
	return slices.Clone(d.ops)
}

// Acked is how many operations were acknowledged so far.
func (d *WalletDriver) Acked() int64 { return d.acked.Load() }

// Calls is how many calls were made, and how many went unanswered.
func (d *WalletDriver) Calls() (calls, unanswered int64) { return d.calls.Load(), d.unanswered.Load() }

// Latencies are the acknowledged operations' times from their first
// attempt to the acknowledgement.
func (d *WalletDriver) Latencies() []time.Duration {
	d.mu.Lock()
	defer d.mu.Unlock()
	return slices.Clone(d.lat)
}

// Anomalies are answers that break the contract (a repeated key refused,
// a reply that cannot be read), by kind.
func (d *WalletDriver) Anomalies() map[string]int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	return maps(d.bad)
}

// Members are the members taking part.
func (d *WalletDriver) Members() []WalletMember { return d.cfg.Members }

// callResult is one call's answer: status 0 when there was none.
type callResult struct {
	status int
	code   string
	body   []byte
}

func (r callResult) ok() bool { return r.status == http.StatusOK }

// refused is a definite refusal: a 4xx other than 408 and 429 (which
// change nothing and say to come back).
func (r callResult) refused() bool {
	return r.status >= 400 && r.status < 500 && r.status != http.StatusRequestTimeout && r.status != http.StatusTooManyRequests
}

// call posts one action envelope to a node up now.
func (d *WalletDriver) call(ctx context.Context, rng *rand.Rand, token, action string, data any, timeout time.Duration) callResult {
	targets := d.cfg.Targets()
	for len(targets) == 0 {
		if !sleepCtx(ctx, 100*time.Millisecond) {
			return callResult{}
		}
		targets = d.cfg.Targets()
	}
	target := targets[rng.IntN(len(targets))]
	d.calls.Add(1)
	res := postEnvelope(ctx, d.cfg.Client, target, token, action, data, timeout)
	if !res.ok() && !res.refused() {
		d.unanswered.Add(1)
	}
	return res
}

// must calls an action that has to succeed.
func (d *WalletDriver) must(ctx context.Context, token, action string, data any) ([]byte, error) {
	var last callResult
	for try := range 5 {
		targets := d.cfg.Targets()
		if len(targets) == 0 {
			return nil, errors.New("wallet: no node up")
		}
		last = postEnvelope(ctx, d.cfg.Client, targets[try%len(targets)], token, action, data, d.cfg.Timeout)
		if last.ok() {
			return last.body, nil
		}
		if last.refused() || !sleepCtx(ctx, 200*time.Millisecond) {
			break
		}
	}
	return nil, fmt.Errorf("wallet: %s: %d %s %s", action, last.status, last.code, bytes.TrimSpace(last.body))
}

// postEnvelope posts {action, data, lang, authToken} to base/api/request.
func postEnvelope(ctx context.Context, client *http.Client, base, token, action string, data any, timeout time.Duration) callResult {
	body, err := json.Marshal(map[string]any{"action": action, "data": data, "lang": "en", "device": "desktop", "authToken": token})
	if err != nil {
		return callResult{}
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/request", bytes.NewReader(body))
	if err != nil {
		return callResult{}
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return callResult{}
	}
	defer resp.Body.Close()
	reply, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return callResult{}
	}
	res := callResult{status: resp.StatusCode, body: reply}
	if resp.StatusCode != http.StatusOK {
		var refusal struct {
			Codes []string `json:"codes"`
		}
		if json.Unmarshal(reply, &refusal) == nil && len(refusal.Codes) > 0 {
			res.code = refusal.Codes[0]
		}
	}
	return res
}

// formatMinor writes an amount of asset as the API takes it: money with
// two decimals, credit as an integer.
func formatMinor(v int64, asset string) string {
	if asset == walletCredit {
		return strconv.FormatInt(v, 10)
	}
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	return fmt.Sprintf("%s%d.%02d", sign, v/100, v%100)
}

// parseMinor reads a signed decimal text (or a JSON number) of asset into
// minor units, exactly: money takes at most two decimals, credit none.
func parseMinor(raw json.RawMessage, asset string) (int64, error) {
	s := strings.Trim(strings.TrimSpace(string(raw)), `"`)
	decimals := 2
	if asset == walletCredit {
		decimals = 0
	}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	whole, frac, hasDot := strings.Cut(s, ".")
	if whole == "" || (hasDot && (frac == "" || len(frac) > decimals)) {
		return 0, fmt.Errorf("amount %q of %s: want at most %d decimals", raw, asset, decimals)
	}
	for len(frac) < decimals {
		frac += "0"
	}
	digits := whole + frac
	if len(digits) > 17 {
		return 0, fmt.Errorf("amount %q of %s: too large", raw, asset)
	}
	n, err := strconv.ParseUint(digits, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("amount %q of %s: %w", raw, asset, err)
	}
	if neg {
		return -int64(n), nil
	}
	return int64(n), nil
}

// parseWallet reads a WalletView ({money: {CNY: "0.00", …}, credit}) under
// key of a reply into balances per asset, and the currencies it lists.
func parseWallet(body []byte, key string) (map[string]int64, []string, error) {
	var reply map[string]json.RawMessage
	if err := json.Unmarshal(body, &reply); err != nil {
		return nil, nil, fmt.Errorf("wallet reply: %w", err)
	}
	var view struct {
		Money  map[string]json.RawMessage `json:"money"`
		Credit json.RawMessage            `json:"credit"`
	}
	if err := json.Unmarshal(reply[key], &view); err != nil || view.Money == nil {
		return nil, nil, fmt.Errorf("wallet reply has no %s view: %s", key, body)
	}
	out := map[string]int64{}
	var currencies []string
	for cur, raw := range view.Money {
		v, err := parseMinor(raw, cur)
		if err != nil {
			return nil, nil, err
		}
		out[cur] = v
		currencies = append(currencies, cur)
	}
	slices.Sort(currencies)
	if len(view.Credit) > 0 {
		v, err := parseMinor(view.Credit, walletCredit)
		if err != nil {
			return nil, nil, err
		}
		out[walletCredit] = v
	}
	return out, currencies, nil
}

// parseTiers reads wallet.memberships' tiers and their prices.
func parseTiers(body []byte) ([]walletTier, error) {
	var reply struct {
		Tiers []struct {
			Key    string                     `json:"key"`
			Prices map[string]json.RawMessage `json:"prices"`
		} `json:"tiers"`
	}
	if err := json.Unmarshal(body, &reply); err != nil {
		return nil, fmt.Errorf("wallet.memberships reply: %w", err)
	}
	var out []walletTier
	for _, t := range reply.Tiers {
		tier := walletTier{key: t.Key, prices: map[string]int64{}}
		for asset, raw := range t.Prices {
			v, err := parseMinor(raw, asset)
			if err != nil {
				return nil, err
			}
			tier.prices[asset] = v
		}
		out = append(out, tier)
	}
	return out, nil
}

// parseCheckout reads the payment id and the sandbox token from
// wallet.topUp's reply: the QR encodes …/pay/sandbox/{id}?t={token}.
func parseCheckout(body []byte) (id, token string, err error) {
	var reply struct {
		Payment struct {
			ID json.RawMessage `json:"id"`
		} `json:"payment"`
		QR struct {
			QRCode string `json:"qrcode"`
		} `json:"qr"`
	}
	if err := json.Unmarshal(body, &reply); err != nil {
		return "", "", err
	}
	u, err := url.Parse(reply.QR.QRCode)
	if err != nil {
		return "", "", fmt.Errorf("QR %q: %w", reply.QR.QRCode, err)
	}
	_, tail, found := strings.Cut(u.Path, "/pay/sandbox/")
	token = u.Query().Get("t")
	if !found || tail == "" || strings.Contains(tail, "/") || token == "" {
		return "", "", fmt.Errorf("QR %q is not a sandbox confirm URL (…/pay/sandbox/{id}?t=…)", reply.QR.QRCode)
	}
	if pid := strings.Trim(string(reply.Payment.ID), `"`); pid != "" && pid != tail {
		return "", "", fmt.Errorf("QR %q names another payment than %s", reply.QR.QRCode, pid)
	}
	return tail, token, nil
}

// walletEntry is a ledger entry as wallet.entries answers it.
type walletEntry struct {
	ID           string
	Asset        string
	Amount       int64
	BalanceAfter int64
	Reason       string
	Ref          string
	Peer         string // the other member's id; "" for none
}

type entriesPage struct {
	entries []walletEntry
	cursor  string
	more    bool
}

// entries reads one page of a member's history, newest first.
func (d *WalletDriver) entries(ctx context.Context, token, after string, first int) (entriesPage, error) {
	data := map[string]any{"first": first}
	if after != "" {
		data["after"] = after
	}
	body, err := d.must(ctx, token, "wallet.entries", data)
	if err != nil {
		return entriesPage{}, err
	}
	return parseEntries(body)
}

func parseEntries(body []byte) (entriesPage, error) {
	var reply struct {
		Entries []struct {
			ID           json.RawMessage            `json:"id"`
			Asset        string                     `json:"asset"`
			Amount       json.RawMessage            `json:"amount"`
			BalanceAfter json.RawMessage            `json:"balanceAfter"`
			Reason       string                     `json:"reason"`
			Ref          json.RawMessage            `json:"ref"`
			Peer         map[string]json.RawMessage `json:"peer"`
		} `json:"entries"`
		PageInfo struct {
			EndCursor   json.RawMessage `json:"endCursor"`
			HasNextPage bool            `json:"hasNextPage"`
		} `json:"pageInfo"`
	}
	if err := json.Unmarshal(body, &reply); err != nil {
		return entriesPage{}, fmt.Errorf("wallet.entries reply: %w", err)
	}
	unquote := func(raw json.RawMessage) string {
		if string(raw) == "null" {
			return ""
		}
		return strings.Trim(string(raw), `"`)
	}
	page := entriesPage{cursor: unquote(reply.PageInfo.EndCursor), more: reply.PageInfo.HasNextPage}
	for _, e := range reply.Entries {
		amount, err := parseMinor(e.Amount, e.Asset)
		if err != nil {
			return entriesPage{}, err
		}
		after, err := parseMinor(e.BalanceAfter, e.Asset)
		if err != nil {
			return entriesPage{}, err
		}
		we := walletEntry{ID: unquote(e.ID), Asset: e.Asset, Amount: amount, BalanceAfter: after, Reason: e.Reason, Ref: unquote(e.Ref)}
		if e.Peer != nil {
			for _, k := range []string{"databaseId", "id"} {
				if v, ok := e.Peer[k]; ok {
					we.Peer = unquote(v)
					break
				}
			}
		}
		page.entries = append(page.entries, we)
	}
	return page, nil
}
