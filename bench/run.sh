#!/usr/bin/env bash
# bench/run.sh — revtrace's speed side by side with its pinned peers
# (make bench). See bench/README.md.
#
# Environment:
#   N       conversations in the corpus (default 200000)
#   REPS    timed repetitions per tool; the median wall time is reported (default 3)
#   SEED    generator seed (default 1)
#   WORK    work directory: binaries, cached corpora, DuckDB install, outputs
#           (default ${TMPDIR:-/tmp}/revtrace-bench)
#   PEERS   directory of the pinned peers: cues.txt, naive_miner.py,
#           duck_screen.js, duckdb/ (default /work/shared/bench)
#   SCALE   the RSS check mines SCALE× the data once more (default 4; 0 skips it)
#   REAL    real conversations as OpenAI-messages JSONL.zst, timed with revtrace
#           and the Python miner for MB/s on real text (default
#           PEERS/../real/wildchat-sample.jsonl.zst; skipped when missing)
set -euo pipefail

N=${N:-200000}
REPS=${REPS:-3}
SEED=${SEED:-1}
WORK=${WORK:-${TMPDIR:-/tmp}/revtrace-bench}
PEERS=${PEERS:-/work/shared/bench}
SCALE=${SCALE:-4}
REAL=${REAL:-$PEERS/../real/wildchat-sample.jsonl.zst}
GO=${GO:-go}
ROOT=$(cd "$(dirname "$0")/.." && pwd)

# WildChat-4.8M as reference/formats.md gives it: dataset_size 42.6 GB
# uncompressed, 3,199,860 conversations.
WILDCHAT_BYTES=42600000000
WILDCHAT_CONVS=3199860

say() { printf '%s\n' "$*" >&2; }
die() { say "bench: $*"; exit 1; }

[ -x /usr/bin/time ] || die "/usr/bin/time is missing (Debian: apt-get install time)"
command -v zstd >/dev/null || die "zstd is missing (Debian: apt-get install zstd)"
CUES=$PEERS/cues.txt
[ -f "$CUES" ] || die "no cue list at $CUES (set PEERS to the directory of the pinned peers)"

mkdir -p "$WORK/bin" "$WORK/out"
CORES=$(nproc 2>/dev/null || echo "?")

# ---------------------------------------------------------------------------
# Build.
say "== building revtrace and the corpus generators into $WORK/bin"
(cd "$ROOT" && $GO build -o "$WORK/bin/revtrace" ./cmd/revtrace &&
	$GO build -o "$WORK/bin/fixturegen" ./internal/fixturegen/cmd/fixturegen &&
	$GO build -o "$WORK/bin/plainjsonl" ./bench/plainjsonl)
REVTRACE=$WORK/bin/revtrace

# ---------------------------------------------------------------------------
# Corpora, cached by n and seed: WildChat Parquet from fixturegen, and the
# same conversations as plain OpenAI-messages JSON Lines (.zst).
corpus() { # corpus N [jsonl] -> prints the directory, generating it when missing
	local n=$1 what=${2:-all} dir=$WORK/corpus-n$1-s$SEED
	[ "$what" = all ] || dir=$dir-$what
	if [ ! -f "$dir/.done" ]; then
		say "== generating $n conversations (seed $SEED) into $dir"
		rm -rf "$dir"
		mkdir -p "$dir/messages"
		[ "$what" = jsonl ] || "$WORK/bin/fixturegen" -out "$dir" -n "$n" -seed "$SEED" -formats wildchat >&2
		"$WORK/bin/plainjsonl" -out "$dir/messages/conversations.jsonl.zst" -n "$n" -seed "$SEED"
		zstd -dc "$dir/messages/conversations.jsonl.zst" | wc -c | tr -d ' ' >"$dir/jsonl-bytes"
		touch "$dir/.done"
	fi
	printf '%s\n' "$dir"
}
DIR=$(corpus "$N")
JSONL=$DIR/messages/conversations.jsonl.zst
PARQUET_GLOB="$DIR/wildchat/*.parquet"
BYTES=$(cat "$DIR/jsonl-bytes")

