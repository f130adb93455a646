package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cmd/internal/cliflag"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/internal/grid"
)

const benchHeader = `Usage: noise bench [-json] [-noise NAMES] [-duration 300ms] [-runs 5] [-backend cpu|gpu|both|webgpu]

Measures million points per second of the value-only batch path (Values)
for every noise type (or those -noise lists) at 2D, on a 256×256 grid in [0,1)²
(positions (x, 0, z)), and at 3D, on a 64×64×64 grid in [0,1)³, with the
default settings (seed 0, frequency 4, 1 octave) or those the settings
flags give (-seed, -frequency, -octaves, -lacunarity, -persistence,
-fractal, -ping-pong, -warp-amplitude, -warp-frequency, -warp-octaves,
-warp-mode, as for "noise sample"). Each cell runs single
threaded (GOMAXPROCS 1) and on all threads (GOMAXPROCS = NumCPU), repeating
the whole grid until at least -duration has passed, in -runs runs of at
least -duration/-runs each; the figure is the best run's rate (FastNoise2's
harness in ../shared/peers/fn2 reports the best of 7 runs too, and on a
shared machine the best run is the one that was not interrupted), and -json
gives the rate over all runs as well ("all_mpts_per_s"). -isa picks the CPU
kernels' instruction-set level (scalar, avx2 or avx512; default the best
this CPU runs, or the environment's NOISE_ISA); every level gives the same
bits.

-backend gpu measures the GPU instead, and -backend both measures both,
side by side: the same noise through OpenGL 4.3 compute shaders (package
gpu/dispatch, in the GL context that -context names) on -gpu-points
positions, the first N cell centres of the smallest n×n grid in [0,1)²
(2D, positions (x, 0, z)) or n×n×n grid in [0,1)³ (3D) that holds them
(2^20 by default: 1024×1024 in 2D). Two figures per row:

  GPU+readback  Values on a slice: each call uploads the positions,
                dispatches and reads the values back ("noise sample
                -backend gpu" works this way)
  GPU resident  the positions are uploaded once to a GPU buffer; the
                kernel writes into a result buffer (SampleBuffers) again
                and again, with glFinish to wait for the GPU; nothing is
                copied to or from the GPU while timing

Each repeats until at least -duration has passed, after one untimed
warm-up call; compiling the kernel is not timed. The GL renderer is
printed in the header (and under "gpu" in -json; GPU figures are under
"gpu_rows").

-backend webgpu measures the WGSL kernels on WebGPU instead, through Dawn
in Node.js (package gpu/webgpu: node and the npm package webgpu, which
make webgpu-deps installs; Dawn's OpenGL ES backend, on Mesa llvmpipe
where there is no GPU), on the same -gpu-points positions, at most what
one dispatch takes. -arith applies; the GL flags do not. Three figures
per row, the first two timed inside Node (performance.now), where the
pipe to Go does not count:

  resident      the positions are uploaded once; dispatches into a
                result buffer, then onSubmittedWorkDone waits for the
                queue; nothing is copied while timing
  readback      each call uploads the positions (writeBuffer),
                dispatches, copies the results to a mappable buffer,
                maps it and copies them out into Node's memory
  readback→Go   Values on a slice from Go: readback plus the positions
                and results through the pipe to and from Node

The adapter is printed in the header (and under "webgpu" in -json; the
figures are under "webgpu_rows").
`

// benchRow is one measurement.
type benchRow struct {
	Noise   string  `json:"noise"`
	Dims    int     `json:"dims"`
	Threads int     `json:"threads"`
	Points  int64   `json:"points"`
	Seconds float64 `json:"seconds"`
	// MptsPerS is the best run's rate; Points and Seconds are the sums over
	// all Runs, and AllMptsPerS their rate.
	MptsPerS    float64 `json:"mpts_per_s"`
	Runs        int     `json:"runs"`
	AllMptsPerS float64 `json:"all_mpts_per_s"`
}

// benchMachine describes where the numbers come from.
type benchMachine struct {
	CPU        string `json:"cpu"`
	NumCPU     int    `json:"num_cpu"`
	GOOS       string `json:"goos"`
	GOARCH     string `json:"goarch"`
	Level      string `json:"level"`
	ISA        string `json:"isa"` // the cpu package's ISA level the CPU rows ran at
	GoVersion  string `json:"go_version"`
	SIMD       bool   `json:"simd"`
	SIMDStatus string `json:"simd_status"`
}

