package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestShadersStrict: Khronos' reference compiler accepts and links every
// program of the viewer (GLSL 4.30 vertex and fragment shaders). It skips
// without glslangValidator unless NOISE_REQUIRE_GPU is set (CI installs
// it with make deps).
func TestShadersStrict(t *testing.T) {
	tool, err := exec.LookPath("glslangValidator")
	if err != nil {
		if os.Getenv("NOISE_REQUIRE_GPU") != "" {
			t.Fatal("glslangValidator is missing and NOISE_REQUIRE_GPU is set (make deps installs glslang-tools)")
		}
		t.Skip("glslangValidator is missing (apt-get install glslang-tools)")
	}
	dir := t.TempDir()
	for i, p := range programs {
		vert, frag := programSources(i)
		vp, fp := filepath.Join(dir, p.name+".vert"), filepath.Join(dir, p.name+".frag")
		os.WriteFile(vp, []byte(vert), 0o644)
		os.WriteFile(fp, []byte(frag), 0o644)
		if out, err := exec.Command(tool, "-l", vp, fp).CombinedOutput(); err != nil {
			t.Errorf("%s program: %v\n%s", p.name, err, out)
		}
	}
}
