#!/usr/bin/env bash
# Regenerates this machine's section of BENCHMARKS.md (one per CPU vendor) from
# `noise bench -json` at every ISA level this CPU runs and in the purego build,
# and the yardsticks ../shared/peers/run, fn2/run and limit/run. Run from the
# root of a checkout on an idle machine; it takes about 12 minutes (more the
# first time FastNoise2 builds). Nothing in the section is typed by hand.
#
# It also rewrites this machine's WebGPU section: `noise bench -backend gpu
# -json` (OpenGL) and `-backend webgpu -json` (Dawn in Node.js; make
# webgpu-deps) on the same grids, and Chromium's figures when
# NOISE_BENCH_CHROMIUM names a chromium.json a page wrote (the format is in
# bench/report/webgpu.go). `bench/regen.sh webgpu` rewrites only that
# section (about a minute); GPU_DURATION (default 300ms) is the least time
# per GPU figure.
set -euo pipefail
only=${1:-all}
case "$only" in all | webgpu) ;; *) echo "usage: bench/regen.sh [webgpu]" >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
vendor=$(grep -m1 vendor_id /proc/cpuinfo | awk '{print $NF}')
case "$vendor" in
GenuineIntel) name=intel ;;
AuthenticAMD) name=amd ;;
*) name=$(echo "$vendor" | tr 'A-Z' 'a-z') ;;
esac
cpuid="$vendor family $(grep -m1 'cpu family' /proc/cpuinfo | awk '{print $NF}') model $(grep -m1 '^model\s' /proc/cpuinfo | awk '{print $NF}')"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/noise" ./cmd/noise
noises=value,perlin,simplex,simplex-value,voronoi-worley-f1,voronoi-chebyshev-f1,perm-value
# the CPU table also times smooth Worley (vector kernels since issue 23; the GPU sections keep the list above)
cpunoises=$noises,voronoi-worley-smooth-lse,voronoi-worley-smooth-poly
commit=$(git rev-parse --short HEAD)

# replace FILE BEGIN END HEADING BEFORE: puts FILE between the markers BEGIN
# and END in BENCHMARKS.md; the first time, HEADING and the block go before
# the line BEFORE (a marker or a heading), or at the end.
replace() {
python3 - "$@" <<'PY'
import sys
sec, begin, end, heading, before = open(sys.argv[1]).read(), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
path = 'BENCHMARKS.md'
s = open(path).read()
block = begin + '\n' + sec + end
if begin in s:
    a = s.index(begin); b = s.index(end, a) + len(end)
    s = s[:a] + block + s[b:]
elif before.startswith('<!--'):
    if before not in s:
        sys.exit('BENCHMARKS.md has no "%s" marker' % before)
    s = s.replace(before, before + '\n\n' + heading + '\n\n' + block, 1)
else:
    i = s.find('\n' + before + '\n')
    if i < 0:
        s = s.rstrip('\n') + '\n\n' + heading + '\n\n' + block + '\n'
    else:
        s = s[:i + 1] + heading + '\n\n' + block + '\n\n' + s[i + 1:]
open(path, 'w').write(s)
PY
}

# The WebGPU section: GL and Dawn on the same grids (and Chromium's figures).
gd=${GPU_DURATION:-300ms}
cat /proc/loadavg > "$tmp/loadavg.txt"
"$tmp/noise" bench -json -backend gpu -duration "$gd" -noise $noises > "$tmp/bench-gl.json" 2>/dev/null || rm -f "$tmp/bench-gl.json"
if ! "$tmp/noise" bench -json -backend webgpu -duration "$gd" -noise $noises > "$tmp/bench-webgpu.json" 2> "$tmp/webgpu.err"; then
  echo "regen: no Dawn figures: $(cat "$tmp/webgpu.err")" >&2
  rm -f "$tmp/bench-webgpu.json"
fi
cat /proc/loadavg >> "$tmp/loadavg.txt"
[ -n "${NOISE_BENCH_CHROMIUM:-}" ] && cp "$NOISE_BENCH_CHROMIUM" "$tmp/chromium.json"
if [ -f "$tmp/bench-webgpu.json" ] || [ -f "$tmp/chromium.json" ]; then
  (cd bench && go run ./report -webgpu -dir "$tmp" -commit "$commit") > "$tmp/webgpu.md"
  replace "$tmp/webgpu.md" "<!-- begin: webgpu-$name (bench/regen.sh) -->" "<!-- end: webgpu-$name -->" \
    "## WebGPU beside OpenGL: $vendor" "## Portable GLSL: what it costs (Mesa llvmpipe)"
  echo "regen: BENCHMARKS.md section webgpu-$name rewritten"
fi
[ "$only" = webgpu ] && exit 0

go build -tags purego -o "$tmp/noise-purego" ./cmd/noise
# Three runs of every column, interleaved, and the report keeps each cell's best: a busy host only
# slows a run down, and a single run let a column fall below another by chance.
for r in 1 2 3; do
  suf=$([ $r = 1 ] && echo json || echo $r.json)
  "$tmp/noise-purego" bench -json -noise $cpunoises > "$tmp/bench-purego.$suf"
  for l in scalar avx2 avx512; do
    "$tmp/noise" bench -json -isa $l -noise $cpunoises > "$tmp/bench-$l.$suf" 2>/dev/null || rm -f "$tmp/bench-$l.$suf"
  done
done
[ -d ../shared/peers ] && {
  ../shared/peers/fn2/run > "$tmp/fn2.txt" 2>&1 || true
  ../shared/peers/limit/run > "$tmp/limit.txt" 2>&1 || true
  ../shared/peers/run > "$tmp/peers.txt" 2>&1 || true
}
sed -i '/^fn2: building\|^debconf/d' "$tmp/fn2.txt" 2>/dev/null || true
(cd bench && go run ./report -dir "$tmp" -commit "$commit" -cpuid "$cpuid") > "$tmp/section.md"
replace "$tmp/section.md" "<!-- begin: $name (bench/regen.sh) -->" "<!-- end: $name -->" "### $vendor" "<!-- vendors -->"
echo "regen: BENCHMARKS.md section $name rewritten ($cpuid)"
