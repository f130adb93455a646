package dispatch

import (
	"errors"
	"testing"
	"unsafe"
)

// recordingPlatform is New's EGL platform under a name of its own,
// recording its calls, or failing Open with fail.
type recordingPlatform struct {
	egl            eglPlatform
	fail           error
	opened, closed int
}

func (p *recordingPlatform) Open(debug bool) (func(string) unsafe.Pointer, string, error) {
	p.opened++
	if p.fail != nil {
		return nil, "", p.fail
	}
	proc, _, err := p.egl.Open(debug)
	return proc, "recording", err
}

func (p *recordingPlatform) Close() {
	p.closed++
	p.egl.Close()
}

// TestNewWith: a Platform's context carries its name, samples, and is
// closed once when the Context is; a Platform that cannot open returns its
// error and leaves nothing behind (the driver count included, which would
// otherwise keep a later context from asking for another driver).
func TestNewWith(t *testing.T) {
	p := &recordingPlatform{}
	c, err := NewWith(p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Info().Platform != "recording" {
		t.Errorf("Info().Platform = %q, want the platform's name", c.Info().Platform)
	}
	_, _, gs := perlin3(t)
	s, err := c.NewSampler(gs.Config(), nil)
	if err != nil {
		t.Fatal(err)
	}
	pos := boxPositions(64)
	want, got := make([]float32, len(pos)), make([]float32, len(pos))
	if err := gs.Values(pos, want); err != nil {
		t.Fatal(err)
	}
	if err := s.Values(pos, got); err != nil {
		t.Fatal(err)
	}
	requireExact(t, "NewWith sampler", want, got)
	c.Close()
	c.Close()
	if p.opened != 1 || p.closed != 1 {
		t.Errorf("Open called %d times, Close %d; want 1 and 1", p.opened, p.closed)
	}

	boom := errors.New("no such device")
	bad := &recordingPlatform{fail: boom}
	if _, err := NewWith(bad, Options{}); !errors.Is(err, boom) {
		t.Errorf("failing platform: %v, want its error", err)
	}
	if bad.closed != 0 {
		t.Errorf("a platform that did not open was closed %d times", bad.closed)
	}
	driverState.Lock()
	users := driverState.users
	driverState.Unlock()
	if users != 1 { // testCtx only
		t.Errorf("%d contexts counted on the driver after the failure, want 1 (the test context)", users)
	}
}
