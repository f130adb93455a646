package dispatch

import (
	"flag"
	"fmt"
	"os"
	"testing"
)

// testCtx is the headless context every test shares; its own goroutine
// owns the GL thread, so tests may run on any goroutine.
var testCtx *Context

// noGL is why there is no test context, if there is none.
var noGL error

// TestMain opens the default (EGL) context once. Without OpenGL 4.3 only
// TestOpenGLAvailable runs, and it skips with the reason (every other test
// and the examples need the GPU), unless NOISE_REQUIRE_GPU is set (CI sets
// it), when the package fails.
func TestMain(m *testing.M) {
	c, err := New(Options{})
	if err != nil {
		if os.Getenv("NOISE_REQUIRE_GPU") != "" {
			fmt.Fprintf(os.Stderr, "FAIL: NOISE_REQUIRE_GPU is set but no GL context: %v\n", err)
			os.Exit(1)
		}
		noGL = err
		flag.Parse()
		flag.Set("test.run", "^TestOpenGLAvailable$")
		os.Exit(m.Run())
	}
	testCtx = c
	code := m.Run()
	c.Close()
	os.Exit(code)
}

// TestOpenGLAvailable reports the context the tests run on, or skips with
// the reason there is none.
func TestOpenGLAvailable(t *testing.T) {
	if noGL != nil {
		t.Skipf("gpu/dispatch tests need an OpenGL 4.3 context: %v (set NOISE_REQUIRE_GPU=1 to fail instead)", noGL)
	}
	t.Logf("%s (%s)", testCtx.Info(), testCtx.Info().Platform)
}
