#!/usr/bin/env bash
# Regenerates this machine's section of BENCHMARKS.md (one per CPU vendor) from
# `noise bench -json` at every ISA level this CPU runs and in the purego build,
# and the yardsticks ../shared/peers/run, fn2/run and limit/run. Run from the
# root of a checkout on an idle machine; it takes about 10 minutes (more the
# first time FastNoise2 builds). Nothing in the section is typed by hand.
set -euo pipefail
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
go build -tags purego -o "$tmp/noise-purego" ./cmd/noise
noises=value,perlin,simplex,simplex-value,voronoi-worley-f1,voronoi-chebyshev-f1,perm-value
"$tmp/noise-purego" bench -json -noise $noises > "$tmp/bench-purego.json"
for l in scalar avx2 avx512; do
  "$tmp/noise" bench -json -isa $l -noise $noises > "$tmp/bench-$l.json" 2>/dev/null || rm -f "$tmp/bench-$l.json"
done
[ -d ../shared/peers ] && {
  ../shared/peers/fn2/run > "$tmp/fn2.txt" 2>&1 || true
  ../shared/peers/limit/run > "$tmp/limit.txt" 2>&1 || true
  ../shared/peers/run > "$tmp/peers.txt" 2>&1 || true
}
sed -i '/^fn2: building\|^debconf/d' "$tmp/fn2.txt" 2>/dev/null || true
(cd bench && go run ./report -dir "$tmp" -commit "$(git rev-parse --short HEAD)" -cpuid "$cpuid") > "$tmp/section.md"
begin="<!-- begin: $name (bench/regen.sh) -->"
end="<!-- end: $name -->"
python3 - "$tmp/section.md" "$begin" "$end" "$vendor" <<'PY'
import sys
sec, begin, end, vendor = open(sys.argv[1]).read(), sys.argv[2], sys.argv[3], sys.argv[4]
path = 'BENCHMARKS.md'
s = open(path).read()
block = begin + '\n' + sec + end
if begin in s:
    a = s.index(begin); b = s.index(end, a) + len(end)
    s = s[:a] + block + s[b:]
else:
    marker = '<!-- vendors -->'
    if marker not in s:
        sys.exit('BENCHMARKS.md has no "<!-- vendors -->" marker')
    s = s.replace(marker, marker + '\n\n### ' + vendor + '\n\n' + block, 1)
open(path, 'w').write(s)
PY
echo "regen: BENCHMARKS.md section $name rewritten ($cpuid)"
