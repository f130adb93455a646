package cpu

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
)

func TestZZSimdMatchesScalar(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pos := make([]mgl32.Vec3, 10000)
	for i := range pos {
		pos[i] = mgl32.Vec3{r.Float32()*20 - 10, r.Float32()*20 - 10, r.Float32()*20 - 10}
	}
	for _, n := range Noises() {
		for d := 1; d <= 3; d++ {
			set := Settings{Seed: -7, Frequency: 3, Octaves: 3, Lacunarity: 2, Persistence: 0.6}
			s, _ := New(Config{Noise: n, Dims: d, Settings: set})
			t.Logf("%v %d k8=%d", n, d, s.k8)
			out := make([]float32, len(pos))
			s.valuesRange(pos, out)
			for i, p := range pos {
				if w := s.ValueAt(p); math.Float32bits(w) != math.Float32bits(out[i]) && w != out[i] {
					t.Fatalf("%v %dD %v: simd %v scalar %v", n, d, p, out[i], w)
				}
			}
		}
	}
}

func BenchmarkZZBatch(b *testing.B) {
	runtime.GOMAXPROCS(1)
	pos3 := make([]mgl32.Vec3, 0, 64*64*64)
	for z := 0; z < 64; z++ {
		for y := 0; y < 64; y++ {
			for x := 0; x < 64; x++ {
				pos3 = append(pos3, mgl32.Vec3{(float32(x) + 0.5) / 64, (float32(y) + 0.5) / 64, (float32(z) + 0.5) / 64})
			}
		}
	}
	out := make([]float32, len(pos3))
	for _, c := range []struct {
		n Noise
		d int
	}{{Perlin, 3}, {Perlin, 2}, {Value, 3}, {Simplex, 3}, {Simplex, 2}, {VoronoiWorleyF1, 3}} {
		s, _ := New(Config{Noise: c.n, Dims: c.d, Settings: DefaultSettings()})
		b.Run(c.n.String()+string(rune('0'+c.d)), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				s.valuesRange(pos3, out)
			}
			b.ReportMetric(float64(b.N*len(pos3))/b.Elapsed().Seconds()/1e6, "Mpts/s")
		})
	}
}
