package dispatch

import (
	"errors"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/go-gl/gl/v4.3-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/noiselab/noise"
	"github.com/noiselab/noise/compare"
	"github.com/noiselab/noise/cpu"
	"github.com/noiselab/noise/gpu/dispatch/egl"
)

// TestSampleBuffersChecks: counts that overflow, a caller-set Size, and
// deleted or zero buffers are errors, not a crash (n = 2^62+1 with stride
// 4 used to pass the check with two 16-byte buffers and crash the process).
func TestSampleBuffersChecks(t *testing.T) {
	_, _, gs := perlin3(t)
	a, _ := testCtx.NewBuffer(16)
	b, _ := testCtx.NewBuffer(16)
	defer testCtx.DeleteBuffer(a)
	defer testCtx.DeleteBuffer(b)
	oneLineError(t, "overflowing count", gs.SampleBuffers(a, 4, 1<<62+1, b, false), "do not fit", "has 16 bytes")
	oneLineError(t, "overflowing count, derivatives", gs.SampleBuffers(a, 3, 1<<61, b, true), "do not fit")
	lying := Buffer{ID: a.ID, Size: 1 << 40}
	oneLineError(t, "caller-set Size", gs.SampleBuffers(lying, 3, 1000, lying, false), "positions buffer has 16 bytes")
	oneLineError(t, "caller-set Size read", testCtx.ReadFloats(lying, make([]float32, 1000)), "1000 floats", "16 bytes")
	gone, _ := testCtx.NewBuffer(1 << 12)
	testCtx.DeleteBuffer(gone)
	oneLineError(t, "deleted buffer", gs.SampleBuffers(gone, 3, 4, b, false), "not a buffer", "deleted")
	oneLineError(t, "zero buffer", gs.SampleBuffers(Buffer{}, 3, 0, b, false), "not a buffer")
	oneLineError(t, "zero results", gs.SampleBuffers(a, 3, 1, Buffer{}, false), "results buffer", "not a buffer")
	oneLineError(t, "read deleted", testCtx.ReadFloats(gone, make([]float32, 1)), "not a buffer")
	if err := testCtx.DeleteBuffer(Buffer{}); err != nil {
		t.Errorf("deleting a zero Buffer: %v", err)
	}
	// A buffer made by the caller's own GL code, named without a Size.
	var id uint32
	pos := boxPositions(100)
	testCtx.Do(func() error {
		id = testBuffer(pos)
		return nil
	})
	res, _ := testCtx.NewBuffer(len(pos) * 4)
	defer testCtx.DeleteBuffer(res)
	if err := gs.SampleBuffers(Buffer{ID: BufferName(id)}, 3, len(pos), res, false); err != nil {
		t.Errorf("a buffer named by ID only: %v", err)
	}
	testCtx.DeleteBuffer(Buffer{ID: BufferName(id)})
}

