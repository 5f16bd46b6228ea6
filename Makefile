# bosun — see README.md. Every target works with only Go installed.
GO      ?= go
TESTCMD  = $(GO) test -timeout 300s ./...

.PHONY: build test lint docs completions bench fuzz clean check-generated

build:
	$(GO) build -o bosun ./cmd/bosun

test:
	$(TESTCMD)

lint:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { gofmt -l $$(git ls-files '*.go'); echo "gofmt: files above need formatting"; exit 1; }
	$(GO) vet ./...

docs:
	$(GO) run ./cmd/gendocs -docs docs

completions:
	$(GO) run ./cmd/gendocs -completions completions

# Wall time of one-shot commands (fresh process each run) and rules-search quality.
bench:
	$(GO) run ./cmd/benchmark -runs 30
	@if [ -d rulesref/bench ]; then $(GO) run ./rulesref/bench; fi

# Short fuzzing of every fuzz target.
fuzz:
	$(GO) test -run XXX -fuzz FuzzParseSpec -fuzztime 20s ./referee/
	$(GO) test -run XXX -fuzz FuzzDecode -fuzztime 20s ./referee/
	$(GO) test -run XXX -fuzz FuzzParseAnswers -fuzztime 20s ./referee/

# Fails when the committed docs or completions are not what the code generates.
check-generated:
	$(GO) run ./cmd/gendocs -docs docs -completions completions
	git diff --exit-code -- docs completions
	@test -z "$$(git status --porcelain -- docs completions)" || { git status --porcelain -- docs completions; echo "untracked generated files"; exit 1; }

clean:
	rm -f bosun
