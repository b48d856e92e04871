# quartermaster: the two entry points of the README's Quick start are
# `make run` and `make test`. The other targets are what they are built from.

GO          ?= go
ADDR        ?= :8080
DATA        ?= ./data
BIN         := bin/quartermaster
VERSION     := $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS     := -X main.version=$(VERSION)
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
# Packages that must build and test without cgo (no OpenCV): all but vision and cmd.
NOCGO_PKGS   = $(shell $(GO) list ./... | grep -v -e /vision -e /cmd/ -e /node_modules/)

.PHONY: run test build build-novision deps deps-test fmt-check tidy-check vet staticcheck tsc unit nocgo bench clean

## run: install what is missing, build, serve the dashboard with a simulated table
run: deps build
	./$(BIN) serve --addr $(ADDR) --data $(DATA) --sim --practice-catalogs examples/catalogs

## test: install what is missing, gofmt, vet, staticcheck, all tests with -race
test: deps-test fmt-check tidy-check vet staticcheck tsc unit nocgo

deps:
	@bash scripts/install-deps.sh run

deps-test:
	@bash scripts/install-deps.sh test

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/quartermaster

## build-novision: a binary without OpenCV (e.g. a quick arm64 cross-build:
## make build-novision GOOS=linux GOARCH=arm64)
build-novision:
	CGO_ENABLED=0 $(GO) build -tags novision -ldflags "$(LDFLAGS)" -o $(BIN)-novision ./cmd/quartermaster

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt: these files need formatting:"; echo "$$out"; exit 1; fi

## tidy-check: go.mod and go.sum are exactly what `go mod tidy` writes
tidy-check:
	$(GO) mod tidy -diff

vet:
	$(GO) vet ./...
	CGO_ENABLED=0 $(GO) vet -tags novision ./...

staticcheck:
	$(GO) run $(STATICCHECK) ./...

## tsc: the dashboard's JavaScript type-checks (// @ts-check, TypeScript pinned
## in package.json) and web/ui/vendor matches the pinned npm packages
tsc:
	npx --no-install tsc --noEmit -p web/ui
	bash scripts/vendor-ui.sh --check

unit:
	bash scripts/with-postgres.sh $(GO) test -race -count=1 -timeout 30m ./...

## nocgo: everything but vision and cmd builds and tests without cgo, and the
## binary builds without OpenCV
nocgo:
	CGO_ENABLED=0 $(GO) build -tags novision ./...
	CGO_ENABLED=0 $(GO) test -short -count=1 $(NOCGO_PKGS)

bench:
	$(GO) test -run '^$$' -bench . ./...

clean:
	rm -rf bin
