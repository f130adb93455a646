package main

import (
	"encoding/json"
	"errors"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/noiselab/noise/gpu/webgpu"
)

// webgpuProbe starts a runner once (and closes it): its adapter, or why
// there is none.
var webgpuProbe = sync.OnceValues(func() (webgpu.Info, error) {
	r, err := webgpu.Start(webgpu.Options{})
	if err != nil {
		return webgpu.Info{}, err
	}
	defer r.Close()
	return r.Info(), nil
})

// requireWebGPU returns Dawn's adapter. It skips, saying why, without node
// or the npm package (make webgpu-deps installs it); any other failure to
// start the runner fails the test.
func requireWebGPU(t *testing.T) webgpu.Info {
	t.Helper()
	info, err := webgpuProbe()
	if errors.Is(err, webgpu.ErrNoNode) || errors.Is(err, webgpu.ErrNoPackage) {
		t.Skipf("no WebGPU runner: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return info
}

// TestBenchWebGPUJSON runs a short WebGPU benchmark and checks the JSON
// document: the adapter the runner reports, no CPU or GL rows, and
// positive rates for the three WebGPU figures at 2D and 3D, in whole
// dispatches over at least -duration.
func TestBenchWebGPUJSON(t *testing.T) {
	info := requireWebGPU(t)
	r := runIn("", "bench", "-backend", "webgpu", "-noise", "perlin", "-duration", "20ms", "-gpu-points", "4096", "-json")
	mustOK(t, r, "bench -backend webgpu")
	var rep benchReport
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rep); err != nil {
		t.Fatalf("bench -json output is not the JSON document: %v\n%s", err, r.stdout)
	}
	if rep.Backend != "webgpu" || rep.GPUPoints != 4096 || len(rep.Rows) != 0 || rep.GPU != nil || len(rep.GPURows) != 0 {
		t.Errorf("backend %q, gpu_points %d, %d CPU rows, gl %v, %d GL rows; want webgpu, 4096, no CPU or GL", rep.Backend, rep.GPUPoints, len(rep.Rows), rep.GPU, len(rep.GPURows))
	}
	w := rep.WebGPU
	if w == nil || w.Adapter != info.String() || w.Description != info.Description || w.Backend != info.Backend ||
		w.FeatureLevel != info.FeatureLevel || !strings.Contains(w.Runtime, "npm webgpu "+webgpu.PackageVersion) {
		t.Fatalf("webgpu %+v, want the adapter %q (%s backend) and npm webgpu %s", w, info, info.Backend, webgpu.PackageVersion)
	}
	if len(rep.WebGPURows) != 2 {
		t.Fatalf("%d WebGPU rows, want 2 (2D and 3D):\n%s", len(rep.WebGPURows), r.stdout)
	}
	for i, row := range rep.WebGPURows {
		if row.Noise != "perlin" || row.Dims != i+2 || row.Positions != 4096 {
			t.Errorf("WebGPU row %d: %+v, want perlin, dims %d, 4096 positions", i, row, i+2)
		}
		for _, m := range []struct {
			what string
			r    benchRate
		}{{"resident", row.Resident}, {"readback", row.Readback}, {"readback_go", row.ReadbackGo}} {
			if !(m.r.MptsPerS > 0) || m.r.Points <= 0 || m.r.Points%4096 != 0 || m.r.Seconds < 0.02 {
				t.Errorf("WebGPU row %d %s %+v: want a positive rate over at least 20ms in whole dispatches", i, m.what, m.r)
			}
		}
	}
}

// TestBenchWebGPUTable: the adapter in the header and the three WebGPU
// figures on each row.
func TestBenchWebGPUTable(t *testing.T) {
	info := requireWebGPU(t)
	r := runIn("", "bench", "-backend", "webgpu", "-noise", "simplex-value", "-duration", "5ms", "-gpu-points", "1000", "-arith", "exact")
	mustOK(t, r, "bench -backend webgpu")
	if !strings.Contains(r.stdout, "\nwebgpu: "+info.String()+"; Dawn in Node.js") || !strings.Contains(r.stdout, "readback→Go") {
		t.Errorf("bench table lacks the adapter line or the WebGPU columns:\n%s", r.stdout)
	}
	for _, dims := range []string{"2D", "3D"} {
		if !regexp.MustCompile(`(?m)^\s*simplex-value\s+` + dims + `\s+\d+\.\d\s+\d+\.\d\s+\d+\.\d\s*$`).MatchString(r.stdout) {
			t.Errorf("bench table has no %s row with three WebGPU figures:\n%s", dims, r.stdout)
		}
	}
}

// TestBenchWebGPUErrors: what is missing, and the flags that do nothing
// with -backend webgpu, are one line each.
func TestBenchWebGPUErrors(t *testing.T) {
	args := []string{"bench", "-backend", "webgpu", "-noise", "perlin", "-duration", "1ms", "-gpu-points", "64"}
	t.Run("no node", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		r := runIn("", args...)
		checkOneLineError(t, "no node", r, "noise bench: webgpu: ", "install Node.js")
	})
	if _, err := exec.LookPath("node"); err == nil {
		t.Run("no package", func(t *testing.T) {
			t.Setenv("NOISE_WEBGPU_NODE_MODULES", filepath.Join(t.TempDir(), "node_modules"))
			r := runIn("", args...)
			checkOneLineError(t, "no package", r, "noise bench: webgpu: ", "make webgpu-deps")
		})
	}
	for _, c := range []struct {
		flags []string
		keys  []string
	}{
		{[]string{"-context", "egl"}, []string{"-context needs -backend gpu or both", "Dawn"}},
		{[]string{"-driver", "llvmpipe"}, []string{"-driver needs -backend gpu or both", "Dawn"}},
		{[]string{"-isa", "scalar"}, []string{"-isa needs -backend cpu or both"}},
	} {
		r := runIn("", append(append([]string(nil), args...), c.flags...)...)
		checkOneLineError(t, strings.Join(c.flags, " "), r, "noise bench: ", c.keys...)
	}
	r := runIn("", "bench", "-backend", "cpu", "-arith", "exact", "-duration", "1ms")
	checkOneLineError(t, "-arith with cpu", r, "noise bench: ", "-arith needs -backend gpu, both or webgpu")
	if info, err := webgpuProbe(); err == nil {
		// One more position than one dispatch takes: refused before the
		// grids are built.
		n := strconv.Itoa(maxDispatch(info) + 1)
		r := runIn("", "bench", "-backend", "webgpu", "-noise", "perlin", "-duration", "1ms", "-gpu-points", n)
		checkOneLineError(t, "-gpu-points "+n, r, "noise bench: ", "invalid -gpu-points "+n, "one WebGPU dispatch takes at most")
		if want := uint64(info.Limits.MaxComputeWorkgroupsPerDimension) * webgpu.WorkgroupSize; uint64(maxDispatch(info)) > want {
			t.Errorf("maxDispatch %d exceeds the %d invocations one dimension of workgroups covers", maxDispatch(info), want)
		}
	}
}
