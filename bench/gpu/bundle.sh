#!/usr/bin/env bash
# Packs what bench/gpu/device.sh needs on a bare GPU machine into .dev/b.tar.xz
# (ignored through .git/info/exclude): noise, verify and the gpu/dispatch tests
# built here, the GL dispatch libraries (glvnd) and libX11's chain that they
# link, libvulkan, node and the npm package webgpu (Dawn). The GPU machine
# brings its own driver (NVIDIA's EGL and Vulkan ICD under /usr/local/nvidia).
# Run from the root of a checkout; about 40 s; the archive is about 38 MB, so
# the working tree and it stay under the device tool's 64 MiB.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PATH:/usr/local/go/bin"
grep -qx '/.dev/' .git/info/exclude 2>/dev/null || echo '/.dev/' >> .git/info/exclude
b=$(mktemp -d); trap 'rm -rf "$b"' EXIT
mkdir -p "$b/bin" "$b/lib" "$b/nm/webgpu/dist/linux-x64" .dev
go build -ldflags='-s -w' -o "$b/bin/noise" ./cmd/noise
go build -ldflags='-s -w' -o "$b/bin/verify" ./cmd/verify
go test -c -ldflags='-s -w' -o "$b/bin/dispatch.test" ./gpu/dispatch
for l in libGL.so.1 libEGL.so.1 libGLdispatch.so.0 libGLX.so.0 libOpenGL.so.0 libGLESv2.so.2 \
  libX11.so.6 libxcb.so.1 libXau.so.6 libXdmcp.so.6 libbsd.so.0 libmd.so.0 libvulkan.so.1; do
  cp -L "/lib/x86_64-linux-gnu/$l" "$b/lib/"
done
cp -L "$(command -v node)" "$b/bin/node"
w=${NOISE_WEBGPU_NODE_MODULES:-$HOME/.cache/noise-webgpu/node_modules}/webgpu
cp "$w/package.json" "$w/index.js" "$b/nm/webgpu/"
cp "$w/dist/linux-x64/dawn.node" "$b/nm/webgpu/dist/linux-x64/"
tar -C "$b" -cf - . | xz -T2 -6 > .dev/b.tar.xz
ls -l .dev/b.tar.xz
