#!/usr/bin/env bash
# Runs on a GPU machine (the device tool: run command "bash bench/gpu/device.sh
# STEP...", carry [".dev"]), from the checkout's root, after bench/gpu/bundle.sh
# packed .dev/b.tar.xz here. Each step writes into $OUT (at most 8 files come
# back): log.txt (every step's progress and tables) and the JSON files.
#
#   native  verify, the GLSL kernels with the GPU's own / and sqrt: the whole
#           matrix (164 variants, 6 graphs; 112 s on an H200, compile-bound)
#   exact   verify -arith exact -exact on the variants $EXACT names (verify's
#           flags; default -dims 2,3 -tiling no: 54 variants, 31 took 100 s)
#   bench   noise bench -backend gpu -json, every noise type (60 s), and at
#           2^24 positions for four of them (bench-gl-16m.json)
#   webgpu  the WGSL kernels on Dawn's Vulkan backend: verify on $WEBGPU
#           (default five noises, 2D and 3D, no tiling: 42 s) and noise bench
#           -backend webgpu on four noises
#   dispatch  the gpu/dispatch tests (-short)
#
# Each step has its own time limit; a step cut short leaves its progress in
# log.txt. Measured on nvidia-h200 (driver 580.159.04) on 2026-11-28.
set -u
O=${OUT:-/tmp/device-out}; L=$O/log.txt; mkdir -p "$O" /tmp/j
t0=$(date +%s); st() { echo "== +$(( $(date +%s) - t0 ))s $*" | tee -a "$L"; }
B=/tmp/b
[ -x $B/bin/verify ] || { mkdir -p $B && python3 -c "import tarfile; tarfile.open('.dev/b.tar.xz').extractall('$B')"; } || exit 3
export LD_LIBRARY_PATH=$B/lib:/usr/local/nvidia/lib64:/usr/local/nvidia/lib
f=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json; [ -f $f ] && export __EGL_VENDOR_LIBRARY_FILENAMES=$f
f=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json; [ -f $f ] && export VK_DRIVER_FILES=$f
export PATH=$B/bin:$PATH NOISE_WEBGPU_NODE_MODULES=$B/nm
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader
  grep -m1 'model name' /proc/cpuinfo; echo "$(nproc) CPUs"; } 2>&1 | tee -a "$L"
# verify: progress and the table to the log, the report gzipped to $O
vf() {
  local t=$1 name=$2; shift 2; st "$name: verify $*"
  timeout "$t" verify -json /tmp/j/$name.json "$@" >> "$L" 2>&1; echo "rc $?" | tee -a "$L"
  grep '^verify:' "$L" | tail -1
  [ -f /tmp/j/$name.json ] && gzip -c /tmp/j/$name.json > "$O/$name.json.gz"
}
bn() { local t=$1 name=$2; shift 2; st "$name: noise bench $*"; timeout "$t" noise bench "$@" > "$O/$name.json" 2>> "$L"; echo "rc $?" | tee -a "$L"; }
for step in "$@"; do
  case $step in
  native) vf 150 verify-gl-native ;;
  exact) vf 200 verify-gl-exact -arith exact -exact ${EXACT:--dims 2,3 -tiling no} ;;
  bench)
    bn 90 bench-gl -backend gpu -json
    bn 40 bench-gl-16m -backend gpu -json -gpu-points 16777216 -noise value,perlin,simplex,voronoi-worley-f1 ;;
  webgpu)
    NOISE_WEBGPU_BACKEND=vulkan vf 90 verify-webgpu-vulkan -backend webgpu ${WEBGPU:--noise value,perlin,simplex,voronoi-worley-f1,perm-value -dims 2,3 -tiling no}
    NOISE_WEBGPU_BACKEND=vulkan bn 40 bench-webgpu -backend webgpu -json -noise value,perlin,simplex,voronoi-worley-f1 ;;
  dispatch)
    st dispatch; (cd gpu/dispatch && timeout 120 $B/bin/dispatch.test -test.short -test.v 2>&1 | grep -E '^(--- |PASS|FAIL|ok|panic)' >> "$L"; echo "rc ${PIPESTATUS[0]}" | tee -a "$L") ;;
  *) echo "device.sh: unknown step $step (native, exact, bench, webgpu, dispatch)" >&2; exit 2 ;;
  esac
done
st done
