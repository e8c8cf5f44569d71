# revtrace — common tasks. `make test` is what CI runs (.ci/run).
GO      ?= go
BIN     := bin/revtrace
FIXTURES:= testdata/fixtures
DEMO_OUT?= $(or $(TMPDIR),/tmp)/revtrace-demo

.PHONY: all build test vet fmt-check demo fixtures fuzz bench clean eval

all: build

build:
	$(GO) build -o $(BIN) ./cmd/revtrace

## test: gofmt check, go vet, and every test with the race detector
test: fmt-check vet
	$(GO) test -race -count=1 ./...

vet:
	$(GO) vet ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

## demo: mine the bundled fixtures of all four formats and print the Figure 3 tables (offline)
demo: build
	@rm -rf $(DEMO_OUT)
	./$(BIN) mine --quiet --out $(DEMO_OUT) $(FIXTURES)
	@cat $(DEMO_OUT)/report.md
	@echo
	@echo "outputs: $(DEMO_OUT) (events.jsonl, summary.json, report.md, report.html, tables/, cases.jsonl, errors.jsonl)"

## fixtures: regenerate the committed fixtures with the repo's generator
fixtures:
	$(GO) run ./internal/fixturegen/cmd/fixturegen -out $(FIXTURES)

## eval: score the detectors on the dev gold sets, then, separately, on the held-out sets
GOLD ?= testdata/gold
eval: build
	./$(BIN) eval --label "dev sets ($(GOLD))" --replies $(GOLD)/replies.jsonl --turns $(GOLD)/turns.jsonl
	@for f in turns2 turns3; do if [ -f $(GOLD)/$$f.jsonl ]; then \
	  ./$(BIN) eval --label "dev turns ($(GOLD)/$$f.jsonl)" --turns $(GOLD)/$$f.jsonl; fi; done
	./$(BIN) eval --label "held-out replies ($(GOLD)/heldout)" --replies $(GOLD)/heldout/replies.jsonl
	./$(BIN) eval --label "retired held-out turns, now dev ($(GOLD)/heldout)" --turns $(GOLD)/heldout/turns.jsonl
	./$(BIN) eval --label "retired held-out turns, now dev ($(GOLD)/heldout2)" --turns $(GOLD)/heldout2/turns.jsonl
	./$(BIN) eval --label "retired held-out turns, now dev ($(GOLD)/heldout3)" --turns $(GOLD)/heldout3/turns.jsonl
	./$(BIN) eval --label "retired held-out turns, now dev ($(GOLD)/heldout4)" --turns $(GOLD)/heldout4/turns.jsonl
	./$(BIN) eval --label "retired held-out turns, now dev ($(GOLD)/heldout5)" --turns $(GOLD)/heldout5/turns.jsonl
	./$(BIN) eval --label "retired held-out turns, now dev ($(GOLD)/heldout6)" --turns $(GOLD)/heldout6/turns.jsonl
	./$(BIN) eval --label "retired held-out turns, now dev ($(GOLD)/heldout7)" --turns $(GOLD)/heldout7/turns.jsonl
	@if [ -f $(GOLD)/heldout8/turns.jsonl ]; then \
	  ./$(BIN) eval --label "held-out turns ($(GOLD)/heldout8, see its README)" --turns $(GOLD)/heldout8/turns.jsonl; fi
	@for d in fresh fresh2; do if [ -f $(GOLD)/$$d/replies.jsonl ]; then \
	  ./$(BIN) eval --label "blind set ($(GOLD)/$$d, see its README)" --replies $(GOLD)/$$d/replies.jsonl; fi; done

## eval-real: rebuild the real WildChat turns of each labelled real set (REAL_SETS, under $(GOLD)) from
## the sample outside the repository (REAL_SAMPLE) into a temporary file and score it (not part of test;
## real1 and real2 are held out, real-dev is for tuning: see their READMEs); EVAL_FLAGS are passed to
## eval, e.g. EVAL_FLAGS="--llm --llm-base-url URL --llm-model M --cache PATH" to score the LLM check.
## The real reply sets (REAL_REPLY_SETS: replies to the real sets' revision requests, labelled for traces)
## are rebuilt with materialise-replies and scored with eval --replies
REAL_SAMPLE ?= ../shared/real/wildchat-sample.jsonl.zst
REAL_SETS ?= real1 real2
REAL_REPLY_SETS ?= real-replies
EVAL_FLAGS ?=
.PHONY: eval-real
eval-real: build
	@if [ ! -f "$(REAL_SAMPLE)" ]; then echo "eval-real: $(REAL_SAMPLE) not found, skipped"; exit 0; fi; \
	tmp=$$(mktemp "$${TMPDIR:-/tmp}/real-turns.XXXXXX"); trap 'rm -f "$$tmp"' EXIT; \
	for set in $(REAL_SETS); do \
	  $(GO) run ./internal/realgold/cmd/realgold materialise -labels $(GOLD)/$$set/labels.jsonl -out "$$tmp" "$(REAL_SAMPLE)" && \
	  ./$(BIN) eval --label "real turns ($(GOLD)/$$set, see its README)" --turns "$$tmp" $(EVAL_FLAGS) || exit 1; \
	done; \
	for set in $(REAL_REPLY_SETS); do \
	  $(GO) run ./internal/realgold/cmd/realgold materialise-replies -labels $(GOLD)/$$set/labels.jsonl -out "$$tmp" "$(REAL_SAMPLE)" && \
	  ./$(BIN) eval --label "real replies ($(GOLD)/$$set, see its README)" --replies "$$tmp" $(EVAL_FLAGS) || exit 1; \
	done

## fuzz: run every native fuzz target for FUZZTIME each (minimising an input for at most
## FUZZMINTIME); every target runs even when one fails, the failures are listed at the end
## (a crash leaves its input under the package's testdata/fuzz/ — see docs/fuzzing.md)
FUZZTIME ?= 60s
FUZZMINTIME ?= 10s
fuzz:
	@failed=""; for pkg in $$($(GO) list ./...); do \
	  for t in $$($(GO) test -list '^Fuzz' $$pkg 2>/dev/null | grep '^Fuzz' || true); do \
	    echo "== $$pkg $$t"; \
	    $(GO) test -run='^$$' -fuzz="^$$t$$" -fuzztime=$(FUZZTIME) -fuzzminimizetime=$(FUZZMINTIME) $$pkg || failed="$$failed $$pkg.$$t"; \
	  done; \
	done; \
	if [ -n "$$failed" ]; then echo "fuzz: failed:$$failed"; exit 1; fi; echo "fuzz: every target ran clean"

## bench: revtrace vs zstd|rg, the Python miner and DuckDB on a generated corpus (not part of test;
## env N, REPS, SEED, WORK, PEERS, SCALE — see bench/README.md)
bench:
	GO=$(GO) bash bench/run.sh

clean:
	rm -rf bin

## screenshot: render the bundled fixtures' report.html in headless Chromium (the browser test) and
## write a cropped, scaled copy of its screenshot to docs/report.png (the chart image in README.md)
.PHONY: screenshot
screenshot:
	@mkdir -p docs
	REVTRACE_SCREENSHOT=$(CURDIR)/docs/report.png $(GO) test -count=1 -run '^TestReportInBrowser$$' -v ./reports/
