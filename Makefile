# Souk: `make run` starts the site with demo content; `make test` runs every test.
GO        ?= go
BIN       := bin/souk
VERSION   := $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -s -w -X main.version=$(VERSION)
HTTP      ?= 127.0.0.1:8080
DATA      ?= ./data
# The 3-node cluster's shared database (make cluster creates it if missing).
CLUSTER_DB ?= postgres://root@127.0.0.1:5432/souk_cluster

GO_SOURCES     := $(shell find . -name '*.go' -not -path './node_modules/*' 2>/dev/null) go.mod go.sum
WEB_SOURCES    := $(shell find webui/src webui/build.mjs webui/index.html -type f 2>/dev/null)
NODE_STAMP     := node_modules/.souk-installed

.PHONY: all build client run test test-go test-race test-fuzz test-types test-web test-e2e vet apidoc types clean bench proto cluster

all: build

# npm install honours package-lock.json and, with --no-save, never rewrites it
# (npm ci refuses lock files that leave out other platforms' optional packages).
$(NODE_STAMP): package.json package-lock.json
	npm install --no-audit --no-fund --no-save
	@touch $@

webui/dist/index.html: $(NODE_STAMP) $(WEB_SOURCES)
	node webui/build.mjs

client: webui/dist/index.html

$(BIN): webui/dist/index.html $(GO_SOURCES)
	@mkdir -p bin
	$(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/souk

build: $(BIN)

run: build
	./$(BIN) serve --dev --http $(HTTP) --data $(DATA)

vet: webui/dist/index.html
	$(GO) vet ./...

test-go: webui/dist/index.html
	$(GO) test -count=1 ./...

# The packages whose goroutines share state, multi-node tests included, under the race detector.
test-race: webui/dist/index.html
	$(GO) test -race -count=1 ./transport/realtime/... ./transport/ws/... ./cluster/... ./actors/...

# Each fuzz target for FUZZTIME (go runs one -fuzz target per invocation):
# the request envelope, websocket frames, the plain-text cleaning and the
# link rule. A failing input is written to the package's testdata/fuzz and
# replayed by every later go test run. Budgets are counts of executions, not
# durations: Go 1.26's fuzz coordinator can report a spurious "context
# deadline exceeded" when a wall-clock -fuzztime ends while a worker is busy
# (go.dev/issue/75804, fixed in Go 1.27); a count has no deadline to race.
FUZZTIME ?= 100000x
FUZZ_TARGETS := ./transport/httpapi:FuzzRequestEnvelope ./transport/ws:FuzzFrames ./app/member:FuzzPlainText ./app/member:FuzzLink
test-fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
		echo "fuzz $${t#*:} ($${t%%:*}, $(FUZZTIME))"; \
		$(GO) test -run '^$$' -fuzz "^$${t#*:}\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 2000x "$${t%%:*}"; \
	done

test-types: $(NODE_STAMP)
	npm run typecheck

test-web: $(NODE_STAMP)
	npm test

test-e2e: build
	SOUK_BIN=$(CURDIR)/$(BIN) npm run e2e

test: vet test-go test-race test-fuzz test-types test-web test-e2e

apidoc: webui/dist/index.html
	$(GO) run ./cmd/souk apidoc > docs/API.md

# The client's TypeScript wire types, generated from the action registry (committed).
types: webui/dist/index.html
	$(GO) run ./cmd/souk tstypes > webui/src/api/wire.gen.ts.tmp || { rm -f webui/src/api/wire.gen.ts.tmp; exit 1; }
	mv webui/src/api/wire.gen.ts.tmp webui/src/api/wire.gen.ts

clean:
	rm -rf bin webui/dist

# Runs the standard load profile (bench/README.md) against a fresh single
# node on the embedded default and writes the reports into bench/results/.
# BENCH_FLAGS adds flags, e.g. BENCH_FLAGS='--duration 30s'.
BENCH_FLAGS ?=
bench: build
	./$(BIN) bench profile --out bench/results --duration 20s $(BENCH_FLAGS)

# Regenerates the protobuf code of actors/ (committed). Needs protoc and
# protoc-gen-go at the version of google.golang.org/protobuf in go.mod.
proto:
	$(GO) install google.golang.org/protobuf/cmd/protoc-gen-go@$$($(GO) list -m -f '{{.Version}}' google.golang.org/protobuf)
	PATH="$$($(GO) env GOPATH)/bin:$$PATH" protoc --go_out=. --go_opt=module=souk -I actors actors/*.proto

# Starts the Procfile's 3 nodes on loopback (HTTP 8081-8083) sharing CLUSTER_DB.
cluster: build
	psql "$(CLUSTER_DB)" -c 'select 1' >/dev/null 2>&1 || psql "$(dir $(CLUSTER_DB))postgres" -c "CREATE DATABASE $(notdir $(CLUSTER_DB))"
	SOUK_DB=$(CLUSTER_DB) ./scripts/procfile.sh Procfile
