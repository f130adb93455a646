package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/noiselab/noise/cmd/internal/cliflag"
	"github.com/noiselab/noise/graph"
)

// A graph file (docs/graphs.md, package graph) replaces the noise variant
// in list, sample and image: -graph FILE. The file gives every noise node
// its variant, settings and domain, and the graph moves positions with its
// own domain nodes, so the variant, settings and domain flags are refused
// with it (graphFlagNeeds).

// graphUsage is -graph's usage text.
const graphUsage = "a noise graph `file` (docs/graphs.md, examples/graphs/) instead of -noise"

// loadGraph reads and validates the graph file: its errors are
// graph.LoadFile's one line naming the file.
func loadGraph(path string) (*graph.Graph, error) {
	return graph.LoadFile(path)
}

// variantFlags are the names of the flags noiseFlags.register defines
// (-noise, -dims, -tiling, the settings, the domain), but -backend.
func variantFlags() []string {
	fs := cliflag.NewFlagSet("")
	var f noiseFlags
	f.register(fs, "", nil, 1)
	var names []string
	fs.VisitAll(func(fl *flag.Flag) { names = append(names, fl.Name) })
	return names
}

// graphFlagNeeds refuses, with -graph, the flags in which a graph has its own
// say: the variant, the settings and the domain flags (but those in keep),
// and extra.
func graphFlagNeeds(keep []string, extra ...string) []cliflag.Need {
	var out []cliflag.Need
	domain := []string{"translate", "rotate", "scale", "matrix"}
	for _, name := range append(variantFlags(), extra...) {
		if slices.Contains(keep, name) {
			continue
		}
		why := "each noise node of the graph file gives its noise, dimensions, tiling and settings (edit the file)"
		switch {
		case slices.Contains(domain, name):
			why = "a graph moves positions with its own domain nodes (scale, translate, rotate, displace, warp; edit the file)"
		case name == "perm-mode":
			why = "it picks how a perm-value variant is evaluated, and a graph's noise nodes are evaluated as the file says"
		}
		out = append(out, cliflag.Need{Flag: name, Msg: "-" + name + " does nothing with -graph: " + why})
	}
	return out
}

// graphDims checks sample's -dims with -graph: 3 (the default) or 4.
func graphDims(dims int) error {
	if dims != 3 && dims != 4 {
		return fmt.Errorf("invalid -dims %d with -graph: must be 3 (positions \"x y z\") or 4 (\"x y z w\")", dims)
	}
	return nil
}

// graphRange is the graph's output range as text: "[lo, hi]", an
// unbounded side as -inf or +inf.
func graphRange(g *graph.Graph) string {
	lo, hi := g.Range()
	return "[" + num32(lo) + ", " + num32(hi) + "]"
}

// graphNoiseDims returns the first noise node whose dimensions are not 4,
// or nil: -seamless and -frames sample 4D positions, and a noise node of
// fewer dimensions would not see w.
func graphNoiseDims(g *graph.Graph) *graph.Node {
	for i := range g.Nodes {
		if n := &g.Nodes[i]; n.Type == graph.Noise && n.Dims != 4 {
			return n
		}
	}
	return nil
}

// listGraph prints the graph's nodes, one line each (id, type, inputs and
// parameters), then its output node and range.
func listGraph(w io.Writer, g *graph.Graph) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tTYPE\tIN\tPARAMETERS")
	for i := range g.Nodes {
		n := &g.Nodes[i]
		in := strings.Join(n.In, ",")
		if in == "" {
			in = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", n.ID, n.Type, in, nodeParams(n))
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("writing output: %v", err)
	}
	lo, hi := g.Range()
	if _, err := fmt.Fprintf(w, "output %s, range [%s, %s]\n", g.Output, num32(lo), num32(hi)); err != nil {
		return fmt.Errorf("writing output: %v", err)
	}
	return nil
}

// nodeParams is a node's parameters as text: a noise node's variant in
// flag form (noise.Config.String), otherwise its JSON fields but id, type
// and in.
func nodeParams(n *graph.Node) string {
	if n.Type == graph.Noise {
		if c, err := n.Config(); err == nil {
			return c.String()
		}
	}
	cp := *n
	cp.ID, cp.Type, cp.In = "", "", nil
	b, err := json.Marshal(&cp)
	if err != nil {
		return "?"
	}
	s := strings.TrimPrefix(string(b), `{"id":"","type":""`)
	s = strings.TrimSuffix(strings.TrimPrefix(s, ","), "}")
	if s == "" {
		return "-"
	}
	return s
}
