# Set-up on a fresh Debian 12 machine: `make verify` and `make test`.
# Targets install the Debian packages they need themselves (apt-get).

GO ?= $(shell command -v go 2>/dev/null || echo /usr/local/go/bin/go)
export PATH := $(dir $(GO)):$(PATH)

# What a fresh Debian 12 machine lacks for the project's GL, GLFW and Xvfb
# work, Khronos' GLSL compiler and SPIR-V tools (the strict-compiler tests)
# and the Vulkan software driver that zink runs on (the CPU reference
# itself needs only Go), and Chromium, whose WebGPU (on SwiftShader
# without a GPU) runs the example page of examples/webgpu (test-chromium),
# and what make archcheck builds and runs other systems' code with
# (qemu-user, MinGW-w64).
APT_PACKAGES := xvfb xauth libx11-dev libxrandr-dev libxinerama-dev libxcursor-dev \
	libxi-dev libxxf86vm-dev libgl-dev libegl-dev \
	glslang-tools spirv-tools mesa-vulkan-drivers chromium qemu-user-static gcc-mingw-w64-x86-64

# The GL tests run under Xvfb when it is there, so the GLFW context (in the
# -tags glfw build of the commands) and the viewer are tested too; the EGL context needs no display. -noreset: by
# default Xvfb resets when its last client leaves, and a window opened
# during the reset fails ("Failed to open display"); the test packages
# open and close windows concurrently.
XVFB := $(shell command -v xvfb-run >/dev/null 2>&1 && echo "xvfb-run -a -s '-screen 0 1280x1024x24 -noreset'")

# GOAMD64=v3 builds need AVX2, BMI2 and FMA; skip those runs elsewhere.
HAVE_V3 := $(shell grep -qw avx2 /proc/cpuinfo 2>/dev/null && grep -qw fma /proc/cpuinfo && grep -qw bmi2 /proc/cpuinfo && echo yes)
# The cpu package's ISA levels (cpu.SupportedISAs; NOISE_ISA picks one):
# the tests run at every level this machine has.
HAVE_AVX2 := $(shell grep -qw avx2 /proc/cpuinfo 2>/dev/null && echo yes)
HAVE_AVX512 := $(shell grep -qw avx512f /proc/cpuinfo 2>/dev/null && echo yes)

.PHONY: all deps webgpu-deps build test test-go test-simd test-v3 test-purego test-isa test-race fuzz asm asmcheck fmacheck archcheck verify verify-all verify-webgpu test-chromium selfcheck bench images viewer viewer-shots viewer-bench clean

all: build

deps:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "make deps: installing" $$missing; \
		SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		{ $$SUDO apt-get update -qq && \
		  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null; } || \
		echo "make deps: warning: could not install $$missing (run as root or with sudo); the CPU targets do not need them" >&2; \
	fi
	@$(GO) version >/dev/null 2>&1 || { echo "make: Go 1.26 is required (https://go.dev/dl/)" >&2; exit 1; }

# The npm package webgpu (Dawn, with its binary) that package gpu/webgpu and
# verify -backend webgpu run on, pinned, installed once into
# $(WEBGPU_PREFIX) (the Go side reads $(WEBGPU_PREFIX)/node_modules, or
# NOISE_WEBGPU_NODE_MODULES). Without node it says so and the WebGPU tests
# skip; without network the install fails saying why.
WEBGPU_VERSION := 0.6.2
WEBGPU_PREFIX ?= $(HOME)/.cache/noise-webgpu
webgpu-deps:
	@if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then \
		echo "make webgpu-deps: node or npm not found: the WebGPU tests skip (install Node.js 18 or later with npm, e.g. apt-get install nodejs npm)"; \
	elif [ "$$(node -p 'require(process.argv[1]).version' $(WEBGPU_PREFIX)/node_modules/webgpu/package.json 2>/dev/null)" != "$(WEBGPU_VERSION)" ]; then \
		echo "make webgpu-deps: npm install --prefix $(WEBGPU_PREFIX) webgpu@$(WEBGPU_VERSION)"; \
		npm install --prefix $(WEBGPU_PREFIX) --no-audit --no-fund --loglevel=error webgpu@$(WEBGPU_VERSION) >/dev/null || \
		{ echo "make webgpu-deps: npm install webgpu@$(WEBGPU_VERSION) failed" >&2; exit 1; }; \
	fi

