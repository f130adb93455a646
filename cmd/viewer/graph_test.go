package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise/graph"
)

// constGraph is a graph whose value is v everywhere: its file's text.
func constGraph(t *testing.T, v float32) []byte {
	t.Helper()
	b := graph.NewBuilder()
	g, err := b.Build(b.Add(b.Coord("x"), b.Const(v)))
	if err != nil {
		t.Fatal(err)
	}
	data, err := g.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// writeAt writes data to path and sets its modification time to at, so
// that a save is seen whatever the file system's time resolution.
func writeAt(t *testing.T, path string, data []byte, at time.Time) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, at, at); err != nil {
		t.Fatal(err)
	}
}

// TestGraphCycle: X and Shift+X step through the graph files of the shown
// graph's directory both ways, wrapping, and resample; N goes back to the
// variant that was shown before; without graphs X says where it looked.
func TestGraphCycle(t *testing.T) {
	if actionFor(glfw.KeyX, 0) != NextGraph || actionFor(glfw.KeyX, glfw.ModShift) != PrevGraph {
		t.Fatal("X / Shift+X are not bound to the graphs")
	}
	dir := t.TempDir()
	var files []string
	for _, name := range []string{"b", "a", "c"} {
		p := filepath.Join(dir, name+".json")
		writeAt(t, p, constGraph(t, 1), time.Now())
		files = append(files, p)
	}
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a graph"), 0o644)
	a, b, c := files[1], files[0], files[2]
	s := DefaultState()
	s.Graph = b
	var seen []string
	for range 3 {
		if ch := s.Apply(NextGraph); ch != Resample {
			t.Fatalf("NextGraph: change %v", ch)
		}
		seen = append(seen, filepath.Base(s.Graph))
	}
	if got := strings.Join(seen, " "); got != "c.json a.json b.json" {
		t.Errorf("NextGraph from b.json visits %q", got)
	}
	if s.Apply(PrevGraph); s.Graph != a {
		t.Errorf("PrevGraph from b.json: %s, want a.json", s.Graph)
	}
	if s.Apply(PrevGraph); s.Graph != c {
		t.Errorf("PrevGraph from a.json: %s, want c.json (wrapping)", s.Graph)
	}
	noiseBefore := s.Noise
	if ch := s.Apply(NextNoise); ch != Resample || s.Graph != "" || s.Noise != noiseBefore {
		t.Errorf("N with a graph: change %v, graph %q, noise %s; want Resample, the variant %s again", ch, s.Graph, s.Noise, noiseBefore)
	}

	// No graph shown: X looks in examples/graphs of the working directory
	// (this test's, cmd/viewer, has none).
	s = DefaultState()
	if ch := s.Apply(NextGraph); ch != 0 || s.Graph != "" || !strings.Contains(s.Message, "no graphs") {
		t.Errorf("X without graphs: change %v, graph %q, message %q", ch, s.Graph, s.Message)
	}
	// From the repository's root it finds the examples.
	wd, _ := os.Getwd()
	t.Chdir(filepath.Join(wd, "..", ".."))
	if ch := s.Apply(NextGraph); ch != Resample || s.Graph != filepath.Join("examples", "graphs", "clouds.json") {
		t.Errorf("X from the root: change %v, graph %q, message %q; want the first example", ch, s.Graph, s.Message)
	}
}

// TestGraphRefusesVariantKeys: with a graph shown, the keys of the
// variant, its settings, domain and time change nothing and say why; the
// view keys still work.
func TestGraphRefusesVariantKeys(t *testing.T) {
	s := DefaultState()
	s.Graph = "x.json"
	before := s
	for _, a := range []Action{Dims4, ToggleTiling, OctavesUp, FrequencyDown, SeedUp, WarpUp, NextFractal, RotateLeft, ToggleAnimate, ToggleFlow, ToggleSeamless} {
		if ch := s.Apply(a); ch != 0 || s.Message != graphKeyNote {
			t.Errorf("action %d with a graph: change %v, message %q", a, ch, s.Message)
		}
	}
	s.Message = ""
	if s != before {
		t.Errorf("refused keys changed the state: %+v", s)
	}
	if ch := s.Apply(NextShape); ch != Remesh || s.Shape == before.Shape {
		t.Errorf("S with a graph: change %v", ch)
	}
	if ch := s.Apply(DisplacementUp); ch != Redraw {
		t.Errorf("D with a graph: change %v", ch)
	}
	if s.Moving() || s.Advance(1) != 0 || s.SeamlessOn() {
		t.Error("a graph moves or is seamless")
	}
	if !strings.Contains(s.Title(), "graph x.json") || !strings.Contains(s.Title(), "X / Shift+X") {
		t.Errorf("title %q does not name the graph and its keys", s.Title())
	}
	if !strings.HasPrefix(s.ShotName(), "graph-x") {
		t.Errorf("screenshot name %q", s.ShotName())
	}
}

