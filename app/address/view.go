package address

import (
	"souk/app/internal/postal"
	"souk/persistence"
)

// Place and AddressView are the wire shapes of an address (souk/app/internal/postal).
type (
	Place       = postal.Place
	AddressView = postal.AddressView
)

// View is postal.View: a stored address as the client reads it.
func View(a persistence.Address, lang string) AddressView { return postal.View(a, lang) }