# ---------------------------------------------------------------------------
# Peers.
RG=$(command -v rg || true)
if [ -z "$RG" ] && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
	say "== installing ripgrep (apt-get)"
	apt-get install -y -q ripgrep >&2 || { apt-get update -q >&2 && apt-get install -y -q ripgrep >&2; } || true
	RG=$(command -v rg || true)
fi
[ -n "$RG" ] || say "bench: ripgrep (rg) is MISSING: the raw scan limit is skipped (Debian: apt-get install ripgrep)"

PY=$(command -v python3 || true)
[ -n "$PY" ] && [ -f "$PEERS/naive_miner.py" ] || { PY=; say "bench: python3 or $PEERS/naive_miner.py is MISSING: the Python miner is skipped"; }

DUCK=
if command -v node >/dev/null && command -v npm >/dev/null && [ -d "$PEERS/duckdb" ] && [ -f "$PEERS/duck_screen.js" ]; then
	if [ ! -d "$WORK/duckdb/node_modules/@duckdb/node-api" ]; then
		say "== installing DuckDB for Node into $WORK/duckdb"
		rm -rf "$WORK/duckdb"
		cp -r "$PEERS/duckdb" "$WORK/duckdb"
		chmod -R u+w "$WORK/duckdb"
		(cd "$WORK/duckdb" && npm install --no-audit --no-fund >&2) || say "bench: npm install failed"
	fi
	[ -d "$WORK/duckdb/node_modules/@duckdb/node-api" ] && DUCK=1
fi
[ -n "$DUCK" ] || say "bench: DuckDB (node, npm, $PEERS/duckdb) is MISSING: the DuckDB peer is skipped"

# ---------------------------------------------------------------------------
# Timing: run a command REPS times under /usr/bin/time -v; keep the median
# wall time, the largest peak RSS and the last run's stdout.
declare -A WALL RSS OUT
measure() { # measure KEY REPS COMMAND
	local key=$1 reps=$2 cmd=$3 i walls=() rss=0 log=$WORK/out/$1.time
	for ((i = 1; i <= reps; i++)); do
		if ! /usr/bin/time -v -o "$log" bash -c "$cmd" >"$WORK/out/$key.stdout" 2>"$WORK/out/$key.stderr"; then
			tail -5 "$WORK/out/$key.stderr" >&2
			die "$key failed: $cmd"
		fi
		walls+=("$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0; for (j = 1; j <= n; j++) s = s * 60 + p[j]; print s}' "$log")")
		local r
		r=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
		((r > rss)) && rss=$r
	done
	WALL[$key]=$(printf '%s\n' "${walls[@]}" | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}')
	RSS[$key]=$rss
	OUT[$key]=$(tr '\n' ' ' <"$WORK/out/$key.stdout")
	say "   $key: median ${WALL[$key]} s of $reps, peak RSS $((rss / 1024)) MB"
}

mine() { # mine OUTDIR INPUT [FLAGS]: revtrace mine, printing total conversations and candidates
	printf '%q mine --quiet --out %q %s %q && jq -c "{conversations: .total.conversations, candidates: .total.candidates}" %q/summary.json' \
		"$REVTRACE" "$1" "${3:-}" "$2" "$1"
}
command -v jq >/dev/null || die "jq is missing (Debian: apt-get install jq)"

say "== warming the page cache"
cat "$JSONL" $PARQUET_GLOB >/dev/null