build: deps
	$(GO) build -o bin/noise ./cmd/noise

# The whole test suite (bench/ and examples/webgpu/, modules of their own, included): vet, unit/property/golden tests in the default,
# SIMD and GOAMD64=v3 builds, the race detector, short fuzz runs, the
# cross-build FMA digest, and the GPU verify matrix on the other drivers
# and under the emulated worst GPU.
test: deps
	$(GO) vet ./...
	GOEXPERIMENT=simd $(GO) vet ./...
	cd bench && $(GO) vet ./...
	cd examples/webgpu && $(GO) vet ./...
	$(MAKE) --no-print-directory webgpu-deps test-go test-simd test-v3 test-purego test-isa test-race fuzz asmcheck fmacheck archcheck selfcheck verify-all verify-webgpu test-chromium

# Without OpenGL 4.3 the GPU tests skip, saying why; NOISE_REQUIRE_GPU=1
# (set by .ci/run) makes them fail instead.
# cmd/noise and cmd/verify have -context glfw only when built with -tags
# glfw (the default build links no GLFW or X11): that build is tested too.
test-go:
	$(XVFB) $(GO) test -count=1 -timeout 30m ./...
	$(XVFB) $(GO) test -count=1 -timeout 30m -tags glfw -run 'TestNoGPU|TestNoGL|TestErrors|TestHelp|TestSampleGPUMatchesCPU' ./cmd/noise ./cmd/verify
	$(XVFB) $(GO) test -count=1 -timeout 30m -tags glfw ./cmd/internal/...
	cd bench && $(GO) test -count=1 -timeout 30m ./...

# The GPU-side tests of cmd/verify (other drivers, the emulated worst GPU,
# WebGPU, the catch-a-broken-shader tests; cliflag's TestDrivers, a flag
# test, shares the name) are left to test-go in the SIMD and v3 builds: what
# they check does not depend on how the CPU side was built, and fmacheck
# shows the CPU's bits are the same in every build.
GPU_ONLY_TESTS := '^(TestDrivers|TestWorstCase.*|TestCatches.*|TestWebGPU.*|TestExactCatchesOneULP)$$'

test-simd:
	GOEXPERIMENT=simd $(XVFB) $(GO) test -count=1 -timeout 30m -skip $(GPU_ONLY_TESTS) ./cpu/... ./cmd/... ./internal/... ./compare/...

# The scalar code alone: -tags purego leaves out the AVX2 assembly.
test-purego:
	$(GO) test -count=1 -timeout 30m -tags purego ./cpu/... ./internal/appendixa/ ./compare/

# The CPU reference at every ISA level this machine runs (test-go runs the
# best one): the same bits at each (docs/algorithms.md §10.3).
test-isa:
	NOISE_ISA=scalar $(GO) test -count=1 -timeout 30m ./cpu/... ./internal/appendixa/ ./compare/
ifeq ($(HAVE_AVX2),yes)
	NOISE_ISA=avx2 $(GO) test -count=1 -timeout 30m ./cpu/... ./internal/appendixa/ ./compare/
endif
ifeq ($(HAVE_AVX512),yes)
	NOISE_ISA=avx512 $(GO) test -count=1 -timeout 30m -run 'TestISA|TestAppendixA|TestBatch|TestRange' ./cpu/
endif

test-v3:
ifeq ($(HAVE_V3),yes)
	GOAMD64=v3 $(XVFB) $(GO) test -count=1 -timeout 30m -skip $(GPU_ONLY_TESTS) ./cpu/... ./cmd/... ./internal/...
