// A WebGPU starting point for the project's WGSL noise kernels (the output
// of `noise shader -lang wgsl`): compile a kernel, fill its uniform block,
// dispatch it over a buffer of positions and read the results back. The
// page (index.html) draws the values of a grid of points through a 2D
// canvas; the Go test next to it (chromium_test.go) drives the same
// functions (window.noisePage) to check every variant against the CPU.
//
// The bindings are those of every kernel `noise shader -lang wgsl` prints:
//   @group(0) @binding(0) positions, read-only storage: 3 floats per point
//                         (4 for 4D noise: the uniform's stride says which)
//   @group(0) @binding(1) results, storage: 1 float per point (the value),
//                         or 5 with -deriv (v, dx, dy, dz, dw)
//   @group(0) @binding(2) the uniform block Params (PARAMS_SIZE bytes):
//                         count and stride, then Settings and Domain
// and the entry point is main, @workgroup_size(64). Any other compute
// kernel with these bindings runs here too.

export const WORKGROUP_SIZE = 64;

// PARAMS_SIZE is the size of the uniform block (shaders.ParamsSizeWGSL):
// count and stride at 0 and 4, Settings at 16 (48 bytes), Domain at 64
// (144 bytes).
export const PARAMS_SIZE = 208;

// The fractal modes, in the order of their codes (noise.Fractal).
export const FRACTALS = ['fbm', 'ridged', 'billow', 'pingpong'];

// DEFAULT_SETTINGS are noise.DefaultSettings().
export const DEFAULT_SETTINGS = { seed: 0, frequency: 4, octaves: 1, lacunarity: 2, persistence: 0.5, fractal: 'fbm' };

// packParams writes the uniform block for count points of stride floats
// with the fractal settings s (DEFAULT_SETTINGS' fields) and no domain
// transform or warp: what shaders.ParamsWGSL writes for those settings.
// Validating the settings (noise.Settings.Validate) is the caller's job.
export function packParams(count, stride, s) {
  const b = new ArrayBuffer(PARAMS_SIZE);
  const v = new DataView(b);
  v.setUint32(0, count, true);
  v.setUint32(4, stride, true);
  const S = 16;
  v.setInt32(S + 0, s.seed | 0, true);
  v.setFloat32(S + 4, s.frequency, true);
  v.setInt32(S + 8, s.octaves | 0, true);
  v.setFloat32(S + 12, s.lacunarity, true);
  v.setFloat32(S + 16, s.persistence, true);
  v.setInt32(S + 20, Math.max(0, FRACTALS.indexOf(s.fractal)), true);
  v.setFloat32(S + 24, 2, true); // ping-pong strength: the default, 2
  v.setFloat32(S + 28, 1, true); // Voronoi jitter: the default, 1
  v.setFloat32(S + 32, 0, true); // warp amplitude 0: no warp
  v.setInt32(S + 36, 1, true); // warp base frequency (unused without a warp)
  v.setInt32(S + 40, 0, true); // warp octaves: 0 without a warp
  v.setInt32(S + 44, 0, true); // warp mode
  const D = 64;
  v.setInt32(D + 0, 0, true); // no domain transform
  v.setFloat32(D + 128, 1, true); // w scale 1, w translation 0
  return new Uint8Array(b);
}

// withCount returns a copy of a uniform block with count and stride set.
export function withCount(params, count, stride) {
  const p = new Uint8Array(Math.max(params.length, 16));
  p.set(params);
  const v = new DataView(p.buffer);
  v.setUint32(0, count, true);
  v.setUint32(4, stride, true);
  return p;
}

const firstLine = (s) => String(s).split('\n').map((l) => l.trim()).find((l) => l) || String(s);

// Noise holds a WebGPU device, the compiled kernels and the buffers.
export class Noise {
  static async open() {
    if (!navigator.gpu) throw new Error('this browser has no WebGPU (navigator.gpu is undefined)');
    const adapter = await navigator.gpu.requestAdapter();
    if (!adapter) throw new Error('no WebGPU adapter');
    const want = ['maxStorageBufferBindingSize', 'maxBufferSize', 'maxComputeWorkgroupsPerDimension'];
    const requiredLimits = {};
    for (const k of want) requiredLimits[k] = adapter.limits[k];
    const device = await adapter.requestDevice({ requiredLimits });
    return new Noise(adapter, device);
  }

  constructor(adapter, device) {
    this.adapter = adapter;
    this.device = device;
    this.lost = null;
    device.lost.then((i) => { this.lost = `${i.reason}: ${firstLine(i.message)}`; });
    const C = GPUShaderStage.COMPUTE;
    this.layout = device.createBindGroupLayout({
      entries: [
        { binding: 0, visibility: C, buffer: { type: 'read-only-storage' } },
        { binding: 1, visibility: C, buffer: { type: 'storage' } },
        { binding: 2, visibility: C, buffer: { type: 'uniform' } },
      ],
    });
    this.pipelineLayout = device.createPipelineLayout({ bindGroupLayouts: [this.layout] });
    this.bufs = {};
  }