say "== timing, $REPS repetitions each (N=$N, $CORES cores)"
measure revtrace_jsonl "$REPS" "$(mine "$WORK/out/rt-jsonl" "$JSONL")"
measure revtrace_parquet "$REPS" "$(mine "$WORK/out/rt-parquet" "$DIR/wildchat")"
measure revtrace_jsonl_w1 "$REPS" "$(mine "$WORK/out/rt-jsonl-w1" "$JSONL" "--workers 1")"
measure revtrace_jsonl_w2 "$REPS" "$(mine "$WORK/out/rt-jsonl-w2" "$JSONL" "--workers 2")"
[ -n "$RG" ] && measure rg "$REPS" "zstd -dc $(printf %q "$JSONL") | $RG -c -i -f $(printf %q "$CUES")"
[ -n "$PY" ] && measure python "$REPS" "zstd -dc $(printf %q "$JSONL") | $PY $(printf %q "$PEERS/naive_miner.py") $(printf %q "$CUES")"
[ -n "$DUCK" ] && measure duckdb "$REPS" "NODE_PATH=$(printf %q "$WORK/duckdb/node_modules") node $(printf %q "$PEERS/duck_screen.js") $(printf %q "$CUES") $(printf %q "$PARQUET_GLOB")"
if [ "$SCALE" -gt 0 ] 2>/dev/null; then
	DIRX=$(corpus $((N * SCALE)) jsonl)
	measure revtrace_jsonl_x$SCALE 1 "$(mine "$WORK/out/rt-jsonl-x$SCALE" "$DIRX/messages/conversations.jsonl.zst")"
fi

# Real text: the synthetic corpus is shorter and plainer than real logs, so
# revtrace and the Python miner also run on real conversations. The start-up
# cost (building the rules' automata and expressions, writing the report) is
# timed on one conversation, so that the rate on a small file can be read
# without it.
if [ -f "$REAL" ]; then
	REALBYTES=$(zstd -dc "$REAL" | wc -c | tr -d ' ')
	REALCONVS=$(zstd -dc "$REAL" | wc -l | tr -d ' ')
	zstd -dc "$REAL" | sed -n 1p | zstd -q -c >"$WORK/out/one.jsonl.zst" # sed reads to the end: no SIGPIPE under pipefail
	measure revtrace_one "$REPS" "$(mine "$WORK/out/rt-one" "$WORK/out/one.jsonl.zst")"
	measure revtrace_real "$REPS" "$(mine "$WORK/out/rt-real" "$REAL")"
	[ -n "$PY" ] && measure python_real "$REPS" "zstd -dc $(printf %q "$REAL") | $PY $(printf %q "$PEERS/naive_miner.py") $(printf %q "$CUES")"
else
	say "bench: no real sample at $REAL: the real-text rows are skipped"
fi

# The LLM stage against the in-process fake server (200 ms latency,
# concurrency 32, cold cache): BenchmarkThroughput reports req/s and the
# "ratio" to the ideal 32 / 0.2 s = 160 req/s.
bench_metric() { awk -v m="$1" '/^BenchmarkThroughput/ {for (i = 3; i <= NF; i++) if ($i == m) v = $(i - 1)} END {if (v != "") print v}'; }
say "== LLM stage throughput (go test -bench Throughput -benchtime=3x ./detectors/llm)"
LLM_BENCH=$WORK/out/llm_throughput.txt
LLM_RATIO= LLM_RPS=
if (cd "$ROOT" && $GO test -run '^$' -bench Throughput -benchtime=3x ./detectors/llm) >"$LLM_BENCH" 2>&1; then
	LLM_RATIO=$(bench_metric ratio <"$LLM_BENCH")
	LLM_RPS=$(bench_metric req/s <"$LLM_BENCH")
	say "   llm_throughput: ${LLM_RPS:-?} req/s, ratio ${LLM_RATIO:-?}"
else
	tail -5 "$LLM_BENCH" >&2
	say "bench: the LLM throughput benchmark failed (see $LLM_BENCH)"
fi

# ---------------------------------------------------------------------------
# Report.
calc() { awk "BEGIN {printf \"%.${2:-2}f\", $1}"; }
mbps() { calc "$BYTES / 1e6 / ${WALL[$1]}" 1; }
cps() { calc "$N / ${WALL[$1]}" 0; }
row() { # row KEY LABEL INPUT
	[ -n "${WALL[$1]:-}" ] || return 0
	printf '| %-34s | %-10s | %8s | %8s | %9s | %8s | %s\n' "$2" "$3" "${WALL[$1]}" "$(mbps "$1")" "$(cps "$1")" \
		"$((RSS[$1] / 1024))" "${OUT[$1]}"
}
verdict() { awk "BEGIN {print ($1) ? \"met\" : \"MISSED\"}"; }

