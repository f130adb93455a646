// The Node side of package webgpu: runs WGSL compute kernels on Dawn (the
// npm package webgpu) for the Go process that started it.
//
// Requests arrive on stdin, answers leave on file descriptor 3 (stdout and
// stderr stay free for whatever Dawn or the driver prints). All integers
// are little-endian uint32.
//
//   request: op, length, payload[length]
//     op 1 compile: workgroupSize, WGSL source (UTF-8)      -> kernel id
//     op 2 run:     kernel, count, resultBytes, paramsBytes,
//                   params[paramsBytes], positions[rest]     -> results
//     op 3 release: kernel                                   -> nothing
//     op 4 destroy: (tests: the device is lost)              -> nothing
//     op 5 bench:   kernel, count, mode, micros, paramsBytes,
//                   params[paramsBytes], positions[rest]     -> JSON
//                   {"points", "seconds"}: mode 0 (resident) dispatches
//                   on the uploaded positions again and again, waiting
//                   with onSubmittedWorkDone; mode 1 (readback) uploads,
//                   dispatches, maps and copies the results out each
//                   time; both repeat until at least micros µs have
//                   passed (performance.now), after one untimed warm-up
//   answer:  status (0 ok, 1 error), length, payload[length]
//
// The first answer, before any request, is the adapter (status 0, JSON) or
// why there is none (status 1, one line).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const OUT = 3;

function writeAll(b) {
  for (let o = 0; o < b.length;) {
    try {
      o += fs.writeSync(OUT, b, o, b.length - o);
    } catch (e) {
      if (e.code !== 'EAGAIN') throw e;
    }
  }
}

function answer(status, payload) {
  const h = Buffer.alloc(8);
  h.writeUInt32LE(status, 0);
  h.writeUInt32LE(payload.length, 4);
  writeAll(h);
  if (payload.length) writeAll(payload);
}

const firstLine = (s) => String(s).split('\n').map((l) => l.trim()).find((l) => l) || String(s);
const ok = (payload) => answer(0, payload || Buffer.alloc(0));
const fail = (msg) => answer(1, Buffer.from(firstLine(msg)));

// stdin, read exactly: null at the end of the input.
const input = process.stdin[Symbol.asyncIterator]();
let chunks = [], have = 0, ended = false;
async function read(n) {
  while (have < n && !ended) {
    const { value, done } = await input.next();
    if (done) ended = true;
    else { chunks.push(value); have += value.length; }
  }
  if (have < n) return null;
  const b = Buffer.allocUnsafe(n);
  let o = 0;
  while (o < n) {
    const c = chunks[0], k = Math.min(c.length, n - o);
    c.copy(b, o, 0, k);
    o += k;
    if (k === c.length) chunks.shift();
    else chunks[0] = c.subarray(k);
  }
  have -= n;
  return b;
}

const dir = process.env.NOISE_WEBGPU_NODE_MODULES;
const backend = process.env.NOISE_WEBGPU_BACKEND || 'opengles';
let mod;
try {
  mod = await import(pathToFileURL(path.join(dir, 'webgpu', 'index.js')).href);
} catch (e) {
  fail(`cannot load the npm package webgpu from ${dir}: ${firstLine(e.message)}`);
  process.exit(0);
}
Object.assign(globalThis, mod.globals);
const featureLevel = backend === 'opengles' ? 'compatibility' : 'core';
let device, adapter;
try {
  const gpu = mod.create([`backend=${backend}`]);
  adapter = await gpu.requestAdapter({ featureLevel });
  if (!adapter) {
    fail(`no WebGPU adapter on Dawn's ${backend} backend (feature level ${featureLevel})`);
    process.exit(0);
  }
  const want = ['maxStorageBufferBindingSize', 'maxBufferSize', 'maxComputeWorkgroupsPerDimension',
    'maxComputeWorkgroupSizeX', 'maxComputeInvocationsPerWorkgroup', 'maxStorageBuffersPerShaderStage',
    'maxUniformBufferBindingSize'];
  const requiredLimits = {};
  for (const k of want) requiredLimits[k] = adapter.limits[k];
  device = await adapter.requestDevice({ requiredLimits });
} catch (e) {
  fail(`no WebGPU device on Dawn's ${backend} backend: ${firstLine(e.message)}`);
  process.exit(0);
}
let lost = null;
device.lost.then((i) => { lost = `${i.reason}: ${firstLine(i.message)}`; });
device.onuncapturederror = (ev) => process.stderr.write(`webgpu: ${firstLine(ev.error.message)}\n`);

const info = adapter.info;
const limits = {};
for (const k of ['maxStorageBufferBindingSize', 'maxBufferSize', 'maxComputeWorkgroupsPerDimension',
  'maxComputeWorkgroupSizeX', 'maxComputeInvocationsPerWorkgroup', 'maxStorageBuffersPerShaderStage',
  'maxUniformBufferBindingSize']) limits[k] = device.limits[k];