else
	@echo "make test-v3: this CPU cannot run GOAMD64=v3 code; skipped"
endif

# Every package under the race detector, the viewer and the GL misuse tests
# (concurrent contexts, a Sampler hammered from several goroutines) too;
# only the long GPU/CPU agreement matrix is left to test-go.
test-race:
	$(XVFB) $(GO) test -race -count=1 -timeout 30m -skip '^(TestAgreesWithCPU|TestStrictCompilers|TestPreciseEverywhere|TestWorstCase.*|TestDrivers|TestPrefixRule|TestAdversarialPrefixes|TestISALevels)$$' ./...

# A few seconds of each fuzz target: the library's sampler, the sample
# command's line parser, the whole sample command, every command line of
# sample, image, shader and bench, the shared flag parsers (-translate,
# -rotate and -scale values, the domain and settings flags, verify's
# filters, any command line over them), the viewer's flags and the graph
# reader (graph.Load). The budgets are execution counts, not durations:
# with a duration, Go 1.26's fuzz
# coordinator can report "context deadline exceeded" as a failure when the
# time runs out under load (go.dev/issue/75804, fixed in Go 1.27).
fuzz:
	$(GO) test ./cpu -run '^$$' -fuzz '^FuzzSample$$' -fuzztime 100000x -parallel 1
	$(GO) test ./cmd/noise -run '^$$' -fuzz '^FuzzParseLine$$' -fuzztime 100000x -parallel 1
	$(GO) test ./cmd/noise -run '^$$' -fuzz '^FuzzSampleCommand$$' -fuzztime 40000x -parallel 1
	$(GO) test ./cmd/noise -run '^$$' -fuzz '^FuzzCommandArgs$$' -fuzztime 1000x -parallel 1
	$(GO) test ./cmd/internal/cliflag -run '^$$' -fuzz '^FuzzTriple$$' -fuzztime 20000x -parallel 1
	$(GO) test ./cmd/internal/cliflag -run '^$$' -fuzz '^FuzzDomainFlags$$' -fuzztime 10000x -parallel 1
	$(GO) test ./cmd/internal/cliflag -run '^$$' -fuzz '^FuzzSettingsFlags$$' -fuzztime 10000x -parallel 1
	$(GO) test ./cmd/internal/cliflag -run '^$$' -fuzz '^FuzzVariants$$' -fuzztime 10000x -parallel 1
	$(GO) test ./cmd/internal/cliflag -run '^$$' -fuzz '^FuzzArgs$$' -fuzztime 10000x -parallel 1
	$(GO) test ./cmd/viewer -run '^$$' -fuzz '^FuzzViewerArgs$$' -fuzztime 10000x -parallel 1
	$(GO) test ./gpu/shaders -run '^$$' -fuzz '^FuzzPrefix$$' -fuzztime 5000x -parallel 1
	$(GO) test ./graph -run '^$$' -fuzz '^FuzzLoad$$' -fuzztime 20000x -parallel 1

fmacheck:
	@mkdir -p out
	$(GO) run ./internal/cmd/fmacheck > out/fma-v1.txt
	GOEXPERIMENT=simd $(GO) run ./internal/cmd/fmacheck > out/fma-v1-simd.txt
	$(GO) run -tags purego ./internal/cmd/fmacheck > out/fma-v1-purego.txt
	NOISE_ISA=scalar $(GO) run ./internal/cmd/fmacheck > out/fma-v1-isa-scalar.txt
ifeq ($(HAVE_V3),yes)
	NOISE_ISA=avx2 $(GO) run ./internal/cmd/fmacheck > out/fma-v1-isa-avx2.txt
	GOAMD64=v3 $(GO) run ./internal/cmd/fmacheck > out/fma-v3.txt
	GOAMD64=v3 GOEXPERIMENT=simd $(GO) run ./internal/cmd/fmacheck > out/fma-v3-simd.txt
	GOAMD64=v3 $(GO) run -tags purego ./internal/cmd/fmacheck > out/fma-v3-purego.txt
