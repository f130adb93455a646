package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"text/tabwriter"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise/cpu"
)

const benchHeader = `Usage: noise bench [-json] [-noise NAME] [-duration 300ms]

Measures million points per second of the value-only batch path (Values)
for every noise type (or the one given) at 2D, on a 256×256 grid in [0,1)²
(positions (x, 0, z)), and at 3D, on a 64×64×64 grid in [0,1)³, with the
default settings (seed 0, frequency 4, 1 octave). Each cell runs single
threaded (GOMAXPROCS 1) and on all threads (GOMAXPROCS = NumCPU), repeating
the whole grid until at least -duration has passed.
`

// benchRow is one measurement.
type benchRow struct {
	Noise    string  `json:"noise"`
	Dims     int     `json:"dims"`
	Threads  int     `json:"threads"`
	Points   int64   `json:"points"`
	Seconds  float64 `json:"seconds"`
	MptsPerS float64 `json:"mpts_per_s"`
}

// benchMachine describes where the numbers come from.
type benchMachine struct {
	CPU        string `json:"cpu"`
	NumCPU     int    `json:"num_cpu"`
	GOOS       string `json:"goos"`
	GOARCH     string `json:"goarch"`
	Level      string `json:"level"`
	GoVersion  string `json:"go_version"`
	SIMD       bool   `json:"simd"`
	SIMDStatus string `json:"simd_status"`
}

type benchReport struct {
	Machine  benchMachine `json:"machine"`
	Duration string       `json:"duration"`
	Settings cpu.Settings `json:"settings"`
	Rows     []benchRow   `json:"rows"`
}

func runBench(args []string, _ io.Reader, stdout, _ io.Writer) error {
	fs := newFlagSet("bench")
	jsonOut := fs.Bool("json", false, "print a JSON document instead of a table")
	name := fs.String("noise", "", "benchmark only this noise `name` (default all)")
	dur := fs.Duration("duration", 300*time.Millisecond, "minimum measuring `time` per cell")
	if err := parseFlags(fs, "bench", benchHeader, args, stdout); err != nil {
		return err
	}
	noises := cpu.Noises()
	if *name != "" {
		n, err := cpu.ParseNoise(*name)
		if err != nil {
			return err
		}
		noises = []cpu.Noise{n}
	}
	if *dur <= 0 {
		return fmt.Errorf("invalid duration %v: must be positive", *dur)
	}
	rep := benchReport{
		Machine: benchMachine{
			CPU: cpuModel(), NumCPU: runtime.NumCPU(), GOOS: runtime.GOOS, GOARCH: runtime.GOARCH,
			Level: archLevel(), GoVersion: runtime.Version(), SIMD: simdInUse(), SIMDStatus: simdStatus(),
		},
		Duration: dur.String(),
		Settings: cpu.DefaultSettings(),
	}
	var tw *tabwriter.Writer
	nameWidth := 0 // names are padded by hand: the table aligns right
	for _, n := range noises {
		nameWidth = max(nameWidth, len(n.String()))
	}
	if !*jsonOut {
		m := rep.Machine
		fmt.Fprintf(stdout, "cpu: %s, %d threads, %s/%s, %s, %s\n", m.CPU, m.NumCPU, m.GOOS, m.GOARCH, m.Level, m.GoVersion)
		fmt.Fprintf(stdout, "SIMD kernels: %s\n", m.SIMDStatus)
		fmt.Fprintf(stdout, "value-only batch path (Values), default settings, at least %v per cell; million points per second\n\n", *dur)
		tw = tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintf(tw, "%-*s\tdims\t1 thread\t%d threads\tspeed-up\t\n", nameWidth, "noise", runtime.NumCPU())
	}
	grids := map[int][]mgl32.Vec3{2: grid2D(256), 3: grid3D(64)}
	out := make([]float32, max(len(grids[2]), len(grids[3])))
	for _, n := range noises {
		for _, dims := range []int{2, 3} {
			s, err := cpu.New(cpu.Config{Noise: n, Dims: dims, Settings: cpu.DefaultSettings()})
			if err != nil {
				return err
			}
			pos := grids[dims]
			var pair [2]benchRow
			for k, threads := range []int{1, runtime.NumCPU()} {
				pts, secs := measure(s, pos, out[:len(pos)], threads, *dur)
				pair[k] = benchRow{Noise: n.String(), Dims: dims, Threads: threads, Points: pts, Seconds: secs,
					MptsPerS: float64(pts) / secs / 1e6}
				rep.Rows = append(rep.Rows, pair[k])
			}
			if tw != nil {
				fmt.Fprintf(tw, "%-*s\t%dD\t%.1f\t%.1f\t%.2f×\t\n", nameWidth, n, dims, pair[0].MptsPerS, pair[1].MptsPerS,
					pair[1].MptsPerS/pair[0].MptsPerS)
			}
		}
	}
	var err error
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

// measure evaluates the grid repeatedly with GOMAXPROCS = threads until at
// least d has passed, after one warm-up pass, and restores GOMAXPROCS.
func measure(s *cpu.Sampler, pos []mgl32.Vec3, out []float32, threads int, d time.Duration) (points int64, seconds float64) {
	prev := runtime.GOMAXPROCS(threads)
	defer runtime.GOMAXPROCS(prev)
	s.Values(pos, out)
	start := time.Now()
	var elapsed time.Duration
	for elapsed < d {
		s.Values(pos, out)
		points += int64(len(pos))
		elapsed = time.Since(start)
	}
	return points, elapsed.Seconds()
}

// grid2D is an n×n grid of cell centres in [0,1)² on the XZ plane.
func grid2D(n int) []mgl32.Vec3 {
	pos := make([]mgl32.Vec3, 0, n*n)
	for z := 0; z < n; z++ {
		for x := 0; x < n; x++ {
			pos = append(pos, mgl32.Vec3{(float32(x) + 0.5) / float32(n), 0, (float32(z) + 0.5) / float32(n)})
		}
	}
	return pos
}

// grid3D is an n×n×n grid of cell centres in [0,1)³.
func grid3D(n int) []mgl32.Vec3 {
	pos := make([]mgl32.Vec3, 0, n*n*n)
	for z := 0; z < n; z++ {
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				pos = append(pos, mgl32.Vec3{(float32(x) + 0.5) / float32(n), (float32(y) + 0.5) / float32(n), (float32(z) + 0.5) / float32(n)})
			}
		}
	}
	return pos
}
