package main

import (
	"bytes"
	"strings"
	"testing"
)

// benchJSON is a noise bench -json report with value 2D at the given
// one-thread figure (and a 2-thread row the section must ignore).
func benchJSON(v1 string) string {
	return `{"machine": {"cpu": "Test CPU", "num_cpu": 2, "go_version": "go1.26", "level": "v1"}, "duration": "300ms",
	  "rows": [{"noise": "value", "dims": 2, "threads": 1, "runs": 5, "mpts_per_s": ` + v1 + `},
	           {"noise": "value", "dims": 2, "threads": 2, "mpts_per_s": 999}]}`
}

// TestCPUSectionBestRun: with several runs of a column, each cell is the
// best of them, whichever run holds it, and the section says how many.
func TestCPUSectionBestRun(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"bench-purego.json":   benchJSON("30.5"),
		"bench-purego.2.json": benchJSON("41.25"),
		"bench-purego.3.json": benchJSON("35"),
		"bench-avx2.json":     benchJSON("250"),
		"bench-avx2.2.json":   benchJSON("180"),
		"bench-avx512.json":   benchJSON("400"),
	})
	var b bytes.Buffer
	if err := write(&b, dir, "abc1234", "GenuineIntel family 6 model 207"); err != nil {
		t.Fatal(err)
	}
	rows := table(t, b.String())
	want := [][]string{{"noise", "dims", "purego", "avx2", "avx512"}, {"value", "2D", "41.2", "250.0", "400.0"}}
	if len(rows) != len(want) {
		t.Fatalf("table %q, want %q", rows, want)
	}
	for i := range want {
		if strings.Join(rows[i], ",") != strings.Join(want[i], ",") {
			t.Errorf("row %d = %q, want %q", i, rows[i], want[i])
		}
	}
	if !strings.Contains(b.String(), "best of 3 runs") {
		t.Errorf("the section does not say how many runs it took the best of:\n%s", b.String())
	}
	if !strings.Contains(b.String(), "300ms per cell in 5 runs (the best run's rate)") {
		t.Errorf("the section does not say that noise bench took each figure as the best of its 5 runs:\n%s", b.String())
	}
}