ok(Buffer.from(JSON.stringify({
  vendor: info.vendor, architecture: info.architecture, device: info.device, description: info.description,
  backend, featureLevel, limits, node: process.version,
})));

const layout = device.createBindGroupLayout({
  entries: [
    { binding: 0, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'read-only-storage' } },
    { binding: 1, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'storage' } },
    { binding: 2, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'uniform' } },
  ],
});
const pipelineLayout = device.createPipelineLayout({ bindGroupLayouts: [layout] });
const kernels = new Map();
let nextKernel = 1;

async function compile(p) {
  const wg = p.readUInt32LE(0);
  const code = p.subarray(4).toString('utf8');
  device.pushErrorScope('validation');
  const module = device.createShaderModule({ code });
  const ci = await module.getCompilationInfo();
  const scoped = await device.popErrorScope();
  const e = ci.messages.find((m) => m.type === 'error');
  if (e) return fail(`WGSL compile error at line ${e.lineNum}:${e.linePos}: ${firstLine(e.message)}`);
  if (scoped) return fail(`WGSL compile error: ${firstLine(scoped.message)}`);
  let pipeline;
  try {
    pipeline = await device.createComputePipelineAsync({ layout: pipelineLayout, compute: { module, entryPoint: 'main' } });
  } catch (err) {
    return fail(`compute pipeline: ${firstLine(err.message)}`);
  }
  const id = nextKernel++;
  kernels.set(id, { pipeline, wg });
  const b = Buffer.alloc(4);
  b.writeUInt32LE(id, 0);
  ok(b);
}

// Buffers are kept between runs and grown when too small.
const bufs = {};
function buffer(name, size, usage) {
  size = Math.max(16, Math.ceil(size / 16) * 16);
  const b = bufs[name];
  if (b && b.size >= size) return b;
  if (b) b.destroy();
  return (bufs[name] = device.createBuffer({ size, usage }));
}

// upload pushes the two error scopes a request pops (out of memory, then
// validation), gets the buffers (positions, results, parameters and the
// readback copy), writes the positions and the parameters (padded to whole
// words) and binds the first three.
function upload(positions, params, paramsBytes, resultBytes) {
  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('validation');
  const S = GPUBufferUsage;
  const pos = buffer('pos', positions.length, S.STORAGE | S.COPY_DST);
  const res = buffer('res', resultBytes, S.STORAGE | S.COPY_SRC | S.COPY_DST);
  const uni = buffer('uni', paramsBytes, S.UNIFORM | S.COPY_DST);
  const rd = buffer('read', resultBytes, S.MAP_READ | S.COPY_DST);
  if (positions.length) device.queue.writeBuffer(pos, 0, positions);
  const padded = Buffer.alloc(Math.ceil(params.length / 4) * 4);
  params.copy(padded);
  if (padded.length) device.queue.writeBuffer(uni, 0, padded);
  const bind = device.createBindGroup({
    layout,
    entries: [
      { binding: 0, resource: { buffer: pos } },
      { binding: 1, resource: { buffer: res } },
      { binding: 2, resource: { buffer: uni } },
    ],
  });
  return { pos, res, rd, bind };
}

async function run(p) {
  const k = kernels.get(p.readUInt32LE(0));
  if (!k) return fail('run: unknown kernel');
  const count = p.readUInt32LE(4), resultBytes = p.readUInt32LE(8), paramsBytes = p.readUInt32LE(12);
  const params = p.subarray(16, 16 + paramsBytes), positions = p.subarray(16 + paramsBytes);
  const groups = Math.ceil(count / k.wg);
  if (groups > device.limits.maxComputeWorkgroupsPerDimension) {
    return fail(`run: ${groups} workgroups, more than maxComputeWorkgroupsPerDimension ${device.limits.maxComputeWorkgroupsPerDimension}`);
  }
  const { pos, res, rd, bind } = upload(positions, params, paramsBytes, resultBytes);
  const enc = device.createCommandEncoder();
  enc.clearBuffer(res);
  const pass = enc.beginComputePass();
  pass.setPipeline(k.pipeline);
  pass.setBindGroup(0, bind);
  if (groups) pass.dispatchWorkgroups(groups);
  pass.end();
  const copy = Math.ceil(resultBytes / 4) * 4;
  if (copy) enc.copyBufferToBuffer(res, 0, rd, 0, copy);
  device.queue.submit([enc.finish()]);
  const verr = await device.popErrorScope(), merr = await device.popErrorScope();
  if (verr) return fail(`run: ${firstLine(verr.message)}`);
  if (merr) return fail(`run: out of memory: ${firstLine(merr.message)}`);
  try {
    await rd.mapAsync(GPUMapMode.READ, 0, Math.max(copy, 16));
  } catch (err) {
    return fail(`run: reading the results: ${lost ? 'device lost: ' + lost : firstLine(err.message)}`);
  }
  const out = Buffer.from(rd.getMappedRange(0, Math.max(copy, 16)).slice(0, resultBytes));
  rd.unmap();
  ok(out);
}

