package main

import (
	"strings"
	"testing"

	"github.com/noiselab/noise"
)

// TestList checks the variant table: every name once, simplex without
// tiling, perm-value 1-4, 1D Voronoi F2 reaching 1.5, aligned columns.
func TestList(t *testing.T) {
	r := runIn("", "list")
	mustOK(t, r, "list")
	out := lines(r.stdout)
	if len(out) != len(noise.Names())+1 {
		t.Fatalf("%d lines, want a header and %d rows:\n%s", len(out), len(noise.Names()), r.stdout)
	}
	header := out[0]
	for _, col := range []string{"NAME", "DIMS", "TILING", "RANGE", "DESCRIPTION"} {
		if !strings.Contains(header, col) {
			t.Errorf("header %q lacks %s", header, col)
		}
	}
	dimsCol := strings.Index(header, "DIMS")
	rows := map[string]string{}
	for _, line := range out[1:] {
		name := strings.Fields(line)[0]
		if _, dup := rows[name]; dup {
			t.Errorf("%s listed twice", name)
		}
		rows[name] = line
		if len(line) <= dimsCol || line[dimsCol-1] != ' ' || line[dimsCol] != '1' {
			t.Errorf("row %q: DIMS column not aligned with the header", line)
		}
	}
	for _, n := range noise.Noises() {
		line, ok := rows[n.String()]
		if !ok {
			t.Errorf("%s not listed", n)
			continue
		}
		f := strings.Fields(line)
		wantDims := "1-4"
		if n.Parts().Family == noise.FamilyVoronoi {
			wantDims = "1-3"
		}
		if f[1] != wantDims {
			t.Errorf("%s: dims %q, want %q", n, f[1], wantDims)
		}
		wantTiling := "yes"
		if strings.HasPrefix(n.String(), "simplex") {
			wantTiling = "no"
		}
		if f[2] != wantTiling {
			t.Errorf("%s: tiling %q, want %q", n, f[2], wantTiling)
		}
		if !strings.Contains(line, n.Description()) {
			t.Errorf("%s: row %q lacks the description %q", n, line, n.Description())
		}
	}
	for name, want := range map[string]string{
		"perlin":                     "[-1, 1]",
		"perlin-turbulence":          "[0, 1]",
		"voronoi-worley-f1":          "[0, 1]",
		"voronoi-worley-f2":          "1D [0, 1.5]; 2D-3D [0, 1]",
		"voronoi-worley-f2-minus-f1": "1D [0, 1.5]; 2D-3D [0, 1]",
		"perm-value":                 "[-1, 1]",
	} {
		if !strings.Contains(rows[name], "  "+want+"  ") {
			t.Errorf("%s: row %q lacks range %q", name, rows[name], want)
		}
	}
}