// benchRate is one GPU measurement.
type benchRate struct {
	Points   int64   `json:"points"`
	Seconds  float64 `json:"seconds"`
	MptsPerS float64 `json:"mpts_per_s"`
}

// benchGPURow is the GPU measurement of one noise type and dimension.
type benchGPURow struct {
	Noise     string    `json:"noise"`
	Dims      int       `json:"dims"`
	Positions int       `json:"positions"` // per Values call or dispatch
	Readback  benchRate `json:"readback"`  // Values on a slice: upload, dispatch, read back
	Resident  benchRate `json:"resident"`  // SampleBuffers on GPU buffers and glFinish
}

type benchReport struct {
	Machine  benchMachine   `json:"machine"`
	Duration string         `json:"duration"`
	Settings noise.Settings `json:"settings"`
	Rows     []benchRow     `json:"rows"` // CPU; empty with -backend gpu
	// Backend is the -backend value: cpu, gpu or both.
	Backend string `json:"backend"`
	// GPU describes the GL implementation (-backend gpu or both).
	GPU *gpuInfo `json:"gpu,omitempty"`
	// GPUPoints is -gpu-points, the positions per GPU call.
	GPUPoints int           `json:"gpu_points,omitempty"`
	GPURows   []benchGPURow `json:"gpu_rows,omitempty"`
	// WebGPU describes the Dawn adapter (-backend webgpu).
	WebGPU     *benchWebGPUInfo `json:"webgpu,omitempty"`
	WebGPURows []benchWebGPURow `json:"webgpu_rows,omitempty"`
}

// benchWebGPUInfo describes the WebGPU adapter behind -backend webgpu.
type benchWebGPUInfo struct {
	// Adapter is webgpu.Info.String(): the adapter, Dawn's backend and
	// the feature level in one line.
	Adapter      string `json:"adapter"`
	Vendor       string `json:"vendor"`
	Architecture string `json:"architecture"`
	Device       string `json:"device"`
	Description  string `json:"description"`   // on OpenGL ES, the GL renderer and version
	Backend      string `json:"backend"`       // Dawn's backend: opengles, vulkan, ...
	FeatureLevel string `json:"feature_level"` // compatibility or core
	// Runtime is where Dawn runs: "Dawn in Node.js vN, npm webgpu V".
	Runtime string `json:"runtime"`
}

// benchWebGPURow is the WebGPU measurement of one noise type and
// dimension; Resident and Readback are timed inside Node.
type benchWebGPURow struct {
	Noise      string    `json:"noise"`
	Dims       int       `json:"dims"`
	Positions  int       `json:"positions"`   // per dispatch
	Resident   benchRate `json:"resident"`    // dispatches on uploaded positions, onSubmittedWorkDone
	Readback   benchRate `json:"readback"`    // upload, dispatch, map, copy out, in Node
	ReadbackGo benchRate `json:"readback_go"` // Values from Go: readback and the pipe
}

// maxGPUPoints bounds -gpu-points (the positions alone are 768 MiB).
const maxGPUPoints = 1 << 26

// maxBenchRuns is the most -runs bench takes.
const maxBenchRuns = 100

// benchOptions are the parsed flags of bench.
type benchOptions struct {
	json      bool
	noises    cliflag.NoiseList
	duration  time.Duration
	runs      int
	backend   string
	gpu       cliflag.GPU
	gpuPoints int
	isa       cliflag.ISA
	settings  cliflag.Settings
	st        noise.Settings // the validated settings
}

func (o *benchOptions) cpu() bool      { return o.backend == "cpu" || o.backend == "both" }
func (o *benchOptions) gpuOn() bool    { return o.backend == "gpu" || o.backend == "both" } // OpenGL
func (o *benchOptions) webgpuOn() bool { return o.backend == "webgpu" }

