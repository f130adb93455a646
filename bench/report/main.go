// Command report writes one machine's section of BENCHMARKS.md from the
// measurements bench/regen.sh collects in a directory: `noise bench -json`
// at every ISA level this CPU runs (bench-LEVEL.json, and further runs as
// bench-LEVEL.2.json, …: each cell is the best run) and in the purego build
// (bench-purego.json, bench-purego.2.json, …), and the yardsticks' printed tables
// (peers.txt: ../shared/peers/run, fn2.txt: ../shared/peers/fn2/run,
// limit.txt: ../shared/peers/limit/run). Nothing in the section is typed by
// hand.
//
//	cd bench && go run ./report -dir DIR -commit COMMIT > section.md
//
// With -webgpu it writes the WebGPU section instead: the WebGPU figures
// (Dawn in Node.js, and Chromium where a page measured it) beside the
// OpenGL ones for the same grids, from bench-gl.json, bench-webgpu.json
// and chromium.json in DIR (webgpu.go documents them).
//
//	cd bench && go run ./report -webgpu -dir DIR -commit COMMIT > webgpu.md
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

type row struct {
	Noise    string  `json:"noise"`
	Dims     int     `json:"dims"`
	Threads  int     `json:"threads"`
	MptsPerS float64 `json:"mpts_per_s"` // the best of Runs runs
	Runs     int     `json:"runs"`
}

type report struct {
	Machine struct {
		CPU       string `json:"cpu"`
		NumCPU    int    `json:"num_cpu"`
		Level     string `json:"level"`
		ISA       string `json:"isa"`
		GoVersion string `json:"go_version"`
	} `json:"machine"`
	Duration string `json:"duration"`
	Rows     []row  `json:"rows"`
}

func main() {
	dir := flag.String("dir", "", "the directory bench/regen.sh filled")
	commit := flag.String("commit", "", "the commit measured")
	cpuID := flag.String("cpuid", "", "the CPU's vendor, family and model, as regen.sh read them")
	webgpu := flag.Bool("webgpu", false, "write the WebGPU section (bench-gl.json, bench-webgpu.json, chromium.json) instead")
	date := flag.String("date", time.Now().UTC().Format("2006-01-02"), "the day the -webgpu files were measured")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "report: -dir is required")
		os.Exit(2)
	}
	var err error
	if *webgpu {
		err = writeWebGPU(os.Stdout, *dir, *date, *commit)
	} else {
		err = write(os.Stdout, *dir, *commit, *cpuID)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(1)
	}
}

func load(path string) (*report, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r report
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &r, nil
}

func write(w io.Writer, dir, commit, cpuID string) error {
	columns := []string{"purego", "scalar", "avx2", "avx512"}
	reps := map[string]*report{}
	var have []string
	runs := map[string][]*report{} // every run of a column: bench-C.json, bench-C.2.json, …
	for _, c := range columns {
		files, _ := filepath.Glob(filepath.Join(dir, "bench-"+c+".*json"))
		for _, f := range files {
			r, err := load(f)
			if err != nil {
				return err
			}
			runs[c] = append(runs[c], r)
		}
		if len(runs[c]) == 0 {
			continue
		}
		reps[c] = runs[c][0]
		have = append(have, c)
	}
	if len(have) == 0 {
		return fmt.Errorf("no bench-*.json in %s", dir)
	}
	first := reps[have[0]]
	perCell := first.Duration + " per cell"
	if len(first.Rows) > 0 && first.Rows[0].Runs > 1 {
		perCell += fmt.Sprintf(" in %d runs (the best run's rate)", first.Rows[0].Runs)
	}
	fmt.Fprintf(w, "Measured %s on %s (%s), %d vCPUs, %s, %s; commit %s. `noise bench -json` one thread (GOMAXPROCS 1), %s, Mpts/s; ",
		time.Now().UTC().Format("2006-01-02"), first.Machine.CPU, cpuID, first.Machine.NumCPU, first.Machine.GoVersion, first.Machine.Level, commit, perCell)
	fmt.Fprintf(w, "the columns are the `-tags purego` build and the default build at each `-isa` level this CPU runs (every column gives the same bits).\n\n")
	type key struct {
		noise string
		dims  int
	}
	vals := map[key]map[string]float64{}
	var keys []key
	nruns := 0
	for _, c := range have {
		nruns = max(nruns, len(runs[c]))
		for _, run := range runs[c] {
			for _, r := range run.Rows {
				if r.Threads != 1 {
					continue
				}
				k := key{r.Noise, r.Dims}
				if vals[k] == nil {
					vals[k] = map[string]float64{}
					keys = append(keys, k)
				}
				vals[k][c] = max(vals[k][c], r.MptsPerS) // the best run: load only slows a run down
			}
		}
	}
	if nruns > 1 {
		fmt.Fprintf(w, "Each cell is the best of %d runs, the columns' runs interleaved.\n\n", nruns)
	}
	sort.SliceStable(keys, func(i, j int) bool {
		if keys[i].dims != keys[j].dims {
			return keys[i].dims < keys[j].dims
		}
		return false
	})
	fmt.Fprintf(w, "| noise | dims | %s |\n|---|--:|%s\n", strings.Join(have, " | "), strings.Repeat("--:|", len(have)))
	for _, k := range keys {
		var cells []string
		for _, c := range have {
			if v, ok := vals[k][c]; ok {
				cells = append(cells, fmt.Sprintf("%.1f", v))
			} else {
				cells = append(cells, "")
			}
		}
		fmt.Fprintf(w, "| %s | %dD | %s |\n", k.noise, k.dims, strings.Join(cells, " | "))
	}
	for _, y := range []struct{ file, title string }{
		{"fn2.txt", "FastNoise2 (`../shared/peers/fn2/run`)"},
		{"limit.txt", "Our exact algorithm in C intrinsics (`../shared/peers/limit/run`)"},
		{"peers.txt", "The Go peers (`../shared/peers/run`)"},
	} {
		b, err := os.ReadFile(filepath.Join(dir, y.file))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "\n%s, as printed:\n\n```text\n%s```\n", y.title, strings.TrimLeft(string(b), "\n"))
	}
	return nil
}