echo
echo "revtrace benchmark — N=$N conversations (seed $SEED), $CORES cores, median of $REPS"
echo "corpus: $DIR"
echo "MB/s = $BYTES bytes of uncompressed JSONL (the same numerator for every tool, Parquet too) / wall seconds"
echo
printf '| %-34s | %-10s | %8s | %8s | %9s | %8s | %s\n' tool input "wall s" "MB/s" "conv/s" "RSS MB" output
printf '|%s|%s|%s|%s|%s|%s|%s\n' ------------------------------------ ------------ ---------- ---------- ----------- ---------- --------
row revtrace_jsonl "revtrace mine" jsonl.zst
row revtrace_parquet "revtrace mine" parquet
row revtrace_jsonl_w1 "revtrace mine --workers 1" jsonl.zst
row revtrace_jsonl_w2 "revtrace mine --workers 2" jsonl.zst
row rg "zstd -dc | rg -c -i -f cues.txt" jsonl.zst
row python "zstd -dc | python3 naive_miner.py" jsonl.zst
row duckdb "node duck_screen.js (DuckDB)" parquet
if [ -n "${WALL[revtrace_jsonl_x$SCALE]:-}" ]; then
	printf '| %-34s | %-10s | %8s | %8s | %9s | %8s | %s\n' "revtrace mine, ${SCALE}x data" jsonl.zst "${WALL[revtrace_jsonl_x$SCALE]}" \
		"$(calc "$(cat "$DIRX/jsonl-bytes") / 1e6 / ${WALL[revtrace_jsonl_x$SCALE]}" 1)" \
		"$(calc "$N * $SCALE / ${WALL[revtrace_jsonl_x$SCALE]}" 0)" "$((RSS[revtrace_jsonl_x$SCALE] / 1024))" "${OUT[revtrace_jsonl_x$SCALE]}"
fi

if [ -n "${WALL[revtrace_real]:-}" ]; then
	echo
	echo "Real text: $REAL ($REALCONVS conversations, $REALBYTES bytes uncompressed)"
	realrow() { # realrow KEY LABEL
		[ -n "${WALL[$1]:-}" ] || return 0
		printf '| %-34s | %8s | %8s | %9s | %8s | %s\n' "$2" "${WALL[$1]}" "$(calc "$REALBYTES / 1e6 / ${WALL[$1]}" 1)" \
			"$(calc "$REALCONVS / ${WALL[$1]}" 0)" "$((RSS[$1] / 1024))" "${OUT[$1]}"
	}
	printf '| %-34s | %8s | %8s | %9s | %8s | %s\n' tool "wall s" "MB/s" "conv/s" "RSS MB" output
	printf '|%s|%s|%s|%s|%s|%s\n' ------------------------------------ ---------- ---------- ----------- ---------- --------
	realrow revtrace_real "revtrace mine"
	realrow python_real "zstd -dc | python3 naive_miner.py"
	realrow revtrace_one "revtrace mine, 1 conversation"
	REALNET=$(calc "${WALL[revtrace_real]} - ${WALL[revtrace_one]}" 3)
	echo "  revtrace without its start-up (${WALL[revtrace_one]} s): $REALNET s, $(calc "$REALBYTES / 1e6 / $REALNET" 1) MB/s"
	[ -n "${WALL[python_real]:-}" ] &&
		echo "  revtrace / Python miner on real text: $(calc "${WALL[python_real]} / ${WALL[revtrace_real]}" 2)× (with start-up), $(calc "${WALL[python_real]} / $REALNET" 2)× (without)"
fi

echo
echo "Peer agreement (candidates = user turns after the first holding a cue):"
PYC=$(printf '%s' "${OUT[python]:-}" | jq -r '.candidates // empty' 2>/dev/null || true)
DKC=$(printf '%s' "${OUT[duckdb]:-}" | jq -r '.candidates // empty' 2>/dev/null || true)
echo "  python naive_miner: ${PYC:-n/a}    duckdb: ${DKC:-n/a}    -> $([ -n "$PYC" ] && [ "$PYC" = "$DKC" ] && echo same || echo DIFFERENT)"
RTJ=$(printf '%s' "${OUT[revtrace_jsonl]}" | jq -r '.conversations')
RTP=$(printf '%s' "${OUT[revtrace_parquet]}" | jq -r '.conversations')
echo "  revtrace conversations: jsonl.zst $RTJ, parquet $RTP (want $N each)"

