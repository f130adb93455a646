package egl_test

import (
	"flag"
	"fmt"
	"log"
	"os"
	"runtime"
	"testing"

	"github.com/noiselab/noise/gpu/dispatch/egl"
)

// TestMain runs the example only where EGL gives an OpenGL 4.3 context
// (and fails without one when NOISE_REQUIRE_GPU is set, as in CI).
func TestMain(m *testing.M) {
	runtime.LockOSThread()
	c, err := egl.Open(false)
	if err != nil {
		if os.Getenv("NOISE_REQUIRE_GPU") != "" {
			fmt.Fprintf(os.Stderr, "FAIL: NOISE_REQUIRE_GPU is set but no EGL context: %v\n", err)
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "egl: no OpenGL 4.3 context, the example is skipped: %v\n", err)
		flag.Parse()
		flag.Set("test.skip", "^Example")
	} else {
		c.Close()
	}
	runtime.UnlockOSThread()
	os.Exit(m.Run())
}

// Open a headless OpenGL 4.3 core context on the calling thread and load
// a GL function from it, as dispatch.NewCurrent and go-gl's
// gl.InitWithProcAddrFunc do.
func Example() {
	runtime.LockOSThread() // the context is current on this thread only
	defer runtime.UnlockOSThread()
	c, err := egl.Open(false)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	fmt.Println("glDispatchCompute loaded:", c.ProcAddress("glDispatchCompute") != nil)
	// Output: glDispatchCompute loaded: true
}