  // info describes the adapter in a few words.
  info() {
    const i = this.adapter.info || {};
    return { vendor: i.vendor, architecture: i.architecture, device: i.device, description: i.description,
      limits: { maxComputeWorkgroupsPerDimension: this.device.limits.maxComputeWorkgroupsPerDimension,
        maxStorageBufferBindingSize: this.device.limits.maxStorageBufferBindingSize } };
  }

  // compile returns the compute pipeline of a WGSL kernel; a compile
  // error is thrown as one line with its position.
  async compile(code) {
    const d = this.device;
    d.pushErrorScope('validation');
    const module = d.createShaderModule({ code });
    const ci = await module.getCompilationInfo();
    const scoped = await d.popErrorScope();
    const e = ci.messages.find((m) => m.type === 'error');
    if (e) throw new Error(`WGSL compile error at line ${e.lineNum}:${e.linePos}: ${firstLine(e.message)}`);
    if (scoped) throw new Error(`WGSL compile error: ${firstLine(scoped.message)}`);
    try {
      return await d.createComputePipelineAsync({ layout: this.pipelineLayout, compute: { module, entryPoint: 'main' } });
    } catch (err) {
      throw new Error(`compute pipeline: ${firstLine(err.message)}`);
    }
  }

  // buffer returns the named buffer, grown when smaller than size.
  buffer(name, size, usage) {
    size = Math.max(16, Math.ceil(size / 16) * 16);
    const b = this.bufs[name];
    if (b && b.size >= size) return b;
    if (b) b.destroy();
    return (this.bufs[name] = this.device.createBuffer({ size, usage }));
  }

  // setPositions uploads the positions (a Float32Array, stride floats
  // each) that the following dispatches read.
  setPositions(pos) {
    const U = GPUBufferUsage;
    this.positions = this.buffer('pos', pos.byteLength, U.STORAGE | U.COPY_DST);
    this.device.queue.writeBuffer(this.positions, 0, pos.buffer, pos.byteOffset, pos.byteLength);
  }

  // encode records one dispatch of pipeline over count points with the
  // uniform block params into the results buffer (floatsPer floats a
  // point), optionally copying the results into the read-back buffer.
  encode(pipeline, params, count, floatsPer, copy) {
    const d = this.device, U = GPUBufferUsage;
    const bytes = count * floatsPer * 4;
    const groups = Math.ceil(count / WORKGROUP_SIZE);
    if (groups > d.limits.maxComputeWorkgroupsPerDimension) {
      throw new Error(`${count} points need ${groups} workgroups, more than maxComputeWorkgroupsPerDimension ${d.limits.maxComputeWorkgroupsPerDimension}`);
    }
    const res = this.buffer('res', bytes, U.STORAGE | U.COPY_SRC);
    const uni = this.buffer('uni', params.length, U.UNIFORM | U.COPY_DST);
    d.queue.writeBuffer(uni, 0, params.buffer, params.byteOffset, Math.ceil(params.length / 4) * 4);
    const bind = d.createBindGroup({
      layout: this.layout,
      entries: [
        { binding: 0, resource: { buffer: this.positions } },
        { binding: 1, resource: { buffer: res } },
        { binding: 2, resource: { buffer: uni } },
      ],
    });
    const enc = d.createCommandEncoder();
    const pass = enc.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, bind);
    if (groups) pass.dispatchWorkgroups(groups);
    pass.end();
    let rd = null;
    if (copy && bytes) {
      rd = this.buffer('read', bytes, U.MAP_READ | U.COPY_DST);
      enc.copyBufferToBuffer(res, 0, rd, 0, bytes);
    }
    d.queue.submit([enc.finish()]);
    return rd;
  }

  // run dispatches pipeline over the positions' first count points and
  // returns the results: a Float32Array of count × floatsPer.
  async run(pipeline, params, count, floatsPer) {
    const d = this.device;
    d.pushErrorScope('validation');
    const rd = this.encode(pipeline, params, count, floatsPer, true);
    const err = await d.popErrorScope();
    if (err) throw new Error(firstLine(err.message));
    const bytes = count * floatsPer * 4;
    if (!rd) return new Float32Array(0);
    try {
      await rd.mapAsync(GPUMapMode.READ, 0, bytes);
    } catch (e) {
      throw new Error(`reading the results: ${this.lost ? 'device lost: ' + this.lost : firstLine(e.message)}`);
    }
    const out = new Float32Array(rd.getMappedRange(0, bytes).slice(0));
    rd.unmap();
    return out;
  }

  // bench times reps dispatches of pipeline over count points already
  // uploaded: resident (submit, then onSubmittedWorkDone) and with the
  // results read back (mapAsync) each time. It returns the best time of
  // each in milliseconds.
  async bench(pipeline, params, count, floatsPer, reps) {
    const d = this.device;
    this.encode(pipeline, params, count, floatsPer, false); // warm up
    await d.queue.onSubmittedWorkDone();
    let resident = Infinity, readback = Infinity;
    for (let i = 0; i < reps; i++) {
      let t = performance.now();
      this.encode(pipeline, params, count, floatsPer, false);
      await d.queue.onSubmittedWorkDone();
      resident = Math.min(resident, performance.now() - t);
      t = performance.now();
      await this.run(pipeline, params, count, floatsPer);
      readback = Math.min(readback, performance.now() - t);
    }
    return { resident, readback };
  }
}

