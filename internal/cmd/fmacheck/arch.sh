#!/usr/bin/env bash
# make archcheck: the CPU reference on other architectures gives amd64's bits.
#
# fmacheck's digest (every variant, values and derivatives, single point and
# batch, random and edge positions, and the blog's float64 noise) is built
# for each architecture below and run there, under qemu-user where the CPU
# differs, and must equal this machine's digest:
#   arm64  Go fuses a*b+c into one instruction there (Apple silicon, Graviton)
#   s390x  big-endian, and Go fuses there too
#   386    32-bit (SSE2), runs on the amd64 kernel itself
#   js/wasm  Go's WebAssembly port, under Node.js
# Then the cpu, compare, graph and appendixa tests (-short) run on arm64,
# golden vectors included (but TestBatchMatchesSinglePoint and
# TestBatchAllocations: minutes under emulation; the digest compares the
# batch paths).
#
# Then the commands are built for Windows with cgo (MinGW-w64) and for
# Windows and macOS without (docs/install.md).
#
# A missing emulator, compiler or Node.js skips its part, saying so; with
# NOISE_REQUIRE_GPU set (CI) it fails instead. make deps installs
# qemu-user-static and gcc-mingw-w64-x86-64.
set -euo pipefail
cd "$(dirname "$0")/../../.."
GO=${GO:-go}
out=out/arch
mkdir -p "$out"
rm -f "$out"/*.txt

missing() {
	if [ -n "${NOISE_REQUIRE_GPU:-}" ]; then
		echo "archcheck: $1 is missing and NOISE_REQUIRE_GPU is set ($2)" >&2
		exit 1
	fi
	echo "archcheck: $1 is missing: $3 skipped ($2)"
}

$GO run ./internal/cmd/fmacheck > "$out/amd64.txt"
want=$(cat "$out/amd64.txt")
echo "archcheck: amd64 $want"

fail=0
ran=amd64
check() { # name, then the command that prints the digest
	local name=$1
	shift
	if ! "$@" > "$out/$name.txt"; then
		echo "archcheck: $name: fmacheck failed" >&2
		fail=1
		return
	fi
	local got
	got=$(cat "$out/$name.txt")
	if [ "$got" = "$want" ]; then
		echo "archcheck: $name $got"
		ran="$ran, $name"
	else
		echo "archcheck: $name gives other bits than amd64: $got" >&2
		fail=1
	fi
}

GOARCH=386 $GO build -o "$out/fmacheck-386" ./internal/cmd/fmacheck
check 386 "$out/fmacheck-386"

for arch in arm64:aarch64 s390x:s390x; do
	goarch=${arch%%:*}
	qemu=qemu-${arch#*:}-static
	if ! command -v "$qemu" > /dev/null; then
		missing "$qemu" "apt-get install qemu-user-static" "$goarch"
		continue
	fi
	GOARCH=$goarch $GO build -o "$out/fmacheck-$goarch" ./internal/cmd/fmacheck
	check "$goarch" "$qemu" "$out/fmacheck-$goarch"
done

if command -v node > /dev/null; then
	GOOS=js GOARCH=wasm $GO build -o "$out/fmacheck.wasm" ./internal/cmd/fmacheck
	check wasm node "$($GO env GOROOT)/lib/wasm/wasm_exec_node.js" "$out/fmacheck.wasm"
else
	missing node "apt-get install nodejs" js/wasm
fi

if [ "$fail" != 0 ]; then
	echo "archcheck: architectures disagree (an unrounded product fused, or a platform-defined conversion)" >&2
	exit 1
fi

# The commands on the systems without EGL: Windows with cgo (MinGW-w64; the
# -tags glfw builds too, GLFW's C included), and Windows and macOS without.
if command -v x86_64-w64-mingw32-gcc > /dev/null; then
	for tags in "" glfw; do
		GOOS=windows GOARCH=amd64 CGO_ENABLED=1 CC=x86_64-w64-mingw32-gcc $GO build -tags "$tags" ./cmd/... ./gpu/...
	done
	echo "archcheck: windows/amd64 with cgo (MinGW-w64): the commands and gpu/... build, -tags glfw too"
else
	missing x86_64-w64-mingw32-gcc "apt-get install gcc-mingw-w64-x86-64" "the Windows cgo build"
fi
for sys in windows/amd64 darwin/arm64; do
	GOOS=${sys%/*} GOARCH=${sys#*/} CGO_ENABLED=0 $GO build ./cmd/noise ./cmd/verify
done
echo "archcheck: noise and verify build without cgo for windows/amd64 and darwin/arm64"

if command -v qemu-aarch64-static > /dev/null; then
	GOARCH=arm64 $GO test -count=1 -short -exec qemu-aarch64-static \
		-skip '^(TestBatchMatchesSinglePoint|TestBatchAllocations)$' \
		./cpu/ ./compare/ ./graph/ ./internal/appendixa/
fi
echo "archcheck: these agree bit for bit: $ran"
