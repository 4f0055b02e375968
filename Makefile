# Souk: `make run` starts the site with demo content; `make test` runs every test.
GO        ?= go
BIN       := bin/souk
VERSION   := $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -s -w -X main.version=$(VERSION)
HTTP      ?= 127.0.0.1:8080
DATA      ?= ./data

GO_SOURCES     := $(shell find . -name '*.go' -not -path './node_modules/*' 2>/dev/null) go.mod go.sum
WEB_SOURCES    := $(shell find webui/src webui/build.mjs webui/index.html -type f 2>/dev/null)
NODE_STAMP     := node_modules/.souk-installed

.PHONY: all build client run test test-go test-web test-e2e vet apidoc clean bench proto

all: build

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
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

test-web: $(NODE_STAMP)
	npm test

test-e2e: build
	SOUK_BIN=$(CURDIR)/$(BIN) npm run e2e

test: vet test-go test-web test-e2e

apidoc: webui/dist/index.html
	$(GO) run ./cmd/souk apidoc > docs/API.md

clean:
	rm -rf bin webui/dist
