package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/cmd/internal/cliflag"
)

const listHeader = `Usage: noise list [-graph FILE]

Prints every noise variant: its name (the -noise value), the dimensions it
supports, whether it has a tiling variant (-tiling; it needs a whole
-frequency and -lacunarity), its output range per dimension
(docs/algorithms.md §9; fractal summation keeps it) and a short description.

With -graph FILE it lists the graph's nodes instead, one line each: id,
type, inputs and parameters (a noise node's variant as flags), then the
output node and the graph's output range (interval arithmetic over the
nodes, docs/graphs.md §5; an unbounded side is -Inf or +Inf).
`

func runList(args []string, _ io.Reader, stdout, _ io.Writer) error {
	fs := cliflag.NewFlagSet("noise list")
	var graphPath string
	fs.StringVar(&graphPath, "graph", "", graphUsage)
	if err := parseFlags(fs, listHeader, args, stdout); err != nil {
		return err
	}
	if cliflag.IsSet(fs, "graph") {
		g, err := loadGraph(graphPath)
		if err != nil {
			return err
		}
		return listGraph(stdout, g)
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tDIMS\tTILING\tRANGE\tDESCRIPTION")
	for _, n := range noise.Noises() {
		tiling := "no"
		if n.Tiling() {
			tiling = "yes"
		}
		fmt.Fprintf(tw, "%s\t1-%d\t%s\t%s\t%s\n", n, n.MaxDims(), tiling, rangeText(n), n.Description())
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("writing output: %v", err)
	}
	return nil
}

// rangeText is the output range, per run of dimensions with the same
// range: "[-1, 1]" or "1D [0, 1.5]; 2D-3D [0, 1]".
func rangeText(n noise.Noise) string {
	type run struct {
		from, to int
		text     string
	}
	var runs []run
	for d := 1; d <= n.MaxDims(); d++ {
		lo, hi := n.Range(d)
		t := "[" + num32(lo) + ", " + num32(hi) + "]"
		if len(runs) > 0 && runs[len(runs)-1].text == t {
			runs[len(runs)-1].to = d
			continue
		}
		runs = append(runs, run{d, d, t})
	}
	if len(runs) == 1 {
		return runs[0].text
	}
	var parts []string
	for _, r := range runs {
		dims := fmt.Sprintf("%dD", r.from)
		if r.to > r.from {
			dims = fmt.Sprintf("%dD-%dD", r.from, r.to)
		}
		parts = append(parts, dims+" "+r.text)
	}
	return strings.Join(parts, "; ")
}

func num32(v float32) string { return strconv.FormatFloat(float64(v), 'g', -1, 32) }
