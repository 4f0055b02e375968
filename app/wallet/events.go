package wallet

import "souk/app/action"

// Events describes the live events this package sends (not stored in the
// inbox: no seq), for the client's generated wire types (souk tstypes).
// The viewer event it also sends after a VIP tier is bought has the shape
// souk/app/account describes in its Events (ViewerEvent here), so it is
// listed there once.
var Events = []action.Event{
	action.EventOf[WalletView](EventWallet, "The viewer's balances after a change (a top-up paid, a purchase, a gift, an adjustment), on every connection."),
}