func parseBench(args []string, stdout io.Writer) (*benchOptions, error) {
	fs := cliflag.NewFlagSet("noise bench")
	o := &benchOptions{noises: cliflag.NewNoiseList("all")}
	fs.BoolVar(&o.json, "json", false, "print a JSON document instead of a table")
	fs.Var(&o.noises, "noise", "comma-separated noise `names`, or all")
	fs.DurationVar(&o.duration, "duration", 300*time.Millisecond, "minimum measuring `time` per cell")
	fs.IntVar(&o.runs, "runs", 5, fmt.Sprintf("`runs` per CPU cell, 1 to %d: the best run's rate is reported (-backend cpu or both)", maxBenchRuns))
	cliflag.Choice(fs, &o.backend, "backend", "cpu", []string{"cpu", "gpu", "both", "webgpu"},
		"`backend` to measure: cpu, gpu (OpenGL 4.3 compute shaders), both, or webgpu (WGSL on Dawn in Node.js)")
	o.gpu.Register(fs, " for -backend gpu or both")
	arith := fs.Lookup("arith") // WGSL takes it too
	arith.Usage = strings.Replace(arith.Usage, "-backend gpu or both", "-backend gpu, both or webgpu", 1)
	fs.IntVar(&o.gpuPoints, "gpu-points", 1<<20, fmt.Sprintf("`positions` per GPU call, 1 to %d (-backend gpu, both or webgpu)", maxGPUPoints))
	o.isa.Register(fs, " (-backend cpu or both)")
	o.settings.Register(fs, noise.DefaultSettings(), "")
	if err := parseFlags(fs, benchHeader, args, stdout); err != nil {
		return nil, err
	}
	st, err := o.settings.Settings()
	if err != nil {
		return nil, err
	}
	o.st = st
	if len(o.noises.Noises) == 0 {
		return nil, fmt.Errorf("empty -noise; valid: all, or comma-separated names of %s", strings.Join(noise.Names(), ", "))
	}
	if o.gpuPoints < 1 || o.gpuPoints > maxGPUPoints {
		return nil, fmt.Errorf("invalid -gpu-points %d: must be 1 to %d", o.gpuPoints, maxGPUPoints)
	}
	if o.duration <= 0 {
		return nil, fmt.Errorf("invalid -duration %v: must be positive", o.duration)
	}
	if o.runs < 1 || o.runs > maxBenchRuns {
		return nil, fmt.Errorf("invalid -runs %d: must be 1 to %d", o.runs, maxBenchRuns)
	}
	if err := cliflag.CheckNeeds(fs, o.needs()); err != nil {
		return nil, err
	}
	if err := o.isa.Apply(); err != nil {
		return nil, err
	}
	return o, nil
}

func runBench(args []string, _ io.Reader, stdout, _ io.Writer) error {
	o, err := parseBench(args, stdout)
	if err != nil {
		return err
	}
	rep := benchReport{
		Machine: benchMachine{
			CPU: cpuModel(), NumCPU: runtime.NumCPU(), GOOS: runtime.GOOS, GOARCH: runtime.GOARCH,
			Level: archLevel(), ISA: cpu.CurrentISA().String(), GoVersion: runtime.Version(), SIMD: simdInUse(), SIMDStatus: simdStatus(),
		},
		Duration: o.duration.String(),
		Settings: o.st,
		Rows:     []benchRow{},
		Backend:  o.backend,
	}
	var dev gpuDevice
	var wg *webgpuBench
	if o.webgpuOn() {
		if wg, err = openWebGPUBench(o); err != nil {
			return err
		}
		defer wg.close()
		info := wg.info()
		rep.WebGPU, rep.GPUPoints = &info, o.gpuPoints
	}
	if o.gpuOn() {
		if dev, err = openDevice(o.gpu); err != nil {
			return err
		}
		defer dev.close()
		info := dev.info()
		rep.GPU, rep.GPUPoints = &info, o.gpuPoints
	}
	var tw *tabwriter.Writer
	if !o.json {
		tw = benchTable(stdout, o, &rep)
	}
	if err := benchAll(o, dev, wg, &rep, tw); err != nil {
		return err
	}
	if tw != nil {
		err = tw.Flush()
	} else {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(rep)
	}
	if err != nil {
		return errors.New("writing output: " + err.Error())
	}
	return nil
}

