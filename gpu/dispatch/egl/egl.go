//go:build cgo && (linux || freebsd || netbsd || openbsd || dragonfly)

// Package egl makes headless OpenGL 4.3 core contexts with EGL, without a
// surface and without a window system: Mesa's surfaceless platform first,
// then an EGL device (NVIDIA's headless path), then the default display.
// Package gpu/dispatch uses it for its default Context; programs that drive
// OpenGL themselves can use it directly (with dispatch.NewCurrent, say).
//
// It links libEGL only: no X11, no GLFW. EGL is there on Linux and the
// BSDs (Mesa; NVIDIA's driver on Linux); on other systems (Windows, macOS)
// the package builds without C and Open returns an error that names the
// alternatives: a GLFW context (package gpu/dispatch/glfwctx), or WebGPU.
package egl

/*
#cgo LDFLAGS: -lEGL
#include <stdlib.h>
#include <string.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>

#ifndef EGL_PLATFORM_SURFACELESS_MESA
#define EGL_PLATFORM_SURFACELESS_MESA 0x31DD
#endif
#ifndef EGL_PLATFORM_DEVICE_EXT
#define EGL_PLATFORM_DEVICE_EXT 0x313F
#endif

typedef EGLDisplay (*getPlatformDisplayFn)(EGLenum, void *, const EGLint *);
typedef EGLBoolean (*queryDevicesFn)(EGLint, void **, EGLint *);

#define NOISE_MAX_DISPLAYS 10

// noiseEGLDisplays lists the displays that need no window system, in the
// order to try them: the Mesa surfaceless platform, every EGL device
// (NVIDIA's headless path), then the default display. names[i] names
// out[i]'s platform. Nothing is initialised yet.
static int noiseEGLDisplays(EGLDisplay *out, const char **names) {
	int n = 0;
	const char *ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
	getPlatformDisplayFn gpd = (getPlatformDisplayFn)eglGetProcAddress("eglGetPlatformDisplayEXT");
	if (gpd != NULL && ext != NULL) {
		if (strstr(ext, "EGL_MESA_platform_surfaceless") != NULL) {
			EGLDisplay d = gpd(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
			if (d != EGL_NO_DISPLAY) { out[n] = d; names[n++] = "surfaceless"; }
		}
		queryDevicesFn qd = (queryDevicesFn)eglGetProcAddress("eglQueryDevicesEXT");
		if (qd != NULL && strstr(ext, "EGL_EXT_platform_device") != NULL) {
			void *devs[NOISE_MAX_DISPLAYS - 2];
			EGLint k = 0;
			if (qd(NOISE_MAX_DISPLAYS - 2, devs, &k)) {
				for (EGLint i = 0; i < k; i++) {
					EGLDisplay d = gpd(EGL_PLATFORM_DEVICE_EXT, devs[i], NULL);
					if (d != EGL_NO_DISPLAY) { out[n] = d; names[n++] = "device"; }
				}
			}
		}
	}
	EGLDisplay d = eglGetDisplay(EGL_DEFAULT_DISPLAY);
	if (d != EGL_NO_DISPLAY) { out[n] = d; names[n++] = "default"; }
	return n;
}

#ifndef EGL_CONTEXT_FLAGS_KHR
#define EGL_CONTEXT_FLAGS_KHR 0x30FC
#endif
#ifndef EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR
#define EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR 0x00000001
#endif

// noiseEGLContext initialises d and makes a 4.3 core context current on it
// without a surface. It returns 0 on success or the step that failed
// (1..5) with *err the EGL error. The debug flag is only passed when asked
// for, as EGL_CONTEXT_FLAGS_KHR, which EGL 1.4 displays with
// EGL_KHR_create_context accept too (EGL 1.5's EGL_CONTEXT_OPENGL_DEBUG
// is an error on them).
static int noiseEGLContext(EGLDisplay d, int debug, EGLContext *out, EGLint *err) {
	EGLint major, minor;
	if (!eglInitialize(d, &major, &minor)) { *err = eglGetError(); return 1; }
	if (!eglBindAPI(EGL_OPENGL_API)) { *err = eglGetError(); return 2; }
	EGLint cfgAttr[] = { EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_SURFACE_TYPE, 0, EGL_NONE };
	EGLConfig cfg = NULL;
	EGLint n = 0;
	if (!eglChooseConfig(d, cfgAttr, &cfg, 1, &n) || n == 0) {
		// Some drivers list no config without a surface type; any OpenGL one will do.
		EGLint anyAttr[] = { EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE };
		if (!eglChooseConfig(d, anyAttr, &cfg, 1, &n) || n == 0) { *err = eglGetError(); return 3; }
	}
	EGLint ctxAttr[] = {
		EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 3,
		EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
		EGL_NONE, EGL_NONE, EGL_NONE };
	if (debug) {
		ctxAttr[6] = EGL_CONTEXT_FLAGS_KHR;
		ctxAttr[7] = EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR;
	}
	EGLContext c = eglCreateContext(d, cfg, EGL_NO_CONTEXT, ctxAttr);
	if (c == EGL_NO_CONTEXT) { *err = eglGetError(); return 4; }
	if (!eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, c)) {
		*err = eglGetError();
		eglDestroyContext(d, c);
		return 5;
	}
	*out = c;
	return 0;
}

// noiseEGLRelease unbinds and destroys c and releases this thread's EGL
// state; the display stays initialised (see eglDisplays).
static void noiseEGLRelease(EGLDisplay d, EGLContext c) {
	eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	eglDestroyContext(d, c);
	eglReleaseThread();
}

static void *noiseEGLProc(const char *name) { return (void *)eglGetProcAddress(name); }
*/
import "C"

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"unsafe"
)

