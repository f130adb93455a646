// Package webgpuexample is the test of the WebGPU example page
// (index.html, noise.js): chromium_test.go opens the page in headless
// Chromium, runs every variant's WGSL kernels there and compares the
// results with the CPU reference under the tolerance policy of the verify
// command (package compare), and the example graphs' kernels, bit for bit
// with cpu.NewGraph at finite positions. It is a module of its own so that the
// library's users do not inherit the browser driver (chromedp) it needs.
package webgpuexample
