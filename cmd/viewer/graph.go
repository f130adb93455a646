package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/graph"
	"github.com/noiselab/noise/internal/oneline"
)

// A noise graph (docs/graphs.md, package graph) is shown instead of a
// variant with -graph FILE or the X key: it is evaluated on the CPU
// (cpu.NewGraph, with derivatives) at the mesh points, which are the
// graph's positions as they are (the plane spans [−0.5, 0.5]², the sphere
// has radius 0.5: the graph scales them with its own domain nodes), and
// uploaded into the samples buffer the way the seamless plane is. The file
// is watched: a save reloads it; a save that does not load shows its error
// and keeps the last good graph.

// defaultGraphDir is where X looks for graphs when none is shown.
const defaultGraphDir = "examples/graphs"

// graphPoll is how often the shown graph's file is checked for a save.
const graphPoll = 500 * time.Millisecond

// graphFiles returns the graph files (*.json) of dir, sorted.
func graphFiles(dir string) []string {
	m, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	slices.Sort(m)
	return m
}

// cycleGraph moves to the next (dir 1) or previous (dir −1) graph file of
// the shown graph's directory, or of defaultGraphDir when none is shown.
func (s *State) cycleGraph(dir int) Change {
	d := defaultGraphDir
	if s.Graph != "" {
		d = filepath.Dir(s.Graph)
	}
	files := graphFiles(d)
	if len(files) == 0 {
		s.Message = "no graphs (*.json) in " + d + " (-graph FILE shows a file and cycles through its directory)"
		return 0
	}
	i := slices.Index(files, s.Graph)
	switch {
	case i < 0 && dir > 0:
		i = 0
	case i < 0:
		i = len(files) - 1
	default:
		i = (i + dir + len(files)) % len(files)
	}
	s.Graph, s.GraphError = files[i], ""
	return Resample
}

// graphKeyNote refuses a variant key while a graph is shown.
const graphKeyNote = "a graph file sets its own noise: edit it (a save reloads it), or N for the noise variants"

// graphView is the graph the viewer shows: the file, its last good
// version compiled for the CPU, and when the file was last looked at.
type graphView struct {
	path     string
	mod      time.Time // the loaded file's modification time and size
	size     int64
	g        *graph.Graph
	sampler  *cpu.GraphSampler // the last good graph; nil before the first
	lastPoll time.Time
}

// sync keeps v on the graph s shows: a new path is loaded at once, the
// same path again when its file changed (checked every graphPoll). A file
// that does not load leaves the last good graph and sets s.GraphError;
// s.GraphInfo describes the graph shown. It returns Resample when the
// graph changed, Redraw when only the text did.
func (v *graphView) sync(s *State, now time.Time) Change {
	if s.Graph == "" {
		return 0
	}
	if s.Graph == v.path && now.Sub(v.lastPoll) < graphPoll {
		return 0
	}
	v.lastPoll = now
	fi, statErr := os.Stat(s.Graph)
	if s.Graph == v.path && statErr == nil && fi.ModTime().Equal(v.mod) && fi.Size() == v.size {
		return 0
	}
	if s.Graph == v.path && statErr != nil && s.GraphError != "" {
		return 0 // still gone: already said
	}
	newPath := s.Graph != v.path
	v.path = s.Graph
	if statErr == nil {
		v.mod, v.size = fi.ModTime(), fi.Size()
	} else {
		v.mod, v.size = time.Time{}, -1
	}
	g, err := graph.LoadFile(s.Graph)
	var gs *cpu.GraphSampler
	if err == nil {
		gs, err = cpu.NewGraph(g)
	}
	if err != nil {
		s.GraphError = oneline.Format(err.Error())
		if v.g != nil {
			s.GraphError += " (showing the last good graph)"
		}
		if newPath {
			return Resample // the last good graph, on the new mesh if any
		}
		return Redraw
	}
	v.g, v.sampler = g, gs
	s.GraphError = ""
	lo, hi := g.Range()
	s.GraphInfo = fmt.Sprintf("graph %s: %d nodes, output %s, range [%s, %s]", filepath.Base(s.Graph), len(g.Nodes), g.Output, num32(lo), num32(hi))
	return Resample
}

// num32 formats a float32 in full.
func num32(x float32) string { return strconv.FormatFloat(float64(x), 'g', -1, 32) }