// Context is a headless OpenGL 4.3 core context, current on the OS thread
// that opened it.
type Context struct {
	display  C.EGLDisplay
	context  C.EGLContext
	platform string
}

var steps = [...]string{1: "eglInitialize", 2: "eglBindAPI(OpenGL)", 3: "eglChooseConfig(OpenGL)",
	4: "eglCreateContext(4.3 core)", 5: "eglMakeCurrent(surfaceless)"}

// displays counts the contexts on each display. eglInitialize on an
// initialised display does nothing and one eglTerminate ends it for every
// context on it, so the display is terminated only when its last context
// of this package is gone; the lock also keeps initialisation and
// termination from interleaving across threads.
var displays = struct {
	sync.Mutex
	users map[C.EGLDisplay]int
}{users: map[C.EGLDisplay]int{}}

// Open makes a context current on the calling thread, which must be locked
// to its goroutine (runtime.LockOSThread) and stay so while it is used: on
// the first display that gives one, trying them in the order of the
// package comment. debug asks for a GL_KHR_debug context. The error names
// every display tried and why it failed.
func Open(debug bool) (*Context, error) {
	displays.Lock()
	defer displays.Unlock()
	if _, set := os.LookupEnv("EGL_LOG_LEVEL"); !set {
		// Mesa's libEGL prints warnings of its own; the error below says
		// what failed, in one line. EGL_LOG_LEVEL=debug shows them again.
		os.Setenv("EGL_LOG_LEVEL", "fatal")
	}
	var found [C.NOISE_MAX_DISPLAYS]C.EGLDisplay
	var names [C.NOISE_MAX_DISPLAYS]*C.char
	n := int(C.noiseEGLDisplays(&found[0], &names[0]))
	if n == 0 {
		return nil, fmt.Errorf("EGL: no display: %s", help)
	}
	dbg := C.int(0)
	if debug {
		dbg = 1
	}
	var tried []string
	for i, d := range found[:n] {
		var c C.EGLContext
		var code C.EGLint
		step := C.noiseEGLContext(d, dbg, &c, &code)
		if step == 0 {
			displays.users[d]++
			return &Context{display: d, context: c, platform: C.GoString(names[i])}, nil
		}
		tried = append(tried, fmt.Sprintf("%s platform: %s failed (error 0x%04X)", C.GoString(names[i]), steps[step], int(code)))
		if displays.users[d] == 0 {
			C.eglTerminate(d)
		}
	}
	return nil, fmt.Errorf("EGL: no OpenGL 4.3 core context: %s: %s", strings.Join(tried, "; "), help)
}

const help = "an OpenGL 4.3 driver with EGL is needed (on Debian: apt-get install libegl1 libgl1-mesa-dri for Mesa llvmpipe)"

// ProcAddress loads an OpenGL function (eglGetProcAddress), for
// gl.InitWithProcAddrFunc or dispatch.NewCurrent.
func (c *Context) ProcAddress(name string) unsafe.Pointer {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	return C.noiseEGLProc(cs)
}

// Platform names the EGL platform the context is on: "surfaceless",
// "device" or "default".
func (c *Context) Platform() string { return c.platform }

// Close releases the context on the thread that opened it and, with the
// last context on its display, terminates the display.
func (c *Context) Close() {
	C.noiseEGLRelease(c.display, c.context)
	displays.Lock()
	defer displays.Unlock()
	if displays.users[c.display]--; displays.users[c.display] <= 0 {
		delete(displays.users, c.display)
		C.eglTerminate(c.display)
	}
}