echo
echo "Ratios (target in brackets):"
ratio() { # ratio LABEL EXPR TARGET-EXPR TARGET-TEXT
	printf '  %-58s %7s  [%s] %s\n' "$1" "$(calc "$2" 2)" "$4" "$(verdict "$2 $3")"
}
[ -n "$RG" ] && ratio "revtrace jsonl.zst MB/s / zstd|rg MB/s" "${WALL[rg]} / ${WALL[revtrace_jsonl]}" ">= 0.5" "≥ 0.5×"
[ -n "$PY" ] && ratio "revtrace jsonl.zst speed / Python miner" "${WALL[python]} / ${WALL[revtrace_jsonl]}" ">= 3" "≥ 3×"
[ -n "$DUCK" ] && ratio "revtrace parquet speed / DuckDB" "${WALL[duckdb]} / ${WALL[revtrace_parquet]}" ">= 1" "≥ 1×"
if [ -n "$LLM_RATIO" ]; then
	ratio "LLM stage $LLM_RPS req/s / ideal 160 (fake, 200 ms, conc 32)" "$LLM_RATIO" ">= 0.90" "≥ 0.90"
else
	printf '  %-58s %7s  [%s] %s\n' "LLM stage req/s / ideal 160 (fake, 200 ms, conc 32)" n/a "≥ 0.90" "MISSED (see $LLM_BENCH)"
fi
ratio "revtrace --workers 2 speed / --workers 1" "${WALL[revtrace_jsonl_w1]} / ${WALL[revtrace_jsonl_w2]}" ">= 1.7" "≥ 1.7×"
PEAK=0
for k in revtrace_jsonl revtrace_parquet revtrace_jsonl_w1 revtrace_jsonl_w2 "revtrace_jsonl_x$SCALE"; do
	[ -n "${RSS[$k]:-}" ] && ((RSS[$k] > PEAK)) && PEAK=${RSS[$k]}
done
ratio "revtrace peak RSS, GiB (all runs)" "$PEAK / 1048576" "<= 1" "≤ 1 GiB"
[ -n "${RSS[revtrace_jsonl_x$SCALE]:-}" ] &&
	ratio "revtrace RSS at ${SCALE}x data / RSS at 1x" "${RSS[revtrace_jsonl_x$SCALE]} / ${RSS[revtrace_jsonl]}" "<= 1.2" "≤ 1.2 (within 20%)"

echo
echo "Projection for all of WildChat-4.8M ($WILDCHAT_BYTES bytes uncompressed, $WILDCHAT_CONVS conversations) on $CORES cores:"
for k in revtrace_parquet revtrace_jsonl; do
	bytes_s=$(calc "$WILDCHAT_BYTES / ($BYTES / ${WALL[$k]})" 0)
	convs_s=$(calc "$WILDCHAT_CONVS / ($N / ${WALL[$k]})" 0)
	printf '  %-18s by MB/s: %6.1f min   by conversations/s: %6.1f min\n' "${k#revtrace_}" \
		"$(calc "$bytes_s / 60" 1)" "$(calc "$convs_s / 60" 1)"
done
if [ -n "${REALNET:-}" ]; then
	bytes_s=$(calc "$WILDCHAT_BYTES / ($REALBYTES / $REALNET)" 0)
	printf '  %-18s by MB/s: %6.1f min   (real text, start-up excluded; the sample is long conversations, not a random draw)\n' real_jsonl "$(calc "$bytes_s / 60" 1)"
fi
echo "  (the synthetic corpus averages $(calc "$BYTES / $N" 0) bytes per conversation, WildChat-4.8M $(calc "$WILDCHAT_BYTES / $WILDCHAT_CONVS" 0))"