// TestSamplerAfterClose: every method of a closed Sampler returns
// ErrClosed. A closed perm-value Sampler used to return nil and sample with
// whatever buffer had taken its table's name: another Sampler's table.
func TestSamplerAfterClose(t *testing.T) {
	cfg := func(seed int32, dims int) noise.Config {
		return noise.Config{Noise: noise.PermValue, Dims: dims, Settings: noise.Settings{Seed: seed, Frequency: 4, Octaves: 1, Lacunarity: 2, Persistence: 0.5}}
	}
	a, err := testCtx.NewSampler(cfg(1, 3), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := testCtx.NewSampler(cfg(2, 3), nil) // may reuse a's buffer name
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	pos := boxPositions(64)
	buf, _ := testCtx.BufferFromVec3(pos)
	defer testCtx.DeleteBuffer(buf)
	g := Grid{U: mgl32.Vec3{0.1, 0, 0}, V: mgl32.Vec3{0, 0, 0.1}, Size: [3]int{4, 4, 1}}
	for name, call := range map[string]func() error{
		"Values":        func() error { return a.Values(pos, make([]float32, len(pos))) },
		"Samples":       func() error { return a.Samples(pos, make([]noise.Sample, len(pos))) },
		"Values4":       func() error { return a.Values4(make([]mgl32.Vec4, 3), make([]float32, 3)) },
		"Samples4":      func() error { return a.Samples4(make([]mgl32.Vec4, 3), make([]noise.Sample, 3)) },
		"empty Values":  func() error { return a.Values(nil, nil) },
		"SampleBuffers": func() error { return a.SampleBuffers(buf, 3, 4, buf, false) },
		"BakeTexture2D": func() error { _, err := a.BakeTexture2D(g, false); return err },
		"BakeTexture3D": func() error { _, err := a.BakeTexture3D(g, true); return err },
		"SetDomain":     func() error { return a.SetDomain(nil) },
	} {
		if err := call(); !errors.Is(err, ErrClosed) {
			t.Errorf("%s after Close: %v, want ErrClosed", name, err)
		}
	}
	// Close is idempotent, and the Sampler stays closed.
	for i := range 2 {
		if err := a.Close(); err != nil {
			t.Errorf("Close %d after Close: %v, want nil", i+2, err)
		}
	}
	if err := a.Values(pos, make([]float32, len(pos))); !errors.Is(err, ErrClosed) {
		t.Errorf("Values after three Closes: %v, want ErrClosed", err)
	}
	// b has its own table.
	cs, _ := cpu.New(cfg(2, 3))
	want, got := make([]float32, len(pos)), make([]float32, len(pos))
	if err := cs.Values(pos, want); err != nil {
		t.Fatal(err)
	}
	if err := b.Values(pos, got); err != nil {
		t.Fatal(err)
	}
	requireExact(t, "the new Sampler", want, got)
}

// TestBakeLimits: a texture over MaxTextureBytes is refused before any GL
// call, and one the driver cannot allocate is an error (it used to be
// reported as success).
func TestBakeLimits(t *testing.T) {
	_, _, gs := perlin3(t)
	n := min(800, testCtx.Info().MaxTexture3D)
	_, err := gs.BakeTexture3D(Grid{Size: [3]int{n, n, n}}, true)
	oneLineError(t, "over MaxTextureBytes", err, "over 4 GiB", "slabs")
	// 1024³ R32F is exactly 4 GiB: llvmpipe cannot allocate it.
	if m := testCtx.Info().MaxTexture3D; m >= 1024 && strings.Contains(testCtx.Info().Renderer, "llvmpipe") {
		_, err := gs.BakeTexture3D(Grid{Size: [3]int{1024, 1024, 1024}}, false)
		oneLineError(t, "no memory", err, "no GPU memory", "4294967296 bytes")
	}
	oneLineError(t, "read a zero texture", testCtx.ReadTexture(Texture{Size: [3]int{1, 1, 1}}, make([]float32, 1)), "not a texture")
}

// TestNestedDo: Do, Close and Sampler methods called from inside Do return
// ErrNested (they used to deadlock, and Close then blocked forever); the
// context keeps working and closes normally.
func TestNestedDo(t *testing.T) {
	c, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := c.NewSampler(noise.Config{Noise: noise.Value, Dims: 2, Settings: noise.DefaultSettings()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	pos := boxPositions(8)
	var inner []error
	err = c.Do(func() error {
		inner = append(inner,
			c.Do(func() error { return nil }),
			s.Values(pos, make([]float32, len(pos))),
			s.Close(),
			c.Finish(),
			c.Close())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range inner {
		if !errors.Is(e, ErrNested) {
			t.Errorf("nested call %d: %v, want ErrNested", i, e)
		}
	}
	if err := s.Values(pos, make([]float32, len(pos))); err != nil {
		t.Errorf("after the nested calls: %v", err)
	}
	if err := c.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}

	// The caller's own current context (NewCurrent) likewise.
	done := make(chan struct{})
	go func() {
		defer close(done)
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		headless, err := egl.Open(false)
		if err != nil {
			t.Error(err)
			return
		}
		defer headless.Close()
		cc, err := NewCurrent(headless.ProcAddress, false)
		if err != nil {
			t.Error(err)
			return
		}
		var nested, closeErr error
		cc.Do(func() error {
			nested = cc.Do(func() error { return nil })
			closeErr = cc.Close()
			return nil
		})
		if !errors.Is(nested, ErrNested) || !errors.Is(closeErr, ErrNested) {
			t.Errorf("Current: nested Do %v, Close %v; want ErrNested", nested, closeErr)
		}
		if err := cc.Do(func() error { return nil }); err != nil {
			t.Errorf("Current after nesting: %v", err)
		}
		cc.Close()
	}()
	<-done
}

// TestHammer calls every exported method of a Context and its Samplers
// from several goroutines at once (make test runs it under -race), then
// closes one Sampler from two goroutines: both return nil (Close is
// idempotent) and the Sampler is closed. Config used to race with
// SetDomain, and Close with Close.
func TestHammer(t *testing.T) {
	c, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	cfg3 := noise.Config{Noise: noise.PermValue, Dims: 3, Settings: noise.Settings{Seed: 9, Frequency: 3, Octaves: 2, Lacunarity: 2, Persistence: 0.5}}
	cfg4 := cfg3
	cfg4.Dims = 4
	s3, err := c.NewSampler(cfg3, nil)
	if err != nil {
		t.Fatal(err)
	}
	s4, err := c.NewSampler(cfg4, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s4.Close()
	pos := boxPositions(500)
	pos4 := make([]mgl32.Vec4, len(pos))
	for i, p := range pos {
		pos4[i] = p.Vec4(p[0] - p[1])
	}
	cs, _ := cpu.New(cfg3)
	want := make([]noise.Sample, len(pos))
	if err := cs.Samples(pos, want); err != nil {
		t.Fatal(err)
	}
	dom := &noise.Domain{Translation: [3]float32{1, 2, 3}, Rotation: [3]float32{10, 20, 30}, Scale: [3]float32{1, 1, 1}}
	grid := Grid{U: mgl32.Vec3{0.05, 0, 0}, V: mgl32.Vec3{0, 0, 0.05}, Size: [3]int{16, 16, 1}}
	errs := make(chan error, 64)
	var wg sync.WaitGroup
	for g := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fail := func(err error) {
				if err != nil {
					errs <- err
				}
			}
			for i := range 15 {
				switch (g + i) % 7 {
				case 0:
					got := make([]noise.Sample, len(pos))
					fail(s3.Samples(pos, got))
				case 1:
					fail(s4.Values4(pos4, make([]float32, len(pos4))))
					fail(s4.Samples4(pos4, make([]noise.Sample, len(pos4))))
				case 2:
					in, err := c.BufferFromVec3(pos)
					fail(err)
					out, err := c.NewBuffer(len(pos) * SampleBytes)
					fail(err)
					fail(s3.SampleBuffers(in, 3, len(pos), out, true))
					fail(c.ReadFloats(out, make([]float32, 5*len(pos))))
					fail(c.DeleteBuffer(in))
					fail(c.DeleteBuffer(out))
				case 3:
					tex, err := s3.BakeTexture2D(grid, true)
					fail(err)
					fail(c.ReadTexture(tex, make([]float32, tex.Texels())))
					fail(c.DeleteTexture(tex))
				case 4:
					if i%2 == 0 {
						fail(s4.SetDomain(dom))
					} else {
						fail(s4.SetDomain(nil))
					}
				case 5:
					_ = s4.Config().Domain
					_ = c.Info()
				case 6:
					fail(c.Do(func() error { return nil }))
					fail(c.Finish())
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	// s3's domain never changed: its results are still the CPU's.
	got := make([]noise.Sample, len(pos))
	if err := s3.Samples(pos, got); err != nil {
		t.Fatal(err)
	}
	if r := compare.Samples(want, got, compare.PolicyFor(cfg3)); !r.Pass() {
		t.Errorf("after the hammering: %s", r.Worst(nil))
	}
	var closes [2]error
	var cw sync.WaitGroup
	for i := range closes {
		cw.Add(1)
		go func() { defer cw.Done(); closes[i] = s3.Close() }()
	}
	cw.Wait()
	if closes[0] != nil || closes[1] != nil {
		t.Errorf("two Closes: %v and %v; want nil and nil", closes[0], closes[1])
	}
	if err := s3.Samples(pos, got); !errors.Is(err, ErrClosed) {
		t.Errorf("Samples after two racing Closes: %v, want ErrClosed", err)
	}
}

// testBuffer makes a buffer holding pos with plain GL calls, as a caller's
// own code would; it runs on the GL thread.
func testBuffer(pos []mgl32.Vec3) uint32 {
	var id uint32
	gl.CreateBuffers(1, &id)
	gl.NamedBufferData(id, len(pos)*12, gl.Ptr(&pos[0][0]), gl.STATIC_DRAW)
	return id
}

// TestContextAfterClose: Close is idempotent on a Context as on a Sampler
// (a second and third Close return nil), and every other method that
// returns an error, the Samplers' included, returns ErrClosed.
func TestContextAfterClose(t *testing.T) {
	c, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	cfg := noise.Config{Noise: noise.PermValue, Dims: 3, Settings: noise.DefaultSettings()}
	s, err := c.NewSampler(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	buf, err := c.NewBuffer(64)
	if err != nil {
		t.Fatal(err)
	}
	tex, err := s.BakeTexture2D(Grid{Size: [3]int{2, 2, 1}}, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	for i := range 2 {
		if err := c.Close(); err != nil {
			t.Errorf("Close %d of the Context: %v, want nil", i+2, err)
		}
	}
	pos := boxPositions(4)
	for name, call := range map[string]func() error{
		"Do":             func() error { return c.Do(func() error { return nil }) },
		"Finish":         c.Finish,
		"NewSampler":     func() error { _, err := c.NewSampler(cfg, nil); return err },
		"NewBuffer":      func() error { _, err := c.NewBuffer(64); return err },
		"BufferFromVec3": func() error { _, err := c.BufferFromVec3(pos); return err },
		"WriteSamples":   func() error { return c.WriteSamples(buf, make([]noise.Sample, 1)) },
		"ReadFloats":     func() error { return c.ReadFloats(buf, make([]float32, 4)) },
		"DeleteBuffer":   func() error { return c.DeleteBuffer(buf) },
		"ReadTexture":    func() error { return c.ReadTexture(tex, make([]float32, tex.Texels())) },
		"DeleteTexture":  func() error { return c.DeleteTexture(tex) },
		"Values":         func() error { return s.Values(pos, make([]float32, len(pos))) },
		"SetDomain":      func() error { return s.SetDomain(nil) },
	} {
		if err := call(); !errors.Is(err, ErrClosed) {
			t.Errorf("%s after the Context's Close: %v, want ErrClosed", name, err)
		}
	}
	// The Sampler of a closed Context closes quietly, as often as asked.
	for i := range 2 {
		if err := s.Close(); err != nil {
			t.Errorf("Sampler Close %d after the Context's Close: %v, want nil", i+1, err)
		}
	}
}
