package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeFiles writes name → JSON into a fresh directory.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const (
	glJSON = `{"machine": {"cpu": "Test CPU", "num_cpu": 2}, "duration": "100ms", "settings": {"seed": 0, "frequency": 4},
	  "backend": "gpu", "gpu": {"renderer": "llvmpipe (LLVM 15.0.6, 256 bits)", "version": "4.5 (Core Profile) Mesa 22.3.6"}, "gpu_points": 4096,
	  "gpu_rows": [
	    {"noise": "perlin", "dims": 2, "positions": 4096, "readback": {"mpts_per_s": 63.94}, "resident": {"mpts_per_s": 74.21}},
	    {"noise": "perlin", "dims": 3, "positions": 4096, "readback": {"mpts_per_s": 45.04}, "resident": {"mpts_per_s": 51.66}}]}`
	dawnJSON = `{"machine": {"cpu": "Test CPU", "num_cpu": 2}, "duration": "100ms", "settings": {"seed": 0,  "frequency": 4},
	  "backend": "webgpu", "gpu_points": 4096,
	  "webgpu": {"adapter": "llvmpipe, OpenGL ES 3.2 (Dawn opengles backend, compatibility)", "runtime": "Dawn in Node.js v20.20.2, npm webgpu 0.6.2"},
	  "webgpu_rows": [
	    {"noise": "perlin", "dims": 3, "positions": 4096, "resident": {"mpts_per_s": 9.04}, "readback": {"mpts_per_s": 7.26}, "readback_go": {"mpts_per_s": 6.55}},
	    {"noise": "simplex", "dims": 2, "positions": 4096, "resident": {"mpts_per_s": 9.51}, "readback": {"mpts_per_s": 9.44}, "readback_go": {"mpts_per_s": 8.66}}]}`
	chromiumJSON = `{"duration": "1s", "gpu_points": 4096,
	  "webgpu": {"adapter": "SwiftShader", "runtime": "Chromium 131"},
	  "webgpu_rows": [{"noise": "perlin", "dims": 2, "positions": 4096, "resident": {"mpts_per_s": 12.25}, "readback": {"mpts_per_s": 11.75}}]}`
)

// table returns the section's table lines, split into cells (without the
// outer bars), the header first, the separator dropped.
func table(t *testing.T, section string) [][]string {
	t.Helper()
	var rows [][]string
	for _, l := range strings.Split(section, "\n") {
		if !strings.HasPrefix(l, "|") || strings.HasPrefix(l, "|---") {
			continue
		}
		cells := strings.Split(strings.Trim(l, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows = append(rows, cells)
	}
	return rows
}

func TestWebGPUSection(t *testing.T) {
	for _, c := range []struct {
		name  string
		files map[string]string
		want  [][]string
	}{
		{"GL and Dawn", map[string]string{"bench-gl.json": glJSON, "bench-webgpu.json": dawnJSON}, [][]string{
			{"noise", "dims", "GL readback", "GL resident", "Dawn resident", "Dawn readback", "Dawn readback→Go"},
			{"`perlin`", "2D", "63.9", "74.2", "", "", ""},
			{"`perlin`", "3D", "45.0", "51.7", "9.0", "7.3", "6.5"}, // 6.55 is 6.549999… in float64
			{"`simplex`", "2D", "", "", "9.5", "9.4", "8.7"},
		}},
		{"GL only", map[string]string{"bench-gl.json": glJSON}, [][]string{
			{"noise", "dims", "GL readback", "GL resident"},
			{"`perlin`", "2D", "63.9", "74.2"},
			{"`perlin`", "3D", "45.0", "51.7"},
		}},
		{"Dawn only", map[string]string{"bench-webgpu.json": dawnJSON}, [][]string{
			{"noise", "dims", "Dawn resident", "Dawn readback", "Dawn readback→Go"},
			{"`perlin`", "3D", "9.0", "7.3", "6.5"},
			{"`simplex`", "2D", "9.5", "9.4", "8.7"},
		}},
		{"all three", map[string]string{"bench-gl.json": glJSON, "bench-webgpu.json": dawnJSON, "chromium.json": chromiumJSON,
			"loadavg.txt": "0.35 0.90 1.22 1/234 5678\n4.61 2.88 1.95 2/240 5700\n"}, [][]string{
			{"noise", "dims", "GL readback", "GL resident", "Dawn resident", "Dawn readback", "Dawn readback→Go", "Chromium resident", "Chromium readback"},
			{"`perlin`", "2D", "63.9", "74.2", "", "", "", "12.2", "11.8"},
			{"`perlin`", "3D", "45.0", "51.7", "9.0", "7.3", "6.5", "", ""},
			{"`simplex`", "2D", "", "", "9.5", "9.4", "8.7", "", ""},
		}},
	} {
		var out bytes.Buffer
		if err := writeWebGPU(&out, writeFiles(t, c.files), "2026-11-26", "abc1234"); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := table(t, out.String())
		if len(got) != len(c.want) {
			t.Fatalf("%s: %d table rows, want %d:\n%s", c.name, len(got), len(c.want), out.String())
		}
		for i := range got {
			if strings.Join(got[i], "|") != strings.Join(c.want[i], "|") {
				t.Errorf("%s: row %d %q, want %q", c.name, i, got[i], c.want[i])
			}
		}
		s := out.String()
		for file, keys := range map[string][]string{
			"bench-gl.json":     {"llvmpipe (LLVM 15.0.6, 256 bits)", "4.5 (Core Profile) Mesa 22.3.6"},
			"bench-webgpu.json": {"(Dawn opengles backend, compatibility)", "npm webgpu 0.6.2"},
			"chromium.json":     {"SwiftShader", "Chromium 131", "1s per figure"},
			"loadavg.txt":       {"Load average (1, 5, 15 min) 0.35 0.90 1.22, then 4.61 2.88 1.95"},
		} {
			for _, k := range keys {
				if _, ok := c.files[file]; ok != strings.Contains(s, k) {
					t.Errorf("%s: %s given %v, but %q in the section %v:\n%s", c.name, file, ok, k, !ok, s)
				}
			}
		}
		if !strings.Contains(s, "Test CPU, 2 vCPUs") || !strings.Contains(s, "commit abc1234") || !strings.Contains(s, `settings `+"`"+`{"seed":0,"frequency":4}`) {
			t.Errorf("%s: the header lacks the machine, the commit or the settings:\n%s", c.name, s)
		}
	}
}

func TestWebGPUSectionErrors(t *testing.T) {
	other := strings.Replace(dawnJSON, `"frequency": 4`, `"frequency": 2`, 1)
	for _, c := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"no file", map[string]string{"loadavg.txt": "0.35 0.90 1.22 1/234 5678\n"}, "no bench-gl.json, bench-webgpu.json or chromium.json"},
		{"CPU file as Dawn's", map[string]string{"bench-webgpu.json": `{"rows": []}`}, "bench-webgpu.json has no WebGPU rows"},
		{"WebGPU file as GL's", map[string]string{"bench-gl.json": dawnJSON, "bench-webgpu.json": dawnJSON}, "bench-gl.json has no GL rows"},
		{"settings differ", map[string]string{"bench-gl.json": glJSON, "bench-webgpu.json": other}, "different settings"},
		{"malformed", map[string]string{"chromium.json": `{"webgpu_rows": [}`}, "chromium.json: "},
		{"no Chromium rows", map[string]string{"chromium.json": `{}`}, "chromium.json has no webgpu_rows"},
	} {
		err := writeWebGPU(&bytes.Buffer{}, writeFiles(t, c.files), "2026-11-26", "abc1234")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}
