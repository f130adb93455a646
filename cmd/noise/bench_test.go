package main

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/noiselab/noise"
)

// TestBenchJSON runs a short benchmark of one noise type and checks the
// JSON document: machine info, and positive rates for dims 2 and 3 on 1
// and NumCPU threads; GOMAXPROCS is restored.
func TestBenchJSON(t *testing.T) {
	before := runtime.GOMAXPROCS(0)
	r := runIn("", "bench", "-noise", "perlin", "-duration", "20ms", "-json")
	mustOK(t, r, "bench")
	if after := runtime.GOMAXPROCS(0); after != before {
		t.Errorf("GOMAXPROCS %d after bench, was %d", after, before)
	}
	var rep benchReport
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rep); err != nil {
		t.Fatalf("bench -json output is not the JSON document: %v\n%s", err, r.stdout)
	}
	if rep.Machine.NumCPU != runtime.NumCPU() || rep.Machine.GOARCH != runtime.GOARCH || rep.Machine.GoVersion == "" || rep.Machine.CPU == "" {
		t.Errorf("machine info %+v", rep.Machine)
	}
	if rep.Backend != "cpu" || rep.GPU != nil || rep.GPURows != nil || rep.GPUPoints != 0 {
		t.Errorf("default backend: backend %q, gpu %+v, gpu_points %d, %d GPU rows; want cpu and no GPU", rep.Backend, rep.GPU, rep.GPUPoints, len(rep.GPURows))
	}
	if rep.Machine.SIMD != simdInUse() {
		t.Errorf("simd %v, want %v", rep.Machine.SIMD, simdInUse())
	}
	seen := map[[2]int]bool{}
	for _, row := range rep.Rows {
		if row.Noise != "perlin" {
			t.Errorf("row for %q, want only perlin", row.Noise)
		}
		if !(row.MptsPerS > 0) || row.Points <= 0 || row.Seconds < 0.02 {
			t.Errorf("row %+v: want positive rate over at least 20ms", row)
		}
		// the best of the default 5 runs is at least their overall rate
		// (a weighted mean of the runs' rates)
		if row.Runs != 5 || !(row.AllMptsPerS > 0) || row.MptsPerS < row.AllMptsPerS*(1-1e-9) ||
			math.Abs(row.AllMptsPerS-float64(row.Points)/row.Seconds/1e6) > 1e-9*row.AllMptsPerS {
			t.Errorf("row %+v: want 5 runs, the best run's rate ≥ the overall rate = points/seconds", row)
		}
		seen[[2]int{row.Dims, row.Threads}] = true
	}
	for _, dims := range []int{2, 3} {
		for _, threads := range []int{1, runtime.NumCPU()} {
			if !seen[[2]int{dims, threads}] {
				t.Errorf("no row for dims %d, threads %d", dims, threads)
			}
		}
	}
}

// TestBenchSettings: the settings flags reach the measured configuration
// and the report.
func TestBenchSettings(t *testing.T) {
	r := runIn("", "bench", "-noise", "simplex", "-duration", "10ms", "-json", "-fractal", "ridged", "-octaves", "3", "-warp-amplitude", "0.25")
	mustOK(t, r, "bench")
	var rep benchReport
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatal(err)
	}
	if st := rep.Settings; st.Fractal != noise.FractalRidged || st.Octaves != 3 || st.WarpAmplitude != 0.25 || len(rep.Rows) != 4 {
		t.Errorf("settings %+v, %d rows", st, len(rep.Rows))
	}
	r = runIn("", "bench", "-noise", "simplex", "-duration", "10ms", "-octaves", "2")
	mustOK(t, r, "bench")
	if !strings.Contains(r.stdout, "2 octaves") {
		t.Errorf("the table does not name the settings:\n%s", r.stdout)
	}
}

// TestBenchNoiseList: -noise takes a comma-separated list, like verify's,
// and measures exactly those, in the order given.
func TestBenchNoiseList(t *testing.T) {
	r := runIn("", "bench", "-noise", "value, voronoi-chebyshev-f1", "-duration", "1ms", "-json")
	mustOK(t, r, "bench")
	var rep benchReport
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, row := range rep.Rows {
		got = append(got, fmt.Sprintf("%s %dD %d", row.Noise, row.Dims, row.Threads))
	}
	n := runtime.NumCPU()
	want := []string{"value 2D 1", fmt.Sprintf("value 2D %d", n), "value 3D 1", fmt.Sprintf("value 3D %d", n),
		"voronoi-chebyshev-f1 2D 1", fmt.Sprintf("voronoi-chebyshev-f1 2D %d", n), "voronoi-chebyshev-f1 3D 1", fmt.Sprintf("voronoi-chebyshev-f1 3D %d", n)}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("rows %q, want %q", got, want)
	}
	for _, bad := range [][]string{{"-noise", "perlin,nope"}, {"-noise", ""}} {
		r := runIn("", append([]string{"bench"}, bad...)...)
		checkOneLineError(t, strings.Join(bad, " "), r, "noise bench: ", "-noise", "valid")
	}
}

// TestBenchTable checks the table form: the machine header and one row per
// dimension.
func TestBenchTable(t *testing.T) {
	r := runIn("", "bench", "-noise", "simplex-value", "-duration", "5ms")
	mustOK(t, r, "bench")
	for _, want := range []string{"cpu: ", runtime.GOARCH, runtime.Version(), "SIMD kernels: "} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("bench table lacks %q:\n%s", want, r.stdout)
		}
	}
	for _, dims := range []string{"2D", "3D"} {
		if !regexp.MustCompile(`(?m)^\s*simplex-value\s+` + dims + `\s+\d+\.\d\s+\d+\.\d\s+\d+\.\d\d×\s*$`).MatchString(r.stdout) {
			t.Errorf("bench table has no %s row:\n%s", dims, r.stdout)
		}
	}
}

// TestBenchRuns: -runs 1 times each cell as one run, whose rate is the
// overall rate; -runs 3 reports 3 runs per row.
func TestBenchRuns(t *testing.T) {
	for _, runs := range []int{1, 3} {
		r := runIn("", "bench", "-noise", "value", "-duration", "9ms", "-runs", fmt.Sprint(runs), "-json")
		mustOK(t, r, "bench")
		var rep benchReport
		if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
			t.Fatalf("bench -json: %v\n%s", err, r.stdout)
		}
		if len(rep.Rows) == 0 {
			t.Fatalf("-runs %d: no rows", runs)
		}
		for _, row := range rep.Rows {
			if row.Runs != runs || row.Seconds < 0.009 {
				t.Errorf("-runs %d: row %+v, want %d runs over at least 9ms in all", runs, row, runs)
			}
			if runs == 1 && row.MptsPerS != row.AllMptsPerS {
				t.Errorf("-runs 1: best %v ≠ overall %v", row.MptsPerS, row.AllMptsPerS)
			}
		}
	}
}