endif
	@cat out/fma-*.txt
	@test $$(cat out/fma-*.txt | sort -u | wc -l) -eq 1 || { echo "fmacheck: builds disagree: an unrounded product was fused into an FMA" >&2; exit 1; }
	@echo "fmacheck: all builds agree bit for bit"

# The same digest on other architectures: 386, arm64 and s390x (big-endian;
# both under qemu-user), js/wasm (Node.js), each equal to this machine's;
# then the cpu tests (golden vectors included) on arm64, and the commands
# built for Windows (cgo with MinGW-w64, and without cgo) and macOS (without
# cgo). About 5 minutes.
archcheck: deps
	GO=$(GO) bash internal/cmd/fmacheck/arch.sh

# The AVX2 and AVX-512 kernels of package cpu are written by internal/cmd/asmgen (avo, a
# development-time module of its own): make asm rewrites them, make asmcheck
# fails when the committed files are not what the generator writes, or when
# any assembly file holds a legacy-SSE instruction on a vector register
# (internal/vexcheck: Intel pays a state transition on each; the generator
# refuses to write one, too).
ASM_OUT := -pkg cpu -out ../../../cpu/kernels_avx2_amd64.s -stubs ../../../cpu/kernels_avx2_stub_amd64.go -dispatch ../../../cpu/kernels_batch_amd64.go
asm:
	cd internal/cmd/asmgen && $(GO) run . $(ASM_OUT)

