package main

import "souk/app/builder"

// newBuilder builds the page builder's service: its layout events go
// through the live bus (none when the registry is only described).
func newBuilder(d deps) *builder.Service {
	cfg := builder.Config{DB: d.db}
	if pub := d.livePublisher(); pub != nil {
		cfg.Live = pub
	}
	return builder.New(cfg)
}