// benchTable prints the header lines and returns the table the rows go
// to.
func benchTable(stdout io.Writer, o *benchOptions, rep *benchReport) *tabwriter.Writer {
	m := rep.Machine
	fmt.Fprintf(stdout, "cpu: %s, %d threads, %s/%s, %s, %s\n", m.CPU, m.NumCPU, m.GOOS, m.GOARCH, m.Level, m.GoVersion)
	fmt.Fprintf(stdout, "SIMD kernels: %s\n", m.SIMDStatus)
	if o.gpuOn() {
		fmt.Fprintf(stdout, "gpu: %s (context %s, %s), %d positions per call\n", rep.GPU.Line, rep.GPU.Context, rep.GPU.Platform, o.gpuPoints)
	}
	if o.webgpuOn() {
		fmt.Fprintf(stdout, "webgpu: %s; %s; %d positions per dispatch\n", rep.WebGPU.Adapter, rep.WebGPU.Runtime, o.gpuPoints)
	}
	settings := "default settings"
	if o.st != noise.DefaultSettings() {
		st := o.st
		settings = fmt.Sprintf("seed %d, frequency %v, %d octaves, lacunarity %v, persistence %v, %s", st.Seed, st.Frequency, st.Octaves, st.Lacunarity, st.Persistence, st.Fractal)
		if st.Warped() {
			settings += fmt.Sprintf(", %s warp %v×%d octaves", st.WarpMode, st.WarpAmplitude, st.WarpOctaveCount())
		}
	}
	if o.cpu() {
		fmt.Fprintf(stdout, "value-only batch path (Values), %s, at least %v per cell; million points per second (CPU: the best of %d runs)\n", settings, o.duration, o.runs)
	} else {
		fmt.Fprintf(stdout, "value-only batch path (Values), %s, at least %v per cell; million points per second\n", settings, o.duration)
	}
	if o.gpuOn() {
		fmt.Fprintln(stdout, "GPU+readback: Values on a slice (upload, dispatch, read back); GPU resident: SampleBuffers on GPU buffers, glFinish, no transfers")
	}
	if o.webgpuOn() {
		fmt.Fprintln(stdout, "timed in Node: resident (dispatch, onSubmittedWorkDone, no transfers), readback (upload, dispatch, map, copy out); readback→Go: Values from Go, through the pipe")
	}
	fmt.Fprintln(stdout)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%-*s\tdims\t", nameWidth(o.noises.Noises), "noise")
	if o.cpu() {
		fmt.Fprintf(tw, "1 thread\t%d threads\tspeed-up\t", runtime.NumCPU())
	}
	if o.gpuOn() {
		fmt.Fprint(tw, "GPU+readback\tGPU resident\t")
	}
	if o.webgpuOn() {
		fmt.Fprint(tw, "resident\treadback\treadback→Go\t")
	}
	fmt.Fprintln(tw)
	return tw
}

// nameWidth is the width of the noise column: names are padded by hand,
// as the table aligns right.
func nameWidth(noises []noise.Noise) int {
	w := 0
	for _, n := range noises {
		w = max(w, len(n.String()))
	}
	return w
}

// benchAll measures every noise at 2D and 3D on the backends asked for,
// adding the rows to rep and, when tw is not nil, to the table.
func benchAll(o *benchOptions, dev gpuDevice, wg *webgpuBench, rep *benchReport, tw *tabwriter.Writer) error {
	grids := map[int][]mgl32.Vec3{2: grid.Centres(2, 256), 3: grid.Centres(3, 64)}
	out := make([]float32, max(len(grids[2]), len(grids[3])))
	var gpuGrids map[int][]mgl32.Vec3
	var gpuOut []float32
	if dev != nil || wg != nil {
		gpuGrids = map[int][]mgl32.Vec3{2: grid.First(2, o.gpuPoints), 3: grid.First(3, o.gpuPoints)}
		gpuOut = make([]float32, o.gpuPoints)
	}
	width := nameWidth(o.noises.Noises)
	for _, n := range o.noises.Noises {
		for _, dims := range []int{2, 3} {
			cfg := noise.Config{Noise: n, Dims: dims, Settings: o.st}
			if tw != nil {
				fmt.Fprintf(tw, "%-*s\t%dD\t", width, n, dims)
			}
			if o.cpu() {
				pair, err := benchCPU(cfg, grids[dims], out, o.duration, o.runs)
				if err != nil {
					return err
				}
				rep.Rows = append(rep.Rows, pair[:]...)
				if tw != nil {
					fmt.Fprintf(tw, "%.1f\t%.1f\t%.2f×\t", pair[0].MptsPerS, pair[1].MptsPerS, pair[1].MptsPerS/pair[0].MptsPerS)
				}
			}
			if dev != nil {
				row, err := measureGPURow(dev, cfg, gpuGrids[dims], gpuOut, o.duration)
				if err != nil {
					return fmt.Errorf("GPU, %s %dD: %v", n, dims, err)
				}
				rep.GPURows = append(rep.GPURows, row)
				if tw != nil {
					fmt.Fprintf(tw, "%.1f\t%.1f\t", row.Readback.MptsPerS, row.Resident.MptsPerS)
				}
			}
			if wg != nil {
				row, err := wg.measure(cfg, gpuGrids[dims], gpuOut, o.duration)
				if err != nil {
					return fmt.Errorf("WebGPU, %s %dD: %v", n, dims, err)
				}
				rep.WebGPURows = append(rep.WebGPURows, row)
				if tw != nil {
					fmt.Fprintf(tw, "%.1f\t%.1f\t%.1f\t", row.Resident.MptsPerS, row.Readback.MptsPerS, row.ReadbackGo.MptsPerS)
				}
			}
			if tw != nil {
				fmt.Fprintln(tw)
			}
		}
	}
	return nil
}