// gridPositions returns size×size points on the plane z = 0 (w = 0 too
// with stride 4), x and y from 0 to extent.
export function gridPositions(size, extent, stride) {
  const p = new Float32Array(size * size * stride);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const o = (y * size + x) * stride;
      p[o] = (x / size) * extent;
      p[o + 1] = (y / size) * extent;
    }
  }
  return p;
}

// draw writes size×size values to a 2D canvas as grey levels, the lowest
// finite value black and the highest white (NaN red); it returns the range.
export function draw(canvas, values, size) {
  let lo = Infinity, hi = -Infinity;
  for (const v of values) {
    if (Number.isFinite(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  }
  const k = hi > lo ? 255 / (hi - lo) : 0;
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  const img = ctx.createImageData(size, size);
  for (let i = 0; i < size * size; i++) {
    const v = values[i], o = 4 * i;
    if (Number.isFinite(v)) {
      const g = Math.round((v - lo) * k);
      img.data[o] = img.data[o + 1] = img.data[o + 2] = g;
    } else {
      img.data[o] = 255;
    }
    img.data[o + 3] = 255;
  }
  ctx.putImageData(img, 0, 0);
  return { lo, hi };
}

// toBase64 and fromBase64 convert bytes (the test's transfers, an index
// entry's params).
export function toBase64(u8) {
  if (u8.toBase64) return u8.toBase64();
  let s = '';
  for (let i = 0; i < u8.length; i += 0x8000) s += String.fromCharCode.apply(null, u8.subarray(i, i + 0x8000));
  return btoa(s);
}
export function fromBase64(s) {
  if (Uint8Array.fromBase64) return Uint8Array.fromBase64(s);
  const b = atob(s), u8 = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) u8[i] = b.charCodeAt(i);
  return u8;
}

// testAPI is what the Go test calls (window.noisePage): kernels by id,
// bytes as base64, errors as rejected promises.
export function testAPI(noise) {
  const kernels = [];
  return {
    info: () => noise.info(),
    packParams: (count, stride, s) => toBase64(packParams(count, stride, s)),
    compile: async (code) => { kernels.push(await noise.compile(code)); return kernels.length - 1; },
    // prepare starts compiling and returns the kernel's id at once (the
    // test compiles the next variant while this one runs); a compile
    // error comes with the kernel's first run.
    prepare: (code) => {
      const p = noise.compile(code);
      p.catch(() => {});
      kernels.push(p);
      return kernels.length - 1;
    },
    release: (id) => { kernels[id] = null; },
    setPositions: (b64) => { const u8 = fromBase64(b64); noise.setPositions(new Float32Array(u8.buffer, 0, u8.length / 4)); },
    // runAll runs kernel id once per uniform block, count points each,
    // and returns the results one after the other.
    runAll: async (id, paramsList, count, floatsPer) => {
      const out = new Uint8Array(paramsList.length * count * floatsPer * 4);
      const pipeline = await kernels[id];
      for (let i = 0; i < paramsList.length; i++) {
        const r = await noise.run(pipeline, fromBase64(paramsList[i]), count, floatsPer);
        out.set(new Uint8Array(r.buffer), i * count * floatsPer * 4);
      }
      return toBase64(out);
    },
    // benchKernel times kernel id (values, default settings) on the first
    // count of the positions uploaded last.
    benchKernel: async (id, count, reps) =>
      noise.bench(await kernels[id], packParams(count, 3, DEFAULT_SETTINGS), count, 1, reps),
    // benchGrid times kernel id (3D values) on a size×size grid.
    benchGrid: async (id, size, reps) => {
      noise.setPositions(gridPositions(size, 8, 3));
      const count = size * size;
      return noise.bench(kernels[id], packParams(count, 3, DEFAULT_SETTINGS), count, 1, reps);
    },
  };
}
