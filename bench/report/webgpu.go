package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// The WebGPU section (-webgpu) sets the WebGPU figures beside the OpenGL
// ones for the same grids. Its inputs, in the -dir directory, each
// optional (at least one of the first three):
//
//	bench-gl.json      noise bench -backend gpu -json (the GL rows)
//	bench-webgpu.json  noise bench -backend webgpu -json (Dawn in Node.js)
//	chromium.json      WebGPU in Chromium, measured in a page
//	loadavg.txt        /proc/loadavg before and after the runs, a line each
//
// chromium.json has the fields of noise bench -backend webgpu -json that
// the table reads, so that a page can write it without the rest:
//
//	{
//	  "duration": "300ms",             // least measuring time per cell
//	  "gpu_points": 1048576,           // positions per dispatch
//	  "webgpu": {"adapter": "...",     // the adapter, one line (GPUAdapterInfo)
//	             "runtime": "Chromium 131.0.6778.85, --use-angle=..."},
//	  "webgpu_rows": [
//	    {"noise": "perlin", "dims": 2, "positions": 1048576,
//	     "resident": {"mpts_per_s": 10.5},   // dispatches, onSubmittedWorkDone
//	     "readback": {"mpts_per_s": 8.6}}    // upload, dispatch, mapAsync, copy out
//	  ]
//	}
//
// The rows are the GL file's (noise types and dimensions in its order),
// then those only a WebGPU file has; a figure a file lacks is an empty
// cell.

// gpuRate is one figure of a GPU row.
type gpuRate struct {
	MptsPerS float64 `json:"mpts_per_s"`
}

// gpuRow is a GL row (gpu_rows) or a WebGPU row (webgpu_rows).
type gpuRow struct {
	Noise      string   `json:"noise"`
	Dims       int      `json:"dims"`
	Positions  int      `json:"positions"`
	Resident   *gpuRate `json:"resident"`
	Readback   *gpuRate `json:"readback"`
	ReadbackGo *gpuRate `json:"readback_go"` // Dawn from Go only
}

// gpuReport is what the section reads of a noise bench -json document
// (or chromium.json).
type gpuReport struct {
	Machine struct {
		CPU    string `json:"cpu"`
		NumCPU int    `json:"num_cpu"`
	} `json:"machine"`
	Duration  string          `json:"duration"`
	Settings  json.RawMessage `json:"settings"` // compared, not read
	GPUPoints int             `json:"gpu_points"`
	GPU       *struct {
		Renderer string `json:"renderer"`
		Version  string `json:"version"`
	} `json:"gpu"`
	WebGPU *struct {
		Adapter string `json:"adapter"`
		Runtime string `json:"runtime"`
	} `json:"webgpu"`
	GPURows    []gpuRow `json:"gpu_rows"`
	WebGPURows []gpuRow `json:"webgpu_rows"`
}

// loadGPU reads dir/name; a missing file is nil, nil.
func loadGPU(dir, name string) (*gpuReport, error) {
	b, err := os.ReadFile(filepath.Join(dir, name))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var r gpuReport
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return &r, nil
}