// benchCPU measures cfg on the CPU on one thread and on all of them, each
// in runs runs of at least d/runs.
func benchCPU(cfg noise.Config, pos []mgl32.Vec3, out []float32, d time.Duration, runs int) ([2]benchRow, error) {
	var pair [2]benchRow
	s, err := cpu.New(cfg)
	if err != nil {
		return pair, err
	}
	for k, threads := range []int{1, runtime.NumCPU()} {
		row := benchRow{Noise: cfg.Noise.String(), Dims: cfg.Dims, Threads: threads, Runs: runs}
		for range runs {
			pts, secs, err := measure(s, pos, out[:len(pos)], threads, d/time.Duration(runs))
			if err != nil {
				return pair, err
			}
			row.Points += pts
			row.Seconds += secs
			row.MptsPerS = max(row.MptsPerS, float64(pts)/secs/1e6)
		}
		row.AllMptsPerS = float64(row.Points) / row.Seconds / 1e6
		pair[k] = row
	}
	return pair, nil
}

// measure evaluates the grid repeatedly with GOMAXPROCS = threads until at
// least d has passed, after one warm-up pass, and restores GOMAXPROCS.
func measure(s *cpu.Sampler, pos []mgl32.Vec3, out []float32, threads int, d time.Duration) (points int64, seconds float64, err error) {
	prev := runtime.GOMAXPROCS(threads)
	defer runtime.GOMAXPROCS(prev)
	if err := s.Values(pos, out); err != nil { // the warm-up pass checks the call once
		return 0, 0, err
	}
	start := time.Now()
	var elapsed time.Duration
	for elapsed < d || points == 0 {
		_ = s.Values(pos, out) // the warm-up's call: no error
		points += int64(len(pos))
		elapsed = time.Since(start)
	}
	return points, elapsed.Seconds(), nil
}

// measureGPURow measures one noise type and dimension on the GPU: Values
// on a slice (with the transfers), then SampleBuffers on GPU buffers.
func measureGPURow(dev gpuDevice, cfg noise.Config, pos []mgl32.Vec3, out []float32, d time.Duration) (benchGPURow, error) {
	row := benchGPURow{Noise: cfg.Noise.String(), Dims: cfg.Dims, Positions: len(pos)}
	s, err := dev.sampler(cfg)
	if err != nil {
		return row, err
	}
	defer s.close()
	pts, secs, err := measureReadback(s, pos, out[:len(pos)], d)
	if err != nil {
		return row, err
	}
	row.Readback = rate(pts, secs)
	if pts, secs, err = s.measureResident(pos, d); err != nil {
		return row, err
	}
	row.Resident = rate(pts, secs)
	return row, nil
}

// rate is points in seconds.
func rate(points int64, seconds float64) benchRate {
	return benchRate{Points: points, Seconds: seconds, MptsPerS: float64(points) / seconds / 1e6}
}

// measureReadback calls Values on the GPU sampler repeatedly until at
// least d has passed, after one warm-up call.
func measureReadback(s batchSampler, pos []mgl32.Vec3, out []float32, d time.Duration) (points int64, seconds float64, err error) {
	if err := s.Values(pos, out); err != nil {
		return 0, 0, err
	}
	start := time.Now()
	var elapsed time.Duration
	for elapsed < d {
		if err := s.Values(pos, out); err != nil {
			return 0, 0, err
		}
		points += int64(len(pos))
		elapsed = time.Since(start)
	}
	return points, elapsed.Seconds(), nil
}