asmcheck:
	@rm -rf out/_asm && mkdir -p out/_asm
	cd internal/cmd/asmgen && $(GO) run . -pkg cpu -out ../../../out/_asm/kernels_avx2_amd64.s -stubs ../../../out/_asm/kernels_avx2_stub_amd64.go -dispatch ../../../out/_asm/kernels_batch_amd64.go
	@# line 1 names the output paths of the generating command
	@for f in kernels_avx2_amd64.s kernels_avx2_stub_amd64.go kernels_batch_amd64.go; do \
		tail -n +2 cpu/$$f > out/_asm/committed && tail -n +2 out/_asm/$$f > out/_asm/written && \
		cmp -s out/_asm/committed out/_asm/written || { echo "asmcheck: cpu/$$f is not what internal/cmd/asmgen writes: run make asm" >&2; exit 1; }; done
	@echo "asmcheck: the assembly is what internal/cmd/asmgen writes"
	$(GO) run ./internal/cmd/vexcheck $$(git ls-files '*.s' 2>/dev/null || ls cpu/*.s)

# The main job: every variant on the GPU (the default headless EGL context;
# Mesa llvmpipe needs no display) against the CPU reference, within the
# tolerance policy. Exit 1 if a variant fails, 2 if there is no GL.
verify: deps
	@mkdir -p out
	$(GO) run ./cmd/verify -json out/verify.json

# The whole matrix on Mesa's other drivers, zink (GLSL -> SPIR-V -> NIR, on
# lavapipe) and softpipe (no LLVM, an interpreter: every variant and setting,
# 200 points per position set instead of 1000, about 9 minutes instead of 23 on
# 2 cores; its purpose is a third compiler, not more points), and under the emulated
# least precise GPU GLSL 4.30 allows: within the policy with the GPU's own
# division and square root, and bit for bit with exact arithmetic for every
# variant but smooth-LSE (whose exp and log stay the GPU's).
verify-all: deps
	@mkdir -p out
	$(GO) build -o out/verify ./cmd/verify
	out/verify -quiet -driver zink -json out/verify-zink.json
	out/verify -quiet -driver softpipe -n 200 -json out/verify-softpipe.json
	out/verify -quiet -precision worst -json out/verify-worst.json
	out/verify -quiet -precision worst -arith exact -exact -exclude voronoi-worley-smooth-lse -json out/verify-worst-exact.json

# The whole matrix on WebGPU: the WGSL kernels on Dawn (the npm package
# webgpu in Node.js, its OpenGL ES backend on llvmpipe here), within the
# same policy, the example graphs included (their WGSL kernels). Skipped,
# saying so, where node is absent.
verify-webgpu: webgpu-deps
	@mkdir -p out
	@if command -v node >/dev/null 2>&1; then \
		echo "$(GO) run ./cmd/verify -quiet -backend webgpu -json out/verify-webgpu.json"; \
		$(GO) run ./cmd/verify -quiet -backend webgpu -json out/verify-webgpu.json; \
	else echo "make verify-webgpu: node not found: skipped (install Node.js 18 or later, then make webgpu-deps)"; fi

# The WebGPU example page (examples/webgpu, a module of its own: the
# browser driver chromedp stays out of the library's go.mod) in headless
# Chromium: every variant's WGSL kernels against the CPU under verify's
# policy, in one browser session; out/chromium/ gets the table
# (verify.txt), the page's screenshot (page.png) and the Mpts/s of ~1M
# points (bench.txt). Skipped, saying so, without chromium (make deps
# installs it); NOISE_REQUIRE_GPU=1 makes that a failure.
test-chromium: deps
	@mkdir -p out/chromium
	cd examples/webgpu && $(GO) test -count=1 -v -timeout 30m -run TestPageMatchesCPU . -out $(CURDIR)/out/chromium

selfcheck:
	$(GO) run ./cmd/noise selfcheck
	GOEXPERIMENT=simd $(GO) run ./cmd/noise selfcheck

bench: deps
	$(GO) run ./cmd/noise bench -backend both
	cd bench && $(GO) test -run '^$$' -bench . -benchtime 1s .
	$(GO) test -run '^$$' -bench . -benchtime 10x ./gpu/dispatch/

# The pictures in the README.
images:
	@mkdir -p docs
	$(GO) run ./cmd/noise image -noise perlin -dims 3 -octaves 3 -size 256 -scale 2 -o docs/perlin.png
	$(GO) run ./cmd/noise image -noise voronoi-worley-f2-minus-f1 -dims 3 -size 256 -scale 2 -o docs/worley-f2-minus-f1.png
	$(GO) run ./cmd/noise image -noise simplex-smooth-turbulence -dims 3 -octaves 4 -size 256 -scale 2 -o docs/simplex-smooth-turbulence.png
	$(GO) run ./cmd/noise image -noise perlin -dims 3 -octaves 3 -size 256 -scale 2 -normals -o docs/perlin-normals.png
	@mkdir -p docs/graphs
	for g in continents islands planet; do $(GO) run ./cmd/noise image -graph examples/graphs/$$g.json -size 256 -o docs/graphs/$$g.png || exit 1; done
	for g in marble stone clouds; do $(GO) run ./cmd/noise image -graph examples/graphs/$$g.json -size 256 -ramp grey -o docs/graphs/$$g.png || exit 1; done

# The interactive viewer (needs a desktop; press H in the window for the
# keys). Without a display it says how to run it under xvfb-run.
viewer: deps
	$(GO) build -o bin/viewer ./cmd/viewer
	bin/viewer

# The viewer pictures in the README, rendered under Xvfb.
viewer-shots: deps
	@mkdir -p docs
	$(XVFB) $(GO) run ./cmd/viewer -width 640 -height 420 -noise perlin -octaves 4 -displacement 0.15 -resolution 256 -screenshot docs/viewer-plane.png
	$(XVFB) $(GO) run ./cmd/viewer -width 640 -height 420 -shape sphere -look cubes -resolution 64 -screenshot docs/viewer-sphere.png

# Frame times of the viewer (BENCHMARKS.md), under Xvfb.
viewer-bench: deps
	$(GO) build -o bin/viewer ./cmd/viewer
	@for look in surface cubes; do for res in 64 128 256; do for anim in false true; do \
		$(XVFB) bin/viewer -frames 100 -timing -look $$look -resolution $$res -animate=$$anim; done; done; done

clean:
	rm -rf bin out