// writeWebGPU writes the WebGPU section from the files in dir.
func writeWebGPU(w io.Writer, dir, date, commit string) error {
	var reps [3]*gpuReport
	for i, name := range []string{"bench-gl.json", "bench-webgpu.json", "chromium.json"} {
		r, err := loadGPU(dir, name)
		if err != nil {
			return err
		}
		reps[i] = r
	}
	gl, dawn, chromium := reps[0], reps[1], reps[2]
	if gl == nil && dawn == nil && chromium == nil {
		return fmt.Errorf("no bench-gl.json, bench-webgpu.json or chromium.json in %s", dir)
	}
	if dawn != nil && (dawn.WebGPU == nil || len(dawn.WebGPURows) == 0) {
		return errors.New("bench-webgpu.json has no WebGPU rows: is it noise bench -backend webgpu -json?")
	}
	if chromium != nil && len(chromium.WebGPURows) == 0 {
		return errors.New("chromium.json has no webgpu_rows")
	}
	if gl != nil && (gl.GPU == nil || len(gl.GPURows) == 0) {
		return errors.New("bench-gl.json has no GL rows: is it noise bench -backend gpu -json?")
	}
	// The columns compare only on the same settings (chromium.json may
	// leave them out).
	var settings []byte
	for _, r := range reps {
		if r == nil || len(r.Settings) == 0 {
			continue
		}
		var c bytes.Buffer
		if err := json.Compact(&c, r.Settings); err != nil {
			return err
		}
		if settings != nil && !bytes.Equal(settings, c.Bytes()) {
			return fmt.Errorf("the files were measured with different settings: %s and %s", settings, c.Bytes())
		}
		settings = c.Bytes()
	}

	// The header: where each column comes from.
	var machine *gpuReport
	for _, r := range []*gpuReport{dawn, gl} {
		if r != nil && r.Machine.CPU != "" {
			machine = r
			break
		}
	}
	fmt.Fprintf(w, "Measured %s", date)
	if machine != nil {
		fmt.Fprintf(w, " on %s, %d vCPUs", machine.Machine.CPU, machine.Machine.NumCPU)
	}
	fmt.Fprintf(w, "; commit %s. Mpts/s of the value kernel (`Values`) on the first N cell centres of the smallest n×n grid in [0,1)² (2D, positions (x, 0, z)) or n×n×n grid in [0,1)³ (3D) that holds them", commit)
	if settings != nil {
		fmt.Fprintf(w, ", settings `%s`", settings)
	}
	fmt.Fprint(w, ".")
	if b, err := os.ReadFile(filepath.Join(dir, "loadavg.txt")); err == nil {
		// The machine's load: figures on a busy machine are low and noisy.
		var loads []string
		for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			if f := strings.Fields(l); len(f) >= 3 {
				loads = append(loads, strings.Join(f[:3], " "))
			}
		}
		if len(loads) > 0 {
			fmt.Fprintf(w, " Load average (1, 5, 15 min) %s: figures on a busy machine are low and noisy.", strings.Join(loads, ", then "))
		}
	}
	fmt.Fprint(w, "\n\n")
	if gl != nil {
		fmt.Fprintf(w, "* **GL**: `noise bench -backend gpu -json`, OpenGL compute shaders on %s, OpenGL %s, %d positions per call, %s per figure. *readback*: `Values` on a slice (upload, dispatch, read back); *resident*: `SampleBuffers` on GPU buffers and `glFinish`.\n",
			gl.GPU.Renderer, gl.GPU.Version, gl.GPUPoints, gl.Duration)
	}
	if dawn != nil {
		fmt.Fprintf(w, "* **Dawn**: `noise bench -backend webgpu -json`, the WGSL kernels on %s; %s; %d positions per dispatch, %s per figure. *resident* and *readback* are timed inside Node (`performance.now`): dispatches then `onSubmittedWorkDone`; writeBuffer, dispatch, `mapAsync` and the copy out. *readback→Go*: `Values` from Go, through the runner's pipe.\n",
			dawn.WebGPU.Adapter, dawn.WebGPU.Runtime, dawn.GPUPoints, dawn.Duration)
	}
	if chromium != nil {
		adapter, runtime := "", ""
		if chromium.WebGPU != nil {
			adapter, runtime = chromium.WebGPU.Adapter, chromium.WebGPU.Runtime
		}
		fmt.Fprintf(w, "* **Chromium**: `chromium.json`, the WGSL kernels in a page on %s; %s; %d positions per dispatch, %s per figure (resident and readback timed in the page).\n",
			adapter, runtime, chromium.GPUPoints, chromium.Duration)
	}
	fmt.Fprintln(w)

	// The columns, and the cells by row.
	type col struct {
		head string
		rep  *gpuReport
		gl   bool
		cell func(gpuRow) *gpuRate
	}
	resident := func(r gpuRow) *gpuRate { return r.Resident }
	readback := func(r gpuRow) *gpuRate { return r.Readback }
	var cols []col
	if gl != nil {
		cols = append(cols, col{"GL readback", gl, true, readback}, col{"GL resident", gl, true, resident})
	}
	if dawn != nil {
		cols = append(cols, col{"Dawn resident", dawn, false, resident}, col{"Dawn readback", dawn, false, readback},
			col{"Dawn readback→Go", dawn, false, func(r gpuRow) *gpuRate { return r.ReadbackGo }})
	}
	if chromium != nil {
		cols = append(cols, col{"Chromium resident", chromium, false, resident}, col{"Chromium readback", chromium, false, readback})
	}
	type key struct {
		noise string
		dims  int
	}
	var keys []key
	cells := map[key][]string{}
	for i, c := range cols {
		rows := c.rep.WebGPURows
		if c.gl {
			rows = c.rep.GPURows
		}
		for _, r := range rows {
			k := key{r.Noise, r.Dims}
			if cells[k] == nil {
				cells[k] = make([]string, len(cols))
				keys = append(keys, k)
			}
			if v := c.cell(r); v != nil {
				cells[k][i] = fmt.Sprintf("%.1f", v.MptsPerS)
			}
		}
	}
	heads := make([]string, len(cols))
	for i, c := range cols {
		heads[i] = c.head
	}
	fmt.Fprintf(w, "| noise | dims | %s |\n|---|--:|%s\n", strings.Join(heads, " | "), strings.Repeat("--:|", len(cols)))
	for _, k := range keys {
		fmt.Fprintf(w, "| `%s` | %dD | %s |\n", k.noise, k.dims, strings.Join(cells[k], " | "))
	}
	return nil
}