// bench times the kernel here in Node (op 5), where the pipe's round trips
// do not count: the positions and parameters are uploaded once.
async function bench(p) {
  const k = kernels.get(p.readUInt32LE(0));
  if (!k) return fail('bench: unknown kernel');
  const count = p.readUInt32LE(4), mode = p.readUInt32LE(8), micros = p.readUInt32LE(12), paramsBytes = p.readUInt32LE(16);
  const params = p.subarray(20, 20 + paramsBytes), positions = p.subarray(20 + paramsBytes);
  const groups = Math.ceil(count / k.wg);
  if (groups < 1 || groups > device.limits.maxComputeWorkgroupsPerDimension) {
    return fail(`bench: ${groups} workgroups: must be 1 to maxComputeWorkgroupsPerDimension ${device.limits.maxComputeWorkgroupsPerDimension}`);
  }
  if (mode > 1) return fail(`bench: unknown mode ${mode}`);
  const resultBytes = count * 4;
  const { pos, res, rd, bind } = upload(positions, params, paramsBytes, resultBytes);
  const copy = Math.ceil(resultBytes / 4) * 4;
  // resident: n dispatches in one pass, then wait for the queue.
  const resident = async (n) => {
    const enc = device.createCommandEncoder();
    const pass = enc.beginComputePass();
    pass.setPipeline(k.pipeline);
    pass.setBindGroup(0, bind);
    for (let i = 0; i < n; i++) pass.dispatchWorkgroups(groups);
    pass.end();
    device.queue.submit([enc.finish()]);
    await device.queue.onSubmittedWorkDone();
  };
  // readback: what op 2 does but the pipe: upload, dispatch, map, copy out.
  const readback = async () => {
    device.queue.writeBuffer(pos, 0, positions);
    const enc = device.createCommandEncoder();
    const pass = enc.beginComputePass();
    pass.setPipeline(k.pipeline);
    pass.setBindGroup(0, bind);
    pass.dispatchWorkgroups(groups);
    pass.end();
    enc.copyBufferToBuffer(res, 0, rd, 0, copy);
    device.queue.submit([enc.finish()]);
    await rd.mapAsync(GPUMapMode.READ, 0, copy);
    const out = Buffer.from(rd.getMappedRange(0, copy).slice(0));
    rd.unmap();
    return out;
  };
  const step = mode === 0 ? resident : readback;
  let werr = null;
  try {
    await step(1); // warm-up; the errors show here
  } catch (err) {
    werr = err;
  }
  const verr = await device.popErrorScope(), merr = await device.popErrorScope(); // popped in any case
  if (verr) return fail(`bench: ${firstLine(verr.message)}`);
  if (merr) return fail(`bench: out of memory: ${firstLine(merr.message)}`);
  if (werr) return fail(`bench: ${lost ? 'device lost: ' + lost : firstLine(werr.message)}`);
  // Like the GL benchmark's glFinish batches: the dispatches per wait
  // double while a batch takes less than 1/32 of the time.
  const want = micros / 1000;
  let points = 0, batch = 1, elapsed = 0;
  const start = performance.now();
  while (elapsed < want) {
    const t0 = performance.now();
    await step(batch);
    points += batch * count;
    const t1 = performance.now();
    elapsed = t1 - start;
    if (mode === 0 && t1 - t0 < want / 32 && batch < 1 << 16) batch *= 2;
  }
  if (lost) return fail(`device lost: ${lost}`);
  ok(Buffer.from(JSON.stringify({ points, seconds: elapsed / 1000 })));
}

for (;;) {
  const h = await read(8);
  if (!h) break;
  const op = h.readUInt32LE(0), n = h.readUInt32LE(4);
  const p = await read(n);
  if (!p) break;
  if (lost) { fail(`device lost: ${lost}`); continue; }
  try {
    switch (op) {
      case 1: await compile(p); break;
      case 2: await run(p); break;
      case 3: kernels.delete(p.readUInt32LE(0)); ok(); break;
      case 4: device.destroy(); await device.lost; ok(); break;
      case 5: await bench(p); break;
      default: fail(`unknown request ${op}`);
    }
  } catch (err) {
    fail(lost ? `device lost: ${lost}` : firstLine(err.message));
  }
}
device.destroy();
process.exit(0);
