package cpu

import (
	"runtime"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/noiselab/noise"
)

func heapAfterGC() uint64 {
	var m runtime.MemStats
	for range 3 {
		runtime.GC()
	}
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestBatchMemoryReleased: once a batch call returns, the worker pool holds
// no reference to its positions or results (a worker used to keep the last
// batch, and with it the caller's slices, reachable: 305 MB after a 20 M
// point call).
func TestBatchMemoryReleased(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4)) // the pool works from 2 procs on
	s, err := New(noise.Config{Noise: noise.Value, Dims: 3, Settings: noise.DefaultSettings()})
	if err != nil {
		t.Fatal(err)
	}
	const n = 2 << 20                                             // 24 MiB of positions and 8 MiB of results
	s.Values(make([]mgl32.Vec3, 64<<10), make([]float32, 64<<10)) // start the workers
	base := heapAfterGC()
	func() {
		pos := make([]mgl32.Vec3, n)
		out := make([]float32, n)
		mustBatch(t, s.Values(pos, out))
		samples := make([]noise.Sample, n/4)
		mustBatch(t, s.Samples(pos[:n/4], samples))
	}()
	if after := heapAfterGC(); after > base+4<<20 {
		t.Errorf("heap %d MiB after the batch returned, %d MiB before: the pool keeps the caller's slices", after>>20, base>>20)
	}
}

// mustBatch fails the test on a batch call's error.
func mustBatch(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