// TestGraphReload: the viewer's graph follows its file: loaded when
// shown, reloaded after a save (not before graphPoll has passed), and a
// save that does not load keeps the last good graph, with the error in the
// text until a good save.
func TestGraphReload(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.json")
	t0 := time.Now().Add(-time.Hour)
	writeAt(t, path, constGraph(t, 1), t0)
	s := DefaultState()
	s.Graph = path
	var v graphView
	now := time.Now()
	value := func() float32 { return v.sampler.ValueAt(mgl32.Vec3{0.25, 0, 0}) }
	if ch := v.sync(&s, now); ch != Resample || v.sampler == nil || value() != 1.25 {
		t.Fatalf("first sync: change %v, sampler %v", ch, v.sampler)
	}
	if !strings.Contains(s.GraphInfo, "g.json") || !strings.Contains(s.Title(), "g.json") {
		t.Errorf("info %q, title %q do not name the file", s.GraphInfo, s.Title())
	}
	if ch := v.sync(&s, now.Add(graphPoll)); ch != 0 {
		t.Errorf("unchanged file: change %v", ch)
	}

	// A save: seen at the next poll, not before.
	writeAt(t, path, constGraph(t, 2), t0.Add(time.Minute))
	now = now.Add(graphPoll)
	if ch := v.sync(&s, now.Add(graphPoll/2)); ch != 0 || value() != 1.25 {
		t.Errorf("before the poll: change %v, value %v", ch, value())
	}
	now = now.Add(graphPoll)
	if ch := v.sync(&s, now); ch != Resample || value() != 2.25 {
		t.Errorf("after a save: change %v, value %v; want Resample, 2.25", ch, value())
	}

	// A broken save: the error shows, the last good graph stays.
	data := constGraph(t, 3)
	writeAt(t, path, data[:len(data)/2], t0.Add(2*time.Minute))
	now = now.Add(graphPoll)
	if ch := v.sync(&s, now); ch != Redraw || value() != 2.25 {
		t.Errorf("broken save: change %v, value %v; want Redraw and the last good 2.25", ch, value())
	}
	if !strings.Contains(s.GraphError, "g.json") || !strings.Contains(s.GraphError, "last good") ||
		!strings.Contains(s.Title(), s.GraphError) {
		t.Errorf("error %q (title %q): want the file named, the last good graph said, in the text", s.GraphError, s.Title())
	}
	now = now.Add(graphPoll)
	if ch := v.sync(&s, now); ch != 0 {
		t.Errorf("broken file unchanged: change %v", ch)
	}
	writeAt(t, path, data, t0.Add(3*time.Minute))
	now = now.Add(graphPoll)
	if ch := v.sync(&s, now); ch != Resample || value() != 3.25 || s.GraphError != "" {
		t.Errorf("fixed: change %v, value %v, error %q", ch, value(), s.GraphError)
	}

	// Another file is loaded at once, without waiting for the poll.
	other := filepath.Join(dir, "h.json")
	writeAt(t, other, constGraph(t, 4), t0)
	s.Graph = other
	if ch := v.sync(&s, now); ch != Resample || value() != 4.25 {
		t.Errorf("another file: change %v, value %v", ch, value())
	}
}

// TestGraphFlag: -graph loads the file (one line naming it when it does
// not load); with -screenshot the variant's flags are refused.
func TestGraphFlag(t *testing.T) {
	path := filepath.Join("..", "..", "examples", "graphs", "marble.json")
	s, _, err := parseArgs([]string{"-graph", path, "-shape", "sphere"}, io.Discard)
	if err != nil || s.Graph != path {
		t.Fatalf("-graph: %v, graph %q", err, s.Graph)
	}
	if _, _, err := parseArgs([]string{"-graph", path, "-seed", "3"}, io.Discard); err != nil {
		t.Errorf("-graph -seed in the window (N shows the variant): %v", err)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"version": 2, "output": "a", "nodes": []}`), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-graph", bad}, "bad.json"},
		{[]string{"-graph", filepath.Join(t.TempDir(), "none.json")}, "none.json"},
		{[]string{"-graph", path, "-screenshot", "x.png", "-seed", "3"}, "-seed does nothing with -graph"},
		{[]string{"-graph", path, "-frames", "2", "-noise", "simplex"}, "-noise does nothing with -graph"},
		{[]string{"-graph", path, "-frames", "2", "-scale", "3"}, "-scale does nothing with -graph"},
	} {
		_, _, err := parseArgs(c.args, io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: %v, want one line with %q", c.args, err, c.want)
		}
	}
}

// TestGraphScreenshots: a graph is drawn on the plane and the sphere (not
// blank, and different from each other), and X draws another graph.
func TestGraphScreenshots(t *testing.T) {
	needDisplay(t)
	s := DefaultState()
	s.Graph = filepath.Join("..", "..", "examples", "graphs", "continents.json")
	plane := shot(t, s)
	s.Shape = viewerShapes[1]
	sphere := shot(t, s)
	if distinctColours(plane) < 50 || distinctColours(sphere) < 50 {
		t.Errorf("graph shots have %d and %d colours", distinctColours(plane), distinctColours(sphere))
	}
	if differing(plane, sphere) < 0.05 {
		t.Error("the plane and the sphere look the same")
	}
	next := scriptedShot(t, s, []Action{NextGraph})
	if differing(sphere, next) < 0.05 {
		t.Error("X draws the same picture")
	}
}
