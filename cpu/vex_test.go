package cpu

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/noiselab/noise/internal/vexcheck"
)

// TestAssemblyIsVEXClean fails on any legacy-SSE instruction on a vector
// register in the package's assembly (internal/vexcheck): on Intel each
// one costs a state transition inside the AVX code.
func TestAssemblyIsVEXClean(t *testing.T) {
	files, err := filepath.Glob("*.s")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no assembly files found")
	}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		probs, err := vexcheck.Check(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range probs {
			t.Errorf("%s:%s", name, p)
		}
	}
}
